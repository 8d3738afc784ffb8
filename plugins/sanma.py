"""Three-player mahjong (sanma): kita (北抜き) and its line in the breakdown, how a tsumo pays the
seat nobody sits in, rinshan and chankan after a kita, and North as a value tile.

Enabled by the three-player presets; a four-player ruleset that enables it is refused when a
Scorer is built. The 108-tile set and its 1m/9m dora wrap are the dora plugin's ``tile_set``.
"""

from typing import Callable

from mjrules.plugin_api import (
    NORTH,
    ROBBED_KITA,
    STANDARD,
    Flag,
    Flags,
    FlagValueError,
    Reading,
    SanmaRules,
    Yaku,
    flags_of,
    from_flags,
    hookimpl,
    native_twin,
)


@native_twin("kita")
def kita(r: Reading, flags: Flags) -> int:
    """One dora per North set aside (the indicators' dora on them are counted by the dora plugin)."""
    return r.win.kita


@native_twin("extras_tag", ROBBED_KITA)
def robbed_kita(r: Reading, flags: Flags) -> bool:
    return ROBBED_KITA in r.win.extras


@native_twin("honour_triplet", NORTH)
def north_triplet(r: Reading, flags: Flags) -> bool:
    return r.counts[NORTH] >= 3 and r.form == STANDARD


@hookimpl
def mjrules_register_flags(register: Callable[[Flag], None]) -> None:
    for flag in flags_of(SanmaRules):  # kita, kita_rinshan, kita_chankan, tsumo_loss
        register(flag)
    register(Flag("north_yakuhai", bool, False,
                  "a triplet of North is a value tile (1 han) for every player, and a North pair earns 2 fu"))


@hookimpl
def mjrules_register_yaku(register: Callable[[Yaku], None], flags: Flags) -> None:
    if flags["kita"]:
        register(Yaku("kita", "Kita (North dora)", "抜きドラ", kita, bonus=True, when="kita"))
        if flags["kita_chankan"]:
            register(Yaku("chankan_kita", "Robbing a kita", "槍槓 (抜き北)", robbed_kita, han=1, han_open=1,
                          when="ron", extras=(ROBBED_KITA,)))
    if flags["north_yakuhai"]:
        register(Yaku("north", "North wind", "翻牌 北", north_triplet, han=1, han_open=1, forms=(STANDARD,),
                      honours=True, min_triplets=1, triplet_of=(NORTH,)))


@hookimpl
def mjrules_sanma_rules(flags: Flags, players: int) -> SanmaRules:
    if players != 3:
        raise FlagValueError(None, f"'sanma' is for three players, and this ruleset has players = {players}")
    return from_flags(SanmaRules, flags)
