"""The honba (repeat counter) bonus."""

from typing import Callable

from mjrules.plugin_api import Flag, Flags, FlagValueError, HonbaRule, flag_of, from_flags, hookimpl


@hookimpl
def mjrules_register_flags(register: Callable[[Flag], None]) -> None:
    register(flag_of(HonbaRule, "value"))  # honba_value


@hookimpl
def mjrules_honba_rule(flags: Flags, players: int) -> HonbaRule:
    rule = from_flags(HonbaRule, flags)
    payers = players - 1
    if rule.value % (100 * payers):  # a tsumo's payers share the honba in whole hundreds
        raise FlagValueError("honba_value", f"{rule.value} does not split into whole hundreds among the {payers} "
                                            f"payers of a tsumo at {players} players; use a multiple of {100 * payers}")
    return rule
