"""電脳麻将 (majiang-core) rule objects: ``{"クイタンあり": false, …}`` as mjrules rulesets.

Every key of majiang-core 1.4.1's ``Majiang.rule()`` is known, in one of three groups:

- ``SCORING_KEYS`` and ``赤牌`` set mjrules flags. Some of them (一発あり, 裏ドラあり, カンドラあり,
  カン裏あり, 赤牌) act in majiang-core by what its game passes to ``hule()`` — no ippatsu chance, no
  ura or kan indicators turned, fewer red fives dealt; here they act on the table as the caller
  describes it, with the same score.
- ``配給原点`` and ``順位点`` set the starting score and the uma (game values: ``mjrules needs``).
- ``最大同時和了数`` sets how many may win on one discard and ``ノーテン罰あり`` the noten payment (the
  settlement flags ``max_ron_winners``, ``triple_ron_draw``, ``noten_payment``: ``mjrules replay``).
- ``PLAY_KEYS`` set the table's rules of play and the game's length (the settlement flags: kuikae,
  the abortive draws, busting, what a riichi needs, a closed kan after riichi, the game's length,
  the dealer's repeat), each value as majiang-core's ``Game`` applies it; a value mjrules has no
  rule for yet (one-hand or four-wind games, no dealer repeat, a repeat after noten) is read and
  listed as not applied.
- ``UNMAPPED_KEYS``: game values that mjrules has no ruleset value for yet.

Keys not applied are listed in ``MajiangRule.not_applied``; a key in none of the groups is an
error naming it.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping

import attrs

from mjrules.errors import RulesetError
from mjrules.rules.plugin_manager import Plugins
from mjrules.rules.rules import ABORTIVE_DRAWS
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
    "一発あり": ("ippatsu", True, False),
    "裏ドラあり": ("ura_dora", True, False),
    "カンドラあり": ("kan_dora", True, False),
    "カン裏あり": ("kan_ura", True, False),
    "流し満貫あり": ("nagashi_mangan", "draw", "none"),
    "カンドラ後乗せ": ("kan_dora_timing", "after_discard", "immediate"),
    "ノーテン罰あり": ("noten_payment", 3000, 0),
}
"""The true-or-false keys that set a flag. カン裏あり counts only with カンドラあり: majiang-core
turns a kan ura indicator when it turns a kan dora indicator, never otherwise."""

RED_FIVES_KEY = "赤牌"
"""``{"m": n, "p": n, "s": n}``: red fives of each suit in the set (flags ``red_fives_m/p/s``)."""

START_KEY, UMA_KEY = "配給原点", "順位点"
"""The starting score (flags ``start_score`` and ``return_score``: majiang-core pays no oka) and
the placing points in thousands, 1st first, as strings (flag ``uma``)."""

RONS_KEY = "最大同時和了数"
"""1 head bump, 2 double ron (three rons abort the hand), 3 triple ron: as the flags
``max_ron_winners`` and ``triple_ron_draw``."""
RONS_FLAGS = {1: (1, False), 2: (2, True), 3: (3, False)}

PLAY_KEYS: dict[str, tuple[type, dict[Any, dict[str, Any] | None]]] = {
    # key: (type of its value, {value: the flags it sets, or None where mjrules has no such rule yet})
    "喰い替え許可レベル": (int, {0: {"kuikae": "forbidden"}, 1: {"kuikae": "same_kind"}, 2: {"kuikae": "allowed"}}),
    "途中流局あり": (bool, {True: {"abortive_draws": list(ABORTIVE_DRAWS)}, False: {"abortive_draws": []}}),
    # majiang-core's Game.allow_lizhi: a riichi needs 1000 points only where busting ends the game
    "トビ終了あり": (bool, {True: {"bust_ends_game": True, "riichi_min_points": 1000},
                       False: {"bust_ends_game": False, "riichi_min_points": 0}}),
    "ツモ番なしリーチあり": (bool, {True: {"riichi_without_draw": True}, False: {"riichi_without_draw": False}}),
    "リーチ後暗槓許可レベル": (int, {0: {"ankan_after_riichi": "never"}, 1: {"ankan_after_riichi": "same_shape"},
                            2: {"ankan_after_riichi": "same_waits"}}),
    "場数": (int, {0: None, 1: {"game_length": "tonpuu"}, 2: {"game_length": "hanchan"}, 4: None}),
    "連荘方式": (int, {0: None, 1: {"dealer_repeat": "win"}, 2: {"dealer_repeat": "tenpai"}, 3: None}),
}
"""Keys of majiang-core's game loop that set the settlement plugin's flags, by value."""

UNMAPPED_KEYS: frozenset[str] = frozenset({"ノーテン宣言あり", "オーラス止めあり", "延長戦方式"})
"""Keys for values mjrules has no ruleset value for yet: read, listed as not applied."""

KNOWN_KEYS = (*SCORING_KEYS, RED_FIVES_KEY, START_KEY, UMA_KEY, RONS_KEY, *PLAY_KEYS, *sorted(UNMAPPED_KEYS))


def _frozen_map(value: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(value))


def _keys(value: Any) -> tuple[str, ...]:
    return tuple(value)


@attrs.frozen
class MajiangRule:
    """What mjrules makes of a majiang-core rule object."""

    flags: Mapping[str, Any] = attrs.field(converter=_frozen_map)
    """The mjrules flags its scoring keys set."""
    keys: Mapping[str, str] = attrs.field(converter=_frozen_map)
    """For each flag set, the rule key that set it."""
    not_applied: tuple[str, ...] = attrs.field(converter=_keys)
    """Its keys that were read but are not applied to hand scoring, in the object's order."""


