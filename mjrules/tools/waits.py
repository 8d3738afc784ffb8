"""Waits of a tenpai hand: the winning tiles, how many are still unseen, and what each win is worth.

Each winning tile is scored twice with the scorer of the chosen ruleset: as a ron (from the
player opposite, by default) and as a tsumo, without riichi. A wait with no yaku says so; for a
closed hand the value with riichi is given too, since riichi is always a yaku there.

Counting: a tile kind's unseen copies are ``4 − (copies in the hand and its melds, in the visible
tiles, in the player's own discards and among the dora indicators)``; under a three-player ruleset
(the 108-tile set, ``Rules.tiles``) 2m–8m are not in the set: none unseen, never a winning tile, and a hand
or seen tile holding one is an error. Its kita are seen too. The hand is furiten when one
of its winning tiles is among the player's own discards: it cannot win by ron at all.
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

import attrs

from mjrules.errors import HandError
from mjrules.model.hand import Hand
from mjrules.model.tiles import NORTH, SANMA_REMOVED, Tile, tile
from mjrules.model.win import SEAT_NAMES, Win
from mjrules.scoring.result import NoWin, Result
from mjrules.scoring.scorer import Scorer
from mjrules.tools.shanten import PartialHand, _as_hand, hand_shanten
from mjrules.kernel import winning_kinds

__all__ = ["Wait", "Waits", "find_waits", "score_text", "unseen_counts", "winning_tiles"]

DEFAULT_RULESET = "tenhou"
DEFAULT_RON_FROM = 2
"""A ron is taken from the player opposite unless told otherwise (1 next, 2 opposite, 3 previous);
at a three-player table, from the previous player (3)."""


def ron_from_default(scorer: Scorer) -> int:
    """Who deals in for the ron values when not told: the opposite player, or at a three-player
    table (which has none) the previous one."""
    return 3 if scorer.players == 3 else DEFAULT_RON_FROM


def tile_set(scorer: Scorer | None) -> int:
    """The size of the ruleset's set of tiles: 136, or 108 (three players, no 2m–8m)."""
    return 136 if scorer is None else scorer.rules.tiles.tiles


def unseen_counts(hand: PartialHand, *seen: Iterable[Tile], tiles: int = 136, kita: int = 0) -> list[int]:
    """Per kind, the copies not in the hand, its melds, its ``kita`` (Norths set aside) or any of
    the ``seen`` tile collections, among ``tiles`` (136, or 108: 2m–8m have none).

    Raises HandError when a kind would be seen more than four times, or is not in the set.
    """
    held = list(hand.held())
    held[NORTH] += kita
    for group in seen:
        for t in group:
            if not isinstance(t, Tile):
                raise HandError(f"{t!r} is not a tile")
            held[t.index] += 1
    out = []
    removed = SANMA_REMOVED if tiles == 108 else ()
    for i, n in enumerate(held):
        if i in removed:
            if n:
                raise HandError(f"tile {tile(i)}: the three-player set has no 2m-8m (flag tile_set = 108)")
            out.append(0)
            continue
        if n > 4:
            raise HandError(
                f"tile {tile(i)} is seen {n} times between the hand, its melds and the tiles given as "
                f"visible, discarded or dora indicators; there are only four of each tile"
            )
        out.append(4 - n)
    return out


def winning_tiles(hand: PartialHand | str, tiles: int = 136) -> list[int]:
    """Kinds that complete a 13-tile-form hand (never a fifth copy of a kind, nor a kind the set
    ``tiles`` lacks); [] when not tenpai.

    "Complete" is the scorer's reading (:mod:`mjrules.tools.winning`): seven pairs and thirteen
    orphans count only for a hand without melds, as they need 14 concealed tiles."""
    hand = _as_hand(hand)
    if hand.size != 13:
        raise HandError(f"waits are for a 13-tile hand (before the draw); this one has {hand.size} (use discard advice)")
    removed = sum(1 << i for i in SANMA_REMOVED) if tiles == 108 else 0
    return winning_kinds(hand.counts, hand.held(), removed)


