"""Three-player mahjong (sanma): rulesets, scoring, payments, errors (issue 16).

Expected values are worked out by hand from the rules as compiled in the project's rule notes
(section 4 item 15, Tenhou's sanma: tsumo loss, 200 a honba, kita, the 1m/9m wrap, rinshan after a
kita, no chankan on a kita) and riichi.wiki "Sanma" / "Majsoul" (north-bisection: the absent
North's share split between the two payers). Basic points = fu × 2^(han+2), mangan 2000, yakuman
8000; a payer's share is rounded up to 100.

Seats: 0 East (dealer), 1 South, 2 West; payments are (East, South, West). Discarder offsets keep
their marks: 1 next (+), 3 previous (-); the previous player of seat s is (s + 2) % 3.
"""

import json
import subprocess
import sys

import pytest

from helpers import han_of, ids
from mjrules import HandError, RulesetError, Scorer, SituationError, Win, load_ruleset, parse_mpsz, parse_tiles
from mjrules.model.win import seat_at
from mjrules.notation.majiang import majiang_input, parse_majiang_input
from mjrules.scoring.payments import settle

_scorers: dict = {}


def scorer(name: str = "tenhou-sanma", **flags) -> Scorer:
    key = (name, tuple(sorted(flags.items())))
    if key not in _scorers:
        rs = load_ruleset(name)
        _scorers[key] = Scorer(rs.with_flags(**flags) if flags else rs)
    return _scorers[key]


def win(seat: int = 1, ron: int | None = None, dora: str = "", ura: str = "", **kw) -> Win:
    return Win(tsumo=ron is None, discarder=ron, seat_wind=seat, dora=tuple(parse_tiles(dora)),
               ura=tuple(parse_tiles(ura)), **kw)


# South's closed hand: 111m 456p 789s, South triplet (seat wind), East pair (round wind pair, 2 fu).
# Tsumo: menzen tsumo 1 + seat wind 1; indicator 1z makes the three Souths dora: 5 han = mangan.
MANGAN = "111m456p789s11z22z2z"
# A closed daisangen (and only that: one set is a sequence, so no suuankou): 555z 666z 777z 123p, pair 22s.
DAISANGEN = "555z666z777z123p2s2s"


# --------------------------------------------------------------------------------------------
# rulesets
# --------------------------------------------------------------------------------------------

def test_the_presets_are_three_player():
    for name in ("tenhou-sanma", "mahjongsoul-sanma"):
        rs = load_ruleset(name)
        assert rs.players == 3 and "sanma" in rs.plugins
        s = Scorer(rs)
        assert s.players == 3 and s.flags["tile_set"] == "108" and s.flags["kita"]


def test_tenhou_sanma_values():
    # Tenhou's manual, three-player section: 35000 start, 40000 return, uma +20/0/-20
    f = scorer().flags
    assert (f["start_score"], f["return_score"], tuple(f["uma"])) == (35000, 40000, (20, 0, -20))
    assert f["honba_value"] == 200 and f["tsumo_loss"] == "loss"
    assert not f["kita_chankan"] and f["kita_rinshan"] and not f["north_yakuhai"]


def test_a_file_with_three_players(tmp_path):
    path = tmp_path / "club.toml"
    path.write_text('extends = "tenhou-sanma"\n[flags]\ntsumo_loss = "north-bisection"\n', encoding="utf-8")
    rs = load_ruleset(str(path))
    assert rs.players == 3  # inherited
    assert Scorer(rs).flags["tsumo_loss"] == "north-bisection"


