"""Whole games played by majiang-core's own game (Majiang.Game, majiang-ai in every seat) under a rule
object, and what mjrules makes of them under the same rule object given as a ruleset (a JSON file):
every recorded action legal at the table, every round paid as recorded, each game ending where it
ended, the final scores and points as stated. Used by ``test_majiang_games.py`` (a few games) and
by ``majiang/agree.py`` (on demand: ten rule objects and more, 20 games each).

The games are made by ``majiang/play_games.js`` with node and the npm packages ``mjrules setup
majiang-ai`` installs (``mjrules.table.majiang_ai.install_dir``; CI installs them). Whether they are
there is looked at when a test runs (the ``majiang_ai_modules`` fixture of ``conftest.py``), never
when a module is imported: ``mjrules setup majiang-ai`` may run meanwhile.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import attrs

from mjrules.records.majiang_paipu import read_paipu_games
from mjrules.records.replay import Replayer
from mjrules.rules.ruleset import load_ruleset
from mjrules.records.check import check_legal
from mjrules.table.legal import native_rounds
from mjrules.table.majiang_ai import install_dir

SCRIPT = Path(__file__).parent / "majiang" / "play_games.js"

RULES: dict[str, dict] = {
    # the names say what each rule object turns away from majiang-core's defaults (lib/rule.js)
    "defaults": {},
    "tonpuu-no-kuitan-kuikae": {"場数": 1, "クイタンあり": False, "喰い替え許可レベル": 2},
    "ikkyoku-noten-repeat": {"場数": 0, "連荘方式": 3, "オーラス止めあり": True},
    "iichan-no-extra-wind": {"場数": 4, "延長戦方式": 0, "ツモ番なしリーチあり": True},
    "tonpuu-dealer-first-30k": {"場数": 1, "延長戦方式": 2, "オーラス止めあり": False, "連荘方式": 1, "配給原点": 30000,
                                "順位点": ["10", "5", "-5", "-10"]},
    # a start below 30,000, so that East often ends with nobody at the target: the extra wind with
    # 延長戦方式 2, where a dealer who repeats plays on (Game.last: _max_jushu += 1)
    "tonpuu-dealer-first-low-start": {"場数": 1, "延長戦方式": 2, "配給原点": 21000, "連荘方式": 2,
                                      "オーラス止めあり": True},
    "tonpuu-whole-wind-low-start": {"場数": 1, "延長戦方式": 3, "配給原点": 20000, "トビ終了あり": False,
                                    "最大同時和了数": 1},
    "tonpuu-sudden-death-low-start": {"場数": 1, "延長戦方式": 1, "配給原点": 22000, "順位点": ["15", "5", "-5", "-15"]},
    "tonpuu-no-draws-no-repeat": {"場数": 1, "途中流局あり": False, "流し満貫あり": False, "ノーテン罰あり": False,
                                  "連荘方式": 0},
    "tonpuu-noten-declaration-triple-ron": {"場数": 1, "ノーテン宣言あり": True, "最大同時和了数": 3,
                                            "喰い替え許可レベル": 1},
    "tonpuu-no-ippatsu-ura-kan-dora-reds": {"場数": 1, "一発あり": False, "裏ドラあり": False, "カンドラあり": False,
                                            "赤牌": {"m": 0, "p": 0, "s": 0}},
    "tonpuu-kan-dora-at-once-no-kan-ura": {"場数": 1, "カンドラ後乗せ": False, "カン裏あり": False,
                                           "リーチ後暗槓許可レベル": 0, "赤牌": {"m": 2, "p": 2, "s": 2}},
    "tonpuu-yakuman-and-limits-off": {"場数": 1, "リーチ後暗槓許可レベル": 1, "役満の複合あり": False,
                                      "ダブル役満あり": False, "数え役満あり": False, "役満パオあり": False,
                                      "切り上げ満貫あり": True, "連風牌は2符": True},
}
"""The rule objects games are played under: every key of majiang-core 1.4.1 is turned in one of them."""

PAGE_CHOICES: dict[str, tuple[Any, ...]] = {
    # the choices of the 電脳麻将 rule page (kobalab/Majiang src/html/inc/rule.pug and src/js/rule.js,
    # v2.4-2.5): a radio button's values, true and false for a key of two
    **{key: (False, True) for key in (
        "連風牌は2符", "クイタンあり", "途中流局あり", "流し満貫あり", "ノーテン宣言あり", "ノーテン罰あり", "トビ終了あり",
        "オーラス止めあり", "一発あり", "裏ドラあり", "カンドラあり", "カン裏あり", "カンドラ後乗せ", "ツモ番なしリーチあり",
        "役満の複合あり", "ダブル役満あり", "数え役満あり", "役満パオあり", "切り上げ満貫あり")},
    "喰い替え許可レベル": (0, 1, 2),
    "場数": (0, 1, 2, 4),
    "最大同時和了数": (1, 2, 3),
    "連荘方式": (0, 1, 2, 3),
    "延長戦方式": (0, 1, 2, 3),
    "リーチ後暗槓許可レベル": (0, 1, 2),
}
"""The keys the page offers a choice of values for; 配給原点, 順位点 and 赤牌 are text fields (``random_rule``)."""


def random_rule(rng: random.Random, lengths: tuple[int, ...] = PAGE_CHOICES["場数"]) -> dict[str, Any]:
    """A whole rule object as the 電脳麻将 rule page saves it (``get_form``), each key's value drawn
    from what the page offers, ``場数`` from ``lengths``.

    The page's text fields: 配給原点 any positive number of up to five digits (drawn here from 1,000 to
    60,000, a multiple of 1,000 one time in two); 順位点 2nd to 4th any number (here whole thousands,
    or one time in three thousands to a tenth: mjrules refuses finer ones, saying so), 1st the
    negative of their sum, written as the page writes them: a sign, and ``.0`` on whole ones unless
    「ポイントを四捨五入する」 is ticked; 赤牌 0 to 4 of each suit. What the page's form repairs holds
    too: カン裏 only with 裏ドラ and カンドラ, カンドラ後乗せ only with カンドラ, ダブル役満 only with 役満の複合."""
    rule: dict[str, Any] = {key: rng.choice(values) for key, values in PAGE_CHOICES.items()}
    rule["場数"] = rng.choice(lengths)
    rule["配給原点"] = rng.randrange(1, 61) * 1000 if rng.random() < 0.5 else rng.randrange(1000, 60001)
    step = 1 if rng.random() < 1 / 3 else 10  # in tenths
    rest = [rng.randrange(-50, 201, step), -rng.randrange(0, 201, step), -rng.randrange(0, 301, step)]
    whole = rng.random() < 0.5  # the page's rounding box: whole ones written without ".0"

    def written(tenths: int) -> str:
        text = f"{tenths / 10:+g}" if tenths else "0"
        return text if whole or "." in text else text + ".0"
    rule["順位点"] = [written(p) for p in (-sum(rest), *rest)]
    rule["赤牌"] = {suit: rng.randrange(0, 5) for suit in "mps"}
    if not (rule["裏ドラあり"] and rule["カンドラあり"]):
        rule["カン裏あり"] = False
    if not rule["カンドラあり"]:
        rule["カンドラ後乗せ"] = False
    if not rule["役満の複合あり"]:
        rule["ダブル役満あり"] = False
    return rule


def random_rules(count: int, seed: str, lengths: tuple[int, ...] = PAGE_CHOICES["場数"]) -> dict[str, dict]:
    """``count`` rule objects drawn by ``random_rule`` (seeded: the same each time), named ``random-N``."""
    rng = random.Random(f"majiang-rules-{seed}")
    return {f"random-{i}": random_rule(rng, lengths) for i in range(count)}


def play(rule: dict, games: int, seed: str) -> list[dict]:
    """``games`` games majiang-core plays with majiang-ai under ``rule``, as 牌譜 (seeded: the same each time)."""
    env = {"NODE_PATH": str(install_dir() / "node_modules"), "PATH": "/usr/bin:/bin:/usr/local/bin"}
    node = shutil.which("node")
    assert node is not None
    done = subprocess.run([node, str(SCRIPT), json.dumps(rule, ensure_ascii=False), str(games), seed],
                          capture_output=True, text=True, env=env, check=True)
    return [json.loads(line) for line in done.stdout.splitlines()]


@attrs.frozen
class Agreement:
    """What mjrules makes of games majiang-core played under one rule object."""

    games: int
    rounds: int
    wins: int
    wins_agree: int
    rounds_paid: int
    """Rounds that start with the scores, honba and sticks the record gives (each earlier round paid as recorded)."""
    actions: int
    refused: int
    played: int
    """Rounds played at the table from the record's wall and actions (``replay --legal``)."""
    played_agree: int
    """Of those, rounds the table paid as the record's settlement does."""
    ends_agree: int
    """Games that end after the round they ended (neither earlier nor later)."""
    finals_agree: int
    points_agree: int
    problems: tuple[str, ...]

    @property
    def all_agree(self) -> bool:
        return (self.wins_agree == self.wins and self.rounds_paid == self.rounds and self.refused == 0
                and self.played == self.played_agree == self.rounds and self.ends_agree == self.finals_agree
                == self.points_agree == self.games)

    def line(self, name: str) -> str:
        return (f"{name}: {self.games} games, {self.rounds} rounds; wins {self.wins_agree}/{self.wins} agree; rounds "
                f"paid as recorded {self.rounds_paid}/{self.rounds}; legal: {self.actions} actions, {self.refused} "
                f"refused, {self.played_agree}/{self.rounds} rounds played and paid as recorded; ends "
                f"{self.ends_agree}/{self.games}, final scores {self.finals_agree}/{self.games}, points "
                f"{self.points_agree}/{self.games}")


