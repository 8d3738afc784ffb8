"""RiichiEnv's game loop as ``bench_table.py`` times it, and one process running it.

    python bench/riichienv_loop.py tsumogiri 80   # 80 hanchan in this process, checked; prints nothing

It lives apart from ``bench_table.py`` so that a process running it imports RiichiEnv alone: the
whole-process part of ``bench_table.py`` times this command from start to exit, and importing
mjrules (0.16 s here) would be charged to the peer.
"""

from __future__ import annotations

import argparse
import gc
import time
from typing import Any, Callable

try:
    import riichienv
    from riichienv import ActionType, GameRule, RiichiEnv
    from riichienv.agents import RandomAgent
except ImportError:  # the peer is optional: bench_table.py times mjrules without it
    riichienv = None

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


def riichienv_engine(agent: str, count: bool = True) -> Callable[[int], Tally]:
    """RiichiEnv's README loop with four ``agent`` players (``random``: its ``RandomAgent``; ``tsumogiri``),
    seeds 0..N-1. Every game is checked to end with the scores adding up; with ``count`` (outside the
    timing) its mjai log is read for the rounds, discards, wins and draws, else they stay 0: reading
    the log costs some 7 % of the games' time, which a whole process timed from start to exit would
    charge to the peer."""
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
            tally.games += 1
            if not count:
                continue
            kinds = [e["type"] for e in env.mjai_log]
            if kinds[-1] != "end_game":
                raise SystemExit(f"RiichiEnv {agent} seed {seed}: the log does not end the game")
            tally.rounds += kinds.count("start_kyoku")
            tally.discards += kinds.count("dahai")
            tally.draws += kinds.count("ryukyoku")
            tally.wins += kinds.count("start_kyoku") - kinds.count("ryukyoku")  # a round ends in a win or a draw
        return tally

    return play


def main() -> int:
    ap = argparse.ArgumentParser(description="Play RiichiEnv's games in this process, as bench_table.py times them "
                                             "(the scores checked; no log read, nothing printed).")
    ap.add_argument("agent", choices=("tsumogiri", "random"), help="the four players")
    ap.add_argument("games", type=int, help="hanchan, seeds 0..GAMES-1")
    args = ap.parse_args()
    if riichienv is None:
        raise SystemExit("riichienv is not installed (pip install riichienv==0.4.11)")
    riichienv_engine(args.agent, count=False)(args.games)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