def test_three_player_settings_under_four_players_are_refused(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('extends = "tenhou"\n[plugins]\nenable = ["sanma"]\n', encoding="utf-8")
    with pytest.raises(RulesetError, match=r"bad\.toml: plugins: 'sanma' is for three players"):
        Scorer(str(path))
    path.write_text('extends = "tenhou"\n[flags]\ntile_set = "108"\n', encoding="utf-8")
    with pytest.raises(RulesetError, match=r"bad\.toml: \[flags\] tile_set: 108 tiles is the three-player set"):
        Scorer(str(path))


def test_uma_needs_three_values(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text('extends = "tenhou-sanma"\n[flags]\numa = [20, 10, -10, -20]\n', encoding="utf-8")
    with pytest.raises(RulesetError, match=r"uma: 4 values for 3 players"):
        Scorer(str(path))


# --------------------------------------------------------------------------------------------
# payments: tsumo loss, north-bisection, no tsumo loss
# --------------------------------------------------------------------------------------------

def test_non_dealer_mangan_tsumo_under_tsumo_loss():
    r = scorer().score(parse_mpsz(MANGAN), win(dora="1z"))
    assert r.limit == "mangan" and r.han == 5
    # the dealer 4000, the other non-dealer 2000; the absent North's 2000 is not paid
    assert r.payments == (-4000, 6000, -2000) and r.points == 6000


def test_non_dealer_mangan_tsumo_under_north_bisection():
    r = scorer(tsumo_loss="north-bisection").score(parse_mpsz(MANGAN), win(dora="1z"))
    # North's 2000 split: 1000 each -> 5000 + 3000
    assert r.payments == (-5000, 8000, -3000) and r.points == 8000


def test_non_dealer_mangan_tsumo_without_tsumo_loss():
    r = scorer(tsumo_loss="none").score(parse_mpsz(MANGAN), win(dora="1z"))
    assert r.points == 8000 and sum(r.payments) == 0  # the ron value
    assert r.payments == (-5000, 8000, -3000)


def test_dealer_tsumo():
    hand = "111m456p789s22z11z1z"  # the dealer's East triplet (seat and round wind: 2 han), South pair
    # riichi 1 + menzen tsumo 1 + East 2 + indicator 9m making the three 1m dora: 7 han, haneman
    r = scorer().score(parse_mpsz(hand), win(seat=0, riichi=1, dora="9m"))
    assert r.limit == "haneman"
    assert r.payments == (12000, -6000, -6000)  # 6000 all, from two payers
    # menzen tsumo + East: 3 han; 20 + 8 (1m) + 8 (East) + 2 tsumo = 38 -> 40 fu; base 1280: 2600 all
    r = scorer().score(parse_mpsz(hand), win(seat=0, dora="9p"))
    assert r.han == 3 and r.fu == 40
    assert r.payments == (5200, -2600, -2600)


def test_dealer_mangan_tsumo_four_thousand_all():
    hand = "111m456p789s22z11z1z"
    r = scorer().score(parse_mpsz(hand), win(seat=0, riichi=1, dora="2z"))  # riichi, tsumo, East 2, South pair no
    # riichi 1 + tsumo 1 + double East 2 = 4 han 40 fu -> mangan (base 2000 < 40 * 64 = 2560)
    assert r.limit == "mangan"
    assert r.payments == (8000, -4000, -4000)  # 4000 + 4000 = 8000
    r = scorer(tsumo_loss="north-bisection").score(parse_mpsz(hand), win(seat=0, riichi=1, dora="2z"))
    assert r.payments == (12000, -6000, -6000)  # North's 4000 split


def test_dealer_yakuman_tsumo():
    r = scorer().score(parse_mpsz(DAISANGEN), win(seat=0))
    assert r.yakuman == 1
    assert r.payments == (32000, -16000, -16000)  # 16000 all, from two payers
    r = scorer(tsumo_loss="north-bisection").score(parse_mpsz(DAISANGEN), win(seat=0))
    assert r.payments == (48000, -24000, -24000)


def test_non_dealer_yakuman_ron_is_as_four_player():
    r = scorer().score(parse_mpsz(DAISANGEN), win(seat=2, ron=1))  # West, from the next player: East
    assert r.payments == (-32000, 0, 32000)


# --------------------------------------------------------------------------------------------
# honba: 200 a honba in all
# --------------------------------------------------------------------------------------------

def test_honba_on_ron():
    # South wins by ron from the previous player (East): seat wind South 1 + 3 dora = 4 han 40 fu
    r = scorer().score(parse_mpsz(MANGAN), win(ron=3, dora="1z", honba=2))
    assert r.points == 8000  # 4 han 40 fu = base 2560 -> mangan
    assert r.payments == (-8400, 8400, 0)  # + 200 x 2 from the discarder


def test_honba_on_tsumo():
    r = scorer().score(parse_mpsz(MANGAN), win(dora="1z", honba=3, riichi_sticks=1))
    # + 100 x 3 from each payer, and the stick
    assert r.payments == (-4300, 6000 + 600 + 1000, -2300)


def test_ron_from_the_next_and_previous_player():
    s = scorer()
    for seat in (0, 1, 2):
        nxt = s.score(parse_mpsz(MANGAN), win(seat=seat, ron=1, riichi=1))
        prev = s.score(parse_mpsz(MANGAN), win(seat=seat, ron=3, riichi=1))
        assert nxt.payments[(seat + 1) % 3] < 0 and prev.payments[(seat + 2) % 3] < 0
    assert [seat_at(0, 3, 3), seat_at(1, 3, 3), seat_at(2, 1, 3)] == [2, 0, 0]


# --------------------------------------------------------------------------------------------
# kita, dora, the tile set
# --------------------------------------------------------------------------------------------

def test_kita_is_a_dora_of_its_own_line():
    r = scorer().score(parse_mpsz(MANGAN), win(kita=2))
    assert han_of(r)["kita"] == 2 and r.han == 4  # tsumo, South, 2 kita
    assert "dora" not in ids(r)  # no indicator makes North dora
    kita = next(y for y in r.yaku if y.id == "kita")
    assert kita.name_ja == "抜きドラ"


def test_kita_with_north_as_dora():
    # indicator West makes North dora: each kita counts twice (kita line 2, dora line 2)
    r = scorer().score(parse_mpsz(MANGAN), win(kita=2, dora="3z"))
    assert han_of(r)["kita"] == 2 and han_of(r)["dora"] == 2
    # and the ura indicator West once more per kita
    r = scorer().score(parse_mpsz(MANGAN), win(kita=1, dora="3z", ura="3z", riichi=1))
    assert han_of(r)["kita"] == 1 and han_of(r)["dora"] == 1 and han_of(r)["ura"] == 1
    # a North in the hand counts as usual, kita on top
    r = scorer().score(parse_mpsz("111m456p789s44z22z2z"), win(kita=1, dora="3z"))
    assert han_of(r)["dora"] == 3 and han_of(r)["kita"] == 1


def test_kita_needs_another_yaku():
    # 111m 456p 789s 333z tanki 1z... no yaku but kita: not a win
    r = scorer().score(parse_mpsz("111m456p789s333z1z1z"), win(ron=1, kita=3))
    assert not r.is_win


def test_the_1m_9m_wrap():
    hand = "999m456p789s11z22z2z"
    assert han_of(scorer().score(parse_mpsz(hand), win(dora="1m")))["dora"] == 3  # 1m makes 9m
    assert "dora" not in ids(Scorer("tenhou").score(parse_mpsz(hand), win(dora="1m")))  # four players: 2m
    assert han_of(scorer().score(parse_mpsz(MANGAN), win(dora="9m")))["dora"] == 3  # 9m makes 1m, as always


def test_rinshan_after_a_kita():
    r = scorer().score(parse_mpsz(MANGAN), win(kita=1, rinshan=True))
    assert {"rinshan", "kita", "menzen_tsumo"} <= ids(r)
    with pytest.raises(SituationError, match=r"flag kita_rinshan = false"):
        scorer(kita_rinshan=False).score(parse_mpsz(MANGAN), win(kita=1, rinshan=True))
    with pytest.raises(SituationError, match=r"rinshan kaihou without a kan \(or a kita\)"):
        scorer().score(parse_mpsz(MANGAN), win(rinshan=True))


def test_ron_on_a_kita_is_not_chankan_on_tenhou():
    hand = "111m456p789s22z44z4z"  # waiting on 4z / 2z; wins on a North another player set aside
    r = scorer().score(parse_mpsz(hand), win(ron=1, extras=["robbed_kita"], riichi=1))
    assert "chankan" not in ids(r) and "chankan_kita" not in ids(r) and r.han == 1
    # --chankan with the tag is refused (a kokushi waiting on North: the winner holds no North)
    with pytest.raises(SituationError, match=r"not chankan under this ruleset \(flag kita_chankan = false\)"):
        scorer().score(parse_mpsz("19m19p19s1235677z4z"), win(ron=1, extras=["robbed_kita"], chankan=True))
    r = scorer(kita_chankan=True).score(parse_mpsz(hand), win(ron=1, extras=["robbed_kita"]))
    assert "chankan_kita" in ids(r) and r.han == 1


def test_north_as_a_value_tile():
    hand = "111m456p789s11z44z4z"  # South's North triplet
    r = scorer().score(parse_mpsz(hand), win(ron=1))
    assert not r.is_win  # North is a guest wind: no yaku
    r = scorer(north_yakuhai=True).score(parse_mpsz(hand), win(ron=1))
    assert "north" in ids(r) and r.han == 1


def test_pao_with_three_seats():
    # South wins daisangen by tsumo; the third dragon set was called from the previous player (East)
    r = scorer().score(parse_mpsz("111p2s2s 555+z 666+z 777-z"), win())
    assert r.liable == 0 and r.payments == (-32000, 32000, 0)  # Tenhou: the liable player pays it all


def test_nagashi_with_three_seats():
    paid = scorer().nagashi(1)
    assert paid.payments == (-4000, 6000, -2000)


# --------------------------------------------------------------------------------------------
# bad input
# --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("hand, w, error, match", [
    ("123m456p789s11z22z2z", {}, HandError, r"tile 2m: the three-player set has no 2m-8m"),
    (MANGAN, {"dora": "5m"}, SituationError, r"indicator 5m: the three-player set has no 2m-8m"),
    ("111m456p11z22z2z 7-89s", {}, HandError, r"chi 7-89s: there is no chi in three-player mahjong"),
    ("111m456p789s11z 222=z", {}, HandError, r"pon 222=z: called from the opposite seat"),
    ("111m456p789s11z44z4z", {"kita": 2}, HandError, r"North: 3 in the hand, 2 set aside as kita"),
    ("111m456p789s11z22z2z", {"kita": 1, "dora": "4z"}, None, None),
    ("111m456p789s11z44z4z", {"kita": 1, "dora": "3z4z"}, HandError, r"and 1 shown as indicator: that is a fifth"),
    (MANGAN, {"seat": 3}, SituationError, r"seat North: a three-player game has East, South and West seats"),
    (MANGAN, {"round_wind": 3}, SituationError, r"round North: a three-player game"),
    (MANGAN, {"ron": 2}, SituationError, r"ron from the opposite seat: a three-player table has none"),
    (MANGAN, {"tenhou": True, "seat": 0, "kita": 1}, SituationError, r"tenhou with a kita"),
])
def test_bad_three_player_input(hand, w, error, match):
    if error is None:
        assert scorer().score(parse_mpsz(hand), win(**w)).is_win
        return
    with pytest.raises(error, match=match):
        scorer().score(parse_mpsz(hand), win(**w))


