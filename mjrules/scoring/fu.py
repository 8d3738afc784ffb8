"""Fu: the itemised minipoint count of one reading."""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple

import attrs

from mjrules.model.melds import SEQ
from mjrules.model.tiles import DRAGONS, NORTH, YAOCHU, tile
from mjrules.scoring.reading import CHIITOITSU, KANCHAN, PENCHAN, TANKI, Reading

_YAOCHU = frozenset(YAOCHU)
CHIITOITSU_FU = 25


class FuItem(NamedTuple):
    """One line of a fu count, e.g. ``FuItem("closed triplet 7z", 8)``."""

    label: str
    fu: int


@attrs.define(frozen=False)  # built per reading: attrs' plain __init__, no frozen setattr
class Fu:
    """A reading's fu, rounded up to tens, and the items that make it."""

    total: int
    items: tuple[FuItem, ...]


# Every item a count can hold, made once: a hand's items are looked up, not built.
_SET_ITEM = {
    (concealed, kan): tuple(
        FuItem(f"{'closed' if concealed else 'open'} {'kan' if kan else 'triplet'} {tile(i)}",
               (4 if i in _YAOCHU else 2) * (2 if concealed else 1) * (4 if kan else 1))
        for i in range(34))
    for concealed in (False, True) for kan in (False, True)
}
_PAIR_ITEM = {(i, fu): FuItem(f"pair {tile(i)}", fu) for i in range(27, 34) for fu in (2, 4)}
_WAIT_ITEM = {wait: FuItem(f"{wait} wait", 2) for wait in (KANCHAN, PENCHAN, TANKI)}
_ROUNDING = tuple(FuItem("rounding", n) for n in range(10))
_BASE, _MENZEN_RON, _TSUMO, _OPEN_PINFU = (FuItem("base", 20), FuItem("menzen ron", 10), FuItem("tsumo", 2),
                                           FuItem("open pinfu", 10))
_CHIITOITSU = {
    "25fu2han": Fu(CHIITOITSU_FU, (FuItem("chiitoitsu", CHIITOITSU_FU),)),
    "50fu1han": Fu(50, (FuItem("chiitoitsu", 50),)),  # the older count: 50 fu and 1 han
}


def pair_fu(r: Reading, flags: Mapping[str, Any]) -> int:
    p = r.pair
    if p < 27:
        return 0
    if p >= DRAGONS[0]:
        return 2
    fu = (2 if p == r.seat_wind else 0) + (2 if p == r.round_wind else 0)
    if p == NORTH and flags.get("north_yakuhai", False):  # three-player rule; the sanma plugin declares it
        fu += 2
    if fu == 4:
        return flags.get("double_wind_pair_fu", 4)  # the fu plugin may be disabled
    return fu


def count_fu(r: Reading, flags: Mapping[str, Any]) -> Fu:
    """The fu of a non-kokushi reading, itemised."""
    if r.form == CHIITOITSU:
        return _CHIITOITSU[flags.get("chiitoitsu_value", "25fu2han")]  # the seven-pairs plugin may be disabled
    closed = r.closed
    tsumo = r.tsumo
    items = [_BASE]
    total = 20
    if closed and not tsumo:
        total = 30
        items.append(_MENZEN_RON)
    parts = 0
    if r.triplets:  # sequences earn nothing
        for kind, first, concealed, kan in r.sets:
            if kind != SEQ:
                item = _SET_ITEM[concealed, kan][first]
                parts += item.fu
                items.append(item)
    pf = pair_fu(r, flags) if r.pair >= 27 else 0
    if pf:
        parts += pf
        items.append(_PAIR_ITEM[r.pair, pf])
    wait = _WAIT_ITEM.get(r.wait)
    if wait is not None:
        parts += 2
        items.append(wait)
    total += parts
    if tsumo:
        # pinfu tsumo has no tsumo fu unless the ruleset says so, nor rinshan where the ruleset says so
        if parts == 0 and closed:
            earns = flags.get("pinfu_tsumo_fu", False)
        else:
            earns = not (r.win.rinshan and not flags.get("rinshan_tsumo_fu", True))
        if earns:
            total += 2
            items.append(_TSUMO)
    elif parts == 0 and not closed and flags.get("open_pinfu_fu", True):
        total += 10  # an open hand worth 20 fu on ron is paid as 30
        items.append(_OPEN_PINFU)
    fu = -(-total // 10) * 10
    if fu != total:
        items.append(_ROUNDING[fu - total])
    return Fu(fu, tuple(items))
