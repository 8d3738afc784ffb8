"""Reading and writing hands: MPSZ (``123m406p789s11222z``) and majiang-core notation."""

from .majiang import format_majiang, parse_majiang, parse_majiang_input, majiang_input
from .mpsz import format_mpsz, parse_mpsz, parse_tiles

__all__ = [
    "format_majiang",
    "format_mpsz",
    "majiang_input",
    "parse_majiang",
    "parse_majiang_input",
    "parse_mpsz",
    "parse_tiles",
]
