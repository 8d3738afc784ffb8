"""Shousuushii and daisuushii (little and big four winds)."""


from mjrules.plugin_api import STANDARD, WINDS, Flags, Reading, Yaku, native_twin

STD = (STANDARD,)


def _wind_triplets(r: Reading) -> int:
    return sum(1 for t in r.triplets if t in WINDS)


@native_twin("shousuushii")
def shousuushii(r: Reading, flags: Flags) -> bool:
    return r.form == STANDARD and _wind_triplets(r) == 3 and r.pair in WINDS


@native_twin("daisuushii")
def daisuushii(r: Reading, flags: Flags) -> bool:
    return r.form == STANDARD and _wind_triplets(r) == 4


YAKU = (
    Yaku("shousuushii", "Little four winds", "小四喜", shousuushii, yakuman=1, forms=STD, honours=True, min_triplets=3,
         triplet_of=WINDS),
    Yaku("daisuushii", "Big four winds", "大四喜", daisuushii, yakuman=2, double=True, replaces=("shousuushii",),
         forms=STD, honours=True, min_triplets=4, triplet_of=WINDS),
)
