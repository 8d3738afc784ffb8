"""Hands and results as SVG, drawn with the tile faces shipped in ``mjrules.faces``.

A picture is an ElementTree built element by element (never by pasting strings, so a name with
``<`` or ``&`` cannot break it). Tiles are ``TILE_W`` x ``TILE_H`` user units; each is a group
with a ``<title>`` (its alt text) holding the blank front and the face. A called tile lies
sideways (``rotate(-90)``), placed as players place it: leftmost when called from the previous
player, in the middle from the opposite one, rightmost from the next one; a kakan's added tile
lies on the called one. A closed kan shows its two outer tiles face down.

Faces are either embedded once per picture as ``<symbol>`` elements (a picture that stands alone:
``--svg``, Jupyter) or linked as images from a URL prefix (the web page, which serves the files).
"""

from __future__ import annotations

import functools
import xml.etree.ElementTree as ET
from importlib import resources
from typing import Sequence

import attrs

from mjrules.model.hand import Hand
from mjrules.model.melds import Meld, MeldKind
from mjrules.model.tiles import HONOR_NAMES, NORTH, Tile, tile
from mjrules.model.win import SEAT_NAMES, Win
from mjrules.notation.mpsz import format_mpsz

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
TILE_W, TILE_H = 30, 40
"""A tile's size in user units (the faces are drawn 300 x 400)."""
GAP = 4
"""Space between groups (concealed tiles, winning tile, each meld)."""
WIN_GAP = 10
"""Space that sets the winning tile apart."""
TEXT_STYLE = "font-family:'Noto Sans CJK JP','Hiragino Sans','Yu Gothic',sans-serif"

_SUIT_FACES = {"m": "Man", "p": "Pin", "s": "Sou"}
_HONOR_FACES = ("Ton", "Nan", "Shaa", "Pei", "Haku", "Hatsu", "Chun")
_SUIT_NAMES = {"m": "characters", "p": "circles", "s": "bamboo"}
_SUIT_NAMES_JA = {"m": "萬子", "p": "筒子", "s": "索子"}
_HONOR_NAMES_JA = ("東", "南", "西", "北", "白", "發", "中")
_SOURCES = {1: "next player", 2: "opposite player", 3: "previous player"}
_SOURCES_JA = {1: "下家", 2: "対面", 3: "上家"}

LABELS = {
    "en": {"dora": "Dora", "ura": "Ura", "kita": "Kita", "back": "face-down tile", "won": "winning tile", "red": "red",
           "called": "called from the", "added": "added to the kan", "hand": "Hand", "won_on": "won on"},
    "ja": {"dora": "ドラ", "ura": "裏ドラ", "kita": "抜き北", "back": "伏せ牌", "won": "和了牌", "red": "赤",
           "called": "鳴き:", "added": "加槓", "hand": "手牌", "won_on": "和了牌"},
}


def face_name(t: Tile) -> str:
    """The file name (without ``.svg``) of a tile's face, e.g. ``Pin5-Dora`` for the red 5p."""
    if t.is_honor:
        return _HONOR_FACES[t.index - 27]
    return f"{_SUIT_FACES[t.suit]}{t.number}" + ("-Dora" if t.red else "")


def tile_name(t: Tile, lang: str = "en") -> str:
    """Alt text of a tile: ``5 circles (red, 0p)``, ``East (1z)``; in Japanese ``赤五筒子 (0p)``."""
    code = str(t)
    if lang == "ja":
        if t.is_honor:
            return f"{_HONOR_NAMES_JA[t.index - 27]} ({code})"
        return f"{'赤' if t.red else ''}{'一二三四五六七八九'[t.number - 1]}{_SUIT_NAMES_JA[t.suit]} ({code})"
    if t.is_honor:
        return f"{HONOR_NAMES[t.index - 27]} ({code})"
    return f"{t.number} {_SUIT_NAMES[t.suit]} ({'red, ' if t.red else ''}{code})"


@functools.lru_cache(maxsize=None)
def _face_children(name: str) -> tuple[ET.Element, ...]:
    """The drawing of one face file, with namespaces taken off (the picture declares them once)."""
    data = resources.files("mjrules.faces").joinpath(name + ".svg").read_bytes()
    root = ET.fromstring(data)
    for el in root.iter():
        if el.tag.startswith("{"):
            el.tag = el.tag.split("}", 1)[1]
        for key in [k for k in el.attrib if k.startswith("{")]:
            value = el.attrib.pop(key)
            ns, local = key[1:].split("}", 1)
            el.set(f"xlink:{local}" if ns == XLINK_NS else local, value)
    return tuple(root)


