"""電脳麻将 (majiang-core 1.4.1) rule objects and mjrules flags, both ways, from one table.

Every key of majiang-core 1.4.1's ``Majiang.rule()`` (``lib/rule.js``) sets mjrules flags, each value
as majiang-core's code applies it (``lib/game.js``, ``lib/hule.js``, ``lib/shan.js``):

- ``SCORING_KEYS``: the true-or-false keys, each one flag. Some of them (一発あり, 裏ドラあり,
  カンドラあり, カン裏あり) act in majiang-core by what its game passes to ``hule()`` — no ippatsu
  chance, no ura or kan indicators turned; here they act on scoring and on what the table turns.
- ``赤牌`` (``RED_FIVES_KEY``): the red fives of each suit in the set.
- ``配給原点`` (``START_KEY``): the starting score. majiang-core counts final points from 30,000
  whatever the start (``Game.jieju``: ``(defen - 30000) / 1000``), the top taking the rest: the
  ``return_score`` of 30,000 is one of ``MAJIANG_GAME``'s values.
- ``順位点`` (``UMA_KEY``): the uma in thousands (whole, or tenths), and how final points are rounded:
  written with a decimal (``"20.0"``) majiang-core keeps tenths (``points_rounding = "nearest-tenth-up"``),
  without one it rounds each but the top's with ``Math.round`` (``"nearest-thousand-up"``).
- ``最大同時和了数`` (``RONS_KEY``): head bump, double ron (three rons abort the hand), triple ron.
- ``PLAY_KEYS``: the keys of its game loop, each value the flags of the table's rules of play and of
  the game's settlement and end (``PlayRules``, ``RoundRules``).

``MAJIANG_GAME`` holds the values majiang-core's game fixes whatever its rule object says (the return
score, the extra wind's target, who collects the honba of a double ron, …); the ``majiang`` preset
states them. ``read_majiang_rule`` reads a rule object into flags; ``majiang_rule_of`` writes the
rule object closest to a ruleset's flags and names what it cannot say. A key in none of the groups
is an error naming it.
"""

from __future__ import annotations

import re
from types import MappingProxyType
from typing import Any, Mapping

import attrs

from mjrules.errors import RulesetError
from mjrules.rules.choices import (
    AbortiveDraw,
    AnkanAfterRiichi,
    DealerRepeat,
    ExtraWind,
    GameLength,
    KanDoraTiming,
    Kuikae,
    LastDealerStop,
    LeftoverSticks,
    MultiRonHonba,
    NagashiMode,
    Rounding,
    Tie,
)
from mjrules.rules.declare import flag_value
from mjrules.rules.flags import suggest
from mjrules.rules.plugin_manager import flags_alone


def _double_patterns() -> list[str]:
    """The double-yakuman plugin's default list: all its patterns count double."""
    return list(flags_alone("double-yakuman")["double_yakuman"].default)


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
    "流し満貫あり": ("nagashi_mangan", NagashiMode.DRAW, NagashiMode.NONE),
    "カンドラ後乗せ": ("kan_dora_timing", KanDoraTiming.AFTER_DISCARD, KanDoraTiming.IMMEDIATE),
    "ノーテン罰あり": ("noten_payment", 3000, 0),
}
"""The true-or-false keys that set one flag each. カン裏あり counts only with カンドラあり: majiang-core
turns a kan ura indicator when it turns a kan dora indicator, never otherwise."""

RED_FIVES_KEY = "赤牌"
"""``{"m": n, "p": n, "s": n}``: red fives of each suit in the set (flags ``red_fives_m/p/s``)."""

START_KEY, UMA_KEY = "配給原点", "順位点"
"""The starting score (flag ``start_score``) and the placing points in thousands, 1st first, as
strings (flags ``uma`` and ``points_rounding``)."""

RONS_KEY = "最大同時和了数"
"""1 head bump, 2 double ron (three rons abort the hand), 3 triple ron: as the flags
``max_ron_winners`` and ``triple_ron_draw``."""
RONS_FLAGS = {1: (1, False), 2: (2, True), 3: (3, False)}

