"""Payments: ron and tsumo splits, honba, riichi sticks, the limit table, kiriage, kazoe and pao.

Rules (majiang-core defaults):
    basic = fu * 2^(han+2), capped at 2000 (mangan; also 5 han); 6-7 han 3000, 8-10 4000, 11-12 6000,
    13+ han 8000 (kazoe); yakuman 8000 per multiple.
    ron: basic * 4 (dealer * 6) rounded up to 100, all from the discarder, plus 300 per honba.
    tsumo: to a non-dealer the dealer pays basic * 2 and the others basic; to the dealer everyone pays
    basic * 2; each payment rounded up to 100 on its own; plus 100 per honba from each payer.
    riichi sticks: 1000 each to the winner.
payments are (East, South, West, North) = seats 0..3. Winner South (seat 1) in the East round,
ron from the opposite player (seat 3), unless stated.
"""

import pytest

from helpers import han_of, ids, ron, score, scorer_with, tsumo
from mjrules import Scorer


@pytest.fixture(scope="module")
def scorer():
    return Scorer("majiang")


@pytest.fixture(scope="module")
def kiriage():
    return scorer_with(kiriage=True)


# 1 han 30 fu both ways: white dragon called; ron 20 + 4 = 24 -> 30, tsumo 20 + 4 + 2 = 26 -> 30.
# basic 30 * 8 = 240.
HAKU = "123m456p78s99m6s 555=z"


# --------------------------------------------------------------------------------------------
# the four basic splits
# --------------------------------------------------------------------------------------------

def test_non_dealer_ron(scorer):
    r = score(scorer, HAKU, ron())
    assert (r.han, r.fu, r.base) == (1, 30, 240)
    assert r.points == 1000  # 240 * 4 = 960 -> 1000
    assert r.payments == (0, 1000, 0, -1000)


def test_dealer_ron(scorer):
    r = score(scorer, HAKU, ron(seat=0))
    assert r.points == 1500  # 240 * 6 = 1440 -> 1500
    assert r.payments == (1500, 0, -1500, 0)


def test_non_dealer_tsumo(scorer):
    r = score(scorer, HAKU, tsumo())
    # dealer 480 -> 500; others 240 -> 300 each
    assert r.points == 1100
    assert r.payments == (-500, 1100, -300, -300)


def test_dealer_tsumo(scorer):
    r = score(scorer, HAKU, tsumo(seat=0))
    # 480 -> 500 from each of three
    assert r.points == 1500
    assert r.payments == (1500, -500, -500, -500)


@pytest.mark.parametrize("offset, seat", [(1, 3), (2, 0), (3, 1)])
def test_discarder_offset(scorer, offset, seat):
    # winner West (seat 2): next player North (3), opposite East (0), previous South (1)
    r = score(scorer, HAKU, ron(seat=2, discarder=offset))
    expected = [0, 0, 1000, 0]
    expected[seat] = -1000
    assert r.payments == tuple(expected)


# 3 han 30 fu: the same hand with two dora (indicator 8m -> two 9m). basic 30 * 32 = 960.
HAKU_DORA2 = dict(dora="8m")


@pytest.mark.parametrize("win, points, payments", [
    (ron(**HAKU_DORA2), 3900, (0, 3900, 0, -3900)),  # 960 * 4 = 3840 -> 3900
    (ron(seat=0, **HAKU_DORA2), 5800, (5800, 0, -5800, 0)),  # 960 * 6 = 5760 -> 5800
    (tsumo(**HAKU_DORA2), 4000, (-2000, 4000, -1000, -1000)),  # 1920 -> 2000; 960 -> 1000
    (tsumo(seat=0, **HAKU_DORA2), 6000, (6000, -2000, -2000, -2000)),  # 1920 -> 2000 each
], ids=["ron", "dealer ron", "tsumo", "dealer tsumo"])
def test_each_payment_rounded_separately(scorer, win, points, payments):
    r = score(scorer, HAKU, win)
    assert (r.han, r.fu, r.base) == (3, 30, 960)
    assert (r.points, r.payments) == (points, payments)


# --------------------------------------------------------------------------------------------
# honba and riichi sticks
# --------------------------------------------------------------------------------------------

def test_honba_on_ron_all_from_discarder(scorer):
    r = score(scorer, HAKU, ron(honba=2))
    assert r.points == 1000  # the hand's value excludes honba
    assert r.payments == (0, 1600, 0, -1600)  # 1000 + 2 * 300


