"""Tile pictures: the shipped faces, hands and result cards as SVG and HTML, ``score --svg/--html``.

The pictures are checked by their structure: how many tiles, which lie sideways (a rotation in
their transform), which are face down, their alt text. Where to put the sideways tile is the
players' convention (from the previous player leftmost, opposite in the middle, next rightmost).
Points shown on a card are worked by hand in each test's comment.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from importlib import resources
from pathlib import Path

import pytest

from mjrules import Scorer, Win, parse_mpsz, parse_tiles
from mjrules.cli import main
from mjrules.model.melds import MeldKind
from mjrules.model.tiles import tile
from mjrules.pictures import hand_svg, meld_layout, result_html, result_svg
from mjrules.pictures.svg import TILE_W, face_name

SVG = "{http://www.w3.org/2000/svg}"


def tiles_of(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{SVG}g") if "tile" in (g.get("class") or "").split()]


def title(el: ET.Element) -> str:
    t = el.find(f"{SVG}title")
    assert t is not None and t.text, "every tile carries its alt text"
    return t.text


def sideways(el: ET.Element) -> bool:
    return "rotate(" in (el.get("transform") or "")


def x_of(el: ET.Element) -> float:
    m = re.match(r"translate\(([-\d.]+),", el.get("transform") or "")
    assert m
    return float(m.group(1))


# ---- the faces ---------------------------------------------------------------------------------


def test_every_tile_and_red_five_has_a_face_and_the_licence_is_kept():
    faces = resources.files("mjrules.faces")
    names = {face_name(tile(i)) for i in range(34)} | {face_name(tile(i, red=True)) for i in (4, 13, 22)}
    assert len(names) == 37
    for name in names | {"Front", "Back"}:
        data = faces.joinpath(name + ".svg").read_text(encoding="utf-8")
        root = ET.fromstring(data)
        assert root.get("viewBox") == "0 0 300 400"
    licence = faces.joinpath("LICENSE.md").read_text(encoding="utf-8")
    assert "public domain" in licence and "publicdomain/zero/1.0" in licence


def test_faces_are_stripped_of_editor_data_and_their_ids_do_not_clash():
    faces = resources.files("mjrules.faces")
    seen: dict[str, str] = {}
    for f in faces.iterdir():
        if not f.name.endswith(".svg"):
            continue
        text = f.read_text(encoding="utf-8")
        assert "inkscape" not in text.lower() and "sodipodi" not in text and "<metadata" not in text
        assert "<!--" not in text
        for ident in re.findall(r'id="([^"]+)"', text):
            assert ident.startswith(f.name[:-4] + "-"), f"{f.name}: id {ident} lacks the face's prefix"
            assert ident not in seen, f"id {ident} in {f.name} and {seen[ident]}"
            seen[ident] = f.name


# ---- hands ---------------------------------------------------------------------------------------


def test_a_closed_hand_has_fourteen_tiles_with_alt_text_and_the_winning_tile_apart():
    hand = parse_mpsz("234567m345p55678s")
    root = ET.fromstring(hand_svg(hand))
    assert root.get("role") == "img" and "234567m345p55678s" in root.get("aria-label", "")
    assert "234567m345p55678s" in (root.find(f"{SVG}title").text or "")
    tiles = tiles_of(root)
    assert len(tiles) == 14
    assert [title(t) for t in tiles][:2] == ["2 characters (2m)", "3 characters (3m)"]
    assert not any(sideways(t) for t in tiles)
    win = [t for t in tiles if "win" in t.get("class", "").split()]
    assert len(win) == 1 and title(win[0]) == "8 bamboo (8s), winning tile"
    concealed = [t for t in tiles if t is not win[0]]
    assert x_of(win[0]) > max(x_of(t) for t in concealed) + TILE_W, "the winning tile is set apart"


def test_an_open_hand_with_a_kakan_and_a_closed_kan():
    # 55p 78s + 6s (wins), kakan of East called from the opposite player, closed kan of 9s, chi 0-67p.
    hand = parse_mpsz("55p78s6s 111=1z 9999s 0-67p")
    root = ET.fromstring(hand_svg(hand))
    tiles = tiles_of(root)
    assert len(tiles) == 4 + 1 + 4 + 4 + 3
    turned = [t for t in tiles if sideways(t)]
    # The kakan: the called East and the added East on it; the chi: the called red 5p.
    assert [title(t) for t in turned] == [
        "East (1z), called from the opposite player", "East (1z), added to the kan",
        "5 circles (red, 0p), called from the previous player"]
    backs = [t for t in tiles if "back" in t.get("class", "").split()]
    assert [title(t) for t in backs] == ["face-down tile", "face-down tile"]
    melds = [g for g in root.iter(f"{SVG}g") if (g.get("class") or "").startswith("meld")]
    assert [m.get("class") for m in melds] == ["meld kakan", "meld ankan", "meld chi"]
    ankan = tiles_of(melds[1])
    assert ["back" in t.get("class", "") for t in ankan] == [True, False, False, True], "backs at both ends"


@pytest.mark.parametrize("text, sideways_at", [
    ("1-23m", 0),      # chi: always from the previous player, leftmost
    ("555-p", 0),      # pon from the previous player: leftmost
    ("555=p", 1),      # from the opposite player: in the middle
    ("555+p", 2),      # from the next player: rightmost
    ("5555+p", 3),     # daiminkan from the next player: rightmost
    ("5555-p", 0),
])
def test_the_called_tile_lies_toward_the_player_it_came_from(text, sideways_at):
    hand = parse_mpsz(f"123m456s789p1z1z {text}")
    layout = meld_layout(hand.melds[0])
    assert [p.sideways for p in layout].index(True) == sideways_at
    assert sum(p.sideways for p in layout) == 1


def test_a_kakan_stacks_the_added_tile_on_the_called_one():
    hand = parse_mpsz("123m456s55p78p9p 111+1z")
    assert hand.melds[0].kind is MeldKind.KAKAN
    layout = meld_layout(hand.melds[0])
    assert [(p.sideways, p.stacked) for p in layout] == [(False, False), (False, False), (True, False), (True, True)]


def test_dora_and_ura_indicators_are_drawn():
    hand = parse_mpsz("234567m345p55678s")
    win = Win(tsumo=False, discarder=3, riichi=1, dora=parse_tiles("1m7z"), ura=parse_tiles("4s"))
    root = ET.fromstring(hand_svg(hand, win))
    groups = {g.get("class"): g for g in root.iter(f"{SVG}g") if (g.get("class") or "").startswith("indicators")}
    assert [title(t) for t in tiles_of(groups["indicators dora"])] == ["Dora: 1 characters (1m)", "Dora: Red (7z)"]
    assert [title(t) for t in tiles_of(groups["indicators ura"])] == ["Ura: 4 bamboo (4s)"]
    assert len(tiles_of(root)) == 14 + 3


def test_kita_set_aside_are_drawn_beside_the_indicators():
    # three players: two Norths set aside, shown as their own row after the dora
    hand = parse_mpsz("111m999m123p55s22z2z")
    win = Win(tsumo=True, seat_wind=1, dora=parse_tiles("3z"), kita=2)
    root = ET.fromstring(hand_svg(hand, win))
    groups = {g.get("class"): g for g in root.iter(f"{SVG}g") if (g.get("class") or "").startswith("indicators")}
    assert [title(t) for t in tiles_of(groups["indicators kita"])] == ["Kita: North (4z)"] * 2
    assert len(tiles_of(root)) == 14 + 1 + 2
    assert "indicators kita" not in {g.get("class") for g in ET.fromstring(hand_svg(hand, Win(tsumo=True))).iter()}


def test_japanese_alt_text():
    root = ET.fromstring(hand_svg(parse_mpsz("123m406p789s11z22z2z"), lang="ja"))
    names = [title(t) for t in tiles_of(root)]
    assert names[0] == "一萬子 (1m)" and "赤五筒子 (0p)" in names and names[-1].startswith("南 (2z)")


def test_embedded_faces_are_defined_once_and_linked_faces_point_at_the_url():
    hand = parse_mpsz("111222333m44455p")
    svg = hand_svg(hand)
    root = ET.fromstring(svg)
    symbols = [s.get("id") for s in root.iter(f"{SVG}symbol")]
    assert sorted(symbols) == sorted(["mj-Front", "mj-Man1", "mj-Man2", "mj-Man3", "mj-Pin4", "mj-Pin5"])
    linked = ET.fromstring(hand_svg(hand, face_url="/static/faces/"))
    hrefs = {i.get("{http://www.w3.org/1999/xlink}href") for i in linked.iter(f"{SVG}image")}
    assert "/static/faces/Pin5.svg" in hrefs and not list(linked.iter(f"{SVG}symbol"))


# ---- result cards --------------------------------------------------------------------------------

# 234m 567m 345p 678s 55s, ron on 8s (ryanmen) from the previous player, South seat, riichi, dora
# indicator 1m: riichi, pinfu, tanyao, one dora (2m) = 4 han; a closed ron 30 fu. Basic points
# 30 x 2^(4+2) = 1920; a non-dealer's ron 4 x 1920 = 7680, rounded up 7700 (8000 with kiriage).
RIICHI_PINFU = ("234567m345p55678s", Win(tsumo=False, discarder=3, seat_wind=1, riichi=1, dora=parse_tiles("1m")))


def test_the_result_card_shows_yaku_fu_points_and_payments():
    hand, win = RIICHI_PINFU
    result = Scorer("tenhou").score(parse_mpsz(hand), win)
    root = ET.fromstring(result_svg(result, ruleset="tenhou"))
    rows = {g.get("data-row"): " ".join(t.text or "" for t in g.iter(f"{SVG}text"))
            for g in root.iter(f"{SVG}g") if g.get("data-row")}
    assert list(rows) == ["yaku", "han", "fu", "limit", "points", "payments"]
    for name in ("Riichi", "立直", "Pinfu", "平和", "All simples", "断幺九", "Dora"):
        assert name in rows["yaku"]
    assert rows["han"].endswith(" 4") and "30 fu" in rows["fu"] and "menzen ron" in rows["fu"]
    assert "7700 points" in rows["points"]
    assert "East -7700" in rows["payments"] and "South +7700" in rows["payments"]
    assert len(tiles_of(root)) == 14 + 1  # the hand and the dora indicator


def test_names_with_markup_characters_are_escaped_not_pasted():
    hand, win = RIICHI_PINFU
    result = Scorer("tenhou").score(parse_mpsz(hand), win)
    odd = 'club <b>"A&B"</b>'
    root = ET.fromstring(result_svg(result, ruleset=odd))
    assert any(odd in (t.text or "") for t in root.iter(f"{SVG}text"))
    page = result_html(result, ruleset=odd, document=True)
    assert "<b>" not in page and "&lt;b&gt;" in page


def test_a_no_win_card_says_why():
    from mjrules.scoring.result import NoWin

    hand = parse_mpsz("123m456p789s1122z3z")  # no winning shape
    win = Win()
    result = Scorer("tenhou").score(hand, win)
    assert isinstance(result, NoWin)
    root = ET.fromstring(result_svg(result, hand=hand, win=win))
    assert len(tiles_of(root)) == 14
    assert any("Not a win" in (t.text or "") for t in root.iter(f"{SVG}text"))


JUPYTER = """
import json, sys
from IPython.core.interactiveshell import InteractiveShell
shell = InteractiveShell.instance()
import mjrules  # in a running shell: hands and results shown as pictures
hand = mjrules.parse_mpsz(sys.argv[1])
win = mjrules.Win(tsumo=False, discarder=3, seat_wind=1, riichi=1, dora=mjrules.parse_tiles("1m"))
result = mjrules.Scorer("tenhou").score(hand, win)
print(json.dumps([shell.display_formatter.format(x)[0] for x in (hand, result)]))
print("mjrules.pictures" in sys.modules)
"""


def test_jupyter_shows_hands_and_results_as_pictures():
    # IPython's own display machinery, in a process whose shell runs before mjrules is imported
    pytest.importorskip("IPython", reason="IPython is not installed (the test extra installs it)")
    hand, _ = RIICHI_PINFU  # the script scores it with the same win
    out = subprocess.run([sys.executable, "-c", JUPYTER, hand], capture_output=True, text=True, check=True).stdout
    shown, loaded = out.splitlines()
    h, r = json.loads(shown)
    assert ET.fromstring(h["image/svg+xml"]).tag == f"{SVG}svg" and h["text/html"] == h["image/svg+xml"]
    assert ET.fromstring(r["image/svg+xml"]).tag == f"{SVG}svg"
    assert 'class="mj-card"' in r["text/html"] and 'data-points="7700"' in r["text/html"]
    assert loaded == "True"


def test_the_pictures_load_as_an_ipython_extension():
    pytest.importorskip("IPython", reason="IPython is not installed (the test extra installs it)")
    from IPython.core.interactiveshell import InteractiveShell

    from mjrules.pictures import load_ipython_extension

    shell = InteractiveShell.instance()
    load_ipython_extension(shell)
    hand, win = RIICHI_PINFU
    shown, _ = shell.display_formatter.format(Scorer("tenhou").score(parse_mpsz(hand), win))
    assert 'data-points="7700"' in shown["text/html"]


def test_the_model_and_the_scoring_know_no_pictures():
    import mjrules.model.hand
    import mjrules.scoring.result

    for module in (mjrules.model.hand, mjrules.scoring.result):
        assert "pictures" not in Path(module.__file__).read_text(encoding="utf-8")


def test_scoring_does_not_load_the_pictures():
    code = ("import sys; from mjrules import Scorer, Win, parse_mpsz; "
            "Scorer('tenhou').score(parse_mpsz('234567m345p55678s'), Win()); "
            "print(sorted(m for m in sys.modules if m.startswith(('mjrules.pictures', 'xml'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


# ---- the command line ------------------------------------------------------------------------------


def test_score_writes_svg_and_html(tmp_path, capsys):
    svg, html = tmp_path / "card.svg", tmp_path / "card.html"
    code = main(["score", "55p78s6s", "111=1z", "9999s", "0-67p", "--seat", "S", "--svg", str(svg),
                 "--html", str(html)])
    assert code == 0
    root = ET.fromstring(svg.read_text(encoding="utf-8"))
    # 20 base + 16 open kan of honours + 32 closed kan of terminals + 2 tsumo = 70 fu; round wind
    # East and the red five: 2 han. Basic points 70 x 2^4 = 1120: 1200 from each non-dealer, 2300
    # from the dealer (rounded up to 100), 4700 in all.
    texts = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert "70 fu" in texts and "4700 points (1200-2300)" in texts
    assert sum(sideways(t) for t in tiles_of(root)) == 3
    page = html.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and 'data-points="4700"' in page and "<script" not in page


def test_score_refuses_to_overwrite_its_ruleset_file(tmp_path, capsys):
    rs = tmp_path / "club.toml"
    rs.write_text('extends = "tenhou"\n', encoding="utf-8")
    code = main(["score", "234567m345p55678s", "--ruleset", str(rs), "--svg", str(rs)])
    assert code == 2
    assert rs.read_text(encoding="utf-8") == 'extends = "tenhou"\n'
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--svg" in err and "overwritten" in err


def test_a_picture_that_cannot_be_written_is_one_line(tmp_path, capsys):
    # refused before the hand is scored (issue 36): exit 2, not the 1 of "no win", and nothing printed
    code = main(["score", "234567m345p55678s", "--html", str(tmp_path / "no" / "such" / "card.html")])
    assert code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and "card.html" in err and "no folder" in err and "Traceback" not in err
