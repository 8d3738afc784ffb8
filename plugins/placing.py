"""How a game's end is counted: final placings and their ties, start and return scores, uma and oka
(for ``mjrules needs`` and game replays)."""

from typing import Callable

from mjrules.plugin_api import SEAT_ORDER, TIES, Flag, hookimpl

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
                  "players, is the oka paid to the top", minimum=0, maximum=1_000_000))
    register(Flag("uma", list, (20, 10, -10, -20),
                  "placing bonus in thousands, 1st first (順位点); one value per player", item=int))
    register(Flag("uma_floating", list, (),
                  "uma that depends on how many players float (end at or above return_score; 浮きウマ): one "
                  "block of one value per player for 1 floating, then 2, …, up to all but one, blocks one after "
                  "another; a count without a block, or an empty list, pays uma", item=int))
