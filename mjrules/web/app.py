"""The calculator page and its JSON API, as a Starlette application (``mjrules serve`` runs it on
uvicorn).

Pages: ``/`` (a hand under one or more rulesets, result cards side by side; with ``ev=1`` its
discards' tenpai and win probability and expected score under one or two rulesets), ``/table`` (the
point table), ``/needs`` (conditions). API: ``/api/score``, ``/api/compare``, ``/api/table``,
``/api/needs``, ``/api/discard``, each returning what the command's ``--json`` prints, and a bad input as HTTP 400
``{"error": …}`` with the command line's error text. Every page is whole in its URL (the query
parameters are the command line's option names) and is drawn on the server, so a link shows its
results at once; the small script in ``static/app.js`` only helps to fill in the form.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from importlib import resources
from typing import Any, Awaitable, Callable, Sequence
from urllib.parse import urlencode

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from mjrules.errors import MjrulesError
from mjrules.model.tiles import Tile, tile
from mjrules.model.win import SEAT_NAMES
from mjrules.pictures.card import CARD_CSS, card_element
from mjrules.pictures.svg import face_name, tile_name
from mjrules.rules.choices import Tie
from mjrules.rules.ruleset import Ruleset, preset_names
from mjrules.scoring.scorer import Scorer
from mjrules.tools import query
from mjrules.tools.compare import Comparer
from mjrules.tools.discard_ev import DEFAULT_EXTRA, EvComparison, ExpectedDiscards, evaluate_rulesets
from mjrules.tools.needs import Needs, needs
from mjrules.tools.shanten import parse_hand
from mjrules.tools.point_table import point_table
from mjrules.web import params as P
from mjrules.web.chart import Line, chart
from mjrules.web.text import UI

FACES = "/static/faces/"
MAX_UPLOAD = 1 << 20


async def _params(request: Request) -> P.Params:
    items = list(request.query_params.multi_items())
    upload = None
    if request.method == "POST":
        try:
            form = await request.form(max_files=1, max_fields=100)
        except HTTPException as e:  # a malformed multipart body: the API's JSON error, not Starlette's text
            raise MjrulesError(f"the form data cannot be read: {e.detail}") from None
        for key, value in form.multi_items():
            if isinstance(value, str):
                items.append((key, value))
            elif key == P.UPLOAD_FILE:
                data = await value.read(MAX_UPLOAD + 1)
                upload = data if data else None
            else:
                raise MjrulesError(f"unexpected file in field {query.shown(key)}; upload a ruleset as {P.UPLOAD_FILE}")
    return P.Params(items, upload)


def _api(handler: Callable[[P.Params], Any]) -> Callable[[Request], Awaitable[Response]]:
    async def endpoint(request: Request) -> Response:
        try:
            p = await _params(request)
            data = handler(p)
        except MjrulesError as e:
            return JSONResponse({"error": str(e)}, status_code=400)
        if isinstance(data, str):  # already the command's JSON text
            return Response(data, media_type="application/json")
        return JSONResponse(data)
    return endpoint


SCORE_PARAMS = (*P.SITUATION, "ruleset", P.UPLOAD)
COMPARE_PARAMS = (*P.SITUATION, "rulesets", P.UPLOAD)
TABLE_PARAMS = ("ruleset", "dealer", "non-dealer", P.UPLOAD)
NEEDS_PARAMS = ("scores", "me", "dealer", "target", "honba", "sticks", "riichi", "tie", "first-dealer", "ruleset",
                P.UPLOAD)


def api_score(p: P.Params) -> dict[str, Any]:
    p.check(SCORE_PARAMS)
    hand, win = P.hand_and_win(p)
    return query.score_data(Scorer(P.one_ruleset(p)), hand, win)


def api_compare(p: P.Params) -> dict[str, Any]:
    p.check(COMPARE_PARAMS)
    hand, win = P.hand_and_win(p)
    return query.compare_data(Comparer(P.ruleset_list(p, None)), hand, win)


DISCARD_PARAMS = ("hand", "turn", "dora", "visible", "seat", "round", "kita", "extra", "model", "ruleset",
                  "rulesets", "by-turn", P.UPLOAD)
EV_IGNORED = ("win", "ron", "ura", "honba", "sticks", *query.SITUATION_FLAGS, "extra")
"""The calculator form's fields the discard values do not use (``extra`` there is a situation tag)."""
EV_MAX_RULESETS = 2
"""Rulesets the page shows discard values under side by side (each search takes up to seconds)."""


