"""On-demand fuzzing of every input surface, 100,000 cases each by default.

Not part of the default run: these tests carry the ``fuzz`` marker, which pyproject deselects.
Run them with ``python -m pytest -m fuzz -p no:cacheprovider -s tests/test_fuzz_on_demand.py``
(``MJRULES_FUZZ_CASES=N`` sets the count per surface). Each surface must raise nothing but
MjrulesError (the CLI: exit status 0, 1 or 2 and no traceback), and every scored input keeps the
invariants: the payments sum to the riichi sticks × 1,000, every payment is a multiple of 100, and
the result does not depend on the order the melds are written in (pao does: hands with a liable
player are left out of that check). Each test prints its count and time.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from strategies import deals, mutated, notation_text
from test_fuzz import (
    batch_lines, json_hand_objects, loose_wins, ruleset_documents, run_cli, argv_lists, toml_document, _path_words,
)

from mjrules import MjrulesError, Result, Scorer, Win, load_ruleset, preset_names
from mjrules.cli.common import BATCH_RULESET
from mjrules.model.hand import Hand
from mjrules.notation import format_majiang, format_mpsz, parse_json_hand, parse_majiang, parse_mpsz
from mjrules.notation import parse_majiang_input
from mjrules.rules.ruleset import Ruleset
from mjrules.tools.batch import LineScorer
from mjrules.tools.needs import needs

pytestmark = pytest.mark.fuzz

CASES = int(os.environ.get("MJRULES_FUZZ_CASES", "100000"))
PRESETS = preset_names()
SCORERS = {name: Scorer(name) for name in PRESETS}
scorers = st.sampled_from(PRESETS).map(SCORERS.__getitem__)

# Many cases, each new: no example database, no replay, no deadline (a slow case is not a failure here).
MANY = settings(max_examples=CASES, database=None, deadline=None, phases=[Phase.generate, Phase.shrink],
                suppress_health_check=list(HealthCheck))


def run(name: str, body, strategy) -> None:
    """Run ``body`` on CASES values of ``strategy``; print and check the count."""
    count = [0]

    @MANY
    @given(case=strategy)
    def fuzz(case):
        count[0] += 1
        if count[0] % 10000 == 0:  # a long run stopped early still tells how far it got
            note_progress(f"fuzz {name}: {count[0]} cases so far, {time.perf_counter() - start:.0f}s")
        body(case)

    start = time.perf_counter()
    fuzz()
    seconds = time.perf_counter() - start
    note_progress(f"fuzz {name}: {count[0]} cases in {seconds:.0f}s")
    assert count[0] >= CASES


def note_progress(line: str) -> None:
    """Print ``line`` and append it to the file MJRULES_FUZZ_REPORT names, if any."""
    print(line)
    report = os.environ.get("MJRULES_FUZZ_REPORT")
    if report:
        with open(report, "a", encoding="utf-8") as f:
            f.write(line + "\n")


def attempt(fn, *args, **kwargs):
    """``fn``'s value or the MjrulesError it raised; any other exception fails the case."""
    try:
        return fn(*args, **kwargs)
    except MjrulesError as e:
        return e


def check_payments(payments, sticks: int) -> None:
    assert sum(payments) == sticks * 1000, payments
    assert all(p % 100 == 0 for p in payments), payments


def reorderings(melds: list[str]) -> list[list[str]]:
    """Other written orders of the melds: reversed and each rotation."""
    if len(melds) < 2:
        return []
    return [melds[::-1]] + [melds[i:] + melds[:i] for i in range(1, len(melds))]


def same_value(d: dict) -> dict:
    """A result dict up to the order of the groups in its reading and of its fu items: both list
    the melds as written (a presentation); every value is compared as it is."""
    d = dict(d)
    if isinstance(d.get("reading"), str):
        d["reading"] = sorted(d["reading"].split(" "))
    if isinstance(d.get("fu_detail"), list):
        d["fu_detail"] = sorted(json.dumps(item, sort_keys=True) for item in d["fu_detail"])
    return d


