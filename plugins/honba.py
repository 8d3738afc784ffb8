"""The honba (repeat counter) bonus."""

from typing import Callable

from mjrules.plugin_api import Flag, Flags, FlagValueError, HonbaRule, hookimpl


@hookimpl
def mjrules_register_flags(register: Callable[[Flag], None]) -> None:
    register(Flag("honba_value", int, 300,
                  "points per honba in all: from the discarder on a ron, shared by the payers of a tsumo (a third "
                  "each of four players, half each of three)", choices=(0, 200, 300, 600, 900, 1000, 1500)))


@hookimpl
def mjrules_honba_rule(flags: Flags, players: int) -> HonbaRule:
    value = flags.get_int("honba_value")
    payers = players - 1
    if value % (100 * payers):  # a tsumo's payers share the honba in whole hundreds
        raise FlagValueError("honba_value", f"{value} does not split into whole hundreds among the {payers} payers "
                                            f"of a tsumo at {players} players; use a multiple of {100 * payers}")
    return HonbaRule(value)
