"""Suukantsu (four kans)."""

from mjrules.rules.yaku import Yaku

YAKU = (Yaku("suukantsu", "Four kans", "四槓子", lambda r, f: r.kans == 4, yakuman=1, forms=("standard",), min_triplets=4),)
