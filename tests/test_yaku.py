"""Every ordinary yaku, with a near miss where one makes sense, under majiang-core's default rules.

Winner: South (seat 1, non-dealer), East round; ron from the opposite player (seat 3) unless stated.
Every expected number is worked out in the comment next to it:
    basic points = fu × 2^(han+2); non-dealer ron pays basic × 4 rounded up to 100;
    non-dealer tsumo: dealer pays basic × 2, the others basic, each rounded up to 100.
"""

import pytest

from helpers import fu_items, han_of, ids, ron, score, scorer_with, tsumo
from mjrules import Scorer


@pytest.fixture(scope="module")
def scorer():
    return Scorer("majiang")


# A closed hand with nothing in it but a kanchan wait: 123m 456p 789s, 2_4s waiting on 3s, pair West
# (a guest wind for South in the East round). Its only possible yaku are the situational ones.
PLAIN_CLOSED = "123m456p24789s33z3s"
# The same tiles with 789s called by chi from the previous player: open, no yaku of its own.
PLAIN_OPEN = "123m456p24s33z3s 7-89s"


# --------------------------------------------------------------------------------------------
# situational yaku
# --------------------------------------------------------------------------------------------

def test_riichi(scorer):
    r = score(scorer, PLAIN_CLOSED, ron(riichi=1))
    assert ids(r) == {"riichi"}
    # 20 base + 10 menzen ron + 2 kanchan = 32 -> 40 fu; 1 han: 40 * 2^3 = 320; ron 320 * 4 = 1280 -> 1300
    assert (r.han, r.fu, r.points) == (1, 40, 1300)
    assert r.payments == (0, 1300, 0, -1300)


def test_double_riichi_replaces_riichi(scorer):
    r = score(scorer, PLAIN_CLOSED, ron(riichi=2))
    assert ids(r) == {"double_riichi"}
    # 2 han 40 fu: 40 * 2^4 = 640; * 4 = 2560 -> 2600
    assert (r.han, r.fu, r.points) == (2, 40, 2600)


def test_ippatsu(scorer):
    r = score(scorer, PLAIN_CLOSED, ron(riichi=1, ippatsu=True))
    assert ids(r) == {"riichi", "ippatsu"}
    assert (r.han, r.points) == (2, 2600)  # riichi 1 + ippatsu 1, 40 fu as above


def test_menzen_tsumo(scorer):
    r = score(scorer, PLAIN_CLOSED, tsumo())
    assert ids(r) == {"menzen_tsumo"}
    # 20 base + 2 kanchan + 2 tsumo = 24 -> 30 fu; 1 han: 30 * 8 = 240
    # dealer pays 480 -> 500, the two others 240 -> 300 each; 1100 in all
    assert (r.han, r.fu, r.points) == (1, 30, 1100)
    assert r.payments == (-500, 1100, -300, -300)


def test_open_hand_without_yaku_is_no_win(scorer):
    r = score(scorer, PLAIN_OPEN, ron())
    assert not r.is_win
    # the same open hand by tsumo has no menzen tsumo either
    assert not score(scorer, PLAIN_OPEN, tsumo()).is_win


def test_haitei(scorer):
    r = score(scorer, PLAIN_OPEN, tsumo(haitei=True))
    assert ids(r) == {"haitei"}
    # open: 20 base + 2 kanchan + 2 tsumo = 24 -> 30 fu; 1 han 30 fu tsumo = 500 + 300 + 300
    assert (r.han, r.fu, r.points) == (1, 30, 1100)


def test_houtei(scorer):
    r = score(scorer, PLAIN_OPEN, ron(houtei=True))
    assert ids(r) == {"houtei"}
    # open ron: 20 base + 2 kanchan = 22 -> 30 fu; 240 * 4 = 960 -> 1000
    assert (r.han, r.fu, r.points) == (1, 30, 1000)


