"""Flags of the fu count (the count itself is in ``mjrules.scoring.fu``)."""

from typing import Callable

from mjrules.plugin_api import Flag, hookimpl


@hookimpl
def mjrules_register_flags(register: Callable[[Flag], None]) -> None:
    register(Flag("rinshan_tsumo_fu", bool, True, "a rinshan kaihou win earns the 2 tsumo fu"))
    register(Flag("double_wind_pair_fu", int, 4, "fu for a pair of the wind that is both seat and round wind", choices=(2, 4)))
