"""Issue 36, "nothing a user owns is overwritten": no command writes a file it reads (its input,
each ruleset file it loads and the files those extend, a plugin's module) and no two outputs of one
command are one file. One check, before any work, by what the file is on disk: refused with one
line and exit 2, the file left as it was."""

from __future__ import annotations

import json
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


# ------------------------------------------------------------------ issue 41: setup installs only where asked

FAKE_NPM = '''#!{python}
"""npm as far as mjrules setup uses it: `npm install --prefix DIR ... PACKAGES` notes its arguments
and writes what npm would (no network, nothing installed)."""
import json, os, sys
args = sys.argv[1:]
with open({log!r}, "a") as f:
    f.write(json.dumps(args) + "\\n")
prefix = args[args.index("--prefix") + 1]
manifest = os.path.join(prefix, "package.json")
data = json.load(open(manifest)) if os.path.exists(manifest) else {{}}
for spec in (a for a in args if a.startswith("@kobalab/")):
    name, version = spec.rsplit("@", 1)
    data.setdefault("dependencies", {{}})[name] = version
    os.makedirs(os.path.join(prefix, "node_modules", name), exist_ok=True)
    with open(os.path.join(prefix, "node_modules", name, "package.json"), "w") as f:
        json.dump({{"name": name, "version": version}}, f)
with open(manifest, "w") as f:
    json.dump(data, f, indent=2)
'''


@pytest.fixture
def npm(tmp_path, monkeypatch):
    """A fake npm alone on PATH (no test installs a package or reaches the network); the list of the
    argument lists it was run with."""
    if os.name != "posix":
        pytest.skip("the fake npm is a script run by its #! line (POSIX)")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    log = tmp_path / "npm.log"
    script = bin_dir / "npm"
    script.write_text(FAKE_NPM.format(python=sys.executable, log=str(log)), encoding="utf-8")
    script.chmod(0o755)
    monkeypatch.setenv("PATH", str(bin_dir))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("MJRULES_MAJIANG_AI", raising=False)
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)

    def runs() -> list[list[str]]:
        return [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()] if log.exists() else []
    return runs


def test_setup_into_an_empty_dir_name_is_refused_not_the_current_folder(npm, capsys, tmp_path):
    refused(capsys, "setup", "majiang-ai", "--dir", "", says="argument --dir: an empty folder name; for the "
                                                             "current folder, say .")
    assert npm() == [] and os.listdir(tmp_path / "work") == []


def test_setup_refuses_the_folder_of_another_npm_project(npm, capsys, tmp_path):
    project = tmp_path / "work"
    manifest = '{\n  "name": "my-app",\n  "dependencies": {"left-pad": "1.3.0"}\n}\n'
    (project / "package.json").write_text(manifest, encoding="utf-8")
    for where in (".", str(project)):
        refused(capsys, "setup", "majiang-ai", "--dir", where,
                says="is the folder of another npm project 'my-app' (its package.json is not one mjrules setup "
                     "wrote): npm would add majiang-ai to its dependencies")
    assert npm() == [] and (project / "package.json").read_text(encoding="utf-8") == manifest
    assert sorted(os.listdir(project)) == ["package.json"]


def test_setup_refuses_npm_files_no_package_json_of_its_own_describes(npm, capsys, tmp_path):
    (tmp_path / "work" / "node_modules" / "left-pad").mkdir(parents=True)
    refused(capsys, "setup", "majiang-ai", "--dir", ".", says="holds node_modules with no package.json")
    (tmp_path / "file").write_text("", encoding="utf-8")
    refused(capsys, "setup", "majiang-ai", "--dir", str(tmp_path / "file"), says="not a folder")
    assert npm() == []


def test_setup_installs_into_a_new_folder_and_again_into_its_own(npm, capsys, tmp_path):
    target = tmp_path / "ai"
    for run in (1, 2):  # the second time, into the folder the first made: npm's package.json is mjrules'
        assert main(["setup", "majiang-ai", "--dir", str(target)]) == 0
        out, err = capsys.readouterr()
        assert err == "" and out == f"majiang-ai installed in {target}; set MJRULES_MAJIANG_AI={target} to use it\n"
        assert len(npm()) == run and npm()[-1][:3] == ["install", "--prefix", str(target)]
    deps = json.loads((target / "package.json").read_text(encoding="utf-8"))
    assert deps == {"dependencies": {"@kobalab/majiang-core": "1.4.1", "@kobalab/majiang-ai": "1.0.13"}}
    assert os.listdir(tmp_path / "work") == []  # nothing in the current folder