def test_chankan(scorer):
    # the winner holds no other 3s, so another player can have added one to a kan
    r = score(scorer, PLAIN_OPEN, ron(chankan=True))
    assert ids(r) == {"chankan"}
    assert (r.han, r.fu, r.points) == (1, 30, 1000)


def test_rinshan_after_open_kan(scorer):
    r = score(scorer, "123m456p24s33z3s 9999+s", tsumo(rinshan=True))
    assert ids(r) == {"rinshan"}
    # 20 base + 16 open kan of 9s + 2 kanchan + 2 tsumo = 40 fu; 1 han: 40 * 8 = 320
    # dealer 640 -> 700, others 320 -> 400 each: 1500
    assert (r.han, r.fu, r.points) == (1, 40, 1500)


def test_rinshan_after_closed_kan_adds_menzen_tsumo(scorer):
    r = score(scorer, "123m456p24s33z3s 9999s", tsumo(rinshan=True))
    assert ids(r) == {"rinshan", "menzen_tsumo"}  # an ankan keeps the hand closed
    assert r.han == 2


# --------------------------------------------------------------------------------------------
# pinfu
# --------------------------------------------------------------------------------------------

# 123m 567p 789p(78p waiting 6p/9p, won on 9p) 345s, pair 9s: all sequences, two-sided wait.
PINFU = "123m56778p345s99s9p"


def test_pinfu_ron(scorer):
    r = score(scorer, PINFU, ron())
    assert ids(r) == {"pinfu"}
    # 20 base + 10 menzen ron = 30 fu; 1 han: 240 * 4 = 960 -> 1000
    assert (r.han, r.fu, r.points) == (1, 30, 1000)


def test_pinfu_tsumo_is_20_fu(scorer):
    r = score(scorer, PINFU, tsumo())
    assert ids(r) == {"pinfu", "menzen_tsumo"}
    # pinfu tsumo: 20 fu flat (no tsumo fu); 2 han: 20 * 16 = 320 -> dealer 640 -> 700, others 400: 1500
    assert (r.han, r.fu, r.points) == (2, 20, 1500)
    assert r.payments == (-700, 1500, -400, -400)


@pytest.mark.parametrize("pair, why", [
    ("11z", "East is the round wind"),
    ("22z", "South is the winner's seat wind"),
    ("55z", "white dragon"),
    ("66z", "green dragon"),
    ("77z", "red dragon"),
])
def test_pinfu_needs_a_valueless_pair(scorer, pair, why):
    r = score(scorer, f"123m56778p345s{pair}9p", ron(riichi=1))
    assert ids(r) == {"riichi"}, why
    # 20 base + 10 menzen ron + 2 for the valued pair = 32 -> 40 fu
    assert r.fu == 40


def test_pinfu_with_guest_wind_pair(scorer):
    # North is neither the round wind (East) nor South's seat wind: pinfu stands
    r = score(scorer, "123m56778p345s44z9p", ron(riichi=1))
    assert ids(r) == {"riichi", "pinfu"}
    # 2 han 30 fu: 30 * 16 = 480; * 4 = 1920 -> 2000
    assert (r.han, r.fu, r.points) == (2, 30, 2000)


@pytest.mark.parametrize("hand, wait", [
    ("123m56779p345s99s8p", "kanchan"),  # 7_9p waiting on 8p
    ("12m456p789p345s99s3m", "penchan"),  # 12m waiting on 3m
    ("123m456p789p345s9s9s", "tanki"),  # single wait on 9s
])
def test_pinfu_needs_a_two_sided_wait(scorer, hand, wait):
    r = score(scorer, hand, ron(riichi=1))
    assert ids(r) == {"riichi"}
    assert fu_items(r)[f"{wait} wait"] == 2
    # 20 base + 10 menzen ron + 2 wait = 32 -> 40 fu, riichi only: 1300
    assert (r.fu, r.points) == (40, 1300)


