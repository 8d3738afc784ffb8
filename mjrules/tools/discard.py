"""Discard advice for a 14-tile hand: every discard with its shanten, its ukeire and, when it
leaves the hand tenpai, the value of its waits.

Ranking: lower shanten first; then more ukeire (unseen copies of the tiles whose draw lowers the
shanten, counting the hand's own 14 tiles, its melds, the visible tiles, the player's discards
and the dora indicators as seen); then, among tenpai discards, more points on offer (the sum over
the waits of unseen copies × the ron value without riichi, then the same for tsumo); then tile order.
A discard that leaves the hand furiten (it throws one of its own winning tiles) ranks by the
same rules but its waits show no ron.
"""

from __future__ import annotations

from typing import Any, Sequence

import attrs

from mjrules import kernel
from mjrules.errors import HandError
from mjrules.model.tiles import NORTH, Tile, tile
from mjrules.model.win import SEAT_NAMES
from mjrules.scoring.result import Result
from mjrules.scoring.scorer import Scorer
from mjrules.tools.shanten import PartialHand, _as_hand, hand_shanten
from mjrules.tools.waits import (
    DEFAULT_RULESET,
    Waits,
    _scorer_of,
    find_waits,
    ron_from_default,
    tile_set,
    unseen_counts,
    wait_line,
)

__all__ = ["DiscardOption", "DiscardAdvice", "advise_discard"]


@attrs.frozen
class DiscardOption:
    """One discard and the 13-tile hand it leaves."""

    tile: Tile
    shanten: int
    ukeire: int
    """Unseen copies of the improving tiles."""
    improving: tuple[tuple[Tile, int], ...]
    """Each tile kind whose draw lowers the shanten, with its unseen copies."""
    waits: Waits | None = None
    """The waits when the discard leaves the hand tenpai."""
    kita: bool = False
    """Three players: the North is set aside (北抜き) rather than discarded: the hand left is the
    same, and the player draws again and holds one more kita (a dora)."""

    @property
    def ron_on_offer(self) -> int:
        """Σ over waits of unseen copies × ron points (no riichi, 0 without yaku or when furiten)."""
        if self.waits is None:
            return 0
        return sum(w.remaining * w.ron.points for w in self.waits.waits if isinstance(w.ron, Result))

    @property
    def tsumo_on_offer(self) -> int:
        """Σ over waits of unseen copies × tsumo points (no riichi, 0 without yaku)."""
        if self.waits is None:
            return 0
        return sum(w.remaining * w.tsumo.points for w in self.waits.waits if isinstance(w.tsumo, Result))

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "discard": self.tile.mpsz(), **({"kita": True} if self.kita else {}),
            "shanten": self.shanten, "ukeire": self.ukeire,
            "improving": [{"tile": t.mpsz(), "remaining": n} for t, n in self.improving],
        }
        if self.waits is not None:
            d["furiten"] = self.waits.furiten
            d["waits"] = [w.to_dict() for w in self.waits.waits]
            d["ron_on_offer"] = self.ron_on_offer
            d["tsumo_on_offer"] = self.tsumo_on_offer
        return d


@attrs.frozen
class DiscardAdvice:
    """All discards of a 14-tile hand, best first."""

    hand: PartialHand
    shanten: int
    """Shanten of the 14-tile hand itself (−1: it is already a winning shape)."""
    options: tuple[DiscardOption, ...]
    seat_wind: int = 0
    round_wind: int = 0
    ruleset: str = DEFAULT_RULESET

    @property
    def best(self) -> DiscardOption:
        return self.options[0]

    @property
    def complete(self) -> bool:
        """The 14 tiles already form a winning shape (read by the scorer's engine, not by shanten)."""
        return self.hand.is_complete

    def to_dict(self) -> dict[str, Any]:
        return {"hand": self.hand.mpsz(), "shanten": self.shanten, "seat": SEAT_NAMES[self.seat_wind],
                "round": SEAT_NAMES[self.round_wind], "ruleset": self.ruleset,
                "options": [o.to_dict() for o in self.options]}


