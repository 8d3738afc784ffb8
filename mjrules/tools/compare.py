"""One hand, or a corpus, scored under several rulesets, with the causes of each difference.

A hand is parsed and decomposed once (``analyse``) and its readings are scored by every ruleset.
A difference from the first (reference) ruleset is explained by counterfactuals: for each flag
the two rulesets set differently, the other ruleset is rebuilt with the reference's value; the
flag is a cause when that changes the score. A yaku that only one side scores is a cause too.

A corpus (``compare --input``) goes to the native kernel in bulk where it can take it
(``Comparer.native_lines``): it reads each line, scores it under every ruleset and its
counterfactuals and writes the line's details itself, as ``batch`` does, and leaves to this module
the lines it does not answer exactly so (``tests/test_native_plan.py`` holds the outputs equal).
"""

from __future__ import annotations

import functools
import json

from collections import Counter
from typing import Any, Callable, Iterable, Sequence

import attrs

from mjrules.errors import MjrulesError
from mjrules.kernel import NativeComparison
from mjrules.model.hand import Hand, without_red_fives
from mjrules.model.win import ROBBED_ANKAN, Win
from mjrules.rules.ruleset import Ruleset, load_ruleset, preset_names
from mjrules.readings.reading import Reading, analyse
from mjrules.scoring.result import NoWin, NoWinCode, Result, YakuScore
from mjrules.scoring.scorer import NO_SHAPE, NO_YAKU, Scorer

ROWS = ("yaku", "han", "fu", "limit", "points", "payments")


def _row_values(result: Result | NoWin) -> tuple[Any, ...]:
    """A result's value in each of ``ROWS``."""
    if isinstance(result, NoWin):
        return f"no win ({result.code.value})", None, None, None, 0, None
    return _yaku_text(result.yaku), result.han, result.fu, result.limit, result.points, list(result.payments)


@functools.lru_cache(maxsize=4096)
def _yaku_text(yaku: tuple[YakuScore, ...]) -> str:
    """The yaku row of a result: its yaku scores (shared by the results of a Scorer) in words."""
    return ", ".join(f"{y.id} {y.yakuman}x" if y.yakuman else f"{y.id} {y.han}" for y in yaku)


Value = tuple[int, tuple[int, ...], "int | None", "int | None", int, "int | None"] | bool
"""What two scores of a hand are held equal by: (points, payments, han, fu, yakuman, liable) of a
win, False for no win (``_value``)."""


def _value(r: Result | NoWin) -> Value:
    return (r.points, r.payments, r.han, r.fu, r.yakuman, r.liable) if isinstance(r, Result) else False


def _same(a: Result | NoWin, b: Result | NoWin) -> bool:
    return _value(a) == _value(b)


def red_fives_of(scorer: Scorer) -> tuple[int, int, int]:
    """How many red fives of each suit (m, p, s) the scorer's set has (4 where no plugin says)."""
    return scorer.red_fives


@attrs.frozen
class HandComparison:
    """A hand under several rulesets: one result per ruleset, the rows that differ, the causes."""

    rulesets: tuple[str, ...]
    results: tuple[Result | NoWin, ...]
    rows: tuple[tuple[str, tuple[Any, ...], bool], ...]
    causes: tuple[tuple[str, ...], ...]
    """For each ruleset, what makes it differ from the first (empty when it does not)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "rulesets": list(self.rulesets),
            "rows": [{"row": name, "values": list(values), "differs": differs} for name, values, differs in self.rows],
            "causes": {rs: list(c) for rs, c in zip(self.rulesets, self.causes)},
            "results": [r.to_dict() for r in self.results],
        }


_TABLE = {3: "three-player", 4: "four-player"}
_ENCODE = json.JSONEncoder(ensure_ascii=False).encode

NativeLine = tuple[tuple[int, ...], tuple[tuple[str, ...], ...], int, tuple[int, int, int], Any]
"""A corpus line the kernel compared (``Comparer.native_lines``): each ruleset's points (0 for no
win), each ruleset's causes (as ``HandComparison.causes``), the bits of the rulesets whose tile set
reads some red five of the hand as a plain five, the hand's red fives of each suit (m, p, s), and
the details asked for: the JSON of ``HandComparison.to_dict`` from "rulesets" on as UTF-8, or each
ruleset's (han, fu, limit)."""
DETAILS = {None: 0, "json": 1, "csv": 2}
"""The kernel's codes of the details ``Comparer.native_lines`` gives."""


