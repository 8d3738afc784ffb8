"""Every ruleset flag, shown changing a score exactly as its doc string says.

Each test scores the same hand with the flag on and off (or under each of its values), starting
from the majiang preset (``helpers.scorer_with``) unless it says otherwise.

Conventions (as in helpers.py): the winner sits South (seat 1) in the East round; a ron comes from
the opposite player (North, seat 3); payments are (East, South, West, North).
Arithmetic: basic = fu × 2^(han+2), limits mangan 2000 / haneman 3000 / baiman 4000 /
sanbaiman 6000 / yakuman 8000 per multiple; non-dealer ron basic × 4, dealer ron × 6, rounded up
to 100; non-dealer tsumo: dealer basic × 2, others basic; dealer tsumo basic × 2 from each.
"""

import pytest

from helpers import han_of, ids, ron, score, scorer_with, tsumo
from mjrules import Scorer, SituationError, load_ruleset


def tenhou_with(**flags) -> Scorer:
    return Scorer(load_ruleset("tenhou").with_flags(**flags))


# closed riichi + pinfu + tanyao: 234m 456p 678s 234s (34s two-sided, won on 2s), pair 5m; 30 fu on ron
PINFU_TANYAO = "234m456p678s34s55m2s"
# the same with a red 5p
PINFU_TANYAO_RED = "234m406p678s34s55m2s"
# closed tanyao with a closed kan of 8s: 234m 456p 8888s 234s (34s on 2s), pair 5m.
# fu on ron: 20 + 10 menzen ron + 16 (closed kan of simples: 2 × 2 closed × 4 kan) = 46 -> 50
TANYAO_ANKAN = "234m456p55m34s2s 8888s"
# a closed hand with no yaku: 123m 456p 789s, 2_4s kanchan on 3s, West pair (a guest wind for South)
NO_YAKU = "123m456p789s24s33z3s"
# closed chinitsu, 6 han: 111m 234m 345m(34m on 5m) 777m 99m; haneman on ron
CHINITSU = "111m234m34m777m99m5m"
# closed chinitsu + ittsu + iipeikou + pinfu: 123m 123m 456m 789m (78m on 9m), pair 5m
CHIN_ITTSU = "1122334555678m9m"


# --------------------------------------------------------------------------------------------
# open_tanyao
# --------------------------------------------------------------------------------------------

# 234m 456p 678s(chi 6s) 678s(78s on 6s) pair 5m: open, its only yaku is tanyao
OPEN_TANYAO = "234m456p55m78s6s 6-78s"


def test_open_tanyao_on():
    r = score(scorer_with(open_tanyao=True), OPEN_TANYAO, ron())
    assert ids(r) == {"tanyao"}
    # open: 20 + nothing = 20 on ron -> paid as 30 fu; 1 han 30 fu: 240 * 4 = 960 -> 1000
    assert (r.han, r.fu, r.points) == (1, 30, 1000)


def test_open_tanyao_off_refuses_open_hand():
    r = score(scorer_with(open_tanyao=False), OPEN_TANYAO, ron())
    assert not r.is_win


def test_open_tanyao_off_keeps_closed_tanyao():
    r = score(scorer_with(open_tanyao=False), PINFU_TANYAO, ron())
    assert ids(r) == {"pinfu", "tanyao"}
    # 2 han 30 fu: 30 * 16 = 480 * 4 = 1920 -> 2000
    assert r.points == 2000


# --------------------------------------------------------------------------------------------
# red_fives_m / red_fives_p / red_fives_s (the size of the set) and red_dora
# --------------------------------------------------------------------------------------------

# one red five of each suit in turn; the hand is PINFU_TANYAO with that five made red
RED_HANDS = {
    "m": "234m406p678s34s05m2s",  # a red 5m in the pair (and a red 5p)
    "p": "234m406p678s34s55m2s",
    "s": "234m456p406s34s55m2s",  # 456s with a red 5s
}


@pytest.mark.parametrize("suit", ["m", "p", "s"])
def test_red_fives_zero_refuses_a_red_five(suit):
    s = scorer_with(**{f"red_fives_{suit}": 0})
    with pytest.raises(SituationError, match=f"red_fives_{suit}"):
        score(s, RED_HANDS[suit], ron())


@pytest.mark.parametrize("suit", ["m", "p", "s"])
def test_red_fives_one_accepts_it_and_it_counts(suit):
    r = score(scorer_with(**{f"red_fives_{suit}": 1}), RED_HANDS[suit], ron(riichi=1))
    n = 2 if suit == "m" else 1  # the m hand also holds the red 5p
    assert han_of(r)["aka"] == n


def test_red_fives_of_one_suit_do_not_limit_another():
    # no red 5s in the set, but this hand's red fives are 5p: accepted
    r = score(scorer_with(red_fives_s=0), RED_HANDS["p"], ron(riichi=1))
    assert han_of(r)["aka"] == 1


