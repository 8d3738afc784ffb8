"""``mjrules play`` and the console player (``mjrules.table.console``): a person's answers read a
line each, the game shown as it goes."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import pytest

from mjrules.cli import main
from mjrules.errors import MjrulesError
from mjrules.table.console import Console
from mjrules.game.actions import PASS, RON, Action, ActionKind
from mjrules.table.players import Greedy
from mjrules.records.read import read_game
from mjrules.rules.rules import GameLength
from mjrules.table.game import Table
from mjrules.notation.mpsz import parse_tiles
from mjrules.scoring.scorer import Scorer
from mjrules.game.moves import legal_own
from tests.test_table import DEALER, PINFU, SEAT2, SEAT3, assert_replays, round_play, s


def test_a_person_who_only_presses_enter_plays_a_whole_game(monkeypatch, capsys, tmp_path):
    # Enter discards the tile drawn and lets every tile on offer go by: a tsumogiri game
    monkeypatch.setattr("sys.stdin", io.StringIO("\n" * 5000))
    record = tmp_path / "game.mjson"
    assert main(["play", "--seed", "7", "--length", "tonpuu", "--record", str(record)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("You sit in seat 0; seat 0 deals first.")
    assert "== East 1, 0 honba" in out and "your hand " in out and "== the game is over" in out
    assert "final points: you " in out and "(ended by " in out and "seed 7)" in out
    game = read_game(str(record))
    assert game.ruleset == "tenhou" and game.players == ("you", "greedy", "greedy", "greedy")
    events = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    assert all(e["tsumogiri"] for e in events if e["type"] == "dahai" and e["actor"] == 0)
    assert main(["replay", str(record), "--legal"]) == 0
    assert "0 refused" in capsys.readouterr().out


def test_answers_that_name_no_action_are_said_so_and_the_end_of_input_leaves_the_game(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("zz\n9\n5m5m\n"))
    assert main(["play", "--seed", "2"]) == 2
    captured = capsys.readouterr()
    assert "zz: not a tile" in captured.out and "9: no action is numbered now" in captured.out
    assert "5m5m: one tile, please" in captured.out
    assert captured.err == "mjrules: error: the game was left: no more answers (end of input)\n"


def test_answers_name_discards_riichi_and_the_numbered_actions():
    play = round_play(Scorer("tenhou"), [DEALER, PINFU, SEAT2, SEAT3], draws="1s")
    play.draw(0, False)
    view = play.view(0, legal_own(play, 0, s("1s")), s("1s"), None, None)
    listed = [a for a in view.legal if a.kind is ActionKind.NINE_TERMINALS]
    assert Console.parse("", view, listed) == Action(ActionKind.DISCARD, s("1s"))
    assert Console.parse("7z", view, listed) == Action(ActionKind.DISCARD, s("7z"))
    assert Console.parse("1", view, listed) == listed[0]
    assert Console.parse("r7z", view, listed) == "riichi 7z: not open to you now"  # not tenpai
    assert Console.parse("5m", view, listed) == "5m: not in your hand"  # 9m1p8p9s7s12345677z + 1s: no 5m
    offer = play.view(1, [PASS, RON], None, s("7s"), 0)
    assert Console.parse("", offer, [RON, PASS]) == PASS and Console.parse("1", offer, [RON, PASS]) == RON


def test_the_console_follows_the_game_it_is_shown():
    out = io.StringIO()
    you = Console(io.StringIO("\n" * 5000), out)
    game = Table(Scorer("tenhou"), [Greedy(), you, Greedy(), Greedy()], length=GameLength.TONPUU).play(11)
    text = out.getvalue()
    assert text.startswith("You sit in seat 1;")
    assert text.count("\n== ") == len(game.rounds) + 1  # each round's start and the game's end
    assert "seat 0 discards" in text and "you discards" not in text
    assert_replays(game)


@pytest.mark.parametrize("argv, says", [
    (["--players", "greedy,greedy"], "--players: 3 bots sit with you under tenhou, and 2 were given"),
    (["--players", "greedy,greedy,nobody"], "--players: 'nobody' is not a player"),
    (["--ruleset", "tenhou-sanma", "--players", "greedy,greedy,greedy"], "2 bots sit with you"),
])
def test_play_refuses_bad_players(capsys, argv, says):
    assert main(["play", *argv]) == 2
    assert says in capsys.readouterr().err


def test_a_tile_text_is_read_as_the_notation_reads_it():
    (five,) = parse_tiles("0m")
    play = round_play(Scorer("tenhou"), [DEALER, PINFU, SEAT2, SEAT3], draws="1s")
    play.draw(0, False)
    view = play.view(0, legal_own(play, 0, s("1s")), s("1s"), None, None)
    assert Console.parse("0m", view, []) == f"{five.mpsz()}: not in your hand"
    with pytest.raises(MjrulesError, match="end of input"):
        Console(io.StringIO(""), io.StringIO()).act(view)


def test_the_console_says_you_to_its_own_seat():
    you = Console(io.StringIO(), io.StringIO())
    you.seat = 2
    assert you.does(1, "declares riichi") == "seat 1 declares riichi"
    assert you.does(2, "declares riichi") == "you declare riichi"
    assert you.does(2, "calls pon 555z") == "you call pon 555z"
    assert you.does(2, "sets a North aside") == "you set a North aside"


def test_a_record_that_could_not_be_written_is_refused_before_the_game(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # no answer is read: refused first
    assert main(["play", "--record", str(tmp_path / "no" / "game.mjson")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mjrules: error: --record ") and "no folder" in err and "end of input" not in err


@pytest.mark.parametrize("answer", [b"\xff", b"r\xff", b"5m\xfe"])
def test_a_byte_typed_that_is_not_utf8_is_named_and_the_question_asked_again(answer):
    # As a terminal sends it, where stdin and stdout take UTF-8 only (a UTF-8 locale): the native
    # kernel raised UnicodeEncodeError on it, the terminal's reader UnicodeDecodeError.
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict"}
    done = subprocess.run([sys.executable, "-m", "mjrules", "play", "--seed", "1"], input=answer + b"\n",
                          capture_output=True, timeout=120, env=env)
    assert done.returncode == 2 and "Traceback" not in done.stderr.decode(), done.stderr
    byte = answer[-1]
    typed = repr(answer.decode("utf-8", "surrogateescape")).replace("\\udc", "\\x")
    said = f"{typed}: not UTF-8 text (byte 0x{byte:02x} at position {len(answer)}); answer a tile"
    assert said in done.stdout.decode("utf-8"), done.stdout[-500:]
    assert done.stderr.decode() == "mjrules: error: the game was left: no more answers (end of input)\n"


# ------------------------------------------------------------------ issue 41: a game left keeps its record

class _CtrlC(io.StringIO):
    """A terminal whose person answers ``n`` times with Enter, then presses Ctrl-C at the prompt."""

    def __init__(self, n: int) -> None:
        super().__init__("\n" * n)
        self.left = n

    def readline(self, *args) -> str:
        if self.left == 0:
            raise KeyboardInterrupt
        self.left -= 1
        return super().readline(*args)


def _whole(path) -> list[dict]:
    text = path.read_text(encoding="utf-8")
    assert text.endswith("\n")
    return [json.loads(line) for line in text.splitlines()]


@pytest.mark.parametrize("how", ["ctrl-d", "ctrl-c"])
def test_a_game_left_keeps_its_record_so_far_and_replay_says_it_is_unfinished(monkeypatch, capsys, tmp_path, how):
    # the whole game, every answer Enter: the game left after 100 answers is the start of its record
    monkeypatch.setattr("sys.stdin", io.StringIO("\n" * 5000))
    whole = tmp_path / "whole.mjson"
    assert main(["play", "--seed", "7", "--record", str(whole)]) == 0
    capsys.readouterr()
    record = tmp_path / "left.mjson"
    monkeypatch.setattr("sys.stdin", io.StringIO("\n" * 100) if how == "ctrl-d" else _CtrlC(100))
    assert main(["play", "--seed", "7", "--record", str(record)]) == (2 if how == "ctrl-d" else 130)
    out, err = capsys.readouterr()
    why = "the game was left: no more answers (end of input)" if how == "ctrl-d" else "interrupted (Ctrl-C)"
    assert err == (f"mjrules: error: {why}\n" if how == "ctrl-d" else "mjrules: interrupted\n")
    assert out.endswith(f"the game so far is kept in {record}, marked unfinished\n")
    events, played = _whole(record), _whole(whole)
    assert events[-1] == {"type": "end_game", "unfinished": why}
    assert events[:-1] == played[:len(events) - 1] and len(events) < len(played)
    rounds = sum(e["type"] == "end_kyoku" for e in events)
    assert rounds >= 2 and events[-2]["type"] != "end_kyoku"  # rounds played, and one under way
    assert main(["replay", str(record), "--legal"]) == 0
    out = capsys.readouterr().out
    last = [e for e in events if e["type"] == "start_kyoku"][-1]
    label = f"{last['bakaze']}{last['kyoku']}" + (f"-{last['honba']}" if last["honba"] else "")
    assert f"{record}: round {label} was under way when the game was left: not checked" in out
    assert f"{record}: unfinished ({why}): the {rounds} rounds played to their end are checked" in out
    assert "; 1 unfinished\n" in out and "0 refused" in out and "0/0 games end where the record ends them" in out


def test_a_game_left_in_its_first_round_is_a_record_with_nothing_to_check(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    record = tmp_path / "left.mjson"
    assert main(["play", "--seed", "7", "--record", str(record)]) == 2
    capsys.readouterr()
    assert [e["type"] for e in _whole(record)][-1] == "end_game"
    assert main(["replay", "--json", str(record)]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert lines[0]["unfinished"] == "the game was left: no more answers (end of input)"
    assert lines[0]["notes"] == [f"{record}: round E1 was under way when the game was left: not checked"]
    assert lines[-1]["summary"]["unfinished"] == 1 and lines[-1]["summary"]["unreadable"] == 0


def test_a_game_left_keeps_its_paipu_of_whole_rounds(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr("sys.stdin", io.StringIO("\n" * 5000))
    whole = tmp_path / "whole.json"
    assert main(["play", "--seed", "7", "--record", str(whole), "--record-format", "paipu"]) == 0
    record = tmp_path / "left.json"
    monkeypatch.setattr("sys.stdin", _CtrlC(100))
    assert main(["play", "--seed", "7", "--record", str(record), "--record-format", "paipu"]) == 130
    capsys.readouterr()
    left, played = json.loads(record.read_text(encoding="utf-8")), json.loads(whole.read_text(encoding="utf-8"))
    assert left["unfinished"] == "interrupted (Ctrl-C)" and "defen" not in left and "rank" not in left
    assert 2 <= len(left["log"]) < len(played["log"]) and left["log"] == played["log"][:len(left["log"])]
    assert main(["replay", str(record)]) == 0
    assert f"the {len(left['log'])} rounds played to their end are checked" in capsys.readouterr().out
