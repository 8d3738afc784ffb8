"""The rules object: every value of a ruleset that the core and the tools read, typed and read-only,
built once per Scorer.

Each part comes from a plugin hook (``hookspecs``): the plugin that declares a flag turns it into
the part it governs, so the flag's type and default live in that plugin alone and a third-party
plugin can replace the part. Where no enabled plugin answers a hook, a part that every table
needs (the fu count, honba, the minimum han, the tile set, placings, round settlement) is what
the built-in plugin answers with its own defaults; a part whose absence means something (no
nagashi mangan, no kita) is its "without the plugin" value, stated once below.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Iterable, Protocol, TypeVar, runtime_checkable

import attrs

from mjrules.errors import PluginError, RulesetError
from mjrules.scoring.payments import ABSENT_SHARE

if TYPE_CHECKING:
    from mjrules.rules.flags import Flags
    from mjrules.rules.plugin_manager import Plugins
    from mjrules.scoring.fu import Fu
    from mjrules.scoring.placings import PlacingRule
    from mjrules.scoring.reading import Reading


_P = TypeVar("_P")


@runtime_checkable
class FuCount(Protocol):
    """What counts a reading's fu: the ``fu`` plugin's ``StandardFu``, or a third party's."""

    def count(self, reading: Reading) -> Fu:
        """The itemised fu of a reading that is not kokushi."""
        ...


@attrs.frozen
class WinRules:
    """What a win needs (the ``yaku`` plugin): han of yaku, and the yaku a ruleset switches off."""

    min_han: int = attrs.field(validator=attrs.validators.ge(1))
    """Han of yaku (dora not counted) every win needs."""
    ryanshiba_honba: int = attrs.field(validator=attrs.validators.ge(0))
    """From this many honba on a win needs 2 han of yaku (リャンシバ); 0: never."""
    disabled_yaku: tuple[str, ...] = ()
    """Ids of registered yaku that are not scored."""

    def min_han_at(self, honba: int) -> int:
        """Han of yaku a win at ``honba`` needs."""
        if self.ryanshiba_honba and honba >= self.ryanshiba_honba:
            return max(self.min_han, 2)
        return self.min_han


@attrs.frozen
class TileSet:
    """The tiles in play (the ``dora`` plugin): 136, or 108 for three players (2m-8m out)."""

    tiles: int = attrs.field(validator=attrs.validators.in_((136, 108)))
    red_fives: tuple[int, int, int]
    """Red fives of each suit (m, p, s) in the set."""

    @property
    def without_2m_8m(self) -> bool:
        return self.tiles == 108

    def allows(self, reds: tuple[int, int, int]) -> bool:
        """Whether the set has as many red fives of each suit as ``reds``."""
        return reds[0] <= self.red_fives[0] and reds[1] <= self.red_fives[1] and reds[2] <= self.red_fives[2]


@attrs.frozen
class HonbaRule:
    """What a honba is worth (the ``honba`` plugin): points in all, from the discarder on a ron,
    shared by the payers of a tsumo."""

    value: int = attrs.field(validator=attrs.validators.ge(0))


TSUMO_LOSS_CHOICES = ABSENT_SHARE
"""How a three-player tsumo pays the absent seat's share (``mjrules.scoring.payments``)."""


@attrs.frozen
class SanmaRules:
    """Three-player play (the ``sanma`` plugin): kita, and how a tsumo pays the absent seat."""

    kita: bool
    """North may be set aside (北抜き)."""
    kita_rinshan: bool
    """A win on the draw after a kita is rinshan kaihou."""
    kita_chankan: bool
    """A ron on a declared kita counts as chankan."""
    tsumo_loss: str = attrs.field(validator=attrs.validators.in_(TSUMO_LOSS_CHOICES))
    """The absent seat's share of a tsumo: ``loss``, ``north-bisection`` or ``none``."""


WITHOUT_SANMA = SanmaRules(kita=False, kita_rinshan=False, kita_chankan=False, tsumo_loss="loss")
"""A three-player table whose ruleset does not enable the sanma plugin: no kita, and a tsumo
does not pay the absent seat's share."""

NAGASHI_MODES = ("none", "draw", "win")


@attrs.frozen
class NagashiRule:
    """Nagashi mangan (the ``nagashi`` plugin): ``draw`` (a draw payment of a mangan tsumo's
    amounts, no honba, sticks stay), ``win`` (a mangan tsumo win) or ``none``."""

    mode: str = attrs.field(validator=attrs.validators.in_(NAGASHI_MODES))


WITHOUT_NAGASHI = NagashiRule("none")
"""A ruleset without the nagashi plugin pays no nagashi mangan."""


def _str_set(value: Iterable[str]) -> frozenset[str]:
    return frozenset(value)


ABORTIVE_DRAWS = ("nine_terminals", "four_winds", "four_riichi", "four_kans")
KUIKAE_LEVELS = ("forbidden", "same_kind", "allowed")
GAME_LENGTHS = ("tonpuu", "hanchan")
LAST_DEALER_STOPS = ("none", "win", "win_or_tenpai")
"""The values of ``RoundRules``' play and game-end fields (the settlement plugin's flags offer the same)."""


