"""Table benchmark (issue 27): whole hanchan per second per core, mjrules' table against RiichiEnv's
own game loop (PyPI ``riichienv``, a Rust engine behind a Python API), in one run.

    python bench/bench_table.py                        # every part below (~4 min)
    python bench/bench_table.py --games 5 --repeat 3 --sim-games 0 --proc-repeat 0 --issue-games 0
                                                       # a quick look, in one process only (~10 s)
    python bench/bench_table.py --repeat 0 --sim-games 0   # the whole-process parts only (~2.5 min)

What is measured (one process, one core, ``time.perf_counter`` wall time of whole games):

* **mjrules native** (issue 43): the game ``simulate`` plays, on the native table (the kernel's twin
  of ``mjrules.game`` and of the built-in players ``tsumogiri``, ``greedy`` and ``careful``; any
  other player would be asked across the boundary): ``Simulator(["tenhou"], players, seed, HANCHAN).play(0, i)``,
  each game reduced to its ``GameSummary`` as simulate does (no record: ``--records`` asks for
  them). It plays ``--native-scale`` times as many games a round as the others (they take
  milliseconds), its figures per game as theirs.
* **mjrules python path**: the Python table (``Table.native = None``: ``mjrules.game``, the
  definition the native table is held equal to, with the native kernel's shanten and scoring),
  ``Table(...).play(i)`` as below.
* **mjrules** (before issue 43: the Python path): ``Table(Scorer(load_ruleset("tenhou")), players, length=HANCHAN).play(i)`` for
  seeds ``i`` = 0..N-1, the table and scorer built once, outside the timing. Two seatings:
  four ``tsumogiri`` players (discard the drawn tile, declare nothing, never win: every round is
  an exhaustive draw, so this times the table itself), four ``greedy`` players (shanten and
  ukeire discards, riichi when tenpai, pon on yakuhai, takes every win) and four ``careful``
  players (issue 37: fold against a threat, calls for a yaku, riichi or dama; the aim: a hanchan
  in at most ``CAREFUL_AIM`` times a greedy one, the per-round ratio's median). Every game also writes
  its mjai record (the table always does).
* **RiichiEnv** 0.4.x: its README's loop, ``RiichiEnv(game_mode="4p-red-half",
  rule=GameRule.default_tenhou(), seed=i)``, ``obs = env.reset()``, then
  ``while not env.done(): obs = env.step({pid: agent.act(o) for pid, o in obs.items()})``,
  the env built inside the timing (one a game: that is how it is seeded), its mjai log kept (its
  default, like mjrules' record). Two agents: its own ``riichienv.agents.RandomAgent`` (a uniform
  random choice among ``obs.legal_actions()``, seeded ``4 i + seat``; it calls chi/pon/kan at
  random and wins only when the draw of the dice picks tsumo/ron), the simplest agent it ships;
  and ``Tsumogiri`` below, written with its API for a like-for-like run (discards
  ``obs.drawn_tile``, passes on every call and win).

The engines run in interleaved rounds (each round: every engine plays its N games, after a
``gc.collect()``), so a change in the machine's load hits all of them alike; each ratio is taken
per round and its median printed. The aim of issue 27 is ``AIM``: within 10x of RiichiEnv per core,
i.e. a ratio mjrules/RiichiEnv of at least 0.1. Both tables play Tenhou's game end (into West
when nobody has 30,000 after South 4: four no-win players play 12 rounds on both), but greedy
rounds are shorter than random ones (greedy wins, random players almost never do), so rounds/s and
discards/s are printed besides hanchan/s.
CPU time (``time.process_time``) is printed too: it is the per-core figure if either engine used
more than one thread, and it is less disturbed by other jobs on a shared machine.

Linear in ``--jobs``: ``python -m mjrules simulate --rulesets tenhou --games M --players
tsumogiri,... --jobs 1`` and ``--jobs 2`` timed as whole processes (start-up included),
interleaved ``--sim-repeat`` times; the median speed-up is printed (ideal: the number of free cores),
with the CPU time of each process and its workers: on a shared machine the cores busy on average
(CPU / wall) show whether a second core was free at all, and the CPU ratio (ideal 1.0) what the
workers cost beyond the games.

Whole processes (issue 43's must-holds: "ratios measured in one run, median of interleaved rounds,
whole processes"): ``python -m mjrules simulate --rulesets tenhou --games N --seed 0 --players
P,P,P,P --jobs 1 --no-progress`` for P = tsumogiri, greedy, careful (N: ``PROCESS_GAMES``, some 2 s
a process, start-up included, stdout to /dev/null), and ``python bench/riichienv_loop.py tsumogiri
M``: the RiichiEnv loop above in a process importing no mjrules, its log not read (reading it costs
some 7 % of its games' time). ``--proc-repeat`` rounds, each running every process once, in a
rotating order; hanchan/s is N over the process's wall time, and over its CPU time (user + system of
it and its children, ``RUSAGE_CHILDREN``); the per-round ratios native P / RiichiEnv tsumogiri are
printed with their median and range beside ``NATIVE_AIMS``. Last, issue 43's command ``mjrules
simulate --rulesets tenhou,mleague --games 10000 --players careful,careful,careful,careful --jobs 2``
runs once (``--issue-games``), timed like ``/usr/bin/time`` (wall, user, system): the aim is under
two minutes on two cores, and its paired intervals printed (the bench checks they are and shows them).

If riichienv is not installed, one line says so and mjrules is still timed. Install it with
``python -m pip install riichienv==0.4.11`` (bench/requirements.txt).
"""

