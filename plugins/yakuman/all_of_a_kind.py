"""Hands made of one kind of tile: all honours, all green, all terminals."""

from mjrules.yaku import Yaku

GREEN = (19, 20, 21, 23, 25, 32)  # 2s 3s 4s 6s 8s and the green dragon
TERMINALS = (0, 8, 9, 17, 18, 26)


def _only(r, kinds):
    c = r.counts
    return sum(c[i] for i in kinds) == sum(c)


def tsuuiisou(r, flags):
    return _only(r, range(27, 34))


def ryuuiisou(r, flags):
    return _only(r, GREEN)


def chinroutou(r, flags):
    return _only(r, TERMINALS)


YAKU = (
    Yaku("tsuuiisou", "All honours", "字一色", tsuuiisou, yakuman=1),
    Yaku("ryuuiisou", "All green", "緑一色", ryuuiisou, yakuman=1),
    Yaku("chinroutou", "All terminals", "清老頭", chinroutou, yakuman=1),
)
