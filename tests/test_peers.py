"""Games another engine plays, replayed: RiichiEnv (PyPI ``riichienv``, a Rust engine with a Python
API, its Tenhou rule preset) plays four- and three-player hanchan, writes them as mjai records in its
own dialect, and ``mjrules replay --legal`` reads them, re-scores every win against the score changes
RiichiEnv paid, plays every recorded action at the table and checks where each game ends.

The players are simple and seeded: a win when one is offered, riichi when it may, every North set
aside, half the kans and a quarter of the calls offered, otherwise the discard that leaves the
fewest shanten (RiichiEnv's own count), ties broken by the seed.

A few games run with the suite; ``python -m pytest -m long -s tests/test_peers.py`` plays 200
hanchan at each player count (``MJRULES_PEER_GAMES=N`` for another number) and prints the counts (``bench/README.md`` keeps the last).

Where the end differs, by judgement of the rules: in the extra wind (West), Tenhou's manual ends the
game as soon as anybody holds 30,000 (40,000 at three players): "以降誰かが30000点(供託未収)以上になった
時点で終了(サドンデスルール)" (tenhou.net/man, quoted in http://blog.livedoor.jp/siva0130/?p=2).
RiichiEnv plays on when the dealer repeats without being first, though another player got there (a
tenpai draw's payments, a double ron); mjrules ends the game.
"""

from __future__ import annotations

import json
import os
import random
import re
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest

from mjrules.cli import main

@pytest.fixture
def riichienv() -> Any:
    """RiichiEnv, imported as the test runs (skipped, saying why, where it is not installed)."""
    return pytest.importorskip("riichienv", reason="CI installs mjrules[peers] (RiichiEnv, the peer engine)")


CHOICES = (("TSUMO RON", 1.0), ("RIICHI", 1.0), ("KITA", 1.0), ("ANKAN KAKAN", 0.5), ("PON DAIMINKAN CHI", 0.25),
           ("KYUSHU_KYUHAI", 0.5))
"""What a player takes when it is offered (RiichiEnv's action types), and how often."""


class Player:
    """A seeded player for RiichiEnv: the choices above, else the discard leaving the fewest shanten."""

    def __init__(self, riichienv: Any, seed: str, players: int) -> None:
        self.random = random.Random(seed)
        self.shanten = riichienv.calculate_shanten_3p if players == 3 else riichienv.calculate_shanten
        at = riichienv.ActionType
        self.choices = [(tuple(getattr(at, k) for k in kinds.split()), odds) for kinds, odds in CHOICES]
        self.discard, self.pass_ = at.DISCARD, at.PASS

    def act(self, obs: Any) -> Any:
        legal = obs.legal_actions()
        for kinds, odds in self.choices:
            offered = [a for a in legal if a.action_type in kinds]
            if offered and self.random.random() < odds:
                return self.random.choice(offered)
        discards = [a for a in legal if a.action_type == self.discard]
        if discards:
            hand = list(obs.hand)

            def left(action: Any) -> int:
                rest = list(hand)
                rest.remove(action.tile)
                return self.shanten(rest)

            fewest = min(left(a) for a in discards)
            return self.random.choice([a for a in discards if left(a) == fewest])
        passes = [a for a in legal if a.action_type == self.pass_]
        return passes[0] if passes else self.random.choice(legal)


def riichienv_game(riichienv: Any, seed: int, players: int) -> str:
    """One hanchan RiichiEnv plays under its Tenhou preset, as the mjai record it writes."""
    mode = "4p-red-half" if players == 4 else "3p-red-half"
    env = riichienv.RiichiEnv(game_mode=mode, rule=riichienv.GameRule.default_tenhou(), seed=seed)
    seats = [Player(riichienv, f"{players}/{seed}/{s}", players) for s in range(players)]
    observations = env.reset()
    while not env.done():
        observations = env.step({s: seats[s].act(o) for s, o in observations.items()})
    return "".join(json.dumps(event) + "\n" for event in env.mjai_log)