# two red 5m (the pair): 234m 456p 678s 234s, pair 0m0m
TWO_RED_M = "234m456p678s34s00m2s"


def test_red_fives_two_in_the_set():
    with pytest.raises(SituationError, match="holds 2 red fives"):
        score(scorer_with(red_fives_m=1), TWO_RED_M, ron())
    r = score(scorer_with(red_fives_m=2), TWO_RED_M, ron(riichi=1))
    # riichi + pinfu + tanyao + 2 aka = 5 han -> mangan 8000
    assert han_of(r) == {"riichi": 1, "pinfu": 1, "tanyao": 1, "aka": 2}
    assert r.points == 8000


def test_red_dora_on_and_off():
    on = score(scorer_with(red_dora=True), PINFU_TANYAO_RED, ron(riichi=1))
    off = score(scorer_with(red_dora=False), PINFU_TANYAO_RED, ron(riichi=1))
    # on: riichi + pinfu + tanyao + aka = 4 han 30 fu: 1920 * 4 = 7680 -> 7700
    assert (on.han, on.points) == (4, 7700)
    # off: the red five is a plain five: 3 han 30 fu: 960 * 4 = 3840 -> 3900
    assert (off.han, off.points) == (3, 3900)
    assert "aka" not in ids(off)


# --------------------------------------------------------------------------------------------
# ippatsu, ura_dora, kan_dora, kan_ura
# --------------------------------------------------------------------------------------------

def test_ippatsu_on_and_off():
    on = score(scorer_with(ippatsu=True), PINFU_TANYAO, ron(riichi=1, ippatsu=True))
    off = score(scorer_with(ippatsu=False), PINFU_TANYAO, ron(riichi=1, ippatsu=True))
    # on: riichi + ippatsu + pinfu + tanyao = 4 han 30 fu -> 7700
    assert han_of(on) == {"riichi": 1, "ippatsu": 1, "pinfu": 1, "tanyao": 1}
    assert on.points == 7700
    # off: 3 han 30 fu -> 3900
    assert han_of(off) == {"riichi": 1, "pinfu": 1, "tanyao": 1}
    assert off.points == 3900


def test_ura_dora_on_and_off():
    # dora indicator East -> South (none held); ura indicator 4m -> 5m, the pair: 2 ura
    win = ron(riichi=1, dora="1z", ura="4m")
    on = score(scorer_with(ura_dora=True), PINFU_TANYAO, win)
    off = score(scorer_with(ura_dora=False), PINFU_TANYAO, win)
    # on: 3 + 2 = 5 han -> mangan 8000; off: 3 han 30 fu -> 3900
    assert (han_of(on)["ura"], on.points) == (2, 8000)
    assert ("ura" in ids(off), off.han, off.points) == (False, 3, 3900)


def test_kan_dora_on_and_off():
    # indicators: East (-> South, none held) then, after the kan, 4m (-> 5m: the pair, 2)
    win = ron(riichi=1, dora="1z4m")
    on = score(scorer_with(kan_dora=True), TANYAO_ANKAN, win)
    off = score(scorer_with(kan_dora=False), TANYAO_ANKAN, win)
    # on: riichi + tanyao + 2 dora = 4 han 50 fu: 50 * 64 = 3200 -> mangan 8000
    assert (on.han, on.fu, on.points) == (4, 50, 8000)
    # off: only the first indicator counts: 2 han 50 fu: 50 * 16 = 800 * 4 = 3200
    assert (off.han, off.fu, off.points) == (2, 50, 3200)


def test_kan_dora_off_still_counts_the_first_indicator():
    # the first indicator is 4m: 2 dora even without kan dora: 4 han 50 fu -> mangan
    r = score(scorer_with(kan_dora=False), TANYAO_ANKAN, ron(riichi=1, dora="4m1z"))
    assert (han_of(r)["dora"], r.points) == (2, 8000)


def test_kan_ura_on_and_off():
    # dora indicators East, South (-> South, West: none held); ura West (-> North: none), then 4m (-> 5m: 2)
    win = ron(riichi=1, dora="1z2z", ura="3z4m")
    on = score(scorer_with(kan_ura=True), TANYAO_ANKAN, win)
    off = score(scorer_with(kan_ura=False), TANYAO_ANKAN, win)
    # on: 2 + 2 ura = 4 han 50 fu -> mangan 8000; off: 2 han 50 fu -> 3200
    assert (han_of(on)["ura"], on.points) == (2, 8000)
    assert off.points == 3200


def test_kan_ura_needs_ura_dora():
    # with ura dora off the kan ura do not count either
    r = score(scorer_with(ura_dora=False, kan_ura=True), TANYAO_ANKAN, ron(riichi=1, dora="1z2z", ura="4m4m"))
    assert r.points == 3200


