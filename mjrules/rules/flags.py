"""Ruleset flags: declared by the plugins that read them, so every ruleset file can be validated."""

from __future__ import annotations

import builtins
import difflib
import re
from typing import Any, Iterable, Iterator, Mapping, NoReturn, TypeVar, Union

import attrs

from mjrules.errors import PluginError, RulesetError
from mjrules.rules.choices import Choice

_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


def suggest(name: str, known: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the known name nearest ``name``, or nothing: for error messages."""
    near = difflib.get_close_matches(name, list(known), n=1)
    return f" (did you mean {near[0]!r}?)" if near else ""


def _plain(value: Any) -> Any:
    """A flag value as a ruleset file writes it: an enum member (``mjrules.rules.choices``) as its
    string, in a list too."""
    if isinstance(value, Choice):
        return value.value
    if isinstance(value, (list, tuple)):
        return type(value)(_plain(v) for v in value)
    return value


def _choices(value: Iterable[int | str] | None) -> tuple[int | str, ...] | None:
    """The choices as a tuple (an enum of ``Choice``: its strings); None stays None."""
    return None if value is None else tuple(_plain(v) for v in value)


@attrs.frozen
class Flag:
    """A ruleset setting.

    :param name: key under ``[flags]`` in a ruleset file.
    :param type: ``bool``, ``int``, ``str`` or ``list`` (of ``item``).
    :param default: value when no ruleset sets it.
    :param doc: one line: what the flag changes.
    :param choices: allowed values of an ``int`` or ``str`` (or the items of a ``list``), or an enum of
        ``Choice`` (its strings); None for any. An enum member given as ``default`` is its string.
    :param minimum: smallest allowed ``int``. :param maximum: largest allowed ``int``.
    :param item: the type of a ``list`` flag's items: ``str`` (the default), ``int``, or ``float``
        (numbers: whole, or with tenths such as 7.5).
    """

    name: str
    type: type
    default: Any = attrs.field(converter=_plain)
    doc: str
    choices: tuple[int | str, ...] | None = attrs.field(default=None, converter=_choices)
    minimum: int | None = None
    maximum: int | None = None
    item: builtins.type = str

    def __attrs_post_init__(self) -> None:
        if not _NAME.match(self.name):
            raise PluginError(f"flag {self.name!r}: use lower-case letters, digits and _")
        if self.type not in (bool, int, str, list):
            raise PluginError(f"flag {self.name!r}: type must be bool, int, str or list")
        if self.item not in (str, int, float):
            raise PluginError(f"flag {self.name!r}: a list's items must be str, int or float")
        if not self.doc:
            raise PluginError(f"flag {self.name!r}: needs a one-line doc")
        self.validate(self.default, where=f"default of flag {self.name!r}")

    def validate(self, value: Any, where: str) -> Any:
        """Return ``value`` if it fits this flag, else raise RulesetError naming ``where``."""
        t = self.type
        if t is list:
            expected = f"a list of {_KINDS[self.item][1]}"
            if not isinstance(value, (list, tuple)):
                raise RulesetError(f"{where}: expected {expected}, got {_described(value)}")
            for i, v in enumerate(value):
                if not _is(v, self.item):
                    raise RulesetError(f"{where}: expected {expected}, got {_described(v)} at {self.name}[{i}]")
        elif not _is(value, t):
            raise RulesetError(f"{where}: expected {_KINDS[t][0]}, got {_described(value)}")
        if t is int and self.minimum is not None and value < self.minimum:
            raise RulesetError(f"{where}: must be ≥ {self.minimum}, got {value}")
        if t is int and self.maximum is not None and value > self.maximum:
            raise RulesetError(f"{where}: must be ≤ {self.maximum}, got {value}")
        for n in (value if t is list and self.item is not str else [value] if t is int else []):
            if not abs(n) <= 10**6:  # a float's nan and inf too
                raise RulesetError(f"{where}: {n} is out of range")
            if isinstance(n, float) and abs(n * 10 - round(n * 10)) > 1e-6:
                raise RulesetError(f"{where}: {n} has more than tenths")
        if self.choices is not None:
            items = value if t is list else [value]
            for v in items:
                if v not in self.choices:
                    raise RulesetError(f"{where}: {v!r} is not one of {', '.join(map(repr, self.choices))}")
        if t is list:
            value = tuple(value)
        return value


_KINDS: dict[type, tuple[str, str]] = {bool: ("true or false", "true or false"),
                                      int: ("a whole number", "whole numbers"), str: ("a string", "strings"),
                                      float: ("a number", "numbers")}
"""What a flag of each type takes, in TOML's words: one, and a list's items."""


def _is(value: Any, kind: type) -> bool:
    """Whether ``value`` is of a flag's ``kind`` (a bool is no whole number, though an int in Python;
    a whole number is a number)."""
    kinds = (int, float) if kind is float else kind
    return isinstance(value, kinds) and (kind is bool or not isinstance(value, bool))


def _described(value: Any) -> str:
    """A value as TOML (or JSON) wrote it, with what it is: ``a string '20'``, ``true``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f"a string {value!r:.60}"
    if isinstance(value, int):
        return f"a whole number {value}"
    if isinstance(value, float):
        return f"a number with a fraction {value!r}"
    if isinstance(value, (list, tuple)):
        return f"a list {list(value)!r:.60}"
    if isinstance(value, dict):
        return "a table"
    return f"{type(value).__name__} {value!r:.60}"


