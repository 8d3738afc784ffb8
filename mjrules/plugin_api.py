"""The plugin author's module: everything a plugin imports, from one place.

``from mjrules.plugin_api import hookimpl, Yaku, Flag, Reading, HAKU`` … What stays stable
from one release to the next is listed in ``plugins/README.md``; the built-in plugins in
``plugins/`` import only from here, as a third-party plugin does.
"""

from typing import Callable

from mjrules.errors import PluginError
from mjrules.model.hand import Hand
from mjrules.model.melds import SEQ, TRIPLET, Meld, MeldKind, SetKind, SetShape
from mjrules.model.tiles import (
    CHUN,
    DORA_OF,
    DORA_OF_SANMA,
    DRAGONS,
    EAST,
    FIVES,
    HAKU,
    HATSU,
    MAN1,
    MAN2,
    MAN3,
    MAN4,
    MAN5,
    MAN6,
    MAN7,
    MAN8,
    MAN9,
    NORTH,
    PIN1,
    PIN2,
    PIN3,
    PIN4,
    PIN5,
    PIN6,
    PIN7,
    PIN8,
    PIN9,
    SOU1,
    SOU2,
    SOU3,
    SOU4,
    SOU5,
    SOU6,
    SOU7,
    SOU8,
    SOU9,
    SOUTH,
    TERMINALS,
    WEST,
    WINDS,
    YAOCHU,
    Tile,
    tile,
)
from mjrules.model.win import ROBBED_ANKAN, ROBBED_KITA, SITUATIONS, Riichi, Win
from mjrules.rules.choices import (
    AbortiveDraw,
    AnkanAfterRiichi,
    Choice,
    DealerRepeat,
    ExtraWind,
    KanDoraTiming,
    Kuikae,
    LastDealerStop,
    LeftoverSticks,
    MultiRonHonba,
    NagashiMode,
    PaoHonba,
    Rounding,
    Tie,
    TileSetSize,
    TsumoLoss,
)
from mjrules.rules.declare import computed, declared, flag_of, flags_of, from_flags, rule
from mjrules.rules.flags import Flag, Flags, FlagValue, FlagValueError
from mjrules.rules.hookspecs import hookimpl
from mjrules.rules.liability import HONBA_LIABLE, HONBA_NORMAL, Liability
from mjrules.rules.placing import ROUNDINGS, SEAT_ORDER, SHARED, TIES, PlacingRule
from mjrules.rules.rules import (
    ABORTIVE_DRAWS,
    ANKAN_AFTER_RIICHI,
    DEALER_REPEATS,
    EXTRA_WINDS,
    GAME_LENGTHS,
    KAN_DORA_TIMINGS,
    KUIKAE_LEVELS,
    LAST_DEALER_STOPS,
    LEFTOVER_STICKS,
    MULTI_RON_HONBA,
    NAGASHI_MODES,
    TILE_SET_SIZES,
    TILE_SETS,
    TSUMO_LOSS_CHOICES,
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
from mjrules.rules.choices import GameLength
from mjrules.rules.yaku import FORMS, Yaku, native_twin
from mjrules.readings.fu import Fu, FuItem
from mjrules.kernel.shapes import KANCHAN, PENCHAN, RYANMEN, SHANPON, TANKI, Wait
from mjrules.readings.reading import (
    CHIITOITSU,
    KOKUSHI,
    STANDARD,
    TERMINALS_ALL,
    TERMINALS_NONE,
    TERMINALS_OUTSIDE,
    TERMINALS_SOME,
    Features,
    Form,
    Reading,
)

Check = Callable[[Reading, Flags], bool]
"""The type of an ordinary yaku's check; a bonus item's check returns its count (an int)."""

__all__ = [
    # hooks and what they register
    "hookimpl", "Yaku", "Check", "native_twin", "Flag", "Flags", "FlagValue", "Liability", "HONBA_NORMAL", "HONBA_LIABLE", "PluginError",
    # what a check reads
    "Reading", "Features", "SetShape", "SetKind", "Form", "Wait", "Riichi", "SEQ", "TRIPLET", "FORMS", "STANDARD", "CHIITOITSU", "KOKUSHI",
    "RYANMEN", "KANCHAN", "PENCHAN", "SHANPON", "TANKI", "TERMINALS_NONE", "TERMINALS_SOME", "TERMINALS_OUTSIDE",
    "TERMINALS_ALL", "SITUATIONS", "ROBBED_ANKAN", "ROBBED_KITA", "Hand", "Win", "Meld", "MeldKind", "Tile", "tile",
    # the rules object, its parts (one hook each) and what they hold
    "Rules", "WinRules", "TileSet", "DoraRules", "FuCount", "Fu", "FuItem", "HonbaRule", "NagashiRule", "PlacingRule",
    "RoundRules", "PlayRules", "SanmaRules", "GameLength", "FlagValueError",
    # a rule value declared once, on its part's field (mjrules.rules.declare)
    "rule", "computed", "declared", "flags_of", "flag_of", "from_flags",
    # the closed sets of choices the parts' values take: enums whose members are the flags' strings
    "Choice", "TileSetSize", "KanDoraTiming", "TsumoLoss", "NagashiMode", "AbortiveDraw", "Kuikae", "AnkanAfterRiichi",
    "MultiRonHonba", "DealerRepeat", "LeftoverSticks", "LastDealerStop", "ExtraWind", "Tie", "Rounding", "PaoHonba",
    # and as tuples of their strings (0.3)
    "TILE_SET_SIZES", "TILE_SETS", "KAN_DORA_TIMINGS", "TSUMO_LOSS_CHOICES", "NAGASHI_MODES", "ABORTIVE_DRAWS", "KUIKAE_LEVELS",
    "ANKAN_AFTER_RIICHI", "MULTI_RON_HONBA", "DEALER_REPEATS", "LEFTOVER_STICKS", "GAME_LENGTHS", "LAST_DEALER_STOPS",
    "EXTRA_WINDS",
    "TIES", "SEAT_ORDER", "SHARED", "ROUNDINGS",
    # tile kinds
    "MAN1", "MAN2", "MAN3", "MAN4", "MAN5", "MAN6", "MAN7", "MAN8", "MAN9",
    "PIN1", "PIN2", "PIN3", "PIN4", "PIN5", "PIN6", "PIN7", "PIN8", "PIN9",
    "SOU1", "SOU2", "SOU3", "SOU4", "SOU5", "SOU6", "SOU7", "SOU8", "SOU9",
    "EAST", "SOUTH", "WEST", "NORTH", "HAKU", "HATSU", "CHUN",
    "WINDS", "DRAGONS", "TERMINALS", "YAOCHU", "FIVES", "DORA_OF", "DORA_OF_SANMA",
]