# --------------------------------------------------------------------------------------------
# kazoe
# --------------------------------------------------------------------------------------------

# CHIN_ITTSU by riichi tsumo: riichi 1 + menzen tsumo 1 + pinfu 1 + iipeikou 1 + ittsu 2 + chinitsu 6 = 12 han.
# Dora indicators 9m, 1m, 2m, 4m -> 1m (2), 2m (2), 3m (2), 5m (3) = 9 dora;
# ura indicators 9m, 4m -> 1m (2), 5m (3) = 5 ura.  12 + 9 + 5 = 26 han.
KAZOE_26 = tsumo(riichi=1, dora="9m1m2m4m", ura="9m4m")
# one ura indicator fewer: 12 + 9 + 2 = 23 han (9m -> 1m)
KAZOE_23 = tsumo(riichi=1, dora="9m1m2m4m", ura="9m")


def test_kazoe_26_han_is_counted():
    r = score(scorer_with(kazoe="yakuman"), CHIN_ITTSU, KAZOE_26)
    assert (r.han, r.yakuman) == (26, 0)
    assert han_of(r)["dora"] == 9 and han_of(r)["ura"] == 5


@pytest.mark.parametrize("mode, base, payments", [
    # yakuman: one yakuman however many han: dealer 16000, others 8000
    ("yakuman", 8000, (-16000, 32000, -8000, -8000)),
    # sanbaiman (no kazoe): basic 6000: dealer 12000, others 6000
    ("sanbaiman", 6000, (-12000, 24000, -6000, -6000)),
    # multiple: 26 // 13 = 2 -> double yakuman, basic 16000: dealer 32000, others 16000
    ("multiple", 16000, (-32000, 64000, -16000, -16000)),
])
def test_kazoe_modes_at_26_han(mode, base, payments):
    r = score(scorer_with(kazoe=mode), CHIN_ITTSU, KAZOE_26)
    assert (r.han, r.base, r.payments) == (26, base, payments)


def test_kazoe_multiple_names_a_counted_double():
    r = score(scorer_with(kazoe="multiple"), CHIN_ITTSU, KAZOE_26)
    assert r.yakuman == 0  # counted, not natural
    assert "kazoe" in r.limit and "double" in r.limit


def test_kazoe_multiple_below_26_is_single():
    # 23 // 13 = 1: one yakuman, 32000
    r = score(scorer_with(kazoe="multiple"), CHIN_ITTSU, KAZOE_23)
    assert (r.han, r.base, r.points) == (23, 8000, 32000)


# --------------------------------------------------------------------------------------------
# kiriage
# --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("kiriage, basic, points", [
    (False, 1920, 7700),  # riichi + pinfu + tanyao + dora (7s -> 8s) = 4 han 30 fu: 1920 * 4 = 7680 -> 7700
    (True, 2000, 8000),  # 1920 rounded up to mangan: 2000 * 4
])
def test_kiriage_4_han_30_fu(kiriage, basic, points):
    r = score(scorer_with(kiriage=kiriage), PINFU_TANYAO, ron(riichi=1, dora="7s"))
    assert (r.han, r.fu, r.base, r.points) == (4, 30, basic, points)


@pytest.mark.parametrize("kiriage, points", [(False, 7700), (True, 8000)])
def test_kiriage_3_han_60_fu(kiriage, points):
    # open kan 9m (16), open white (4), closed 222p (4), closed 999s (8), red pair (2), tanki (2): 56 -> 60 fu;
    # white 1 + toitoi 2 = 3 han: 60 * 32 = 1920
    r = score(scorer_with(kiriage=kiriage), "222p999s7z7z 9999+m 555=z", ron())
    assert (r.han, r.fu, r.points) == (3, 60, points)


# --------------------------------------------------------------------------------------------
# double_yakuman
# --------------------------------------------------------------------------------------------

DOUBLE_PATTERNS = {
    "kokushi_13": "19m19p19s1234567z1m",  # one of each orphan, won on 1m: 13-sided
    "suuankou_tanki": "111m222p333s444z5z5z",  # four closed triplets, tanki on red dragon
    "junsei_chuuren": "1112345678999m5m",  # 1112345678999m, won on 5m: 9-sided
    "daisuushii": "111222333z5m5m 444=z",  # East, South, West closed, North called, 5m pair (no pao: one wind meld)
}


@pytest.mark.parametrize("pattern", sorted(DOUBLE_PATTERNS))
def test_double_yakuman_pattern_listed(pattern):
    r = score(scorer_with(double_yakuman=[pattern]), DOUBLE_PATTERNS[pattern], ron())
    assert ids(r) == {pattern}
    assert (r.yakuman, r.points) == (2, 64000)  # 16000 * 4


