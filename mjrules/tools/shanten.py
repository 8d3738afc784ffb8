"""Shanten of hands in play: concealed tiles and melds, 13 or 14 tiles.

The distance itself is counted by the kernel (:mod:`mjrules.kernel`, native or Python) from tile
counts; this module gives it hands (:class:`PartialHand`, read from MPSZ by :func:`parse_hand`),
the forms' shanten side by side (:func:`analyse_shanten`) and the tiles that lower it.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, Iterable

import attrs

from mjrules.errors import HandError
from mjrules.kernel import chiitoitsu_shanten, improving_kinds, kokushi_shanten, shanten, standard_shanten
from mjrules.model.melds import Meld
from mjrules.model.tiles import Tile, tile
from mjrules.notation.marks import meld_digits
from mjrules.notation.mpsz import format_tiles, split_mpsz
from mjrules.tools.winning import is_winning_counts

__all__ = [
    "HandTiles", "PartialHand", "Shanten", "analyse_shanten", "chiitoitsu_shanten", "kokushi_shanten", "parse_hand",
    "shanten", "standard_shanten", "tiles_to_counts",
]

# ---------------------------------------------------------------------------------------------
# Hands in play: concealed tiles and melds, 13 or 14 tiles
# ---------------------------------------------------------------------------------------------


def tiles_to_counts(tiles: Iterable[Tile]) -> list[int]:
    """34 counts of some tiles (red fives count as fives)."""
    counts = [0] * 34
    for t in tiles:
        if not isinstance(t, Tile):
            raise HandError(f"{t!r} is not a Tile (parse text with parse_tiles)")
        counts[t.index] += 1
    return counts


_RANK = attrgetter("rank")


def _sorted_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    tiles = tuple(tiles)
    for t in tiles:
        if not isinstance(t, Tile):
            raise HandError(f"{t!r} is not a Tile (parse text with parse_tiles)")
    return tuple(sorted(tiles, key=_RANK))


def _melds(melds: Iterable[Meld]) -> tuple[Meld, ...]:
    return tuple(melds)


@attrs.frozen
class PartialHand:
    """A hand in progress: concealed tiles and melds, 13 tiles (waiting) or 14 (to discard), each
    meld counted as 3.

    The model's :class:`mjrules.model.hand.Hand` is a finished hand with its winning tile; this is
    the hand before the win, as the analysis tools see it, with no tile singled out. It holds the
    model's Tile and Meld, reads MPSZ with the notation layer (:func:`parse_hand`) and keeps the
    concealed tiles in the model's order (``Tile.rank``). ``HandTiles`` is its former name.
    """

    concealed: tuple[Tile, ...] = attrs.field(converter=_sorted_tiles)
    melds: tuple[Meld, ...] = attrs.field(default=(), converter=_melds)
    counts: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """Counts of the 34 kinds among the concealed tiles."""
    meld_counts: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """Counts of the 34 kinds in the melds (a kan counts 4)."""

    def __attrs_post_init__(self) -> None:
        counts = tiles_to_counts(self.concealed)
        meld_counts = [0] * 34
        for m in self.melds:
            if not isinstance(m, Meld):
                raise HandError(f"{m!r} is not a Meld")
            for t in m.tiles:
                meld_counts[t.index] += 1
        size = len(self.concealed) + 3 * len(self.melds)
        if size not in (13, 14) or len(self.melds) > 4 or not self.concealed:
            raise HandError(
                f"{len(self.concealed)} concealed tile{'s' * (len(self.concealed) != 1)} and {len(self.melds)} "
                f"meld{'s' * (len(self.melds) != 1)} make {size} tiles "
                f"(each meld counted as 3); a hand in play has 13 (waiting) or 14 (before a discard)"
            )
        for i in range(34):
            if counts[i] + meld_counts[i] > 4:
                raise HandError(
                    f"tile {tile(i)} appears {counts[i] + meld_counts[i]} times; there are only four of each tile"
                )
        object.__setattr__(self, "counts", tuple(counts))
        object.__setattr__(self, "meld_counts", tuple(meld_counts))

    @property
    def size(self) -> int:
        """13 or 14, each meld counted as 3."""
        return len(self.concealed) + 3 * len(self.melds)

    @property
    def is_closed(self) -> bool:
        """No called meld (a closed kan keeps the hand closed)."""
        return not any(m.is_open for m in self.melds)

    @property
    def is_complete(self) -> bool:
        """A 14-tile hand whose concealed part is a winning shape, as the scorer reads it
        (:func:`mjrules.tools.winning.is_winning_counts`)."""
        return self.size == 14 and is_winning_counts(self.counts)

    @property
    def caps(self) -> tuple[int, ...] | None:
        """Per kind, the copies a completed concealed part may hold (4 less those in melds); None if all 4."""
        if not any(self.meld_counts):
            return None
        return tuple(4 - c for c in self.meld_counts)

    def held(self) -> tuple[int, ...]:
        """Counts of the 34 kinds in the hand and its melds together."""
        return tuple(a + b for a, b in zip(self.counts, self.meld_counts))

    def mpsz(self) -> str:
        """Canonical MPSZ: sorted concealed tiles, then the melds."""
        return " ".join([format_tiles(self.concealed)] + [meld_digits(m) + m.tiles[0].suit for m in self.melds])

    def without(self, t: Tile) -> PartialHand:
        """The hand after discarding one copy of ``t`` (the plain copy of a five when it also holds the red one)."""
        conc = list(self.concealed)
        for k, c in enumerate(conc):
            if c == t:
                del conc[k]
                return PartialHand(conc, self.melds)
        for k, c in enumerate(conc):  # red asked, only plain held (or the reverse)
            if c.index == t.index:
                del conc[k]
                return PartialHand(conc, self.melds)
        raise HandError(f"{t} is not among the concealed tiles")

    def __str__(self) -> str:
        return self.mpsz()


HandTiles = PartialHand
"""The former name of :class:`PartialHand`, kept for callers."""


def parse_hand(text: str) -> PartialHand:
    """A hand in play in MPSZ with optional melds: ``123m456p789s1122z``, ``23455m 3-45m 555=z``.

    The concealed part comes first; melds use the seat marks of :func:`mjrules.parse_mpsz`.
    13 or 14 tiles counting each meld as 3.
    """
    concealed, melds = split_mpsz(text)
    return PartialHand(concealed, melds)


def _as_hand(hand: PartialHand | str) -> PartialHand:
    if isinstance(hand, PartialHand):
        return hand
    if isinstance(hand, str):
        return parse_hand(hand)
    raise HandError(f"expected a PartialHand or an MPSZ string, not {hand!r}")


FORMS = ("standard", "chiitoitsu", "kokushi")


@attrs.frozen
class Shanten:
    """Shanten of each form; ``chiitoitsu`` and ``kokushi`` are None for a hand with melds."""

    standard: int
    chiitoitsu: int | None
    kokushi: int | None

    @property
    def minimum(self) -> int:
        return min(v for v in (self.standard, self.chiitoitsu, self.kokushi) if v is not None)

    @property
    def forms(self) -> tuple[str, ...]:
        """The forms reaching the minimum."""
        low = self.minimum
        return tuple(f for f, v in zip(FORMS, (self.standard, self.chiitoitsu, self.kokushi)) if v == low)

    def to_dict(self) -> dict[str, Any]:
        return {"shanten": self.minimum, "standard": self.standard, "chiitoitsu": self.chiitoitsu,
                "kokushi": self.kokushi, "forms": list(self.forms)}


def analyse_shanten(hand: PartialHand | str) -> Shanten:
    """Shanten of each form for a hand in play (an MPSZ string or a :class:`PartialHand`)."""
    hand = _as_hand(hand)
    std = standard_shanten(hand.counts, hand.caps)
    if hand.melds:
        return Shanten(std, None, None)
    return Shanten(std, chiitoitsu_shanten(hand.counts), kokushi_shanten(hand.counts))


def hand_shanten(hand: PartialHand) -> int:
    """Minimum shanten of a hand in play (melds and their copies taken into account)."""
    if not hand.melds:
        return shanten(hand.counts)
    return standard_shanten(hand.counts, hand.caps)


def improving_tiles(hand: PartialHand, current: int | None = None) -> list[int]:
    """Kinds whose draw lowers the shanten of a 13-tile-form hand (a fifth copy is never counted)."""
    if hand.size != 13:
        raise HandError(f"improving tiles are for a 13-tile hand (before the draw); this one has {hand.size}")
    if current is None:
        current = hand_shanten(hand)
    return improving_kinds(hand.counts, hand.caps, hand.held(), current)
