"""Local yaku of how and when the hand won. The situations the core ``Win`` has no field for are
``Win.extras`` tags (CLI ``--extra TAG``, JSON ``"extras"``), each read by the yaku named here:

- ``ishi_no_ue_ni_mo_sannen`` 石の上にも三年, double riichi won on the last tile (haitei or houtei):
  yakuman. (Haitei/houtei and double riichi drop with the yakuman.)
- ``tsubame_gaeshi`` 燕返し, ron on the tile another player discarded to declare riichi (tag
  ``tsubame_gaeshi``): 1 han, open or closed.
- ``kanburi`` 槓振り, ron on the discard a player makes right after a kan (tag ``kanburi``): 1 han,
  open or closed.
- ``shiiaru_raotai`` 十二落抬, four called melds (an ankan is not a call) and a single wait on the pair:
  1 han; ron only unless ``shiiaru_raotai_tsumo``.
- ``open_riichi`` オープン立直, riichi with the hand shown (tag ``open_riichi``): ``open_riichi_han``
  han (2 by default) in place of riichi; ``open_double_riichi`` is one han more, in place of double
  riichi. With ``open_riichi_deal_in_yakuman``, a ron on the discard of a player not in riichi (tag
  ``discarder_not_riichi``, with ``open_riichi``) is a yakuman, ``open_riichi_deal_in``. Switched
  together by ``open_riichi`` in ``local_yaku``.
- ``paarenchan`` 八連荘, the dealer's eighth win in a row (tag ``paarenchan``): yakuman. With
  ``paarenchan_needs_yaku`` (default) the hand must also have a yaku of its own (dora do not count):
  any yaku the ruleset scores, local ones included (``Yaku.needs_yaku``).
"""


from mjrules.plugin_api import STANDARD, TANKI, Flags, MeldKind, Reading, Yaku, native_twin

TSUBAME = "tsubame_gaeshi"
KANBURI = "kanburi"
OPEN_RIICHI = "open_riichi"
NOT_RIICHI = "discarder_not_riichi"
PAARENCHAN = "paarenchan"


@native_twin("ishi_no_ue")
def ishi_no_ue(r: Reading, flags: Flags) -> bool:
    return r.win.riichi == 2 and (r.win.haitei or r.win.houtei)


@native_twin("extras_tag", TSUBAME)
def tsubame_gaeshi(r: Reading, flags: Flags) -> bool:
    return TSUBAME in r.win.extras


@native_twin("extras_tag", KANBURI)
def kanburi(r: Reading, flags: Flags) -> bool:
    return KANBURI in r.win.extras


@native_twin("shiiaru_raotai")
def shiiaru_raotai(r: Reading, flags: Flags) -> bool:
    melds = r.hand.melds
    return len(melds) == 4 and r.wait == TANKI and all(m.kind is not MeldKind.ANKAN for m in melds)


@native_twin("shiiaru_raotai_ron")
def shiiaru_raotai_ron(r: Reading, flags: Flags) -> bool:
    """Shiiaru raotai won by ron (without ``shiiaru_raotai_tsumo``)."""
    return not r.tsumo and shiiaru_raotai(r, flags)


@native_twin("open_riichi", OPEN_RIICHI)
def open_riichi(r: Reading, flags: Flags) -> bool:
    return r.win.riichi == 1 and OPEN_RIICHI in r.win.extras


@native_twin("open_double_riichi", OPEN_RIICHI)
def open_double_riichi(r: Reading, flags: Flags) -> bool:
    return r.win.riichi == 2 and OPEN_RIICHI in r.win.extras


@native_twin("open_riichi_deal_in", OPEN_RIICHI, NOT_RIICHI)
def open_riichi_deal_in(r: Reading, flags: Flags) -> bool:
    e = r.win.extras
    return not r.tsumo and OPEN_RIICHI in e and NOT_RIICHI in e


@native_twin("paarenchan", PAARENCHAN)
def paarenchan(r: Reading, flags: Flags) -> bool:
    return r.win.is_dealer and PAARENCHAN in r.win.extras


def build(flags: Flags) -> dict[str, list[Yaku]]:
    """{switch id: [Yaku, …]} of this family under the flags."""
    han = flags.get_int("open_riichi_han")
    tsumo_too = flags["shiiaru_raotai_tsumo"]
    shiiaru = shiiaru_raotai if tsumo_too else shiiaru_raotai_ron
    riichi = [
        Yaku("open_riichi", "Open riichi", "オープン立直", open_riichi, han=han, replaces=("riichi",),
             when="riichi", extras=(OPEN_RIICHI,)),
        Yaku("open_double_riichi", "Open double riichi", "オープンダブル立直", open_double_riichi, han=han + 1,
             replaces=("double_riichi",), when="double_riichi", extras=(OPEN_RIICHI,)),
    ]
    if flags["open_riichi_deal_in_yakuman"]:
        riichi.append(Yaku("open_riichi_deal_in", "Ron on open riichi from a player not in riichi", "オープン立直放銃",
                           open_riichi_deal_in, yakuman=1, when="riichi", extras=(OPEN_RIICHI, NOT_RIICHI)))
    return {
        "ishi_no_ue_ni_mo_sannen": [Yaku("ishi_no_ue_ni_mo_sannen", "Three years on a stone", "石の上にも三年",
                                         ishi_no_ue, yakuman=1, when="double_riichi")],
        "tsubame_gaeshi": [Yaku("tsubame_gaeshi", "Swallow's return", "燕返し", tsubame_gaeshi, han=1, han_open=1,
                                when="ron", extras=(TSUBAME,))],
        "kanburi": [Yaku("kanburi", "Kan discard", "槓振り", kanburi, han=1, han_open=1, when="ron",
                         extras=(KANBURI,))],
        "shiiaru_raotai": [Yaku("shiiaru_raotai", "Twelve fallen", "十二落抬", shiiaru, han=1, han_open=1,
                                forms=(STANDARD,), when=None if tsumo_too else "ron")],
        "open_riichi": riichi,
        "paarenchan": [Yaku("paarenchan", "Eight consecutive wins", "八連荘", paarenchan, yakuman=1,
                            extras=(PAARENCHAN,), needs_yaku=flags.get_bool("paarenchan_needs_yaku"))],
    }

