"""The wall of one round: every tile of the ruleset's set in the order it comes out.

Layout (one convention, used by the table and by the tests that build a wall by hand): the first
``13 × players`` tiles are the deal, 13 each, the dealer's first and then in turn order; then the
live wall, drawn from the front; the last 14 tiles are the dead wall: four replacement tiles for
kans (and kita), five dora indicators, five ura indicators. A kan's replacement comes from the
dead wall, and the dead wall is topped up from the live wall's end, so each replacement shortens
the live wall by one: ``Flow`` counts every draw against ``LIVE_DRAWS``.

The table deals from a seeded wall (``mjrules.table.wall``); a record's check from the wall the
record shows (``mjrules.records.check.record_wall``).
"""

from __future__ import annotations

from typing import Any, Iterable

import attrs

from mjrules.errors import MjrulesError
from mjrules.model.tiles import FIVES, SANMA_REMOVED, Tile, tile
from mjrules.rules.rules import TILE_SET_SIZES, TileSet

DEAD_WALL = 14
REPLACEMENTS = 4
"""Replacement tiles at the dead wall's front: at most four kans (or kita) draw from it."""
INDICATORS = 5
"""Dora indicators the dead wall holds (the first and up to four kan dora); as many ura below them."""


def _tiles(value: Iterable[Tile]) -> tuple[Tile, ...]:
    return tuple(value)


def _check_tiles(instance: Wall, attribute: attrs.Attribute[Any], value: tuple[Tile, ...]) -> None:
    if len(value) not in TILE_SET_SIZES or not all(isinstance(t, Tile) for t in value):
        raise MjrulesError(f"a wall holds 136 tiles (108 for three players), not {len(value)}")
    counts = [0] * 34
    for t in value:
        counts[t.index] += 1
    if any(c > 4 for c in counts):
        raise MjrulesError(f"a wall holds four of each tile, and this one has {max(counts)} of one")


@attrs.frozen
class Wall:
    """Every tile of a round in the order of the layout above."""

    tiles: tuple[Tile, ...] = attrs.field(converter=_tiles, validator=_check_tiles)

    def hand(self, turn: int) -> tuple[Tile, ...]:
        """The 13 tiles dealt to the ``turn``-th player from the dealer (0: the dealer)."""
        return self.tiles[13 * turn:13 * turn + 13]

    def live(self, players: int, k: int) -> Tile:
        """The ``k``-th live draw of the round (0 first)."""
        return self.tiles[13 * players + k]

    @property
    def dead(self) -> tuple[Tile, ...]:
        return self.tiles[-DEAD_WALL:]

    def replacement(self, k: int) -> Tile:
        """The ``k``-th replacement tile (after a kan or a kita). The dead wall is topped up from the
        live wall's end, so from the fifth on (three players: kans and kita together) they are
        the live wall's last tiles, which no live draw reaches (``Flow`` counts every draw)."""
        if k < REPLACEMENTS:
            return self.dead[k]
        return self.tiles[-DEAD_WALL - 1 - (k - REPLACEMENTS)]

    def indicator(self, k: int) -> Tile:
        """The ``k``-th dora indicator (0: the one turned at the deal)."""
        return self.dead[REPLACEMENTS + k]

    def ura(self, k: int) -> Tile:
        """The ura indicator under the ``k``-th dora indicator."""
        return self.dead[REPLACEMENTS + INDICATORS + k]


def tile_set(tiles: TileSet) -> list[Tile]:
    """The ruleset's tiles sorted by kind: four of each (2m–8m left out of the 108-tile set), the
    first copies of each five red as the set has them."""
    out: list[Tile] = []
    for i in range(34):
        if tiles.without_2m_8m and i in SANMA_REMOVED:
            continue
        reds = tiles.red_fives[FIVES.index(i)] if i in FIVES else 0
        out += [tile(i, red=True) if copy < reds else tile(i) for copy in range(4)]
    return out