class Comparer:
    """Scorers for a list of rulesets, plus the counterfactual scorers built on demand."""

    def __init__(self, rulesets: Sequence[str | Ruleset] | None = None, names: Sequence[str] | None = None) -> None:
        """``rulesets``: preset names, TOML paths or loaded Rulesets; the first is the reference.
        ``names``: what results call them (default: a name or path as given, a Ruleset's name)."""
        refs: list[str | Ruleset]
        if rulesets:
            refs = list(rulesets)
            loaded = [r if isinstance(r, Ruleset) else load_ruleset(r) for r in refs]
        else:  # every four-player preset, Tenhou first as the reference
            loaded = [load_ruleset(n) for n in sorted(preset_names(), key=lambda n: (n != "tenhou", n))]
            loaded = [rs for rs in loaded if rs.players == 4]
            refs = [rs.name for rs in loaded]
        if not refs:
            raise MjrulesError("no rulesets to compare")
        if names is None:
            names = [r if isinstance(r, str) else r.name for r in refs]
        elif len(names) != len(loaded):
            raise MjrulesError(f"compare: {len(names)} names for {len(loaded)} rulesets")
        names = list(names)
        for name, rs in zip(names[1:], loaded[1:]):
            if rs.players != loaded[0].players:
                raise MjrulesError(
                    f"compare: {names[0]} is a {_TABLE[loaded[0].players]} ruleset and {name} a "
                    f"{_TABLE[rs.players]} one; a hand of one is no hand of the other: compare rulesets "
                    "of the same number of players")
        self.names = names
        self.players = loaded[0].players
        """Players at the table of every ruleset compared."""
        self.scorers = [Scorer(rs) for rs in loaded]
        self._flips: dict[tuple[int, str], Scorer | None] = {}
        self._differing: dict[int, list[str]] = {}
        self._all_flipped: dict[int, Scorers] = {}
        self._all = Scorers(tuple(self.scorers))
        self._read = frozenset().union(*(s.extras for s in self.scorers))
        """The extra tags some ruleset's yaku read."""
        self._native: Any = None
        """The kernel's comparison of lines (``native_lines``), made when first asked for."""
        self._python_causes: set[int] = set()
        """The rulesets whose counterfactuals run a Python part: their causes are found here."""

    def _flipped(self, i: int, flag: str) -> Scorer | None:
        """Ruleset ``i`` with ``flag`` set as the reference sets it (None if it cannot be)."""
        key = (i, flag)
        if key not in self._flips:
            ref = self.scorers[0].flags[flag]
            try:
                self._flips[key] = self.scorers[i].with_flags(**{flag: ref})
            except MjrulesError:
                self._flips[key] = None
        return self._flips[key]

    def differing_flags(self, i: int) -> list[str]:
        """The flags ruleset ``i`` sets differently from the reference."""
        known = self._differing.get(i)
        if known is None:
            a, b = self.scorers[0].flags, self.scorers[i].flags
            known = self._differing[i] = [f for f in b if f in a and a[f] != b[f]]
        return known

    def flips(self, i: int) -> Scorers:
        """Ruleset ``i``'s counterfactuals (the flags that cannot be flipped left out)."""
        known = self._all_flipped.get(i)
        if known is None:
            pairs = [(flag, flipped) for flag in self.differing_flags(i) if (flipped := self._flipped(i, flag))]
            known = self._all_flipped[i] = Scorers(tuple(s for _, s in pairs), tuple(f for f, _ in pairs))
        return known

    def causes(self, i: int, hand: Hand, differ_for: Callable[[Scorers, Value], list[bool]],
               result: Result | NoWin, ref: Result | NoWin) -> list[str]:
        """Why ruleset ``i`` scores the hand differently from the reference; ``differ_for(flips,
        value)`` says for each counterfactual whether the hand as its set sees it, scored unchecked,
        has another value (``_value``) than ``value`` (False where scoring it failed)."""
        flips = self.flips(i)
        out = [f"flag:{flag}" for flag, differs in zip(flips.flags, differ_for(flips, _value(result))) if differs]
        if not out:  # no single flag explains it: name the yaku only one side scores, or the plugins
            a_ids = {y.id for y in ref.yaku} if isinstance(ref, Result) else set()
            b_ids = {y.id for y in result.yaku} if isinstance(result, Result) else set()
            out += [f"yaku:{y}" for y in sorted(b_ids - a_ids)]
            out += [f"yaku:-{y}" for y in sorted(a_ids - b_ids)]
        if not out:
            plugins = set(self.scorers[i].ruleset.plugins) ^ set(self.scorers[0].ruleset.plugins)
            out += [f"plugin:{p}" for p in sorted(plugins)]
        return out or ["other"]

    @property
    def native(self) -> bool:
        """Whether the kernel compares corpus lines under these rulesets (``native_lines``): on the
        native kernel, when every ruleset runs natively throughout and no two share a name."""
        return self._comparison() is not None

    def _comparison(self) -> Any:
        if self._native is None:
            self._native = False
            runners = [s.plan.runner for s in self.scorers]
            if (NativeComparison is not None and all(r is not None and not r.python_parts for r in runners)
                    and len(set(self.names)) == len(self.names)):
                plugins = [[] if i == 0 else [f"plugin:{p}" for p in sorted(
                    set(s.ruleset.plugins) ^ set(self.scorers[0].ruleset.plugins))] for i, s in enumerate(self.scorers)]
                no_wins = [(_ENCODE(_row_values(r)[0]), _ENCODE(r.to_dict()))
                           for r in (NoWin(NoWinCode.NO_SHAPE, NO_SHAPE), NoWin(NoWinCode.NO_YAKU, NO_YAKU))]
                self._native = NativeComparison(runners, plugins, [_ENCODE(n) for n in self.names], *no_wins)
        return self._native or None

    def native_lines(self, lines: Sequence[str], details: str | None = None, threads: int = 1) -> list[NativeLine | None]:
        """What the kernel makes of corpus lines (JSON objects, as ``compare --input`` reads them),
        in ``threads`` threads: a ``NativeLine`` for each it compares as ``compare`` would, None for
        each the Python path is to compare (an error to name, a hand the kernel does not read, a
        part that declines), every one None when the kernel compares none (``native``). With
        ``details`` ("json" or "csv") each line's details for ``--output``. The counterfactuals of a
        ruleset are made when a line first needs them, as ``compare`` makes them."""
        comparison = self._comparison()
        if comparison is None:
            return [None] * len(lines)
        code = DETAILS[details]
        out = comparison.lines(list(lines), code, threads)
        while True:
            waiting = [k for k, got in enumerate(out) if type(got) is int]
            need = {out[k] for k in waiting} - self._python_causes
            if not need:
                break
            for i in sorted(need):
                flips = self.flips(i)
                runners = [s.plan.runner for s in flips.scorers]
                if all(r is not None and not r.python_parts for r in runners):
                    comparison.set_flips(i, runners, [f"flag:{flag}" for flag in flips.flags])
                else:
                    self._python_causes.add(i)
            again = [k for k in waiting if out[k] not in self._python_causes]
            for k, got in zip(again, comparison.lines([lines[k] for k in again], code, threads)):
                out[k] = got
        return [None if type(got) is int else got for got in out]

    def cause_text(self, i: int, cause: str, lang: str = "en") -> str:
        """A cause of ``causes`` (``flag:kiriage``, ``yaku:-renhou``, ``plugin:pao``) in words, for
        people (the web page's cards): the flag with its value here and what it does, the yaku by name."""
        kind, _, name = cause.partition(":")
        ja = lang == "ja"
        if kind == "flag":
            scorer = self.scorers[i]
            value = json.dumps(scorer.flags.get(name), ensure_ascii=False)
            declared = scorer.plugins.flags().get(name)
            doc = f": {declared[1].doc}" if declared is not None and declared[1].doc else ""
            return f"ルール {name} = {value}{doc}" if ja else f"the rule {name} = {value}{doc}"
        if kind == "yaku":
            missing = name.startswith("-")
            yid = name.lstrip("-")
            y = next((y for s in self.scorers for y in s.yaku if y.id == yid), None)
            label = f"{y.name} ({y.name_ja})" if y is not None and not ja else y.name_ja if y is not None else yid
            if ja:
                return f"役 {label} なし" if missing else f"役 {label} あり"
            return f"no {label}" if missing else f"the yaku {label}"
        if kind == "plugin":
            on = name in self.scorers[i].ruleset.plugins
            if ja:
                return f"プラグイン {name} {'あり' if on else 'なし'}"
            return f"the plugin {name} {'enabled' if on else 'not enabled'}"
        return "その他の違い" if ja else "other differences"

    def compare(self, hand: Hand, win: Win) -> HandComparison:
        """Score one hand under every ruleset (read once: readings, and with the native kernel what
        each reading's yaku are, shared by the rulesets whose yaku agree) and explain the differences."""
        seen = _Seen(hand, win)
        # a tag another ruleset reads is no error for one that does not: no yaku of it reads the tag,
        # so it scores the hand without (checked and scored on the win without those tags)
        read = win.extras & self._read
        if read and any(read - s.extras - {ROBBED_ANKAN} for s in self.scorers):
            alone: dict[frozenset[str], _Seen] = {frozenset(): seen}
            results = []
            for scorer in self.scorers:
                other = frozenset(read - scorer.extras - {ROBBED_ANKAN})
                if other not in alone:
                    alone[other] = _Seen(hand, attrs.evolve(win, extras=win.extras - other))
                results.append(alone[other].score(scorer, check=True))
        else:
            results = seen.scores(self._all, check=True)
        columns = list(zip(*[_row_values(r) for r in results]))
        # a column's values are ints, None, texts and lists of ints: equal exactly when shown alike
        rows = tuple((name, column, column.count(column[0]) != len(column)) for name, column in zip(ROWS, columns))
        yaku = columns[0]
        causes: list[tuple[str, ...]] = [()]
        for i in range(1, len(results)):
            if yaku[i] == yaku[0] and _same(results[i], results[0]):
                causes.append(())
            else:
                causes.append(tuple(self.causes(i, hand, seen.differ, results[i], results[0])))
        return HandComparison(tuple(self.names), tuple(results), rows, tuple(causes))


