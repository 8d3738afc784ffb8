"""The calculator page and its JSON API, through Starlette's test client (the web extra).

The API returns what the command line's ``--json`` prints: each test runs both and compares. Points
asserted come from the hand worked by hand (see RIICHI_PINFU) or from the conformance data.
"""

from __future__ import annotations

import json
import re

import pytest
from starlette.testclient import TestClient

from mjrules.cli import main
from mjrules.web.app import create_app

# 234m 567m 345p 678s 55s, ron on 8s from the previous player, South seat, riichi, dora indicator
# 1m: riichi, pinfu, tanyao, dora 1 = 4 han 30 fu. Basic points 30 x 2^6 = 1920; a non-dealer's
# ron 4 x 1920 = 7680 -> 7700; with kiriage mangan (M-League) 8000; EMA 2016 has no kiriage: 7700.
LINK = "hand=234567m345p55678s&ron=previous&seat=S&riichi=1&dora=1m"
CLI = ["234567m345p55678s", "--ron", "previous", "--seat", "S", "--riichi", "--dora", "1m"]


@pytest.fixture(scope="module")
def client():
    return TestClient(create_app())


def cli_json(capsys, args: list[str]) -> dict:
    main(args)
    return json.loads(capsys.readouterr().out)


def test_api_score_returns_what_score_json_prints(client, capsys):
    r = client.get(f"/api/score?{LINK}")
    assert r.status_code == 200
    assert r.json() == cli_json(capsys, ["score", *CLI, "--json"])
    assert r.json()["points"] == 7700 and r.json()["payments"] == [-7700, 7700, 0, 0]


def test_api_compare_returns_what_compare_json_prints(client, capsys):
    r = client.get(f"/api/compare?{LINK}&rulesets=tenhou,mleague,ema2016")
    assert r.status_code == 200
    assert r.json() == cli_json(capsys, ["compare", *CLI, "--rulesets", "tenhou,mleague,ema2016", "--json"])
    assert [x["points"] for x in r.json()["results"]] == [7700, 8000, 7700]
    assert r.json()["causes"]["mleague"] == ["flag:kiriage"]


def test_api_table_and_needs_return_what_the_commands_print(client, capsys):
    r = client.get("/api/table?ruleset=mleague&dealer=1")
    assert r.json() == cli_json(capsys, ["table", "--ruleset", "mleague", "--dealer", "--json"])
    cell = next(c for c in r.json()["tables"][0]["cells"] if c["han"] == 4 and c["fu"] == 30)
    assert cell["ron"] == 12000  # a dealer's 4 han 30 fu: 6 x 1920 = 11520 -> 11600, kiriage 12000
    q = "scores=25000,32000,18000,25000&me=0&dealer=1"
    r = client.get(f"/api/needs?{q}")
    assert r.json() == cli_json(capsys, ["needs", "--scores", "25000,32000,18000,25000", "--me", "0",
                                         "--dealer", "1", "--json"])


def test_api_score_matches_the_conformance_data(client, hule_lines):
    # A majiang-core case, in majiang notation, under the majiang ruleset.
    case = next(x for x in hule_lines if x["out"] and x["in"]["rongpai"] is None and not x["in"]["param"]["hupai"]
                and x["in"]["param"]["zhuangfeng"] == 0 and x["in"]["param"]["menfeng"] == 1
                and len(x["in"]["param"]["baopai"]) == 1 and x["in"]["param"]["jicun"] == {"changbang": 0, "lizhibang": 0})
    indicator = case["in"]["param"]["baopai"][0]
    r = client.get("/api/score", params={"hand": case["in"]["shoupai"], "ruleset": "majiang", "seat": "S",
                                         "dora": indicator[1] + indicator[0]})
    assert r.status_code == 200, r.text
    assert r.json()["points"] == case["out"]["defen"]


@pytest.mark.parametrize("query, error", [
    ("hand=234567m345p5567s", "wrong tile count"),
    (f"{LINK}&seat=X", "argument --seat: 'X' is not a wind (E, S, W, N)"),
    ("hand=234567m345p55678s&ruleset=/etc/passwd", "a path on the server is not read"),
    ("hand=234567m345p55678s&ruleset=tenhuo", "unknown ruleset 'tenhuo' (did you mean 'tenhou'?)"),
    ("hand=234567m345p55678s&colour=red", "unknown parameter 'colour'"),
    ("hand=234567m345p55678s&riichi=maybe", "argument --riichi: 'maybe' is not on or off"),
])
def test_bad_input_is_http_400_with_the_cli_error_text(client, capsys, query, error):
    r = client.get(f"/api/score?{query}")
    assert r.status_code == 400
    assert error in r.json()["error"]
    assert "Traceback" not in r.text


