"""What differs between two rulesets: each plugin one enables and the other does not, and each
flag whose resolved value differs (plugin defaults included), with the file that set each side.

Values are compared as JSON, so a list set in TOML equals the same tuple a plugin declares as
its default. A flag declared only on one side (its plugin is enabled there only) differs too.
"""

from __future__ import annotations

import json
from typing import Any

import attrs

from mjrules.rules.plugin_manager import ENABLED_BY_DEFAULT
from mjrules.rules.ruleset import Ruleset, load_ruleset
from mjrules.scoring.scorer import Scorer


def _plain(value: Any) -> Any:
    """A flag value as JSON would hold it (tuples as lists)."""
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


@attrs.frozen
class Side:
    """One ruleset's side of a difference."""

    value: Any
    """The flag's value (None when no enabled plugin declares it), or whether the plugin is enabled."""
    set_by: str
    """The file that set it, ``default of plugin NAME``, ``default``, or why the flag is absent."""
    declared: bool = True
    """False for a flag that no enabled plugin of this ruleset declares."""

    def to_dict(self) -> dict[str, Any]:
        return {"value": self.value, "set_by": self.set_by}


@attrs.frozen
class Difference:
    """A flag or plugin (``kind``) that two rulesets set differently."""

    kind: str
    """``"flag"`` or ``"plugin"``."""
    name: str
    a: Side
    b: Side

    def to_dict(self) -> dict[str, Any]:
        sides = [side.to_dict() for side in (self.a, self.b)]
        if self.kind == "flag":
            for side, d in zip((self.a, self.b), sides):
                d["declared"] = side.declared
        return {"kind": self.kind, "name": self.name, "a": sides[0], "b": sides[1]}


@attrs.frozen
class RulesetDiff:
    """The differences between rulesets ``a`` and ``b``: plugins first, then flags."""

    a: Ruleset
    b: Ruleset
    differences: tuple[Difference, ...]
    notes: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    """What is unusual in each ruleset (``PlacingRule.notes``: a negative oka), ``a``'s then ``b``'s."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "a": {"name": self.a.name, "path": self.a.path, "players": self.a.players, "notes": list(self.notes[0])},
            "b": {"name": self.b.name, "path": self.b.path, "players": self.b.players, "notes": list(self.notes[1])},
            "differences": [d.to_dict() for d in self.differences],
        }


def _plugin_side(rs: Ruleset, plugin: str) -> Side:
    enabled = plugin in rs.plugins
    if plugin in rs.plugin_origin:
        return Side(enabled, rs.plugin_origin[plugin])
    return Side(enabled, "default")


def diff_rulesets(a: str | Ruleset, b: str | Ruleset) -> RulesetDiff:
    """Every plugin and flag that differs between ``a`` and ``b`` (names, paths or Rulesets).

    Both are loaded and built as a Scorer would (a bad name, file or flag is a RulesetError).
    """
    scorers = [Scorer(r if isinstance(r, Ruleset) else load_ruleset(r)) for r in (a, b)]
    rulesets = [s.ruleset for s in scorers]
    out: list[Difference] = []

    plugins = dict.fromkeys([*ENABLED_BY_DEFAULT, *(p for rs in rulesets for p in (*rs.plugins, *rs.plugin_origin))])
    for p in plugins:
        sa, sb = (_plugin_side(rs, p) for rs in rulesets)
        if sa.value != sb.value:
            out.append(Difference("plugin", p, sa, sb))

    declared = [s.plugins.flags() for s in scorers]
    names = list(declared[0]) + [f for f in declared[1] if f not in declared[0]]
    for flag in names:
        sides = []
        for scorer, decl, other in zip(scorers, declared, reversed(declared)):
            if flag in decl:
                origin = scorer.ruleset.origin.get(flag, f"default of plugin {decl[flag][0]}")
                sides.append(Side(_plain(scorer.flags[flag]), origin))
            else:
                sides.append(Side(None, f"plugin {other[flag][0]} not enabled", declared=False))
        sa, sb = sides
        if (sa.declared, json.dumps(sa.value, sort_keys=True)) != (sb.declared, json.dumps(sb.value, sort_keys=True)):
            out.append(Difference("flag", flag, sa, sb))
    notes = (scorers[0].rules.placing.notes, scorers[1].rules.placing.notes)
    return RulesetDiff(rulesets[0], rulesets[1], tuple(out), notes)
