"""Yakuhai (dragon and wind triplets) and shousangen."""

from mjrules.rules.yaku import Yaku
from mjrules.scoring.reading import STANDARD

STD = ("standard",)

_WIND_JA = "東南西北"
_WIND_EN = ("East", "South", "West", "North")


def _dragon(index):
    return lambda r, flags: r.counts[index] >= 3 and r.form == STANDARD


def _round(wind):
    t = 27 + wind
    return lambda r, flags: r.round_wind == t and r.counts[t] >= 3 and r.form == STANDARD


def _seat(wind):
    t = 27 + wind
    return lambda r, flags: r.seat_wind == t and r.counts[t] >= 3 and r.form == STANDARD


def shousangen(r, flags):
    return r.form == STANDARD and 31 <= r.pair <= 33 and sum(1 for t in r.triplets if t >= 31) == 2


YAKU = (
    Yaku("haku", "White dragon", "翻牌 白", _dragon(31), han=1, han_open=1, forms=STD, honours=True, min_triplets=1, triplet_of=(31,)),
    Yaku("hatsu", "Green dragon", "翻牌 發", _dragon(32), han=1, han_open=1, forms=STD, honours=True, min_triplets=1, triplet_of=(32,)),
    Yaku("chun", "Red dragon", "翻牌 中", _dragon(33), han=1, han_open=1, forms=STD, honours=True, min_triplets=1, triplet_of=(33,)),
    *(
        Yaku(f"round_wind_{_WIND_EN[w].lower()}", f"Round wind {_WIND_EN[w]}", f"場風 {_WIND_JA[w]}", _round(w), han=1, han_open=1, forms=STD,
             honours=True, min_triplets=1, when=f"round_{_WIND_EN[w].lower()}", triplet_of=(27 + w,))
        for w in range(4)
    ),
    *(
        Yaku(f"seat_wind_{_WIND_EN[w].lower()}", f"Seat wind {_WIND_EN[w]}", f"自風 {_WIND_JA[w]}", _seat(w), han=1, han_open=1, forms=STD,
             honours=True, min_triplets=1, when=f"seat_{_WIND_EN[w].lower()}", triplet_of=(27 + w,))
        for w in range(4)
    ),
    Yaku("shousangen", "Little three dragons", "小三元", shousangen, han=2, han_open=2, forms=STD, honours=True, min_triplets=2,
         triplet_of=(31, 32, 33)),
)