def test_honba_on_tsumo_100_from_each(scorer):
    r = score(scorer, HAKU, tsumo(honba=2))
    assert r.payments == (-700, 1700, -500, -500)  # 500 + 200, 300 + 200


def test_honba_on_dealer_tsumo(scorer):
    r = score(scorer, HAKU, tsumo(seat=0, honba=1))
    assert r.payments == (1800, -600, -600, -600)


def test_riichi_sticks_go_to_winner(scorer):
    r = score(scorer, HAKU, ron(riichi_sticks=2))
    assert r.payments == (0, 3000, 0, -1000)
    assert sum(r.payments) == 2000  # the sticks come from the table


def test_honba_and_sticks_on_tsumo(scorer):
    r = score(scorer, HAKU, tsumo(honba=3, riichi_sticks=1))
    # 500 + 300, 300 + 300, 300 + 300 paid = 2000; plus the 1000 stick: 3000 to the winner
    assert r.payments == (-800, 3000, -600, -600)
    assert sum(r.payments) == 1000


def test_one_scorer_settles_each_win_on_its_own():
    # A Scorer keeps the settlements it has made: the same hand again, with other counters, a
    # discarder or winner elsewhere, must still be paid by the rules above.
    s = Scorer("majiang")
    assert score(s, HAKU, ron()).payments == (0, 1000, 0, -1000)
    assert score(s, HAKU, ron(honba=2)).payments == (0, 1600, 0, -1600)
    assert score(s, HAKU, ron(riichi_sticks=2)).payments == (0, 3000, 0, -1000)
    assert score(s, HAKU, ron(discarder=1)).payments == (0, 1000, -1000, 0)
    assert score(s, HAKU, ron(seat=0)).payments == (1500, 0, -1500, 0)
    assert score(s, HAKU, tsumo()).payments == (-500, 1100, -300, -300)
    assert score(s, HAKU, ron()).payments == (0, 1000, 0, -1000)


@pytest.mark.parametrize("value, ron_pay, tsumo_pay", [
    (0, 1000, (-500, 1100, -300, -300)),
    (1500, 2500, (-1000, 2600, -800, -800)),  # ron: +1500; tsumo: 1500 / 3 = 500 from each
])
def test_honba_value_flag(value, ron_pay, tsumo_pay):
    s = scorer_with(honba_value=value)
    assert score(s, HAKU, ron(honba=1)).payments == (0, ron_pay, 0, -ron_pay)
    assert score(s, HAKU, tsumo(honba=1)).payments == tsumo_pay


# --------------------------------------------------------------------------------------------
# limit table
# --------------------------------------------------------------------------------------------

# closed riichi + pinfu + tanyao: 234m 456p 678s 234s(34s on 2s), pair 5m; 30 fu
PINFU_TANYAO = "234m456p678s34s55m2s"


def test_4_han_30_fu_is_7700(scorer):
    # riichi + pinfu + tanyao + 1 dora (7s -> 8s) = 4 han; 30 * 64 = 1920; * 4 = 7680 -> 7700
    r = score(scorer, PINFU_TANYAO, ron(riichi=1, dora="7s"))
    assert han_of(r) == {"riichi": 1, "pinfu": 1, "tanyao": 1, "dora": 1}
    assert (r.han, r.fu, r.base, r.points, r.limit) == (4, 30, 1920, 7700, None)


def test_4_han_30_fu_dealer_is_11600(scorer):
    r = score(scorer, PINFU_TANYAO, ron(seat=0, riichi=1, dora="7s"))
    assert r.points == 11600  # 1920 * 6 = 11520 -> 11600


def test_4_han_20_fu_tsumo(scorer):
    # riichi + menzen tsumo + pinfu + tanyao = 4 han, pinfu tsumo 20 fu: 20 * 64 = 1280
    # dealer 2560 -> 2600, others 1280 -> 1300: 5200
    r = score(scorer, PINFU_TANYAO, tsumo(riichi=1))
    assert (r.han, r.fu, r.base, r.points) == (4, 20, 1280, 5200)


def test_5_han_is_mangan(scorer):
    # dora 5m (indicator 4m): the pair, 2 dora -> 5 han 30 fu: 3840 uncapped -> mangan 2000
    r = score(scorer, PINFU_TANYAO, ron(riichi=1, dora="4m"))
    assert (r.han, r.base, r.points, r.limit) == (5, 2000, 8000, "mangan")


