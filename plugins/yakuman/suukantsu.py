"""Suukantsu (four kans)."""

from mjrules.plugin_api import STANDARD, Yaku

YAKU = (Yaku("suukantsu", "Four kans", "四槓子", lambda r, f: r.kans == 4, yakuman=1, forms=(STANDARD,), min_triplets=4),)
