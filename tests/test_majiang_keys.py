"""The majiang-core keys that act through what its game passes to ``hule()`` (赤牌, 一発あり,
裏ドラあり, カンドラあり, カン裏あり), checked against majiang-core itself.

``data/majiang-keys-public.jsonl.gz`` holds, for each rule object that flips those keys and each
public conformance hand it bears on, what majiang-core 1.4.1's ``hule()`` returns when given the
hand as its game would pass it under that rule: no ippatsu when 一発あり is false, no ura
indicators when 裏ドラあり is false, only the first indicator (and ura indicator) when カンドラあり
is false, no kan ura when カン裏あり is false, the red fives beyond 赤牌's count of their suit as
plain fives (``data/make_majiang_keys.js`` makes it). mjrules is given the table as the public
line describes it (every indicator, the ippatsu chance, every red five) and must reach the same
score under ``ruleset_from_majiang`` of the same rule object.
"""

import io
import json
from collections import Counter

import pytest

from helpers import majiang_disagreement
from mjrules import Scorer, parse_majiang_input
from mjrules.cli import main
from mjrules.errors import RulesetError
from mjrules.model.hand import without_red_fives
from mjrules.rules.majiang import majiang_rule_of, read_majiang_rule, ruleset_from_majiang
from mjrules.tools.compare import red_fives_of

NEW_KEYS = {"赤牌", "一発あり", "裏ドラあり", "カンドラあり", "カン裏あり"}

# Lines per rule object in the data: the hands each rule bears on (see make_majiang_keys.js).
EXPECTED_COUNTS = {
    '{"一発あり": false}': 368,
    '{"裏ドラあり": false}': 1979,
    '{"カンドラあり": false}': 328,
    '{"カン裏あり": false}': 107,
    '{"赤牌": {"m": 0, "p": 0, "s": 0}}': 2215,
    '{"赤牌": {"m": 0, "p": 1, "s": 1}}': 996,
    '{"赤牌": {"m": 1, "p": 0, "s": 1}}': 1007,
    '{"赤牌": {"m": 1, "p": 1, "s": 0}}': 1022,
    '{"赤牌": {"m": 2, "p": 3, "s": 4}}': 405,
    '{"一発あり": false, "裏ドラあり": false, "カンドラあり": false, "赤牌": {"m": 0, "p": 0, "s": 0}}': 3420,
}


def _rule_key(rule):
    return json.dumps(rule, ensure_ascii=False)


def test_data_covers_each_new_key(key_lines):
    counts = Counter(_rule_key(x["rule"]) for x in key_lines)
    assert dict(counts) == EXPECTED_COUNTS
    assert set().union(*(x["rule"] for x in key_lines)) == NEW_KEYS


def test_each_flipped_key_changes_scores(key_lines, hule_lines):
    """Each rule, bar the larger red-five set, moves the score of some hand it bears on."""
    changed = Counter()
    for x in key_lines:
        before, after = hule_lines[x["line"] - 1]["out"], x["out"]
        if (before and (before["defen"], before["fenpei"])) != (after and (after["defen"], after["fenpei"])):
            changed[_rule_key(x["rule"])] += 1
    assert set(changed) == set(EXPECTED_COUNTS) - {'{"赤牌": {"m": 2, "p": 3, "s": 4}}'}


def test_scores_agree_with_majiang_core_per_rule(key_lines, hule_lines):
    scorers: dict[str, Scorer] = {}
    failures, agreed = [], Counter()
    for x in key_lines:
        key = _rule_key(x["rule"])
        if key not in scorers:
            scorers[key] = Scorer(ruleset_from_majiang(x["rule"]))
        scorer = scorers[key]
        hand, win = parse_majiang_input(hule_lines[x["line"] - 1]["in"])
        # the red fives the set does not have are plain fives, as that set would have dealt them
        hand = without_red_fives(hand, red_fives_of(scorer))
        why = majiang_disagreement(scorer.score(hand, win), x["out"])
        if why:
            failures.append(f"line {x['line']} under {key}: {why}")
        else:
            agreed[key] += 1
    assert not failures, f"{len(failures)} of {len(key_lines)} disagree:\n" + "\n".join(failures[:20])
    assert dict(agreed) == EXPECTED_COUNTS


def test_batch_with_the_rule_per_line_agrees(key_lines, hule_lines, capsys, monkeypatch):
    """The same data through ``mjrules batch``, the rule object beside each ``in``."""
    text = "".join(json.dumps({"in": hule_lines[x["line"] - 1]["in"], "rule": x["rule"]}, ensure_ascii=False) + "\n"
                   for x in key_lines)
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    assert main(["batch"]) == 0
    got = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(got) == len(key_lines)
    bad = []
    for x, g in zip(key_lines, got):
        want = x["out"] and (x["out"]["defen"], x["out"]["fenpei"])
        if (g and (g["points"], g["payments"])) != want:
            bad.append((x["line"], x["rule"], g and g["points"], want))
    assert not bad, f"{len(bad)} disagree: {bad[:5]}"


