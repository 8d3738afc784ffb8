"""Chiitoitsu."""

from mjrules.reading import CHIITOITSU
from mjrules.yaku import Yaku

YAKU = (Yaku("chiitoitsu", "Seven pairs", "七対子", lambda r, f: r.form == CHIITOITSU, han=2, forms=("chiitoitsu",)),)
