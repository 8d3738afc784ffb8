"""The Python kernel: the reference the native kernel is tested against, and the fallback where
it is not built. Plain Python over the tables of :mod:`mjrules.kernel.shapes` and
:mod:`mjrules.kernel.shanten`; the count functions take 34 tile counts (1m…9m 1p…9p 1s…9s 1z…7z),
the readers tile text and the table of the 37 Tile objects by code.
"""

from __future__ import annotations

from typing import Sequence

from mjrules.kernel.shanten import shanten, standard_shanten
from mjrules.kernel.shapes import arrangements, is_chiitoitsu, is_kokushi
from mjrules.model.tiles import Tile

__all__ = [
    "improving_kinds", "is_winning", "read_majiang_tiles", "read_mpsz_tiles", "shanten", "standard_shanten",
    "winning_kinds",
]


def is_winning(counts: Sequence[int]) -> bool:
    """Whether concealed counts read as sets and one pair (3k + 2 tiles, the melds implied by the
    count), or, at 14 tiles, as seven pairs or thirteen orphans."""
    c = tuple(counts)
    if arrangements(c):
        return True
    if sum(c) != 14:  # seven pairs and thirteen orphans are closed 14-tile forms
        return False
    return is_chiitoitsu(c) or is_kokushi(c)


def winning_kinds(counts: Sequence[int], held: Sequence[int], removed: int = 0) -> list[int]:
    """Kinds that complete a 3k + 1-tile hand: never one ``held`` four times (melds included), nor
    one whose bit is set in ``removed`` (a tile set without it)."""
    c = list(counts)
    out = []
    for i in range(34):
        if held[i] >= 4 or c[i] >= 4 or removed >> i & 1:
            continue
        c[i] += 1
        if is_winning(c):
            out.append(i)
        c[i] -= 1
    return out


def improving_kinds(counts: Sequence[int], caps: Sequence[int] | None, held: Sequence[int], current: int) -> list[int]:
    """Kinds whose draw takes the shanten below ``current``: never one ``held`` four times. With
    ``caps`` (a hand with melds) the standard form only, else the minimum over the three forms."""
    c = list(counts)
    out = []
    for i in range(34):
        if held[i] >= 4 or c[i] >= 4:
            continue
        c[i] += 1
        s = shanten(c) if caps is None else standard_shanten(c, caps)
        c[i] -= 1
        if s < current:
            out.append(i)
    return out


_SUITS = "mpsz"


def _code(suit: int, ch: str) -> int | None:
    """The tile code of digit ``ch`` in suit ``suit`` (0 m, 1 p, 2 s, 3 honours): 0–33 a kind,
    34–36 the red five of m, p, s; None if it is no tile."""
    if ch not in "0123456789":
        return None
    d = int(ch)
    if suit == 3:
        return 26 + d if 1 <= d <= 7 else None
    return 34 + suit if d == 0 else suit * 9 + d - 1


def read_majiang_tiles(table: Sequence[Tile], text: str) -> list[Tile] | None:
    """The tiles of a concealed part in majiang notation (``m345p40677``, the suit letter first,
    ``*`` passed over), looked up by code in ``table``; None if a character is not a tile."""
    out = []
    suit = -1
    for ch in text:
        if ch in _SUITS:
            suit = _SUITS.index(ch)
        elif ch != "*":
            code = _code(suit, ch) if suit >= 0 else None
            if code is None:
                return None
            out.append(table[code])
    return out


def read_mpsz_tiles(table: Sequence[Tile], text: str) -> list[Tile] | None:
    """The tiles of MPSZ text (``123m406p``, digits before their suit letter), looked up by code in
    ``table``; None if it is not plain MPSZ tiles."""
    out = []
    digits = ""
    for ch in text:
        if ch in "0123456789":
            digits += ch
            continue
        if ch not in _SUITS or not digits:
            return None
        for d in digits:
            code = _code(_SUITS.index(ch), d)
            if code is None:
                return None
            out.append(table[code])
        digits = ""
    return None if digits else out
