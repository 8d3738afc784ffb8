"""``mjrules compare``: one hand, or a corpus of JSON lines, under several rulesets."""

from __future__ import annotations

import argparse
import io

import csv
import json
import sys
from collections import Counter
from functools import partial
from typing import IO, TYPE_CHECKING, Any, BinaryIO, Iterator, Literal, Sequence

from mjrules.cli.commands import help_of
from mjrules.cli.files import Files
from mjrules.cli.common import (
    EXIT_NO_WIN,
    EXIT_WIN,
    More,
    add_hand,
    add_jobs,
    add_scheduler,
    add_situation,
    file_arg,
    hand_and_win,
    named_file,
    numbered,
    parallel_lines,
    plural,
    read_lines,
)
from mjrules.errors import MjrulesError, NotationError
from mjrules.model.hand import Hand
from mjrules.model.win import Win
from mjrules.notation.lines import line_rule, read_line
from mjrules.rules.ruleset import Ruleset
from mjrules.scoring.result import Result
from mjrules.scoring.scorer import Scorer
from mjrules.tools.batch import read_json
from mjrules.tools.compare import Comparer, CorpusRow, CorpusSummary, NativeLine, compare_item
from mjrules.tools.parallel import chunks, worker_count
from mjrules.tools.plot import DifferenceCollector, check_plot_path, plot_differences, require_matplotlib
from mjrules.tools.query import (
    brief,
    compare_data,
    plain_five_notes,
    red_five_notes,
    reds_read_plain,
    ruleset_names,
    unread_tags,
    unscored_notes,
)

if TYPE_CHECKING:
    from mjrules.tools.compare import HandComparison
    from mjrules.cli.common import Subparsers


def add_command(sub: Subparsers) -> None:
    p = sub.add_parser("compare", help=help_of("compare"), description=(
        "Compare one HAND (with the situation options of 'score') or every line of --input across rulesets. "
        "The first ruleset is the reference; each difference is explained by the flags (or yaku) that cause it. "
        "Under a ruleset whose set has no red fives, a red five is read as a plain five, with a note. "
        "With --input, each line that cannot be read is named on stderr and the exit status is 1."
    ))
    add_hand(p, "*",
                   help="the hand, as for 'score'; the melds of an open hand may follow as separate words")
    add_situation(p)
    p.add_argument("--rulesets", action=More, metavar="A,B,…",
                   help="rulesets to compare, the first is the reference (default: all presets; repeatable)")
    p.add_argument("--input", type=file_arg, metavar="FILE|-", help="JSON lines: mjrules JSON hands or majiang 'in' objects, as batch reads them "
                   "(a \"rule\" object beside \"in\" is refused)")
    p.add_argument("--output", type=named_file, metavar="FILE",
                   help="with --input: per-hand details, CSV if FILE ends in .csv, else JSON lines")
    p.add_argument("--plot", type=file_arg, metavar="FILE.svg|png", help="with --input: draw, per ruleset against the reference, "
                   "the point differences and the causes of the hands that differ, counted as the text "
                   "counts them (needs mjrules[plot])")
    p.add_argument("--progress", action="store_true", default=None, help="progress bar on stderr (default: if a terminal)")
    p.add_argument("--no-progress", action="store_false", dest="progress")
    p.add_argument("--json", action="store_true", help="print the comparison or summary as JSON")
    add_jobs(p)
    add_scheduler(p)
    p.set_defaults(func=cmd_compare, files=Files(outputs=("--output", "--plot"), inputs=("--input",),
                                                 rulesets=("--rulesets",)))


def cmd_compare(args: argparse.Namespace) -> int:
    names = ruleset_names(args.rulesets)
    if args.input:
        if args.hand:
            raise NotationError("give a HAND or --input, not both")
        if args.plot:
            check_plot_path(args.plot)
            require_matplotlib()
        return _corpus(args, Comparer(names))
    if args.plot:
        raise NotationError("--plot draws a corpus: give --input FILE")
    if args.output:
        raise NotationError("--output writes a corpus's per-hand details: give --input FILE "
                            "(for one hand, --json prints the comparison)")
    if not args.hand:
        raise NotationError("give a HAND to compare, or --input FILE")
    hand, win = hand_and_win(args)
    comparer = Comparer(names)
    if args.json:
        print(json.dumps(compare_data(comparer, hand, win), ensure_ascii=False))
        return 0
    win, tag_notes = unread_tags(comparer.names, comparer.scorers, win)
    comp = comparer.compare(hand, win)
    notes = red_five_notes(comparer, hand) + unscored_notes(comparer.names, comparer.scorers, win) + tag_notes
    print(render(comp))
    for note in notes:
        print(f"Note: {note}.")
    return 0


