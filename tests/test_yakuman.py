"""Every yakuman, the double forms, stacking, and the flags that change them (majiang-core defaults).

A yakuman is 8000 basic points per multiple: non-dealer ron 8000 * 4 = 32000, dealer ron 8000 * 6 = 48000;
non-dealer tsumo 16000 from the dealer and 8000 from each other player; dealer tsumo 16000 from each.
Winner: South (seat 1) in the East round, ron from the opposite seat (3) unless stated.
"""

import pytest

from helpers import han_of, ids, ron, score, scorer_with, tsumo
from mjrules import Scorer


@pytest.fixture(scope="module")
def scorer():
    return Scorer("majiang")


@pytest.fixture(scope="module")
def single_only():
    """No double-yakuman patterns: kokushi 13-sided, suuankou tanki, junsei chuuren, daisuushii are 1x."""
    return scorer_with(double_yakuman=[])


@pytest.fixture(scope="module")
def no_stacking():
    return scorer_with(yakuman_stacking=False)


def assert_yakuman(r, expected_ids, multiple, points):
    assert r.is_win
    assert ids(r) == set(expected_ids)
    assert r.yakuman == multiple
    assert r.han is None and r.fu is None  # a natural yakuman has neither
    assert r.base == 8000 * multiple
    assert r.points == points


# --------------------------------------------------------------------------------------------
# kokushi musou
# --------------------------------------------------------------------------------------------

KOKUSHI = "19m19p19s1234566z7z"  # the pair is 6z, won on 7z: single wait
KOKUSHI_13 = "19m19p19s1234567z1m"  # all thirteen kinds in hand, won on 1m: 13-sided wait


def test_kokushi(scorer):
    assert_yakuman(score(scorer, KOKUSHI, ron()), {"kokushi"}, 1, 32000)


def test_kokushi_dealer_ron(scorer):
    r = score(scorer, KOKUSHI, ron(seat=0, discarder=3))
    assert_yakuman(r, {"kokushi"}, 1, 48000)  # 8000 * 6
    assert r.payments == (48000, 0, 0, -48000)  # the dealer's previous player is North


def test_kokushi_13_sided_is_double(scorer):
    assert_yakuman(score(scorer, KOKUSHI_13, ron()), {"kokushi_13"}, 2, 64000)


def test_kokushi_13_sided_dealer_tsumo(scorer):
    r = score(scorer, KOKUSHI_13, tsumo(seat=0))
    # 2 x 8000 = 16000 basic; each of three pays 16000 * 2 = 32000
    assert_yakuman(r, {"kokushi_13"}, 2, 96000)
    assert r.payments == (96000, -32000, -32000, -32000)


def test_kokushi_ignores_riichi_and_dora(scorer):
    r = score(scorer, KOKUSHI, ron(riichi=1, ippatsu=True, dora="8m"))
    assert_yakuman(r, {"kokushi"}, 1, 32000)


def test_kokushi_needs_all_thirteen(scorer):
    # 5z and 6z paired, no 7z
    assert not score(scorer, "19m19p19s1234556z6z", ron()).is_win


def test_kokushi_13_single_when_doubles_off(single_only):
    r = score(single_only, KOKUSHI_13, ron())
    assert (r.yakuman, r.points) == (1, 32000)


def test_kokushi_13_single_when_stacking_off(no_stacking):
    # without stacking the whole hand is capped at one yakuman, double patterns included
    r = score(no_stacking, KOKUSHI_13, ron())
    assert (r.yakuman, r.points) == (1, 32000)


# --------------------------------------------------------------------------------------------
# suuankou
# --------------------------------------------------------------------------------------------

SUUANKOU_SHANPON = "111m555p99s444z22p9s"  # 111m 555p 444z, shanpon 9s/2p won on 9s
SUUANKOU_TANKI = "111m555p999s444z2p2p"  # four triplets, single wait on 2p


def test_suuankou_tsumo(scorer):
    r = score(scorer, SUUANKOU_SHANPON, tsumo())
    assert_yakuman(r, {"suuankou"}, 1, 32000)
    assert r.payments == (-16000, 32000, -8000, -8000)