def _red_fives(value: Any, where: str) -> dict[str, int]:
    """The ``red_fives_m/p/s`` flags of a 赤牌 value. A suit left out has none, as in majiang-core
    (its wall deals ``rule['赤牌'][s]`` red fives of suit s, and an absent count deals none)."""
    if not isinstance(value, Mapping):
        raise RulesetError(f"{where}: {RED_FIVES_KEY}: expected an object like {{\"m\": 1, \"p\": 1, \"s\": 1}}, "
                           f"got {value!r:.60}")
    flags = {}
    for suit, n in value.items():
        if suit not in ("m", "p", "s"):
            raise RulesetError(f"{where}: {RED_FIVES_KEY}: unknown suit {suit!r:.20} (expected m, p or s)")
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 4:
            raise RulesetError(f"{where}: {RED_FIVES_KEY}.{suit}: expected a count from 0 to 4, got {n!r:.20}")
    for suit in "mps":
        flags[f"red_fives_{suit}"] = value.get(suit, 0)
    return flags


def read_majiang_rule(rule: Mapping[str, Any], where: str = "rule") -> MajiangRule:
    """Read a majiang-core rule object: the flags it sets and the keys it holds that are not applied.

    An unknown key, or a scoring key with a value of the wrong type, is a RulesetError naming it.
    """
    if not isinstance(rule, Mapping):
        got = "null" if rule is None else type(rule).__name__
        raise RulesetError(f"{where}: expected an object of majiang-core rule keys, got {got}")
    flags: dict[str, Any] = {}
    keys: dict[str, str] = {}
    not_applied = []
    for key, value in rule.items():
        if key in SCORING_KEYS:
            if not isinstance(value, bool):
                raise RulesetError(f"{where}: {key}: expected true or false, got {value!r:.60}")
            flag, on, off = SCORING_KEYS[key]
            flags[flag] = on if value else off
            keys[flag] = key
        elif key == RED_FIVES_KEY:
            red = _red_fives(value, where)
            flags.update(red)
            keys.update(dict.fromkeys(red, key))
        elif key == START_KEY:
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 1_000_000:
                raise RulesetError(f"{where}: {key}: expected a whole number of points, got {value!r:.60}")
            flags["start_score"] = flags["return_score"] = value
            keys["start_score"] = keys["return_score"] = key
        elif key == UMA_KEY:
            flags["uma"] = _uma(value, where)
            keys["uma"] = key
        elif key == RONS_KEY:
            if isinstance(value, bool) or value not in RONS_FLAGS:
                raise RulesetError(f"{where}: {key}: expected 1, 2 or 3, got {value!r:.60}")
            flags["max_ron_winners"], flags["triple_ron_draw"] = RONS_FLAGS[value]
            keys["max_ron_winners"] = keys["triple_ron_draw"] = key
        elif key in PLAY_KEYS:
            kind, values = PLAY_KEYS[key]
            if type(value) is not kind or value not in values:
                expected = "true or false" if kind is bool else ", ".join(str(v) for v in values)
                raise RulesetError(f"{where}: {key}: expected {expected}, got {value!r:.60}")
            applied = values[value]
            if applied is None:
                not_applied.append(key)
            else:
                flags.update(applied)
                keys.update(dict.fromkeys(applied, key))
        elif key in UNMAPPED_KEYS:
            not_applied.append(key)
        else:
            raise RulesetError(f"{where}: unknown majiang-core rule key {key!r:.60}{suggest(str(key), KNOWN_KEYS)}")
    if flags.get("kan_dora") is False and flags.get("kan_ura") is not False:
        # no kan dora: majiang-core turns no kan indicator at all, so no kan ura either
        flags["kan_ura"] = False
        keys["kan_ura"] = "カンドラあり"
    return MajiangRule(flags, keys, not_applied)


def _uma(value: Any, where: str) -> list[int]:
    """順位点 as whole thousands: majiang-core writes them as strings (``"20.0"``)."""
    if not isinstance(value, (list, tuple)) or len(value) != 4:
        raise RulesetError(f"{where}: {UMA_KEY}: expected four placing points, 1st first, got {value!r:.60}")
    uma = []
    for v in value:
        try:
            number = float(v) if isinstance(v, (str, int, float)) and not isinstance(v, bool) else float("nan")
        except ValueError:
            number = float("nan")
        if number != number or number != int(number):
            raise RulesetError(f"{where}: {UMA_KEY}: {v!r:.20} is not a whole number of thousands "
                               f"(mjrules counts uma in whole thousands)")
        uma.append(int(number))
    return uma


def majiang_flags(rule: Mapping[str, Any], where: str = "rule") -> dict[str, Any]:
    """The mjrules flags a majiang rule object sets (only its scoring keys)."""
    return dict(read_majiang_rule(rule, where).flags)


def ruleset_from_majiang(rule: Mapping[str, Any], base: str | Ruleset = "majiang") -> Ruleset:
    """A ruleset: ``base`` (the majiang-core defaults) with the rule object's scoring keys applied.

    Each flag set names its rule key in the ruleset's ``origin``. The keys not applied to hand
    scoring are listed by ``read_majiang_rule(rule).not_applied``; an unknown key is an error.
    """
    if isinstance(base, str):
        base = load_ruleset(base)
    read = read_majiang_rule(rule)
    if not read.flags:
        return base
    origin = dict(base.origin)
    origin.update({flag: f"majiang-core rule key {key}" for flag, key in read.keys.items()})
    return attrs.evolve(base.with_flags(**read.flags), origin=origin)