class Canvas:
    """One SVG picture under construction: knows which faces it used and how to show them."""

    def __init__(self, face_url: str | None = None, lang: str = "en") -> None:
        self.face_url = face_url
        self.lang = lang if lang in LABELS else "en"
        self.labels = LABELS[self.lang]
        self.used: list[str] = []

    def _face(self, parent: ET.Element, name: str) -> None:
        if self.face_url is not None:
            ET.SubElement(parent, "image", {"xlink:href": f"{self.face_url}{name}.svg", "width": str(TILE_W),
                                            "height": str(TILE_H)})
            return
        if name not in self.used:
            self.used.append(name)
        ET.SubElement(parent, "use", {"xlink:href": f"#mj-{name}", "width": str(TILE_W), "height": str(TILE_H)})

    def tile(self, parent: ET.Element, x: float, y: float, t: Tile | None, title: str, *,
             sideways: bool = False, css: str = "tile") -> ET.Element:
        """A tile (``t`` None: face down) with its top-left corner at (x, y); sideways it lies on
        its side in a box TILE_H wide and TILE_W high whose top-left corner is (x, y)."""
        transform = f"translate({x:g},{y + TILE_W:g}) rotate(-90)" if sideways else f"translate({x:g},{y:g})"
        g = ET.SubElement(parent, "g", {"class": css, "transform": transform})
        if t is not None:
            g.set("data-tile", str(t))
        ET.SubElement(g, "title").text = title
        if t is None:
            self._face(g, "Back")
        else:
            self._face(g, "Front")
            self._face(g, face_name(t))
        # An edge, so light faces stand out from a light background.
        ET.SubElement(g, "rect", {"width": str(TILE_W), "height": str(TILE_H), "rx": "3", "fill": "none",
                                  "stroke": "#8c8c8c", "stroke-width": "0.8"})
        return g

    def root(self, width: float, height: float, title: str) -> ET.Element:
        svg = ET.Element("svg", {
            "xmlns": SVG_NS, "xmlns:xlink": XLINK_NS, "width": f"{width:g}", "height": f"{height:g}",
            "viewBox": f"0 0 {width:g} {height:g}", "role": "img", "aria-label": title, "class": "mjrules",
        })
        ET.SubElement(svg, "title").text = title
        return svg

    def finish(self, svg: ET.Element) -> ET.Element:
        """Add the symbols of the faces used (when embedding) to the picture's defs."""
        if self.used:
            defs = ET.Element("defs")
            for name in self.used:
                symbol = ET.SubElement(defs, "symbol", {"id": f"mj-{name}", "viewBox": "0 0 300 400"})
                symbol.extend(_copy(c) for c in _face_children(name))
            svg.insert(1, defs)
        return svg


def _copy(el: ET.Element) -> ET.Element:
    new = ET.Element(el.tag, dict(el.attrib))
    new.text, new.tail = el.text, el.tail
    new.extend(_copy(c) for c in el)
    return new


@attrs.frozen
class Placed:
    """A tile's place in a meld's picture: the tile, whether it lies sideways, whether it lies on
    the previous (sideways) tile (a kakan's added tile), whether it is face down."""

    tile: Tile
    sideways: bool = False
    stacked: bool = False
    down: bool = False


def meld_layout(meld: Meld) -> list[Placed]:
    """The tiles of a meld left to right, as a player lays them out in front of them."""
    tiles = list(meld.tiles)
    if meld.kind is MeldKind.ANKAN:
        return [Placed(t, down=i in (0, 3)) for i, t in enumerate(tiles)]
    assert meld.called is not None and meld.source is not None  # a called meld has both (validated)
    base = tiles[:3] if meld.kind is MeldKind.KAKAN else tiles
    called = base[meld.called]
    others = [t for i, t in enumerate(base) if i != meld.called]
    at = {3: 0, 2: 1, 1: len(others)}[meld.source]
    out = [Placed(t) for t in others]
    out.insert(at, Placed(called, sideways=True))
    if meld.kind is MeldKind.KAKAN:
        out.insert(at + 1, Placed(tiles[3], sideways=True, stacked=True))
    return out


def _meld_width(layout: Sequence[Placed]) -> int:
    return sum(0 if p.stacked else TILE_H if p.sideways else TILE_W for p in layout)


def hand_title(hand: Hand, lang: str = "en") -> str:
    labels = LABELS[lang if lang in LABELS else "en"]
    return f"{labels['hand']}: {format_mpsz(hand)} ({labels['won_on']} {hand.win_tile})"


