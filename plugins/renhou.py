"""Renhou: a non-dealer's ron before their first draw, valued as the ruleset says."""

from typing import Callable

from mjrules.plugin_api import Choice, Flag, Flags, Reading, Yaku, hookimpl, native_twin


class Renhou(Choice):
    """How renhou is valued (flag ``renhou``)."""

    NONE = "none"
    MANGAN = "mangan"
    YAKU = "yaku"
    YAKUMAN = "yakuman"



@native_twin("renhou")
def renhou(r: Reading, flags: Flags) -> bool:
    return r.win.renhou


@hookimpl
def mjrules_register_flags(register: Callable[[Flag], None]) -> None:
    register(Flag(
        "renhou", str, Renhou.NONE,
        "'none'; 'mangan': paid as a mangan alone or the hand's normal value, whichever is higher; "
        "'yaku': a 5-han yaku added to the others; 'yakuman'",
        choices=Renhou,
    ))


@hookimpl
def mjrules_register_yaku(register: Callable[[Yaku], None], flags: Flags) -> None:
    mode = Renhou(flags["renhou"])
    if mode is Renhou.YAKUMAN:
        register(Yaku("renhou", "Blessing of man", "人和", renhou, yakuman=1, when="renhou"))
    elif mode in (Renhou.MANGAN, Renhou.YAKU):
        register(Yaku("renhou", "Blessing of man", "人和", renhou, han=5, when="renhou", alone=mode is Renhou.MANGAN))
