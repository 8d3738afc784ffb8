"""Rulesets: TOML files that pick plugins and set flags. A ruleset is data: it names installed
plugins and never imports code by path.

File format::

    name = "my-club"
    description = "Tenhou rules, but kiriage mangan"
    sources = ["https://…"]
    extends = "tenhou"            # a preset name, a hidden base ("_standard"), or a path
                                  # relative to this file
    players = 4                   # 4 (the default) or 3 (sanma); inherited through extends

    [plugins]
    enable = ["local-yaku"]       # added to the inherited (or default) plugins
    disable = ["pao"]

    [flags]
    kiriage = true

    [plugin.pao]                  # the flags of one plugin, checked to be that plugin's
    pao_covers = "hand"

    [majiang]                     # 電脳麻将 (majiang-core) rule keys, each setting the flags
    "クイタンあり" = false           # mjrules.rules.majiang_keys maps it to (here open_tanyao)

A flag is set in one place of a file: one of ``[majiang]``, ``[flags]``, ``[plugin.NAME]``. A file
that holds a JSON object (``rule.json``, whatever its name) is a majiang-core rule object, complete
or partial: the ``majiang`` preset with its keys applied, named after the file.
"""

from __future__ import annotations

import json

import os
import stat
import sys
from importlib import resources
from pathlib import Path
from typing import Any, Iterable, Mapping

import attrs

from mjrules.errors import RulesetError, as_typed, json_document
from mjrules.rules.flags import FrozenMap, suggest
from mjrules.rules.majiang_keys import read_majiang_rule
from mjrules.rules.plugin_manager import ENABLED_BY_DEFAULT, known_plugins

if sys.version_info >= (3, 11):
    import tomllib
else:  # the same parser, from PyPI
    import tomli as tomllib

TOP_KEYS = ("name", "description", "sources", "extends", "players", "plugins", "flags", "plugin", "majiang")
PLUGIN_KEYS = ("enable", "disable")
MAX_EXTENDS = 16
MAX_FILE = 1 << 20


def _strs(value: Iterable[str]) -> tuple[str, ...]:
    """``tuple`` as a typed converter: mypy's attrs plugin leaves ``converter=tuple`` unusable."""
    return tuple(value)


def _frozen_map(value: Mapping[str, Any]) -> FrozenMap[Any]:
    return FrozenMap(value)


def _check_players(value: Any, where: str) -> int:
    """``value`` as a number of players, or a RulesetError naming ``where``."""
    # bool is an int subclass: ``players = true`` must not pass as 1
    if isinstance(value, bool) or not isinstance(value, int) or value not in (3, 4):
        raise RulesetError(f"{where}: expected 3 or 4, got {value!r}")
    return value


def _players(instance: Any, attribute: Any, value: Any) -> None:
    _check_players(value, "Ruleset.players")


@attrs.frozen
class Ruleset:
    """A resolved ruleset: the plugins to load and the flags set (inherited ones included).

    ``origin`` maps each set flag to the file that set it, for ``rulesets show`` and errors.
    """

    name: str
    plugins: tuple[str, ...] = attrs.field(default=ENABLED_BY_DEFAULT, converter=_strs)
    flags: Mapping[str, Any] = attrs.field(factory=dict, converter=_frozen_map)
    description: str = ""
    sources: tuple[str, ...] = attrs.field(default=(), converter=_strs)
    origin: Mapping[str, str] = attrs.field(factory=dict, converter=_frozen_map)
    path: str | None = None
    owners: Mapping[str, str] = attrs.field(factory=dict, converter=_frozen_map)
    """Flags set in a ``[plugin.NAME]`` table, with that plugin's name (checked when built)."""
    players: int = attrs.field(default=4, validator=_players)
    """Players at the table: 4, or 3 (sanma: the ``sanma`` plugin's flags say how it is played)."""
    plugin_origin: Mapping[str, str] = attrs.field(factory=dict, converter=_frozen_map)
    """Plugins a file enables or disables, with the last file that did (the others are as by default)."""
    files: tuple[str, ...] = attrs.field(default=(), converter=_strs)
    """The files read to build it, its own first, then each it extends (a shipped preset's too,
    where it is a file on disk): what no command may write over."""

    def with_flags(self, **flags: Any) -> "Ruleset":
        """A copy with some flags changed (validated when a Scorer is built)."""
        merged = dict(self.flags)
        merged.update(flags)
        origin = dict(self.origin)
        origin.update({k: "<api>" for k in flags})
        return attrs.evolve(self, flags=merged, origin=origin)


