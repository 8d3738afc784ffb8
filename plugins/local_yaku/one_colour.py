"""Local yakuman of hands drawn from a small set of tiles (like ryuuiisou), and hyakuman-goku.

- ``benikujaku`` 紅孔雀, only 1, 5, 7, 9 of bamboo and the red dragon: yakuman.
- ``kouitten`` 紅一点, only 2, 3, 4, 6, 8 of bamboo (the green ones) and the red dragon, which must
  be in the hand (without it the hand is ryuuiisou): yakuman.
- ``kokuiiso`` 黒一色, only 2, 4, 8 of circles and the four winds: yakuman.
- ``hyakuman_goku`` 百万石, characters only (no honours) with the numbers of all tiles summing to 100
  or more (kans count four tiles): yakuman; with ``hyakuman_goku_exact`` the sum must be exactly 100.
"""

from mjrules.rules.yaku import Yaku

BOTH = ("standard", "chiitoitsu")

BENIKUJAKU = (18, 22, 24, 26, 33)          # 1s 5s 7s 9s, red dragon
KOUITTEN = (19, 20, 21, 23, 25, 33)        # 2s 3s 4s 6s 8s, red dragon
KOKUIISO = (10, 12, 16, 27, 28, 29, 30)    # 2p 4p 8p, East South West North


def _only(kinds):
    def check(r, flags):
        c = r.counts
        return sum(c[i] for i in kinds) == r.size

    return check


_benikujaku = _only(BENIKUJAKU)
_kouitten = _only(KOUITTEN)
_kokuiiso = _only(KOKUIISO)


def kouitten(r, flags):
    return r.counts[33] > 0 and _kouitten(r, flags)


def hyakuman_goku(r, flags):
    if r.suits != 1:
        return False
    c = r.counts
    pips = sum((i + 1) * c[i] for i in range(9))
    return pips == 100 if flags.get("hyakuman_goku_exact", False) else pips >= 100


def build(flags):
    """{switch id: [Yaku, …]} of this family under the flags."""
    return {
        "benikujaku": [Yaku("benikujaku", "Red peacock", "紅孔雀", _benikujaku, yakuman=1, forms=BOTH, honours=True)],
        "kouitten": [Yaku("kouitten", "One red among green", "紅一点", kouitten, yakuman=1, forms=BOTH, honours=True)],
        "kokuiiso": [Yaku("kokuiiso", "All black", "黒一色", _kokuiiso, yakuman=1, forms=BOTH, honours=True)],
        "hyakuman_goku": [Yaku("hyakuman_goku", "A million koku", "百万石", hyakuman_goku, yakuman=1,
                               forms=("standard",), honours=False)],
    }
