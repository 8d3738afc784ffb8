"""The hand: concealed tiles before the win, melds, and the winning tile."""

from __future__ import annotations

from typing import Iterable, Iterator, Sequence

import attrs

from mjrules.errors import HandError
from mjrules.model.melds import Meld
from mjrules.model.tiles import BY_RANK, Tile, tile


def _check_hand(hand: "Hand") -> tuple[tuple[int, ...], tuple[int, int, int]]:
    """(counts of the 34 kinds, red fives per suit), or the error that names what is wrong."""
    n = len(hand.concealed) + 3 * len(hand.melds)
    if n != 13:
        k = len(hand.melds)
        raise HandError(  # the count as written: the winning tile is one of the concealed tiles
            f"wrong tile count: {n + 1} tile{'s' * (n != 0)} ({len(hand.concealed) + 1} concealed with the winning tile"
            f"{f', {k} meld' + 's' * (k != 1) + ' counted as 3 each' if k else ''}); a winning hand has 14"
        )
    counts = [0] * 34
    reds = [0, 0, 0]
    try:
        for t in hand.concealed:
            counts[t.index] += 1
            if t.red:
                reds[t.index // 9] += 1
        t = hand.win_tile
        counts[t.index] += 1
        if t.red:
            reds[t.index // 9] += 1
        for m in hand.melds:
            for t in m.tiles:
                counts[t.index] += 1
                if t.red:
                    reds[t.index // 9] += 1
    except AttributeError:
        _name_non_tiles(hand)
    if max(counts) > 4:
        i = max(range(34), key=counts.__getitem__)
        raise HandError(f"tile {tile(i)} appears {counts[i]} times; there are only four of each tile")
    return tuple(counts), (reds[0], reds[1], reds[2])


def _name_non_tiles(hand: "Hand") -> None:
    for t in (*hand.concealed, hand.win_tile):
        if not isinstance(t, Tile):
            raise HandError(f"{t!r} is not a Tile (parse text with parse_mpsz / parse_tiles)")
    for m in hand.melds:
        if not isinstance(m, Meld):
            raise HandError(f"{m!r} is not a Meld")
    raise HandError("hand holds something that is not a tile")


def _canonical(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    """Concealed tiles in one order (red five before plain), so equal hands compare equal."""
    try:
        return tuple(sorted(tiles, key=BY_RANK))
    except (AttributeError, TypeError):
        bad = next((t for t in tiles if not isinstance(t, Tile)), tiles) if isinstance(tiles, (list, tuple)) else tiles
        raise HandError(f"{bad!r} is not a Tile (parse text with parse_mpsz / parse_tiles)") from None


def _melds(value: Iterable[Meld]) -> tuple[Meld, ...]:
    """``tuple`` as a typed converter: mypy's attrs plugin leaves ``converter=tuple`` unusable."""
    return tuple(value)


@attrs.frozen
class Hand:
    """A complete hand: 13 − 3×melds concealed tiles, the melds, and the tile it won on."""

    concealed: tuple[Tile, ...] = attrs.field(converter=_canonical)
    win_tile: Tile
    melds: tuple[Meld, ...] = attrs.field(default=(), converter=_melds)
    counts: tuple[int, ...] = attrs.field(init=False, eq=False, repr=False)
    """How many of each of the 34 kinds the whole hand holds (a kan counts 4); derived."""
    red_fives: int = attrs.field(init=False, eq=False, repr=False)
    """How many red fives the hand holds; derived."""
    reds: tuple[int, int, int] = attrs.field(init=False, eq=False, repr=False)
    """Red fives per suit (m, p, s); derived."""

    def __attrs_post_init__(self) -> None:
        counts, reds = _check_hand(self)
        object.__setattr__(self, "counts", counts)
        object.__setattr__(self, "red_fives", reds[0] + reds[1] + reds[2])
        object.__setattr__(self, "reds", reds)

    def tiles(self) -> Iterator[Tile]:
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
