"""The local-yaku plugin (and the renhou forms of the renhou plugin), each yaku with worked values.

Rulesets are Tenhou plus ``local-yaku``, written to a temporary TOML file. Tenhou facts used below:
no double-yakuman patterns (suuankou tanki counts single), yakuman stacking on, kazoe yakuman,
no kiriage (30 fu 4 han = 7,700), red fives count one dora each.

Winner: South (seat 1, non-dealer) in the East round; ron from the opposite player (seat 3) unless a
test says otherwise; no dora. Every expected number is worked out in the comment next to it:
    basic points = fu × 2^(han+2), capped: 5 han (or ≥ 2,000) mangan 2,000, 6–7 haneman 3,000,
    8–10 baiman 4,000, 11–12 sanbaiman 6,000, 13+ kazoe yakuman 8,000; a yakuman 8,000 per multiple.
    non-dealer ron: basic × 4, dealer ron × 6, rounded up to 100;
    non-dealer tsumo: the dealer pays basic × 2, the others basic, each rounded up to 100.
"""

from __future__ import annotations

import json

import pytest

from helpers import han_of, ids, ron, score, tsumo
from mjrules import RulesetError, Scorer, SituationError, load_ruleset
from mjrules.plugins.local_yaku import LOCAL_YAKU

LOCAL_IDS = {
    "isshoku_sanjun", "isshoku_yonjun", "sanrenkou", "suurenkou", "daisharin", "daisuurin", "daichikurin",
    "daichisei", "benikujaku", "kouitten", "kokuiiso", "hyakuman_goku", "ishi_no_ue_ni_mo_sannen",
    "tsubame_gaeshi", "kanburi", "shiiaru_raotai", "open_riichi", "open_double_riichi", "open_riichi_deal_in",
    "paarenchan", "iipin_moyue", "chuupin_raoyui", "uumen_kaika",
}


def _ruleset_file(directory, plugins=("local-yaku",), **flags) -> str:
    lines = ['name = "local-test"', 'extends = "tenhou"', "[plugins]", f"enable = {json.dumps(list(plugins))}",
             "[flags]"]
    lines += [f"{name} = {json.dumps(value)}" for name, value in flags.items()]
    path = directory / "local.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


@pytest.fixture(scope="module")
def make(tmp_path_factory):
    """make(**flags): a Tenhou + local-yaku scorer with those flags, from a TOML file."""

    def build(plugins=("local-yaku",), **flags):
        return Scorer(load_ruleset(_ruleset_file(tmp_path_factory.mktemp("rules"), plugins, **flags)))

    return build


@pytest.fixture(scope="module")
def local(make):
    return make()


@pytest.fixture(scope="module")
def plain():
    """Tenhou without local yaku, to show what a hand is worth without them."""
    return Scorer("tenhou")


def assert_yakuman(r, expected_ids, multiple, points):
    assert r.is_win
    assert ids(r) == set(expected_ids)
    assert r.yakuman == multiple
    assert r.han is None and r.fu is None
    assert r.base == 8000 * multiple
    assert r.points == points


# A closed hand with no yaku of its own: 123m 456p 789s, 24s waiting on 3s (kanchan), pair West.
PLAIN_CLOSED = "123m456p24789s33z3s"
# The same with 789s called by chi: open, no yaku.
PLAIN_OPEN = "123m456p24s33z3s 7-89s"


# --------------------------------------------------------------------------------------------
# the plugin itself
# --------------------------------------------------------------------------------------------

def test_off_by_default(plain):
    assert not LOCAL_IDS & {y.id for y in plain.yaku}
    assert "local_yaku" not in plain.flags


def test_registers_every_yaku_with_every_variant_on(make):
    s = make(daisharin_other_suits=True, open_riichi_deal_in_yakuman=True)
    registered = {y.id for plugin, y in s.yaku_owners if plugin == "local-yaku"}
    assert registered == LOCAL_IDS
    # the local yaku's tags (robbed_ankan is read by kokushi only where it may rob a closed kan)
    assert s.extras == {"tsubame_gaeshi", "kanburi", "open_riichi", "discarder_not_riichi", "paarenchan"}
    assert "robbed_ankan" in s.with_flags(kokushi_ankan_chankan=True).extras


