"""The native path of scoring against the Python path, its definition (PEP 399: the accelerator
passes the reference's tests): the same Result (every field, the paid reading, the fu items, the
rendered text) or the same NoWin or error, on every hand of every corpus the project has and on
generated hands, under every preset and under rulesets that mix native and Python parts.

The Python path of a hand is ``check`` then ``score_readings(analyse(...))``, which the native
path never runs; ``Scorer.score`` takes the native path wherever the kernel answers. Whole commands
(``batch``, ``compare --input``, ``replay``) are run under ``MJRULES_KERNEL=python`` and with the
native kernel, and their output bytes compared. Without a native build there is nothing to
compare, and the module says so as a skip; CI sets ``MJRULES_KERNEL=native``, where a missing
build is an error.
"""

from __future__ import annotations

import gzip
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjrules import Scorer, parse_majiang_input
from mjrules.errors import MjrulesError
from mjrules.plugin_api import (
    STANDARD,
    TANKI,
    Flag,
    Fu,
    FuItem,
    HONBA_LIABLE,
    Liability,
    Yaku,
    hookimpl,
)
from mjrules.readings.reading import analyse
from mjrules.records.read import read_games
from mjrules.records.replay import record_ruleset
from mjrules.rules.majiang import majiang_flags
from mjrules.rules.ruleset import load_ruleset, preset_names
from mjrules.scoring.result import Result
from mjrules.model.hand import without_red_fives
from helpers import example_plugin, native_or_skip
from mjrules.notation import json_hand
from strategies import budget, deals, load_profile

native_or_skip("the native path")

load_profile()

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
SHARED = Path("/work/shared/conformance")
EXAMPLE = ROOT / "tests" / "example-plugin"


def outcome(run):
    """A scoring call's answer, or its error as (type, text)."""
    try:
        return run()
    except MjrulesError as e:
        return (type(e).__name__, str(e))


def reference(scorer: Scorer, hand, win):
    """The Python path: check, then every reading of ``analyse`` scored by Python code."""
    def run():
        scorer.check(hand, win)
        return scorer.score_readings(analyse(hand, win))
    return outcome(run)


def differences(scorer: Scorer, items) -> tuple[list[str], int, int]:
    """(hands where the paths differ, hands the kernel answered, hands the ruleset accepts) for
    (hand, win) items; the kernel leaves the hands it refuses to the Python path, which names the error."""
    bad = []
    native = total = 0
    runner = scorer.plan.runner
    assert runner is not None
    for hand, win in items:
        want = reference(scorer, hand, win)
        total += not isinstance(want, tuple)
        try:
            answered = runner.score(hand, win, True)
        except MjrulesError:
            answered = None
        native += answered is not None
        got = outcome(lambda: scorer.score(hand, win))
        if not same(want, got):
            bad.append(f"{hand} {win}: python {want!r}, native {got!r}")
    return bad, native, total


def same(a, b) -> bool:
    if type(a) is not type(b) or a != b:
        return False
    if isinstance(a, Result):
        return (a.paid == b.paid and a.fu_items == b.fu_items and a.reading_text == b.reading_text
                and json.dumps(a.to_dict(), ensure_ascii=False) == json.dumps(b.to_dict(), ensure_ascii=False))
    return True


def _lines(path: Path) -> list[dict]:
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


@pytest.fixture(scope="module")
def public():
    """The 5,000 public hands as (hand, win)."""
    return [parse_majiang_input(line["in"]) for line in _lines(DATA / "majiang-hule-public.jsonl")]


FOUR = [n for n in sorted(preset_names()) if load_ruleset(n).players == 4]
THREE = [n for n in sorted(preset_names()) if load_ruleset(n).players == 3]


@pytest.mark.parametrize("name", FOUR + THREE)
def test_every_preset_on_the_public_hands(public, name):
    scorer = Scorer(name)
    assert all(p.native for p in scorer.plan.parts), [p for p in scorer.plan.parts if not p.native]
    bad, native, total = differences(scorer, public)
    assert not bad, f"{len(bad)} of {total} differ:\n" + "\n".join(bad[:5])
    assert native == total  # every hand the ruleset accepts answered natively: the native path is what ran


