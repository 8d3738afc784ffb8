"""Every way to read a 14-tile hand: four sets and a pair, seven pairs, or thirteen orphans.

Each suit's nine counts (and the honours' seven) are looked up in a table, filled lazily with
one entry per count vector seen, that lists every way the group splits into sequences,
triplets and at most one pair. A hand's readings are the product of its groups' entries: no
per-hand backtracking.
"""

from __future__ import annotations

from itertools import product
from typing import Any, Sequence

from mjrules.model.melds import SEQ, TRIPLET, SetShape
from mjrules.model.names import TextEnum
from mjrules.model.tiles import YAOCHU as _YAOCHU


class Wait(TextEnum):
    """``Reading.wait``: a ``str``, so ``reading.wait == "tanki"`` and the JSON output hold as before."""

    RYANMEN = "ryanmen"
    KANCHAN = "kanchan"
    PENCHAN = "penchan"
    SHANPON = "shanpon"
    TANKI = "tanki"
    KOKUSHI = "kokushi"
    """Thirteen orphans' wait (the reading's form names it)."""


RYANMEN, KANCHAN, PENCHAN, SHANPON, TANKI = Wait.RYANMEN, Wait.KANCHAN, Wait.PENCHAN, Wait.SHANPON, Wait.TANKI


Split = tuple[int, tuple[SetShape, ...], tuple[int, ...], tuple[int, ...], dict[int, tuple[Wait, ...]]]
"""One way a group's counts split: (pair kind or -1, sets, sequence starts, triplet kinds, winning
tile → the waits it completes there). A plain tuple read by position: ``placed`` joins four of
them for every hand, and a named tuple's fields would cost it an unspecialised lookup each."""

CONCEALED: dict[tuple[int, int], SetShape] = {(kind, i): SetShape(kind, i, True, False) for kind in (SEQ, TRIPLET) for i in range(34)}
"""Each concealed set, made once: the tables' entries share them (fewer objects for the garbage
collector to follow through tables that grow with every new count vector)."""

_TABLES: tuple[dict[tuple[int, ...], tuple[Split, ...]], ...] = ({}, {}, {}, {})
"""Per group (m, p, s, honours): counts → its splits (see ``group_splits``), filled on first
sight of each count vector."""


def _split(c: list[int], i: int, with_pair: bool, sets: list[Any], pair: int, out: list[Any], runs: bool) -> None:
    end = len(c)
    while i < end and c[i] == 0:
        i += 1
    if i == end:
        if not with_pair or pair >= 0:
            out.append((pair, tuple(sets)))
        return
    if c[i] >= 3:
        c[i] -= 3
        sets.append((TRIPLET, i))
        _split(c, i, with_pair, sets, pair, out, runs)
        sets.pop()
        c[i] += 3
    if with_pair and pair < 0 and c[i] >= 2:
        c[i] -= 2
        _split(c, i, with_pair, sets, i, out, runs)
        c[i] += 2
    if runs and i <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        sets.append((SEQ, i))
        _split(c, i, with_pair, sets, pair, out, runs)
        sets.pop()
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1


def group_splits(group: int, counts: tuple[int, ...]) -> tuple[Split, ...]:
    """All splits of one group's counts (group 0–2 a suit, 3 the honours) as (pair or -1, sets,
    sequence starts, triplet kinds, winning-tile places), with global tile indices; () if none.
    A set is (kind, first, True, False): the form of ``Reading.sets`` for a concealed set.
    The last item (winning tile → its waits) is filled by ``placed``, one entry per tile seen."""
    table = _TABLES[group]
    hit = table.get(counts)
    if hit is not None:
        return hit
    n = sum(counts)
    out: list[tuple[int, tuple[tuple[int, int], ...]]] = []
    if n % 3 != 1:
        _split(list(counts), 0, n % 3 == 2, [], -1, out, group < 3)
    off = group * 9
    splits: list[Split] = []
    for p, found in out:
        sets = tuple(CONCEALED[k, j + off] for k, j in found)
        splits.append((
            p + off if p >= 0 else -1, sets,
            tuple(s.first for s in sets if s.kind == SEQ), tuple(s.first for s in sets if s.kind == TRIPLET), {},
        ))
    res = table[counts] = tuple(splits)
    return res


