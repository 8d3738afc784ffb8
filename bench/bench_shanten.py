"""Benchmark: shanten calls per second, mjrules against the PyPI ``mahjong`` package.

Both engines get the same random 14-tile hands as lists of 34 counts (the ``mahjong`` package's
own ``tiles_34`` input) and compute the minimum shanten over the standard, seven-pairs and
thirteen-orphans forms. Hands are dealt before timing. Run on demand (not part of the test suite)::

    python -m pip install -r bench/requirements.txt
    python bench/bench_shanten.py [--hands N] [--repeat R] [--seed S] [--tiles 13|14]
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from mahjong.shanten import Shanten

from mjrules.model.tiles import tile
from mjrules.notation.mpsz import format_tiles
from mjrules.tools.odds import tenhou_odds
from mjrules.tools.shanten import shanten
from mjrules.tools.winning import is_winning_counts

TARGET_RATE = 200_000
TARGET_RATIO = 8.0


def deal(n: int, tiles: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    wall = range(136)
    hands = []
    for _ in range(n):
        counts = [0] * 34
        for t in rng.sample(wall, tiles):
            counts[t >> 2] += 1
        hands.append(counts)
    return hands


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
    ap.add_argument("--repeat", type=int, default=3, help="passes per engine; the fastest counts (default 3)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tiles", type=int, choices=(13, 14), default=14)
    ap.add_argument("--edge", type=int, default=20_000, metavar="N",
                    help="also compare (untimed) on N hands rich in triplets, quads and near-complete shapes")
    args = ap.parse_args(argv)

    hands = deal(args.hands, args.tiles, args.seed)
    n = len(hands)
    print(f"{n:,} random {args.tiles}-tile hands (seed {args.seed}); Python {sys.version.split()[0]}")

    # mjrules: the first pass also fills the lazily built per-suit tables.
    cold, ours = timed(shanten, hands)
    warm = min(timed(shanten, hands)[0] for _ in range(args.repeat))
    mahjong_fn = Shanten.calculate_shanten
    theirs_time, theirs = timed(mahjong_fn, hands)
    for _ in range(args.repeat - 1):
        theirs_time = min(theirs_time, timed(mahjong_fn, hands)[0])

    rate, cold_rate, peer = n / warm, n / cold, n / theirs_time
    print(f"mjrules  shanten(): {rate:>10,.0f} calls/s  ({warm / n * 1e6:.2f} µs/call; best of {args.repeat})")
    print(f"                    {cold_rate:>10,.0f} calls/s  on the first pass, which builds the tables")
    print(f"mahjong  Shanten.calculate_shanten(): {peer:>10,.0f} calls/s  ({theirs_time / n * 1e6:.2f} µs/call)")
    print(f"ratio mjrules/mahjong: {rate / peer:.1f}x (first pass {cold_rate / peer:.1f}x)")
    print(f"targets: >= {TARGET_RATE:,}/s {'met' if rate >= TARGET_RATE else 'NOT met'}; "
          f">= {TARGET_RATIO:g}x {'met' if rate / peer >= TARGET_RATIO else 'NOT met'}")

    diff = [(h, a, b) for h, a, b in zip(hands, ours, theirs) if a != b]
    print(f"agreement: {n - len(diff):,} / {n:,} hands give the same shanten")
    for h, a, b in diff[:5]:
        print(f"  differs: {mpsz(h)}  mjrules {a}, mahjong {b}")
    if args.edge:
        edge = edge_hands(args.edge, args.seed)
        bad = [(h, shanten(h), mahjong_fn(h)) for h in edge]
        bad = [x for x in bad if x[1] != x[2]]
        print(f"agreement on edge-case hands: {len(edge) - len(bad):,} / {len(edge):,}")
        for h, a, b in bad[:5]:
            print(f"  differs: {mpsz(h)}  mjrules {a}, mahjong {b}")
        # -1 must mean what the scorer's shape engine calls complete (untimed)
        split = [h for h in edge + hands if (shanten(h) == -1) != is_winning_counts(h)]
        print(f"-1 iff a winning shape (scoring.shapes): {len(edge) + n - len(split):,} / {len(edge) + n:,}")
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
