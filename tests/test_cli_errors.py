"""Issue 36: the tracebacks and wrong exits, the silent acceptances and the misleading messages a
new user still met. Every error is one line naming what is wrong and where, exit 2, no traceback;
what is accepted with a reservation says so in a note."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mjrules.cli import main

DATA = Path(__file__).resolve().parent / "data"
HAND = "123m456p789s11222z"  # 14 tiles: menzen tsumo, 40 fu 1 han under any preset


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys, *argv: str, says: str) -> str:
    """A command that must refuse its input: exit 2, one line on stderr holding ``says``, nothing on stdout."""
    code, out, err = run(capsys, *argv)
    assert code == 2, (argv, out, err)
    assert out == "", out
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert says in err, err
    return err


def shell(*argv: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mjrules", *argv], capture_output=True, timeout=120, **kw)


# ------------------------------------------------------------------ the tracebacks and wrong exits

def test_a_ruleset_that_disables_every_plugin_is_shown(capsys, tmp_path):
    from mjrules.rules.plugin_manager import ENABLED_BY_DEFAULT

    bare = tmp_path / "bare.toml"
    bare.write_text(f'extends = "tenhou"\n[plugins]\ndisable = {json.dumps(list(ENABLED_BY_DEFAULT))}\n',
                    encoding="utf-8")
    code, out, err = run(capsys, "rulesets", "show", str(bare))
    assert code == 0 and err == ""
    assert "plugins: none\n" in out and "no flags: no enabled plugin declares one" in out
    code, out, _ = run(capsys, "yaku", "--ruleset", str(bare))
    assert code == 0 and out == "ruleset bare scores no yaku: no enabled plugin registers one\n"


@pytest.mark.parametrize("argv", [
    ["simulate", "--rulesets", "tenhou", "--games", "1", "--players", 'mjai:"x,greedy,greedy,greedy'],
    ["play", "--players", 'mjai:"x,greedy,greedy'],
], ids=["simulate", "play"])
def test_a_bot_command_with_an_unbalanced_quote_is_refused(capsys, argv):
    refused(capsys, *argv, says="""--players: player 'mjai:"x': the bot's command cannot be read: No closing quotation""")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("flag", ["--version", "--help"])
def test_version_and_help_into_a_full_disk_say_so(flag):
    with open("/dev/full", "wb") as full:
        done = subprocess.run([sys.executable, "-m", "mjrules", flag], stdout=full, stderr=subprocess.PIPE,
                              timeout=60)
    assert done.returncode == 1
    assert done.stderr.decode() == "mjrules: error: cannot write output: No space left on device\n"


def test_debug_shows_the_traceback_and_keeps_the_status_of_bad_input(capsys):
    code, out, err = run(capsys, "--debug", "score", "123m")
    assert code == 2 and out == ""
    assert err.startswith("Traceback") and err.splitlines()[-1].startswith("mjrules: error: wrong tile count")
    assert run(capsys, "score", HAND, "--debug", "--ron", "next", "--win", "5m")[0] == 2  # 5m is not in it


# ------------------------------------------------------------------ reading

@pytest.mark.skipif(not os.path.exists("/proc/self/mem"), reason="needs a file that cannot be read (Linux)")
@pytest.mark.parametrize("command", [["batch"], ["compare", "--progress"]])
def test_a_read_error_is_named_as_one(capsys, command):
    # /proc/self/mem opens, and its first read fails (EIO): that is no "cannot write output"
    refused(capsys, command[0], "--input", "/proc/self/mem", *command[1:],
            says="/proc/self/mem: cannot read line 1: Input/output error")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs a FIFO")
def test_replay_reads_only_regular_files_of_a_folder_and_names_the_others(tmp_path):
    record = next((DATA / "tenhou-mjlog").iterdir())
    (tmp_path / record.name).write_bytes(record.read_bytes())
    os.mkfifo(tmp_path / "pipe")  # opened, it would wait for a writer forever
    os.symlink(tmp_path / "gone", tmp_path / "dangling")
    for spec in (str(tmp_path), str(tmp_path / "*")):
        done = shell("replay", spec)
        assert done.returncode == 0, done.stderr
        assert done.stdout.decode().startswith("1 game, ")
        assert done.stderr.decode().splitlines() == [
            f"mjrules replay: note: {tmp_path / 'dangling'}: a broken link, not read",
            f"mjrules replay: note: {tmp_path / 'pipe'}: a FIFO, not read"]


# ------------------------------------------------------------------ silent acceptances, refused or noted

MAJIANG_IN = {"shoupai": "m123p456s789z11222", "rongpai": None,
              "param": {"zhuangfeng": 0, "menfeng": 1, "hupai": {}, "baopai": [], "fubaopai": [],
                        "jicun": {"changbang": 0, "lizhibang": 0}}}


def _batch(capsys, tmp_path, *lines: object) -> tuple[int, list[dict], str]:
    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    code, out, err = run(capsys, "batch", "--input", str(src))
    return code, [json.loads(x) for x in out.splitlines()], err


@pytest.mark.parametrize("rule, kind", [([], "list"), (None, "null"), (0, "int"), ("", "str"), (False, "bool")])
def test_a_batch_rule_that_is_no_object_is_an_error_of_its_line(capsys, tmp_path, rule, kind):
    code, out, _ = _batch(capsys, tmp_path, {"in": MAJIANG_IN}, {"in": MAJIANG_IN, "rule": rule})
    assert code == 1
    assert "error" not in out[0]
    assert out[1] == {"error": f"line 2: rule: expected an object of majiang-core rule keys, got {kind}"}


