"""Dora, red fives and ura dora: bonus han that need another yaku to count."""

from typing import Any, Callable, Mapping, Sequence

from mjrules.plugin_api import DORA_OF, KAN_DORA_TIMINGS, Flag, Reading, Tile, Yaku, hookimpl


def _count(r: Reading, shown: Sequence[Tile]) -> int:
    c = r.counts
    n = 0
    for t in shown:
        n += c[DORA_OF[t.index]]
    return n


def dora(r: Reading, flags: Mapping[str, Any]) -> int:
    return _count(r, r.win.dora)


def dora_first(r: Reading, flags: Mapping[str, Any]) -> int:
    """Dora of the first indicator only (no kan dora)."""
    return _count(r, r.win.dora[:1])


def aka(r: Reading, flags: Mapping[str, Any]) -> int:
    return r.red_fives


def ura(r: Reading, flags: Mapping[str, Any]) -> int:
    return _count(r, r.win.ura)


def ura_first(r: Reading, flags: Mapping[str, Any]) -> int:
    """Ura dora of the first ura indicator only (no kan ura)."""
    return _count(r, r.win.ura[:1])


@hookimpl
def mjrules_register_flags(register: Callable[[Flag], None]) -> None:
    for suit, name in (("m", "characters"), ("p", "circles"), ("s", "bamboo")):
        register(Flag(f"red_fives_{suit}", int, 1, f"red fives of {name} in the set (a hand holding more is refused)",
                      choices=(0, 1, 2, 3, 4)))
    register(Flag("red_dora", bool, True, "each red five counts one dora"))
    register(Flag("ura_dora", bool, True, "ura dora count for a riichi hand"))
    register(Flag("kan_dora", bool, True, "indicators after the first (kan dora) count; false: only the first"))
    register(Flag("kan_ura", bool, True, "ura indicators after the first (kan ura) count; false: only the first"))
    register(Flag("kan_dora_timing", str, KAN_DORA_TIMINGS[0],
                  "when an open kan's indicator is turned: 'immediate', or 'after_discard' (a rinshan win after a "
                  "daiminkan or kakan does not see it); for callers passing the indicators on the table",
                  choices=KAN_DORA_TIMINGS))


@hookimpl
def mjrules_register_yaku(register: Callable[[Yaku], None], flags: Mapping[str, Any]) -> None:
    register(Yaku("dora", "Dora", "ドラ", dora if flags["kan_dora"] else dora_first, bonus=True))
    if flags["red_dora"] and any(flags[f"red_fives_{suit}"] for suit in "mps"):  # a set without red fives has none
        register(Yaku("aka", "Red five", "赤ドラ", aka, bonus=True))
    if flags["ura_dora"]:
        register(Yaku("ura", "Ura dora", "裏ドラ", ura if flags["kan_ura"] else ura_first, bonus=True, when="riichi"))