def test_default_flags_and_their_docs(local):
    declared = local.plugins.flags()
    mine = {name: flag for name, (plugin, flag) in declared.items() if plugin == "local-yaku"}
    assert set(mine) == {
        "local_yaku", "daisharin_other_suits", "daichisei_multiple", "suurenkou_stacks", "isshoku_sanjun_han",
        "hyakuman_goku_exact", "shiiaru_raotai_tsumo", "open_riichi_han", "open_riichi_deal_in_yakuman",
        "paarenchan_needs_yaku", "tile_bonus_han",
    }
    for flag in mine.values():
        assert flag.doc and "\n" not in flag.doc
    assert local.flags["local_yaku"] == LOCAL_YAKU  # all of them by default
    assert (local.flags["daichisei_multiple"], local.flags["isshoku_sanjun_han"], local.flags["open_riichi_han"]) \
        == (2, 3, 2)


def test_local_yaku_list_picks_the_scored_ones(make):
    s = make(local_yaku=["sanrenkou"])
    assert {y.id for p, y in s.yaku_owners if p == "local-yaku"} == {"sanrenkou"}
    # daisharin is not scored: the wheel hand pays as ryanpeikou + pinfu + tanyao + chinitsu
    # (11 han, sanbaiman 6,000 × 4 = 24,000), see test_daisharin_replaces_the_ordinary_readings
    r = score(s, DAISHARIN, ron())
    assert (r.han, r.points) == (11, 24000)
    # and the tags of the yaku left out are refused
    with pytest.raises(SituationError, match="kanburi"):
        score(s, PLAIN_OPEN, ron(extras={"kanburi"}))


def test_unknown_local_yaku_name_is_refused(make):
    with pytest.raises(RulesetError, match="local_yaku"):
        make(local_yaku=["sanrenko"])


# --------------------------------------------------------------------------------------------
# renhou (plugins/renhou.py, not duplicated here): its four forms next to the local yaku
# --------------------------------------------------------------------------------------------

# 234m 456p 678s 88s, 34s waiting on 2s/5s, won on 5s: pinfu + tanyao, 30 fu on ron.
RENHOU_SMALL = "234m456p34678s88s5s"
# 123m 234m 456m 789m 99m, 23m + 1m… won on 4m (two-sided): chinitsu 6 + ittsu 2 + pinfu 1 = 9 han.
RENHOU_BIG = "12345678923m99m4m"


def test_renhou_none(make):
    s = make(renhou="none")
    r = score(s, RENHOU_SMALL, ron(renhou=True))
    assert ids(r) == {"pinfu", "tanyao"}
    # 2 han 30 fu: 30 * 16 = 480; * 4 = 1920 -> 2000
    assert (r.han, r.fu, r.points) == (2, 30, 2000)
    # with nothing else in the hand there is no yaku at all
    assert not score(s, PLAIN_CLOSED, ron(renhou=True)).is_win


def test_renhou_mangan_is_the_better_of_mangan_alone_and_the_hand(make):
    s = make(renhou="mangan")
    r = score(s, RENHOU_SMALL, ron(renhou=True))
    # mangan alone (2,000 * 4 = 8,000) beats pinfu + tanyao (2,000); renhou takes no other yaku
    assert ids(r) == {"renhou"} and (r.han, r.points) == (5, 8000)
    r = score(s, PLAIN_CLOSED, ron(renhou=True))
    assert ids(r) == {"renhou"} and r.points == 8000
    r = score(s, RENHOU_BIG, ron(renhou=True))
    # chinitsu 6 + ittsu 2 + pinfu 1 = 9 han baiman: 4,000 * 4 = 16,000 > mangan, so the hand is paid
    assert ids(r) == {"chinitsu", "ittsu", "pinfu"}
    assert (r.han, r.points) == (9, 16000)


def test_renhou_yaku_adds_five_han(make):
    s = make(renhou="yaku")
    r = score(s, RENHOU_SMALL, ron(renhou=True))
    assert han_of(r) == {"renhou": 5, "pinfu": 1, "tanyao": 1}
    # 7 han haneman: 3,000 * 4 = 12,000
    assert (r.han, r.points) == (7, 12000)


def test_renhou_yakuman_stacks_with_a_local_yakuman(make):
    s = make(renhou="yakuman")
    assert_yakuman(score(s, RENHOU_SMALL, ron(renhou=True)), {"renhou"}, 1, 32000)  # 8,000 * 4
    # the daisharin shape on renhou: two yakuman, 16,000 * 4 = 64,000
    assert_yakuman(score(s, DAISHARIN, ron(renhou=True)), {"renhou", "daisharin"}, 2, 64000)


