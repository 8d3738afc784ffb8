"""The rules object: every value of a ruleset that the core, the tools and the table read, typed and
read-only, built once per Scorer (``Plugins.rules``), and every closed set of choices those values
take, declared once here and offered to plugins through ``mjrules.plugin_api``.

Each part comes from a plugin hook (``hookspecs``): the plugin that declares a flag turns it into
the part it governs, so the flag's type and default live in that plugin alone and a third-party
plugin can replace the part. Where no enabled plugin answers a hook, a part that every table
needs (the fu count, honba, the minimum han, the tile set, dora, placings, round settlement, the
rules of play) is what the built-in plugin answers with its own defaults; a part whose absence
means something (no nagashi mangan, no kita) is its "without the plugin" value, stated once below.
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Iterable, Protocol, runtime_checkable

import attrs

from mjrules.rules.kan_dora import TIMINGS as KAN_DORA_TIMINGS
from mjrules.rules.placing import PlacingRule

if TYPE_CHECKING:
    from mjrules.readings.fu import Fu
    from mjrules.readings.reading import Reading


# -- the closed sets of choices --------------------------------------------------------------------

TILE_SET_SIZES = (136, 108)
"""The tile sets: all 136 tiles, or the 108 of three players (2m-8m out)."""
TILE_SETS = tuple(str(size) for size in TILE_SET_SIZES)
"""The same as the dora plugin's ``tile_set`` flag names them (``"136"``, ``"108"``)."""

TSUMO_LOSS, NORTH_BISECTION, NO_TSUMO_LOSS = "loss", "north-bisection", "none"
TSUMO_LOSS_CHOICES = (TSUMO_LOSS, NORTH_BISECTION, NO_TSUMO_LOSS)
"""How a three-player tsumo pays the share of the seat nobody sits in: not at all (ツモ損), split
between the two payers (北家折半), or the payers pay the hand's ron value (ツモ損なし); the
arithmetic is ``mjrules.scoring.payments.settle``'s."""

NAGASHI_MODES = ("none", "draw", "win")
"""How nagashi mangan is paid: not at all, as a draw payment, or as a mangan tsumo win."""

ABORTIVE_DRAWS = ("nine_terminals", "four_winds", "four_riichi", "four_kans")
"""The abortive draws a table may play (three rons on one discard are ``RoundRules.triple_ron_draw``)."""
KUIKAE_LEVELS = ("forbidden", "same_kind", "allowed")
"""After a call: the called kind and a chi's other end may not be discarded, the called kind only, or any tile."""
ANKAN_AFTER_RIICHI = ("never", "same_shape", "same_waits")
"""A closed kan of the tile just drawn after riichi: never, when every reading keeps the kan's tiles
as a triplet (the hand's shape stays), or when the waits stay."""

MULTI_RON_HONBA = ("each", "first")
"""Several winners on one discard: each collects the honba, or only the first in turn order."""
DEALER_REPEATS = ("tenpai", "win")
"""The dealer repeats after a win and, under ``tenpai``, after an exhaustive draw in tenpai."""
LEFTOVER_STICKS = ("top", "lost")
"""Riichi sticks on the table at the game's end go to the top player or are lost."""
LAST_DEALER_STOPS = ("none", "win", "win_or_tenpai")
"""When the last hand's dealer, first after repeating, ends the game."""


class GameLength(str, enum.Enum):
    """How long a game lasts before any extra wind: one wind of rounds or two."""

    TONPUU = "tonpuu"
    HANCHAN = "hanchan"

    @property
    def winds(self) -> int:
        """The winds of rounds the game lasts."""
        return 1 if self is GameLength.TONPUU else 2


GAME_LENGTHS = tuple(length.value for length in GameLength)


# -- the parts ---------------------------------------------------------------------------------------

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

    tiles: int = attrs.field(validator=attrs.validators.in_(TILE_SET_SIZES))
    red_fives: tuple[int, int, int]
    """Red fives of each suit (m, p, s) in the set."""

    @property
    def without_2m_8m(self) -> bool:
        return self.tiles == 108

    def allows(self, reds: tuple[int, int, int]) -> bool:
        """Whether the set has as many red fives of each suit as ``reds``."""
        return reds[0] <= self.red_fives[0] and reds[1] <= self.red_fives[1] and reds[2] <= self.red_fives[2]


@attrs.frozen
class DoraRules:
    """Which indicators a table turns and when (the ``dora`` plugin)."""

    kan_dora: bool
    """A kan turns a new indicator (kan dora)."""
    kan_dora_timing: str = attrs.field(validator=attrs.validators.in_(KAN_DORA_TIMINGS))
    """When an open kan's indicator is turned: ``immediate`` or ``after_discard``
    (``mjrules.rules.kan_dora.indicator_turned``)."""
    ura_dora: bool
    """A riichi win turns the ura indicators."""
    kan_ura: bool
    """Ura indicators under the kan indicators are turned too."""


