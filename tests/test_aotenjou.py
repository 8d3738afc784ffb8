"""The aotenjou plugin: no limits, basic points = fu × 2^(han + 2) for every hand.

Rulesets are Tenhou plus ``aotenjou`` written to a temporary TOML file. A natural yakuman hand is
paid as 30 fu with 13 han per yakuman (the plugin's defaults): 30 × 2^15 = 983,040 for one.

Winner: South (seat 1, non-dealer) in the East round; ron from the opposite player (seat 3) unless
stated. Payments: non-dealer ron basic × 4, dealer ron × 6; non-dealer tsumo: dealer basic × 2,
the others basic; each payment rounded up to 100.
"""

from __future__ import annotations

import json

import pytest

from helpers import ids, ron, score, tsumo
from mjrules import Scorer, load_ruleset


@pytest.fixture(scope="module")
def make(tmp_path_factory):
    def build(plugins=("aotenjou",), **flags):
        lines = ['name = "aotenjou-test"', 'extends = "tenhou"', "[plugins]", f"enable = {json.dumps(list(plugins))}",
                 "[flags]"]
        lines += [f"{name} = {json.dumps(value)}" for name, value in flags.items()]
        path = tmp_path_factory.mktemp("rules") / "aotenjou.toml"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return Scorer(load_ruleset(str(path)))

    return build


@pytest.fixture(scope="module")
def ao(make):
    return make()


@pytest.fixture(scope="module")
def plain():
    return Scorer("tenhou")


PLAIN_CLOSED = "123m456p24789s33z3s"  # 123m 456p 789s, 24s kanchan on 3s, West pair: no yaku of its own
PINFU_TANYAO = "234m456p34678s88s5s"  # 234m 456p 345s 678s 88s, two-sided on 5s: pinfu + tanyao, 30 fu ron
WHEEL = "2233445566778p8p"  # 22p + 345p 345p 678p 678p: ryanpeikou, pinfu, tanyao, chinitsu
KOKUSHI = "19m19p19s1234566z7z"


def test_off_by_default(plain):
    assert not plain.plugins.implements("mjrules_base_points")
    assert "aotenjou_yakuman_han" not in plain.flags


def test_flags(ao):
    assert ao.flags["aotenjou_yakuman_han"] == 13 and ao.flags["aotenjou_yakuman_fu"] == 30
    declared = ao.plugins.flags()
    for name in ("aotenjou_yakuman_han", "aotenjou_yakuman_fu"):
        plugin, flag = declared[name]
        assert plugin == "aotenjou" and flag.doc


def test_small_hand_is_unchanged(ao):
    r = score(ao, PLAIN_CLOSED, ron(riichi=1))
    # riichi 1 han; 20 + 10 menzen ron + 2 kanchan = 32 -> 40 fu: 40 * 8 = 320 * 4 = 1280 -> 1,300
    assert (r.han, r.fu, r.base, r.points) == (1, 40, 320, 1300)


def test_no_mangan_cap(ao, plain):
    win = ron(riichi=1, dora="2m3p8s")  # dora 3m, 4p, 9s: one of each in the hand
    # riichi 1 + dora 3 = 4 han 40 fu: 40 * 2^6 = 2,560
    assert score(plain, PLAIN_CLOSED, win).points == 8000  # Tenhou: mangan, 2,000 * 4
    r = score(ao, PLAIN_CLOSED, win)
    # aotenjou: 2,560 * 4 = 10,240 -> 10,300
    assert (r.han, r.fu, r.base, r.points) == (4, 40, 2560, 10300)
    assert r.limit is None


def test_no_kiriage(make):
    s = make(kiriage=True)  # even where the ruleset rounds 30 fu 4 han up to mangan
    r = score(s, PINFU_TANYAO, ron(riichi=1, dora="1m"))  # dora 2m
    # riichi 1 + pinfu 1 + tanyao 1 + dora 1 = 4 han 30 fu: 30 * 64 = 1,920 * 4 = 7,680 -> 7,700
    assert (r.han, r.fu, r.base, r.points) == (4, 30, 1920, 7700)


