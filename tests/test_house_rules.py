"""The house-rule flags clubs choose for a single hand's value, each worked by hand from its rule.

Conventions as in helpers.py: the winner sits South (seat 1) in the East round; a ron comes from
the opposite player (North, seat 3); payments are (East, South, West, North). Basic points are
fu × 2^(han+2) below the limits; a non-dealer's ron pays basic × 4, a tsumo basic × 2 from the
dealer and basic from each other player, every payment rounded up to 100.
"""

import pytest

from helpers import han_of, ids, ron, score, scorer_with, tsumo

# closed pinfu + tanyao: 234m 456p 678s 234s (34s two-sided, won on 2s), pair 5m
PINFU_TANYAO = "234m456p678s34s55m2s"
# 234m 456p 678s(chi 6s) 678s(78s on 6s) pair 5m: open, its only yaku is tanyao, no fu beyond the base
OPEN_TANYAO = "234m456p55m78s6s 6-78s"
# white dragon called: 1 han of yaku, 30 fu
HAKU = "123m456p78s99m6s 555=z"
# closed seven pairs of man and honours: chiitoitsu + honitsu (3 han closed)
HONITSU_PAIRS = "1133557799m112z2z"


# -- pinfu_tsumo_fu --------------------------------------------------------------------------

def test_pinfu_tsumo_counts_20_fu_by_default():
    # menzen tsumo + pinfu + tanyao = 3 han 20 fu: basic 20 × 32 = 640; 1300 / 700 / 700
    r = score(scorer_with(), PINFU_TANYAO, tsumo())
    assert (r.han, r.fu, r.payments) == (3, 20, (-1300, 2700, -700, -700))


def test_pinfu_tsumo_fu_adds_the_tsumo_fu():
    # 20 + 2 tsumo = 22 -> 30 fu, pinfu still counted: basic 30 × 32 = 960; 1920 -> 2000 / 1000 / 1000
    r = score(scorer_with(pinfu_tsumo_fu=True), PINFU_TANYAO, tsumo())
    assert ids(r) == {"menzen_tsumo", "pinfu", "tanyao"}
    assert (r.han, r.fu, r.payments) == (3, 30, (-2000, 4000, -1000, -1000))
    assert {i.label: i.fu for i in r.fu_items}["tsumo"] == 2


def test_pinfu_tsumo_fu_leaves_a_pinfu_ron():
    # closed ron: 20 + 10 menzen = 30 fu either way; 2 han 30 fu: 480 × 4 = 1920 -> 2000
    for flag in (False, True):
        r = score(scorer_with(pinfu_tsumo_fu=flag), PINFU_TANYAO, ron())
        assert (r.fu, r.points) == (30, 2000)


# -- open_pinfu_fu ---------------------------------------------------------------------------

def test_open_pinfu_ron_is_paid_as_30_fu_by_default():
    r = score(scorer_with(), OPEN_TANYAO, ron())
    assert (r.han, r.fu, r.points) == (1, 30, 1000)


def test_open_pinfu_fu_off_keeps_20_fu():
    # 1 han 20 fu: 20 × 8 = 160; × 4 = 640 -> 700
    r = score(scorer_with(open_pinfu_fu=False), OPEN_TANYAO, ron())
    assert (r.han, r.fu, r.points) == (1, 20, 700)
    assert "open pinfu" not in {i.label for i in r.fu_items}


def test_open_pinfu_fu_off_leaves_the_tsumo():
    # tsumo: 20 + 2 = 22 -> 30 fu either way; 1 han 30 fu: 240 -> 500 / 300 / 300
    for flag in (False, True):
        r = score(scorer_with(open_pinfu_fu=flag), OPEN_TANYAO, tsumo())
        assert (r.fu, r.payments) == (30, (-500, 1100, -300, -300))


# -- chiitoitsu_value --------------------------------------------------------------------------

def test_chiitoitsu_25_fu_2_han():
    # riichi 1 + chiitoitsu 2 + honitsu 3 = 6 han: haneman 3000 × 4 = 12000
    r = score(scorer_with(chiitoitsu_value="25fu2han"), HONITSU_PAIRS, ron(riichi=1))
    assert han_of(r) == {"riichi": 1, "chiitoitsu": 2, "honitsu": 3}
    assert (r.han, r.fu, r.points) == (6, 25, 12000)


