"""Plots of a corpus compared under several rulesets (``mjrules compare --input … --plot FILE``):
for each ruleset against the reference, the distribution of the point differences and the causes
that account for them; and of the figures of games played under several rulesets (``mjrules
simulate --plot FILE``). Needs the ``plot`` extra (matplotlib), imported only here."""

from __future__ import annotations

import os

from collections import Counter
from typing import Any, Sequence

import attrs

from mjrules.errors import MjrulesError
from mjrules.scoring.result import Result
from mjrules.tools.compare import HandComparison

FORMATS = (".svg", ".png")


@attrs.define
class PairDifferences:
    """One ruleset against the reference over a corpus: each hand's point difference (this
    ruleset's points minus the reference's; 0 included), and for each cause the hands whose points
    differ because of it and the sum of their differences' sizes."""

    reference: str
    ruleset: str
    differences: list[int] = attrs.field(factory=list)
    cause_hands: Counter[str] = attrs.field(factory=Counter)
    cause_points: Counter[str] = attrs.field(factory=Counter)

    def add(self, diff: int, causes: Sequence[str]) -> None:
        self.differences.append(diff)
        if diff:
            for cause in causes:
                self.cause_hands[cause] += 1
                self.cause_points[cause] += abs(diff)


def _points(r: object) -> int:
    return r.points if isinstance(r, Result) else 0


class DifferenceCollector:
    """Collects, hand by hand, what :func:`plot_differences` draws."""

    def __init__(self, names: Sequence[str]) -> None:
        self.pairs = [PairDifferences(names[0], n) for n in names[1:]]

    def add(self, comp: HandComparison) -> None:
        self.add_points([_points(r) for r in comp.results], comp.causes)

    def add_points(self, points: Sequence[int], causes: Sequence[Sequence[str]]) -> None:
        """One hand by its points under each ruleset (0 for no win) and its causes (``CorpusRow``'s)."""
        for pair, p, c in zip(self.pairs, points[1:], causes[1:]):
            pair.add(p - points[0], c)


def check_plot_path(path: str) -> None:
    if not path.lower().endswith(FORMATS):
        raise MjrulesError(f"--plot {path}: name an .svg or .png file")
    # Checked before the corpus is read, as --output is by opening it: a run is not wasted on a bad path.
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        raise MjrulesError(f"--plot {path}: no folder {folder}")
    if os.path.isdir(path):
        raise MjrulesError(f"--plot {path}: is a folder; name a file in it")
    if not os.access(folder, os.W_OK):
        raise MjrulesError(f"--plot {path}: cannot write in folder {folder}")


def require_matplotlib() -> None:
    """Fail early, with the extra to install, when matplotlib is missing."""
    try:
        import matplotlib
    except ImportError:
        raise MjrulesError("--plot needs the plot extra (matplotlib): pip install 'mjrules[plot]'") from None
    del matplotlib  # only its presence was asked


def plot_differences(pairs: Sequence[PairDifferences], path: str) -> None:
    """Draw one row per ruleset pair: a histogram of the point differences of the hands whose
    points differ, and the causes by the hands they account for. Writes ``path`` (.svg or .png)."""
    check_plot_path(path)
    require_matplotlib()
    import matplotlib

    matplotlib.use("Agg")  # files only, no window
    from matplotlib import pyplot as plt

    rows = max(1, len(pairs))
    fig, axes = plt.subplots(rows, 2, figsize=(12, 3.6 * rows), squeeze=False)
    for (hist, bars), pair in zip(axes, pairs):
        differing = [d for d in pair.differences if d]
        title = f"{pair.ruleset} − {pair.reference}"
        hist.set_title(f"{title}: points differ on {len(differing)} of {len(pair.differences)} hands", fontsize=10)
        if differing:
            values = Counter(differing)
            if len(values) <= 40:  # few distinct differences: a bar for each, so none hides in a wide bin
                span = max(values) - min(values) or 1000
                hist.bar(list(values), list(values.values()), width=max(span / 60, 100), color="#3b7a57")
            else:
                hist.hist(differing, bins=40, color="#3b7a57")
            if max(values.values()) > 20 * min(values.values()):
                hist.set_yscale("log")  # a rare difference stays visible beside a common one
        hist.axvline(0, color="#999", linewidth=0.8)
        hist.set_xlabel("point difference (this ruleset − reference)")
        hist.set_ylabel("hands")
        top = pair.cause_hands.most_common(10)[::-1]
        bars.set_title(f"{title}: causes (a hand may have several)", fontsize=10)
        if top:
            labels = [c for c, _ in top]
            counts = [n for _, n in top]
            drawn = bars.barh(labels, counts, color="#c0792b")
            for rect, (cause, n) in zip(drawn, top):
                mean = pair.cause_points[cause] / n
                bars.annotate(f" mean |diff| {mean:.0f}", (rect.get_width(), rect.get_y() + rect.get_height() / 2),
                              va="center", fontsize=8)
            bars.set_xlim(0, max(counts) * 1.45)
        else:
            bars.text(0.5, 0.5, "no point differences", ha="center", va="center", transform=bars.transAxes)
        bars.set_xlabel("hands whose points differ")
    if not pairs:
        axes[0][0].text(0.5, 0.5, "one ruleset: nothing to compare", ha="center", va="center")
    fig.tight_layout()
    try:
        fig.savefig(path)
    finally:
        plt.close(fig)


