"""Hands made of one kind of tile: all honours, all green, all terminals."""


from mjrules.plugin_api import (
    CHIITOITSU,
    HATSU,
    SOU2,
    SOU3,
    SOU4,
    SOU6,
    SOU8,
    STANDARD,
    Flags,
    Reading,
    Yaku,
    native_twin,
)

GREEN = (SOU2, SOU3, SOU4, SOU6, SOU8, HATSU)


@native_twin("tsuuiisou")
def tsuuiisou(r: Reading, flags: Flags) -> bool:
    return r.honours == r.size


@native_twin("ryuuiisou")
def ryuuiisou(r: Reading, flags: Flags) -> bool:
    if r.suit_mask & 3 or r.honours > r.counts[HATSU]:  # characters, circles, or an honour other than green
        return False
    c = r.counts
    return sum(c[i] for i in GREEN) == r.size


@native_twin("ryuuiisou_with_hatsu")
def ryuuiisou_with_hatsu(r: Reading, flags: Flags) -> bool:
    """All green with the green dragon in the hand (``ryuuiisou_needs_hatsu``)."""
    return r.counts[HATSU] > 0 and ryuuiisou(r, flags)


@native_twin("chinroutou")
def chinroutou(r: Reading, flags: Flags) -> bool:
    return r.yaochu_count == r.size and r.honours == 0


def build(flags: Flags) -> tuple[Yaku, ...]:
    """This family's yakuman under the flags: whether all green needs the green dragon."""
    needs_hatsu = flags["ryuuiisou_needs_hatsu"]
    return (
        Yaku("tsuuiisou", "All honours", "字一色", tsuuiisou, yakuman=1, forms=(STANDARD, CHIITOITSU), honours=True,
             max_suits=0),
        Yaku("ryuuiisou", "All green", "緑一色", ryuuiisou_with_hatsu if needs_hatsu else ryuuiisou, yakuman=1,
             forms=(STANDARD, CHIITOITSU), max_suits=1, honours=True if needs_hatsu else None),
        Yaku("chinroutou", "All terminals", "清老頭", chinroutou, yakuman=1, forms=(STANDARD,), honours=False,
             yaochu="all"),
    )
