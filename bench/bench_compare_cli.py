"""Whole-process ``mjrules compare --input`` against ``mjrules batch`` on the same lines: the 5,000
public hands, ``--scale`` times over (default 10: 50,000 lines, so that start-up is a small part).
Each round runs every case once, in turn; the figures are the medians of the rounds: wall and CPU
seconds (the process and its children, from ``wait4``), lines/s, the peak resident memory of the
main process. The ratios are taken round by round, in the same run: 4 rulesets over 1 (issue 41:
at most 1.6, text output, tenhou, mleague, mahjongsoul, ema2016) and compare under 1 ruleset over
batch. See bench/README.md ("compare at corpus scale").

    python bench/bench_compare_cli.py [--repeat 5] [--scale 10]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from byte_compiled import byte_compile

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "majiang-hule-public.jsonl"
FOUR = "tenhou,mleague,mahjongsoul,ema2016"
"""Issue 41's four rulesets (ema2016's set has no red fives: the hand as it has it)."""
FOUR_34 = "tenhou,mahjongsoul,mleague,wrc2025"
"""Issue 34's four rulesets."""
TARGET_FOUR = 1.6
"""Compare under 4 rulesets over compare under one, whole process."""


def run(cmd: list[str]) -> tuple[float, float, float]:
    """(wall seconds, CPU seconds, peak resident MiB of the process itself)."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        raise SystemExit(f"{' '.join(cmd)}: exit status {code}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024  # Linux reports KiB


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=5, help="rounds (default 5)")
    ap.add_argument("--scale", type=int, default=10, help="times the public hands are given (default 10)")
    args = ap.parse_args()
    byte_compile()
    text = DATA.read_text(encoding="utf-8")
    n = sum(1 for line in text.splitlines() if line.strip()) * args.scale
    with tempfile.TemporaryDirectory() as folder:
        src = Path(folder) / "hands.jsonl"
        with src.open("w", encoding="utf-8") as f:
            for _ in range(args.scale):
                f.write(text)
        del text  # a child's peak memory starts from this process's, forked before exec
        mj = [sys.executable, "-m", "mjrules"]
        compare = [*mj, "compare", "--input", str(src)]
        cases = {
            "batch, tenhou": [*mj, "batch", "--input", str(src), "--ruleset", "tenhou"],
            "compare, 1 ruleset": [*compare, "--rulesets", "tenhou"],
            "compare, 4 rulesets": [*compare, "--rulesets", FOUR],
            "compare, 1 ruleset, --jobs 2": [*compare, "--rulesets", "tenhou", "--jobs", "2"],
            "compare, 4 rulesets, --jobs 2": [*compare, "--rulesets", FOUR, "--jobs", "2"],
            "compare, issue 34's 4, --json": [*compare, "--rulesets", FOUR_34, "--json"],
            "compare, every preset (11)": compare,
        }
        for cmd in cases.values():  # warm the file cache, and check every case runs
            run(cmd)
        results: dict[str, list[tuple[float, float, float]]] = {name: [] for name in cases}
        load = os.getloadavg()[0]
        for _ in range(args.repeat):
            for name, cmd in cases.items():
                results[name].append(run(cmd))
        load = max(load, os.getloadavg()[0])
    print(f"{n:,} lines (the public hands {args.scale} times), median of {args.repeat} interleaved rounds; "
          f"load average up to {load:.2f}")
    for name, runs in results.items():
        wall = statistics.median(w for w, _, _ in runs)
        cpu = statistics.median(c for _, c, _ in runs)
        peak = max(m for _, _, m in runs)
        print(f"  {name:<32} wall {wall:6.2f} s  cpu {cpu:6.2f} s  {n / wall:9,.0f} lines/s  peak {peak:5.1f} MiB")

    def ratios(a: str, b: str, k: int) -> str:
        got = [x[k] / y[k] for x, y in zip(results[a], results[b])]
        return f"median {statistics.median(got):.2f} ({min(got):.2f}-{max(got):.2f})"

    for jobs in ("", ", --jobs 2"):
        four, one = f"compare, 4 rulesets{jobs}", f"compare, 1 ruleset{jobs}"
        print(f"  4 rulesets / 1 ruleset{jobs}: wall {ratios(four, one, 0)}, cpu {ratios(four, one, 1)}; "
              f"target <= {TARGET_FOUR}")
    print(f"  compare 1 ruleset / batch: wall {ratios('compare, 1 ruleset', 'batch, tenhou', 0)}, "
          f"cpu {ratios('compare, 1 ruleset', 'batch, tenhou', 1)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
