"""The preset rulesets in rulesets/: each loads, and each scores what makes it different.

Expected values come from the rules as compiled in shared/reference/rulesets.md (section 1, the
main table, and section 4, the scoring semantics), not from the presets' own flag values: every
rule below lists by hand which presets follow which variant.

Conventions (helpers.py): the winner sits South (seat 1) in the East round; a ron comes from the
opposite player (North, seat 3) unless stated; payments are (East, South, West, North).
"""

import re
from pathlib import Path

import pytest

import mjrules.rulesets
from helpers import han_of, ids, ron, score, tsumo
from mjrules import Scorer, SituationError, load_ruleset, parse_mpsz, preset_names

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    import tomli as tomllib

PRESETS = (
    "tenhou", "tenhou-nokuitan", "mahjongsoul", "mleague", "wrc2025", "ema2016", "ema2025",
    "jpml-a", "saikouisen", "rmu", "majiang",
)
RULESET_DIR = Path(mjrules.rulesets.__file__).parent

_scorers = {}


def scorer(name: str) -> Scorer:
    if name not in _scorers:
        _scorers[name] = Scorer(name)
    return _scorers[name]


def every(fn):
    """Parametrize a test over every preset."""
    return pytest.mark.parametrize("preset", PRESETS)(fn)


# Which presets follow which variant (rulesets.md section 1; row numbers of the main table).
KIRIAGE = {"mleague", "wrc2025", "ema2025", "saikouisen", "rmu"}  # row 8
NO_KAZOE = {"mleague", "ema2016", "ema2025", "saikouisen"}  # row 7: 13+ han is sanbaiman
NO_STACKING = {"ema2016", "ema2025"}  # row 10: "yakuman are not cumulative"
DOUBLE_PATTERNS = {"mahjongsoul", "majiang"}  # row 9: kokushi 13, suuankou tanki, junsei chuuren, daisuushii 2x
NO_PAO = {"saikouisen"}  # row 12 (2009 "パオ無し")
PAO_WHOLE_HAND = {"tenhou", "tenhou-nokuitan"}  # rows 13-14, section 4 item 4
PAO_LIABLE_HONBA = {"tenhou", "tenhou-nokuitan", "mahjongsoul"}  # row 14, section 4 item 5
SUUKANTSU_PAO = {"mleague", "wrc2025"}  # row 12
DOUBLE_WIND_4_FU = {"tenhou", "tenhou-nokuitan", "mahjongsoul", "majiang", "ema2016"}  # row 15
NO_IPPATSU_URA_KAN_DORA = {"jpml-a"}  # rows 3-5
RED_FIVES = {"tenhou", "mahjongsoul", "mleague", "majiang"}  # row 2 (and tenhou-nokuitan: none)
NO_KUITAN = {"tenhou-nokuitan"}  # row 1, "same-org variants"
RENHOU_MANGAN = {"wrc2025", "ema2016", "ema2025"}  # row 22

GROUPS = (KIRIAGE, NO_KAZOE, NO_STACKING, DOUBLE_PATTERNS, NO_PAO, PAO_WHOLE_HAND, PAO_LIABLE_HONBA,
          SUUKANTSU_PAO, DOUBLE_WIND_4_FU, NO_IPPATSU_URA_KAN_DORA, RED_FIVES, NO_KUITAN, RENHOU_MANGAN)

# Flags every preset sets (its own file or the one it extends); disabled_yaku is optional.
ALL_FLAGS = (
    "open_tanyao", "red_fives_m", "red_fives_p", "red_fives_s", "red_dora", "ippatsu", "ura_dora", "kan_dora",
    "kan_ura", "kazoe", "kiriage", "double_yakuman", "yakuman_stacking", "yakuman_cap", "pao", "pao_yakuman",
    "pao_covers", "pao_honba", "double_wind_pair_fu", "rinshan_tsumo_fu", "ryuuiisou_needs_hatsu", "renhou",
    "honba_value",
)


# --------------------------------------------------------------------------------------------
# the files
# --------------------------------------------------------------------------------------------

THREE_PLAYER = ("tenhou-sanma", "mahjongsoul-sanma")  # tests/test_sanma.py scores them


def test_the_preset_list():
    assert sorted(preset_names()) == sorted(PRESETS + THREE_PLAYER)
    for group in GROUPS:
        assert group <= set(PRESETS)