@pytest.mark.parametrize("pattern", sorted(DOUBLE_PATTERNS))
def test_double_yakuman_pattern_not_listed(pattern):
    others = [p for p in DOUBLE_PATTERNS if p != pattern]
    r = score(scorer_with(double_yakuman=others), DOUBLE_PATTERNS[pattern], ron())
    assert (r.yakuman, r.points) == (1, 32000)


# --------------------------------------------------------------------------------------------
# yakuman_stacking and yakuman_cap
# --------------------------------------------------------------------------------------------

# closed white, green, red triplets, South tanki; East called: daisangen + tsuuiisou
# (only one meld, and it is a wind: no pao; not suuankou)
DAISANGEN_TSUUIISOU = "555666777z2z2z 111=z"


def test_yakuman_stacking_on():
    r = score(scorer_with(yakuman_stacking=True), DAISANGEN_TSUUIISOU, ron())
    assert ids(r) == {"daisangen", "tsuuiisou"}
    assert (r.yakuman, r.points) == (2, 64000)  # (8000 + 8000) * 4


def test_yakuman_stacking_off():
    r = score(scorer_with(yakuman_stacking=False), DAISANGEN_TSUUIISOU, ron())
    assert (r.yakuman, r.points) == (1, 32000)


def test_yakuman_stacking_off_also_caps_a_double_pattern():
    # the doc: "a hand pays one yakuman at most, a double pattern included"
    r = score(scorer_with(yakuman_stacking=False), DOUBLE_PATTERNS["suuankou_tanki"], ron())
    assert (r.yakuman, r.points) == (1, 32000)


# all honours, closed, tanki on South: daisangen 1 + tsuuiisou 1 + suuankou tanki 2 (majiang) = 4x
FOUR_FOLD = "555666777111z2z2z"


@pytest.mark.parametrize("cap, multiple, payments", [
    (0, 4, (-64000, 128000, -32000, -32000)),  # basic 32000: dealer 64000, others 32000
    (3, 3, (-48000, 96000, -24000, -24000)),  # basic 24000
    (2, 2, (-32000, 64000, -16000, -16000)),  # basic 16000
    (1, 1, (-16000, 32000, -8000, -8000)),
])
def test_yakuman_cap(cap, multiple, payments):
    r = score(scorer_with(yakuman_cap=cap), FOUR_FOLD, tsumo())
    assert ids(r) == {"daisangen", "tsuuiisou", "suuankou_tanki"}
    assert (r.yakuman, r.payments) == (multiple, payments)


def test_yakuman_cap_above_the_hand_changes_nothing():
    r = score(scorer_with(yakuman_cap=6), FOUR_FOLD, tsumo())
    assert (r.yakuman, r.points) == (4, 128000)


# --------------------------------------------------------------------------------------------
# pao, pao_yakuman
# --------------------------------------------------------------------------------------------

# all three dragon sets called; the last (red) from the next player: West (seat 2) is liable
DAISANGEN_PAO = "123m9p9p 555=z 666-z 777+z"


def test_pao_on_tsumo():
    r = score(scorer_with(pao=True), DAISANGEN_PAO, tsumo())
    assert r.liable == 2
    assert r.payments == (0, 32000, -32000, 0)  # the liable player pays the whole 32000


def test_pao_off_tsumo():
    r = score(scorer_with(pao=False), DAISANGEN_PAO, tsumo())
    assert r.liable is None
    assert r.payments == (-16000, 32000, -8000, -8000)  # ordinary non-dealer yakuman tsumo


def test_pao_yakuman_without_daisangen():
    r = score(scorer_with(pao_yakuman=["daisuushii"]), DAISANGEN_PAO, tsumo())
    assert r.liable is None
    assert r.payments == (-16000, 32000, -8000, -8000)


# four kans, the fourth (written last) a daiminkan of North from the next player (West, seat 2)
SUUKANTSU_DAIMINKAN = "5m5m 1111m 3333s 2222-p 4444+z"
SUUKANTSU_KAKAN = "5m5m 1111m 3333s 2222-p 444+4z"
SUUKANTSU_ANKAN = "5m5m 1111m 3333s 2222-p 4444z"


def test_suukantsu_pao_on_ron():
    r = score(scorer_with(pao_yakuman=["daisangen", "daisuushii", "suukantsu"]), SUUKANTSU_DAIMINKAN, ron())
    assert ids(r) == {"suukantsu"}
    # liable West: 8000 / 2 * 4 = 16000; discarder North the other 16000
    assert (r.liable, r.payments) == (2, (0, 32000, -16000, -16000))


def test_suukantsu_pao_on_tsumo():
    r = score(scorer_with(pao_yakuman=["daisangen", "daisuushii", "suukantsu"]), SUUKANTSU_DAIMINKAN, tsumo())
    assert (r.liable, r.payments) == (2, (0, 32000, -32000, 0))


