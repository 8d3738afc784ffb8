"""Yaku that come from how and when the hand won."""


from mjrules.plugin_api import Flags, Yaku, native_twin

RIICHI = (
    Yaku("riichi", "Riichi", "立直", native_twin("riichi")(lambda r, f: r.win.riichi == 1), han=1, when="riichi"),
    Yaku("double_riichi", "Double riichi", "ダブル立直", native_twin("double_riichi")(lambda r, f: r.win.riichi == 2), han=2, when="double_riichi"),
)
IPPATSU = Yaku("ippatsu", "Ippatsu", "一発", native_twin("ippatsu")(lambda r, f: r.win.ippatsu), han=1, when="ippatsu")
OTHERS = (
    Yaku("menzen_tsumo", "Fully concealed hand", "門前清自摸和", native_twin("menzen_tsumo")(lambda r, f: r.tsumo), han=1, when="tsumo"),
    Yaku("haitei", "Under the sea", "海底摸月", native_twin("haitei")(lambda r, f: r.win.haitei), han=1, han_open=1, when="haitei"),
    Yaku("houtei", "Under the river", "河底撈魚", native_twin("houtei")(lambda r, f: r.win.houtei), han=1, han_open=1, when="houtei"),
    Yaku("rinshan", "After a kan", "嶺上開花", native_twin("rinshan")(lambda r, f: r.win.rinshan), han=1, han_open=1, when="rinshan"),
    Yaku("chankan", "Robbing a kan", "槍槓", native_twin("chankan")(lambda r, f: r.win.chankan), han=1, han_open=1, when="chankan"),
)


def build(flags: Flags) -> tuple[Yaku, ...]:
    """This family's yaku under the flags: ippatsu only where the ruleset counts it."""
    return RIICHI + ((IPPATSU,) if flags["ippatsu"] else ()) + OTHERS
