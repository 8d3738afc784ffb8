"""Tenpai probability, win probability and expected score of each discard of a 14-tile hand under a
ruleset (``mjrules discard --ev``): ``evaluate_discards`` asks the search of the one-player model
(``mjrules.tools.ev_model``, whose text explains the model; the native kernel runs it where it is
built) and gives each discard's values, best first; ``evaluate_rulesets`` the same under several
rulesets, side by side; ``render_values`` and ``render_comparison`` write them as text."""

from __future__ import annotations

from typing import Any, Iterable, Sequence

import attrs

from mjrules.errors import HandError, MjrulesError
from mjrules.kernel import ev_search, standard_shanten
from mjrules.kernel import shanten as min_shanten
from mjrules.model.tiles import Tile
from mjrules.model.win import SEAT_NAMES
from mjrules.scoring.scorer import Scorer
from mjrules.tools import ev_model
from mjrules.tools.ev_model import (
    DEFAULT_EXTRA,
    FACES,
    KIND_OF,
    MODELS,
    T_MAX,
    EvSetup,
    Start,
    face_tile,
    kinds_of,
    python_search,
    too_far,
    ura_distribution,
)
from mjrules.tools.shanten import PartialHand, _as_hand

__all__ = ["DEFAULT_EXTRA", "DiscardValue", "EvComparison", "EvSetup", "ExpectedDiscards", "MODELS", "T_MAX",
           "evaluate_discards", "render_comparison", "render_values", "evaluate_rulesets", "fourteen", "ura_distribution"]

MODEL_DIFFERENCES = (
    "the wall shrinks: the draw after turn t has the chance (copies) / (S - 1 - t)",
    "a riichi hand may change its wait: it follows the graph's moves from the hand that declared it",
)
"""What ``model="mahjong-cpp"`` changes (each where its code departs from its own documents)."""


@attrs.frozen
class DiscardValue:
    """One discard's values at the turn given, and at each turn after it."""

    tile: Tile
    shanten: int
    """Shanten of the 13 tiles left."""
    riichi: bool
    """The discard leaves a closed hand tenpai: riichi."""
    tenpai_prob: float
    win_prob: float
    exp_score: float
    by_turn: tuple[tuple[float, float, float], ...]
    """(expected score, win probability, tenpai probability) at turns ``turn`` … 18."""

    def to_dict(self, turn: int, by_turn: bool = False) -> dict[str, Any]:
        d: dict[str, Any] = {"discard": self.tile.mpsz(), "shanten": self.shanten, "riichi": self.riichi,
                             "tenpai_prob": self.tenpai_prob, "win_prob": self.win_prob, "exp_score": self.exp_score}
        if by_turn:
            d["by_turn"] = [{"turn": turn + k, "tenpai_prob": v[2], "win_prob": v[1], "exp_score": v[0]}
                            for k, v in enumerate(self.by_turn)]
        return d


@attrs.frozen
class ExpectedDiscards:
    """Every discard of a 14-tile hand with its values, best first (highest expected score, then
    win and tenpai probability, then tile order)."""

    hand: PartialHand
    ruleset: str
    setup: EvSetup
    discards: tuple[DiscardValue, ...]
    states: int
    """States searched (13- and 14-tile)."""
    wall: int
    """``S``: the tiles each draw comes from."""
    notes: tuple[str, ...] = ()

    @property
    def best(self) -> DiscardValue:
        return self.discards[0]

    def best_tiles(self) -> tuple[Tile, ...]:
        """The discards of the highest expected score (more than one when they tie)."""
        top = self.discards[0].exp_score
        return tuple(d.tile for d in self.discards if d.exp_score >= top - 1e-9 * max(1.0, top))

    def to_dict(self, by_turn: bool = False) -> dict[str, Any]:
        """The JSON of ``discard --ev``; ``by_turn``: each discard's values at every later turn too."""
        s = self.setup
        return {"hand": self.hand.mpsz(), "ruleset": self.ruleset, "model": s.model, "turn": s.turn,
                "dora": [t.mpsz() for t in s.dora], "seat": SEAT_NAMES[s.seat_wind], "round": SEAT_NAMES[s.round_wind],
                "states": self.states, "wall": self.wall, **({"notes": list(self.notes)} if self.notes else {}),
                "discards": [d.to_dict(s.turn, by_turn) for d in self.discards]}