def test_pinfu_needs_a_closed_hand(scorer):
    # all sequences and a two-sided wait, but the hand has called a chi: open tanyao only
    r = score(scorer, "234m456p78s55m6s 2-34s", ron())
    assert ids(r) == {"tanyao"}
    assert r.fu == 30


# --------------------------------------------------------------------------------------------
# iipeikou, ryanpeikou
# --------------------------------------------------------------------------------------------

def test_iipeikou(scorer):
    # 123m 123m 456p 789s (7_9s kanchan on 8s), pair West
    r = score(scorer, "112233m456p79s33z8s", ron())
    assert ids(r) == {"iipeikou"}
    # 20 + 10 menzen ron + 2 kanchan = 32 -> 40 fu; 1 han -> 1300
    assert (r.han, r.fu, r.points) == (1, 40, 1300)


def test_iipeikou_needs_a_closed_hand(scorer):
    # two 123m, one of them called (456s on a 4_6s kanchan keeps chanta out): only the white dragon counts
    r = score(scorer, "123m46s33z555z5s 1-23m", ron())
    assert ids(r) == {"haku"}
    # 20 base + 8 closed triplet of 5z + 2 kanchan = 30 fu; 1 han: 240 * 4 = 960 -> 1000
    assert (r.han, r.fu, r.points) == (1, 30, 1000)


def test_ryanpeikou_beats_chiitoitsu_and_drops_iipeikou(scorer):
    # 11 22 33m 44 55 66p 99s: as seven pairs 2 han 25 fu = 1600; as 123m 123m 456p 456p + 99s
    # (tanki on 9s) ryanpeikou 3 han, 20 + 10 menzen ron + 2 tanki = 32 -> 40 fu:
    # 40 * 2^5 = 1280; * 4 = 5120 -> 5200. The better reading wins.
    r = score(scorer, "112233m445566p9s9s", ron())
    assert ids(r) == {"ryanpeikou"}
    assert (r.han, r.fu, r.points) == (3, 40, 5200)


def test_ryanpeikou_with_pinfu(scorer):
    # 123m 123m 456p 456p, pair 9s, won on 4p completing 56p (two-sided): ryanpeikou 3 + pinfu 1
    r = score(scorer, "112233m45566p99s4p", ron())
    assert ids(r) == {"ryanpeikou", "pinfu"}
    # 4 han 30 fu: 30 * 64 = 1920; * 4 = 7680 -> 7700 (no kiriage under majiang defaults)
    assert (r.han, r.fu, r.points) == (4, 30, 7700)


# --------------------------------------------------------------------------------------------
# sanshoku, ittsu, chanta, junchan, honitsu, chinitsu: closed value and kuisagari (open −1)
# --------------------------------------------------------------------------------------------

def test_sanshoku_closed(scorer):
    # 123m 123p 123s(1_3s kanchan on 2s) 456s, pair 9m
    r = score(scorer, "123m123p13s456s99m2s", ron())
    assert han_of(r) == {"sanshoku": 2}
    # 20 + 10 + 2 kanchan = 32 -> 40 fu; 2 han: 640 * 4 = 2560 -> 2600
    assert (r.fu, r.points) == (40, 2600)


def test_sanshoku_open_is_one_han(scorer):
    r = score(scorer, "123m13s456s99m2s 1-23p", ron())
    assert han_of(r) == {"sanshoku": 1}
    # open: 20 + 2 kanchan = 22 -> 30 fu; 1 han -> 1000
    assert (r.fu, r.points) == (30, 1000)


def test_ittsu_closed(scorer):
    # 123m 456m 789m (7_9m kanchan on 8m) 456p, pair West
    r = score(scorer, "12345679m456p33z8m", ron())
    assert han_of(r) == {"ittsu": 2}
    assert (r.fu, r.points) == (40, 2600)  # 20 + 10 + 2 = 32 -> 40 fu, 2 han


