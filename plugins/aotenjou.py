"""Aotenjou (青天井, "blue sky"): no limit hands. Off by default; enable the ``aotenjou`` plugin.

Every hand is paid by the bare formula, basic points = fu × 2^(han + 2), with no mangan, haneman,
baiman, sanbaiman or kazoe cap, and no kiriage (a 30-fu 4-han hand stays 1,920 basic points). The
usual ron (×4, ×6 for the dealer) and tsumo splits, each payment rounded up to 100, still apply.

Yakuman follow the common aotenjou convention of counting a yakuman as 13 han: a natural yakuman
hand of multiple k (after the double-yakuman and stacking policies) is paid as
``aotenjou_yakuman_fu`` fu (30 by default) with k × ``aotenjou_yakuman_han`` han (13 by default), so
a single yakuman is 30 × 2^15 = 983,040 basic points (non-dealer ron 3,932,200). The hand's own fu
and its other yaku and dora are not added: mjrules pays a natural yakuman hand as its yakuman alone
(``mjrules_base_points`` receives no fu and no han for it), hence the fixed fu. Pao still covers at
most 8,000 basic points per liable yakuman (the core's rule).
"""

from typing import Callable

from mjrules.plugin_api import Flag, Flags, hookimpl, native_twin


@hookimpl
def mjrules_register_flags(register: Callable[[Flag], None]) -> None:
    # The maxima keep a stacked yakuman's points a number people (and JSON) can handle.
    register(Flag("aotenjou_yakuman_han", int, 13, "han one yakuman counts as in aotenjou (times its multiple)",
                  minimum=1, maximum=26))
    register(Flag("aotenjou_yakuman_fu", int, 30, "fu a natural yakuman hand is paid with in aotenjou",
                  minimum=20, maximum=130))


@hookimpl
@native_twin("aotenjou",
             params=lambda flags: {"yakuman_fu": flags.get_int("aotenjou_yakuman_fu"),
                                   "yakuman_han": flags.get_int("aotenjou_yakuman_han")})
def mjrules_base_points(fu: int | None, han: int, yakuman: int, flags: Flags) -> int:
    if fu is None:  # a natural yakuman hand, of multiple ``yakuman``
        fu = flags.get_int("aotenjou_yakuman_fu")
        han = yakuman * flags.get_int("aotenjou_yakuman_han")
    return fu << (han + 2)
