"""The point table (``mjrules table``): every cell worked out from the rules.

Basic points = fu × 2^(han + 2), capped at mangan (2,000); a ron pays ×4 (×6 to the dealer), a
tsumo the basic points from each non-dealer and twice that from the dealer (twice from everyone
when the dealer wins), every payment rounded up to 100. Kiriage pays 30 fu 4 han and 60 fu 3 han
(1,920) as mangan. The expected grids below are the standard published tables, typed by hand.
"""

import csv
import io
import json

import pytest

from mjrules import Scorer, hookimpl, load_ruleset, preset_names
from mjrules.cli import main
from mjrules.scoring.payments import settle
from mjrules.tools.point_table import FU, Tsumo, min_han, point_table, ron_points, tsumo_points

X = None  # an impossible cell

# fu: (1 han, 2 han, 3 han, 4 han), without kiriage.
NON_DEALER_RON = {
    20: (X, X, X, X),
    25: (X, 1600, 3200, 6400),
    30: (1000, 2000, 3900, 7700),
    40: (1300, 2600, 5200, 8000),
    50: (1600, 3200, 6400, 8000),
    60: (2000, 3900, 7700, 8000),
    70: (2300, 4500, 8000, 8000),
    80: (2600, 5200, 8000, 8000),
    90: (2900, 5800, 8000, 8000),
    100: (3200, 6400, 8000, 8000),
    110: (3600, 7100, 8000, 8000),
}
NON_DEALER_TSUMO = {
    20: (X, "400-700", "700-1300", "1300-2600"),
    25: (X, X, "800-1600", "1600-3200"),
    30: ("300-500", "500-1000", "1000-2000", "2000-3900"),
    40: ("400-700", "700-1300", "1300-2600", "2000-4000"),
    50: ("400-800", "800-1600", "1600-3200", "2000-4000"),
    60: ("500-1000", "1000-2000", "2000-3900", "2000-4000"),
    70: ("600-1200", "1200-2300", "2000-4000", "2000-4000"),
    80: ("700-1300", "1300-2600", "2000-4000", "2000-4000"),
    90: ("800-1500", "1500-2900", "2000-4000", "2000-4000"),
    100: ("800-1600", "1600-3200", "2000-4000", "2000-4000"),
    110: ("900-1800", "1800-3600", "2000-4000", "2000-4000"),
}
DEALER_RON = {
    20: (X, X, X, X),
    25: (X, 2400, 4800, 9600),
    30: (1500, 2900, 5800, 11600),
    40: (2000, 3900, 7700, 12000),
    50: (2400, 4800, 9600, 12000),
    60: (2900, 5800, 11600, 12000),
    70: (3400, 6800, 12000, 12000),
    80: (3900, 7700, 12000, 12000),
    90: (4400, 8700, 12000, 12000),
    100: (4800, 9600, 12000, 12000),
    110: (5300, 10600, 12000, 12000),
}
DEALER_TSUMO = {  # "X all"
    20: (X, 700, 1300, 2600),
    25: (X, X, 1600, 3200),
    30: (500, 1000, 2000, 3900),
    40: (700, 1300, 2600, 4000),
    50: (800, 1600, 3200, 4000),
    60: (1000, 2000, 3900, 4000),
    70: (1200, 2300, 4000, 4000),
    80: (1300, 2600, 4000, 4000),
    90: (1500, 2900, 4000, 4000),
    100: (1600, 3200, 4000, 4000),
    110: (1800, 3600, 4000, 4000),
}

KIRIAGE = ["mleague", "wrc2025", "ema2025", "saikouisen", "rmu"]
NO_KIRIAGE = ["tenhou", "tenhou-nokuitan", "mahjongsoul", "jpml-a", "ema2016", "majiang"]
SANBAIMAN = ["mleague", "ema2016", "ema2025", "saikouisen"]  # no kazoe: 13+ han stays sanbaiman
KAZOE = ["tenhou", "tenhou-nokuitan", "mahjongsoul", "jpml-a", "wrc2025", "rmu", "majiang"]
ONE_YAKUMAN = ["ema2016", "ema2025"]  # yakuman are not cumulative


def _kiriage(expected, mangan):
    """The same grid with 30 fu 4 han and 60 fu 3 han paid as mangan."""
    out = {fu: list(row) for fu, row in expected.items()}
    out[30][3] = mangan
    out[60][2] = mangan
    return {fu: tuple(row) for fu, row in out.items()}


def _grid(table, dealer, tsumo):
    out = {}
    for fu in FU:
        row = []
        for han in (1, 2, 3, 4):
            e = table.cell(han, fu)
            if tsumo:
                t = e.tsumo(dealer)
                row.append(None if t is None else (t.non_dealer if dealer else t.text))
            else:
                row.append(e.ron(dealer))
        out[fu] = tuple(row)
    return out


