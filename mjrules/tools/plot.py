"""Plots of a corpus compared under several rulesets (``mjrules compare --input … --plot FILE``):
for each ruleset against the reference, the distribution of the point differences and the causes
that account for them; and of the figures of games played under several rulesets (``mjrules
simulate --plot FILE``). Needs the ``plot`` extra (matplotlib), imported only here."""

from __future__ import annotations

import os

from collections import Counter
from functools import partial
from typing import Any, Callable, Mapping, Sequence

import attrs

from mjrules.errors import MjrulesError
from mjrules.scoring.result import Result
from mjrules.tools.compare import HandComparison
from mjrules.tools.intervals import beyond_noise

FORMATS = (".svg", ".png")


@attrs.define
class PairDifferences:
    """One ruleset against the reference over a corpus: each hand's point difference (this
    ruleset's points minus the reference's; 0 included), and for each cause the hands that differ
    because of it (in points, han, fu or yaku: the hands the text counts causes over), those of
    them whose points differ, and the sum of the sizes of their point differences."""

    reference: str
    ruleset: str
    differences: list[int] = attrs.field(factory=list)
    cause_hands: Counter[str] = attrs.field(factory=Counter)
    """Hands that differ in any way, by cause (``compare``'s text and JSON count the same)."""
    cause_points_hands: Counter[str] = attrs.field(factory=Counter)
    """Of those, the hands whose points differ."""
    cause_points: Counter[str] = attrs.field(factory=Counter)
    hands_differ: int = 0
    """Hands that differ in any way (points, han, fu or yaku): the basis of ``cause_hands``."""

    def add(self, diff: int, causes: Sequence[str]) -> None:
        self.differences.append(diff)
        if causes:  # no causes: the hand is scored alike
            self.hands_differ += 1
        for cause in causes:
            self.cause_hands[cause] += 1
            if diff:
                self.cause_points_hands[cause] += 1
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


POINTS_COLOUR, OTHER_COLOUR, HIST_COLOUR = "#c0792b", "#e8c9a2", "#3b7a57"


def differences_figure(pairs: Sequence[PairDifferences]) -> Any:
    """The figure ``plot_differences`` writes: a row per ruleset pair, the histogram of the point
    differences of the hands whose points differ (one y scale for every row, named when it is
    log), and the causes of the hands that differ in any way, each bar split into the hands whose
    points differ and those whose points agree (the counts the text gives)."""
    import matplotlib

    matplotlib.use("Agg")  # files only, no window
    from matplotlib import pyplot as plt

    rows = max(1, len(pairs))
    fig, axes = plt.subplots(rows, 2, figsize=(12, 3.6 * rows), squeeze=False)
    drawn = [_histogram([d for d in pair.differences if d]) for pair in pairs]
    every = [n for _, heights, _ in drawn for n in heights if n]
    log = bool(every) and max(every) > 20 * min(every)  # a rare difference stays visible beside a common one
    top = max(every, default=1)
    widest = max((n for pair in pairs for n in pair.cause_hands.values()), default=1)
    for (hist, bars), pair, (at, heights, width) in zip(axes, pairs, drawn):
        title = f"{pair.ruleset} − {pair.reference}"
        hist.set_title(f"{title}: points differ on {sum(heights)} of {len(pair.differences)} hands", fontsize=10)
        if heights:
            hist.bar(at, heights, width=width, color=HIST_COLOUR)
            hist.axvline(0, color="#999", linewidth=0.8)
        else:
            hist.text(0.5, 0.5, "points agree on every hand", ha="center", va="center", transform=hist.transAxes)
            hist.set_xticks([])
        if log:
            hist.set_yscale("log")
            hist.set_ylim(0.7, top * 1.6)
        else:
            hist.set_ylim(0, top * 1.08)
        hist.set_xlabel("point difference (this ruleset − reference)")
        hist.set_ylabel("hands (log scale, as every row)" if log else "hands (one scale for every row)")
        _cause_bars(bars, pair, title, widest)
    if not pairs:
        axes[0][0].text(0.5, 0.5, "one ruleset: nothing to compare", ha="center", va="center")
    fig.tight_layout()
    return fig


def _histogram(differences: Sequence[int]) -> tuple[list[float], list[int], float]:
    """Where the bars of the point differences stand, their heights (hands) and their width: a bar
    for each difference when there are few (none hides in a wide bin), else 40 bins."""
    values = Counter(differences)
    if not values:
        return [], [], 0.0
    low, high = min(values), max(values)
    if len(values) <= 40:
        return list(values), list(values.values()), max((high - low or 1000) / 60, 100)
    width = (high - low) / 40
    heights = [0] * 40
    for d, n in values.items():
        heights[min(int((d - low) / width), 39)] += n
    return [low + (k + 0.5) * width for k in range(40)], heights, width


