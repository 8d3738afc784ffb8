"""Plugin faults are reported by plugin name; hooks are documented and tested."""

import inspect
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from mjrules import Flag, Liability, PluginError, RulesetError, Scorer, Win, Yaku, hookimpl, parse_mpsz
from mjrules.rules import hookspecs

TESTS = Path(__file__).parent


class Clash:
    @hookimpl
    def mjrules_register_yaku(self, register):
        register(Yaku("tanyao", "Copy", "コピー", lambda r, f: False, han=1))


class Raises:
    @hookimpl
    def mjrules_register_yaku(self, register):
        raise RuntimeError("boom")


class WrongType:
    @hookimpl
    def mjrules_register_yaku(self, register):
        register("not a yaku")


class Typo:
    @hookimpl
    def mjrules_register_yakus(self, register):
        pass


class BadFlag:
    @hookimpl
    def mjrules_register_flags(self, register):
        register(Flag("kiriage", int, 0, "same name as the kiriage plugin's flag, another type"))


class BadKazoe:
    @hookimpl(tryfirst=True)
    def mjrules_kazoe_yakuman(self, han, flags):
        return "lots"


class RaisingCheck:
    @hookimpl
    def mjrules_register_yaku(self, register):
        def check(r, f):
            raise ZeroDivisionError("inside a check")

        register(Yaku("fragile", "Fragile", "脆い", check, han=1))


@pytest.mark.parametrize(
    "plugin, pattern",
    [
        (Clash(), r"yaku id 'tanyao' is registered by both 'yaku' and 'extra'"),
        (Raises(), r"plugin 'extra' failed in mjrules_register_yaku: RuntimeError: boom"),
        (WrongType(), r"plugin 'extra' registered 'not a yaku', which is not a mjrules.rules.yaku.Yaku"),
        (Typo(), r"plugin 'extra'.*mjrules_register_yakus"),
        (BadFlag(), r"flag 'kiriage' is declared by 'kiriage' and 'extra' with different type or default"),
    ],
)
def test_faults_at_build_name_the_plugin(plugin, pattern):
    with pytest.raises(PluginError, match=pattern):
        Scorer("tenhou", extra_plugins={"extra": plugin})


def test_policy_hook_returning_the_wrong_type():
    scorer = Scorer("tenhou", extra_plugins={"extra": BadKazoe()})
    # 13 han without yakuman: riichi, tsumo, chinitsu 6, pinfu, iipeikou 1... use dora to reach 13.
    hand = parse_mpsz("11223344556677m")
    win = Win(riichi=1, dora=tuple(parse_mpsz("1m2m3m4m5m5m6m7m8m9m9m9m9m1p").concealed[:5]))
    with pytest.raises(PluginError, match="plugin 'extra' returned 'lots' from mjrules_kazoe_yakuman"):
        scorer.score(hand, win)


def test_a_raising_check_is_reported_by_yaku_and_plugin():
    scorer = Scorer("tenhou", extra_plugins={"extra": RaisingCheck()})
    with pytest.raises(PluginError, match=r"yaku 'fragile' of plugin 'extra' failed: ZeroDivisionError"):
        scorer.score(parse_mpsz("123m456p789s11222z"), Win())


def test_scorer_keeps_working_after_a_failed_build():
    with pytest.raises(PluginError):
        Scorer("tenhou", extra_plugins={"extra": Raises()})
    assert Scorer("tenhou").score(parse_mpsz("123m456p789s11222z"), Win()).is_win


def test_yaku_come_in_plugin_order():
    scorer = Scorer("tenhou")
    owners = [plugin for plugin, _ in scorer.yaku_owners]
    order = list(dict.fromkeys(owners))
    assert order == [p for p in scorer.ruleset.plugins if p in order]


def test_hook_results_are_typed():
    assert Liability(1, 1).honba == "normal"
    with pytest.raises(ValueError):
        Liability(4, 1)


def test_a_ruleset_cannot_import_code(tmp_path):
    path = tmp_path / "evil.toml"
    path.write_text('[plugins]\nenable = ["os:system"]\n', encoding="utf-8")
    from mjrules import load_ruleset

    with pytest.raises(RulesetError, match="unknown plugin 'os:system'"):
        load_ruleset(str(path))


# -- every hook has documentation and a test ------------------------------------------------------

SPECS = [(name, fn) for name, fn in vars(hookspecs).items() if name.startswith("mjrules_") and callable(fn)]


@pytest.mark.parametrize("name, fn", SPECS, ids=[n for n, _ in SPECS])
def test_hook_is_documented(name, fn):
    doc = inspect.getdoc(fn) or ""
    assert doc, f"{name} has no docstring"
    for arg in inspect.signature(fn).parameters:
        assert re.search(rf":param {arg}:", doc), f"{name}: no :param {arg}: line"
    guide = (Path(__file__).parents[1] / "plugins" / "README.md").read_text(encoding="utf-8")
    assert name in guide, f"{name} is missing from the plugin guide"


@pytest.mark.parametrize("name", [n for n, _ in SPECS])
def test_hook_has_a_test(name):
    here = Path(__file__).name
    users = [p.name for p in TESTS.rglob("*.py") if p.name != here and name in p.read_text(encoding="utf-8")]
    assert users, f"no test implements or calls {name}"


def test_a_broken_installed_plugin_does_not_stop_the_suite_at_collection(tmp_path):
    """An installed plugin whose module is missing, not enabled by any ruleset: the suite still collects."""
    dist = tmp_path / "broken_mjrules_plugin-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-mjrules-plugin\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[mjrules]\nbroken = no_such_module_anywhere\n")
    repo = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    check = subprocess.run([sys.executable, "-c", "from mjrules.rules.plugin_manager import known_plugins; "
                            "print(known_plugins())"], capture_output=True, text=True, env=env)
    assert "'broken'" in check.stdout  # the fake distribution is seen as installed
    proc = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                           "tests"], capture_output=True, text=True, cwd=repo, env=env, timeout=300)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    assert "test_policy_hook_returning_the_wrong_type" in proc.stdout