from __future__ import annotations

import argparse
import gc
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

from mjrules import kernel
from mjrules.table.players import make_player
from mjrules.game.settlement import Outcome
from mjrules.rules.rules import GameLength
from mjrules.table.game import Table
from mjrules.table.simulation import Simulator
from mjrules.rules.ruleset import load_ruleset
from mjrules.scoring.scorer import Scorer

from riichienv_loop import PLAYERS, START_TOTAL, Tally, riichienv, riichienv_engine

AIM = 0.1
"""Issue 27: within 10x of RiichiEnv per core, i.e. mjrules/RiichiEnv hanchan per second >= 0.1."""
NATIVE_AIMS = {"tsumogiri": 30.0, "greedy": 4.0, "careful": 4.0}
"""Issue 43: the native table's hanchan/s over RiichiEnv tsumogiri's: tsumogiri at least 30x,
careful at least 4x, greedy between (at least careful's)."""
NATIVE_SCALE = {"tsumogiri": 25, "greedy": 4, "careful": 4}
"""Games the native engines play a round, as a multiple of ``--games`` (``--native-scale`` scales it)."""
CAREFUL_AIM = 3.0
"""Issue 37: a hanchan of careful players takes at most 3x the time of one of greedy players."""
RULESET = "tenhou"
PROCESS_GAMES = {"native tsumogiri": 12_000, "native greedy": 700, "native careful": 600, "RiichiEnv tsumogiri": 80}
"""Hanchan a process plays in the whole-process part (``--proc-scale`` scales them): some 2 s a process here."""
PROCESS_SEED = "0"
ISSUE_RULESETS = "tenhou,mleague"
ISSUE_AIM = 120.0
"""Issue 43: ``simulate --rulesets tenhou,mleague --games 10000 --players careful x4 --jobs 2`` in under 2 minutes
on two cores (seconds)."""
LOOP = Path(__file__).with_name("riichienv_loop.py")
"""RiichiEnv's loop, run as a process of its own (it imports no mjrules)."""


def native_engine(player: str, scale: int) -> Callable[[int], Tally]:
    """The games ``simulate`` plays on the native table, ``scale`` times as many a round."""
    sim = Simulator([RULESET], [player] * PLAYERS, "bench", GameLength.HANCHAN)
    if sim.tables[0].native is None:
        raise SystemExit("the native table is not available here (MJRULES_KERNEL=python, or no native build)")

    def play(games: int) -> Tally:
        tally = Tally()
        summaries = []
        gc.collect()
        wall, cpu = time.perf_counter(), time.process_time()
        for seed in range(games * scale):
            summaries.append(sim.play(0, seed))
        tally.wall, tally.cpu = time.perf_counter() - wall, time.process_time() - cpu
        for g in summaries:  # counted outside the timing
            if sum(g.final) != START_TOTAL:
                raise SystemExit(f"native {player} game {g.game}: final scores {g.final} do not add up")
            tally.games += 1
            tally.rounds += g.rounds
            tally.wins += g.won_rounds
            tally.draws += g.rounds - g.won_rounds
        # discards: the record is not written, so they are counted by one game replayed with its record
        tally.discards = -1
        return tally

    return play