def write_games(riichienv: Any, folder: Path, games: int, players: tuple[int, ...] = (4, 3)) -> None:
    for n in players:
        for seed in range(games):
            (folder / f"riichienv-{n}p-{seed:04d}.mjson").write_text(riichienv_game(riichienv, seed, n),
                                                                      encoding="utf-8")


SUDDEN_DEATH = re.compile(r"the game ends after W\d(-\d+)? \(sudden death\), and the record plays on")


def replayed(folder: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any], list[dict[str, Any]]]:
    """``mjrules replay FOLDER --legal --json``: the exit status, the summary and each game's line."""
    status = main(["replay", str(folder), "--legal", "--json", "--no-progress"])
    captured = capsys.readouterr()
    assert captured.err == ""
    lines = [json.loads(line) for line in captured.out.splitlines()]
    games = [line for line in lines if "final" in line]
    return status, lines[-1]["summary"], games


def check_riichienv_games(folder: Path, capsys: pytest.CaptureFixture[str], games: int) -> dict[str, Any]:
    """Replay the ``games`` records in ``folder`` and check them (see the assertions); the summary."""
    status, summary, lines = replayed(folder, capsys)
    # every game read (its draws named as RiichiEnv names them; its rules, which it does not state,
    # read as Tenhou's), every win paid as RiichiEnv paid it, every action legal, every round paid alike
    assert summary["games"] == games and summary["unreadable"] == 0
    assert summary["wins"] == summary["agree"] > 0 and summary["unchecked"] == 0
    assert summary["finals"] == 0 and summary["finals_not_stated"] == games  # end_game states no scores
    assert summary["legal_refused"] == 0, [g["legal"]["first_refused"] for g in lines if g["legal"]["refused"]]
    assert summary["legal_played"] == summary["legal_rounds"] == summary["legal_agree"]
    assert all(not g["notes"] for g in lines)  # every round starts as the replay leaves the one before
    assert all(g["assumed"] == [f"the record does not say its rules: read under "
                                f"{'tenhou' if '-4p-' in g['log'] else 'tenhou-sanma'}, the rules mjai was made for"]
               for g in lines)
    # every game's end is checked; where it differs, it is the extra wind's sudden death (module text)
    assert summary["legal_ends"] == games
    differ = [g["legal"]["end"] for g in lines if g["legal"]["end"] is not None]
    assert all(SUDDEN_DEATH.fullmatch(e) for e in differ), differ
    assert summary["legal_ends_agree"] == games - len(differ)
    assert status == (1 if differ else 0)
    return summary


def test_riichienv_games_are_read_legal_and_paid_as_it_paid_them(riichienv, tmp_path, capsys):
    write_games(riichienv, tmp_path, 3)
    events = [json.loads(line) for path in sorted(tmp_path.iterdir()) for line in path.read_text().splitlines()]
    kinds = {e["type"] for e in events} | {e["reason"] for e in events if e["type"] == "ryukyoku"}
    # RiichiEnv's own names: kita for a North set aside, exhaustive_draw; wins by ron and by tsumo
    assert {"hora", "reach", "pon", "chi", "kita", "exhaustive_draw"} <= kinds
    assert {e["actor"] == e["target"] for e in events if e["type"] == "hora"} == {True, False}
    summary = check_riichienv_games(tmp_path, capsys, 6)
    assert summary["legal_actions"] > 2000 and summary["wins"] > 20


@pytest.mark.long  # on demand: python -m pytest -m long -s tests/test_peers.py (MJRULES_PEER_GAMES=N, 200 by default)
@pytest.mark.parametrize("players", [4, 3])
def test_many_riichienv_games(riichienv, tmp_path, capsys, players):
    games = int(os.environ.get("MJRULES_PEER_GAMES", "200"))
    write_games(riichienv, tmp_path, games, (players,))
    summary = check_riichienv_games(tmp_path, capsys, games)
    keys = ("games", "unreadable", "wins", "agree", "finals_not_stated", "legal_actions", "legal_refused",
            "legal_rounds", "legal_played", "legal_agree", "legal_ends", "legal_ends_agree")
    with capsys.disabled():
        print(f"\nRiichiEnv {version('riichienv')}, {games} hanchan at {players} players: "
              + ", ".join(f"{k} {summary[k]}" for k in keys))
