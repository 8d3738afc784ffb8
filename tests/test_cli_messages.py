"""The command line's messages: each bad input is refused with one line naming what and where, exit
2, before any work; each silent acceptance says so in a note."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mjrules.cli import main
from mjrules.errors import RulesetError, SituationError
from mjrules.notation import parse_mpsz
from mjrules.rules.ruleset import load_ruleset
from mjrules.scoring.scorer import Scorer
from mjrules.tools.needs import ConditionError, needs
from mjrules.tools.query import make_win

HAND = "123m456p789s11222z"  # 14 tiles: a closed hand, tsumo by default (menzen tsumo)
DATA = Path(__file__).resolve().parent / "data"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys, *argv, says: str) -> str:
    """Run a command that must refuse its input: exit 2, one line on stderr containing ``says``, nothing on stdout."""
    code, out, err = run(capsys, *argv)
    assert code == 2, (argv, out, err)
    assert out == ""
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert says in err, err
    return err


# ------------------------------------------------------------------ compare --input: not UTF-8


@pytest.mark.parametrize("progress", ["--progress", "--no-progress"])
def test_compare_input_not_utf8_is_a_bad_line_not_a_traceback(capsys, tmp_path, progress):
    src = tmp_path / "latin1.jsonl"
    src.write_bytes(b'{"hand": "123m456p789s11222z"}\n\xff\xfe not UTF-8\n')
    code, out, err = run(capsys, "compare", "--input", str(src), "--rulesets", "tenhou,majiang", progress)
    assert code == 1  # a bad line: as batch
    assert "mjrules compare: line 2: not UTF-8 text" in err and "Traceback" not in err
    assert out.startswith("reference tenhou: 1 hand scored, 1 bad line\n")


def test_compare_names_each_bad_line_and_exits_1(capsys, tmp_path):
    src = tmp_path / "in.jsonl"
    src.write_text('{"hand": "123m456p789s11222z"}\nnot json\n{"hand": "1m"}\n', encoding="utf-8")
    code, _, err = run(capsys, "compare", "--input", str(src), "--rulesets", "tenhou,majiang")
    assert code == 1
    lines = err.splitlines()
    assert [line.split(":")[1].strip() for line in lines] == ["line 2", "line 3"]


# ------------------------------------------------------------------ needs: scores must add up


def test_needs_refuses_scores_that_do_not_add_up(capsys):
    # Tenhou starts four players at 25,000: 100,000 on the table, 95,000 here.
    err = refused(capsys, "needs", "--scores", "25000,25000,25000,20000", "--me", "0", "--dealer", "0",
                  says="scores: 25000 + 25000 + 25000 + 20000 = 95000")
    assert "100000" in err


def test_needs_counts_the_sticks_on_the_table(capsys):
    # 99,000 in the scores and one stick (1,000) on the table make 100,000.
    code, out, _ = run(capsys, "needs", "--scores", "25000,25000,25000,24000", "--me", "0", "--dealer", "0",
                       "--sticks", "1")
    assert code == 0 and "1 riichi stick on the table" in out
    refused(capsys, "needs", "--scores", "25000,25000,25000,25000", "--me", "0", "--dealer", "0", "--sticks", "1",
            says="with 1 riichi stick on the table 101000")


def test_needs_total_of_a_three_player_ruleset():
    # Tenhou's sanma: three players at 35,000 each.
    assert needs([35000, 35000, 35000], 0, 0, ruleset="tenhou-sanma", check_total=True).placing >= 1
    with pytest.raises(ConditionError, match=r"105000 in all \(3 x 35000 start\)"):
        needs([35000, 35000, 25000], 0, 0, ruleset="tenhou-sanma", check_total=True)


# ------------------------------------------------------------------ empty names are refused


@pytest.mark.parametrize("argv, option", [
    (["score", HAND, "--svg", ""], "--svg"),
    (["score", HAND, "--html", ""], "--html"),
    (["compare", "--input", ""], "--input"),
    (["compare", "--input", "x.jsonl", "--output", ""], "--output"),
    (["compare", "--input", "x.jsonl", "--plot", ""], "--plot"),
    (["batch", "--output", ""], "--output"),
    (["score", HAND, "--ruleset", ""], "--ruleset"),
    (["table", "--ruleset", " "], "--ruleset"),
    (["replay", "x.mjlog", "--ruleset", ""], "--ruleset"),
    (["simulate", "--rulesets", "tenhou", "--records", ""], "--records"),
    (["setup", "majiang-ai", "--dir", ""], "--dir"),
])
def test_an_empty_name_is_refused(capsys, argv, option):
    refused(capsys, *argv, says=f"argument {option}: an empty")


def test_replay_refuses_an_empty_ruleset_list(capsys, tmp_path):
    refused(capsys, "replay", str(DATA), "--rulesets", "", says="--rulesets: the list is empty")


def test_replay_refuses_a_folder_without_records(capsys, tmp_path):
    (tmp_path / "README.md").write_text("not a record\n", encoding="utf-8")  # skipped, as replay skips it
    refused(capsys, "replay", str(tmp_path), says=f"{tmp_path}: no record files in it")
    refused(capsys, "replay", str(tmp_path / "*.mjlog"), says="no file matches")


# ------------------------------------------------------------------ situations a ruleset ignores


def test_renhou_under_a_ruleset_without_it_is_noted(capsys):
    # Tenhou has no renhou (its renhou flag is "none"); EMA 2016 scores it.
    argv = ["score", HAND, "--seat", "S", "--ron", "next", "--renhou"]
    code, out, _ = run(capsys, *argv)
    assert code == 0 and "Note: renhou not scored: ruleset tenhou has no renhou yaku." in out
    code, out, _ = run(capsys, *argv, "--ruleset", "ema2016")
    assert code == 0 and "renhou not scored" not in out and "Blessing of man" in out
    _, out, _ = run(capsys, *argv, "--json")
    assert json.loads(out)["notes"] == ["renhou not scored: ruleset tenhou has no renhou yaku"]


def test_ippatsu_under_a_ruleset_without_it_is_noted_in_compare(capsys):
    _, out, _ = run(capsys, "compare", HAND, "--riichi", "--ippatsu", "--rulesets", "tenhou,jpml-a")
    assert "Note: ippatsu not scored: ruleset jpml-a has no ippatsu yaku." in out.splitlines()


def test_ippatsu_with_rinshan_after_a_kan_is_refused():
    # Rinshan kaihou is won on the replacement tile of a kan made after riichi; any call, one's own
    # closed kan included, ends the ippatsu (riichi.wiki "Ippatsu"; Tenhou and Mahjong Soul alike).
    hand = parse_mpsz("123m456p789s22z 1111z")
    win = make_win(riichi=True, ippatsu=True, rinshan=True)
    with pytest.raises(SituationError, match="ippatsu with rinshan kaihou"):
        Scorer("tenhou").score(hand, win)
    # Without ippatsu the same win scores riichi, rinshan and menzen tsumo.
    result = Scorer("tenhou").score(hand, make_win(riichi=True, rinshan=True))
    assert {"riichi", "rinshan", "menzen_tsumo"} <= {y.id for y in result.yaku}


def test_ippatsu_with_rinshan_after_a_kita_stays_allowed():
    # A kita draws from the dead wall too; whether it ends the ippatsu differs between rules.
    hand = parse_mpsz("123p456p789s11222z")
    result = Scorer("tenhou-sanma").score(hand, make_win(riichi=True, ippatsu=True, rinshan=True, kita=1))
    assert {"ippatsu", "rinshan"} <= {y.id for y in result.yaku}


# ------------------------------------------------------------------ numbers within their range


def test_jobs_is_capped_per_core(capsys):
    refused(capsys, "batch", "--jobs", "1000", says="not a number of worker processes 0-")


@pytest.mark.parametrize("value", ["-1", "5", "x"])
def test_kita_is_0_to_4(capsys, value):
    # Three players set aside at most the four Norths.
    refused(capsys, "score", HAND, "--kita", value, says="is not a number of Norths set aside 0-4")


# ------------------------------------------------------------------ failures up front, one format rule


def test_compare_plot_into_a_missing_folder_is_refused_before_reading(capsys, tmp_path):
    src = tmp_path / "in.jsonl"
    src.write_text('{"hand": "123m456p789s11222z"}\n', encoding="utf-8")
    refused(capsys, "compare", "--input", str(src), "--plot", str(tmp_path / "no" / "x.png"),
            says=f"--plot {tmp_path / 'no' / 'x.png'}: no folder")


def test_compare_one_hand_refuses_output(capsys, tmp_path):
    refused(capsys, "compare", HAND, "--output", str(tmp_path / "x.csv"), says="--output writes a corpus")
    assert not (tmp_path / "x.csv").exists()


def test_batch_output_csv_is_csv_as_in_compare(capsys, tmp_path, hule_lines, monkeypatch):
    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps(x["in"]) + "\n" for x in hule_lines[:3]), encoding="utf-8")
    dst = tmp_path / "r.csv"
    assert main(["batch", "--input", str(src), "--output", str(dst)]) == 0
    rows = dst.read_text(encoding="utf-8").splitlines()
    assert rows[0].startswith("line,error,win,") and len(rows) == 4


# ------------------------------------------------------------------ messages


def test_a_large_ruleset_file_is_not_given_a_false_size(tmp_path):
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * (5 * 1024 * 1024))
    with pytest.raises(RulesetError) as e:
        load_ruleset(str(big))
    assert "over 1,048,576 bytes" in str(e.value) and "1048577" not in str(e.value)


def test_an_existing_file_without_toml_suffix_is_read_as_a_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("club.txt").write_text('extends = "tenhou"\nname = "club"\n', encoding="utf-8")
    assert load_ruleset("club.txt").name == "club"
    Path("notes.txt").write_text("kiriage please\n", encoding="utf-8")
    with pytest.raises(RulesetError, match=r"^notes\.txt: TOML syntax error"):
        load_ruleset("notes.txt")


def test_a_broken_extends_names_the_file_and_the_key(tmp_path):
    (tmp_path / "a.toml").write_text('extends = "b.toml"\n', encoding="utf-8")
    (tmp_path / "b.toml").write_text('extends = "tenhuo"\n', encoding="utf-8")
    with pytest.raises(RulesetError) as e:
        load_ruleset(str(tmp_path / "a.toml"))
    text = str(e.value)
    assert text.startswith(f"{tmp_path / 'a.toml'}: extends = 'b.toml': {tmp_path / 'b.toml'}: extends = 'tenhuo': "
                           "unknown ruleset 'tenhuo'")


def test_an_empty_ruleset_file_is_refused(capsys):
    refused(capsys, "score", HAND, "--ruleset", "/dev/null", says="/dev/null: the ruleset is empty")


def test_thirteen_written_tiles_are_thirteen(capsys):
    err = refused(capsys, "score", "123m456p789s1122z", says="wrong tile count: 13 tiles")
    assert "12" not in err


def test_plurals(capsys):
    log = sorted((DATA / "tenhou-mjlog").glob("*.mjlog"))[0]
    _, out, _ = run(capsys, "replay", str(log))
    assert out.splitlines()[-1].startswith("1 game, ")
    with pytest.raises(Exception, match=r"^wrong tile count: 17 tiles \(14 concealed with the winning tile, 1 meld "):
        parse_mpsz(HAND + " 1111m")


def test_breakdown_only_is_explained(capsys, tmp_path):
    # Menzen tsumo 1 han 40 fu: 700 all under both, so no count of "breakdown only" to explain.
    src = tmp_path / "in.jsonl"
    src.write_text('{"hand": "123m456p789s11222z"}\n', encoding="utf-8")
    _, out, _ = run(capsys, "compare", "--input", str(src), "--rulesets", "tenhou,majiang")
    assert "breakdown only" not in out
    assert "  majiang          points agree on every hand" in out.splitlines()


def test_a_long_yaku_name_keeps_apart_from_its_value(capsys):
    # Suuankou tanki: "Four concealed triplets, single wait (四暗刻単騎)" is wider than the name column.
    _, out, _ = run(capsys, "score", "111m222p333s555z4z4z")
    assert "  Four concealed triplets, single wait (四暗刻単騎)  1x yakuman" in out.splitlines()


# ------------------------------------------------------------------ pictures and the web page


def test_the_svg_card_is_wide_enough_for_a_long_name():
    from mjrules.pictures.card import TEXT_X, result_svg, text_width

    hand = parse_mpsz("111m222p333s555z4z4z")
    svg = result_svg(Scorer("tenhou").score(hand, make_win()), hand=hand)
    width = float(svg.split('width="', 1)[1].split('"', 1)[0])
    name = "Four concealed triplets, single wait 四暗刻単騎"
    assert width >= TEXT_X + text_width(name, 14) + text_width("1x yakuman", 14)


def test_the_svg_card_wraps_a_long_no_win_reason():
    from mjrules.pictures.card import result_svg

    hand = parse_mpsz("123m456p789s1122z3z")
    result = Scorer("tenhou").score(hand, make_win())
    assert not result.is_win
    svg = result_svg(result, hand=hand)
    # Every word of the reason is drawn, over more than one line.
    shown = " ".join(part.split("<", 1)[0] for part in svg.split('font-size="14"')[1:])
    assert all(word in shown for word in result.reason.split())
    assert svg.count('font-size="14"') > 1


@pytest.fixture(scope="module")
def client():
    # imported as the tests that need it run: skipped there, not the whole module, without mjrules[web]
    web = pytest.importorskip("starlette.testclient")
    from mjrules.web.app import create_app

    return web.TestClient(create_app())


def test_web_api_refuses_an_unknown_language(client):
    r = client.get("/api/score", params={"hand": HAND, "lang": "xx"})
    assert r.status_code == 400 and r.json() == {"error": "argument --lang: invalid choice: 'xx' (choose from en, ja)"}
    assert client.get("/api/score", params={"hand": HAND, "lang": "ja"}).status_code == 200


def test_web_api_answers_a_broken_upload_in_json(client):
    r = client.post("/api/score", content=b"garbage", headers={"content-type": "multipart/form-data"})
    assert r.status_code == 400 and r.headers["content-type"] == "application/json"
    assert r.json()["error"].startswith("the form data cannot be read")


def test_web_card_names_its_causes_in_words(client):
    # EMA 2016 pays renhou as a mangan; Tenhou has no renhou.
    r = client.get("/", params={"hand": "234m456p789s11222z", "rulesets": "tenhou,ema2016", "renhou": "1",
                                "seat": "S", "ron": "next"})
    assert r.status_code == 200
    assert 'differs from tenhou by: the rule renhou = "mangan"' in r.text
    assert "flag:" not in r.text
    assert "renhou not scored: ruleset tenhou has no renhou yaku" in r.text


# ------------------------------------------------------------------ basics and start-up


def test_version_is_the_package_version_and_names_the_kernel(capsys):
    import importlib.util

    import mjrules

    built = importlib.util.find_spec("mjrules.kernel._native") is not None
    kernel = os.environ.get("MJRULES_KERNEL") or ("native" if built else "python")
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out == f"mjrules {mjrules.__version__} ({kernel} kernel)\n"
    from importlib.metadata import version

    assert version("mjrules") == mjrules.__version__  # pyproject.toml reads the same number


@pytest.mark.parametrize("setting", ["rust", "Native", " "])
def test_an_unknown_kernel_setting_is_one_error_line_and_exit_2(setting):
    proc = subprocess.run([sys.executable, "-m", "mjrules", "score", "123m456p789s11z234s"], capture_output=True,
                          text=True, env={**os.environ, "MJRULES_KERNEL": setting})
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == f"mjrules: error: MJRULES_KERNEL={setting!r} names no kernel; use 'native' or 'python' (or leave it unset)\n"


def test_native_asked_for_where_it_is_not_built_is_one_error_line(tmp_path):
    import shutil

    import mjrules

    copy = tmp_path / "mjrules"  # this checkout's package without its native build
    shutil.copytree(Path(mjrules.__file__).parent, copy, ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    code = f"import sys; sys.path.insert(0, {str(tmp_path)!r}); from mjrules.cli import main; sys.exit(main(['--version']))"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, "MJRULES_KERNEL": "native"})
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == ("mjrules: error: MJRULES_KERNEL=native, but the native kernel is not built here; "
                           "reinstall where a Rust toolchain (cargo) is on PATH (see the README)\n")
    unset = {k: v for k, v in os.environ.items() if k != "MJRULES_KERNEL"}
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=unset)
    assert proc.returncode == 0 and proc.stdout == f"mjrules {mjrules.__version__} (python kernel)\n"


def test_bare_mjrules_is_one_error_line_and_exit_2(capsys):
    code, out, err = run(capsys)
    assert code == 2 and out == ""
    assert err.startswith("mjrules: error: give a command (score, ") and len(err.splitlines()) == 1


def test_score_loads_only_what_scoring_needs():
    # Git-style: a command's module, and what only other commands use, are not imported.
    import subprocess
    import sys

    code = ("import sys, io; from mjrules.cli import main; sys.stdout = io.StringIO(); "
            f"rc = main(['score', '{HAND}']); sys.stdout = sys.__stdout__; print(rc); "
            "print(' '.join(sorted(sys.modules)))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    rc, modules = proc.stdout.splitlines()
    loaded = set(modules.split())
    assert rc == "0"
    assert "mjrules.cli.score" in loaded
    for never in ("mjrules.cli.analysis", "mjrules.cli.batch", "mjrules.cli.compare", "mjrules.cli.replay",
                  "mjrules.records", "mjrules.pictures", "mjrules.tools.needs", "multiprocessing", "concurrent.futures"):
        assert never not in loaded, never


def test_every_command_is_in_the_table_and_its_module(capsys):
    from mjrules.cli import ALL, build_parser
    from mjrules.cli.commands import COMMANDS

    parser = build_parser(ALL)
    sub = next(a for a in parser._actions if a.dest == "command")
    assert list(sub.choices) == list(COMMANDS)
    for name in COMMANDS:  # each command's real parser, not the bare entry of --help
        assert sub.choices[name].add_help, name


# ------------------------------------------------------------------ serve: checked before "serving"


def test_serve_on_a_port_in_use_is_one_line_before_serving(capsys):
    pytest.importorskip("uvicorn")
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        err = refused(capsys, "serve", "--port", str(port), says=f"--host 127.0.0.1 --port {port}: cannot listen there")
    assert "serving" not in err


def test_serve_on_an_address_not_of_this_machine_is_one_line(capsys):
    pytest.importorskip("uvicorn")
    # 192.0.2.1 is TEST-NET-1 (RFC 5737): no machine has it, so binding fails without any traffic.
    refused(capsys, "serve", "--host", "192.0.2.1", "--port", "8123", says="--host 192.0.2.1 --port 8123: cannot listen")


# ------------------------------------------------------------------ documentation lists


README = Path(__file__).resolve().parents[1] / "README.md"
DOCS = README.parent / "docs"


def test_the_score_page_names_every_option_of_score():
    from mjrules.cli import build_parser

    text = (DOCS / "commands" / "score.md").read_text(encoding="utf-8")
    options = text[text.index("Options: `--ron"):text.index("**Red fives**")]
    parser = build_parser("score")
    score = next(a for a in parser._actions if a.dest == "command").choices["score"]
    missing = [o for a in score._actions for o in a.option_strings if o.startswith("--") and o != "--help"
               and f"`{o}" not in options]
    assert missing == []


def test_the_plugins_page_names_every_hook():
    from mjrules.rules import hookspecs

    text = (DOCS / "plugins.md").read_text(encoding="utf-8")
    hooks = text[text.index("The hooks: "):text.index("Built-in plugins, registered by name")]
    names = [n for n in dir(hookspecs) if n.startswith("mjrules_")]
    assert "mjrules_rinshan_pao" in names
    assert [n for n in names if f"`{n}`" not in hooks] == []


# ------------------------------------------------------------------ versions


def _release(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in text.split("."))


def test_every_since_names_a_release_up_to_this_one():
    import re

    import mjrules
    from mjrules.rules import hookspecs

    here = _release(mjrules.__version__)[:2]
    changelog = (README.parent / "CHANGELOG.md").read_text(encoding="utf-8")
    released = {m for m in re.findall(r"^## (\d+\.\d+)\.\d+", changelog, re.M)}
    guide = (README.parent / "plugins" / "README.md").read_text(encoding="utf-8")
    for name in (n for n in dir(hookspecs) if n.startswith("mjrules_")):
        doc = getattr(hookspecs, name).__doc__ or ""
        versions = re.findall(r"[Ss]ince (?:mjrules )?(\d+\.\d+)", doc)
        assert versions, f"{name} does not say since which release it exists"
        for v in versions:
            assert _release(v) <= here and v in released, (name, v)
        row = next(line for line in guide.splitlines() if line.startswith(f"| `{name}` |"))
        assert row.split("|")[2].strip() == versions[0], name  # the guide's table says the same


# ------------------------------------------------------------------ issue 41: options given more than once

def _json(capsys, *argv: str) -> dict:
    code, out, err = run(capsys, *argv, "--json")
    assert code in (0, 1) and err == "", err
    return json.loads(out)


def test_indicators_given_in_two_options_add_up(capsys):
    # 1z shows 2z (three in the hand), 1m shows 2m (one): four dora, as written in one option; argparse's
    # "store" kept only the last (one dora).
    apart = _json(capsys, "score", HAND, "--dora", "1z", "--dora", "1m")
    assert [y["han"] for y in apart["yaku"] if y["id"] == "dora"] == [4]
    assert apart == _json(capsys, "score", HAND, "--dora", "1z1m")
    ura = _json(capsys, "score", HAND, "--riichi", "--dora", "9p", "--dora", "9s", "--ura", "1z", "--ura", "1m")
    assert [y["han"] for y in ura["yaku"] if y["id"] == "ura"] == [4]


@pytest.mark.parametrize("option", ["--visible", "--discards", "--dora"])
def test_seen_tiles_given_in_two_options_add_up(capsys, option):
    # 1122z waits on 1z and 2z: each tile named once more leaves one copy fewer unseen
    hand = "123m456p789s1122z"
    apart = _json(capsys, "waits", hand, option, "1z", option, "2z")
    assert {w["tile"]: w["remaining"] for w in apart["waits"]} == {"1z": 1, "2z": 1}
    assert apart == _json(capsys, "waits", hand, option, "1z2z")


def test_rulesets_given_in_two_options_add_up(capsys):
    code, out, _ = run(capsys, "compare", HAND, "--rulesets", "tenhou", "--rulesets", "mleague,ema2016")
    assert code == 0
    assert out == run(capsys, "compare", HAND, "--rulesets", "tenhou,mleague,ema2016")[1]
    assert "mleague" in out and "ema2016" in out


@pytest.mark.parametrize("argv, says", [
    (["score", HAND, "--ruleset", "tenhou", "--ruleset", "mleague"],
     "--ruleset given twice ('tenhou', then 'mleague'): give it once"),
    (["score", HAND, "--round", "E", "--round", "S"], "--round given twice (0, then 1): give it once"),
    (["score", HAND, "--win", "1m", "--win", "2z"], "--win given twice (1m, then 2z): give it once"),
    (["simulate", "--rulesets", "tenhou", "--seed", "1", "--seed", "2"],
     "--seed given twice ('1', then '2'): give it once"),
    (["replay", "x.mjlog", "--progress", "--no-progress"], "--progress and --no-progress both given: give one"),
    (["play", "--players", "greedy,greedy,greedy", "--players", "random,random,random"],
     "--players given twice ('greedy,greedy,greedy', then 'random,random,random'): give it once"),
])
def test_an_option_of_one_value_given_twice_is_refused_not_the_last_kept(capsys, argv, says):
    refused(capsys, *argv, says=says)


def test_an_option_given_twice_with_the_same_value_is_one(capsys):
    assert run(capsys, "score", HAND, "--ruleset", "mleague", "--ruleset", "mleague")[1] == \
        run(capsys, "score", HAND, "--ruleset", "mleague")[1]
    assert run(capsys, "score", HAND, "--riichi", "--riichi")[0] == 0


def test_every_option_of_every_command_adds_up_or_is_given_once():
    # The pitfall of argparse's "store": every option that takes a value either adds up (a list:
    # More, "append") or refuses a second value (_Given); none silently keeps the last.
    import argparse

    from mjrules.cli import ALL, build_parser
    from mjrules.cli.common import More, _Given

    sub = next(a for a in build_parser(ALL)._actions if isinstance(a, argparse._SubParsersAction))
    kinds = {}
    for name, parser in sub.choices.items():
        for action in parser._actions:
            if action.option_strings and not isinstance(action, argparse._HelpAction):
                assert isinstance(action, (More, argparse._AppendAction, _Given)), (name, action.option_strings)
                kinds[(name, action.option_strings[0])] = type(action).__name__
    adds_up = sorted(k for k, v in kinds.items() if v in ("More", "_AppendAction"))
    assert adds_up == sorted([(c, o) for c in ("score", "compare") for o in ("--dora", "--ura", "--extra")]
                             + [(c, o) for c in ("waits", "discard") for o in ("--visible", "--discards", "--dora")]
                             + [(c, "--rulesets") for c in ("compare", "replay", "simulate")])


# ------------------------------------------------------------------ issue 41: messages that say what is wrong

@pytest.mark.parametrize("hand", ["zz", "z", "mm", "s"])
def test_an_mpsz_typo_is_told_in_mpsz_terms(capsys, hand):
    # a hand that opens with a suit letter but no digit is no majiang hand ("shoupai 'zz'…"): MPSZ's error
    err = refused(capsys, "score", hand, says=f"{hand!r}: suit letter {hand[0]!r} at position 1 has no digits "
                                              "before it (MPSZ writes the digits, then their suit: 123m 11z)")
    assert "shoupai" not in err


def test_a_majiang_hand_is_still_read_as_majiang(capsys):
    assert run(capsys, "score", "m123p456s789z11222")[1] == run(capsys, "score", HAND)[1]


def test_a_bad_indicator_names_no_function_of_mjrules(capsys):
    err = refused(capsys, "score", HAND, "--dora", "9x", says="argument --dora: ")
    assert "read_indicators" not in err and "invalid" not in err


def test_no_bad_option_value_is_named_by_its_reader(capsys, tmp_path, monkeypatch):
    # argparse says "invalid <the type's __name__> value" when a type raises ValueError: read_indicators,
    # int. Every option that reads its value says what is wrong with it instead. (In a folder of its
    # own: some of these values are good file names, and a command writes there.)
    import argparse

    monkeypatch.chdir(tmp_path)

    from mjrules.cli import ALL, build_parser

    sub = next(a for a in build_parser(ALL)._actions if isinstance(a, argparse._SubParsersAction))
    typed = [(name, a.option_strings[0]) for name, p in sub.choices.items() for a in p._actions
             if a.option_strings and a.type is not None and a.nargs != 0]
    assert len(typed) > 40
    for name, option in typed:
        for value in ("zz", "-5x", "9" * 30, "\udcff"):
            main([name, option, value])
            err = capsys.readouterr().err
            assert "invalid" not in err and "Traceback" not in err, (name, option, value, err)


# ------------------------------------------------------------------ issue 41: files read by what they hold

RULE_OBJECT = '{"クイタンあり": false, "喰い替え許可レベル": 0}\n'  # open tanyao off, as 電脳麻将's rule page writes it


@pytest.mark.parametrize("name", ["rule.JSON", "rule.txt", "rule", "rule.json"])
def test_a_rule_object_is_read_by_its_content_whatever_its_name(tmp_path, monkeypatch, name):
    # rule.JSON and rule.txt got "TOML syntax error": the suffix, not the content, chose the reader
    monkeypatch.chdir(tmp_path)
    Path(name).write_text(RULE_OBJECT, encoding="utf-8")
    ruleset = load_ruleset(name)
    assert ruleset.name == "rule" and ruleset.flags["open_tanyao"] is False
    assert ruleset.origin["open_tanyao"] == f"{name} [majiang] クイタンあり"
    Path("club.toml").write_text(f'extends = "{name}"\n[flags]\nkiriage = true\n', encoding="utf-8")
    club = load_ruleset(str(tmp_path / "club.toml"))  # extends, relative to the file, by its name
    assert club.flags["open_tanyao"] is False and club.flags["kiriage"] is True


def test_toml_in_a_json_named_file_is_read_as_toml(tmp_path):
    path = tmp_path / "club.json"
    path.write_text('extends = "tenhou"\n[flags]\nkiriage = true\n', encoding="utf-8")
    assert load_ruleset(str(path)).flags["kiriage"] is True


def test_an_uploaded_rule_object_is_read_as_one(tmp_path, monkeypatch):
    from mjrules.rules.ruleset import ruleset_from_data

    assert ruleset_from_data(RULE_OBJECT.encode(), "rule.txt").flags["open_tanyao"] is False
    # an upload extends only a preset, never a file of the server's folder, whatever its name
    monkeypatch.chdir(tmp_path)
    for name in ("club", "rule.JSON", "rule.json"):
        Path(name).write_text(RULE_OBJECT, encoding="utf-8")
        with pytest.raises(RulesetError, match=f"extends: '{name}' is no preset; this ruleset can extend only a preset"):
            ruleset_from_data(f'extends = "{name}"\n'.encode())


def test_replay_reads_a_record_from_stdin(capsys, monkeypatch):
    # `replay -` was refused ("no such file or directory") where /dev/stdin worked
    record = sorted((DATA / "tenhou-mjlog").iterdir())[0]
    expected = run(capsys, "replay", "--json", str(record))
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(record.read_bytes())))
    code, out, err = run(capsys, "replay", "--json", "-")
    assert (code, err) == (expected[0], expected[2]) == (0, "")
    # the same games, named stdin; a name can hold a Tenhou log id, which dates the rules: none here
    lines, before = [json.loads(x) for x in out.splitlines()], [json.loads(x) for x in expected[1].splitlines()]
    assert {x.get("log") for x in lines} == {"stdin", None} and lines[-1] == before[-1]
    assert [{**x, "log": None, "assumed": None} for x in lines] == [{**x, "log": None, "assumed": None} for x in before]
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(record.read_bytes())))
    refused(capsys, "replay", "-", "-", says="- is given twice: stdin holds one record")


def test_replay_of_stdin_with_workers_reads_it_once(tmp_path):
    record = sorted((DATA / "tenhou-mjlog").iterdir())[0]
    done = subprocess.run([sys.executable, "-m", "mjrules", "replay", "-", str(record), "--jobs", "2"],
                          input=record.read_bytes(), capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode().splitlines()[-1].startswith("2 games, 14 wins, 14 agree")


@pytest.mark.parametrize("argv", [["compare", "--input", "x.jsonl", "--output", "-"],
                                  ["simulate", "--rulesets", "tenhou", "--output", "-"],
                                  ["play", "--record", "-"]])
def test_an_output_beside_stdout_is_no_file_named_dash(capsys, tmp_path, monkeypatch, argv):
    monkeypatch.chdir(tmp_path)
    refused(capsys, *argv, says="- (stdout) carries the command's own output: name a file")
    assert os.listdir(tmp_path) == []