def _discard_values(p: P.Params, rulesets: Sequence[str | Ruleset], reach: str | None = "extra"
                    ) -> ExpectedDiscards | EvComparison:
    """The discard values of the parameters' hand under ``rulesets`` (what ``discard --ev`` gives)."""
    text = p.get("hand")
    if not text or not text.strip():
        raise MjrulesError("give a hand: hand=123m067p2357s1156z (MPSZ, 14 tiles with the melds)")
    no_tiles: tuple[Tile, ...] = ()
    options = dict(
        turn=p.read("turn", query.read_turn, 1), dora=p.read("dora", query.read_indicators, no_tiles),
        visible=p.read("visible", query.read_indicators, no_tiles), seat_wind=p.read("seat", query.read_wind, 0),
        round_wind=p.read("round", query.read_wind, 0), kita=p.read("kita", query.read_kita, 0),
        extra=p.read(reach, query.read_extra, DEFAULT_EXTRA) if reach else DEFAULT_EXTRA,
        model=p.read("model", query.read_model, "mjrules"))
    hand = parse_hand(text)
    return evaluate_rulesets(hand, [Scorer(r) for r in rulesets], **options)


def api_discard(p: P.Params) -> dict[str, Any]:
    p.check(DISCARD_PARAMS)
    if p.get("ruleset") and p.all("rulesets"):
        raise MjrulesError("give ruleset or rulesets, not both")
    rulesets = P.ruleset_list(p, None) if p.all("rulesets") else [P.one_ruleset(p)]
    return _discard_values(p, rulesets or [P.DEFAULT_RULESET]).to_dict(p.flag("by-turn"))


def _dealer(p: P.Params) -> bool | None:
    dealer, non_dealer = p.flag("dealer"), p.flag("non-dealer")
    if dealer and non_dealer:
        raise MjrulesError("argument --non-dealer: not allowed with argument --dealer")
    return True if dealer else False if non_dealer else None


def api_table(p: P.Params) -> str:
    p.check(TABLE_PARAMS)
    return point_table(Scorer(P.one_ruleset(p))).to_json(_dealer(p))


def _needs(p: P.Params) -> Needs:
    p.check(NEEDS_PARAMS)
    for name in ("scores", "me", "dealer"):
        if not p.get(name):
            raise MjrulesError(f"the following arguments are required: --{name}")
    tie = p.get("tie") or None
    if tie is not None and tie not in Tie.values():
        raise MjrulesError(f"argument --tie: invalid choice: {query.shown(tie)} (choose from {', '.join(Tie.values())})")
    return needs(
        p.read("scores", query.read_scores, [0]), p.read("me", query.read_seat, 0),
        p.read("dealer", query.read_seat, 0), target=p.read("target", query.read_target, 1),
        honba=p.read("honba", query.read_count, 0), sticks=p.read("sticks", query.read_count, 0),
        riichi=p.flag("riichi"), ruleset=Scorer(P.one_ruleset(p)), tie=tie,
        first_dealer=p.read("first-dealer", query.read_seat, None), check_total=True,
    )


def api_needs(p: P.Params) -> str:
    return _needs(p).to_json()


# ---- pages -------------------------------------------------------------------------------------


def _el(parent: ET.Element, tag: str, text: str | None = None, **attrs: str) -> ET.Element:
    el = ET.SubElement(parent, tag, {k.rstrip("_").replace("_", "-"): v for k, v in attrs.items()})
    if text is not None:
        el.text = text
    return el


