"""Fuzzing the edges: garbage and near-miss input for both notations, the JSON hand, the majiang
``in`` object, the ``batch`` JSON lines, TOML rulesets and the command line.

The rule everywhere: an input gives a result or an ``MjrulesError`` (the CLI: exit status 0, 1 or 2),
never another exception; very long input is refused quickly (well under a second), not processed
slowly. Edge cases are pinned with ``@example`` (so every run tries them) where they pass, and in
``PINNED`` (one plain test each) where they failed, so the fuzzers keep generating past them.

Profiles: see ``strategies`` (``MJRULES_HYPOTHESIS=deep`` for a larger run).
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import io
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import attrs
import pytest
from hypothesis import currently_in_test_context, event, example, given, note, settings
from hypothesis import strategies as st

from strategies import (
    budget, deals, hands, json_values, load_profile, mutated, near_miss_object, notation_text, printable_no_path,
)

from mjrules import (
    Hand, Meld, MeldKind, MjrulesError, NoWin, Result, Ruleset, Scorer, Tile, Win, format_majiang, format_mpsz,
    load_ruleset, parse_majiang, parse_majiang_input, parse_mpsz, parse_tiles, preset_names, tile,
)
from mjrules.cli import build_parser, main
from mjrules.rules.majiang import PLAY_KEYS, RED_FIVES_KEY, SCORING_KEYS, UNMAPPED_KEYS, majiang_flags
from mjrules.notation import json_hand, majiang_input, parse_json_hand
from mjrules.notation.json_hand import KEYS as JSON_HAND_KEYS
from mjrules.notation.mpsz import parse_tile
from mjrules.rules.plugin_manager import DEFAULT_PLUGINS, ENABLED_BY_DEFAULT, Plugins, known_plugins

load_profile()

PRESETS = preset_names()
SCORERS = {name: Scorer(name) for name in PRESETS}
# Built-in plugins only: an installed third-party plugin that fails to load must not stop this
# module (and the suite) at collection; rulesets naming installed plugins are still fuzzed below.
BUILT_IN = list(DEFAULT_PLUGINS)
FLAGS = {name: flag for name, (_, flag) in Plugins(BUILT_IN).flags().items()}
"""Every flag a built-in plugin declares (name → Flag), for typed near misses in rulesets."""
FLAG_OWNERS = {name: plugin for name, (plugin, _) in Plugins(BUILT_IN).flags().items()}
YAKU_IDS = sorted({y.id for y in Scorer(load_ruleset("tenhou")).yaku})
LONG = 100_000
"""The length of the very long inputs (characters, items or nesting levels)."""
LIMIT_CALLS = 20 * LONG
"""The calls (Python functions and built-ins) refusing a very long input, or a ruleset whose files
extend each other in a long chain or a cycle, may make: a linear pass makes a few per character
(at most 4.4 when this was written); more is work growing faster than the input. Counted, not
timed, so that no machine's speed or load decides it: a refusal check, not a benchmark (bench/)."""
SMALL_INPUT_CALLS = 20 * LONG
"""The calls loading a small generated ruleset may make (a loop detector: the presets' own load
makes tens of thousands)."""

SAMPLE_HANDS = [
    "19m19p19s1234567z1m",           # kokushi (a yakuman for the aotenjou and stacking flags)
    "123m11z 555=z 666-z 777+z",     # daisangen with pao
    "11m22p3344s05s6677z",           # chiitoitsu with a red five (refused without red fives)
    "234m456p67s999s22z8s",          # no yaku on ron, menzen tsumo on tsumo
    "22m234s 3-45m 6-78p 666=s",     # open tanyao
    "22m 1111m 9999p 1111s 5555+z",  # four kans
]


def outcome(fn, *args, **kwargs):
    """``fn``'s value, or the MjrulesError it raised; any other exception fails the test."""
    try:
        return fn(*args, **kwargs)
    except MjrulesError as e:
        return e


def score_everywhere(hand: Hand, win: Win, scorers=None) -> None:
    for scorer in (scorers or SCORERS.values()):
        r = outcome(scorer.score, hand, win)
        assert isinstance(r, (Result, NoWin, MjrulesError))
        if isinstance(r, Result):
            json.dumps(r.to_dict())


@st.composite
def loose_wins(draw):
    """Keyword arguments for a Win that may or may not fit a fuzzed hand."""
    tsumo = draw(st.booleans())
    kw = dict(
        tsumo=tsumo, discarder=None if tsumo else draw(st.integers(1, 3)), seat_wind=draw(st.integers(0, 3)),
        round_wind=draw(st.integers(0, 3)), riichi=draw(st.integers(0, 2)),
        dora=tuple(tile(i) for i in draw(st.lists(st.integers(0, 33), max_size=3))),
        rinshan=tsumo and draw(st.booleans()), chankan=not tsumo and draw(st.booleans()),
    )
    return kw


def _event(text: str) -> None:
    if currently_in_test_context():
        event(text)


def try_win(kw) -> Win | None:
    w = outcome(Win, **kw)
    return w if isinstance(w, Win) else None


class TooMuchWork(BaseException):
    """Raised into the code under ``counted`` past its limit (not an Exception: nothing catches it
    on the way out)."""


def counted(limit: int, fn, *args, **kwargs):
    """``fn(*args, **kwargs)`` (or the MjrulesError it raises) and the calls it made, Python
    functions and built-ins: a measure of its work that no machine's speed or load changes. Past
    ``limit`` calls it is stopped, and the test fails saying so."""
    calls = 0

    def profile(frame, event, arg):
        nonlocal calls
        if event in ("call", "c_call"):
            calls += 1
            if calls > limit:
                raise TooMuchWork
    previous = sys.getprofile()
    sys.setprofile(profile)
    try:
        value = fn(*args, **kwargs)
    except MjrulesError as e:
        value = e
    except TooMuchWork:
        pytest.fail(f"{getattr(fn, '__name__', fn)}: more than {limit:,} calls")
    finally:
        sys.setprofile(previous)
    return value, calls


@contextlib.contextmanager
def cli_context(stdin_text: str = "", cwd: str | None = None):
    """Run main() with stdin given, stdout and stderr captured, in ``cwd``."""
    old_stdin, old_cwd = sys.stdin, os.getcwd()
    out, err = io.StringIO(), io.StringIO()
    sys.stdin = io.StringIO(stdin_text)
    try:
        if cwd:
            os.chdir(cwd)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            yield out, err
    finally:
        sys.stdin = old_stdin
        os.chdir(old_cwd)


