"""Daisangen (big three dragons)."""


from mjrules.plugin_api import CHUN, DRAGONS, HAKU, HATSU, STANDARD, Flags, Reading, Yaku, native_twin


@native_twin("daisangen")
def daisangen(r: Reading, flags: Flags) -> bool:
    c = r.counts
    return r.form == STANDARD and c[HAKU] >= 3 and c[HATSU] >= 3 and c[CHUN] >= 3


YAKU = (Yaku("daisangen", "Big three dragons", "大三元", daisangen, yakuman=1, forms=(STANDARD,), honours=True,
             min_triplets=3, triplet_of=DRAGONS),)
