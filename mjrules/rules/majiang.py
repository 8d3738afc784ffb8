"""電脳麻将 (majiang-core) rule objects: ``{"クイタンあり": false, …}`` as mjrules rulesets.

The keys and the flags each value sets are ``mjrules.rules.majiang_keys``' one table (read both ways:
``read_majiang_rule`` a rule object into flags, ``majiang_rule_of`` a ruleset's flags into a rule
object); this module builds rulesets from rule objects. A rule object is also a ruleset file of its
own (``--ruleset rule.json``: the ``majiang`` preset with its keys applied) and a ``[majiang]`` table of
a TOML ruleset (``mjrules.rules.ruleset``).
"""

from __future__ import annotations

from typing import Any, Mapping

import attrs

from mjrules.rules.majiang_keys import (
    KNOWN_KEYS,
    MAJIANG_GAME,
    PLAY_KEYS,
    RED_FIVES_KEY,
    RETURN_SCORE,
    RONS_FLAGS,
    RONS_KEY,
    SCORING_KEYS,
    START_KEY,
    UMA_KEY,
    UNMAPPED_KEYS,
    MajiangRule,
    MajiangRuleOf,
    majiang_flags,
    majiang_rule_of,
    read_majiang_rule,
)
from mjrules.rules.ruleset import Ruleset, load_ruleset

__all__ = ["KNOWN_KEYS", "MAJIANG_GAME", "PLAY_KEYS", "RED_FIVES_KEY", "RETURN_SCORE", "RONS_FLAGS", "RONS_KEY",
           "SCORING_KEYS", "START_KEY", "UMA_KEY", "UNMAPPED_KEYS", "MajiangRule", "MajiangRuleOf", "majiang_flags",
           "majiang_rule_of", "read_majiang_rule", "ruleset_from_majiang"]


def ruleset_from_majiang(rule: Mapping[str, Any], base: str | Ruleset = "majiang") -> Ruleset:
    """A ruleset: ``base`` (the majiang-core defaults) with the rule object's keys applied.

    Each flag set names its rule key in the ruleset's ``origin``; an unknown key is an error.
    """
    if isinstance(base, str):
        base = load_ruleset(base)
    read = read_majiang_rule(rule)
    if not read.flags:
        return base
    origin = dict(base.origin)
    origin.update({flag: f"majiang-core rule key {key}" for flag, key in read.keys.items()})
    return attrs.evolve(base.with_flags(**read.flags), origin=origin)
