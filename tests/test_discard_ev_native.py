"""``discard --ev``'s native search (``mjrules/kernel/rust/src/ev.rs``) against the Python search, its
definition (``mjrules.tools.discard_ev``): the same states and the same values at every turn, on
small hands under rulesets, situations and hands that reach every part of the model (red fives,
ura dora, kiriage, melds, three players with kita, seven pairs and thirteen orphans, a third
party's yaku on the Python path, tiles in sight, the search's reach), under both models. Without a native build there
is nothing to compare, and the module says so as a skip; CI sets ``MJRULES_KERNEL=native``, where
a missing build is an error.
"""

from __future__ import annotations

import pytest

from mjrules import Scorer
from mjrules.notation.mpsz import parse_tiles
from mjrules.tools.discard_ev import evaluate_discards

from helpers import example_plugin, native_or_skip

native_or_skip("the native search")


def _kinkei() -> Scorer:
    return Scorer("tenhou", extra_plugins={"kinkei": example_plugin()})


CASES = {
    "issue hand, dealer, dora 1m": ("123m067p2357s1156z", "tenhou", {"dora": "1m"}),
    "kiriage, South seat, turn 5": ("123m067p2357s1156z", "mleague", {"dora": "9s", "seat_wind": 1, "turn": 5}),
    "2-shanten, tiles seen, turn 9": ("24m068p134577s226z", "tenhou", {"dora": "4p", "visible": "3m5s7z", "turn": 9}),
    "open tanyao": ("234m567p4466s9s 3-45s", "tenhou", {"turn": 3, "seat_wind": 2}),
    "no open tanyao": ("234m567p4466s9s 3-45s", "tenhou-nokuitan", {"turn": 3, "seat_wind": 2}),
    "two melds and a kan": ("55m34p678s9s 1111+z 2-34s", "tenhou", {"dora": "2z", "round_wind": 1}),
    "three players, kita": ("99m456p789p123s45s4z", "tenhou-sanma", {"dora": "3z", "kita": 1, "seat_wind": 1}),
    "a plugin's yaku (Python)": ("1s5z 1-23m 4-56p 777=z 222+z", _kinkei, {"seat_wind": 2}),
    "no red fives, no ura": ("123m406p789s99p23s7z", "jpml-a", {"dora": "1p"}),
    "seven pairs": ("11m99m11p99p11s9s12z5m", "tenhou", {"dora": "8m"}),
    "thirteen orphans": ("19m19p19s1234567z5m", "tenhou", {"dora": "5z"}),
    "extra 0": ("123m067p2357s1156z", "tenhou", {"dora": "1m", "extra": 0}),
    "extra 2, turn 14": ("123m067p2357s1156z", "tenhou", {"dora": "1m", "extra": 2, "turn": 14}),
    # mahjong-cpp's model: its wall, its riichi moves (riichi wins as states, the hand before riichi)
    "mahjong-cpp, issue hand": ("123m067p2357s1156z", "tenhou", {"dora": "1m", "model": "mahjong-cpp"}),
    "mahjong-cpp, riichi at once, turn 6": ("123m456p789s99p23s7z", "tenhou",
                                           {"dora": "9p", "turn": 6, "model": "mahjong-cpp"}),
    "mahjong-cpp, 2-shanten, tiles seen, kiriage": ("24m068p134577s226z", "mleague",
                                                    {"dora": "4p", "visible": "3m5s7z", "turn": 9, "model": "mahjong-cpp"}),
    "mahjong-cpp, open hand": ("234m567p4466s9s 3-45s", "tenhou", {"turn": 3, "seat_wind": 2, "model": "mahjong-cpp"}),
    "mahjong-cpp, three players": ("99m456p789p123s45s4z", "tenhou-sanma",
                                   {"dora": "3z", "kita": 1, "seat_wind": 1, "model": "mahjong-cpp"}),
    "mahjong-cpp, seven pairs, extra 2": ("11m99m11p99p11s9s12z5m", "tenhou",
                                         {"dora": "8m", "extra": 2, "turn": 12, "model": "mahjong-cpp"}),
}


@pytest.mark.parametrize("label", list(CASES))
def test_native_search_equals_the_python_search(label):
    hand, ruleset, options = CASES[label]
    scorer = ruleset() if callable(ruleset) else Scorer(ruleset)
    kw = dict(options)
    for key in ("dora", "visible"):
        if key in kw:
            kw[key] = parse_tiles(kw[key])
    native = evaluate_discards(hand, scorer=scorer, kernel="native", **kw)
    python = evaluate_discards(hand, scorer=scorer, kernel="python", **kw)
    assert native.states == python.states
    assert [d.tile for d in native.discards] == [d.tile for d in python.discards]
    for n, p in zip(native.discards, python.discards):
        assert (n.shanten, n.riichi) == (p.shanten, p.riichi)
        assert len(n.by_turn) == len(p.by_turn)
        for a, b in zip(n.by_turn, p.by_turn):
            assert a == pytest.approx(b, rel=1e-9, abs=1e-12), (n.tile, a, b)
    assert any(d.win_prob > 0 for d in python.discards) or label == "no open tanyao"
    if kw.get("model") == "mahjong-cpp":  # the model's own path, not the published one's
        published = evaluate_discards(hand, scorer=scorer, kernel="native", **{**kw, "model": "mjrules"})
        assert [d.by_turn for d in published.discards] != [d.by_turn for d in native.discards]
