"""The hand: concealed tiles before the win, melds, and the winning tile."""

from __future__ import annotations

import attrs

from .errors import HandError
from .melds import Meld
from .tiles import Tile, tile


def _check_hand(hand: "Hand") -> None:
    n = len(hand.concealed) + 3 * len(hand.melds)
    if n != 13:
        raise HandError(
            f"wrong tile count: {len(hand.concealed)} concealed tiles and {len(hand.melds)} melds make "
            f"{n + 1} with the winning tile, a winning hand has 14 (each meld counted as 3)"
        )
    counts = [0] * 34
    for t in hand.tiles():
        counts[t.index] += 1
    for i, c in enumerate(counts):
        if c > 4:
            raise HandError(f"tile {tile(i)} appears {c} times; there are only four of each tile")


@attrs.frozen
class Hand:
    """A complete hand: 13 − 3×melds concealed tiles, the melds, and the tile it won on."""

    concealed: tuple[Tile, ...] = attrs.field(converter=tuple)
    win_tile: Tile
    melds: tuple[Meld, ...] = attrs.field(default=(), converter=tuple)

    def __attrs_post_init__(self) -> None:
        _check_hand(self)

    def tiles(self):
        """Every physical tile: concealed, winning tile, and all meld tiles."""
        yield from self.concealed
        yield self.win_tile
        for m in self.melds:
            yield from m.tiles

    @property
    def is_closed(self) -> bool:
        """No called meld (closed kans keep a hand closed)."""
        return not any(m.is_open for m in self.melds)

    @property
    def kan_count(self) -> int:
        return sum(1 for m in self.melds if m.is_kan)
