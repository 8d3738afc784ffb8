"""Benchmark (issue 43, item 7): ``mjrules replay --legal`` on the native kernel, each recorded round
followed through the kernel's round, against the Python path (``MJRULES_KERNEL=python``), in one run.

    python bench/bench_legal.py                 # 5 interleaved rounds (~4 min on two busy cores)
    python bench/bench_legal.py --repeat 3      # a quicker look

What is timed: whole processes, ``python -m mjrules replay DIRS --legal --no-progress`` (start-up,
reading, replay and the check all included), wall time (``time.perf_counter`` around the process)
and CPU time (the child's user + system). Three ways, run one after the other in each round
(interleaved, so that a change of the machine's load hits them alike):

* **native**: the native kernel; each recorded round played by the kernel's round
  (``mjrules.table.legal``), the record read, its wall and answers made in Python
  (``mjrules.records.check``);
* **native kernel, Python round**: the same process with the Python round
  (``mjrules.records.check.python_rounds``, the kernel's shanten and scoring under it): what the
  native round alone buys;
* **python path**: ``MJRULES_KERNEL=python``, every part in Python: the definition, and the
  issue's reference (the must-hold: native at least ``AIM`` times as fast).

The records: the real records the suite reads — ``../shared/logs`` (77 Tenhou mjlogs, the same
files as ``tests/data/tenhou-mjlog``; that folder when there is no ``../shared/logs``) and
``tests/data``'s other real records (Tenhou three-player mjlogs, Tenhou and Mahjong Soul JSON logs,
the calls test logs) — and, printed apart, the 77 mjlogs rewritten as mjai, Tenhou JSON and 牌譜
(``tests/games_convert.py``, ``mjrules.records.majiang_paipu.paipu_of_events``; written before the
timing into a temporary folder). Every way's output must be the same bytes, or the run stops.
The ratio of each round is the python path's time over native's; the median and the range are
printed, with the load (``os.getloadavg``) before and after.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
OTHERS = ("tenhou-sanma", "tenhou-sanma-more", "tenhou-json", "tenhou-json-calls")
AIM = 5.0
PYTHON_ROUND = ("import sys, mjrules.cli.replay as r; r.native_rounds = lambda scorer: None; "
                "from mjrules.cli import main; sys.exit(main(sys.argv[1:]))")
"""``mjrules`` on the native kernel with the Python round (no runner from the kernel)."""
WAYS = {
    "native": (["-m", "mjrules"], {}),
    "native kernel, Python round": (["-c", PYTHON_ROUND], {}),
    "python path": (["-m", "mjrules"], {"MJRULES_KERNEL": "python"}),
}


def shared_logs() -> Path:
    shared = ROOT.parent / "shared" / "logs"
    return shared if shared.is_dir() else DATA / "tenhou-mjlog"


def rewrite(out: Path) -> list[str]:
    """The 77 mjlogs as mjai, Tenhou JSON and 牌譜, one folder each under ``out``."""
    sys.path.insert(0, str(ROOT / "tests"))
    import games_convert  # the suite's converters (tests/games_convert.py)
    from mjrules.records.majiang_paipu import paipu_of_events

    folders = []
    for name in ("mjai", "tenhou-json", "paipu"):
        (out / name).mkdir()
        folders.append(str(out / name))
    for path in sorted((DATA / "tenhou-mjlog").glob("*.mjlog")):
        mjai = games_convert.to_mjai(str(path))
        (out / "mjai" / f"{path.stem}.mjson").write_text(mjai, encoding="utf-8")
        (out / "tenhou-json" / f"{path.stem}.json").write_text(games_convert.to_tenhou_json(str(path)),
                                                               encoding="utf-8")
        events = [json.loads(line) for line in mjai.splitlines()]
        paipu = paipu_of_events(events, title=path.stem, names="abcd", ruleset="tenhou", final=None, points=None,
                                exact=False)
        (out / "paipu" / f"{path.stem}.json").write_text(json.dumps(paipu, ensure_ascii=False), encoding="utf-8")
    return folders


def run(way: str, folders: list[str]) -> tuple[float, float, bytes]:
    """(wall seconds, CPU seconds, stdout) of one ``replay --legal`` process."""
    args, env = WAYS[way]
    before = os.times()
    start = time.perf_counter()
    done = subprocess.run([sys.executable, *args, "replay", *folders, "--legal", "--no-progress"],
                          env={**os.environ, **env}, stdout=subprocess.PIPE, check=False)
    wall = time.perf_counter() - start
    after = os.times()
    if done.returncode not in (0, 1):
        raise SystemExit(f"{way}: replay --legal exited {done.returncode}")
    return wall, (after.children_user - before.children_user) + (after.children_system - before.children_system), \
        done.stdout


def bench(label: str, folders: list[str], repeat: int) -> None:
    times: dict[str, list[tuple[float, float]]] = {way: [] for way in WAYS}
    load = os.getloadavg()[0]
    for _ in range(repeat):
        outs = {}
        for way in WAYS:
            wall, cpu, outs[way] = run(way, folders)
            times[way].append((wall, cpu))
        if len(set(outs.values())) != 1:
            raise SystemExit(f"{label}: the ways print different output")
    summary = outs["native"].decode().splitlines()[-1]
    print(f"{label}: {summary}")
    for way in WAYS:
        print(f"  {way:28} wall {statistics.median(t[0] for t in times[way]):6.2f} s, "
              f"CPU {statistics.median(t[1] for t in times[way]):6.2f} s (medians)")
    for slow in ("python path", "native kernel, Python round"):
        walls = [a[0] / b[0] for a, b in zip(times[slow], times["native"])]
        cpus = [a[1] / b[1] for a, b in zip(times[slow], times["native"])]
        aim = f"; aim >= {AIM:.0f}x: {'met' if statistics.median(walls) >= AIM else 'NOT met'}" \
            if slow == "python path" else ""
        print(f"  {slow} / native: wall median {statistics.median(walls):.2f}x [{min(walls):.2f}-{max(walls):.2f}], "
              f"CPU median {statistics.median(cpus):.2f}x [{min(cpus):.2f}-{max(cpus):.2f}]{aim}")
    print(f"  load average {load:.2f} before, {os.getloadavg()[0]:.2f} after")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="interleaved rounds (each runs every way once)")
    parser.add_argument("--no-rewritten", action="store_true", help="time the real records only")
    args = parser.parse_args()
    real = [str(shared_logs()), *(str(DATA / name) for name in OTHERS)]
    print(f"{sys.version.split()[0]} on {os.cpu_count()} cores; real records: {', '.join(real)}")
    bench("real records", real, args.repeat)
    if not args.no_rewritten:
        with tempfile.TemporaryDirectory() as tmp:
            bench("the 77 mjlogs as mjai, Tenhou JSON and 牌譜", rewrite(Path(tmp)), args.repeat)


if __name__ == "__main__":
    main()
