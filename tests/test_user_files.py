"""Issue 36, "nothing a user owns is overwritten": no command writes a file it reads (its input,
each ruleset file it loads and the files those extend, a plugin's module) and no two outputs of one
command are one file. One check, before any work, by what the file is on disk: refused with one
line and exit 2, the file left as it was."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from mjrules.cli import main

CLUB = 'name = "club"\nextends = "tenhou"\n\n[flags]\nkiriage = true\n'
HAND_LINE = ('{"in": {"shoupai": "m123p456s789z11122", "rongpai": null, "param": {"zhuangfeng": 0, "menfeng": 1, '
             '"hupai": {}, "baopai": ["z1"], "fubaopai": null, "jicun": {"changbang": 0, "lizhibang": 0}}}}\n')


@pytest.fixture
def club(tmp_path, monkeypatch):
    """A house-rules file in the working folder, and a corpus of one hand beside it."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "club.toml").write_text(CLUB, encoding="utf-8")
    (tmp_path / "hands.jsonl").write_text(HAND_LINE, encoding="utf-8")
    (tmp_path / "compare.jsonl").write_text('{"hand": "123m456p789s11222z"}\n', encoding="utf-8")
    return tmp_path / "club.toml"


def refused(capsys, *argv: str, says: str) -> str:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 2, (argv, out, err)
    assert out == "", out
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    assert says in err, err
    return err


def kept(path: Path) -> None:
    assert path.read_text(encoding="utf-8") == CLUB


@pytest.mark.parametrize("argv", [
    ["batch", "--input", "hands.jsonl", "--output", "club.toml", "--ruleset", "club.toml"],
    ["batch", "--input", "hands.jsonl", "--output", "club.toml", "--ruleset", "club.toml", "--csv"],
    ["compare", "--input", "compare.jsonl", "--rulesets", "tenhou,club.toml", "--output", "club.toml"],
    ["compare", "--input", "compare.jsonl", "--rulesets", "tenhou,club.toml", "--plot", "club.toml"],
    ["simulate", "--rulesets", "club.toml", "--games", "1", "--output", "club.toml"],
    ["simulate", "--rulesets", "tenhou,club.toml", "--games", "1", "--plot", "club.toml"],
    ["play", "--ruleset", "club.toml", "--record", "club.toml"],
    ["score", "123m456p789s11222z", "--ruleset", "club.toml", "--html", "club.toml"],
], ids=lambda a: " ".join(a[:1] + [x for x in a if x.startswith("--") and x not in ("--input", "--games")]))
def test_no_command_writes_over_a_ruleset_it_loads(club, capsys, argv):
    err = refused(capsys, *argv, says="club.toml")
    assert "overwritten" in err
    kept(club)


@pytest.mark.parametrize("spelling", ["./club.toml", "link.toml", "hard.toml", "sub/../club.toml"])
def test_the_same_file_under_another_name_is_the_same_file(club, capsys, spelling):
    (club.parent / "sub").mkdir()
    os.symlink("club.toml", club.parent / "link.toml")
    os.link(club, club.parent / "hard.toml")
    refused(capsys, "batch", "--input", "hands.jsonl", "--ruleset", "club.toml", "--output", spelling,
            says=f"--output {spelling} is the --ruleset file club.toml")
    kept(club)


def test_a_file_the_ruleset_extends_is_read_too(club, capsys):
    (club.parent / "mine.toml").write_text('extends = "club.toml"\n', encoding="utf-8")
    refused(capsys, "play", "--ruleset", "mine.toml", "--record", "club.toml",
            says="which --ruleset mine.toml extends")
    kept(club)


