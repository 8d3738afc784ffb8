"""Final placings and points: who is 1st … 4th with given scores, how equal scores are broken, and
the rule that turns a game's final scores into final points (``PlacingRule``, ``Rules.placing``)."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import Sequence

import attrs

from mjrules.rules.choices import Rounding, Tie
from mjrules.rules.declare import declared, rule

SEAT_ORDER, SHARED = Tie.SEAT_ORDER, Tie.SHARED
TIES = Tie.values()
"""The tie-break rules as strings (``Tie``), kept for the plugin API."""
ROUNDINGS = Rounding.values()
"""How final points are counted, as strings (``Rounding``), kept for the plugin API."""


def placing(scores: Sequence[int], seat: int, first_dealer: int, tie: str = Tie.SEAT_ORDER) -> int:
    """The placing (1 for the top) of ``seat`` with these final scores, ``scores[i]`` being seat i's."""
    players = len(scores)
    mine = scores[seat]
    prio = (seat - first_dealer) % players
    above = 0
    for other in range(players):
        if other == seat:
            continue
        s = scores[other]
        if s > mine or (s == mine and tie == Tie.SEAT_ORDER and (other - first_dealer) % players < prio):
            above += 1
    return above + 1


def placing_points(scores: Sequence[int], first_dealer: int, *, start: int, returned: int,
                   uma: Sequence[float], tie: str = Tie.SEAT_ORDER) -> tuple[float, ...]:
    """Each seat's final points in thousands: ``(score - returned) / 1000`` plus the uma of its
    placing, and the oka (``(returned - start) × players / 1000``) to the top. Players who share a
    placing (``tie = "shared"``) share the uma and oka of the places they fill."""
    players = len(scores)
    if len(uma) != players:
        raise ValueError(f"uma has {len(uma)} values for {players} players")
    bonus = [float(u) for u in uma]
    bonus[0] += (returned - start) * players / 1000
    places = [placing(scores, seat, first_dealer, tie) for seat in range(players)]
    points = []
    for seat in range(players):
        p = places[seat]
        together = places.count(p)  # equal only under "shared"; seat-order gives distinct placings
        share = sum(bonus[p - 1:p - 1 + together]) / together
        points.append((scores[seat] - returned) / 1000 + share)
    return tuple(points)


def rounded_points(scores: Sequence[int], first_dealer: int, *, returned: int, uma: Sequence[float],
                   tie: str = Tie.SEAT_ORDER, half_up: bool = False) -> tuple[float, ...]:
    """Final points as Tenhou counts them (``points_rounding = "nearest-thousand"``): each score but
    the top's rounded to the nearest thousand, half away from zero (``half_up``: toward +∞, as
    majiang-core), less the return score, plus the uma of its placing; the top gets what makes
    the sum zero (so the oka too)."""
    n = len(scores)
    placings = [placing(scores, s, first_dealer, tie) for s in range(n)]
    out = [0.0] * n
    for seat in range(n):
        if placings[seat] != 1:
            if half_up:
                q = (scores[seat] + 500) // 1000
            else:
                q = (abs(scores[seat]) + 500) // 1000 * (1 if scores[seat] >= 0 else -1)
            out[seat] = float(q - returned // 1000 + uma[placings[seat] - 1])
    out[placings.index(1)] = -sum(out)
    return tuple(out)


def _to_tenth(x: float) -> float:
    """``x`` to one decimal as JavaScript's ``x.toFixed(1)`` writes it: the tenth nearest the float's
    exact value, a half away from zero (toFixed rounds the magnitude, the larger of two as near)."""
    return float(Decimal(x).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP))


def tenth_points(scores: Sequence[int], first_dealer: int, *, returned: int, uma: Sequence[float],
                 tie: str = Tie.SEAT_ORDER) -> tuple[float, ...]:
    """Final points as majiang-core 1.4.1 counts them when its 順位点 have a decimal (``Game.jieju``),
    float for float: each but the top's ``(score - returned) / 1000`` plus the uma of its placing, the
    top ``0`` less each of those in placing order; each written to one decimal by ``_to_tenth``."""
    n = len(scores)
    placings = [placing(scores, s, first_dealer, tie) for s in range(n)]
    exact = [0.0] * n
    top = placings.index(1)
    for seat in sorted(range(n), key=lambda s: placings[s]):
        if seat != top:
            exact[seat] = (scores[seat] - returned) / 1000 + uma[placings[seat] - 1]
            exact[top] -= exact[seat]
    return tuple(_to_tenth(p) for p in exact)