def run_cli(argv: list[str], stdin_text: str = "", cwd: str | None = None) -> tuple[int, str, str]:
    """main(argv): its exit status and output. Only an MjrulesError under --debug may escape."""
    debug_error = ""
    with cli_context(stdin_text, cwd) as (out, err):
        try:
            rc = main(argv)
        except MjrulesError as e:  # --debug lets the error through, for its traceback
            if "--debug" not in argv:
                raise
            rc, debug_error = 2, f"mjrules: error: {e}\n"
    return rc, out.getvalue(), err.getvalue() + debug_error


@pytest.fixture(scope="module")
def workdir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("fuzz")


def fresh_dir(base: Path) -> Path:
    return Path(tempfile.mkdtemp(dir=base))


# -- notations ------------------------------------------------------------------------------------

@settings(max_examples=budget(400))
@given(text=notation_text(), win=st.one_of(st.none(), st.text(max_size=3), st.sampled_from(["5m", "0p", "z1", "8z"])),
       kw=loose_wins())
@example(text="123m456p789s11z 1=111z 2z", win=None, kw={"tsumo": True})
@example(text="0z", win="0z", kw={"tsumo": True})
def test_mpsz_garbage(text, win, kw):
    hand = outcome(parse_mpsz, text, win)
    assert isinstance(hand, (Hand, MjrulesError))
    if isinstance(hand, Hand):
        event("parsed")
        w = try_win(kw)
        if w is not None:
            score_everywhere(hand, w)


@settings(max_examples=budget(300))
@given(text=notation_text(), rongpai=st.one_of(st.none(), st.text(max_size=4),
                                               st.tuples(st.sampled_from("mpsz"), st.sampled_from("0123456789"),
                                                         st.sampled_from("+=-")).map("".join)))
@example(text="m123p456s789z1122z2,", rongpai=None)
@example(text="m123p456s789z11,z222=", rongpai="z2+")
def test_majiang_garbage(text, rongpai):
    r = outcome(parse_majiang, text, rongpai)
    assert isinstance(r, (tuple, MjrulesError))
    if isinstance(r, tuple):
        hand, discarder = r
        event("parsed")
        w = try_win(dict(tsumo=discarder is None, discarder=discarder))
        if w is not None:
            score_everywhere(hand, w)


@settings(max_examples=budget(200))
@given(text=st.one_of(notation_text(), st.binary(max_size=10), st.integers(), st.none(), st.lists(st.text(max_size=2))))
def test_tiles_garbage(text):
    assert isinstance(outcome(parse_tiles, text), (list, MjrulesError))
    assert isinstance(outcome(parse_tile, text), (Tile, MjrulesError))
    assert isinstance(outcome(parse_mpsz, text), (Hand, MjrulesError))
    assert isinstance(outcome(parse_majiang, text), (tuple, MjrulesError))


@settings(max_examples=budget(400))
@given(hand=hands(), data=st.data(), kw=loose_wins())
def test_mpsz_near_misses(hand, data, kw):
    text = data.draw(mutated(format_mpsz(hand)), label="mutated")
    parsed = outcome(parse_mpsz, text)
    event("still a hand" if isinstance(parsed, Hand) else type(parsed).__name__)
    if isinstance(parsed, Hand):
        w = try_win(kw)
        if w is not None:
            score_everywhere(parsed, w)


@settings(max_examples=budget(300))
@given(hand=hands(), tsumo=st.booleans(), data=st.data())
def test_majiang_near_misses(hand, tsumo, data):
    shoupai, rongpai = format_majiang(hand, None if tsumo else 2)
    shoupai = data.draw(mutated(shoupai), label="shoupai")
    if rongpai is not None and data.draw(st.booleans()):
        rongpai = data.draw(mutated(rongpai), label="rongpai")
    r = outcome(parse_majiang, shoupai, rongpai)
    event("still a hand" if isinstance(r, tuple) else type(r).__name__)
    if isinstance(r, tuple):
        parsed, discarder = r
        w = try_win(dict(tsumo=discarder is None, discarder=discarder))
        if w is not None:
            score_everywhere(parsed, w)


# -- JSON objects: the majiang ``in`` object and the JSON hand ------------------------------------

@st.composite
def majiang_objects(draw):
    if draw(st.integers(0, 3)) == 0:
        return draw(json_values)
    hand, win = draw(deals())
    valid = majiang_input(hand, attrs.evolve(win, renhou=False))
    return draw(near_miss_object(valid, ("shoupai", "rongpai", "param")))


@settings(max_examples=budget(300))
@given(obj=majiang_objects())
@example(obj={"shoupai": "m123p456s789z1122z2", "param": {"jicun": {"changbang": 10 ** 100}}})
@example(obj={"shoupai": "m123p456s789z1122z2", "param": {"baopai": [["m1"]], "hupai": {"lizhi": 1}}})
@example(obj={"shoupai": "m123p456s789z1122z2", "param": {"hupai": {"haidi": [1]}, "zhuangfeng": 1.5}})
def test_majiang_input_garbage(obj):
    r = outcome(parse_majiang_input, obj)
    assert isinstance(r, (tuple, MjrulesError))
    if isinstance(r, tuple):
        event("parsed")
        score_everywhere(*r)


@st.composite
def json_hand_objects(draw):
    if draw(st.integers(0, 3)) == 0:
        return draw(json_values)
    hand, win = draw(deals())
    return draw(near_miss_object(json_hand(hand, win), JSON_HAND_KEYS))


@settings(max_examples=budget(300))
@given(obj=json_hand_objects())
@example(obj={"hand": "123m456p789s11z22z2z", "ron": [1]})
@example(obj={"hand": "123m456p789s11z22z2z", "extras": [[1]]})
@example(obj={"hand": "123m456p789s11z22z2z", "extras": [{}]})
@example(obj={"hand": "123m456p789s11z22z2z", "honba": 10 ** 30, "seat": "X"})
def test_json_hand_garbage(obj):
    r = outcome(parse_json_hand, obj)
    assert isinstance(r, (tuple, MjrulesError))
    if isinstance(r, tuple):
        event("parsed")
        score_everywhere(*r)


# -- Python objects: Win, Hand, Meld --------------------------------------------------------------

WIN_FIELDS = [f.name for f in attrs.fields(Win) if f.init]
odd_values = st.one_of(
    json_values, st.floats(), st.tuples(st.integers(0, 40)), st.sampled_from([tile(0), tile(4, True), (tile(1),) * 6]),
    st.frozensets(st.text(max_size=3), max_size=3), st.just(object()), st.binary(max_size=3),
)


