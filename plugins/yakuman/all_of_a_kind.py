"""Hands made of one kind of tile: all honours, all green, all terminals."""

from mjrules.rules.yaku import Yaku

GREEN = (19, 20, 21, 23, 25, 32)  # 2s 3s 4s 6s 8s and the green dragon


def tsuuiisou(r, flags):
    return r.honours == r.size


def ryuuiisou(r, flags):
    if r.suits & 3 or r.honours > r.counts[32]:  # characters, circles, or an honour other than green
        return False
    if flags.get("ryuuiisou_needs_hatsu") and not r.counts[32]:
        return False
    c = r.counts
    return sum(c[i] for i in GREEN) == r.size


def chinroutou(r, flags):
    return r.yaochu == r.size and r.honours == 0


YAKU = (
    Yaku("tsuuiisou", "All honours", "字一色", tsuuiisou, yakuman=1, forms=("standard", "chiitoitsu"), honours=True,
         max_suits=0),
    Yaku("ryuuiisou", "All green", "緑一色", ryuuiisou, yakuman=1, forms=("standard", "chiitoitsu"), max_suits=1),
    Yaku("chinroutou", "All terminals", "清老頭", chinroutou, yakuman=1, forms=("standard",), honours=False, yaochu="all"),
)
