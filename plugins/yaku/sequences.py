"""Yaku built from sequences."""


from mjrules.plugin_api import MAN9, STANDARD, Flags, Reading, Yaku, native_twin

STD = (STANDARD,)


@native_twin("pinfu")
def pinfu(r: Reading, flags: Flags) -> bool:
    return r.pinfu_shape


@native_twin("iipeikou")
def iipeikou(r: Reading, flags: Flags) -> bool:
    s = r.sequences
    return len(set(s)) < len(s)  # some sequence twice


@native_twin("ryanpeikou")
def ryanpeikou(r: Reading, flags: Flags) -> bool:
    s = r.sequences
    if len(s) != 4:
        return False
    a, b, c, d = sorted(s)
    return a == b and c == d  # two pairs of identical sequences (or one sequence four times)


@native_twin("sanshoku")
def sanshoku(r: Reading, flags: Flags) -> bool:
    s = r.sequences
    for x in s:
        if x <= MAN9 and x + 9 in s and x + 18 in s:  # the same numbers in circles and bamboo
            return True
    return False


@native_twin("ittsu")
def ittsu(r: Reading, flags: Flags) -> bool:
    s = r.sequences
    for x in s:
        if x % 9 == 0 and x + 3 in s and x + 6 in s:  # 123, 456 and 789 of one suit
            return True
    return False


YAKU = (
    Yaku("pinfu", "Pinfu", "平和", pinfu, han=1, forms=STD, min_sequences=4),
    Yaku("iipeikou", "Pure double sequence", "一盃口", iipeikou, han=1, forms=STD, min_sequences=2),
    Yaku("ryanpeikou", "Twice pure double sequence", "二盃口", ryanpeikou, han=3, replaces=("iipeikou",), forms=STD, min_sequences=4),
    Yaku("sanshoku", "Mixed triple sequence", "三色同順", sanshoku, han=2, han_open=1, forms=STD, min_sequences=3),
    Yaku("ittsu", "Pure straight", "一気通貫", ittsu, han=2, han_open=1, forms=STD, min_sequences=3),
)