def test_ittsu_open_is_one_han(scorer):
    r = score(scorer, "12345679m33z8m 4-56p", ron())
    assert han_of(r) == {"ittsu": 1}
    assert (r.fu, r.points) == (30, 1000)  # 20 + 2 = 22 -> 30 fu, 1 han


def test_chanta_closed(scorer):
    # 123m 789p 123s(12s penchan on 3s) 999s, pair West: every group has a terminal or honour
    r = score(scorer, "123m789p12s999s33z3s", ron())
    assert han_of(r) == {"chanta": 2}
    # 20 + 10 menzen ron + 8 closed 9s triplet + 2 penchan = 40 fu; 2 han -> 2600
    assert (r.fu, r.points) == (40, 2600)


def test_chanta_open_is_one_han(scorer):
    r = score(scorer, "123m12s999s33z3s 7-89p", ron())
    assert han_of(r) == {"chanta": 1}
    # 20 + 8 closed 9s triplet + 2 penchan = 30 fu; 1 han -> 1000
    assert (r.fu, r.points) == (30, 1000)


def test_junchan_closed(scorer):
    # as the chanta hand with the pair 11m instead of an honour: no honours at all
    r = score(scorer, "123m789p12s999s11m3s", ron())
    assert han_of(r) == {"junchan": 3}
    # 20 + 10 + 8 + 2 penchan = 40 fu; 3 han: 40 * 32 = 1280; * 4 = 5120 -> 5200
    assert (r.fu, r.points) == (40, 5200)


def test_junchan_open_is_two_han(scorer):
    r = score(scorer, "123m12s999s11m3s 7-89p", ron())
    assert han_of(r) == {"junchan": 2}
    # 20 + 8 + 2 = 30 fu; 2 han: 480 * 4 = 1920 -> 2000
    assert (r.fu, r.points) == (30, 2000)


def test_chanta_needs_a_sequence(scorer):
    # 111m 999p 333z 111s(pon) + 99s: every group is terminal/honour but there is no sequence:
    # honroutou + toitoi, not chanta
    r = score(scorer, "111m999p33z99s3z 111=s", ron())
    assert ids(r) == {"toitoi", "honroutou"}
    # 20 + 8 (closed 1m) + 8 (closed 9p) + 4 (3z completed by ron: open) + 4 (open pon 1s) = 44 -> 50
    # 4 han 50 fu: 50 * 64 = 3200 > 2000 -> mangan 8000
    assert (r.han, r.fu, r.points) == (4, 50, 8000)


def test_honroutou_with_chiitoitsu(scorer):
    # 11m 99m 11p 99p 11s 33z 44z: seven pairs of terminals and honours
    r = score(scorer, "11m99m11p99p11s33z4z4z", ron())
    assert han_of(r) == {"chiitoitsu": 2, "honroutou": 2}
    # 4 han 25 fu: 25 * 64 = 1600; * 4 = 6400
    assert (r.han, r.fu, r.points) == (4, 25, 6400)


def test_honitsu_closed(scorer):
    # 123m 345m 678m(78m two-sided on 6m) 99m + North triplet
    r = score(scorer, "123m345m78m99m444z6m", ron())
    assert han_of(r) == {"honitsu": 3}
    # 20 + 10 + 8 (closed 4z triplet) = 38 -> 40 fu; 3 han: 1280 * 4 = 5120 -> 5200
    assert (r.fu, r.points) == (40, 5200)


def test_honitsu_open_is_two_han(scorer):
    r = score(scorer, "123m345m78m99m6m 444=z", ron())
    assert han_of(r) == {"honitsu": 2}
    # 20 + 4 (open 4z triplet) = 24 -> 30 fu; 2 han -> 2000
    assert (r.fu, r.points) == (30, 2000)


def test_chinitsu_closed(scorer):
    # 111m 234m 345m(34m two-sided on 5m) 777m, pair 9m
    r = score(scorer, "111m234m34m777m99m5m", ron())
    assert han_of(r) == {"chinitsu": 6}
    # 20 + 10 + 8 (closed 1m) + 4 (closed 7m) = 42 -> 50 fu; 6 han = haneman: 3000 * 4 = 12000
    assert (r.fu, r.points, r.limit) == (50, 12000, "haneman")