def check_scored(scorer: Scorer, hand: Hand, win: Win) -> None:
    """Score ``hand``; a result keeps the payment invariants and its melds' written order does not matter."""
    r = attempt(scorer.score, hand, win)
    if not isinstance(r, Result):
        return
    check_payments(r.payments, win.riichi_sticks)
    if r.liable is not None:
        return  # pao: who pays depends on which meld completed the set, so on the order
    concealed, *melds = format_mpsz(hand).split(" ")
    for order in reorderings(melds):
        other = scorer.score(parse_mpsz(" ".join([concealed, *order]), hand.win_tile), win)
        if other.liable is None:  # in another order the last call of a pao set may be another meld
            assert same_value(other.to_dict()) == same_value(r.to_dict()), order


# -- MPSZ text ------------------------------------------------------------------------------------

@st.composite
def mpsz_cases(draw):
    kind = draw(st.sampled_from(("valid", "mutated", "garbage")))
    deal = draw(deals())
    text = format_mpsz(deal[0]) if kind != "garbage" else draw(notation_text())
    if kind == "mutated":
        text = draw(mutated(text))
    win = deal[1] if draw(st.booleans()) else attempt(Win, **draw(loose_wins()))
    return text, win, draw(scorers)


def mpsz_body(case) -> None:
    text, win, scorer = case
    hand = attempt(parse_mpsz, text)
    if isinstance(hand, Hand) and isinstance(win, Win):
        check_scored(scorer, hand, win)


@pytest.mark.fuzz
def test_fuzz_mpsz():
    run("mpsz", mpsz_body, mpsz_cases())


# -- majiang notation strings ---------------------------------------------------------------------

@st.composite
def majiang_cases(draw):
    hand, win = draw(deals())
    shoupai, rongpai = format_majiang(hand, None if win.tsumo else win.discarder)
    kind = draw(st.sampled_from(("valid", "mutated", "garbage")))
    if kind == "mutated":
        shoupai = draw(mutated(shoupai))
        if rongpai is not None and draw(st.booleans()):
            rongpai = draw(mutated(rongpai))
    elif kind == "garbage":
        shoupai = draw(notation_text())
        rongpai = draw(st.one_of(st.none(), st.text(alphabet="0123456789mpsz+=-", max_size=4)))
    return shoupai, rongpai, win, draw(scorers)


def majiang_body(case) -> None:
    shoupai, rongpai, win, scorer = case
    r = attempt(parse_majiang, shoupai, rongpai)
    if isinstance(r, tuple):
        hand, discarder = r
        w = attempt(attrs.evolve, win, tsumo=discarder is None, discarder=discarder, ippatsu=False,
                    chankan=False, houtei=False, haitei=False, rinshan=False)
        if isinstance(w, Win):
            check_scored(scorer, hand, w)


@pytest.mark.fuzz
def test_fuzz_majiang_strings():
    run("majiang strings", majiang_body, majiang_cases())


# -- JSON hands -----------------------------------------------------------------------------------

def json_hand_body(case) -> None:
    obj, scorer = case
    r = attempt(parse_json_hand, obj)
    if isinstance(r, tuple):
        check_scored(scorer, *r)


@pytest.mark.fuzz
def test_fuzz_json_hands():
    run("JSON hands", json_hand_body, st.tuples(json_hand_objects(), scorers))


# -- batch lines (the CLI's own line function) ----------------------------------------------------

LINES = LineScorer(BATCH_RULESET)  # one Scorer per distinct "rule" object, a bounded number kept


def _batch_line(line: str) -> Any:
    """The line's output as batch writes it, read back (a dict, or None for no win); MjrulesError for a bad line."""
    result, notes = LINES.score(line)
    return json.loads(LINES.result_json(result, notes)) if result.is_win else None


def batch_body(line: str) -> None:
    out = attempt(_batch_line, line)
    if not isinstance(out, dict):
        return
    obj = json.loads(line)
    obj = obj["in"] if "in" in obj else obj
    _, win = parse_majiang_input(obj)
    check_payments(out["payments"], win.riichi_sticks)
    if out.get("liable") is not None:
        return
    concealed, *melds = obj["shoupai"].split(",")
    for order in reorderings(melds):
        moved = json.loads(line)
        target = moved["in"] if "in" in moved else moved
        target["shoupai"] = ",".join([concealed, *order])
        again = _batch_line(json.dumps(moved))
        if again.get("liable") is None:
            assert same_value(again) == same_value(out), order


