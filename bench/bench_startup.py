"""Benchmark: start-up of ``mjrules score HAND`` against a bare ``python -c pass``.

A one-hand command is mostly start-up: the interpreter, the imports, the plugins and the preset.
Issue 26 asks for at most 6 times a bare interpreter's start; issue 41 for one hand under about
100 ms. The commands run as new processes, interleaved (pass, score, score --extra, pass, …) so
that a change in the machine's load hits them alike; each figure is the median of its runs (wall
and CPU, the latter from ``wait4``), each ratio the median of the rounds' ratios. The third command
names a situation tag the ruleset does not read (``--extra kanburi``): only then are the installed
plugins asked which tags their yaku read. The package is byte-compiled first, as ``pip install``
leaves it (see ``byte_compiled.py``). Run on demand (not part of the test suite), from the
repository root with the virtualenv active::

    python bench/bench_startup.py [--runs 15] [--hand 123m456p789s11222z]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from byte_compiled import byte_compile

TARGET_RATIO = 6.0
TARGET_MS = 100.0


def _time(argv: list[str]) -> tuple[float, float]:
    """(wall, CPU) seconds of one run of ``argv``."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(proc.pid, 0)
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime


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
    commands = {
        "python -c pass": [sys.executable, "-c", "pass"],
        f"mjrules score {args.hand}": [script, "score", args.hand],
        f"mjrules score {args.hand} --extra kanburi": [script, "score", args.hand, "--extra", "kanburi"],
    }
    for name, argv in list(commands.items())[1:]:
        if subprocess.run(argv, stdout=subprocess.DEVNULL, check=False).returncode != 0:
            print(f"{name} did not score a win", file=sys.stderr)
            return 2
    for argv in commands.values():  # warm the file cache
        _time(argv)
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    load = os.getloadavg()[0]
    for _ in range(args.runs):
        for name, argv in commands.items():
            times[name].append(_time(argv))
    load = max(load, os.getloadavg()[0])
    print(f"median of {args.runs} interleaved runs each; load average up to {load:.2f}")
    bare = times["python -c pass"]
    for name, runs in times.items():
        wall = statistics.median(w for w, _ in runs)
        cpu = statistics.median(c for _, c in runs)
        line = f"  {name:<48} wall {wall * 1000:6.1f} ms  cpu {cpu * 1000:6.1f} ms"
        if runs is not bare:
            ratio = statistics.median(w / b for (w, _), (b, _) in zip(runs, bare))
            line += f"  {ratio:.2f}x python -c pass"
        print(line)
    score = statistics.median(w for w, _ in times[f"mjrules score {args.hand}"])
    ratio = statistics.median(w / b for (w, _), (b, _) in zip(times[f"mjrules score {args.hand}"], bare))
    print(f"one hand: {score * 1000:.0f} ms (target about {TARGET_MS:.0f}: {'met' if score * 1000 <= TARGET_MS else 'NOT met'}); "
          f"{ratio:.2f}x python -c pass (target <= {TARGET_RATIO:g}: {'met' if ratio <= TARGET_RATIO else 'NOT met'})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