@settings(max_examples=budget(300))
@given(hand=hands(), changes=st.dictionaries(st.sampled_from(WIN_FIELDS), odd_values, min_size=1, max_size=3))
@example(hand=parse_mpsz("123m456p789s11z22z2z"), changes={"extras": 5})
@example(hand=parse_mpsz("123m456p789s11z22z2z"), changes={"extras": [[1]]})
@example(hand=parse_mpsz("123m456p789s11z22z2z"), changes={"dora": "1m"})
def test_win_fields_garbage(hand, changes):
    w = outcome(Win, **changes)
    assert isinstance(w, (Win, MjrulesError))
    if isinstance(w, Win):
        event("accepted")
        hash(w)  # a Win is a frozen value: hashable and equal to an equal one
        assert w == Win(**changes)
        score_everywhere(hand, w)


meld_tiles = st.lists(st.one_of(st.integers(0, 33).map(tile), st.sampled_from([tile(4, True), tile(13, True)]),
                                st.none(), st.integers(), st.text(max_size=2)), max_size=5)
meld_positions = st.one_of(st.none(), st.integers(-2, 5), st.text(max_size=1), st.floats(), st.lists(st.integers(0, 3)))
PON = [tile(0)] * 3


@settings(max_examples=budget(200))
@given(kind=st.one_of(st.sampled_from(list(MeldKind)), st.text(max_size=4), st.none()),
       tiles=st.one_of(meld_tiles, st.sampled_from([PON, PON + [tile(0)], [tile(0), tile(1), tile(2)]])),
       called=meld_positions, source=meld_positions)
def test_meld_objects_garbage(kind, tiles, called, source):
    m = outcome(Meld, kind, tiles, called, source)
    assert isinstance(m, (Meld, MjrulesError))
    if isinstance(m, Meld):
        event("a meld")
        hash(m)
        h = outcome(Hand, [tile(27)] * 2 + [tile(28)] * 3 + [tile(29)] * 3 + [tile(30)] * 3, tile(27), [m])
        if isinstance(h, Hand):
            score_everywhere(h, Win())


@settings(max_examples=budget(200))
@given(concealed=st.lists(st.one_of(st.integers(0, 33).map(tile), st.integers(-3, 40), st.none()), max_size=15),
       win_tile=st.one_of(st.integers(0, 33).map(tile), st.none(), st.text(max_size=2)),
       melds=st.lists(st.one_of(st.sampled_from([Meld(MeldKind.ANKAN, [tile(8)] * 4)]), st.integers(), st.none()),
                      max_size=2))
def test_hand_objects_garbage(concealed, win_tile, melds):
    h = outcome(Hand, concealed, win_tile, melds)
    assert isinstance(h, (Hand, MjrulesError))
    if isinstance(h, Hand):
        event("a hand")
        score_everywhere(h, Win())


@settings(max_examples=budget(100))
@given(index=st.one_of(st.integers(-100, 100), st.none(), st.text(max_size=2), st.floats()),
       red=st.one_of(st.booleans(), st.integers(-2, 2), st.none()))
def test_tile_constructor_garbage(index, red):
    assert isinstance(outcome(tile, index, red), (Tile, MjrulesError))
    assert isinstance(outcome(Tile, index, red), (Tile, MjrulesError))


# -- the batch command ----------------------------------------------------------------------------

RESULT_KEYS = {"han", "fu", "yakuman", "points", "payments", "yaku", "limit", "base", "liable"}

rule_objects = st.one_of(
    st.dictionaries(st.sampled_from([*sorted(SCORING_KEYS), RED_FIVES_KEY, *sorted(PLAY_KEYS), *sorted(UNMAPPED_KEYS)]),
                    st.one_of(st.booleans(), json_values, st.dictionaries(st.sampled_from('mpsz'), st.integers(-1, 5))),
                    max_size=3),
    json_values,
)


@st.composite
def batch_lines(draw):
    """One line of a batch file: valid, a near miss, a whole {"in", "out", "rule"} line, an mjrules
    JSON hand (or a near miss of one), or garbage."""
    kind = draw(st.sampled_from(("valid", "near", "wrapped", "hand", "json", "text", "blank", "mutated")))
    if kind == "hand":
        return json.dumps(draw(json_hand_objects()), ensure_ascii=draw(st.booleans()))
    if kind in ("valid", "near", "wrapped", "mutated"):
        hand, win = draw(deals())
        obj = majiang_input(hand, attrs.evolve(win, renhou=False))
        if kind == "near":
            obj = draw(near_miss_object(obj, ("shoupai", "rongpai", "param")))
        if kind == "wrapped":
            obj = {"in": obj, "out": draw(json_values)}
            if draw(st.booleans()):
                obj["rule"] = draw(rule_objects)
        line = json.dumps(obj, ensure_ascii=draw(st.booleans()))
        if kind == "mutated":
            line = draw(mutated(line))
        return line
    if kind == "json":
        return json.dumps(draw(json_values))
    if kind == "text":
        return draw(st.text(max_size=40).map(lambda s: s.replace("\n", " ").replace("\r", " ")))
    return draw(st.sampled_from(["", "   ", "\t"]))


def check_batch_output(lines_in: list[str], output: str) -> bool:
    """Check the output against the input lines; whether any line was an error."""
    out = output.split("\n")[:-1]
    assert len(out) == len(lines_in), "one output line per input line, blank lines included"
    errors = False
    for line_in, line in zip(lines_in, out):
        value = json.loads(line)
        if not line_in.strip():
            assert isinstance(value, dict) and value["error"].endswith(": blank line"), line
        if value is None:
            event("batch: null")
        elif isinstance(value, dict) and set(value) == {"error"}:
            assert isinstance(value["error"], str) and value["error"].startswith("line ")
            errors = True
            event("batch: error")
        else:
            assert isinstance(value, dict) and RESULT_KEYS <= set(value), line
            assert all(p % 100 == 0 for p in value["payments"])
            event("batch: result")
    return errors


@settings(max_examples=budget(100))
@given(lines=st.lists(batch_lines(), min_size=1, max_size=8),
       ruleset=st.sampled_from(["majiang", "tenhou", "ema2016"]), crlf=st.booleans())
def test_batch_lines(workdir, lines, ruleset, crlf):
    d = fresh_dir(workdir)
    src, dst = d / "in.jsonl", d / "out.jsonl"
    src.write_bytes(("\r\n" if crlf else "\n").join(lines).encode("utf-8"))
    rc, _, err = run_cli(["batch", "--input", str(src), "--output", str(dst), "--ruleset", ruleset])
    note(err)
    with open(src, encoding="utf-8") as f:  # lines as the batch command reads them (universal newlines)
        lines_in = list(f)
    errors = check_batch_output(lines_in, dst.read_text("utf-8"))
    assert rc == (1 if errors else 0), "status 1 when a line was an error"