@attrs.frozen
class Wait:
    """One winning tile and what winning on it is worth (without riichi, unless said)."""

    tile: Tile
    remaining: int
    """Copies still unseen."""
    ron: Result | NoWin | None
    """The ron (None when the hand is furiten)."""
    tsumo: Result | NoWin
    riichi_ron: Result | NoWin | None = None
    """For a closed hand with no yaku for ron: the ron after riichi (None otherwise, or when furiten)."""
    riichi_tsumo: Result | NoWin | None = None
    """For a closed hand with no yaku for tsumo or ron: the tsumo after riichi."""

    @property
    def has_yaku(self) -> bool:
        """A yaku for a ron on this tile (without riichi). A closed tsumo always has menzen tsumo."""
        return self.ron is not None and self.ron.is_win

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"tile": self.tile.mpsz(), "remaining": self.remaining,
                             "ron": None if self.ron is None else _value_dict(self.ron),
                             "tsumo": _value_dict(self.tsumo)}
        if self.riichi_ron is not None:
            d["riichi_ron"] = _value_dict(self.riichi_ron)
        if self.riichi_tsumo is not None:
            d["riichi_tsumo"] = _value_dict(self.riichi_tsumo)
        return d


@attrs.frozen
class Waits:
    """The waits of a 13-tile-form hand; ``waits`` is empty when the hand is not tenpai."""

    hand: PartialHand
    shanten: int
    waits: tuple[Wait, ...]
    furiten: bool
    furiten_tiles: tuple[Tile, ...]
    """Winning tiles that are among the player's own discards."""
    seat_wind: int = 0
    round_wind: int = 0
    ruleset: str = DEFAULT_RULESET
    ron_from: int = DEFAULT_RON_FROM

    @property
    def tenpai(self) -> bool:
        return self.shanten == 0

    @property
    def remaining(self) -> int:
        """Unseen winning tiles in all."""
        return sum(w.remaining for w in self.waits)

    def to_dict(self) -> dict[str, Any]:
        return {
            "hand": self.hand.mpsz(), "shanten": self.shanten, "tenpai": self.tenpai,
            "furiten": self.furiten, "furiten_tiles": [t.mpsz() for t in self.furiten_tiles],
            "remaining": self.remaining, "seat": SEAT_NAMES[self.seat_wind], "round": SEAT_NAMES[self.round_wind],
            "ron_from": self.ron_from, "ruleset": self.ruleset, "waits": [w.to_dict() for w in self.waits],
        }


def _value_dict(r: Result | NoWin) -> dict[str, Any]:
    if isinstance(r, NoWin):
        return {"win": False, "reason": r.reason, "no_yaku": _no_yaku(r)}
    return {"win": True, "points": r.points, "han": r.han, "fu": r.fu, "yakuman": r.yakuman, "limit": r.limit,
            "payments": list(r.payments), "yaku": [y.id for y in r.yaku]}


def _no_yaku(r: Result | NoWin) -> bool:
    return isinstance(r, NoWin) and r.reason.startswith("no yaku")


def _scorer_of(scorer: Scorer | None, ruleset: str | None) -> Scorer:
    if scorer is not None:
        return scorer
    return Scorer(ruleset or DEFAULT_RULESET)


def find_waits(
    hand: PartialHand | str,
    visible: Sequence[Tile] = (),
    discards: Sequence[Tile] = (),
    *,
    scorer: Scorer | None = None,
    ruleset: str | None = None,
    seat_wind: int = 0,
    round_wind: int = 0,
    dora: Sequence[Tile] = (),
    ron_from: int | None = None,
    kita: int = 0,
) -> Waits:
    """The waits of a 13-tile-form hand and their value under a ruleset (default tenhou).

    ``visible`` are tiles seen elsewhere (other players' discards and melds), ``discards`` the
    player's own discards (they make the hand furiten when they hold a winning tile), ``dora`` the
    dora indicators (they count for value and as seen), ``kita`` the Norths the player set aside
    (three players). ``ron_from``: who deals in (default: the opposite player; the previous one at
    a three-player table). ``scorer`` may be a built :class:`mjrules.Scorer` to reuse; otherwise one
    is built for ``ruleset``.
    """
    hand = _as_hand(hand)
    if hand.size != 13:
        raise HandError(f"waits are for a 13-tile hand (before the draw); this one has {hand.size} (use discard advice)")
    visible, discards, dora = tuple(visible), tuple(discards), tuple(dora)
    scorer = _scorer_of(scorer, ruleset)
    tiles = tile_set(scorer)
    unseen = unseen_counts(hand, visible, discards, dora, tiles=tiles, kita=kita)
    if ron_from is None:
        ron_from = ron_from_default(scorer)
    name = scorer.ruleset.name
    s = hand_shanten(hand)
    if s > 0:
        return Waits(hand, s, (), False, (), seat_wind, round_wind, name, ron_from)
    kinds = winning_tiles(hand, tiles)
    discarded = {t.index for t in discards}
    furiten_tiles = tuple(tile(i) for i in kinds if i in discarded)
    furiten = bool(furiten_tiles)
    ron_win = Win(tsumo=False, discarder=ron_from, seat_wind=seat_wind, round_wind=round_wind, dora=dora, kita=kita)
    tsumo_win = Win(tsumo=True, seat_wind=seat_wind, round_wind=round_wind, dora=dora, kita=kita)
    closed = hand.is_closed
    waits = []
    for i in kinds:
        full = Hand(concealed=hand.concealed, win_tile=tile(i), melds=hand.melds)
        ron = None if furiten else scorer.score(full, ron_win)
        tsumo = scorer.score(full, tsumo_win)
        riichi_ron = riichi_tsumo = None
        if closed and ((ron is not None and _no_yaku(ron)) or _no_yaku(tsumo)):
            if ron is not None:
                riichi_ron = scorer.score(full, attrs.evolve(ron_win, riichi=1))
            riichi_tsumo = scorer.score(full, attrs.evolve(tsumo_win, riichi=1))
        waits.append(Wait(tile(i), unseen[i], ron, tsumo, riichi_ron, riichi_tsumo))
    return Waits(hand, s, tuple(waits), furiten, furiten_tiles, seat_wind, round_wind, name, ron_from)


