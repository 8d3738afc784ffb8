"""Deprecation aliases for the module paths of mjrules 0.1, kept for one release.

mjrules 0.2 moved its flat modules into one sub-package per layer. ``import mjrules.reading``
still works: it warns and yields the module at its new place (the same module object, so
classes and functions are identical), without a file per old name cluttering the package.
"""

from __future__ import annotations

import importlib
import importlib.machinery
import sys
import warnings
from types import ModuleType
from typing import TYPE_CHECKING, Sequence, cast

if TYPE_CHECKING:
    from importlib.abc import Loader

MOVED = {
    "tiles": "model.tiles", "melds": "model.melds", "hand": "model.hand", "situation": "model.win",
    "decompose": "kernel.shapes", "scoring.shapes": "kernel.shapes", "reading": "scoring.reading", "fu": "scoring.fu", "points": "scoring.limits",
    "payments": "scoring.payments", "scorer": "scoring.scorer", "result": "scoring.result",
    "yaku": "rules.yaku", "flags": "rules.flags", "hookspecs": "rules.hookspecs",
    "plugin_manager": "rules.plugin_manager", "liability": "rules.liability", "ruleset": "rules.ruleset",
    "majiang_rules": "rules.majiang",
    "compare": "tools.compare", "point_table": "tools.point_table", "needs": "tools.needs",
    "shanten": "tools.shanten", "waits": "tools.waits", "discard": "tools.discard", "odds": "tools.odds",
    "compare_cli": "cli.compare", "analysis_cli": "cli.analysis",
}
"""Old module name under ``mjrules`` → its new place under ``mjrules``."""


class _Finder:
    """Finds ``mjrules.<old name>``; its loader hands out the module at the new place. (The import
    system needs only the methods: no importlib.abc base, whose import costs every start-up.)"""

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        prefix, _, name = fullname.partition(".")
        if prefix != "mjrules" or name not in MOVED:
            return None
        return importlib.machinery.ModuleSpec(fullname, cast("Loader", _Alias("mjrules." + MOVED[name])))


class _Alias:
    def __init__(self, target: str) -> None:
        self.target = target

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        warnings.warn(f"{spec.name} moved to {self.target}; the old name goes in the next release",
                      DeprecationWarning, stacklevel=2)
        module = importlib.import_module(self.target)
        self.spec, self.loader = module.__spec__, module.__loader__
        return module

    def exec_module(self, module: ModuleType) -> None:
        # The import system stamped the alias's spec and loader on the shared module: put its own back.
        module.__spec__, module.__loader__, module.__name__ = self.spec, self.loader, self.target


def install() -> None:
    if not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.append(_Finder())
