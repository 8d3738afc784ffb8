"""Comparing one hand, or a corpus, between rulesets."""

import csv
import json

from mjrules import Win, parse_mpsz
from mjrules.cli import main
from mjrules.tools.compare import Comparer


def test_one_hand_rows_and_causes():
    # Four-wind tanki ron with all honours: tsuuiisou + daisuushii + suuankou tanki.
    # tenhou: all single, stacked → 3 yakuman = 96,000 for a non-dealer ron.
    # mahjongsoul: daisuushii and suuankou tanki double → 2 + 2 + 1 = 5 → 160,000.
    # ema2016: no stacking → 1 yakuman = 32,000.
    comp = Comparer(["tenhou", "mahjongsoul", "ema2016"]).compare(
        parse_mpsz("111z222z333z444z5z5z"), Win(tsumo=False, discarder=2, seat_wind=1))
    rows = {name: (values, differs) for name, values, differs in comp.rows}
    assert rows["points"] == ((96000, 160000, 32000), True)
    assert rows["han"] == ((None, None, None), False)
    assert comp.causes == ((), ("flag:double_yakuman",), ("flag:yakuman_stacking",))


def test_kiriage_is_named_as_the_cause():
    # Closed non-dealer ron: riichi 1 + pinfu 1 + tanyao 1 + iipeikou 1 = 4 han; pinfu ron is
    # 20 + 10 = 30 fu. 30 fu 4 han = 7,700 in tenhou; kiriage makes it a mangan (8,000) in mleague.
    hand = parse_mpsz("223344m567p88s23s4s")
    win = Win(tsumo=False, discarder=3, seat_wind=1, riichi=1)
    comp = Comparer(["tenhou", "mleague"]).compare(hand, win)
    rows = {name: values for name, values, _ in comp.rows}
    assert rows["points"] == (7700, 8000)
    assert comp.causes[1] == ("flag:kiriage",)


def test_red_fives_are_plain_where_the_set_has_none():
    # 0p counts one dora in tenhou; wrc2025 has no red fives, so the same tile is a plain 5p.
    hand = parse_mpsz("234m406p67s22z555z8s")  # haku; ron on 8s
    win = Win(tsumo=False, discarder=2, seat_wind=1)
    comp = Comparer(["tenhou", "wrc2025"]).compare(hand, win)
    han = dict((n, v) for n, v, _ in comp.rows)["han"]
    assert han == (2, 1)  # haku + aka vs haku


def test_cli_compare_one_hand(capsys):
    assert main(["compare", "223344m567p88s23s4s", "--ron", "previous", "--seat", "S", "--riichi",
                 "--rulesets", "tenhou,mleague", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["rulesets"] == ["tenhou", "mleague"]
    assert data["causes"]["mleague"] == ["flag:kiriage"]
    assert any(r["row"] == "points" and r["differs"] for r in data["rows"])


def test_cli_compare_corpus_summary_and_csv(tmp_path, capsys, hule_lines):
    src = tmp_path / "in.jsonl"
    lines = [json.dumps(x) for x in hule_lines[:300]]
    lines.append(json.dumps({"hand": "223344m567p88s23s4s", "ron": "previous", "seat": "S", "riichi": 1}))
    lines.append("not json")
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out = tmp_path / "details.csv"
    code = main(["compare", "--input", str(src), "--rulesets", "tenhou,mleague", "--output", str(out),
                 "--json", "--no-progress"])
    assert code == 1  # a bad line, as batch exits
    captured = capsys.readouterr()
    summary = json.loads(captured.out)
    assert summary["hands_scored"] == 301 and summary["bad_lines"] == 1
    assert captured.err == "mjrules compare: line 302: not JSON: Expecting value: line 1 column 1 (char 0)\n"
    ml = summary["rulesets"][0]
    assert ml["ruleset"] == "mleague"
    assert ml["points_differ"] >= 1 and "flag:kiriage" in ml["causes"]
    rows = list(csv.reader(out.open(encoding="utf-8")))
    assert rows[0][:3] == ["line", "error", "tenhou:points"]
    assert len(rows) == 1 + 302


def test_compare_needs_a_hand_or_input(capsys):
    assert main(["compare"]) == 2
    assert "HAND" in capsys.readouterr().err


def test_compare_input_refuses_a_rule_object_beside_in(tmp_path, capsys, variant_lines):
    """A line's "rule" would change the rulesets compared for that line alone: the line is an error
    naming it (as batch names a bad line), an empty rule changes nothing, and the way the error
    shows (the rule object as a ruleset of --rulesets) scores the hand as majiang-core did under it."""
    line = next(x for x in variant_lines if x.get("rule") == {"切り上げ満貫あり": True} and x["out"]
                and x["out"]["fanshu"] == 4 and x["out"]["fu"] == 30)
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(json.dumps(obj, ensure_ascii=False) for obj in (
        line, {**line, "rule": {}}, {**line, "rule": None}, line["in"])) + "\n", encoding="utf-8")
    assert main(["compare", "--input", str(src), "--rulesets", "tenhou,mleague", "--json"]) == 1
    captured = capsys.readouterr()
    assert json.loads(captured.out)["hands_scored"] == 2
    reason = ('"rule" beside "in" is not read by compare, which scores each line under every ruleset of '
              '--rulesets: to compare under a rule object, save it in a file and add it to them '
              '(--rulesets rule.json,tenhou); to compare the hand alone, leave "rule" out')
    assert captured.err.splitlines() == [f"mjrules compare: line {n}: {reason}" for n in (1, 3)]
    rule = tmp_path / "rule.json"
    rule.write_text(json.dumps(line["rule"], ensure_ascii=False), encoding="utf-8")
    bare = tmp_path / "bare.jsonl"
    bare.write_text(json.dumps(line["in"]) + "\n", encoding="utf-8")
    details = tmp_path / "details.csv"
    assert main(["compare", "--input", str(bare), "--rulesets", f"{rule},tenhou", "--output", str(details)]) == 0
    row = next(csv.DictReader(details.open(encoding="utf-8")))
    assert int(row[f"{rule}:points"]) == line["out"]["defen"] != int(row["tenhou:points"])  # kiriage mangan: 8,000
