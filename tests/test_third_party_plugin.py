"""A third-party plugin installed with pip, enabled by name from a ruleset, scoring through the CLI.

The example distribution in tests/example-plugin and mjrules from this checkout are installed for
real, by pip, into a fresh virtual environment, without the network and without writing into the
checkout: each is packed into a wheel in a temporary folder from its own pyproject.toml (packages,
package folders, entry points), so no build backend is needed. The runtime dependencies, pluggy and
attrs, are borrowed from the running environment through a .pth file.
"""

import ast
import base64
import hashlib
import os
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import attrs
import pluggy
import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

REPO = Path(__file__).resolve().parents[1]
EXAMPLE = REPO / "tests" / "example-plugin"
PACKED = (".py", ".toml", ".typed")
"""The files a package folder contributes to the wheel (sources, presets, the py.typed marker)."""


def run(cmd, **kw):
    # The wheels here are packed pure Python (pack_wheel): the installed mjrules has the Python kernel.
    env = {**os.environ, "MJRULES_KERNEL": "python"}
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=300, env=env, **kw)
    return proc


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def _folder(package: str, folders: dict) -> str:
    """The source folder of ``package`` under setuptools' package-dir: a subpackage lies under its
    nearest mapped parent."""
    parts = package.split(".")
    for n in range(len(parts), 0, -1):
        parent = ".".join(parts[:n])
        if parent in folders:
            return "/".join([folders[parent], *parts[n:]])
    return "/".join(parts)


def _dynamic_version(project: Path, tool: dict) -> str:
    """The version a ``dynamic = ["version"]`` project takes from ``version = {attr = "pkg.__version__"}``:
    the string literal assigned to that name in the package's ``__init__.py``, as setuptools reads it."""
    module, _, name = tool["dynamic"]["version"]["attr"].rpartition(".")
    source = project / _folder(module, tool.get("package-dir", {})) / "__init__.py"
    for node in ast.parse(source.read_text("utf-8")).body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return ast.literal_eval(node.value)
    raise LookupError(f"{source}: no {name} = '...'")


def pack_wheel(project: Path, out: Path) -> Path:
    """A pure-Python wheel of ``project`` built from its pyproject.toml alone, written to ``out``."""
    meta = tomllib.loads((project / "pyproject.toml").read_text("utf-8"))
    info = meta["project"]
    tool = meta.get("tool", {}).get("setuptools", {})
    dist = info["name"].replace("-", "_")
    version = info["version"] if "version" in info else _dynamic_version(project, tool)
    folders = tool.get("package-dir", {})
    files: dict[str, bytes] = {}
    for package in tool["packages"]:
        src = project / _folder(package, folders)
        for f in sorted(src.iterdir()):
            if f.is_file() and f.name.endswith(PACKED):
                files[package.replace(".", "/") + "/" + f.name] = f.read_bytes()
    groups = dict(info.get("entry-points", {}))
    if "scripts" in info:
        groups["console_scripts"] = info["scripts"]
    meta_dir = f"{dist}-{version}.dist-info"
    files[f"{meta_dir}/METADATA"] = f"Metadata-Version: 2.1\nName: {info['name']}\nVersion: {version}\n".encode()
    files[f"{meta_dir}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: mjrules-tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    files[f"{meta_dir}/entry_points.txt"] = "".join(
        f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in entries.items()) + "\n"
        for group, entries in groups.items()).encode()
    record = [_record_line(name, data) for name, data in files.items()] + [f"{meta_dir}/RECORD,,"]
    files[f"{meta_dir}/RECORD"] = ("\n".join(record) + "\n").encode()
    wheel = out / f"{dist}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
    return wheel


_CHECKOUT_BEFORE = {p.name for p in REPO.iterdir()}
"""The checkout's top level when this module is collected, before the fixture installs anything."""


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    root = tmp_path_factory.mktemp("venv")
    venv.EnvBuilder(with_pip=True).create(root)
    bindir = root / ("Scripts" if os.name == "nt" else "bin")
    python = bindir / "python"
    site = run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]).stdout.strip()
    deps = {str(Path(pluggy.__file__).resolve().parents[1]), str(Path(attrs.__file__).resolve().parents[1])}
    Path(site, "borrowed-deps.pth").write_text("\n".join(sorted(deps)) + "\n")
    wheels = tmp_path_factory.mktemp("wheels")
    pip = [str(python), "-m", "pip", "install", "--no-deps", "--no-index", "--no-build-isolation", "-q"]
    for project in (REPO, EXAMPLE):
        proc = run(pip + [str(pack_wheel(project, wheels))], cwd=wheels)
        assert proc.returncode == 0, proc.stderr
    return bindir


def test_nothing_is_written_into_the_checkout(env):
    """Installing left no build/ or *.egg-info beside the example plugin, and nothing new in the
    checkout (whose own editable install may have made build/ before the tests ran)."""
    assert not list(EXAMPLE.glob("build")) and not list(EXAMPLE.glob("*.egg-info"))
    new = {p.name for p in REPO.iterdir()} - _CHECKOUT_BEFORE
    assert {name for name in new if not name.startswith(".")} == set()  # dot-folders: the test tools' caches


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


def test_python_m_mjrules_in_the_checkout_root_with_a_non_editable_install(env):
    """From the repository root, ``python -m mjrules`` imports ./mjrules, not the installed copy;
    the checkout's plugins/ and rulesets/ stand in for the sub-packages it lacks there."""
    proc = run([str(env / "python"), "-m", "mjrules", "score", "123m456p789s11222z", "--json"], cwd=REPO)
    assert proc.returncode == 0, proc.stderr
    import json

    # Menzen tsumo alone, 1 han 40 fu (20 base + 8 closed triplet of 2z + 4 pair of 1z, the dealer's
    # East being both winds, + 2 tsumo = 34, rounded up): the dealer's tsumo, 700 from each, 2,100 in all.
    data = json.loads(proc.stdout)
    assert data["points"] == 2100 and [y["id"] for y in data["yaku"]] == ["menzen_tsumo"]
    where = run([str(env / "python"), "-c", "import mjrules; print(mjrules.__file__)"], cwd=REPO).stdout.strip()
    assert Path(where).parent == REPO / "mjrules"  # the source folder was the one imported