def test_sanbaiman_range(ao, plain):
    # Tenhou: 11 han sanbaiman, 6,000 * 4 = 24,000
    assert score(plain, WHEEL, ron()).points == 24000
    r = score(ao, WHEEL, ron())
    # ryanpeikou 3 + pinfu 1 + tanyao 1 + chinitsu 6 = 11 han, 30 fu:
    # 30 * 2^13 = 245,760; * 4 = 983,040 -> 983,100
    assert ids(r) == {"ryanpeikou", "pinfu", "tanyao", "chinitsu"}
    assert (r.han, r.fu, r.base, r.points) == (11, 30, 245760, 983100)


def test_thirteen_han_is_not_kazoe(ao, plain):
    win = tsumo(riichi=1)
    # Tenhou: 13 han, kazoe yakuman: 16,000 + 8,000 + 8,000 = 32,000
    assert score(plain, WHEEL, win).points == 32000
    r = score(ao, WHEEL, win)
    # riichi 1 + menzen tsumo 1 + pinfu 1 + tanyao 1 + ryanpeikou 3 + chinitsu 6 = 13 han, 20 fu (pinfu tsumo):
    # 20 * 2^15 = 655,360; dealer 1,310,720 -> 1,310,800; others 655,360 -> 655,400 each: 2,621,600
    # (the seven-pairs reading, 11 han 25 fu = 204,800 basic, pays less)
    assert (r.han, r.fu, r.base) == (13, 20, 655360)
    assert r.points == 2621600
    assert r.payments == (-1310800, 2621600, -655400, -655400)
    assert r.yakuman == 0 and r.limit is None


def test_yakuman_is_13_han_at_30_fu(ao):
    r = score(ao, KOKUSHI, ron())
    # 30 * 2^(13 + 2) = 983,040; * 4 = 3,932,160 -> 3,932,200
    assert ids(r) == {"kokushi"} and r.yakuman == 1
    assert (r.base, r.points) == (983040, 3932200)
    assert ao.yakuman_base(1) == 983040


def test_yakuman_dealer_ron_and_tsumo(ao):
    r = score(ao, KOKUSHI, ron(seat=0, discarder=3))
    # 983,040 * 6 = 5,898,240 -> 5,898,300, from the dealer's previous player (North)
    assert r.points == 5898300 and r.payments == (5898300, 0, 0, -5898300)
    r = score(ao, KOKUSHI, tsumo())
    # non-dealer tsumo: dealer 1,966,080 -> 1,966,100; others 983,040 -> 983,100 each: 3,932,300
    assert r.points == 3932300 and r.payments == (-1966100, 3932300, -983100, -983100)


def test_double_yakuman_counts_26_han(ao):
    hand = "555666777z2z2z 111=z"  # three dragon triplets, East called, South tanki: daisangen + tsuuiisou
    r = score(ao, hand, ron())
    # two yakuman (Tenhou stacks them): 30 * 2^(26 + 2) = 8,053,063,680;
    # * 4 = 32,212,254,720 -> 32,212,254,800
    assert ids(r) == {"daisangen", "tsuuiisou"} and r.yakuman == 2
    assert (r.base, r.points) == (8053063680, 32212254800)


def test_yakuman_fu_and_han_flags(make):
    r = score(make(aotenjou_yakuman_fu=20), KOKUSHI, ron())
    # 20 * 2^15 = 655,360; * 4 = 2,621,440 -> 2,621,500
    assert (r.base, r.points) == (655360, 2621500)
    r = score(make(aotenjou_yakuman_han=10), KOKUSHI, ron())
    # 30 * 2^12 = 122,880; * 4 = 491,520 -> 491,600
    assert (r.base, r.points) == (122880, 491600)


def test_with_local_yaku(make):
    s = make(plugins=("aotenjou", "local-yaku"))
    r = score(s, WHEEL, ron())
    # daisharin, one yakuman: 983,040 * 4 = 3,932,200 (more than the 11-han reading's 983,100)
    assert ids(r) == {"daisharin"} and r.points == 3932200
    r = score(s, "1122334455667z7z", ron())
    # daichisei, double by default: 30 * 2^28 * 4 = 32,212,254,800 as above
    assert ids(r) == {"daichisei"} and r.points == 32212254800


def test_honba_and_sticks_on_top(ao):
    r = score(ao, PLAIN_CLOSED, ron(riichi=1, dora="2m3p8s", honba=2, riichi_sticks=1))
    # 10,300 as in test_no_mangan_cap, + 2 * 300 honba from the discarder, + 1,000 stick
    assert r.points == 10300
    assert r.payments == (0, 10300 + 600 + 1000, 0, -(10300 + 600))
