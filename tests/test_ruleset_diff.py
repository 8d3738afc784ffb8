"""``mjrules rulesets diff A B`` and ``mjrules.tools.ruleset_diff``: the plugins and flags two
rulesets set differently, with the file behind each side.

Expected differences are read off the preset files (rulesets/*.toml), not from the code.
"""

import json

import pytest

from mjrules import RulesetError
from mjrules.cli import main
from mjrules.tools.ruleset_diff import diff_rulesets

# tenhou.toml and ema2016.toml both extend _standard.toml; where they disagree (read off the files):
TENHOU_VS_EMA2016 = {
    "red_fives_m": ((1, "tenhou.toml"), (0, "ema2016.toml")),
    "red_fives_p": ((1, "tenhou.toml"), (0, "ema2016.toml")),
    "red_fives_s": ((1, "tenhou.toml"), (0, "ema2016.toml")),
    "kazoe": (("yakuman", "tenhou.toml"), ("sanbaiman", "ema2016.toml")),
    "yakuman_stacking": ((True, "_standard.toml"), (False, "ema2016.toml")),
    "pao_covers": (("hand", "tenhou.toml"), ("yakuman", "ema2016.toml")),
    "pao_honba": (("liable", "tenhou.toml"), ("normal", "ema2016.toml")),
    "renhou": (("none", "_standard.toml"), ("mangan", "ema2016.toml")),
    "kan_dora_timing": (("after_discard", "tenhou.toml"), ("immediate", "ema2016.toml")),
    "nagashi_mangan": (("draw", "tenhou.toml"), ("none", "ema2016.toml")),
    "start_score": ((25000, "tenhou.toml"), (30000, "ema2016.toml")),
    "uma": (([20, 10, -10, -20], "tenhou.toml"), ([15, 5, -5, -15], "ema2016.toml")),
    "bust_ends_game": ((True, "default of plugin settlement"), (False, "ema2016.toml")),
    # game flow (reference/rulesets.md row 24 and the EMA summaries): Tenhou's defaults against EMA's
    "abortive_draws": ((["nine_terminals", "four_winds", "four_riichi", "four_kans"], "default of plugin settlement"),
                       ([], "ema2016.toml")),
    "max_ron_winners": ((2, "default of plugin settlement"), (3, "ema2016.toml")),
    "triple_ron_draw": ((True, "default of plugin settlement"), (False, "ema2016.toml")),
    "extra_wind_target": ((30000, "default of plugin settlement"), (0, "ema2016.toml")),
    # Tenhou's last dealer stops after a tenpai draw in first place since June 2010 (tenhou.toml)
    "last_dealer_stop": (("win_or_tenpai", "tenhou.toml"), ("win", "default of plugin settlement")),
    # Tenhou's West repeats the dealer first (tenhou.toml); EMA has no extra wind (target 0) at all
    "extra_wind": (("dealer_first", "tenhou.toml"), ("sudden_death", "default of plugin settlement")),
}


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_two_presets_differ_in_the_flags_their_files_set_apart():
    diff = diff_rulesets("tenhou", "ema2016")
    got = {d.name: ((d.a.value, d.a.set_by), (d.b.value, d.b.set_by)) for d in diff.differences}
    assert got == TENHOU_VS_EMA2016
    assert {d.kind for d in diff.differences} == {"flag"}


def test_a_ruleset_does_not_differ_from_itself_or_a_file_that_only_extends_it(tmp_path):
    assert diff_rulesets("mleague", "mleague").differences == ()
    same = write(tmp_path, "same.toml", 'name = "same"\nextends = "mleague"\n')
    assert diff_rulesets("mleague", same).differences == ()


def test_a_plugin_enabled_on_one_side_with_its_flags(tmp_path):
    club = write(tmp_path, "club.toml", 'extends = "tenhou"\n[plugins]\nenable = ["local-yaku"]\ndisable = ["pao"]\n'
                                        '[flags]\nkiriage = true\n')
    diff = diff_rulesets("tenhou", club)
    by_name = {(d.kind, d.name): d for d in diff.differences}
    pao = by_name["plugin", "pao"]
    assert (pao.a.value, pao.a.set_by, pao.b.value, pao.b.set_by) == (True, "default", False, club)
    local = by_name["plugin", "local-yaku"]
    assert (local.a.value, local.a.set_by, local.b.value, local.b.set_by) == (False, "default", True, club)
    kiriage = by_name["flag", "kiriage"]
    assert (kiriage.a.value, kiriage.a.set_by, kiriage.b.value, kiriage.b.set_by) == (False, "tenhou.toml", True, club)
    # the pao plugin's flags exist on the tenhou side only; the local-yaku plugin's on the club side only
    covers = by_name["flag", "pao_covers"]
    assert (covers.a.value, covers.a.declared, covers.b.declared) == ("hand", True, False)
    assert covers.b.set_by == "plugin pao not enabled"
    assert by_name["flag", "open_riichi_han"].a.declared is False
    assert by_name["flag", "open_riichi_han"].b.set_by == "default of plugin local-yaku"
    # plugins first, each once
    kinds = [d.kind for d in diff.differences]
    assert kinds == sorted(kinds, key=("plugin", "flag").index) and kinds.count("plugin") == 2


