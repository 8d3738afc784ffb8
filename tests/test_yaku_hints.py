"""Yaku hints (``forms``, ``honours``, ``when``, set counts, ``max_suits``, ``yaochu``,
``triplet_of``, ``closed``) only let the scorer skip checks that could not fire.

Soundness is tested against the checks themselves: on every reading of the conformance hands and
of generated hands, a yaku whose check fires must fit the reading's features. A hint that is
too tight would make the scorer miss a yaku; these tests catch that for every built-in and
local yaku. ``forms`` and ``when`` are the exception: they are documented as preconditions the
check may rely on (ippatsu's check reads only the ruleset flag, daichisei's does not test the
form), so they are taken as given.
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings

from mjrules import Scorer, hookimpl, load_ruleset, parse_majiang_input
from mjrules.plugin_api import HAKU, HATSU
from mjrules.errors import PluginError
from mjrules.readings.reading import analyse
from mjrules.model.win import SITUATION_BIT
from mjrules.rules.yaku import Yaku
from mjrules.scoring.hint_check import hint_violations, random_wins
from strategies import budget, deals, load_profile

load_profile()

_ALL = Scorer(attrs.evolve(load_ruleset("tenhou"), plugins=(*load_ruleset("tenhou").plugins, "local-yaku")))
"""Tenhou plus the local-yaku pack: every yaku the project ships."""


def _fired(scorer: Scorer, r) -> list[Yaku]:
    """The yaku whose check fires on reading ``r`` where its preconditions (form, when) hold."""
    return [
        y for y in scorer.yaku
        if r.form in y.forms and (y.when is None or r.win.situation & SITUATION_BIT[y.when])
        and y.check(r, scorer.flags)
    ]


def _unsound(scorer: Scorer, hand, win) -> list[str]:
    return [str(v) for v in hint_violations(scorer, [(hand, win)])]


def test_hints_sound_on_conformance_hands(hule_lines):
    fired = set()
    for line in hule_lines:
        hand, win = parse_majiang_input(line["in"])
        assert _unsound(_ALL, hand, win) == []
        fired.update(y.id for r in analyse(hand, win) for y in _fired(_ALL, r))
    # The data exercises the hinted yaku, so the test above is not vacuous.
    for yid in ("haku", "hatsu", "chun", "round_wind_east", "seat_wind_south", "honitsu", "chinitsu", "tanyao",
                "honroutou", "shousangen"):
        assert yid in fired, yid


@settings(max_examples=budget(300))
@given(deal=deals())
def test_hints_sound_on_generated_hands(deal):
    hand, win = deal
    assert _unsound(_ALL, hand, win) == []


def test_hints_sound_on_random_wins():
    wins = list(random_wins(4000, seed=7, extras=_ALL.extras))
    assert [str(v) for v in hint_violations(_ALL, wins)] == []
    # The random hands reach the hinted yaku, so the check above is not vacuous.
    fired = {y.id for hand, win in wins for r in analyse(hand, win) for y in _fired(_ALL, r)}
    for yid in ("haku", "chun", "seat_wind_south", "round_wind_east", "honitsu", "chinitsu", "tanyao", "chanta",
                "junchan", "honroutou", "shousangen", "toitoi", "kokushi", "chiitoitsu", "ittsu", "sanshoku"):
        assert yid in fired, yid


def test_a_wrong_hint_is_reported():
    # Haku's check with hatsu's triplet hint: it can never fire where it should.
    class Wrong:
        @hookimpl
        def mjrules_register_yaku(self, register):
            register(Yaku("white_twice", "White dragon, wrongly hinted", "白", lambda r, f: r.counts[HAKU] >= 3,
                          han=1, han_open=1, triplet_of=(HATSU,)))

    scorer = Scorer("tenhou", extra_plugins={"wrong": Wrong()})
    found = hint_violations(scorer, random_wins(2000, seed=3))
    assert [(v.yaku, v.plugin) for v in found] == [("white_twice", "wrong")]
    assert "white_twice" in str(found[0]) and "wrong" in str(found[0])


def _features(form="standard", sequences=4, situation=0, closed=True, suits=2, yaochu=1, honours=False, trips=0):
    from mjrules.readings.reading import Features

    return Features(form=form, sequences=sequences, situation=situation, closed=closed, suit_count=suits,
                    terminal_level=yaochu, honours=honours, honour_triplets=trips)


def _yaku(**hints) -> Yaku:
    return Yaku("hinted", "Hinted", "ヒント", lambda r, f: True, han=1, **hints)


def test_fits_reads_each_hint():
    east = 1 << 12  # round_east in Win.situation
    assert _yaku(when="round_east").fits(_features(situation=east))
    assert not _yaku(when="round_east").fits(_features(situation=east << 1))
    assert _yaku(max_suits=1).fits(_features(suits=1))
    assert not _yaku(max_suits=1).fits(_features(suits=2))
    assert _yaku(yaochu="none").fits(_features(yaochu=0))
    assert not _yaku(yaochu="none").fits(_features(yaochu=1))
    assert _yaku(yaochu="all").fits(_features(yaochu=3))
    assert not _yaku(yaochu="all").fits(_features(yaochu=2))
    assert _yaku(yaochu="outside").fits(_features(yaochu=2))
    assert _yaku(yaochu="outside").fits(_features(yaochu=3))
    assert not _yaku(yaochu="outside").fits(_features(yaochu=1))
    assert _yaku(triplet_of=(31,)).fits(_features(sequences=3, honours=True, trips=1 << 4))
    assert not _yaku(triplet_of=(31,)).fits(_features(sequences=3, honours=True, trips=1 << 5))
    assert _yaku(triplet_of=(31, 32, 33)).fits(_features(sequences=3, honours=True, trips=1 << 6))
    assert _yaku(closed=True).fits(_features(closed=True))
    assert not _yaku(closed=True).fits(_features(closed=False))
    assert _yaku(closed=False).fits(_features(closed=False))
    assert not _yaku(closed=False).fits(_features(closed=True))
    assert _yaku().fits(_features())
    assert _yaku().fits(_features(closed=False))


def test_a_wrong_closed_hint_is_reported():
    # A check that fires on closed hands only (menzen: no called meld), hinted as needing a call.
    class Wrong:
        @hookimpl
        def mjrules_register_yaku(self, register):
            register(Yaku("menzen_called", "Closed, wrongly hinted", "門前", lambda r, f: r.closed,
                          han=1, closed=False))

    scorer = Scorer("tenhou", extra_plugins={"wrong": Wrong()})
    assert [v.yaku for v in hint_violations(scorer, random_wins(500, seed=3))] == ["menzen_called"]


def test_win_situation_has_the_winds():
    from mjrules import Win
    from mjrules.model.win import SITUATION_BIT

    w = Win(tsumo=False, discarder=1, round_wind=1, seat_wind=3)
    assert w.situation & SITUATION_BIT["round_south"]
    assert w.situation & SITUATION_BIT["seat_north"]
    assert not w.situation & SITUATION_BIT["round_east"]
    assert not w.situation & SITUATION_BIT["seat_east"]
    assert w.situation & SITUATION_BIT["ron"]


@pytest.mark.parametrize("hints, message", [
    ({"max_suits": 4}, "max_suits"),
    ({"yaochu": "some"}, "yaochu"),
    ({"yaochu": ["all"]}, "yaochu"),
    ({"triplet_of": (31, 5)}, "triplet_of"),
    ({"triplet_of": ("31",)}, "triplet_of"),
    ({"when": "seat_centre"}, "when"),
    ({"closed": 1}, "closed"),
])
def test_bad_hints_named(hints, message):
    with pytest.raises(PluginError, match=f"hinted.*{message}"):
        _yaku(**hints)


class _EntryPoint:
    """Stands in for an installed plugin's entry point."""

    def __init__(self, name, obj):
        self.name, self.value, self._obj = name, f"tests:{name}", obj

    def load(self):
        return self._obj


class _WrongHint:
    @hookimpl
    def mjrules_register_yaku(self, register):
        register(Yaku("white_twice", "White dragon, wrongly hinted", "白", lambda r, f: r.counts[HAKU] >= 3,
                      han=1, han_open=1, triplet_of=(HATSU,)))


def test_cli_plugins_check(capsys, monkeypatch, tmp_path):
    from mjrules.cli import main
    from mjrules.rules import plugin_manager

    assert main(["plugins", "--check", "--hands", "2000"]) == 0
    assert "no hint excludes" in capsys.readouterr().out
    monkeypatch.setattr(plugin_manager, "installed_plugins", lambda: {"wrong": _EntryPoint("wrong", _WrongHint())})
    ruleset = tmp_path / "wrong.toml"
    ruleset.write_text('extends = "tenhou"\n[plugins]\nenable = ["wrong"]\n', encoding="utf-8")
    assert main(["plugins", "--check", "--hands", "2000", "--ruleset", str(ruleset)]) == 1
    out = capsys.readouterr().out
    assert "'white_twice' of plugin 'wrong'" in out and "1 too tight" in out
