"""Shousuushii and daisuushii (little and big four winds)."""

from mjrules.rules.yaku import Yaku
from mjrules.scoring.reading import STANDARD

STD = ("standard",)


def _wind_triplets(r):
    return sum(1 for t in r.triplets if 27 <= t <= 30)


def shousuushii(r, flags):
    return r.form == STANDARD and _wind_triplets(r) == 3 and 27 <= r.pair <= 30


def daisuushii(r, flags):
    return r.form == STANDARD and _wind_triplets(r) == 4


YAKU = (
    Yaku("shousuushii", "Little four winds", "小四喜", shousuushii, yakuman=1, forms=STD, honours=True, min_triplets=3,
         triplet_of=(27, 28, 29, 30)),
    Yaku("daisuushii", "Big four winds", "大四喜", daisuushii, yakuman=2, double=True, replaces=("shousuushii",), forms=STD,
         honours=True, min_triplets=4, triplet_of=(27, 28, 29, 30)),
)
