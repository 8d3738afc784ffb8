"""Local (house) yaku, off by default: enable the ``local-yaku`` plugin in a ruleset::

    extends = "tenhou"
    [plugins]
    enable = ["local-yaku"]
    [flags]
    local_yaku = ["daisharin", "sanrenkou"]   # the ones this ruleset scores (default: all)
    daichisei_multiple = 1

Each family lives in its own module, which documents its yaku, values and variants:

- ``sequences``    isshoku sanjun (3 han closed / 2 open, replaces iipeikou), isshoku yonjun (yakuman)
- ``triplets``     sanrenkou (2 han), suurenkou (yakuman)
- ``seven_pairs``  daisharin and its other-suit forms daisuurin / daichikurin (yakuman), daichisei
                   (double yakuman, replaces tsuuiisou)
- ``one_colour``   benikujaku, kouitten, kokuiiso, hyakuman-goku (yakuman)
- ``situational``  ishi no ue ni mo sannen (yakuman), tsubame gaeshi and kanburi (1 han), shiiaru
                   raotai (1 han), open riichi (2 han / open double riichi 3 han, replacing riichi),
                   paarenchan (yakuman)
- ``tile_bonuses`` iipin moyue, chuupin raoyui, uumen kaika (+1 han on haitei / houtei / rinshan)

Renhou is not here: it lives in the ``renhou`` plugin (``mjrules.plugins.renhou``, enabled by
default), whose flag ``renhou`` picks its form: ``none``, ``mangan`` (paid as a mangan alone or the
hand's normal value, whichever is more), ``yaku`` (a 5-han yaku added to the others) or ``yakuman``.

Situations the core ``Win`` has no field for are ``Win.extras`` tags: ``tsubame_gaeshi``,
``kanburi``, ``open_riichi``, ``discarder_not_riichi`` and ``paarenchan``. A tag is accepted only
when a yaku that reads it is enabled.
"""

from typing import Callable

from mjrules.plugin_api import Flag, Flags, Yaku, hookimpl

from . import one_colour, sequences, seven_pairs, situational, tile_bonuses, triplets

MODULES = (sequences, triplets, seven_pairs, one_colour, situational, tile_bonuses)

LOCAL_YAKU = (
    "isshoku_sanjun", "isshoku_yonjun", "sanrenkou", "suurenkou", "daisharin", "daichisei", "benikujaku",
    "kouitten", "kokuiiso", "hyakuman_goku", "ishi_no_ue_ni_mo_sannen", "tsubame_gaeshi", "kanburi",
    "shiiaru_raotai", "open_riichi", "paarenchan", "iipin_moyue", "chuupin_raoyui", "uumen_kaika",
)
"""The names ``local_yaku`` takes: one per yaku, or per family for ``daisharin`` (with daisuurin and
daichikurin) and ``open_riichi`` (with open double riichi and the deal-in yakuman)."""


@hookimpl
def mjrules_register_flags(register: Callable[[Flag], None]) -> None:
    register(Flag("local_yaku", list, LOCAL_YAKU, "the local yaku this ruleset scores (default: all of them)",
                  choices=LOCAL_YAKU))
    register(Flag("daisharin_other_suits", bool, False,
                  "daisharin's shape in characters (daisuurin) and bamboo (daichikurin) is a yakuman too"))
    register(Flag("daichisei_multiple", int, 2, "yakuman multiple of daichisei (it replaces tsuuiisou)",
                  choices=(1, 2)))
    register(Flag("suurenkou_stacks", bool, True,
                  "suurenkou adds to suuankou when both are present; false: it replaces suuankou"))
    register(Flag("isshoku_sanjun_han", int, 3, "closed han of isshoku sanjun; open it is one less",
                  choices=(2, 3)))
    register(Flag("hyakuman_goku_exact", bool, False, "hyakuman-goku needs a sum of exactly 100 (default: 100 or more)"))
    register(Flag("shiiaru_raotai_tsumo", bool, False, "shiiaru raotai also counts on a tsumo (default: ron only)"))
    register(Flag("open_riichi_han", int, 2, "han of open riichi, in place of riichi; open double riichi is one more",
                  minimum=1))
    register(Flag("open_riichi_deal_in_yakuman", bool, False,
                  "a ron on an open riichi from a player not in riichi (tag discarder_not_riichi) is a yakuman"))
    register(Flag("paarenchan_needs_yaku", bool, True, "paarenchan needs a yaku of its own in the hand"))
    register(Flag("tile_bonus_han", int, 1, "han of iipin moyue, chuupin raoyui and uumen kaika", minimum=1))


@hookimpl
def mjrules_register_yaku(register: Callable[[Yaku], None], flags: Flags) -> None:
    on = set(flags.get_list("local_yaku"))
    for module in MODULES:
        for switch, items in module.build(flags).items():
            if switch in on:
                for y in items:
                    register(y)
