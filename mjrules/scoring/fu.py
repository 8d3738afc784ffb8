"""Fu: the itemised minipoint count of one reading."""

from __future__ import annotations

from typing import Any, Mapping, NamedTuple

import attrs

from mjrules.model.melds import SEQ
from mjrules.model.tiles import DRAGONS, YAOCHU, tile
from mjrules.scoring.reading import CHIITOITSU, KANCHAN, PENCHAN, TANKI, Reading

_YAOCHU = frozenset(YAOCHU)
_WAIT_FU = {KANCHAN: 2, PENCHAN: 2, TANKI: 2}
CHIITOITSU_FU = 25


@attrs.frozen
class FuItem:
    """One line of a fu count, e.g. ``FuItem("closed triplet 7z", 8)``."""

    label: str
    fu: int


class Fu(NamedTuple):
    """A reading's fu, rounded up to tens, with the items that make it when asked for."""

    total: int
    items: tuple[FuItem, ...] = ()


def pair_fu(r: Reading, flags: Mapping[str, Any]) -> int:
    p = r.pair
    if p < 27:
        return 0
    if p >= DRAGONS[0]:
        return 2
    fu = (2 if p == r.seat_wind else 0) + (2 if p == r.round_wind else 0)
    if fu == 4:
        return flags.get("double_wind_pair_fu", 4)  # the fu plugin may be disabled
    return fu


def count_fu(r: Reading, flags: Mapping[str, Any], detail: bool = False) -> Fu:
    """The fu of a non-kokushi reading; with ``detail`` also its items."""
    if r.form == CHIITOITSU:
        return Fu(CHIITOITSU_FU, (FuItem("chiitoitsu", CHIITOITSU_FU),) if detail else ())
    items: list[FuItem] = []
    closed = r.closed
    tsumo = r.tsumo
    total = 20
    if detail:
        items.append(FuItem("base", 20))
    if closed and not tsumo:
        total = 30
        if detail:
            items.append(FuItem("menzen ron", 10))
    parts = 0
    if r.triplets:  # sequences earn nothing
        for kind, first, concealed, kan in r.sets:
            if kind == SEQ:
                continue
            f = 4 if first in _YAOCHU else 2
            if concealed:
                f *= 2
            if kan:
                f *= 4
            parts += f
            if detail:
                what = ("closed " if concealed else "open ") + ("kan" if kan else "triplet")
                items.append(FuItem(f"{what} {tile(first)}", f))
    pf = pair_fu(r, flags) if r.pair >= 27 else 0
    if pf:
        parts += pf
        if detail:
            items.append(FuItem(f"pair {tile(r.pair)}", pf))
    wf = _WAIT_FU.get(r.wait, 0)
    if wf:
        parts += wf
        if detail:
            items.append(FuItem(f"{r.wait} wait", wf))
    total += parts
    if tsumo:
        # pinfu tsumo has no tsumo fu, nor rinshan where the ruleset says so
        if not (parts == 0 and closed) and not (r.win.rinshan and not flags.get("rinshan_tsumo_fu", True)):
            total += 2
            if detail:
                items.append(FuItem("tsumo", 2))
    elif parts == 0 and not closed:
        total += 10  # an open hand worth 20 fu on ron is paid as 30
        if detail:
            items.append(FuItem("open pinfu", 10))
    fu = -(-total // 10) * 10
    if detail and fu != total:
        items.append(FuItem("rounding", fu - total))
    return Fu(fu, tuple(items))
