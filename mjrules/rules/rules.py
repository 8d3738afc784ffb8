"""The rules object: every value of a ruleset that the core, the tools and the table read, typed and
read-only, built once per Scorer (``Plugins.rules``), each value declared once, on its field, with
its flag (``mjrules.rules.declare``), and every closed set of choices those values take as an enum
(``mjrules.rules.choices``), offered to plugins through ``mjrules.plugin_api``.

Each part comes from a plugin hook (``hookspecs``): the plugin that reads a part's flags declares
them (``flags_of``) and makes the part of them (``from_flags``), and a third-party plugin can
replace the part. Where no enabled plugin answers a hook, a part that every table needs (the fu
count, honba, the minimum han, the tile set, dora, placings, round settlement, the rules of play)
is what the built-in plugin answers with its own defaults; a part whose absence means something
(no nagashi mangan, no kita) is its "without the plugin" value, stated once below.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

import attrs

from mjrules.model.win import ROBBED_KITA
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
    TileSetSize,
    TsumoLoss,
)
from mjrules.rules.declare import computed, declared, rule
from mjrules.rules.flags import Flag
from mjrules.rules.placing import PlacingRule

if TYPE_CHECKING:
    from mjrules.readings.fu import Fu
    from mjrules.readings.reading import Reading


# -- the closed sets of choices as tuples of strings (the enums' values), kept for the plugin API ------

TILE_SET_SIZES = tuple(size.tiles for size in TileSetSize)
"""The tile sets' sizes: all 136 tiles, or the 108 of three players (2m-8m out)."""
TILE_SETS = TileSetSize.values()
KAN_DORA_TIMINGS = KanDoraTiming.values()
TSUMO_LOSS_CHOICES = TsumoLoss.values()
NAGASHI_MODES = NagashiMode.values()
ABORTIVE_DRAWS = AbortiveDraw.values()
KUIKAE_LEVELS = Kuikae.values()
ANKAN_AFTER_RIICHI = AnkanAfterRiichi.values()
MULTI_RON_HONBA = MultiRonHonba.values()
DEALER_REPEATS = DealerRepeat.values()
LEFTOVER_STICKS = LeftoverSticks.values()
LAST_DEALER_STOPS = LastDealerStop.values()
EXTRA_WINDS = ExtraWind.values()
GAME_LENGTHS = GameLength.values()


# -- the parts ---------------------------------------------------------------------------------------

@runtime_checkable
class FuCount(Protocol):
    """What counts a reading's fu: the ``fu`` plugin's ``StandardFu``, or a third party's."""

    def count(self, reading: Reading) -> Fu:
        """The itemised fu of a reading that is not kokushi."""
        ...


@attrs.frozen(field_transformer=declared)
class WinRules:
    """What a win needs (the ``yaku`` plugin): han of yaku, and the yaku a ruleset switches off."""

    min_han: int = rule(1, "han of yaku a win needs, dora not counted (2: ryanshiba for every hand)",
                        choices=(1, 2, 3, 4))
    ryanshiba_honba: int = rule(0, "from this many honba on a win needs 2 han of yaku, dora not counted "
                                   "(リャンシバ); 0: never", choices=range(0, 11))
    disabled_yaku: tuple[str, ...] = rule((), "ids of registered yaku that this ruleset does not score")

    def min_han_at(self, honba: int) -> int:
        """Han of yaku a win at ``honba`` needs."""
        if self.ryanshiba_honba and honba >= self.ryanshiba_honba:
            return max(self.min_han, 2)
        return self.min_han


@attrs.frozen
class TileSet:
    """The tiles in play (the ``dora`` plugin): 136, or 108 for three players (2m-8m out). Made of
    four flags and the players (the dora plugin's ``mjrules_tile_set``): no field is one flag."""

    tiles: int = attrs.field(validator=attrs.validators.in_(TILE_SET_SIZES))
    red_fives: tuple[int, int, int]
    """Red fives of each suit (m, p, s) in the set."""

    @property
    def without_2m_8m(self) -> bool:
        return self.tiles == TileSetSize.THREE_PLAYER.tiles

    def allows(self, reds: tuple[int, int, int]) -> bool:
        """Whether the set has as many red fives of each suit as ``reds``."""
        return reds[0] <= self.red_fives[0] and reds[1] <= self.red_fives[1] and reds[2] <= self.red_fives[2]


