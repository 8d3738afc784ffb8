"""Tiles: 34 kinds indexed 0–33 (1m–9m, 1p–9p, 1s–9s, East South West North White Green Red).

A red five is the same kind as its plain five with ``red=True``; every Tile is interned, so
``tile(4, red=True) is tile(4, red=True)`` and parsing never builds new objects.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Iterable

import attrs

from mjrules.errors import NotationError

SUITS = "mpsz"
"""Suit letters in index order: characters, circles, bamboo, honours."""

# Named kinds (tile indices), for plugins and tools that test a tile kind.
MAN1, MAN2, MAN3, MAN4, MAN5, MAN6, MAN7, MAN8, MAN9 = range(0, 9)
PIN1, PIN2, PIN3, PIN4, PIN5, PIN6, PIN7, PIN8, PIN9 = range(9, 18)
SOU1, SOU2, SOU3, SOU4, SOU5, SOU6, SOU7, SOU8, SOU9 = range(18, 27)
EAST, SOUTH, WEST, NORTH, HAKU, HATSU, CHUN = range(27, 34)
"""East … North winds; haku (white), hatsu (green), chun (red) dragons."""

HONOR_NAMES = ("East", "South", "West", "North", "White", "Green", "Red")
WIND_NAMES = HONOR_NAMES[:4]
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (HAKU, HATSU, CHUN)
FIVES = (MAN5, PIN5, SOU5)
TERMINALS = (MAN1, MAN9, PIN1, PIN9, SOU1, SOU9)
YAOCHU = TERMINALS + WINDS + DRAGONS
"""The thirteen terminal and honour kinds (kokushi's tiles)."""


def _check_index(instance: Tile, attribute: attrs.Attribute[int], value: object) -> None:
    if not isinstance(value, int) or not 0 <= value < 34:
        raise NotationError(f"tile index {value!r} is not in 0..33")


def _check_red(instance: Tile, attribute: attrs.Attribute[bool], value: object) -> None:
    if value and instance.index not in FIVES:
        raise NotationError(f"only a five of a suit can be red, not {instance.index}")


@attrs.frozen(order=True, repr=False)
class Tile:
    """One tile kind, possibly the red five of its suit."""

    index: int = attrs.field(validator=_check_index)
    red: bool = attrs.field(default=False, validator=_check_red)
    rank: int = attrs.field(init=False, eq=False, order=False, repr=False, hash=False)
    """Sort key of the written order: by kind, a red five before a plain one."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "rank", self.index * 2 + (0 if self.red else 1))

    @property
    def suit(self) -> str:
        return SUITS[self.index // 9]

    @property
    def number(self) -> int:
        """1–9 for suited tiles, 1–7 for honours (East … Red)."""
        return self.index % 9 + 1

    @property
    def is_honor(self) -> bool:
        return self.index >= 27

    @property
    def is_terminal(self) -> bool:
        return self.index in TERMINALS

    @property
    def is_yaochu(self) -> bool:
        return self.index in YAOCHU

    def mpsz(self) -> str:
        """``5m``, ``0m`` for red, ``1z`` for East."""
        return f"{0 if self.red else self.number}{self.suit}"

    def majiang(self) -> str:
        """majiang-core form: ``m5``, ``m0``, ``z1``."""
        return f"{self.suit}{0 if self.red else self.number}"

    def __str__(self) -> str:
        return self.mpsz()

    def __repr__(self) -> str:
        return f"Tile({self.mpsz()})"


BY_RANK = attrgetter("rank")
"""The one sort key of tiles: written order, by kind, a red five before a plain one."""

_PLAIN = tuple(Tile(i) for i in range(34))
_RED = {i: Tile(i, True) for i in FIVES}


def tile(index: int, red: bool = False) -> Tile:
    """The interned Tile of that kind."""
    if red:
        try:
            return _RED[index]
        except (KeyError, TypeError):
            raise NotationError(f"only a five of a suit can be red, not index {index}") from None
    if type(index) is not int or not 0 <= index < 34:
        raise NotationError(f"tile index {index!r} is not in 0..33")
    return _PLAIN[index]


BY_SUIT: dict[str, dict[str, Tile]] = {
    suit: {
        str(d): (_RED[s * 9 + 4] if d == 0 else _PLAIN[s * 9 + d - 1])
        for d in (range(10) if s < 3 else range(1, 8))
    }
    for s, suit in enumerate(SUITS)
}
"""``BY_SUIT["m"]["0"]`` is the red 5m: the parsers' lookup table (only valid digits are keys)."""


def tile_from(suit: str, digit: str) -> Tile:
    """The Tile written as ``digit`` in ``suit`` (``0`` is the red five); names the tile if invalid."""
    hit = BY_SUIT.get(suit, {}).get(digit) if isinstance(suit, str) and isinstance(digit, str) else None
    if hit is not None:
        return hit
    s = SUITS.find(suit)
    if s < 0 or len(suit) != 1:
        raise NotationError(f"unknown suit {suit!r} (expected one of m, p, s, z)")
    if not isinstance(digit, str) or len(digit) != 1 or digit not in "0123456789":
        raise NotationError(f"{digit!r} is not a tile digit (0-9) before {suit!r}")
    n = int(digit)
    if s == 3:
        if not 1 <= n <= 7:
            raise NotationError(f"{digit}z is not an honour tile (1z–7z: East South West North White Green Red)")
        return _PLAIN[27 + n - 1]
    if n == 0:
        return _RED[s * 9 + 4]
    return _PLAIN[s * 9 + n - 1]


def _next_kind(i: int) -> int:
    if i < 27:
        return i - 8 if i % 9 == 8 else i + 1
    if i < 31:
        return 27 if i == 30 else i + 1
    return 31 if i == 33 else i + 1


DORA_OF = tuple(_next_kind(i) for i in range(34))
"""Indicator kind → the kind it makes dora: next number in a suit, winds and dragons in their own cycles."""


DORA_OF_SANMA = tuple(MAN9 if i == MAN1 else k for i, k in enumerate(DORA_OF))
"""``DORA_OF`` for the three-player set (2m–8m removed): indicator 1m makes 9m dora (9m still makes 1m)."""
SANMA_REMOVED = tuple(range(MAN1 + 1, MAN9))
"""The kinds the three-player set leaves out: 2m–8m (108 tiles remain)."""


def dora_of(indicator: Tile) -> int:
    """The kind an indicator points at (``DORA_OF`` by tile)."""
    return DORA_OF[indicator.index]


def tile_counts(tiles: Iterable[Tile]) -> list[int]:
    """34 counts of ``tiles`` (a red five counts as a five): the one conversion every layer uses."""
    counts = [0] * 34
    for t in tiles:
        counts[t.index] += 1
    return counts