def test_suukantsu_not_listed_no_pao():
    r = score(scorer_with(pao_yakuman=["daisangen", "daisuushii"]), SUUKANTSU_DAIMINKAN, ron())
    assert (r.liable, r.payments) == (None, (0, 32000, 0, -32000))


@pytest.mark.parametrize("hand", [SUUKANTSU_KAKAN, SUUKANTSU_ANKAN], ids=["kakan", "ankan"])
def test_suukantsu_pao_only_when_the_fourth_kan_is_a_daiminkan(hand):
    r = score(scorer_with(pao_yakuman=["daisangen", "daisuushii", "suukantsu"]), hand, ron())
    assert ids(r) == {"suukantsu"}
    assert (r.liable, r.payments) == (None, (0, 32000, 0, -32000))


# --------------------------------------------------------------------------------------------
# pao_covers: daisangen (pao) + tsuuiisou. Winner West (seat 2); the last dragon set came from
# the next player, North (seat 3), who is liable.
# --------------------------------------------------------------------------------------------

COMPOSITE_PAO = "333z4z4z 555=z 666-z 777+z"


def test_pao_covers_yakuman_tsumo():
    r = score(scorer_with(pao_covers="yakuman"), COMPOSITE_PAO, tsumo(seat=2))
    assert ids(r) == {"daisangen", "tsuuiisou"} and r.liable == 3
    # liable: daisangen 8000 * 4 = 32000. Tsuuiisou (8000 basic) as an ordinary non-dealer tsumo:
    # East 16000, South 8000, North 8000 -> North 40000 in all
    assert r.payments == (-16000, -8000, 64000, -40000)


def test_pao_covers_hand_tsumo():
    r = score(scorer_with(pao_covers="hand"), COMPOSITE_PAO, tsumo(seat=2))
    # liable pays the whole double yakuman: 16000 * 4 = 64000
    assert r.payments == (0, 0, 64000, -64000)


def test_pao_covers_yakuman_ron():
    # East (opposite of West) deals in: liable 8000 / 2 * 4 = 16000; East the rest, 64000 - 16000 = 48000
    r = score(scorer_with(pao_covers="yakuman"), COMPOSITE_PAO, ron(seat=2, discarder=2))
    assert r.payments == (-48000, 0, 64000, -16000)


def test_pao_covers_hand_ron():
    # the whole 64000 split 50/50: 16000 / 2 * 4 = 32000 each
    r = score(scorer_with(pao_covers="hand"), COMPOSITE_PAO, ron(seat=2, discarder=2))
    assert r.payments == (-32000, 0, 64000, -32000)


# daisangen + suukantsu: the red dragon daiminkan from the opposite player (North, seat 3) is both the
# last dragon set and the fourth kan, so North is liable for both pao yakuman
DAISANGEN_SUUKANTSU = "9m9m 1111m 5555+z 6666-z 7777=z"


def test_pao_covers_yakuman_two_pao_yakuman_of_one_player():
    # pao_covers "yakuman": the liable player covers the pao yakuman, here both (daisangen and
    # suukantsu), 2 x 8000. Tsumo: 16000 * 4 = 64000, all from North.
    s = scorer_with(pao_covers="yakuman", pao_yakuman=["daisangen", "daisuushii", "suukantsu"])
    r = score(s, DAISANGEN_SUUKANTSU, tsumo())
    assert ids(r) == {"daisangen", "suukantsu"} and r.liable == 3
    assert r.payments == (0, 64000, 0, -64000)
    # ron from West (next player): half of 16000 basic each: 8000 * 4 = 32000 from North and from West
    assert score(s, DAISANGEN_SUUKANTSU, ron(discarder=1)).payments == (0, 64000, -32000, -32000)


def test_pao_covers_is_the_same_for_a_single_yakuman():
    a = score(scorer_with(pao_covers="yakuman"), DAISANGEN_PAO, ron())
    b = score(scorer_with(pao_covers="hand"), DAISANGEN_PAO, ron())
    assert a.payments == b.payments == (0, 32000, -16000, -16000)


# --------------------------------------------------------------------------------------------
# pao_honba (2 honba = 600 on ron, 200 from each payer on tsumo)
# --------------------------------------------------------------------------------------------

def test_pao_honba_normal_ron():
    # discarder North pays his 16000 + 600 honba; liable West 16000 (rulesets.md §4.5, majiang-core)
    r = score(scorer_with(pao_honba="normal"), DAISANGEN_PAO, ron(honba=2))
    assert r.payments == (0, 32600, -16000, -16600)


def test_pao_honba_liable_ron():
    # Tenhou: 32000 + 2 honba ron -> discarder 16000, liable 16600
    r = score(scorer_with(pao_honba="liable"), DAISANGEN_PAO, ron(honba=2))
    assert r.payments == (0, 32600, -16600, -16000)