class _Seen:
    """One hand and win as every ruleset of a comparison sees it: with its red fives, or with those
    a ruleset's set lacks made plain; each such hand read once (its readings, or the kernel's
    analysis of it, which the rulesets of one yaku table share)."""

    def __init__(self, hand: Hand, win: Win) -> None:
        self.hand = hand
        self.win = win
        self._hands: dict[tuple[int, ...] | None, Hand] = {None: hand}
        self._readings: dict[tuple[int, ...] | None, list[Reading]] = {}
        self._analyses: dict[tuple[int, ...] | None, Any] = {}
        self._variants: dict[tuple[int, int, int], tuple[int, ...] | None] = {}

    def _variant(self, scorer: Scorer) -> tuple[int, ...] | None:
        """Which hand ``scorer`` sees: None for the hand itself, else the red fives its set keeps."""
        hand = self.hand
        if not hand.red_fives:
            return None
        reds = red_fives_of(scorer)
        if reds in self._variants:
            return self._variants[reds]
        keep = None
        if not scorer.allows_red_fives(hand):
            keep = tuple(min(n, allowed) for n, allowed in zip(hand.reds, reds))
        self._variants[reds] = keep
        return keep

    def _hand(self, variant: tuple[int, ...] | None) -> Hand:
        if variant not in self._hands:
            self._hands[variant] = without_red_fives(self.hand, variant or (0, 0, 0))
        return self._hands[variant]

    def readings(self, variant: tuple[int, ...] | None) -> list[Reading]:
        if variant not in self._readings:
            self._readings[variant] = analyse(self._hand(variant), self.win)
        return self._readings[variant]

    def _analysis(self, scorer: Scorer, variant: tuple[int, ...] | None) -> Any:
        """The kernel's reading of the hand as ``variant`` has it (a plain-five variant read from the
        hand itself: its Hand is made only if a result's reading is asked for)."""
        if variant not in self._analyses:
            self._analyses[variant] = scorer.plan.runner.analyse(self.hand, self.win, variant)
        return self._analyses[variant]

    def score(self, scorer: Scorer, check: bool = False) -> Result | NoWin:
        """The hand scored under ``scorer`` as its set sees it; with ``check``, the hand checked
        first (a hand without a winning shape as it was given)."""
        variant = self._variant(scorer)
        runner = scorer.plan.runner
        if runner is not None:
            analysis = self._analysis(scorer, variant)
            if analysis is not None:
                if check and not analysis.shaped and variant is not None:
                    analysis = self._analysis(scorer, None)  # checked as given: no reading to pay
                # the runner is the kernel's, untyped (Plan.runner: Any); it gives a Result or a NoWin
                done: Result | NoWin | None = runner.score_in(analysis, check) if analysis is not None else None
                if done is not None:
                    return done
        these = self.readings(variant)
        if check:
            scorer.check(self._hand(variant) if these else self.hand, self.win)
        return scorer.score_readings(these)

    def scores(self, group: Scorers, check: bool = False) -> list[Result | NoWin]:
        """``score`` under each scorer of ``group``: the kernel scores those of one tile set in one call."""
        scorers = group.scorers
        out: list[Result | NoWin | None] = [None] * len(scorers)
        for ks, runners in group.native:
            variant = self._variant(scorers[ks[0]])
            analysis = self._analysis(scorers[ks[0]], variant)
            if analysis is not None and check and not analysis.shaped and variant is not None:
                analysis = self._analysis(scorers[ks[0]], None)  # checked as given: no reading to pay
            if analysis is not None:
                for k, result in zip(ks, runners[0].scores_in(analysis, list(runners), check)):
                    out[k] = result
        return [self.score(scorers[k], check) if result is None else result for k, result in enumerate(out)]

    def differ(self, group: Scorers, value: Value) -> list[bool]:
        """For each scorer of ``group``, whether the hand scored unchecked under it has another value
        (``_value``) than ``value``; False where scoring it fails (a MjrulesError). The kernel
        answers those of one tile set in one call, without a Result each."""
        scorers = group.scorers
        out: list[bool | None] = [None] * len(scorers)
        for ks, runners in group.native:
            analysis = self._analysis(scorers[ks[0]], self._variant(scorers[ks[0]]))
            if analysis is not None:
                for k, differs in zip(ks, runners[0].differ_in(analysis, list(runners), value)):
                    out[k] = differs
        for k, differs in enumerate(out):
            if differs is None:
                try:
                    out[k] = _value(self.score(scorers[k])) != value
                except MjrulesError:
                    out[k] = False
        return out  # type: ignore[return-value]