PLAY_KEYS: dict[str, tuple[type, dict[Any, dict[str, Any]]]] = {
    # key: (type of its value, {value: the flags it sets})
    "喰い替え許可レベル": (int, {0: {"kuikae": Kuikae.FORBIDDEN}, 1: {"kuikae": Kuikae.SAME_KIND},
                         2: {"kuikae": Kuikae.ALLOWED}}),
    "途中流局あり": (bool, {True: {"abortive_draws": list(AbortiveDraw)}, False: {"abortive_draws": []}}),
    # majiang-core's Game.allow_lizhi: a riichi needs 1000 points only where busting ends the game
    "トビ終了あり": (bool, {True: {"bust_ends_game": True, "riichi_min_points": 1000},
                       False: {"bust_ends_game": False, "riichi_min_points": 0}}),
    "ツモ番なしリーチあり": (bool, {True: {"riichi_without_draw": True}, False: {"riichi_without_draw": False}}),
    "リーチ後暗槓許可レベル": (int, {0: {"ankan_after_riichi": AnkanAfterRiichi.NEVER},
                            1: {"ankan_after_riichi": AnkanAfterRiichi.SAME_SHAPE},
                            2: {"ankan_after_riichi": AnkanAfterRiichi.SAME_WAITS}}),
    # Game.kaiju and Game.last: 0 a one-hand game, 1 East only, 2 East and South, 4 all four winds
    "場数": (int, {0: {"game_length": GameLength.IKKYOKU}, 1: {"game_length": GameLength.TONPUU},
                 2: {"game_length": GameLength.HANCHAN}, 4: {"game_length": GameLength.IICHAN}}),
    # Game.hule and Game.pingju: 0 no repeat, 1 after a win, 2 also after a draw in tenpai, 3 after any draw
    "連荘方式": (int, {0: {"dealer_repeat": DealerRepeat.NONE}, 1: {"dealer_repeat": DealerRepeat.WIN},
                   2: {"dealer_repeat": DealerRepeat.TENPAI}, 3: {"dealer_repeat": DealerRepeat.ANY_DRAW}}),
    # Game.pingju: a player in tenpai (not in riichi) who does not show the hand is noten
    "ノーテン宣言あり": (bool, {True: {"noten_declaration": True}, False: {"noten_declaration": False}}),
    # Game.last: the last hand's dealer, first with 30,000 after repeating (not on an abortive draw), ends it
    "オーラス止めあり": (bool, {True: {"last_dealer_stop": LastDealerStop.WIN_OR_TENPAI},
                         False: {"last_dealer_stop": LastDealerStop.NONE}}),
    # Game.last: 0 no extra wind, 1 sudden death, 2 sudden death where a repeating dealer plays on, 3 four hands
    "延長戦方式": (int, {0: {"extra_wind": ExtraWind.NONE}, 1: {"extra_wind": ExtraWind.SUDDEN_DEATH},
                    2: {"extra_wind": ExtraWind.DEALER_FIRST}, 3: {"extra_wind": ExtraWind.WHOLE_WIND}}),
}
"""Keys of majiang-core's game loop that set the settlement plugin's flags, by value."""

UNMAPPED_KEYS: frozenset[str] = frozenset()
"""Keys read but not applied: none (every key of majiang-core 1.4.1 is applied)."""

KNOWN_KEYS = (*SCORING_KEYS, RED_FIVES_KEY, START_KEY, UMA_KEY, RONS_KEY, *PLAY_KEYS)

DORA_RED_FIVES = "one_per_group"
"""How majiang-core's ``hule()`` counts red fives for dora (flag ``dora_red_fives``), whatever the
rule object: the ``majiang`` preset's value, which matters only with two red fives of a suit or more."""

RETURN_SCORE = 30000
"""majiang-core's ``Game.jieju`` counts final points from 30,000, and ``Game.last`` plays the extra
wind and stops the last dealer at 30,000, whatever 配給原点 is."""

MAJIANG_GAME: Mapping[str, Any] = MappingProxyType({
    "return_score": RETURN_SCORE,
    "extra_wind_target": RETURN_SCORE,
    "multi_ron_honba": MultiRonHonba.FIRST,  # Game.reply_hule: the honba are cleared after the first winner is paid
    "leftover_sticks": LeftoverSticks.TOP,  # Game.jieju: to the first placed
    "tie_break": Tie.SEAT_ORDER,  # Game.jieju: equal scores ranked from the first dealer on
    "last_discard_calls": False,  # Game.get_chi/peng/gang_mianzi: nothing is called when the wall is empty
    "kan_limit": 4,  # Game.get_gang_mianzi: no kan once four stand
    "honba_value": 300,
    "renhou": "none",  # hule.js has no renhou
    "bust_at_zero": False,  # Game.last: with トビ終了あり the game ends when a score is below 0 (defen[id] < 0)
})
"""The flags majiang-core's game fixes whatever its rule object says (the ``majiang`` preset's)."""


def _frozen_map(value: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(value))


def _keys(value: Any) -> tuple[str, ...]:
    return tuple(value)


