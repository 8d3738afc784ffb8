"""How a round is played and settled, and when a game ends.

What a player may do (``PlayRules``): the abortive draws, kuikae, what a riichi needs, a closed kan
after riichi, calls on the last discard, the kan limit, chi at three players. How a round is
settled (``RoundRules``): several winners on one discard, who collects honba and riichi sticks, the
payments at an exhaustive draw, the dealer's repeat, the game's length, the last dealer's stop,
the extra wind, busting, the riichi sticks left at the end and how final points are rounded.

Read by ``mjrules replay`` (``mjrules.records``) and the table (``mjrules.table``); the defaults
are Tenhou's but for the extra wind, plain sudden death (Tenhou's repeats the dealer first: the
``tenhou`` presets set ``dealer_first``; see ``mjrules.game.settlement.game_end``), and the last
dealer's stop, Tenhou's up to June 2010 (the ``tenhou`` presets set today's ``win_or_tenpai``).
Nagashi mangan is the ``nagashi`` plugin's
flag, the start and return scores and the uma the ``placing`` plugin's (which also reads
``points_rounding``).
"""

from typing import Callable

from mjrules.plugin_api import (
    Flag,
    Flags,
    PlacingRule,
    PlayRules,
    RoundRules,
    flags_of,
    from_flags,
    hookimpl,
)

FLAGS = (*flags_of(PlayRules), *flags_of(RoundRules), *flags_of(PlacingRule, "rounding"))
"""Every flag of the table's play and of the round's settlement, declared on the parts' fields
(``mjrules.rules.rules``), and ``points_rounding`` of ``PlacingRule``, which the placing plugin
makes (and reads at its declared default where this plugin is off)."""


@hookimpl
def mjrules_register_flags(register: Callable[[Flag], None]) -> None:
    for flag in FLAGS:
        register(flag)


@hookimpl
def mjrules_round_rules(flags: Flags) -> RoundRules:
    return from_flags(RoundRules, flags)


@hookimpl
def mjrules_play_rules(flags: Flags, players: int) -> PlayRules:
    # riichi_without_draw: no live draw need be left; else as many as players (a draw of one's own to come)
    return from_flags(PlayRules, flags, riichi_min_draws=0 if flags.get_bool("riichi_without_draw") else players)
