"""Odds of a dealt win (tenhou): the chance that 14 tiles drawn from the 136 form a winning shape,
or from the 108 of three-player mahjong (2m–8m removed: ``tenhou_odds(players=3)``).

Exact count. A hand is a vector of 34 counts ``c_i ≤ 4`` summing to 14, and ``Π C(4, c_i)``
different tile sets give that vector. The winning vectors are those that read as four sets and a
pair, as seven different pairs, or as thirteen orphans. Standard shapes are counted group by
group (a numbered suit, the honours): every count vector of a group that
:mod:`mjrules.kernel.shapes` reads as sets and at most one pair is listed once (grown set by set
from the sets shapes reads, each kept only when shapes reads it) and summed with its weight by
tile count (for the three-player set, the characters keep only the vectors of 1m and 9m). The
groups are then multiplied as polynomials, keeping exactly one pair in all. Seven pairs and thirteen orphans have
closed forms, and seven-pair hands that also read as four sets and a pair (two doubled sequences
and a pair, e.g. ``112233m445566p77s``) are counted once. The result is divided by C(136, 14).

Simulation. Draw hands at random, as the shuffled-wall simulator does, check each with
:func:`mjrules.tools.winning.is_winning_counts` (the scorer's reader), and report the hit rate
with a Wilson score interval.
"""

from __future__ import annotations

import functools
import math
import random
from fractions import Fraction
from itertools import combinations_with_replacement
from typing import Any, Sequence

import attrs

from mjrules.model.tiles import tile
from mjrules.notation.mpsz import format_tiles
from mjrules.kernel.shapes import group_splits
from mjrules.tools.winning import is_winning_counts

__all__ = ["TenhouOdds", "Simulation", "complete_suit_shapes", "is_winning_counts", "simulate_tenhou",
           "standard_count", "tenhou_odds", "wilson_interval"]

WALL = 136
WALL_SANMA = 108
HAND = 14
Z99 = 2.5758293035489004
"""Two-sided 99 % normal quantile."""


SUIT, HONOURS = 0, 3
"""The groups of :func:`mjrules.kernel.shapes.group_splits` counted here: the three numbered
suits are alike, so the first stands for all of them."""


def _blocks(group: int, size: int) -> list[tuple[int, ...]]:
    """The count vectors of ``size`` tiles in ``group`` that :mod:`mjrules.kernel.shapes` reads
    as complete: its sets (size 3) or its pairs (size 2)."""
    out = []
    for kinds in combinations_with_replacement(range(7 if group == HONOURS else 9), size):
        vec = [0] * (7 if group == HONOURS else 9)
        for k in kinds:
            vec[k] += 1
        if group_splits(group, tuple(vec)):
            out.append(tuple(vec))
    return out


@functools.lru_cache(maxsize=None)
def _group_shapes(group: int, max_sets: int) -> tuple[tuple[tuple[int, ...], bool], ...]:
    """(vector, holds the pair) for every count vector of ``group`` that shapes reads as at most
    ``max_sets`` sets and at most one pair, each once."""
    # A complete vector less one of its sets is complete: growing by whole sets, then adding at
    # most one pair, reaches every complete vector. Each is kept only if shapes reads it.
    sets, pairs = _blocks(group, 3), _blocks(group, 2)
    layer: set[tuple[int, ...]] = {(0,) * (7 if group == HONOURS else 9)}
    found = set(layer)
    for _ in range(max_sets):
        layer = {v for base in layer for block in sets if max(v := _add(base, block)) <= 4}
        found |= layer
    found |= {v for base in tuple(found) for block in pairs if max(v := _add(base, block)) <= 4}
    out = []
    for vec in sorted(found):
        splits = group_splits(group, vec)
        if splits:
            out.append((vec, splits[0][0] >= 0))  # every split of a group has a pair or none
    return tuple(out)


def _add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b))


def complete_suit_shapes(max_sets: int = 4) -> dict[tuple[int, ...], bool]:
    """Every count vector of one numbered suit that :func:`mjrules.kernel.shapes.group_splits`
    reads as at most ``max_sets`` sets and at most one pair: vector → whether it holds the pair.
    Each vector is listed once however many ways it splits."""
    return dict(_group_shapes(SUIT, max_sets))


