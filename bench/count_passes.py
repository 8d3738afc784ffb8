"""The benchmark's timed loop, for counting under callgrind instead of timing.

Each pass runs inside ``functools.reduce``, which nothing else here calls, so callgrind can count
only the passes (imports, data loading and warm-up left out)::

    valgrind --tool=callgrind --collect-atstart=no --toggle-collect=functools_reduce \\
        --cache-sim=yes --branch-sim=yes --LL=8388608,16,64 --callgrind-out-file=cg.out \\
        python bench/count_passes.py mjrules
    callgrind_annotate cg.out | grep 'PROGRAM TOTALS'

and divide the totals by hands × passes (5,000 × 3). Engines: ``mjrules`` (parse and score),
``mjrules-parse``, ``mjrules-score`` (on hands parsed beforehand) and ``mahjong``. As in
``bench_score.py``, each pass starts after ``gc.collect()`` and keeps its results; one pass
before the counted ones warms the caches.
"""

from __future__ import annotations

import gc
import json
import sys
from functools import reduce
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_score  # noqa: E402  (the converter for the mahjong package)
from mjrules import Scorer, parse_majiang_input  # noqa: E402

PASSES = 3


def main(engine: str) -> int:
    with bench_score.DATA.open(encoding="utf-8") as f:
        inputs = [json.loads(line)["in"] for line in f if line.strip()]
    scorer = Scorer("majiang")
    calculator = bench_score.HandCalculator()
    pairs = [parse_majiang_input(inp) for inp in inputs]

    def score_one(out, inp):
        hand, win = parse_majiang_input(inp)
        out.append(scorer.score(hand, win))
        return out

    def parse_one(out, inp):
        out.append(parse_majiang_input(inp))
        return out

    def score_parsed(out, pair):
        out.append(scorer.score(*pair))
        return out

    def mahjong_one(out, inp):
        out.append(calculator.estimate_hand_value(**bench_score.to_mahjong(inp)))
        return out

    steps = {
        "mjrules": (score_one, inputs), "mjrules-parse": (parse_one, inputs),
        "mjrules-score": (score_parsed, pairs), "mahjong": (mahjong_one, inputs),
    }
    if engine not in steps:
        print(f"unknown engine {engine!r}; one of {', '.join(steps)}", file=sys.stderr)
        return 2
    step, data = steps[engine]
    # One pass outside the count: the counted passes stand for bench_score's fastest, which come
    # after earlier passes have filled the caches.
    for item in data:
        step([], item)
    for _ in range(PASSES):
        gc.collect()
        results = reduce(step, data, [])
        del results
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "mjrules"))
