"""Yaku built from sequences."""

STD = ("standard",)
from mjrules.yaku import Yaku


def pinfu(r, flags):
    return r.pinfu_shape


def _twin_sequences(r):
    """How many pairs of identical sequences (two pairs for ryanpeikou)."""
    s = sorted(r.sequences)
    n = 0
    i = 0
    while i < len(s) - 1:
        if s[i] == s[i + 1]:
            n += 1
            i += 2
        else:
            i += 1
    return n


def iipeikou(r, flags):
    return len(r.sequences) >= 2 and _twin_sequences(r) >= 1


def ryanpeikou(r, flags):
    return len(r.sequences) == 4 and _twin_sequences(r) == 2


def sanshoku(r, flags):
    s = r.sequences
    if len(s) < 3:
        return False
    return any(x < 9 and x + 9 in s and x + 18 in s for x in s)


def ittsu(r, flags):
    s = r.sequences
    if len(s) < 3:
        return False
    return any(x % 9 == 0 and x + 3 in s and x + 6 in s for x in s)


YAKU = (
    Yaku("pinfu", "Pinfu", "平和", pinfu, han=1, forms=STD, min_sequences=4),
    Yaku("iipeikou", "Pure double sequence", "一盃口", iipeikou, han=1, forms=STD, min_sequences=2),
    Yaku("ryanpeikou", "Twice pure double sequence", "二盃口", ryanpeikou, han=3, replaces=("iipeikou",), forms=STD, min_sequences=4),
    Yaku("sanshoku", "Mixed triple sequence", "三色同順", sanshoku, han=2, han_open=1, forms=STD, min_sequences=3),
    Yaku("ittsu", "Pure straight", "一気通貫", ittsu, han=2, han_open=1, forms=STD, min_sequences=3),
)
