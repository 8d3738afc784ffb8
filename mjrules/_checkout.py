"""Run from a source checkout: ``python -m mjrules`` in the repository root imports the package
from ``./mjrules``, whatever is installed, and there ``mjrules.plugins`` and ``mjrules.rulesets``
are not sub-folders but the top-level ``plugins/`` and ``rulesets/`` (pyproject.toml's
package-dir maps them at install). This finder maps them the same way, for a checkout only."""

from __future__ import annotations

import importlib.machinery
import os
import sys
from types import ModuleType
from typing import Sequence

MAPPED = ("plugins", "rulesets")
"""Sub-packages of ``mjrules`` that a checkout keeps beside the package folder."""


class _CheckoutFinder:
    """Finds ``mjrules.plugins`` and ``mjrules.rulesets`` in the checkout's top-level folders; their
    modules are then found in those folders by the usual path search."""

    def __init__(self, root: str) -> None:
        self.root = root

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        prefix, _, name = fullname.partition(".")
        if prefix != "mjrules" or name not in MAPPED:
            return None
        from importlib.util import spec_from_file_location

        folder = os.path.join(self.root, name)
        return spec_from_file_location(fullname, os.path.join(folder, "__init__.py"),
                                       submodule_search_locations=[folder])


def install(package_dir: str) -> None:
    """Map the checkout's folders when ``package_dir`` (the imported ``mjrules`` folder) lies in a
    checkout; an installed package has its own sub-folders and maps nothing."""
    root = os.path.dirname(package_dir)
    if os.path.isdir(os.path.join(package_dir, MAPPED[0])):
        return
    if not all(os.path.isfile(os.path.join(root, name, "__init__.py")) for name in MAPPED):
        return
    # Last: an editable install's own finder, or an installed copy, keeps precedence.
    if not any(isinstance(f, _CheckoutFinder) for f in sys.meta_path):
        sys.meta_path.append(_CheckoutFinder(root))
