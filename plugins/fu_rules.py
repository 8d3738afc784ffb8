"""The fu count: minipoints of a reading, itemised, and the flags that change it."""

from __future__ import annotations

from typing import Callable

import attrs

from mjrules.plugin_api import (
    CHIITOITSU,
    DRAGONS,
    KANCHAN,
    NORTH,
    PENCHAN,
    SEQ,
    TANKI,
    YAOCHU,
    Flag,
    Flags,
    Fu,
    FuItem,
    Reading,
    computed,
    declared,
    flags_of,
    from_flags,
    hookimpl,
    native_twin,
    rule,
    tile,
)

from .yaku.seven_pairs import CHIITOITSU_VALUE, SevenPairsValue

_YAOCHU = frozenset(YAOCHU)

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
    SevenPairsValue.FU25_HAN2: Fu(25, (FuItem("chiitoitsu", 25),)),
    SevenPairsValue.FU50_HAN1: Fu(50, (FuItem("chiitoitsu", 50),)),  # the older count: 50 fu and 1 han
}


@native_twin("standard_fu")
@attrs.frozen(field_transformer=declared)
class StandardFu:
    """The usual fu count, with the ruleset's choices: this plugin's flags, declared on the fields,
    and two values computed from other plugins' flags (the seven-pairs plugin's
    ``chiitoitsu_value``, the sanma plugin's ``north_yakuhai``)."""

    rinshan_tsumo: bool = rule(True, "a rinshan kaihou win earns the 2 tsumo fu", flag="rinshan_tsumo_fu")
    pinfu_tsumo: bool = rule(False, "a pinfu tsumo earns the 2 tsumo fu (30 fu); false: no tsumo fu, 20 fu (the "
                                    "usual count)", flag="pinfu_tsumo_fu")
    open_pinfu: bool = rule(True, "an open hand that counts 20 fu on a ron is paid as 30 fu; false: it stays at 20 "
                                  "fu", flag="open_pinfu_fu")
    double_wind_pair: int = rule(4, "fu for a pair of the wind that is both seat and round wind",
                                 flag="double_wind_pair_fu", choices=(2, 4))
    seven_pairs: Fu = computed()
    """The fu of a seven-pairs reading."""
    north_is_value: bool = computed()
    """A North pair earns 2 fu for every player (three-player rule)."""

    def pair(self, r: Reading) -> int:
        """Fu of the reading's pair."""
        p = r.pair
        if p < 27:
            return 0
        if p >= DRAGONS[0]:
            return 2
        fu = (2 if p == r.seat_wind_kind else 0) + (2 if p == r.round_wind_kind else 0)
        if p == NORTH and self.north_is_value:
            fu += 2
        return self.double_wind_pair if fu == 4 else fu

    def count(self, r: Reading) -> Fu:
        """The fu of a reading that is not kokushi, itemised."""
        if r.form == CHIITOITSU:
            return self.seven_pairs
        closed = r.closed
        tsumo = r.tsumo
        items = [_BASE]
        total = 20
        if closed and not tsumo:
            total = 30
            items.append(_MENZEN_RON)
        parts = 0
        if r.triplets:  # sequences earn nothing
            for shape in r.sets:
                if shape.kind != SEQ:
                    item = _SET_ITEM[shape.concealed, shape.kan][shape.first]
                    parts += item.fu
                    items.append(item)
        pair = self.pair(r) if r.pair >= 27 else 0
        if pair:
            parts += pair
            items.append(_PAIR_ITEM[r.pair, pair])
        wait = _WAIT_ITEM.get(r.wait)
        if wait is not None:
            parts += 2
            items.append(wait)
        total += parts
        if tsumo:
            # pinfu tsumo has no tsumo fu unless the ruleset says so, nor rinshan where the ruleset says so
            earns = self.pinfu_tsumo if parts == 0 and closed else not (r.win.rinshan and not self.rinshan_tsumo)
            if earns:
                total += 2
                items.append(_TSUMO)
        elif parts == 0 and not closed and self.open_pinfu:
            total += 10  # an open hand worth 20 fu on ron is paid as 30
            items.append(_OPEN_PINFU)
        fu = -(-total // 10) * 10
        if fu != total:
            items.append(_ROUNDING[fu - total])
        return Fu(fu, tuple(items))


@hookimpl
def mjrules_register_flags(register: Callable[[Flag], None]) -> None:
    for flag in flags_of(StandardFu):
        register(flag)


@hookimpl
def mjrules_fu_rules(flags: Flags) -> StandardFu:
    return from_flags(
        StandardFu, flags,
        # another plugin's flags: the seven-pairs count keeps its declared default where that plugin
        # is off, and North is no value tile without the sanma plugin
        seven_pairs=_CHIITOITSU[SevenPairsValue(flags.get_str(CHIITOITSU_VALUE.name, CHIITOITSU_VALUE.default))],
        north_is_value=flags.get_bool("north_yakuhai", False),
    )