@attrs.frozen
class MajiangRule:
    """What mjrules makes of a majiang-core rule object."""

    flags: Mapping[str, Any] = attrs.field(converter=_frozen_map)
    """The mjrules flags its keys set."""
    keys: Mapping[str, str] = attrs.field(converter=_frozen_map)
    """For each flag set, the rule key that set it."""
    not_applied: tuple[str, ...] = attrs.field(converter=_keys)
    """Its keys that were read but are not applied: none since every key of majiang-core 1.4.1 is
    (kept so that a caller may say so)."""


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
    """Read a majiang-core rule object (complete or partial): the flags it sets.

    An unknown key, or a key with a value of the wrong type, is a RulesetError naming it.
    """
    if not isinstance(rule, Mapping):
        got = "null" if rule is None else type(rule).__name__
        raise RulesetError(f"{where}: expected an object of majiang-core rule keys, got {got}")
    flags: dict[str, Any] = {}
    keys: dict[str, str] = {}
    for key, value in rule.items():
        if key in SCORING_KEYS:
            if not isinstance(value, bool):
                raise RulesetError(f"{where}: {key}: expected true or false, got {value!r:.60}")
            flag, on, off = SCORING_KEYS[key]
            set_ = {flag: on if value else off}
        elif key == RED_FIVES_KEY:
            set_ = _red_fives(value, where)
        elif key == START_KEY:
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 1_000_000:
                raise RulesetError(f"{where}: {key}: expected a whole number of points, got {value!r:.60}")
            set_ = {"start_score": value}
        elif key == UMA_KEY:
            set_ = {"uma": _uma(value, where), "points_rounding": _rounding(value)}
            if set_["points_rounding"] != Rounding.NEAREST_TENTH_UP and any(u != int(u) for u in set_["uma"]):
                # "7.50": no 順位点 ends in one decimal, so Game.jieju rounds each sum with Math.round
                raise RulesetError(f"{where}: {key}: {value!r:.60} has tenths but none written with one decimal, "
                                   "which majiang-core rounds as whole 順位点 and mjrules cannot: write 7.5, not 7.50")
        elif key == RONS_KEY:
            if isinstance(value, bool) or value not in RONS_FLAGS:
                raise RulesetError(f"{where}: {key}: expected 1, 2 or 3, got {value!r:.60}")
            set_ = dict(zip(("max_ron_winners", "triple_ron_draw"), RONS_FLAGS[value]))
        elif key in PLAY_KEYS:
            kind, values = PLAY_KEYS[key]
            if type(value) is not kind or value not in values:
                expected = "true or false" if kind is bool else ", ".join(str(v) for v in values)
                raise RulesetError(f"{where}: {key}: expected {expected}, got {value!r:.60}")
            set_ = values[value]
        else:
            raise RulesetError(f"{where}: unknown majiang-core rule key {key!r:.60}{suggest(str(key), KNOWN_KEYS)}")
        flags.update((flag, flag_value(value)) for flag, value in set_.items())  # the flags hold strings
        keys.update(dict.fromkeys(set_, key))
    if flags.get("kan_dora") is False and flags.get("kan_ura") is not False:
        # no kan dora: majiang-core turns no kan indicator at all, so no kan ura either
        flags["kan_ura"] = False
        keys["kan_ura"] = "カンドラあり"
    return MajiangRule(flags, keys, ())


