"""Waits: winning tiles, unseen copies, furiten, and the value of each win under a ruleset.

Expected points are worked out by hand (basic points = fu × 2^(han+2); a dealer's ron ×6, a
non-dealer's ×4; tsumo split with each payment rounded up to 100). Default situation: the player
sits East (dealer) in the East round; a ron comes from the player opposite.
"""

from __future__ import annotations

import json
import random

import pytest

from mjrules import HandError, Scorer, parse_tiles
from mjrules.tools.waits import find_waits, render_waits, unseen_counts, winning_tiles
from mjrules.tools.shanten import hand_shanten, parse_hand, standard_shanten
import mjrules.cli as cli

TENHOU = Scorer("tenhou")


def tiles(text):
    return parse_tiles(text) if text else []


def names(waits):
    return [str(w.tile) for w in waits.waits]


def test_three_sided_wait_without_yaku_for_ron():
    w = find_waits("23456m456p789s11z", scorer=TENHOU)
    assert w.tenpai and names(w) == ["1m", "4m", "7m"]
    assert [x.remaining for x in w.waits] == [4, 3, 4] and w.remaining == 11
    for x in w.waits:
        # East pair (seat and round wind): no yakuhai, no pinfu; ron has no yaku.
        assert not x.has_yaku and not x.ron.is_win and "no yaku" in x.ron.reason
        # Menzen tsumo, 20 + 2 tsumo + 4 double-wind pair = 26 → 30 fu, 1 han dealer: 500 all.
        assert (x.tsumo.han, x.tsumo.fu, x.tsumo.points) == (1, 30, 1500)
        # With riichi: ron 1 han, 20 + 10 menzen ron + 4 = 34 → 40 fu: 40 × 8 × 6 = 1920 → 2000.
        assert (x.riichi_ron.han, x.riichi_ron.fu, x.riichi_ron.points) == (1, 40, 2000)
        assert x.riichi_tsumo.points == 3000  # riichi + tsumo, 2 han 30 fu: 1000 all
    assert "riichi would give a yaku" in render_waits(w)


def test_values_depend_on_the_seat():
    w = find_waits("23456m456p789s22z", scorer=TENHOU, seat_wind=1)
    # 22z is the South seat's wind: pair 2 fu, still no yaku for a ron
    assert not w.waits[0].has_yaku
    x = w.waits[0]
    # non-dealer menzen tsumo, 20 + 2 + 2 = 24 → 30 fu, 1 han: 300/500
    assert x.tsumo.points == 1100 and sorted(x.tsumo.payments)[:3] == [-500, -300, -300]


def test_open_hand_yakuhai_and_no_yaku():
    w = find_waits("3345m789p 5-67m 555=z", scorer=TENHOU)
    assert names(w) == ["3m", "6m"]
    # haku 1 han; open: 20 + 4 (open honour pon) = 24 → 30 fu; dealer 1 han 30 fu: ron 1500, tsumo 500 all
    assert all(x.ron.points == 1500 and x.tsumo.points == 1500 for x in w.waits)
    # 5m: two in hand? 3345m + 567m chi → 5m held twice: 2 left; 3m held twice: 2 left; 6m once: 3 left
    assert [x.remaining for x in w.waits] == [2, 3]
    w = find_waits("2345m789p 3-45m 1-23s", scorer=TENHOU)
    assert names(w) == ["2m", "5m"]
    for x in w.waits:
        assert not x.ron.is_win and not x.tsumo.is_win
        assert x.riichi_ron is None and x.riichi_tsumo is None  # an open hand cannot riichi


def test_pinfu_tanyao_ron():
    # Non-dealer (South), 234567m 34p 567s 88s waiting 2p-5p: pinfu + tanyao, 30 fu ron → 2 han 30 fu = 2000.
    w = find_waits("234567m34p567s88s", scorer=TENHOU, seat_wind=1)
    assert names(w) == ["2p", "5p"]
    for x in w.waits:
        assert x.has_yaku and (x.ron.han, x.ron.fu, x.ron.points) == (2, 30, 2000)
        # tsumo: menzen tsumo + pinfu + tanyao, 20 fu, 3 han: 700/1300
        assert (x.tsumo.han, x.tsumo.fu, x.tsumo.points) == (3, 20, 2700)
        assert x.riichi_ron is None