@every
def test_preset_loads_and_builds(preset):
    rs = load_ruleset(preset)
    s = Scorer(rs)
    assert rs.name == preset
    assert rs.description
    assert rs.sources  # inherited or its own
    # and scores: white dragon called, 1 han 30 fu, 240 * 4 = 960 -> 1000 under every ruleset
    assert s.score(parse_mpsz("123m456p78s99m6s 555=z"), ron()).points == 1000


@every
def test_preset_file_names_its_sources(preset):
    doc = tomllib.loads((RULESET_DIR / f"{preset}.toml").read_text(encoding="utf-8"))
    assert doc["name"] == preset
    sources = doc.get("sources")
    assert isinstance(sources, list) and sources, f"{preset}.toml has no sources list"
    for url in sources:
        assert re.match(r"https?://\S+$", url), url
    # the header comment names the first (primary) source too
    header = "".join(line for line in (RULESET_DIR / f"{preset}.toml").read_text(encoding="utf-8").splitlines()
                     if line.startswith("#"))
    assert sources[0] in header, f"{preset}.toml: the header comment does not cite {sources[0]}"


def test_no_ruleset_file_points_at_the_development_reference():
    # shared/reference/ is this project's working notes; users get only the rulesets, which must
    # cite the rule books and pages themselves
    files = sorted(RULESET_DIR.glob("*.toml"))
    assert len(files) >= len(PRESETS)
    for path in files:
        assert "shared/" not in path.read_text(encoding="utf-8"), path.name


@every
def test_preset_sets_every_flag(preset):
    rs = load_ruleset(preset)
    missing = [f for f in ALL_FLAGS if f not in rs.flags]
    assert not missing, f"{preset} leaves {missing} at the plugin default"


# Flags whose value rests on a "~" or "?" cell of the rulesets.md main table, per preset column.
# (Saikouisen's pao_yakuman / pao_covers / pao_honba are left out: with pao = false they do nothing.)
UNCERTAIN = {
    "tenhou": ["yakuman_cap"],  # row 11 ~
    "tenhou-nokuitan": ["yakuman_cap"],  # inherited from tenhou
    "mahjongsoul": ["pao_covers", "pao_honba"],  # row 14 ~
    "mleague": ["pao_covers", "pao_honba", "rinshan_tsumo_fu"],  # rows 13 ~, 14 ?, 17 ~
    "wrc2025": ["pao_yakuman", "pao_covers", "pao_honba"],  # rows 12-14 ~
    "ema2016": ["kiriage", "pao_covers", "pao_honba", "rinshan_tsumo_fu"],  # rows 8 ~, 13 ~, 14 ?, 17 ~
    "ema2025": ["pao_covers", "pao_honba", "rinshan_tsumo_fu"],  # inherited from ema2016
    "jpml-a": ["open_tanyao", "kazoe", "yakuman_stacking", "yakuman_cap", "pao_yakuman", "pao_covers",
               "pao_honba", "double_wind_pair_fu", "rinshan_tsumo_fu", "ryuuiisou_needs_hatsu",
               "renhou"],  # rows 1 ~, 7 ?, 10 ?, 11 ~, 12 ~, 13 ~, 14 ?, 15 ?, 17 ?, 20 ?, 22 ?
    "saikouisen": ["kazoe", "kiriage", "double_yakuman", "yakuman_stacking", "yakuman_cap", "pao",
                   "double_wind_pair_fu", "rinshan_tsumo_fu", "ryuuiisou_needs_hatsu",
                   "renhou"],  # rows 7 ~, 8 ~, 9 ~, 10 ?, 11 ?, 12 ?, 15 ~, 17 ~, 20 ?, 22 ?
    "rmu": ["kazoe", "kiriage", "double_yakuman", "yakuman_stacking", "yakuman_cap", "pao", "pao_yakuman",
            "pao_covers", "pao_honba", "double_wind_pair_fu", "rinshan_tsumo_fu", "ryuuiisou_needs_hatsu",
            "renhou"],  # rows 7 ?, 8 ~, 9 ?, 10 ?, 11 ?, 12 ?, 13 ?, 14 ?, 15 ~, 17 ~, 20 ?, 22 ?
    "majiang": [],  # all ✔ (K1)
}