@settings(max_examples=budget(30))
@given(prefix=st.lists(batch_lines(), max_size=2), junk=st.binary(min_size=1, max_size=12))
def test_batch_bytes_that_are_not_utf8(workdir, prefix, junk):
    """A line that is not UTF-8 is a bad line (or a refused file), not a crash."""
    d = fresh_dir(workdir)
    src, dst = d / "in.jsonl", d / "out.jsonl"
    src.write_bytes("\n".join(prefix).encode() + b"\n" + junk + b"\n")
    rc, _, err = run_cli(["batch", "--input", str(src), "--output", str(dst)])
    assert rc in (0, 1, 2)  # 1: a line was an error
    if rc in (0, 1):
        for line in dst.read_text("utf-8").splitlines():
            json.loads(line)
    else:
        assert err.startswith("mjrules: error:")


# -- rulesets -------------------------------------------------------------------------------------

def toml_string(s: str) -> str:
    out = ['"']
    for ch in s:
        o = ord(ch)
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif o < 0x20 or o == 0x7F:
            out.append(f"\\u{o:04x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def toml_value(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        if v != v:
            return "nan"
        if v in (float("inf"), float("-inf")):
            return "inf" if v > 0 else "-inf"
        return repr(v)
    if isinstance(v, str):
        return toml_string(v)
    if isinstance(v, (datetime.datetime, datetime.date, datetime.time)):
        return v.isoformat()
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(toml_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{toml_string(str(k))} = {toml_value(x)}" for k, x in v.items()) + "}"
    raise TypeError(v)


def toml_document(doc: dict) -> str:
    """TOML text for ``doc``: scalars first, then a [section] per top-level table; under [plugin] a
    [plugin.NAME] section per plugin table; anything deeper inline."""
    lines = [f"{toml_string(k)} = {toml_value(v)}" for k, v in doc.items() if not isinstance(v, dict)]
    for k, v in doc.items():
        if not isinstance(v, dict):
            continue
        head = toml_string(k)
        nested = {kk: vv for kk, vv in v.items() if k == "plugin" and isinstance(vv, dict)}
        lines.append(f"[{head}]")
        lines += [f"{toml_string(str(kk))} = {toml_value(vv)}" for kk, vv in v.items() if kk not in nested]
        for kk, vv in nested.items():
            lines.append(f"[{head}.{toml_string(str(kk))}]")
            lines += [f"{toml_string(str(a))} = {toml_value(b)}" for a, b in vv.items()]
    return "\n".join(lines) + "\n"


huge_ints = st.sampled_from([10 ** 6, 10 ** 6 + 1, -(10 ** 6) - 1, 2 ** 63 - 1, -(2 ** 63), 10 ** 30, -1, 0, 999999])
toml_scalars = st.one_of(
    st.booleans(), st.integers(-5, 20), huge_ints, st.floats(), st.text(max_size=12),
    st.datetimes(timezones=st.none() | st.just(datetime.timezone.utc)), st.dates(),
)
def _toml_containers(inner: st.SearchStrategy) -> st.SearchStrategy:
    return st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(min_size=1, max_size=8), inner, max_size=3))


toml_values = st.recursive(toml_scalars, _toml_containers, max_leaves=8)


def good_flag_values(name: str) -> st.SearchStrategy:
    """Values that fit a flag, its extremes included (the int limit is ±1,000,000)."""
    f = FLAGS[name]
    if f.type is bool:
        return st.booleans()
    if f.type is int:
        if f.choices:
            return st.sampled_from(f.choices)
        low = f.minimum if f.minimum is not None else -5
        return st.one_of(st.integers(low, 40), st.sampled_from([10 ** 6, 999_999]))
    if f.type is str:
        return st.sampled_from(f.choices) if f.choices else st.text(max_size=8)
    items = list(f.choices) if f.choices else YAKU_IDS
    return st.lists(st.sampled_from(items), max_size=4, unique=True)


def flag_values(name: str) -> st.SearchStrategy:
    """Values for one flag: fitting ones and any TOML value."""
    good = good_flag_values(name)
    return st.one_of(good, good, toml_values, st.lists(st.text(max_size=6), max_size=3))


flag_tables = st.dictionaries(st.sampled_from(sorted(FLAGS)), st.just(None), max_size=6).flatmap(
    lambda d: st.fixed_dictionaries({k: flag_values(k) for k in d}))
plugin_names = st.one_of(st.sampled_from(known_plugins()), st.text(max_size=8))
OPTIONAL_PLUGINS = [p for p in BUILT_IN if p not in ENABLED_BY_DEFAULT]


@st.composite
def sound_ruleset_documents(draw, siblings: list[str]):
    """A ruleset that should load: known plugins, flags of the enabled ones with fitting values."""
    doc: dict = {"name": draw(st.text(max_size=10))}
    if draw(st.booleans()):
        doc["extends"] = draw(st.sampled_from(PRESETS + siblings))
    enable = draw(st.lists(st.sampled_from(OPTIONAL_PLUGINS), max_size=2, unique=True))
    disable = draw(st.lists(st.sampled_from(list(ENABLED_BY_DEFAULT)), max_size=2, unique=True))
    if enable or disable:
        doc["plugins"] = {"enable": enable, "disable": disable}
    enabled = (set(ENABLED_BY_DEFAULT) | set(enable)) - set(disable)
    names = sorted(n for n in FLAGS if FLAG_OWNERS[n] in enabled)
    chosen = draw(st.lists(st.sampled_from(names), max_size=6, unique=True)) if names else []
    for n in chosen:
        if draw(st.integers(0, 3)) == 0:  # in its plugin's own table
            doc.setdefault("plugin", {}).setdefault(FLAG_OWNERS[n], {})[n] = draw(good_flag_values(n))
        else:
            doc.setdefault("flags", {})[n] = draw(good_flag_values(n))
    return doc