def test_chinitsu_open_is_five_han(scorer):
    r = score(scorer, "111m234m34m99m5m 777=m", ron())
    assert han_of(r) == {"chinitsu": 5}
    # 20 + 8 (closed 1m) + 2 (open 7m) = 30 fu; 5 han = mangan 8000
    assert (r.fu, r.points, r.limit) == (30, 8000, "mangan")


# --------------------------------------------------------------------------------------------
# triplet yaku
# --------------------------------------------------------------------------------------------

TOITOI = "111m999p44z33z3z 777=s"  # shanpon on 3z/4z, won on 3z; 777s called


def test_toitoi_ron(scorer):
    r = score(scorer, TOITOI, ron())
    # 3z completed by ron counts as open: closed triplets 1m and 9p only -> no sanankou
    assert han_of(r) == {"toitoi": 2}
    # 20 + 8 (1m) + 8 (9p) + 4 (3z, ron) + 2 (open 7s) = 42 -> 50 fu; 2 han: 800 * 4 = 3200
    assert (r.fu, r.points) == (50, 3200)


def test_toitoi_tsumo_adds_sanankou(scorer):
    r = score(scorer, TOITOI, tsumo())
    assert han_of(r) == {"toitoi": 2, "sanankou": 2}
    # 20 + 8 + 8 + 8 (3z drawn: closed) + 2 (7s) + 2 tsumo = 48 -> 50 fu; 4 han 50 fu: 3200 -> mangan
    # non-dealer tsumo mangan: 4000 + 2000 + 2000
    assert (r.han, r.fu, r.points) == (4, 50, 8000)
    assert r.payments == (-4000, 8000, -2000, -2000)


def test_sanankou(scorer):
    # closed triplets 1m 5p 9s, 234s completed on 4s (two-sided), pair North
    r = score(scorer, "111m555p23999s44z4s", ron())
    assert han_of(r) == {"sanankou": 2}
    # 20 + 10 + 8 (1m) + 4 (5p) + 8 (9s) = 50 fu; 2 han: 800 * 4 = 3200
    assert (r.fu, r.points) == (50, 3200)


def test_sanankou_ron_completed_triplet_is_not_concealed(scorer):
    # shanpon 9s/4z won on 9s by ron: 999s counts as open, two concealed triplets only
    r = score(scorer, "111m555p99s234s44z9s", ron(riichi=1))
    assert ids(r) == {"riichi"}
    # 20 + 10 + 8 (1m) + 4 (5p) + 4 (9s open) = 46 -> 50 fu; 1 han: 400 * 4 = 1600
    assert (r.fu, r.points) == (50, 1600)


def test_sankantsu(scorer):
    r = score(scorer, "234m3z3z 1111+m 5555+p 9999s", ron())
    assert han_of(r) == {"sankantsu": 2}
    # open hand: 20 + 16 (open kan 1m) + 8 (open kan 5p) + 32 (closed kan 9s) + 2 tanki = 78 -> 80
    # 2 han 80 fu: 80 * 16 = 1280; * 4 = 5120 -> 5200
    assert (r.fu, r.points) == (80, 5200)


def test_sanshoku_doukou(scorer):
    r = score(scorer, "222m222p45s33z6s 222=s", ron())
    assert han_of(r) == {"sanshoku_doukou": 2}  # also 2 han when open
    # 20 + 4 (closed 2m) + 4 (closed 2p) + 2 (open 2s) = 30 fu; 2 han: 480 * 4 = 1920 -> 2000
    assert (r.fu, r.points) == (30, 2000)


# --------------------------------------------------------------------------------------------
# tanyao
# --------------------------------------------------------------------------------------------