@pytest.mark.fuzz
def test_fuzz_batch_lines():
    run("batch lines", batch_body, batch_lines())


# -- TOML rulesets --------------------------------------------------------------------------------

@st.composite
def toml_texts(draw):
    text = toml_document(draw(ruleset_documents(["other.toml"])))
    if draw(st.booleans()):  # a few byte-level edits: broken syntax, odd characters, long numbers
        for _ in range(draw(st.integers(1, 4))):
            i = draw(st.integers(0, len(text)))
            ch = draw(st.one_of(st.sampled_from('[]="\\.\n#{},0123456789'), st.characters()))
            op = draw(st.sampled_from(("insert", "replace", "delete", "digits")))
            if op == "insert":
                text = text[:i] + ch + text[i:]
            elif op == "replace":
                text = text[:i] + ch + text[i + 1:]
            elif op == "delete":
                text = text[:i] + text[i + 1:]
            else:
                text = text[:i] + "9" * draw(st.sampled_from([20, 4301, 5000])) + text[i:]
    return text, draw(deals())


def toml_body(folder: Path, case) -> None:
    text, (hand, win) = case
    path = folder / "r.toml"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    rs = attempt(load_ruleset, str(path))
    if not isinstance(rs, Ruleset):
        return
    scorer = attempt(Scorer, rs)
    if isinstance(scorer, Scorer):
        check_scored(scorer, hand, win)


@pytest.mark.fuzz
def test_fuzz_toml_rulesets(tmp_path):
    (tmp_path / "other.toml").write_text('extends = "tenhou"\n[flags]\nkiriage = true\n', encoding="utf-8")
    run("TOML rulesets", lambda case: toml_body(tmp_path, case), toml_texts())


# -- command-line options -------------------------------------------------------------------------

def cli_body(folder: Path, case) -> None:
    argv, stdin = case
    argv = few_deals(argv)
    rc, _, err = run_cli(argv, stdin, cwd=str(folder))
    assert rc in (0, 1, 2), (argv, rc)
    assert "Traceback" not in err, (argv, err[-500:])


def few_deals(argv: list[str]) -> list[str]:
    """``argv`` with any ``odds --simulate`` count above 1,000 lowered to 1,000: the refusal of big
    counts has its own tests, and one accepted count of 10^8 would take the run hours."""
    out = list(argv)
    for i, word in enumerate(out):
        name, eq, value = word.partition("=")
        if eq and name == "--simulate":
            out[i] = name + "=" + _at_most_1000(value)
        elif i and out[i - 1] == "--simulate":
            out[i] = _at_most_1000(word)
    return out


def _at_most_1000(value: str) -> str:
    try:
        return "1000" if int(value) > 1000 else value
    except ValueError:
        return value


@pytest.mark.fuzz
def test_fuzz_cli_options(tmp_path):
    stdin = st.one_of(st.just(""), st.lists(batch_lines(), max_size=2).map("\n".join))
    # the command lines name files in tmp_path only, and run there (a fuzzed --output lands there)
    run("CLI options", lambda case: cli_body(tmp_path, case), st.tuples(argv_lists(_path_words(tmp_path)), stdin))


# -- the needs game state -------------------------------------------------------------------------

odd = st.one_of(st.none(), st.booleans(), st.floats(allow_nan=False), st.text(max_size=3), st.integers())
seats = st.one_of(st.integers(0, 3), st.integers(0, 3), st.integers(-2, 6), odd)
points = st.one_of(st.integers(-200, 1000).map(lambda n: n * 100), st.integers(-20000, 100000),
                   st.sampled_from([0, 900, 1000, 10 ** 7, 10 ** 7 + 100, -(10 ** 7) - 100]), odd)


