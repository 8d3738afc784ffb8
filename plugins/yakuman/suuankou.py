"""Suuankou (four concealed triplets)."""


from mjrules.plugin_api import STANDARD, TANKI, Flags, Reading, Yaku, native_twin

STD = (STANDARD,)


@native_twin("suuankou")
def suuankou(r: Reading, flags: Flags) -> bool:
    return r.concealed_triplets == 4


@native_twin("suuankou_tanki")
def suuankou_tanki(r: Reading, flags: Flags) -> bool:
    return r.concealed_triplets == 4 and r.wait == TANKI


YAKU = (
    Yaku("suuankou", "Four concealed triplets", "四暗刻", suuankou, yakuman=1, forms=STD, min_triplets=4),
    Yaku("suuankou_tanki", "Four concealed triplets, single wait", "四暗刻単騎", suuankou_tanki, yakuman=2,
         double=True, replaces=("suuankou",), forms=STD, min_triplets=4),
)