@pytest.mark.parametrize("ruleset", NO_KIRIAGE)
def test_grid_without_kiriage(ruleset):
    t = point_table(ruleset)
    assert not t.kiriage
    assert _grid(t, False, False) == NON_DEALER_RON
    assert _grid(t, False, True) == NON_DEALER_TSUMO
    assert _grid(t, True, False) == DEALER_RON
    assert _grid(t, True, True) == DEALER_TSUMO


@pytest.mark.parametrize("ruleset", KIRIAGE)
def test_grid_with_kiriage(ruleset):
    t = point_table(ruleset)
    assert t.kiriage
    assert _grid(t, False, False) == _kiriage(NON_DEALER_RON, 8000)
    assert _grid(t, False, True) == _kiriage(NON_DEALER_TSUMO, "2000-4000")
    assert _grid(t, True, False) == _kiriage(DEALER_RON, 12000)
    assert _grid(t, True, True) == _kiriage(DEALER_TSUMO, 4000)
    # rulesets.md §4.9: only 1,920 basic points round up; chiitoitsu 4 han 25 fu stays 6,400.
    assert t.cell(4, 25).ron(False) == 6400 and t.cell(4, 25).limit is None
    assert t.cell(4, 30).limit == "mangan"
    assert t.limit_cells("mangan") == [(4, 30), (3, 60)]


def test_mangan_cells_without_kiriage():
    t = point_table("tenhou")
    assert t.cell(4, 30).limit is None and t.cell(4, 30).base == 1920
    assert t.limit_cells("mangan") == [(4, 40), (3, 70)]


def test_impossible_cells():
    t = point_table("tenhou")
    for han in (1, 2, 3, 4):
        assert t.cell(han, 20).ron(False) is None and t.cell(han, 20).ron(True) is None  # 20 fu ron
    assert t.cell(1, 20).tsumo(False) is None  # pinfu tsumo is 2 han
    assert t.cell(1, 25).ron(False) is None and t.cell(1, 25).tsumo(False) is None  # chiitoitsu is 2 han
    assert t.cell(2, 25).tsumo(True) is None  # chiitoitsu tsumo is 3 han
    assert t.cell(2, 25).ron(True) == 2400
    assert t.cell(2, 20).tsumo(True).text == "700 all"


def test_min_han_with_riichi():
    assert [min_han(fu, tsumo=False) for fu in (20, 25, 30, 110)] == [None, 2, 1, 1]
    assert [min_han(fu, tsumo=True) for fu in (20, 25, 30, 110)] == [2, 3, 1, 1]
    # riichi: closed, riichi counts; a tsumo also has menzen tsumo
    assert [min_han(fu, tsumo=False, riichi=True) for fu in (20, 25, 30)] == [None, 3, 1]
    assert [min_han(fu, tsumo=True, riichi=True) for fu in (20, 25, 30)] == [3, 4, 2]


LIMITS_KAZOE = [("mangan", 5, 5, 2000), ("haneman", 6, 7, 3000), ("baiman", 8, 10, 4000),
                ("sanbaiman", 11, 12, 6000), ("kazoe yakuman", 13, None, 8000)]
LIMITS_SANBAIMAN = LIMITS_KAZOE[:3] + [("sanbaiman", 11, None, 6000)]


@pytest.mark.parametrize("ruleset", KAZOE + SANBAIMAN)
def test_limit_rows(ruleset):
    t = point_table(ruleset)
    want = LIMITS_SANBAIMAN if ruleset in SANBAIMAN else LIMITS_KAZOE
    assert [(e.limit, e.han, e.max_han, e.base) for e in t.limits] == want
    assert t.kazoe == ("sanbaiman" if ruleset in SANBAIMAN else "yakuman")


def test_limit_payments():
    t = point_table("tenhou")
    rows = {e.limit: e for e in t.limits + t.yakuman}
    assert (rows["mangan"].ron(False), rows["mangan"].tsumo(False).text) == (8000, "2000-4000")
    assert (rows["mangan"].ron(True), rows["mangan"].tsumo(True).text) == (12000, "4000 all")
    assert (rows["haneman"].ron(False), rows["haneman"].tsumo(False).text) == (12000, "3000-6000")
    assert (rows["baiman"].ron(True), rows["baiman"].tsumo(True).text) == (24000, "8000 all")
    assert (rows["sanbaiman"].ron(False), rows["sanbaiman"].tsumo(False).text) == (24000, "6000-12000")
    assert (rows["kazoe yakuman"].ron(False), rows["yakuman"].ron(False)) == (32000, 32000)
    assert (rows["yakuman"].ron(True), rows["yakuman"].tsumo(True).text) == (48000, "16000 all")
    assert (rows["double yakuman"].ron(False), rows["double yakuman"].tsumo(False).text) == (64000, "16000-32000")
    assert rows["sextuple yakuman"].ron(True) == 288000


