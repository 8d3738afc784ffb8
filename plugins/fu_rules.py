"""Flags of the fu count (the count itself is in ``mjrules.scoring.fu``)."""

from typing import Callable

from mjrules.plugin_api import Flag, hookimpl


@hookimpl
def mjrules_register_flags(register: Callable[[Flag], None]) -> None:
    register(Flag("rinshan_tsumo_fu", bool, True, "a rinshan kaihou win earns the 2 tsumo fu"))
    register(Flag("pinfu_tsumo_fu", bool, False,
                  "a pinfu tsumo earns the 2 tsumo fu (30 fu); false: no tsumo fu, 20 fu (the usual count)"))
    register(Flag("open_pinfu_fu", bool, True,
                  "an open hand that counts 20 fu on a ron is paid as 30 fu; false: it stays at 20 fu"))
    register(Flag("double_wind_pair_fu", int, 4, "fu for a pair of the wind that is both seat and round wind", choices=(2, 4)))
