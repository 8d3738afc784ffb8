"""Deprecation aliases for the module paths of mjrules 0.3, kept for one release.

mjrules 0.4 split ``mjrules.games`` into ``mjrules.records`` (game records: read, replay) and
``mjrules.table`` (playing games), and moved the readings below the rules (``mjrules.readings``)
and the placing rule into them (``mjrules.rules.placing``). ``import mjrules.games.replay`` still
works: it warns and yields the module at its new place (the same module object, so classes and
functions are identical), without a file per old name cluttering the package. Names that moved
between modules are listed in ``CHANGELOG.md``.
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
    "games": "records", "games.records": "game.record", "games.flow": "game.state",
    "games.settlement": "game.settlement", "games.read": "records.read", "games.tenhou_xml": "records.tenhou_xml",
    "games.tenhou_json": "records.tenhou_json", "games.tenhou_rules": "records.tenhou_rules",
    "games.tenhou_yaku": "records.tenhou_yaku", "games.mjai": "records.mjai", "games.replay": "records.replay",
    "games.table": "table.game", "games.players": "table.players", "games.mjai_bot": "table.mjai_bot",
    "games.wall": "table.wall", "games.simulation": "table.simulation", "games.console": "table.console",
    "games.legal": "records.check",
    # 0.5: one game below the records and the table (names that moved between modules: CHANGELOG.md)
    "records.game": "game.record", "records.flow": "game.state", "records.settlement": "game.settlement",
    "table.moves": "game.moves", "table.round": "game.play", "table.check": "records.check",
    "scoring.reading": "readings.reading", "scoring.fu": "readings.fu", "scoring.placings": "rules.placing",
    "scoring.table": "scoring.seats",
}
"""Old module name under ``mjrules`` → its new place under ``mjrules``."""


class _Finder:
    """Finds ``mjrules.<old name>``; its loader hands out the module at the new place. (The import
    system needs only the methods: no importlib.abc base, whose import costs every start-up.)"""

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        prefix, _, name = fullname.partition(".")  # an old sub-package's modules are found by their whole name
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
    # First: an old sub-package's alias is the new package, whose folder the path finder would
    # otherwise search for ``mjrules.games.replay`` and load a second copy of the module from.
    if not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.insert(0, _Finder())