def plot_simulation(figures: Sequence[dict[str, Any]], path: str) -> None:
    """Draw the figures of ``mjrules simulate`` (``Figures.to_dict`` of each ruleset) side by side:
    the rates per round and game, the hand values by limit, the final scores by placing and the
    yaku most often scored. Writes ``path`` (.svg or .png)."""
    check_plot_path(path)
    require_matplotlib()
    import matplotlib

    matplotlib.use("Agg")  # files only, no window
    from matplotlib import pyplot as plt

    width = 0.8 / max(1, len(figures))
    fig, axes = plt.subplots(2, 2, figsize=(13, 8.5))
    rates = [("win_rate", "a win ends the round"), ("exhaustive_draw_rate", "exhaustive draw"),
             ("dealer_repeat_rate", "dealer repeats"), ("bust_rate", "game ends on a bust")]
    limits: list[str] = []
    for f in figures:
        limits += [k for k in f["values"] if k not in limits]
    yaku = Counter[str]()
    for f in figures:
        yaku.update(f["yaku"])
    top = [y for y, _ in yaku.most_common(12)][::-1]
    placings = max(len(f["final_by_placing"]) for f in figures)
    panels = [
        (axes[0][0], [label for _, label in rates], lambda f: [f[k] for k, _ in rates], "share", False),
        (axes[0][1], limits, lambda f: [f["values"].get(k, 0) for k in limits], "share of wins", False),
        (axes[1][0], [f"{i + 1}." for i in range(placings)],
         lambda f: list(f["final_by_placing"]) + [0] * (placings - len(f["final_by_placing"])), "average final score",
         False),
        (axes[1][1], top, lambda f: [f["yaku"].get(y, 0) for y in top], "share of wins", True),
    ]
    titles = ["rates", "hand values", "final scores by placing", "yaku most often scored"]
    for (ax, labels, values, unit, horizontal), title in zip(panels, titles):
        for i, f in enumerate(figures):
            at = [k + (i - (len(figures) - 1) / 2) * width for k in range(len(labels))]
            if horizontal:
                ax.barh(at, values(f), height=width, label=f["ruleset"])
            else:
                ax.bar(at, values(f), width=width, label=f["ruleset"])
        ticks = list(range(len(labels)))
        if horizontal:
            ax.set_yticks(ticks, labels, fontsize=8)
            ax.set_xlabel(unit)
        else:
            # slanted when many, so that long names (double yakuman) do not run into each other
            ax.set_xticks(ticks, labels, fontsize=8, rotation=25 if len(labels) > 5 else 0,
                          ha="right" if len(labels) > 5 else "center")
            ax.set_ylabel(unit)
        ax.set_title(title, fontsize=10)
    axes[0][0].legend(fontsize=8)
    games = ", ".join(f"{f['ruleset']} {f['games']}" for f in figures)
    fig.suptitle(f"mjrules simulate: games played ({games}); game i seeded alike under every ruleset", fontsize=11)
    fig.tight_layout()
    try:
        fig.savefig(path)
    finally:
        plt.close(fig)
