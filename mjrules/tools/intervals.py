"""95 % intervals for figures added up over games (``mjrules simulate``), two kinds:

- a **share** (wins that were tsumo, rounds that ended in a draw, player-rounds that dealt in):
  the Wilson score interval of ``hits`` out of ``n`` (``wilson_interval``), which stays inside
  [0, 1] and keeps its coverage near 0 and 1. It takes the rounds (or wins) as independent.
- a **mean over games** (rounds a game, calls a round, the average win, a final score): the
  figure is a ratio of sums over games, ``R = sum(y) / sum(x)`` (``y`` the calls of game i, ``x``
  its rounds; ``x = 1`` for a per-game figure), and its interval is Student's t on the games'
  linearised values ``(y_i - R x_i) / mean(x)`` (the delta method for a ratio; for ``x = 1`` the
  plain t interval of the per-game values). Games are the independent units: rounds within a game
  share its scores and its players' positions, so they are not.

A **difference between two rulesets** whose game ``i`` is dealt the same walls is paired by game:
the figure's difference ``R_b - R_a`` with a t interval on the per-game differences of the
linearised values (a share's too), so what the walls have in common cancels. Rulesets dealt
different walls (another tile set) get the unpaired interval (the two variances added).

Student's t quantile is computed in closed form for 1 and 2 degrees of freedom and by the
Cornish-Fisher expansion (Abramowitz and Stegun 26.7.5) from 3 on, within 0.004 of the tables.
"""

from __future__ import annotations

import math
from typing import Sequence

from mjrules.tools.odds import wilson_interval

Z95 = 1.959963984540054
"""The normal quantile of 97.5 %."""

Interval = tuple[float, float]


def t95(df: int) -> float:
    """Student's t quantile of 97.5 % with ``df`` degrees of freedom (``df`` >= 1)."""
    if df < 1:
        raise ValueError("a t quantile needs at least one degree of freedom")
    if df == 1:
        return math.tan(math.pi * 0.475)
    if df == 2:
        return 0.95 / math.sqrt(2 * 0.975 * 0.025)
    z = Z95
    terms = ((z ** 3 + z) / 4, (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96,
             (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384,
             (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / 92160)
    return z + sum(g / p for g, p in zip(terms, (df, df ** 2, df ** 3, df ** 4)))


def share_interval(hits: int, n: int) -> Interval:
    """The Wilson 95 % interval of ``hits`` out of ``n`` ((0, 1) when ``n`` is 0: nothing known)."""
    if n <= 0:
        return (0.0, 1.0)
    return wilson_interval(hits, n, Z95)


def _linearised(ys: Sequence[float], xs: Sequence[float]) -> tuple[float, list[float]] | None:
    """The ratio of sums and each game's linearised value (None when the x add up to 0)."""
    total = sum(xs)
    if total <= 0:
        return None
    ratio = sum(ys) / total
    mean_x = total / len(xs)
    return ratio, [(y - ratio * x) / mean_x for y, x in zip(ys, xs)]


def _half_width(values: Sequence[float]) -> float:
    """Half the t interval of the mean of ``values`` whose mean is 0 (at least two values)."""
    n = len(values)
    return t95(n - 1) * math.sqrt(sum(v * v for v in values) / (n * (n - 1)))


def mean_interval(ys: Sequence[float], xs: Sequence[float]) -> Interval | None:
    """The 95 % interval of ``sum(ys) / sum(xs)`` from per-game values (None with fewer than two
    games, or no x at all)."""
    got = _linearised(ys, xs)
    if got is None or len(ys) < 2:
        return None
    ratio, values = got
    half = _half_width(values)
    return (ratio - half, ratio + half)


def difference_interval(a: tuple[Sequence[float], Sequence[float]], b: tuple[Sequence[float], Sequence[float]],
                        paired: bool) -> tuple[float, Interval | None] | None:
    """The difference ``R_b - R_a`` of two ratios of per-game sums (each given as (ys, xs)) and its
    95 % interval: paired by game (the same number of games, game i dealt alike) or unpaired.
    None when either ratio has no x at all; the interval None with fewer than two games."""
    if paired and len(a[0]) != len(b[0]):
        raise ValueError(f"a paired difference needs as many games on each side, not {len(a[0])} and {len(b[0])}")
    got_a, got_b = _linearised(*a), _linearised(*b)
    if got_a is None or got_b is None:
        return None
    diff = got_b[0] - got_a[0]
    if min(len(got_a[1]), len(got_b[1])) < 2:
        return diff, None
    if paired:
        half = _half_width([vb - va for va, vb in zip(got_a[1], got_b[1])])
    else:
        half = math.hypot(_half_width(got_a[1]) / t95(len(got_a[1]) - 1),
                          _half_width(got_b[1]) / t95(len(got_b[1]) - 1)) * Z95
    return diff, (diff - half, diff + half)


def beyond_noise(interval: Sequence[float] | None) -> bool:
    """Whether a difference's interval leaves out 0."""
    return interval is not None and (interval[0] > 0 or interval[1] < 0)
