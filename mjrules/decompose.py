"""Every way to read a 14-tile hand: four sets and a pair, seven pairs, or thirteen orphans.

Each suit's nine counts are looked up in a table (filled lazily, one entry per count vector
seen) that lists all ways that suit splits into sequences, triplets and at most one pair.
A hand's readings are the product of its suits' entries: no per-hand backtracking.
"""

from __future__ import annotations

from itertools import product

from .tiles import YAOCHU as _YAOCHU

SEQ = 0
TRIPLET = 1
# A set is (kind, first tile index): (SEQ, 0) is 1m2m3m, (TRIPLET, 31) is three whites.

_SUIT_TABLES: tuple[dict, dict, dict] = ({}, {}, {})
"""Per suit: nine counts → all its splits, filled on first sight of each count vector."""


def _split(c: list[int], i: int, with_pair: bool, sets: list, pair: int, out: list) -> None:
    while i < 9 and c[i] == 0:
        i += 1
    if i == 9:
        if not with_pair or pair >= 0:
            out.append((pair, tuple(sets)))
        return
    if c[i] >= 3:
        c[i] -= 3
        sets.append((TRIPLET, i))
        _split(c, i, with_pair, sets, pair, out)
        sets.pop()
        c[i] += 3
    if with_pair and pair < 0 and c[i] >= 2:
        c[i] -= 2
        _split(c, i, with_pair, sets, i, out)
        c[i] += 2
    if i <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        sets.append((SEQ, i))
        _split(c, i, with_pair, sets, pair, out)
        sets.pop()
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1


def suit_readings(suit: int, counts: tuple[int, ...]) -> tuple:
    """All (pair or -1, sets) splits of one suit's counts, with global tile indices; () if none."""
    table = _SUIT_TABLES[suit]
    hit = table.get(counts)
    if hit is not None:
        return hit
    n = sum(counts)
    out: list = []
    if n % 3 != 1:
        _split(list(counts), 0, n % 3 == 2, [], -1, out)
    off = suit * 9
    res = tuple(
        (p + off if p >= 0 else -1, tuple((k, j + off) for k, j in sets)) for p, sets in out
    )
    table[counts] = res
    return res


def standard(counts: tuple[int, ...]) -> list[tuple[int, tuple]]:
    """Readings of the concealed counts as sets plus exactly one pair: [(pair, sets), …]."""
    options = []
    for suit, table in enumerate(_SUIT_TABLES):
        part = counts[suit * 9 : suit * 9 + 9]
        if part == _EMPTY_SUIT:
            continue
        r = table.get(part)
        if r is None:
            r = suit_readings(suit, part)
        if not r:
            return []
        options.append(r)
    pair = -1
    honours = []
    for i in range(27, 34):
        c = counts[i]
        if c:
            if c == 3:
                honours.append((TRIPLET, i))
            elif c == 2 and pair < 0:
                pair = i
            else:
                return []
    if len(options) == 1 and len(options[0]) == 1:  # the usual case: one way to read the suits
        p, sets = options[0][0]
        if (p >= 0) == (pair >= 0):
            return []
        return [(p if p >= 0 else pair, tuple(honours) + sets if honours else sets)]
    result = []
    for combo in product(*options):
        p = pair
        sets = list(honours)
        ok = True
        for cp, cs in combo:
            if cp >= 0:
                if p >= 0:
                    ok = False
                    break
                p = cp
            sets.extend(cs)
        if ok and p >= 0:
            result.append((p, tuple(sets)))
    return result


_EMPTY_SUIT = (0,) * 9


def is_chiitoitsu(counts: list[int]) -> bool:
    """Seven different pairs (four of a kind is not two pairs)."""
    return counts.count(2) == 7


def is_kokushi(counts: list[int]) -> bool:
    """One of each terminal and honour, one of them doubled."""
    if sum(counts) != 14:
        return False
    return all(counts[i] for i in _YAOCHU) and sum(counts[i] for i in _YAOCHU) == 14
