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