TANYAO_CLOSED = "234m456p678s55s46m5m"  # 234m 456m(4_6m kanchan on 5m) 456p 678s, pair 5s
TANYAO_OPEN = "234m456p55s46m5m 6-78s"


def test_tanyao_closed(scorer):
    r = score(scorer, TANYAO_CLOSED, ron())
    assert han_of(r) == {"tanyao": 1}
    assert (r.fu, r.points) == (40, 1300)  # 20 + 10 + 2 kanchan = 32 -> 40 fu


def test_tanyao_open(scorer):
    r = score(scorer, TANYAO_OPEN, ron())
    assert han_of(r) == {"tanyao": 1}
    assert (r.fu, r.points) == (30, 1000)  # 20 + 2 kanchan = 22 -> 30 fu


def test_open_tanyao_off():
    no_kuitan = scorer_with(open_tanyao=False)
    assert not score(no_kuitan, TANYAO_OPEN, ron()).is_win
    r = score(no_kuitan, TANYAO_CLOSED, ron())  # a closed tanyao still counts
    assert (ids(r), r.points) == ({"tanyao"}, 1300)


def test_tanyao_broken_by_a_terminal(scorer):
    # 123m instead of 234m: riichi only
    r = score(scorer, "123m456p678s55s46m5m", ron(riichi=1))
    assert ids(r) == {"riichi"}


# --------------------------------------------------------------------------------------------
# yakuhai, shousangen
# --------------------------------------------------------------------------------------------

YAKUHAI = "123m456p78s99m6s {w}{w}={w}z"  # the last group is a called triplet of honour w


@pytest.mark.parametrize("dragon, yaku_id", [(5, "haku"), (6, "hatsu"), (7, "chun")])
def test_dragon_triplet(scorer, dragon, yaku_id):
    r = score(scorer, YAKUHAI.format(w=dragon), ron())
    assert han_of(r) == {yaku_id: 1}
    # 20 + 4 (open honour triplet) = 24 -> 30 fu; 1 han -> 1000
    assert (r.fu, r.points) == (30, 1000)


WIND_NAMES = ["east", "south", "west", "north"]


@pytest.mark.parametrize("wind", range(4))
def test_round_wind_triplet(scorer, wind):
    seat = (wind + 1) % 4  # a seat whose own wind differs from the round wind
    r = score(scorer, YAKUHAI.format(w=wind + 1), ron(seat=seat, round_wind=wind))
    assert han_of(r) == {f"round_wind_{WIND_NAMES[wind]}": 1}


@pytest.mark.parametrize("wind", range(4))
def test_seat_wind_triplet(scorer, wind):
    round_wind = (wind + 1) % 4
    r = score(scorer, YAKUHAI.format(w=wind + 1), ron(seat=wind, round_wind=round_wind))
    assert han_of(r) == {f"seat_wind_{WIND_NAMES[wind]}": 1}


def test_guest_wind_triplet_is_no_yaku(scorer):
    # West for South in the East round
    assert not score(scorer, YAKUHAI.format(w=3), ron()).is_win


def test_double_wind_triplet(scorer):
    # East triplet for the dealer in the East round: round wind and seat wind, 2 han
    r = score(scorer, YAKUHAI.format(w=1), ron(seat=0))
    assert han_of(r) == {"round_wind_east": 1, "seat_wind_east": 1}
    # 2 han 30 fu, dealer ron: 480 * 6 = 2880 -> 2900
    assert (r.han, r.fu, r.points) == (2, 30, 2900)
    assert r.payments == (2900, 0, -2900, 0)  # dealer's opposite is West (seat 2)


def test_shousangen(scorer):
    # closed: white and green triplets, red pair, 123m, 456p (45p two-sided on 6p)
    r = score(scorer, "123m45p555z666z77z6p", ron())
    assert han_of(r) == {"shousangen": 2, "haku": 1, "hatsu": 1}
    # 20 + 10 + 8 (5z) + 8 (6z) + 2 (dragon pair) = 48 -> 50 fu; 4 han 50 fu -> mangan 8000
    assert (r.han, r.fu, r.points) == (4, 50, 8000)