def draw_hand(canvas: Canvas, parent: ET.Element, hand: Hand, x: float = 0, y: float = 0) -> tuple[float, float]:
    """Draw the hand's tiles at (x, y); returns the width and height used."""
    labels = canvas.labels
    lang = canvas.lang
    has_kakan = any(m.kind is MeldKind.KAKAN for m in hand.melds)
    top = y + (2 * TILE_W - TILE_H if has_kakan else 0)  # room for a kakan's stacked tile
    g = ET.SubElement(parent, "g", {"class": "hand"})
    concealed = ET.SubElement(g, "g", {"class": "concealed"})
    cx = x
    for t in hand.concealed:
        canvas.tile(concealed, cx, top, t, tile_name(t, lang))
        cx += TILE_W
    cx += WIN_GAP
    canvas.tile(g, cx, top, hand.win_tile, f"{tile_name(hand.win_tile, lang)}, {labels['won']}", css="tile win")
    cx += TILE_W
    for meld in hand.melds:
        cx += WIN_GAP if meld is hand.melds[0] else GAP
        mg = ET.SubElement(g, "g", {"class": f"meld {meld.kind.value}"})
        ET.SubElement(mg, "title").text = meld.describe()
        source = _SOURCES_JA.get(meld.source or 0, "") if lang == "ja" else _SOURCES.get(meld.source or 0, "")
        for p in meld_layout(meld):
            if p.down:
                canvas.tile(mg, cx, top, None, labels["back"], css="tile back")
                cx += TILE_W
            elif p.stacked:
                canvas.tile(mg, cx - TILE_H, top + TILE_H - 2 * TILE_W, p.tile, f"{tile_name(p.tile, lang)}, {labels['added']}",
                            sideways=True, css="tile sideways added")
            elif p.sideways:
                title = (f"{tile_name(p.tile, lang)}, {labels['called']}{source}" if lang == "ja"
                         else f"{tile_name(p.tile, lang)}, {labels['called']} {source}")
                canvas.tile(mg, cx, top + TILE_H - TILE_W, p.tile, title, sideways=True, css="tile sideways")
                cx += TILE_H
            else:
                canvas.tile(mg, cx, top, p.tile, tile_name(p.tile, lang))
                cx += TILE_W
    return cx - x, top + TILE_H - y


def draw_indicators(canvas: Canvas, parent: ET.Element, win: Win, x: float, y: float) -> float:
    """The dora and ura indicators in a row at (x, y), and the Norths set aside (kita, three
    players); returns the height used (0 when none)."""
    kita = (tile(NORTH),) * win.kita
    rows = [(k, tiles) for k, tiles in (("dora", win.dora), ("ura", win.ura), ("kita", kita)) if tiles]
    if not rows:
        return 0
    cx = x
    for key, tiles in rows:
        g = ET.SubElement(parent, "g", {"class": f"indicators {key}"})
        label = ET.SubElement(g, "text", {"x": f"{cx:g}", "y": f"{y + TILE_H * 0.65:g}", "font-size": "13",
                                          "style": TEXT_STYLE})
        label.text = canvas.labels[key]
        cx += 42
        for t in tiles:
            canvas.tile(g, cx, y, t, f"{canvas.labels[key]}: {tile_name(t, canvas.lang)}", css=f"tile {key}")
            cx += TILE_W
        cx += 16
    return TILE_H


def hand_svg(hand: Hand, win: Win | None = None, *, face_url: str | None = None, lang: str = "en") -> str:
    """The hand as an SVG document: concealed tiles, the winning tile apart, the melds, and the dora
    and ura indicators of ``win`` when given."""
    return ET.tostring(hand_element(hand, win, face_url=face_url, lang=lang), encoding="unicode")


def hand_element(hand: Hand, win: Win | None = None, *, face_url: str | None = None, lang: str = "en") -> ET.Element:
    canvas = Canvas(face_url, lang)
    body = ET.Element("g")
    w, h = draw_hand(canvas, body, hand, 4, 4)
    if win is not None:
        h += draw_indicators(canvas, body, win, 4, 4 + h + 8) and TILE_H + 8
    svg = canvas.root(w + 8, h + 8, hand_title(hand, canvas.lang))
    svg.append(body)
    return canvas.finish(svg)


def seat_names(lang: str) -> Sequence[str]:
    return ("東", "南", "西", "北") if lang == "ja" else SEAT_NAMES