def test_visible_and_discards_count_as_seen():
    w = find_waits("23456m456p789s11z", visible=tiles("1m1m4m"), discards=tiles("9p"), scorer=TENHOU)
    assert [x.remaining for x in w.waits] == [2, 2, 4]
    assert not w.furiten
    u = unseen_counts(parse_hand("23456m456p789s11z"), tiles("1z1z"))
    assert u[27] == 0 and u[0] == 4
    with pytest.raises(HandError, match="only four"):
        find_waits("23456m456p789s11z", visible=tiles("1z1z1z"), scorer=TENHOU)
    # all copies of a wait in view: still a wait, none left
    w = find_waits("23456m456p789s11z", visible=tiles("7m7m7m7m"), scorer=TENHOU)
    assert [x.remaining for x in w.waits] == [4, 3, 0]


def test_dora_indicators_count_for_value_and_as_seen():
    w = find_waits("234567m34p567s88s", scorer=TENHOU, seat_wind=1, dora=tiles("7s"))
    # dora 8s: two of them → 4 han 30 fu ron = 7700; the indicator 7s is seen
    assert w.waits[0].ron.points == 7700
    assert unseen_counts(parse_hand("234567m34p567s88s"), tiles("7s"))[24] == 2


def test_furiten():
    w = find_waits("12233m456p789s11z", discards=tiles("4m"), scorer=TENHOU)
    assert names(w) == ["1m", "4m"]
    assert w.furiten and [str(t) for t in w.furiten_tiles] == ["4m"]
    assert all(x.ron is None for x in w.waits)        # no ron on any wait
    assert all(x.tsumo.is_win for x in w.waits)       # tsumo still wins
    assert "Furiten" in render_waits(w)
    # a discard that is not a winning tile does not make the hand furiten
    assert not find_waits("12233m456p789s11z", discards=tiles("9p"), scorer=TENHOU).furiten


def test_special_forms():
    w = find_waits("19m19p19s1234567z", scorer=TENHOU)
    assert len(w.waits) == 13 and w.remaining == 39
    assert all(x.ron.yakuman == 1 and x.ron.points == 48000 for x in w.waits)
    w = find_waits("1122m3344p5566s7z", scorer=TENHOU)
    assert names(w) == ["7z"]
    assert (w.waits[0].ron.han, w.waits[0].ron.fu, w.waits[0].ron.points) == (2, 25, 2400)
    w = find_waits("1112345678999m", scorer=TENHOU, seat_wind=1)
    assert names(w) == [f"{i}m" for i in range(1, 10)]
    assert w.waits[0].remaining == 1 and w.waits[8].remaining == 1
    assert all(x.ron.yakuman >= 1 for x in w.waits)


def test_no_fifth_copy_is_a_wait():
    # 1111m234p567s789s: a 1m tanki would need a fifth 1m
    w = find_waits("1111m234p567s789s", scorer=TENHOU)
    assert not w.tenpai and w.shanten == 1 and w.waits == ()
    assert winning_tiles("1111m234p567s789s") == []
    # the kanchan 35m needs a 4m; all four are in the closed kan
    assert winning_tiles("35m123p456s99p 4444m") == []
    # a pon of 5z: the single 5z cannot pair up
    assert winning_tiles("5z123p456s789p 555=z") == []


def _mpsz(counts):
    return "".join(f"{i % 9 + 1}{'mpsz'[i // 9]}" * c for i, c in enumerate(counts))


