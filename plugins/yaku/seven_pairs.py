"""Chiitoitsu."""

from mjrules.rules.yaku import Yaku
from mjrules.scoring.reading import CHIITOITSU

YAKU = (Yaku("chiitoitsu", "Seven pairs", "七対子", lambda r, f: r.form == CHIITOITSU, han=2, forms=("chiitoitsu",)),)
