"""simulate's figures with 95 % intervals, and the difference between two rulesets paired by wall.

Expected values: Student's t quantiles from the published tables (e.g. NIST/SEMATECH e-Handbook of
Statistical Methods, 1.3.6.7.2, upper critical values of the t distribution, 0.025 column), and
intervals worked by hand from their textbook formulas.
"""

from __future__ import annotations

import csv
import io
import json
import math

import pytest

from mjrules.cli import main
from mjrules.rules.rules import GameLength
from mjrules.table.simulation import Figures, Simulator, difference
from mjrules.tools.intervals import difference_interval, mean_interval, share_interval, t95


@pytest.mark.parametrize("df, table", [(1, 12.706), (2, 4.303), (3, 3.182), (4, 2.776), (5, 2.571), (10, 2.228),
                                       (30, 2.042), (100, 1.984)])
def test_t_quantiles_match_the_tables(df, table):
    assert t95(df) == pytest.approx(table, abs=0.005)


def test_a_mean_over_games_is_students_t_on_the_games():
    # 1..5: mean 3, standard deviation sqrt(2.5), standard error sqrt(2.5 / 5), t(4) = 2.776
    low, high = mean_interval([1, 2, 3, 4, 5], [1] * 5)
    assert (low, high) == pytest.approx((3 - 2.776 * math.sqrt(0.5), 3 + 2.776 * math.sqrt(0.5)), abs=1e-3)
    # a ratio whose base is the same in every game is the mean of the per-game ratios
    assert mean_interval([10, 20, 30, 40, 50], [10] * 5) == pytest.approx((low, high))
    assert mean_interval([3], [1]) is None  # one game: no interval


def test_a_share_is_wilsons_interval():
    # 8 of 10 at z = 1.96: centre (0.8 + 0.19208) / 1.38416, half 1.96 / 1.38416 * sqrt(0.016 + 0.0009604)
    centre, half = (0.8 + 1.96 ** 2 / 20) / (1 + 1.96 ** 2 / 10), 1.96 / (1 + 1.96 ** 2 / 10) * math.sqrt(
        0.8 * 0.2 / 10 + 1.96 ** 2 / 400)
    assert share_interval(8, 10) == pytest.approx((centre - half, centre + half), abs=1e-4)
    assert share_interval(0, 0) == (0.0, 1.0)


def test_a_paired_difference_is_the_t_interval_of_the_per_game_differences():
    a, b = [3, 5, 4, 6, 7], [4, 7, 4, 8, 8]  # differences 1 2 0 2 1: mean 1.2, sd sqrt(0.7)
    diff, ci = difference_interval((a, [1] * 5), (b, [1] * 5), paired=True)
    assert diff == pytest.approx(1.2)
    half = 2.776 * math.sqrt(0.7 / 5)
    assert ci == pytest.approx((1.2 - half, 1.2 + half), abs=1e-3)
    _, unpaired = difference_interval((a, [1] * 5), (b, [1] * 5), paired=False)
    # unpaired: the two standard errors added in quadrature (normal), far wider here
    se = math.sqrt((2.5 + 4.2) / 5)  # variances 2.5 and 4.2
    assert unpaired == pytest.approx((1.2 - 1.96 * se, 1.2 + 1.96 * se), abs=1e-3)


def _figures(rulesets: list[str], games: int, seed: str) -> tuple[Simulator, list[Figures]]:
    simulator = Simulator(rulesets, ["careful"] * 4, seed, GameLength.TONPUU)
    figures = [Figures(name, ["careful"] * 4) for name in simulator.names]
    for r in range(len(rulesets)):
        for g in range(games):
            figures[r].add(simulator.play(r, g))
    return simulator, figures


def test_a_ruleset_against_itself_differs_by_nothing_and_pairing_narrows_the_interval():
    simulator, (a, b) = _figures(["tenhou", "tenhou"], 6, "self")
    same = difference(a, b, simulator.walls_alike(0, 1))
    assert same["paired"] and same["win_rate"] == 0 and same["win_rate_ci95"] == [0, 0]
    assert same["average_win"] == 0 and same["average_win_ci95"] == [0, 0]
    assert all(v == 0 for v in same["yaku"].values())
    _, (t, m) = _figures(["tenhou", "mleague"], 12, "pair")
    paired, unpaired = difference(t, m, True), difference(t, m, False)
    for key in ("average_win", "final_spread", "rounds_per_game"):
        width = [d[key + "_ci95"][1] - d[key + "_ci95"][0] for d in (paired, unpaired)]
        assert paired[key] == unpaired[key] and width[0] < width[1], key  # the walls' luck cancels


def test_every_figure_has_its_interval_beside_it_in_json_and_csv(capsys):
    argv = ["simulate", "--rulesets", "tenhou,mleague", "--games", "3", "--seed", "ci", "--length", "tonpuu",
            "--players", "careful,careful,careful,careful"]
    assert main(argv + ["--json"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    tenhou, _, diff = lines
    for key in ("win_rate", "tsumo_share", "calls_per_round", "deal_in_rate", "average_win", "rounds_per_game"):
        low, high = tenhou[key + "_ci95"]
        assert low <= tenhou[key] <= high
        assert diff[key + "_ci95"][0] <= diff[key] <= diff[key + "_ci95"][1]
    assert set(tenhou["yaku_ci95"]) == set(tenhou["yaku"]) and len(tenhou["final_by_placing_ci95"]) == 4
    assert diff["ruleset"] == "mleague - tenhou" and diff["paired"] and diff["games"] == 3
    assert main(argv + ["--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [r["ruleset"] for r in rows] == ["tenhou", "mleague", "mleague - tenhou"]
    assert float(rows[0]["calls_per_round_ci95_low"]) == tenhou["calls_per_round_ci95"][0]
    assert float(rows[0]["yaku:riichi:ci95_high"]) == tenhou["yaku_ci95"]["riichi"][1]
    assert float(rows[2]["average_win"]) == diff["average_win"] and rows[2]["rounds"] == ""
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "calls" in text and "deals in" in text and "mleague - tenhou, paired by wall over 3 games" in text