def test_more_than_four_kita():
    with pytest.raises(SituationError, match=r"kita must be a whole number from 0 to 4"):
        Win(kita=5)


def test_kita_under_a_four_player_ruleset():
    with pytest.raises(SituationError, match=r"only three-player rulesets have kita; this one is for 4 players"):
        Scorer("tenhou").score(parse_mpsz(MANGAN), win(kita=1))


def test_kita_off():
    with pytest.raises(SituationError, match=r"flag kita = false"):
        scorer(kita=False).score(parse_mpsz(MANGAN), win(kita=1))


# --------------------------------------------------------------------------------------------
# the payment function on its own
# --------------------------------------------------------------------------------------------

def test_settle_three_players():
    assert settle(2000, 1, None, players=3).payments == (-4000, 6000, -2000)
    assert settle(2000, 1, None, players=3, absent="north-bisection").payments == (-5000, 8000, -3000)
    # 30 fu 1 han, non-dealer tsumo (base 240): 300-500; North's 300 halved and rounded up: 200 each
    assert settle(240, 2, None, players=3).payments == (-500, -300, 800)
    assert settle(240, 2, None, players=3, absent="north-bisection").payments == (-700, -500, 1200)
    # no tsumo loss: the ron value 1000, three eighths (rounded up) from the non-dealer
    assert settle(240, 2, None, players=3, absent="none").payments == (-600, -400, 1000)
    assert settle(2000, 1, 0, 1, 0, 200, players=3).payments == (-8200, 8200, 0)


