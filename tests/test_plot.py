"""``mjrules compare --input … --plot``: the point differences per ruleset pair and their causes
(the plot extra, matplotlib)."""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET

from mjrules.cli import main
from mjrules.tools.compare import Comparer, compare_corpus
from mjrules.tools.plot import DifferenceCollector
from mjrules.notation import parse_majiang_input


def corpus(tmp_path, hule_lines, n=300):
    path = tmp_path / "hands.jsonl"
    path.write_text("".join(json.dumps(x["in"]) + "\n" for x in hule_lines[:n]), encoding="utf-8")
    return path


def test_plot_writes_an_svg_with_each_pair_and_its_causes(tmp_path, hule_lines, capsys):
    out = tmp_path / "diffs.svg"
    code = main(["compare", "--input", str(corpus(tmp_path, hule_lines)), "--rulesets", "tenhou,mleague,ema2016",
                 "--plot", str(out)])
    assert code == 0
    root = ET.fromstring(out.read_text(encoding="utf-8"))
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    text = out.read_text(encoding="utf-8")
    # matplotlib writes text as glyph paths with the string in a comment or id; look for the titles
    for words in ("mleague", "ema2016", "kiriage", "red_fives"):
        assert words in text


def test_png_too(tmp_path, hule_lines, capsys):
    out = tmp_path / "diffs.png"
    assert main(["compare", "--input", str(corpus(tmp_path, hule_lines, 50)), "--rulesets", "tenhou,mleague",
                 "--plot", str(out)]) == 0
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_kiriage_differences_are_the_rounding_to_mangan(hule_lines):
    # Kiriage rounds 30 fu 4 han and 60 fu 3 han up to mangan: a non-dealer's ron 7700 -> 8000
    # (+300), tsumo 2000-3900 -> 2000-4000 (+100); a dealer's ron 11600 -> 12000 (+400), tsumo
    # 3900 all -> 4000 all (+300).
    comparer = Comparer(["tenhou", "mleague"])
    collector = DifferenceCollector(comparer.names)
    kiriage: list[int] = []

    def on_row(line, comp, error):
        if comp is None:
            return
        collector.add(comp)
        if comp.causes[1] == ("flag:kiriage",):
            kiriage.append(comp.results[1].points - comp.results[0].points)

    items = ((n, parse_majiang_input(x["in"])) for n, x in enumerate(hule_lines[:1500], 1))
    compare_corpus(comparer, items, on_row)
    assert kiriage and set(kiriage) <= {100, 300, 400}
    pair = collector.pairs[0]
    assert len(pair.differences) == 1500
    assert pair.cause_hands["flag:kiriage"] >= len(kiriage)
    assert pair.cause_points["flag:kiriage"] >= sum(kiriage)


def test_plot_refuses_its_input_and_other_formats(tmp_path, hule_lines, capsys):
    src = corpus(tmp_path, hule_lines, 5)
    before = src.read_bytes()
    assert main(["compare", "--input", str(src), "--rulesets", "tenhou,mleague", "--plot", str(src)]) == 2
    assert src.read_bytes() == before
    assert main(["compare", "--input", str(src), "--rulesets", "tenhou,mleague", "--plot", str(tmp_path / "x.pdf")]) == 2
    err = capsys.readouterr().err
    assert "it would be overwritten" in err and "name an .svg or .png file" in err
    assert main(["compare", "234567m345p55678s", "--plot", str(tmp_path / "x.svg")]) == 2
    assert "--plot draws a corpus" in capsys.readouterr().err


def test_without_matplotlib_the_error_names_the_extra(tmp_path, hule_lines, capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now raises ImportError
    code = main(["compare", "--input", str(corpus(tmp_path, hule_lines, 5)), "--rulesets", "tenhou,mleague",
                 "--plot", str(tmp_path / "x.svg")])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "pip install 'mjrules[plot]'" in err
    assert not (tmp_path / "x.svg").exists()
