"""Which yakuman patterns count double (kokushi 13-sided, suuankou tanki, junsei chuuren, daisuushii)."""

from typing import Callable

from mjrules.plugin_api import Flag, Flags, Yaku, hookimpl

PATTERNS = ("kokushi_13", "suuankou_tanki", "junsei_chuuren", "daisuushii")


@hookimpl
def mjrules_register_flags(register: Callable[[Flag], None]) -> None:
    register(Flag("double_yakuman", list, PATTERNS, "yakuman patterns that count double; the others count single",
                  choices=PATTERNS))


@hookimpl
def mjrules_double_yakuman(yaku: Yaku, flags: Flags) -> int:
    return yaku.yakuman if yaku.id in flags.get_list("double_yakuman") else 1
