"""Yaku about simples, terminals and honours in every set."""


from mjrules.plugin_api import (
    CHIITOITSU,
    EAST,
    KOKUSHI,
    SEQ,
    STANDARD,
    YAOCHU,
    Flags,
    Reading,
    Yaku,
    native_twin,
)

STD = (STANDARD,)


@native_twin("tanyao")
def tanyao(r: Reading, flags: Flags) -> bool:
    return r.yaochu_count == 0


def _outside(r: Reading) -> tuple[bool, bool]:
    """(every set and the pair holds a terminal or honour, honours present) for sequence hands."""
    if r.form != STANDARD or not r.sequences:
        return False, False
    for kind, first, _, _ in r.sets:
        if kind == SEQ:
            if first % 9 not in (0, 6):  # 123 or 789 of its suit
                return False, False
        elif first not in YAOCHU:
            return False, False
    if r.pair not in YAOCHU:
        return False, False
    honours = r.pair >= EAST or any(t >= EAST for t in r.triplets)
    return True, honours


@native_twin("chanta")
def chanta(r: Reading, flags: Flags) -> bool:
    ok, honours = _outside(r)
    return ok and honours


@native_twin("junchan")
def junchan(r: Reading, flags: Flags) -> bool:
    ok, honours = _outside(r)
    return ok and not honours


@native_twin("honroutou")
def honroutou(r: Reading, flags: Flags) -> bool:
    if r.form == KOKUSHI:
        return False
    return r.yaochu_count == r.size


OUTSIDE = (
    Yaku("chanta", "Half outside hand", "混全帯幺九", chanta, han=2, han_open=1, forms=STD, honours=True, min_sequences=1,
         yaochu="outside"),
    Yaku("junchan", "Fully outside hand", "純全帯幺九", junchan, han=3, han_open=2, forms=STD, honours=False, min_sequences=1,
         yaochu="outside"),
    Yaku("honroutou", "All terminals and honours", "混老頭", honroutou, han=2, han_open=2, forms=(STANDARD, CHIITOITSU),
         yaochu="all"),
)


def build(flags: Flags) -> tuple[Yaku, ...]:
    """This family's yaku under the flags: tanyao counts open only with ``open_tanyao``."""
    return (
        Yaku("tanyao", "All simples", "断幺九", tanyao, han=1, han_open=1 if flags["open_tanyao"] else None,
             honours=False, yaochu="none"),
        *OUTSIDE,
    )