@st.composite
def wild_ruleset_documents(draw, siblings: list[str]):
    """Any mixture of known and unknown keys, plugins and flags, with values of any type."""
    doc: dict = {}
    if draw(st.booleans()):
        doc["name"] = draw(st.one_of(st.text(max_size=10), toml_values))
    if draw(st.integers(0, 4)) == 0:
        doc["description"] = draw(st.one_of(st.text(max_size=10), toml_values))
    if draw(st.integers(0, 4)) == 0:
        doc["sources"] = draw(st.one_of(st.lists(st.text(max_size=8), max_size=2), toml_values))
    if draw(st.booleans()):
        doc["extends"] = draw(st.one_of(
            st.sampled_from(PRESETS + ["nonesuch", "./", "missing.toml", "/dev/null", ""] + siblings), toml_values))
    if draw(st.booleans()):
        doc["plugins"] = draw(st.one_of(
            st.fixed_dictionaries({}, optional={"enable": st.lists(plugin_names, max_size=3),
                                                "disable": st.lists(plugin_names, max_size=3)}),
            toml_values))
        if isinstance(doc["plugins"], dict) and draw(st.integers(0, 5)) == 0:
            doc["plugins"][draw(st.text(min_size=1, max_size=6))] = draw(toml_values)
    if draw(st.integers(0, 5)) > 0:
        doc["flags"] = draw(st.one_of(flag_tables, flag_tables, toml_values))
    if draw(st.integers(0, 3)) == 0:
        doc["plugin"] = draw(st.dictionaries(plugin_names, st.one_of(flag_tables, toml_values), max_size=2))
    if draw(st.integers(0, 6)) == 0:
        doc[draw(st.text(min_size=1, max_size=8))] = draw(toml_values)
    return doc


@st.composite
def ruleset_documents(draw, siblings: list[str]):
    """Sound rulesets half the time (some with one wrong part), wild ones otherwise."""
    if draw(st.booleans()):
        return draw(wild_ruleset_documents(siblings))
    doc = draw(sound_ruleset_documents(siblings))
    if draw(st.integers(0, 2)) == 0:  # one near miss
        where = draw(st.sampled_from(("flag", "key", "plugin", "extends")))
        if where == "flag":
            doc.setdefault("flags", {})[draw(st.sampled_from(sorted(FLAGS)))] = draw(toml_values)
        elif where == "key":
            doc[draw(st.sampled_from(["flag", "plugin", "extend", "Name", "x"]))] = draw(toml_values)
        elif where == "plugin":
            doc["plugins"] = {"enable": [draw(plugin_names)]}
        else:
            doc["extends"] = draw(toml_values)
    return doc


AOTENJOU_BIG = {"extends": "tenhou", "plugins": {"enable": ["aotenjou"]}, "flags": {"aotenjou_yakuman_han": 10 ** 6}}


OTHER_COMMANDS = (["rulesets", "show"], ["yaku"], ["plugins"], ["table", "--json"],
                  ["batch", "--input", "-", "--output", "-"], ["compare", SAMPLE_HANDS[3], "--rulesets"])


def check_ruleset_file(path: Path, deal, commands=OTHER_COMMANDS) -> None:
    """load_ruleset, Scorer, scoring (API and CLI) give results or mjrules errors, quickly."""
    rs, _ = counted(SMALL_INPUT_CALLS, load_ruleset, str(path))
    assert isinstance(rs, (Ruleset, MjrulesError))
    if isinstance(rs, MjrulesError):
        _event(f"ruleset refused: {type(rs).__name__}")
        return
    scorer = outcome(Scorer, rs)
    assert isinstance(scorer, (Scorer, MjrulesError))
    if isinstance(scorer, MjrulesError):
        _event(f"scorer refused: {type(scorer).__name__}")
        return
    _event("scorer built")
    hand, win = deal
    score_everywhere(hand, win, [scorer])
    for text in SAMPLE_HANDS:
        h = parse_mpsz(text)
        for w in (Win(), Win(tsumo=False, discarder=2, seat_wind=1, honba=3)):
            score_everywhere(h, w, [scorer])
    stdin = json.dumps(majiang_input(*deal)) + "\n"
    for argv in (["score", SAMPLE_HANDS[0], "--json"], ["score", SAMPLE_HANDS[1], "--ron", "next", "--seat", "S"],
                 *commands):
        if argv[0] == "rulesets" or argv[0] == "compare":
            argv = argv + [str(path)]
        else:
            argv = argv + ["--ruleset", str(path)]
        rc, _, _ = run_cli(argv, stdin)
        assert rc in (0, 1, 2), argv


@settings(max_examples=budget(200))
@given(data=st.data(), n=st.integers(1, 3), deal=deals())
def test_ruleset_documents(workdir, data, n, deal):
    d = fresh_dir(workdir)
    names = [f"r{i}.toml" for i in range(n)]
    for name in names:
        (d / name).write_text(toml_document(data.draw(ruleset_documents(names), label=name)), encoding="utf-8")
    note((d / names[0]).read_text("utf-8"))
    check_ruleset_file(d / names[0], deal, [data.draw(st.sampled_from(OTHER_COMMANDS), label="command")])


def test_aotenjou_with_the_largest_yakuman_han(tmp_path):
    """Flags at their declared extremes: aotenjou with aotenjou_yakuman_han = 1,000,000 (accepted)."""
    path = tmp_path / "aotenjou.toml"
    path.write_text(toml_document(AOTENJOU_BIG), encoding="utf-8")
    check_ruleset_file(path, (parse_mpsz(SAMPLE_HANDS[0]), Win()))


@settings(max_examples=budget(100))
@given(doc=ruleset_documents([]), data=st.data(), deal=deals())
def test_ruleset_byte_mutations(workdir, doc, data, deal):
    raw = bytearray(toml_document(doc).encode("utf-8"))
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, max(len(raw) - 1, 0)))
        b = data.draw(st.one_of(st.integers(0, 255), st.sampled_from(list(b'[]="\\.\n#{},'))))
        op = data.draw(st.sampled_from(("insert", "replace", "delete")))
        if op == "insert" or not raw:
            raw[i:i] = bytes([b])
        elif op == "replace":
            raw[i] = b
        else:
            del raw[i]
    path = fresh_dir(workdir) / "m.toml"
    path.write_bytes(bytes(raw))
    check_ruleset_file(path, deal, [data.draw(st.sampled_from(OTHER_COMMANDS), label="command")])


@settings(max_examples=budget(60))
@given(raw=st.one_of(st.binary(max_size=200), st.text(max_size=100).map(lambda s: s.encode("utf-16"))))
@example(raw=b"name = \"\xff\"\n")
@example(raw=b"\xef\xbb\xbfname = \"bom\"\n")
def test_ruleset_random_bytes(workdir, raw):
    path = fresh_dir(workdir) / "b.toml"
    path.write_bytes(raw)
    check_ruleset_file(path, (parse_mpsz(SAMPLE_HANDS[3]), Win()), [])


@settings(max_examples=budget(40))
@given(links=st.lists(st.one_of(st.integers(0, 19), st.sampled_from(PRESETS + ["nonesuch", None])),
                      min_size=1, max_size=20))
