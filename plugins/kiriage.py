"""Kiriage mangan: 30 fu 4 han and 60 fu 3 han (1,920 base points) paid as mangan."""

from mjrules.plugin_api import Flag, hookimpl


@hookimpl
def mjrules_register_flags(register):
    register(Flag("kiriage", bool, False, "30 fu 4 han and 60 fu 3 han are paid as mangan"))


@hookimpl
def mjrules_kiriage_mangan(fu, han, flags):
    return flags.get_bool("kiriage")