@attrs.frozen
class RoundRules:
    """How a round is settled (the ``settlement`` plugin)."""

    max_ron_winners: int = attrs.field(validator=attrs.validators.in_((1, 2, 3)))
    """Most players who win on one discard: 1 = head bump."""
    triple_ron_draw: bool
    """Three players ronning one discard abort the hand."""
    multi_ron_honba: str = attrs.field(validator=attrs.validators.in_(("each", "first")))
    """Several winners on one discard: ``each`` collects the honba, or only the ``first``."""
    noten_payment: int = attrs.field(validator=attrs.validators.ge(0))
    """Points the noten players pay the tenpai players at an exhaustive draw, in all."""
    dealer_repeat: str = attrs.field(validator=attrs.validators.in_(("tenpai", "win")))
    """The dealer repeats after a win and, under ``tenpai``, after an exhaustive draw in tenpai."""
    leftover_sticks: str = attrs.field(validator=attrs.validators.in_(("top", "lost")))
    """Riichi sticks on the table at the end go to the ``top`` player or are ``lost``."""
    bust_ends_game: bool
    """The game ends when a player's score falls below 0 (tobi)."""
    abortive_draws: frozenset[str] = attrs.field(
        converter=_str_set, validator=attrs.validators.deep_iterable(attrs.validators.in_(ABORTIVE_DRAWS)))
    """The abortive draws played (besides three rons, ``triple_ron_draw``)."""
    kuikae: str = attrs.field(validator=attrs.validators.in_(KUIKAE_LEVELS))
    """After a call, the discards forbidden: the called kind and a chi's other end, the called kind only, or none."""
    game_length: str = attrs.field(validator=attrs.validators.in_(GAME_LENGTHS))
    last_dealer_stop: str = attrs.field(validator=attrs.validators.in_(LAST_DEALER_STOPS))
    """When the last hand's dealer, first after repeating, ends the game."""
    extra_wind_target: int = attrs.field(validator=attrs.validators.ge(0))
    """The score that ends the game in and at the end of the last wind; 0: the game ends after the last hand."""

    @property
    def winds(self) -> int:
        """The winds of rounds a game lasts before any extra wind."""
        return 1 if self.game_length == "tonpuu" else 2


@attrs.frozen
class Rules:
    """Every value of a ruleset that the core and the tools read; one part per governing plugin."""

    players: int = attrs.field(validator=attrs.validators.in_((3, 4)))
    win: WinRules
    tiles: TileSet
    fu: FuCount
    honba: HonbaRule
    nagashi: NagashiRule
    placing: PlacingRule
    round: RoundRules
    sanma: SanmaRules
    """At a four-player table, ``WITHOUT_SANMA``."""

    @classmethod
    def build(cls, plugins: Plugins, flags: Flags, players: int, origin: Callable[[str | None], str]) -> Rules:
        """The rules the enabled ``plugins`` make of the resolved ``flags``. ``origin(flag)`` names
        where a flag was set (``origin(None)``: the ruleset), for the error a part's plugin raises."""
        from mjrules.scoring.placings import PlacingRule

        def optional(hook: str, expect: type[_P], **kwargs: object) -> _P | None:
            try:
                return plugins.rule_part(hook, expect, flags=flags, **kwargs)
            except FlagValueError as e:
                where = f"[flags] {e.flag}" if e.flag else "plugins"
                raise RulesetError(f"{origin(e.flag)}: {where}: {e}") from None

        def required(hook: str, expect: type[_P], builtin: str, **kwargs: object) -> _P:
            got = optional(hook, expect, **kwargs)
            return builtin_part(builtin, hook, expect, **kwargs) if got is None else got

        sanma = optional("mjrules_sanma_rules", SanmaRules, players=players)
        return cls(
            players=players,
            win=required("mjrules_win_rules", WinRules, "yaku"),
            tiles=required("mjrules_tile_set", TileSet, "dora", players=players),
            fu=required("mjrules_fu_rules", FuCount, "fu"),  # type: ignore[type-abstract]
            honba=required("mjrules_honba_rule", HonbaRule, "honba", players=players),
            nagashi=optional("mjrules_nagashi_rule", NagashiRule) or WITHOUT_NAGASHI,
            placing=required("mjrules_placing_rule", PlacingRule, "placing", players=players),
            round=required("mjrules_round_rules", RoundRules, "settlement", players=players),
            sanma=sanma if sanma is not None and players == 3 else WITHOUT_SANMA,
        )


class FlagValueError(RulesetError):
    """Raised by a plugin building a rule part from a flag value it cannot use (e.g. an ``uma``
    list of the wrong length), or, with ``flag`` None, refusing the ruleset itself (the sanma
    plugin at a four-player table); the ruleset loader adds where the flag or ruleset was set."""

    def __init__(self, flag: str | None, message: str) -> None:
        super().__init__(message)
        self.flag = flag


def builtin_part(plugin: str, hook: str, expect: type[_P], **kwargs: object) -> _P:
    """What the built-in ``plugin`` answers ``hook`` with at its own flag defaults: the part a
    ruleset gets when it disables that plugin and no other answers."""
    from mjrules.rules.flags import Flags
    from mjrules.rules.plugin_manager import Plugins

    alone = Plugins([plugin])
    defaults = Flags({name: flag.default for name, (_, flag) in alone.flags().items()})
    got = alone.rule_part(hook, expect, flags=defaults, **kwargs)
    if got is None:
        raise PluginError(f"built-in plugin {plugin!r} does not answer {hook}")
    return got