@attrs.frozen(field_transformer=declared)
class DoraRules:
    """Which indicators a table turns and when (the ``dora`` plugin; ``kan_dora_timing``:
    ``mjrules.rules.kan_dora.indicator_turned``)."""

    ura_dora: bool = rule(True, "ura dora count for a riichi hand")
    kan_dora: bool = rule(True, "indicators after the first (kan dora) count; false: only the first")
    kan_ura: bool = rule(True, "ura indicators after the first (kan ura) count; false: only the first")
    kan_dora_timing: KanDoraTiming = rule(
        KanDoraTiming.IMMEDIATE,
        "when an open kan's indicator is turned: 'immediate', or 'after_discard' (a rinshan win after a "
        "daiminkan or kakan does not see it); for callers passing the indicators on the table", choices=KanDoraTiming)


@attrs.frozen(field_transformer=declared)
class HonbaRule:
    """What a honba is worth (the ``honba`` plugin): points in all, from the discarder on a ron,
    shared by the payers of a tsumo."""

    value: int = rule(300, "points per honba in all: from the discarder on a ron, shared by the payers of a tsumo "
                           "(a third each of four players, half each of three)", flag="honba_value",
                      choices=(0, 200, 300, 600, 900, 1000, 1500))


@attrs.frozen(field_transformer=declared)
class SanmaRules:
    """Three-player play (the ``sanma`` plugin): kita, and how a tsumo pays the absent seat."""

    kita: bool = rule(True, "North may be set aside (北抜き, nukidora): each one is a dora, plus one per indicator "
                            "that makes North dora (ura indicators too); false: North is an ordinary honour tile "
                            "and kita are refused")
    kita_rinshan: bool = rule(True, "a win on the replacement draw after a kita is rinshan kaihou (false: a kita "
                                    "with --rinshan is refused)")
    kita_chankan: bool = rule(False, f"a ron on a declared kita (situation tag {ROBBED_KITA}) counts as chankan; "
                                     "false: an ordinary ron")
    tsumo_loss: TsumoLoss = rule(TsumoLoss.LOSS, "the absent seat's share of a tsumo: 'loss' (not paid, ツモ損), "
                                                 "'north-bisection' (split between the two payers, 北家折半) or "
                                                 "'none' (the payers pay the ron value, ツモ損なし)", choices=TsumoLoss)


WITHOUT_SANMA = SanmaRules(kita=False, kita_rinshan=False, kita_chankan=False, tsumo_loss=TsumoLoss.LOSS)
"""A three-player table whose ruleset does not enable the sanma plugin: no kita, and a tsumo
does not pay the absent seat's share."""


@attrs.frozen(field_transformer=declared)
class NagashiRule:
    """Nagashi mangan (the ``nagashi`` plugin): how it is paid, if at all."""

    mode: NagashiMode = rule(NagashiMode.DRAW,
                             "'draw': paid at the draw as a mangan tsumo, without honba, the riichi sticks left on "
                             "the table; 'win': paid as a mangan tsumo win, honba and riichi sticks included; "
                             "'none': not paid", flag="nagashi_mangan", choices=NagashiMode)


WITHOUT_NAGASHI = NagashiRule(NagashiMode.NONE)
"""A ruleset without the nagashi plugin pays no nagashi mangan."""


@attrs.frozen(field_transformer=declared)
class PlayRules:
    """What a player may do at the table (the ``settlement`` plugin): the abortive draws, kuikae,
    riichi, kans and calls. The defaults are Tenhou's."""

    abortive_draws: frozenset[AbortiveDraw] = rule(
        frozenset(AbortiveDraw),
        "abortive draws played: 'nine_terminals' (九種九牌, declared on one's first draw), 'four_winds' (四風連打), "
        "'four_riichi' (四家立直), 'four_kans' (四開槓, by more than one player); three rons are triple_ron_draw",
        choices=AbortiveDraw)
    kuikae: Kuikae = rule(Kuikae.FORBIDDEN,
                          "after a chi or pon, discarding the called kind or (chi) the kind at the sequence's other "
                          "end: 'forbidden' (both), 'same_kind' (only the called kind is forbidden) or 'allowed'",
                          choices=Kuikae)
    riichi_min_points: int = rule(1000, "points a player needs to declare riichi (0: no minimum, a score below 0 "
                                        "included; the stick takes it lower)", minimum=0)
    riichi_min_draws: int = computed(
        Flag("riichi_without_draw", bool, False,
             "riichi may be declared with fewer live draws left than players, i.e. with no draw of one's own to "
             "come (ツモ番なしリーチ); false: at least as many live draws as players must be left (4; 3 at three "
             "players)"), validator=attrs.validators.ge(0))
    """Live draws that must be left for a riichi: the number of players (a draw of one's own is still
    to come), or 0 under ``riichi_without_draw`` (riichi on the last discard too)."""
    ankan_after_riichi: AnkanAfterRiichi = rule(
        AnkanAfterRiichi.SAME_WAITS,
        "a closed kan of the tile just drawn after riichi: 'never', 'same_shape' (every reading of every wait "
        "keeps its tiles as a triplet) or 'same_waits' (the waits stay)", choices=AnkanAfterRiichi)
    last_discard_calls: bool = rule(False, "chi, pon and kan may be called on the last discard (河底牌); ron always may")
    kan_limit: int = rule(4, "kans that may stand on the table in one round", minimum=0, maximum=4)
    sanma_chi: bool = rule(False, "chi may be called at a three-player table")
    noten_declaration: bool = rule(
        False, "at an exhaustive draw a player in tenpai and not in riichi may declare noten (ノーテン宣言): paid as "
               "noten, and a dealer so declaring does not repeat for tenpai")


