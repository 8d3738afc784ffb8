"""A 電脳麻将 rule object as a ruleset (a JSON file, or a ``[majiang]`` table of a TOML ruleset), and the
game keys it sets as the table plays them: 場数 (one hand … four winds), 連荘方式, 延長戦方式,
オーラス止めあり, ノーテン宣言あり, 順位点 and 配給原点, 裏ドラあり / カンドラあり / カン裏あり at the table.

Expected values come from majiang-core 1.4.1's code: ``lib/game.js`` (``Game.last`` ends the game,
``Game.pingju`` settles a draw and the dealer's repeat, ``Game.jieju`` counts final points from
30,000, rounding with ``Math.round`` when 順位点 have no decimal) and ``lib/shan.js`` (which
indicators are turned).
"""

from __future__ import annotations

import json

import pytest

from mjrules.cli import main
from mjrules.errors import MjrulesError, RulesetError
from mjrules.game.settlement import GameEnd, Outcome, RoundSettlement, game_end
from mjrules.rules.majiang import majiang_rule_of, read_majiang_rule
from mjrules.rules.placing import rounded_points
from mjrules.rules.ruleset import load_ruleset
from mjrules.rules.rules import GameLength
from mjrules.scoring.scorer import Scorer
from mjrules.game.actions import NOTEN, TENPAI, Action, ActionKind
from mjrules.game.view import View
from mjrules.table.game import Table
from mjrules.game.moves import refuse_at_draw, refuse_own
from mjrules.table.players import Greedy, Tsumogiri
from mjrules.table.wall import seeded_wall
from tests.test_table import DEALER, PINFU, SEAT2, SEAT3, hand_wall, round_play


def rule_file(tmp_path, rule, name="house.json"):
    path = tmp_path / name
    path.write_text(json.dumps(rule, ensure_ascii=False), encoding="utf-8")
    return str(path)


# -- the rule object as a ruleset ------------------------------------------------------------------

def test_a_json_rule_object_is_a_ruleset_over_majiang_core_defaults(tmp_path):
    ruleset = load_ruleset(rule_file(tmp_path, {"クイタンあり": False, "場数": 0, "延長戦方式": 3}))
    flags = Scorer(ruleset).flags
    assert ruleset.name == "house" and flags["open_tanyao"] is False
    assert flags["game_length"] == "ikkyoku" and flags["extra_wind"] == "whole_wind"
    assert flags["return_score"] == 30000 and flags["kazoe"] == "yakuman"  # the rest: the majiang preset's
    assert ruleset.origin["game_length"].endswith("house.json [majiang] 場数")


def test_a_toml_ruleset_takes_the_keys_in_a_majiang_table(tmp_path):
    path = tmp_path / "club.toml"
    path.write_text('extends = "tenhou"\n[majiang]\n"連荘方式" = 0\n"ノーテン宣言あり" = true\n'
                    '"赤牌" = {m = 0, p = 2, s = 0}\n[flags]\nkiriage = true\n', encoding="utf-8")
    rules = Scorer(load_ruleset(str(path))).rules
    assert rules.round.dealer_repeat == "none" and rules.play.noten_declaration is True
    assert rules.tiles.red_fives == (0, 2, 0)
    # still Tenhou's: its last dealer in first place stops after a win or a tenpai draw (since June 2010)
    assert rules.placing.returned == 30000 and rules.round.last_dealer_stop == "win_or_tenpai"


@pytest.mark.parametrize("text, message", [
    ('extends = "tenhou"\n[majiang]\n"場数" = 3\n', "club.toml: [majiang]: 場数: expected 0, 1, 2, 4, got 3"),
    ('extends = "tenhou"\n[majiang]\n"クイタン" = true\n', "unknown majiang-core rule key 'クイタン'"),
    ('extends = "tenhou"\n[majiang]\n"クイタンあり" = false\n[flags]\nopen_tanyao = true\n',
     "club.toml: flags.open_tanyao: already set by [majiang] key クイタンあり; set it in one place"),
    ('extends = "tenhou"\nmajiang = 1\n', "club.toml: majiang: expected a table of majiang-core rule keys"),
])
def test_a_bad_majiang_table_is_one_error_naming_file_and_key(tmp_path, text, message):
    path = tmp_path / "club.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesetError) as e:
        load_ruleset(str(path))
    assert message in str(e.value)


