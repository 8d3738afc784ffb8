"""Chiitoitsu: 25 fu and 2 han, or 50 fu and 1 han under older rules (flag ``chiitoitsu_value``;
its fu are counted by the fu plugin)."""

from mjrules.plugin_api import CHIITOITSU, Choice, Flag, Flags, Reading, Yaku, native_twin


class SevenPairsValue(Choice):
    """What seven pairs are worth (flag ``chiitoitsu_value``)."""

    FU25_HAN2 = "25fu2han"
    FU50_HAN1 = "50fu1han"


CHIITOITSU_VALUE = Flag("chiitoitsu_value", str, SevenPairsValue.FU25_HAN2,
                        "seven pairs: '25fu2han' (the usual count) or '50fu1han' (older rules)",
                        choices=SevenPairsValue)


@native_twin("chiitoitsu")
def _seven_pairs(r: Reading, flags: Flags) -> bool:
    return r.form == CHIITOITSU


def build(flags: Flags) -> tuple[Yaku, ...]:
    # The check is made once, here at module level: rulesets that build equal yaku share a yaku index.
    han = 1 if flags.get("chiitoitsu_value") == SevenPairsValue.FU50_HAN1 else 2
    return (Yaku("chiitoitsu", "Seven pairs", "七対子", _seven_pairs, han=han,
                 forms=(CHIITOITSU,)),)