# --------------------------------------------------------------------------------------------
# daisharin and the other-suit wheels
# --------------------------------------------------------------------------------------------

DAISHARIN = "2233445566778p8p"  # 22334455667788p, closed, won on 8p


def test_daisharin_replaces_the_ordinary_readings(local, plain):
    # Without the local yaku the best reading is 22p + 345p 345p 678p 678p, 8p two-sided:
    # ryanpeikou 3 + pinfu 1 + tanyao 1 + chinitsu 6 = 11 han sanbaiman, 6,000 * 4 = 24,000
    # (the seven-pairs reading is 2 + 1 + 6 = 9 han baiman).
    r = score(plain, DAISHARIN, ron())
    assert ids(r) == {"ryanpeikou", "pinfu", "tanyao", "chinitsu"}
    assert (r.han, r.points) == (11, 24000)
    assert_yakuman(score(local, DAISHARIN, ron()), {"daisharin"}, 1, 32000)  # 8,000 * 4


def test_daisharin_tsumo(local):
    r = score(local, DAISHARIN, tsumo())
    # non-dealer yakuman tsumo: dealer 16,000, the others 8,000 each
    assert_yakuman(r, {"daisharin"}, 1, 32000)
    assert r.payments == (-16000, 32000, -8000, -8000)


def test_daisharin_near_miss_with_terminals(local):
    # 11223344556677p is not the wheel: 11p + 234p 234p 567p 567p (7p two-sided) is
    # ryanpeikou 3 + pinfu 1 + chinitsu 6 = 10 han baiman, 4,000 * 4 = 16,000
    r = score(local, "1122334455667p7p", ron())
    assert ids(r) == {"ryanpeikou", "pinfu", "chinitsu"}
    assert (r.han, r.points) == (10, 16000)


def test_other_suit_wheels_need_the_flag(local, make):
    # characters wheel without daisharin_other_suits: 11 han sanbaiman as above, 24,000
    r = score(local, "2233445566778m8m", ron())
    assert (r.han, r.points) == (11, 24000)
    s = make(daisharin_other_suits=True)
    assert_yakuman(score(s, "2233445566778m8m", ron()), {"daisuurin"}, 1, 32000)
    assert_yakuman(score(s, "2233445566778s8s", ron()), {"daichikurin"}, 1, 32000)
    assert_yakuman(score(s, DAISHARIN, ron()), {"daisharin"}, 1, 32000)


# --------------------------------------------------------------------------------------------
# daichisei
# --------------------------------------------------------------------------------------------

DAICHISEI = "1122334455667z7z"  # seven pairs of the seven honours


def test_daichisei_double_by_default(local, plain):
    # plain Tenhou: tsuuiisou, one yakuman, 32,000
    assert_yakuman(score(plain, DAICHISEI, ron()), {"tsuuiisou"}, 1, 32000)
    # daichisei replaces tsuuiisou and counts double: 16,000 * 4 = 64,000
    assert_yakuman(score(local, DAICHISEI, ron()), {"daichisei"}, 2, 64000)


def test_daichisei_single(make):
    s = make(daichisei_multiple=1)
    # single, and tsuuiisou is still replaced (not 1 + 1): 32,000
    assert_yakuman(score(s, DAICHISEI, ron()), {"daichisei"}, 1, 32000)


def test_daichisei_dealer_tsumo(local):
    r = score(local, DAICHISEI, tsumo(seat=0))
    # dealer double yakuman tsumo: 16,000 * 2 = 32,000 from each of three players = 96,000
    assert_yakuman(r, {"daichisei"}, 2, 96000)
    assert r.payments == (96000, -32000, -32000, -32000)


# --------------------------------------------------------------------------------------------
# sanrenkou and suurenkou
# --------------------------------------------------------------------------------------------

def test_sanrenkou_open(local, plain):
    hand = "67m444p99s8m 222=p 333=p"  # pons of 2p and 3p, 444p concealed, 678m won on 8m
    assert not score(plain, hand, ron()).is_win  # no standard yaku
    r = score(local, hand, ron())
    assert han_of(r) == {"sanrenkou": 2}
    # 20 base + 2 + 2 (open simple triplets) + 4 (closed 444p) = 28 -> 30 fu (two-sided wait, pair 9s: 0)
    # 2 han 30 fu: 480 * 4 = 1920 -> 2000
    assert (r.han, r.fu, r.points) == (2, 30, 2000)


