"""majiang-ai (npm @kobalab/majiang-ai, 電脳麻将's AI) as a player at the table: ``--players majiang-ai``.

It runs in a node process per seat, told the ruleset's rule object, and every answer it gives is
ruled on by the table like any player's. The games need node and ``mjrules setup majiang-ai`` (CI
installs them); without them these tests are skipped, saying why (the ``majiang_ai_modules`` fixture
looks as each test runs: ``mjrules setup majiang-ai`` may run meanwhile), but for those that do not
need them: the one-line error that says how to get them, what setup asks npm (a stand-in that
installs nothing, conftest.py), a three-player table refused.
"""

from __future__ import annotations

import json
import os

import pytest

from mjrules.cli import main
from mjrules.errors import MjrulesError
from mjrules.records.mjai import read_mjai
from mjrules.records.replay import Replayer
from mjrules.rules.rules import GameLength
from mjrules.scoring.scorer import Scorer
from mjrules.records.check import check_legal
from mjrules.table.game import Table
from mjrules.table.majiang_ai import MajiangAI
from mjrules.table.players import Greedy

needs_ai = pytest.mark.usefixtures("majiang_ai_modules")


@pytest.mark.parametrize("env, says", [
    ({"MJRULES_MAJIANG_AI": "{tmp}"}, "majiang-ai is not installed in {tmp}: run mjrules setup majiang-ai"),
    ({"PATH": "{tmp}"}, "there is no node on PATH: install Node.js (18 or later), then run mjrules setup majiang-ai"),
])
def test_without_node_or_the_packages_one_line_says_how_to_get_them(tmp_path, monkeypatch, capsys, env, says):
    for key, value in env.items():
        monkeypatch.setenv(key, value.replace("{tmp}", str(tmp_path)))
    argv = ["simulate", "--rulesets", "tenhou", "--games", "1", "--players", "majiang-ai,greedy,greedy,greedy"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert says.replace("{tmp}", str(tmp_path)) in err and len(err.strip().splitlines()) == 1


class Told(MajiangAI):
    """majiang-ai, keeping what it is told at the game's start."""

    def observe(self, event):
        super().observe(event)
        if event["type"] == "start_game":
            self.kaiju = self.pending[0]["kaiju"]


@needs_ai
def test_majiang_ai_plays_by_the_house_rules_and_its_games_replay():
    scorer = Scorer("tenhou-nokuitan")
    players = [Told(), Told(), Greedy(), Told()]
    table = Table(scorer, players, length=GameLength.IKKYOKU)
    game = table.play("ai")
    told = players[0].kaiju["rule"]
    # told the ruleset's rules as majiang-core's keys: Tenhou's 般南 lobby (no open tanyao, no red fives), one hand
    assert told["クイタンあり"] is False and told["赤牌"] == {"m": 0, "p": 0, "s": 0} and told["場数"] == 0
    assert [p.kaiju["id"] for p in players if isinstance(p, Told)] == [0, 1, 3]
    record = read_mjai("ai", game.record.encode())
    rep = Replayer("tenhou-nokuitan").replay(record)
    assert rep.flow_notes == () and rep.final_agree and all(c.agree for c in rep.checks)
    legal = check_legal(record, scorer)
    assert legal.refused == 0 and legal.agree == legal.played == legal.rounds
    assert all(p.process is None for p in players if isinstance(p, Told))  # ended with the game


class Stops(Greedy):
    """Stops the game as a Ctrl-C would, at its third turn."""

    def __init__(self) -> None:
        self.turns = 0

    def act(self, view):
        self.turns += 1
        if self.turns == 3:
            raise KeyboardInterrupt
        return super().act(view)


@needs_ai
def test_a_stopped_game_ends_the_node_processes():
    ais = [MajiangAI(), MajiangAI(), MajiangAI()]
    started = []
    original = MajiangAI._start

    def start(self):
        original(self)
        started.append(self.process.pid)  # the node process leads its own group

    table = Table(Scorer("majiang"), [Stops(), *ais], length=GameLength.IKKYOKU)
    try:
        MajiangAI._start = start
        with pytest.raises(KeyboardInterrupt):
            table.play("stop")
    finally:
        MajiangAI._start = original
    assert len(started) == 3 and all(ai.process is None for ai in ais)
    for pid in started:  # each process group is gone
        with pytest.raises(ProcessLookupError):
            os.killpg(pid, 0)


@needs_ai
def test_simulate_and_play_seat_majiang_ai_by_name(tmp_path, capsys):
    argv = ["simulate", "--rulesets", "majiang", "--games", "1", "--length", "ikkyoku", "--json", "--players",
            "majiang-ai,greedy,majiang-ai,greedy", "--records", str(tmp_path)]
    assert main(argv) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["games"] == 1 and figures["players"] == ["majiang-ai", "greedy", "majiang-ai", "greedy"]
    assert main(["replay", "--legal", str(tmp_path)]) == 0


def test_a_three_player_table_is_refused_by_majiang_ai(tmp_path, monkeypatch):
    """Refused when seated, whether or not majiang-ai is installed here: the test gives it a folder
    that looks installed, and a node that is never run (no game starts)."""
    package = tmp_path / "node_modules" / "@kobalab" / "majiang-ai" / "package.json"
    package.parent.mkdir(parents=True)
    package.write_text("{}", encoding="utf-8")
    node = tmp_path / "bin" / "node"
    node.parent.mkdir()
    node.write_text("#!/bin/sh\nexit 1\n", encoding="utf-8")
    node.chmod(0o755)
    monkeypatch.setenv("MJRULES_MAJIANG_AI", str(tmp_path))
    monkeypatch.setenv("PATH", f"{node.parent}{os.pathsep}{os.environ['PATH']}")
    with pytest.raises(MjrulesError, match="majiang-ai plays four-player games, and this table seats 3"):
        Table(Scorer("tenhou-sanma"), [MajiangAI(), Greedy(), Greedy()])


@pytest.mark.parametrize("where", [None, "--dir"])
def test_setup_asks_npm_to_install_the_packages_into_the_folder(tmp_path, capsys, where):
    """``mjrules setup majiang-ai`` runs npm once, installing the packages into --dir, else into the
    user's data folder (the suite's: conftest.py); npm's failure is one line naming the folder."""
    from mjrules.table.majiang_ai import PACKAGES, install_dir

    calls = os.environ["MJRULES_TEST_NPM_CALLS"]
    before = open(calls, encoding="utf-8").read() if os.path.exists(calls) else ""
    target = tmp_path / "ai" if where else install_dir()
    assert main(["setup", "majiang-ai", *(["--dir", str(target)] if where else [])]) == 2
    err = capsys.readouterr().err
    assert err == (f"mjrules: error: npm install into {target} failed (status 1): npm: not run by the test suite "
                   f"(no test installs packages)\n")
    with open(calls, encoding="utf-8") as f:
        made = f.read()[len(before):]
    assert made == f"{os.getcwd()}\tinstall --prefix {target} --no-audit --no-fund --save-exact {' '.join(PACKAGES)}\n"
    assert target.is_dir()


@needs_ai
def test_majiang_ai_is_told_the_rules_of_a_ruleset_made_in_python():
    from mjrules.rules.ruleset import load_ruleset

    ai = MajiangAI()
    Table(Scorer(load_ruleset("majiang").with_flags(open_tanyao=False, dealer_repeat="none")),
          [ai, Greedy(), Greedy(), Greedy()], length=GameLength.TONPUU)
    assert ai.rule["クイタンあり"] is False and ai.rule["連荘方式"] == 0 and ai.rule["場数"] == 1
