"""Whole-process batch benchmark: ``mjrules batch`` against majiang-core's ``Util.hule`` (node) on
the same distinct hands, in the same run. See bench/README.md ("Batch against majiang-core").

    python bench/bench_batch.py                       # 50,000 lines, --jobs 1 and 2, best of 5 rounds
    python bench/bench_batch.py --generated 15000 --repeat 3 --jobs 1,2,0

Beside those, ``--jobs 1`` under the batch ruleset with the example third-party plugin enabled
(tests/example-plugin, a Python yaku: issue 34's "≤ 1.3× the same ruleset without it"), and, once
each and untimed, both with ``MJRULES_KERNEL=python``: every output must be byte-identical to the
native kernel's.
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
EXAMPLE = HERE.parent / "tests" / "example-plugin"
TARGET_ONE, TARGET_TWO, TARGET_PLUGIN = 0.6, 0.4, 1.3
"""Issue 34: mjrules' time over majiang-core's with --jobs 1 and 2; with the example plugin over without."""


def run(cmd: list[str], env: dict[str, str] | None = None) -> float:
    """Wall time of one whole process."""
    start = time.perf_counter()
    subprocess.run(cmd, check=False, stdout=subprocess.DEVNULL, env=env)
    return time.perf_counter() - start


def plugin_env(tmp: Path) -> tuple[Path, dict[str, str]]:
    """A ruleset enabling the example plugin (as the batch ruleset, majiang, plus it), and the
    environment in which it is installed: its entry point in a dist-info folder on PYTHONPATH."""
    toml = tmp / "kinkei.toml"
    toml.write_text('extends = "majiang"\n[plugins]\nenable = ["kinkei"]\n', encoding="utf-8")
    dist = tmp / "site" / "mjrules_example_yaku-1.0.0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: mjrules-example-yaku\nVersion: 1.0.0\n")
    (dist / "entry_points.txt").write_text("[mjrules]\nkinkei = mjrules_example_yaku\n")
    path = os.pathsep.join(p for p in (str(tmp / "site"), str(EXAMPLE), os.environ.get("PYTHONPATH", "")) if p)
    return toml, {**os.environ, "PYTHONPATH": path}


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
        toml, env = plugin_env(Path(tmp))
        plugged = Path(tmp) / "mjrules-kinkei.jsonl"
        cmds["mjrules +plugin"] = [sys.executable, "-m", "mjrules", "batch", "--ruleset", str(toml),
                                   "--input", str(src), "--output", str(plugged)]
        times: dict[str, list[float]] = {name: [] for name in cmds}
        load = os.getloadavg()[0]
        for _ in range(args.repeat):  # round-robin, so that a slow spell of the machine hits all alike
            for name, cmd in cmds.items():
                times[name].append(run(cmd, env if name == "mjrules +plugin" else None))
        load = max(load, os.getloadavg()[0])
        same, total = agreement(outs[jobs[0]], peer_out)
        identical = all(outs[j].read_bytes() == outs[jobs[0]].read_bytes() for j in jobs)
        python = {**env, "MJRULES_KERNEL": "python"}
        both = []
        for name, out in ((f"mjrules --jobs {jobs[0]}", outs[jobs[0]]), ("mjrules +plugin", plugged)):
            again = out.with_suffix(".python")
            run([*cmds[name][:-1], str(again)], python)
            both.append(again.read_bytes() == out.read_bytes())
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
    plugin = [t / b for t, b in zip(times["mjrules +plugin"], times[f"mjrules --jobs {jobs[0]}"])]
    print(f"  with the example plugin / without: best {min(times['mjrules +plugin']) / base:.2f}, rounds: median "
          f"{statistics.median(plugin):.2f} ({min(plugin):.2f}-{max(plugin):.2f}); target <= {TARGET_PLUGIN}")
    print(f"  targets: --jobs 1 <= {TARGET_ONE}x majiang-core, --jobs 2 <= {TARGET_TWO}x (median rounds above)")
    print(f"  points and payments agree with majiang-core on {same:,} / {total:,} lines; "
          f"output of every --jobs byte-identical: {identical}; MJRULES_KERNEL=python byte-identical "
          f"without the plugin: {both[0]}, with it: {both[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
