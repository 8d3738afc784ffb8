"""``assemble_win`` (the majiang parser's way to build a Win) gives what ``Win(...)`` gives:
the same fields, the same situation mask, and the same error for a bad value."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings

from mjrules import Win
from mjrules.errors import SituationError
from mjrules.situation import assemble_win
from mjrules.tiles import tile
from strategies import budget, deals, load_profile

load_profile()

FIELDS = [f.name for f in attrs.fields(Win) if f.init and f.name != "extras"]


def _values(w: Win) -> list:
    return [getattr(w, name) for name in FIELDS]


def test_parameters_follow_the_fields():
    code = assemble_win.__code__
    assert list(code.co_varnames[:code.co_argcount]) == FIELDS


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
