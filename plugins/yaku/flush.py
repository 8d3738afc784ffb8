"""One-suit hands."""


from mjrules.plugin_api import Flags, Reading, Yaku, native_twin

_ONE_SUIT = (1, 2, 4)  # Reading.suit_mask values of characters, circles or bamboo alone


@native_twin("honitsu")
def honitsu(r: Reading, flags: Flags) -> bool:
    return r.suit_mask in _ONE_SUIT and r.honours > 0


@native_twin("chinitsu")
def chinitsu(r: Reading, flags: Flags) -> bool:
    return r.suit_mask in _ONE_SUIT and r.honours == 0


YAKU = (
    Yaku("honitsu", "Half flush", "混一色", honitsu, han=3, han_open=2, honours=True, max_suits=1),
    Yaku("chinitsu", "Full flush", "清一色", chinitsu, han=6, han_open=5, honours=False, max_suits=1),
)