@attrs.frozen(field_transformer=declared)
class PlacingRule:
    """How a ruleset turns a game's final scores into final points (``Rules.placing``, made by the
    placing plugin): tie-break, start and return scores, uma (fixed, or by the players floating)
    and rounding (the settlement plugin's flag ``points_rounding``)."""

    tie: Tie = rule(Tie.SEAT_ORDER, "equal final points: 'seat-order' (the player earlier in the game's initial "
                                    "seating, from the first dealer, ranks higher) or 'shared' (the tied players "
                                    "share the higher placing)", flag="tie_break", choices=Tie)
    start: int = rule(25000, "each player's score at the start of a game (配給原点)", flag="start_score",
                      minimum=0, maximum=1_000_000)
    returned: int = rule(30000, "the score final points are counted from (返し, 原点); the difference to start_score, "
                                "times the players, is the oka paid to the top (below start_score: a negative oka, "
                                "which the top pays)", flag="return_score", minimum=0, maximum=1_000_000)
    uma: tuple[float, ...] = rule((20, 10, -10, -20), "placing bonus in thousands, 1st first (順位点); one value per "
                                                      "player, whole or in tenths (7.5)", item=float)
    uma_floating: tuple[int, ...] = rule((), "uma that depends on how many players float (end at or above "
                                             "return_score; 浮きウマ): one block of one value per player for 1 "
                                             "floating, then 2, …, up to all but one, blocks one after another; a "
                                             "count without a block, or an empty list, pays uma", item=int)
    rounding: Rounding = rule(
        Rounding.NEAREST_THOUSAND,
        "final points of 2nd-4th: the score rounded to the nearest thousand (half away from zero), the top "
        "taking the rest (Tenhou), 'exact' to one decimal, 'nearest-thousand-up' (a half rounded up, as "
        "majiang-core rounds 順位点 written without decimals), or 'nearest-tenth-up' (2nd-4th each to a tenth, "
        "a half up, the top the rest, as majiang-core counts 順位点 written with a decimal)",
        flag="points_rounding", choices=Rounding)

    @property
    def notes(self) -> tuple[str, ...]:
        """What is unusual in this rule, one sentence each (``rulesets show`` and ``diff`` print them):
        a return score below the start, whose oka the top pays instead of taking it."""
        if self.returned >= self.start:
            return ()
        oka = (self.start - self.returned) * len(self.uma) / 1000
        return (f"return_score {self.returned} is below start_score {self.start}: the oka is negative, the top "
                f"pays {oka:g} points of its final points (as majiang-core plays a 配給原点 above 30,000)",)

    def uma_for(self, scores: Sequence[int]) -> tuple[float, ...]:
        """The uma these final scores are paid: by the number of players at or above the return
        score where ``uma_floating`` has a block for it, else ``uma``."""
        n = len(scores)
        floating = sum(1 for s in scores if s >= self.returned)
        if self.uma_floating and 1 <= floating < n:
            return self.uma_floating[(floating - 1) * n:floating * n]
        return self.uma

    def points(self, scores: Sequence[int], first_dealer: int) -> tuple[float, ...]:
        """Each seat's final points (thousands) for these final scores."""
        uma = self.uma_for(scores)
        if self.rounding is Rounding.EXACT:
            exact = placing_points(scores, first_dealer, start=self.start, returned=self.returned, uma=uma,
                                   tie=self.tie)
            return tuple(round(p, 1) for p in exact)
        if self.rounding is Rounding.NEAREST_TENTH_UP:
            return tenth_points(scores, first_dealer, returned=self.returned, uma=uma, tie=self.tie)
        return rounded_points(scores, first_dealer, returned=self.returned, uma=uma, tie=self.tie,
                              half_up=self.rounding is Rounding.NEAREST_THOUSAND_UP)
