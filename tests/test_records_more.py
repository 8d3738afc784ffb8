"""Real records beyond the 77 mjlogs: final points as the record's day's rules count them, Tenhou
JSON logs (four and three players, Tenhou's and Mahjong Soul converters'), three-player mjlogs
and mjai dialects. Every expected value is what the record itself states (its ``owari``/``sc``
final points, its recorded wins), or a rule worked by hand (noted at each)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mjrules.cli import main
from mjrules.games import read_game
from mjrules.games.replay import Replayer, record_ruleset
from mjrules.games.tenhou_rules import played_on, rules_on
from mjrules.rules.ruleset import load_ruleset

DATA = Path(__file__).parent / "data"
JSON_2023 = DATA / "tenhou-json" / "2023053016gm-0029-0000-e54b3b98.json"
EAST_2009 = DATA / "tenhou-mjlog" / "2009071823gm-0041-0000-ff3a2214_tw=0.mjlog"


def _replay(game, ruleset=None):
    return Replayer(ruleset or record_ruleset(game)).replay(game)


def test_a_log_id_dates_the_game():
    assert played_on("2023053016gm-0029-0000-e54b3b98") == "2023-05-30"
    assert played_on("tests/x/2009071823gm-0041-0000-ff3a2214_tw=0.mjlog") == "2009-07-18"
    assert played_on("game.mjlog") is None


def test_the_day_chooses_the_rounding_and_the_east_uma():
    assert rules_on("2023-05-30", players=4, east_only=False) == (("points_rounding", "exact"),)
    assert rules_on("2018-11-08", players=3, east_only=False) == ()
    assert rules_on("2009-07-18", players=4, east_only=True) == (("uma", (10, 5, -5, -10)),)
    assert rules_on("2009-07-18", players=4, east_only=False) == ()
    assert rules_on(None, players=4, east_only=True) == ()


def test_exact_final_points_of_2023():
    game = read_game(str(JSON_2023))
    assert game.played == "2023-05-30"
    assert game.final_points == (63.8, -23.9, 9.3, -49.2)  # the record's sc
    rep = _replay(game)
    assert rep.final_agree and rep.points_agree
    assert rep.points == (63.8, -23.9, 9.3, -49.2)
    # Tenhou's rounding of before 2022: 16,100 -> 16 - 30 - 10 = -24, and so on; the record disagrees
    rounded = _replay(game, load_ruleset("tenhou"))
    assert rounded.points == (64.0, -24.0, 9.0, -49.0)
    assert rounded.points_agree is False


def test_east_only_games_of_july_2009_pay_uma_10_5():
    game = read_game(str(EAST_2009))
    assert game.final_points == (41.0, 12.0, -21.0, -32.0)  # owari
    assert _replay(game).points_agree
    # under today's uma 20/10, 37,300 second would be 37 - 30 + 10 = +17
    assert _replay(game, load_ruleset("tenhou")).points[1] == 17.0


def test_a_points_difference_is_named(tmp_path, capsys):
    doc = json.loads(JSON_2023.read_text(encoding="utf-8"))
    doc["sc"][3] = -23.8  # seat 1's recorded final points changed by a tenth
    path = tmp_path / "2023053016gm-0029-0000-e54b3b98.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    out = capsys.readouterr().out
    assert "final points: recorded [+63.8, -23.8, +9.3, -49.2], counted [+63.8, -23.9, +9.3, -49.2]" in out
    assert out.endswith("final scores agree in 1/1 games, final points in 0/1\n")
