"""Odds of a dealt win (tenhou): the chance that 14 tiles drawn from the 136 form a winning shape.

Exact count. A hand is a vector of 34 counts ``c_i ≤ 4`` summing to 14, and ``Π C(4, c_i)``
different tile sets give that vector. The winning vectors are those that read as four sets and a
pair, as seven different pairs, or as thirteen orphans. Standard shapes are counted suit by suit:
every count vector of one suit that splits into sets (and at most one pair) is generated once
from its sets — checked against the decomposition tables of :mod:`mjrules.scoring.shapes` — and summed
with its weight by tile count; honours are triplets and pairs of single kinds. The suits are then
multiplied as polynomials, keeping exactly one pair in all. Seven pairs and thirteen orphans have
closed forms, and seven-pair hands that also read as four sets and a pair (two doubled sequences
and a pair, e.g. ``112233m445566p77s``) are counted once. The result is divided by C(136, 14).

Simulation. Draw hands at random, as the shuffled-wall simulator does, check each with the
agari reader of :mod:`mjrules.scoring.shapes`, and report the hit rate with a Wilson score interval.
"""

from __future__ import annotations

import math
import random
from fractions import Fraction
from itertools import combinations_with_replacement
from typing import Any

import attrs

from mjrules.scoring.shapes import is_chiitoitsu, is_kokushi, standard, suit_readings

__all__ = ["TenhouOdds", "Simulation", "complete_suit_shapes", "simulate_tenhou", "standard_count", "tenhou_odds",
           "wilson_interval"]

WALL = 136
HAND = 14
Z99 = 2.5758293035489004
"""Two-sided 99 % normal quantile."""

_SUIT_SETS = [(1, i) for i in range(9)] + [(0, i) for i in range(7)]
"""(1, i) a triplet of i, (0, i) the sequence i, i+1, i+2 — within one suit of nine ranks."""


def complete_suit_shapes(max_sets: int = 4) -> dict[tuple[int, ...], bool]:
    """Every count vector of one numbered suit made of at most ``max_sets`` sets and at most one pair
    (no count above four): vector → whether it holds the pair. Each vector is listed once however
    many ways it splits."""
    shapes: dict[tuple[int, ...], bool] = {}
    for k in range(max_sets + 1):
        for sets in combinations_with_replacement(_SUIT_SETS, k):
            base = [0] * 9
            for kind, i in sets:
                if kind:
                    base[i] += 3
                else:
                    base[i] += 1
                    base[i + 1] += 1
                    base[i + 2] += 1
            if max(base) > 4:
                continue
            shapes[tuple(base)] = False
            for p in range(9):
                if base[p] <= 2:
                    base[p] += 2
                    shapes[tuple(base)] = True
                    base[p] -= 2
    return shapes


def _weight(vec) -> int:
    w = 1
    for c in vec:
        w *= math.comb(4, c)
    return w


def _suit_polys(max_sets: int, pairs_only: bool) -> tuple[list[int], list[int]]:
    """(no pair, with pair): weight sums by tile count of one numbered suit's complete vectors;
    with ``pairs_only`` only the vectors whose counts are all 0 or 2."""
    size = 3 * max_sets + 3
    no_pair, with_pair = [0] * size, [0] * size
    for vec, has_pair in complete_suit_shapes(max_sets).items():
        if pairs_only and any(c not in (0, 2) for c in vec):
            continue
        n = sum(vec)
        (with_pair if has_pair else no_pair)[n] += _weight(vec)
    return no_pair, with_pair


def _honour_polys(max_sets: int, pairs_only: bool) -> tuple[list[int], list[int]]:
    """The same for the seven honours: triplets (4 ways each) and at most one pair (6 ways); with
    ``pairs_only`` nothing or a single pair."""
    size = 3 * max_sets + 3
    no_pair, with_pair = [0] * size, [0] * size
    for j in range(0 if pairs_only else min(max_sets, 7), -1, -1):
        no_pair[3 * j] += math.comb(7, j) * 4 ** j
        if 3 * j + 2 < size:
            with_pair[3 * j + 2] += 7 * 6 * math.comb(6, j) * 4 ** j
    return no_pair, with_pair


def _multiply(a: tuple[list[int], list[int]], b: tuple[list[int], list[int]]) -> tuple[list[int], list[int]]:
    a0, a1 = a
    b0, b1 = b
    size = len(a0)
    c0, c1 = [0] * size, [0] * size
    for i in range(size):
        if not (a0[i] or a1[i]):
            continue
        for j in range(size - i):
            c0[i + j] += a0[i] * b0[j]
            c1[i + j] += a0[i] * b1[j] + a1[i] * b0[j]
    return c0, c1


def _count(max_sets: int, pairs_only: bool) -> int:
    suit = _suit_polys(max_sets, pairs_only)
    total = _multiply(_multiply(_multiply(suit, suit), suit), _honour_polys(max_sets, pairs_only))
    return total[1][3 * max_sets + 2]


