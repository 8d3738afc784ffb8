"""Nagashi mangan: a player whose discards were all terminals and honours, none of them called,
is paid a mangan at an exhaustive draw: as a draw payment (Tenhou, Mahjong Soul, majiang-core:
no honba, the riichi sticks stay on the table), as a mangan tsumo win (older EMA), or not at all
(M.League, WRC, EMA 2016 and later). ``Scorer.nagashi`` pays it by this plugin's rule."""

from typing import Callable

from mjrules.plugin_api import Flag, Flags, NagashiRule, flags_of, from_flags, hookimpl


@hookimpl
def mjrules_register_flags(register: Callable[[Flag], None]) -> None:
    for flag in flags_of(NagashiRule):  # nagashi_mangan
        register(flag)


@hookimpl
def mjrules_nagashi_rule(flags: Flags) -> NagashiRule:
    return from_flags(NagashiRule, flags)
