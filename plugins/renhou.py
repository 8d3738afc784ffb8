"""Renhou: a non-dealer's ron before their first draw, valued as the ruleset says."""

from typing import Callable

from mjrules.plugin_api import Flag, Flags, Reading, Yaku, hookimpl, native_twin

MODES = ("none", "mangan", "yaku", "yakuman")


@native_twin("renhou")
def renhou(r: Reading, flags: Flags) -> bool:
    return r.win.renhou


@hookimpl
def mjrules_register_flags(register: Callable[[Flag], None]) -> None:
    register(Flag(
        "renhou", str, "none",
        "'none'; 'mangan': paid as a mangan alone or the hand's normal value, whichever is higher; "
        "'yaku': a 5-han yaku added to the others; 'yakuman'",
        choices=MODES,
    ))


@hookimpl
def mjrules_register_yaku(register: Callable[[Yaku], None], flags: Flags) -> None:
    mode = flags["renhou"]
    if mode == "yakuman":
        register(Yaku("renhou", "Blessing of man", "人和", renhou, yakuman=1, when="renhou"))
    elif mode in ("mangan", "yaku"):
        register(Yaku("renhou", "Blessing of man", "人和", renhou, han=5, when="renhou", alone=mode == "mangan"))