def _page(request: Request, p: P.Params, title: str) -> tuple[ET.Element, ET.Element, dict[str, str]]:
    """The page in the language ``p`` asks for, titled with the word ``title`` (a key of ``UI``):
    (html, main, the words)."""
    lang = P.lang(p)
    t = UI[lang]
    title = t[title]
    html = ET.Element("html", {"lang": lang})
    head = _el(html, "head")
    _el(head, "meta", charset="utf-8")
    _el(head, "meta", name="viewport", content="width=device-width, initial-scale=1")
    _el(head, "title", f"{title} · mjrules")
    _el(head, "link", rel="stylesheet", href="/static/style.css")
    _el(head, "style", CARD_CSS)
    body = _el(html, "body")
    nav = _el(body, "nav")
    for path, key in (("/", "calculator"), ("/table", "table"), ("/needs", "needs")):
        a = _el(nav, "a", t[key], href=path + ("?lang=ja" if lang == "ja" else ""))
        if request.url.path == path:
            a.set("aria-current", "page")
    other = "en" if lang == "ja" else "ja"
    keep = [(k, v) for k, v in p.query_string() if k != "lang"] + ([("lang", other)] if other == "ja" else [])
    _el(nav, "a", "English" if other == "en" else "日本語", href=f"{request.url.path}?{urlencode(keep)}",
        class_="lang", hreflang=other)
    main = _el(body, "main")
    _el(main, "h1", title)
    _el(body, "script", "", src="/static/app.js")
    return html, main, t


def _respond(html: ET.Element, status: int = 200) -> HTMLResponse:
    return HTMLResponse("<!DOCTYPE html>\n" + ET.tostring(html, encoding="unicode", method="html"), status_code=status)


def _error(parent: ET.Element, message: str) -> None:
    _el(parent, "p", message, class_="error", role="alert")


def _field(form: ET.Element, label: str, name: str, value: str | None, **attrs: str) -> ET.Element:
    lab = _el(form, "label", class_="field")
    _el(lab, "span", label)
    return _el(lab, "input", name=name, value=value or "", **attrs)


def _select(form: ET.Element, label: str, name: str | None, value: str | None, options: Sequence[tuple[str, str]],
            **attrs: str) -> None:
    """A labelled select; without a ``name`` it is a helper of the script, not a query parameter."""
    lab = _el(form, "label", class_="field")
    _el(lab, "span", label)
    sel = _el(lab, "select", **({"name": name} if name else {}), **attrs)
    for v, text in options:
        opt = _el(sel, "option", text, value=v)
        if v == (value or ""):
            opt.set("selected", "selected")


def _check(form: ET.Element, label: str, name: str, on: bool) -> None:
    lab = _el(form, "label", class_="check")
    box = _el(lab, "input", type="checkbox", name=name, value="1")
    if on:
        box.set("checked", "checked")
    _el(lab, "span", label)


def _wind_options(t: dict[str, str]) -> list[tuple[str, str]]:
    return [(w[0], t[f"wind_{w[0]}"]) for w in SEAT_NAMES]


def _palette(form: ET.Element, t: dict[str, str]) -> None:
    box = _el(form, "div", class_="palette", role="group", aria_label=t["palette"])
    for i in range(34):
        if i in (9, 18, 27):
            _el(box, "br")
        tl = tile(i)
        b = _el(box, "button", type="button", data_tile=str(tl), title=tile_name(tl))
        _el(b, "img", src=f"{FACES}{face_name(tl)}.svg", alt=str(tl), width="24", height="32")
        if i in (4, 13, 22):
            red = tile(i, red=True)
            b = _el(box, "button", type="button", data_tile=str(red), title=tile_name(red), class_="red")
            _el(b, "img", src=f"{FACES}{face_name(red)}.svg", alt=str(red), width="24", height="32")
    tools = _el(box, "div", class_="palette-tools")
    _el(tools, "button", t["backspace"], type="button", id="tile-back")
    _el(tools, "button", t["meld_back"], type="button", id="meld-back")
    _el(tools, "button", t["clear"], type="button", id="tile-clear")
    # What a click adds (the script writes the meld in the hand's notation); unnamed, so not sent.
    melds = _el(box, "div", class_="row palette-melds")
    _select(melds, t["click_adds"], None, "", [("", t["add_tile"]), ("chi", t["add_chi"]), ("pon", t["add_pon"]),
                                                ("kan", t["add_kan"]), ("kakan", t["add_kakan"]),
                                                ("ankan", t["add_ankan"])], id="meld-kind")
    _select(melds, t["called_from"], None, "opposite", [("previous", t["from_previous"]),
                                                        ("opposite", t["from_opposite"]),
                                                        ("next", t["from_next"])], id="meld-from")


