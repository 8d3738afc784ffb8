"""Plots of a corpus compared under several rulesets (``mjrules compare --input … --plot FILE``):
for each ruleset against the reference, the distribution of the point differences and the causes
that account for them; and of the figures of games played under several rulesets (``mjrules
simulate --plot FILE``). Needs the ``plot`` extra (matplotlib), imported only here."""

from __future__ import annotations

import os

from collections import Counter
from functools import partial
from typing import Any, Callable, Sequence

import attrs

from mjrules.errors import MjrulesError
from mjrules.scoring.result import Result
from mjrules.tools.compare import HandComparison
from mjrules.tools.intervals import beyond_noise

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


def _errors(values: Sequence[float], cis: Sequence[Sequence[float] | None]) -> list[list[float]]:
    """Matplotlib's asymmetric error bars (below, above) from values and their intervals (none: 0)."""
    return [[v - c[0] if c else 0.0 for v, c in zip(values, cis)],
            [c[1] - v if c else 0.0 for v, c in zip(values, cis)]]


SHARES = [("win_rate", "a win ends the round"), ("exhaustive_draw_rate", "exhaustive draw"),
          ("dealer_repeat_rate", "dealer repeats"), ("deal_in_rate", "a player deals in\n(of its rounds)"),
          ("tsumo_share", "wins by tsumo"), ("bust_rate", "game ends on a bust")]
"""The shares of the rates panel and of the differences, with their labels."""
MEANS = [("calls_per_round", "calls a round"), ("rounds_per_game", "rounds a game"),
         ("average_win", "average win"), ("final_spread", "final spread"), ("final_by_placing", "top final score")]
"""The means of the differences panel (relative to the reference ruleset's value)."""


def _get(f: dict[str, Any], key: str, ci: bool = False) -> Any:
    """A figure of ``Figures.to_dict`` or ``difference`` (or its interval), the top placing for final_by_placing."""
    value = f[key + "_ci95" if ci else key]
    return (value[0] if value else None) if key == "final_by_placing" else value


def plot_simulation(figures: Sequence[dict[str, Any]], path: str,
                    differences: Sequence[dict[str, Any]] = ()) -> None:
    """Draw the figures of ``mjrules simulate`` (``Figures.to_dict`` of each ruleset) side by side,
    each bar with its 95 % interval: the shares per round, win and game, the hand values by limit,
    the final scores by placing, the yaku most often scored, calls a round and rounds a game; and
    with ``differences`` (``simulation.difference`` of each ruleset against the first) a row of
    the differences with their intervals: shares in percentage points, means relative to the
    first ruleset's value. Writes ``path`` (.svg or .png)."""
    check_plot_path(path)
    require_matplotlib()
    import matplotlib

    matplotlib.use("Agg")  # files only, no window
    from matplotlib import pyplot as plt

    width = 0.8 / max(1, len(figures))
    rows = 4 if differences else 3
    fig, axes = plt.subplots(rows, 2, figsize=(13, 4.1 * rows + 0.4))
    limits: list[str] = []
    for f in figures:
        limits += [k for k in f["values"] if k not in limits]
    yaku = Counter[str]()
    for f in figures:
        yaku.update(f["yaku"])
    top = [y for y, _ in yaku.most_common(12)][::-1]
    placings = max(len(f["final_by_placing"]) for f in figures)
    counts = [("calls_per_round", "calls a round"), ("rounds_per_game", "rounds a game")]

    def pairs(f: dict[str, Any], key: str, names: Sequence[Any]) -> tuple[list[float], list[Any]]:
        values, cis = f[key], f[key + "_ci95"]
        if isinstance(values, list):
            return ([values[i] if i < len(values) else 0 for i in names],
                    [cis[i] if i < len(cis) else None for i in names])
        return [values.get(n, 0) for n in names], [cis.get(n) for n in names]

    panels = [
        (axes[0][0], [label for _, label in SHARES],
         lambda f: ([f[k] for k, _ in SHARES], [f[k + "_ci95"] for k, _ in SHARES]), "share", False, "rates"),
        (axes[0][1], limits, lambda f: pairs(f, "values", limits), "share of wins", False, "hand values"),
        (axes[1][0], [f"{i + 1}." for i in range(placings)], lambda f: pairs(f, "final_by_placing", range(placings)),
         "average final score", False, "final scores by placing"),
        (axes[1][1], top, lambda f: pairs(f, "yaku", top), "share of wins", True, "yaku most often scored"),
        (axes[2][0], [label for _, label in counts],
         lambda f: ([f[k] for k, _ in counts], [f[k + "_ci95"] for k, _ in counts]), "mean", False,
         "calls a round, rounds a game"),
        (axes[2][1], ["average win"], lambda f: ([f["average_win"]], [f["average_win_ci95"]]), "points", False,
         "average win (hand value only)"),
    ]
    for ax, labels, values, unit, horizontal, title in panels:
        for i, f in enumerate(figures):
            at = [k + (i - (len(figures) - 1) / 2) * width for k in range(len(labels))]
            heights, cis = values(f)
            errors = _errors(heights, cis)
            if horizontal:
                ax.barh(at, heights, height=width, xerr=errors, capsize=2, label=f["ruleset"])
            else:
                ax.bar(at, heights, width=width, yerr=errors, capsize=2, label=f["ruleset"])
        ticks = list(range(len(labels)))
        if horizontal:
            ax.set_yticks(ticks, labels, fontsize=8)
            ax.set_xlabel(unit)
        else:
            # slanted when many, so that long names (double yakuman) do not run into each other
            ax.set_xticks(ticks, labels, fontsize=8, rotation=25 if len(labels) > 5 else 0,
                          ha="right" if len(labels) > 5 else "center")
            ax.set_ylabel(unit)
        ax.set_title(f"{title} (bars: 95 % intervals)", fontsize=10)
    axes[0][0].legend(fontsize=8)
    if differences:
        _plot_differences(axes[3][0], axes[3][1], figures, differences)
    games = ", ".join(f"{f['ruleset']} {f['games']}" for f in figures)
    fig.suptitle(f"mjrules simulate: games played ({games}); game i seeded alike under every ruleset", fontsize=11)
    fig.tight_layout(rect=(0, 0, 1, 0.98))  # room for the title
    try:
        fig.savefig(path)
    finally:
        plt.close(fig)


