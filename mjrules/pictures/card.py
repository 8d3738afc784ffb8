"""A scored hand as a card: the tiles, the yaku with han (English and Japanese names), the fu items,
the limit, the points and the payments; as SVG (``--svg``, Jupyter) or as HTML (``--html``, the web
page). Both read the same rows (:func:`card_rows`), named as ``mjrules compare`` names its rows, so
a page can mark the rows that differ between rulesets."""

from __future__ import annotations

import unicodedata
import xml.etree.ElementTree as ET
from typing import Collection, NamedTuple, Sequence

from mjrules.model.hand import Hand
from mjrules.model.win import Win
from mjrules.pictures.svg import (
    TEXT_STYLE,
    Canvas,
    draw_hand,
    draw_indicators,
    hand_element,
    hand_title,
    seat_names,
)
from mjrules.scoring.result import NoWin, Result, tsumo_split

_LIMITS_JA = {"mangan": "満貫", "haneman": "跳満", "baiman": "倍満", "sanbaiman": "三倍満", "yakuman": "役満",
              "double yakuman": "二倍役満", "triple yakuman": "三倍役満", "kazoe yakuman": "数え役満"}

TEXT = {
    "en": {"yaku": "Yaku", "han": "Han", "fu": "Fu", "limit": "Limit", "points": "Points", "payments": "Payments",
           "tsumo": "tsumo", "ron_from": "ron from", "seat": "seat", "round": "round", "no_win": "Not a win",
           "han_unit": "han", "fu_unit": "fu", "yakuman": "yakuman", "points_unit": "points", "all": "all",
           "liable": "liable (pao)", "ruleset": "ruleset", "differs": "differs", "causes": "differs from"},
    "ja": {"yaku": "役", "han": "翻", "fu": "符", "limit": "上限", "points": "点数", "payments": "収支",
           "tsumo": "ツモ", "ron_from": "ロン", "seat": "家", "round": "場", "no_win": "和了ではない",
           "han_unit": "翻", "fu_unit": "符", "yakuman": "役満", "points_unit": "点", "all": "オール",
           "liable": "責任払い", "ruleset": "ルール", "differs": "相違", "causes": "相違の原因"},
}


def _lang(lang: str) -> str:
    return lang if lang in TEXT else "en"


class Row(NamedTuple):
    """One row of a card: its key (a row of ``mjrules compare``), its label, its lines of text."""

    key: str
    label: str
    lines: tuple[str, ...]


def situation(win: Win, lang: str = "en") -> str:
    t = TEXT[_lang(lang)]
    seats = seat_names(lang)
    dealt_in = win.discarder_seat
    if lang == "ja":
        how = t["tsumo"] if dealt_in is None else f"{t['ron_from']} ({seats[dealt_in]}家から)"
        return f"{seats[win.round_wind]}場 {seats[win.seat_wind]}家 {how}"
    how = t["tsumo"] if dealt_in is None else f"ron from {seats[dealt_in]}"
    return f"{seats[win.seat_wind]} seat, {seats[win.round_wind]} round, {how}"


def limit_text(limit: str | None, lang: str = "en") -> str:
    if not limit:
        return "-"
    return _LIMITS_JA.get(limit, limit) if lang == "ja" else limit


def points_text(result: Result, win: Win | None, lang: str = "en") -> str:
    t = TEXT[_lang(lang)]
    split = None
    if win is not None and win.tsumo and result.liable is None:
        split = tsumo_split(result, win.seat_wind == 0, win, len(result.payments))
    if split and split.endswith(" all"):
        split = split[:-4] + (t["all"] if lang == "ja" else " all")
    head = f"{result.points}{t['points_unit']}" if lang == "ja" else f"{result.points} {t['points_unit']}"
    return f"{head} ({split})" if split else head


def card_rows(result: Result | NoWin, win: Win | None = None, lang: str = "en") -> list[Row]:
    """The rows of a card, in the order of ``mjrules.tools.compare.ROWS``."""
    lang = _lang(lang)
    t = TEXT[lang]
    if isinstance(result, NoWin):
        return [Row("yaku", t["no_win"], (result.reason,))]
    yaku = []
    for y in result.yaku:
        value = f"{y.yakuman}x {t['yakuman']}" if y.yakuman else f"{y.han} {t['han_unit']}"
        yaku.append(f"{y.name} {y.name_ja}\t{value}")
    fu: tuple[str, ...] = ("-",)
    if result.fu is not None:
        fu = (f"{result.fu} {t['fu_unit']}",) + tuple(f"  {i.label}\t{i.fu}" for i in result.fu_items)
    han = f"{result.han}" if result.han is not None else f"{result.yakuman}x {t['yakuman']}"
    seats = seat_names(lang)
    payments = "  ".join(f"{seats[s]} {p:+d}" for s, p in enumerate(result.payments))
    if result.liable is not None:
        payments += f"  ({seats[result.liable]} {t['liable']})"
    return [
        Row("yaku", t["yaku"], tuple(yaku)),
        Row("han", t["han"], (han,)),
        Row("fu", t["fu"], fu),
        Row("limit", t["limit"], (limit_text(result.limit, lang),)),
        Row("points", t["points"], (points_text(result, win, lang),)),
        Row("payments", t["payments"], (payments,)),
    ]


