"""Whole-process ``mjrules compare --input`` on the 5,000 public hands: lines/s and peak memory
(the largest resident set of the process, its worker processes apart), under 1 ruleset, 4 rulesets
and every preset, with --jobs 1 and 2; the ratio of 4 rulesets to 1 (issue 34: at most 1.6), the
median of the rounds. See bench/README.md ("compare at corpus scale").

    python bench/bench_compare_cli.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from byte_compiled import byte_compile

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "majiang-hule-public.jsonl"
FOUR = "tenhou,mahjongsoul,mleague,wrc2025"
TARGET_FOUR = 1.6
"""Issue 34: compare under 4 rulesets over compare under one, whole process."""


def run(cmd: list[str]) -> tuple[float, float]:
    """(wall seconds, peak resident MiB of the process itself)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)}: exit status {proc.returncode}")
    return wall, usage.ru_maxrss / 1024  # Linux reports KiB


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    byte_compile()
    n = sum(1 for line in DATA.open(encoding="utf-8") if line.strip())
    cases = {}
    for label, rulesets in (("1 ruleset", ["--rulesets", "tenhou"]), ("4 rulesets", ["--rulesets", FOUR]),
                            ("every preset (11)", [])):
        for jobs in ("1", "2"):
            cases[f"{label}, --jobs {jobs}"] = [sys.executable, "-m", "mjrules", "compare", "--input", str(DATA),
                                                "--json", "--jobs", jobs, *rulesets]
    results: dict[str, list[tuple[float, float]]] = {name: [] for name in cases}
    load = os.getloadavg()[0]
    for _ in range(args.repeat):
        for name, cmd in cases.items():
            results[name].append(run(cmd))
    load = max(load, os.getloadavg()[0])
    print(f"{n:,} public hands, best of {args.repeat}; load average up to {load:.2f}")
    for name, runs in results.items():
        wall = min(w for w, _ in runs)
        peak = max(m for _, m in runs)
        print(f"  {name:<28} best {wall:6.2f} s  {n / wall:8,.0f} lines/s  peak {peak:5.1f} MiB")
    for label in ("1 ruleset", "4 rulesets", "every preset (11)"):
        one = min(w for w, _ in results[f"{label}, --jobs 1"])
        two = min(w for w, _ in results[f"{label}, --jobs 2"])
        print(f"  {label}: --jobs 2 / --jobs 1 = {two / one:.2f}")
    for jobs in ("1", "2"):
        ratios = [a[0] / b[0] for a, b in zip(results[f"4 rulesets, --jobs {jobs}"], results[f"1 ruleset, --jobs {jobs}"])]
        print(f"  4 rulesets / 1 ruleset, --jobs {jobs}: median {statistics.median(ratios):.2f} "
              f"({min(ratios):.2f}-{max(ratios):.2f}); target <= {TARGET_FOUR}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
