"""Yakuman, one module per family; the double forms are separate entries (``double=True``):

- ``kokushi`` kokushi musou, 13-sided wait
- ``suuankou`` four concealed triplets, single wait
- ``dragons`` daisangen
- ``winds`` shousuushii, daisuushii
- ``all_of_a_kind`` tsuuiisou, ryuuiisou, chinroutou
- ``suukantsu`` four kans
- ``chuuren`` chuuren poutou, junsei (9-sided)
- ``blessings`` tenhou, chiihou
"""

from typing import Callable

from mjrules.plugin_api import Flag, Flags, Yaku, hookimpl

from . import (
    all_of_a_kind,
    blessings,
    chuuren,
    dragons,
    kokushi,
    suuankou,
    suukantsu,
    winds,
)


@hookimpl
def mjrules_register_flags(register: Callable[[Flag], None]) -> None:
    register(Flag("ryuuiisou_needs_hatsu", bool, False, "all green needs the green dragon in the hand"))
    register(kokushi.ANKAN_CHANKAN)


@hookimpl
def mjrules_register_yaku(register: Callable[[Yaku], None], flags: Flags) -> None:
    # all_of_a_kind holds the yakuman whose definition depends on a flag
    for y in (*kokushi.build(flags), *suuankou.YAKU, *dragons.YAKU, *winds.YAKU, *all_of_a_kind.build(flags), *suukantsu.YAKU,
              *chuuren.YAKU, *blessings.YAKU):
        register(y)
