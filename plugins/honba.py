"""The honba (repeat counter) bonus."""

from typing import Callable

from mjrules.plugin_api import Flag, hookimpl


@hookimpl
def mjrules_register_flags(register: Callable[[Flag], None]) -> None:
    register(Flag("honba_value", int, 300, "points per honba: all from the discarder on ron, a third from each payer on tsumo", choices=(0, 300, 600, 900, 1500)))
