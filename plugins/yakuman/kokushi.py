"""Kokushi musou (thirteen orphans)."""


from mjrules.plugin_api import KOKUSHI, ROBBED_ANKAN, Flag, Flags, Reading, Yaku, native_twin

KOKUSHI_ONLY = (KOKUSHI,)


@native_twin("kokushi")
def kokushi(r: Reading, flags: Flags) -> bool:
    return r.form == KOKUSHI


@native_twin("kokushi_13")
def kokushi_13(r: Reading, flags: Flags) -> bool:
    """The 13-sided wait: before the win the hand held one of each orphan."""
    return r.form == KOKUSHI and r.counts[r.win_tile] == 2


ANKAN_CHANKAN = Flag(
    "kokushi_ankan_chankan", bool, False,
    "kokushi musou may rob a closed kan (国士無双の暗槓槍槓; Win extras tag 'robbed_ankan' with chankan); "
    "false: no hand may",
)


def build(flags: Flags) -> tuple[Yaku, ...]:
    # kokushi is the one hand that may rob a closed kan, where the ruleset allows it: then it reads
    # the tag, and the Scorer lets a win with the tag stand only while an enabled yaku reads it
    robs = (ROBBED_ANKAN,) if flags[ANKAN_CHANKAN.name] else ()
    return (
        Yaku("kokushi", "Thirteen orphans", "国士無双", kokushi, yakuman=1, forms=KOKUSHI_ONLY, extras=robs),
        Yaku("kokushi_13", "Thirteen orphans, 13-sided wait", "国士無双十三面", kokushi_13, yakuman=2, double=True,
             replaces=("kokushi",), forms=KOKUSHI_ONLY),
    )