def test_sanrenkou_not_consecutive(local):
    assert not score(local, "67m555p99s8m 222=p 333=p", ron()).is_win  # 2p 3p 5p


def test_sanrenkou_reading_beats_isshoku_sanjun_reading(local):
    # 222333444p 678m 99s, ron on 8m. As triplets: sanankou 2 + sanrenkou 2 = 4 han,
    # 20 + 10 menzen ron + 3 * 4 (closed simple triplets) = 42 -> 50 fu: 50 * 64 = 3200 -> mangan 8,000.
    # As 234p * 3: isshoku sanjun 3 + pinfu 1 = 4 han 30 fu: 1920 * 4 = 7680 -> 7,700 (no kiriage).
    r = score(local, "222333444p67m99s8m", ron())
    assert ids(r) == {"sanankou", "sanrenkou"}
    assert (r.han, r.fu, r.points) == (4, 50, 8000)


SUURENKOU_OPEN = "444555p7z7z 222=p 333=p"  # 222p 333p called, 444p 555p concealed, red-dragon tanki


def test_suurenkou(local, plain):
    # plain: toitoi 2 + honitsu (open) 2 = 4 han; 20 + 2 + 2 + 4 + 4 + 2 (dragon pair) + 2 (tanki)
    # = 36 -> 40 fu: 40 * 64 = 2560 -> mangan 8,000
    r = score(plain, SUURENKOU_OPEN, ron())
    assert ids(r) == {"toitoi", "honitsu"} and r.points == 8000
    assert_yakuman(score(local, SUURENKOU_OPEN, ron()), {"suurenkou"}, 1, 32000)


def test_suurenkou_stacks_with_suuankou_by_default(local):
    # closed 222 333 444 555p + 77z tanki by tsumo: suuankou tanki (single under Tenhou) + suurenkou
    r = score(local, "222333444555p7z7z", tsumo())
    # 2 yakuman, base 16,000: dealer 32,000, others 16,000 each = 64,000
    assert_yakuman(r, {"suurenkou", "suuankou_tanki"}, 2, 64000)
    assert r.payments == (-32000, 64000, -16000, -16000)


def test_suurenkou_replacing_suuankou(make):
    s = make(suurenkou_stacks=False)
    r = score(s, "222333444555p7z7z", tsumo())
    # one yakuman: dealer 16,000, others 8,000 each = 32,000
    assert_yakuman(r, {"suurenkou"}, 1, 32000)


# --------------------------------------------------------------------------------------------
# isshoku sanjun and isshoku yonjun
# --------------------------------------------------------------------------------------------

ISSHOKU_SANJUN = "11222333m456p99s1m"  # 123m * 3 (1m two-sided), 456p, 99s; also 111 222 333m


def test_isshoku_sanjun_supersedes_iipeikou(local, plain):
    # plain: iipeikou 1 + pinfu 1 = 2 han 30 fu: 480 * 4 = 1920 -> 2,000
    r = score(plain, ISSHOKU_SANJUN, ron())
    assert ids(r) == {"iipeikou", "pinfu"} and r.points == 2000
    r = score(local, ISSHOKU_SANJUN, ron())
    # isshoku sanjun 3 (no iipeikou) + pinfu 1 = 4 han 30 fu: 1920 * 4 = 7680 -> 7,700;
    # the triplet reading (sanrenkou 2, 111m by ron, 50 fu: 800 * 4 = 3,200) pays less
    assert han_of(r) == {"isshoku_sanjun": 3, "pinfu": 1}
    assert (r.han, r.fu, r.points) == (4, 30, 7700)


def test_isshoku_sanjun_two_han_variant(make):
    r = score(make(isshoku_sanjun_han=2), ISSHOKU_SANJUN, ron())
    # 2 + pinfu 1 = 3 han 30 fu: 960 * 4 = 3840 -> 3,900
    assert han_of(r) == {"isshoku_sanjun": 2, "pinfu": 1}
    assert r.points == 3900


def test_isshoku_sanjun_open(local, plain):
    hand = "112233m45p99s6p 1-23m"  # 123m called, 123m 123m concealed, 45p won on 6p
    assert not score(plain, hand, ron()).is_win
    r = score(local, hand, ron())
    # open: 3 - 1 = 2 han; 20 fu open pinfu shape on ron -> 30 fu; 480 * 4 = 1920 -> 2,000
    assert han_of(r) == {"isshoku_sanjun": 2}
    assert (r.han, r.fu, r.points) == (2, 30, 2000)