def _random_hand_with_melds(rng: random.Random):
    """A 13-tile hand with 1–3 melds (pon, closed kan or chi) and a near-complete concealed part."""
    while True:
        held = [0] * 34
        melds = []
        for _ in range(rng.randrange(1, 4)):
            i = rng.randrange(34)
            d, suit = i % 9 + 1, "mpsz"[i // 9]
            roll = rng.random()
            if roll < 0.4 and i < 27 and i % 9 <= 6:
                melds.append(f"{d}-{d + 1}{d + 2}{suit}")
                for k in range(3):
                    held[i + k] += 1
            elif roll < 0.8:
                melds.append(f"{d}{d}{d}={suit}")
                held[i] += 3
            else:
                melds.append(f"{d}{d}{d}{d}{suit}")
                held[i] += 4
        sets = 4 - len(melds)
        conc = [0] * 34
        for _ in range(sets):
            # near the melded kinds, so the four-copy limit matters
            i = rng.choice([j for j in range(34) if held[j]]) + rng.randrange(-2, 3)
            i = min(max(i, 0), 33)
            if i < 27 and i % 9 <= 6 and rng.random() < 0.6:
                for k in range(3):
                    conc[i + k] += 1
            else:
                conc[i] += 3
        conc[rng.randrange(34)] += 2
        conc[rng.choice([j for j in range(34) if conc[j]])] -= 1
        for _ in range(rng.randrange(2)):
            out = rng.choice([j for j in range(34) if conc[j]])
            conc[out] -= 1
            conc[rng.randrange(34)] += 1
        if all(a + b <= 4 for a, b in zip(conc, held)):
            return parse_hand(" ".join([_mpsz(conc)] + melds))


def test_winning_tiles_agree_with_shanten_on_hands_with_melds():
    """The winning tiles (read by the scorer's engine) exist iff shanten (its own tables, with the
    melds' copies taken off) says tenpai; each completes the hand in the table engine too."""
    rng = random.Random(8)
    tenpai = 0
    for _ in range(800):
        hand = _random_hand_with_melds(rng)
        kinds = winning_tiles(hand)
        assert bool(kinds) == (hand_shanten(hand) == 0), hand.mpsz()
        for i in kinds:
            counts = list(hand.counts)
            counts[i] += 1
            assert standard_shanten(counts, hand.caps) == -1, (hand.mpsz(), i)
        tenpai += bool(kinds)
    assert 100 < tenpai < 700


def test_not_tenpai_and_wrong_size():
    w = find_waits("1289m3467p1599s2z", scorer=TENHOU)
    assert not w.tenpai and w.shanten == 3 and w.remaining == 0
    assert "Not tenpai: 3-shanten" in render_waits(w)
    with pytest.raises(HandError, match="13-tile"):
        find_waits("23456m456p789s11z9p", scorer=TENHOU)


def test_ruleset_changes_the_value():
    # open tanyao: yes under tenhou, no under tenhou-nokuitan (kuitan off)
    w1 = find_waits("22m567p88s 3-45s 6-78s", scorer=TENHOU)
    w2 = find_waits("22m567p88s 3-45s 6-78s", ruleset="tenhou-nokuitan")
    assert names(w1) == names(w2) == ["2m", "8s"]
    assert all(x.ron.is_win for x in w1.waits)
    assert not any(x.ron.is_win for x in w2.waits)
    assert w2.ruleset == "tenhou-nokuitan"


# --------------------------------------------------------------------------- CLI


def run(capsys, monkeypatch, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_registered():
    from mjrules.cli.commands import COMMANDS

    assert {name: COMMANDS[name][0] for name in ("shanten", "waits", "discard", "odds")} == dict.fromkeys(
        ("shanten", "waits", "discard", "odds"), "analysis")


def test_cli_waits(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "waits", "23456m456p789s11z", "--visible", "1m1m")
    assert code == 0
    assert "Tenpai on 1m 4m 7m: 9 tiles unseen" in out
    assert "ron no yaku" in out and "riichi would give a yaku" in out
    code, out, _ = run(capsys, monkeypatch, "waits", "3345m789p", "5-67m", "555=z", "--json", "--seat", "S")
    data = json.loads(out)
    assert code == 0 and data["tenpai"] and [w["tile"] for w in data["waits"]] == ["3m", "6m"]
    assert data["waits"][0]["ron"]["points"] == 1000 and data["seat"] == "South"
    code, out, _ = run(capsys, monkeypatch, "waits", "12233m456p789s11z", "--discards", "4m", "--json")
    data = json.loads(out)
    assert data["furiten"] and data["waits"][0]["ron"] is None


def test_cli_waits_not_tenpai_and_errors(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "waits", "1289m3467p1599s2z")
    assert code == 1 and "Not tenpai" in out
    code, _, err = run(capsys, monkeypatch, "waits", "23456m456p789s11z9p")
    assert code == 2 and err.count("\n") == 1 and "13-tile" in err
    code, _, err = run(capsys, monkeypatch, "waits", "23456m456p789s11z", "--visible", "1z1z1z")
    assert code == 2 and "only four" in err
    code, _, err = run(capsys, monkeypatch, "waits", "23456m456p789s11z", "--visible", "8x")
    assert code == 2 and err.count("\n") == 1
    code, _, err = run(capsys, monkeypatch, "waits", "23456m456p789s11z", "--ruleset", "nosuch")
    assert code == 2 and err.count("\n") == 1
