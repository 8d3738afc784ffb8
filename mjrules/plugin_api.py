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
    TILE_SETS,
    WEST,
    WINDS,
    YAOCHU,
    Tile,
    tile,
)
from mjrules.model.win import ROBBED_ANKAN, SITUATIONS, Riichi, Win
from mjrules.rules.flags import Flag, Flags, FlagValue
from mjrules.rules.hookspecs import hookimpl
from mjrules.rules.kan_dora import TIMINGS as KAN_DORA_TIMINGS
from mjrules.rules.liability import HONBA_LIABLE, HONBA_NORMAL, Liability
from mjrules.rules.rules import (
    ABORTIVE_DRAWS,
    GAME_LENGTHS,
    KUIKAE_LEVELS,
    LAST_DEALER_STOPS,
    NAGASHI_MODES,
    TSUMO_LOSS_CHOICES,
    FlagValueError,
    FuCount,
    HonbaRule,
    NagashiRule,
    RoundRules,
    SanmaRules,
    TileSet,
    WinRules,
)
from mjrules.rules.yaku import FORMS, Yaku
from mjrules.scoring.fu import Fu, FuItem
from mjrules.scoring.placings import SEAT_ORDER, SHARED, TIES, PlacingRule
from mjrules.scoring.reading import (
    CHIITOITSU,
    KANCHAN,
    KOKUSHI,
    PENCHAN,
    RYANMEN,
    SHANPON,
    STANDARD,
    TANKI,
    TERMINALS_ALL,
    TERMINALS_NONE,
    TERMINALS_OUTSIDE,
    TERMINALS_SOME,
    Features,
    Form,
    Reading,
    Wait,
)

Check = Callable[[Reading, Flags], bool]
"""The type of an ordinary yaku's check; a bonus item's check returns its count (an int)."""

__all__ = [
    # hooks and what they register
    "hookimpl", "Yaku", "Check", "Flag", "Flags", "FlagValue", "Liability", "HONBA_NORMAL", "HONBA_LIABLE", "PluginError",
    # what a check reads
    "Reading", "Features", "SetShape", "SetKind", "Form", "Wait", "Riichi", "SEQ", "TRIPLET", "FORMS", "STANDARD", "CHIITOITSU", "KOKUSHI",
    "RYANMEN", "KANCHAN", "PENCHAN", "SHANPON", "TANKI", "TERMINALS_NONE", "TERMINALS_SOME", "TERMINALS_OUTSIDE",
    "TERMINALS_ALL", "SITUATIONS", "ROBBED_ANKAN", "Hand", "Win", "Meld", "MeldKind", "Tile", "tile",
    # rule parts (one hook each) and what they hold
    "WinRules", "TileSet", "FuCount", "Fu", "FuItem", "HonbaRule", "NagashiRule", "PlacingRule", "RoundRules",
    "SanmaRules", "FlagValueError", "TSUMO_LOSS_CHOICES", "NAGASHI_MODES", "ABORTIVE_DRAWS", "KUIKAE_LEVELS",
    "GAME_LENGTHS", "LAST_DEALER_STOPS",
    # game rules
    "TIES", "SEAT_ORDER", "SHARED", "KAN_DORA_TIMINGS",
    # tile kinds
    "MAN1", "MAN2", "MAN3", "MAN4", "MAN5", "MAN6", "MAN7", "MAN8", "MAN9",
    "PIN1", "PIN2", "PIN3", "PIN4", "PIN5", "PIN6", "PIN7", "PIN8", "PIN9",
    "SOU1", "SOU2", "SOU3", "SOU4", "SOU5", "SOU6", "SOU7", "SOU8", "SOU9",
    "EAST", "SOUTH", "WEST", "NORTH", "HAKU", "HATSU", "CHUN",
    "WINDS", "DRAGONS", "TERMINALS", "YAOCHU", "FIVES", "DORA_OF", "DORA_OF_SANMA", "TILE_SETS",
]