def check(rule: dict, paipus: list[dict], folder: Path, name: str = "rule") -> Agreement:
    """Replay ``paipus`` in mjrules under ``rule``, given as a ruleset file (``name.json``) as a user gives it."""
    rule_file = folder / f"{name}.json"
    rule_file.write_text(json.dumps(rule, ensure_ascii=False), encoding="utf-8")
    games_file = folder / f"{name}-games.json"
    games_file.write_text(json.dumps(paipus, ensure_ascii=False), encoding="utf-8")
    ruleset = load_ruleset(str(rule_file))
    replayer = Replayer(ruleset)
    counts = dict.fromkeys(("rounds", "wins", "wins_agree", "rounds_paid", "actions", "refused", "played",
                            "played_agree", "ends_agree", "finals_agree", "points_agree"), 0)
    problems: list[str] = []
    games = read_paipu_games(str(games_file), games_file.read_bytes())
    native = native_rounds(replayer.scorer)  # None on the Python kernel
    for game in games:
        rep = replayer.replay(game)
        ends = replayer.replay(game, from_start=True).end_notes
        legal = check_legal(game, replayer.scorer)
        counts["rounds"] += len(game.rounds)
        counts["wins"] += len(rep.checks)
        counts["wins_agree"] += rep.agree
        counts["rounds_paid"] += len(game.rounds) - len({n.split(": ", 1)[0] for n in rep.flow_notes})
        counts["actions"] += legal.actions
        counts["refused"] += legal.refused
        counts["played"] += legal.played
        counts["played_agree"] += legal.agree
        counts["ends_agree"] += not ends
        counts["finals_agree"] += bool(rep.final_agree)
        counts["points_agree"] += bool(rep.points_agree)
        problems += [f"{c.round}: seat {c.winner}: {', '.join(c.differs)}: recorded {c.recorded}, scored {c.scored}"
                     for c in rep.checks if not c.agree]
        problems += list(rep.flow_notes) + [f"{game.source}: {e}" for e in ends] + list(legal.skipped)
        if legal.first_refused:
            problems.append(f"{game.source}: refused: {legal.first_refused}")
        if native is not None and check_legal(game, replayer.scorer, native) != legal:
            problems.append(f"{game.source}: the kernel's round checks the game otherwise than the Python round")
        if not rep.final_agree:
            problems.append(f"{game.source}: final scores {game.final}, replayed {rep.final}")
        if not rep.points_agree:
            problems.append(f"{game.source}: points {game.final_points}, counted {rep.points}")
    return Agreement(len(games), problems=tuple(problems), **counts)