def _flag_line(preset: str, flag: str) -> str:
    """The line that sets ``flag`` in the file the preset takes it from."""
    origin = load_ruleset(preset).origin[flag]
    for line in (RULESET_DIR / origin).read_text(encoding="utf-8").splitlines():
        if re.match(rf"{flag}\s*=", line):
            return line
    raise AssertionError(f"{flag} not found in {origin}")


@pytest.mark.parametrize("preset, flag", [(p, f) for p in PRESETS for f in UNCERTAIN[p]])
def test_uncertain_values_carry_a_comment(preset, flag):
    line = _flag_line(preset, flag)
    value_and_comment = line.split("=", 1)[1]
    assert "#" in value_and_comment, f"{preset}: {line.strip()!r} rests on a ~/? cell but has no comment"


# --------------------------------------------------------------------------------------------
# the common base: rulesets/_standard.toml
# --------------------------------------------------------------------------------------------

# The choices on which the presets split (rows 2, 7, 8 and 15 of the main table: red fives,
# kazoe, kiriage, double-wind pair): every preset states them in its own file or in the file of
# its own organisation it extends, never through the common base.
SPLIT_FLAGS = ("red_fives_m", "red_fives_p", "red_fives_s", "kazoe", "kiriage", "double_wind_pair_fu")
SAME_ORG_PARENT = {"tenhou-nokuitan": "tenhou", "ema2025": "ema2016"}


def _file_flags(name: str) -> dict:
    return tomllib.loads((RULESET_DIR / f"{name}.toml").read_text(encoding="utf-8")).get("flags", {})


def test_the_base_is_hidden_but_loads():
    assert "_standard" not in preset_names()
    base = load_ruleset("_standard")
    assert base.players == 4 and base.description
    assert not set(SPLIT_FLAGS) & set(base.flags)


@every
def test_preset_extends_the_base_or_its_own_organisation(preset):
    doc = tomllib.loads((RULESET_DIR / f"{preset}.toml").read_text(encoding="utf-8"))
    assert doc.get("extends") == SAME_ORG_PARENT.get(preset, "_standard")


@every
def test_split_choices_are_stated_by_the_preset(preset):
    origin = load_ruleset(preset).origin
    own = {f"{preset}.toml", f"{SAME_ORG_PARENT.get(preset, preset)}.toml"}
    for flag in SPLIT_FLAGS:
        assert origin[flag] in own, f"{preset}: {flag} comes from {origin[flag]}"


@every
def test_a_restated_value_says_why(preset):
    # a preset sets a flag to the value it would inherit only to mark its confidence in it
    parent = load_ruleset(SAME_ORG_PARENT.get(preset, "_standard"))
    for flag, value in _file_flags(preset).items():
        if parent.flags.get(flag) == value:
            line = next(ln for ln in (RULESET_DIR / f"{preset}.toml").read_text(encoding="utf-8").splitlines()
                        if re.match(rf"{flag}\s*=", ln))
            assert "#" in line.split("=", 1)[1], f"{preset}: {line.strip()!r} restates {parent.name} silently"


def test_show_names_the_base_for_inherited_flags():
    tenhou = load_ruleset("tenhou")
    assert tenhou.origin["ippatsu"] == "_standard.toml"  # row 3: yes for Tenhou, as for the base
    assert tenhou.origin["pao_covers"] == "tenhou.toml"  # row 13: Tenhou's own whole-hand pao
    assert load_ruleset("tenhou-nokuitan").origin["pao_covers"] == "tenhou.toml"


# --------------------------------------------------------------------------------------------
# hands
# --------------------------------------------------------------------------------------------

# closed riichi + pinfu + tanyao: 234m 456p 678s 234s (34s on 2s), pair 5m; 30 fu on ron
PINFU_TANYAO = "234m456p678s34s55m2s"
# closed chinitsu + ittsu + iipeikou + pinfu: 123m 123m 456m 789m (78m on 9m), pair 5m
CHIN_ITTSU = "1122334555678m9m"
# closed chinitsu, 6 han: haneman on ron
CHINITSU = "111m234m34m777m99m5m"
# no yaku of its own: 123m 456p 789s, 2_4s kanchan on 3s, West pair
NO_YAKU = "123m456p789s24s33z3s"
# 234m 456p 678s(chi) 678s, pair 5m: open, tanyao only
OPEN_TANYAO = "234m456p55m78s6s 6-78s"
# closed tanyao with a closed kan of 8s; 50 fu on ron (20 + 10 + 16 = 46)
TANYAO_ANKAN = "234m456p55m34s2s 8888s"
# closed white, green, red triplets, South tanki, East called: daisangen + tsuuiisou (no pao)
DAISANGEN_TSUUIISOU = "555666777z2z2z 111=z"
# all three dragon sets called; the last from the next player (West, seat 2)
DAISANGEN_PAO = "123m9p9p 555=z 666-z 777+z"
# daisangen (pao) + tsuuiisou; winner West (seat 2), the last dragon from North (seat 3)
COMPOSITE_PAO = "333z4z4z 555=z 666-z 777+z"
# four kans, the fourth a daiminkan of North from the next player (West, seat 2)
SUUKANTSU_DAIMINKAN = "5m5m 1111m 3333s 2222-p 4444+z"


