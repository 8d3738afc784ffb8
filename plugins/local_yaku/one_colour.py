"""Local yakuman of hands drawn from a small set of tiles (like ryuuiisou), and hyakuman-goku.

- ``benikujaku`` 紅孔雀, only 1, 5, 7, 9 of bamboo and the red dragon: yakuman.
- ``kouitten`` 紅一点, only 2, 3, 4, 6, 8 of bamboo (the green ones) and the red dragon, which must
  be in the hand (without it the hand is ryuuiisou): yakuman.
- ``kokuiiso`` 黒一色, only 2, 4, 8 of circles and the four winds: yakuman.
- ``hyakuman_goku`` 百万石, characters only (no honours) with the numbers of all tiles summing to 100
  or more (kans count four tiles): yakuman; with ``hyakuman_goku_exact`` the sum must be exactly 100.
"""


from mjrules.plugin_api import (
    CHIITOITSU,
    CHUN,
    PIN2,
    PIN4,
    PIN8,
    SOU1,
    SOU2,
    SOU3,
    SOU4,
    SOU5,
    SOU6,
    SOU7,
    SOU8,
    SOU9,
    STANDARD,
    WINDS,
    Check,
    Flags,
    Reading,
    Yaku,
    native_twin,
)

"""What a yaku check is called with and returns (``Yaku.check``)."""

BOTH = (STANDARD, CHIITOITSU)

BENIKUJAKU = (SOU1, SOU5, SOU7, SOU9, CHUN)
KOUITTEN = (SOU2, SOU3, SOU4, SOU6, SOU8, CHUN)
KOKUIISO = (PIN2, PIN4, PIN8) + WINDS


def _only(kinds: tuple[int, ...]) -> Check:
    @native_twin("only", *kinds)
    def check(r: Reading, flags: Flags) -> bool:
        c = r.counts
        return sum(c[i] for i in kinds) == r.size

    return check


_benikujaku = _only(BENIKUJAKU)
_kouitten = _only(KOUITTEN)
_kokuiiso = _only(KOKUIISO)


@native_twin("kouitten")
def kouitten(r: Reading, flags: Flags) -> bool:
    return r.counts[CHUN] > 0 and _kouitten(r, flags)


def _pips(r: Reading) -> int:
    """Sum of the numbers of all tiles of a hand of characters only (no honours), else 0."""
    if r.suit_mask != 1 or r.honours:
        return 0
    c = r.counts
    return sum((i + 1) * c[i] for i in range(9))  # characters are kinds 0 (1m) to 8 (9m)


@native_twin("hyakuman_goku")
def hyakuman_goku(r: Reading, flags: Flags) -> bool:
    return _pips(r) >= 100


@native_twin("hyakuman_goku_exact")
def hyakuman_goku_exact(r: Reading, flags: Flags) -> bool:
    return _pips(r) == 100


def build(flags: Flags) -> dict[str, list[Yaku]]:
    """{switch id: [Yaku, …]} of this family under the flags."""
    hyakuman = hyakuman_goku_exact if flags["hyakuman_goku_exact"] else hyakuman_goku
    return {
        "benikujaku": [Yaku("benikujaku", "Red peacock", "紅孔雀", _benikujaku, yakuman=1, forms=BOTH, honours=True)],
        "kouitten": [Yaku("kouitten", "One red among green", "紅一点", kouitten, yakuman=1, forms=BOTH, honours=True)],
        "kokuiiso": [Yaku("kokuiiso", "All black", "黒一色", _kokuiiso, yakuman=1, forms=BOTH, honours=True)],
        "hyakuman_goku": [Yaku("hyakuman_goku", "A million koku", "百万石", hyakuman, yakuman=1, forms=(STANDARD,),
                               honours=False)],
    }