# --------------------------------------------------------------------------------------------
# chiitoitsu
# --------------------------------------------------------------------------------------------

CHIITOI = "1133m5577p2288s4z4z"


def test_chiitoitsu_ron(scorer):
    r = score(scorer, CHIITOI, ron())
    assert han_of(r) == {"chiitoitsu": 2}
    # 25 fu fixed; 2 han: 25 * 16 = 400; * 4 = 1600
    assert (r.fu, r.points) == (25, 1600)


def test_chiitoitsu_tsumo(scorer):
    r = score(scorer, CHIITOI, tsumo())
    assert han_of(r) == {"chiitoitsu": 2, "menzen_tsumo": 1}
    # still 25 fu; 3 han: 25 * 32 = 800 -> dealer 1600, others 800 each = 3200
    assert (r.fu, r.points) == (25, 3200)
    assert r.payments == (-1600, 3200, -800, -800)


def test_chiitoitsu_pairs_must_differ(scorer):
    # four 1m are not two pairs
    assert not score(scorer, "1111m55p77p22s88s4z4z", ron()).is_win


# --------------------------------------------------------------------------------------------
# dora, red fives, ura-dora
# --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("indicator, count", [
    ("9m", 1),  # 9 -> 1: one 1m
    ("8s", 1),  # -> 9s: one 9s
    ("1s", 1),  # -> 2s: one 2s
    ("9s", 0),  # -> 1s: none
    ("2z", 2),  # South -> West: the West pair
    ("3z", 0),  # West -> North: none
    ("4z", 0),  # North -> East (wraps): none
    ("0p", 1),  # a red five as indicator points at 6p: one 6p
])
def test_dora_indicator(scorer, indicator, count):
    r = score(scorer, PLAIN_CLOSED, ron(riichi=1, dora=indicator))
    assert r.han == 1 + count
    assert han_of(r).get("dora", 0) == count


def test_dora_wraps_within_dragons(scorer):
    # indicator red dragon -> white dragon; the hand holds three of them
    r = score(scorer, YAKUHAI.format(w=5), ron(dora="7z"))
    assert han_of(r) == {"haku": 1, "dora": 3}
    # 4 han 30 fu: 1920 * 4 = 7680 -> 7700
    assert (r.han, r.fu, r.points) == (4, 30, 7700)


def test_dora_wraps_within_winds(scorer):
    # indicator North -> East; the dealer holds three East
    r = score(scorer, YAKUHAI.format(w=1), ron(seat=0, dora="4z"))
    assert han_of(r) == {"round_wind_east": 1, "seat_wind_east": 1, "dora": 3}


def test_red_five(scorer):
    r = score(scorer, "123m406p24789s33z3s", ron(riichi=1))
    assert han_of(r) == {"riichi": 1, "aka": 1}
    assert (r.han, r.points) == (2, 2600)  # 40 fu 2 han


def test_ura_dora(scorer):
    r = score(scorer, PLAIN_CLOSED, ron(riichi=1, dora="1p", ura="2z"))
    # dora 2p: none; ura West: the pair, 2
    assert han_of(r) == {"riichi": 1, "ura": 2}
    # 3 han 40 fu: 1280 * 4 = 5120 -> 5200
    assert (r.han, r.points) == (3, 5200)


def test_dora_alone_is_no_yaku(scorer):
    assert not score(scorer, PLAIN_OPEN, ron(dora="2z")).is_win  # two dora, no yaku
    assert not score(scorer, "123m406p24s33z3s 7-89s", ron()).is_win  # a red five, no yaku


# --------------------------------------------------------------------------------------------
# the best of several readings
# --------------------------------------------------------------------------------------------

THREE_TRIPLETS = "11122233m456p99s3m"  # 111 222 333m or 123 123 123m, with 456p and pair 9s


