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


def _sanma_kakan_flow():
    """Seat 2 pons seat 0's Red dragon and later adds the fourth: a Flow fed the mjlog codes Tenhou
    writes, whose from-offset counts seats on a four-seat table (seat 0 is two seats on from 2)."""
    from mjrules.games.flow import Deal, Flow
    from mjrules.games.tenhou_xml import _Tiles, decode_meld
    from mjrules.model.tiles import tile

    tiles = _Tiles(lambda: "test", True)

    def t(n: int):
        return tiles.one(n)

    chun = [132, 133, 134, 135]
    hands = (
        tuple(t(n) for n in (chun[0], 36, 37, 38, 40, 41, 42, 44, 45, 46, 48, 49, 50)),
        tuple(t(n) for n in (52, 53, 54, 56, 57, 58, 60, 61, 62, 64, 65, 66, 68)),
        tuple(t(n) for n in (chun[1], chun[2], 36 + 0, 40 + 1, 44 + 1, 48 + 1, 52 + 1, 56 + 1, 72, 76, 80, 68, 69)),
    )
    flow = Flow("test, round E1", Deal(0, 0, 0, 0, 0, (35000, 35000, 35000), tile(0), hands))
    flow.draw(0, t(100))
    flow.discard(0, t(chun[0]))
    pon = (33 * 3 + 0) << 9 | 3 << 5 | 0x08 | 2  # unused copy 3, the called copy first, from two seats on
    meld, own, called = decode_meld(pon, tiles)
    flow.call(2, meld, own, called)
    flow.discard(2, t(68))
    flow.draw(0, t(101))
    flow.discard(0, t(101))
    flow.draw(1, t(102))
    flow.discard(1, t(102))
    flow.draw(2, t(chun[3]))
    meld, own, called = decode_meld(pon & ~0x08 | 0x10, tiles)  # the same code as an added kan
    flow.call(2, meld, own, called)
    flow.draw(2, t(70))  # the replacement tile pairs the 8p
    return flow


def test_a_three_player_kakan_keeps_its_pons_mark():
    flow = _sanma_kakan_flow()
    kan = flow.melds[2][0]
    # the pon was marked "next" (seat 0 follows seat 2 at a table of three); the kakan keeps that mark
    assert kan.kind.value == "kakan" and kan.source == 1
    hand, win = flow.tsumo(2, 0, 0, 0, (), ())
    from mjrules.scoring.scorer import Scorer

    result = Scorer(load_ruleset("tenhou-sanma")).score(hand, win)
    # chun 1 + rinshan kaihou 1 (no menzen tsumo with the open kan): scored, not refused
    assert {y.id for y in result.yaku} >= {"chun", "rinshan"}


SANMA_2014 = DATA / "tenhou-sanma-more" / "2014091101gm-00b9-0000-5ca6b487.xml"


def test_three_player_noten_payments_total_2000():
    game = read_game(str(SANMA_2014))
    draws = [r.draw for r in game.rounds if r.draw is not None]
    # the record's own score changes at its three exhaustive draws (sc, in points)
    assert [d.payments for d in draws] == [(1000, -2000, 1000), (-1000, -1000, 2000), (-1000, -1000, 2000)]
    rep = _replay(game)
    assert not rep.flow_notes  # every round starts with the scores the record gives
    assert rep.agree == len(rep.checks) == 8 and rep.final_agree and rep.points_agree
    assert rep.points == (54.0, -37.0, -17.0)  # owari
