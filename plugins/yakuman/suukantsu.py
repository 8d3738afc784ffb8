"""Suukantsu (four kans)."""

from mjrules.plugin_api import STANDARD, Yaku, native_twin

YAKU = (Yaku("suukantsu", "Four kans", "四槓子", native_twin("suukantsu")(lambda r, f: r.kans == 4), yakuman=1, forms=(STANDARD,), min_triplets=4),)
