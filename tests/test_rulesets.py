"""Ruleset files: loading, inheritance, and a precise error for each kind of broken file."""

import json

import pytest

from mjrules import Ruleset, RulesetError, Scorer, load_ruleset, preset_names
from mjrules.cli import main
from mjrules.rules.majiang import majiang_flags, ruleset_from_majiang


def write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


def build(path):
    return Scorer(load_ruleset(path))


def test_every_preset_builds():
    names = preset_names()
    for expected in ("tenhou", "tenhou-nokuitan", "mahjongsoul", "mleague", "wrc2025", "ema2016", "ema2025",
                     "jpml-a", "saikouisen", "rmu", "majiang"):
        assert expected in names
    for name in names:
        scorer = Scorer(name)
        assert scorer.ruleset.sources, f"{name} cites no source"


def test_extends_inherits_and_overrides(tmp_path):
    path = write(tmp_path, "club.toml", 'name = "club"\nextends = "tenhou"\n[flags]\nkiriage = true\n')
    scorer = build(path)
    assert scorer.flags["kiriage"] is True
    assert scorer.flags["pao_covers"] == "hand"  # from tenhou
    assert scorer.ruleset.origin["kiriage"].endswith("club.toml")
    assert scorer.ruleset.origin["pao_covers"] == "tenhou.toml"


def test_extends_a_relative_path(tmp_path):
    write(tmp_path, "base.toml", '[flags]\nkazoe = "sanbaiman"\n')
    path = write(tmp_path, "child.toml", 'extends = "base.toml"\n[flags]\nkiriage = true\n')
    scorer = build(path)
    assert (scorer.flags["kazoe"], scorer.flags["kiriage"]) == ("sanbaiman", True)


def test_plugins_can_be_disabled(tmp_path):
    path = write(tmp_path, "nopao.toml", 'extends = "tenhou"\n[plugins]\ndisable = ["pao"]\n')
    scorer = build(path)
    assert "pao" not in scorer.ruleset.plugins
    assert "pao_covers" not in scorer.flags


def test_plugin_table_sets_that_plugins_flags(tmp_path):
    path = write(tmp_path, "t.toml", 'extends = "majiang"\n[plugin.pao]\npao_covers = "hand"\n')
    assert build(path).flags["pao_covers"] == "hand"


@pytest.mark.parametrize(
    "text, pattern",
    [
        ('kiriag = true\n', r"bad\.toml: unknown key 'kiriag'"),
        ('[flags]\nkiriag = true\n', r"bad\.toml: \[flags\] kiriag: unknown flag \(did you mean 'kiriage'\?\)"),
        ('[flags]\nkiriage = "yes"\n', r"bad\.toml: \[flags\] kiriage: expected true or false, got a string 'yes'"),
        ('[flags]\nkazoe = "double"\n', r"bad\.toml: \[flags\] kazoe: 'double' is not one of"),
        ('[flags]\ndouble_yakuman = ["kokushi_13", 2]\n',
         r"double_yakuman: expected a list of strings, got a whole number 2 at double_yakuman\[1\]"),
        ('[flags]\numa = ["20", 10, -10, -20]\n',
         r"\[flags\] uma: expected a list of numbers, got a string '20' at uma\[0\]$"),
        ('[flags]\numa = 20\n', r"\[flags\] uma: expected a list of numbers, got a whole number 20$"),
        ('[flags]\nkiriage = 1\n', r"\[flags\] kiriage: expected true or false, got a whole number 1$"),
        ('[flags]\nkazoe = true\n', r"\[flags\] kazoe: expected a string, got true$"),
        ('[flags]\npao_honba = "liable"\n[plugin.pao]\npao_honba = "liable"\n',
         r"bad\.toml: plugin\.pao\.pao_honba: already set by flags\.pao_honba; set it in one place$"),
        ('[flags]\nhonba_value = 100000000000\n', r"honba_value"),
        ('[plugins]\nenable = ["paoo"]\n', r"unknown plugin 'paoo' \(did you mean 'pao'\?\)"),
        ('[plugins]\nenable = ["os.path"]\n', r"unknown plugin 'os.path'"),
        ('[plugins]\nload = ["x"]\n', r"plugins\.load: unknown key"),
        ('[flags\nkiriage = true\n', r"bad\.toml: TOML syntax error: .*line 1, column"),
        ('extends = "tenhuo"\n', r"unknown ruleset 'tenhuo' \(did you mean 'tenhou'\?\)"),
        ('[plugin.pao]\nkiriage = true\n', r"kiriage: declared by plugin 'kiriage', not 'pao'"),
        ('[plugin.nosuch]\nx = 1\n', r"plugin 'nosuch' is not enabled"),
        ('name = 3\n', r"name and description must be strings"),
        ('[flags.kiriage]\nx = 1\n', r"flags\.kiriage: expected a value, got a table"),
    ],
)
def test_broken_files_name_file_and_key(tmp_path, text, pattern):
    path = write(tmp_path, "bad.toml", text)
    with pytest.raises(RulesetError, match=pattern):
        build(path)