def test_111222333_tsumo_reads_as_sanankou(scorer):
    r = score(scorer, THREE_TRIPLETS, tsumo())
    # triplets: sanankou 2 + menzen tsumo 1; 20 + 8 (1m) + 4 (2m) + 4 (3m) + 2 tsumo = 38 -> 40 fu
    #   3 han 40 fu: 1280 -> dealer 2560 -> 2600, others 1300: 5200
    # sequences: iipeikou 1 + menzen tsumo 1; 20 + 2 penchan + 2 tsumo = 24 -> 30 fu: 2 han 30 fu = 2000
    assert ids(r) == {"sanankou", "menzen_tsumo"}
    assert (r.han, r.fu, r.points) == (3, 40, 5200)


def test_111222333_ron_reads_as_sequences(scorer):
    r = score(scorer, THREE_TRIPLETS, ron(riichi=1))
    # triplets: 3m completed by ron is open -> no sanankou; riichi only,
    #   20 + 10 + 8 (1m) + 4 (2m) + 2 (3m open) = 44 -> 50 fu: 1 han 50 fu = 400 * 4 = 1600
    # sequences: riichi + iipeikou, 20 + 10 + 2 penchan = 32 -> 40 fu: 2 han 40 fu = 2600
    assert ids(r) == {"riichi", "iipeikou"}
    assert (r.han, r.fu, r.points) == (2, 40, 2600)


def test_two_sided_reading_gives_pinfu(scorer):
    # 345p + 456p won on 5p: either 34p+5p (two-sided) or 4_6p+5p (kanchan).
    # two-sided: riichi + pinfu, 30 fu = 2000; kanchan: riichi, 40 fu = 1300
    r = score(scorer, "123m34456p789s22s5p", ron(riichi=1))
    assert ids(r) == {"riichi", "pinfu"}
    assert (r.han, r.fu, r.points) == (2, 30, 2000)


def test_no_winning_shape(scorer):
    r = score(scorer, "123m456p789s1357z2z", ron())
    assert not r.is_win


# --------------------------------------------------------------------------------------------
# seven pairs with other yaku, dora in melds
# --------------------------------------------------------------------------------------------

def test_chiitoitsu_with_tanyao(scorer):
    r = score(scorer, "2266m3388p4477s5s5s", ron())
    assert han_of(r) == {"chiitoitsu": 2, "tanyao": 1}
    # 3 han 25 fu: 25 * 32 = 800; * 4 = 3200
    assert (r.han, r.fu, r.points) == (3, 25, 3200)


def test_chiitoitsu_with_honitsu(scorer):
    # 11 33 55 77 99m + East and South pairs: honitsu 3 + chiitoitsu 2 = 5 han -> mangan
    r = score(scorer, "1133557799m11z2z2z", ron())
    assert han_of(r) == {"chiitoitsu": 2, "honitsu": 3}
    assert (r.han, r.points) == (5, 8000)


def test_dora_counts_every_tile_of_a_kan(scorer):
    # closed kan of 9s with indicator 8s: four dora; rinshan 1 + menzen tsumo 1 + 4 = 6 han -> haneman
    r = score(scorer, "123m456p24s33z3s 9999s", tsumo(rinshan=True, dora="8s"))
    assert han_of(r) == {"rinshan": 1, "menzen_tsumo": 1, "dora": 4}
    # non-dealer haneman tsumo: 6000 + 3000 + 3000
    assert (r.han, r.points) == (6, 12000)


def test_red_five_in_a_meld(scorer):
    # chi of 4s with 0s (red) and 6s; houtei is the yaku: houtei 1 + aka 1 = 2 han,
    # open 20 + 2 kanchan = 22 -> 30 fu: 480 * 4 = 1920 -> 2000
    r = score(scorer, "123m456p24s33z3s 4-06s", ron(houtei=True))
    assert han_of(r) == {"houtei": 1, "aka": 1}
    assert (r.han, r.fu, r.points) == (2, 30, 2000)
