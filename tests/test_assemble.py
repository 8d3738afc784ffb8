"""The majiang parser's constructors give what the attrs constructors give: ``assemble_win`` the
same fields, situation mask and error for a bad value as ``Win(...)``, ``assemble_hand`` the same
as ``Hand(...)``."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings

from mjrules import Hand, Win
from mjrules.errors import HandError, SituationError
from mjrules.model.hand import assemble_hand
from mjrules.model.melds import Meld, MeldKind
from mjrules.model.win import assemble_win
from mjrules.model.tiles import tile
from strategies import budget, deals, load_profile

load_profile()

# assemble_win takes every field but the tags and the kita (0 on the parsers' path; a win with kita is
# built by Win(...) or attrs.evolve)
FIELDS = [f.name for f in attrs.fields(Win) if f.init and f.name not in ("extras", "kita")]


def _values(w: Win) -> list:
    return [getattr(w, name) for name in FIELDS]


@settings(max_examples=budget(300))
@given(deal=deals())
def test_same_win_as_the_constructor(deal):
    _, win = deal
    if win.extras:
        return
    built = assemble_win(*[tuple(v) if name in ("dora", "ura") else v for name, v in zip(FIELDS, _values(win))])
    assert built == win
    assert built.situation == win.situation
    assert hash(built) == hash(win)


BAD = [
    {"riichi": 3},
    {"round_wind": 4},
    {"seat_wind": "E"},
    {"honba": -1},
    {"ippatsu": 1},
    {"ippatsu": True},  # without riichi
    {"tsumo": False},  # a ron needs a discarder
    {"discarder": 2},  # a tsumo has none
    {"ura": (tile(0),)},  # ura without riichi
    {"haitei": True, "tsumo": False, "discarder": 1},
    {"dora": (tile(0),) * 6},
    {"dora": ("1m",)},
]


@pytest.mark.parametrize("change", BAD)
def test_same_error_as_the_constructor(change):
    values = dict(zip(FIELDS, _values(Win())))
    values.update(change)
    with pytest.raises(SituationError) as expected:
        Win(**values)
    with pytest.raises(SituationError) as got:
        assemble_win(*values.values())
    assert str(got.value) == str(expected.value)


@settings(max_examples=budget(300))
@given(deal=deals())
def test_same_hand_as_the_constructor(deal):
    hand, _ = deal
    # The concealed tiles in reverse, so the canonical order has to be restored.
    built = assemble_hand(list(reversed(hand.concealed)), hand.win_tile, list(hand.melds))
    assert built == hand
    assert (built.counts, built.red_fives, built.reds) == (hand.counts, hand.red_fives, hand.reds)
    assert hash(built) == hash(hand)


def _t(*indices):
    return [tile(i) for i in indices]


BAD_HANDS = [
    (_t(0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9), tile(0), []),  # a fifth 1m
    (_t(0, 1, 2), tile(3), []),  # too few tiles
    (_t(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), tile(9), [Meld(MeldKind.PON, _t(9, 9, 9), 0, 2)]),  # a fifth 1p
    (_t(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11) + ["1m"], tile(0), []),  # not a tile
]


@pytest.mark.parametrize("concealed, win_tile, melds", BAD_HANDS)
def test_same_hand_error_as_the_constructor(concealed, win_tile, melds):
    with pytest.raises(HandError) as expected:
        Hand(concealed, win_tile, melds)
    with pytest.raises(HandError) as got:
        assemble_hand(concealed, win_tile, melds)
    assert str(got.value) == str(expected.value)


def test_meld_shape_is_its_reading_set():
    assert Meld(MeldKind.CHI, _t(2, 0, 1), 0, 3).shape == (0, 0, False, False)
    assert Meld(MeldKind.PON, _t(31, 31, 31), 1, 2).shape == (1, 31, False, False)
    assert Meld(MeldKind.ANKAN, _t(27, 27, 27, 27)).shape == (1, 27, True, True)
    assert Meld(MeldKind.DAIMINKAN, _t(4, 4, 4, 4), 3, 1).shape == (1, 4, False, True)