@pytest.mark.parametrize("mode", ["normal", "liable"])
def test_pao_honba_single_pao_tsumo_liable_pays_all(mode):
    # the liable player pays the whole hand, so he pays the honba too: 32000 + 600
    r = score(scorer_with(pao_honba=mode), DAISANGEN_PAO, tsumo(honba=2))
    assert r.payments == (0, 32600, -32600, 0)


def test_pao_honba_normal_composite_tsumo():
    # honba 100 from each of the three payers: East 16000 + 100, South 8000 + 100, North 40000 + 100
    r = score(scorer_with(pao_covers="yakuman", pao_honba="normal"), COMPOSITE_PAO, tsumo(seat=2, honba=1))
    assert r.payments == (-16100, -8100, 64300, -40100)


def test_pao_honba_liable_composite_tsumo():
    # the liable player pays all 300: East 16000, South 8000, North 40000 + 300
    r = score(scorer_with(pao_covers="yakuman", pao_honba="liable"), COMPOSITE_PAO, tsumo(seat=2, honba=1))
    assert r.payments == (-16000, -8000, 64300, -40300)


def test_pao_honba_liable_with_sticks():
    # riichi sticks always go to the winner, from the table
    r = score(scorer_with(pao_honba="liable"), DAISANGEN_PAO, ron(honba=1, riichi_sticks=2))
    assert r.payments == (0, 34300, -16300, -16000)


# --------------------------------------------------------------------------------------------
# double_wind_pair_fu: the dealer (East seat) in the East round with an East pair
# --------------------------------------------------------------------------------------------

# closed 222m, 456p, 789s, 123s (13s kanchan on 2s), East pair; menzen tsumo only
DOUBLE_WIND_TSUMO = "222m456p789s13s11z2s"
# closed 111m, 456p, 789s, 234s (23s on 4s), East pair; riichi ron
DOUBLE_WIND_RON = "111m456p789s23s11z4s"


@pytest.mark.parametrize("pair_fu, fu, payments", [
    # 20 + 2 tsumo + 4 (closed 222m) + 2 kanchan + 4 pair = 32 -> 40; 40 * 8 = 320 * 2 = 640 -> 700 all
    (4, 40, (2100, -700, -700, -700)),
    # ... + 2 pair = 30 -> 30; 30 * 8 = 240 * 2 = 480 -> 500 all
    (2, 30, (1500, -500, -500, -500)),
])
def test_double_wind_pair_fu_tsumo(pair_fu, fu, payments):
    r = score(scorer_with(double_wind_pair_fu=pair_fu), DOUBLE_WIND_TSUMO, tsumo(seat=0))
    assert ids(r) == {"menzen_tsumo"}
    assert (r.fu, r.payments) == (fu, payments)


@pytest.mark.parametrize("pair_fu, fu, points", [
    (4, 50, 2400),  # 20 + 10 + 8 (closed 111m) + 4 = 42 -> 50; 50 * 8 = 400 * 6 = 2400
    (2, 40, 2000),  # 20 + 10 + 8 + 2 = 40; 40 * 8 = 320 * 6 = 1920 -> 2000
])
def test_double_wind_pair_fu_ron(pair_fu, fu, points):
    r = score(scorer_with(double_wind_pair_fu=pair_fu), DOUBLE_WIND_RON, ron(seat=0, riichi=1))
    assert (r.han, r.fu, r.points) == (1, fu, points)


def test_double_wind_pair_fu_leaves_a_single_wind_pair():
    # South (seat 1) holding the East pair: the round wind only, 2 fu either way
    a = score(scorer_with(double_wind_pair_fu=4), DOUBLE_WIND_RON, ron(riichi=1))
    b = score(scorer_with(double_wind_pair_fu=2), DOUBLE_WIND_RON, ron(riichi=1))
    assert a.fu == b.fu == 40  # 20 + 10 + 8 + 2 = 40


# --------------------------------------------------------------------------------------------
# rinshan_tsumo_fu: the dealer wins on the replacement tile after a closed kan
# --------------------------------------------------------------------------------------------

# closed kan 5p, closed 111m, 123s, 68p kanchan on 7p, East pair (double wind, 4 fu in majiang)
RINSHAN = "111m68p123s11z7p 5555p"


@pytest.mark.parametrize("flag, fu, payments", [
    # 20 + 16 (closed kan of simples) + 8 (closed 111m) + 4 (pair) + 2 kanchan + 2 tsumo = 52 -> 60;
    # rinshan + menzen tsumo = 2 han: 60 * 16 = 960 * 2 = 1920 -> 2000 all
    (True, 60, (6000, -2000, -2000, -2000)),
    # no tsumo fu: 50 fu; 50 * 16 = 800 * 2 = 1600 all
    (False, 50, (4800, -1600, -1600, -1600)),
])
def test_rinshan_tsumo_fu(flag, fu, payments):
    r = score(scorer_with(rinshan_tsumo_fu=flag), RINSHAN, tsumo(seat=0, rinshan=True))
    assert ids(r) == {"rinshan", "menzen_tsumo"}
    assert (r.han, r.fu, r.payments) == (2, fu, payments)


