"""``mjrules compare --input … --plot``: the point differences per ruleset pair and their causes
(the plot extra, matplotlib)."""

from __future__ import annotations

import json
import re
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


# -- the plots say what the text says ----------------------------------------------------------------

def _drawn(monkeypatch, name):
    """The figures ``mjrules.tools.plot.<name>`` makes in a run, kept to be read back."""
    from mjrules.tools import plot

    made = []
    real = getattr(plot, name)

    def keep(*args, **kwargs):
        made.append(real(*args, **kwargs))
        return made[-1]

    monkeypatch.setattr(plot, name, keep)
    return made


COMPARE_LINE = re.compile(r"  (\S+) +(?:points differ on (\d+) hands?|points agree on every hand)"
                          r"(?:.*; causes of the (\d+) (?:hands that differ|hand that differs): (.*))?$")


def test_the_compare_plot_counts_what_its_text_counts(tmp_path, hule_lines, capsys, monkeypatch):
    """Each pair's hands whose points differ, the hands its causes are counted over and each
    cause's count are the text's, read back from the figure the run wrote; one y scale for every
    histogram, named when it is log. ema2016 has hands that differ in han or fu alone: the bars split."""
    made = _drawn(monkeypatch, "differences_figure")
    out = tmp_path / "diffs.svg"
    assert main(["compare", "--input", str(corpus(tmp_path, hule_lines, 1500)), "--rulesets",
                 "tenhou,mleague,mahjongsoul,ema2016", "--plot", str(out)]) == 0
    text = capsys.readouterr().out
    said = {}
    for line in text.splitlines()[1:]:
        m = COMPARE_LINE.match(line)
        if m:
            causes = dict((c.rsplit(" ", 1)[0], int(c.rsplit(" ", 1)[1])) for c in (m[4] or "").split(", ") if c)
            said[m[1]] = (int(m[2] or 0), int(m[3] or 0), causes)
    assert list(said) == ["mleague", "mahjongsoul", "ema2016"]
    fig = made[0]
    fig.canvas.draw()  # the category labels of the cause bars are set when drawn
    hists, bars = fig.axes[0::2], fig.axes[1::2]
    split = False
    for (name, (differ, over, causes)), hist, cause_axes in zip(said.items(), hists, bars):
        assert hist.get_title() == f"{name} − tenhou: points differ on {differ} of 1500 hands"
        assert sum(round(p.get_height()) for p in hist.patches) == differ
        assert f"causes of the {over} hands that differ" in cause_axes.get_title() or (
            over == 1 and "causes of the 1 hand that differs" in cause_axes.get_title())
        labels = [t.get_text() for t in cause_axes.get_yticklabels()]
        totals = dict.fromkeys(labels, 0)
        for container in cause_axes.containers:  # the hands whose points differ, then those whose points agree
            for label, rect in zip(labels, container):
                totals[label] += round(rect.get_width())
        split |= len(cause_axes.containers) == 2 and any(r.get_width() for r in cause_axes.containers[1])
        assert causes and all(totals[c] == n for c, n in causes.items()) or not causes and not over
    assert split
    assert len({h.get_yscale() for h in hists}) == 1 and len({h.get_ylim() for h in hists}) == 1
    assert ("log" in hists[0].get_ylabel()) == (hists[0].get_yscale() == "log")


DIFFERENCE = r" ([+-][\d,.]+(?: pts)?)(?: \[[^\]]*\])?( \*)?"
"""A figure of a difference in ``simulate``'s text after its label: value, interval, mark."""


def test_the_simulate_plot_marks_what_its_text_marks(tmp_path, capsys, monkeypatch):
    """Every difference the text gives is labelled alike in the plot, ``*`` where the text has it
    (and drawn solid, pale without); the shares are in percent, as the text gives them."""
    from mjrules.table.simulation import FIGURE

    made = _drawn(monkeypatch, "simulation_figure")
    assert main(["simulate", "--rulesets", "tenhou,ema2016", "--games", "6", "--length", "tonpuu",
                 "--plot", str(tmp_path / "figures.svg")]) == 0
    text = capsys.readouterr().out
    fig = made[0]
    block = text[text.index("ema2016 - tenhou"):]
    checked = {True: 0, False: 0}
    for label in fig.findobj(lambda a: str(a.get_gid()).startswith("difference|")):
        _, ruleset, key, name = label.get_gid().split("|")
        assert ruleset == "ema2016 - tenhou"
        words = FIGURE[key].label if name == "None" else name
        m = re.search(rf"(?:  |, |: ){re.escape(words)}{DIFFERENCE}", block)
        if m is None:  # the text gives no such figure: a yaku within noise, the top final score
            assert key in ("yaku", "final_by_placing")
            continue
        marked = m[2] is not None
        assert label.get_text().strip() == m[1] + (" *" if marked else "")
        assert (label.get_fontweight() == "bold") == marked
        checked[marked] += 1
    assert checked[True] and checked[False]  # aka (ema2016 has none) beyond noise, others within
    from matplotlib.container import BarContainer

    def bars(ax):  # each ruleset's bars (not their error bars)
        return [c for c in ax.containers if isinstance(c, BarContainer)]

    rates, _, _, yaku = fig.axes[:4]
    first = text[:text.index("\nema2016:")]
    win_rate = float(re.search(r"a win ends ([\d.]+)%", first)[1])
    assert rates.get_ylabel() == "percent" and round(bars(rates)[0][0].get_height(), 1) == win_rate
    riichi = float(re.search(r"riichi ([\d.]+)%", first)[1])
    labels = [t.get_text() for t in yaku.get_yticklabels()]
    assert yaku.get_xlabel() == "percent of wins"
    assert round(bars(yaku)[0][labels.index("riichi")].get_width(), 1) == riichi


def test_one_hand_that_differs_is_said_in_the_singular(tmp_path, capsys, monkeypatch):
    # riichi, pinfu, tanyao, iipeikou: 4 han 30 fu, 7,700 under tenhou, a kiriage mangan under mleague
    made = _drawn(monkeypatch, "differences_figure")
    src = tmp_path / "one.jsonl"
    src.write_text(json.dumps({"hand": "223344m567p88s23s4s", "ron": "previous", "seat": "S", "riichi": 1}) + "\n",
                   encoding="utf-8")
    assert main(["compare", "--input", str(src), "--rulesets", "tenhou,mleague", "--plot", str(tmp_path / "x.svg")]) == 0
    assert "; causes of the 1 hand that differs: flag:kiriage 1" in capsys.readouterr().out
    assert made[0].axes[1].get_title().startswith("mleague − tenhou: causes of the 1 hand that differs\n")
