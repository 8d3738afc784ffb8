"""The rules of play as rule-part fields (``Rules.play``, the settlement plugin's flags): what a riichi
needs, a closed kan after riichi, calls on the last discard, the kan limit and chi at three players,
each with its 電脳麻将 rule key where one exists. The defaults are Tenhou's."""

from __future__ import annotations

import pytest

from mjrules import Scorer
from mjrules.errors import RulesetError
from mjrules.notation.mpsz import parse_tiles
from mjrules.rules.majiang import read_majiang_rule, ruleset_from_majiang
from mjrules.game.actions import Action, ActionKind
from mjrules.game.moves import legal_own, legal_reactions, refuse_own, refuse_reaction
from mjrules.tools.ruleset_diff import diff_rulesets
from tests.test_table import DEALER, PINFU, SEAT2, SEAT3, ankan_in_riichi, round_play, s


def test_the_defaults_are_tenhous():
    play = Scorer("tenhou").rules.play
    assert (play.riichi_min_points, play.riichi_min_draws, play.ankan_after_riichi, play.last_discard_calls,
            play.kan_limit, play.sanma_chi) == (1000, 4, "same_waits", False, 4, False)


def test_riichi_with_fewer_points_where_the_ruleset_allows_it():
    # seat 1 (PINFU, tenpai after discarding the 1s it draws) holds 900 points
    scorer = Scorer("tenhou").with_flags(riichi_min_points=0)
    play = round_play(scorer, [DEALER, PINFU, SEAT2, SEAT3], draws="1s1s", scores=(25000, 900, 25000, 49100))
    play.discard(0, Action(ActionKind.DISCARD, play.draw(0, False)))
    drawn = play.draw(1, False)
    assert refuse_own(play, 1, Action(ActionKind.RIICHI, drawn), drawn) is None
    assert Action(ActionKind.RIICHI, drawn) in legal_own(play, 1, drawn)


def test_riichi_below_zero_where_busting_does_not_end_the_game():
    # majiang-core's Game.allow_lizhi: only with トビ終了あり does a riichi need 1,000 points
    # ("if (rule['トビ終了あり'] && defen < 1000) return false"); without it a player at -2,300 declares
    # (a game majiang-core played under {"トビ終了あり": false} has it)
    scorer = Scorer(ruleset_from_majiang({"トビ終了あり": False}))
    play = round_play(scorer, [DEALER, PINFU, SEAT2, SEAT3], draws="1s1s", scores=(52300, -2300, 25000, 25000))
    play.discard(0, Action(ActionKind.DISCARD, play.draw(0, False)))
    drawn = play.draw(1, False)
    assert refuse_own(play, 1, Action(ActionKind.RIICHI, drawn), drawn) is None
    busting = round_play(Scorer("majiang"), [DEALER, PINFU, SEAT2, SEAT3], draws="1s1s",
                         scores=(52300, -2300, 25000, 25000))
    busting.discard(0, Action(ActionKind.DISCARD, busting.draw(0, False)))
    drawn = busting.draw(1, False)
    assert refuse_own(busting, 1, Action(ActionKind.RIICHI, drawn), drawn) == (
        "riichi needs 1000 points for the stick, and it has -2300")


@pytest.mark.parametrize("bust_at_zero, score, refused", [
    # "持ち点0点でトビ終了になります。したがって持ち点1000点ちょうどではリーチがかけられません" (a parlour
    # that ends the game at 0: mahjong-cafe.com's rules of 四季): the stick may not leave 0
    (True, 1000, "riichi's stick would leave 0 points, and that ends the game (bust_at_zero)"),
    (True, 1100, None),
    # where only a score below 0 busts (majiang-core's Game.allow_lizhi refuses defen < 1000 alone), 1000 declares
    (False, 1000, None),
    (False, 900, "riichi needs 1000 points for the stick, and it has 900"),
])
def test_riichi_where_a_score_of_zero_ends_the_game(bust_at_zero, score, refused):
    scorer = Scorer("tenhou").with_flags(bust_at_zero=bust_at_zero)
    play = round_play(scorer, [DEALER, PINFU, SEAT2, SEAT3], draws="1s1s", scores=(25000, score, 25000, 50000 - score))
    play.discard(0, Action(ActionKind.DISCARD, play.draw(0, False)))
    drawn = play.draw(1, False)
    assert refuse_own(play, 1, Action(ActionKind.RIICHI, drawn), drawn) == refused
    assert (Action(ActionKind.RIICHI, drawn) in legal_own(play, 1, drawn)) is (refused is None)