def test_suuankou_shanpon_ron_is_only_sanankou_toitoi(scorer):
    r = score(scorer, SUUANKOU_SHANPON, ron())
    # 9s completed by ron is an open triplet: toitoi 2 + sanankou 2 = 4 han;
    # 20 + 10 menzen ron + 8 (1m) + 4 (5p) + 4 (9s, ron) + 8 (4z) = 54 -> 60 fu; 60 * 64 = 3840 -> mangan
    assert han_of(r) == {"toitoi": 2, "sanankou": 2}
    assert (r.yakuman, r.han, r.fu, r.points) == (0, 4, 60, 8000)


def test_suuankou_tanki_is_double(scorer):
    assert_yakuman(score(scorer, SUUANKOU_TANKI, ron()), {"suuankou_tanki"}, 2, 64000)


def test_suuankou_tanki_single_when_doubles_off(single_only):
    r = score(single_only, SUUANKOU_TANKI, ron())
    assert (r.yakuman, r.points) == (1, 32000)


# --------------------------------------------------------------------------------------------
# dragons and winds
# --------------------------------------------------------------------------------------------

def test_daisangen(scorer):
    # 555z and 666z called, 777z concealed, 123m on 3m (penchan), pair 9p
    r = score(scorer, "12m99p777z3m 555=z 666=z", ron())
    assert_yakuman(r, {"daisangen"}, 1, 32000)
    assert r.liable is None  # one dragon set is concealed: no pao


def test_shousuushii(scorer):
    r = score(scorer, "111z222z333z44z12m3m", ron())
    assert_yakuman(r, {"shousuushii"}, 1, 32000)


DAISUUSHII = "222z333z44z99m4z 111=z"  # East called, North completed by ron (shanpon 4z/9m)


def test_daisuushii_is_double(scorer):
    r = score(scorer, DAISUUSHII, ron())
    assert_yakuman(r, {"daisuushii"}, 2, 64000)  # shousuushii is not counted as well
    assert r.liable is None  # only one wind set is a meld


def test_daisuushii_single_when_doubles_off(single_only):
    r = score(single_only, DAISUUSHII, ron())
    assert (r.yakuman, r.points) == (1, 32000)


# --------------------------------------------------------------------------------------------
# one-kind hands
# --------------------------------------------------------------------------------------------

def test_tsuuiisou(scorer):
    # East (called), South, white, green triplets, West pair: two winds and two dragons only
    r = score(scorer, "222z555z66z33z6z 111=z", ron())
    assert_yakuman(r, {"tsuuiisou"}, 1, 32000)


def test_tsuuiisou_seven_pairs(scorer):
    assert_yakuman(score(scorer, "11z22z33z44z55z66z7z7z", ron()), {"tsuuiisou"}, 1, 32000)


def test_ryuuiisou_with_hatsu(scorer):
    r = score(scorer, "223344s888s6z6z 666=s", ron())
    assert_yakuman(r, {"ryuuiisou"}, 1, 32000)


def test_ryuuiisou_without_hatsu(scorer):
    # majiang does not require the green dragon: 234s 234s(chi) 234s 888s, pair 6s
    r = score(scorer, "234s888s66s23s4s 2-34s", ron())
    assert_yakuman(r, {"ryuuiisou"}, 1, 32000)


def test_ryuuiisou_broken_by_a_five(scorer):
    # 345s has a 5s, which is not green: open chinitsu 5 + open tanyao 1 instead
    r = score(scorer, "345s888s66s23s4s 2-34s", ron())
    assert r.yakuman == 0
    assert han_of(r) == {"chinitsu": 5, "tanyao": 1}


def test_chinroutou(scorer):
    r = score(scorer, "999m111p99p99s9p 111=m", ron())
    assert_yakuman(r, {"chinroutou"}, 1, 32000)


# --------------------------------------------------------------------------------------------
# suukantsu, chuuren
# --------------------------------------------------------------------------------------------

def test_suukantsu(scorer):
    r = score(scorer, "5m5m 1111+m 2222=p 3333-s 4444z", ron())
    assert_yakuman(r, {"suukantsu"}, 1, 32000)


