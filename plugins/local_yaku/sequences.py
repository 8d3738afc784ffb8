"""Local yaku of identical sequences: isshoku sanjun (三つ) and isshoku yonjun (四つ).

- ``isshoku_sanjun`` 一色三順, three identical sequences (111222333m read as sequences):
  ``isshoku_sanjun_han`` han closed (3 by default, 2 in some rules), one less open; it supersedes
  iipeikou, which the same sequences would otherwise also score.
- ``isshoku_yonjun`` 一色四順, four identical sequences: yakuman (open or closed). The same shape
  also reads as ryanpeikou and, closed, as suuankou triplets; the best reading is paid.
"""


from mjrules.plugin_api import STANDARD, Flags, Reading, Yaku, native_twin

STD = (STANDARD,)


@native_twin("isshoku_sanjun")
def isshoku_sanjun(r: Reading, flags: Flags) -> bool:
    s = r.sequences
    return len(s) >= 3 and any(s.count(x) == 3 for x in s)


@native_twin("isshoku_yonjun")
def isshoku_yonjun(r: Reading, flags: Flags) -> bool:
    s = r.sequences
    return len(s) == 4 and s[0] == s[1] == s[2] == s[3]


def build(flags: Flags) -> dict[str, list[Yaku]]:
    """{switch id: [Yaku, …]} of this family under the flags."""
    han = flags.get_int("isshoku_sanjun_han")
    return {
        "isshoku_sanjun": [Yaku("isshoku_sanjun", "Pure triple sequence", "一色三順", isshoku_sanjun, han=han,
                                han_open=han - 1, replaces=("iipeikou",), forms=STD, min_sequences=3)],
        "isshoku_yonjun": [Yaku("isshoku_yonjun", "Pure quadruple sequence", "一色四順", isshoku_yonjun, yakuman=1,
                                forms=STD, min_sequences=4)],
    }