def _near_the_end(scorer: Scorer, left: int):
    """Seat 1 tenpai after its draw with ``left`` live draws left (the wall's counter moved on)."""
    play = round_play(scorer, [DEALER, PINFU, SEAT2, SEAT3], draws="1s1s")
    play.discard(0, Action(ActionKind.DISCARD, play.draw(0, False)))
    play.state.drawn = play.state.live_draws - left - 1
    return play, play.draw(1, False)


@pytest.mark.parametrize("without_draw, left, refused", [
    (False, 4, None),
    (False, 3, "riichi needs 4 live draws left, and 3 are"),
    (True, 3, None),
    (True, 0, None),  # ツモ番なしリーチあり: even on the last draw
])
def test_the_live_draws_a_riichi_needs(without_draw, left, refused):
    play, drawn = _near_the_end(Scorer("tenhou").with_flags(riichi_without_draw=without_draw), left)
    assert play.state.live_left == left
    assert refuse_own(play, 1, Action(ActionKind.RIICHI, drawn), drawn) == refused


@pytest.mark.parametrize("left, refused", [(3, None), (2, "riichi needs 3 live draws left, and 2 are")])
def test_three_players_riichi_with_as_many_live_draws_left_as_players(left, refused):
    # A riichi needs a draw of one's own still to come: as many live draws left as players, three at
    # a table of three (reference/rulesets.md, sanma: real phoenix sanma games declare riichi with
    # three left; RiichiEnv's Tenhou preset allows it, its games in tests/test_peers.py replay legally)
    scorer = Scorer("tenhou-sanma")
    assert scorer.rules.play.riichi_min_draws == 3
    hands = ["1m9m1p8p9p9s1234567z", "123p678p234s56s99p", "1m9m1s1s2s3s8s4p5p6p7p7z7z"]
    play = round_play(scorer, hands, draws="1s1s", scores=(35000,) * 3)
    play.discard(0, Action(ActionKind.DISCARD, play.draw(0, False)))
    play.state.drawn = play.state.live_draws - left - 1
    drawn = play.draw(1, False)
    assert play.state.live_left == left
    assert refuse_own(play, 1, Action(ActionKind.RIICHI, drawn), drawn) == refused


# The dealer's 1112444m123p123s waits on 2m and 3m with or without a kan of 1m, but won on 3m it
# also reads 11m pair, 123m, 444m: a 1m outside the triplet. The waits stay, the shape does not.
CHANGES_SHAPE = "1112444m123p123s"
KEEPS_SHAPE = "111m234p567s789s5z"


@pytest.mark.parametrize("rule, hand, refused", [
    ("same_waits", CHANGES_SHAPE, None),
    ("same_shape", CHANGES_SHAPE, "in riichi an ankan may not change the hand's shape: a reading uses these tiles "
                                  "otherwise"),
    ("same_shape", KEEPS_SHAPE, None),
    ("never", KEEPS_SHAPE, "this ruleset allows no closed kan after riichi"),
])
def test_a_closed_kan_after_riichi(rule, hand, refused):
    play, drawn, ankan = ankan_in_riichi(Scorer("tenhou").with_flags(ankan_after_riichi=rule), hand)
    assert refuse_own(play, 0, ankan, drawn) == refused
    assert (ankan in legal_own(play, 0, drawn)) == (refused is None)


@pytest.mark.parametrize("allowed", [False, True])
def test_a_call_on_the_last_discard(allowed):
    # the last live draw is the dealer's; seat 2 may pon the South it discards only where the ruleset allows it
    play = round_play(Scorer("tenhou").with_flags(last_discard_calls=allowed), [DEALER, PINFU, SEAT2, SEAT3])
    play.state.drawn = play.state.live_draws - 1
    play.draw(0, False)
    assert play.state.live_left == 0
    play.discard(0, Action(ActionKind.DISCARD, s("2z")))
    pon = Action(ActionKind.PON, s("2z"), parse_tiles("22z"))
    assert refuse_reaction(play, 2, pon, 0, s("2z"), False) == (None if allowed else "no call on the last discard")
    assert (pon in legal_reactions(play, 2, 0, s("2z"), False)) is allowed


