"""Whether several yakuman in one hand add up."""

from typing import Callable, Sequence

from mjrules.plugin_api import Flag, Flags, hookimpl, native_twin


@hookimpl
def mjrules_register_flags(register: Callable[[Flag], None]) -> None:
    register(Flag(
        "yakuman_stacking", bool, True,
        "several yakuman add up; false: a hand pays one yakuman at most, a double pattern included (as majiang-core)",
    ))
    register(Flag("yakuman_cap", int, 0, "largest yakuman multiple a hand can reach; 0 for no cap", minimum=0))


@hookimpl
@native_twin("yakuman_stacking",
             params=lambda flags: {"stacking": flags.get_bool("yakuman_stacking"), "cap": flags.get_int("yakuman_cap")})
def mjrules_yakuman_stacking(multiples: Sequence[int], flags: Flags) -> int:
    total = sum(multiples) if flags.get_bool("yakuman_stacking") else 1
    cap = flags.get_int("yakuman_cap")
    return min(total, cap) if cap else total
