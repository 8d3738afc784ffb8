"""The hand: concealed tiles before the win, melds, and the winning tile."""

from __future__ import annotations

from typing import Iterable, Iterator

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
    return tuple(counts), _REDS[reds[0]][reds[1]][reds[2]]


_REDS = tuple(tuple(tuple((m, p, s) for s in range(5)) for p in range(5)) for m in range(5))
"""``_REDS[m][p][s]`` is the tuple ``(m, p, s)``, made once: every hand keeps its red fives per
suit, and shared tuples leave the garbage collector fewer objects to follow."""


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

    def _repr_svg_(self) -> str:
        """The hand as tiles, for Jupyter."""
        from mjrules.pictures import hand_svg  # loaded only when a picture is asked for

        return hand_svg(self)

    def _repr_html_(self) -> str:
        return self._repr_svg_()


_new = object.__new__
_SET_CONCEALED = Hand.__dict__["concealed"].__set__
_SET_WIN_TILE = Hand.__dict__["win_tile"].__set__
_SET_MELDS = Hand.__dict__["melds"].__set__
_SET_COUNTS = Hand.__dict__["counts"].__set__
_SET_RED_FIVES = Hand.__dict__["red_fives"].__set__
_SET_REDS = Hand.__dict__["reds"].__set__


def assemble_hand(concealed: list[Tile], win_tile: Tile, melds: list[Meld]) -> Hand:
    """``Hand(concealed, win_tile, melds)``, checked the same way, built by setting its slots
    directly rather than through attrs' generic setattr: the parsers' hot path."""
    h = _new(Hand)
    _SET_CONCEALED(h, _canonical(concealed))
    _SET_WIN_TILE(h, win_tile)
    _SET_MELDS(h, tuple(melds))
    counts, reds = _check_hand(h)
    _SET_COUNTS(h, counts)
    _SET_RED_FIVES(h, reds[0] + reds[1] + reds[2])
    _SET_REDS(h, reds)
    return h


SuitGroup = tuple[tuple[Tile, ...], tuple[int, ...], int]
"""The concealed tiles of one suit, read and checked once (``notation.suit_groups``): the tiles in
canonical order (``Tile.rank``), how many of each kind of the suit (9 kinds, 7 for honours; none
above 4), and how many red fives. A plain tuple, as the parser's hot path indexes it."""


def assemble_grouped(m: SuitGroup, p: SuitGroup, s: SuitGroup, z: SuitGroup, win_tile: Tile,
                     melds: list[Meld]) -> Hand | None:
    """``Hand(concealed, win_tile, melds)`` with the concealed tiles given as one SuitGroup per
    suit, counted from the groups' counts rather than tile by tile: the majiang parser's hot path.
    None when the tile count is wrong or a kind reaches five: ``assemble_hand`` names the problem."""
    concealed = m[0] + p[0] + s[0] + z[0]
    if len(concealed) + 3 * len(melds) != 13 or win_tile.__class__ is not Tile:
        return None
    counts = [*m[1], *p[1], *s[1], *z[1]]
    reds = [m[2], p[2], s[2]]
    others: tuple[Tile, ...] = (win_tile,)  # the tiles the groups do not hold, each kind checked as it is counted
    for meld in melds:
        if meld.__class__ is not Meld:
            return None
        others += meld.tiles
    for t in others:
        i = t.index
        counts[i] += 1
        if counts[i] > 4:
            return None
        if t.red:
            reds[i // 9] += 1
    h = _new(Hand)
    _SET_CONCEALED(h, concealed)
    _SET_WIN_TILE(h, win_tile)
    _SET_MELDS(h, tuple(melds))
    _SET_COUNTS(h, tuple(counts))
    _SET_RED_FIVES(h, reds[0] + reds[1] + reds[2])
    _SET_REDS(h, _REDS[reds[0]][reds[1]][reds[2]])
    return h