def test_isshoku_yonjun(local, plain):
    hand = "222333444p9s9s 2-34p"  # 234p called; 222333444p concealed; 9s tanki
    # plain: as triplets, sanankou 2 han; 20 + 3 * 4 (closed simple triplets) + 2 (tanki) = 34 -> 40 fu
    # (open, no menzen ron): 40 * 16 = 640 * 4 = 2560 -> 2,600
    r = score(plain, hand, ron())
    assert ids(r) == {"sanankou"} and r.points == 2600
    # four 234p sequences: yakuman 32,000
    assert_yakuman(score(local, hand, ron()), {"isshoku_yonjun"}, 1, 32000)


# --------------------------------------------------------------------------------------------
# benikujaku, kouitten, kokuiiso, hyakuman-goku
# --------------------------------------------------------------------------------------------

def test_benikujaku(local, plain):
    hand = "11155599s77z7z 777=s"  # 111s 555s concealed, 777s called, 99s and 77z: won on 7z
    # plain: toitoi 2 + honitsu (open) 2 + red dragon 1 = 5 han mangan 8,000
    r = score(plain, hand, ron())
    assert ids(r) == {"toitoi", "honitsu", "chun"} and r.points == 8000
    assert_yakuman(score(local, hand, ron()), {"benikujaku"}, 1, 32000)


def test_kouitten(local, plain):
    hand = "22334466688s77z7z"  # 234s 234s 666s 88s + red dragon won on 7z
    # plain: iipeikou 1 + honitsu 3 + red dragon 1 = 5 han mangan 8,000
    r = score(plain, hand, ron())
    assert ids(r) == {"iipeikou", "honitsu", "chun"} and r.points == 8000
    assert_yakuman(score(local, hand, ron()), {"kouitten"}, 1, 32000)


def test_kouitten_needs_the_red_dragon(local):
    # the same bamboo with the green dragon is ryuuiisou, not kouitten
    assert_yakuman(score(local, "22334466688s66z6z", ron()), {"ryuuiisou"}, 1, 32000)


def test_kokuiiso(local, plain):
    hand = "222444888p11z22z2z"  # 2p 4p 8p triplets, East pair, South (seat wind) won on 2z
    # plain: toitoi 2 + sanankou 2 + honitsu 3 + seat wind 1 = 8 han baiman, 4,000 * 4 = 16,000
    r = score(plain, hand, ron())
    assert ids(r) == {"toitoi", "sanankou", "honitsu", "seat_wind_south"} and r.points == 16000
    assert_yakuman(score(local, hand, ron()), {"kokuiiso"}, 1, 32000)


def test_kokuiiso_seven_pairs(local, plain):
    hand = "224488p1122334z4z"  # 22p 44p 88p and the four winds in pairs
    # plain: chiitoitsu 2 + honitsu 3 = 5 han mangan 8,000
    r = score(plain, hand, ron())
    assert ids(r) == {"chiitoitsu", "honitsu"} and r.points == 8000
    assert_yakuman(score(local, hand, ron()), {"kokuiiso"}, 1, 32000)


HYAKUMAN_100 = "5556777788m8m 999=m"  # 5+5+5 + 6 + 7*4 + 8*3 + 9*3 = 15 + 6 + 28 + 24 + 27 = 100
HYAKUMAN_103 = "6777788885m5m 999=m"  # 6 + 7*4 + 8*4 + 5+5 + 9*3 = 6 + 28 + 32 + 10 + 27 = 103


def test_hyakuman_goku(local, plain):
    # plain: 678m 777m 888m 55m + 999m called: chinitsu (open) 5 han, mangan 8,000
    # (sanankou? only 777 and 888 are concealed triplets; no toitoi with 678m)
    r = score(plain, HYAKUMAN_103, ron())
    assert ids(r) == {"chinitsu"} and r.points == 8000
    assert_yakuman(score(local, HYAKUMAN_103, ron()), {"hyakuman_goku"}, 1, 32000)
    assert_yakuman(score(local, HYAKUMAN_100, ron()), {"hyakuman_goku"}, 1, 32000)


