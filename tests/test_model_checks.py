"""The constructors of the value model check what they are given: ``Win(...)`` names the bad field
or the contradiction, ``Hand(...)`` derives its counts and names a fifth copy, and the enums of the
model compare and print as the plain values they replace."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, settings

from mjrules import Hand, Win
from mjrules.errors import HandError, SituationError
from mjrules.model.melds import SEQ, TRIPLET, Meld, MeldKind, SetKind
from mjrules.model.tiles import tile
from mjrules.model.win import SITUATION_BIT, Riichi
from mjrules.notation import majiang_input, parse_majiang_input
from strategies import budget, deals, load_profile

load_profile()


@settings(max_examples=budget(300))
@given(deal=deals())
def test_the_majiang_parser_builds_the_win_the_constructor_builds(deal):
    hand, win = deal
    if win.extras or win.renhou:  # majiang writes neither tags nor renhou
        return
    parsed_hand, parsed = parse_majiang_input(majiang_input(hand, win))
    assert parsed == win
    assert parsed.situation == win.situation
    assert hash(parsed) == hash(win)


@settings(max_examples=budget(300))
@given(deal=deals())
def test_the_situation_names_what_holds(deal):
    _, win = deal
    holds = {name for name, bit in SITUATION_BIT.items() if win.situation & bit}
    assert ("tsumo" in holds) == win.tsumo and ("ron" in holds) == (not win.tsumo)
    assert ("riichi" in holds) == (win.riichi > 0)
    assert ("double_riichi" in holds) == (win.riichi == 2)
    for name in ("ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou", "renhou"):
        assert (name in holds) == getattr(win, name)
    winds = ("east", "south", "west", "north")
    assert {h for h in holds if h.startswith(("round_", "seat_"))} == {
        f"round_{winds[win.round_wind]}", f"seat_{winds[win.seat_wind]}"}


BAD = [
    ({"riichi": 3}, "riichi"),
    ({"riichi": True}, "riichi"),
    ({"round_wind": 4}, "round_wind"),
    ({"seat_wind": "E"}, "seat_wind"),
    ({"honba": -1}, "honba"),
    ({"riichi_sticks": 1000}, "riichi_sticks"),
    ({"ippatsu": 1}, "ippatsu"),
    ({"ippatsu": True}, "ippatsu without riichi"),
    ({"tsumo": False}, "needs the discarder"),
    ({"discarder": 2}, "no discarder"),
    ({"ura": (tile(0),)}, "without riichi"),
    ({"haitei": True, "tsumo": False, "discarder": 1}, "haitei"),
    ({"dora": (tile(0),) * 6}, "at most 5"),
    ({"dora": ("1m",)}, "not a tile"),
    ({"dora": "1m"}, "list of tiles"),
    ({"extras": "kanburi"}, "list of tags"),
    ({"extras": [""]}, "non-empty"),
    ({"kita": 5}, "kita"),
    ({"tenhou": True, "seat_wind": 1}, "dealer"),
]


@pytest.mark.parametrize("change, named", BAD)
def test_a_bad_win_is_refused_by_name(change, named):
    with pytest.raises(SituationError, match=named):
        Win(**change)


def test_riichi_is_an_int_enum():
    win = Win(riichi=1)
    assert win.riichi is Riichi.RIICHI and win.riichi == 1
    assert Win(riichi=Riichi.DOUBLE) == Win(riichi=2)
    assert json.dumps({"lizhi": Win(riichi=2).riichi}) == '{"lizhi": 2}'
    assert f"{Win(riichi=2).riichi}" == "2"


@settings(max_examples=budget(300))
@given(deal=deals())
def test_hand_counts_every_tile(deal):
    hand, _ = deal
    kinds = Counter(t.index for t in hand.tiles())
    assert hand.counts == tuple(kinds[i] for i in range(34))
    reds = [sum(1 for t in hand.tiles() if t.red and t.index // 9 == suit) for suit in range(3)]
    assert hand.reds == tuple(reds) and hand.red_fives == sum(reds)
    rebuilt = Hand(concealed=list(reversed(hand.concealed)), win_tile=hand.win_tile, melds=list(hand.melds))
    assert rebuilt == hand and hash(rebuilt) == hash(hand) and rebuilt.concealed == hand.concealed


def _t(*indices):
    return [tile(i) for i in indices]


BAD_HANDS = [
    (_t(0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9), tile(0), [], "1m appears 5 times"),
    (_t(0, 1, 2), tile(3), [], "wrong tile count"),
    (_t(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), tile(9), [Meld(MeldKind.PON, _t(9, 9, 9), 0, 2)], "1p appears 5 times"),
    (_t(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11) + ["1m"], tile(0), [], "'1m' is not a Tile"),
]


@pytest.mark.parametrize("concealed, win_tile, melds, named", BAD_HANDS)
def test_a_bad_hand_is_refused_by_name(concealed, win_tile, melds, named):
    with pytest.raises(HandError, match=named):
        Hand(concealed, win_tile, melds)


def test_meld_shape_is_its_reading_set():
    assert Meld(MeldKind.CHI, _t(2, 0, 1), 0, 3).shape == (SEQ, 0, False, False)
    assert Meld(MeldKind.PON, _t(31, 31, 31), 1, 2).shape == (TRIPLET, 31, False, False)
    assert Meld(MeldKind.ANKAN, _t(27, 27, 27, 27)).shape == (TRIPLET, 27, True, True)
    assert Meld(MeldKind.DAIMINKAN, _t(4, 4, 4, 4), 3, 1).shape == (TRIPLET, 4, False, True)
    # The set kinds are ints, so shapes compare with the plain tuples readings used before.
    assert SetKind.SEQ == 0 and SetKind.TRIPLET == 1
    assert Meld(MeldKind.CHI, _t(2, 0, 1), 0, 3).shape == (0, 0, False, False)
