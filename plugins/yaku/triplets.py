"""Yaku built from triplets and kans."""


from mjrules.plugin_api import MAN9, STANDARD, Flags, Reading, Yaku, native_twin

STD = (STANDARD,)


@native_twin("toitoi")
def toitoi(r: Reading, flags: Flags) -> bool:
    return r.form == STANDARD and not r.sequences


@native_twin("sanankou")
def sanankou(r: Reading, flags: Flags) -> bool:
    return r.concealed_triplets == 3


@native_twin("sankantsu")
def sankantsu(r: Reading, flags: Flags) -> bool:
    return r.kans == 3


@native_twin("sanshoku_doukou")
def sanshoku_doukou(r: Reading, flags: Flags) -> bool:
    t = r.triplets
    if len(t) < 3:
        return False
    return any(x <= MAN9 and x + 9 in t and x + 18 in t for x in t)  # same number in all three suits


YAKU = (
    Yaku("toitoi", "All triplets", "対々和", toitoi, han=2, han_open=2, forms=STD, min_triplets=4),
    Yaku("sanankou", "Three concealed triplets", "三暗刻", sanankou, han=2, han_open=2, forms=STD, min_triplets=3),
    Yaku("sankantsu", "Three kans", "三槓子", sankantsu, han=2, han_open=2, forms=STD, min_triplets=3),
    Yaku("sanshoku_doukou", "Triple triplets", "三色同刻", sanshoku_doukou, han=2, han_open=2, forms=STD, min_triplets=3),
)
