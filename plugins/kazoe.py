"""Kazoe yakuman: 13 han or more without a natural yakuman."""

from typing import Callable

from mjrules.plugin_api import Choice, Flag, Flags, hookimpl, native_twin


class Kazoe(Choice):
    """13 han or more without a natural yakuman (flag ``kazoe``): one yakuman, sanbaiman (no kazoe),
    or one yakuman per 13 han. The order is the kernel twin's numbering."""

    YAKUMAN = "yakuman"
    SANBAIMAN = "sanbaiman"
    MULTIPLE = "multiple"



@hookimpl
def mjrules_register_flags(register: Callable[[Flag], None]) -> None:
    register(Flag(
        "kazoe", str, Kazoe.YAKUMAN,
        "13+ han without a yakuman: 'yakuman' (one), 'sanbaiman' (no kazoe), 'multiple' (one per 13 han)",
        choices=Kazoe,
    ))


MODES = tuple(mode.value for mode in Kazoe)
"""The modes by name, as the kernel's twin knows them."""


def _twin(flags: Flags) -> dict[str, object]:
    """What the kernel's twin reads, by name: the mode (one of ``MODES``), and the multiple's cap."""
    return {"mode": Kazoe(flags.get_str("kazoe")).value,
            "cap": flags.get_int("yakuman_cap") if "yakuman_cap" in flags else 0}


@hookimpl
@native_twin("kazoe", params=_twin)
def mjrules_kazoe_yakuman(han: int, flags: Flags) -> int:
    mode = Kazoe(flags.get_str("kazoe"))
    if mode is Kazoe.SANBAIMAN:
        return 0
    if mode is Kazoe.MULTIPLE:
        # yakuman_cap is declared by the yakuman-stacking plugin, which may be disabled
        cap = flags.get_int("yakuman_cap") if "yakuman_cap" in flags else 0
        return min(han // 13, cap) if cap else han // 13
    return 1
