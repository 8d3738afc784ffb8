"""mjrules: score riichi mahjong hands under any rule set.

>>> from mjrules import Scorer, parse_mpsz, Win
>>> scorer = Scorer("majiang")
>>> result = scorer.score(parse_mpsz("234m456p67s555z22z8s"), Win(tsumo=False, discarder=2, seat_wind=1))
>>> result.points
1300
"""

from .errors import HandError, MjrulesError, NotationError, PluginError, RulesetError, SituationError
from .flags import Flag
from .hand import Hand
from .hookspecs import hookimpl
from .liability import Liability
from .melds import Meld, MeldKind
from .notation import format_majiang, format_mpsz, parse_majiang, parse_majiang_input, parse_mpsz, parse_tiles
from .result import FuItem, NoWin, Result, YakuScore
from .ruleset import Ruleset, load_ruleset, preset_names
from .scorer import Scorer
from .situation import Win
from .tiles import Tile, tile
from .yaku import Yaku

__version__ = "0.1.0"

__all__ = [
    "Flag", "FuItem", "Hand", "HandError", "Liability", "Meld", "MeldKind", "MjrulesError", "NoWin",
    "NotationError", "PluginError", "Result", "Ruleset", "RulesetError", "Scorer", "SituationError", "Tile",
    "Win", "Yaku", "YakuScore", "format_majiang", "format_mpsz", "hookimpl", "load_ruleset", "parse_majiang",
    "parse_majiang_input", "parse_mpsz", "parse_tiles", "preset_names", "tile",
]