def _form(main: ET.Element, p: P.Params, action: str, **attrs: str) -> ET.Element:
    """A GET form to ``action`` that keeps the page's language."""
    form = _el(main, "form", method="get", action=action, **attrs)
    if P.lang(p) == "ja":
        _el(form, "input", type="hidden", name="lang", value="ja")
    return form


def _hand_form(main: ET.Element, p: P.Params, t: dict[str, str], chosen: Sequence[str]) -> None:
    form = _form(main, p, "/", id="calc")
    _field(form, t["hand"], "hand", p.get("hand"), id="hand", placeholder="234567m345p55678s",
           autocomplete="off", spellcheck="false", class_="wide")
    _palette(form, t)
    row = _el(form, "div", class_="row")
    _select(row, t["ron"], "ron", p.get("ron"), [("", t["tsumo"]), ("previous", t["ron_previous"]),
                                                   ("opposite", t["ron_opposite"]), ("next", t["ron_next"])])
    _select(row, t["seat"], "seat", p.get("seat") or "E", _wind_options(t))
    _select(row, t["round"], "round", p.get("round") or "E", _wind_options(t))
    _field(row, t["win"], "win", p.get("win"), size="3", placeholder="8s")
    _field(row, t["dora"], "dora", p.get("dora"), size="6", placeholder="1m")
    _field(row, t["ura"], "ura", p.get("ura"), size="6")
    _field(row, t["honba"], "honba", p.get("honba"), type="number", min="0", size="3")
    _field(row, t["sticks"], "sticks", p.get("sticks"), type="number", min="0", size="3")
    _field(row, t["kita"], "kita", p.get("kita"), type="number", min="0", max="4", size="2")
    _field(row, t["turn"], "turn", p.get("turn"), type="number", min="1", max="18", size="2", placeholder="1")
    _field(row, t["visible"], "visible", p.get("visible"), size="8", placeholder="19m7z")
    checks = _el(form, "div", class_="row checks")
    for name in query.SITUATION_FLAGS:
        on = False
        try:
            on = p.flag(name)
        except MjrulesError:
            pass
        _check(checks, t[name], name, on)
    fs = _el(form, "fieldset", class_="rulesets")
    _el(fs, "legend", t["rulesets"])
    for name in preset_names():
        _check(fs, name, "rulesets", name in chosen)
        fs[-1][0].set("value", name)
    up = _el(fs, "label", class_="field upload")
    _el(up, "span", t["upload"])
    _el(up, "input", type="file", id="upload", accept=".toml,text/plain")
    area = _el(fs, "textarea", p.get(P.UPLOAD) or "", name=P.UPLOAD, id="toml", rows="4", placeholder=t["toml_hint"],
               spellcheck="false")
    area.set("aria-label", t["upload"])
    buttons = _el(form, "div", class_="row")
    _el(buttons, "button", t["score"], type="submit", id="go", class_="go")
    _el(buttons, "button", t["ev_go"], type="submit", id="go-ev", name="ev", value="1", class_="go")