def test_extends_graphs(workdir, links):
    """Files r0 … rN each extending another file (cycles included), a preset, nothing or a missing one."""
    d = fresh_dir(workdir)
    for i, target in enumerate(links):
        if isinstance(target, int):
            target = f"r{target % len(links)}.toml"
        body = f"extends = {toml_string(target)}\n" if target else ""
        (d / f"r{i}.toml").write_text(body + f"[flags]\nkiriage = {'true' if i % 2 else 'false'}\n")
    for i in range(len(links)):
        value, _ = counted(SMALL_INPUT_CALLS, load_ruleset, str(d / f"r{i}.toml"))
        assert isinstance(value, (Ruleset, MjrulesError))
        if isinstance(value, Ruleset):
            assert isinstance(outcome(Scorer, value), (Scorer, MjrulesError))


def test_extends_chain_of_50_files_is_refused_quickly(tmp_path):
    for i in range(50):
        target = f"r{i + 1}.toml" if i < 49 else "tenhou"
        (tmp_path / f"r{i}.toml").write_text(f'extends = "{target}"\n')
    value, _ = counted(LIMIT_CALLS, load_ruleset, str(tmp_path / "r0.toml"))
    assert isinstance(value, MjrulesError) and "extends" in str(value)
    rc, _, err = run_cli(["score", SAMPLE_HANDS[3], "--ruleset", str(tmp_path / "r0.toml")])
    assert rc == 2 and err.startswith("mjrules: error:")


@pytest.mark.parametrize("cycle", [1, 2, 10])
def test_extends_cycles_are_refused(tmp_path, cycle):
    for i in range(cycle):
        (tmp_path / f"c{i}.toml").write_text(f'extends = "c{(i + 1) % cycle}.toml"\n')
    value, _ = counted(LIMIT_CALLS, load_ruleset, str(tmp_path / "c0.toml"))
    assert isinstance(value, MjrulesError) and "cyclic" in str(value)


def test_huge_ruleset_file_is_refused_quickly(tmp_path):
    path = tmp_path / "huge.toml"
    path.write_text("name = " + toml_string("x" * (4 << 20)) + "\n")
    value, calls = counted(LIMIT_CALLS, load_ruleset, str(path))
    # refused by its size, read no further than the limit: a few calls, not one per character
    assert isinstance(value, MjrulesError) and "1 MiB" in str(value)
    assert calls < 1000, calls


ENDLESS = r"""
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (768 << 20, 768 << 20))
from mjrules import MjrulesError
from mjrules.cli import build_parser, main
from mjrules.rules.ruleset import load_ruleset
build_parser("score")  # the command's modules loaded before the count: their files are no part of it


def read() -> int:
    with open("/proc/self/io") as f:
        return next(int(line.split()[1]) for line in f if line.startswith("rchar:"))


before = read()
try:
    if sys.argv[1] == "load":
        load_ruleset(sys.argv[2])
        verdict = "accepted"
    else:
        verdict = f"exit {main(sys.argv[2:])}"
except MjrulesError:
    verdict = "refused"
except BaseException as e:
    verdict = f"crashed {type(e).__name__}"
print(verdict, read() - before)
"""


@pytest.mark.skipif(not os.path.exists("/dev/zero") or not os.path.exists("/proc/self/io"),
                    reason="needs /dev/zero, /proc/self/io and RLIMIT_AS (Linux)")
@pytest.mark.parametrize("how", ["extends", "ruleset option"])
def test_endless_ruleset_file_is_refused_not_read_whole(tmp_path, how):
    """A ruleset file that never ends (/dev/zero) is refused once past the size limit, not read whole:
    the bytes the process reads meanwhile are counted (/proc/self/io), not the time it takes."""
    (tmp_path / "a.toml").write_text('extends = "/dev/zero"\n')
    if how == "extends":
        args = ["load", str(tmp_path / "a.toml")]
    else:
        args = ["main", "score", SAMPLE_HANDS[3], "--ruleset", "/dev/zero"]
    proc = subprocess.run([sys.executable, "-c", ENDLESS, *args], capture_output=True, text=True, timeout=120,
                          cwd=tmp_path)
    tail = (proc.stdout + proc.stderr)[-500:]
    assert proc.returncode == 0 and proc.stdout.strip(), tail
    verdict, read = proc.stdout.split()[0:-1], int(proc.stdout.split()[-1])
    assert verdict in (["refused"], ["exit", "2"]), tail
    assert read < 4 << 20, tail  # the 1 MiB limit and a little: not the 768 MiB of memory it may use


# -- the command line -----------------------------------------------------------------------------

def _commands() -> dict[str, tuple[list, list]]:
    """Each subcommand's options (name, takes a value, choices) and positionals, read from the parser."""
    spec = {}
    for action in build_parser()._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                options, positionals = [], []
                for a in sub._actions:
                    if a.option_strings:
                        if "--help" not in a.option_strings:
                            options.append((a.option_strings[-1], a.nargs != 0, a.choices))
                    else:
                        positionals.append((a.dest, a.nargs, a.choices))
                spec[name] = (options, positionals)
    return spec


COMMANDS = {name: spec for name, spec in _commands().items() if name not in ("serve", "simulate")}
"""Every subcommand but ``serve``, which runs a server until stopped (tests/test_web.py checks its options),
and ``simulate``, whose fuzzed ``--games 1000`` would play for minutes (tests/test_table.py checks its
options and refusals)."""
HAND_WORDS = SAMPLE_HANDS + ["123m456p789s11z22z2z", "m123p456s789z1122z2", "m123p456s789z11,z222=", "1m", ""]
NUMBER_WORDS = ["0", "1", "2", "3", "7", "12", "100", "999", "1000", "-1", "1.5", "99999999999999999999", "１２",
                "²", "25000,25000,25000,25000", "1,2,3", "a,b,c,d", "99999999999999999999,0,0,-5", "E", "S", "w",
                "north", "next", "previous", "across", "5m", "0p", "m5", "8z", "1m7z", "1m1m1m1m1m"]


def _path_words(base: Path) -> list[str]:
    """Files the command lines may name (rewritten each time: a fuzzed --output may overwrite them)."""
    batch = base / "in.jsonl"
    batch.write_text(json.dumps(majiang_input(parse_mpsz("123m456p789s11z22z2z"), Win())) + "\n{]\n")
    (base / "bad.toml").write_text("[flags]\nkiriage = 3\n")
    (base / "good.toml").write_text('extends = "tenhou"\n[flags]\nkiriage = true\n')
    (base / "corpus.jsonl").write_text(json.dumps(json_hand(parse_mpsz(SAMPLE_HANDS[3]), Win())) + "\n")
    (base / "dir").mkdir(exist_ok=True)
    return [str(batch), str(base / "bad.toml"), str(base / "good.toml"), str(base / "corpus.jsonl"),
            str(base / "missing.toml"), str(base / "dir"), "-", "out.jsonl", "out.csv", "dir"]


