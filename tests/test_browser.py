"""The calculator page in a real headless Chromium (Debian's ``chromium`` package, which .ci/run
installs when missing), driven by Playwright: a link with a hand and three rulesets, tiles clicked
into a hand, melds clicked after it, an uploaded ruleset, and a bad hand's error.

Points are worked by hand: 234m 567m 345p 678s 55s, ron on 8s from the previous player, South
seat, riichi, dora indicator 1m is riichi, pinfu, tanyao and one dora, 4 han 30 fu: basic points
30 x 2^6 = 1920, a non-dealer's ron 4 x 1920 = 7680 -> 7700; 8000 under kiriage mangan
(M-League); EMA 2016 has no kiriage: 7700.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from pathlib import Path

import pytest
import uvicorn
from playwright.sync_api import sync_playwright

from mjrules.web.app import create_app

CHROMIUM = "/usr/bin/chromium"
LINK = "/?hand=234567m345p55678s&ron=previous&seat=S&riichi=1&dora=1m&rulesets=tenhou,mleague,ema2016"
SHOTS = os.environ.get("MJRULES_SCREENSHOTS")
"""A folder to save the README's screenshots in (docs/); unset, the test writes no file."""


@pytest.fixture(scope="module")
def server():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    config = uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=10)


REQUIRED = os.environ.get("MJRULES_BROWSER") == "required"
"""Set by .ci/run, which installs Chromium: there a missing browser fails the run instead of skipping it."""


@pytest.fixture(scope="module")
def page(server):
    if not Path(CHROMIUM).exists():
        message = "install Debian's chromium package (apt-get install -y chromium) to run the browser test"
        if REQUIRED:
            pytest.fail(message)
        pytest.skip(message)  # a machine with only Python: everything else still runs
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        pg = browser.new_page(viewport={"width": 1280, "height": 900})
        pg.set_default_timeout(20000)
        yield pg
        browser.close()


def card_points(page) -> dict[str, str]:
    cards = page.locator("section.mj-card")
    return {cards.nth(i).get_attribute("data-ruleset"): cards.nth(i).locator("td.points").inner_text()
            for i in range(cards.count())}


def test_a_link_with_a_hand_and_three_rulesets_shows_each_cards_points(page, server):
    page.goto(server + LINK)
    points = card_points(page)
    print("cards:", points)
    assert points == {"tenhou": "7700 points", "mleague": "8000 points", "ema2016": "7700 points"}
    assert page.locator("section.mj-card[data-ruleset=mleague] tr.differs[data-row=points]").count() == 1
    assert "the rule kiriage = true" in page.locator("section.mj-card[data-ruleset=mleague] .causes").inner_text()
    if SHOTS:
        page.screenshot(path=str(Path(SHOTS) / "calculator.png"), full_page=True)
        page.locator("section.mj-card[data-ruleset=mleague]").screenshot(path=str(Path(SHOTS) / "result-card.png"))


def test_clicking_tiles_enters_a_hand(page, server):
    page.goto(server + "/")
    for t in ["2m", "3m", "4m", "5m", "6m", "7m", "3p", "4p", "5p", "5s", "5s", "6s", "7s", "9s"]:
        page.click(f".palette button[data-tile='{t}']")
    page.click("#tile-back")  # the 9s was a slip: take it back, then the 8s
    page.click(".palette button[data-tile='8s']")
    assert page.input_value("#hand") == "2m3m4m5m6m7m3p4p5p5s5s6s7s8s"
    page.select_option("select[name=ron]", "previous")
    page.select_option("select[name=seat]", "S")
    page.check("input[name=riichi]")
    page.fill("input[name=dora]", "1m")
    page.click("#go")
    page.wait_for_selector("section.mj-card")
    assert "ron=previous" in page.url and "seat=S" in page.url and "rulesets=tenhou" in page.url
    print("clicked hand:", card_points(page))
    assert card_points(page) == {"tenhou": "7700 points"}


