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

from mjrules.plugin_api import Flag, Flags, WinRules, Yaku, hookimpl

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
    register(Flag("min_han", int, 1, "han of yaku a win needs, dora not counted (2: ryanshiba for every hand)",
                  choices=(1, 2, 3, 4)))
    register(Flag("ryanshiba_honba", int, 0,
                  "from this many honba on a win needs 2 han of yaku, dora not counted (リャンシバ); 0: never",
                  choices=tuple(range(0, 11))))
    register(Flag("disabled_yaku", list, (), "ids of registered yaku that this ruleset does not score"))


@hookimpl
def mjrules_win_rules(flags: Flags) -> WinRules:
    return WinRules(min_han=flags.get_int("min_han"), ryanshiba_honba=flags.get_int("ryanshiba_honba"),
                    disabled_yaku=flags.get_list("disabled_yaku"))