@st.composite
def game_states(draw):
    scores = draw(st.one_of(st.lists(points, min_size=4, max_size=4), st.lists(points, max_size=6), odd))
    kw = dict(
        target=draw(st.one_of(st.integers(1, 3), st.integers(-1, 5), odd)),
        honba=draw(st.one_of(st.integers(0, 8), st.integers(-2, 1200), odd)),
        sticks=draw(st.one_of(st.integers(0, 4), st.integers(-2, 1200), odd)),
        riichi=draw(st.booleans()),
        tie=draw(st.sampled_from([None, "seat-order", "shared", "coin"])),
        first_dealer=draw(st.one_of(st.none(), seats)),
        ruleset=draw(st.sampled_from(["tenhou", "ema2016", "mleague", "majiang"])),
    )
    return scores, draw(seats), draw(seats), kw


def needs_body(case) -> None:
    scores, me, dealer, kw = case
    n = attempt(needs, scores, me, dealer, **kw)
    if isinstance(n, MjrulesError):
        return
    total = sum(scores)
    sticks = kw["sticks"]
    for option in n.ron + (n.tsumo,):
        if option.scores is not None:  # a win collects every stick on the table, the player's own too
            assert sum(option.scores) == total + 1000 * sticks, option
            assert all(s % 100 == 0 for s in option.scores), option
    for d in n.draw.outcomes:
        assert sum(d.scores) == total - 1000 * kw["riichi"], d


@pytest.mark.fuzz
def test_fuzz_needs():
    run("needs game state", needs_body, game_states())


# -- game records (replay's readers and the replay itself) ----------------------------------------

DATA = Path(__file__).resolve().parent / "data"


def _record_bases() -> list[tuple[str, bytes]]:
    """Real games in each format replay reads: Tenhou mjlog XML (four and three players), and the
    same four-player games as Tenhou JSON and mjai JSON lines (tests/games_convert.py)."""
    import gzip

    from games_convert import to_mjai, to_tenhou_json

    mjlogs = sorted((DATA / "tenhou-mjlog").glob("*.mjlog"), key=lambda p: p.stat().st_size)[:3]
    bases = [("game.xml", gzip.decompress(p.read_bytes())) for p in mjlogs]
    bases += [("game.xml", p.read_bytes()) for p in sorted((DATA / "tenhou-sanma").glob("*.xml"))]
    bases += [("game.json", to_tenhou_json(str(p)).encode()) for p in mjlogs]
    bases += [("game.mjson", to_mjai(str(p)).encode()) for p in mjlogs]
    return bases


@st.composite
def records(draw):
    """A real record, or one with a few edits: bytes, whole lines, tags or numbers."""
    name, data = draw(st.sampled_from(RECORD_BASES))
    if draw(st.integers(0, 4)) == 0:
        return name, data
    text = data.decode("utf-8")
    for _ in range(draw(st.sampled_from((1, 1, 1, 2, 4)))):  # one edit mostly: a near miss reads further
        op = draw(st.sampled_from(("insert", "replace", "delete", "digits", "line", "swap", "cut")))
        i = draw(st.integers(0, len(text)))
        if op == "insert":
            text = text[:i] + draw(st.one_of(st.sampled_from('<>/="{}[],:0123456789-\n'), st.characters())) + text[i:]
        elif op == "replace":
            text = text[:i] + draw(st.sampled_from('<>"=,0123456789abcdefmpsz ')) + text[i + 1:]
        elif op == "delete":
            text = text[:i] + text[i + draw(st.integers(1, 40)):]
        elif op == "digits":  # a number made large, negative or odd where a tile or a score belongs
            text = text[:i] + draw(st.sampled_from(["9" * 25, "-1", "136", "0", "255", "1e9"])) + text[i:]
        else:
            # whole events: an mjai line, or an XML tag (the parts between '>' and '<' split the same way)
            sep = "\n" if name == "game.mjson" else ">"
            parts = text.split(sep)
            k = draw(st.integers(0, max(len(parts) - 1, 0)))
            if op == "line":
                del parts[k]
            elif op == "swap" and k + 1 < len(parts):
                parts[k], parts[k + 1] = parts[k + 1], parts[k]
            else:
                parts = parts[:k]  # a record cut short
            text = sep.join(parts)
    return name, text.encode("utf-8", "surrogatepass")