async def page_calculator(request: Request) -> Response:
    try:
        p = await _params(request)
    except MjrulesError as e:
        p = P.Params([])
        html, main, t = _page(request, p, "title")
        _error(main, str(e))
        return _respond(html, 400)
    html, main, t = _page(request, p, "title")
    chosen = [n.strip() for v in p.all("rulesets") for n in v.split(",") if n.strip()] or [P.DEFAULT_RULESET]
    _hand_form(main, p, t, chosen)
    status = 200
    try:
        ev = p.flag("ev")
    except MjrulesError as e:
        _error(_el(main, "section", id="results"), str(e))
        return _respond(html, 400)
    if ev:
        results = _el(main, "section", id="results", aria_live="polite")
        try:
            p.check((*COMPARE_PARAMS, "turn", "visible", "ev"))
            rulesets = P.ruleset_list(p, [P.DEFAULT_RULESET]) or [P.DEFAULT_RULESET]
            if len(rulesets) > EV_MAX_RULESETS:
                raise MjrulesError(f"choose one or two rulesets for the discard values ({len(rulesets)} are chosen)")
            values = _discard_values(p, rulesets, reach=None)
        except MjrulesError as e:
            _error(results, str(e))
            status = 400
        else:
            _ev_section(results, p, t, values)
    elif p.get("hand") or p.get(P.UPLOAD) or p.upload:
        results = _el(main, "section", id="results", aria_live="polite")
        try:
            p.check((*COMPARE_PARAMS, "turn", "visible", "ev"))
            for name in ("turn", "visible"):
                if p.get(name):
                    raise MjrulesError(f"{name} is for the discard values (the {UI[P.lang(p)]['ev_go']!r} button)")
            hand, win = P.hand_and_win(p)
            comparer = Comparer(P.ruleset_list(p, [P.DEFAULT_RULESET]))
            comp = comparer.compare(hand, win)
            notes = query.red_five_notes(comparer, hand) + query.unscored_notes(comparer.names, comparer.scorers, win)
        except MjrulesError as e:
            _error(results, str(e))
            status = 400
        else:
            differs = {name for name, _, d in comp.rows if d}
            cards = _el(results, "div", class_="cards")
            for i, (name, result) in enumerate(zip(comp.rulesets, comp.results)):
                causes = [comparer.cause_text(i, c, P.lang(p)) for c in comp.causes[i]]
                card = card_element(result, hand=hand, win=win, ruleset=name, differs=differs,
                                    causes=causes, reference=comp.rulesets[0] if i else None,
                                    face_url=FACES, lang=P.lang(p))
                cards.append(card)
            for note in notes:
                _el(results, "p", f"{t['note']}: {note}.", class_="note")
            api = [(k, v) for k, v in p.query_string() if k != "lang"]
            _el(_el(results, "p", class_="api"), "a", t["as_json"], href=f"/api/compare?{urlencode(api)}")
    return _respond(html, status)


def _tile_img(parent: ET.Element, t: Tile) -> None:
    _el(parent, "img", src=f"{FACES}{face_name(t)}.svg", alt=t.mpsz(), title=tile_name(t), width="21", height="28",
        class_="tile")


