"""Benchmark: start-up of ``mjrules score HAND`` against a bare ``python -c pass``.

A one-hand command is mostly start-up: the interpreter, the imports, the plugins and the preset.
Issue 26 asks for at most 6 times a bare interpreter's start. Both commands run as new processes,
interleaved (pass, score, pass, score, …) so that a change in the machine's load hits both alike,
and the median of each is taken. The package is byte-compiled first, as ``pip install`` leaves it
(see ``byte_compiled.py``). Run on demand (not part of the test suite), from the repository root
with the virtualenv active::

    python bench/bench_startup.py [--runs 15] [--hand 123m456p789s11222z]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from byte_compiled import byte_compile

TARGET_RATIO = 6.0


def _time(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=15, help="runs of each command (default 15)")
    ap.add_argument("--hand", default="123m456p789s11222z", help="the hand scored (default: a menzen tsumo)")
    args = ap.parse_args()
    script = shutil.which("mjrules") or str(Path(sys.executable).with_name("mjrules"))
    if not Path(script).exists():
        print("the mjrules command is not on PATH: activate the virtualenv first", file=sys.stderr)
        return 2
    byte_compile()
    bare = [sys.executable, "-c", "pass"]
    score = [script, "score", args.hand]
    if subprocess.run(score, stdout=subprocess.DEVNULL, check=False).returncode != 0:
        print(f"mjrules score {args.hand} did not score a win", file=sys.stderr)
        return 2
    _time(bare), _time(score)  # warm the file cache
    bare_times, score_times = [], []
    for _ in range(args.runs):
        bare_times.append(_time(bare))
        score_times.append(_time(score))
    b, s = statistics.median(bare_times), statistics.median(score_times)
    ratio = s / b
    print(f"python -c pass:          median {b * 1000:6.1f} ms of {args.runs} (min {min(bare_times) * 1000:.1f})")
    print(f"mjrules score {args.hand}: median {s * 1000:6.1f} ms of {args.runs} (min {min(score_times) * 1000:.1f})")
    print(f"ratio {ratio:.2f} (target <= {TARGET_RATIO:g}: {'met' if ratio <= TARGET_RATIO else 'NOT met'})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
