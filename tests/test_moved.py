"""The module paths of mjrules 0.3 still import for one release, with a DeprecationWarning, and
give the very module at its new place; those of 0.1 are gone."""

from __future__ import annotations

import importlib
import sys

import pytest

from mjrules._moved import MOVED


@pytest.mark.parametrize("old, new", sorted(MOVED.items()))
def test_old_path_warns_and_is_the_new_module(old, new):
    for name in (f"mjrules.{old}", "mjrules.games"):
        sys.modules.pop(name, None)
    with pytest.warns(DeprecationWarning, match=f"mjrules.{old} moved to mjrules.{new}"):
        module = importlib.import_module(f"mjrules.{old}")
    assert module is importlib.import_module(f"mjrules.{new}")
    assert module.__name__ == f"mjrules.{new}" and module.__spec__.name == f"mjrules.{new}"


def test_from_import_of_an_old_path():
    for name in ("mjrules.games", "mjrules.games.replay"):
        sys.modules.pop(name, None)
    with pytest.warns(DeprecationWarning):
        from mjrules.games.replay import Replayer  # noqa: F401  (the README of 0.3 imported it so)
    from mjrules.records.replay import Replayer as current

    assert Replayer is current


@pytest.mark.parametrize("name", ["mjrules.no_such_module", "mjrules.scorer", "mjrules.reading"])
def test_unknown_and_0_1_names_are_not_aliased(name):
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(name)
