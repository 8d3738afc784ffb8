"""Cost of scoring the 5,000 conformance hands under 10 rulesets against 1.

Run on demand from the repository root: ``python bench/bench_compare.py``. The hands are parsed
and decomposed once per hand (``analyse``) and the readings are scored by each ruleset, as
``mjrules compare`` does; the second figure adds the counterfactual explanations of differences.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from mjrules import Scorer, parse_majiang_input
from mjrules.tools.compare import Comparer
from mjrules.readings.reading import analyse

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "majiang-hule-public.jsonl"
TEN = ["tenhou", "mahjongsoul", "mleague", "wrc2025", "ema2016", "ema2025", "jpml-a", "saikouisen", "rmu", "majiang"]


def best_of(fn, repeat=3):
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> None:
    inputs = [json.loads(line)["in"] for line in DATA.open(encoding="utf-8")]
    one = Scorer("majiang")
    ten = [Scorer(name) for name in TEN]
    plain = [(h, w) for h, w in map(parse_majiang_input, inputs)]

    def score_one():
        for d in inputs:
            h, w = parse_majiang_input(d)
            one.score_readings(analyse(h, w))

    def score_ten():
        for d in inputs:
            h, w = parse_majiang_input(d)
            readings = analyse(h, w)
            for s in ten:
                if s.allows_red_fives(h):
                    s.score_readings(readings)

    def score_ten_naive():
        for d in inputs:
            for s in ten:
                h, w = parse_majiang_input(d)
                if s.allows_red_fives(h):
                    s.score(h, w)

    comparer = Comparer(TEN)

    def compare_ten():
        for h, w in plain:
            comparer.compare(h, w)

    n = len(inputs)
    t1, t10, t10n, tc = best_of(score_one), best_of(score_ten), best_of(score_ten_naive), best_of(compare_ten, 1)
    print(f"hands: {n}")
    print(f"1 ruleset                          : {n / t1:9,.0f} hands/s")
    print(f"10 rulesets, shared readings       : {n / t10:9,.0f} hands/s  ({t10 / t1:.1f}x the time of 1)")
    print(f"10 rulesets, parsed each time      : {n / t10n:9,.0f} hands/s  ({t10n / t1:.1f}x the time of 1)")
    print(f"compare across 10, with causes     : {n / tc:9,.0f} hands/s  ({tc / t1:.1f}x the time of 1)")


if __name__ == "__main__":
    main()
