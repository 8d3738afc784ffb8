"""Whole games that majiang-core 1.4.1's own game loop plays with majiang-ai in every seat, under
rule objects, replayed in mjrules under the same rule object given as ``--ruleset rule.json``: every
recorded action legal at the table, every round paid as recorded, each game ending where it
ended, final scores and points as the 牌譜 states them (``majiang_games.check``).

The suite plays a few short games (a one-hand game, an East-only game with the noten declaration
and triple ron, and one-hand games under a handful of rule objects drawn at random from what the
電脳麻将 rule page offers, ``majiang_games.random_rules``); ``majiang/agree.py`` plays every rule object
of ``majiang_games.RULES`` on demand (20 games each) and a random sample of rule objects of any
length (3 games each). The games need node and the npm packages ``mjrules setup majiang-ai`` installs
(CI installs them); elsewhere these tests are skipped, saying why (decided as each test runs).
"""

import json

import pytest

import majiang_games
from mjrules.cli import main

pytestmark = pytest.mark.usefixtures("majiang_ai_modules")  # looked for as each test runs: skipped, saying why

SUITE = [("ikkyoku-noten-repeat", 2), ("tonpuu-noten-declaration-triple-ron", 1)]


@pytest.mark.parametrize("name, games", SUITE)
def test_games_of_majiang_core_agree(tmp_path, name, games):
    rule = majiang_games.RULES[name]
    paipus = majiang_games.play(rule, games, f"suite-{name}")
    assert len(paipus) == games
    got = majiang_games.check(rule, paipus, tmp_path, name)
    assert got.problems == ()
    assert got.all_agree, got.line(name)
    assert got.rounds >= games and got.actions > 0


RANDOM = majiang_games.random_rules(4, "suite", lengths=(0,))
"""Rule objects of the rule page, every key drawn but 場数 (one hand, so that the suite stays quick)."""


@pytest.mark.parametrize("name", RANDOM)
def test_games_under_random_rule_objects_of_the_rule_page_agree(tmp_path, name):
    rule = RANDOM[name]
    paipus = majiang_games.play(rule, 1, f"suite-{name}")
    got = majiang_games.check(rule, paipus, tmp_path, name)
    assert got.problems == (), json.dumps(rule, ensure_ascii=False)
    assert got.all_agree, got.line(name)
    assert got.games == 1 and got.actions > 0


def test_replay_reads_a_list_of_games_and_checks_them_under_the_rule_object(tmp_path, capsys):
    rule = majiang_games.RULES["ikkyoku-noten-repeat"]
    paipus = majiang_games.play(rule, 2, "suite-cli")
    (tmp_path / "rule.json").write_text(json.dumps(rule, ensure_ascii=False), encoding="utf-8")
    (tmp_path / "games.json").write_text(json.dumps(paipus, ensure_ascii=False), encoding="utf-8")
    code = main(["replay", "--legal", "--json", "--ruleset", str(tmp_path / "rule.json"), str(tmp_path / "games.json")])
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    summary = lines[-1]["summary"]
    assert code == 0
    assert summary["games"] == 2 and summary["final_agree"] == summary["finals"] == 2
    assert summary["points_agree"] == summary["points"] == 2
    assert summary["legal_refused"] == 0 and summary["legal_agree"] == summary["legal_rounds"]