def _cause_bars(bars: Any, pair: PairDifferences, title: str, widest: int) -> None:
    """The causes of one pair: the ten most common, each bar its hands whose points differ then
    those whose points agree, the total and the mean size of its point differences beside it."""
    one = pair.hands_differ == 1
    bars.set_title(f"{title}: causes of the {pair.hands_differ} hand{'' if one else 's'} that differ{'s' if one else ''}\n"
                   "(in points, han, fu or yaku; a hand may have several)", fontsize=10)
    bars.set_xlabel("hands that differ, by cause (one scale for every row)")
    top = pair.cause_hands.most_common(10)[::-1]
    if not top:
        bars.text(0.5, 0.5, "no differences", ha="center", va="center", transform=bars.transAxes)
        bars.set_yticks([])
        bars.set_xlim(0, widest * 1.5)
        return
    labels = [c for c, _ in top]
    points = [pair.cause_points_hands[c] for c in labels]
    other = [n - p for (_, n), p in zip(top, points)]
    bars.barh(labels, points, color=POINTS_COLOUR, label="points differ")
    drawn = bars.barh(labels, other, left=points, color=OTHER_COLOUR, label="same points, other han, fu or yaku")
    for rect, (cause, n), p in zip(drawn, top, points):
        note = f" {n}" + (f"  (mean |diff| {pair.cause_points[cause] / p:.0f})" if p else "")
        bars.annotate(note, (rect.get_x() + rect.get_width(), rect.get_y() + rect.get_height() / 2),
                      va="center", fontsize=8)
    bars.set_xlim(0, widest * 1.5)
    bars.legend(fontsize=7, loc="lower right")


def plot_differences(pairs: Sequence[PairDifferences], path: str) -> None:
    """Draw ``differences_figure`` of the pairs into ``path`` (.svg or .png)."""
    check_plot_path(path)
    require_matplotlib()
    fig = differences_figure(pairs)
    from matplotlib import pyplot as plt

    try:
        fig.savefig(path)
    finally:
        plt.close(fig)


def _errors(values: Sequence[float], cis: Sequence[Sequence[float] | None]) -> list[list[float]]:
    """Matplotlib's asymmetric error bars (below, above) from values and their intervals (none: 0)."""
    return [[v - c[0] if c else 0.0 for v, c in zip(values, cis)],
            [c[1] - v if c else 0.0 for v, c in zip(values, cis)]]


SHARES = ("win_rate", "exhaustive_draw_rate", "dealer_repeat_rate", "deal_in_rate", "tsumo_share", "bust_rate")
"""The shares of the rates panel and of the differences."""
MEANS = ("calls_per_round", "rounds_per_game", "average_win", "final_spread", "final_by_placing")
"""The means of the differences panel (relative to the reference ruleset's value)."""
TOP_FINAL = "top final score"
"""The label of ``final_by_placing``'s first placing, the one mean of the plot the text does not name."""


@attrs.frozen
class Words:
    """What the text of ``mjrules simulate`` calls each figure and how it writes a difference, so
    that the plot says the same (``mjrules.table.simulation`` knows the figures; this layer does not)."""

    labels: Mapping[str, str]
    """A figure's name by its key (``Figure.label``)."""
    bases: Mapping[str, str]
    """What a share is a share of, by its key ("rounds", "wins", …)."""
    shown: Callable[[dict[str, Any], str, Any], str]
    """A difference's figure as the text writes it, without its interval: ``shown(difference, key,
    name)`` (``name``: a limit, a yaku, a placing's index, or None), `` *`` beyond noise."""

    def label(self, key: str) -> str:
        return TOP_FINAL if key == "final_by_placing" else self.labels.get(key, key)


def _get(f: dict[str, Any], key: str, ci: bool = False) -> Any:
    """A figure of ``Figures.to_dict`` or ``difference`` (or its interval), the top placing for final_by_placing."""
    value = f[key + "_ci95" if ci else key]
    return (value[0] if value else None) if key == "final_by_placing" else value


def _percent(values: list[float], cis: list[Any]) -> tuple[list[float], list[Any]]:
    """Shares and their intervals in percent, as the text gives them."""
    return [100 * v for v in values], [None if c is None else [100 * c[0], 100 * c[1]] for c in cis]


_Values = Callable[[dict[str, Any]], tuple[list[float], list[Any]]]
"""A panel's bar heights and their intervals, from one figure."""