def _hand_and_win(result: Result | NoWin, hand: Hand | None, win: Win | None) -> tuple[Hand | None, Win | None]:
    if isinstance(result, Result):
        hand = result.hand or hand  # the hand as scored (red fives a set lacks read as plain)
        win = result.win or win
    return hand, win


CARD_MIN_WIDTH = 460
LINE = 18
TEXT_X = 96
"""Where a row's text starts, right of its label."""


def text_width(text: str, size: float) -> float:
    """About how wide ``text`` is drawn at font ``size``: SVG text does not lay itself out, so the
    card is made wide enough, and long lines wrapped, by this estimate (kanji and kana take a full
    em, other characters about 0.6 em in the sans-serif faces the card names)."""
    return sum(size if unicodedata.east_asian_width(c) in "WF" else 0.6 * size for c in text)


def _wrap(text: str, width: float, size: float) -> list[str]:
    """``text`` broken at spaces into lines of at most ``width`` (a word longer than that stays whole)."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and text_width(lines[-1] + " " + word, size) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def result_element(result: Result | NoWin, *, hand: Hand | None = None, win: Win | None = None,
                   ruleset: str | None = None, differs: Collection[str] = (), face_url: str | None = None,
                   lang: str = "en") -> ET.Element:
    """The card as an SVG element (see :func:`result_svg`)."""
    lang = _lang(lang)
    hand, win = _hand_and_win(result, hand, win)
    canvas = Canvas(face_url, lang)
    body = ET.Element("g")
    y = 8.0
    head = " · ".join(x for x in (ruleset, situation(win, lang) if win else None) if x)
    if head:
        ET.SubElement(body, "text", {"x": "8", "y": f"{y + 13:g}", "font-size": "15", "font-weight": "bold",
                                     "style": TEXT_STYLE, "class": "head"}).text = head
        y += 24
    width = float(CARD_MIN_WIDTH)
    if hand is not None:
        w, h = draw_hand(canvas, body, hand, 8, y)
        width = max(width, w + 16)
        y += h + 8
        if win is not None:
            used = draw_indicators(canvas, body, win, 8, y)
            y += used + (8 if used else 0)
    rows = card_rows(result, win, lang)
    for row in rows:  # wide enough that a long name keeps apart from its value
        for line in row.lines:
            left, _, right = line.partition("\t")
            if right:
                width = max(width, TEXT_X + text_width(left, 14) + 16 + text_width(right, 14) + 10)
    if isinstance(result, NoWin):  # the reason wrapped to the card, not cut off at its edge
        rows = [row._replace(lines=tuple(_wrap(" ".join(row.lines), width - TEXT_X - 10, 14))) for row in rows]
    for row in rows:
        g = ET.SubElement(body, "g", {"class": "row differs" if row.key in differs else "row", "data-row": row.key})
        height = LINE * max(1, len(row.lines)) + 4
        if row.key in differs:
            ET.SubElement(g, "rect", {"x": "2", "y": f"{y:g}", "width": f"{width - 4:g}", "height": f"{height:g}",
                                      "fill": "#fff3b0"})
        ET.SubElement(g, "text", {"x": "8", "y": f"{y + 14:g}", "font-size": "13", "fill": "#555",
                                  "style": TEXT_STYLE}).text = row.label
        for i, line in enumerate(row.lines):
            left, _, right = line.partition("\t")
            attrs = {"y": f"{y + 14 + i * LINE:g}", "font-size": "14", "style": TEXT_STYLE}
            ET.SubElement(g, "text", {"x": f"{TEXT_X}", **attrs}).text = left
            if right:
                ET.SubElement(g, "text", {"x": f"{width - 10:g}", "text-anchor": "end", **attrs}).text = right
        y += height
    title = hand_title(hand, lang) if hand is not None else TEXT[lang]["no_win"]
    if isinstance(result, Result):
        title += f"; {points_text(result, win, lang)}"
    svg = canvas.root(width, y + 8, title)
    ET.SubElement(svg, "rect", {"width": "100%", "height": "100%", "fill": "white", "rx": "8"})
    svg.append(body)
    return canvas.finish(svg)


def result_svg(result: Result | NoWin, *, hand: Hand | None = None, win: Win | None = None,
               ruleset: str | None = None, differs: Collection[str] = (), face_url: str | None = None,
               lang: str = "en") -> str:
    """The result card as an SVG document. The hand and win default to the ones the result was
    scored with (a NoWin needs them given); ``differs`` names rows to mark (rows of ``compare``)."""
    return ET.tostring(result_element(result, hand=hand, win=win, ruleset=ruleset, differs=differs,
                                      face_url=face_url, lang=lang), encoding="unicode")


CARD_CSS = """
.mj-card{font-family:'Noto Sans CJK JP','Hiragino Sans','Yu Gothic',system-ui,sans-serif;border:1px solid #ccc;
border-radius:8px;padding:8px 10px;background:#fff;max-width:100%;box-sizing:border-box}
.mj-card h2{font-size:1.05rem;margin:0 0 4px}
.mj-card .situation{color:#555;font-size:.85rem;margin:0 0 6px}
.mj-card .tiles svg{max-width:100%;height:auto}
.mj-card table{border-collapse:collapse;width:100%;font-size:.92rem}
.mj-card th{text-align:left;color:#555;font-weight:normal;padding:2px 8px 2px 0;vertical-align:top;white-space:nowrap}
.mj-card td{padding:2px 0;vertical-align:top}
.mj-card tr.differs{background:#fff3b0}
.mj-card tr.differs th::after{content:" *";color:#b00}
.mj-card ul{list-style:none;margin:0;padding:0}
.mj-card li{display:flex;justify-content:space-between;gap:12px}
.mj-card .fu-items{color:#555;font-size:.85rem}
.mj-card .points{font-weight:bold;font-size:1.1rem}
.mj-card .causes{color:#8a4b00;font-size:.85rem;margin:6px 0 0}
"""


def card_element(result: Result | NoWin, *, hand: Hand | None = None, win: Win | None = None,
                 ruleset: str | None = None, differs: Collection[str] = (), causes: Sequence[str] = (),
                 reference: str | None = None, face_url: str | None = None, lang: str = "en") -> ET.Element:
    """The card as an HTML ``<section class="mj-card">`` element, the hand as inline SVG."""
    lang = _lang(lang)
    t = TEXT[lang]
    hand, win = _hand_and_win(result, hand, win)
    card = ET.Element("section", {"class": "mj-card"})
    if ruleset:
        card.set("data-ruleset", ruleset)
        ET.SubElement(card, "h2").text = ruleset
    if win is not None:
        ET.SubElement(card, "p", {"class": "situation"}).text = situation(win, lang)
    if hand is not None:
        ET.SubElement(card, "div", {"class": "tiles"}).append(hand_element(hand, win, face_url=face_url, lang=lang))
    table = ET.SubElement(card, "table")
    for row in card_rows(result, win, lang):
        tr = ET.SubElement(table, "tr", {"data-row": row.key})
        if row.key in differs:
            tr.set("class", "differs")
            tr.set("title", t["differs"])
        ET.SubElement(tr, "th").text = row.label
        td = ET.SubElement(tr, "td")
        if row.key == "yaku" and isinstance(result, Result):
            ul = ET.SubElement(td, "ul")
            for line in row.lines:
                name, _, value = line.partition("\t")
                li = ET.SubElement(ul, "li")
                ET.SubElement(li, "span").text = name
                ET.SubElement(li, "span").text = value
        elif row.key == "fu" and len(row.lines) > 1:
            td.text = row.lines[0]
            ET.SubElement(td, "div", {"class": "fu-items"}).text = ", ".join(
                f"{line.strip().partition(chr(9))[0]} {line.partition(chr(9))[2]}" for line in row.lines[1:])
        else:
            td.text = " ".join(row.lines)
        if row.key == "points":
            td.set("class", "points")
            td.set("data-points", str(result.points if isinstance(result, Result) else 0))
    if causes:
        if lang == "ja":
            text = f"{reference}との{t['causes']}: " if reference else f"{t['causes']}: "
        else:
            text = f"{t['causes']} {reference} by: " if reference else "differs by: "
        ET.SubElement(card, "p", {"class": "causes"}).text = text + ", ".join(causes)
    return card


def result_html(result: Result | NoWin, *, hand: Hand | None = None, win: Win | None = None,
                ruleset: str | None = None, lang: str = "en", document: bool = False) -> str:
    """The result card as HTML: a fragment (Jupyter), or with ``document`` a whole page that stands
    alone (the tile faces embedded, no file or script loaded)."""
    card = card_element(result, hand=hand, win=win, ruleset=ruleset, lang=lang)
    style = ET.Element("style")
    style.text = CARD_CSS
    if not document:
        return ET.tostring(style, encoding="unicode", method="html") + ET.tostring(card, encoding="unicode",
                                                                                      method="html")
    html = ET.Element("html", {"lang": _lang(lang)})
    head = ET.SubElement(html, "head")
    ET.SubElement(head, "meta", {"charset": "utf-8"})
    ET.SubElement(head, "meta", {"name": "viewport", "content": "width=device-width, initial-scale=1"})
    hand, _ = _hand_and_win(result, hand, win)
    ET.SubElement(head, "title").text = hand_title(hand, lang) if hand is not None else "mjrules"
    head.append(style)
    ET.SubElement(html, "body").append(card)
    return "<!DOCTYPE html>\n" + ET.tostring(html, encoding="unicode", method="html") + "\n"


__all__ = ["Row", "card_element", "card_rows", "result_element", "result_html", "result_svg"]