def test_the_cli_says_the_same_for_a_bad_value(client, capsys):
    main(["score", *CLI, "--seat", "X"])
    cli = capsys.readouterr().err.strip()
    web = client.get(f"/api/score?{LINK}&seat=X").json()["error"]
    assert cli.endswith(web)


def test_an_uploaded_ruleset_is_data_naming_only_installed_plugins(client):
    club = 'name = "club"\nextends = "tenhou"\n[flags]\nkiriage = true\n'
    r = client.post(f"/api/compare?{LINK}&rulesets=tenhou", files={"ruleset_file": ("club.toml", club.encode())})
    assert r.status_code == 200, r.text
    assert r.json()["rulesets"] == ["tenhou", "club"]
    assert [x["points"] for x in r.json()["results"]] == [7700, 8000]
    r = client.get("/api/score", params={"hand": "234567m345p55678s", "toml": 'extends = "../../etc/x.toml"'})
    assert r.status_code == 400 and "can extend only a preset" in r.json()["error"]
    r = client.get("/api/score", params={"hand": "234567m345p55678s", "toml": '[plugins]\nenable = ["os"]'})
    assert r.status_code == 400 and "unknown plugin 'os'" in r.json()["error"]


def test_a_link_shows_each_rulesets_card_without_any_script(client):
    r = client.get(f"/?{LINK}&rulesets=tenhou,mleague,ema2016")
    assert r.status_code == 200
    cards = re.findall(r'<section class="mj-card" data-ruleset="([^"]+)">', r.text)
    assert cards == ["tenhou", "mleague", "ema2016"]
    assert re.findall(r'data-points="(\d+)"', r.text) == ["7700", "8000", "7700"]
    assert 'tr data-row="points" class="differs"' in r.text and "the rule kiriage = true" in r.text
    assert 'tr data-row="han" class' not in r.text  # the same han everywhere: not marked


def test_the_page_and_its_files_come_from_the_package(client):
    page = client.get("/").text
    for src in re.findall(r'(?:src|href)="(/[^"]+)"', page):
        assert client.get(src.replace("&amp;", "&")).status_code == 200, src
    assert "http://" not in page.replace('xmlns="http://www.w3.org', "").replace("http://www.w3.org/1999/xlink", "")
    assert "https://" not in page
    assert client.get("/static/faces/Pin5-Dora.svg").headers["content-type"].startswith("image/svg+xml")


def test_the_page_speaks_japanese(client):
    r = client.get(f"/?{LINK}&lang=ja")
    assert '<html lang="ja">' in r.text and "点数計算" in r.text and "7700点" in r.text and "立直" in r.text


def test_a_bad_hand_shows_the_error_on_the_page(client):
    r = client.get("/?hand=234567m345p5567s&rulesets=tenhou")
    assert r.status_code == 400
    assert re.search(r'<p class="error" role="alert">wrong tile count: [^<]+</p>', r.text)


def test_table_and_needs_pages(client):
    r = client.get("/table?ruleset=mleague")
    assert r.status_code == 200 and "8000" in r.text and "<table" in r.text
    r = client.get("/needs?scores=25000,32000,18000,25000&me=0&dealer=1")
    assert r.status_code == 200 and "target: 1st" in r.text
    r = client.get("/needs?scores=1,2&me=0&dealer=1")
    assert r.status_code == 400 and "give four scores" in r.text


