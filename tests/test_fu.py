"""Every fu item, worked out by hand (majiang-core defaults).

Fu table used below:
    base 20; closed ron +10; tsumo +2 (not for pinfu);
    triplet: simple 2, terminal/honour 4, doubled when concealed, x4 when a kan
        -> open 2/4, closed 4/8, open kan 8/16, closed kan 16/32;
    pair: dragon 2, round wind 2, seat wind 2, both 4 (2 with double_wind_pair_fu=2);
    wait: kanchan, penchan, tanki 2; ryanmen and shanpon 0;
    total rounded up to 10; chiitoitsu 25 flat; open hand with 20 fu on ron -> 30; pinfu tsumo 20.
Winner South (seat 1), East round, ron from the opposite seat unless stated.
"""

import pytest

from helpers import fu_items, ids, ron, score, scorer_with, tsumo
from mjrules import Scorer


@pytest.fixture(scope="module")
def scorer():
    return Scorer("majiang")


def assert_items_add_up(r):
    assert sum(item.fu for item in r.fu_items) == r.fu


# --------------------------------------------------------------------------------------------
# base, menzen ron, tsumo, rounding
# --------------------------------------------------------------------------------------------

PLAIN_CLOSED = "123m456p24789s33z3s"  # closed, 2_4s kanchan on 3s, West pair (guest wind)


def test_closed_ron_items(scorer):
    r = score(scorer, PLAIN_CLOSED, ron(riichi=1))
    # 20 base + 10 menzen ron + 2 kanchan = 32 -> rounded up by 8 to 40
    assert fu_items(r) == {"base": 20, "menzen ron": 10, "kanchan wait": 2, "rounding": 8}
    assert r.fu == 40
    assert_items_add_up(r)


def test_closed_tsumo_items(scorer):
    r = score(scorer, PLAIN_CLOSED, tsumo())
    # 20 base + 2 kanchan + 2 tsumo = 24 -> 30 (no menzen ron fu on a tsumo)
    assert fu_items(r) == {"base": 20, "kanchan wait": 2, "tsumo": 2, "rounding": 6}
    assert r.fu == 30


def test_two_closed_honour_and_terminal_kans(scorer):
    # closed kans 9p and North, 123s, 456m, tanki on a red dragon pair, riichi ron:
    # 20 + 10 menzen ron + 32 + 32 + 2 (dragon pair) + 2 tanki = 98 -> 100 fu
    r = score(scorer, "123s456m7z7z 9999p 4444z", ron(riichi=1))
    assert fu_items(r)["closed kan 9p"] == 32
    assert fu_items(r)["closed kan 4z"] == 32
    assert fu_items(r)["rounding"] == 2
    assert (r.han, r.fu) == (1, 100)
    assert_items_add_up(r)
    # 1 han 100 fu: 100 * 8 = 800; * 4 = 3200
    assert r.points == 3200


def test_high_fu_with_sanankou_reaches_mangan(scorer):
    # as above with 111s for 123s: two closed kans + a closed triplet = sanankou too;
    # 20 + 10 + 32 + 32 + 8 (closed 1s) + 2 + 2 = 106 -> 110 fu; riichi + sanankou = 3 han: 110 * 32 = 3520 -> mangan 8000
    r = score(scorer, "111s456m7z7z 9999p 4444z", ron(riichi=1))
    assert ids(r) == {"riichi", "sanankou"}
    assert (r.han, r.fu, r.points) == (3, 110, 8000)


# --------------------------------------------------------------------------------------------
# triplets and kans
# --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("concealed_set, label, fu, total", [
    ("222p", "closed triplet 2p", 4, 40),  # 20 + 10 + 4 = 34 -> 40
    ("111p", "closed triplet 1p", 8, 40),  # 20 + 10 + 8 = 38 -> 40
    ("444z", "closed triplet 4z", 8, 40),  # North: a guest wind, still an honour
])
def test_closed_triplet(scorer, concealed_set, label, fu, total):
    # 123m 456p 678s(78s two-sided on 6s) pair 9m plus the set; riichi ron
    r = score(scorer, f"123m456p{concealed_set}78s99m6s", ron(riichi=1))
    assert fu_items(r)[label] == fu
    assert r.fu == total


