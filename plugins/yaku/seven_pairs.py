"""Chiitoitsu."""

from mjrules.plugin_api import CHIITOITSU, Yaku

YAKU = (Yaku("chiitoitsu", "Seven pairs", "七対子", lambda r, f: r.form == CHIITOITSU, han=2, forms=(CHIITOITSU,)),)