def test_the_rule_variants_and_keys(variant_lines, key_lines, hule_lines):
    """majiang-core's rule variants (9 rule objects) and the public hands with one rule key flipped."""
    base = load_ruleset("majiang")
    scorers: dict[str, Scorer] = {}
    items: dict[str, list] = {}
    pairs = [(line.get("rule", {}), line["in"]) for line in variant_lines]
    pairs += [(line["rule"], hule_lines[line["line"] - 1]["in"]) for line in key_lines]
    for rule, data in pairs:
        key = json.dumps(rule, sort_keys=True)
        if key not in scorers:
            scorers[key] = Scorer(base.with_flags(**majiang_flags(rule)))
            items[key] = []
        items[key].append(parse_majiang_input(data))
    for key, scorer in scorers.items():
        bad, native, total = differences(scorer, items[key])
        assert not bad, f"rule {key}: {len(bad)} of {total} differ:\n" + "\n".join(bad[:5])
        assert native == total


@pytest.mark.skipif(not SHARED.is_dir(), reason="the shared conformance folder is not on this machine")
def test_the_shared_conformance_lines():
    scorer = Scorer("majiang")
    for path in sorted(SHARED.glob("*.jsonl")):
        lines = _lines(path)
        items = [parse_majiang_input(line["in"]) for line in lines if "rule" not in line]
        bad, _, total = differences(scorer, items)
        assert not bad, f"{path.name}: {len(bad)} of {total} differ:\n" + "\n".join(bad[:5])


def test_every_win_of_the_tenhou_records():
    """Each win of the Tenhou records (mjlog, JSON, three players) under the ruleset it was played under."""
    folders = [p for p in DATA.iterdir() if p.is_dir() and p.name.startswith("tenhou")]
    by_ruleset: dict[str, tuple[Scorer, list]] = {}
    for game in read_games(str(p) for p in folders):
        ruleset = record_ruleset(game)
        if ruleset is None:
            continue
        if ruleset.name not in by_ruleset:
            by_ruleset[ruleset.name] = (Scorer(ruleset), [])
        scorer, items = by_ruleset[ruleset.name]
        for rnd in game.rounds:
            for rec in rnd.wins:
                hand = rec.hand if scorer.allows_red_fives(rec.hand) else without_red_fives(rec.hand)
                items.append((hand, rec.win))
    assert sum(len(items) for _, items in by_ruleset.values()) > 500
    for name, (scorer, items) in by_ruleset.items():
        bad, native, total = differences(scorer, items)
        assert not bad, f"{name}: {len(bad)} of {total} differ:\n" + "\n".join(bad[:5])
        # a chankan of a closed kan (kokushi) is the one win the kernel leaves to the Python path
        assert native == total - sum("robbed_ankan" in win.extras for _, win in items)


def test_parsed_then_scored_at_once():
    """Scoring the hand and win ``parse_majiang_input`` has just made takes the kernel's copies of
    them instead of reading the objects again: the same answers as the Python path, on the public
    hands, the shared conformance lines and the batch corpus's generated hands, under rulesets with
    and without red fives."""
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        corpus = importlib.import_module("corpus")
        generated = [json.loads(line) for line in corpus.lines(3000, 11)]
    finally:
        sys.path.remove(str(ROOT / "bench"))
    inputs = [line["in"] for line in _lines(DATA / "majiang-hule-public.jsonl")]
    inputs += [line["in"] for path in sorted(SHARED.glob("*.jsonl")) for line in _lines(path) if "rule" not in line]
    inputs += [line.get("in", line) for line in generated if "rule" not in line]
    for name in ("majiang", "wrc2025"):
        scorer = Scorer(name)
        bad = []
        for data in inputs:
            hand, win = parse_majiang_input(data)
            got = outcome(lambda: scorer.score(hand, win))  # the objects just made: the kernel's copies
            want = reference(scorer, hand, win)
            if not same(want, got):
                bad.append(f"{data}: python {want!r}, native {got!r}")
        assert not bad, f"{name}: {len(bad)} of {len(inputs)} differ:\n" + "\n".join(bad[:5])


# -- rulesets that mix native and Python parts ------------------------------------------------------


def _own_tanyao(r, flags):
    """All simples, counted in Python: a third party's tanyao in place of the built-in one."""
    return all(c == 0 for i, c in enumerate(r.counts) if i >= 27 or i % 9 in (0, 8))