def simulation_figure(figures: Sequence[dict[str, Any]], words: Words,
                      differences: Sequence[dict[str, Any]] = ()) -> Any:
    """The figure ``plot_simulation`` writes (see there)."""
    import matplotlib

    matplotlib.use("Agg")  # files only, no window
    from matplotlib import pyplot as plt

    width = 0.8 / max(1, len(figures))
    rows = 4 if differences else 3
    # the differences' row is taller: a bar and its label for each figure of each ruleset
    tall = 1.0 + 0.12 * len(differences) * (len(SHARES) + 8) / 4 if differences else 1.0
    ratios = [1.0] * 3 + ([tall] if differences else [])
    fig, axes = plt.subplots(rows, 2, figsize=(13, 4.1 * sum(ratios) + 1.0), gridspec_kw={"height_ratios": ratios})
    limits: list[str] = []
    for f in figures:
        limits += [k for k in f["values"] if k not in limits]
    yaku = Counter[str]()
    for f in figures:
        yaku.update(f["yaku"])
    top = [y for y, _ in yaku.most_common(12)][::-1]
    placings = max(len(f["final_by_placing"]) for f in figures)
    counts = ("calls_per_round", "rounds_per_game")

    def pairs(f: dict[str, Any], key: str, names: Sequence[Any]) -> tuple[list[float], list[Any]]:
        values, cis = f[key], f[key + "_ci95"]
        if isinstance(values, list):
            return ([values[i] if i < len(values) else 0 for i in names],
                    [cis[i] if i < len(cis) else None for i in names])
        return [values.get(n, 0) for n in names], [cis.get(n) for n in names]

    # each panel: its axes, bar labels, each figure's values and intervals, unit, horizontal, title
    panels: list[tuple[Any, Sequence[str], _Values, str, bool, str]] = [
        (axes[0][0], [f"{words.label(k)}\n(% of {words.bases.get(k, '?')})" for k in SHARES],
         lambda f: _percent([f[k] for k in SHARES], [f[k + "_ci95"] for k in SHARES]), "percent", False, "rates"),
        (axes[0][1], limits, lambda f: _percent(*pairs(f, "values", limits)), "percent of wins", False,
         "hand values"),
        (axes[1][0], [f"{i + 1}." for i in range(placings)], lambda f: pairs(f, "final_by_placing", range(placings)),
         "average final score", False, "final scores by placing"),
        (axes[1][1], top, lambda f: _percent(*pairs(f, "yaku", top)), "percent of wins", True, "yaku most often scored"),
        (axes[2][0], [words.label(k) for k in counts],
         lambda f: ([f[k] for k in counts], [f[k + "_ci95"] for k in counts]), "mean", False,
         "calls a round, rounds a game"),
        (axes[2][1], [words.label("average_win")], lambda f: ([f["average_win"]], [f["average_win_ci95"]]), "points",
         False, "average win (hand value only)"),
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
        _plot_differences(axes[3][0], axes[3][1], figures, differences, words)
    games = ", ".join(f"{f['ruleset']} {f['games']}" for f in figures)
    fig.suptitle(f"mjrules simulate: games played ({games}); game i seeded alike under every ruleset", fontsize=11)
    fig.tight_layout(rect=(0, 0, 1, 0.98))  # room for the title
    return fig


def plot_simulation(figures: Sequence[dict[str, Any]], path: str, words: Words,
                    differences: Sequence[dict[str, Any]] = ()) -> None:
    """Draw the figures of ``mjrules simulate`` (``Figures.to_dict`` of each ruleset) side by side,
    each bar with its 95 % interval: the shares per round, win and game in percent, the hand values
    by limit and the yaku most often scored in percent of wins, the final scores by placing, calls
    a round and rounds a game; and with ``differences`` (``simulation.difference`` of each ruleset
    against the first) a row of the differences with their intervals, each labelled as the text
    writes it and marked ``*`` (drawn solid; within noise pale) where it is beyond noise: shares in
    percentage points, means relative to the first ruleset's value. Writes ``path`` (.svg or .png)."""
    check_plot_path(path)
    require_matplotlib()
    fig = simulation_figure(figures, words, differences)
    from matplotlib import pyplot as plt

    try:
        fig.savefig(path)
    finally:
        plt.close(fig)


def _figure_of(key: str, d: dict[str, Any]) -> tuple[Any, Any]:
    return _get(d, key), _get(d, key, True)


def _named_of(key: str, name: str, d: dict[str, Any]) -> tuple[Any, Any]:
    return d[key].get(name), d[key + "_ci95"].get(name)


DIFFERENCE_ID = "difference|{ruleset}|{key}|{name}"
"""The id (``gid``) of a difference's label in the plot: which figure of which ruleset it says."""


def _plot_differences(shares: Any, means: Any, figures: Sequence[dict[str, Any]],
                      differences: Sequence[dict[str, Any]], words: Words) -> None:
    """The differences of each ruleset against the first with their 95 % intervals: the shares,
    the hand values by limit and the yaku whose share differs beyond noise (at most ten) in
    percentage points; the means in percent of the first ruleset's value. Each bar is labelled
    with the difference as the text writes it; one beyond noise is solid and marked ``*``."""
    from matplotlib.patches import Patch

    reference = figures[0]
    limits = list(dict.fromkeys(k for d in differences for k in d["values"]))
    # label, key, name, (value, ci) of a difference, scale
    Row = tuple[str, str, Any, Callable[[dict[str, Any]], tuple[Any, Any]], float]
    share_rows: list[Row] = [(words.label(k), k, None, partial(_figure_of, k), 100.0) for k in SHARES]
    share_rows += [(f"value: {k}", "values", k, partial(_named_of, "values", k), 100.0) for k in limits]
    beyond = [y for y in dict.fromkeys(y for d in differences for y in d["yaku"])
              if any(beyond_noise(d["yaku_ci95"].get(y)) for d in differences)]
    share_rows += [(f"yaku: {y}", "yaku", y, partial(_named_of, "yaku", y), 100.0) for y in beyond[:10]]
    base = {k: abs(_get(reference, k) or 0) for k in MEANS}  # a mean of 0 has no percent: drawn as 0
    mean_rows: list[Row] = [(words.label(k), k, 0 if k == "final_by_placing" else None, partial(_figure_of, k),
                             100 / base[k] if base[k] else 0.0) for k in MEANS]
    height = 0.8 / len(differences)
    colours = [c["color"] for c in matplotlib_cycle()]
    for ax, rows, unit in ((shares, share_rows, "percentage points"),
                           (means, mean_rows, f"percent of {reference['ruleset']}'s value "
                                              "(labels: the difference itself, as the text gives it)")):
        rows = rows[::-1]  # the first at the top
        ends = [0.0]
        handles = []
        for i, d in enumerate(differences):
            colour = colours[(i + 1) % len(colours)]
            paired = "paired by wall" if d["paired"] else "NOT paired"
            handles.append(Patch(color=colour, label=f"{d['ruleset']} ({paired}, {d['games']} games)"))
            for k, (_, key, name, get, scale) in enumerate(rows):
                value, ci = get(d)
                x = 0.0 if value is None else value * scale
                span = None if value is None or ci is None else [ci[0] * scale, ci[1] * scale]
                ends += [x, *(span or ())]
                noise = not beyond_noise(ci)
                y = k - (i - (len(differences) - 1) / 2) * height  # the first ruleset's bar on top
                ax.barh([y], [x], height=height, xerr=_errors([x], [span]), capsize=2, color=colour,
                        alpha=0.35 if noise else 1.0, error_kw={"alpha": 0.5 if noise else 1.0})
                end = x if span is None else (span[1] if x >= 0 else span[0])
                label = ax.annotate(f" {words.shown(d, key, name)} ", (end, y), va="center",
                                    ha="left" if x >= 0 else "right", fontsize=7,
                                    fontweight="normal" if noise else "bold")
                label.set_gid(DIFFERENCE_ID.format(ruleset=d["ruleset"], key=key, name=name))
        ax.axvline(0, color="#555", linewidth=0.8)
        low, high = min(ends), max(ends)
        room = 0.45 * (high - low or 1.0)  # for the labels on either side
        ax.set_xlim(low - room, high + room)
        ax.set_yticks(list(range(len(rows))), [label for label, *_ in rows], fontsize=8)
        ax.set_xlabel(unit, fontsize=8)
        ax.legend(handles=handles, fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.1), frameon=False)
    note = "solid and *: beyond noise (the 95 % interval leaves out 0); pale: within noise"
    shares.set_title(f"difference against the first ruleset: shares (bars: 95 % intervals)\n{note}", fontsize=9)
    means.set_title(f"difference against the first ruleset: means (bars: 95 % intervals)\n{note}", fontsize=9)


def matplotlib_cycle() -> list[dict[str, Any]]:
    """The default colours, so a difference is drawn in its ruleset's colour."""
    from matplotlib import pyplot as plt

    return list(plt.rcParams["axes.prop_cycle"])
