"""How final placings are decided, for tools that reason about a game's end (``mjrules needs``)."""

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
