"""Whole-process batch benchmark: ``mjrules batch`` against majiang-core's ``Util.hule`` (node) on
the same distinct hands, in the same run. See bench/README.md ("Batch against majiang-core").

    python bench/bench_batch.py                       # 50,000 lines, --jobs 1 and 2, best of 5 rounds
    python bench/bench_batch.py --generated 15000 --repeat 3 --jobs 1,2,0
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import corpus
from byte_compiled import byte_compile

HERE = Path(__file__).resolve().parent
PEER = HERE / "peer"  # npm install --prefix bench/peer … (git-ignored)


def run(cmd: list[str]) -> float:
    """Wall time of one whole process."""
    start = time.perf_counter()
    subprocess.run(cmd, check=False, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def agreement(mine: Path, peer: Path) -> tuple[int, int]:
    """(lines whose points and payments agree, lines): no win is 0 points on both sides (majiang-core
    answers a hand without yaku with {"defen": 0}, a hand without a winning shape with nothing)."""
    same = total = 0
    with open(mine, encoding="utf-8") as a, open(peer, encoding="utf-8") as b:
        for x, y in zip(a, b):
            r, p = json.loads(x), json.loads(y)
            total += 1
            points = (r["points"], r["payments"]) if r and r.get("win") else (0, None)  # {"win": false, …}: no win
            defen = (p["defen"], p["fenpei"]) if p and p["defen"] else (0, None)
            same += points == defen
    return same, total


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--generated", type=int, default=45_000, help="generated hands beside the 5,000 public ones")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=5, help="rounds; each runs every process once")
    ap.add_argument("--jobs", default="1,2", help="the --jobs values to time, e.g. 1,2 or 1,2,0")
    ap.add_argument("--peer", type=Path, default=PEER, help="folder npm installed @kobalab/majiang-core into")
    args = ap.parse_args()
    node = shutil.which("node")
    if node is None or not (args.peer / "node_modules" / "@kobalab" / "majiang-core").is_dir():
        print(f"majiang-core not found under {args.peer}: see bench/README.md", file=sys.stderr)
        return 1
    jobs = [int(j) for j in args.jobs.split(",")]
    byte_compile()
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "hands.jsonl"
        lines = corpus.lines(args.generated, args.seed)
        src.write_text("\n".join(lines) + "\n", encoding="utf-8")
        n = len(lines)
        peer_out = Path(tmp) / "peer.jsonl"
        cmds = {"majiang-core": [node, str(HERE / "majiang_hule.js"), str(args.peer), str(src), str(peer_out)]}
        outs = {}
        for j in jobs:
            outs[j] = Path(tmp) / f"mjrules-{j}.jsonl"
            cmds[f"mjrules --jobs {j}"] = [sys.executable, "-m", "mjrules", "batch", "--jobs", str(j),
                                           "--input", str(src), "--output", str(outs[j])]
        times: dict[str, list[float]] = {name: [] for name in cmds}
        load = os.getloadavg()[0]
        for _ in range(args.repeat):  # round-robin, so that a slow spell of the machine hits all alike
            for name, cmd in cmds.items():
                times[name].append(run(cmd))
        load = max(load, os.getloadavg()[0])
        same, total = agreement(outs[jobs[0]], peer_out)
        identical = all(outs[j].read_bytes() == outs[jobs[0]].read_bytes() for j in jobs)
    print(f"{n:,} distinct lines ({n - args.generated:,} public, {args.generated:,} generated, seed {args.seed}); "
          f"best of {args.repeat} rounds; load average up to {load:.2f}")
    peer_best = min(times["majiang-core"])
    for name, ts in times.items():
        best = min(ts)
        line = f"  {name:<18} best {best:6.2f} s  {n / best:9,.0f} lines/s"
        if name != "majiang-core":
            ratios = [t / p for t, p in zip(ts, times["majiang-core"])]
            line += (f"  ratio to majiang-core {best / peer_best:.2f} (rounds: median {statistics.median(ratios):.2f},"
                     f" {min(ratios):.2f}-{max(ratios):.2f})")
        print(line)
    base = min(times[f"mjrules --jobs {jobs[0]}"])
    for j in jobs[1:]:
        print(f"  --jobs {j} / --jobs {jobs[0]}: {min(times[f'mjrules --jobs {j}']) / base:.2f}")
    print(f"  points and payments agree with majiang-core on {same:,} / {total:,} lines; "
          f"output of every --jobs byte-identical: {identical}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