# closed 222m, 456p, 234s (23s on 4s), 99p pair, closed kan 6s: no double wind involved
RINSHAN_40 = "222m456p99p23s4s 6666s"


@pytest.mark.parametrize("flag, fu, payments", [
    # 20 + 4 (closed 222m) + 16 (closed kan 6s) + 2 tsumo = 42 -> 50: 50 * 16 = 800 * 2 = 1600 all
    (True, 50, (4800, -1600, -1600, -1600)),
    # 40 exactly: 40 * 16 = 640 * 2 = 1280 -> 1300 all
    (False, 40, (3900, -1300, -1300, -1300)),
])
def test_rinshan_tsumo_fu_second_hand(flag, fu, payments):
    r = score(scorer_with(rinshan_tsumo_fu=flag), RINSHAN_40, tsumo(seat=0, rinshan=True))
    assert (r.han, r.fu, r.payments) == (2, fu, payments)


def test_rinshan_tsumo_fu_off_leaves_an_ordinary_tsumo():
    # the same hand won on an ordinary draw keeps its tsumo fu: 60 fu, menzen tsumo only:
    # 60 * 8 = 480 * 2 = 960 -> 1000 all
    r = score(scorer_with(rinshan_tsumo_fu=False), RINSHAN, tsumo(seat=0))
    assert (r.fu, r.payments) == (60, (3000, -1000, -1000, -1000))


# --------------------------------------------------------------------------------------------
# ryuuiisou_needs_hatsu
# --------------------------------------------------------------------------------------------

# 234s 234s(chi) 234s 888s, pair 6s: all green tiles, no green dragon
GREEN_NO_HATSU = "234s888s66s23s4s 2-34s"
# 234s 234s 888s, green dragon pair, 666s called: all green with the green dragon
GREEN_HATSU = "223344s888s6z6z 666=s"


def test_ryuuiisou_without_hatsu_allowed():
    r = score(scorer_with(ryuuiisou_needs_hatsu=False), GREEN_NO_HATSU, ron())
    assert (ids(r), r.points) == ({"ryuuiisou"}, 32000)


def test_ryuuiisou_without_hatsu_refused():
    r = score(scorer_with(ryuuiisou_needs_hatsu=True), GREEN_NO_HATSU, ron())
    # open chinitsu 5 + open tanyao 1 = 6 han: haneman 3000 * 4 = 12000
    assert r.yakuman == 0
    assert han_of(r) == {"chinitsu": 5, "tanyao": 1}
    assert r.points == 12000


@pytest.mark.parametrize("needs", [False, True])
def test_ryuuiisou_with_hatsu_either_way(needs):
    r = score(scorer_with(ryuuiisou_needs_hatsu=needs), GREEN_HATSU, ron())
    assert (ids(r), r.points) == ({"ryuuiisou"}, 32000)


# --------------------------------------------------------------------------------------------
# renhou: a non-dealer's ron before the first draw
# --------------------------------------------------------------------------------------------

RENHOU = ron(renhou=True)


def test_renhou_none_gives_nothing():
    s = scorer_with(renhou="none")
    assert not score(s, NO_YAKU, RENHOU).is_win
    # a hand with yaku is paid as usual: pinfu + tanyao 2 han 30 fu -> 2000
    r = score(s, PINFU_TANYAO, RENHOU)
    assert (ids(r), r.points) == ({"pinfu", "tanyao"}, 2000)


def test_renhou_mangan_alone():
    r = score(scorer_with(renhou="mangan"), NO_YAKU, RENHOU)
    assert ids(r) == {"renhou"}
    assert (r.han, r.base, r.points) == (5, 2000, 8000)  # mangan: 2000 * 4


def test_renhou_mangan_when_the_hand_is_worth_less():
    # normally riichi-less pinfu + tanyao + dora 5m x2 (indicator 4m) = 4 han 30 fu = 7700;
    # renhou as mangan pays more: 8000, with no other yaku and no dora
    r = score(scorer_with(renhou="mangan"), PINFU_TANYAO, ron(renhou=True, dora="4m"))
    assert ids(r) == {"renhou"}
    assert r.points == 8000


def test_renhou_mangan_when_the_hand_is_worth_more():
    # closed chinitsu alone is 6 han haneman 12000 > mangan: paid normally, renhou not added
    r = score(scorer_with(renhou="mangan"), CHINITSU, RENHOU)
    assert "renhou" not in ids(r)
    assert (r.han, r.points) == (6, 12000)