def _shipped_names() -> list[str]:
    """Every ruleset file shipped in ``mjrules.rulesets``, hidden bases included."""
    return sorted(p.name[:-5] for p in resources.files("mjrules.rulesets").iterdir() if p.name.endswith(".toml"))


def preset_names() -> list[str]:
    """Names of the presets shipped in ``mjrules.rulesets``.

    A file whose name starts with ``_`` is a base the presets extend, not a ruleset anyone plays:
    it loads by name (``extends = "_standard"``) but is not listed.
    """
    return [n for n in _shipped_names() if not n.startswith("_")]


def _read(label: str, data: bytes) -> dict[str, Any]:
    if len(data) > MAX_FILE:
        # Only MAX_FILE + 1 bytes were read: say "over the limit", not that count.
        raise RulesetError(f"{label}: file is over {MAX_FILE:,} bytes (1 MiB); a ruleset is far smaller")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise RulesetError(f"{label}: not UTF-8 text (byte {e.start})") from None
    if text.startswith("\ufeff"):  # what Windows editors write first; tomllib's word for it is "Invalid statement"
        raise RulesetError(f"{label}: the file starts with a byte-order mark (BOM), which TOML does not allow; "
                           "save it as UTF-8 without BOM")
    try:
        doc: dict[str, Any] = tomllib.loads(text)
        return doc
    except tomllib.TOMLDecodeError as e:
        raise RulesetError(f"{label}: TOML syntax error: {e}") from None
    except RecursionError:
        raise RulesetError(f"{label}: values nested too deeply") from None
    except ValueError as e:  # tomllib's int() refuses integers of more than sys.get_int_max_str_digits() digits
        raise RulesetError(f"{label}: a value TOML cannot read: {e}") from None


def is_rule_object(data: bytes) -> bool:
    """Whether a ruleset file holds a majiang-core rule object, by its content, whatever its name
    (``rule.JSON``, ``rule.txt``): a JSON object, which opens with ``{`` (past a byte-order mark and
    blanks), where no TOML document does, or any other JSON document (an array, a number: no TOML
    document either, so that its error says it is JSON but not an object); anything else is TOML."""
    text = data.lstrip(b"\xef\xbb\xbf \t\r\n")
    if text[:1] == b"{":
        return True
    if len(text) > MAX_FILE:
        return False
    try:
        json.loads(text)
    except (ValueError, RecursionError):  # not JSON (UnicodeDecodeError is a ValueError): TOML says what is wrong
        return False
    return True


def _read_rule_object(label: str, data: bytes) -> dict[str, Any]:
    """A majiang-core rule object (a JSON file) as the document of a ruleset: the ``majiang`` preset
    with its keys applied, named after the file."""
    if len(data) > MAX_FILE:
        raise RulesetError(f"{label}: file is over {MAX_FILE:,} bytes (1 MiB); a rule object is far smaller")
    rule = json_document(data, label, RulesetError)
    if not isinstance(rule, dict):
        got = "null" if rule is None else type(rule).__name__
        raise RulesetError(f"{label}: expected a JSON object of majiang-core rule keys, got {got}")
    return {"name": Path(label).stem, "extends": "majiang", "majiang": rule}


def _locate(ref: str, base_dir: Path | None) -> tuple[str, bytes, Path | None, str | None]:
    """Find a ruleset by preset name or path; returns (label, bytes, directory, the file's path
    on disk or None)."""
    looks_like_path = ref.lower().endswith((".toml", ".json")) or os.sep in ref or "/" in ref
    if not looks_like_path and ref not in _shipped_names():  # a file named otherwise: rule.txt, club
        looks_like_path = os.path.isfile(ref if base_dir is None else base_dir / ref)
    if looks_like_path:
        p = Path(ref)
        if base_dir is not None and not p.is_absolute():
            p = base_dir / p
        try:
            fifo = stat.S_ISFIFO(p.stat().st_mode)
        except OSError:
            fifo = False  # open() names the trouble
        if fifo:  # opened, it would wait for a writer, maybe forever
            raise RulesetError(f"{p}: a FIFO (named pipe), not a ruleset file")
        try:
            with open(p, "rb") as f:  # read no more than the limit: a path may never end (/dev/zero)
                return str(p), f.read(MAX_FILE + 1), p.parent, os.path.abspath(p)
        except OSError as e:
            raise RulesetError(f"{p}: cannot read ruleset file: {e.strerror or e}") from None
    if ref not in _shipped_names():
        names = preset_names()
        raise RulesetError(f"unknown ruleset {as_typed(ref)}{suggest(ref, names)}; presets: {', '.join(names)}")
    res = resources.files("mjrules.rulesets").joinpath(ref + ".toml")
    return f"{ref}.toml", res.read_bytes(), None, os.fspath(res) if isinstance(res, os.PathLike) else None


