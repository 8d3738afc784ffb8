"""The module paths of mjrules 0.1 still import for one release, with a DeprecationWarning, and
give the very module at its new place."""

from __future__ import annotations

import importlib
import sys

import pytest

from mjrules._moved import MOVED


@pytest.mark.parametrize("old, new", sorted(MOVED.items()))
def test_old_path_warns_and_is_the_new_module(old, new):
    sys.modules.pop(f"mjrules.{old}", None)
    with pytest.warns(DeprecationWarning, match=f"mjrules.{old} moved to mjrules.{new}"):
        module = importlib.import_module(f"mjrules.{old}")
    assert module is importlib.import_module(f"mjrules.{new}")
    assert module.__name__ == f"mjrules.{new}" and module.__spec__.name == f"mjrules.{new}"


def test_from_import_of_an_old_path():
    sys.modules.pop("mjrules.scorer", None)
    with pytest.warns(DeprecationWarning):
        from mjrules.scorer import Scorer  # noqa: F401  (the README of 0.1 imported it so)
    from mjrules import Scorer as current

    assert Scorer is current


def test_unknown_names_are_not_aliased():
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("mjrules.no_such_module")