class OwnTanyao:
    """A plugin that replaces a built-in yaku: the ruleset disables ``tanyao`` and this registers
    its own (2 han, open too)."""

    @hookimpl
    def mjrules_register_yaku(self, register, flags):
        register(Yaku("house_tanyao", "All simples (house)", "断幺九", _own_tanyao, han=2, han_open=2, honours=False,
                      yaochu="none"))


class HouseBonus:
    """A Python bonus item (one han per East held) and a Python yaku that reads the melds."""

    @hookimpl
    def mjrules_register_yaku(self, register, flags):
        register(Yaku("east_bonus", "East bonus", "東ボーナス", lambda r, f: r.counts[27], bonus=True))
        register(Yaku("tanki_wait", "Single wait", "単騎", lambda r, f: r.wait == TANKI and r.form == STANDARD,
                      han=1, han_open=1, forms=(STANDARD,)))


class HousePolicies:
    """House answers to every policy hook the built-in plugins answer: kazoe from 12 han, kiriage
    at 1,920 only from 30 fu, yakuman never stacked beyond two, pao for daisangen on any meld, a
    rinshan win after any kan paid by the player opposite, double yakuman always single."""

    @hookimpl(tryfirst=True)
    def mjrules_kazoe_yakuman(self, han, flags):
        return 2 if han >= 26 else 1

    @hookimpl(tryfirst=True)
    def mjrules_kiriage_mangan(self, fu, han, flags):
        return fu >= 30

    @hookimpl(tryfirst=True)
    def mjrules_yakuman_stacking(self, multiples, flags):
        return min(2, sum(multiples))

    @hookimpl(tryfirst=True)
    def mjrules_double_yakuman(self, yaku, flags):
        return 1

    @hookimpl(tryfirst=True)
    def mjrules_pao(self, reading, yakuman, total, flags):
        melds = [m for m in reading.hand.melds if m.source is not None]
        if any(y == "daisangen" for y, _ in yakuman) and melds:
            return Liability(melds[-1].source, 1, HONBA_LIABLE, "daisangen")
        return None

    @hookimpl(tryfirst=True)
    def mjrules_rinshan_pao(self, reading, flags):
        return 2 if any(m.is_kan for m in reading.hand.melds) else None


class HouseFu:
    """A fu count of a plugin's own: every reading is 30 fu, itemised as one line."""

    def count(self, reading):
        return Fu(30, (FuItem("house", 30),))

    @hookimpl(tryfirst=True)
    def mjrules_fu_rules(self, flags):
        return self


class HouseBase:
    """Base points of a plugin's own for every hand (an aotenjou of the house: fu × 2^han, no limit)."""

    @hookimpl
    def mjrules_base_points(self, fu, han, yakuman, flags):
        return 100 * (yakuman or 1) if fu is None else fu << han

    @hookimpl
    def mjrules_register_flags(self, register):
        register(Flag("house_base", bool, True, "the house's base points"))


class Hinted(Yaku):
    """A Yaku subclass with hints of its own: the kernel cannot index it, so the ruleset runs in Python."""

    def fits(self, features):
        return features.closed


class SubclassYaku:
    @hookimpl
    def mjrules_register_yaku(self, register, flags):
        register(Hinted("closed_hand", "Closed hand", "門前", lambda r, f: True, han=1))


MIXED = {
    "example plugin (kinkei, yakuman)": ("tenhou", {"kinkei": "example"}, {}),
    "example plugin (kinkei, 5 han)": ("tenhou", {"kinkei": "example"}, {"kinkei_value": "mangan-yaku"}),
    "a plugin replacing tanyao": ("tenhou", {"own-tanyao": OwnTanyao()}, {"disabled_yaku": ["tanyao"]}),
    "disabled yaku": ("mahjongsoul", {}, {"disabled_yaku": ["pinfu", "ittsu", "chiitoitsu", "aka"]}),
    "a Python bonus item and yaku": ("mleague", {"house-bonus": HouseBonus()}, {}),
    "house answers to the policy hooks": ("tenhou", {"house": HousePolicies()}, {}),
    "a fu count of a plugin's own": ("tenhou", {"house-fu": HouseFu()}, {}),
    "base points of a plugin's own": ("tenhou", {"house-base": HouseBase()}, {}),
    "a Yaku subclass (all Python)": ("tenhou", {"sub": SubclassYaku()}, {}),
    "local yaku and aotenjou (native twins)": ("tenhou", {}, {"local": True}),
}