def test_renhou_yaku_adds_five_han():
    s = scorer_with(renhou="yaku")
    # pinfu + tanyao + renhou 5 = 7 han: haneman 12000
    r = score(s, PINFU_TANYAO, RENHOU)
    assert han_of(r) == {"pinfu": 1, "tanyao": 1, "renhou": 5}
    assert r.points == 12000
    # chinitsu 6 + renhou 5 = 11 han: sanbaiman 6000 * 4 = 24000
    assert score(s, CHINITSU, RENHOU).points == 24000
    # alone: 5 han mangan
    assert score(s, NO_YAKU, RENHOU).points == 8000


def test_renhou_yakuman():
    s = scorer_with(renhou="yakuman")
    for hand in (NO_YAKU, PINFU_TANYAO, CHINITSU):
        r = score(s, hand, RENHOU)
        assert ids(r) == {"renhou"}  # ordinary yaku drop with a yakuman
        assert (r.yakuman, r.points) == (1, 32000)


def test_renhou_yakuman_stacks_with_another_yakuman():
    # closed daisangen (123m, white, green, red, tanki 9p) + renhou: 2x with stacking on
    hand = "123m555666777z9p9p"
    assert score(scorer_with(renhou="yakuman"), hand, RENHOU).points == 64000
    assert score(scorer_with(renhou="yakuman", yakuman_stacking=False), hand, RENHOU).points == 32000


def test_renhou_flag_needs_the_renhou_situation():
    # the same hand won later (no renhou) pays nothing extra in any mode
    for mode in ("none", "mangan", "yaku", "yakuman"):
        r = score(scorer_with(renhou=mode), PINFU_TANYAO, ron())
        assert r.points == 2000


# --------------------------------------------------------------------------------------------
# honba_value
# --------------------------------------------------------------------------------------------

# white dragon called: 1 han 30 fu, 1000 on ron; tsumo 500 / 300 / 300
HAKU = "123m456p78s99m6s 555=z"


@pytest.mark.parametrize("value, ron_total, tsumo_payments", [
    (300, 1600, (-700, 1700, -500, -500)),  # 2 honba: ron + 600; tsumo + 100 each
    (0, 1000, (-500, 1100, -300, -300)),  # honba worth nothing
    (600, 2200, (-900, 2300, -700, -700)),  # ron + 1200; tsumo + 200 each: 700 + 500 + 500 + 600
    (900, 2800, (-1100, 2900, -900, -900)),  # ron + 1800; tsumo + 300 each
    (1500, 4000, (-1500, 4100, -1300, -1300)),  # ron + 3000; tsumo + 500 each
])
def test_honba_value(value, ron_total, tsumo_payments):
    s = tenhou_with(honba_value=value)
    assert score(s, HAKU, ron(honba=2)).payments == (0, ron_total, 0, -ron_total)
    assert score(s, HAKU, tsumo(honba=2)).payments == tsumo_payments


# --------------------------------------------------------------------------------------------
# disabled_yaku
# --------------------------------------------------------------------------------------------

def test_disabled_yaku_drops_an_ordinary_yaku():
    # without pinfu: riichi + tanyao + dora = 3 han, still 30 fu on a closed ron: 3900 (7700 with pinfu)
    r = score(tenhou_with(disabled_yaku=["pinfu"]), PINFU_TANYAO, ron(riichi=1, dora="7s"))
    assert han_of(r) == {"riichi": 1, "tanyao": 1, "dora": 1}
    assert r.points == 3900


def test_disabled_yaku_can_leave_no_yaku():
    assert not score(tenhou_with(disabled_yaku=["tanyao"]), OPEN_TANYAO, ron()).is_win


def test_disabled_yakuman_falls_back_to_ordinary_yaku():
    # no ryuuiisou: 234s x3, 888s, 6s pair open -> chinitsu 5 + tanyao 1 = haneman 12000
    r = score(tenhou_with(disabled_yaku=["ryuuiisou"]), GREEN_NO_HATSU, ron())
    assert (r.yakuman, r.points) == (0, 12000)


def test_every_listed_flag_is_declared():
    flags = Scorer("majiang").flags
    for name in ("open_tanyao", "red_fives_m", "red_fives_p", "red_fives_s", "red_dora", "ippatsu", "ura_dora",
                 "kan_dora", "kan_ura", "kazoe", "kiriage", "double_yakuman", "yakuman_stacking", "yakuman_cap",
                 "pao", "pao_yakuman", "pao_covers", "pao_honba", "double_wind_pair_fu", "rinshan_tsumo_fu",
                 "ryuuiisou_needs_hatsu", "renhou", "honba_value", "disabled_yaku",
                 # house rules, tested in test_house_rules.py
                 "pinfu_tsumo_fu", "open_pinfu_fu", "chiitoitsu_value", "min_han", "ryanshiba_honba", "rinshan_pao",
                 "kokushi_ankan_chankan", "kan_dora_timing", "nagashi_mangan", "start_score", "return_score", "uma"):
        assert name in flags, name
