"""電脳麻将 (majiang-core) rule objects: ``{"クイタンあり": false, …}`` as mjrules rulesets.

The seven keys that change a hand's score map onto flags; the keys that only steer majiang's
game loop (start score, red tiles dealt, abortive draws, …) are accepted and ignored.
"""

from __future__ import annotations

from typing import Any, Mapping

from mjrules.errors import RulesetError
from mjrules.rules.plugin_manager import Plugins
from mjrules.rules.ruleset import Ruleset, load_ruleset, suggest


def _double_patterns() -> list[str]:
    """The double-yakuman plugin's default list: all its patterns count double."""
    declared = Plugins(["double-yakuman"]).flags()
    return list(declared["double_yakuman"][1].default)


SCORING_KEYS: dict[str, tuple[str, Any, Any]] = {
    # key: (flag, value when true, value when false)
    "クイタンあり": ("open_tanyao", True, False),
    "連風牌は2符": ("double_wind_pair_fu", 2, 4),
    "ダブル役満あり": ("double_yakuman", _double_patterns(), []),
    "役満の複合あり": ("yakuman_stacking", True, False),
    "数え役満あり": ("kazoe", "yakuman", "sanbaiman"),
    "役満パオあり": ("pao", True, False),
    "切り上げ満貫あり": ("kiriage", True, False),
    # round settlement (mjrules replay)
    "ノーテン罰あり": ("noten_payment", 3000, 0),
    "流し満貫あり": ("nagashi_mangan", "draw", "none"),
}

SIMULTANEOUS_RONS = "最大同時和了数"
"""1 head bump, 2 double ron (three rons abort the hand), 3 triple ron: two flags."""
SIMULTANEOUS_FLAGS = {1: (1, False), 2: (2, True), 3: (3, False)}

GAME_KEYS = frozenset({
    "配給原点", "順位点", "赤牌", "喰い替え許可レベル", "場数", "途中流局あり",
    "ノーテン宣言あり", "連荘方式", "トビ終了あり", "オーラス止めあり",
    "延長戦方式", "一発あり", "裏ドラあり", "カンドラあり", "カン裏あり", "カンドラ後乗せ",
    "ツモ番なしリーチあり", "リーチ後暗槓許可レベル",
})
"""majiang-core keys that decide what a game passes to ``hule()``, not how it scores a hand."""


def majiang_flags(rule: Mapping[str, Any], where: str = "rule") -> dict[str, Any]:
    """The mjrules flags a majiang rule object sets (only its scoring keys)."""
    if not isinstance(rule, Mapping):
        raise RulesetError(f"{where}: expected an object of majiang-core rule keys, got {type(rule).__name__}")
    flags: dict[str, Any] = {}
    for key, value in rule.items():
        if key in SCORING_KEYS:
            if not isinstance(value, bool):
                raise RulesetError(f"{where}: {key}: expected true or false, got {value!r}")
            flag, on, off = SCORING_KEYS[key]
            flags[flag] = on if value else off
        elif key == SIMULTANEOUS_RONS:
            if isinstance(value, bool) or value not in SIMULTANEOUS_FLAGS:
                raise RulesetError(f"{where}: {key}: expected 1, 2 or 3, got {value!r}")
            flags["max_ron_winners"], flags["triple_ron_draw"] = SIMULTANEOUS_FLAGS[value]
        elif key not in GAME_KEYS:
            raise RulesetError(f"{where}: unknown majiang-core rule key {key!r}{suggest(key, [*SCORING_KEYS, SIMULTANEOUS_RONS, *GAME_KEYS])}")
    return flags


def ruleset_from_majiang(rule: Mapping[str, Any], base: str | Ruleset = "majiang") -> Ruleset:
    """A ruleset: ``base`` (the majiang-core defaults) with the rule object's scoring keys applied."""
    if isinstance(base, str):
        base = load_ruleset(base)
    flags = majiang_flags(rule)
    if not flags:
        return base
    return base.with_flags(**flags)
