"""mjrules: score riichi mahjong hands under any rule set.

>>> from mjrules import Scorer, parse_mpsz, Win
>>> scorer = Scorer("majiang")
>>> result = scorer.score(parse_mpsz("234m456p67s555z22z8s"), Win(tsumo=False, discarder=2, seat_wind=1))
>>> result.points
1300
"""

from mjrules import _moved
from mjrules.errors import (
    HandError,
    MjrulesError,
    NotationError,
    PluginError,
    RecordError,
    RulesetError,
    SituationError,
)
from mjrules.model.hand import Hand
from mjrules.model.melds import Meld, MeldKind
from mjrules.model.tiles import Tile, tile
from mjrules.model.win import Win
from mjrules.notation import (
    format_majiang,
    format_mpsz,
    parse_majiang,
    parse_majiang_input,
    parse_mpsz,
    parse_tiles,
)
from mjrules.rules.flags import Flag
from mjrules.rules.hookspecs import hookimpl
from mjrules.rules.liability import Liability
from mjrules.rules.ruleset import Ruleset, load_ruleset, preset_names
from mjrules.rules.yaku import Yaku
from mjrules.scoring.result import FuItem, Nagashi, NoWin, Result, YakuScore
from mjrules.scoring.scorer import Scorer

_moved.install()

__version__ = "0.3.0"

__all__ = [
    "Flag", "FuItem", "Hand", "HandError", "Liability", "Meld", "MeldKind", "MjrulesError", "Nagashi", "NoWin",
    "NotationError", "PluginError", "RecordError", "Result", "Ruleset", "RulesetError", "Scorer", "SituationError", "Tile",
    "Win", "Yaku", "YakuScore", "format_majiang", "format_mpsz", "hookimpl", "load_ruleset", "parse_majiang",
    "parse_majiang_input", "parse_mpsz", "parse_tiles", "preset_names", "tile",
]