# --------------------------------------------------------------------------------------------
# batch and the CLI
# --------------------------------------------------------------------------------------------

def _line(**param) -> str:
    base = {"zhuangfeng": 0, "menfeng": 1, "hupai": {}, "baopai": ["z1"], "fubaopai": None,
            "jicun": {"changbang": 1, "lizhibang": 0}, "players": 3}
    base.update(param)
    return json.dumps({"shoupai": "m111p456s789z11222", "rongpai": None, "param": base})


def run(*args, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mjrules", *args], input=stdin, capture_output=True, text=True)


def test_batch_three_players():
    lines = [_line(), _line(nukidora=2), _line(players=4),
             json.dumps({"shoupai": "m111p456s789z1122", "rongpai": "z2-", "param": json.loads(_line())["param"]}),
             json.dumps({"shoupai": "m111p456s789z1122", "rongpai": "z2=", "param": json.loads(_line())["param"]})]
    p = run("batch", "--ruleset", "tenhou-sanma", stdin="\n".join(lines) + "\n")
    out = [json.loads(x) for x in p.stdout.splitlines()]
    assert p.returncode == 1
    assert out[0]["payments"] == [-4100, 6200, -2100]  # mangan tsumo, 1 honba: +100 from each payer
    assert [y["id"] for y in out[1]["yaku"]][-1] == "kita" and out[1]["han"] == 7
    assert out[2]["error"] == "line 3: param.players: 4, but the ruleset is for 3 players"
    assert out[3]["payments"] == [-8200, 8200, 0]  # ron from the previous player (East): 4 han 40 fu + 200
    assert "opposite seat" in out[4]["error"]
    p = run("batch", "--ruleset", "tenhou", stdin=_line() + "\n")
    assert json.loads(p.stdout)["error"] == "line 1: param.players: 3, but the ruleset is for 4 players"


def test_majiang_input_round_trip():
    hand, w = parse_majiang_input(json.loads(_line(nukidora=1)), 3)
    assert w.kita == 1
    again = majiang_input(hand, w, 3)
    assert again["param"]["players"] == 3 and again["param"]["nukidora"] == 1
    assert parse_majiang_input(again, 3) == (hand, w)


def test_cli_score_three_players():
    p = run("score", MANGAN, "--seat", "S", "--dora", "1z", "--ruleset", "tenhou-sanma")
    assert p.returncode == 0
    assert "2000-4000 (6000 points" in p.stdout and "Payments: East -4000, South +6000, West -2000" in p.stdout
    p = run("score", MANGAN, "--seat", "S", "--kita", "1", "--ruleset", "tenhou-sanma")
    assert "抜きドラ" in p.stdout
    p = run("score", MANGAN, "--seat", "S", "--kita", "1", "--ruleset", "tenhou")
    assert p.returncode == 2 and "only three-player rulesets have kita" in p.stderr
    assert "Traceback" not in p.stderr


# --------------------------------------------------------------------------------------------
# the preset files (as tests/test_presets.py checks the four-player ones)
# --------------------------------------------------------------------------------------------

SANMA_PRESETS = {"tenhou-sanma": "tenhou", "mahjongsoul-sanma": "mahjongsoul"}


@pytest.mark.parametrize("preset, parent", SANMA_PRESETS.items())
def test_sanma_preset_file(preset, parent):
    import re
    from pathlib import Path

    import mjrules.rulesets

    try:
        import tomllib
    except ModuleNotFoundError:  # Python < 3.11
        import tomli as tomllib
    text = (Path(mjrules.rulesets.__file__).parent / f"{preset}.toml").read_text(encoding="utf-8")
    doc = tomllib.loads(text)
    assert doc["name"] == preset and doc["extends"] == parent and doc["players"] == 3
    assert doc["sources"] and all(re.match(r"https?://\S+$", u) for u in doc["sources"])
    header = "".join(line for line in text.splitlines() if line.startswith("#"))
    assert doc["sources"][0] in header
    # a value equal to the parent's is restated only with a comment saying why
    inherited = load_ruleset(parent).flags
    for flag, value in doc["flags"].items():
        if inherited.get(flag) == value:
            line = next(ln for ln in text.splitlines() if re.match(rf"{flag}\s*=", ln))
            assert "#" in line.split("=", 1)[1], f"{preset}: {line.strip()!r} restates {parent} silently"
    # the flags the three-player rules split on are all stated
    for flag in ("tile_set", "kita", "kita_rinshan", "kita_chankan", "tsumo_loss", "north_yakuhai", "honba_value",
                 "start_score", "return_score", "uma", "red_fives_m"):
        assert flag in doc["flags"], f"{preset} leaves {flag} unstated"


def test_rulesets_lists_the_sanma_presets():
    p = run("rulesets")
    assert p.returncode == 0
    for name in SANMA_PRESETS:
        assert name in p.stdout


# --------------------------------------------------------------------------------------------
# the tools
# --------------------------------------------------------------------------------------------

def test_point_table_three_players():
    from mjrules.tools.point_table import point_table

    table = point_table("tenhou-sanma")
    assert table.players == 3
    cell = table.cell(4, 40)  # mangan
    t = cell.tsumo(dealer=False)
    assert (t.non_dealer, t.dealer, t.total, t.text) == (2000, 4000, 6000, "2000-4000")
    t = cell.tsumo(dealer=True)
    assert (t.non_dealer, t.dealer, t.total, t.text) == (4000, None, 8000, "4000 all")
    # 30 fu 1 han: 300-500, 800 in all (ron 1000)
    assert cell is not None and table.cell(1, 30).tsumo(dealer=False).total == 800
    bisect = point_table(Scorer(load_ruleset("tenhou-sanma").with_flags(tsumo_loss="north-bisection")))
    assert bisect.cell(4, 40).tsumo(dealer=False).text == "3000-5000"
    p = run("table", "--non-dealer", "--ruleset", "tenhou-sanma", "--json")
    data = json.loads(p.stdout)
    assert data["players"] == 3 and data["tsumo_loss"] == "loss"


def test_needs_three_players():
    from mjrules.tools.needs import ConditionError, draw_scores, needs

    n = needs([35000, 42000, 28000], me=0, dealer=2, ruleset="tenhou-sanma")
    # 2nd now: (35000 - 40000) / 1000 + uma 0 = -5.0
    assert n.placing == 2 and n.final_points == -5.0
    # a ron from seat 1 of 3600 (1 han 110 fu) passes them: 38600 against 38400 (3200 leaves 38200 < 38800)
    assert n.ron_from(1).ron == 3600 and n.ron_from(1).scores == (38600, 38400, 28000)
    # 1st, counted Tenhou's way (points_rounding): the others round to thousands, 38400 -> 38 - 40 + 0
    # = -2 and 28000 -> 28 - 40 - 20 = -32, and the top takes the rest: +34 (exactly it would be
    # 38.6 - 40 + 20 uma + 15 oka = 33.6)
    assert n.ron_from(1).final_points == 34.0
    # tsumo: the dealer (seat 2) pays 3600, seat 1 pays 1800, nobody pays North's share
    t = n.tsumo
    assert t.tsumo.text == "1800-3600" and t.scores == (40400, 40200, 24400)
    assert len(n.ron) == 2
    # noten payments among three: one tenpai gains 3000, the two others pay 1500
    assert draw_scores((35000, 35000, 35000), (0,)) == (38000, 33500, 33500)
    with pytest.raises(ConditionError, match=r"give the three players' scores \(the ruleset is for 3\)"):
        needs([25000] * 4, me=0, dealer=0, ruleset="tenhou-sanma")
    with pytest.raises(ConditionError, match=r"me: 3 is not a seat 0-2"):
        needs([35000] * 3, me=3, dealer=0, ruleset="tenhou-sanma")
    with pytest.raises(ConditionError, match=r"target: 3 is not a placing 1-2"):
        needs([35000] * 3, me=0, dealer=0, target=3, ruleset="tenhou-sanma")


def test_waits_and_discard_three_players():
    from mjrules.tools.discard import advise_discard
    from mjrules.tools.waits import find_waits, unseen_counts
    from mjrules.tools.shanten import parse_hand

    s = scorer()
    # 111m 456p 789s, shanpon 11z / 44z, one North set aside, indicator West (North is dora)
    w = find_waits("111m456p789s1144z", scorer=s, seat_wind=1, dora=tuple(parse_tiles("3z")), kita=1)
    assert [str(x.tile) for x in w.waits] == ["1z", "4z"]
    assert [x.remaining for x in w.waits] == [2, 1]  # 4 - 2 held (- 1 set aside for North)
    assert w.ron_from == 3  # no opposite player: the previous one deals in
    # ron on 1z: East triplet 1 + dora (2 Norths held + 1 kita) 3 + kita 1 = 5 han
    assert w.waits[0].ron.han == 5
    unseen = unseen_counts(parse_hand("111m456p789s1144z"), tiles=108)
    assert unseen[1:8] == [0] * 7 and sum(unseen) == 108 - 13
    with pytest.raises(HandError, match=r"tile 2m: the three-player set has no 2m-8m"):
        unseen_counts(parse_hand("123m456p789s1144z"), tiles=108)
    advice = advise_discard("111m456p789s11444z", scorer=s, seat_wind=1)
    kita = [o for o in advice.options if o.kita]
    assert len(kita) == 1 and str(kita[0].tile) == "4z"
    # setting the North aside leaves the hand the 4z discard leaves, but not furiten and one dora more
    plain = next(o for o in advice.options if str(o.tile) == "4z" and not o.kita)
    assert kita[0].shanten == plain.shanten == 0 and plain.waits.furiten and not kita[0].waits.furiten
    assert "kita 4z" in run("discard", "111m456p789s11444z", "--ruleset", "tenhou-sanma", "--seat", "S").stdout
    assert Scorer("tenhou").players == 4 and not any(o.kita for o in advise_discard("111m456p789s11444z").options)


def test_shanten_over_the_108_tiles():
    p = run("shanten", "19m19p19s1234567z", "--ruleset", "tenhou-sanma", "--json")
    data = json.loads(p.stdout)
    assert data["ukeire"] == 13 * 3  # every orphan, three unseen of each
    p = run("shanten", "123m19p19s123456z", "--ruleset", "tenhou-sanma")
    assert p.returncode == 2 and "tile 2m: the three-player set has no 2m-8m" in p.stderr


def test_odds_cli_three_players():
    p = run("odds", "tenhou", "--ruleset", "tenhou-sanma", "--json")
    data = json.loads(p.stdout)
    assert data["wall"] == 108 and 100_000 < data["one_in"] < 110_000


def test_compare_three_players():
    p = run("compare", MANGAN, "--seat", "S", "--dora", "1z", "--rulesets", "tenhou-sanma,mahjongsoul-sanma", "--json")
    assert p.returncode == 0
    data = json.loads(p.stdout)
    assert data["rulesets"] == ["tenhou-sanma", "mahjongsoul-sanma"]
    p = run("compare", MANGAN, "--seat", "S", "--rulesets", "tenhou-sanma,tenhou")
    assert p.returncode == 2
    assert "tenhou-sanma is a three-player ruleset and tenhou a four-player one" in p.stderr


# --------------------------------------------------------------------------------------------
# random hands: three-player payments against the four-player ones
# --------------------------------------------------------------------------------------------

def _three_player_wins(n: int, seed: int):
    """Random winning hands legal at a three-player table (no chi, no 2m-8m, no fourth seat, no
    1m indicator), from the hint checker's generator, with some kita."""
    import random

    import attrs

    from mjrules.model.melds import MeldKind
    from mjrules.scoring.hint_check import random_wins

    rng = random.Random(seed)
    out = []
    for hand, w in random_wins(n, seed=seed):
        kinds = [t.index for t in hand.tiles()] + [t.index for t in w.dora + w.ura]
        if any(1 <= k <= 7 for k in kinds) or any(m.kind is MeldKind.CHI or m.source == 2 for m in hand.melds):
            continue
        if any(t.index in (0, 2) for t in w.dora + w.ura) or w.extras:  # 1m (and 3m) indicators differ
            continue
        discarder = None if w.discarder is None else (1 if w.discarder == 1 else 3)
        north = hand.counts[30] + sum(t.index == 30 for t in w.dora + w.ura)
        kita = rng.randrange(0, 5 - north) if not (w.tenhou or w.chiihou) else 0
        try:
            w3 = attrs.evolve(w, seat_wind=w.seat_wind % 3, round_wind=w.round_wind % 3, discarder=discarder,
                              honba=rng.randrange(4), riichi_sticks=rng.randrange(3), kita=kita)
            w4 = attrs.evolve(w3, kita=0)
        except SituationError:
            continue
        out.append((hand, w3, w4))
    return out


def test_three_player_payments_on_random_hands():
    s3 = scorer()
    s4 = Scorer(load_ruleset("tenhou").with_flags(red_fives_m=0))
    checked = 0
    for hand, w3, w4 in _three_player_wins(6000, seed=16):
        try:
            r3 = s3.score(hand, w3)
        except SituationError as e:  # the generator's indicators may be a fifth copy
            assert "fifth" in str(e)
            continue
        if not r3.is_win:
            continue
        pay = r3.payments
        winner = w3.seat_wind
        honba = w3.honba * 200
        assert len(pay) == 3 and sum(pay) == w3.riichi_sticks * 1000
        assert all(p % 100 == 0 for p in pay)
        assert pay[winner] == r3.points + honba + w3.riichi_sticks * 1000
        r4 = s4.score(hand, w4) if w3.kita == 0 else None  # with kita, ippatsu may go with rinshan: not at four
        if r4 is not None and r4.is_win:
            assert r3.han == r4.han and r3.fu == r4.fu and r3.yakuman == r4.yakuman
            if not w3.tsumo:  # a ron is worth what it is at four
                assert r3.points == r4.points
                assert pay[w3.discarder_seat_at(3)] == -(r3.points + honba) or r3.liable is not None
            elif r3.liable is None:  # tsumo loss: the absent North's share is not paid
                absent = -r4.payments[3] - w4.honba * 100 if winner != 3 else None
                assert absent is not None and r3.points == r4.points - absent
        checked += 1
    assert checked > 500


# --------------------------------------------------------------------------------------------
# real records: Tenhou phoenix sanma (tests/data/tenhou-sanma/; source and licence: tests/data/LICENSE-tenhou-sanma.md)
# --------------------------------------------------------------------------------------------

# Each win of the two records, transcribed by hand from its AGARI tag: `hai` and `machi` (tile ids
# // 4 = kinds; id 88 is the red 5s), `m` (kita: 30752 + 256 x copy, tiles 120-123), `doraHai`,
# `doraHaiUra`, `who` / `fromWho` / `oya` (seats; fromWho == who for a tsumo), INIT's `seed`
# (round, honba; riichi sticks on the table from AGARI's `ba`). Expected: `ten` (fu, points) and
# `sc` (each seat's change, in hundreds; the fourth pair is the empty seat).
RECORDS = [
    # 2009060321gm-00b9-0000-75b25bcf: East 1, dealer ron from seat 1; sanankou 2, chun 1, honitsu 3,
    # dora 4 (two kita, each doubled by the West indicator), aka 1: 11 han
    ("2009060321gm", "11s444s055s78s777z9s", dict(seat=0, ron=1, dora="3z", kita=2), 11, 50, 36000,
     (36000, -36000, 0)),
    # 2018110809gm-00b9-0000-00a79b89, hand 1: dealer ron from seat 1, penchan 7p; iipeikou 1 and the
    # kita 1; indicator 1m makes 9m dora (none held)
    ("2018110809gm/1", "456p789p89p11s234s7p", dict(seat=0, ron=1, dora="1m", kita=1), 2, 40, 3900,
     (3900, -3900, 0)),
    # hand 2 (1 honba, seat 1's riichi stick): dealer tsumo, chiitoitsu + tsumo + two kita = 5 han
    ("2018110809gm/2", "99m5566p113366s66z", dict(seat=0, dora="8p7z", kita=2, honba=1, riichi_sticks=1), 5, 25,
     8000, (9200, -4100, -4100)),
    # hand 3 (2 honba, the winner's riichi stick): West wins by ron from seat 1 (the previous player);
    # riichi, sanankou, toitoi, East, hatsu, honitsu, ura 3 = 13 han, counted yakuman
    ("2018110809gm/3", "666s77s111z222z666z", dict(seat=2, ron=3, riichi=1, dora="9s", ura="5s", honba=2,
                                                    riichi_sticks=1), 13, 60, 32000, (0, -32400, 33400)),
]


@pytest.mark.parametrize("record, hand, situation, han, fu, points, payments", RECORDS, ids=[r[0] for r in RECORDS])
def test_tenhou_sanma_records(record, hand, situation, han, fu, points, payments):
    r = scorer().score(parse_mpsz(hand), win(**situation))
    assert (r.han, r.fu, r.points, r.payments) == (han, fu, points, payments)
    # and through the batch contract, as a majiang-style line
    h, w = parse_mpsz(hand), win(**situation)
    line = json.dumps(majiang_input(h, w, 3), ensure_ascii=False)
    out = json.loads(run("batch", "--ruleset", "tenhou-sanma", stdin=line + "\n").stdout)
    assert out["payments"] == list(payments) and out["points"] == points


def test_the_records_are_kept_verbatim():
    import hashlib
    from pathlib import Path

    folder = Path(__file__).parent / "data" / "tenhou-sanma"
    sums = {p.name: hashlib.sha1(p.read_bytes()).hexdigest() for p in folder.glob("*.xml")}
    assert sums == {
        "2009060321gm-00b9-0000-75b25bcf.xml": "554c0c2646f21854bd368fca440fc56ea6eaae2e",
        "2018110809gm-00b9-0000-00a79b89.xml": "12470d1add902ba5650707f87ef34b8f2e8e7ed4",
    }
    for path in folder.glob("*.xml"):  # what the transcription above was read from
        text = path.read_text(encoding="ascii")
        assert '<GO type="185"' in text and 'hai3=""' in text


def test_rulesets_diff_names_the_players():
    p = run("rulesets", "diff", "tenhou", "tenhou-sanma")
    assert p.stdout.splitlines()[0] == "tenhou (tenhou.toml) and tenhou-sanma (tenhou-sanma.toml): players 4 and 3"
    data = json.loads(run("rulesets", "diff", "tenhou", "tenhou-sanma", "--json").stdout)
    assert (data["a"]["players"], data["b"]["players"]) == (4, 3)
    assert {d["name"] for d in data["differences"]} >= {"tile_set", "honba_value", "uma", "start_score"}


def test_the_records_replay_as_tenhou_paid():
    from pathlib import Path

    from mjrules.records import read_game
    from mjrules.records.replay import Replayer, record_ruleset

    folder = Path(__file__).parent / "data" / "tenhou-sanma"
    games = [read_game(str(p)) for p in sorted(folder.glob("*.xml"))]
    assert [g.ruleset for g in games] == ["tenhou-sanma", "tenhou-sanma"]
    wins = [w for g in games for _, w in g.wins()]
    assert len(wins) == 4 and [w.win.kita for w in wins] == [2, 1, 2, 0]
    for game in games:
        replay = Replayer(record_ruleset(game)).replay(game, from_start=True)
        assert replay.agree == len(replay.checks) and replay.final_agree and not replay.flow_notes
        # the recorded final points (owari): Tenhou's rounding, uma +20/0/-20, oka 15 to the top
        assert replay.points == game.final_points
    assert [g.final_points for g in games] == [(66.0, -61.0, -5.0), (8.0, -66.0, 58.0)]
    p = run("replay", *map(str, sorted(folder.glob("*.xml"))))
    assert p.returncode == 0 and p.stdout.startswith("2 games, 4 wins, 4 agree; final scores agree in 2/2")


def test_a_three_player_record_under_a_four_player_ruleset():
    from pathlib import Path

    from mjrules.errors import RecordError
    from mjrules.records import read_game
    from mjrules.records.replay import Replayer

    path = Path(__file__).parent / "data" / "tenhou-sanma" / "2009060321gm-00b9-0000-75b25bcf.xml"
    with pytest.raises(RecordError, match=r"a 3-player game, and ruleset tenhou is for 4 players"):
        Replayer("tenhou").replay(read_game(str(path)))
    # a kita code on tile 119 (a West): the record is broken, and the error names the tile
    bad = path.read_text(encoding="ascii").replace('m="31520"', 'm="' + str((119 << 8) | 0x20) + '"')
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        f = Path(d) / "bad.xml"
        f.write_text(bad, encoding="ascii")
        p = run("replay", str(f))
    assert p.returncode == 2 and "a kita code (30496) on 3z, not on a North" in p.stderr


def test_a_three_player_draw_settles_among_three():
    from mjrules.game.record import EXHAUSTIVE, Draw, Round
    from mjrules.game.settlement import settle_round

    def drawn(tenpai):
        return Round(0, 0, 0, 0, 0, (35000, 35000, 35000), tuple(parse_tiles("1z")), (), (), (),
                     Draw(EXHAUSTIVE, "exhaustive draw", tenpai, (), (0, 0, 0)))

    # noten payments total 2000 at Tenhou: the draws of tests/data/tenhou-sanma/2014091101gm-00b9-0000-5ca6b487.xml
    # record sc="460,10,290,-20,290,10" (two tenpai) and sc="552,-10,278,-10,210,20" (one tenpai), in hundreds
    assert settle_round(drawn((0,)), scorer()).payments == (2000, -1000, -1000)
    assert settle_round(drawn((0, 2)), scorer()).payments == (1000, -2000, 1000)
    assert settle_round(drawn((1,)), scorer("mahjongsoul-sanma")).payments == (-1000, 2000, -1000)
    assert settle_round(drawn(()), scorer()).payments == (0, 0, 0)
