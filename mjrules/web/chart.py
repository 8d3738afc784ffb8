"""A small line chart drawn as inline SVG on the server: values by turn, one line per discard (and
per ruleset, the second dashed), for the calculator page's discard values. No script and no library:
a link shows it as it is."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from typing import Callable, Sequence

import attrs

COLOURS = ("#2d4a3e", "#c0392b", "#2874a6", "#b9770e")
"""A line's colour, by the rank of its discard."""
WIDTH, HEIGHT = 360, 210
LEFT, RIGHT, TOP, BOTTOM = 52, 10, 24, 28


@attrs.frozen
class Line:
    """One line: a discard under one ruleset, its values at turns ``first`` … ``first + len - 1``."""

    discard: str
    ruleset: str
    colour: int
    dashed: bool
    first: int
    values: tuple[float, ...]


def _axis(top: float) -> tuple[float, int]:
    """A round number at or above ``top`` for the axis (1, 2 or 5 times a power of ten), and how
    many grid steps divide it into round numbers."""
    if top <= 0:
        return 1.0, 5
    power = 10 ** math.floor(math.log10(top))
    for step, divisions in ((1, 5), (2, 4), (5, 5)):
        if top <= step * power * (1 + 1e-12):
            return step * power, divisions
    return 10 * power, 5


def chart(title: str, lines: Sequence[Line], label: Callable[[float], str], **attrs_: str) -> ET.Element:
    """An ``<svg>`` of ``lines`` against the turn, the y axis labelled by ``label``; ``attrs_`` more
    attributes of the ``<svg>`` (``data_chart`` is ``data-chart``)."""
    svg = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "viewBox": f"0 0 {WIDTH} {HEIGHT}",
                             "class": "chart", "role": "img", **{k.replace("_", "-"): v for k, v in attrs_.items()}})
    ET.SubElement(svg, "title").text = title
    ET.SubElement(svg, "text", {"x": str(LEFT), "y": "15", "class": "chart-title"}).text = title
    first = min(line.first for line in lines)
    last = max(line.first + len(line.values) - 1 for line in lines)
    top, divisions = _axis(max(max(line.values) for line in lines))
    span_x = max(1, last - first)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(turn: int) -> float:
        return LEFT + plot_w * (turn - first) / span_x

    def y(value: float) -> float:
        return TOP + plot_h * (1 - value / top)

    for k in range(divisions + 1):  # grid and y labels
        v = top * k / divisions
        ET.SubElement(svg, "line", {"x1": str(LEFT), "x2": str(WIDTH - RIGHT), "y1": f"{y(v):.1f}",
                                    "y2": f"{y(v):.1f}", "class": "grid"})
        ET.SubElement(svg, "text", {"x": str(LEFT - 4), "y": f"{y(v) + 4:.1f}", "class": "ylabel"}).text = label(v)
    step = max(1, math.ceil(span_x / 8))
    for turn in sorted({*range(first, last + 1, step), last}):
        if turn != last and last - turn < step / 2:
            continue  # too close to the last turn's label
        ET.SubElement(svg, "text", {"x": f"{x(turn):.1f}", "y": str(HEIGHT - 10), "class": "xlabel"}).text = str(turn)
    for line in lines:
        points = " ".join(f"{x(line.first + k):.1f},{y(v):.1f}" for k, v in enumerate(line.values))
        style = {"stroke": COLOURS[line.colour % len(COLOURS)], "fill": "none", "stroke-width": "2"}
        if line.dashed:
            style["stroke-dasharray"] = "5 3"
        el = ET.SubElement(svg, "polyline", {"points": points, "data-discard": line.discard,
                                             "data-ruleset": line.ruleset, **style})
        ET.SubElement(el, "title").text = f"{line.discard} ({line.ruleset})"
    return svg