Arrangement = tuple[int, tuple[SetShape, ...], tuple[int, ...], tuple[int, ...]]
"""(pair kind, sets, sequence starts, triplet kinds) of a whole hand's concealed tiles."""


def arrangements(counts: tuple[int, ...]) -> list[Arrangement]:
    """Readings of the concealed counts as sets plus exactly one pair:
    [(pair, sets, sequence starts, triplet kinds), …], honour sets first, then m, p, s."""
    groups = [group_splits(g, counts[g * 9:g * 9 + (7 if g == 3 else 9)]) for g in (3, 0, 1, 2)]
    if not all(groups) or sum(r[0][0] >= 0 for r in groups) != 1:
        return []
    return [
        (max(a[0], b[0], c[0], d[0]), a[1] + b[1] + c[1] + d[1], a[2] + b[2] + c[2] + d[2], a[3] + b[3] + c[3] + d[3])
        for a, b, c, d in product(*groups)
    ]




def _waits(split: Split, w: int) -> tuple[Wait, ...]:
    """The waits the winning tile ``w`` can complete in one group's split, each once, in the
    order of the pair and the sets (stored in the split for the next hand)."""
    pair, sets = split[0], split[1]
    out = []
    if pair == w:
        out.append(TANKI)
    for kind, first, _, _ in sets:
        if kind == TRIPLET:
            wait = SHANPON if first == w else None
        elif first <= w <= first + 2:
            pos = w - first
            if pos == 1:
                wait = KANCHAN
            elif (pos == 0 and first % 9 == 6) or (pos == 2 and first % 9 == 0):
                wait = PENCHAN
            else:
                wait = RYANMEN
        else:
            wait = None
        if wait is not None and wait not in out:  # the same wait in another set gives the same reading
            out.append(wait)
    waits = split[4][w] = tuple(out)
    return waits


_TM, _TP, _TS, _TH = _TABLES
_GROUP_OF = tuple([1] * 9 + [2] * 9 + [3] * 9 + [0] * 7)
"""Tile index → position of its group in (honours, m, p, s), the order sets are joined in."""


def placed(h: tuple[int, ...], m: tuple[int, ...], p: tuple[int, ...], s: tuple[int, ...],
           w: int) -> list[tuple[int, tuple[SetShape, ...], tuple[int, ...], tuple[int, ...], tuple[Wait, ...]]]:
    """Like ``arrangements`` for a hand won on tile ``w``, its concealed counts (which include
    ``w``) given as their groups: honours ``counts[27:34]``, then ``[0:9]``, ``[9:18]``,
    ``[18:27]``, as the caller has them sliced already. Each reading has a fifth item: the
    waits ``w`` completes there (``ryanmen``, ``kanchan``, ``penchan``, ``shanpon``, ``tanki``),
    each once."""
    # Straight-line on purpose: this runs once per hand scored.
    hx = _TH.get(h) or group_splits(3, h)
    mx = _TM.get(m) or group_splits(0, m)
    px = _TP.get(p) or group_splits(1, p)
    sx = _TS.get(s) or group_splits(2, s)
    if not (hx and mx and px and sx):
        return []
    # Every split of a group has a pair or none (the group's tile count mod 3 says which).
    if (hx[0][0] >= 0) + (mx[0][0] >= 0) + (px[0][0] >= 0) + (sx[0][0] >= 0) != 1:
        return []
    g = _GROUP_OF[w]
    out = []
    for a, b, c, d in (
        ((hx[0], mx[0], px[0], sx[0]),) if len(mx) == 1 and len(px) == 1 and len(sx) == 1
        else product(hx, mx, px, sx)
    ):
        split = (a, b, c, d)[g]
        out.append((
            max(a[0], b[0], c[0], d[0]), a[1] + b[1] + c[1] + d[1], a[2] + b[2] + c[2] + d[2],
            a[3] + b[3] + c[3] + d[3], split[4].get(w) or _waits(split, w),
        ))
    return out


def is_chiitoitsu(counts: Sequence[int]) -> bool:
    """Seven different pairs (four of a kind is not two pairs)."""
    return counts.count(2) == 7


def is_kokushi(counts: Sequence[int]) -> bool:
    """One of each terminal and honour, one of them doubled."""
    if sum(counts) != 14:
        return False
    return all(counts[i] for i in _YAOCHU) and sum(counts[i] for i in _YAOCHU) == 14
