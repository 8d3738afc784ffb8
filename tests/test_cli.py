"""The command line: output, JSON, the batch contract and exit statuses."""

import csv
import json
import subprocess
import sys

import pytest

from mjrules import parse_majiang_input
from mjrules.cli import main
from mjrules.notation import json_hand


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_score_prints_yaku_fu_limit_and_payments(capsys):
    # Dealer tsumo, closed: riichi, menzen tsumo, pinfu, tanyao, iipeikou = 5 han → mangan, 4000 all.
    code, out, _ = run(capsys, "score", "223344m567p88s234s", "--riichi", "--seat", "E")
    assert code == 0
    assert "Pinfu" in out and "All simples" in out and "Pure double sequence" in out
    assert "mangan" in out
    assert "East +12000" in out and "South -4000" in out


def test_score_json_has_the_result_as_data(capsys):
    code, out, _ = run(capsys, "score", "123m456p11222z 555=z", "--win", "2z", "--ron", "opposite", "--seat", "W", "--json")
    assert code == 0
    data = json.loads(out)
    # Haku pon: 1 han (South is neither the West seat's wind nor the East round's).
    # Shanpon 11z/22z won on 2z by ron: the 2z triplet counts as open (4 fu), the haku pon 4 fu.
    # 20 + 4 + 4 = 28 → 30 fu; an open hand gets no menzen-ron fu. 1 han 30 fu non-dealer ron = 1000,
    # paid by the seat opposite West: East.
    assert data["han"] == 1 and data["fu"] == 30
    assert data["points"] == 1000
    assert data["payments"] == [-1000, 0, 1000, 0]
    assert [y["id"] for y in data["yaku"]] == ["haku"]
    assert data["hand"].endswith("555=z")


def test_majiang_notation_is_accepted(capsys):
    code, out, _ = run(capsys, "score", "m345p40677s67s8,m34-0", "--seat", "N", "--dora", "4s", "--json")
    data = json.loads(out)
    # tanyao 1 + two red fives 2 = 3 han; open tsumo 20+2 → 30 fu; non-dealer tsumo 1000/2000.
    assert (code, data["han"], data["fu"], data["points"]) == (0, 3, 30, 4000)
    assert data["payments"] == [-2000, -1000, -1000, 4000]


def test_no_yaku_exits_1_and_says_so(capsys):
    # Open hand, no yakuhai, no tanyao: a shape but no yaku.
    code, out, _ = run(capsys, "score", "123m456p789p11z 1-23s")
    assert code == 1
    assert "no yaku" in out


def test_no_shape_exits_1(capsys):
    code, out, _ = run(capsys, "score", "123m456p789s13577z")
    assert code == 1
    assert "no winning shape" in out


@pytest.mark.parametrize(
    "argv, needle",
    [
        (["score", "123m456p789s1122z8z"], "8z"),
        (["score", "11111m456p789s122z"], "1m appears 5 times"),
        (["score", "123m456p789s11222z", "--ron", "sideways"], "sideways"),
        (["score", "123m456p789s11222z", "--ippatsu"], "ippatsu without riichi"),
        (["score", "123m456p789s11222z", "--ruleset", "nosuch"], "nosuch"),
        (["score", "123m456p789s11222z", "--win", "9z"], "9z"),
        (["score", "123m456p789s11222z", "--honba", "-1"], "-1"),
    ],
)
def test_bad_input_exits_2_with_one_line(capsys, argv, needle):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert needle in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_batch_contract(tmp_path, hule_lines):
    src = tmp_path / "in.jsonl"
    lines = [json.dumps(hule_lines[0]), json.dumps(hule_lines[1]["in"]), "not json", json.dumps({"shoupai": "m123"}),
             json.dumps({"in": {"shoupai": "m123p456s789z1234z1", "rongpai": None, "param": {}}})]
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    dst = tmp_path / "out.jsonl"
    code = main(["batch", "--format", "majiang", "--input", str(src), "--output", str(dst)])
    assert code == 1  # lines 3 and 4 are errors; the run still answers every line
    out = [json.loads(x) for x in dst.read_text(encoding="utf-8").splitlines()]
    assert len(out) == 5
    for got, line in zip(out[:2], hule_lines[:2]):
        want = line["out"]
        assert got["points"] == want["defen"] and got["payments"] == want["fenpei"]
        assert got["han"] == want["fanshu"] and got["fu"] == want["fu"] and got["yakuman"] == 0
        assert {"id", "name", "han"} <= set(got["yaku"][0])
        assert got["fu_detail"][0] == {"label": "base", "fu": 20}
    assert out[2]["error"].startswith("line 3: not JSON")
    assert out[3]["error"].startswith("line 4: ")
    assert out[4] is None  # no winning shape


