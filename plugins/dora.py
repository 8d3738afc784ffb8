"""Dora, red fives and ura dora: bonus han that need another yaku to count."""

from mjrules import hookimpl
from mjrules.tiles import dora_of
from mjrules.yaku import Yaku


def dora(r, flags):
    c = r.counts
    return sum(c[dora_of(t)] for t in r.win.dora)


def aka(r, flags):
    return r.red_fives


def ura(r, flags):
    c = r.counts
    return sum(c[dora_of(t)] for t in r.win.ura)


@hookimpl
def mjrules_register_yaku(register):
    register(Yaku("dora", "Dora", "ドラ", dora, bonus=True))
    register(Yaku("aka", "Red five", "赤ドラ", aka, bonus=True))
    register(Yaku("ura", "Ura dora", "裏ドラ", ura, bonus=True, when="riichi"))