def test_rule_keys_map_onto_flags():
    read = read_majiang_rule({"一発あり": False, "裏ドラあり": False, "カンドラあり": True, "カン裏あり": False,
                              "赤牌": {"m": 0, "p": 2, "s": 1}})
    assert dict(read.flags) == {"ippatsu": False, "ura_dora": False, "kan_dora": True, "kan_ura": False,
                                "red_fives_m": 0, "red_fives_p": 2, "red_fives_s": 1}
    assert read.keys["red_fives_p"] == "赤牌" and read.not_applied == ()
    # majiang-core turns no kan ura indicator when it turns no kan dora indicator
    assert dict(read_majiang_rule({"カンドラあり": False}).flags) == {"kan_dora": False, "kan_ura": False}
    # a suit the 赤牌 object leaves out has no red five, as majiang-core's wall deals it
    assert dict(read_majiang_rule({"赤牌": {"m": 1}}).flags) == {"red_fives_m": 1, "red_fives_p": 0, "red_fives_s": 0}


def test_ruleset_names_the_rule_key_that_set_each_flag():
    rs = ruleset_from_majiang({"一発あり": False, "赤牌": {"m": 0, "p": 1, "s": 1}})
    assert rs.flags["ippatsu"] is False and rs.flags["red_fives_m"] == 0
    assert rs.origin["ippatsu"] == "majiang-core rule key 一発あり"
    assert rs.origin["red_fives_s"] == "majiang-core rule key 赤牌"
    assert rs.origin["kiriage"] == "majiang.toml"  # untouched flags keep their file


def test_game_keys_set_the_rules_of_the_game():
    rule = {"配給原点": 30000, "クイタンあり": False, "順位点": ["20.0", "10.0", "-10.0", "-20.0"], "場数": 1,
            "最大同時和了数": 1, "流し満貫あり": False, "ノーテン罰あり": False, "カンドラ後乗せ": False}
    read = read_majiang_rule(rule)
    # majiang-core starts at 配給原点 (its Game.jieju counts points from 30,000 whatever it is: the
    # majiang preset's return_score); 順位点 are thousands written as strings, with a decimal: tenths kept;
    # 流し満貫あり is its draw settlement; カンドラ後乗せ false turns an open kan's indicator at once;
    # 最大同時和了数 1 is the head bump (no triple-ron draw); ノーテン罰あり false pays nothing at a draw;
    # 場数 1 is an east-only game (東風戦)
    assert dict(read.flags) == {"open_tanyao": False, "start_score": 30000, "uma": [20, 10, -10, -20],
                                "points_rounding": "nearest-tenth-up", "game_length": "tonpuu", "max_ron_winners": 1,
                                "triple_ron_draw": False, "nagashi_mangan": "none", "noten_payment": 0,
                                "kan_dora_timing": "immediate"}
    assert read.not_applied == ()
    # game.js Game.last and Game.pingju: 場数 0/4, 連荘方式 0/3, 延長戦方式 0-3, オーラス止めあり, ノーテン宣言あり
    assert dict(read_majiang_rule({"場数": 0}).flags) == {"game_length": "ikkyoku"}
    assert dict(read_majiang_rule({"場数": 4}).flags) == {"game_length": "iichan"}
    assert dict(read_majiang_rule({"連荘方式": 0}).flags) == {"dealer_repeat": "none"}
    assert dict(read_majiang_rule({"連荘方式": 3}).flags) == {"dealer_repeat": "any_draw"}
    assert [read_majiang_rule({"延長戦方式": n}).flags["extra_wind"] for n in range(4)] == [
        "none", "sudden_death", "dealer_first", "whole_wind"]
    assert dict(read_majiang_rule({"オーラス止めあり": False, "ノーテン宣言あり": True}).flags) == {
        "last_dealer_stop": "none", "noten_declaration": True}
    # 順位点 without a decimal: Game.jieju rounds with Math.round
    assert read_majiang_rule({"順位点": ["20", "10", "-10", "-20"]}).flags["points_rounding"] == "nearest-thousand-up"
    on = read_majiang_rule({"流し満貫あり": True, "カンドラ後乗せ": True})
    assert dict(on.flags) == {"nagashi_mangan": "draw", "kan_dora_timing": "after_discard"}


@pytest.mark.parametrize("uma", [["20.25", "10", "-10", "-20.25"], ["20", "10", "-30"], "20,10,-10,-20",
                                 [True, 1, 2, 3], ["15.50", "7.50", "-7.50", "-15.50"], ["nan", "0", "0", "0"]])