# --------------------------------------------------------------------------------------------
# kiriage: 30 fu 4 han
# --------------------------------------------------------------------------------------------

@every
def test_30_fu_4_han_ron(preset):
    # riichi + pinfu + tanyao + dora (7s -> 8s) = 4 han 30 fu: 30 * 64 = 1920; * 4 = 7680 -> 7700,
    # or mangan 8000 with kiriage
    r = score(scorer(preset), PINFU_TANYAO, ron(riichi=1, dora="7s"))
    assert (r.han, r.fu) == (4, 30)
    assert r.points == (8000 if preset in KIRIAGE else 7700)


@every
def test_30_fu_4_han_dealer_ron(preset):
    # 1920 * 6 = 11520 -> 11600, or 2000 * 6 = 12000
    r = score(scorer(preset), PINFU_TANYAO, ron(seat=0, riichi=1, dora="7s"))
    assert r.points == (12000 if preset in KIRIAGE else 11600)


# --------------------------------------------------------------------------------------------
# kazoe: 13+ han
# --------------------------------------------------------------------------------------------

@every
def test_14_han(preset):
    # riichi + menzen tsumo + pinfu + iipeikou + ittsu 2 + chinitsu 6 = 12, + 2 dora (9m -> the 1m pair) = 14
    r = score(scorer(preset), CHIN_ITTSU, tsumo(riichi=1, dora="9m"))
    assert r.han == 14
    if preset in NO_KAZOE:  # sanbaiman: dealer 12000, others 6000
        assert (r.base, r.payments) == (6000, (-12000, 24000, -6000, -6000))
    else:  # one counted yakuman: dealer 16000, others 8000
        assert (r.base, r.payments) == (8000, (-16000, 32000, -8000, -8000))
        assert "kazoe" in r.limit


@pytest.mark.parametrize("preset", sorted(set(PRESETS) - NO_KAZOE))
def test_kazoe_is_never_more_than_one_yakuman(preset):
    # rulesets.md section 4 item 1: a single yakuman even at 26 han (12 + 9 dora + 5 ura);
    # jpml-a has no ura and no kan dora: 12 + 2 = 14 han, also one yakuman
    r = score(scorer(preset), CHIN_ITTSU, tsumo(riichi=1, dora="9m1m2m4m", ura="9m4m"))
    assert r.han == (14 if preset in NO_IPPATSU_URA_KAN_DORA else 26)
    assert (r.base, r.points) == (8000, 32000)


# --------------------------------------------------------------------------------------------
# yakuman stacking and double patterns
# --------------------------------------------------------------------------------------------

@every
def test_daisangen_tsuuiisou(preset):
    r = score(scorer(preset), DAISANGEN_TSUUIISOU, ron())
    assert ids(r) == {"daisangen", "tsuuiisou"}
    assert r.yakuman == (1 if preset in NO_STACKING else 2)
    # stacked: 2 x 8000 * 4 = 64000; EMA: one yakuman, 32000
    assert r.points == (32000 if preset in NO_STACKING else 64000)


PATTERN_HANDS = {
    "kokushi_13": "19m19p19s1234567z1m",
    "suuankou_tanki": "111m222p333s444z5z5z",
    "junsei_chuuren": "1112345678999m5m",
    "daisuushii": "111222333z5m5m 444=z",  # one wind called: no pao
}