def _ev_section(parent: ET.Element, p: P.Params, t: dict[str, str], values: ExpectedDiscards | EvComparison) -> None:
    """The discard values: a table of every discard under each ruleset, best first, each ruleset's
    best marked (and ✱ where they differ), and charts of the best few by turn."""
    results = values.results if isinstance(values, EvComparison) else (values,)
    comparison = values if isinstance(values, EvComparison) else EvComparison(results)
    first = results[0]
    _el(parent, "h2", t["ev_title"])
    ignored = [n for n in EV_IGNORED if p.get(n) not in (None, "") and not (n in query.SITUATION_FLAGS
                                                                            and not p.flag(n))]
    by_tile = [{d.tile: d for d in r.discards} for r in results]
    wrap = _el(parent, "div", class_="scroll")
    table = _el(wrap, "table", class_="ev-table", data_rulesets=",".join(r.ruleset for r in results))
    head = _el(table, "tr")
    _el(head, "th", t["ev_discard"], rowspan="2")
    _el(head, "th", t["ev_leaves"], rowspan="2")
    for r in results:
        _el(head, "th", r.ruleset, colspan="3")
    sub = _el(table, "tr")
    for _ in results:
        for key in ("ev_tenpai", "ev_win", "ev_exp"):
            _el(sub, "th", t[key])
    for d in first.discards:
        tr = _el(table, "tr", data_discard=d.tile.mpsz())
        if comparison.marked(d.tile):
            tr.set("class", "differs")
        cell = _el(tr, "td")
        _tile_img(cell, d.tile)
        _el(cell, "span", d.tile.mpsz(), class_="tile-text")
        if comparison.marked(d.tile):
            _el(cell, "span", "✱", class_="mark")
        leaves = (t["ev_tenpai_word"] + (f" ({t['ev_riichi']})" if d.riichi else "") if d.shanten == 0
                  else t["ev_shanten"].format(n=d.shanten))
        _el(tr, "td", leaves)
        for values_, best, r in zip(by_tile, comparison.best, results):
            v = values_[d.tile]
            _el(tr, "td", f"{v.tenpai_prob:.1%}")
            _el(tr, "td", f"{v.win_prob:.1%}")
            exp = _el(tr, "td", f"{v.exp_score:,.0f}", data_ruleset=r.ruleset, data_exp=f"{v.exp_score:.6f}")
            if d.tile in best:
                exp.set("class", "best")
                exp.set("title", t["ev_best"])
    if len(results) > 1:
        _el(parent, "p", t["ev_differs"] if comparison.best_differs else t["ev_same"], class_="ev-verdict")
    charts = _el(parent, "div", class_="charts")
    top = first.discards[:3]
    for key, pick, label in (("ev_plot_win", 1, lambda v: f"{v:.0%}"), ("ev_plot_exp", 0, lambda v: f"{v:,.0f}")):
        lines = [Line(d.tile.mpsz(), r.ruleset, rank, k > 0, r.setup.turn,
                      tuple(x[pick] for x in by_tile[k][d.tile].by_turn))
                 for rank, d in enumerate(top) for k, r in enumerate(results)]
        charts.append(chart(t[key], lines, label, data_chart=key.removeprefix("ev_plot_")))
    legend = _el(parent, "p", class_="legend")
    for rank, d in enumerate(top):
        _el(legend, "span", f"— {d.tile.mpsz()}", class_=f"c{rank}")
    if len(results) > 1:
        _el(legend, "span", f"— {results[0].ruleset}  - - {results[1].ruleset}")
    foot = f"{t['ev_model']} {sum(r.states for r in results):,} {t['ev_states']}."
    _el(parent, "p", foot, class_="note")
    if ignored:
        _el(parent, "p", f"{t['ev_ignored']}: {', '.join(ignored)}.", class_="note")
    for r in results:
        for n in r.notes:
            _el(parent, "p", f"{t['note']} ({r.ruleset}): {n}.", class_="note")
    keep = {"hand", "turn", "dora", "visible", "seat", "round", "kita", P.UPLOAD}
    api = [(k, v) for k, v in p.query_string() if k in keep and v] + [("rulesets", ",".join(r.ruleset for r in results))]
    _el(_el(parent, "p", class_="api"), "a", t["as_json"], href=f"/api/discard?{urlencode(api)}&by-turn=1")


