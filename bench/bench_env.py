"""Environment benchmark (issue 43, item 8): steps per second of ``mjrules.table.env`` (PettingZoo
AECEnv, ``pip install 'mjrules[env]'``), and what stepping costs beside ``Table.play``.

    python bench/bench_env.py                  # 4 hanchan per seating and round, 5 rounds (~10 s)
    python bench/bench_env.py --games 1 --repeat 1

What is measured (one process, one core, ``time.perf_counter`` wall time of whole games, the env
built once outside the timing):

* **random**: ``env(RULESET)`` (the wrapped environment), ``reset()`` then PettingZoo's loop
  (``agent_iter``, ``last``, ``step``) with a uniform choice among the indices the action mask
  allows (NumPy, seeded): every step builds the asked seat's observation vector and mask. Tenhou
  (four players) and tenhou-sanma (three), hanchan.
* **greedy via env** against **greedy at the table**: the same games (seeds ``b-0`` …), once with
  four greedy players seated through the environment (``view()``, the player's choice, ``index``,
  ``step``, the observation built each step as an agent would read it) and once by
  ``Table.play``; the records are checked equal, outside the timing. Their ratio is the
  environment's cost over the table's.

Rounds alternate (``gc.collect()`` before each seating); the median of the rounds is printed,
with the load average.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import time
from typing import Any, Callable

import numpy as np

from mjrules.game.actions import Action
from mjrules.game.view import View
from mjrules.rules.rules import GameLength
from mjrules.scoring.scorer import Scorer
from mjrules.table.env import env
from mjrules.table.game import Table
from mjrules.table.players import Greedy


def random_games(ruleset: str, games: int, seed: int) -> tuple[float, int]:
    """Seconds and steps of ``games`` hanchan of random masked agents."""
    game = env(ruleset, length="hanchan", seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    start = time.perf_counter()
    for _ in range(games):
        game.reset()
        steps += play(game, lambda obs: int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return time.perf_counter() - start, steps


def play(game: Any, choose: Callable[[dict[str, Any]], int]) -> int:
    """Play the game reset last to its end, each question answered by ``choose(observation)``; the steps."""
    steps = 0
    for _agent in game.agent_iter():
        obs, _, terminated, truncated, _ = game.last()
        if terminated or truncated:
            game.step(None)
            continue
        game.step(choose(obs))
        steps += 1
    return steps


def greedy_via_env(games: int, base: str) -> tuple[float, int, list[str]]:
    game = env("tenhou", length="hanchan")
    unwrapped = game.unwrapped
    players = [Greedy() for _ in range(4)]

    def seated(view: View) -> Action:
        return players[view.seat].act(view)

    steps, records = 0, []
    start = time.perf_counter()
    game.reset(seed=base)
    for k in range(games):
        if k:
            game.reset()
        steps += play(game, lambda obs: unwrapped.index(seated(unwrapped.view())))
        records.append(unwrapped.record())
    return time.perf_counter() - start, steps, records


def greedy_at_table(games: int, base: str) -> tuple[float, list[str]]:
    table = Table(Scorer("tenhou"), [Greedy() for _ in range(4)], length=GameLength.HANCHAN, ruleset_name="tenhou",
                  names=[f"player_{i}" for i in range(4)])
    start = time.perf_counter()
    records = [table.play(f"{base}-{k}").record for k in range(games)]
    return time.perf_counter() - start, records


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=4, help="hanchan per seating and round")
    p.add_argument("--repeat", type=int, default=5, help="rounds")
    args = p.parse_args()
    rates: dict[str, list[float]] = {"tenhou random steps/s": [], "tenhou random hanchan/s": [],
                                     "tenhou-sanma random steps/s": [], "greedy via env steps/s": [],
                                     "greedy via env / at the table (time)": []}
    loads = []
    for r in range(args.repeat):
        for ruleset in ("tenhou", "tenhou-sanma"):
            gc.collect()
            seconds, steps = random_games(ruleset, args.games, r)
            rates[f"{ruleset} random steps/s"].append(steps / seconds)
            if ruleset == "tenhou":
                rates["tenhou random hanchan/s"].append(args.games / seconds)
        gc.collect()
        via, steps, env_records = greedy_via_env(args.games, str(r))
        gc.collect()
        at, table_records = greedy_at_table(args.games, str(r))
        assert env_records == table_records, "the environment's games differ from the table's"
        rates["greedy via env steps/s"].append(steps / via)
        rates["greedy via env / at the table (time)"].append(via / at)
        loads.append(os.getloadavg()[0])
    for name, values in rates.items():
        print(f"{name:40} median {statistics.median(values):9.2f}   rounds {', '.join(f'{v:.2f}' for v in values)}")
    print(f"load average (1 min) during the rounds: {min(loads):.2f}-{max(loads):.2f}; {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