def _mixed(label: str) -> Scorer:
    name, plugins, flags = MIXED[label]
    flags = dict(flags)
    ruleset = load_ruleset(name)
    if flags.pop("local", False):
        ruleset = load_ruleset(str(_local_toml()))
    extra = {k: (example_plugin() if v == "example" else v) for k, v in plugins.items()}
    return Scorer(ruleset.with_flags(**flags) if flags else ruleset, extra_plugins=extra)


def _local_toml() -> Path:
    """Tenhou with every local yaku and aotenjou (a ruleset file, as a user enables plugins)."""
    folder = Path(os.environ.get("TMPDIR", "/tmp")) / f"mjrules-native-plan-{os.getpid()}"
    folder.mkdir(exist_ok=True)
    path = folder / "local.toml"
    path.write_text('extends = "tenhou"\n[plugins]\nenable = ["local-yaku", "aotenjou"]\n', encoding="utf-8")
    return path


@pytest.mark.parametrize("label", list(MIXED))
def test_mixed_rulesets_on_the_public_hands(public, label):
    scorer = _mixed(label)
    if label.startswith("a Yaku subclass"):
        assert scorer.plan.runner is None  # the whole ruleset runs in Python
        return
    python_parts = [p.name for p in scorer.plan.parts if not p.native]
    assert bool(python_parts) == (not label.startswith(("disabled", "local"))), python_parts
    bad, native, total = differences(scorer, public)
    assert not bad, f"{label}: {len(bad)} of {total} differ:\n" + "\n".join(bad[:5])
    assert native == total


# -- generated hands ---------------------------------------------------------------------------------

GENERATED = ["tenhou", "mahjongsoul", "wrc2025", "ema2016", *MIXED]
_scorers: dict[str, Scorer] = {}


def _scorer(label: str) -> Scorer:
    if label not in _scorers:
        _scorers[label] = _mixed(label) if label in MIXED else Scorer(label)
    return _scorers[label]


@settings(max_examples=budget(400))
@given(st.sampled_from(GENERATED), deals())
def test_generated_hands(label, deal):
    scorer = _scorer(label)
    hand, win = deal
    if scorer.plan.runner is None:
        return
    bad, _, _ = differences(scorer, [(hand, win)])
    assert not bad, bad[0]


@settings(max_examples=budget(100))
@given(deals(specials=False, tsumo=True))
def test_generated_three_player_hands(deal):
    hand, win = deal
    bad, _, _ = differences(_scorer("tenhou-sanma"), [(hand, win)])
    assert not bad, bad[0]


# -- whole commands ------------------------------------------------------------------------------------


def _run(args: list[str], kernel: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, **(env or {}), "MJRULES_KERNEL": kernel}
    return subprocess.run([sys.executable, "-m", "mjrules", *args], capture_output=True, env=env, cwd=cwd,
                          timeout=600)


def _both(args: list[str], tmp_path: Path, env: dict[str, str] | None = None, output: str | None = None) -> bytes:
    """Run a command on both paths: its stdout, stderr, exit status and ``--output`` file (``output``
    names it; ``{kernel}`` in the arguments is each run's name) must agree."""
    runs = {}
    for kernel in ("native", "python"):
        runs[kernel] = _run([a.replace("{kernel}", kernel) for a in args], kernel, tmp_path, env)
    native, python = runs["native"], runs["python"]
    assert (native.returncode, native.stderr.decode()) == (python.returncode, python.stderr.decode())
    assert native.stdout == python.stdout
    if output is not None:
        assert (tmp_path / output.replace("{kernel}", "native")).read_bytes() == \
            (tmp_path / output.replace("{kernel}", "python")).read_bytes()
    return native.stdout


