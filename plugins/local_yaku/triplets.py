"""Local yaku of consecutive triplets: sanrenkou and suurenkou.

- ``sanrenkou`` 三連刻, three triplets (or kans) of one suit on consecutive numbers (222 333 444p):
  2 han, open or closed.
- ``suurenkou`` 四連刻, four such triplets: yakuman. Closed it is also suuankou: with
  ``suurenkou_stacks`` (default) the two add up as the yakuman stacking policy says; otherwise
  suurenkou stands in for suuankou (and its tanki form) and the hand is one yakuman. Toitoi and the
  other ordinary yaku drop anyway, as under every yakuman.
"""


from mjrules.plugin_api import EAST, STANDARD, Flags, Reading, Yaku, native_twin

STD = (STANDARD,)


def _suited(t: int) -> bool:
    return t < EAST


@native_twin("sanrenkou")
def sanrenkou(r: Reading, flags: Flags) -> bool:
    t = r.triplets
    return any(_suited(x) and x % 9 <= 6 and x + 1 in t and x + 2 in t for x in t)  # x % 9 <= 6: x + 2 in the same suit


@native_twin("suurenkou")
def suurenkou(r: Reading, flags: Flags) -> bool:
    t = sorted(r.triplets)
    return (len(t) == 4 and t[3] < EAST and t[0] // 9 == t[3] // 9  # suited, all in one suit
            and t[1] == t[0] + 1 and t[2] == t[0] + 2 and t[3] == t[0] + 3)


def build(flags: Flags) -> dict[str, list[Yaku]]:
    """{switch id: [Yaku, …]} of this family under the flags."""
    stacks = flags["suurenkou_stacks"]
    return {
        "sanrenkou": [Yaku("sanrenkou", "Three consecutive triplets", "三連刻", sanrenkou, han=2, han_open=2,
                           forms=STD, min_triplets=3)],
        "suurenkou": [Yaku("suurenkou", "Four consecutive triplets", "四連刻", suurenkou, yakuman=1, forms=STD,
                           min_triplets=4, replaces=() if stacks else ("suuankou", "suuankou_tanki"))],
    }
