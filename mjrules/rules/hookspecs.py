"""The hooks mjrules calls. Built-in rules implement exactly these, as any third-party plugin does.

Registration hooks run once, when a Scorer is built. Policy hooks are ``firstresult``: the first
implementation that returns something other than None decides; later ones are not called. Their
answers must depend only on their arguments, because the Scorer caches them.

Implement a hook with ``@hookimpl`` (from ``mjrules.plugin_api``) on a module or object registered
under a plugin name. Each hook says since which mjrules version it exists; ``plugins/README.md``
says what stays stable.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

import pluggy

if TYPE_CHECKING:
    from mjrules.rules.flags import Flag, Flags
    from mjrules.rules.liability import Liability
    from mjrules.rules.yaku import Yaku
    from mjrules.scoring.reading import Reading

hookspec = pluggy.HookspecMarker("mjrules")


@hookspec
def mjrules_register_yaku(register: Callable[["Yaku"], None], flags: Flags) -> None:
    """Register yaku, yakuman and bonus items by calling ``register(Yaku(...))`` for each.

    Since mjrules 0.1.

    :param register: callback taking one :class:`mjrules.rules.yaku.Yaku`; a duplicate id is an error
        that names both plugins.
    :param flags: the ruleset's resolved flags, for a yaku whose value is a rule choice (an
        implementation may leave this argument out).
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

hookimpl = pluggy.HookimplMarker("mjrules")
"""Marks a plugin's hook implementation; re-exported as ``mjrules.hookimpl``."""