def test_chiitoitsu_50_fu_1_han():
    # riichi 1 + chiitoitsu 1 + honitsu 3 = 5 han: mangan 8000 (50 fu no longer matters)
    r = score(scorer_with(chiitoitsu_value="50fu1han"), HONITSU_PAIRS, ron(riichi=1))
    assert han_of(r) == {"riichi": 1, "chiitoitsu": 1, "honitsu": 3}
    assert (r.han, r.fu, r.points) == (5, 50, 8000)


def test_chiitoitsu_values_pay_alike_below_mangan():
    # chiitoitsu alone: 25 fu 2 han = 25 × 16 = 400, and 50 fu 1 han = 50 × 8 = 400: 1600 on ron
    hand = "1133m5577p1122s4z4z"
    assert score(scorer_with(chiitoitsu_value="25fu2han"), hand, ron()).points == 1600
    assert score(scorer_with(chiitoitsu_value="50fu1han"), hand, ron()).points == 1600


# -- min_han and ryanshiba_honba -----------------------------------------------------------------

def test_min_han_1_is_the_usual_minimum():
    r = score(scorer_with(), HAKU, ron())
    assert (r.han, r.fu, r.points) == (1, 30, 1000)


def test_min_han_2_refuses_a_one_han_hand_and_says_why():
    r = score(scorer_with(min_han=2), HAKU, ron())
    assert not r.is_win
    assert "too few han" in r.reason and "1 han of yaku" in r.reason and "min_han = 2" in r.reason


def test_min_han_does_not_count_dora():
    # indicator 8m makes the 9m pair two dora: 3 han in all, 1 of them yaku
    s = scorer_with(min_han=2)
    assert not score(s, HAKU, ron(dora="8m")).is_win
    assert score(scorer_with(), HAKU, ron(dora="8m")).han == 3


def test_min_han_2_lets_two_han_of_yaku_win():
    # pinfu + tanyao: 2 han 30 fu, 2000
    assert score(scorer_with(min_han=2), PINFU_TANYAO, ron()).points == 2000


def test_ryanshiba_from_five_honba():
    s = scorer_with(ryanshiba_honba=5)
    # four honba: 1000 + 4 × 300
    assert score(s, HAKU, ron(honba=4)).payments == (0, 2200, 0, -2200)
    r = score(s, HAKU, ron(honba=5))
    assert not r.is_win and "ryanshiba_honba = 5" in r.reason
    # two han of yaku still win at five honba: 2000 + 1500
    assert score(s, PINFU_TANYAO, ron(honba=5)).payments == (0, 3500, 0, -3500)


def test_a_hand_without_yaku_keeps_its_reason_under_min_han():
    r = score(scorer_with(min_han=2), "123m456p789s24s33z3s", ron())
    assert not r.is_win and r.reason.startswith("no yaku")


# -- rinshan_pao (大明槓責任払い) -----------------------------------------------------------------

# South's rinshan tsumo right after a daiminkan of 8s called from the next player (West, seat 2):
# open, so rinshan 1 + tanyao 1 = 2 han; 20 + 8 (open kan of simples) + 2 tsumo = 30 fu: 480 basic
RINSHAN_AFTER_DAIMINKAN = "234m456p55m34s2s 8888+s"


def test_rinshan_pao_off_is_an_ordinary_tsumo():
    r = score(scorer_with(rinshan_pao=False), RINSHAN_AFTER_DAIMINKAN, tsumo(rinshan=True))
    assert (r.han, r.fu, r.liable) == (2, 30, None)
    assert r.payments == (-1000, 2000, -500, -500)  # 960 -> 1000 from the dealer, 480 -> 500 each


def test_rinshan_pao_the_kan_feeder_pays_as_on_a_ron():
    # West pays 480 × 4 = 1920 -> 2000, and both honba as on a ron (600); the stick goes to the winner
    r = score(scorer_with(rinshan_pao=True), RINSHAN_AFTER_DAIMINKAN, tsumo(rinshan=True, honba=2, riichi_sticks=1))
    assert (r.han, r.fu, r.liable, r.points) == (2, 30, 2, 2000)
    assert r.payments == (0, 3600, -2600, 0)


