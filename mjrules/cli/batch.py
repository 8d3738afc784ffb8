"""``mjrules batch``: JSON lines in, one JSON result line out per input line."""

from __future__ import annotations

import argparse

import sys
from functools import partial
from typing import TYPE_CHECKING, Any, Iterable

from mjrules.cli.commands import help_of
from mjrules.cli.files import Files
from mjrules.cli.common import (
    BATCH_RULESET,
    EXIT_NO_WIN,
    EXIT_WIN,
    add_jobs,
    add_ruleset,
    add_scheduler,
    file_arg,
    open_text,
    parallel_lines,
    read_lines,
)
from mjrules.errors import NotationError
from mjrules.rules.ruleset import Ruleset, load_ruleset
from mjrules.tools.batch import LineScorer, Notice
from mjrules.tools.columns import CsvRecords, ParquetRecords
from mjrules.tools.parallel import chunks, worker_count

if TYPE_CHECKING:
    from mjrules.cli.common import Subparsers


def add_command(sub: Subparsers) -> None:
    b = sub.add_parser("batch", help=help_of("batch"), description=(
        "Score JSON lines: each an mjrules JSON hand ({\"hand\": …}, as compare --input reads) or the 'in' object "
        "of majiang-core's hule() data (a whole {\"in\":…,\"out\":…} line also works; a \"rule\" object beside "
        "\"in\" applies majiang-core rule keys over --ruleset (its game keys, "
        "such as 配給原点, change nothing of a hand's score; an unknown key is an error on that line). Writes one "
        "JSON line per input line, blank lines included: null for no win, {\"error\": \"line N: …\"} for a bad "
        "or blank line (the run goes on; exit status 1 at the end), else the result. A red five the ruleset's set "
        "does not have is read as a plain five, with a \"notes\" entry in the result."
    ))
    b.add_argument("--format", choices=["majiang"], default="majiang")
    add_ruleset(b, BATCH_RULESET)
    b.add_argument("--input", type=file_arg, default="-", metavar="FILE|-")
    b.add_argument("--output", type=file_arg, default="-", metavar="FILE|-",
                   help="where to write (default: stdout); a FILE ending in .csv gets CSV rows (as with --csv, "
                        "and as compare --output writes), one ending in .parquet one Parquet row per line "
                        "(pip install 'mjrules[parquet]'), any other JSON lines")
    b.add_argument("--csv", action="store_true", help="write one CSV row per line instead of JSON lines")
    add_jobs(b)
    add_scheduler(b)
    b.set_defaults(func=cmd_batch, files=Files(outputs=("--output",), inputs=("--input",), rulesets=("--ruleset",)))


def cmd_batch(args: argparse.Namespace) -> int:
    base = load_ruleset(args.ruleset)
    scorer = LineScorer(base)  # a ruleset that cannot be built is refused here, before any worker starts
    jobs = worker_count(args.jobs)
    lines = read_lines(args.input, keep_blank=True)
    if args.output.endswith((".parquet", ".csv")) or args.csv:
        errors = _columns(args, lines, base)
        return EXIT_NO_WIN if errors else EXIT_WIN
    dst = sys.stdout if args.output == "-" else open_text(args.output, "w")
    said: set[str] = set()
    try:
        errors = 0
        if scorer.native and args.scheduler is None:  # the kernel answers the lines, in --jobs threads
            raw = getattr(dst, "buffer", None)  # it writes UTF-8: no text to decode and encode again
            dst.flush()  # nothing written as text may come after the bytes
            for chunk in chunks(lines, NATIVE_CHUNK):
                encoded = scorer.render_utf8(chunk, jobs)
                if raw is not None:
                    raw.write(encoded.text)
                else:
                    dst.write(encoded.text.decode("utf-8"))
                errors += encoded.errors
                _notify(list(encoded.notices), said)
        elif jobs == 1 and args.scheduler is None:  # line by line: a Ctrl-C keeps every line answered before it
            render, write, notices = scorer.render, dst.write, scorer.notices
            for n, line in lines:
                text, bad = render(n, line)
                write(text + "\n")
                errors += bad
                if notices:
                    _notify(notices, said)
                    notices.clear()
        else:
            for done in parallel_lines(args, LineScorer.render_lines, lines, partial(LineScorer, base)):
                dst.write(done.text)
                errors += done.errors
                _notify(list(done.notices), said)
    finally:
        if dst is not sys.stdout:
            dst.close()
    return EXIT_NO_WIN if errors else EXIT_WIN


NATIVE_CHUNK = 4000
"""Lines handed to the kernel at once: a Ctrl-C keeps every chunk answered before it."""


def _columns(args: argparse.Namespace, lines: Iterable[tuple[int, str | NotationError]], base: Ruleset) -> int:
    """Write the lines' records (``RECORD_FIELDS``) as Parquet or CSV; the number of errors."""
    if args.output.endswith(".parquet"):
        if args.csv:
            raise NotationError(f"--csv and --output {args.output}: give one format")
        if args.output == "-":
            raise NotationError("Parquet output needs a file: --output FILE.parquet")
        dst: Any = None
        writer: Any = ParquetRecords(args.output)
    else:
        dst = sys.stdout if args.output == "-" else open_text(args.output, "w")
        if dst is not sys.stdout:
            dst.reconfigure(newline="")  # the csv module ends its rows itself
        writer = CsvRecords(dst)
    errors = 0
    said: set[str] = set()
    try:
        for chunk in parallel_lines(args, LineScorer.records, lines, partial(LineScorer, base)):
            writer.write(chunk.records)
            errors += sum(1 for r in chunk.records if r["error"] is not None)
            _notify(list(chunk.notices), said)
    finally:
        writer.close()
        if dst is not None and dst is not sys.stdout:
            dst.close()
    return errors


def _notify(notices: list[Notice], said: set[str]) -> None:
    """Write each notice of a rule object not yet said (the first line that has it comes first: the
    chunks arrive in input order, and a worker gives a rule object's notice on its first line)."""
    for notice in notices:
        if notice.key not in said:
            said.add(notice.key)
            sys.stderr.write(f"mjrules batch: line {notice.line}: {notice.text}\n")
