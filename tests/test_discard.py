"""Discard advice: every discard of a 14-tile hand, ranked by shanten, ukeire and the value of the waits."""

from __future__ import annotations

import json
import random

import pytest

from mjrules import HandError, Scorer, parse_tiles
from mjrules.tools.discard import advise_discard, render_advice
from mjrules.tools.shanten import HandTiles, shanten
import mjrules.cli as cli

TENHOU = Scorer("tenhou")


def order(advice):
    return [(str(o.tile), o.shanten, o.ukeire) for o in advice.options]


def test_every_discard_ranked():
    a = advise_discard("23456m4569p789s11z", scorer=TENHOU)
    assert a.shanten == 0
    assert len(a.options) == 13  # one per kind held
    best = a.best
    assert (str(best.tile), best.shanten, best.ukeire) == ("9p", 0, 11)
    assert [(str(t), n) for t, n in best.improving] == [("1m", 4), ("4m", 3), ("7m", 4)]
    assert [str(w.tile) for w in best.waits.waits] == ["1m", "4m", "7m"]
    # discarding 2m: 3456m → 1-shanten; the improving tiles are counted from the 14-tile hand
    two = next(o for o in a.options if str(o.tile) == "2m")
    assert two.shanten == 1 and two.waits is None
    keys = [(o.shanten, -o.ukeire, -o.ron_on_offer, -o.tsumo_on_offer, o.tile.index) for o in a.options]
    assert keys == sorted(keys)
    text = render_advice(a)
    assert text.splitlines()[3].startswith("9p       tenpai")


def test_ukeire_matches_a_direct_count():
    rng = random.Random(3)
    wall = [i for i in range(34) for _ in range(4)]
    for _ in range(40):
        counts = [0] * 34
        for t in rng.sample(wall, 14):
            counts[t] += 1
        text = "".join(f"{i % 9 + 1}{'mpsz'[i // 9]}" * c for i, c in enumerate(counts))
        a = advise_discard(text, scorer=TENHOU)
        for o in a.options:
            rest = list(counts)
            rest[o.tile.index] -= 1
            s = shanten(rest)
            assert o.shanten == s
            ukeire = 0
            for i in range(34):
                if counts[i] < 4:
                    rest[i] += 1
                    if shanten(rest) < s:
                        ukeire += 4 - counts[i]
                    rest[i] -= 1
            assert o.ukeire == ukeire
        s14 = shanten(counts)
        assert a.shanten == s14
        assert min(o.shanten for o in a.options) == max(s14, 0)


def test_visible_tiles_lower_ukeire():
    a = advise_discard("23456m4569p789s11z", visible=parse_tiles("1m1m7m"), scorer=TENHOU)
    assert (str(a.best.tile), a.best.ukeire) == ("9p", 8)


def test_discarding_a_winning_tile_is_furiten():
    # complete hand: 234 567m 456p 789s 11z; throwing 7m leaves 23456m waiting on 1m 4m 7m, 7m discarded
    a = advise_discard("234567m456p789s11z", scorer=TENHOU)
    assert a.shanten == -1
    seven = next(o for o in a.options if str(o.tile) == "7m")
    assert seven.shanten == 0 and seven.waits.furiten
    assert all(w.ron is None for w in seven.waits.waits)
    assert seven.ron_on_offer == 0
    # the discarded copy counts as seen: 7m has 4 − 1 (in the 14-tile hand) = 3 left
    assert [(str(w.tile), w.remaining) for w in seven.waits.waits] == [("1m", 4), ("4m", 3), ("7m", 3)]
    assert a.complete and "already a winning shape" in render_advice(a)
    # seven pairs and an open hand are complete too; one tile off is not
    assert advise_discard("1133m5577p99s1122z", scorer=TENHOU).complete
    assert advise_discard("23m456p789s112z 3-45m", scorer=TENHOU).complete is False
    assert advise_discard("234m456p789s11z 3-45m", scorer=TENHOU).complete
    off = advise_discard("1133m5577p99s1123z", scorer=TENHOU)
    assert not off.complete and off.shanten == 0 and "already a winning shape" not in render_advice(off)


def test_value_breaks_ties():
    # South seat. Throwing 2s or 5s both leave 34m waiting on 2m-5m (8 tiles). After 2s the sets are
    # 345p 456p 345s 88p: 5m makes 345 in all three suits (sanshoku + pinfu + tanyao, 4 han 30 fu
    # = 7700), 2m pinfu + tanyao (2000). After 5s (234s) both waits pay 2000.
    a = advise_discard("34m34455688p2345s", scorer=TENHOU, seat_wind=1)
    first, second = a.options[0], a.options[1]
    assert (str(first.tile), first.shanten, first.ukeire) == ("2s", 0, 8)
    assert (str(second.tile), second.shanten, second.ukeire) == ("5s", 0, 8)
    assert first.ron_on_offer == 4 * 7700 + 4 * 2000
    assert second.ron_on_offer == 8 * 2000
    # a 1-shanten discard with far more ukeire still ranks below: shanten comes first
    assert a.options[2].shanten == 1 and a.options[2].ukeire > 8


def test_red_fives_and_melds():
    a = advise_discard("05m123p456s78p1z 3-45m", scorer=TENHOU)
    # the hand holds red and plain 5m; the option discards the plain one
    five = next(o for o in a.options if o.tile.index == 4)
    assert not five.tile.red
    a = advise_discard("0m123p456s789p1z 3-45m", scorer=TENHOU)
    five = next(o for o in a.options if o.tile.index == 4)
    assert five.tile.red
    a = advise_discard("2345m789p1z 3-45m 555=z", scorer=TENHOU)
    assert (str(a.best.tile), a.best.shanten, a.best.ukeire) == ("1z", 0, 5)


def test_wrong_size():
    with pytest.raises(HandError, match="14-tile"):
        advise_discard("23456m456p789s11z", scorer=TENHOU)
    assert HandTiles(parse_tiles("23456m4569p789s11z")).size == 14


# --------------------------------------------------------------------------- CLI


def run(capsys, monkeypatch, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_discard(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "discard", "23456m4569p789s11z")
    assert code == 0
    lines = out.splitlines()
    assert lines[2].startswith("discard") and lines[3].split()[:3] == ["9p", "tenpai", "11"]
    assert "wait 1m" in out
    code, out, _ = run(capsys, monkeypatch, "discard", "23456m4569p789s11z", "--visible", "1m", "--json",
                       "--ruleset", "mahjongsoul")
    data = json.loads(out)
    assert data["ruleset"] == "mahjongsoul" and data["options"][0]["discard"] == "9p"
    assert data["options"][0]["ukeire"] == 10 and len(data["options"][0]["waits"]) == 3
    code, _, err = run(capsys, monkeypatch, "discard", "23456m456p789s11z")
    assert code == 2 and "14-tile" in err and err.count("\n") == 1
    code, _, err = run(capsys, monkeypatch, "discard", "2345m789p1z", "3-44m")
    assert code == 2 and err.count("\n") == 1