def test_the_kan_limit():
    # the dealer draws its fourth 7z: a closed kan is open to it unless the ruleset allows no kan at all
    dealer, seat3 = "9m1p8p9s7s12345777z", "1s1s2s3s8s9s1m4p5p6p7p9m6z"
    for limit, refused in ((4, None), (0, "0 kans are on the table already")):
        play = round_play(Scorer("tenhou").with_flags(kan_limit=limit), [dealer, PINFU, SEAT2, seat3], draws="7z")
        drawn = play.draw(0, False)
        ankan = Action(ActionKind.ANKAN, None, parse_tiles("7777z"))
        assert refuse_own(play, 0, ankan, drawn) == refused


def test_chi_at_three_players_where_the_ruleset_allows_it():
    scorer = Scorer("tenhou-sanma").with_flags(sanma_chi=True)
    play = round_play(scorer, ["1p1p9p9p1s2s3s4s5s6s7s8s9s", "1p1p9p9p1s2s3s4s5s6s7s8s9s",
                               "1z1z1z2z2z2z3z3z3z4z5z6z7z"], draws="5z")
    play.draw(0, False)
    play.discard(0, Action(ActionKind.DISCARD, s("4s")))
    chi = Action(ActionKind.CHI, s("4s"), parse_tiles("23s"))
    assert refuse_reaction(play, 1, chi, 0, s("4s"), False) is None
    assert chi in legal_reactions(play, 1, 0, s("4s"), False)


@pytest.mark.parametrize("key, value, flags", [
    ("ツモ番なしリーチあり", True, {"riichi_without_draw": True}),
    ("リーチ後暗槓許可レベル", 0, {"ankan_after_riichi": "never"}),
    ("リーチ後暗槓許可レベル", 1, {"ankan_after_riichi": "same_shape"}),
    ("リーチ後暗槓許可レベル", 2, {"ankan_after_riichi": "same_waits"}),
    # majiang-core's Game.allow_lizhi asks for 1000 points only where busting ends the game
    ("トビ終了あり", False, {"bust_ends_game": False, "riichi_min_points": 0}),
    ("喰い替え許可レベル", 1, {"kuikae": "same_kind"}),
    ("途中流局あり", False, {"abortive_draws": []}),
])
def test_majiang_keys_set_the_rules_of_play(key, value, flags):
    read = read_majiang_rule({key: value})
    assert dict(read.flags) == flags and read.not_applied == ()
    rules = Scorer(ruleset_from_majiang({key: value})).rules
    assert all(read.keys[flag] == key for flag in flags)
    if "riichi_without_draw" in flags:
        assert rules.play.riichi_min_draws == 0
    if "ankan_after_riichi" in flags:
        assert rules.play.ankan_after_riichi == flags["ankan_after_riichi"]


@pytest.mark.parametrize("value", [3, True, "2"])
def test_a_bad_level_is_refused_by_key(value):
    with pytest.raises(RulesetError, match="リーチ後暗槓許可レベル: expected 0, 1, 2"):
        read_majiang_rule({"リーチ後暗槓許可レベル": value})


def test_rulesets_diff_shows_the_rules_of_play(tmp_path):
    house = tmp_path / "house.toml"
    house.write_text('extends = "tenhou"\n[flags]\nriichi_min_points = 0\nsanma_chi = true\n'
                     'ankan_after_riichi = "never"\nlast_discard_calls = true\nkan_limit = 3\n', encoding="utf-8")
    rows = {d.name: (d.a.value, d.b.value) for d in diff_rulesets("tenhou", str(house)).differences}
    assert rows == {"riichi_min_points": (1000, 0), "sanma_chi": (False, True), "ankan_after_riichi": ("same_waits", "never"),
                    "last_discard_calls": (False, True), "kan_limit": (4, 3)}
