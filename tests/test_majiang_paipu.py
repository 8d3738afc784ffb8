"""電脳麻将's 牌譜 (majiang-core's paipu JSON): written by ``simulate --record-format paipu`` and ``play
--record-format paipu``, read back by ``replay`` (with ``--legal``), one game or a list in a file.

The written games are also followed by majiang-core's own ``Board`` (``majiang/board_check.js``,
where node and the npm packages are installed): it accepts only its canonical melds, discards and
hands, and its scores must come out as the 牌譜 states them. Games majiang-core itself writes are
read in ``test_majiang_games.py``.
"""

from __future__ import annotations

import io
import json
import subprocess
from pathlib import Path

import pytest

from mjrules.cli import main
from mjrules.errors import RecordError
from mjrules.records.majiang_paipu import read_paipu_games
from mjrules.records.read import detect_format, read_game, read_games
from mjrules.records.replay import Replayer
from mjrules.rules.rules import GameLength
from mjrules.scoring.scorer import Scorer
from mjrules.table.game import Table
from tests.test_table import Caller

BOARD = Path(__file__).parent / "majiang" / "board_check.js"


def caller_paipu(ruleset: str, seed: int) -> tuple[dict, object]:
    scorer = Scorer(ruleset)
    table = Table(scorer, [Caller(f"{seed}-{i}") for i in range(4)], length=GameLength.TONPUU)
    game = table.play(f"paipu{seed}")
    return json.loads(json.dumps(table.paipu(game), ensure_ascii=False)), game


def test_the_format_is_told_by_its_start():
    paipu, _ = caller_paipu("majiang", 0)
    text = json.dumps(paipu, ensure_ascii=False).encode()
    assert detect_format(text) == "majiang" and detect_format(b"[" + text + b"]") == "majiang"
    assert detect_format(json.dumps(paipu, indent=2, ensure_ascii=False).encode()) == "majiang"
    assert detect_format(b'{"title": "x", "name": ["a"], "rule": {"disp": "\xe8\x88\xac\xe5\x8d\x97"}, "log": []}') \
        == "tenhou-json"


@pytest.mark.parametrize("ruleset", ["majiang", "tenhou"])
def test_a_written_paipu_replays_to_the_table_s_scores(tmp_path, ruleset):
    for seed in range(3):
        paipu, game = caller_paipu(ruleset, seed)
        assert paipu["qijia"] == 0 and paipu["ruleset"] == ruleset and len(paipu["log"]) == len(game.rounds)
        assert paipu["defen"] == list(game.final) and sum(paipu["defen"]) == 100_000
        path = tmp_path / f"g{seed}.json"
        path.write_text(json.dumps(paipu, ensure_ascii=False), encoding="utf-8")
        read = read_game(str(path))
        assert read.format == "majiang" and read.ruleset == ruleset
        rep = Replayer(ruleset).replay(read)
        assert rep.flow_notes == () and rep.final_agree and rep.points_agree
        assert rep.checks and all(c.agree for c in rep.checks)


@pytest.mark.parametrize("seed", range(4))
def test_majiang_core_s_board_follows_a_written_paipu(majiang_ai_modules, seed):
    paipu, game = caller_paipu("majiang", seed)
    kinds = {next(iter(e)) for r in paipu["log"] for e in r}
    done = subprocess.run(["node", str(BOARD)], input=json.dumps(paipu, ensure_ascii=False), capture_output=True,
                          text=True, env={"NODE_PATH": str(majiang_ai_modules)})
    assert done.returncode == 0, done.stderr[-800:]
    got = json.loads(done.stdout)
    assert got == {"rounds": len(game.rounds), "disagree": []}
    assert {"qipai", "zimo", "dapai", "fulou"} <= kinds


def test_simulate_writes_paipu_that_replay_reads(tmp_path, capsys):
    argv = ["simulate", "--rulesets", "majiang,tenhou", "--games", "2", "--length", "tonpuu", "--records",
            str(tmp_path), "--record-format", "paipu", "--json"]
    assert main(argv) == 0
    capsys.readouterr()
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"{r}-0000{i}.json" for r in ("majiang", "tenhou")
                                                          for i in range(2)]
    assert main(["replay", "--legal", "--json", str(tmp_path)]) == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])["summary"]
    assert summary["games"] == 4 and summary["final_agree"] == 4 and summary["points_agree"] == 4
    assert summary["legal_refused"] == 0 and summary["legal_agree"] == summary["legal_rounds"]


def test_a_file_of_several_games_is_read_game_by_game(tmp_path, capsys):
    games = [caller_paipu("majiang", seed)[0] for seed in range(2)]
    path = tmp_path / "two.json"
    path.write_text(json.dumps(games, ensure_ascii=False), encoding="utf-8")
    read = list(read_games([str(path)]))
    assert [g.source for g in read] == [f"{path}, game 1", f"{path}, game 2"]
    with pytest.raises(RecordError, match="2 games in one file"):
        read_game(str(path))
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.startswith("2 games,")


def test_play_writes_its_record_as_a_paipu(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr("sys.stdin", io.StringIO("\n" * 5000))
    record = tmp_path / "game.json"
    assert main(["play", "--ruleset", "majiang", "--seed", "3", "--length", "tonpuu", "--record", str(record),
                 "--record-format", "paipu"]) == 0
    capsys.readouterr()
    paipu = json.loads(record.read_text(encoding="utf-8"))
    assert paipu["player"] == ["you", "greedy", "greedy", "greedy"] and paipu["length"] == "tonpuu"
    assert main(["replay", "--legal", str(record)]) == 0


@pytest.mark.parametrize("argv", [
    ["simulate", "--rulesets", "tenhou-sanma", "--games", "1", "--records", "{tmp}", "--record-format", "paipu"],
    ["play", "--ruleset", "tenhou-sanma", "--record", "{tmp}/g.json", "--record-format", "paipu"],
])
def test_a_three_player_game_is_no_paipu(tmp_path, capsys, argv):
    assert main([a.replace("{tmp}", str(tmp_path)) for a in argv]) == 2
    err = capsys.readouterr().err
    assert "a 牌譜 holds four-player games" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("change, message", [
    (lambda p: p["log"][0].insert(1, {"mopai": {"l": 0}}), "round E1: unknown event 'mopai'"),
    (lambda p: p["log"][0][0]["qipai"].pop("baopai"), "round E1: None is not a majiang-core tile"),
    (lambda p: p.__setitem__("qijia", 7), "qijia 7 is not a player 0 … 3"),
    (lambda p: p["log"][0].insert(1, {"fulou": {"l": 1, "m": "m12-3"}}), "round E1: seat 1 calls chi 123m from "
                                                                        "previous player (kamicha) with no discard"),
    (lambda p: p["log"][0].insert(1, {"fulou": {"l": 1, "m": "m1-x3"}}), "round E1: fulou: "),
    (lambda p: p["log"][0].insert(1, {"dapai": {"l": 0, "p": "q1"}}), "round E1: 'q1' is not a majiang-core tile"),
])
def test_a_broken_paipu_is_one_error_naming_file_and_round(tmp_path, capsys, change, message):
    paipu, _ = caller_paipu("majiang", 0)
    change(paipu)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(paipu, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(RecordError) as e:
        read_paipu_games(str(path), path.read_bytes())
    assert message in str(e.value) and str(path) in str(e.value)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and message in err