def test_cyclic_extends(tmp_path):
    write(tmp_path, "a.toml", 'extends = "b.toml"\n')
    write(tmp_path, "b.toml", 'extends = "a.toml"\n')
    with pytest.raises(RulesetError, match="cyclic extends"):
        load_ruleset(str(tmp_path / "a.toml"))


def test_deep_extends_chain_is_refused(tmp_path):
    for i in range(40):
        write(tmp_path, f"r{i}.toml", f'extends = "r{i + 1}.toml"\n' if i < 39 else "")
    with pytest.raises(RulesetError, match="extends chain deeper than"):
        load_ruleset(str(tmp_path / "r0.toml"))


def test_non_utf8_file(tmp_path):
    p = tmp_path / "latin1.toml"
    p.write_bytes('name = "caf\xe9"\n'.encode("latin-1"))
    with pytest.raises(RulesetError, match="not UTF-8"):
        load_ruleset(str(p))


def test_missing_file(tmp_path):
    with pytest.raises(RulesetError, match="cannot read ruleset file"):
        load_ruleset(str(tmp_path / "nope.toml"))


def test_cli_exit_2_on_a_broken_ruleset(tmp_path, capsys):
    path = write(tmp_path, "bad.toml", '[flags]\nkiriag = true\n')
    assert main(["score", "123m456p789s11222z", "--ruleset", path]) == 2
    err = capsys.readouterr().err
    assert "bad.toml" in err and "kiriag" in err and len(err.strip().splitlines()) == 1


def test_majiang_rule_object_keys():
    flags = majiang_flags({"クイタンあり": False, "連風牌は2符": True, "ダブル役満あり": False, "役満の複合あり": False,
                           "数え役満あり": False, "役満パオあり": False, "切り上げ満貫あり": True, "一発あり": True})
    assert flags == {"open_tanyao": False, "double_wind_pair_fu": 2, "double_yakuman": [], "yakuman_stacking": False,
                     "kazoe": "sanbaiman", "pao": False, "kiriage": True, "ippatsu": True}
    with pytest.raises(RulesetError, match="unknown majiang-core rule key 'クイタン'"):
        majiang_flags({"クイタン": True})
    with pytest.raises(RulesetError, match="expected true or false"):
        majiang_flags({"クイタンあり": "no"})
    assert Scorer(ruleset_from_majiang({"切り上げ満貫あり": True})).flags["kiriage"] is True