def test_hyakuman_goku_exact(make):
    s = make(hyakuman_goku_exact=True)
    assert_yakuman(score(s, HYAKUMAN_100, ron()), {"hyakuman_goku"}, 1, 32000)
    r = score(s, HYAKUMAN_103, ron())
    # 103 is not 100: chinitsu (open) 5 + sanrenkou (777 888 999m) 2 = 7 han haneman, 3,000 * 4 = 12,000
    assert ids(r) == {"chinitsu", "sanrenkou"}
    assert (r.han, r.points) == (7, 12000)


def test_hyakuman_goku_below_100(local):
    # 444m called instead of 999m: 15 + 6 + 28 + 24 + 12 = 85. No consecutive triplets in any
    # reading (444 555 / 777 888 never three in a row): chinitsu (open) 5 + tanyao 1 = 6 han,
    # haneman 3,000 * 4 = 12,000
    r = score(local, "5556777788m8m 444=m", ron())
    assert r.yakuman == 0 and ids(r) == {"chinitsu", "tanyao"}
    assert (r.han, r.points) == (6, 12000)


# --------------------------------------------------------------------------------------------
# situational: ishi no ue ni mo sannen, tsubame gaeshi, kanburi, shiiaru raotai
# --------------------------------------------------------------------------------------------

def test_ishi_no_ue_ni_mo_sannen_haitei(local, plain):
    # plain: double riichi 2 + menzen tsumo 1 + haitei 1 = 4 han; 20 + 2 kanchan + 2 tsumo = 24 -> 30 fu;
    # 1920: dealer 3840 -> 3,900, others 1920 -> 2,000 each = 7,900
    r = score(plain, PLAIN_CLOSED, tsumo(riichi=2, haitei=True))
    assert (r.han, r.points) == (4, 7900)
    r = score(local, PLAIN_CLOSED, tsumo(riichi=2, haitei=True))
    assert_yakuman(r, {"ishi_no_ue_ni_mo_sannen"}, 1, 32000)  # 16,000 + 8,000 + 8,000
    assert r.payments == (-16000, 32000, -8000, -8000)


def test_ishi_no_ue_ni_mo_sannen_houtei(local):
    assert_yakuman(score(local, PLAIN_CLOSED, ron(riichi=2, houtei=True)), {"ishi_no_ue_ni_mo_sannen"}, 1, 32000)


def test_ishi_no_ue_needs_double_riichi(local):
    r = score(local, PLAIN_CLOSED, tsumo(riichi=1, haitei=True))
    # riichi 1 + tsumo 1 + haitei 1 = 3 han 30 fu: 960: dealer 1920 -> 2,000, others 1,000 = 4,000
    assert ids(r) == {"riichi", "menzen_tsumo", "haitei"}
    assert r.points == 4000


def test_tsubame_gaeshi(local, plain):
    r = score(local, PLAIN_OPEN, ron(extras={"tsubame_gaeshi"}))
    # open ron, 20 + 2 kanchan = 22 -> 30 fu; 1 han: 240 * 4 = 960 -> 1,000
    assert han_of(r) == {"tsubame_gaeshi": 1}
    assert (r.fu, r.points) == (30, 1000)
    r = score(local, PLAIN_CLOSED, ron(riichi=1, extras={"tsubame_gaeshi"}))
    # closed: riichi 1 + tsubame gaeshi 1 = 2 han 40 fu (20 + 10 + 2 -> 40): 640 * 4 = 2560 -> 2,600
    assert ids(r) == {"riichi", "tsubame_gaeshi"} and r.points == 2600
    with pytest.raises(SituationError, match="tsubame_gaeshi"):  # no enabled yaku reads the tag
        score(plain, PLAIN_OPEN, ron(extras={"tsubame_gaeshi"}))


def test_kanburi(local):
    r = score(local, PLAIN_OPEN, ron(extras={"kanburi"}))
    assert han_of(r) == {"kanburi": 1}
    assert (r.fu, r.points) == (30, 1000)  # as tsubame gaeshi: 1 han 30 fu open ron
    # kanburi is a ron: a tsumo with the tag scores nothing on the open hand
    assert not score(local, PLAIN_OPEN, tsumo(extras={"kanburi"})).is_win


def test_kanburi_with_houtei(local):
    r = score(local, PLAIN_OPEN, ron(houtei=True, extras={"kanburi"}))
    # houtei 1 + kanburi 1 = 2 han 30 fu: 480 * 4 = 1920 -> 2,000
    assert ids(r) == {"houtei", "kanburi"} and r.points == 2000


SHIIARU = "3z3z 1-23m 4-56p 7-89s 222=p"  # four calls, West tanki