@attrs.frozen
class EvComparison:
    """One hand's discard values under several rulesets, and where their best discards differ."""

    results: tuple[ExpectedDiscards, ...]

    @property
    def rulesets(self) -> tuple[str, ...]:
        return tuple(r.ruleset for r in self.results)

    @property
    def best(self) -> tuple[tuple[Tile, ...], ...]:
        """Each ruleset's best discards (ties kept)."""
        return tuple(r.best_tiles() for r in self.results)

    @property
    def best_differs(self) -> bool:
        """No discard is best under every ruleset."""
        common = set(self.best[0])
        for tiles in self.best[1:]:
            common &= set(tiles)
        return not common

    def marked(self, t: Tile) -> bool:
        """A discard best under some of the rulesets but not all, where the best differs."""
        if not self.best_differs:
            return False
        return any(t in b for b in self.best)

    def to_dict(self, by_turn: bool = False) -> dict[str, Any]:
        return {"hand": self.results[0].hand.mpsz(), "rulesets": list(self.rulesets),
                "best": {rs: [t.mpsz() for t in b] for rs, b in zip(self.rulesets, self.best)},
                "best_differs": self.best_differs, "results": [r.to_dict(by_turn) for r in self.results]}


def _shanten_word(d: DiscardValue) -> str:
    if d.shanten == 0:
        return "tenpai, riichi" if d.riichi else "tenpai"
    return f"{d.shanten}-shanten"


def _situation(r: ExpectedDiscards) -> str:
    s = r.setup
    dora = (f"dora indicator{'s' * (len(s.dora) != 1)} {' '.join(t.mpsz() for t in s.dora)}" if s.dora
            else "no dora indicator (no ura dora)")
    kita = f", {s.kita} kita" if s.kita else ""
    model = f"; model {s.model}" if s.model != "mjrules" else ""
    left = T_MAX - s.turn
    return (f"turn {s.turn} ({left} draw{'s' * (left != 1)} left); {SEAT_NAMES[s.seat_wind]} seat, "
            f"{SEAT_NAMES[s.round_wind]} round; {dora}{kita}{model}")


FOOT = ("Each value is the best the player can reach by the last turn: one player, tsumo only, riichi on "
        "tenpai with a closed hand (docs/commands/discard-ev.md).")


def _wall(r: ExpectedDiscards) -> str:
    if r.setup.model == "mahjong-cpp":
        return f"{r.wall - 1 - r.setup.turn} tiles in the wall at the next draw, one fewer each turn (mahjong-cpp)"
    return f"{r.wall} tiles in the wall"


def render_values(r: ExpectedDiscards) -> str:
    """The text of ``discard --ev``: the discards best first, with tenpai %, win % and expected score."""
    lines = [f"{r.hand.mpsz()}  {_situation(r)}; ruleset {r.ruleset}",
             "discard  leaves          tenpai     win   exp. score"]
    for d in r.discards:
        lines.append(f"{d.tile.mpsz():<8} {_shanten_word(d):<14} {d.tenpai_prob:>7.1%} {d.win_prob:>7.1%} "
                     f"{d.exp_score:>12,.0f}")
    lines.append(f"{r.states:,} states searched, {_wall(r)}. {FOOT}")
    lines += [f"Note: {n}." for n in r.notes]
    return "\n".join(lines)


def render_comparison(c: EvComparison) -> str:
    """The text of ``discard --ev --rulesets``: one column group per ruleset, each ruleset's best marked
    ``<``, and ``*`` on the discards where the best choice differs."""
    first = c.results[0]
    by_tile = [{d.tile: d for d in r.discards} for r in c.results]
    lines = [f"{first.hand.mpsz()}  {_situation(first)}",
             " " * 11 + "".join(f"{rs[:22]:<24}" for rs in c.rulesets).rstrip(),
             "  discard  " + f"{'tenpai':>6} {'win':>6} {'exp.':>7}   " * len(c.results)]
    lines[-1] = lines[-1].rstrip()
    for d in first.discards:
        cells = []
        for values, best in zip(by_tile, c.best):
            v = values[d.tile]
            cells.append(f"{v.tenpai_prob:>6.1%} {v.win_prob:>6.1%} {v.exp_score:>7,.0f}{'<' if d.tile in best else ' '}  ")
        lines.append(f"{'*' if c.marked(d.tile) else ' '} {d.tile.mpsz():<8} " + "".join(cells).rstrip())
    each = ", ".join(f"{rs} {' '.join(t.mpsz() for t in b)}" for rs, b in zip(c.rulesets, c.best))
    if c.best_differs:
        lines.append(f"The best discard differs: {each} (* marks them; < each ruleset's best).")
    else:
        lines.append(f"A best discard under every ruleset: {each}.")
    lines.append(FOOT)
    for r in c.results:
        lines += [f"Note ({r.ruleset}): {n}." for n in r.notes]
    return "\n".join(lines)


def evaluate_rulesets(hand: PartialHand | str, scorers: Sequence[Scorer], **options: Any
                      ) -> ExpectedDiscards | EvComparison:
    """``evaluate_discards`` under each Scorer: the one result, or their comparison (two or more)."""
    results = tuple(evaluate_discards(hand, scorer=s, **options) for s in scorers)
    return results[0] if len(results) == 1 else EvComparison(results)