def _batch_input(tmp_path: Path) -> Path:
    """The public hands, generated ones (bench/corpus.py's), whole {in, out} lines, rule objects,
    mjrules JSON hands, red fives a ruleset lacks, bad and blank lines."""
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        corpus = importlib.import_module("corpus")
        lines = corpus.lines(3000, 7)
    finally:
        sys.path.remove(str(ROOT / "bench"))
    public = (DATA / "majiang-hule-public.jsonl").read_text(encoding="utf-8").splitlines()[:500]
    lines += public
    # mjrules JSON hands: the Python path reads them on both kernels, and the kernel scores them
    hands = [json_hand(*parse_majiang_input(json.loads(line)["in"])) for line in public[:100]]
    lines += [json.dumps(hand, ensure_ascii=False) for hand in hands]
    lines += [json.dumps(obj, ensure_ascii=False) for obj in (
        {"hand": "234567m345p55678s", "ron": "previous", "seat": "S", "riichi": 2, "ippatsu": True, "ura": "4s"},
        {"hand": "123m456p789s11222z", "haitei": True, "honba": 2, "sticks": 1}, {**hands[1], "nukidora": 1},
        {**hands[2], "sead": "S"}, {**hands[3], "in": json.loads(public[3])["in"]}, {**hands[4], "rule": {}},
        {"in": json.loads(public[5])["in"], "rule": None}, {"in": json.loads(public[6])["in"], "rule": {}})]
    lines += [json.dumps({"in": json.loads(lines[0]), "rule": {"赤牌": {"m": 0, "p": 0, "s": 0}}}, ensure_ascii=False),
              "", "not json", "[1]", '{"shoupai": "m123"}', '{"in": {"shoupai": "m123p456s789z1122", "rongpai": "z2+"}}',
              # kinkei dokuritsu (the example plugin's yakuman): four called melds, a single wait on 1s
              json.dumps({"shoupai": "s1,z111=,z222=,p333-,m555+", "rongpai": "s1-", "param": {
                  "zhuangfeng": 0, "menfeng": 1, "hupai": {}, "baopai": ["m1"], "fubaopai": [],
                  "jicun": {"changbang": 0, "lizhibang": 0}}})]
    path = tmp_path / "in.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("ruleset", ["majiang", "tenhou", "wrc2025"])
def test_batch_output_is_the_same_on_both_paths(tmp_path, ruleset):
    src = _batch_input(tmp_path)
    one = _both(["batch", "--ruleset", ruleset, "--input", str(src)], tmp_path)
    two = _both(["batch", "--ruleset", ruleset, "--jobs", "2", "--input", str(src)], tmp_path)
    assert one == two and one.count(b"\n") == len(src.read_text(encoding="utf-8").splitlines())


