"""Nagashi mangan: a player whose discards were all terminals and honours, none of them called,
is paid a mangan at an exhaustive draw: as a draw payment (Tenhou, Mahjong Soul, majiang-core:
no honba, the riichi sticks stay on the table), as a mangan tsumo win (older EMA), or not at all
(M.League, WRC, EMA 2016 and later). ``Scorer.nagashi`` pays it by this plugin's rule."""

from typing import Callable

from mjrules.plugin_api import NAGASHI_MODES, Flag, Flags, NagashiRule, hookimpl

MODES = NAGASHI_MODES


@hookimpl
def mjrules_register_flags(register: Callable[[Flag], None]) -> None:
    register(Flag("nagashi_mangan", str, "draw",
                  "'draw': paid at the draw as a mangan tsumo, without honba, the riichi sticks left on the table; "
                  "'win': paid as a mangan tsumo win, honba and riichi sticks included; 'none': not paid",
                  choices=MODES))


@hookimpl
def mjrules_nagashi_rule(flags: Flags) -> NagashiRule:
    return NagashiRule(flags.get_str("nagashi_mangan"))