def test_shiiaru_raotai(local, plain):
    assert not score(plain, SHIIARU, ron()).is_win
    r = score(local, SHIIARU, ron())
    # 20 + 2 (open 2p) + 2 tanki = 24 -> 30 fu; 1 han: 240 * 4 = 960 -> 1,000
    assert han_of(r) == {"shiiaru_raotai": 1}
    assert (r.fu, r.points) == (30, 1000)


def test_shiiaru_raotai_tsumo_variant(local, make):
    assert not score(local, SHIIARU, tsumo()).is_win  # ron only by default
    r = score(make(shiiaru_raotai_tsumo=True), SHIIARU, tsumo())
    # 20 + 2 + 2 + 2 tsumo = 26 -> 30 fu; 1 han 240: dealer 480 -> 500, others 300 each = 1,100
    assert han_of(r) == {"shiiaru_raotai": 1} and r.points == 1100


def test_shiiaru_raotai_not_with_an_ankan(local):
    # three calls and a closed kan: not four calls
    assert not score(local, "3z3z 1-23m 4-56p 7-89s 2222p", ron()).is_win


# --------------------------------------------------------------------------------------------
# open riichi
# --------------------------------------------------------------------------------------------

def test_open_riichi_replaces_riichi(local):
    r = score(local, PLAIN_CLOSED, ron(riichi=1, extras={"open_riichi"}))
    # 2 han 40 fu: 640 * 4 = 2560 -> 2,600 (plain riichi would be 1 han, 1,300)
    assert han_of(r) == {"open_riichi": 2}
    assert (r.fu, r.points) == (40, 2600)


def test_open_double_riichi(local):
    r = score(local, PLAIN_CLOSED, ron(riichi=2, extras={"open_riichi"}))
    # 3 han 40 fu: 1280 * 4 = 5120 -> 5,200
    assert han_of(r) == {"open_double_riichi": 3}
    assert r.points == 5200


def test_open_riichi_value_flag(make):
    s = make(open_riichi_han=3)
    # open riichi 3 han 40 fu: 5,200; open double riichi 4 han 40 fu: 2560 -> mangan 8,000
    assert score(s, PLAIN_CLOSED, ron(riichi=1, extras={"open_riichi"})).points == 5200
    r = score(s, PLAIN_CLOSED, tsumo(riichi=2, extras={"open_riichi"}))
    # + menzen tsumo: 5 han mangan; tsumo 4,000 + 2,000 + 2,000 = 8,000
    assert han_of(r) == {"open_double_riichi": 4, "menzen_tsumo": 1} and r.points == 8000


def test_open_riichi_deal_in_yakuman(local, make):
    tags = {"open_riichi", "discarder_not_riichi"}
    with pytest.raises(SituationError, match="discarder_not_riichi"):  # off by default
        score(local, PLAIN_CLOSED, ron(riichi=1, extras=tags))
    s = make(open_riichi_deal_in_yakuman=True)
    assert_yakuman(score(s, PLAIN_CLOSED, ron(riichi=1, extras=tags)), {"open_riichi_deal_in"}, 1, 32000)
    # a ron from a player in riichi is the ordinary open riichi: 2,600
    assert score(s, PLAIN_CLOSED, ron(riichi=1, extras={"open_riichi"})).points == 2600


# --------------------------------------------------------------------------------------------
# paarenchan
# --------------------------------------------------------------------------------------------

def test_paarenchan(local):
    r = score(local, PLAIN_CLOSED, ron(seat=0, riichi=1, extras={"paarenchan"}))
    # dealer yakuman ron: 8,000 * 6 = 48,000, from seat (0 + 2) % 4 = 2
    assert_yakuman(r, {"paarenchan"}, 1, 48000)
    assert r.payments == (48000, 0, -48000, 0)
    r = score(local, PLAIN_CLOSED, tsumo(seat=0, extras={"paarenchan"}))  # menzen tsumo is the yaku
    assert_yakuman(r, {"paarenchan"}, 1, 48000)  # 16,000 from each
    assert r.payments == (48000, -16000, -16000, -16000)