GOOD_VALUES = {
    "--win": ["2z", "1m", "0p", "m1"], "--ron": ["previous", "opposite", "next", "left", "+"],
    "--round": ["E", "S", "w", "north"], "--seat": ["E", "S", "W", "N", "2"], "--dora": ["1m", "7z", "1m4z", "9p9p"],
    "--ura": ["2m", "1z"], "--honba": ["0", "1", "5", "999"], "--sticks": ["0", "2", "999"],
    "--extra": ["kanburi", "open_riichi"], "--rulesets": ["tenhou,majiang", "ema2016", "tenhou,nonesuch"],
    "--scores": ["25000,25000,25000,25000", "30000,20000,26000,24000", "-5000,40000,35000,30000"],
    "--me": ["0", "1", "E", "s"], "--dealer": ["0", "3"], "--first-dealer": ["0", "2"], "--target": ["1", "2", "3"],
    "--visible": ["1m", "5z5z5z"], "--discards": ["1m9p", "4z"], "--ron-from": ["previous", "next", "1"],
    "--simulate": ["1", "5", "20"], "--seed": ["0", "7"], "--tie": ["seat-order", "shared"],
}


@st.composite
def argv_lists(draw, paths: list[str]):
    """A command line: well-formed (known values for each option) two times in three, else garbled."""
    garbage = st.one_of(st.sampled_from(NUMBER_WORDS + paths), printable_no_path)
    good = draw(st.integers(0, 2)) > 0

    def value(name: str, choices) -> str:
        if choices and draw(st.booleans()):
            return draw(st.sampled_from(list(choices)))
        if good or draw(st.booleans()):
            if name in ("--ruleset", "name"):
                return draw(st.sampled_from(PRESETS + paths[1:3]))
            if name in ("--input", "--output"):
                return draw(st.sampled_from(paths[:4] if name == "--input" else ["out.jsonl", "out.csv", "-"]))
            if name in GOOD_VALUES:
                return draw(st.sampled_from(GOOD_VALUES[name]))
            if name in ("hand", "which"):
                return draw(st.sampled_from(HAND_WORDS))
        return draw(garbage)

    argv = ["--debug"] if draw(st.integers(0, 9)) == 0 else []
    command = draw(st.sampled_from(sorted(COMMANDS) + ["nonesuch"]))
    argv.append(command)
    options, positionals = COMMANDS.get(command, ([], []))
    for dest, nargs, choices in positionals:
        if not good and draw(st.integers(0, 4)) == 0:
            continue
        count = draw(st.integers(1, 3)) if nargs in ("+", "*") and not good else 1
        argv += [value(dest, choices) for _ in range(count)]
    for _ in range(draw(st.integers(0, 5))):
        if options and (good or draw(st.integers(0, 5))):
            name, takes_value, choices = draw(st.sampled_from(options))
            argv.append(name)
            if takes_value and (good or draw(st.integers(0, 9))):
                argv.append(value(name, choices))
        else:
            argv.append(draw(st.one_of(garbage, st.sampled_from(["-h", "--", "-", "--json", "--debug", "--no-such"]))))
    return argv


@pytest.fixture(scope="module")
def cli_dir(workdir) -> Path:
    d = workdir / "cli"
    d.mkdir(exist_ok=True)
    return d


@settings(max_examples=budget(300))
@given(data=st.data(), stdin=st.one_of(st.just(""), st.lists(batch_lines(), max_size=3).map("\n".join)))
def test_cli_argv(cli_dir, tmp_path_factory, data, stdin):
    """Every command but serve and simulate, ``setup majiang-ai`` included: npm is conftest.py's
    stand-in, which installs nothing and notes its calls; each must name a folder in the session's
    temporary folder (the --dir given, relative to the command's folder, or the suite's data folder)."""
    argv = data.draw(argv_lists(_path_words(cli_dir)), label="argv")
    calls = Path(os.environ["MJRULES_TEST_NPM_CALLS"])
    before = calls.read_text("utf-8").splitlines() if calls.exists() else []
    t = time.perf_counter()
    rc, out, err = run_cli(argv, stdin, cwd=str(cli_dir))
    seconds = time.perf_counter() - t
    made = calls.read_text("utf-8").splitlines()[len(before):] if calls.exists() else []
    tmp = tmp_path_factory.getbasetemp().resolve()
    for call in made:
        event("npm called")
        folder, _, args = call.partition("\t")
        assert args.startswith("install --prefix ") and " --no-audit " in args, call
        target = Path(folder, args.removeprefix("install --prefix ").split(" --no-audit ")[0])
        assert target.resolve().is_relative_to(tmp), call
    note(f"rc={rc} in {seconds:.2f}s stderr={err[-300:]!r}")
    event(f"exit {rc}")
    event(f"{argv[1] if argv[0] == '--debug' else argv[0]}: exit {rc}")
    assert rc in (0, 1, 2)
    if rc == 2 and "--help" not in argv and "-h" not in argv:
        assert err.strip(), "a refused command line says why on stderr"


# -- very long input ------------------------------------------------------------------------------

VALID_IN = majiang_input(parse_mpsz("123m456p789s11z22z2z"), Win())


def _batch_line(line: str) -> None:
    """A batch file of one long line: a bad line ({"error": …}) or a refused file, quickly."""
    with tempfile.TemporaryDirectory() as d:
        src, dst = Path(d) / "in", Path(d) / "out"
        src.write_text(line + "\n", encoding="utf-8")
        rc, _, _ = run_cli(["batch", "--input", str(src), "--output", str(dst)])
        assert rc in (1, 2)  # 1: the line was an error, answered in the output
        if rc == 1:
            (out,) = dst.read_text("utf-8").splitlines()
            assert "error" in json.loads(out)


def _cli(*argv: str) -> None:
    """A command line with a very long part: exit status 2 (bad input)."""
    rc, _, err = run_cli(list(argv))
    assert rc == 2 and "error:" in err, err[:200]


def _ruleset(text: str) -> None:
    """A long ruleset file (within the 1 MiB limit): loaded or refused, quickly; then a Scorer."""
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "long.toml"
        path.write_text(text, encoding="utf-8")
        Scorer(load_ruleset(str(path)))


