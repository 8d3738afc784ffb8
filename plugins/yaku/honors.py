"""Yakuhai (dragon and wind triplets) and shousangen."""


from mjrules.plugin_api import (
    CHUN,
    DRAGONS,
    HAKU,
    HATSU,
    STANDARD,
    WINDS,
    Check,
    Flags,
    Reading,
    Yaku,
    native_twin,
)

"""What a yaku check is called with and returns (``Yaku.check``)."""

STD = (STANDARD,)

_WIND_JA = "東南西北"
_WIND_EN = ("East", "South", "West", "North")


def _dragon(kind: int) -> Check:
    return native_twin("honour_triplet", kind)(lambda r, flags: r.counts[kind] >= 3 and r.form == STANDARD)


def _round(t: int) -> Check:
    return native_twin("yakuhai_round", t)(
        lambda r, flags: r.round_wind_kind == t and r.counts[t] >= 3 and r.form == STANDARD)


def _seat(t: int) -> Check:
    return native_twin("yakuhai_seat", t)(
        lambda r, flags: r.seat_wind_kind == t and r.counts[t] >= 3 and r.form == STANDARD)


@native_twin("shousangen")
def shousangen(r: Reading, flags: Flags) -> bool:
    return r.form == STANDARD and r.pair in DRAGONS and sum(1 for t in r.triplets if t in DRAGONS) == 2


YAKU = (
    Yaku("haku", "White dragon", "翻牌 白", _dragon(HAKU), han=1, han_open=1, forms=STD, honours=True, min_triplets=1,
         triplet_of=(HAKU,)),
    Yaku("hatsu", "Green dragon", "翻牌 發", _dragon(HATSU), han=1, han_open=1, forms=STD, honours=True, min_triplets=1,
         triplet_of=(HATSU,)),
    Yaku("chun", "Red dragon", "翻牌 中", _dragon(CHUN), han=1, han_open=1, forms=STD, honours=True, min_triplets=1,
         triplet_of=(CHUN,)),
    *(
        Yaku(f"round_wind_{en.lower()}", f"Round wind {en}", f"場風 {ja}", _round(t), han=1, han_open=1, forms=STD,
             honours=True, min_triplets=1, when=f"round_{en.lower()}", triplet_of=(t,))
        for t, en, ja in zip(WINDS, _WIND_EN, _WIND_JA)
    ),
    *(
        Yaku(f"seat_wind_{en.lower()}", f"Seat wind {en}", f"自風 {ja}", _seat(t), han=1, han_open=1, forms=STD,
             honours=True, min_triplets=1, when=f"seat_{en.lower()}", triplet_of=(t,))
        for t, en, ja in zip(WINDS, _WIND_EN, _WIND_JA)
    ),
    Yaku("shousangen", "Little three dragons", "小三元", shousangen, han=2, han_open=2, forms=STD, honours=True,
         min_triplets=2, triplet_of=DRAGONS),
)