@every
@pytest.mark.parametrize("pattern", sorted(PATTERN_HANDS))
def test_double_yakuman_patterns(preset, pattern):
    r = score(scorer(preset), PATTERN_HANDS[pattern], ron())
    # 2x: 16000 * 4 = 64000 (Mahjong Soul, majiang-core); elsewhere a single yakuman, 32000
    assert r.points == (64000 if preset in DOUBLE_PATTERNS else 32000)


def test_suuankou_tanki_mahjongsoul_vs_tenhou():
    # T2: 「四暗刻単騎・国士無双十三面待ち等はすべてシングル役満」 (Tenhou); Mahjong Soul counts it double
    hand = PATTERN_HANDS["suuankou_tanki"]
    assert score(scorer("tenhou"), hand, tsumo()).payments == (-16000, 32000, -8000, -8000)
    assert score(scorer("mahjongsoul"), hand, tsumo()).payments == (-32000, 64000, -16000, -16000)


# --------------------------------------------------------------------------------------------
# pao
# --------------------------------------------------------------------------------------------

@every
def test_pao_single_yakuman_ron_with_honba(preset):
    # 32000 + 2 honba, North deals in, West is liable
    r = score(scorer(preset), DAISANGEN_PAO, ron(honba=2))
    if preset in NO_PAO:
        assert r.payments == (0, 32600, 0, -32600)
    elif preset in PAO_LIABLE_HONBA:  # section 4 item 5: discarder 16000, liable 16600
        assert r.payments == (0, 32600, -16600, -16000)
    else:  # the discarder pays the honba: discarder 16600, liable 16000
        assert r.payments == (0, 32600, -16000, -16600)


@every
def test_pao_single_yakuman_tsumo_with_honba(preset):
    r = score(scorer(preset), DAISANGEN_PAO, tsumo(honba=2))
    if preset in NO_PAO:  # ordinary: 16000 + 200, 8000 + 200, 8000 + 200
        assert r.payments == (-16200, 32600, -8200, -8200)
    else:  # the liable player pays everything, honba included (every pao variant agrees)
        assert r.payments == (0, 32600, -32600, 0)


@every
def test_pao_composite_ron(preset):
    # daisangen + tsuuiisou won by West on East's discard, 1 honba; North liable
    r = score(scorer(preset), COMPOSITE_PAO, ron(seat=2, discarder=2, honba=1))
    if preset in NO_STACKING:
        # one yakuman (32000): liable 8000 / 2 * 4 = 16000; East 16000 + 300
        expected = (-16300, 0, 32300, -16000)
    elif preset in NO_PAO:
        expected = (-64300, 0, 64300, 0)
    elif preset in PAO_WHOLE_HAND:
        # Tenhou: the whole 64000 split 50/50, the liable player pays the honba
        expected = (-32000, 0, 64300, -32300)
    elif preset in PAO_LIABLE_HONBA:
        # Mahjong Soul: liable 8000 / 2 * 4 = 16000 + 300 honba; East the rest, 48000
        expected = (-48000, 0, 64300, -16300)
    else:
        # liable 16000; East 48000 + 300 honba
        expected = (-48300, 0, 64300, -16000)
    assert r.payments == expected


@every
def test_pao_composite_tsumo(preset):
    r = score(scorer(preset), COMPOSITE_PAO, tsumo(seat=2, honba=1))
    if preset in NO_STACKING:
        # one yakuman, all on the liable player, honba too: 32000 + 300
        expected = (0, 0, 32300, -32300)
    elif preset in NO_PAO:
        # ordinary double-yakuman tsumo: East 32000, the others 16000; +100 honba each
        expected = (-32100, -16100, 64300, -16100)
    elif preset in PAO_WHOLE_HAND:
        # Tenhou: the liable player pays the whole 64000 and all honba
        expected = (0, 0, 64300, -64300)
    elif preset in PAO_LIABLE_HONBA:
        # Mahjong Soul: liable 32000 + tsuuiisou share 8000 + all 300 honba; East 16000, South 8000
        expected = (-16000, -8000, 64300, -40300)
    else:
        # liable 32000; tsuuiisou as an ordinary tsumo with 100 honba from each payer
        expected = (-16100, -8100, 64300, -40100)
    assert r.payments == expected


@every
def test_suukantsu_pao(preset):
    # the 4th kan a daiminkan fed by West; North deals in
    r = score(scorer(preset), SUUKANTSU_DAIMINKAN, ron())
    assert ids(r) == {"suukantsu"}
    if preset in SUUKANTSU_PAO:  # 16000 each
        assert (r.liable, r.payments) == (2, (0, 32000, -16000, -16000))
    else:
        assert (r.liable, r.payments) == (None, (0, 32000, 0, -32000))