@pytest.mark.parametrize("ankan, label, fu, total", [
    ("2222p", "closed kan 2p", 16, 50),  # 20 + 10 + 16 = 46 -> 50
    ("9999p", "closed kan 9p", 32, 70),  # 20 + 10 + 32 = 62 -> 70
    ("4444z", "closed kan 4z", 32, 70),
])
def test_closed_kan(scorer, ankan, label, fu, total):
    r = score(scorer, f"123m456p78s99m6s {ankan}", ron(riichi=1))  # an ankan keeps riichi possible
    assert fu_items(r)[label] == fu
    assert r.fu == total


@pytest.mark.parametrize("meld, label, fu, total", [
    ("222=p", "open triplet 2p", 2, 30),  # 20 + 4 (5z) + 2 = 26 -> 30
    ("111=p", "open triplet 1p", 4, 30),  # 20 + 4 + 4 = 28 -> 30
    ("2222+p", "open kan 2p", 8, 40),  # 20 + 4 + 8 = 32 -> 40
    ("9999+p", "open kan 9p", 16, 40),  # 20 + 4 + 16 = 40
    ("4444-z", "open kan 4z", 16, 40),
    ("222=2p", "open kan 2p", 8, 40),  # an added kan (kakan) is an open kan
])
def test_open_set(scorer, meld, label, fu, total):
    # called white dragon (open honour triplet, 4 fu, the yaku) + the meld; 123m, 678s two-sided, pair 9m
    r = score(scorer, f"123m78s99m6s 555=z {meld}", ron())
    assert fu_items(r)["open triplet 5z"] == 4
    assert fu_items(r)[label] == fu
    assert r.fu == total


SHANPON = "123m456p789s22p55s5s"  # shanpon 2p/5s, won on 5s


def test_triplet_completed_by_ron_is_open(scorer):
    r = score(scorer, SHANPON, ron(riichi=1))
    # 20 + 10 + 2 (555s completed by ron counts as an open simple triplet); shanpon wait 0 -> 32 -> 40
    assert fu_items(r)["open triplet 5s"] == 2
    assert not any("wait" in label for label in fu_items(r))
    assert r.fu == 40


def test_triplet_completed_by_tsumo_is_closed(scorer):
    r = score(scorer, SHANPON, tsumo(riichi=1))
    # 20 + 4 (closed 5s) + 2 tsumo = 26 -> 30
    assert fu_items(r)["closed triplet 5s"] == 4
    assert r.fu == 30


# --------------------------------------------------------------------------------------------
# pair
# --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("pair, item, total", [
    ("99s", None, 30),  # number pair: pinfu, 20 + 10 = 30
    ("44z", None, 30),  # North is a guest wind for South in the East round: pinfu
    ("55z", ("pair 5z", 2), 40),  # 20 + 10 + 2 = 32 -> 40
    ("77z", ("pair 7z", 2), 40),
    ("11z", ("pair 1z", 2), 40),  # round wind
    ("22z", ("pair 2z", 2), 40),  # seat wind
])
def test_pair(scorer, pair, item, total):
    r = score(scorer, f"123m56778p345s{pair}9p", ron(riichi=1))
    items = fu_items(r)
    if item is None:
        assert not any(label.startswith("pair") for label in items)
        assert "pinfu" in ids(r)
    else:
        assert items[item[0]] == item[1]
        assert "pinfu" not in ids(r)
    assert r.fu == total


# 123m 456p 999s 678m(78m on 6m), pair East: closed triplet 8 makes the pair's 2 vs 4 visible
DOUBLE_WIND = "123m456p999s11z78m6m"


def test_double_wind_pair_is_4_fu(scorer):
    r = score(scorer, DOUBLE_WIND, ron(seat=0, riichi=1))
    # dealer in the East round: East is round and seat wind. 20 + 10 + 8 (9s) + 4 = 42 -> 50
    assert fu_items(r)["pair 1z"] == 4
    assert r.fu == 50
    # 1 han 50 fu, dealer ron: 400 * 6 = 2400
    assert r.points == 2400


def test_double_wind_pair_south(scorer):
    # South seat in the South round, pair South: 4 fu as well
    r = score(scorer, "123m456p999s22z78m6m", ron(seat=1, round_wind=1, riichi=1))
    assert fu_items(r)["pair 2z"] == 4
    assert r.fu == 50


def test_single_wind_pair_for_non_dealer(scorer):
    r = score(scorer, DOUBLE_WIND, ron(riichi=1))
    # South seat: East is only the round wind. 20 + 10 + 8 + 2 = 40
    assert fu_items(r)["pair 1z"] == 2
    assert r.fu == 40


