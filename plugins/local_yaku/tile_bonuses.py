"""Tile-specific bonuses: a last-tile or kan win on one particular tile earns extra han on top of
haitei, houtei or rinshan (``tile_bonus_han`` each, 1 by default; some rules pay more):

- ``iipin_moyue`` 一筒摸月, haitei (tsumo on the last wall tile) on 1p.
- ``chuupin_raoyui`` 九筒撈魚, houtei (ron on the last discard) on 9p.
- ``uumen_kaika`` 五筒開花 (also uupin kaihou), rinshan kaihou on 5p (a red five too).
"""


from mjrules.plugin_api import PIN1, PIN5, PIN9, Check, Flags, Yaku, native_twin

"""What a yaku check is called with and returns (``Yaku.check``)."""


def _on(kind: int) -> Check:
    return native_twin("win_tile_is", kind)(lambda r, flags: r.win_tile == kind)


def build(flags: Flags) -> dict[str, list[Yaku]]:
    """{switch id: [Yaku, …]} of this family under the flags."""
    han = flags.get_int("tile_bonus_han")
    return {
        "iipin_moyue": [Yaku("iipin_moyue", "Moon from the bottom of the sea (1p)", "一筒摸月", _on(PIN1), han=han,
                             han_open=han, when="haitei")],
        "chuupin_raoyui": [Yaku("chuupin_raoyui", "Fish from the river (9p)", "九筒撈魚", _on(PIN9), han=han,
                                han_open=han, when="houtei")],
        "uumen_kaika": [Yaku("uumen_kaika", "Plum blossom on the roof (5p)", "五筒開花", _on(PIN5), han=han,
                             han_open=han, when="rinshan")],
    }
