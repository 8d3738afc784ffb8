"""Kazoe yakuman: 13 han or more without a natural yakuman."""

from mjrules.plugin_api import Flag, hookimpl


@hookimpl
def mjrules_register_flags(register):
    register(Flag(
        "kazoe", str, "yakuman",
        "13+ han without a yakuman: 'yakuman' (one), 'sanbaiman' (no kazoe), 'multiple' (one per 13 han)",
        choices=("yakuman", "sanbaiman", "multiple"),
    ))


@hookimpl
def mjrules_kazoe_yakuman(han, flags):
    mode = flags.get_str("kazoe")
    if mode == "sanbaiman":
        return 0
    if mode == "multiple":
        cap = flags.get("yakuman_cap", 0)  # declared by the yakuman-stacking plugin, which may be disabled
        return min(han // 13, cap) if cap else han // 13
    return 1