def test_rinshan_pao_only_after_a_daiminkan_as_the_last_kan():
    s = scorer_with(rinshan_pao=True)
    # the daiminkan first, then a closed kan of 2m: the replacement tile followed the closed kan.
    # rinshan + tanyao = 2 han; 20 + 8 + 16 + 2 = 46 -> 50 fu: 800 basic, 1600 / 800 / 800
    r = score(s, "456p55m34s2s 8888+s 2222m", tsumo(rinshan=True))
    assert (r.liable, r.payments) == (None, (-1600, 3200, -800, -800))
    # the same melds the other way round: the daiminkan was the last kan, West pays 800 × 4 = 3200
    r = score(s, "456p55m34s2s 2222m 8888+s", tsumo(rinshan=True))
    assert (r.liable, r.payments) == (2, (0, 3200, -3200, 0))
    # a ron (chankan or otherwise) is paid by its discarder, never by the kan's feeder
    assert score(s, RINSHAN_AFTER_DAIMINKAN, ron(haitei=False)).liable is None


# -- pao with two liable players --------------------------------------------------------------

# South wins daisangen + suukantsu on a 9m pair: the third dragon set (7777z) was called from the
# opposite player (North, seat 3), the fourth kan (1111m, a daiminkan) from the next (West, seat 2)
TWO_FEEDERS = "9m9m 5555+z 6666-z 7777=z 1111+m"
WITH_SUUKANTSU_PAO = dict(pao_yakuman=["daisangen", "daisuushii", "suukantsu"], pao_covers="yakuman")


def test_two_liable_players_each_cover_their_own_yakuman_on_tsumo():
    r = score(scorer_with(**WITH_SUUKANTSU_PAO), TWO_FEEDERS, tsumo())
    assert ids(r) == {"daisangen", "suukantsu"}
    # North pays daisangen, 8000 × 4 = 32000; West suukantsu, 32000; nothing is left for the others
    assert (r.liable, r.liable_seats) == (3, (3, 2))
    assert r.payments == (0, 64000, -32000, -32000)


def test_two_liable_players_each_cover_their_own_yakuman_on_ron():
    # East deals in: North and West pay half of their 8000 × 4 each (16000); East the other 8000 basic
    r = score(scorer_with(**WITH_SUUKANTSU_PAO), TWO_FEEDERS, ron(discarder=3))
    assert r.payments == (-32000, 64000, -16000, -16000)


def test_only_the_pao_yakuman_listed_make_a_player_liable():
    # without suukantsu pao only North is liable, for daisangen: 32000; the rest (8000 basic) is an
    # ordinary non-dealer tsumo: East 16000, West 8000, North 8000 more
    r = score(scorer_with(pao_covers="yakuman"), TWO_FEEDERS, tsumo())
    assert r.liable_seats == (3,)
    assert r.payments == (-16000, 64000, -8000, -40000)


# -- kokushi_ankan_chankan ---------------------------------------------------------------------

KOKUSHI_ROBS = "19m19p19s1234566z7z"  # one of each orphan but red dragon, waiting on it


def rob_closed_kan():
    return ron(chankan=True, extras=["robbed_ankan"])


def test_kokushi_may_rob_a_closed_kan():
    r = score(scorer_with(kokushi_ankan_chankan=True), KOKUSHI_ROBS, rob_closed_kan())
    assert (ids(r), r.points) == ({"kokushi"}, 32000)


def test_kokushi_may_not_rob_a_closed_kan():
    r = score(scorer_with(kokushi_ankan_chankan=False), KOKUSHI_ROBS, rob_closed_kan())
    assert not r.is_win and "kokushi_ankan_chankan = false" in r.reason


def test_only_kokushi_robs_a_closed_kan():
    r = score(scorer_with(kokushi_ankan_chankan=True), PINFU_TANYAO, rob_closed_kan())
    assert not r.is_win and "only kokushi musou" in r.reason


def test_a_robbed_closed_kan_is_a_chankan():
    from mjrules import SituationError
    with pytest.raises(SituationError, match="robbed_ankan"):
        score(scorer_with(kokushi_ankan_chankan=True), KOKUSHI_ROBS, ron(extras=["robbed_ankan"]))


# -- nagashi_mangan ----------------------------------------------------------------------------