def test_chuuren(scorer):
    # 1112345678999m plus an extra 5m, but won on 6m: not the nine-sided wait
    assert_yakuman(score(scorer, "1112345578999m6m", ron()), {"chuuren"}, 1, 32000)


@pytest.mark.parametrize("suit", "mps")
def test_junsei_chuuren_is_double(scorer, suit):
    r = score(scorer, f"1112345678999{suit}5{suit}", ron())
    assert_yakuman(r, {"junsei_chuuren"}, 2, 64000)


def test_junsei_chuuren_single_when_doubles_off(single_only):
    r = score(single_only, "1112345678999m5m", ron())
    assert (r.yakuman, r.points) == (1, 32000)


# --------------------------------------------------------------------------------------------
# tenhou, chiihou
# --------------------------------------------------------------------------------------------

ORDINARY = "123m456p789s23s55m4s"


def test_tenhou(scorer):
    r = score(scorer, ORDINARY, tsumo(seat=0, tenhou=True))
    assert_yakuman(r, {"tenhou"}, 1, 48000)
    assert r.payments == (48000, -16000, -16000, -16000)


def test_chiihou(scorer):
    r = score(scorer, ORDINARY, tsumo(chiihou=True))
    assert_yakuman(r, {"chiihou"}, 1, 32000)
    assert r.payments == (-16000, 32000, -8000, -8000)


# --------------------------------------------------------------------------------------------
# stacking
# --------------------------------------------------------------------------------------------

DAISANGEN_TSUUIISOU = "555z666z77z33z7z 222=z"  # three dragon triplets, all honours


def test_daisangen_and_tsuuiisou_stack(scorer):
    assert_yakuman(score(scorer, DAISANGEN_TSUUIISOU, ron()), {"daisangen", "tsuuiisou"}, 2, 64000)


def test_no_stacking_caps_at_one(no_stacking):
    r = score(no_stacking, DAISANGEN_TSUUIISOU, ron())
    assert (r.yakuman, r.points) == (1, 32000)


def test_tenhou_with_suuankou(scorer):
    # the last tile written (9s) completes a triplet: suuankou (single), plus tenhou: 2 x 8000
    # dealer tsumo: 16000 * 2 = 32000 from each of three
    r = score(scorer, SUUANKOU_SHANPON, tsumo(seat=0, tenhou=True))
    assert_yakuman(r, {"tenhou", "suuankou"}, 2, 96000)


def test_tenhou_with_suuankou_tanki(scorer):
    # written last, 2p is a single wait: suuankou tanki (2) + tenhou (1) = 3 x 8000 = 24000 basic
    r = score(scorer, SUUANKOU_TANKI, tsumo(seat=0, tenhou=True))
    assert_yakuman(r, {"tenhou", "suuankou_tanki"}, 3, 144000)


def test_tsuuiisou_daisuushii_suuankou_tanki(scorer):
    # closed: four wind triplets, white pair as a single wait, by tsumo:
    # daisuushii 2 + tsuuiisou 1 + suuankou tanki 2 = 5 x 8000 = 40000; 80000 + 40000 * 2 = 160000
    r = score(scorer, "111z222z333z444z5z5z", tsumo())
    assert_yakuman(r, {"daisuushii", "tsuuiisou", "suuankou_tanki"}, 5, 160000)


def test_ordinary_yaku_do_not_add_to_a_yakuman(scorer):
    # tsuuiisou with seven pairs by tsumo with riichi: only the yakuman counts
    r = score(scorer, "11z22z33z44z55z66z7z7z", tsumo(riichi=1, dora="6z"))
    assert_yakuman(r, {"tsuuiisou"}, 1, 32000)


def test_suuankou_tanki_with_closed_kan(scorer):
    # a closed kan is a concealed set: 1111m (ankan) 555p 999s 444z, tanki on 2p
    r = score(scorer, "555p999s444z2p2p 1111m", ron())
    assert_yakuman(r, {"suuankou_tanki"}, 2, 64000)


def test_no_stacking_tenhou_suuankou(no_stacking):
    r = score(no_stacking, SUUANKOU_SHANPON, tsumo(seat=0, tenhou=True))
    assert (r.yakuman, r.points) == (1, 48000)  # 8000 * 2 from each of three