def test_a_flag_set_to_its_inherited_value_is_no_difference(tmp_path):
    # kiriage = false is what tenhou.toml says; list values compare as values (a TOML list vs a default)
    same = write(tmp_path, "same.toml", 'extends = "tenhou"\n[flags]\nkiriage = false\ndouble_yakuman = []\n')
    assert diff_rulesets("tenhou", same).differences == ()


def test_cli_text_names_each_side_and_file(capsys):
    assert main(["rulesets", "diff", "tenhou", "ema2016"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"tenhou (tenhou.toml) and ema2016 (ema2016.toml): {len(TENHOU_VS_EMA2016)} flags differ"
    row = next(line for line in lines if line.split()[0] == "kazoe")
    assert row.split() == ['kazoe', '"yakuman"', "(tenhou.toml)", '"sanbaiman"', "(ema2016.toml)"]
    assert len(lines) == 2 + len(TENHOU_VS_EMA2016)


def test_cli_json(capsys, tmp_path):
    club = write(tmp_path, "club.toml", 'name = "club"\nextends = "mleague"\n[plugins]\ndisable = ["pao"]\n')
    assert main(["rulesets", "diff", "mleague", club, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["a"] == {"name": "mleague", "path": "mleague.toml", "players": 4, "notes": []}
    assert data["b"] == {"name": "club", "path": club, "players": 4, "notes": []}
    first = data["differences"][0]
    assert first == {"kind": "plugin", "name": "pao", "a": {"value": True, "set_by": "default"},
                     "b": {"value": False, "set_by": club}}
    pao_yakuman = next(d for d in data["differences"] if d["name"] == "pao_yakuman")
    # mleague.toml adds suukantsu to the pao yakuman
    assert pao_yakuman["a"] == {"value": ["daisangen", "daisuushii", "suukantsu"], "set_by": "mleague.toml",
                                "declared": True}
    assert pao_yakuman["b"] == {"value": None, "set_by": "plugin pao not enabled", "declared": False}


def test_cli_same_ruleset(capsys):
    assert main(["rulesets", "diff", "wrc2025", "wrc2025"]) == 0
    assert capsys.readouterr().out == "wrc2025 (wrc2025.toml) and wrc2025 (wrc2025.toml): no plugin or flag differs\n"


@pytest.mark.parametrize("argv, message", [
    (["rulesets", "diff", "tenhou", "tenhu"], "unknown ruleset 'tenhu' (did you mean 'tenhou'?)"),
    (["rulesets", "diff", "tenhou"], "rulesets diff needs two ruleset names or paths, got 1"),
    (["rulesets", "diff", "a", "b", "c"], "rulesets diff needs two ruleset names or paths, got 3"),
    (["rulesets", "diff", "tenhou", "/nonexistent/club.toml"], "/nonexistent/club.toml: cannot read ruleset file"),
])
def test_cli_bad_input_is_one_line_and_status_2(capsys, argv, message):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1


def test_a_broken_file_is_an_error_naming_it(tmp_path):
    bad = write(tmp_path, "bad.toml", 'extends = "tenhou"\n[flags]\nkazoe = "sometimes"\n')
    with pytest.raises(RulesetError, match="bad.toml.*kazoe"):
        diff_rulesets("tenhou", bad)


def test_disabled_yaku_naming_an_unknown_yaku_is_an_error_with_a_suggestion(tmp_path, capsys):
    club = write(tmp_path, "club.toml", 'extends = "tenhou"\n[flags]\ndisabled_yaku = ["pinfuu"]\n')
    assert main(["score", "234m456p67s555z22z8s", "--ruleset", club]) == 2
    err = capsys.readouterr().err
    assert "club.toml" in err and "disabled_yaku" in err and "'pinfuu'" in err and "did you mean 'pinfu'?" in err
    assert len(err.strip().splitlines()) == 1
