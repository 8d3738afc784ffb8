"""Benchmark: ``mjrules discard --ev`` over files of hands, whole process, against the figures of
mahjong-cpp's calculator given in issue 44 (built on a machine like this one: 1.5 ms for the
one-shanten hand ``123m067p2357s1156z``, 856 states; 0.6 s for the three-shanten
``026m1358p1345579s``, about 200,000 states; 0.1 s to load its tables).

Each file is run as one process, ``mjrules discard --ev --input FILE`` (tenhou, turn 1, dealer, dora
indicator 1m, as the issue's figures), timed from start to exit: its wall time, the CPU time of the
process (user + system, ``RUSAGE_CHILDREN``) and its peak memory. A file of one trivial line gives
the start-up (Python, mjrules, the ruleset). The package is byte-compiled first and the process
runs without ``PYTHONUNBUFFERED`` (``bench/byte_compiled.py``): as a user runs an installed mjrules,
its output to a pipe buffered. The files:

* the issue's one-shanten hand, ``--copies`` times (default 200): its cost a hand, start-up apart;
* the issue's three-shanten hand, once;
* a spread of one-, two- and three-shanten hands (``--spread`` of each, default 10), dealt at
  random from a fixed seed, dora indicator 1m;
* the issue's two hands under ``--model mahjong-cpp`` (its values beside the issue's);
* four-shanten hands, one process each: within 2 s, under 1 GiB.

The machine is shared: the load average is printed with the figures. Run on demand (not part of
the test suite), from the repository root with the virtualenv active::

    python bench/bench_ev.py [--copies N] [--spread N] [--seed S] [--jobs J]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time

from byte_compiled import byte_compile

from mjrules.kernel import KERNEL
from mjrules.model.tiles import tile
from mjrules.notation.mpsz import format_tiles
from mjrules.tools.shanten import PartialHand, hand_shanten

ONE = "123m067p2357s1156z"
THREE = "026m1358p1345579s"
FOUR = ("13m2468p1357s1245z", "2469m1368p13s2356z", "15m26p379s1123455z")
CPP_ONE_MS = 1.5
CPP_THREE_S = 0.6
CPP_LOAD_S = 0.1
FOUR_LIMIT_S = 2.0
MEMORY_LIMIT = 1 << 30
CPP_VALUES = {  # issue 44: mahjong-cpp's tenpai %, win %, expected score (tenhou rules, turn 1, dealer, dora 1m)
    (ONE, "5z"): (91.7, 40.3, 5198), (ONE, "1m"): (69.3, 21.8, 2663),
    (THREE, "1s"): (81.5, 24.9, 3138), (THREE, "2m"): (81.7, 24.9, 2763),
}


def run(lines: list[str], jobs: int) -> dict:
    """One process over ``lines``: wall and CPU seconds, peak memory (bytes), and its output."""
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False, encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
        path = f.name
    try:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
        proc = subprocess.run([sys.executable, "-m", "mjrules", "discard", "--ev", "--input", path, "--jobs", str(jobs)],
                              capture_output=True, text=True, check=False, env=env)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
    finally:
        os.unlink(path)
    if proc.returncode != 0:
        raise SystemExit(f"mjrules failed ({proc.returncode}): {proc.stderr.strip()}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    out = [json.loads(x) for x in proc.stdout.splitlines()]
    return {"wall": wall, "cpu": cpu, "rss": after.ru_maxrss * 1024, "out": out}


def line(hand: str, model: str = "mjrules") -> str:
    return json.dumps({"hand": hand, "dora": "1m", **({"model": model} if model != "mjrules" else {})})


def spread(n: int, seed: int) -> dict[int, list[str]]:
    """``n`` hands of each shanten 1-3, dealt from a wall without the indicator 1m."""
    rng = random.Random(seed)
    wall = [tile(k, red=(k in (4, 13, 22) and c == 0)) for k in range(34) for c in range(4)][1:]  # one 1m shown
    out: dict[int, list[str]] = {1: [], 2: [], 3: []}
    while any(len(v) < n for v in out.values()):
        hand = PartialHand(rng.sample(wall, 14))
        s = hand_shanten(hand)
        if s in out and len(out[s]) < n:
            out[s].append(format_tiles(hand.concealed))
    return out


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--copies", type=int, default=200)
    ap.add_argument("--spread", type=int, default=10)
    ap.add_argument("--seed", type=int, default=44)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args()
    byte_compile()
    print(f"kernel {KERNEL}; {os.cpu_count()} cores; {load()}")
    base = run([line("123m456p789s1z1z5z6z7z")[:-1] + ', "turn": 18}'], args.jobs)  # start-up: a hand with no search
    print(f"start-up (one trivial hand): wall {base['wall']:.3f} s, cpu {base['cpu']:.3f} s "
          f"(mahjong-cpp: {CPP_LOAD_S} s to load its tables)")
    rows = []

    one = run([line(ONE)] * args.copies, args.jobs)
    per = (one["cpu"] - base["cpu"]) / args.copies * 1000
    cpp = CPP_LOAD_S + CPP_ONE_MS / 1000 * args.copies
    rows.append((f"{ONE} x{args.copies}", one["out"][0]["states"], one, f"{per:.2f} ms a hand (cpu)",
                 f"{cpp:.2f} s ({CPP_ONE_MS} ms a hand)", one["cpu"] < cpp))
    three = run([line(THREE)], args.jobs)
    rows.append((THREE, three["out"][0]["states"], three, f"{three['cpu'] - base['cpu']:.3f} s search (cpu)",
                 f"{CPP_THREE_S + CPP_LOAD_S:.2f} s", three["cpu"] < CPP_THREE_S + CPP_LOAD_S))
    for s, hands in spread(args.spread, args.seed).items():
        got = run([line(h) for h in hands], args.jobs)
        states = sum(x["states"] for x in got["out"])
        rows.append((f"{len(hands)} hands of {s}-shanten", states, got,
                     f"{(got['cpu'] - base['cpu']) / len(hands) * 1000:.1f} ms a hand (cpu)", "-", None))
    cpp_model = run([line(ONE, "mahjong-cpp"), line(THREE, "mahjong-cpp")], 1)
    rows.append((f"{ONE}, {THREE} (--model mahjong-cpp)", sum(x["states"] for x in cpp_model["out"]), cpp_model,
                 "", "-", None))
    for hand in FOUR:
        got = run([line(hand)], 1)
        rows.append((f"{hand} (4-shanten)", got["out"][0]["states"], got, f"{got['rss'] / 2**20:.0f} MB peak",
                     f"< {FOUR_LIMIT_S} s, < 1 GiB", got["cpu"] < FOUR_LIMIT_S and got["rss"] < MEMORY_LIMIT))
    print(f"{'file':<42} {'states':>10} {'wall s':>8} {'cpu s':>8}  {'':<26} target")
    for name, states, got, note, target, ok in rows:
        mark = "" if ok is None else (" ok" if ok else " MISSED")
        print(f"{name:<42} {states:>10,} {got['wall']:>8.3f} {got['cpu']:>8.3f}  {note:<26} {target}{mark}")
    print("values against mahjong-cpp's (tenpai %, win %, expected score; the model differences are in "
          "docs/commands/discard-ev.md):")
    for (hand, discard), want in CPP_VALUES.items():
        got = []
        for out in ((one if hand == ONE else three)["out"][0], cpp_model["out"][0 if hand == ONE else 1]):
            d = next(x for x in out["discards"] if x["discard"] == discard)
            got.append(f"{d['tenpai_prob'] * 100:.1f} % {d['win_prob'] * 100:.1f} % {d['exp_score']:,.0f}")
        print(f"  {hand} discard {discard}: mjrules {got[0]}; --model mahjong-cpp {got[1]}; "
              f"mahjong-cpp (issue 44) {want[0]} % {want[1]} % {want[2]:,}")
    print(load())


if __name__ == "__main__":
    main()