@pytest.mark.parametrize("ruleset", sorted(set(preset_names())))
def test_yakuman_rows_follow_stacking(ruleset):
    t = point_table(ruleset)
    top = 1 if ruleset in ONE_YAKUMAN else 6
    assert [e.yakuman for e in t.yakuman] == list(range(1, top + 1))
    assert [e.base for e in t.yakuman] == [8000 * m for m in range(1, top + 1)]


def test_yakuman_cap_limits_the_rows():
    t = point_table(Scorer(load_ruleset("tenhou").with_flags(yakuman_cap=2)))
    assert [e.limit for e in t.yakuman] == ["yakuman", "double yakuman"]


@pytest.mark.parametrize("ruleset", sorted(n for n in preset_names() if not n.endswith("-sanma")))
def test_every_value_is_what_the_payments_module_settles(ruleset):  # three players: tests/test_sanma.py
    t = point_table(ruleset)
    for e in t.entries:
        for dealer in (False, True):
            winner = 0 if dealer else 1
            if e.ron(dealer) is not None:
                paid = settle(e.base, winner, 2)
                value, pay = paid.value, paid.payments
                assert e.ron(dealer) == value == -pay[2]
            if e.tsumo(dealer) is not None:
                paid = settle(e.base, winner, None)
                value, pay = paid.value, paid.payments
                tsumo = e.tsumo(dealer)
                assert tsumo.total == value
                if dealer:
                    assert tsumo.dealer is None and list(pay[1:]) == [-tsumo.non_dealer] * 3
                else:
                    assert (-pay[0], -pay[2], -pay[3]) == (tsumo.dealer, tsumo.non_dealer, tsumo.non_dealer)
            assert e.ron(dealer) is None or e.ron(dealer) % 100 == 0


def test_table_agrees_with_a_scored_hand():
    # Closed ron, non-dealer: 30 fu (20 + 10 menzen ron, ryanmen, no triplets) with riichi, pinfu,
    # tanyao = 3 han → 3,900 in the table.
    from mjrules import Win, parse_mpsz

    result = Scorer("tenhou").score(parse_mpsz("234m456p678s23488s"), Win(tsumo=False, discarder=2, seat_wind=1, riichi=1))
    assert (result.han, result.fu) == (3, 30)
    assert point_table("tenhou").cell(3, 30).ron(False) == result.points == 3900


def test_helpers():
    assert ron_points(1920, False) == 7700 and ron_points(1920, True) == 11600
    assert tsumo_points(1920, False) == Tsumo(2000, 3900)
    assert tsumo_points(1920, True) == Tsumo(3900)
    assert Tsumo(2000, 3900).text == "2000-3900" and Tsumo(2000, 3900).total == 7900
    assert Tsumo(3900).text == "3900 all" and Tsumo(3900).total == 11700
    # 1 han 40 fu (base 320): 1,280 → 1,300 by ron; 320 / 640 → 400 / 700 by tsumo; dealer 1,920 → 2,000
    assert (ron_points(320, False), ron_points(320, True)) == (1300, 2000)
    assert tsumo_points(320, False) == Tsumo(400, 700) and tsumo_points(320, True) == Tsumo(700)
    # mangan (base 2,000) and yakuman (base 8,000): no rounding left
    assert (ron_points(2000, False), ron_points(2000, True)) == (8000, 12000)
    assert tsumo_points(2000, False) == Tsumo(2000, 4000) and tsumo_points(8000, True) == Tsumo(16000)
    assert ron_points(0, False) == 0 and tsumo_points(0, False) == Tsumo(0, 0)


class _Sky:
    """A tiny aotenjou plugin for the test: the bare formula, a yakuman as 13 han 30 fu."""

    @hookimpl
    def mjrules_base_points(self, fu, han, yakuman, flags):
        if yakuman:
            fu, han = 30, 13 * yakuman
        return fu << (han + 2)


def test_aotenjou_has_no_limits_and_13_han_columns():
    # On top of M.League (kiriage, no kazoe): the base-points plugin replaces every limit.
    t = point_table(Scorer("mleague", extra_plugins={"sky": _Sky()}))
    assert t.uncapped and not t.kiriage and t.limits == ()
    assert t.han == tuple(range(1, 14))
    assert t.cell(4, 30).ron(False) == 7700  # 1,920 is not rounded up
    assert t.cell(4, 40).ron(False) == 10300  # 2,560 × 4 = 10,240
    assert t.cell(5, 30).ron(False) == 15400  # 3,840 × 4 = 15,360
    assert t.cell(5, 30).tsumo(True).text == "7700 all"
    assert t.cell(13, 30).ron(False) == 3932200  # 30 × 2^15 × 4 = 3,932,160
    assert t.cell(1, 20).tsumo(False) is None and t.cell(2, 20).ron(False) is None
    assert t.cell(4, 30).limit is None
    assert [e.base for e in t.yakuman[:2]] == [30 << 15, 30 << 28]


