"""Kazoe yakuman: 13 han or more without a natural yakuman."""

from typing import Callable

from mjrules.plugin_api import Flag, Flags, hookimpl, native_twin


@hookimpl
def mjrules_register_flags(register: Callable[[Flag], None]) -> None:
    register(Flag(
        "kazoe", str, "yakuman",
        "13+ han without a yakuman: 'yakuman' (one), 'sanbaiman' (no kazoe), 'multiple' (one per 13 han)",
        choices=MODES,
    ))


MODES = ("yakuman", "sanbaiman", "multiple")


def _twin(flags: Flags) -> dict[str, object]:
    """What the kernel's twin reads, by name: the mode (one of ``MODES``), and the multiple's cap."""
    return {"mode": flags.get_str("kazoe"), "cap": flags.get_int("yakuman_cap") if "yakuman_cap" in flags else 0}


@hookimpl
@native_twin("kazoe", params=_twin)
def mjrules_kazoe_yakuman(han: int, flags: Flags) -> int:
    mode = flags.get_str("kazoe")
    if mode == "sanbaiman":
        return 0
    if mode == "multiple":
        # yakuman_cap is declared by the yakuman-stacking plugin, which may be disabled
        cap = flags.get_int("yakuman_cap") if "yakuman_cap" in flags else 0
        return min(han // 13, cap) if cap else han // 13
    return 1