def _uma(value: Any, where: str) -> list[float]:
    """順位点 in thousands, whole (an int) or in tenths (``"7.5"``, which majiang-core counts exactly as
    it counts any 順位点 written with a decimal): majiang-core writes them as strings (``"20.0"``)."""
    if not isinstance(value, (list, tuple)) or len(value) != 4:
        raise RulesetError(f"{where}: {UMA_KEY}: expected four placing points, 1st first, got {value!r:.60}")
    uma: list[float] = []
    for v in value:
        try:
            number = float(v) if isinstance(v, (str, int, float)) and not isinstance(v, bool) else float("nan")
        except ValueError:
            number = float("nan")
        if not abs(number) <= 1_000_000 or abs(number * 10 - round(number * 10)) > 1e-6:
            raise RulesetError(f"{where}: {UMA_KEY}: {v!r:.20} is not a number of thousands in tenths at most "
                               f"(mjrules counts uma to a tenth, as majiang-core counts 順位点 written with one decimal)")
        tenths = round(number * 10)
        uma.append(tenths // 10 if tenths % 10 == 0 else tenths / 10)
    return uma


_DECIMAL = re.compile(r"\.\d$")


def _rounding(value: list[Any]) -> Rounding:
    """How majiang-core rounds final points under these 順位点 (``Game.jieju``): to tenths when one
    of them is written with a decimal, else each but the top's with ``Math.round``."""
    decimal = any(isinstance(v, str) and _DECIMAL.search(v) for v in value)
    return Rounding.NEAREST_TENTH_UP if decimal else Rounding.NEAREST_THOUSAND_UP


def majiang_flags(rule: Mapping[str, Any], where: str = "rule") -> dict[str, Any]:
    """The mjrules flags a majiang rule object sets."""
    return dict(read_majiang_rule(rule, where).flags)


# -- the other way: a ruleset's flags as a rule object ---------------------------------------------

@attrs.frozen
class MajiangRuleOf:
    """The majiang-core rule object closest to a ruleset, and what it cannot say of the ruleset
    (``inexact``: ``key: why`` for a key no value of which sets the ruleset's flags, ``flag: why``
    for a value majiang-core's game fixes otherwise)."""

    rule: Mapping[str, Any] = attrs.field(converter=_frozen_map)
    inexact: tuple[str, ...] = attrs.field(converter=_keys)


def _same(a: Any, b: Any) -> bool:
    """Flag values compared as rulesets hold them (a list is a tuple; the order of a list of names is not a value)."""
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return sorted(map(str, a)) == sorted(map(str, b))
    return bool(a == b)


def _closest(choices: Mapping[Any, Mapping[str, Any]], flags: Mapping[str, Any]) -> tuple[Any, bool]:
    """The value whose flags agree with ``flags`` (the first, where several do), and whether all of them do."""
    def agreeing(value: Any) -> int:
        return sum(_same(flags.get(f), v) for f, v in choices[value].items())

    best = max(choices, key=agreeing)
    return best, agreeing(best) == len(choices[best])


def key_value(key: str, flag: str, value: Any) -> Any:
    """The value of the game-loop key ``key`` that sets ``flag`` to ``value`` (``PLAY_KEYS`` read
    backwards: ``key_value("場数", "game_length", "tonpuu")`` is 1); a RulesetError if none does."""
    for choice, set_ in PLAY_KEYS[key][1].items():
        if set_.get(flag) == value:
            return choice
    raise RulesetError(f"majiang-core rule key {key}: no value sets {flag} = {value!r}")


def majiang_rule_of(flags: Mapping[str, Any], players: int = 4) -> MajiangRuleOf:
    """The majiang-core rule object that plays a ruleset of these (resolved) ``flags`` most nearly,
    every key written; ``inexact`` names what it cannot say (majiang-core plays four players)."""
    rule: dict[str, Any] = {}
    inexact: list[str] = [] if players == 4 else [f"players: majiang-core plays four, this ruleset {players}"]
    groups: dict[str, Mapping[Any, Mapping[str, Any]]] = {
        key: {True: {flag: on}, False: {flag: off}} for key, (flag, on, off) in SCORING_KEYS.items()}
    groups[RONS_KEY] = {n: dict(zip(("max_ron_winners", "triple_ron_draw"), v)) for n, v in RONS_FLAGS.items()}
    groups.update({key: values for key, (_, values) in PLAY_KEYS.items()})
    for key, choices in groups.items():
        value, exact = _closest(choices, flags)
        rule[key] = value
        if not exact:
            wanted = ", ".join(f"{f} = {flags.get(f)!r}" for f in choices[value])
            inexact.append(f"{key}: no value sets {wanted}")
    rule[RED_FIVES_KEY] = {s: flags.get(f"red_fives_{s}", 0) for s in "mps"}
    rule[START_KEY] = flags.get("start_score", RETURN_SCORE)
    uma = list(flags.get("uma", (20, 10, -10, -20)))
    rounding = flags.get("points_rounding")
    whole = all(u == int(u) for u in uma)
    tenths = rounding in (Rounding.EXACT, Rounding.NEAREST_TENTH_UP) or not whole
    rule[UMA_KEY] = [f"{u:g}.0" if tenths and u == int(u) else f"{u:g}" for u in uma]
    if not (rounding == Rounding.NEAREST_TENTH_UP or (rounding == Rounding.NEAREST_THOUSAND_UP and whole)):
        inexact.append(f"{UMA_KEY}: points_rounding = {rounding!r} (majiang-core rounds a half up, to the "
                       f"thousand where no 順位点 has a decimal, else each but the top's to the tenth)")
    for flag, value in MAJIANG_GAME.items():
        if flag in flags and not _same(flags[flag], value):
            inexact.append(f"{flag} = {flags[flag]!r} (majiang-core: {flag_value(value)!r})")
    if flags.get("dora_red_fives", DORA_RED_FIVES) != DORA_RED_FIVES and max(rule[RED_FIVES_KEY].values()) >= 2:
        inexact.append(f"dora_red_fives = {flags['dora_red_fives']!r} (majiang-core: {DORA_RED_FIVES!r}: of two red "
                       "fives of a suit in one group, only one counts as its five for dora)")
    return MajiangRuleOf(rule, inexact)