def test_4_han_40_fu_is_mangan(scorer):
    # closed kanchan hand 40 fu; riichi + ippatsu + 2 dora (the West pair) = 4 han; 40 * 64 = 2560 -> 2000
    r = score(scorer, "123m456p24789s33z3s", ron(riichi=1, ippatsu=True, dora="2z"))
    assert (r.han, r.fu, r.base, r.points, r.limit) == (4, 40, 2000, 8000, "mangan")


# open: daiminkan 9m, white dragon, closed 222p and 999s, tanki on 7z. haku 1 + toitoi 2 = 3 han.
THREE_HAN_60 = "222p999s7z7z 9999+m 555=z"
THREE_HAN_70 = "222p999s7z7z 9999+m 5555+z"


def test_3_han_60_fu_is_7700(scorer):
    r = score(scorer, THREE_HAN_60, ron())
    # 20 + 16 (open kan 9m) + 4 (open 5z) + 4 (closed 2p) + 8 (closed 9s) + 2 (7z pair) + 2 tanki = 56 -> 60
    assert ids(r) == {"haku", "toitoi"}
    # 60 * 32 = 1920; * 4 = 7680 -> 7700
    assert (r.han, r.fu, r.points) == (3, 60, 7700)


def test_3_han_70_fu_is_mangan(scorer):
    r = score(scorer, THREE_HAN_70, ron())
    # 5z as an open kan: 16 instead of 4 -> 68 -> 70 fu; 70 * 32 = 2240 -> mangan
    assert (r.han, r.fu, r.base, r.points) == (3, 70, 2000, 8000)


CHINITSU = "111m234m34m777m99m5m"  # closed chinitsu, 50 fu


@pytest.mark.parametrize("win, han, limit, points", [
    (ron(), 6, "haneman", 12000),  # 3000 * 4
    (ron(seat=0), 6, "haneman", 18000),  # 3000 * 6
    (ron(riichi=1), 7, "haneman", 12000),
    (ron(riichi=1, ippatsu=True), 8, "baiman", 16000),  # 4000 * 4
    (ron(seat=0, riichi=1, ippatsu=True), 8, "baiman", 24000),  # 4000 * 6
    (tsumo(riichi=1, ippatsu=True), 9, "baiman", 16000),  # 8000 + 4000 + 4000
    (tsumo(riichi=1, ippatsu=True, dora="8m"), 11, "sanbaiman", 24000),  # + 2 dora (9m pair): 12000 + 6000 * 2
], ids=["6 han", "6 han dealer", "7 han", "8 han", "8 han dealer", "9 han tsumo", "11 han tsumo"])
def test_limit_hands(scorer, win, han, limit, points):
    r = score(scorer, CHINITSU, win)
    assert (r.han, r.limit, r.points) == (han, limit, points)


# closed chinitsu: 123m 123m 456m 789m(78m on 9m) pair 5m: chinitsu 6 + ittsu 2 + iipeikou 1 + pinfu 1
CHIN_ITTSU = "1122334555678m9m"


def test_11_han_ron_sanbaiman(scorer):
    r = score(scorer, CHIN_ITTSU, ron(riichi=1))
    assert han_of(r) == {"riichi": 1, "pinfu": 1, "iipeikou": 1, "ittsu": 2, "chinitsu": 6}
    assert (r.han, r.fu, r.base, r.points) == (11, 30, 6000, 24000)  # 6000 * 4


def test_12_han_tsumo_sanbaiman(scorer):
    r = score(scorer, CHIN_ITTSU, tsumo(riichi=1))
    # + menzen tsumo = 12 han: dealer 12000, others 6000
    assert (r.han, r.fu, r.points) == (12, 20, 24000)
    assert r.payments == (-12000, 24000, -6000, -6000)


def test_kazoe_yakuman(scorer):
    # 12 han + 2 dora (indicator 9m -> the two 1m) = 14 han: counted yakuman, basic 8000
    r = score(scorer, CHIN_ITTSU, tsumo(riichi=1, dora="9m"))
    assert (r.han, r.fu, r.yakuman, r.base) == (14, 20, 0, 8000)
    assert "kazoe" in r.limit
    assert r.payments == (-16000, 32000, -8000, -8000)


