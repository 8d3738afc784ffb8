"""Local yakuman of seven-pairs shapes: daisharin and its other-suit forms, daichisei.

- ``daisharin`` 大車輪, 22334455667788 of circles, closed: yakuman. Without it the shape pays as
  chiitoitsu or ryanpeikou with pinfu, tanyao and chinitsu; as a yakuman it is paid instead of those
  readings. With ``daisharin_other_suits`` the same shape in characters (``daisuurin`` 大数隣) and
  bamboo (``daichikurin`` 大竹林) is a yakuman too; they are switched with ``daisharin`` in
  ``local_yaku``.
- ``daichisei`` 大七星, seven pairs of the seven honours: ``daichisei_multiple`` yakuman (2 by
  default, 1 in some rules). It replaces tsuuiisou, which the hand also is, so the hand is worth
  exactly that multiple.
"""


from mjrules.plugin_api import (
    CHIITOITSU,
    MAN1,
    PIN1,
    SOU1,
    STANDARD,
    Check,
    Flags,
    Reading,
    Yaku,
    native_twin,
)

"""What a yaku check is called with and returns (``Yaku.check``)."""

BOTH = (STANDARD, CHIITOITSU)
_WHEEL = (2,) * 7


def _wheel(start: int) -> Check:
    first = start + 1  # the 2 of the suit

    @native_twin("wheel", start)
    def check(r: Reading, flags: Flags) -> bool:
        return r.closed and r.counts[first:first + 7] == _WHEEL

    return check


@native_twin("daichisei")
def daichisei(r: Reading, flags: Flags) -> bool:
    return r.honours == 14


def build(flags: Flags) -> dict[str, list[Yaku]]:
    """{switch id: [Yaku, …]} of this family under the flags."""
    wheels = [Yaku("daisharin", "Big wheels", "大車輪", _wheel(PIN1), yakuman=1, forms=BOTH, honours=False)]
    if flags["daisharin_other_suits"]:
        wheels.append(Yaku("daisuurin", "Big numbers (characters wheel)", "大数隣", _wheel(MAN1), yakuman=1,
                           forms=BOTH, honours=False))
        wheels.append(Yaku("daichikurin", "Big bamboo forest", "大竹林", _wheel(SOU1), yakuman=1,
                           forms=BOTH, honours=False))
    return {
        "daisharin": wheels,
        "daichisei": [Yaku("daichisei", "Big seven stars", "大七星", daichisei,
                           yakuman=flags.get_int("daichisei_multiple"), forms=(CHIITOITSU,), honours=True,
                           replaces=("tsuuiisou",))],
    }
