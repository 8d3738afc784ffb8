"""How a round is settled and a game ends: several winners on one discard, who collects honba and
riichi sticks, the payments at an exhaustive draw, nagashi mangan, the dealer's repeat, and the
final points (starting score, return, uma, leftover sticks, rounding). Read by ``mjrules replay``
(``mjrules.games.settlement``); the defaults are Tenhou's."""

from typing import Callable

from mjrules.plugin_api import Flag, hookimpl

FLAGS = (
    Flag("max_ron_winners", int, 2,
         "most players who win on one discard: 1 = head bump (the first in turn order from the discarder), "
         "2 = double ron, 3 = triple ron", minimum=1, maximum=3),
    Flag("triple_ron_draw", bool, True,
         "three players ronning one discard abort the hand as a draw (三家和) instead of the head bump"),
    Flag("multi_ron_honba", str, "first",
         "several winners on one discard: 'each' collects the honba from the discarder, or only the 'first' "
         "in turn order (riichi sticks always go to the first)", choices=("each", "first")),
    Flag("noten_payment", int, 3000,
         "points the players not in tenpai pay those in tenpai at an exhaustive draw, in all (0: none)",
         choices=(0, 1000, 3000)),
    Flag("nagashi_mangan", str, "draw",
         "nagashi mangan: 'draw' (a mangan tsumo payment, the hand still a draw: no honba, sticks stay), "
         "'win' (a mangan tsumo win with honba and sticks) or 'none'", choices=("draw", "win", "none")),
    Flag("dealer_repeat", str, "tenpai",
         "the dealer deals again after winning, and after an exhaustive draw in 'tenpai'; only after winning "
         "in 'win' (an abortive draw is always dealt again)", choices=("tenpai", "win")),
    Flag("start_score", int, 25000, "each player's score at the start of the game", minimum=0, maximum=1_000_000),
    Flag("return_score", int, 30000,
         "the score final points are counted from; the difference to start_score, times four, is the top's oka",
         minimum=0, maximum=1_000_000),
    Flag("uma_first", int, 20, "uma of the first place, in thousands of points", minimum=-1000, maximum=1000),
    Flag("uma_second", int, 10, "uma of the second place, in thousands of points", minimum=-1000, maximum=1000),
    Flag("uma_third", int, -10, "uma of the third place, in thousands of points", minimum=-1000, maximum=1000),
    Flag("uma_fourth", int, -20, "uma of the fourth place, in thousands of points", minimum=-1000, maximum=1000),
    Flag("leftover_sticks", str, "top",
         "riichi sticks still on the table when the game ends: to the 'top' player or 'lost'",
         choices=("top", "lost")),
    Flag("points_rounding", str, "nearest-thousand",
         "final points of 2nd-4th: the score rounded to the nearest thousand (half away from zero), the top "
         "taking the rest (Tenhou), or 'exact' to one decimal", choices=("nearest-thousand", "exact")),
)


@hookimpl
def mjrules_register_flags(register: Callable[[Flag], None]) -> None:
    for flag in FLAGS:
        register(flag)
