"""A ruleset's flags resolved against the plugins it enables: every declared flag with its value,
each value checked by its declaration."""

from __future__ import annotations

from mjrules.errors import MjrulesError, RulesetError
from mjrules.rules.flags import Flags, FlagValue
from mjrules.rules.plugin_manager import Plugins, known_plugins
from mjrules.rules.flags import suggest
from mjrules.rules.ruleset import Ruleset


def resolve_flags(ruleset: Ruleset, plugins: Plugins) -> Flags:
    """Each flag the enabled plugins declare: the ruleset's value, checked, or the declared default.
    A flag no enabled plugin declares is an error naming the plugin that would, if any."""
    declared = plugins.flags()
    values: dict[str, FlagValue] = {name: flag.default for name, (_, flag) in declared.items()}
    for name, value in ruleset.flags.items():
        where = ruleset.origin.get(name, ruleset.name)
        if name not in declared:
            if ruleset.path and where != "<api>" and not where.startswith(ruleset.path):
                continue  # set by a parent for a plugin this ruleset disabled
            owner = _declaring_plugin(name, plugins.names)
            if owner is not None:
                raise RulesetError(f"{where}: [flags] {name}: flag {name} is declared by plugin {owner!r}, "
                                   f"which this ruleset does not enable")
            raise RulesetError(f"{where}: [flags] {name}: unknown flag{suggest(name, declared)}; "
                               f"no enabled plugin declares it")
        owner = ruleset.owners.get(name)
        if owner is not None and declared[name][0] != owner:
            raise RulesetError(f"{where}: {name}: declared by plugin {declared[name][0]!r}, not {owner!r}")
        key = f"{where}: {name}" if "[plugin." in where else f"{where}: [flags] {name}"
        values[name] = declared[name][1].validate(value, key)
    return Flags(values)


def flag_origin(ruleset: Ruleset, flag: str | None) -> str:
    """Where ``flag`` was set: a file, ``<api>``, or the ruleset's name when by default; for None,
    the ruleset's file or name. A flag set by a file the ruleset extends is named with the
    ruleset's own file first (``club.toml (its uma from tenhou.toml)``): the error is the user's
    file's, which the base file is not wrong without (its ``players``, another flag it sets)."""
    if flag is None:
        return ruleset.path or ruleset.name
    where = ruleset.origin.get(flag, ruleset.name)
    own = ruleset.path
    if own and where not in (own, "<api>") and not where.startswith(f"{own} ["):
        return f"{own} (its {flag} from {where})"
    return where


def _declaring_plugin(flag: str, enabled: list[str]) -> str | None:
    """The first known plugin (built-in, then installed) not in ``enabled`` that declares ``flag``.
    Only for the error message: each is loaded alone, and one that fails to load is passed over."""
    for name in known_plugins():
        if name in enabled:
            continue
        try:
            if flag in Plugins([name]).flags():
                return name
        except MjrulesError:
            continue
    return None