def test_double_wind_pair_flag_2_fu():
    r = score(scorer_with(double_wind_pair_fu=2), DOUBLE_WIND, ron(seat=0, riichi=1))
    # 20 + 10 + 8 + 2 = 40; dealer 1 han 40 fu: 320 * 6 = 1920 -> 2000
    assert fu_items(r)["pair 1z"] == 2
    assert (r.fu, r.points) == (40, 2000)


# --------------------------------------------------------------------------------------------
# waits
# --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("hand, wait", [
    ("123m56779p345s99s8p", "kanchan"),
    ("12m456p789p345s99s3m", "penchan"),
    ("123m456p789p345s9s9s", "tanki"),
])
def test_two_fu_waits(scorer, hand, wait):
    r = score(scorer, hand, ron(riichi=1))
    assert fu_items(r) == {"base": 20, "menzen ron": 10, f"{wait} wait": 2, "rounding": 8}
    assert r.fu == 40


def test_ryanmen_has_no_wait_fu(scorer):
    r = score(scorer, "123m56778p345s99s9p", ron())  # pinfu
    assert fu_items(r) == {"base": 20, "menzen ron": 10}
    assert r.fu == 30


def test_best_wait_reading_for_fu(scorer):
    # 345p + 456p won on 5p: 34p+5p (two-sided, 0) or 4_6p+5p (kanchan, 2). Open hand, white dragon:
    # two-sided: 20 + 4 (closed 2m) + 4 (open 5z) + 2 (red pair) = 30 fu -> 1 han 30 fu = 1000
    # kanchan:   30 + 2 = 32 -> 40 fu -> 1 han 40 fu: 320 * 4 = 1280 -> 1300: this one counts
    r = score(scorer, "222m34456p77z5p 555=z", ron())
    assert fu_items(r)["kanchan wait"] == 2
    assert (r.fu, r.points) == (40, 1300)


def test_result_keeps_the_hand_and_win_it_paid(scorer):
    # The two readings of test_best_wait_reading_for_fu: the result keeps the kanchan one, and
    # the fu items of that reading.
    from mjrules import parse_mpsz
    from mjrules.readings.reading import analyse

    hand = parse_mpsz("222m34456p77z5p 555=z")
    win = ron()
    r = scorer.score(hand, win)
    assert r.hand is hand and r.win is win
    readings = analyse(hand, win)
    assert len(readings) == 2
    assert r.paid in readings and r.paid.wait == "kanchan"
    assert r.reading_text.endswith("kanchan wait on 5p")
    assert sum(item.fu for item in r.fu_items) == r.fu


# --------------------------------------------------------------------------------------------
# pinfu, open "pinfu", chiitoitsu
# --------------------------------------------------------------------------------------------

def test_pinfu_tsumo_20_fu(scorer):
    r = score(scorer, "123m56778p345s99s9p", tsumo())
    assert fu_items(r) == {"base": 20}
    assert r.fu == 20


OPEN_SEQUENCES = "234m456p78s55m6s 2-34s"  # open tanyao, all sequences, two-sided, plain pair


def test_open_hand_20_fu_ron_becomes_30(scorer):
    r = score(scorer, OPEN_SEQUENCES, ron())
    assert fu_items(r) == {"base": 20, "open pinfu": 10}
    assert r.fu == 30


def test_open_hand_tsumo_gets_tsumo_fu(scorer):
    r = score(scorer, OPEN_SEQUENCES, tsumo())
    # 20 + 2 tsumo = 22 -> 30
    assert fu_items(r) == {"base": 20, "tsumo": 2, "rounding": 8}
    assert r.fu == 30


def test_open_hand_with_some_fu_gets_no_open_pinfu_bonus(scorer):
    # open kanchan hand (houtei as the yaku): 20 + 2 = 22 -> 30, via rounding
    r = score(scorer, "123m456p24s33z3s 7-89s", ron(houtei=True))
    assert "open pinfu" not in fu_items(r)
    assert fu_items(r)["rounding"] == 8
    assert r.fu == 30


@pytest.mark.parametrize("win", [ron(), tsumo()], ids=["ron", "tsumo"])
def test_chiitoitsu_is_25_fu(scorer, win):
    r = score(scorer, "1133m5577p2288s4z4z", win)
    assert fu_items(r) == {"chiitoitsu": 25}
    assert r.fu == 25


def test_chiitoitsu_with_honour_pairs_is_still_25(scorer):
    # dragon and wind pairs add nothing to seven pairs
    r = score(scorer, "1133m55p11z55z66z7z7z", ron(seat=0))
    assert r.fu == 25