def _choices(hand: PartialHand) -> list[Tile]:
    """One tile per kind held concealed: the plain copy of a five when the red one is also held."""
    by_kind: dict[int, Tile] = {}
    for t in hand.concealed:
        old = by_kind.get(t.index)
        if old is None or (old.red and not t.red):
            by_kind[t.index] = t
    return [by_kind[i] for i in sorted(by_kind)]


def advise_discard(
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
) -> DiscardAdvice:
    """Rank every discard of a 14-tile-form hand (see the module text for the order). Under a
    three-player ruleset with kita, holding a North adds the option of setting it aside
    (``DiscardOption.kita``); ``kita`` is how many the player has set aside already."""
    hand = _as_hand(hand)
    if hand.size != 14:
        raise HandError(f"discard advice is for a 14-tile hand (after the draw); this one has {hand.size} (use waits)")
    visible, discards, dora = tuple(visible), tuple(discards), tuple(dora)
    scorer = _scorer_of(scorer, ruleset)
    tiles = tile_set(scorer)
    unseen = unseen_counts(hand, visible, discards, dora, tiles=tiles, kita=kita)  # the 14 in hand count as seen
    if ron_from is None:
        ron_from = ron_from_default(scorer)
    can_kita = scorer.rules.sanma.kita
    options = []
    counted = {d.kind: d for d in kernel.discards(hand.counts, hand.caps, hand.held())}  # one kernel call
    for d in _choices(hand):
        s = counted[d.index].shanten
        kinds = [i for i in counted[d.index].improving if unseen[i] or tiles == 136]
        improving = tuple((tile(i), unseen[i]) for i in kinds)
        for set_aside in (False, True) if can_kita and d.index == NORTH else (False,):
            waits = None
            if s == 0:
                # A discard joins the player's discards: seen, and furiten if it is a winning tile;
                # a kita is not a discard, and counts as one more dora.
                waits = find_waits(hand.without(d), visible, discards if set_aside else discards + (d,), scorer=scorer,
                                   seat_wind=seat_wind, round_wind=round_wind, dora=dora, ron_from=ron_from,
                                   kita=kita + set_aside)
            options.append(DiscardOption(d, s, sum(n for _, n in improving), improving, waits, set_aside))
    # a kita is a free draw: before the discard of the same North when all else is equal
    options.sort(key=lambda o: (o.shanten, -o.ukeire, -o.ron_on_offer, -o.tsumo_on_offer, o.tile.index, not o.kita))
    return DiscardAdvice(hand, hand_shanten(hand), tuple(options), seat_wind, round_wind, scorer.ruleset.name)


def _shanten_word(s: int) -> str:
    return "tenpai" if s == 0 else f"{s}-shanten"


def render_advice(a: DiscardAdvice) -> str:
    """The text report of ``mjrules discard``."""
    lines = [f"{a.hand.mpsz()}  ({SEAT_NAMES[a.seat_wind]} seat, {SEAT_NAMES[a.round_wind]} round; ruleset {a.ruleset})"]
    if a.complete:
        lines.append("The hand is already a winning shape (tsumo, if it has a yaku).")
    else:
        lines.append(f"Shanten {a.shanten}: the best discards leave the hand {_shanten_word(a.shanten)}.")
    lines.append("discard  after       ukeire  improving tiles (unseen)")
    for o in a.options:
        tiles = " ".join(f"{t}({n})" for t, n in o.improving)
        name = f"kita {o.tile}" if o.kita else str(o.tile)
        lines.append(f"{name:<8} {_shanten_word(o.shanten):<11} {o.ukeire:>6}  {tiles}")
        if o.waits is not None:
            if o.waits.furiten:
                lines.append("         furiten: this discard is one of its own winning tiles (no ron)")
            for w in o.waits.waits:
                lines.append("         wait " + wait_line(w, a.seat_wind).replace("\n", "\n         "))
    return "\n".join(lines)
