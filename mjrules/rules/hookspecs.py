"""The hooks mjrules calls. Built-in rules implement exactly these, as any third-party plugin does.

Registration hooks and rule-part hooks run once, when a Scorer is built. Policy hooks are
``firstresult``: the first implementation that returns something other than None decides; later
ones are not called. Their answers must depend only on their arguments: the Scorer asks the
double-yakuman hook once per yakuman, and kazoe, kiriage and aotenjou's base points once per
distinct fu and han (``mjrules.scoring.limits.LimitPolicy``), and keeps the answers; stacking,
pao and rinshan pao are asked per hand.

Implement a hook with ``@hookimpl`` (from ``mjrules.plugin_api``) on a module or object registered
under a plugin name. Each hook says since which mjrules version it exists; ``plugins/README.md``
says what stays stable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

import pluggy

if TYPE_CHECKING:
    from mjrules.readings.reading import Reading
    from mjrules.rules.flags import Flag, Flags
    from mjrules.rules.liability import Liability
    from mjrules.rules.placing import PlacingRule
    from mjrules.rules.rules import (
        DoraRules,
        FuCount,
        HonbaRule,
        NagashiRule,
        PlayRules,
        RoundRules,
        Rules,
        SanmaRules,
        TileSet,
        WinRules,
    )
    from mjrules.rules.yaku import Yaku

hookspec = pluggy.HookspecMarker("mjrules")


@hookspec
def mjrules_register_yaku(register: Callable[["Yaku"], None], flags: Flags, rules: Rules) -> None:
    """Register yaku, yakuman and bonus items by calling ``register(Yaku(...))`` for each.

    Since mjrules 0.1; ``rules`` since 0.4.

    :param register: callback taking one :class:`mjrules.rules.yaku.Yaku`; a duplicate id is an error
        that names both plugins.
    :param flags: the ruleset's resolved flags, for a yaku whose value is a rule choice.
    :param rules: the ruleset's rules object (:class:`mjrules.rules.rules.Rules`), built before the
        yaku: for a yaku that depends on another plugin's part (the dora count reads whether the
        table has kita). An implementation may leave out ``flags`` or ``rules``.
    """


@hookspec
def mjrules_register_flags(register: Callable[["Flag"], None]) -> None:
    """Declare the ruleset flags this plugin reads by calling ``register(Flag(...))``.

    Since mjrules 0.1.

    :param register: callback taking one :class:`mjrules.rules.flags.Flag`; a flag declared twice is an
        error unless both declarations agree on type and default.
    """


@hookspec(firstresult=True)
def mjrules_kazoe_yakuman(han: int, flags: Flags) -> int | None:
    """How many yakuman a hand with no natural yakuman and ``han`` ≥ 13 is worth.

    Since mjrules 0.1.

    :param han: total han including dora (13 or more).
    :param flags: the ruleset's resolved flags.
    :return: the yakuman multiple; 0 means no kazoe (the hand stays sanbaiman). firstresult.
    """


@hookspec(firstresult=True)
def mjrules_base_points(fu: int | None, han: int, yakuman: int, flags: Flags) -> int | None:
    """Basic points of a hand, replacing the limits (mangan … yakuman) altogether (aotenjou).

    Since mjrules 0.1.

    Called for every candidate reading, and only when some enabled plugin implements it.

    :param fu: rounded fu, None for a natural yakuman hand.
    :param han: total han (0 for a natural yakuman hand).
    :param yakuman: the natural yakuman multiple after stacking (0 for an ordinary hand).
    :param flags: the ruleset's resolved flags.
    :return: the basic points (before the ×4/×6 ron and tsumo multipliers), or None to keep the
        standard limits. firstresult.
    """


@hookspec(firstresult=True)
def mjrules_kiriage_mangan(fu: int, han: int, flags: Flags) -> bool | None:
    """Whether a hand below mangan is rounded up to mangan (called for base points 1,920 only).

    Since mjrules 0.1.

    :param fu: rounded fu. :param han: total han.
    :param flags: the ruleset's resolved flags.
    :return: True to pay mangan. firstresult.
    """


@hookspec(firstresult=True)
def mjrules_double_yakuman(yaku: "Yaku", flags: Flags) -> int | None:
    """The multiple of a yakuman registered with ``double=True`` (kokushi 13-sided wait …).

    Since mjrules 0.1.

    Called once per such yakuman when a Scorer is built.

    :param yaku: the yakuman's definition. :param flags: the ruleset's resolved flags.
    :return: 2 to count it double, 1 for single. firstresult.
    """


@hookspec(firstresult=True)
def mjrules_yakuman_stacking(multiples: Sequence[int], flags: Flags) -> int | None:
    """The total yakuman multiple of a hand with several yakuman.

    Since mjrules 0.1.

    :param multiples: each yakuman's own multiple (after the double-yakuman policy), in
        registration order.
    :param flags: the ruleset's resolved flags.
    :return: the hand's yakuman multiple. firstresult.
    """


@hookspec(firstresult=True)
def mjrules_pao(
    reading: "Reading", yakuman: Sequence[tuple[str, int]], total: int, flags: Flags
) -> "Liability | Sequence[Liability] | None":
    """Whether other players are liable (pao) for this yakuman hand, and for how much.

    Since mjrules 0.1; a sequence of liabilities (several liable players) since 0.3.

    Called only for hands with a natural yakuman.

    :param reading: the reading being paid (melds in the order they were made).
    :param yakuman: ``(yaku id, multiple)`` of each yakuman in the hand.
    :param total: the hand's yakuman multiple after stacking.
    :param flags: the ruleset's resolved flags.
    :return: a :class:`mjrules.rules.liability.Liability`, a sequence of them (one per liable
        player, their multiples adding up to at most ``total``), or None for no liability. firstresult.
    """


@hookspec(firstresult=True)
def mjrules_rinshan_pao(reading: "Reading", flags: Flags) -> int | None:
    """Whether a rinshan kaihou tsumo is paid by one player alone, as if they had dealt in it
    (大明槓責任払い: the player whose discard made the daiminkan before the replacement draw).

    Since mjrules 0.3.

    Called for tsumo wins with ``win.rinshan`` for which no yakuman liability applies.

    :param reading: the reading being paid (melds in the order they were made: the last kan is
        the one the replacement tile was drawn for).
    :param flags: the ruleset's resolved flags.
    :return: the paying player's seat offset from the winner (1 next, 2 opposite, 3 previous), or
        None. firstresult.
    """

# -- rule parts: asked once when a Scorer is built, each answered by the plugin that declares
# -- the flags the part is made of (see ``mjrules.rules.rules``). A plugin raises
# -- ``FlagValueError(flag, message)`` for a flag value it cannot use.


@hookspec(firstresult=True)
def mjrules_win_rules(flags: Flags) -> "WinRules | None":
    """What a win needs: han of yaku (dora not counted), ryanshiba, the yaku switched off.

    Since mjrules 0.3. Built in: the ``yaku`` plugin.

    :param flags: the ruleset's resolved flags.
    :return: a :class:`mjrules.rules.rules.WinRules`. firstresult.
    """


@hookspec(firstresult=True)
def mjrules_tile_set(flags: Flags, players: int) -> "TileSet | None":
    """The tiles in play: 136 or 108, and the red fives of each suit.

    Since mjrules 0.3. Built in: the ``dora`` plugin.

    :param flags: the ruleset's resolved flags. :param players: 4 or 3.
    :return: a :class:`mjrules.rules.rules.TileSet`. firstresult.
    """


@hookspec(firstresult=True)
def mjrules_dora_rules(flags: Flags) -> "DoraRules | None":
    """Which indicators a table turns and when: kan dora and their timing, ura and kan ura.

    Since mjrules 0.4. Built in: the ``dora`` plugin.

    :param flags: the ruleset's resolved flags.
    :return: a :class:`mjrules.rules.rules.DoraRules`. firstresult.
    """


@hookspec(firstresult=True)
def mjrules_fu_rules(flags: Flags) -> "FuCount | None":
    """What counts the fu of a reading.

    Since mjrules 0.3. Built in: the ``fu`` plugin (``StandardFu``).

    :param flags: the ruleset's resolved flags.
    :return: an object with ``count(reading) -> Fu`` (:class:`mjrules.rules.rules.FuCount`); it is
        called for every reading scored, so it must be pure and cheap. firstresult.
    """


@hookspec(firstresult=True)
def mjrules_honba_rule(flags: Flags, players: int) -> "HonbaRule | None":
    """What a honba is worth.

    Since mjrules 0.3. Built in: the ``honba`` plugin (it refuses a value the payers of a tsumo
    cannot share in whole hundreds).

    :param flags: the ruleset's resolved flags. :param players: 4 or 3.
    :return: a :class:`mjrules.rules.rules.HonbaRule`. firstresult.
    """


@hookspec(firstresult=True)
def mjrules_nagashi_rule(flags: Flags) -> "NagashiRule | None":
    """How nagashi mangan is paid. Without an answer, it is not paid.

    Since mjrules 0.3. Built in: the ``nagashi`` plugin.

    :param flags: the ruleset's resolved flags.
    :return: a :class:`mjrules.rules.rules.NagashiRule`. firstresult.
    """


@hookspec(firstresult=True)
def mjrules_placing_rule(flags: Flags, players: int) -> "PlacingRule | None":
    """How a game's final scores become final points: start and return score, uma, ties, rounding.

    Since mjrules 0.3. Built in: the ``placing`` plugin.

    :param flags: the ruleset's resolved flags. :param players: 4 or 3.
    :return: a :class:`mjrules.rules.placing.PlacingRule`. firstresult.
    """


@hookspec(firstresult=True)
def mjrules_round_rules(flags: Flags, players: int) -> "RoundRules | None":
    """How a round is settled and a game ends: several winners on one discard, noten payments,
    dealer repeats, the game's length and end.

    Since mjrules 0.3. Built in: the ``settlement`` plugin.

    :param flags: the ruleset's resolved flags. :param players: 4 or 3.
    :return: a :class:`mjrules.rules.rules.RoundRules`. firstresult.
    """


@hookspec(firstresult=True)
def mjrules_play_rules(flags: Flags, players: int) -> "PlayRules | None":
    """What a player may do at the table: abortive draws, kuikae, riichi, kans and calls.

    Since mjrules 0.4 (the abortive draws and kuikae were ``RoundRules`` fields in 0.3). Built in:
    the ``settlement`` plugin.

    :param flags: the ruleset's resolved flags. :param players: 4 or 3.
    :return: a :class:`mjrules.rules.rules.PlayRules`. firstresult.
    """


@hookspec(firstresult=True)
def mjrules_sanma_rules(flags: Flags, players: int) -> "SanmaRules | None":
    """Three-player play: kita, and how a tsumo pays the absent seat's share. Without an answer
    there are no kita and the share is not paid; a four-player table ignores the answer (the
    built-in plugin refuses to be enabled there).

    Since mjrules 0.3. Built in: the ``sanma`` plugin.

    :param flags: the ruleset's resolved flags. :param players: 4 or 3.
    :return: a :class:`mjrules.rules.rules.SanmaRules`. firstresult.
    """


hookimpl = pluggy.HookimplMarker("mjrules")
"""Marks a plugin's hook implementation; re-exported as ``mjrules.hookimpl``."""