FlagValue = Union[bool, int, str, tuple[str, ...], tuple[int, ...], tuple[float, ...]]
"""What a flag holds once resolved: a list flag becomes a tuple (of strings, whole numbers or numbers)."""

_T = TypeVar("_T", bool, int, str, tuple[str, ...])  # one of FlagValue's types, so a getter returns it


_V = TypeVar("_V")


class FrozenMap(Mapping[str, _V]):
    """A read-only mapping that pickles by its contents (a ``MappingProxyType`` cannot be pickled,
    and rulesets travel to worker processes and Dask workers)."""

    __slots__ = ("_items",)

    def __init__(self, items: Mapping[str, _V] | Iterable[tuple[str, _V]] = (), **more: _V) -> None:
        self._items: dict[str, _V] = dict(items, **more)

    def __getitem__(self, key: str) -> _V:
        return self._items[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __eq__(self, other: object) -> bool:
        return dict(self._items) == dict(other) if isinstance(other, Mapping) else NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self._items.items()))

    def __repr__(self) -> str:
        return repr(self._items)


class Flags(FrozenMap[FlagValue]):
    """A ruleset's resolved flags: every declared flag with its value. Read-only. The typed getters
    raise PluginError naming a flag of another type, or a missing flag when no default is given
    (its plugin may be disabled)."""

    __slots__ = ()

    def __setitem__(self, name: str, value: object) -> NoReturn:
        raise TypeError("ruleset flags are read-only: make a variant with Ruleset.with_flags")

    def get_bool(self, name: str, default: bool | None = None) -> bool:
        """The bool flag ``name``; ``default`` if no enabled plugin declares it (else PluginError)."""
        return self._typed(name, bool, default)

    def get_int(self, name: str, default: int | None = None) -> int:
        """The int flag ``name``; ``default`` if no enabled plugin declares it (else PluginError)."""
        return self._typed(name, int, default)

    def get_str(self, name: str, default: str | None = None) -> str:
        """The str flag ``name``; ``default`` if no enabled plugin declares it (else PluginError)."""
        return self._typed(name, str, default)

    def get_list(self, name: str, default: tuple[str, ...] | None = None) -> tuple[str, ...]:
        """The list flag ``name`` (a tuple); ``default`` if no enabled plugin declares it (else PluginError)."""
        value = self._typed(name, tuple, default)
        if any(not isinstance(v, str) for v in value):
            raise PluginError(f"flag {name!r} is a list of whole numbers: read it with get_ints")
        return value

    def get_ints(self, name: str, default: tuple[int, ...] | None = None) -> tuple[int, ...]:
        """The list-of-int flag ``name`` (a tuple); ``default`` if no enabled plugin declares it (else PluginError)."""
        value: tuple[Any, ...] = self._typed(name, tuple, default)  # type: ignore[arg-type]
        if any(not isinstance(v, int) for v in value):
            raise PluginError(f"flag {name!r} is not a list of whole numbers: read it with get_list or get_numbers")
        return value

    def get_numbers(self, name: str, default: tuple[float, ...] | None = None) -> tuple[float, ...]:
        """The list-of-numbers flag ``name`` (a tuple of ints and floats); ``default`` if no enabled
        plugin declares it (else PluginError)."""
        value: tuple[Any, ...] = self._typed(name, tuple, default)  # type: ignore[arg-type]
        if any(not isinstance(v, (int, float)) or isinstance(v, bool) for v in value):
            raise PluginError(f"flag {name!r} is a list of strings: read it with get_list")
        return value

    def _typed(self, name: str, kind: type[_T], default: _T | None) -> _T:
        """The flag's value if it is a ``kind``; PluginError if it is another type, or if it is
        undeclared and ``default`` is None."""
        try:
            value = self._items[name]
        except KeyError:
            if default is not None:
                return default
            raise PluginError(f"flag {name!r} is not declared by any enabled plugin") from None
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise PluginError(f"flag {name!r} is a {type(value).__name__}, not a {kind.__name__}")
        return value


class FlagValueError(RulesetError):
    """Raised by a plugin building a rule part from a flag value it cannot use (e.g. an ``uma``
    list of the wrong length), or, with ``flag`` None, refusing the ruleset itself (the sanma
    plugin at a four-player table); the ruleset loader adds where the flag or ruleset was set."""

    def __init__(self, flag: str | None, message: str) -> None:
        super().__init__(message)
        self.flag = flag