def _kinkei(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    """A ruleset enabling the example plugin, installed as a plugin named kinkei (its entry point),
    and the PYTHONPATH it is installed on."""
    toml = tmp_path / "kinkei.toml"
    toml.write_text('extends = "tenhou"\n[plugins]\nenable = ["kinkei"]\n', encoding="utf-8")
    site = tmp_path / "site"
    dist = site / "mjrules_example_yaku-1.0.0.dist-info"
    dist.mkdir(parents=True)
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: mjrules-example-yaku\nVersion: 1.0.0\n")
    (dist / "entry_points.txt").write_text("[mjrules]\nkinkei = mjrules_example_yaku\n")
    path = os.pathsep.join(p for p in (str(site), str(EXAMPLE), os.environ.get("PYTHONPATH", "")) if p)
    return toml, {"PYTHONPATH": path}


def test_batch_with_a_third_party_plugin(tmp_path):
    """The example plugin enabled by a ruleset: its yaku runs in Python, the rest natively."""
    src = _batch_input(tmp_path)
    toml, env = _kinkei(tmp_path)
    out = _both(["batch", "--ruleset", str(toml), "--input", str(src)], tmp_path, env)
    assert b'"id": "kinkei"' in out


def test_plugins_shows_which_parts_run_natively(tmp_path):
    """``mjrules plugins``: every part of tenhou's plan is a built-in's with a native twin; the
    example plugin's yaku is the one part in Python; the Python kernel runs every part."""
    toml, env = _kinkei(tmp_path)

    def plugins(*args: str, kernel: str = "native") -> str:
        done = subprocess.run([sys.executable, "-m", "mjrules", "plugins", "--ruleset", str(toml), *args],
                              capture_output=True, text=True, timeout=120,
                              env={**os.environ, **env, "MJRULES_KERNEL": kernel})
        assert done.returncode == 0, done.stderr
        return done.stdout

    text = plugins()
    assert "Python: yaku kinkei (kinkei)" in text and "1 in Python" in text
    rows = {r["name"]: r for r in json.loads(plugins("--json"))}
    assert rows["kinkei"]["python_parts"] == ["yaku kinkei"] and rows["kinkei"]["native_parts"] == []
    assert rows["yaku"]["python_parts"] == [] and "yaku riichi" in rows["yaku"]["native_parts"]
    assert "fu count" in rows["fu"]["native_parts"]
    assert "0 parts native" in plugins(kernel="python")


def test_compare_input_is_the_same_on_both_paths(tmp_path):
    data = DATA / "majiang-hule-public.jsonl"
    out = _both(["compare", "--input", str(data), "--rulesets", "tenhou,mahjongsoul,mleague,wrc2025", "--json",
                 "--output", "details-{kernel}.jsonl"], tmp_path, output="details-{kernel}.jsonl")
    assert json.loads(out)["hands_scored"] == 5000


COMPARED = ["tenhou,mleague,mahjongsoul,ema2016", "wrc2025,tenhou,jpml-a,rmu", "tenhou-sanma,mahjongsoul-sanma"]
"""Rulesets compared in bulk by the kernel: issue 41's four (ema2016 has no red fives: the hand as
its set has it), others as the reference, three-player ones (most generated hands are errors there)."""


@pytest.mark.parametrize("rulesets", COMPARED)
def test_compare_input_in_bulk_is_the_same_on_both_paths(tmp_path, rulesets):
    """``compare --input`` where the kernel compares the lines in bulk: the text, the JSON summary,
    the details as JSON lines and as CSV, in one thread and in two, byte for byte the Python kernel's
    (whose lines go one by one through ``Comparer.compare``, every part in Python)."""
    src = str(_batch_input(tmp_path))
    text = _both(["compare", "--input", src, "--rulesets", rulesets, "--output", "details-{kernel}.jsonl"],
                 tmp_path, output="details-{kernel}.jsonl")
    assert b"hands scored" in text
    _both(["compare", "--input", src, "--rulesets", rulesets, "--json", "--output", "details-{kernel}.csv"],
          tmp_path, output="details-{kernel}.csv")
    assert _both(["compare", "--input", src, "--rulesets", rulesets, "--jobs", "2"], tmp_path) == text


def test_compare_input_with_a_third_party_plugin(tmp_path):
    """A ruleset with the example plugin's yaku (Python) is compared line by line, with the same output."""
    src = str(_batch_input(tmp_path))
    toml, env = _kinkei(tmp_path)
    _both(["compare", "--input", src, "--rulesets", f"tenhou,{toml}", "--output", "details-{kernel}.jsonl"],
          tmp_path, env, output="details-{kernel}.jsonl")


@pytest.mark.parametrize("rulesets", COMPARED[:2])
def test_the_kernel_compares_the_lines_it_reads(tmp_path, rulesets):
    """The bulk path is taken (every public hand compared by the kernel) and its rows and details
    are those ``Comparer.compare`` gives line by line in this process."""
    from mjrules.cli.compare import _CorpusWorker
    from mjrules.tools.compare import Comparer

    comparer = Comparer(rulesets.split(","))
    assert comparer.native
    public = (DATA / "majiang-hule-public.jsonl").read_text(encoding="utf-8").splitlines()[:1000]
    assert all(answer is not None for answer in comparer.native_lines(public))
    lines = list(enumerate(_batch_input(tmp_path).read_text(encoding="utf-8").splitlines(), 1))
    answered = [a is not None for a in comparer.native_lines([line for _, line in lines])]
    assert 0.9 * len(lines) < sum(answered) < len(lines)  # the bad lines are Python's
    for details in (None, "json", "csv"):
        worker = _CorpusWorker(Comparer(rulesets.split(",")), details)
        assert worker.rows(lines) == [worker.row(n, line) for n, line in lines]


def test_replay_is_the_same_on_both_paths(tmp_path):
    _both(["replay", str(DATA / "tenhou-mjlog"), str(DATA / "tenhou-sanma"), "--json"], tmp_path)
