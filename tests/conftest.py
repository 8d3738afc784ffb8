import gzip
import json
import os
from pathlib import Path

import pytest

from mjrules.errors import MjrulesError
from mjrules.table import majiang_ai

DATA = Path(__file__).parent / "data"

MAJIANG_AI_DIR = majiang_ai.install_dir()
"""Where the user's majiang-ai is (``mjrules setup majiang-ai``'s folder), found before the suite
points the user's data folder at its temporary folder: the tests that seat majiang-ai ask for it
with the ``majiang_ai`` fixture, which looks whether it is there when the test runs."""

MAJIANG_REQUIRED = os.environ.get("MJRULES_MAJIANG") == "required"
"""CI sets ``MJRULES_MAJIANG=required``: it installs node and the packages, so a test that needs them
fails there, not skips."""

USER_ENV = dict(os.environ)
"""The environment the suite was started in, before the fixture below changes it."""

NPM = """#!/bin/sh
printf '%s\\t%s\\n' "$PWD" "$*" >> "$MJRULES_TEST_NPM_CALLS"
echo "npm: not run by the test suite (no test installs packages)" >&2
exit 1
"""
"""A stand-in for npm, first on PATH for every test: it notes its folder and arguments (a line each,
a tab between) and installs nothing."""


@pytest.fixture(scope="session", autouse=True)
def user_folders_in_tmp(tmp_path_factory):
    """Every test runs with the user's data, cache, config and state folders (XDG), Hypothesis's and
    Dask's own, in the session's temporary folder, and npm replaced by a stand-in that installs nothing
    (it notes each call in ``$MJRULES_TEST_NPM_CALLS``): no test writes into the user's folders or
    the checkout, installs a package or reaches the network, whatever the command it runs."""
    home = tmp_path_factory.mktemp("home")
    bin_dir = home / "bin"
    bin_dir.mkdir()
    npm = bin_dir / "npm"
    npm.write_text(NPM, encoding="utf-8")
    npm.chmod(0o755)
    with pytest.MonkeyPatch.context() as mp:
        for name in ("DATA", "CACHE", "CONFIG", "STATE"):
            mp.setenv(f"XDG_{name}_HOME", str(home / name.lower()))
        mp.setenv("DASK_TEMPORARY_DIRECTORY", str(home / "dask"))  # a local cluster's scratch space (else /tmp)
        mp.delenv(majiang_ai.ENV, raising=False)
        mp.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}")
        mp.setenv("MJRULES_TEST_NPM_CALLS", str(home / "npm-calls"))
        _hypothesis_home(home / "hypothesis")
        yield home


def _hypothesis_home(folder: Path) -> None:
    """Hypothesis's folder (caches; the example database of the on-demand deep profile, which keeps
    ``.hypothesis/`` in the checkout as it says) in the session's temporary folder."""
    from strategies import profile_name

    if profile_name() != "deep":
        from hypothesis.configuration import set_hypothesis_home_dir

        set_hypothesis_home_dir(folder)


@pytest.fixture(scope="session")
def user_env() -> dict[str, str]:
    """The environment the suite was started in: for the on-demand test (marker ``network``) that
    runs the README's install as the user would, with their pip configuration."""
    return dict(USER_ENV)


@pytest.fixture
def majiang_ai_modules(monkeypatch) -> Path:
    """The user's majiang-ai (its ``node_modules``), looked for as the test runs, and
    ``$MJRULES_MAJIANG_AI`` naming its folder; the test is skipped, saying why, where node or the
    packages are missing (failed where ``MJRULES_MAJIANG=required``)."""
    monkeypatch.setenv(majiang_ai.ENV, str(MAJIANG_AI_DIR))
    try:
        return majiang_ai.node_modules()
    except MjrulesError as e:
        if MAJIANG_REQUIRED:
            pytest.fail(f"MJRULES_MAJIANG=required, and {e}")
        pytest.skip(f"majiang-ai needs node and its npm packages: {e}")


def _lines(name):
    opener = gzip.open if name.endswith(".gz") else open
    with opener(DATA / name, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


@pytest.fixture(scope="session")
def hule_lines():
    """The 5,000 majiang-core hule() cases: [{"in": …, "out": …}, …]."""
    return _lines("majiang-hule-public.jsonl")


@pytest.fixture(scope="session")
def variant_lines():
    """The 38,583 rule-variant cases, each with its majiang-core "rule" object."""
    return _lines("rule-variants-public.jsonl.gz")


@pytest.fixture(scope="session")
def key_lines():
    """majiang-core's scores of the public hands with one rule key flipped (made by
    data/make_majiang_keys.js): [{"line": N, "rule": {…}, "out": …}, …]."""
    return _lines("majiang-keys-public.jsonl.gz")
