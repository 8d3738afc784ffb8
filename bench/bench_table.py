"""Benchmark: whole games at the table — hanchan per second on one core, against RiichiEnv's own
game loop (PyPI ``riichienv``, a Rust engine behind Python) measured in the same run.

mjrules plays four-player hanchan under ``tenhou`` with four ``tsumogiri`` players and with four
``greedy`` players (``mjrules.games.table``, each game seeded, its mjai record written in memory).
RiichiEnv plays its four-player hanchan (``GameType.YON_HANCHAN``) with the simplest agents it
has: a tsumogiri agent written here on its Gym-style API (the legal discard of the drawn tile,
else pass) and its own ``RandomAgent`` (a random legal action). Neither peer agent matches
``greedy``; the tsumogiri ratio is the like-for-like one. The engines alternate pass by pass and
the fastest pass of each counts. RiichiEnv is skipped, saying so, when it is not installed.

Run on demand (not part of the test suite)::

    python bench/bench_table.py [--games N] [--repeat R]
"""

from __future__ import annotations

import argparse
import gc
import time
from typing import Any, Callable

from mjrules.games.players import Greedy, Tsumogiri
from mjrules.games.table import Table
from mjrules.scoring.scorer import Scorer


def mjrules_pass(player: type, games: int, scorer: Scorer) -> float:
    """Seconds for ``games`` hanchan of four ``player`` at the table."""
    table = Table(scorer, [player() for _ in range(4)])
    start = time.perf_counter()
    for g in range(games):
        table.play(f"bench-{g}")
    return time.perf_counter() - start


def riichienv_pass(agent: str, games: int) -> float:
    """Seconds for ``games`` hanchan of RiichiEnv's loop with four agents of the kind named."""
    from riichienv import ActionType, GameType, RiichiEnv
    from riichienv.agents import RandomAgent

    random_agent = RandomAgent(0)

    def tsumogiri(obs: Any) -> Any:
        legal = obs.legal_actions()
        drawn = obs.drawn_tile
        for a in legal:
            if a.action_type == ActionType.Discard and drawn is not None and a.tile == drawn:
                return a
        for a in legal:
            if a.action_type == ActionType.Pass:
                return a
        return next((a for a in legal if a.action_type == ActionType.Discard), legal[0])

    act: Callable[[Any], Any] = tsumogiri if agent == "tsumogiri" else random_agent.act
    start = time.perf_counter()
    for g in range(games):
        env = RiichiEnv(game_mode=GameType.YON_HANCHAN)
        obs = env.reset(seed=g)
        while not env.done():
            obs = env.step({pid: act(o) for pid, o in obs.items()})
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="hanchan a pass (default 20)")
    parser.add_argument("--repeat", type=int, default=3, help="passes of each, fastest counts (default 3)")
    args = parser.parse_args()
    try:
        import riichienv  # noqa: F401
        peer = True
    except ImportError:
        peer = False
        print("riichienv is not installed: its lines are skipped (pip install riichienv)")
    scorer = Scorer("tenhou")
    runs: dict[str, Callable[[], float]] = {
        "mjrules tsumogiri": lambda: mjrules_pass(Tsumogiri, args.games, scorer),
        "mjrules greedy": lambda: mjrules_pass(Greedy, args.games, scorer),
    }
    if peer:
        runs["riichienv tsumogiri"] = lambda: riichienv_pass("tsumogiri", args.games)
        runs["riichienv RandomAgent"] = lambda: riichienv_pass("random", args.games)
    for run in runs.values():  # warm-up: tables, plugin loading, the shanten pools
        run()
    best = {name: float("inf") for name in runs}
    for _ in range(args.repeat):
        for name, run in runs.items():
            gc.collect()
            best[name] = min(best[name], run())
    rate = {name: args.games / seconds for name, seconds in best.items()}
    for name, r in rate.items():
        print(f"{name:<24} {r:8.1f} hanchan/s ({1000 / r:.1f} ms a hanchan), one core")
    if peer:
        ratio = rate["riichienv tsumogiri"] / rate["mjrules tsumogiri"]
        print(f"riichienv / mjrules, tsumogiri: {ratio:.2f}x")
        print(f"riichienv RandomAgent / mjrules greedy: {rate['riichienv RandomAgent'] / rate['mjrules greedy']:.2f}x")


if __name__ == "__main__":
    main()
