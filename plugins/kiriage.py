"""Kiriage mangan: 30 fu 4 han and 60 fu 3 han (1,920 base points) paid as mangan."""

from typing import Callable

from mjrules.plugin_api import Flag, Flags, hookimpl, native_twin


@hookimpl
def mjrules_register_flags(register: Callable[[Flag], None]) -> None:
    register(Flag("kiriage", bool, False, "30 fu 4 han and 60 fu 3 han are paid as mangan"))


@hookimpl
@native_twin("kiriage", params=lambda flags: {"on": flags.get_bool("kiriage")})
def mjrules_kiriage_mangan(fu: int, han: int, flags: Flags) -> bool:
    return flags.get_bool("kiriage")