def _native_search(start: Start, roots: Sequence[tuple[int, bool]], turn: int
                   ) -> tuple[list[list[tuple[float, float, float]]], int] | None:
    """The same search in the native kernel, scored by the Scorer's plan; None where there is
    none (the Python kernel, a ruleset its kernel cannot run)."""
    runner = start.scorer.plan.runner
    if ev_search is None or runner is None:
        return None
    s = start.setup
    states, values = ev_search(
        runner, list(start.h0), list(start.w0), start.total, None if start.caps is None else list(start.caps),
        list(start.melds), start.meld_reds, (s.seat_wind, s.round_wind, [start.face(t) for t in start.dora], s.kita),
        (list(start.dora_of), start.kita_north), s.extra, s.model == "mahjong-cpp", turn, list(roots), start.score_tiles,
        ev_model.MAX_STATES)
    if values is None:
        raise too_far(start)
    return values, states


def fourteen(hand: PartialHand) -> PartialHand:
    """The hand, which must hold 14 tiles (a meld counted as 3): the discard values are of a hand after its draw."""
    if hand.size != 14:
        raise HandError(f"discard values are for a 14-tile hand (after the draw); this one has {hand.size}")
    return hand


def evaluate_discards(hand: PartialHand | str, *, scorer: Scorer | None = None, ruleset: str | None = None,
                      turn: int = 1, dora: Iterable[Tile] = (), visible: Iterable[Tile] = (), seat_wind: int = 0,
                      round_wind: int = 0, kita: int = 0, extra: int = DEFAULT_EXTRA, model: str = "mjrules",
                      kernel: str | None = None) -> ExpectedDiscards:
    """Every discard of a 14-tile hand with its tenpai probability, win probability and expected
    score by the one-player model (see the module text), best first. ``kernel``: ``"python"`` runs
    the reference search even where the native one is built (tests hold the two equal)."""
    hand = fourteen(_as_hand(hand))
    if scorer is None:
        scorer = Scorer(ruleset or "tenhou")
    if type(turn) is not int or not 1 <= turn <= T_MAX:
        raise MjrulesError(f"turn {turn!r}: the hand has made 1 to {T_MAX} draws")
    if type(extra) is not int or not 0 <= extra <= 3:
        raise MjrulesError(f"extra {extra!r}: 0 to 3 (more searches far too many states)")
    if model not in MODELS:
        raise MjrulesError(f"model {model!r}: {' or '.join(MODELS)}")
    players = scorer.players
    for name, w in (("seat", seat_wind), ("round", round_wind)):
        if type(w) is not int or not 0 <= w < players:
            raise MjrulesError(f"{name} wind {w!r}: 0 (East) to {players - 1} at a {players}-player table")
    if type(kita) is not int or not 0 <= kita <= 4 or (kita and not scorer.rules.sanma.kita):
        raise MjrulesError(f"kita {kita!r}: Norths set aside, 0 to 4, and only where the ruleset has kita "
                           f"({scorer.ruleset.name}: {'yes' if scorer.rules.sanma.kita else 'no'})")
    dora = tuple(dora)
    if len(dora) > 5:
        raise MjrulesError(f"{len(dora)} dora indicators: a table shows at most 5 (the first and four kan dora)")
    setup = EvSetup(turn, dora, tuple(visible), seat_wind, round_wind, kita, extra, model)
    start = Start(hand, scorer, setup)
    kinds0 = kinds_of(start.h0)
    shanten = min_shanten if start.caps is None else (lambda c: standard_shanten(c, start.caps))
    s0 = shanten(kinds0)
    if s0 < 0:
        start.notes.append("the hand is complete as it is: these are the values of a discard instead of a tsumo")
    roots: list[tuple[int, bool]] = []
    left: list[int] = []
    for f in range(FACES):
        if start.h0[f]:
            kl = list(kinds0)
            kl[KIND_OF[f]] -= 1
            s = shanten(tuple(kl))
            roots.append((f, start.closed and s0 == 0 and s == 0))
            left.append(s)
    native = None if kernel == "python" else _native_search(start, roots, turn)
    values, states = native if native is not None else python_search(start, roots, turn)
    out = [DiscardValue(face_tile(f), s, riichi, v[0][2], v[0][1], v[0][0], tuple(v))
           for (f, riichi), s, v in zip(roots, left, values)]
    out.sort(key=lambda d: (-d.exp_score, -d.win_prob, -d.tenpai_prob, d.tile.rank))
    return ExpectedDiscards(hand, scorer.ruleset.name, setup, tuple(out), states, start.total, tuple(start.notes))
