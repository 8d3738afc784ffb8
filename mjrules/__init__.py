"""mjrules: score riichi mahjong hands under any rule set.

>>> from mjrules import Scorer, parse_mpsz, Win
>>> scorer = Scorer("majiang")
>>> result = scorer.score(parse_mpsz("234m456p789s67s555z22z8s"), Win(tsumo=False, discarder=2, seat_wind=1))
>>> result.points
1300
"""

from __future__ import annotations

import importlib
import sys
from typing import TYPE_CHECKING, Any, Callable

from mjrules import _checkout, _moved

__version__ = "0.4.0"
"""The one version number: pyproject.toml reads it (``tool.setuptools.dynamic``)."""

_PUBLIC = {
    "mjrules.errors": ("HandError", "MjrulesError", "NotationError", "PluginError", "RecordError", "RulesetError",
                       "SituationError"),
    "mjrules.model.hand": ("Hand",),
    "mjrules.model.melds": ("Meld", "MeldKind"),
    "mjrules.model.tiles": ("Tile", "tile"),
    "mjrules.model.win": ("Win",),
    "mjrules.notation": ("format_majiang", "format_mpsz", "parse_majiang", "parse_majiang_input", "parse_mpsz",
                         "parse_tiles"),
    "mjrules.rules.flags": ("Flag",),
    "mjrules.rules.hookspecs": ("hookimpl",),
    "mjrules.rules.liability": ("Liability",),
    "mjrules.rules.ruleset": ("Ruleset", "load_ruleset", "preset_names"),
    "mjrules.rules.yaku": ("Yaku",),
    "mjrules.scoring.result": ("FuItem", "Nagashi", "NoWin", "Result", "YakuScore"),
    "mjrules.scoring.scorer": ("Scorer",),
}
"""Where each name of the public API lives. They are imported on first use, so that a program
(the command line above all) pays at start-up only for the parts it uses."""
_HOME = {name: module for module, names in _PUBLIC.items() for name in names}

__all__ = [
    "Flag", "FuItem", "Hand", "HandError", "Liability", "Meld", "MeldKind", "MjrulesError", "Nagashi", "NoWin",
    "NotationError", "PluginError", "RecordError", "Result", "Ruleset", "RulesetError", "Scorer", "SituationError", "Tile",
    "Win", "Yaku", "YakuScore", "format_majiang", "format_mpsz", "hookimpl", "load_ruleset", "parse_majiang",
    "parse_majiang_input", "parse_mpsz", "parse_tiles", "preset_names", "tile",
]


def __getattr__(name: str) -> Any:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module 'mjrules' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # found at once the next time
    return value


def show_pictures() -> bool:
    """In a running IPython or Jupyter shell, show hands as tiles and results as their cards
    (``mjrules.pictures.load_ipython_extension``); the pictures are loaded when first drawn. True
    when a shell was found. Called when mjrules is imported."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    if shell is None:
        return False
    formatters = shell.display_formatter.formatters
    for mime, kinds in (("image/svg+xml", ("hand_svg", "result_svg")), ("text/html", ("hand_svg", "result_html"))):
        for (module, cls), draw in zip((("mjrules.model.hand", "Hand"), ("mjrules.scoring.result", "Result")), kinds):
            formatters[mime].for_type_by_name(module, cls, _drawn_by(draw))
    return True


def _drawn_by(name: str) -> Callable[[Any], str]:
    def draw(obj: Any) -> str:
        # mjrules.pictures is loaded on the first picture
        picture: Callable[[Any], str] = getattr(importlib.import_module("mjrules.pictures"), name)
        return picture(obj)

    return draw


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


if TYPE_CHECKING:  # the same names, for type checkers
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
_checkout.install(__path__[0])
show_pictures()
