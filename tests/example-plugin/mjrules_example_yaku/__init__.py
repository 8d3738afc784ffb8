"""Kinkei dokuritsu (金鶏独立, "golden rooster on one leg"): four called melds and a single
wait on the 1 of bamboo (the rooster). A local yakuman in some rules; here its value is a flag.

Enable it in a ruleset::

    extends = "tenhou"
    [plugins]
    enable = ["kinkei"]
    [flags]
    kinkei_value = "yakuman"     # or "mangan-yaku": a 5-han yaku
"""

from typing import Any, Mapping

from mjrules.plugin_api import SOU1, STANDARD, TANKI, Flag, Reading, Yaku, hookimpl


def kinkei(reading: Reading, flags: Mapping[str, Any]) -> bool:
    return (
        len(reading.hand.melds) == 4
        and not reading.closed
        and reading.pair == SOU1
        and reading.wait == TANKI
    )


@hookimpl
def mjrules_register_flags(register):
    register(Flag("kinkei_value", str, "yakuman", "kinkei dokuritsu: 'yakuman' or 'mangan-yaku' (5 han)",
                  choices=("yakuman", "mangan-yaku")))


@hookimpl
def mjrules_register_yaku(register, flags):
    if flags["kinkei_value"] == "yakuman":
        register(Yaku("kinkei", "Golden rooster", "金鶏独立", kinkei, yakuman=1, forms=(STANDARD,), closed=False))
    else:
        register(Yaku("kinkei", "Golden rooster", "金鶏独立", kinkei, han=5, han_open=5, forms=(STANDARD,), closed=False))