def _cell(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, list):
        return "/".join(f"{v:+d}" for v in value)
    return str(value)


def render(comp: HandComparison) -> str:
    """A text table: one column per ruleset, differing rows marked ``*``, then the causes."""
    cols = [list(comp.rulesets)]
    for _, values, _ in comp.rows:
        cols.append([_cell(v) for v in values])
    short = [c for (name, _, _), c in zip(comp.rows, cols[1:]) if name != "yaku"]
    widths = [max(len(r), *(len(c[i]) for c in short)) for i, r in enumerate(comp.rulesets)]
    head = " " * 11 + "  ".join(n.ljust(w) for n, w in zip(comp.rulesets, widths))
    lines = [head]
    for (name, _, differs), cells in zip(comp.rows, cols[1:]):
        mark = "*" if differs else " "
        if name == "yaku":  # long: one ruleset per line
            lines.append(f"{mark} yaku")
            for rs, cell in zip(comp.rulesets, cells):
                lines.append(f"    {rs:<14} {cell}")
            continue
        lines.append(f"{mark} {name:<8} " + "  ".join(c.ljust(w) for c, w in zip(cells, widths)))
    for rs, causes in zip(comp.rulesets[1:], comp.causes[1:]):
        if causes:
            lines.append(f"{rs} differs from {comp.rulesets[0]} by: {', '.join(causes)}")
    return "\n".join(lines)


RULE_REFUSED = ("\"rule\" beside \"in\" is not read by compare, which scores each line under every ruleset "
                "of --rulesets: to compare under a rule object, save it in a file and add it to them "
                "(--rulesets rule.json,tenhou); to compare the hand alone, leave \"rule\" out")
"""A line's rule object would change the rulesets compared for that line alone: it is refused, not
applied to some of them or passed over (``docs/formats/json-hands.md`` says why)."""


def _item(n: int, line: str | MjrulesError, players: int = 4) -> tuple[Hand, Win] | str:
    """Input line ``n`` as a hand and win at a table of ``players``, or its error text."""
    if isinstance(line, MjrulesError):
        return f"line {n}: {line}"
    try:
        obj = read_json(line)
        if line_rule(obj) != {}:  # an empty object changes nothing, as in batch
            raise NotationError(RULE_REFUSED)
        hand, win, _ = read_line(obj, players)  # a wind param leaves out is read as batch reads it, without its note
        return hand, win
    except MjrulesError as e:
        return f"line {n}: {e}"