def test_uma_must_be_four_thousands_to_a_tenth(uma):
    # "7.50" is a tenth, but majiang-core rounds 順位点 none of which ends in one decimal as whole ones
    with pytest.raises(RulesetError, match="順位点"):
        read_majiang_rule({"順位点": uma})


def test_uma_in_tenths_is_counted_exactly_as_majiang_core_counts_it(tmp_path):
    # the rule page lets 2nd-4th be any number, 1st their sum negated: "+7.5" keeps its decimal, so
    # Game.jieju counts to tenths: point = (defen - 30000) / 1000 + 順位点, toFixed(1), the top the rest
    read = read_majiang_rule({"順位点": ["+15.0", "+7.5", "-7.5", "-15.0"]})
    assert read.flags["uma"] == [15, 7.5, -7.5, -15] and read.flags["points_rounding"] == "nearest-tenth-up"
    rules = Scorer(ruleset_from_majiang({"順位点": ["+15.0", "+7.5", "-7.5", "-15.0"]})).rules
    # 2nd 31,200: 1.2 + 7.5 = 8.7; 3rd 18,500: -11.5 - 7.5 = -19.0; 4th 13,000: -17 - 15 = -32; top +42.3
    assert rules.placing.points([37300, 31200, 13000, 18500], 0) == (42.3, 8.7, -32.0, -19.0)
    assert majiang_rule_of(Scorer(ruleset_from_majiang({"順位点": ["+15.0", "+7.5", "-7.5", "-15.0"]})).flags).rule[
        "順位点"] == ["15.0", "7.5", "-7.5", "-15.0"]
    # float for float as Game.jieju: 4th (-26,950 - 30,000) / 1000 - 12.8 is the float -69.75, which
    # toFixed(1) writes -69.8 (the magnitude's half up); the top, 0 - 5.65 + 58.35 + 69.75 in floats, is
    # the float nearest 122.45, a hair above it: 122.5. Counted from the top's own score, 12.25 + 27.6 +
    # the oka of 82.6 is 122.44999999999999: 122.4 (a game of the random rule objects: random-15)
    page = {"配給原点": 9350, "順位点": ["+27.6", "-1.3", "-13.5", "-12.8"]}
    rules = Scorer(ruleset_from_majiang(page)).rules
    assert rules.placing.points([42250, -26950, -14850, 36950], 2) == (122.5, -69.8, -58.4, 5.7)
    # a TOML ruleset takes uma in tenths too, and refuses finer ones
    path = tmp_path / "club.toml"
    path.write_text('extends = "mleague"\n[flags]\numa = [15, 7.5, -7.5, -15]\n', encoding="utf-8")
    assert Scorer(str(path)).rules.placing.uma == (15, 7.5, -7.5, -15)
    path.write_text('extends = "mleague"\n[flags]\numa = [15, 7.25, -7.25, -15]\n', encoding="utf-8")
    with pytest.raises(RulesetError, match="7.25 has more than tenths"):
        Scorer(str(path))
    path.write_text('extends = "mleague"\n[flags]\numa = [15, 7.5, -7.5, -14.9]\n', encoding="utf-8")
    with pytest.raises(RulesetError, match=r"adds up to \+0.1"):
        Scorer(str(path))


def test_every_key_of_majiang_core_defaults_is_known(key_lines):
    """The 28 keys of majiang-core 1.4.1's Majiang.rule() (lib/rule.js), each read or listed."""
    defaults = {
        "配給原点": 25000, "順位点": ["20.0", "10.0", "-10.0", "-20.0"], "連風牌は2符": False,
        "赤牌": {"m": 1, "p": 1, "s": 1}, "クイタンあり": True, "喰い替え許可レベル": 0, "場数": 2,
        "途中流局あり": True, "流し満貫あり": True, "ノーテン宣言あり": False, "ノーテン罰あり": True,
        "最大同時和了数": 2, "連荘方式": 2, "トビ終了あり": True, "オーラス止めあり": True, "延長戦方式": 1,
        "一発あり": True, "裏ドラあり": True, "カンドラあり": True, "カン裏あり": True, "カンドラ後乗せ": True,
        "ツモ番なしリーチあり": False, "リーチ後暗槓許可レベル": 2, "役満の複合あり": True,
        "ダブル役満あり": True, "数え役満あり": True, "役満パオあり": True, "切り上げ満貫あり": False,
    }
    read = read_majiang_rule(defaults)
    assert len(defaults) == 28 and len(read.flags) == 33
    assert read.not_applied == ()
    # the defaults object changes nothing the majiang preset says
    assert Scorer(ruleset_from_majiang(defaults)).flags == Scorer("majiang").flags
    # and the preset, written back as a rule object, is that object (the one table read the other way)
    back = majiang_rule_of(Scorer("majiang").flags)
    assert dict(back.rule) == defaults and back.inexact == ()