def test_rulesets_listing_and_show(capsys):
    assert main(["rulesets", "--json"]) == 0
    names = [r["name"] for r in json.loads(capsys.readouterr().out)]
    assert names == preset_names() and "_standard" not in names  # the presets' common base is not one
    assert main(["rulesets", "show", "ema2025", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    by_flag = {r["flag"]: r for r in shown["flags"]}
    assert by_flag["kiriage"]["value"] is True and by_flag["kiriage"]["set_by"] == "ema2025.toml"
    assert by_flag["kazoe"]["set_by"] == "ema2016.toml"
    assert shown["players"] == 4  # a four-player ruleset, by the base every preset extends


def test_yaku_listing_is_what_scores(capsys):
    # jpml-a plays without ippatsu and without red fives: neither is registered, so neither is listed.
    main(["yaku", "--ruleset", "jpml-a", "--json"])
    jpml = {r["id"] for r in json.loads(capsys.readouterr().out)}
    main(["yaku", "--ruleset", "tenhou", "--json"])
    tenhou = {r["id"] for r in json.loads(capsys.readouterr().out)}
    assert {"ippatsu", "aka", "ura"} <= tenhou and not {"ippatsu", "aka", "ura"} & jpml


def test_yaku_listing_follows_the_ruleset(capsys):
    main(["yaku", "--ruleset", "mahjongsoul", "--json"])
    mjs = {r["id"]: r["value"] for r in json.loads(capsys.readouterr().out)}
    main(["yaku", "--ruleset", "tenhou", "--json"])
    tenhou = {r["id"]: r["value"] for r in json.loads(capsys.readouterr().out)}
    assert mjs["suuankou_tanki"] == "2x yakuman" and tenhou["suuankou_tanki"] == "1x yakuman"
    main(["yaku", "--ruleset", "wrc2025", "--json"])
    assert "renhou" in {r["id"] for r in json.loads(capsys.readouterr().out)}
    assert "renhou" not in tenhou


def test_plugins_listing(capsys):
    assert main(["plugins", "--json"]) == 0
    rows = {r["name"]: r for r in json.loads(capsys.readouterr().out)}
    assert "mjrules_pao" in rows["pao"]["hooks"]
    assert rows["yaku"]["module"] == "mjrules.plugins.yaku"


def test_unknown_flag_through_the_api_is_an_error():
    with pytest.raises(RulesetError, match=r"<api>: \[flags\] kiriag: unknown flag"):
        Scorer(load_ruleset("tenhou").with_flags(kiriag=True))


# --------------------------------------------------------------------------------------------
# players
# --------------------------------------------------------------------------------------------

def test_players_defaults_to_four(tmp_path):
    assert load_ruleset(write(tmp_path, "plain.toml", 'name = "plain"\n')).players == 4
    assert Ruleset("api").players == 4
    for name in preset_names():  # every preset but the sanma ones is a four-player ruleset
        assert load_ruleset(name).players == (3 if name.endswith("-sanma") else 4), name


def test_players_is_inherited_through_extends(tmp_path):
    write(tmp_path, "four.toml", "players = 4\n")
    assert load_ruleset(write(tmp_path, "child.toml", 'extends = "four.toml"\n')).players == 4
    write(tmp_path, "sanma.toml", "players = 3\n")
    assert load_ruleset(write(tmp_path, "child3.toml", 'extends = "sanma.toml"\n')).players == 3
    # and a child may say four again
    assert load_ruleset(write(tmp_path, "child4.toml", 'extends = "sanma.toml"\nplayers = 4\n')).players == 4


def test_three_players_is_accepted(tmp_path):
    path = write(tmp_path, "sanma.toml", 'name = "sanma"\nextends = "tenhou"\nplayers = 3\n')
    assert load_ruleset(path).players == 3
    assert Ruleset("api", players=3).players == 3


@pytest.mark.parametrize("text, shown", [("5", "5"), ('"four"', "'four'"), ("true", "True"), ("4.0", "4.0"),
                                         ("2", "2")])
def test_bad_players_value_names_file_and_key(tmp_path, text, shown):
    path = write(tmp_path, "bad.toml", f"players = {text}\n")
    with pytest.raises(RulesetError, match=rf"bad\.toml: players: expected 3 or 4, got {shown}$"):
        load_ruleset(path)


def test_bad_players_value_through_the_api():
    with pytest.raises(RulesetError, match=r"Ruleset\.players: expected 3 or 4, got 5"):
        Ruleset("api", players=5)


def test_the_common_base_loads_by_name_but_is_not_offered(tmp_path):
    path = write(tmp_path, "club.toml", 'extends = "_standard"\n[flags]\nkiriage = true\n')
    rs = load_ruleset(path)
    assert rs.origin["kiriage"].endswith("club.toml") and rs.origin["pao"] == "_standard.toml"
    with pytest.raises(RulesetError) as e:
        load_ruleset("standard")
    assert "tenhou" in str(e.value) and "_standard" not in str(e.value)


def test_a_huge_integer_is_a_ruleset_error_naming_the_file(tmp_path):
    path = tmp_path / "huge.toml"
    path.write_text("[flags]\nkiriage = " + "9" * 5000 + "\n")
    with pytest.raises(RulesetError, match="huge.toml.*digits"):
        load_ruleset(str(path))


def test_a_flag_of_a_plugin_not_enabled_names_that_plugin(tmp_path):
    path = tmp_path / "r.toml"
    path.write_text('extends = "tenhou"\n[flags]\naotenjou_yakuman_han = 20\n')
    with pytest.raises(RulesetError, match=r"flag aotenjou_yakuman_han is declared by plugin 'aotenjou', "
                                           r"which this ruleset does not enable"):
        Scorer(load_ruleset(str(path)))
    path.write_text('extends = "tenhou"\n[flags]\nno_such_flag = 20\n')
    with pytest.raises(RulesetError, match=r"no_such_flag: unknown flag.*no enabled plugin declares it"):
        Scorer(load_ruleset(str(path)))
