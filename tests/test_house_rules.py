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
