"""Tenhou and chiihou (winning on the dealt hand or the first draw)."""

from mjrules.plugin_api import Yaku, native_twin

YAKU = (
    Yaku("tenhou", "Blessing of heaven", "天和", native_twin("tenhou")(lambda r, f: r.win.tenhou), yakuman=1, when="tenhou"),
    Yaku("chiihou", "Blessing of earth", "地和", native_twin("chiihou")(lambda r, f: r.win.chiihou), yakuman=1, when="chiihou"),
)