def test_a_ruleset_busting_at_zero_is_no_majiang_core_rule_object():
    # majiang-core's Game.last ends a game on "defen[id] < 0" under トビ終了あり: 0 plays on, whatever the object
    rule = majiang_rule_of(Scorer("majiang").with_flags(bust_at_zero=True).flags)
    assert rule.rule["トビ終了あり"] is True
    assert rule.inexact == ("bust_at_zero = True (majiang-core: False)",)


@pytest.mark.parametrize("rule, message", [
    ({"一発": True}, "unknown majiang-core rule key '一発' (did you mean '一発あり'?)"),
    ({"裏ドラあり": 1}, "裏ドラあり: expected true or false, got 1"),
    ({"赤牌": 1}, "赤牌: expected an object"),
    ({"赤牌": {"m": 1, "z": 1}}, "赤牌: unknown suit 'z'"),
    ({"赤牌": {"m": 5}}, "赤牌.m: expected a count from 0 to 4, got 5"),
    ({"赤牌": {"p": True}}, "赤牌.p: expected a count from 0 to 4, got True"),
])
def test_bad_rule_objects_are_errors_naming_the_key(rule, message):
    with pytest.raises(RulesetError) as e:
        read_majiang_rule(rule)
    assert message in str(e.value)


def test_batch_applies_game_keys_without_a_word(hule_lines, capsys, monkeypatch):
    line = {"in": hule_lines[0]["in"], "rule": {"オーラス止めあり": False, "一発あり": False}}
    monkeypatch.setattr("sys.stdin", io.StringIO((json.dumps(line, ensure_ascii=False) + "\n") * 3))
    assert main(["batch"]) == 0
    captured = capsys.readouterr()
    assert [json.loads(x)["points"] for x in captured.out.splitlines()] == [hule_lines[0]["out"]["defen"]] * 3
    assert captured.err == ""  # every key is applied (a game key changes nothing of one hand's score)


@pytest.mark.parametrize("shoupai, rongpai, reds, riichi, want, dora_each", [
    # majiang-core 1.4.1's hule() for these hands (run once, its answers written here): dora 5p (indicator
    # 4p), and two red 5p or more in one group of the hand, which it counts as one 5p (hule.js
    # get_post_hupai: replace(/0/, '5') reads the first red five of a group only), each red five still
    # a red five: [(yaku, han)], fu, points; and the dora where each red five is a five
    ("m3789p344006s345", "m3-", 3, 1, ([("立直", 1), ("ドラ", 1), ("赤ドラ", 2)], 40, 8000), 2),
    # the winning tile is a group of its own: its red five counts as a five too
    ("m33789p34406s345", "p0-", 4, 1, ([("立直", 1), ("平和", 1), ("ドラ", 2), ("赤ドラ", 2)], 30, 12000), 2),
    # a meld is a group: of a pon of three red 5p, or a kan of four, one counts as a five
    ("m234678p4s345,p000=", "p4-", 3, 0, ([("断幺九", 1), ("ドラ", 1), ("赤ドラ", 3)], 30, 8000), 3),
    ("m234678p4s345,p0000+", "p4-", 4, 0, ([("断幺九", 1), ("ドラ", 1), ("赤ドラ", 4)], 30, 12000), 4),
])
def test_two_red_fives_of_a_group_count_one_dora_as_majiang_core_counts_them(shoupai, rongpai, reds, riichi, want,
                                                                            dora_each, capsys, monkeypatch):
    rule = {"赤牌": {"m": 1, "p": reds, "s": 0}}
    line = {"in": {"shoupai": shoupai, "rongpai": rongpai, "param": {
        "zhuangfeng": 0, "menfeng": 1, "baopai": ["p4"], "fubaopai": None,
        "hupai": {"lizhi": riichi, "yifa": False, "qianggang": False, "lingshang": False, "haidi": 0, "tianhu": 0},
        "jicun": {"changbang": 0, "lizhibang": 0}}}, "rule": rule}
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(line, ensure_ascii=False) + "\n"))
    assert main(["batch"]) == 0
    got = json.loads(capsys.readouterr().out)
    yaku, fu, points = want
    assert [(y["name_ja"], y["han"]) for y in got["yaku"]] == yaku and (got["fu"], got["points"]) == (fu, points)
    # each red five a five for dora, as other rulesets count them
    each = Scorer(ruleset_from_majiang(rule).with_flags(dora_red_fives="each"))
    hand, win = parse_majiang_input(line["in"])
    assert [y.han for y in each.score(hand, win).yaku if y.id == "dora"] == [dora_each]
