"""Final placings: who is 1st … 4th with given scores, and how equal scores are broken."""

from __future__ import annotations

from typing import Sequence

SEAT_ORDER, SHARED = "seat-order", "shared"
TIES: tuple[str, ...] = (SEAT_ORDER, SHARED)
"""The tie-break rules: ``seat-order`` (Tenhou's: the player earlier in the game's initial seating,
from the first dealer, ranks higher) or ``shared`` (tied players share the higher placing)."""


def placing(scores: Sequence[int], seat: int, first_dealer: int, tie: str = SEAT_ORDER) -> int:
    """The placing (1 for the top) of ``seat`` with these final scores, ``scores[i]`` being seat i's."""
    players = len(scores)
    mine = scores[seat]
    prio = (seat - first_dealer) % players
    above = 0
    for other in range(players):
        if other == seat:
            continue
        s = scores[other]
        if s > mine or (s == mine and tie == SEAT_ORDER and (other - first_dealer) % players < prio):
            above += 1
    return above + 1