class _CorpusWorker:
    """Compares lines into CorpusRows, in the main process or in each worker process; a row's
    ``detail`` is (the rulesets that read the hand's red fives as plain fives, the line's details:
    a JSON text, CSV cells, or None)."""

    def __init__(self, comparer: Comparer, details: str | None) -> None:
        self.comparer = comparer
        self.details = details
        """None, "json" or "csv"."""
        self._plain: dict[int, tuple[list[Scorer], tuple[str, ...]]] = {}
        """The scorers, and their rulesets' names, of each set of bits a kernel's line gives for
        red fives read as plain fives."""

    def row(self, n: int, line: str | MjrulesError) -> CorpusRow:
        comparer = self.comparer
        item = _item(n, line, comparer.players)
        plain: list[str] = []
        notes: list[str] = []
        if not isinstance(item, str) and item[0].red_fives:
            for scorer in comparer.scorers:
                these = plain_five_notes(scorer, item[0])
                if these:
                    plain.append(scorer.ruleset.name)
                    notes += these
        comp, error = compare_item(comparer, item)
        if comp is None and not isinstance(item, str):  # an error of comparing, not of reading: its line too
            error = f"line {n}: {error}"
        if error is not None:
            error = brief(error)  # a value of a megabyte makes no line of a megabyte
        detail: Any = None
        if self.details == "csv":
            if comp is None:
                detail = [n, error]
            else:
                cells: list[Any] = []
                for r in comp.results:
                    cells += [r.points if isinstance(r, Result) else 0, getattr(r, "han", None), getattr(r, "fu", None),
                              getattr(r, "limit", None)]
                detail = [n, "", *cells, *[";".join(c) for c in comp.causes[1:]]]
        elif self.details == "json":
            data: dict[str, Any] = {"line": n, "error": error} if comp is None else {"line": n, **comp.to_dict()}
            if notes:
                data["notes"] = notes
            detail = json.dumps(data, ensure_ascii=False)
        if comp is None:
            return CorpusRow(n, error, detail=(tuple(plain), detail))
        return CorpusRow.of(n, comp, (tuple(plain), detail))

    def rows(self, lines: Sequence[tuple[int, str | MjrulesError]], threads: int = 1) -> list[CorpusRow]:
        """``row`` of each line: the kernel compares the lines it can at once, in ``threads`` threads."""
        if not self.comparer.native:
            return [self.row(n, line) for n, line in lines]
        read = [(k, line) for k, (_, line) in enumerate(lines) if isinstance(line, str)]
        got: list[NativeLine | None] = [None] * len(lines)
        answers = self.comparer.native_lines([line for _, line in read], self.details, threads)
        for (k, _), answer in zip(read, answers):
            got[k] = answer
        return [self.row(n, line) if answer is None else self._native_row(n, answer)
                for (n, line), answer in zip(lines, got)]

    def _native_row(self, n: int, answer: NativeLine) -> CorpusRow:
        """``row`` of a line the kernel compared (the same row, the same details)."""
        points, causes, plain_bits, reds, made = answer
        plain: tuple[str, ...] = ()
        notes: list[str] = []
        if plain_bits:
            known = self._plain.get(plain_bits)
            if known is None:
                these = [s for k, s in enumerate(self.comparer.scorers) if plain_bits >> k & 1]
                known = self._plain[plain_bits] = (these, tuple(s.ruleset.name for s in these))
            scorers, plain = known
            if self.details == "json":
                notes = [note for s in scorers for note in reds_read_plain(s, reds)]
        detail: Any = None
        if self.details == "json":
            detail = f'{{"line": {n}, {made.decode("utf-8")}' + (f', "notes": {_ENCODE(notes)}}}' if notes else "}")
        elif self.details == "csv":
            cells: list[Any] = []
            for p, (han, fu, limit) in zip(points, made):
                cells += [p, han, fu, limit]
            detail = [n, "", *cells, *[";".join(c) for c in causes[1:]]]
        return CorpusRow(n, None, points, causes, (plain, detail))


def _worker_elsewhere(rulesets: list[Ruleset], names: list[str], details: str | None) -> _CorpusWorker:
    """The worker of another process or machine: the rulesets travel loaded, so a TOML file named
    on this machine need not exist where the worker runs, and keep the names this process shows."""
    return _CorpusWorker(Comparer(rulesets, names=names), details)


def _compare_lines(worker: _CorpusWorker, lines: list[tuple[int, str | NotationError]]) -> list[CorpusRow]:
    return worker.rows(list(lines))


_ENCODE = json.JSONEncoder(ensure_ascii=False).encode
NATIVE_CHUNK = 2000
"""Lines handed to the kernel at once: a Ctrl-C keeps every chunk compared before it."""


def _open_bytes(path: str) -> BinaryIO:
    try:
        return open(path, "rb")
    except OSError as e:
        raise NotationError(f"{path}: cannot open: {e.strerror or e}") from None


def _open(path: str, mode: Literal["r", "w"] = "r") -> io.TextIOWrapper:
    try:
        return open(path, mode, encoding="utf-8", newline="" if mode == "w" else None)
    except OSError as e:
        raise NotationError(f"{path}: cannot open: {e.strerror or e}") from None


def _csv_details(out: IO[str], names: Sequence[str]) -> Any:
    """A CSV writer of the per-line details, its header written."""
    writer = csv.writer(out)
    writer.writerow(["line", "error", *[f"{rs}:{row}" for rs in names for row in ("points", "han", "fu", "limit")],
                     *[f"{rs}:causes" for rs in names[1:]]])
    return writer