REPLAYERS: dict[str, Any] = {}


def record_body(case) -> None:
    from mjrules.records.read import read_game
    from mjrules.game.record import Game
    from mjrules.records.replay import Replayer, record_ruleset

    name, data = case
    game = attempt(read_game, name, data)
    if not isinstance(game, Game):
        return
    ruleset = attempt(record_ruleset, game)
    if isinstance(ruleset, MjrulesError):
        return
    key = "tenhou" if ruleset is None else f"{ruleset.name}/{sorted(ruleset.flags.items())}"
    if key not in REPLAYERS:
        REPLAYERS[key] = Replayer(ruleset or "tenhou")
    attempt(REPLAYERS[key].replay, game)


RECORD_BASES = _record_bases()


@pytest.mark.fuzz
def test_fuzz_records():
    run("game records", record_body, records())


# -- web parameters (the page and the API through Starlette, as a browser sends them) --------------

WEB_PATHS = ("/api/score", "/api/compare", "/api/table", "/api/needs", "/", "/table", "/needs")
WEB_NAMES = ("hand", "win", "ron", "round", "seat", "riichi", "double-riichi", "ippatsu", "haitei", "houtei",
             "rinshan", "chankan", "tenhou", "chiihou", "renhou", "dora", "ura", "honba", "sticks", "kita", "extra",
             "ruleset", "rulesets", "toml", "dealer", "non-dealer", "scores", "me", "target", "tie", "first-dealer",
             "lang")
WEB_VALUES = ("123m456p789s11222z", "234567m345p55678s", "067p88s45s6s 3-45m 555=s", "m123p456s789z11222", "1m",
              "previous", "opposite", "next", "E", "S", "W", "N", "1", "0", "on", "true", "2", "4", "5", "999",
              "1000", "-1", "1m7z", "tenhou", "mleague", "ema2016", "tenhou,mleague", "tenhou-sanma", "nonesuch",
              "/etc/passwd", "25000,25000,25000,25000", "25000,32000,17000,25000,", "35000,35000,35000", "ja",
              "en", "xx", "seat-order", "shared", "kanburi", 'extends = "tenhou"\n[flags]\nkiriage = true\n',
              "[flags]\nkiriage = 3", "", " ")


@st.composite
def web_requests(draw):
    """A request: a page or API path, parameters by name (known names with near-valid values mostly,
    any text sometimes), and now and then a POST with a form or a (broken) multipart body."""
    path = draw(st.sampled_from(WEB_PATHS))
    text = st.text(max_size=30)
    names = st.one_of(st.sampled_from(WEB_NAMES), st.sampled_from(WEB_NAMES), text)
    values = st.one_of(st.sampled_from(WEB_VALUES), st.sampled_from(WEB_VALUES), text)
    params = draw(st.lists(st.tuples(names, values), max_size=8))
    body = draw(st.sampled_from(("get", "get", "get", "form", "multipart", "broken")))
    return path, params, body, draw(st.binary(max_size=200))


def web_body(client, case) -> None:
    path, params, body, raw = case
    if body == "get":
        r = client.get(path, params=params)
    elif body == "form":
        r = client.post(path, data=dict(params))
    elif body == "multipart":
        r = client.post(path, params=params, files={"ruleset_file": ("r.toml", raw)})
    else:
        r = client.post(path, params=params, content=raw, headers={"content-type": "multipart/form-data; boundary=x"})
    # 405: the table and needs pages take GET only; everything else is an answer or one clear error.
    assert r.status_code in (200, 400, 405), (path, params, body, r.status_code, r.text[:300])
    if path.startswith("/api/") and r.status_code == 400:
        assert set(r.json()) == {"error"}, r.text[:300]


@pytest.mark.fuzz
def test_fuzz_web_params():
    web = pytest.importorskip("starlette.testclient")
    from mjrules.web.app import create_app

    # Server exceptions are raised here, not turned into a 500: a traceback fails the case.
    client = web.TestClient(create_app(), raise_server_exceptions=True)
    run("web parameters", lambda case: web_body(client, case), web_requests())