def _table_html(parent: ET.Element, data: dict[str, Any], t: dict[str, str]) -> None:
    for table in data["tables"]:
        _el(parent, "h2", t["dealer_table"] if table["winner"] == "dealer" else t["non_dealer_table"])
        wrap = _el(parent, "div", class_="scroll")
        grid = _el(wrap, "table", class_="points-table")
        head = _el(grid, "tr")
        _el(head, "th", t["fu_han"])
        for han in data["han"]:
            _el(head, "th", f"{han} {t['han']}")
        cells = {(c["fu"], c["han"]): c for c in table["cells"]}
        for fu in data["fu"]:
            tr = _el(grid, "tr")
            _el(tr, "th", f"{fu} {t['fu']}")
            for han in data["han"]:
                c = cells.get((fu, han))
                td = _el(tr, "td")
                if c is None or (c["ron"] is None and c["tsumo"] is None):
                    td.text = "-"
                    continue
                ron = str(c["ron"]) if c["ron"] is not None else "-"
                tsumo = c["tsumo"]["text"] if c["tsumo"] else "-"
                td.text = ron
                _el(td, "small", tsumo)
                if c.get("limit"):
                    td.set("class", "limit")
        limits = _el(wrap, "table", class_="points-table limits")
        for c in table["limits"] + table["yakuman"]:
            tr = _el(limits, "tr")
            _el(tr, "th", c["label"])
            _el(tr, "td", str(c["ron"]))
            _el(tr, "td", c["tsumo"]["text"] if c["tsumo"] else "-")


def _ruleset_select(form: ET.Element, t: dict[str, str], p: P.Params) -> None:
    _select(form, t["ruleset"], "ruleset", p.get("ruleset") or P.DEFAULT_RULESET, [(n, n) for n in preset_names()])


async def page_table(request: Request) -> Response:
    p = P.Params(request.query_params.multi_items())
    html, main, t = _page(request, p, "table")
    form = _form(main, p, "/table", class_="row")
    _ruleset_select(form, t, p)
    _el(form, "button", t["show"], type="submit")
    status = 200
    try:
        data = json.loads(api_table(p))
    except MjrulesError as e:
        _error(main, str(e))
        status = 400
    else:
        _table_html(main, data, t)
    return _respond(html, status)


async def page_needs(request: Request) -> Response:
    p = P.Params(request.query_params.multi_items())
    html, main, t = _page(request, p, "needs")
    form = _form(main, p, "/needs", id="needs")
    row = _el(form, "div", class_="row")
    _field(row, t["scores"], "scores", p.get("scores"), placeholder="25000,32000,18000,25000", class_="wide")
    _field(row, t["me"], "me", p.get("me"), size="2", placeholder="0")
    _field(row, t["dealer"], "dealer", p.get("dealer"), size="2", placeholder="1")
    _select(row, t["target"], "target", p.get("target") or "1", [("1", "1"), ("2", "2"), ("3", "3")])
    _field(row, t["honba"], "honba", p.get("honba"), type="number", min="0", size="3")
    _field(row, t["sticks"], "sticks", p.get("sticks"), type="number", min="0", size="3")
    _ruleset_select(row, t, p)
    _check(row, t["riichi"], "riichi", p.get("riichi") in P.TRUE)
    _el(form, "button", t["show"], type="submit")
    status = 200
    if p.get("scores"):
        try:
            answer = _needs(p)
        except MjrulesError as e:
            _error(main, str(e))
            status = 400
        else:
            _el(main, "pre", answer.render(), class_="needs-answer")
    return _respond(html, status)


def create_app() -> Starlette:
    """The web application: pages, API and the package's static files (scripts, styles, tile faces)."""
    static = resources.files("mjrules.web").joinpath("static")
    faces = resources.files("mjrules.faces")
    routes = [
        Route("/", page_calculator, methods=["GET", "POST"]),
        Route("/table", page_table),
        Route("/needs", page_needs),
        Route("/api/score", _api(api_score), methods=["GET", "POST"]),
        Route("/api/compare", _api(api_compare), methods=["GET", "POST"]),
        Route("/api/table", _api(api_table), methods=["GET", "POST"]),
        Route("/api/needs", _api(api_needs), methods=["GET", "POST"]),
        Route("/api/discard", _api(api_discard), methods=["GET", "POST"]),
        Mount("/static/faces", StaticFiles(directory=str(faces)), name="faces"),
        Mount("/static", StaticFiles(directory=str(static)), name="static"),
    ]
    return Starlette(routes=routes)