def test_serve_refuses_a_bad_port_in_one_line(capsys):
    assert main(["serve", "--port", "http"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "'http' is not a port number 1-65535" in err


def test_serve_without_the_web_extra_names_it(capsys, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "uvicorn", None)  # import uvicorn now raises ImportError
    assert main(["serve", "--port", "8123"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pip install 'mjrules[web]'" in err


def test_api_score_takes_kita_under_a_three_player_ruleset(client, capsys):
    # South's closed tsumo: menzen tsumo 1, sanankou 2, seat wind 1; the 3z indicator makes North dora,
    # so the two Norths set aside count 2 kita + 2 dora: 8 han 50 fu baiman, tsumo loss 4000 + 8000
    query = "hand=111m999m123p55s22z2z&kita=2&dora=3z&seat=S&ruleset=tenhou-sanma"
    r = client.get(f"/api/score?{query}")
    assert r.status_code == 200
    assert (r.json()["han"], r.json()["points"], r.json()["payments"]) == (8, 12000, [-8000, 12000, -4000])
    assert r.json() == cli_json(capsys, ["score", "111m999m123p55s22z2z", "--kita", "2", "--dora", "3z", "--seat", "S",
                                         "--ruleset", "tenhou-sanma", "--json"])
    # the page has the field, and the four-player rulesets refuse kita as the CLI does
    assert 'name="kita"' in client.get(f"/?{query}").text
    bad = client.get("/api/score?hand=111m999m123p55s22z2z&kita=2&ruleset=tenhou")
    assert bad.status_code == 400 and "kita" in bad.json()["error"]


# -- discard values (discard --ev) -----------------------------------------------------------------

EV_LINK = "hand=13m123345777p4s11z&dora=1p&turn=8"
EV_CLI = ["discard", "13m123345777p4s11z", "--ev", "--dora", "1p", "--turn", "8", "--json"]


def test_api_discard_returns_what_discard_ev_json_prints(client, capsys):
    r = client.get(f"/api/discard?{EV_LINK}")
    assert r.status_code == 200
    assert r.json() == cli_json(capsys, EV_CLI)
    r = client.get(f"/api/discard?{EV_LINK}&rulesets=tenhou,mleague&by-turn=1")
    assert r.json() == cli_json(capsys, [*EV_CLI, "--rulesets", "tenhou,mleague", "--by-turn"])
    assert r.json()["best_differs"]
    bad = client.get("/api/discard?hand=13m123345777p4s11z&turn=19")
    assert bad.status_code == 400 and "argument --turn: '19' is not a turn 1-18" in bad.json()["error"]
    r = client.get(f"/api/discard?{EV_LINK}&model=mahjong-cpp")
    assert r.json() == cli_json(capsys, [*EV_CLI, "--model", "mahjong-cpp"]) and r.json()["model"] == "mahjong-cpp"
    bad = client.get(f"/api/discard?{EV_LINK}&model=cpp")
    assert bad.status_code == 400 and "argument --model: 'cpp' is not a model" in bad.json()["error"]


def test_the_page_shows_the_discard_values_and_their_chart(client, capsys):
    data = cli_json(capsys, [*EV_CLI, "--rulesets", "tenhou,mleague"])
    r = client.get(f"/?{EV_LINK}&rulesets=tenhou,mleague&ev=1")
    assert r.status_code == 200
    rows = re.findall(r'<tr data-discard="([^"]+)"( class="differs")?>', r.text)
    assert [d for d, _ in rows] == [d["discard"] for d in data["results"][0]["discards"]]  # tenhou's order
    marked = {d for d, mark in rows if mark}
    assert marked == set(data["best"]["tenhou"]) | set(data["best"]["mleague"])
    best = re.findall(r'<td data-ruleset="([^"]+)" data-exp="[^"]+" class="best"', r.text)
    assert sorted(best) == ["mleague", "tenhou"]
    assert "The best discard differs" in r.text
    # two charts, each with the best three discards of the first ruleset under both rulesets
    top = [d["discard"] for d in data["results"][0]["discards"][:3]]
    for name in ("win", "exp"):
        svg = re.search(rf'<svg [^>]*data-chart="{name}".*?</svg>', r.text, re.S).group()
        lines = re.findall(r'<polyline points="([^"]+)" data-discard="([^"]+)" data-ruleset="([^"]+)"', svg)
        assert [(d, rs) for _, d, rs in lines] == [(d, rs) for d in top for rs in ("tenhou", "mleague")]
        assert all(len(points.split()) == 18 - 8 + 1 for points, _, _ in lines)  # turns 8 ... 18


def test_the_page_s_discard_values_need_one_or_two_rulesets_and_say_what_they_ignore(client):
    r = client.get(f"/?{EV_LINK}&rulesets=tenhou,mleague,ema2016&ev=1")
    assert r.status_code == 400 and "choose one or two rulesets" in r.text
    r = client.get(f"/?{EV_LINK}&ev=1&ron=previous&riichi=1&honba=2")
    assert r.status_code == 200 and "Not used for the discard values" in r.text and "ron, honba, riichi" in r.text
    r = client.get("/?hand=234567m345p55678s&turn=3")
    assert r.status_code == 400 and "turn is for the discard values" in r.text