def test_nagashi_as_a_draw_payment():
    # South: a mangan tsumo's amounts, 4000 / 2000 / 2000, without the 2 honba; the stick stays
    n = scorer_with(nagashi_mangan="draw").nagashi(1, honba=2, riichi_sticks=1)
    assert (n.mode, n.points, n.payments) == ("draw", 8000, (-4000, 8000, -2000, -2000))
    # the dealer: 4000 all
    assert scorer_with(nagashi_mangan="draw").nagashi(0).payments == (12000, -4000, -4000, -4000)


def test_nagashi_as_a_mangan_win():
    # paid as a win: 2 honba add 200 from each payer, the riichi stick goes to South
    n = scorer_with(nagashi_mangan="win").nagashi(1, honba=2, riichi_sticks=1)
    assert (n.mode, n.payments) == ("win", (-4200, 9600, -2200, -2200))


def test_no_nagashi():
    n = scorer_with(nagashi_mangan="none").nagashi(1)
    assert not n.is_win and "nagashi_mangan = none" in n.reason


# -- start_score, return_score, uma: final points ----------------------------------------------

def test_final_points_with_oka_tenhou_style():
    from mjrules.rules.placing import placing_points
    # 25,000 start, 30,000 return, uma 20/10/-10/-20: the top takes the oka, 4 × 5 = 20
    # 42,000: +12 + 20 + 20 = 52; 28,000: -2 + 10 = 8; 18,000: -12 - 10 = -22; 12,000: -18 - 20 = -38
    pts = placing_points([42000, 28000, 18000, 12000], 0, start=25000, returned=30000, uma=(20, 10, -10, -20))
    assert pts == (52.0, 8.0, -22.0, -38.0) and sum(pts) == 0


def test_final_points_shared_placing_splits_uma_and_oka():
    from mjrules.rules.placing import placing_points
    # two players tied on top share 1st and 2nd: (20 + 20 + 10) / 2 = 25 each, the others (-10 - 20) / 2
    pts = placing_points([30000, 30000, 20000, 20000], 0, start=25000, returned=30000, uma=(20, 10, -10, -20),
                         tie="shared")
    assert pts == (25.0, 25.0, -25.0, -25.0)
    # under seat order the earlier seat takes 1st
    assert placing_points([30000, 30000, 20000, 20000], 0, start=25000, returned=30000, uma=(20, 10, -10, -20))[:2] \
        == (40.0, 10.0)


def test_needs_counts_final_points_with_the_rulesets_uma():
    from mjrules.tools.needs import needs
    # M.League: 25,000 start, 30,000 return, uma 30/10/-10/-30. Seat 1 with 26,000 is 2nd: -4 + 10 = +6
    n = needs([30000, 26000, 24000, 20000], 1, 3, ruleset="mleague")
    assert n.placing == 2 and n.final_points == 6.0
    # WRC: 30,000 start and return, uma 15/5/-5/-15, no oka: -4 + 5 = +1
    assert needs([30000, 26000, 24000, 20000], 1, 3, ruleset="wrc2025").final_points == 1.0


def test_needs_rounds_final_points_as_the_ruleset_does():
    from mjrules.tools.needs import needs
    # Seat 1 is 2nd with 26,400. Tenhou (points_rounding = nearest-thousand) counts 26 thousand:
    # 26 - 30 + 10 = +6.0; M.League (exact): -3.6 + 10 = +6.4, as ``mjrules replay`` counts them.
    scores = [30000, 26400, 24000, 19600]
    assert needs(scores, 1, 3, ruleset="tenhou").final_points == 6.0
    assert needs(scores, 1, 3, ruleset="mleague").final_points == 6.4
    # the top takes what makes the sum zero: the others count 6, 24 - 30 - 10 = -16 and
    # 20 - 30 - 20 = -30 (19,600 rounds to 20 thousand), so the top +40
    assert needs(scores, 0, 3, ruleset="tenhou").final_points == 40.0
    assert needs(scores, 3, 3, ruleset="tenhou").final_points == -30.0


def test_uma_needs_one_value_per_player():
    from mjrules import RulesetError, Scorer, load_ruleset
    with pytest.raises(RulesetError, match="uma"):
        Scorer(load_ruleset("tenhou").with_flags(uma=[20, 10, -30]))


