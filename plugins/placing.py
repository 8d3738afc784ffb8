"""How a game's end is counted: final placings and their ties, start and return scores, uma and oka
(for ``mjrules needs`` and game replays)."""

from typing import Callable

from mjrules.plugin_api import Flag, Flags, FlagValueError, PlacingRule, flag_of, flags_of, from_flags, hookimpl

TIE_BREAK = flag_of(PlacingRule, "tie")
"""The flag ``tie_break`` (declared on ``PlacingRule.tie``), by the name this module gave it in 0.3."""


@hookimpl
def mjrules_register_flags(register: Callable[[Flag], None]) -> None:
    for flag in flags_of(PlacingRule, omit=("rounding",)):  # points_rounding: the settlement plugin declares it
        register(flag)


@hookimpl
def mjrules_placing_rule(flags: Flags, players: int) -> PlacingRule:
    uma = flags.get_numbers("uma")
    if len(uma) != players:
        raise FlagValueError("uma", f"{len(uma)} values for {players} players; give one per placing, 1st first")
    total = round(sum(uma) * 10) / 10  # in tenths, so that 7.5 + 2.5 - 2.5 - 7.5 is 0 exactly
    if total:
        raise FlagValueError("uma", f"{list(uma)} adds up to {total:+g}; the uma one player gains another pays, "
                                    "so it adds up to 0 (the oka is start_score and return_score)")
    floating = flags.get_ints("uma_floating")
    blocks = players * (players - 1)
    if floating and len(floating) != blocks:
        raise FlagValueError("uma_floating", f"{len(floating)} values; {players} players need {blocks}: a block of "
                                             f"{players} (1st first) for each count of floating players from 1 to "
                                             f"{players - 1}")
    for k in range(0, len(floating), players):
        if sum(floating[k:k + players]):
            raise FlagValueError("uma_floating", f"the block for {k // players + 1} floating, "
                                                 f"{list(floating[k:k + players])}, does not add up to 0")
    # a return score below the start is a negative oka, which the top pays (majiang-core counts from
    # 30,000 whatever its 配給原点, 35,000 included): unusual, so PlacingRule.notes says so, but played
    # points_rounding is the settlement plugin's flag: at its declared default where that plugin is off
    return from_flags(PlacingRule, flags)
