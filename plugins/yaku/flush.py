"""One-suit hands."""

from mjrules.yaku import Yaku


def _suits(r):
    c = r.counts
    used = [any(c[s : s + 9]) for s in (0, 9, 18)]
    return sum(used), any(c[27:])


def honitsu(r, flags):
    n, honours = _suits(r)
    return n == 1 and honours


def chinitsu(r, flags):
    n, honours = _suits(r)
    return n == 1 and not honours


YAKU = (
    Yaku("honitsu", "Half flush", "混一色", honitsu, han=3, han_open=2),
    Yaku("chinitsu", "Full flush", "清一色", chinitsu, han=6, han_open=5),
)
