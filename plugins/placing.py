"""How a game's end is counted: final placings and their ties, start and return scores, uma and oka
(for ``mjrules needs`` and game replays)."""

from typing import Callable

from mjrules.plugin_api import SEAT_ORDER, TIES, Flag, Flags, FlagValueError, PlacingRule, hookimpl

from .settlement import POINTS_ROUNDING

TIE_BREAK = Flag(
    "tie_break", str, SEAT_ORDER,
    "equal final points: 'seat-order' (the player earlier in the game's initial seating, from the first "
    "dealer, ranks higher) or 'shared' (the tied players share the higher placing)",
    choices=TIES,
)


@hookimpl
def mjrules_register_flags(register: Callable[[Flag], None]) -> None:
    register(TIE_BREAK)
    register(Flag("start_score", int, 25000, "each player's score at the start of a game (配給原点)",
                  minimum=0, maximum=1_000_000))
    register(Flag("return_score", int, 30000,
                  "the score final points are counted from (返し, 原点); the difference to start_score, times the "
                  "players, is the oka paid to the top (below start_score: a negative oka, which the top pays)",
                  minimum=0, maximum=1_000_000))
    register(Flag("uma", list, (20, 10, -10, -20),
                  "placing bonus in thousands, 1st first (順位点); one value per player, whole or in tenths (7.5)",
                  item=float))
    register(Flag("uma_floating", list, (),
                  "uma that depends on how many players float (end at or above return_score; 浮きウマ): one "
                  "block of one value per player for 1 floating, then 2, …, up to all but one, blocks one after "
                  "another; a count without a block, or an empty list, pays uma", item=int))


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
    return PlacingRule(
        start=flags.get_int("start_score"), returned=flags.get_int("return_score"), uma=uma,
        tie=flags.get_str("tie_break"), uma_floating=floating,
        # the settlement plugin's flag, at its own default where that plugin is off
        rounding=flags.get_str(POINTS_ROUNDING.name, POINTS_ROUNDING.default),
    )
