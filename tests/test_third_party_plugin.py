"""A third-party plugin installed with pip, enabled by name from a ruleset, scoring through the CLI.

The example distribution in tests/example-plugin is installed for real into a fresh virtual
environment (with mjrules from this checkout). Only the build backend comes from the package
index; the runtime dependencies, pluggy and attrs, are borrowed from the running environment
through a .pth file.
"""

import os
import subprocess
import sys
import venv
from pathlib import Path

import attrs
import pluggy
import pytest

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "tests" / "example-plugin"


def run(cmd, **kw):
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300, **kw)
    return proc


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    root = tmp_path_factory.mktemp("venv")
    venv.EnvBuilder(with_pip=True).create(root)
    bindir = root / ("Scripts" if os.name == "nt" else "bin")
    python = bindir / "python"
    site = run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).stdout.strip()
    deps = {str(Path(pluggy.__file__).resolve().parents[1]), str(Path(attrs.__file__).resolve().parents[1])}
    Path(site, "borrowed-deps.pth").write_text("\n".join(sorted(deps)) + "\n")
    pip = [str(python), "-m", "pip", "install", "--no-deps", "-q"]
    for target in (str(REPO), str(EXAMPLE)):
        proc = run(pip + [target])
        assert proc.returncode == 0, proc.stderr
    return bindir


def test_installed_plugin_scores_through_the_cli(env, tmp_path):
    ruleset = tmp_path / "rooster.toml"
    ruleset.write_text('extends = "tenhou"\n[plugins]\nenable = ["kinkei"]\n', encoding="utf-8")
    hand = "11s 1-23m 4-56p 777=z 222+z"
    proc = run([str(env / "mjrules"), "score", hand, "--ruleset", str(ruleset), "--json"])
    assert proc.returncode == 0, proc.stderr
    import json

    data = json.loads(proc.stdout)
    # Kinkei dokuritsu is a yakuman; the default seat is East, so a dealer's tsumo yakuman:
    # 16,000 from each player, 48,000 in all.
    assert [y["id"] for y in data["yaku"]] == ["kinkei"]
    assert data["points"] == 48000


def test_plugin_flag_from_the_ruleset(env, tmp_path):
    ruleset = tmp_path / "rooster5.toml"
    ruleset.write_text('extends = "tenhou"\n[plugins]\nenable = ["kinkei"]\n[flags]\nkinkei_value = "mangan-yaku"\n',
                       encoding="utf-8")
    proc = run([str(env / "mjrules"), "score", "11s 1-23m 4-56p 777=z 222+z", "--ruleset", str(ruleset), "--json"])
    assert proc.returncode == 0, proc.stderr
    import json

    data = json.loads(proc.stdout)
    # chun 1 + kinkei 5 = 6 han: haneman, dealer tsumo 6,000 all = 18,000.
    assert sorted(y["id"] for y in data["yaku"]) == ["chun", "kinkei"]
    assert (data["han"], data["points"]) == (6, 18000)


def test_without_enabling_it_the_plugin_is_not_loaded(env):
    proc = run([str(env / "mjrules"), "plugins", "--json"])
    assert proc.returncode == 0, proc.stderr
    import json

    # Listed as installed, but not enabled by the default ruleset, so not loaded: no hooks.
    (row,) = [r for r in json.loads(proc.stdout) if r["name"] == "kinkei"]
    assert (row["source"], row["enabled"], row["hooks"]) == ("entry point", False, [])


def test_unknown_plugin_names_the_installed_ones(env, tmp_path):
    ruleset = tmp_path / "typo.toml"
    ruleset.write_text('extends = "tenhou"\n[plugins]\nenable = ["kinkie"]\n', encoding="utf-8")
    proc = run([str(env / "mjrules"), "score", "11s 1-23m 4-56p 777=z 222+z", "--ruleset", str(ruleset)])
    assert proc.returncode == 2
    assert "did you mean 'kinkei'" in proc.stderr
