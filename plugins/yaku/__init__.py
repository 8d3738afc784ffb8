"""Standard yaku (not yakuman), one module per family:

- ``situational`` riichi, ippatsu, menzen tsumo, haitei, houtei, rinshan, chankan
- ``sequences`` pinfu, iipeikou, ryanpeikou, sanshoku, ittsu
- ``triplets`` toitoi, sanankou, sankantsu, sanshoku doukou
- ``terminals`` tanyao, chanta, junchan, honroutou
- ``honors`` yakuhai (dragons, round and seat wind), shousangen
- ``flush`` honitsu, chinitsu
- ``seven_pairs`` chiitoitsu
"""

from typing import Callable

from mjrules.plugin_api import Flag, Flags, WinRules, Yaku, flags_of, from_flags, hookimpl

from . import flush, honors, sequences, seven_pairs, situational, terminals, triplets


@hookimpl
def mjrules_register_yaku(register: Callable[[Yaku], None], flags: Flags) -> None:
    # situational, terminals and seven_pairs hold the yaku whose definition depends on a flag
    for y in (*situational.build(flags), *sequences.YAKU, *triplets.YAKU, *terminals.build(flags), *honors.YAKU,
              *flush.YAKU, *seven_pairs.build(flags)):
        register(y)


@hookimpl
def mjrules_register_flags(register: Callable[[Flag], None]) -> None:
    register(Flag("open_tanyao", bool, True, "tanyao counts on an open hand (kuitan); false: closed hands only"))
    register(Flag("ippatsu", bool, True, "ippatsu counts as a yaku"))
    register(seven_pairs.CHIITOITSU_VALUE)
    for flag in flags_of(WinRules):  # min_han, ryanshiba_honba, disabled_yaku
        register(flag)


@hookimpl
def mjrules_win_rules(flags: Flags) -> WinRules:
    return from_flags(WinRules, flags)