def _str_list(value: Any, where: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RulesetError(f"{where}: expected a list of strings")
    return value


def load_ruleset(ref: str, _chain: tuple[str, ...] = (), _base: Path | None = None) -> Ruleset:
    """Load a preset by name (``"majiang"``) or a TOML file by path, following ``extends``."""
    if not isinstance(ref, str) or not ref:
        raise RulesetError(f"ruleset must be a preset name or a path, not {ref!r}")
    label, data, directory, source = _locate(ref, _base)
    key = os.path.abspath(label) if directory is not None else label
    if key in _chain:
        raise RulesetError(f"{label}: cyclic extends: {' -> '.join(_chain + (key,))}")
    if len(_chain) >= MAX_EXTENDS:
        raise RulesetError(f"{label}: extends chain deeper than {MAX_EXTENDS}")
    doc = _read_rule_object(label, data) if is_rule_object(data) else _read(label, data)
    return _resolve(label, doc, _chain + (key,), directory, paths=True, source=source)


def ruleset_from_data(data: bytes, label: str = "uploaded ruleset") -> Ruleset:
    """A ruleset from the bytes of a TOML file, or of a majiang-core rule object, that has no place
    on disk (an upload). Like a file it can name only installed plugins; its ``extends`` can name
    only a preset, never a path."""
    if not isinstance(data, bytes):
        raise RulesetError(f"{label}: expected the bytes of a TOML file")
    doc = _read_rule_object(label, data) if is_rule_object(data) else _read(label, data)
    return _resolve(label, doc, (label,), None, paths=False)


@attrs.define
class _Draft:
    """A ruleset being resolved: what its parent (or the defaults) gave, as the file changes it."""

    plugins: list[str]
    flags: dict[str, Any]
    origin: dict[str, str]
    owners: dict[str, str]
    plugin_origin: dict[str, str]
    players: int
    inherited: tuple[str, ...]


def _resolve(label: str, doc: dict[str, Any], chain: tuple[str, ...], directory: Path | None, paths: bool,
             source: str | None = None) -> Ruleset:
    """The Ruleset a parsed TOML document describes (read from the file ``source``, if any), its
    ``extends`` followed."""
    if not doc:  # an empty file (or /dev/null) would run on the plugins' defaults under its file name
        raise RulesetError(f"{label}: the ruleset is empty; start from a preset, e.g. extends = \"tenhou\"")
    for k in doc:
        if k not in TOP_KEYS:
            raise RulesetError(f"{label}: unknown key {k!r}{suggest(k, TOP_KEYS)}")
    name = doc.get("name", Path(label).stem)
    description = doc.get("description", "")
    if not isinstance(name, str) or not isinstance(description, str):
        raise RulesetError(f"{label}: name and description must be strings")
    sources = _str_list(doc.get("sources", []), f"{label}: sources")
    draft = _draft(label, doc, chain, directory, paths)
    if "players" in doc:
        draft.players = _check_players(doc["players"], f"{label}: players")
    _plugins_table(label, doc.get("plugins", {}), draft)
    _flags_tables(label, doc, draft)
    return Ruleset(name=name, plugins=draft.plugins, flags=draft.flags, description=description, sources=sources,
                   origin=draft.origin, path=label, owners=draft.owners, players=draft.players,
                   plugin_origin=draft.plugin_origin, files=((source,) if source else ()) + draft.inherited)


def _draft(label: str, doc: dict[str, Any], chain: tuple[str, ...], directory: Path | None, paths: bool) -> _Draft:
    """What the document starts from: the ruleset it extends, or the plugins enabled by default."""
    if "extends" not in doc:
        return _Draft(list(ENABLED_BY_DEFAULT), {}, {}, {}, {}, 4, ())
    parent_ref = doc["extends"]
    if not isinstance(parent_ref, str):
        raise RulesetError(f"{label}: extends: expected a preset name or a path")
    # not a name of a shipped file: a file of the server's folder (club, rule.json) is no preset either
    if not paths and parent_ref not in _shipped_names():
        raise RulesetError(f"{label}: extends: {parent_ref!r} is no preset; this ruleset can extend only a preset "
                           f"({', '.join(preset_names())})")
    try:
        parent = load_ruleset(parent_ref, chain, directory)
    except RulesetError as e:  # name the file and key that led there
        raise RulesetError(f"{label}: extends = {parent_ref!r}: {e}") from None
    return _Draft(list(parent.plugins), dict(parent.flags), dict(parent.origin), dict(parent.owners),
                  dict(parent.plugin_origin), parent.players, parent.files)


def _plugins_table(label: str, ptable: Any, draft: _Draft) -> None:
    """Apply the ``[plugins]`` table: the plugins it enables and disables."""
    if not isinstance(ptable, dict):
        raise RulesetError(f"{label}: plugins: expected a table with enable / disable")
    for k in ptable:
        if k not in PLUGIN_KEYS:
            raise RulesetError(f"{label}: plugins.{k}: unknown key{suggest(k, PLUGIN_KEYS)}")
    known = known_plugins() if ptable else []
    enable = _str_list(ptable.get("enable", []), f"{label}: plugins.enable")
    both = [p for p in _str_list(ptable.get("disable", []), f"{label}: plugins.disable") if p in enable]
    if both:
        raise RulesetError(f"{label}: plugins: {both[0]!r} is both enabled and disabled; keep it in one list")
    for pname in enable:
        if pname not in known:
            raise RulesetError(f"{label}: plugins.enable: unknown plugin {pname!r}{suggest(pname, known)}")
        if pname not in draft.plugins:
            draft.plugins.append(pname)
        draft.plugin_origin[pname] = label
    for pname in _str_list(ptable.get("disable", []), f"{label}: plugins.disable"):
        if pname not in known:
            raise RulesetError(f"{label}: plugins.disable: unknown plugin {pname!r}{suggest(pname, known)}")
        if pname in draft.plugins:
            draft.plugins.remove(pname)
        draft.plugin_origin[pname] = label


def _flags_tables(label: str, doc: dict[str, Any], draft: _Draft) -> None:
    """Apply the flags the document sets: ``[majiang]``, ``[flags]`` and ``[plugin.NAME]``, each flag
    in one place."""
    flags, origin = draft.flags, draft.origin
    by_key = _majiang_table(label, doc.get("majiang"), flags, origin)
    set_here: dict[str, str] = {}  # flag -> where in this file ([flags] or [plugin.NAME]) it is set
    ftable = doc.get("flags", {})
    if not isinstance(ftable, dict):
        raise RulesetError(f"{label}: flags: expected a table")
    for k, v in ftable.items():
        if isinstance(v, dict):
            raise RulesetError(f"{label}: flags.{k}: expected a value, got a table")
        _set_once(label, f"flags.{k}", k, by_key, set_here)
        flags[k] = v
        origin[k] = label
    per_plugin = doc.get("plugin", {})
    if not isinstance(per_plugin, dict):
        raise RulesetError(f"{label}: plugin: expected tables like [plugin.pao]")
    for pname, table in per_plugin.items():
        if not isinstance(table, dict):
            raise RulesetError(f"{label}: plugin.{pname}: expected a table of that plugin's flags")
        if pname not in draft.plugins:
            raise RulesetError(f"{label}: [plugin.{pname}]: plugin {pname!r} is not enabled"
                               f"{suggest(pname, draft.plugins)}")
        for k, v in table.items():
            if isinstance(v, dict):
                raise RulesetError(f"{label}: plugin.{pname}.{k}: expected a value, got a table")
            _set_once(label, f"plugin.{pname}.{k}", k, by_key, set_here)
            flags[k] = v
            origin[k] = f"{label} [plugin.{pname}]"
            draft.owners[k] = pname


def _majiang_table(label: str, table: Any, flags: dict[str, Any], origin: dict[str, str]) -> dict[str, str]:
    """Apply a ``[majiang]`` table of majiang-core rule keys; the flags it set, each with its key."""
    if table is None:
        return {}
    if not isinstance(table, dict):
        raise RulesetError(f"{label}: majiang: expected a table of majiang-core rule keys")
    read = read_majiang_rule(table, f"{label}: [majiang]")
    for flag, value in read.flags.items():
        flags[flag] = value
        origin[flag] = f"{label} [majiang] {read.keys[flag]}"
    return dict(read.keys)


def _set_once(label: str, where: str, flag: str, by_key: Mapping[str, str], set_here: dict[str, str]) -> None:
    """A flag is set in one place of a file: not by a ``[majiang]`` key and again, nor under
    ``[flags]`` and again under ``[plugin.NAME]`` (which one wins would be a silent choice)."""
    if flag in by_key:
        raise RulesetError(f"{label}: {where}: already set by [majiang] key {by_key[flag]}; set it in one place")
    if flag in set_here:
        raise RulesetError(f"{label}: {where}: already set by {set_here[flag]}; set it in one place")
    set_here[flag] = where