def test_kazoe_yakuman_dealer(scorer):
    r = score(scorer, CHIN_ITTSU, tsumo(seat=0, riichi=1, dora="9m"))
    assert r.payments == (48000, -16000, -16000, -16000)


def test_kazoe_off_is_sanbaiman():
    r = score(scorer_with(kazoe="sanbaiman"), CHIN_ITTSU, tsumo(riichi=1, dora="9m"))
    assert (r.han, r.base, r.points) == (14, 6000, 24000)


def test_kazoe_multiple_one_per_13_han():
    r = score(scorer_with(kazoe="multiple"), CHIN_ITTSU, tsumo(riichi=1, dora="9m"))
    assert (r.base, r.points) == (8000, 32000)  # 14 // 13 = 1


# --------------------------------------------------------------------------------------------
# kiriage mangan
# --------------------------------------------------------------------------------------------

def test_kiriage_4_han_30_fu(kiriage):
    r = score(kiriage, PINFU_TANYAO, ron(riichi=1, dora="7s"))
    assert (r.han, r.fu, r.base, r.points, r.limit) == (4, 30, 2000, 8000, "mangan")
    r = score(kiriage, PINFU_TANYAO, ron(seat=0, riichi=1, dora="7s"))
    assert r.points == 12000


def test_kiriage_3_han_60_fu(kiriage):
    r = score(kiriage, THREE_HAN_60, ron())
    assert (r.han, r.fu, r.points) == (3, 60, 8000)


# closed tanyao, 4_6m kanchan: riichi + menzen tsumo + tanyao + 1 dora (5p -> 6p) = 4 han,
# 20 + 2 kanchan + 2 tsumo = 24 -> 30 fu
TANYAO_TSUMO = ("234m456p678s55s46m5m", tsumo(riichi=1, dora="5p"))


def test_4_han_30_fu_tsumo_without_kiriage(scorer):
    r = score(scorer, *TANYAO_TSUMO)
    # 1920: dealer 3840 -> 3900, others 1920 -> 2000: 7900
    assert (r.han, r.fu, r.points) == (4, 30, 7900)
    assert r.payments == (-3900, 7900, -2000, -2000)


def test_4_han_30_fu_tsumo_with_kiriage(kiriage):
    r = score(kiriage, *TANYAO_TSUMO)
    assert r.payments == (-4000, 8000, -2000, -2000)


def test_kiriage_leaves_chiitoitsu_4_han_25_fu(kiriage):
    # chiitoitsu + honroutou: 25 * 64 = 1600, not 1920: still 6400
    r = score(kiriage, "11m99m11p99p11s33z4z4z", ron())
    assert (r.han, r.fu, r.points) == (4, 25, 6400)


def test_kiriage_leaves_4_han_20_fu(kiriage):
    r = score(kiriage, PINFU_TANYAO, tsumo(riichi=1))
    assert r.points == 5200  # 1280 basic is not 1920


# --------------------------------------------------------------------------------------------
# pao (liability) for daisangen and daisuushii
# --------------------------------------------------------------------------------------------

# all three dragon sets called; the last (red) from the next player: seat 1 + 1 = 2 is liable
DAISANGEN_PAO = "123m9p9p 555=z 666-z 777+z"


def test_pao_tsumo_liable_pays_all(scorer):
    r = score(scorer, DAISANGEN_PAO, tsumo())
    assert "daisangen" in ids(r)
    assert r.liable == 2
    assert r.points == 32000
    assert r.payments == (0, 32000, -32000, 0)


def test_pao_tsumo_liable_also_pays_honba(scorer):
    r = score(scorer, DAISANGEN_PAO, tsumo(honba=2))
    assert r.payments == (0, 32600, -32600, 0)  # 32000 + 2 * 300


def test_pao_ron_split_half_and_half(scorer):
    # North (seat 3) deals in: liable West pays 8000 / 2 * 4 = 16000, North the other 16000 + honba
    r = score(scorer, DAISANGEN_PAO, ron(honba=1, riichi_sticks=1))
    assert r.liable == 2
    assert r.points == 32000
    assert r.payments == (0, 33300, -16000, -16300)


def test_pao_ron_by_liable_player(scorer):
    # the liable player (next, seat 2) deals in himself: he pays everything, honba included
    r = score(scorer, DAISANGEN_PAO, ron(discarder=1, honba=1))
    assert r.payments == (0, 32300, -32300, 0)


