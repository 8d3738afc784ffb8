"""Reading and writing hands: MPSZ (``123m406p789s11222z``) and majiang-core notation."""

from mjrules.notation.json_hand import json_hand, parse_json_hand
from mjrules.notation.majiang import (
    format_majiang,
    majiang_input,
    parse_majiang,
    parse_majiang_input,
)
from mjrules.notation.mpsz import format_mpsz, parse_mpsz, parse_tiles

__all__ = [
    "format_majiang",
    "format_mpsz",
    "json_hand",
    "parse_json_hand",
    "majiang_input",
    "parse_majiang",
    "parse_majiang_input",
    "parse_mpsz",
    "parse_tiles",
]