def standard_count(sets: int = 4) -> int:
    """Tile sets of ``3·sets + 2`` tiles from the full 136 that read as ``sets`` sets and a pair."""
    if not 0 <= sets <= 4:
        raise ValueError("sets must be 0 to 4")
    return _count(sets, False)


@attrs.frozen
class TenhouOdds:
    """Exact counts of winning 14-tile sets out of C(136, 14)."""

    standard: int
    chiitoitsu: int
    kokushi: int
    overlap: int
    """Seven-pair sets that also read as four sets and a pair (counted once in ``winning``)."""
    hands: int
    """C(136, 14): all 14-tile sets."""

    @property
    def winning(self) -> int:
        return self.standard + self.chiitoitsu - self.overlap + self.kokushi

    @property
    def probability(self) -> Fraction:
        return Fraction(self.winning, self.hands)

    @property
    def one_in(self) -> float:
        return self.hands / self.winning

    def to_dict(self) -> dict[str, Any]:
        p = self.probability
        return {"numerator": p.numerator, "denominator": p.denominator, "probability": float(p),
                "one_in": self.one_in, "winning_sets": self.winning, "all_sets": self.hands,
                "standard": self.standard, "chiitoitsu": self.chiitoitsu, "kokushi": self.kokushi,
                "chiitoitsu_and_standard": self.overlap}


def _check_shapes_with_tables(shapes: dict) -> None:
    """Every generated suit vector must read as sets (and its pair) in the decomposition tables."""
    for vec, has_pair in shapes.items():
        if not any((p >= 0) == has_pair for p, _ in suit_readings(0, vec)) and any(vec):
            raise AssertionError(f"generated suit shape {vec} does not decompose")


def tenhou_odds(check: bool = True) -> TenhouOdds:
    """The exact odds; ``check`` also confirms each generated suit shape with :mod:`mjrules.scoring.shapes`."""
    if check:
        _check_shapes_with_tables(complete_suit_shapes(4))
    std = _count(4, False)
    overlap = _count(4, True)
    chiitoitsu = math.comb(34, 7) * 6 ** 7
    kokushi = 13 * math.comb(4, 2) * 4 ** 12
    return TenhouOdds(std, chiitoitsu, kokushi, overlap, math.comb(WALL, HAND))


# ---------------------------------------------------------------------------------------------
# Simulation
# ---------------------------------------------------------------------------------------------


def wilson_interval(hits: int, n: int, z: float = Z99) -> tuple[float, float]:
    """Wilson score interval for a proportion ``hits / n`` (z = 2.576 for 99 %)."""
    if n <= 0:
        raise ValueError("the number of draws must be positive")
    p = hits / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def is_winning_counts(counts: tuple[int, ...]) -> bool:
    """Four sets and a pair, seven pairs or thirteen orphans (the reader of :mod:`mjrules.scoring.shapes`)."""
    return bool(standard(counts)) or is_chiitoitsu(counts) or is_kokushi(counts)


@attrs.frozen
class Simulation:
    draws: int
    hits: int
    seed: int | None
    low: float
    high: float
    confidence: float = 0.99
    examples: tuple[str, ...] = ()
    """The first few winning hands drawn, in MPSZ."""

    @property
    def estimate(self) -> float:
        return self.hits / self.draws

    def contains(self, p: float | Fraction) -> bool:
        return self.low <= float(p) <= self.high

    def to_dict(self) -> dict[str, Any]:
        return {"draws": self.draws, "hits": self.hits, "seed": self.seed, "estimate": self.estimate,
                "confidence": self.confidence, "interval": [self.low, self.high], "examples": list(self.examples)}


def _mpsz(counts) -> str:
    out = []
    for s, suit in enumerate("mpsz"):
        digits = "".join(str(i % 9 + 1) * counts[i] for i in range(s * 9, min(s * 9 + 9, 34)))
        if digits:
            out.append(digits + suit)
    return "".join(out)


def simulate_tenhou(draws: int, seed: int | None = None, z: float = Z99) -> Simulation:
    """Deal ``draws`` random 14-tile hands from a full wall and count the winning ones."""
    if draws <= 0:
        raise ValueError("the number of draws must be positive")
    rng = random.Random(seed)
    sample = rng.sample
    wall = range(WALL)
    hits = 0
    examples = []
    for _ in range(draws):
        counts = [0] * 34
        for t in sample(wall, HAND):
            counts[t >> 2] += 1
        c = tuple(counts)
        if is_winning_counts(c):
            hits += 1
            if len(examples) < 5:
                examples.append(_mpsz(c))
    low, high = wilson_interval(hits, draws, z)
    conf = math.erf(z / math.sqrt(2))
    return Simulation(draws, hits, seed, low, high, round(conf, 4), tuple(examples))
