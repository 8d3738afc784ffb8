"""The Python kernel: the reference the native kernel is tested against, and the fallback where
it is not built. Plain Python over the tables of :mod:`mjrules.kernel.shapes` and
:mod:`mjrules.kernel.distance`; the count functions take 34 tile counts (1m…9m 1p…9p 1s…9s 1z…7z),
the readers tile text (into the model's interned Tiles).
"""

from __future__ import annotations

from typing import Sequence

from mjrules.kernel.distance import shanten, standard_shanten
from mjrules.kernel.shapes import Wait, arrangements, is_chiitoitsu, is_kokushi
from mjrules.kernel.shapes import placed as placed_in_groups
from mjrules.model.melds import SetShape
from mjrules.model.tiles import BY_SUIT, Tile

__all__ = [
    "discards", "improving_kinds", "placed", "is_winning", "read_majiang_tiles", "read_mpsz_tiles", "shanten", "standard_shanten",
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


def discards(counts: Sequence[int], caps: Sequence[int] | None,
             held: Sequence[int]) -> list[tuple[int, int, list[int]]]:
    """Every discard of a 3k + 2-tile hand at once: for each kind held concealed, (kind, the shanten
    after discarding one, the kinds whose draw would then lower it). ``held`` counts the hand and
    its melds; ``caps`` as for ``standard_shanten`` (a hand with melds)."""
    c, h = list(counts), list(held)
    out = []
    for i in range(34):
        if not c[i]:
            continue
        c[i] -= 1
        h[i] -= 1
        s = shanten(c) if caps is None else standard_shanten(c, caps)
        out.append((i, s, improving_kinds(c, caps, h, s)))
        c[i] += 1
        h[i] += 1
    return out


def placed(counts: Sequence[int], w: int) -> list[tuple[int, tuple[SetShape, ...], tuple[int, ...], tuple[int, ...],
                                                        tuple[Wait, ...]]]:
    """Every reading of concealed counts (the winning tile ``w`` included) as sets and one pair,
    with the waits ``w`` completes there: [(pair or -1, sets, sequence starts, triplet kinds, waits)]."""
    c = tuple(counts)
    return placed_in_groups(c[27:34], c[0:9], c[9:18], c[18:27], w)


def read_majiang_tiles(text: str) -> list[Tile] | None:
    """The tiles of a concealed part in majiang notation (``m345p40677``, the suit letter first,
    ``*`` passed over); None if a character is not a tile."""
    out = []
    suit: dict[str, Tile] | None = None
    for ch in text:
        if ch in BY_SUIT:
            suit = BY_SUIT[ch]
        elif ch != "*":
            t = suit.get(ch) if suit is not None else None
            if t is None:
                return None
            out.append(t)
    return out


def read_mpsz_tiles(text: str) -> list[Tile] | None:
    """The tiles of MPSZ text (``123m406p``, digits before their suit letter); None if it is not
    plain MPSZ tiles."""
    out = []
    digits = ""
    for ch in text:
        if ch in "0123456789":
            digits += ch
            continue
        suit = BY_SUIT.get(ch)
        if suit is None or not digits:
            return None
        for d in digits:
            t = suit.get(d)
            if t is None:
                return None
            out.append(t)
        digits = ""
    return None if digits else out