@attrs.frozen
class Scorers:
    """Scorers a hand is scored under in one go: ``compare``'s rulesets, or a ruleset's
    counterfactuals (``flags``: each flag it sets differently from the reference, the scorer the
    ruleset with that flag as the reference has it)."""

    scorers: tuple[Scorer, ...]
    flags: tuple[str, ...] = ()
    native: tuple[tuple[tuple[int, ...], tuple[Any, ...]], ...] = attrs.field(init=False)
    """The scorers the kernel runs, grouped by the red fives of their tile set (a group sees a hand
    alike): their places and runners."""

    def __attrs_post_init__(self) -> None:
        groups: dict[tuple[int, int, int], tuple[list[int], list[Any]]] = {}
        for k, s in enumerate(self.scorers):
            if s.plan.runner is not None:
                ks, runners = groups.setdefault(red_fives_of(s), ([], []))
                ks.append(k)
                runners.append(s.plan.runner)
        object.__setattr__(self, "native", tuple((tuple(ks), tuple(rs)) for ks, rs in groups.values()))


@attrs.define
class PairSummary:
    """How one ruleset's scores differ from the reference's over a corpus."""

    ruleset: str
    differ: int = 0
    other: int = 0
    total_abs: int = 0
    largest: int = 0
    largest_hand: int | None = None
    causes: Counter[str] = attrs.field(factory=Counter)

    def to_dict(self, scored: int) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset, "points_differ": self.differ, "only_breakdown_differs": self.other,
            "mean_abs_difference": round(self.total_abs / self.differ, 1) if self.differ else 0,
            "largest_difference": self.largest, "largest_hand": self.largest_hand,
            "share_differ": round(self.differ / scored, 4) if scored else 0,
            "causes": dict(self.causes.most_common()),
        }


