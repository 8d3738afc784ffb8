"""One hand, or a corpus, scored under several rulesets, with the causes of each difference.

A hand is parsed and decomposed once (``analyse``) and its readings are scored by every ruleset.
A difference from the first (reference) ruleset is explained by counterfactuals: for each flag
the two rulesets set differently, the other ruleset is rebuilt with the reference's value; the
flag is a cause when that changes the score. A yaku that only one side scores is a cause too.
"""

from __future__ import annotations

import json

from collections import Counter
from typing import Any, Callable, Iterable, Sequence

import attrs

from mjrules.errors import MjrulesError
from mjrules.model.hand import Hand
from mjrules.model.tiles import Tile, tile
from mjrules.model.win import ROBBED_ANKAN, Win
from mjrules.rules.ruleset import Ruleset, load_ruleset, preset_names
from mjrules.readings.reading import Reading, analyse
from mjrules.scoring.result import NoWin, Result
from mjrules.scoring.scorer import Scorer

ROWS = ("yaku", "han", "fu", "limit", "points", "payments")


def _row_values(result: Result | NoWin) -> dict[str, Any]:
    if isinstance(result, NoWin):
        return {"yaku": f"no win ({result.code.value})", "han": None, "fu": None, "limit": None,
                "points": 0, "payments": None}
    yaku = ", ".join(f"{y.id} {y.yakuman}x" if y.yakuman else f"{y.id} {y.han}" for y in result.yaku)
    return {"yaku": yaku, "han": result.han, "fu": result.fu, "limit": result.limit, "points": result.points,
            "payments": list(result.payments)}


def _same(a: Result | NoWin, b: Result | NoWin) -> bool:
    if isinstance(a, NoWin) or isinstance(b, NoWin):
        return a.is_win == b.is_win
    return (a.points, a.payments, a.han, a.fu, a.yakuman, a.liable) == (b.points, b.payments, b.han, b.fu, b.yakuman,
                                                                        b.liable)


def without_red_fives(hand: Hand, keep: Sequence[int] = (0, 0, 0)) -> Hand:
    """The same hand with its red fives beyond ``keep`` (a count per suit m, p, s) made plain
    fives: the hand as a set with that many red fives of each suit would have dealt it. Only
    the count of red fives scores, so which of them stay red does not matter."""
    left = list(keep)

    def plain(tiles: Iterable[Tile]) -> list[Tile]:
        out = []
        for t in tiles:
            if t.red:
                suit = t.index // 9
                if left[suit] > 0:
                    left[suit] -= 1
                else:
                    t = tile(t.index)
            out.append(t)
        return out

    concealed = plain(hand.concealed)
    win_tile = plain([hand.win_tile])[0]
    melds = [attrs.evolve(m, tiles=plain(m.tiles)) for m in hand.melds]
    return Hand(concealed=concealed, win_tile=win_tile, melds=melds)


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

    def causes(self, i: int, hand: Hand, readings_for: Callable[[Scorer], list[Reading]], result: Result | NoWin,
               ref: Result | NoWin) -> list[str]:
        """Why ruleset ``i`` scores the hand differently from the reference."""
        out: list[str] = []
        for flag in self.differing_flags(i):
            flipped = self._flipped(i, flag)
            if flipped is None:
                continue
            try:
                other = flipped.score_readings(readings_for(flipped))
            except MjrulesError:
                continue
            if not _same(other, result):
                out.append(f"flag:{flag}")
        if not out:  # no single flag explains it: name the yaku only one side scores, or the plugins
            a_ids = {y.id for y in ref.yaku} if isinstance(ref, Result) else set()
            b_ids = {y.id for y in result.yaku} if isinstance(result, Result) else set()
            out += [f"yaku:{y}" for y in sorted(b_ids - a_ids)]
            out += [f"yaku:-{y}" for y in sorted(a_ids - b_ids)]
        if not out:
            plugins = set(self.scorers[i].ruleset.plugins) ^ set(self.scorers[0].ruleset.plugins)
            out += [f"plugin:{p}" for p in sorted(plugins)]
        return out or ["other"]

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
        """Score one hand under every ruleset (readings computed once) and explain the differences."""
        readings = analyse(hand, win)
        plain: dict[tuple[int, ...], tuple[Hand, list[Reading]]] = {}

        def scored_as(scorer: Scorer) -> tuple[Hand, list[Reading]]:
            """The hand as ``scorer`` sees it, with its readings."""
            if hand.red_fives and not scorer.allows_red_fives(hand):
                # A set without (so many) red fives: the red fives beyond its counts are plain fives there.
                keep = tuple(min(n, allowed) for n, allowed in zip(hand.reds, red_fives_of(scorer)))
                if keep not in plain:
                    plain_hand = without_red_fives(hand, keep)
                    plain[keep] = (plain_hand, analyse(plain_hand, win))
                return plain[keep]
            return hand, readings

        def readings_for(scorer: Scorer) -> list[Reading]:
            return scored_as(scorer)[1]

        results = []
        read = frozenset().union(*(s.extras for s in self.scorers))
        for scorer in self.scorers:
            seen, these = scored_as(scorer)
            # a tag another ruleset reads is no error here: no yaku of this one reads it, so it scores without
            other = (win.extras & read) - scorer.extras - {ROBBED_ANKAN}
            scorer.check(seen if these else hand, attrs.evolve(win, extras=win.extras - other) if other else win)
            results.append(scorer.score_readings(these))
        values = [_row_values(r) for r in results]
        rows = tuple(
            (name, tuple(v[name] for v in values), len({repr(v[name]) for v in values}) > 1) for name in ROWS
        )
        causes: list[tuple[str, ...]] = [()]
        for i in range(1, len(results)):
            if _same(results[i], results[0]) and values[i]["yaku"] == values[0]["yaku"]:
                causes.append(())
            else:
                causes.append(tuple(self.causes(i, hand, readings_for, results[i], results[0])))
        return HandComparison(tuple(self.names), tuple(results), rows, tuple(causes))


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
            diff = points - base
            if not diff:
                pair.other += 1
                pair.causes.update(causes)
                continue
            pair.differ += 1
            pair.total_abs += abs(diff)
            if abs(diff) > abs(pair.largest):
                pair.largest, pair.largest_hand = diff, row.line
            pair.causes.update(causes)

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