def _figure_of(key: str, d: dict[str, Any]) -> tuple[Any, Any]:
    return _get(d, key), _get(d, key, True)


def _named_of(key: str, name: str, d: dict[str, Any]) -> tuple[Any, Any]:
    return d[key].get(name), d[key + "_ci95"].get(name)


def _plot_differences(shares: Any, means: Any, figures: Sequence[dict[str, Any]],
                      differences: Sequence[dict[str, Any]]) -> None:
    """The differences of each ruleset against the first with their 95 % intervals: the shares,
    the hand values by limit and the yaku whose share differs beyond noise (at most ten) in
    percentage points; the means in percent of the first ruleset's value."""
    reference = figures[0]
    limits = list(dict.fromkeys(k for d in differences for k in d["values"]))
    Row = tuple[str, Callable[[dict[str, Any]], tuple[Any, Any]], float]  # label, (value, ci) of a difference, scale
    share_rows: list[Row] = [(label.replace("\n", " "), partial(_figure_of, k), 100.0) for k, label in SHARES]
    share_rows += [(f"value: {k}", partial(_named_of, "values", k), 100.0) for k in limits]
    beyond = [y for y in dict.fromkeys(y for d in differences for y in d["yaku"])
              if any(beyond_noise(d["yaku_ci95"].get(y)) for d in differences)]
    share_rows += [(f"yaku: {y}", partial(_named_of, "yaku", y), 100.0) for y in beyond[:10]]
    base = {k: abs(_get(reference, k) or 0) for k, _ in MEANS}  # a mean of 0 has no percent: drawn as 0
    mean_rows: list[Row] = [(label, partial(_figure_of, k), 100 / base[k] if base[k] else 0.0) for k, label in MEANS]
    height = 0.8 / len(differences)
    colours = [c["color"] for c in matplotlib_cycle()]
    for ax, rows, unit in ((shares, share_rows, "percentage points"),
                           (means, mean_rows, f"percent of {reference['ruleset']}'s value")):
        rows = rows[::-1]  # the first at the top
        for i, d in enumerate(differences):
            values: list[float] = []
            cis: list[list[float] | None] = []
            for _, get, scale in rows:
                value, ci = get(d)
                values.append(0.0 if value is None else value * scale)
                cis.append(None if value is None or ci is None else [ci[0] * scale, ci[1] * scale])
            at = [k + (i - (len(differences) - 1) / 2) * height for k in range(len(rows))]
            paired = "paired by wall" if d["paired"] else "NOT paired"
            ax.barh(at, values, height=height, xerr=_errors(values, cis), capsize=2,
                    color=colours[(i + 1) % len(colours)], label=f"{d['ruleset']} ({paired}, {d['games']} games)")
        ax.axvline(0, color="#555", linewidth=0.8)
        ax.set_yticks(list(range(len(rows))), [label for label, _, _ in rows], fontsize=8)
        ax.set_xlabel(unit)
        ax.legend(fontsize=8)
    shares.set_title("difference against the first ruleset: shares (bars: 95 % intervals)", fontsize=10)
    means.set_title("difference against the first ruleset: means (bars: 95 % intervals)", fontsize=10)


def matplotlib_cycle() -> list[dict[str, Any]]:
    """The default colours, so a difference is drawn in its ruleset's colour."""
    from matplotlib import pyplot as plt

    return list(plt.rcParams["axes.prop_cycle"])
