"""Chuuren poutou (nine gates) and its 9-sided form."""


from mjrules.plugin_api import MAN1, PIN1, SOU1, STANDARD, Flags, Reading, Yaku, native_twin

STD = (STANDARD,)

_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def _suit(r: Reading) -> int:
    """The suit offset when the closed hand is one suit with the nine-gates counts, else -1."""
    if r.hand.melds:
        return -1
    c = r.counts
    for s in (MAN1, PIN1, SOU1):
        part = c[s : s + 9]
        if sum(part) == 14 and all(x >= g for x, g in zip(part, _GATES)):
            return s
    return -1


@native_twin("chuuren")
def chuuren(r: Reading, flags: Flags) -> bool:
    return _suit(r) >= 0


@native_twin("junsei_chuuren")
def junsei_chuuren(r: Reading, flags: Flags) -> bool:
    """Nine-sided wait: before the win the hand was exactly 1112345678999."""
    s = _suit(r)
    if s < 0:
        return False
    return r.counts[r.win_tile] - 1 == _GATES[r.win_tile - s]  # the winning tile's place in the gates


YAKU = (
    Yaku("chuuren", "Nine gates", "九蓮宝燈", chuuren, yakuman=1, forms=STD, honours=False, max_suits=1),
    Yaku("junsei_chuuren", "Pure nine gates", "純正九蓮宝燈", junsei_chuuren, yakuman=2, double=True,
         replaces=("chuuren",), forms=STD, honours=False, max_suits=1),
)