def test_floating_uma_pays_by_the_players_at_or_above_the_return_score():
    from mjrules.rules.placing import PlacingRule
    from mjrules.tools.needs import needs
    # JPML (rule reference, row 28): 30,000 start and return, no oka; one floating +12/-1/-3/-8,
    # two +8/+4/-4/-8, three +8/+3/+1/-12. Final points = (score - 30,000) / 1000 + uma.
    jpml = PlacingRule(start=30000, returned=30000, uma=(8, 4, -4, -8), tie="seat-order", rounding="exact",
                       uma_floating=(12, -1, -3, -8, 8, 4, -4, -8, 8, 3, 1, -12))
    assert jpml.points([52000, 28000, 22000, 18000], 0) == (34.0, -3.0, -11.0, -20.0)  # one floats
    assert jpml.points([40000, 31000, 27000, 22000], 0) == (18.0, 5.0, -7.0, -16.0)  # two
    assert jpml.points([35000, 33000, 31000, 21000], 0) == (13.0, 6.0, 2.0, -21.0)  # three
    assert jpml.points([40000, 30000, 26000, 24000], 0) == (18.0, 4.0, -8.0, -14.0)  # 30,000 floats
    # the preset says so, and needs counts it: 2nd with 31,000 of two floating is +1 + 4
    assert needs([40000, 31000, 27000, 22000], 1, 3, ruleset="jpml-a").final_points == 5.0
    assert needs([52000, 28000, 22000, 18000], 1, 3, ruleset="jpml-a").final_points == -3.0


def test_floating_uma_needs_a_block_per_count_of_floating_players():
    from mjrules import RulesetError, Scorer, load_ruleset
    with pytest.raises(RulesetError, match=r"uma_floating: 8 values; 4 players need 12"):
        Scorer(load_ruleset("tenhou").with_flags(uma_floating=[12, -1, -3, -8, 8, 4, -4, -8]))


# -- kan_dora_timing ---------------------------------------------------------------------------

@pytest.mark.parametrize("timing, kan, moment, turned", [
    # a closed kan's indicator is turned at once under every timing
    ("after_discard", "ankan", "rinshan", True), ("immediate", "ankan", "rinshan", True),
    # an open kan's: at once, or only at its maker's discard (Tenhou, majiang-core's カンドラ後乗せ)
    ("immediate", "daiminkan", "rinshan", True), ("after_discard", "daiminkan", "rinshan", False),
    ("immediate", "kakan", "rinshan", True), ("after_discard", "kakan", "rinshan", False),
    # a ron on that discard sees it under both
    ("after_discard", "daiminkan", "discard", True), ("immediate", "kakan", "discard", True),
    # a robbed kan turns nothing
    ("immediate", "kakan", "chankan", False), ("after_discard", "kakan", "chankan", False),
])
def test_kan_indicator_turned(timing, kan, moment, turned):
    from mjrules.model.melds import MeldKind
    from mjrules.rules.kan_dora import Moment, indicator_turned
    assert indicator_turned(timing, MeldKind(kan), Moment(moment)) is turned


@pytest.mark.parametrize("preset, timing", [("tenhou", "after_discard"), ("majiang", "after_discard"),
                                            ("mahjongsoul", "after_discard"), ("mleague", "immediate")])
def test_presets_kan_dora_timing(preset, timing):
    from mjrules import Scorer
    assert Scorer(preset).rules.dora.kan_dora_timing == timing


# -- disabled_yaku ---------------------------------------------------------------------------

def test_disabled_yaku_may_name_a_yaku_a_flag_already_switched_off():
    from mjrules import Scorer, load_ruleset
    # jpml-a has no ippatsu and no red fives: naming them again is redundant, not an error
    s = Scorer(load_ruleset("jpml-a").with_flags(disabled_yaku=["ippatsu", "aka"]))
    assert "ippatsu" not in {y.id for y in s.yaku}


def test_disabled_yaku_typo_is_an_error_with_a_suggestion():
    from mjrules import RulesetError, Scorer, load_ruleset
    with pytest.raises(RulesetError, match="did you mean 'ippatsu'"):
        Scorer(load_ruleset("jpml-a").with_flags(disabled_yaku=["ipatsu"]))