def test_aotenjou_plugin_shipped_with_mjrules(tmp_path):
    pytest.importorskip("mjrules.plugins.aotenjou")
    path = tmp_path / "sky.toml"
    path.write_text('name = "sky"\nextends = "tenhou"\n[plugins]\nenable = ["aotenjou"]\n', encoding="utf-8")
    t = point_table(str(path))
    assert t.uncapped and t.cell(6, 30).ron(True) == 46100  # 7,680 × 6 = 46,080


# -- command line ---------------------------------------------------------------------------
def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_text(capsys):
    code, out, _ = run(capsys, "table", "--non-dealer")
    assert code == 0
    assert "ruleset tenhou" in out and "kiriage no" in out and "Dealer" not in out
    lines = out.splitlines()
    row30 = [ln.split() for ln in lines if ln.split()[:1] == ["30"]]
    assert row30[0] == ["30", "1000", "2000", "3900", "7700"]
    assert row30[1] == ["30", "300-500", "500-1000", "1000-2000", "2000-3900"]
    row20 = [ln.split() for ln in lines if ln.split()[:1] == ["20"]]
    assert row20[0] == ["20", "\u2014", "\u2014", "\u2014", "\u2014"]
    assert any(ln.split() == ["haneman", "6-7", "12000", "3000-6000"] for ln in lines)
    assert any(ln.split() == ["sextuple", "yakuman", "-", "192000", "48000-96000"] for ln in lines)
    assert "mangan also: 4 han 40+ fu, 3 han 70+ fu" in out


def test_cli_text_both_winners_and_kiriage(capsys):
    code, out, _ = run(capsys, "table", "--ruleset", "mleague")
    assert code == 0
    assert "Non-dealer wins by ron" in out and "Dealer wins by tsumo (X all)" in out
    assert "kiriage yes" in out and "13+ han: sanbaiman" in out
    assert ["30", "500", "all", "1000", "all", "2000", "all", "4000", "all"] in [ln.split() for ln in out.splitlines()]
    assert "mangan also: 4 han 30+ fu, 3 han 60+ fu" in out


def test_cli_json(capsys):
    code, out, _ = run(capsys, "table", "--json", "--dealer", "--ruleset", "wrc2025")
    assert code == 0
    data = json.loads(out)
    assert data["ruleset"] == "wrc2025" and data["kiriage"] is True
    assert [t["winner"] for t in data["tables"]] == ["dealer"]
    cells = {(c["han"], c["fu"]): c for c in data["tables"][0]["cells"]}
    assert cells[(4, 30)]["ron"] == 12000 and cells[(4, 30)]["limit"] == "mangan"
    assert cells[(4, 30)]["tsumo"] == {"non_dealer": 4000, "dealer": None, "total": 12000, "text": "4000 all"}
    assert cells[(1, 20)]["ron"] is None and cells[(1, 20)]["tsumo"] is None
    assert data["tables"][0]["limits"][-1]["limit"] == "kazoe yakuman"
    assert data["tables"][0]["yakuman"][0]["ron"] == 48000


def test_cli_csv(capsys):
    code, out, _ = run(capsys, "table", "--csv", "--non-dealer", "--ruleset", "ema2016")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert {r["winner"] for r in rows} == {"non-dealer"}
    cell = next(r for r in rows if r["han"] == "3" and r["fu"] == "30")
    assert (cell["ron"], cell["tsumo"], cell["tsumo_non_dealer"], cell["tsumo_dealer"]) == ("3900", "1000-2000", "1000", "2000")
    imp = next(r for r in rows if r["han"] == "1" and r["fu"] == "25")
    assert imp["ron"] == "" and imp["tsumo"] == ""
    yakuman = [r for r in rows if r["kind"] == "yakuman"]
    assert [r["limit"] for r in yakuman] == ["yakuman"]  # EMA: yakuman are not cumulative
    assert next(r for r in rows if r["limit"] == "sanbaiman" and r["kind"] == "limit")["max_han"] == ""


def test_cli_bad_ruleset_exits_2(capsys):
    code, out, err = run(capsys, "table", "--ruleset", "nosuch")
    assert code == 2 and "nosuch" in err and len(err.strip().splitlines()) == 1


def test_cli_dealer_and_non_dealer_exclusive(capsys):
    code, _, err = run(capsys, "table", "--dealer", "--non-dealer")
    assert code == 2 and len(err.strip().splitlines()) == 1
