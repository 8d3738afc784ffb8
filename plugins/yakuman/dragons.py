"""Daisangen (big three dragons)."""

from mjrules.rules.yaku import Yaku
from mjrules.scoring.reading import STANDARD


def daisangen(r, flags):
    c = r.counts
    return r.form == STANDARD and c[31] >= 3 and c[32] >= 3 and c[33] >= 3


YAKU = (Yaku("daisangen", "Big three dragons", "大三元", daisangen, yakuman=1, forms=("standard",), honours=True, min_triplets=3,
                triplet_of=(31, 32, 33)),)