def _corpus(args: argparse.Namespace, comparer: Comparer) -> int:
    show = sys.stderr.isatty() if args.progress is None else args.progress
    total = None
    if show and args.input != "-":  # the bar's total: lines as read_lines counts them, bytes need not be UTF-8
        with _open_bytes(args.input) as f:
            total = sum(1 for _, line in numbered(f, args.input) if line.strip())
    out = _open(args.output, "w") if args.output else None
    details = None if out is None else "csv" if args.output.endswith(".csv") else "json"
    writer = _csv_details(out, comparer.names) if out is not None and details == "csv" else None
    jobs = worker_count(args.jobs)
    worker = _CorpusWorker(comparer, details)
    local = jobs == 1 and args.scheduler is None
    setup: Any = ((lambda: worker) if local else
                  partial(_worker_elsewhere, [s.ruleset for s in comparer.scorers], comparer.names, details))
    summary = CorpusSummary(comparer.names)
    collector = DifferenceCollector(comparer.names) if args.plot else None
    plain_reds: Counter[str] = Counter()  # red fives read as plain fives: hands per ruleset
    done = 0
    blank = 0

    def unblank() -> Iterator[tuple[int, str | NotationError]]:
        """The lines to compare: a blank one is skipped, and counted in the summary."""
        nonlocal blank
        for n, line in read_lines(args.input, keep_blank=True):
            if isinstance(line, str) and not line.strip():
                blank += 1
            else:
                yield n, line

    if comparer.native and args.scheduler is None:  # the kernel compares the lines, in --jobs threads
        done_rows: Iterator[list[CorpusRow]] = (worker.rows(chunk, jobs) for chunk in chunks(unblank(), NATIVE_CHUNK))
    else:  # in --jobs processes or on Dask, or here a line at a time (a Ctrl-C keeps every line compared before it)
        done_rows = parallel_lines(args, _compare_lines, unblank(), setup, 1 if local else None)
    try:
        for rows in done_rows:
            for row in rows:
                summary.add(row)
                if row.error is not None:  # named as batch names it, and counted in the exit status
                    if show:
                        sys.stderr.write("\r")
                    sys.stderr.write(f"mjrules compare: {row.error}\n")
                if collector is not None and row.error is None:
                    collector.add_points(row.points, row.causes)
                plain, detail = row.detail
                plain_reds.update(plain)
                done += 1
                if show and (done % 100 == 0 or done == total):
                    bar = f"{done}/{total}" if total else str(done)
                    frac = done / total if total else 0
                    sys.stderr.write(f"\rcomparing [{'#' * int(frac * 30):<30}] {bar}")
                    sys.stderr.flush()
                if writer is not None:
                    writer.writerow(detail)
                elif out is not None:
                    out.write(detail + "\n")
    finally:
        if show:
            sys.stderr.write("\n")
        if out is not None:
            out.close()
    result = summary.to_dict()
    result["blank_lines"] = blank
    result["red_fives_read_plain"] = dict(plain_reds)
    if collector is not None:
        plot_differences(collector.pairs, args.plot)
    status = EXIT_NO_WIN if result["bad_lines"] else EXIT_WIN
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        _print_corpus(result)
    return status


def _print_corpus(result: dict[str, Any]) -> None:
    """The corpus summary as text: each ruleset's differences from the reference and their causes."""
    blank, plain_reds = result["blank_lines"], result["red_fives_read_plain"]
    print(f"reference {result['reference']}: {plural(result['hands_scored'], 'hand')} scored, "
          f"{plural(result['bad_lines'], 'bad line')}" + (f", {plural(blank, 'blank line')} skipped" if blank else ""))
    for p in result["rulesets"]:
        if not result["hands_scored"]:  # "agree on every hand" of none would mislead
            what = "nothing compared: no hand of the input was scored"
        elif p["points_differ"]:
            what = (f"points differ on {plural(p['points_differ'], 'hand')} (mean |diff| {p['mean_abs_difference']}, "
                    f"largest {p['largest_difference']:+d} at line {p['largest_hand']})")
        else:
            what = "points agree on every hand"
        if p["only_breakdown_differs"]:
            what += f"; same points, other han, fu or yaku on {plural(p['only_breakdown_differs'], 'hand')}"
        causes = ", ".join(f"{c} {n}" for c, n in list(p["causes"].items())[:8])
        differ = p["points_differ"] + p["only_breakdown_differs"]  # the hands the causes are counted over
        print(f"  {p['ruleset']:<16} {what}" + (f"; causes of the {plural(differ, 'hand')} that differ{'s' * (differ == 1)}: {causes}"
                                                 if causes else ""))
    if plain_reds:
        print("  red fives read as plain fives (no red fives in the set): "
              + ", ".join(f"{rs} {plural(n, 'hand')}" for rs, n in plain_reds.items()))