def mjrules_engine(player: str, python_path: bool = False) -> Callable[[int], Tally]:
    table = Table(Scorer(load_ruleset(RULESET)), [make_player(player) for _ in range(PLAYERS)],
                  length=GameLength.HANCHAN, names=[player] * PLAYERS)
    if python_path:
        table.native = None  # the Python table, mjrules.game: the definition

    def play(games: int) -> Tally:
        tally = Tally()
        played = []
        gc.collect()
        wall, cpu = time.perf_counter(), time.process_time()
        for seed in range(games):
            played.append(table.play(seed))
        tally.wall, tally.cpu = time.perf_counter() - wall, time.process_time() - cpu
        for game in played:  # counted outside the timing
            if sum(game.final) != START_TOTAL:
                raise SystemExit(f"mjrules {player} seed {game.seed}: final scores {game.final} do not add up")
            tally.games += 1
            tally.rounds += len(game.rounds)
            tally.discards += game.record.count('"type":"dahai"')
            tally.wins += sum(r.settlement.outcome is Outcome.WIN for r in game.rounds)
            tally.draws += sum(r.settlement.outcome is not Outcome.WIN for r in game.rounds)
        return tally

    return play


class Run:
    """One whole process: its wall seconds, the user and system CPU seconds of it and its children, its output."""

    def __init__(self, wall: float, user: float, system: float, out: str) -> None:
        self.wall, self.user, self.system, self.out = wall, user, system, out

    @property
    def cpu(self) -> float:
        return self.user + self.system


