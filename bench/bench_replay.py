"""Benchmark: replaying game records — games and wins per second, and memory as the number of
records grows (``replay`` streams, so the peak should not grow with it).

The 77 Tenhou records of ``tests/data/tenhou-mjlog`` (520 wins) are read and replayed under
their own ruleset ``--passes`` times in one stream, as ``mjrules replay`` does with a directory
given several times. No peer is timed: no package in ``bench/requirements.txt`` reads Tenhou
records. Run on demand (not part of the test suite)::

    python bench/bench_replay.py [--passes N] [--repeat R]
"""

from __future__ import annotations

import argparse
import gc
import time
import tracemalloc
from pathlib import Path

from mjrules.records import read_games
from mjrules.records.replay import Replayer, record_ruleset

LOGS = Path(__file__).resolve().parents[1] / "tests" / "data" / "tenhou-mjlog"


def run(passes: int) -> tuple[int, int, int, float]:
    """(games, wins, wins agreeing, seconds) for ``passes`` passes over the records, in one stream."""
    replayers: dict[str, Replayer] = {}
    games = wins = agree = 0
    start = time.perf_counter()
    for game in read_games([str(LOGS)] * passes):
        ruleset = record_ruleset(game)
        assert ruleset is not None
        replayer = replayers.get(ruleset.name)
        if replayer is None:
            replayer = replayers[ruleset.name] = Replayer(ruleset)
        rep = replayer.replay(game)
        games += 1
        wins += len(rep.checks)
        agree += rep.agree
    return games, wins, agree, time.perf_counter() - start


def peak(passes: int) -> int:
    """Peak traced memory (bytes) of a run of ``passes`` passes."""
    gc.collect()
    tracemalloc.start()
    run(passes)
    _, top = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return top


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--passes", type=int, default=5, help="passes over the 77 records per timed run")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs; the fastest counts")
    args = parser.parse_args()
    run(1)  # warm-up: Scorers built, modules loaded
    best = None
    for _ in range(args.repeat):
        gc.collect()
        result = run(args.passes)
        if best is None or result[3] < best[3]:
            best = result
    assert best is not None
    games, wins, agree, seconds = best
    print(f"{games} games, {wins} wins ({agree} agree) in {seconds:.2f} s: "
          f"{games / seconds:,.0f} games/s, {wins / seconds:,.0f} wins/s (read, scored, settled)")
    small, large = peak(1), peak(10)
    print(f"peak traced memory: {small / 1e6:.1f} MB for 77 games, {large / 1e6:.1f} MB for 770 games")


if __name__ == "__main__":
    main()
