"""Ruleset flags: declared by the plugins that read them, so every ruleset file can be validated."""

from __future__ import annotations

import re
from typing import Any

import attrs

from mjrules.errors import PluginError, RulesetError

_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


@attrs.frozen
class Flag:
    """A ruleset setting.

    :param name: key under ``[flags]`` in a ruleset file.
    :param type: ``bool``, ``int``, ``str`` or ``list`` (of str).
    :param default: value when no ruleset sets it.
    :param doc: one line: what the flag changes.
    :param choices: allowed values for ``str`` (or the items of ``list``); None for any.
    :param minimum: smallest allowed ``int``. :param maximum: largest allowed ``int``.
    """

    name: str
    type: type
    default: Any
    doc: str
    choices: tuple | None = attrs.field(default=None, converter=attrs.converters.optional(tuple))
    minimum: int | None = None
    maximum: int | None = None

    def __attrs_post_init__(self) -> None:
        if not _NAME.match(self.name):
            raise PluginError(f"flag {self.name!r}: use lower-case letters, digits and _")
        if self.type not in (bool, int, str, list):
            raise PluginError(f"flag {self.name!r}: type must be bool, int, str or list")
        if not self.doc:
            raise PluginError(f"flag {self.name!r}: needs a one-line doc")
        self.validate(self.default, where=f"default of flag {self.name!r}")

    def validate(self, value: Any, where: str) -> Any:
        """Return ``value`` if it fits this flag, else raise RulesetError naming ``where``."""
        t = self.type
        if t is list:
            ok = isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value)
        else:
            ok = isinstance(value, t) and (t is bool or not isinstance(value, bool))
        if not ok:
            raise RulesetError(
                f"{where}: expected {t.__name__}, got {type(value).__name__} {value!r}"
                + (" (a list of strings)" if t is list else "")
            )
        if t is int and self.minimum is not None and value < self.minimum:
            raise RulesetError(f"{where}: must be ≥ {self.minimum}, got {value}")
        if t is int and self.maximum is not None and value > self.maximum:
            raise RulesetError(f"{where}: must be ≤ {self.maximum}, got {value}")
        if t is int and abs(value) > 10**6:
            raise RulesetError(f"{where}: {value} is out of range")
        if self.choices is not None:
            items = value if t is list else [value]
            for v in items:
                if v not in self.choices:
                    raise RulesetError(f"{where}: {v!r} is not one of {', '.join(map(repr, self.choices))}")
        if t is list:
            value = tuple(value)
        return value
