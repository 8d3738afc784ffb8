"""Standard yaku (not yakuman), one module per family:

- ``situational`` riichi, ippatsu, menzen tsumo, haitei, houtei, rinshan, chankan
- ``sequences`` pinfu, iipeikou, ryanpeikou, sanshoku, ittsu
- ``triplets`` toitoi, sanankou, sankantsu, sanshoku doukou
- ``terminals`` tanyao, chanta, junchan, honroutou
- ``honors`` yakuhai (dragons, round and seat wind), shousangen
- ``flush`` honitsu, chinitsu
- ``seven_pairs`` chiitoitsu
"""

from mjrules.plugin_api import Flag, hookimpl

from . import flush, honors, sequences, seven_pairs, situational, terminals, triplets

MODULES = (situational, sequences, triplets, terminals, honors, flush, seven_pairs)


@hookimpl
def mjrules_register_yaku(register):
    for module in MODULES:
        for y in module.YAKU:
            register(y)


@hookimpl
def mjrules_register_flags(register):
    register(Flag("open_tanyao", bool, True, "tanyao counts on an open hand (kuitan); false: closed hands only"))
    register(Flag("ippatsu", bool, True, "ippatsu counts as a yaku"))
    register(Flag("disabled_yaku", list, (), "ids of registered yaku that this ruleset does not score"))