def _points(result: Result | NoWin) -> int:
    return result.points if isinstance(result, Result) else 0


@attrs.frozen
class CorpusRow:
    """What a corpus summary needs of one compared line: small, so that a worker process can send
    it back (``mjrules.tools.parallel``)."""

    line: int
    error: str | None = None
    """The line's error; the other fields are empty then."""
    points: tuple[int, ...] = ()
    """Each ruleset's points (0 for no win)."""
    causes: tuple[tuple[str, ...], ...] = ()
    """Each ruleset's causes, as ``HandComparison.causes``."""
    detail: Any = None
    """What the caller made of the comparison for its own output (e.g. a details line)."""

    @classmethod
    def of(cls, line: int, comp: HandComparison, detail: Any = None) -> CorpusRow:
        return cls(line, None, tuple(_points(r) for r in comp.results), comp.causes, detail)


class CorpusSummary:
    """How each ruleset's scores differ from the reference's over the rows added, in any order of
    chunks as long as each row is added once (the largest difference goes to the first line that
    has it, so rows are added in line order for the same summary every time)."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)
        self.scored = self.errors = 0
        self.pairs = [PairSummary(name) for name in self.names[1:]]

    def add(self, row: CorpusRow) -> None:
        if row.error is not None:
            self.errors += 1
            return
        self.scored += 1
        base = row.points[0]
        for pair, points, causes in zip(self.pairs, row.points[1:], row.causes[1:]):
            if not causes:
                continue
            counts = pair.causes
            for cause in causes:  # a loop: Counter.update asks first whether a tuple is a mapping
                counts[cause] += 1
            diff = points - base
            if not diff:
                pair.other += 1
                continue
            pair.differ += 1
            pair.total_abs += abs(diff)
            if abs(diff) > abs(pair.largest):
                pair.largest, pair.largest_hand = diff, row.line

    def to_dict(self) -> dict[str, Any]:
        return {
            "reference": self.names[0],
            "hands_scored": self.scored,
            "bad_lines": self.errors,
            "rulesets": [p.to_dict(self.scored) for p in self.pairs],
        }


def compare_corpus(
    comparer: Comparer,
    items: Iterable[tuple[int, tuple[Hand, Win] | str]],
    on_row: Callable[[int, HandComparison | None, str | None], None] | None = None,
) -> dict[str, Any]:
    """Compare every (line number, (hand, win) or error text) item; returns the summary.

    ``on_row(line, comparison, error)`` is called for each item, for a detail file or progress.
    """
    summary = CorpusSummary(comparer.names)
    for line, item in items:
        comp, error = compare_item(comparer, item)
        summary.add(CorpusRow(line, error) if comp is None else CorpusRow.of(line, comp))
        if on_row:
            on_row(line, comp, error)
    return summary.to_dict()


def compare_item(comparer: Comparer, item: tuple[Hand, Win] | str) -> tuple[HandComparison | None, str | None]:
    """(comparison, None) for a hand and win; (None, error text) for an error item or a hand that
    cannot be compared."""
    if isinstance(item, str):
        return None, item
    try:
        return comparer.compare(*item), None
    except MjrulesError as e:
        return None, str(e)