def test_paarenchan_needs_a_yaku(local):
    assert not score(local, PLAIN_OPEN, ron(seat=0, extras={"paarenchan"})).is_win
    # dora are no yaku: 2m indicator makes 3m dora, still no win
    assert not score(local, PLAIN_OPEN, ron(seat=0, dora="2m", extras={"paarenchan"})).is_win
    # a local yaku counts as the hand's yaku
    r = score(local, PLAIN_OPEN, ron(seat=0, extras={"paarenchan", "kanburi"}))
    assert_yakuman(r, {"paarenchan"}, 1, 48000)


def test_paarenchan_without_the_yaku_rule(make):
    s = make(paarenchan_needs_yaku=False)
    assert_yakuman(score(s, PLAIN_OPEN, ron(seat=0, extras={"paarenchan"})), {"paarenchan"}, 1, 48000)


def test_paarenchan_is_the_dealers(local):
    r = score(local, PLAIN_CLOSED, ron(riichi=1, extras={"paarenchan"}))
    # a non-dealer with the tag: riichi only, 1 han 40 fu, 320 * 4 = 1280 -> 1,300
    assert ids(r) == {"riichi"} and r.points == 1300


def test_paarenchan_respects_disabled_yaku(make):
    # with menzen tsumo disabled the closed tsumo has no yaku left, so no paarenchan either
    s = make(disabled_yaku=["menzen_tsumo"])
    assert not score(s, PLAIN_CLOSED, tsumo(seat=0, extras={"paarenchan"})).is_win


# --------------------------------------------------------------------------------------------
# tile-specific bonuses
# --------------------------------------------------------------------------------------------

IIPIN = "123m23p456s33z1p 7-89s"  # open, 23p won on 1p (two-sided)


def test_iipin_moyue(local, plain):
    # plain: haitei 1 han; 20 + 2 tsumo = 22 -> 30 fu: 240: dealer 500, others 300 = 1,100
    assert score(plain, IIPIN, tsumo(haitei=True)).points == 1100
    r = score(local, IIPIN, tsumo(haitei=True))
    # haitei 1 + iipin moyue 1 = 2 han 30 fu: 480: dealer 960 -> 1,000, others 500 each = 2,000
    assert han_of(r) == {"haitei": 1, "iipin_moyue": 1}
    assert r.points == 2000 and r.payments == (-1000, 2000, -500, -500)


def test_iipin_moyue_other_tile(local):
    r = score(local, "123m23p456s33z4p 7-89s", tsumo(haitei=True))  # won on 4p: haitei only
    assert ids(r) == {"haitei"} and r.points == 1100


def test_tile_bonus_value_flag(make):
    r = score(make(tile_bonus_han=2), IIPIN, tsumo(haitei=True))
    # 1 + 2 = 3 han 30 fu: 960: dealer 1920 -> 2,000, others 1,000 each = 4,000
    assert han_of(r) == {"haitei": 1, "iipin_moyue": 2} and r.points == 4000


def test_chuupin_raoyui(local, plain):
    hand = "123m78p456s33z9p 7-89s"  # 78p won on 9p by ron
    assert score(plain, hand, ron(houtei=True)).points == 1000  # houtei 1 han 30 fu: 960 -> 1,000
    r = score(local, hand, ron(houtei=True))
    # houtei 1 + chuupin raoyui 1 = 2 han 30 fu: 480 * 4 = 1920 -> 2,000
    assert han_of(r) == {"houtei": 1, "chuupin_raoyui": 1} and r.points == 2000


def test_uumen_kaika(local, plain):
    hand = "123m46p456s33z5p 9999+s"  # 46p won on 5p off the kan replacement
    # plain: rinshan 1 han; 20 + 16 (open kan of 9s) + 2 kanchan + 2 tsumo = 40 fu:
    # 320: dealer 640 -> 700, others 400 each = 1,500
    assert score(plain, hand, tsumo(rinshan=True)).points == 1500
    r = score(local, hand, tsumo(rinshan=True))
    # rinshan 1 + uumen kaika 1 = 2 han 40 fu: 640: dealer 1280 -> 1,300, others 700 each = 2,700
    assert han_of(r) == {"rinshan": 1, "uumen_kaika": 1}
    assert (r.fu, r.points) == (40, 2700)


def test_uumen_kaika_red_five(local):
    r = score(local, "123m46p456s33z0p 9999+s", tsumo(rinshan=True))
    # the red 5p counts too, and is one dora (aka): 3 han 40 fu: 1280: dealer 2560 -> 2,600,
    # others 1,300 each = 5,200
    assert han_of(r) == {"rinshan": 1, "uumen_kaika": 1, "aka": 1}
    assert r.points == 5200
