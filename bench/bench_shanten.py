"""Benchmark: shanten calls per second, mjrules (both kernels) against the PyPI ``mahjong`` package
and RiichiEnv (``riichienv``, Rust behind Python), measured in one run.

Every engine gets the same random 14-tile hands in its own input form, made before timing: 34
counts for mjrules and ``mahjong`` (its ``tiles_34``), the 136-format tile ids for RiichiEnv's
``calculate_shanten``. Each computes the minimum shanten over the standard, seven-pairs and
thirteen-orphans forms. The engines run in interleaved rounds and the ratios are the medians of
the per-round ratios (the machine is shared; its speed moves). Run on demand (not part of the
test suite)::

    python -m pip install -r bench/requirements.txt
    python bench/bench_shanten.py [--hands N] [--repeat R] [--seed S] [--tiles 13|14]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from mahjong.shanten import Shanten

from mjrules.kernel import KERNEL
from mjrules.kernel import python as python_kernel
from mjrules.model.tiles import tile
from mjrules.notation.mpsz import format_tiles
from mjrules.tools.odds import tenhou_odds
from mjrules.tools.shanten import shanten
from mjrules.tools.winning import is_winning_counts

TARGET_RATIO = 8.0
"""Issue 13: mjrules' shanten against the ``mahjong`` package."""
TARGET_RIICHIENV = 0.5
"""Issue 28: the native kernel's shanten against RiichiEnv's."""


def deal(n: int, tiles: int, seed: int) -> tuple[list[list[int]], list[list[int]]]:
    """``n`` hands as 34 counts and as the 136-format ids they were dealt as."""
    rng = random.Random(seed)
    wall = range(136)
    hands, ids = [], []
    for _ in range(n):
        dealt = rng.sample(wall, tiles)
        counts = [0] * 34
        for t in dealt:
            counts[t >> 2] += 1
        hands.append(counts)
        ids.append(dealt)
    return hands, ids


def edge_hands(n: int, seed: int) -> list[list[int]]:
    """Hands where the four-copy limit and low shanten are common: tiles from a few kinds only,
    and complete hands with up to three tiles swapped (13 and 14 tiles)."""
    rng = random.Random(seed)
    hands = []
    while len(hands) < n:
        k = len(hands)
        if k % 2:
            first = 9 * rng.randrange(3)
            kinds = list(range(first, first + 9)) if k % 4 == 1 else rng.sample(range(34), 6)
            pool = [i for i in kinds for _ in range(4)]
            counts = [0] * 34
            for t in rng.sample(pool, 14 if k % 3 else 13):
                counts[t] += 1
        else:
            counts = [0] * 34
            for _ in range(4):
                if rng.random() < 0.6:
                    i = rng.choice([i for i in range(27) if i % 9 <= 6])
                    counts[i] += 1
                    counts[i + 1] += 1
                    counts[i + 2] += 1
                else:
                    counts[rng.randrange(34)] += 3
            counts[rng.randrange(34)] += 2
            if max(counts) > 4:
                continue
            for _ in range(rng.randrange(4)):
                out = rng.choice([i for i in range(34) if counts[i]])
                counts[out] -= 1
                counts[rng.choice([i for i in range(34) if counts[i] < 4 and i != out])] += 1
            if k % 3 == 0:
                counts[rng.choice([i for i in range(34) if counts[i]])] -= 1
        hands.append(counts)
    return hands


def mpsz(counts: list[int]) -> str:
    return format_tiles(tile(i) for i, c in enumerate(counts) for _ in range(c))