def test_batch_reads_json_hands_as_compare_input_does(tmp_path, capsys, hule_lines):
    """mjrules JSON hands beside majiang-core lines: each scores as majiang-core scored the same
    hand (its "out"), and batch and compare --input read the same lines, refusing the same ones."""
    sample = hule_lines[:200]
    lines = [json.dumps(json_hand(*parse_majiang_input(x["in"]))) if k % 2 else json.dumps(x)
             for k, x in enumerate(sample)]
    # riichi, pinfu, tanyao, iipeikou: 4 han 30 fu (20 + 10 for a closed ron), 7,700 from the dealer
    lines.append(json.dumps({"hand": "223344m567p88s23s4s", "ron": "previous", "seat": "S", "riichi": 1}))
    lines += ['{"hand": "223344m567p88s234s", "sead": "S"}', '{"hand": "123m"}', '[1, 2]']
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(lines) + "\n", encoding="utf-8")
    dst = tmp_path / "batch.csv"
    assert main(["batch", "--input", str(src), "--output", str(dst)]) == 1  # the three bad lines
    batch = list(csv.DictReader(dst.open(encoding="utf-8")))
    want = [x["out"]["defen"] if x["out"] else 0 for x in sample] + [7700]
    assert [int(r["points"] or 0) for r in batch[:201]] == want
    assert set(batch[200]["yaku"].split()) == {"riichi", "pinfu", "tanyao", "iipeikou"}
    assert (batch[200]["pay_east"], batch[200]["pay_south"]) == ("-7700", "7700")  # South's previous seat: East
    assert [r["error"] for r in batch[201:]] == [
        "line 202: unknown key 'sead' (did you mean 'seat'?)",
        "line 203: wrong tile count: 3 tiles (3 concealed with the winning tile); a winning hand has 14",
        "line 204: expected a JSON object: an mjrules JSON hand ({\"hand\": …}) or a majiang-core 'in' object "
        "({\"shoupai\": …}), got an array"]
    details = tmp_path / "compare.csv"
    assert main(["compare", "--input", str(src), "--rulesets", "majiang", "--output", str(details)]) == 1
    assert capsys.readouterr().err.splitlines() == [f"mjrules compare: {r['error']}" for r in batch[201:]]
    compared = list(csv.DictReader(details.open(encoding="utf-8")))
    assert [(r["error"], r["majiang:points"] or None) for r in compared] == [
        (r["error"], r["points"] or ("0" if not r["error"] else None)) for r in batch]


def test_batch_applies_a_rule_object_per_line(capsys, monkeypatch, variant_lines):
    import io

    kiriage = [x for x in variant_lines if x.get("rule") == {"切り上げ満貫あり": True}]
    sample = [x for x in kiriage if x["out"] and x["out"]["defen"] in (8000, 12000) and x["out"]["fanshu"] in (3, 4)][:5]
    assert sample
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(json.dumps(x) + "\n" for x in sample)))
    assert main(["batch"]) == 0
    out = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [o["points"] for o in out] == [x["out"]["defen"] for x in sample]


def test_batch_rejects_unknown_rule_key_on_that_line_only(capsys, monkeypatch, hule_lines):
    import io

    good = json.dumps(hule_lines[0])
    bad = json.dumps({"in": hule_lines[0]["in"], "rule": {"クイタン": True}})
    monkeypatch.setattr("sys.stdin", io.StringIO(bad + "\n" + good + "\n"))
    assert main(["batch"]) == 1  # a bad line: status 1, after the good line is scored
    first, second = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert "クイタン" in first["error"] and "line 1" in first["error"]
    assert second["points"] == hule_lines[0]["out"]["defen"]


def test_console_script_and_module_entry_point():
    proc = subprocess.run([sys.executable, "-m", "mjrules", "score", "123m456p789s11222z", "--json"],
                          capture_output=True, text=True, timeout=60)
    # East seat, East round: 11z pair, 222z completed by the drawn 2z; South is no yakuhai for
    # this seat, so the only yaku is menzen tsumo.
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert [y["id"] for y in data["yaku"]][0] == "menzen_tsumo"
