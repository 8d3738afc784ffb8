"""The reading is a read-only record named by unit: wind kinds, the suit mask and count, the
terminal count and level; its old names still read, with a DeprecationWarning, for one release."""

from __future__ import annotations

import json

import pytest

from mjrules import Win
from mjrules.readings.reading import (
    CHIITOITSU,
    KOKUSHI,
    STANDARD,
    TERMINALS_OUTSIDE,
    TERMINALS_SOME,
    Form,
    analyse,
)
from mjrules.kernel.shapes import KANCHAN, TANKI, Wait
from mjrules.model.tiles import SOUTH, WEST

def _readings(concealed: str, win_tile: str, win: Win):
    from mjrules.model.hand import Hand
    from mjrules.notation import parse_tiles

    return analyse(Hand(concealed=parse_tiles(concealed), win_tile=parse_tiles(win_tile)[0]), win)


def test_names_by_unit():
    # Seat South (1), round West (2): the reading gives their tile kinds.
    [r] = _readings("13m789m111s99s777z", "2m", Win(seat_wind=1, round_wind=2))
    assert (r.seat_wind_kind, r.round_wind_kind) == (SOUTH, WEST)
    assert r.form == STANDARD and r.wait == KANCHAN
    # Characters and bamboo: mask 1 | 4, two suits.
    assert r.suit_mask == 5 and r.features.suit_count == 2
    # 1m 9m, 1s 1s 1s, 9s 9s and three Red dragons: 10 terminals and honours of 14, one in every set.
    assert r.yaochu_count == 10 and r.features.terminal_level == TERMINALS_OUTSIDE


def test_the_names_renamed_in_0_3_are_gone():
    [r] = _readings("13m789m111s99s777z", "2m", Win(seat_wind=1, round_wind=2))
    for old in ("seat_wind", "round_wind", "suits", "yaochu"):
        assert not hasattr(r, old)
    for old in ("suits", "yaochu"):
        assert not hasattr(r.features, old)


def test_the_reading_is_read_only():
    [r] = _readings("13m789m111s99s777z", "2m", Win())
    with pytest.raises(AttributeError):
        r.pair = 0  # type: ignore[misc]


def test_forms_and_waits_are_their_words():
    [r] = _readings("1133m5577p22s66z7z", "7z", Win())
    assert r.form is Form.CHIITOITSU and r.form == "chiitoitsu" == CHIITOITSU
    assert r.wait is TANKI and r.wait == "tanki"
    assert json.dumps({"form": r.form, "wait": r.wait}) == '{"form": "chiitoitsu", "wait": "tanki"}'
    assert f"{r.form} {r.wait}" == "chiitoitsu tanki" and str(Wait.RYANMEN) == "ryanmen"
    [k] = _readings("19m19p19s1234567z", "1m", Win())
    assert k.form == KOKUSHI and k.wait is Wait.KOKUSHI and k.wait == "kokushi"



def test_terminal_levels():
    # 1m, 9s, 9s: three terminals, one to five.
    [r] = _readings("123m456p456s678s9s", "9s", Win())
    assert r.yaochu_count == 3 and r.features.terminal_level == TERMINALS_SOME
