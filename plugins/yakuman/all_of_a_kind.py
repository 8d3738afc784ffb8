"""Hands made of one kind of tile: all honours, all green, all terminals."""

from mjrules.plugin_api import CHIITOITSU, HATSU, SOU2, SOU3, SOU4, SOU6, SOU8, STANDARD, Yaku

GREEN = (SOU2, SOU3, SOU4, SOU6, SOU8, HATSU)


def tsuuiisou(r, flags):
    return r.honours == r.size


def ryuuiisou(r, flags):
    if r.suits & 3 or r.honours > r.counts[HATSU]:  # characters, circles, or an honour other than green
        return False
    if flags.get("ryuuiisou_needs_hatsu") and not r.counts[HATSU]:
        return False
    c = r.counts
    return sum(c[i] for i in GREEN) == r.size


def chinroutou(r, flags):
    return r.yaochu == r.size and r.honours == 0


YAKU = (
    Yaku("tsuuiisou", "All honours", "字一色", tsuuiisou, yakuman=1, forms=(STANDARD, CHIITOITSU), honours=True,
         max_suits=0),
    Yaku("ryuuiisou", "All green", "緑一色", ryuuiisou, yakuman=1, forms=(STANDARD, CHIITOITSU), max_suits=1),
    Yaku("chinroutou", "All terminals", "清老頭", chinroutou, yakuman=1, forms=(STANDARD,), honours=False, yaochu="all"),
)
