"""Table benchmark (issue 27): whole hanchan per second per core, mjrules' table against RiichiEnv's
own game loop (PyPI ``riichienv``, a Rust engine behind a Python API), in one run.

    python bench/bench_table.py                        # 20 hanchan per engine and round, 9 rounds (~2 min)
    python bench/bench_table.py --games 5 --repeat 3 --sim-games 0   # a quick look, no --jobs part (~10 s)

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
from typing import Any, Callable

from mjrules import kernel
from mjrules.table.players import make_player
from mjrules.game.settlement import Outcome
from mjrules.rules.rules import GameLength
from mjrules.table.game import Table
from mjrules.table.simulation import Simulator
from mjrules.rules.ruleset import load_ruleset
from mjrules.scoring.scorer import Scorer

try:
    import riichienv
    from riichienv import ActionType, GameRule, RiichiEnv
    from riichienv.agents import RandomAgent
except ImportError:  # the peer is optional: mjrules is timed without it
    riichienv = None

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
START_TOTAL = 100_000
PLAYERS = 4


class Tsumogiri:
    """A RiichiEnv agent: discards the tile it drew, takes no call and no win (like mjrules' ``tsumogiri``)."""

    def act(self, obs: Any) -> Any:
        legal = obs.legal_actions()
        drawn = obs.drawn_tile
        for a in legal:
            if a.action_type == ActionType.DISCARD and a.tile == drawn:
                return a
        for a in legal:
            if a.action_type == ActionType.PASS:
                return a
        return next(a for a in legal if a.action_type == ActionType.DISCARD)  # never reached: it calls nothing


class Tally:
    """One engine's games in one round: wall and CPU seconds, and what the games held."""

    def __init__(self) -> None:
        self.games = self.rounds = self.discards = self.wins = self.draws = 0
        self.wall = self.cpu = 0.0


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


def riichienv_engine(agent: str) -> Callable[[int], Tally]:
    rule = GameRule.default_tenhou()

    def agents(seed: int) -> list[Any]:
        if agent == "random":
            return [RandomAgent(seed=PLAYERS * seed + seat) for seat in range(PLAYERS)]
        return [Tsumogiri() for _ in range(PLAYERS)]

    def play(games: int) -> Tally:
        tally = Tally()
        envs = []
        gc.collect()
        wall, cpu = time.perf_counter(), time.process_time()
        for seed in range(games):
            seats = agents(seed)
            env = RiichiEnv(game_mode="4p-red-half", rule=rule, seed=seed)
            obs = env.reset()
            while not env.done():
                obs = env.step({pid: seats[pid].act(o) for pid, o in obs.items()})
            envs.append(env)
        tally.wall, tally.cpu = time.perf_counter() - wall, time.process_time() - cpu
        for seed, env in enumerate(envs):  # counted outside the timing
            if sum(env.scores()) != START_TOTAL:
                raise SystemExit(f"RiichiEnv {agent} seed {seed}: final scores {env.scores()} do not add up")
            kinds = [e["type"] for e in env.mjai_log]
            if kinds[-1] != "end_game":
                raise SystemExit(f"RiichiEnv {agent} seed {seed}: the log does not end the game")
            tally.games += 1
            tally.rounds += kinds.count("start_kyoku")
            tally.discards += kinds.count("dahai")
            tally.draws += kinds.count("ryukyoku")
            tally.wins += kinds.count("start_kyoku") - kinds.count("ryukyoku")  # a round ends in a win or a draw
        return tally

    return play


def simulate(games: int, jobs: int) -> tuple[float, float]:
    """Wall time of one whole ``mjrules simulate`` process, and the CPU time of it and its workers."""
    cmd = [sys.executable, "-m", "mjrules", "simulate", "--rulesets", RULESET, "--games", str(games),
           "--players", ",".join(["tsumogiri"] * PLAYERS), "--jobs", str(jobs), "--no-progress"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)  # the workers are waited for, so they count
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20, help="hanchan per engine in each round (default 20)")
    ap.add_argument("--repeat", type=int, default=9, help="interleaved rounds (default 9)")
    ap.add_argument("--sim-games", type=int, default=2000,
                    help="games of each mjrules simulate process (default 2000, on the native table; 0 leaves the "
                         "--jobs part out)")
    ap.add_argument("--sim-repeat", type=int, default=5, help="interleaved --jobs 1 / --jobs 2 pairs (default 5)")
    ap.add_argument("--native-scale", type=float, default=1.0,
                    help="scales the games the native engines play a round (tsumogiri 25, greedy 4, careful 4 "
                         "times --games; default 1)")
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

    for play in engines.values():  # warm-up: modules loaded, caches filled
        play(1)
    load = os.getloadavg()[0]
    rounds: list[dict[str, Tally]] = []
    for _ in range(args.repeat):
        rounds.append({name: play(args.games) for name, play in engines.items()})
        load = max(load, os.getloadavg()[0])
    print(f"{args.games} hanchan per engine, {args.repeat} interleaved rounds, one process; "
          f"load average up to {load:.2f} (the machine is shared)")
    print()
    head = (f"{'engine':<24} {'hanchan/s':>9} {'CPU':>7} {'rounds/s':>9} {'discards/s':>10} "
            f"{'rounds/hanchan':>14} {'discards/hanchan':>16} {'wins':>5} {'draws':>5}")
    print(head)
    print("-" * len(head))
    for name in engines:
        tallies = [r[name] for r in rounds]
        games = sum(t.games for t in tallies)
        hps = statistics.median(t.games / t.wall for t in tallies)
        cps = statistics.median(t.games / t.cpu for t in tallies)
        rps = statistics.median(t.rounds / t.wall for t in tallies)
        dps = statistics.median(t.discards / t.wall for t in tallies) if tallies[0].discards >= 0 else float("nan")
        rounds_n = sum(t.rounds for t in tallies)
        print(f"{name:<24} {hps:>9.2f} {cps:>7.2f} {rps:>9.1f} {dps:>10.0f} {rounds_n / games:>14.2f} "
              f"{sum(t.discards for t in tallies) / games if tallies[0].discards >= 0 else float('nan'):>16.1f} "
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

    if args.sim_games > 0:
        print()
        _jobs(args.sim_games, args.sim_repeat)
    return 0


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
    simulate(2, 1)  # warm-up: byte-compiled modules, disk cache
    times: dict[int, list[tuple[float, float]]] = {1: [], 2: []}
    load = os.getloadavg()[0]
    for _ in range(repeat):
        for jobs in (1, 2):
            times[jobs].append(simulate(games, jobs))
        load = max(load, os.getloadavg()[0])
    speedups = [a[0] / b[0] for a, b in zip(times[1], times[2])]
    print(f"mjrules simulate --rulesets {RULESET} --games {games} --players tsumogiri x4, whole processes, "
          f"{repeat} interleaved pairs; load average up to {load:.2f}")
    for jobs in (1, 2):
        wall = statistics.median(t[0] for t in times[jobs])
        cpu = statistics.median(t[1] for t in times[jobs])
        print(f"  --jobs {jobs}: {wall:5.2f} s wall ({games / wall:4.1f} hanchan/s), {cpu:5.2f} s CPU "
              f"(all its processes; {cpu / wall:.2f} cores busy on average)")
    print(f"  speed-up --jobs 2 / --jobs 1: median {statistics.median(speedups):.2f} "
          f"[{min(speedups):.2f}-{max(speedups):.2f}] (ideal 2.0 with {os.cpu_count()} free cores; CPU of --jobs 2 "
          f"/ --jobs 1: {statistics.median(b[1] / a[1] for a, b in zip(times[1], times[2])):.2f}, ideal 1.0)")


def _dist_version(name: str) -> str:
    from importlib.metadata import version  # noqa: PLC0415

    return version(name)


if __name__ == "__main__":
    raise SystemExit(main())