def _weight(vec: Sequence[int]) -> int:
    w = 1
    for c in vec:
        w *= math.comb(4, c)
    return w


def _polys(group: int, max_sets: int, pairs_only: bool, terminals_only: bool = False) -> tuple[list[int], list[int]]:
    """(no pair, with pair): weight sums by tile count of the complete vectors of ``group``; with
    ``pairs_only`` only the vectors whose counts are all 0 or 2; with ``terminals_only`` only the
    vectors of 1 and 9 (the three-player characters)."""
    size = 3 * max_sets + 3
    no_pair, with_pair = [0] * size, [0] * size
    for vec, has_pair in _group_shapes(group, max_sets):
        if pairs_only and any(c not in (0, 2) for c in vec):
            continue
        if terminals_only and any(vec[1:8]):
            continue
        n = sum(vec)
        (with_pair if has_pair else no_pair)[n] += _weight(vec)
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


def _count(max_sets: int, pairs_only: bool, players: int = 4) -> int:
    suit = _polys(SUIT, max_sets, pairs_only)
    man = _polys(SUIT, max_sets, pairs_only, terminals_only=True) if players == 3 else suit
    total = _multiply(_multiply(_multiply(man, suit), suit), _polys(HONOURS, max_sets, pairs_only))
    return total[1][3 * max_sets + 2]


def standard_count(sets: int = 4) -> int:
    """Tile sets of ``3·sets + 2`` tiles from the full 136 that read as ``sets`` sets and a pair."""
    if not 0 <= sets <= 4:
        raise ValueError("sets must be 0 to 4")
    return _count(sets, False)


@attrs.frozen
class TenhouOdds:
    """Exact counts of winning 14-tile sets out of C(136, 14), or C(108, 14) for three players."""

    standard: int
    chiitoitsu: int
    kokushi: int
    overlap: int
    """Seven-pair sets that also read as four sets and a pair (counted once in ``winning``)."""
    hands: int
    """C(136, 14) (or C(108, 14)): all 14-tile sets."""
    wall: int = WALL
    """Tiles in the set: 136, or 108 for three players."""

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
                "wall": self.wall, "standard": self.standard, "chiitoitsu": self.chiitoitsu, "kokushi": self.kokushi,
                "chiitoitsu_and_standard": self.overlap}


def tenhou_odds(check: bool = True, players: int = 4) -> TenhouOdds:
    """The exact odds, from the 136 tiles or (``players`` 3) the 108 of three-player mahjong.
    ``check`` is kept for callers of earlier versions and has no effect: every suit shape is now
    read by :mod:`mjrules.kernel.shapes` as it is generated."""
    if players not in (3, 4):
        raise ValueError("players must be 3 or 4")
    kinds = 34 if players == 4 else 27  # 2m-8m removed; all thirteen orphans remain
    std = _count(4, False, players)
    overlap = _count(4, True, players)
    chiitoitsu = math.comb(kinds, 7) * 6 ** 7
    kokushi = 13 * math.comb(4, 2) * 4 ** 12
    wall = WALL if players == 4 else WALL_SANMA
    return TenhouOdds(std, chiitoitsu, kokushi, overlap, math.comb(wall, HAND), wall)


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


def _mpsz(counts: Sequence[int]) -> str:
    return format_tiles(tile(i) for i, n in enumerate(counts) for _ in range(n))


def simulate_tenhou(draws: int, seed: int | None = None, z: float = Z99, players: int = 4) -> Simulation:
    """Deal ``draws`` random 14-tile hands from a full wall (the 108 tiles for ``players`` 3) and
    count the winning ones."""
    if draws <= 0:
        raise ValueError("the number of draws must be positive")
    rng = random.Random(seed)
    sample = rng.sample
    # tile ids: kind * 4 + copy; the three-player wall leaves out 2m-8m (kinds 1-7, ids 4-31)
    wall: Sequence[int] = range(WALL) if players == 4 else [t for t in range(WALL) if not 4 <= t < 32]
    hits = 0
    examples: list[str] = []
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