def run(cmd: list[str], keep: bool = False) -> Run:
    """Run ``cmd`` to its end, timed from start to exit; its output kept with ``keep``, else to /dev/null."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, check=True, stdout=subprocess.PIPE if keep else subprocess.DEVNULL, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)  # its workers are waited for, so they count
    return Run(wall, after.ru_utime - before.ru_utime, after.ru_stime - before.ru_stime, done.stdout or "")


def simulate_command(games: int, jobs: int, player: str = "tsumogiri", rulesets: str = RULESET,
                     seed: str | None = None) -> list[str]:
    """``mjrules simulate`` with four ``player`` seats (no progress line: its stderr may be a terminal)."""
    return ([sys.executable, "-m", "mjrules", "simulate", "--rulesets", rulesets, "--games", str(games)]
            + ([] if seed is None else ["--seed", seed])
            + ["--players", ",".join([player] * PLAYERS), "--jobs", str(jobs), "--no-progress"])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20, help="hanchan per engine in each round (default 20)")
    ap.add_argument("--repeat", type=int, default=9,
                    help="interleaved rounds in one process (default 9; 0 leaves that part out)")
    ap.add_argument("--sim-games", type=int, default=2000,
                    help="games of each mjrules simulate process (default 2000, on the native table; 0 leaves the "
                         "--jobs part out)")
    ap.add_argument("--sim-repeat", type=int, default=5, help="interleaved --jobs 1 / --jobs 2 pairs (default 5)")
    ap.add_argument("--native-scale", type=float, default=1.0,
                    help="scales the games the native engines play a round (tsumogiri 25, greedy 4, careful 4 "
                         "times --games; default 1)")
    ap.add_argument("--proc-repeat", type=int, default=8,
                    help="rounds of the whole-process part (default 8; 0 leaves it out)")
    ap.add_argument("--proc-scale", type=float, default=1.0,
                    help="scales the hanchan of each process in the whole-process part (native tsumogiri 12,000, "
                         "greedy 700, careful 600, RiichiEnv tsumogiri 80; default 1)")
    ap.add_argument("--issue-games", type=int, default=10_000,
                    help="games a ruleset of issue 43's simulate command, careful players under tenhou and mleague "
                         "on two jobs (default 10000, about a minute; 0 leaves it out)")
    args = ap.parse_args()

    import mjrules  # noqa: PLC0415  (its version, for the header)

    engines: dict[str, Callable[[int], Tally]] = {}
    for player in ("tsumogiri", "greedy", "careful"):
        engines[f"native {player}"] = native_engine(player, max(1, round(NATIVE_SCALE[player] * args.native_scale)))
    for player in ("tsumogiri", "greedy", "careful"):
        engines[f"python path {player}"] = mjrules_engine(player, python_path=True)
    peer = ""
    if riichienv is None:
        print("riichienv is not installed (pip install riichienv==0.4.11): timing mjrules alone")
    else:
        peer = (f", riichienv {getattr(riichienv, '__version__', None) or _dist_version('riichienv')} "
                "(4p-red-half, GameRule.default_tenhou())")
        engines["RiichiEnv random"] = riichienv_engine("random")
        engines["RiichiEnv tsumogiri"] = riichienv_engine("tsumogiri")
    print(f"mjrules {mjrules.__version__} ({kernel.KERNEL} kernel){peer}; Python {sys.version.split()[0]}; {os.cpu_count()} cores; "
          f"mjrules ruleset {RULESET}")

    if args.repeat > 0:
        _in_process(engines, args.games, args.repeat)
    if args.sim_games > 0:
        print()
        _jobs(args.sim_games, args.sim_repeat)
    if args.proc_repeat > 0:
        print()
        _processes(args.proc_repeat, args.proc_scale)
    if args.issue_games > 0:
        print()
        _issue_command(args.issue_games)
    return 0


def _in_process(engines: dict[str, Callable[[int], Tally]], games: int, repeat: int) -> None:
    """The engines in one process: ``repeat`` interleaved rounds of ``games`` hanchan each."""
    for play in engines.values():  # warm-up: modules loaded, caches filled
        play(1)
    load = os.getloadavg()[0]
    rounds: list[dict[str, Tally]] = []
    for _ in range(repeat):
        rounds.append({name: play(games) for name, play in engines.items()})
        load = max(load, os.getloadavg()[0])
    print(f"{games} hanchan per engine, {repeat} interleaved rounds, one process; "
          f"load average up to {load:.2f} (the machine is shared)")
    print()
    head = (f"{'engine':<24} {'hanchan/s':>9} {'CPU':>7} {'rounds/s':>9} {'discards/s':>10} "
            f"{'rounds/hanchan':>14} {'discards/hanchan':>16} {'wins':>5} {'draws':>5}")
    _print_head(head)
    for name in engines:
        tallies = [r[name] for r in rounds]
        played = sum(t.games for t in tallies)
        hps = statistics.median(t.games / t.wall for t in tallies)
        cps = statistics.median(t.games / t.cpu for t in tallies)
        rps = statistics.median(t.rounds / t.wall for t in tallies)
        dps = statistics.median(t.discards / t.wall for t in tallies) if tallies[0].discards >= 0 else float("nan")
        rounds_n = sum(t.rounds for t in tallies)
        print(f"{name:<24} {hps:>9.2f} {cps:>7.2f} {rps:>9.1f} {dps:>10.0f} {rounds_n / played:>14.2f} "
              f"{sum(t.discards for t in tallies) / played if tallies[0].discards >= 0 else float('nan'):>16.1f} "
              f"{sum(t.wins for t in tallies) / rounds_n:>5.0%} "
              f"{sum(t.draws for t in tallies) / rounds_n:>5.0%}")
    print("(medians of the rounds; CPU: hanchan per CPU second; wins, draws: share of rounds ending so)")
    print("(native: discards not counted, no record written; --records asks for one)")

    print()
    _careful_line(rounds)

    print()
    print("native / python path (the same games: the twin against its definition), median of the per-round ratios")
    for player in ("tsumogiri", "greedy", "careful"):
        print("  " + _ratio_line(rounds, f"native {player}", f"python path {player}", None))
    if riichienv is not None:
        print()
        print("issue 43: native / RiichiEnv tsumogiri (its agents driven from Python), median [range]")
        for player in ("tsumogiri", "greedy", "careful"):
            print("  " + _ratio_line(rounds, f"native {player}", "RiichiEnv tsumogiri", NATIVE_AIMS[player]))
        print()
        print(f"issue 27: python path / RiichiEnv, median of the per-round ratios [range]; aim >= {AIM} (within "
              f"{1 / AIM:.0f}x per core)")
        for mine in ("python path tsumogiri", "python path greedy"):
            for theirs in ("RiichiEnv random", "RiichiEnv tsumogiri"):
                print("  " + _ratio_line(rounds, mine, theirs, AIM))
        print("  (rounds/s: the same ratio per round played, which corrects for RiichiEnv's longer hanchan)")


def _ratio_line(rounds: list[dict[str, Tally]], mine: str, theirs: str, aim: float | None) -> str:
    per_game = [(r[mine].games / r[mine].wall) / (r[theirs].games / r[theirs].wall) for r in rounds]
    per_round = [(r[mine].rounds / r[mine].wall) / (r[theirs].rounds / r[theirs].wall) for r in rounds]
    cpu = [(r[mine].games / r[mine].cpu) / (r[theirs].games / r[theirs].cpu) for r in rounds]
    med = statistics.median(per_game)
    verdict = "" if aim is None else f", aim >= {aim:g}: " + ("met" if med >= aim else "MISSED")
    return (f"{mine + ' / ' + theirs:<44} hanchan/s {med:7.3f} [{min(per_game):.3f}-{max(per_game):.3f}]{verdict}; "
            f"CPU {statistics.median(cpu):7.3f}; rounds/s {statistics.median(per_round):7.3f}")


def _careful_line(rounds: list[dict[str, Tally]]) -> None:
    """Issue 37: careful players within ``CAREFUL_AIM`` times the time of greedy ones (per hanchan)."""
    careful, greedy = [r["python path careful"] for r in rounds], [r["python path greedy"] for r in rounds]
    per_game = [(c.wall / c.games) / (g.wall / g.games) for c, g in zip(careful, greedy)]
    cpu = [(c.cpu / c.games) / (g.cpu / g.games) for c, g in zip(careful, greedy)]
    med = statistics.median(per_game)
    verdict = "meets the aim" if med <= CAREFUL_AIM else "MISSES the aim"
    print(f"python path: time a hanchan, careful / greedy: median {med:.2f} [{min(per_game):.2f}-{max(per_game):.2f}] "
          f"({verdict}: within {CAREFUL_AIM:.0f}x); CPU {statistics.median(cpu):.2f}")


def _jobs(games: int, repeat: int) -> None:
    run(simulate_command(2, 1))  # warm-up: byte-compiled modules, disk cache
    times: dict[int, list[Run]] = {1: [], 2: []}
    load = os.getloadavg()[0]
    for _ in range(repeat):
        for jobs in (1, 2):
            times[jobs].append(run(simulate_command(games, jobs)))
        load = max(load, os.getloadavg()[0])
    speedups = [a.wall / b.wall for a, b in zip(times[1], times[2])]
    print(f"mjrules simulate --rulesets {RULESET} --games {games} --players tsumogiri x4, whole processes, "
          f"{repeat} interleaved pairs; load average up to {load:.2f}")
    for jobs in (1, 2):
        wall = statistics.median(t.wall for t in times[jobs])
        cpu = statistics.median(t.cpu for t in times[jobs])
        print(f"  --jobs {jobs}: {wall:5.2f} s wall ({games / wall:4.1f} hanchan/s), {cpu:5.2f} s CPU "
              f"(all its processes; {cpu / wall:.2f} cores busy on average)")
    print(f"  speed-up --jobs 2 / --jobs 1: median {statistics.median(speedups):.2f} "
          f"[{min(speedups):.2f}-{max(speedups):.2f}] (ideal 2.0 with {os.cpu_count()} free cores; CPU of --jobs 2 "
          f"/ --jobs 1: {statistics.median(b.cpu / a.cpu for a, b in zip(times[1], times[2])):.2f}, ideal 1.0)")


def _processes(repeat: int, scale: float) -> None:
    """Issue 43's ratios as whole processes, start-up included: each round runs every process once,
    in a rotating order."""
    games = {name: max(1, round(n * scale)) for name, n in PROCESS_GAMES.items()}

    def command(name: str, n: int) -> list[str]:
        if name.startswith("native "):
            return simulate_command(n, 1, name.removeprefix("native "), seed=PROCESS_SEED)
        return [sys.executable, str(LOOP), "tsumogiri", str(n)]

    names = [n for n in games if riichienv is not None or not n.startswith("RiichiEnv")]
    for name in names:  # warm-up: byte-compiled modules, disk cache
        run(command(name, 2))
    start = os.getloadavg()
    peak = start[0]
    rounds: list[dict[str, Run]] = []
    for r in range(repeat):
        order = names[r % len(names):] + names[:r % len(names)]
        rounds.append({name: run(command(name, games[name])) for name in order})
        peak = max(peak, os.getloadavg()[0])
    end = os.getloadavg()
    print(f"whole processes (issue 43's ratios: one run, median of interleaved rounds, start-up included): {repeat} "
          f"rounds, each running every process once in a rotating order; load average (1, 5, 15 min) "
          f"{_loads(start)} at the start, {_loads(end)} at the end, the 1-minute one up to {peak:.2f}")
    for name in names:
        print(f"  {name}: {' '.join(['python', *command(name, games[name])[1:]])}")
    print("  (stdout to /dev/null; RiichiEnv's: its README's loop, riichienv_loop.riichienv_engine, the scores checked, its log not read)")
    print()
    head = (f"{'engine':<20} {'hanchan':>8} {'wall s':>7} {'hanchan/s':>10} {'CPU s':>7} {'hanchan/CPU s':>13} "
            f"{'cores busy':>10}")
    _print_head(head)
    for name in names:
        n, runs = games[name], [r[name] for r in rounds]
        wall, cpu = statistics.median(x.wall for x in runs), statistics.median(x.cpu for x in runs)
        print(f"{name:<20} {n:>8} {wall:>7.2f} {statistics.median(n / x.wall for x in runs):>10.2f} {cpu:>7.2f} "
              f"{statistics.median(n / x.cpu for x in runs):>13.2f} {statistics.median(x.cpu / x.wall for x in runs):>10.2f}")
    print("(medians of the rounds; CPU: user + system time of the process and its children)")
    if riichienv is None:
        return
    print()
    print("native / RiichiEnv tsumogiri, hanchan/s of wall time, per round: median [range]; the same of CPU time")
    peer = "RiichiEnv tsumogiri"
    for player in ("tsumogiri", "greedy", "careful"):
        mine = f"native {player}"
        wall = [(games[mine] / r[mine].wall) / (games[peer] / r[peer].wall) for r in rounds]
        cpu = [(games[mine] / r[mine].cpu) / (games[peer] / r[peer].cpu) for r in rounds]
        med, aim = statistics.median(wall), NATIVE_AIMS[player]
        between = " (between careful's and tsumogiri's)" if player == "greedy" else ""
        print(f"  {mine:<17} {med:8.2f} [{min(wall):.2f}-{max(wall):.2f}], aim >= {aim:g}{between}: "
              f"{'met' if med >= aim else 'MISSED'}; CPU {statistics.median(cpu):.2f} [{min(cpu):.2f}-{max(cpu):.2f}]; "
              f"rounds: {' '.join(f'{x:.2f}' for x in wall)}")


def _issue_command(games: int) -> None:
    """Issue 43: careful players under two rulesets on two cores, one whole process, its paired intervals checked."""
    cmd = simulate_command(games, 2, "careful", rulesets=ISSUE_RULESETS)
    start = os.getloadavg()
    done = run(cmd, keep=True)
    end = os.getloadavg()
    shown = " ".join(["mjrules"] + cmd[3:])
    minutes, seconds = divmod(done.wall, 60)
    print(f"issue 43: {shown}, one whole process; load average (1, 5, 15 min) {_loads(start)} at the start, "
          f"{_loads(end)} at the end")
    print(f"  {int(minutes)}:{seconds:04.1f} wall ({done.wall:.1f} s; {2 * games / done.wall:.0f} hanchan/s), "
          f"{done.user:.1f} s user + {done.system:.1f} s system = {done.cpu:.1f} s CPU ({100 * done.cpu / done.wall:.0f} % "
          f"of a core); aim under {ISSUE_AIM:.0f} s on two cores: {'met' if done.wall < ISSUE_AIM else 'MISSED'}")
    first, second = ISSUE_RULESETS.split(",")
    lines = done.out.splitlines()
    head = f"{second} - {first}, paired by wall over {games} game"
    at = next((i for i, line in enumerate(lines) if line.startswith(head)), None)
    # the two lines of main figures after the heading: ten differences, each with its interval
    if at is None or sum(line.count("[") for line in lines[at + 1:at + 3]) < 10:
        print(f"  its paired intervals: MISSING (no line starting {head!r} followed by the figures' intervals)")
        return
    print("  its paired intervals, as printed:")
    for line in lines[at:at + 5]:
        print("    " + line)


def _print_head(head: str) -> None:
    """A table's column heads, ruled below."""
    print(head)
    print("-" * len(head))


def _loads(loads: tuple[float, float, float]) -> str:
    return ", ".join(f"{x:.2f}" for x in loads)


def _dist_version(name: str) -> str:
    from importlib.metadata import version  # noqa: PLC0415

    return version(name)


if __name__ == "__main__":
    raise SystemExit(main())
