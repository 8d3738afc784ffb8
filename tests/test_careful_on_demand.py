"""On demand: four ``careful`` players over 150 hanchan under ``tenhou`` land where ranked human
play does. Not part of the default run (the ``long`` marker, which pyproject deselects; a second
or two on the native table, about a minute a core under ``MJRULES_KERNEL=python``):
``python -m pytest -m long -p no:cacheprovider -s tests/test_careful_on_demand.py``.

The ranges are issue 37's, around ranked Tenhou hanchan (exhaustive draws 14-16 % of rounds,
riichi in 40-45 % of wins, ippatsu 8-9 %, tsumo 34-37 %, 2.3 calls a round, a player dealing in
14 % of their rounds). The figures are ``mjrules simulate``'s own (``Figures``), printed with
their 95 % intervals beside the human ones.
"""

from __future__ import annotations

import pytest

from mjrules.rules.rules import GameLength
from mjrules.table.simulation import Figures, Simulator
from mjrules.tools.intervals import share_interval

pytestmark = pytest.mark.long

GAMES = 150
SEED = "careful"

# figure: (low, high) that must hold, and what ranked Tenhou hanchan show
HUMAN = {
    "exhaustive_draw_rate": ((0.10, 0.20), "14-16 %"),
    "riichi": ((0.30, 0.55), "40-45 %"),
    "ippatsu": ((0.04, 0.13), "8-9 %"),
    "tsumo_share": ((0.28, 0.42), "34-37 %"),
    "calls_per_round": ((1.2, 3.0), "2.3"),
    "deal_in_rate": ((0.10, 0.18), "14 %"),
}


def test_careful_players_land_where_ranked_human_play_does():
    simulator = Simulator(["tenhou"], ["careful"] * 4, SEED, GameLength.HANCHAN)
    figures = Figures("tenhou", ["careful"] * 4)
    for game in range(GAMES):
        figures.add(simulator.play(0, game))
    d = figures.to_dict()
    found = {
        "exhaustive_draw_rate": (d["exhaustive_draw_rate"], d["exhaustive_draw_rate_ci95"]),
        # a double riichi is a riichi: the two never score together
        "riichi": (d["yaku"].get("riichi", 0) + d["yaku"].get("double_riichi", 0),
                   share_interval(figures.total("yaku:riichi") + figures.total("yaku:double_riichi"), d["wins"])),
        "ippatsu": (d["yaku"].get("ippatsu", 0), d["yaku_ci95"].get("ippatsu")),
        "tsumo_share": (d["tsumo_share"], d["tsumo_share_ci95"]),
        "calls_per_round": (d["calls_per_round"], d["calls_per_round_ci95"]),
        "deal_in_rate": (d["deal_in_rate"], d["deal_in_rate_ci95"]),
    }
    print(f"\n{GAMES} hanchan, 4 careful players, tenhou, seed {SEED}: {d['rounds']} rounds, {d['wins']} wins")
    for name, (value, ci) in found.items():
        (low, high), human = HUMAN[name]
        print(f"  {name:<22} {value:7.4f}  95 % [{ci[0]:.4f}, {ci[1]:.4f}]  must be {low}-{high}; human {human}")
    outside = {name: value for name, (value, _) in found.items() if not HUMAN[name][0][0] <= value <= HUMAN[name][0][1]}
    assert not outside, f"outside the human ranges: {outside}"