@pytest.mark.parametrize("preset", sorted(SUUKANTSU_PAO))
def test_daisangen_and_suukantsu_fed_by_one_player(preset):
    # The red dragon daiminkan from the opposite player (North) is both the last dragon set and the
    # fourth kan: North is liable for daisangen and for suukantsu, both pao yakuman (row 12), so the
    # liable portion (section 4 item 4: "pao_base = 8000 x pao_multiple") is 2 x 8000: on tsumo North
    # pays the whole 64000.
    r = score(scorer(preset), "9m9m 1111m 5555+z 6666-z 7777=z", tsumo())
    assert ids(r) == {"daisangen", "suukantsu"} and r.liable == 3
    assert r.payments == (0, 64000, 0, -64000)


# --------------------------------------------------------------------------------------------
# double-wind pair
# --------------------------------------------------------------------------------------------

@every
def test_double_wind_pair_tsumo(preset):
    # the dealer with an East pair in the East round: closed 222m, 456p, 789s, 13s kanchan on 2s.
    # 20 + 2 tsumo + 4 + 2 + pair: 4 -> 32 -> 40 fu (700 all), or 2 -> 30 fu (500 all)
    r = score(scorer(preset), "222m456p789s13s11z2s", tsumo(seat=0))
    if preset in DOUBLE_WIND_4_FU:
        assert (r.fu, r.payments) == (40, (2100, -700, -700, -700))  # 40 * 8 * 2 = 640 -> 700
    else:
        assert (r.fu, r.payments) == (30, (1500, -500, -500, -500))  # 30 * 8 * 2 = 480 -> 500


@every
def test_double_wind_pair_ron(preset):
    # dealer riichi ron: closed 111m (8), East pair: 20 + 10 + 8 + 4 = 42 -> 50 fu, or 40 fu
    r = score(scorer(preset), "111m456p789s23s11z4s", ron(seat=0, riichi=1))
    if preset in DOUBLE_WIND_4_FU:
        assert (r.fu, r.points) == (50, 2400)  # 50 * 8 * 6
    else:
        assert (r.fu, r.points) == (40, 2000)  # 320 * 6 = 1920 -> 2000


@every
def test_double_wind_pair_fivesou_fu(preset):
    # rulesets.md section 4 item 11: 20 + 2 (tsumo) + 4 (closed 222m) + 8 (closed 999p) + 32 (closed kan 1s)
    # + 2 (kanchan 4_6m) + 4 (East pair) = 72 -> 80 fu, vs 70 with a 2-fu pair
    r = score(scorer(preset), "222m999p46m11z5m 1111s", tsumo(seat=0))
    assert r.fu == (80 if preset in DOUBLE_WIND_4_FU else 70)


# --------------------------------------------------------------------------------------------
# rinshan tsumo fu (every preset gives it)
# --------------------------------------------------------------------------------------------

@every
def test_rinshan_gets_tsumo_fu(preset):
    # closed 222m, 456p, 234s (23s on 4s), 99p pair, closed kan 6s; the dealer wins on the replacement tile.
    # 20 + 4 + 16 = 40, + 2 tsumo = 42 -> 50 fu; rinshan + menzen tsumo = 2 han: 50 * 16 = 800 * 2 = 1600 all
    r = score(scorer(preset), "222m456p99p23s4s 6666s", tsumo(seat=0, rinshan=True))
    assert ids(r) == {"rinshan", "menzen_tsumo"}
    assert (r.fu, r.payments) == (50, (4800, -1600, -1600, -1600))


# --------------------------------------------------------------------------------------------
# ippatsu, ura dora, kan dora
# --------------------------------------------------------------------------------------------

@every
def test_ippatsu(preset):
    # riichi + ippatsu + tanyao = 3 han 50 fu: 50 * 32 = 1600 * 4 = 6400; without ippatsu 2 han: 3200
    r = score(scorer(preset), TANYAO_ANKAN, ron(riichi=1, ippatsu=True))
    assert r.points == (3200 if preset in NO_IPPATSU_URA_KAN_DORA else 6400)