# ---------------------------------------------------------------------------------------------
# Text
# ---------------------------------------------------------------------------------------------


def _split(r: Result, seat_wind: int) -> str:
    """How a tsumo is paid: ``2000 all`` for the dealer, ``1000/2000`` (others/dealer) otherwise."""
    pays = sorted({-p for s, p in enumerate(r.payments) if s != seat_wind and p < 0})
    if not pays:
        return ""
    if seat_wind == 0 or len(pays) == 1:
        return f"{pays[0]} all"
    return f"{pays[0]}/{pays[-1]}"


def score_text(r: Result | NoWin, seat_wind: int, tsumo: bool) -> str:
    """``7700 (3 han 40 fu)``, ``8000 (4 han 30 fu, mangan; 2000/4000)``, ``no yaku``."""
    if isinstance(r, NoWin):
        return "no yaku" if _no_yaku(r) else "no win"
    if r.han is None:
        how = f"{r.yakuman}x yakuman" if r.yakuman > 1 else "yakuman"
    else:
        how = f"{r.han} han {r.fu} fu" + (f", {r.limit}" if r.limit else "")
    split = _split(r, seat_wind) if tsumo else ""
    return f"{r.points} ({how}{'; ' + split if split else ''})"


def wait_line(w: Wait, seat_wind: int) -> str:
    """One wait as text: tile, unseen copies, ron and tsumo value, the riichi note."""
    parts = []
    if w.ron is None:
        parts.append("ron: furiten")
    else:
        parts.append(f"ron {score_text(w.ron, seat_wind, False)}")
    parts.append(f"tsumo {score_text(w.tsumo, seat_wind, True)}")
    line = f"{w.tile}  {w.remaining} left   " + "   ".join(parts)
    if w.riichi_ron is not None or w.riichi_tsumo is not None:
        extra = []
        if w.riichi_ron is not None:
            extra.append(f"ron {score_text(w.riichi_ron, seat_wind, False)}")
        if w.riichi_tsumo is not None:
            extra.append(f"tsumo {score_text(w.riichi_tsumo, seat_wind, True)}")
        line += "\n      riichi would give a yaku: " + ", ".join(extra)
    return line


def render_waits(w: Waits) -> str:
    """The text report of ``mjrules waits``."""
    head = (f"{w.hand.mpsz()}  ({SEAT_NAMES[w.seat_wind]} seat, {SEAT_NAMES[w.round_wind]} round; "
            f"ron from the {_FROM[w.ron_from]} player; ruleset {w.ruleset})")
    if not w.tenpai:
        return head + f"\nNot tenpai: {w.shanten}-shanten."
    lines = [head, f"Tenpai on {' '.join(str(x.tile) for x in w.waits)}: {w.remaining} tiles unseen."]
    if w.furiten:
        lines.append(f"Furiten: {' '.join(map(str, w.furiten_tiles))} among your discards; no ron, tsumo only.")
    for x in w.waits:
        lines.append("  " + wait_line(x, w.seat_wind))
    return "\n".join(lines)


_FROM = {1: "next", 2: "opposite", 3: "previous"}