def test_an_empty_batch_rule_object_changes_nothing(capsys, tmp_path):
    code, out, _ = _batch(capsys, tmp_path, {"in": MAJIANG_IN}, {"in": MAJIANG_IN, "rule": {}})
    assert code == 0 and out[0] == out[1]


def test_a_batch_param_that_leaves_out_the_winds_says_how_it_was_read(capsys, tmp_path):
    empty = {**MAJIANG_IN, "param": {}}
    code, out, _ = _batch(capsys, tmp_path, empty, {**MAJIANG_IN, "param": {"menfeng": 1}}, MAJIANG_IN)
    assert code == 0
    # menzen tsumo 40 fu 1 han: the dealer's 700 all, as majiang's 0 for a wind left out makes it
    assert out[0]["payments"] == [2100, -700, -700, -700]
    assert out[0]["notes"] == ["param.menfeng left out: the winner is read as the dealer (0, East)",
                               "param.zhuangfeng left out: the round is read as East (0)"]
    assert out[1]["notes"] == ["param.zhuangfeng left out: the round is read as East (0)"]
    assert "notes" not in out[2]  # majiang-core's own form says both


def _toml(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_return_score_below_the_start_score_is_refused(capsys, tmp_path):
    low = _toml(tmp_path, "low.toml", 'extends = "tenhou"\n[flags]\nreturn_score = 20000\n')
    refused(capsys, "score", HAND, "--ruleset", low,
            says=f"{low}: [flags] return_score: 20000 is below start_score 25000")
    # raised above the base file's return_score: the user's file is named first
    high = _toml(tmp_path, "high.toml", 'extends = "tenhou"\n[flags]\nstart_score = 35000\n')
    refused(capsys, "score", HAND, "--ruleset", high,
            says=f"{high} (its return_score from tenhou.toml): [flags] return_score: 30000 is below start_score 35000")


def test_an_error_of_a_base_file_names_the_users_file_first(capsys, tmp_path):
    # _standard.toml's 300 a honba is right for four players; the user's players = 3 makes it wrong
    sanma = _toml(tmp_path, "sanma.toml", 'extends = "tenhou"\nplayers = 3\n')
    refused(capsys, "rulesets", "show", sanma, says=f"{sanma} (its honba_value from _standard.toml): [flags] honba_value")


def test_a_plugin_both_enabled_and_disabled_is_refused(capsys, tmp_path):
    both = _toml(tmp_path, "both.toml", 'extends = "tenhou"\n[plugins]\nenable = ["pao"]\ndisable = ["pao"]\n')
    refused(capsys, "score", HAND, "--ruleset", both, says="plugins: 'pao' is both enabled and disabled")


def test_a_ruleset_file_with_a_byte_order_mark_is_named_so(capsys, tmp_path):
    bom = tmp_path / "bom.toml"
    bom.write_bytes('\ufeffextends = "tenhou"\n'.encode("utf-8"))
    refused(capsys, "score", HAND, "--ruleset", str(bom), says="starts with a byte-order mark (BOM)")


def test_a_situation_tag_no_yaku_of_the_ruleset_reads_is_a_note(capsys, tmp_path):
    local = _toml(tmp_path, "local.toml", 'extends = "tenhou"\n[plugins]\nenable = ["local-yaku"]\n')
    code, out, _ = run(capsys, "score", HAND, "--extra", "kanburi")
    assert code == 0
    assert "Note: kanburi not scored: ruleset tenhou enables no yaku that reads it (plugin local-yaku has one).\n" in out
    # under two rulesets, one reading it: compared, the other noted, where it used to refuse the hand
    code, out, _ = run(capsys, "compare", HAND, "--extra", "kanburi", "--rulesets", f"{local},tenhou", "--json")
    assert code == 0
    assert json.loads(out)["notes"] == ["kanburi not scored: ruleset tenhou enables no yaku that reads it "
                                        "(plugin local-yaku has one)"]
    refused(capsys, "score", HAND, "--extra", "kanbur", says="situation tag 'kanbur' is read by no enabled yaku")


def test_replay_json_and_csv_together_are_refused(capsys):
    refused(capsys, "replay", "--rulesets", "tenhou,mleague", "--json", "--csv", str(DATA / "tenhou-mjlog"),
            says="give --json or --csv, not both")


@pytest.mark.parametrize("option", ["--hands", "--seed"])
def test_plugins_check_options_without_check_are_refused(capsys, option):
    refused(capsys, "plugins", option, "7", says=f"{option} is for --check")


def test_an_unknown_mjai_event_is_noted_in_the_replay(tmp_path):
    from mjrules.games.players import Greedy
    from mjrules.games.table import Length, Table
    from mjrules.scoring.scorer import Scorer

    lines = Table(Scorer("tenhou"), [Greedy() for _ in range(4)], length=Length.TONPUU).play(7).record.splitlines()
    lines.insert(2, json.dumps({"type": "chat", "actor": 0, "text": "gg"}))
    record = tmp_path / "game.mjson"
    record.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = shell("replay", str(record))
    assert done.returncode == 0, done.stderr  # passed over: the game still replays as recorded
    assert f"{record}: line 3: event type 'chat' is none of mjai's; passed over\n" in done.stdout.decode()
    done = shell("replay", "--json", str(record))
    last = json.loads(done.stdout.decode().splitlines()[-2])
    assert f"{record}: line 3: event type 'chat' is none of mjai's; passed over" in last["notes"]
