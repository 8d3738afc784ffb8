"""Which yakuman patterns count double (kokushi 13-sided, suuankou tanki, junsei chuuren, daisuushii)."""

from mjrules.plugin_api import Flag, hookimpl

PATTERNS = ("kokushi_13", "suuankou_tanki", "junsei_chuuren", "daisuushii")


@hookimpl
def mjrules_register_flags(register):
    register(Flag("double_yakuman", list, PATTERNS, "yakuman patterns that count double; the others count single"))


@hookimpl
def mjrules_double_yakuman(yaku, flags):
    return yaku.yakuman if yaku.id in flags.get_list("double_yakuman") else 1