def test_pao_ron_dealer_discarder(scorer):
    # the previous player (East, the dealer) deals in; the dealer pays as a non-dealer would on ron
    r = score(scorer, DAISANGEN_PAO, ron(discarder=3))
    assert r.payments == (-16000, 32000, -16000, 0)


def test_pao_dealer_winner(scorer):
    # the dealer wins; '+' is South (seat 1). dealer yakuman 48000, all from South on tsumo
    r = score(scorer, DAISANGEN_PAO, tsumo(seat=0))
    assert r.liable == 1
    assert r.payments == (48000, -48000, 0, 0)


def test_pao_follows_the_last_dragon_meld(scorer):
    # the green dragon from the previous player (East, seat 0) is called last
    r = score(scorer, "123m9p9p 555=z 777+z 666-z", tsumo())
    assert r.liable == 0
    assert r.payments == (-32000, 32000, 0, 0)


def test_pao_kept_by_added_kan(scorer):
    r = score(scorer, "123m9p9p 555=z 666-z 777+7z", tsumo())
    assert r.liable == 2
    assert r.payments == (0, 32000, -32000, 0)


def test_no_pao_when_last_dragon_set_is_closed_kan(scorer):
    r = score(scorer, "123m9p9p 555=z 666-z 7777z", tsumo())
    assert r.liable is None
    assert r.payments == (-16000, 32000, -8000, -8000)


def test_no_pao_for_shousuushii(scorer):
    # three wind sets called, the fourth wind is the pair: shousuushii carries no liability
    r = score(scorer, "123m4z4z 111=z 222+z 333-z", tsumo())
    assert ids(r) == {"shousuushii"}
    assert r.liable is None
    assert r.payments == (-16000, 32000, -8000, -8000)


def test_pao_off():
    r = score(scorer_with(pao=False), DAISANGEN_PAO, tsumo())
    assert r.liable is None
    assert r.payments == (-16000, 32000, -8000, -8000)


# all four wind sets called; the last (North) from the opposite player: seat 3 is liable
DAISUUSHII_PAO = "9m9m 111=z 222+z 333-z 444=z"


def test_daisuushii_pao_tsumo(scorer):
    # daisuushii is a double yakuman: P = 16000 basic, liable pays 16000 * 4 = 64000
    r = score(scorer, DAISUUSHII_PAO, tsumo())
    assert (r.yakuman, r.liable) == (2, 3)
    assert r.payments == (0, 64000, 0, -64000)


def test_daisuushii_pao_ron(scorer):
    # West (seat 2, next player) deals in: liable 16000 / 2 * 4 = 32000, discarder the other 32000
    r = score(scorer, DAISUUSHII_PAO, ron(discarder=1))
    assert r.payments == (0, 64000, -32000, -32000)


def test_daisuushii_pao_single_yakuman():
    r = score(scorer_with(double_yakuman=[]), DAISUUSHII_PAO, tsumo())
    assert r.payments == (0, 32000, 0, -32000)


# daisangen (pao) + tsuuiisou. Winner West (seat 2); the last dragon set from the next player,
# North (seat 3), who is liable for the daisangen part only.
COMPOSITE_PAO = "333z4z4z 555=z 666-z 777+z"


def test_pao_composite_tsumo(scorer):
    r = score(scorer, COMPOSITE_PAO, tsumo(seat=2, honba=1))
    assert ids(r) == {"daisangen", "tsuuiisou"}
    assert (r.yakuman, r.liable) == (2, 3)
    # liable: 8000 * 4 = 32000 for daisangen. The remaining 8000 basic (tsuuiisou) is an ordinary
    # non-dealer tsumo: East 16000, South 8000, North 8000; honba 100 from each of the three.
    # East -16100, South -8100, North -(32000 + 8000 + 100) = -40100; West +64300
    assert r.points == 64000
    assert r.payments == (-16100, -8100, 64300, -40100)


def test_pao_composite_ron(scorer):
    # East (seat 0, opposite) deals in: liable North 8000 / 2 * 4 = 16000;
    # East the rest, 64000 - 16000 = 48000, plus 300 honba
    r = score(scorer, COMPOSITE_PAO, ron(seat=2, discarder=2, honba=1))
    assert r.payments == (-48300, 0, 64300, -16000)