REFUSED = "refused"
QUICK = "quick"
HAND = "123m456p789s11z22z2z"
LONG_INPUTS = {
    # name: (what must happen besides finishing within LIMIT_CALLS, the call)
    "mpsz hand": (REFUSED, lambda: parse_mpsz("1m" * (LONG // 2))),
    "mpsz melds": (REFUSED, lambda: parse_mpsz("123m " + "1-23m " * (LONG // 6))),
    "mpsz spaces": (REFUSED, lambda: parse_mpsz(" " * LONG + "1m")),
    "mpsz winning tile": (REFUSED, lambda: parse_mpsz(HAND, "2z" * (LONG // 2))),
    "tiles": (REFUSED, lambda: parse_tiles("1" * LONG + "m")),
    "majiang hand": (REFUSED, lambda: parse_majiang("m" + "1" * LONG)),
    "majiang melds": (REFUSED, lambda: parse_majiang("m1" + ",m11-1" * (LONG // 6))),
    "majiang rongpai": (REFUSED, lambda: parse_majiang("m123p456s789z1122", "z2+" * (LONG // 3))),
    "majiang in shoupai": (REFUSED, lambda: parse_majiang_input({"shoupai": "m" + "1" * LONG})),
    "majiang in baopai": (REFUSED, lambda: parse_majiang_input({**VALID_IN, "param": {"baopai": ["m1"] * LONG}})),
    "majiang in unknown key": (REFUSED, lambda: parse_majiang_input({**VALID_IN, "x" * LONG: 1})),
    "majiang rule key": (REFUSED, lambda: majiang_flags({"x" * LONG: True})),
    "json hand": (REFUSED, lambda: parse_json_hand({"hand": "1m" * (LONG // 2)})),
    "json hand dora": (REFUSED, lambda: parse_json_hand({"hand": HAND, "dora": "1m" * (LONG // 2)})),
    "json hand unknown key": (REFUSED, lambda: parse_json_hand({"hand": HAND, "x" * LONG: 1})),
    "json hand extras": (REFUSED, lambda: SCORERS["tenhou"].score(
        *parse_json_hand({"hand": HAND, "extras": [f"t{i}" for i in range(LONG)]}))),
    "win dora": (REFUSED, lambda: Win(dora=[tile(0)] * LONG)),
    "hand tiles": (REFUSED, lambda: Hand([tile(0)] * LONG, tile(0))),
    "ruleset name": (REFUSED, lambda: load_ruleset("x" * LONG)),
    "ruleset path": (REFUSED, lambda: load_ruleset("x" * LONG + ".toml")),
    "ruleset long key": (REFUSED, lambda: _ruleset(toml_string("k" * LONG) + " = 1\n")),
    "ruleset long flag": (REFUSED, lambda: _ruleset("[flags]\n" + toml_string("k" * LONG) + " = 1\n")),
    "ruleset long plugin": (REFUSED, lambda: _ruleset("[plugins]\nenable = [" + toml_string("p" * LONG) + "]\n")),
    "ruleset long list": (QUICK, lambda: _ruleset("[flags]\ndisabled_yaku = [" + '"x",' * (LONG // 4) + "]\n")),
    "ruleset deep nesting": (REFUSED, lambda: _ruleset("a = " + "[" * LONG + "]" * LONG + "\n")),
    "cli hand": (QUICK, lambda: _cli("score", "1m" * (LONG // 2))),
    "cli dora": (QUICK, lambda: _cli("score", HAND, "--dora", "1m" * (LONG // 2))),
    "cli ruleset name": (QUICK, lambda: _cli("score", HAND, "--ruleset", "x" * LONG)),
    "cli extra": (QUICK, lambda: _cli("score", HAND, *["--extra=t"] * (LONG // 10))),
    "batch long line": (QUICK, lambda: _batch_line(json.dumps({"shoupai": "m" + "1" * LONG}))),
    "batch long unknown key": (QUICK, lambda: _batch_line(json.dumps({"x" * LONG: 1}))),
    "batch long rule key": (QUICK, lambda: _batch_line(json.dumps({"in": VALID_IN, "rule": {"x" * LONG: True}}))),
    "batch long number": (QUICK, lambda: _batch_line('{"shoupai": "m1", "param": {"menfeng": ' + "9" * LONG + "}}")),
    "batch deep nesting": (QUICK, lambda: _batch_line("[" * LONG + "]" * LONG)),
}


@pytest.mark.parametrize("name", sorted(LONG_INPUTS))
def test_very_long_input_is_refused_quickly(name):
    expect, call = LONG_INPUTS[name]
    value, _ = counted(LIMIT_CALLS, call)
    refused = isinstance(value, MjrulesError)
    if expect == REFUSED:
        assert refused, f"{name}: accepted"


# -- pinned edge cases (each once found failing) --------------------------------------------------

def _win_extras_empty_list():
    w = Win(extras=[])
    hash(w)
    assert w == Win(), "Win(extras=[]) equals Win()"


def _json_hand_win_is_a_value():
    _, w = parse_json_hand({"hand": "123m456p789s11z22z2z"})
    hash(w)
    assert w == Win()


def _batch_non_utf8():
    with tempfile.TemporaryDirectory() as d:
        src = Path(d) / "in.jsonl"
        src.write_bytes(b'{"shoupai": "m123\xff"}\n')
        rc, _, err = run_cli(["batch", "--input", str(src), "--output", str(Path(d) / "out")])
        assert rc in (1, 2)  # a bad line (status 1) or a refused file


def _ruleset_text(text: str) -> None:
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "r.toml"
        path.write_text(text, encoding="utf-8")
        Scorer(load_ruleset(str(path)))


PINNED = {
    "a ruleset that disables the honba plugin": lambda: _ruleset_text('[plugins]\ndisable = ["honba"]\n'),
    "Win(extras=[]) is a hashable value equal to Win()": _win_extras_empty_list,
    "parse_json_hand gives a hashable Win": _json_hand_win_is_a_value,
    "Meld with a text called position": lambda: Meld(MeldKind.PON, PON, "a", 1),
    "Meld with a list as source": lambda: Meld(MeldKind.PON, PON, None, [1]),
    "tile(None)": lambda: tile(None),
    "tile(4.0)": lambda: tile(4.0),
    "batch line that is not UTF-8": _batch_non_utf8,
}


@pytest.mark.parametrize("name", list(PINNED))
def test_pinned_edge_case(name):
    """A result or an MjrulesError (and, where stated, the expected value)."""
    outcome(PINNED[name])