@every
def test_ura_dora(preset):
    # ura indicator 7s -> 8s: the closed kan, 4 ura: 2 + 4 = 6 han haneman 12000; JPML-A: 2 han 3200
    r = score(scorer(preset), TANYAO_ANKAN, ron(riichi=1, dora="1z", ura="7s"))
    assert r.points == (3200 if preset in NO_IPPATSU_URA_KAN_DORA else 12000)


@every
def test_kan_dora(preset):
    # the kan's indicator 4m -> 5m, the pair: 2 + 2 = 4 han 50 fu -> mangan 8000; JPML-A: 3200
    r = score(scorer(preset), TANYAO_ANKAN, ron(riichi=1, dora="1z4m"))
    assert r.points == (3200 if preset in NO_IPPATSU_URA_KAN_DORA else 8000)


def test_jpml_a_still_counts_the_first_dora_indicator():
    r = score(scorer("jpml-a"), TANYAO_ANKAN, ron(riichi=1, dora="4m1z"))
    assert (han_of(r)["dora"], r.points) == (2, 8000)


# --------------------------------------------------------------------------------------------
# red fives and open tanyao
# --------------------------------------------------------------------------------------------

@every
def test_red_fives(preset):
    hand = "234m406p678s34s55m2s"  # PINFU_TANYAO with a red 5p
    if preset not in RED_FIVES:
        with pytest.raises(SituationError, match="red_fives_p"):
            score(scorer(preset), hand, ron(riichi=1))
        return
    r = score(scorer(preset), hand, ron(riichi=1))
    # riichi + pinfu + tanyao + aka = 4 han 30 fu: 7700, or 8000 with kiriage
    assert han_of(r)["aka"] == 1
    assert r.points == (8000 if preset in KIRIAGE else 7700)


@every
def test_red_five_in_a_meld(preset):
    # chi of 4s with a red 5s and 6s; houtei + aka = 2 han, open 20 + 2 kanchan -> 30 fu: 480 * 4 = 1920 -> 2000
    hand = "123m456p24s33z3s 4-06s"
    if preset not in RED_FIVES:
        with pytest.raises(SituationError, match="red_fives_s"):
            score(scorer(preset), hand, ron(houtei=True))
    else:
        assert score(scorer(preset), hand, ron(houtei=True)).points == 2000


@every
def test_open_tanyao(preset):
    r = score(scorer(preset), OPEN_TANYAO, ron())
    if preset in NO_KUITAN:
        assert not r.is_win
    else:
        assert (ids(r), r.points) == ({"tanyao"}, 1000)  # 1 han 30 fu: 960 -> 1000


def test_tenhou_nokuitan_keeps_closed_tanyao():
    r = score(scorer("tenhou-nokuitan"), PINFU_TANYAO, ron())
    assert (ids(r), r.points) == ({"pinfu", "tanyao"}, 2000)


# --------------------------------------------------------------------------------------------
# renhou
# --------------------------------------------------------------------------------------------

@every
def test_renhou_without_yaku(preset):
    r = score(scorer(preset), NO_YAKU, ron(renhou=True))
    if preset in RENHOU_MANGAN:
        assert (ids(r), r.points) == ({"renhou"}, 8000)
    else:
        assert not r.is_win


@every
def test_renhou_on_a_small_hand(preset):
    # pinfu + tanyao (+ 2 dora, 5m) = 4 han 30 fu: 7700 (8000 with kiriage); renhou as mangan: 8000
    r = score(scorer(preset), PINFU_TANYAO, ron(renhou=True, dora="4m"))
    assert r.points == (8000 if preset in RENHOU_MANGAN | KIRIAGE else 7700)


@every
def test_renhou_on_a_haneman(preset):
    # chinitsu alone is a haneman, worth more than mangan: 12000 everywhere
    r = score(scorer(preset), CHINITSU, ron(renhou=True))
    assert (r.han, r.points) == (6, 12000)


# --------------------------------------------------------------------------------------------
# honba
# --------------------------------------------------------------------------------------------

@every
def test_honba_300(preset):
    # white dragon called: 1000 ron / 500-300-300 tsumo; 1 honba: +300 ron, +100 from each on tsumo
    hand = "123m456p78s99m6s 555=z"
    assert score(scorer(preset), hand, ron(honba=1)).payments == (0, 1300, 0, -1300)
    assert score(scorer(preset), hand, tsumo(honba=1)).payments == (-600, 1400, -400, -400)