@pytest.mark.parametrize("data, message", [
    (b'{"\xe5\xa0\xb4\xe6\x95\xb0": 1,', "JSON syntax error"),
    (b"[1, 2]", "expected a JSON object of majiang-core rule keys, got list"),
    (b'{"\xe5\xa0\xb4\xe6\x95\xb0": "2"}', "場数: expected 0, 1, 2, 4, got '2'"),
])
def test_a_bad_rule_file_is_one_line_exit_2(tmp_path, capsys, data, message):
    path = tmp_path / "rule.json"
    path.write_bytes(data)
    assert main(["score", "123m456p789s111z22z", "--ruleset", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_the_majiang_preset_read_back_as_a_rule_object_is_majiang_core_defaults_and_tenhou_is_close():
    tenhou = majiang_rule_of(Scorer("tenhou").flags)
    # Tenhou's rules as rule keys: kuitan, red fives, East-South, its riichi and kan rules
    assert tenhou.rule["クイタンあり"] is True and tenhou.rule["赤牌"] == {"m": 1, "p": 1, "s": 1}
    assert tenhou.rule["場数"] == 2 and tenhou.rule["喰い替え許可レベル"] == 0 and tenhou.rule["ダブル役満あり"] is False
    assert tenhou.rule["順位点"] == ["20", "10", "-10", "-20"]
    # Tenhou's last dealer in first place stops after a win or a tenpai draw (since June 2010), as
    # majiang-core's オーラス止めあり stops it after any repeat (Game.last)
    assert tenhou.rule["オーラス止めあり"] is True
    # what majiang-core cannot say of it: Tenhou rounds a half away from zero; before June 2010 it
    # stopped the last dealer after a win only
    assert any(x.startswith("順位点: points_rounding = 'nearest-thousand'") for x in tenhou.inexact)
    assert not any(x.startswith("オーラス止めあり") for x in tenhou.inexact)
    old = majiang_rule_of(Scorer(load_ruleset("tenhou").with_flags(last_dealer_stop="win")).flags)
    assert any(x.startswith("オーラス止めあり: no value sets last_dealer_stop = 'win'") for x in old.inexact)
    assert any(x.startswith("players:") for x in majiang_rule_of(Scorer("tenhou-sanma").flags, 3).inexact)


# -- final points ---------------------------------------------------------------------------------

def test_final_points_are_counted_from_30000_with_math_round_without_decimals():
    # Game.jieju: point = (defen - 30000) / 1000 + 順位点, Math.round where 順位点 have no decimal, the top the rest
    rule = {"配給原点": 25000, "順位点": ["20", "10", "-10", "-20"]}
    rules = Scorer(load_ruleset("majiang").with_flags(**read_majiang_rule(rule).flags)).rules
    scores = [58000, 28500, 15000, -1500]
    # 2nd: Math.round(-1.5 + 10) = 9 (a half rounds up); 4th: Math.round(-31.5 - 20) = -51; 3rd: -15 - 10 = -25
    assert rules.placing.points(scores, 0) == (67.0, 9.0, -25.0, -51.0)
    # Tenhou rounds the same -1,500 half away from zero: -52
    assert rounded_points(scores, 0, returned=30000, uma=(20, 10, -10, -20))[3] == -52.0
    # written with decimals (majiang-core's defaults): tenths, the oka of 20 to the top
    assert Scorer("majiang").rules.placing.points(scores, 0) == (68.0, 8.5, -25.0, -51.5)


def test_a_start_above_30000_is_played_the_top_paying_a_negative_oka(tmp_path, capsys):
    # Game.jieju counts from 30,000 whatever 配給原点: with 35,000 each the four scores sum to 140,000, and
    # 2nd (40,000) gets 10 + 10 = 20, 3rd 0 - 10 = -10, 4th -10 - 20 = -30, the top the rest: +20 where
    # its own (50,000 - 30,000) / 1000 + 20 is 40, so the top pays the oka of (35,000 - 30,000) × 4 = 20
    rules = Scorer(load_ruleset(rule_file(tmp_path, {"配給原点": 35000}))).rules
    assert rules.placing.points([50000, 40000, 30000, 20000], 0) == (20.0, 20.0, -10.0, -30.0)
    assert rules.placing.notes and "the top pays 20 points" in rules.placing.notes[0]
    assert Scorer("majiang").rules.placing.notes == ()
    # rulesets show and diff say so, as a note: no error
    assert main(["rulesets", "show", str(tmp_path / "house.json")]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("note: return_score 30000 is below start_score 35000")
    assert main(["rulesets", "diff", "majiang", str(tmp_path / "house.json"), "--json"]) == 0
    diff = json.loads(capsys.readouterr().out)
    assert diff["a"]["notes"] == [] and "the oka is negative" in diff["b"]["notes"][0]


def test_a_batch_line_with_a_start_above_30000_is_scored(capsys, monkeypatch):
    import io
    line = {"in": {"shoupai": "m123p456s789z1122", "rongpai": "z2-", "param": {
        "zhuangfeng": 0, "menfeng": 1, "baopai": ["s9"], "hupai": {"lizhi": 0, "yifa": False, "qianggang": False,
                                                                     "lingshang": False, "haidi": 0, "tianhu": 0},
        "jicun": {"changbang": 0, "lizhibang": 0}}}, "rule": {"配給原点": 35000}}
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(line, ensure_ascii=False) + "\n"))
    assert main(["batch"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert "error" not in out and (out["han"], out["fu"], out["points"]) == (1, 40, 1300)  # seat wind South


# -- the game's end (game.js Game.last) ---------------------------------------------------------------

def settled(outcome: Outcome, repeats: bool) -> RoundSettlement:
    return RoundSettlement((), (0, 0, 0, 0), 0, 0, repeats, outcome)


WIN, DRAW, ABORT = Outcome.WIN, Outcome.EXHAUSTIVE, Outcome.ABORTIVE
LOW = [24000, 25000, 26000, 25000]  # nobody at 30,000
DEALER_TOP = [35000, 21000, 24000, 20000]  # seat 0 first with 30,000


def end(rule: dict, scores, outcome, repeats, wind, number):
    rules = Scorer(load_ruleset("majiang").with_flags(**read_majiang_rule(rule).flags)).rules
    return game_end(rules, scores, settled(outcome, repeats), wind=wind, number=number, dealer=number % 4,
                    first_dealer=0)


@pytest.mark.parametrize("rule, scores, outcome, repeats, wind, number, want", [
    # 場数 0: the one hand is the last; a win ends it (Game.hule clears the repeat), a draw deals it again
    # unless the dealer is first with 30,000 (オーラス止め), an abortive draw always
    ({"場数": 0}, LOW, WIN, False, 0, 0, GameEnd.LAST_HAND),
    ({"場数": 0}, LOW, DRAW, True, 0, 0, None),
    ({"場数": 0}, DEALER_TOP, DRAW, True, 0, 0, GameEnd.DEALER_STOP),
    ({"場数": 0}, DEALER_TOP, ABORT, True, 0, 0, None),
    # 場数 4: North 4 is the last hand, and no fifth wind follows (Game.last: 15 < sum_jushu ends it)
    ({"場数": 4}, LOW, WIN, False, 3, 3, GameEnd.LAST_HAND),
    ({"場数": 4}, LOW, WIN, False, 1, 3, None),
    # 延長戦方式 0: South 4 passed ends the game though nobody has 30,000
    ({"延長戦方式": 0}, LOW, WIN, False, 1, 3, GameEnd.LAST_HAND),
    # but the last dealer's stop still needs 30,000 (Game.last: guanjun is a player with 30,000)
    ({"延長戦方式": 0}, [29000, 21000, 24000, 26000], WIN, True, 1, 0, None),
    ({"延長戦方式": 0}, [29000, 21000, 24000, 26000], WIN, True, 1, 3, None),
    ({"延長戦方式": 0}, [21000, 24000, 20000, 35000], WIN, True, 1, 3, GameEnd.DEALER_STOP),
    # 延長戦方式 1 (sudden death): in West anybody at 30,000 ends it, a repeating dealer's hand too
    ({"延長戦方式": 1}, LOW, WIN, False, 1, 3, None),
    ({"延長戦方式": 1}, [20000, 20000, 29000, 31000], WIN, True, 2, 0, GameEnd.SUDDEN_DEATH),
    # 延長戦方式 2: in West a repeating dealer plays on, another's 30,000 notwithstanding; first with 30,000 it stops
    ({"延長戦方式": 2}, [20000, 20000, 29000, 31000], WIN, True, 2, 0, None),
    ({"延長戦方式": 2}, [31000, 20000, 29000, 20000], WIN, True, 2, 0, GameEnd.DEALER_STOP),
    ({"延長戦方式": 2, "オーラス止めあり": False}, [31000, 20000, 29000, 20000], WIN, True, 2, 0, None),
    ({"延長戦方式": 2}, [20000, 20000, 29000, 31000], WIN, False, 2, 0, GameEnd.SUDDEN_DEATH),
    # 延長戦方式 3: all of West is played; West 4 is the last hand
    ({"延長戦方式": 3}, [20000, 20000, 29000, 31000], WIN, False, 2, 0, None),
    ({"延長戦方式": 3}, LOW, WIN, False, 2, 3, GameEnd.EXTRA_WIND_OVER),
    ({"延長戦方式": 3}, [20000, 20000, 29000, 31000], WIN, False, 2, 3, GameEnd.EXTRA_WIND_OVER),
    ({"延長戦方式": 3}, [20000, 20000, 31000, 29000], WIN, True, 2, 3, None),  # the dealer (seat 3) is second
    ({"延長戦方式": 3}, [20000, 20000, 25000, 35000], WIN, True, 2, 3, GameEnd.DEALER_STOP),
    # オーラス止めあり: after a tenpai draw too (Game.last: any repeat but an abortive draw)
    ({}, [21000, 24000, 20000, 35000], DRAW, True, 1, 3, GameEnd.DEALER_STOP),
    ({}, [21000, 24000, 20000, 35000], ABORT, True, 1, 3, None),
    ({"オーラス止めあり": False}, [21000, 24000, 20000, 35000], WIN, True, 1, 3, None),
])
def test_the_game_ends_where_majiang_core_ends_it(rule, scores, outcome, repeats, wind, number, want):
    assert end(rule, scores, outcome, repeats, wind, number) is want


# -- the dealer's repeat (game.js Game.hule, Game.pingju) ------------------------------------------------

def majiang(rule: dict) -> Scorer:
    return Scorer(load_ruleset("majiang").with_flags(**read_majiang_rule(rule).flags))


def draw_round(rule: dict, hands: list[str], players=None):
    """The first hand dealt ``hands`` (the dealer's first) and played by tsumogiri players (or
    ``players``) to its exhaustive draw: its settlement and its events."""
    play = round_play(majiang(rule), hands, players=players)
    return play.run(), play.events


def draw_game(rule: dict, hands: list[str], players):
    """A whole game whose first hand is dealt ``hands``; the players must end it."""
    scorer = majiang(rule)
    wall = hand_wall(hands)
    table = Table(scorer, players, length=GameLength.TONPUU)
    return scorer, table.play("draw", walls=lambda k: wall if k == 0 else seeded_wall(scorer.rules.tiles, f"d/{k}"))


@pytest.mark.parametrize("rule, hands, repeats", [
    ({"連荘方式": 2}, [DEALER, PINFU, SEAT2, SEAT3], False),  # noten dealer passes
    ({"連荘方式": 3}, [DEALER, PINFU, SEAT2, SEAT3], True),  # 3: the dealer repeats after any draw
    ({"連荘方式": 1}, [PINFU, DEALER, SEAT2, SEAT3], False),  # 1: a win only, tenpai or not
    ({"連荘方式": 0}, [PINFU, DEALER, SEAT2, SEAT3], False),
    ({"場数": 0, "連荘方式": 1}, [DEALER, PINFU, SEAT2, SEAT3], True),  # one hand: a draw always deals it again
])
def test_the_dealer_repeats_after_a_draw_as_renchan_says(rule, hands, repeats):
    settled, _ = draw_round(rule, hands)
    assert settled.outcome is Outcome.EXHAUSTIVE and settled.dealer_repeats is repeats and settled.honba == 1


def test_a_game_that_cannot_end_stops_with_an_error():
    # 連荘方式 3 deals again after every draw: players who never win never end the game
    with pytest.raises(MjrulesError, match="rounds played and the game has not ended"):
        Table(majiang({"連荘方式": 3}), [Tsumogiri() for _ in range(4)]).play("forever")


def assert_replays_under(game, scorer):
    from mjrules.records.mjai import read_mjai
    from mjrules.records.replay import Replayer

    rep = Replayer(scorer.ruleset).replay(read_mjai("game", game.record.encode()))
    assert rep.flow_notes == () and rep.agree == len(rep.checks) and rep.final_agree


@pytest.mark.parametrize("value, repeats", [(0, False), (1, True), (2, True)])
def test_a_dealer_win_repeats_unless_renchan_is_none(value, repeats):
    # Game.hule: the dealer repeats after its win when 連荘方式 > 0; otherwise the deal passes and
    # the honba are cleared (Game.reply_hule)
    scorer = majiang({"連荘方式": value})
    dealer_wins = 0
    for seed in range(4):
        game = Table(scorer, [Greedy() for _ in range(4)], length=GameLength.TONPUU).play(f"renchan{seed}")
        for rnd, nxt in zip(game.rounds, game.rounds[1:]):
            if any(w.record.winner == rnd.deal.dealer and w.result for w in rnd.settlement.wins):
                dealer_wins += 1
                assert rnd.settlement.dealer_repeats is repeats
                assert (nxt.deal.dealer == rnd.deal.dealer) is repeats
                assert nxt.deal.honba == (rnd.deal.honba + 1 if repeats else 0)
        assert_replays_under(game, scorer)
    assert dealer_wins


# -- the noten declaration (game.js Game.pingju, Game.allow_no_daopai) ---------------------------------

class Declares(Tsumogiri):
    """Declares noten whenever it may; otherwise plays as tsumogiri."""

    def __init__(self) -> None:
        self.asked: list[View] = []

    def act(self, view: View) -> Action:
        if NOTEN in view.legal:
            self.asked.append(view)
            return NOTEN
        return super().act(view)


def test_a_player_in_tenpai_may_declare_noten_and_is_paid_as_noten():
    # the dealer (PINFU) is alone in tenpai; declaring noten, nobody is: no payment, the deal passes
    declares = Declares()
    first, events = draw_round({"ノーテン宣言あり": True}, [PINFU, DEALER, SEAT2, SEAT3],
                               [declares, Tsumogiri(), Tsumogiri(), Tsumogiri()])
    assert len(declares.asked) == 1 and set(declares.asked[0].legal) == {TENPAI, NOTEN}
    assert first.payments == (0, 0, 0, 0) and not first.dealer_repeats
    assert events[-1]["type"] == "ryukyoku" and events[-1]["tenpais"] == [False, False, False, False]
    # shown, the dealer is paid 3,000 and deals again
    shown, _ = draw_round({"ノーテン宣言あり": True}, [PINFU, DEALER, SEAT2, SEAT3])
    assert shown.payments == (3000, -1000, -1000, -1000) and shown.dealer_repeats


class GreedyDeclares(Greedy):
    """Greedy, but declares noten whenever it may."""

    def __init__(self) -> None:
        self.asked = 0

    def act(self, view: View) -> Action:
        if NOTEN in view.legal:
            self.asked += 1
            return NOTEN
        return super().act(view)


def test_a_declared_noten_replays_and_checks_at_the_table():
    from mjrules.records.mjai import read_mjai
    from mjrules.records.check import check_legal

    scorer = majiang({"ノーテン宣言あり": True})
    declared = 0
    for seed in range(8):
        players = [GreedyDeclares(), Greedy(), GreedyDeclares(), Greedy()]
        game = Table(scorer, players, length=GameLength.TONPUU).play(f"declare{seed}")
        declared += sum(p.asked for p in players if isinstance(p, GreedyDeclares))
        assert_replays_under(game, scorer)
        legal = check_legal(read_mjai("game", game.record.encode()), scorer)
        assert legal.refused == 0 and legal.agree == legal.played == legal.rounds
    assert declared


def test_noten_is_refused_without_the_rule_and_in_riichi():
    plain = round_play(Scorer("majiang"), [PINFU, DEALER, SEAT2, SEAT3])
    assert refuse_at_draw(plain, 0, NOTEN) == "this ruleset has no noten declaration: a hand in tenpai is shown"
    assert refuse_at_draw(plain, 1, TENPAI) == "the hand is not tenpai"
    assert refuse_at_draw(plain, 1, NOTEN) is None
    declaring = Scorer(load_ruleset("majiang").with_flags(noten_declaration=True))
    play = round_play(declaring, [PINFU, DEALER, SEAT2, SEAT3])
    assert refuse_at_draw(play, 0, NOTEN) is None
    play.state.riichi[0] = 1
    assert refuse_at_draw(play, 0, NOTEN) == "in riichi the hand is shown"
    # a player in riichi is not asked: its hand is shown (Game.pingju evaluates every riichi hand)
    riichi = _Riichi()
    settled, _ = draw_round({"ノーテン宣言あり": True}, [PINFU, DEALER, SEAT2, SEAT3],
                            [riichi, Tsumogiri(), Tsumogiri(), Tsumogiri()])
    assert riichi.asked == [] and settled.payments == (3000 - 1000, -1000, -1000, -1000)


class _Riichi(Declares):
    """Declares riichi with its first discard (the dealer's PINFU stays tenpai discarding the tile
    drawn), then would declare noten at the draw if it were asked."""

    def act(self, view: View) -> Action:
        riichi = [a for a in view.legal if a.kind is ActionKind.RIICHI and a.tile == view.drawn]
        return riichi[0] if riichi else super().act(view)


def test_the_table_asks_nobody_without_the_rule():
    # without ノーテン宣言あり the table shows every hand in tenpai unasked
    declares = Declares()
    settled, _ = draw_round({}, [PINFU, DEALER, SEAT2, SEAT3], [declares, Tsumogiri(), Tsumogiri(), Tsumogiri()])
    assert declares.asked == [] and settled.payments[0] == 3000


# -- which indicators the table turns (shan.js) ------------------------------------------------------

@pytest.mark.parametrize("rule, ura", [({}, True), ({"裏ドラあり": False}, False)])
def test_ura_indicators_are_turned_only_where_the_ruleset_has_them(rule, ura):
    scorer = Scorer(load_ruleset("majiang").with_flags(**read_majiang_rule(rule).flags))
    seen = []
    for seed in range(6):
        game = Table(scorer, [Greedy() for _ in range(4)], length=GameLength.TONPUU).play(f"ura{seed}")
        events = [json.loads(line) for line in game.record.splitlines()]
        riichi_wins = [e for e in events if e["type"] == "hora" and any(y == "riichi" for y, _ in e["yakus"])]
        seen += [bool(e["uradora_markers"]) for e in riichi_wins]
    assert seen and set(seen) == {ura}


def test_without_kan_dora_no_kan_indicator_is_turned():
    from tests.test_table import Caller

    for rule, turned in (({"カンドラあり": False}, False), ({}, True)):
        scorer = Scorer(load_ruleset("majiang").with_flags(**read_majiang_rule(rule).flags))
        kans = doras = 0
        for seed in range(6):
            players = [Caller(f"{seed}-{i}") for i in range(4)]
            game = Table(scorer, players, length=GameLength.TONPUU).play(f"kan{seed}")
            events = [json.loads(line) for line in game.record.splitlines()]
            kans += sum(e["type"] in ("ankan", "kakan", "daiminkan") for e in events)
            doras += sum(e["type"] == "dora" for e in events)
        assert kans and bool(doras) is turned


def test_the_console_offers_tenpai_or_noten_by_number():
    import io

    from mjrules.notation.mpsz import parse_tiles
    from mjrules.table.console import Console

    view = View(players=4, seat=0, round_wind=0, dealer=0, honba=0, sticks=0, scores=(25000,) * 4, dora=(),
                concealed=parse_tiles(PINFU), drawn=None, melds=((),) * 4, rivers=((),) * 4, riichi=(False,) * 4,
                offered=None, offered_by=None, live_left=0, legal=(TENPAI, NOTEN))
    out = io.StringIO()
    assert Console(io.StringIO("\n2\n"), out).act(view) == NOTEN
    shown = out.getvalue()
    assert "the wall is empty: show it as tenpai, or declare noten" in shown
    assert "1) tenpai" in shown and "2) noten" in shown and "give the number of tenpai or noten" in shown


def test_riichi_and_tenpai_need_a_wait_the_hand_does_not_hold_all_four_of():
    # majiang-core's Game.allow_lizhi and Game.pingju: xiangting 0 and tingpai, which leaves out a kind held
    # four times. 1111m 234p 567s 789s waits on a fifth 1m only: not tenpai; 1112m 234p 567s 789s waits on 2m, 3m
    others = [DEALER, SEAT2, "2s3s8s9s4p5p6p7p9m9m6z6z3p"]  # none holds a 1m
    play = round_play(Scorer("majiang"), ["1111m234p567s789s", *others], draws="5z")
    drawn = play.draw(0, False)
    assert refuse_own(play, 0, Action(ActionKind.RIICHI, drawn), drawn) == "the hand is not tenpai after discarding 5z"
    play.discard(0, Action(ActionKind.DISCARD, drawn))
    assert refuse_at_draw(play, 0, TENPAI) == "the hand is not tenpai"
    play = round_play(Scorer("majiang"), ["1112m234p567s789s", *others], draws="5z")
    drawn = play.draw(0, False)
    assert refuse_own(play, 0, Action(ActionKind.RIICHI, drawn), drawn) is None
    play.discard(0, Action(ActionKind.DISCARD, drawn))
    assert refuse_at_draw(play, 0, TENPAI) is None