def test_clicking_melds_enters_them_after_the_concealed_tiles(page, server):
    # 123m 456p 99m concealed (9m the winning tile, a pair wait), a pon of white dragons from the
    # opposite player and a chi of 789s; ron from the previous player, South seat. Haku is the only
    # yaku: 1 han; fu 20 + 4 (open dragon triplet) + 2 (pair wait) = 26 -> 30. A non-dealer's ron:
    # 4 x 30 x 2^3 = 960 -> 1000.
    page.goto(server + "/")
    page.select_option("#meld-kind", "pon")
    page.select_option("#meld-from", "opposite")
    page.click(".palette button[data-tile='5z']")
    page.select_option("#meld-kind", "ankan")
    assert page.is_disabled("#meld-from")  # a closed kan is called from no one
    page.click(".palette button[data-tile='1z']")  # a slip: take the meld back
    page.click("#meld-back")
    page.select_option("#meld-kind", "chi")
    page.click(".palette button[data-tile='7s']")
    page.select_option("#meld-kind", "")
    for t in ["1m", "2m", "3m", "4p", "5p", "6p", "9m", "9m"]:
        page.click(f".palette button[data-tile='{t}']")
    assert page.input_value("#hand") == "1m2m3m4p5p6p9m9m 555=z 7-89s"
    page.select_option("select[name=ron]", "previous")
    page.select_option("select[name=seat]", "S")
    page.click("#go")
    page.wait_for_selector("section.mj-card")
    print("clicked melds:", card_points(page))
    assert card_points(page) == {"tenhou": "1000 points"}


def test_an_uploaded_ruleset_gets_its_own_card(page, server, tmp_path):
    club = tmp_path / "club.toml"
    club.write_text('name = "club"\nextends = "tenhou"\n\n[flags]\nkiriage = true\n', encoding="utf-8")
    page.goto(server + "/?hand=234567m345p55678s&ron=previous&seat=S&riichi=1&dora=1m")
    page.set_input_files("#upload", str(club))
    page.wait_for_function("document.getElementById('toml').value.includes('kiriage')")
    page.click("#go")
    page.wait_for_selector("section.mj-card[data-ruleset=club]")
    print("uploaded:", card_points(page))
    assert card_points(page) == {"tenhou": "7700 points", "club": "8000 points"}


def test_a_bad_hand_shows_its_error(page, server):
    page.goto(server + "/")
    page.fill("#hand", "234567m345p5567s")
    page.click("#go")
    error = page.locator("p.error")
    error.wait_for()
    print("error:", error.inner_text())
    assert error.inner_text().startswith("wrong tile count: 13 tiles")
    assert page.locator("section.mj-card").count() == 0


def test_the_page_fits_a_phone(page, server):
    page.set_viewport_size({"width": 375, "height": 800})
    page.goto(server + LINK)
    width = page.evaluate("document.documentElement.scrollWidth")
    page.set_viewport_size({"width": 1280, "height": 900})
    assert width <= 375, f"the page is {width}px wide on a 375px screen"


def test_a_hand_clicked_in_shows_its_discard_values_and_charts(page, server):
    """A 14-tile hand clicked in, two rulesets ticked, the discard button: the table of discards in
    the order the API gives them, each ruleset's best marked, and the two charts."""
    page.goto(server + "/")
    for t in ["1m", "2m", "3m", "0p", "6p", "7p", "2s", "3s", "5s", "7s", "1z", "1z", "5z", "6z"]:
        page.click(f".palette button[data-tile='{t}']")
    page.fill("input[name=dora]", "1m")
    page.check("input[name=rulesets][value=mleague]")
    page.click("#go-ev")
    page.wait_for_selector("table.ev-table")
    rulesets = page.locator("table.ev-table").get_attribute("data-rulesets")
    assert "ev=1" in page.url and f"rulesets={rulesets}" in page.url and sorted(rulesets.split(",")) == ["mleague",
                                                                                                       "tenhou"]
    rows = page.locator("table.ev-table tr[data-discard]")
    shown = [rows.nth(i).get_attribute("data-discard") for i in range(rows.count())]
    api = page.request.get(server + f"/api/discard?hand=123m067p2357s1156z&dora=1m&rulesets={rulesets}").json()
    print("discards:", shown[:4])
    assert shown == [d["discard"] for d in api["results"][0]["discards"]]  # the first ruleset's order
    assert page.locator("td.best[data-ruleset=tenhou]").count() >= 1
    assert page.locator("svg.chart polyline").count() == 2 * 3 * 2  # two charts, three discards, two rulesets
    page.set_viewport_size({"width": 375, "height": 800})
    width = page.evaluate("document.documentElement.scrollWidth")
    page.set_viewport_size({"width": 1280, "height": 900})
    assert width <= 375, f"the page is {width}px wide on a 375px screen"
    if SHOTS:
        page.locator("#results").screenshot(path=str(Path(SHOTS) / "discard-ev.png"))