def timed(fn, hands) -> tuple[float, list[int]]:
    start = time.perf_counter()
    out = [fn(h) for h in hands]
    return time.perf_counter() - start, out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=100_000)
    ap.add_argument("--repeat", type=int, default=5, help="interleaved rounds; medians count (default 5)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tiles", type=int, choices=(13, 14), default=14)
    ap.add_argument("--edge", type=int, default=20_000, metavar="N",
                    help="also compare (untimed) on N hands rich in triplets, quads and near-complete shapes")
    args = ap.parse_args(argv)

    hands, ids = deal(args.hands, args.tiles, args.seed)
    n = len(hands)
    print(f"{n:,} random {args.tiles}-tile hands (seed {args.seed}); Python {sys.version.split()[0]}; "
          f"mjrules on the {KERNEL} kernel")

    engines = {"mjrules": (shanten, hands), "mahjong": (Shanten.calculate_shanten, hands)}
    if KERNEL == "native":
        engines["mjrules, Python kernel"] = (python_kernel.shanten, hands)
    try:
        from riichienv import calculate_shanten
    except ImportError:
        print("RiichiEnv: not installed (pip install riichienv), left out")
    else:
        engines["riichienv"] = (calculate_shanten, ids)
    # The first pass of mjrules fills its lazily built per-suit tables: timed apart.
    cold, ours = timed(shanten, hands)
    answers = {name: timed(fn, data)[1] for name, (fn, data) in engines.items()}  # warm-up, kept to compare
    times: dict[str, list[float]] = {name: [] for name in engines}
    for _ in range(args.repeat):
        for name, (fn, data) in engines.items():
            times[name].append(timed(fn, data)[0])
    median = {name: statistics.median(t) for name, t in times.items()}
    for name in engines:
        print(f"{name:<24} {n / median[name]:>12,.0f} calls/s  ({median[name] / n * 1e6:.2f} µs/call, median of {args.repeat})")
    print(f"{'mjrules, first pass':<24} {n / cold:>12,.0f} calls/s  (builds the tables)")

    def ratio(a: str, b: str) -> float:
        return statistics.median(x / y for x, y in zip(times[b], times[a]))

    print(f"ratio mjrules/mahjong: {ratio('mjrules', 'mahjong'):.1f}x (target >= {TARGET_RATIO:g}x)")
    if "riichienv" in engines:
        r = ratio("mjrules", "riichienv")
        print(f"ratio mjrules/riichienv: {r:.2f}x (target >= {TARGET_RIICHIENV:g}x with the native kernel: "
              f"{'met' if KERNEL == 'native' and r >= TARGET_RIICHIENV else 'NOT met'})")
        if "mjrules, Python kernel" in engines:
            print(f"ratio Python kernel/riichienv: {ratio('mjrules, Python kernel', 'riichienv'):.2f}x")
    for name, got in answers.items():
        same = sum(a == b for a, b in zip(got, ours))
        print(f"agreement {name} with mjrules: {same:,} / {n:,}")
    theirs = answers["mahjong"]
    diff = [(h, a, b) for h, a, b in zip(hands, ours, theirs) if a != b]
    print(f"agreement: {n - len(diff):,} / {n:,} hands give the same shanten")
    for h, a, b in diff[:5]:
        print(f"  differs: {mpsz(h)}  mjrules {a}, mahjong {b}")
    if args.edge:
        edge = edge_hands(args.edge, args.seed)
        bad = [(h, shanten(h), Shanten.calculate_shanten(h)) for h in edge]
        bad = [x for x in bad if x[1] != x[2]]
        print(f"agreement on edge-case hands: {len(edge) - len(bad):,} / {len(edge):,}")
        for h, a, b in bad[:5]:
            print(f"  differs: {mpsz(h)}  mjrules {a}, mahjong {b}")
        # -1 must mean what the scorer's shape engine calls complete (untimed)
        split = [h for h in edge + hands if (shanten(h) == -1) != is_winning_counts(h)]
        print(f"-1 iff a winning shape (kernel.shapes): {len(edge) + n - len(split):,} / {len(edge) + n:,}")
        for h in split[:5]:
            print(f"  differs: {mpsz(h)}  shanten {shanten(h)}")
    dist: dict[int, int] = {}
    for s in ours:
        dist[s] = dist.get(s, 0) + 1
    print("shanten distribution: " + ", ".join(f"{k}: {v:,}" for k, v in sorted(dist.items())))

    start = time.perf_counter()
    odds = tenhou_odds()
    took = time.perf_counter() - start
    p = odds.probability
    print(f"exact tenhou odds: {p.numerator}/{p.denominator} = 1 in {odds.one_in:,.1f}  ({took:.2f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