def test_a_plugin_module_is_not_written_over(club, capsys, monkeypatch):
    # an installed plugin that lives in the test's folder: were the check to fail, only it is lost
    from importlib.metadata import EntryPoint

    from mjrules.rules import plugin_manager

    module = club.parent / "rooster_plugin.py"
    module.write_text("from mjrules.plugin_api import hookimpl\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(club.parent))
    rooster = EntryPoint(name="rooster", value="rooster_plugin", group="mjrules")
    monkeypatch.setattr(plugin_manager, "installed_plugins", lambda: {"rooster": rooster})
    (club.parent / "rooster.toml").write_text('extends = "tenhou"\n[plugins]\nenable = ["rooster"]\n',
                                              encoding="utf-8")
    refused(capsys, "score", "123m456p789s11222z", "--ruleset", "rooster.toml", "--svg", "rooster_plugin.py",
            says="a module of plugin rooster")
    assert module.read_text(encoding="utf-8") == "from mjrules.plugin_api import hookimpl\n"


def test_two_outputs_of_one_command_are_not_one_file(club, capsys):
    refused(capsys, "simulate", "--rulesets", "tenhou", "--games", "1", "--output", "x.svg", "--plot", "./x.svg",
            says="--output x.svg and --plot ./x.svg are the same file")
    assert not (club.parent / "x.svg").exists()


def test_the_input_is_not_the_output(club, capsys):
    before = (club.parent / "hands.jsonl").read_text(encoding="utf-8")
    refused(capsys, "batch", "--input", "hands.jsonl", "--output", "./hands.jsonl", says="is the --input file")
    assert (club.parent / "hands.jsonl").read_text(encoding="utf-8") == before


@pytest.mark.parametrize("argv", [
    ["batch", "--input", "hands.jsonl", "--output", "{out}"],
    ["compare", "--input", "compare.jsonl", "--output", "{out}"],
    ["simulate", "--rulesets", "tenhou", "--games", "1", "--output", "{out}"],
    ["play", "--record", "{out}"],
    ["score", "123m456p789s11222z", "--svg", "{out}"],
], ids=lambda a: a[0])
def test_an_output_in_a_missing_folder_is_refused_before_any_work(club, capsys, argv):
    out = str(club.parent / "no" / "such" / "file.txt")
    refused(capsys, *[a.replace("{out}", out) for a in argv], says=f"no folder {club.parent / 'no' / 'such'}")
    assert not (club.parent / "no").exists()


def test_records_folder_is_made_only_where_its_parent_exists(club, capsys):
    refused(capsys, "simulate", "--rulesets", "tenhou", "--games", "1", "--records", "no/such/dir",
            says="--records no/such/dir: no folder")
    assert not (club.parent / "no").exists()
    code = main(["simulate", "--rulesets", "tenhou", "--games", "1", "--records", "games", "--no-progress"])
    capsys.readouterr()
    assert code == 0
    assert [p.name for p in (club.parent / "games").iterdir()] == ["tenhou-00000.mjson"]


def _run(argv: list[str], cwd: Path, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "mjrules", *argv], cwd=cwd, capture_output=False, timeout=120,
                          **kw)


def test_stdin_from_the_output_file_is_refused(club):
    hands = club.parent / "hands.jsonl"
    with open(hands, "rb") as stdin:
        done = _run(["batch", "--input", "-", "--output", "hands.jsonl"], club.parent, stdin=stdin,
                    stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert done.returncode == 2
    assert done.stderr.decode().count("\n") == 1 and b"the file stdin reads" in done.stderr
    assert hands.read_text(encoding="utf-8") == HAND_LINE


def test_stdout_into_an_output_file_is_refused(club):
    with open(club.parent / "games.jsonl", "wb") as stdout:
        done = _run(["simulate", "--rulesets", "tenhou", "--games", "1", "--output", "games.jsonl"], club.parent,
                    stdout=stdout, stderr=subprocess.PIPE)
    assert done.returncode == 2
    assert b"--output games.jsonl is the file stdout goes to" in done.stderr


def test_stdout_appended_to_the_ruleset_is_refused(club):
    with open(club, "ab") as stdout:
        done = _run(["score", "123m456p789s11222z", "--ruleset", "club.toml"], club.parent, stdout=stdout,
                    stderr=subprocess.PIPE)
    assert done.returncode == 2
    assert b"stdout goes to club.toml" in done.stderr
    kept(club)