@attrs.frozen(field_transformer=declared)
class RoundRules:
    """How a round is settled and when a game ends (the ``settlement`` plugin). The defaults are
    Tenhou's but for the extra wind and the last dealer's stop (the ``tenhou`` presets set them)."""

    max_ron_winners: int = rule(2, "most players who win on one discard: 1 = head bump (the first in turn order "
                                   "from the discarder), 2 = double ron, 3 = triple ron", minimum=1, maximum=3)
    triple_ron_draw: bool = rule(True, "three players ronning one discard abort the hand as a draw (三家和) "
                                       "instead of the head bump")
    multi_ron_honba: MultiRonHonba = rule(
        MultiRonHonba.FIRST,
        "several winners on one discard: 'each' collects the honba from the discarder, or only the 'first' in "
        "turn order (riichi sticks always go to the first)", choices=MultiRonHonba)
    noten_payment: int = rule(3000, "points the players not in tenpai pay those in tenpai at an exhaustive draw, in "
                                    "all (0: none)",
                              choices=(0, 1000, 2000, 3000))  # 2000: Mahjong Soul's three-player rooms
    dealer_repeat: DealerRepeat = rule(
        DealerRepeat.TENPAI,
        "the dealer deals again after winning, and after an exhaustive draw in 'tenpai'; only after winning in "
        "'win'; never in 'none'; after winning and after every exhaustive draw in 'any_draw' (an abortive draw is "
        "always dealt again)", choices=DealerRepeat)
    leftover_sticks: LeftoverSticks = rule(
        LeftoverSticks.TOP, "riichi sticks still on the table when the game ends: to the 'top' player or 'lost'",
        choices=LeftoverSticks)
    bust_ends_game: bool = rule(True, "the game ends when a player's score falls below 0 (tobi; what-if replays "
                                      "flag a game that would have ended elsewhere)")
    bust_at_zero: bool = rule(False, "with bust_ends_game, a score of exactly 0 ends the game too (0点でトビ, as "
                                     "many Japanese parlours play), and a riichi whose stick would leave 0 is "
                                     "refused; false: only a score below 0 (Tenhou, Mahjong Soul, 電脳麻将)")
    game_length: GameLength = rule(
        GameLength.HANCHAN,
        "rounds a game lasts: one wind ('tonpuu'), two ('hanchan'), all four ('iichan'), or one hand ('ikkyoku': "
        "dealt again after every draw, over after the first win)", choices=GameLength)
    last_dealer_stop: LastDealerStop = rule(
        LastDealerStop.WIN,
        "the dealer of the last hand ends the game by repeating in first place: after a 'win' only, after a win or "
        "a draw in tenpai ('win_or_tenpai'), or never ('none'); only when extra_wind_target lets it end",
        choices=LastDealerStop)
    extra_wind_target: int = rule(30000, "when nobody has this score after the last hand, play goes on into one "
                                         "more wind, ending after the first hand that leaves somebody there (sudden "
                                         "death); 0: no extra wind", minimum=0)
    extra_wind: ExtraWind = rule(
        ExtraWind.SUDDEN_DEATH,
        "how the extra wind is played: 'sudden_death' (over after the first hand that leaves somebody at "
        "extra_wind_target), 'dealer_first' (the same, but a repeating dealer plays on unless last_dealer_stop "
        "ends the game: 連荘優先サドンデス), 'whole_wind' (all four hands, its last the last hand: 4局固定) or "
        "'none' (no extra wind; extra_wind_target still decides the last dealer's stop)", choices=ExtraWind)

    @property
    def winds(self) -> int:
        """The winds of rounds a game lasts before any extra wind."""
        return self.game_length.winds

    def busts(self, score: int) -> bool:
        """Whether a player left with ``score`` ends the game (tobi): below 0, or at 0 under
        ``bust_at_zero``; never without ``bust_ends_game``."""
        return self.bust_ends_game and (score < 0 or (score == 0 and self.bust_at_zero))


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