@attrs.frozen
class HonbaRule:
    """What a honba is worth (the ``honba`` plugin): points in all, from the discarder on a ron,
    shared by the payers of a tsumo."""

    value: int = attrs.field(validator=attrs.validators.ge(0))


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
    """The absent seat's share of a tsumo: one of ``TSUMO_LOSS_CHOICES``."""


WITHOUT_SANMA = SanmaRules(kita=False, kita_rinshan=False, kita_chankan=False, tsumo_loss=TSUMO_LOSS)
"""A three-player table whose ruleset does not enable the sanma plugin: no kita, and a tsumo
does not pay the absent seat's share."""


@attrs.frozen
class NagashiRule:
    """Nagashi mangan (the ``nagashi`` plugin): ``draw`` (a draw payment of a mangan tsumo's
    amounts, no honba, sticks stay), ``win`` (a mangan tsumo win) or ``none``."""

    mode: str = attrs.field(validator=attrs.validators.in_(NAGASHI_MODES))


WITHOUT_NAGASHI = NagashiRule("none")
"""A ruleset without the nagashi plugin pays no nagashi mangan."""


def _str_set(value: Iterable[str]) -> frozenset[str]:
    return frozenset(value)


@attrs.frozen
class PlayRules:
    """What a player may do at the table (the ``settlement`` plugin): the abortive draws, kuikae,
    riichi, kans and calls. The defaults of the built-in plugin are Tenhou's."""

    abortive_draws: frozenset[str] = attrs.field(
        converter=_str_set, validator=attrs.validators.deep_iterable(attrs.validators.in_(ABORTIVE_DRAWS)))
    """The abortive draws played (besides three rons, ``RoundRules.triple_ron_draw``)."""
    kuikae: str = attrs.field(validator=attrs.validators.in_(KUIKAE_LEVELS))
    """After a call, the discards forbidden: the called kind and a chi's other end, the called kind only, or none."""
    riichi_min_points: int = attrs.field(validator=attrs.validators.ge(0))
    """Points a player needs to declare riichi (the stick); 0: none."""
    riichi_min_draws: int = attrs.field(validator=attrs.validators.ge(0))
    """Live draws that must be left for a riichi: the number of players (a draw of one's own is still
    to come); 0: riichi on the last discard too."""
    ankan_after_riichi: str = attrs.field(validator=attrs.validators.in_(ANKAN_AFTER_RIICHI))
    """A closed kan after riichi: one of ``ANKAN_AFTER_RIICHI``."""
    last_discard_calls: bool
    """Chi, pon and kan may be called on the last discard (ron always may)."""
    kan_limit: int = attrs.field(validator=[attrs.validators.ge(0), attrs.validators.le(4)])
    """Kans that may stand on the table in one round."""
    sanma_chi: bool
    """Chi may be called at a three-player table."""


@attrs.frozen
class RoundRules:
    """How a round is settled and when a game ends (the ``settlement`` plugin)."""

    max_ron_winners: int = attrs.field(validator=attrs.validators.in_((1, 2, 3)))
    """Most players who win on one discard: 1 = head bump."""
    triple_ron_draw: bool
    """Three players ronning one discard abort the hand."""
    multi_ron_honba: str = attrs.field(validator=attrs.validators.in_(MULTI_RON_HONBA))
    """Several winners on one discard: ``each`` collects the honba, or only the ``first``."""
    noten_payment: int = attrs.field(validator=attrs.validators.ge(0))
    """Points the noten players pay the tenpai players at an exhaustive draw, in all."""
    dealer_repeat: str = attrs.field(validator=attrs.validators.in_(DEALER_REPEATS))
    """The dealer repeats after a win and, under ``tenpai``, after an exhaustive draw in tenpai."""
    leftover_sticks: str = attrs.field(validator=attrs.validators.in_(LEFTOVER_STICKS))
    """Riichi sticks on the table at the end go to the ``top`` player or are ``lost``."""
    bust_ends_game: bool
    """The game ends when a player's score falls below 0 (tobi)."""
    game_length: GameLength = attrs.field(converter=GameLength)
    last_dealer_stop: str = attrs.field(validator=attrs.validators.in_(LAST_DEALER_STOPS))
    """When the last hand's dealer, first after repeating, ends the game."""
    extra_wind_target: int = attrs.field(validator=attrs.validators.ge(0))
    """The score that ends the game in and at the end of the last wind; 0: the game ends after the last hand."""

    @property
    def winds(self) -> int:
        """The winds of rounds a game lasts before any extra wind."""
        return self.game_length.winds


@attrs.frozen
class Rules:
    """Every value of a ruleset that the core, the tools and the table read; one part per governing
    plugin."""

    players: int = attrs.field(validator=attrs.validators.in_((3, 4)))
    win: WinRules
    tiles: TileSet
    dora: DoraRules
    fu: FuCount
    honba: HonbaRule
    nagashi: NagashiRule
    placing: PlacingRule
    round: RoundRules
    play: PlayRules
    sanma: SanmaRules
    """At a four-player table, ``WITHOUT_SANMA``."""
