"""The Python kernel: the reference the native kernel is tested against, and the fallback where
it is not built. Plain Python over the tables of :mod:`mjrules.kernel.shapes` and
:mod:`mjrules.kernel.shanten`; every function takes 34 tile counts (1m…9m 1p…9p 1s…9s 1z…7z).
"""

from __future__ import annotations

from typing import Sequence

from mjrules.kernel.shanten import shanten, standard_shanten
from mjrules.kernel.shapes import arrangements, is_chiitoitsu, is_kokushi

__all__ = ["improving_kinds", "is_winning", "shanten", "standard_shanten", "winning_kinds"]


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
