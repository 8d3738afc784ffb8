"""Chiitoitsu: 25 fu and 2 han, or 50 fu and 1 han under older rules (flag ``chiitoitsu_value``;
its fu are counted by ``mjrules.scoring.fu``)."""

from typing import Any, Mapping

from mjrules.plugin_api import CHIITOITSU, Flag, Yaku

CHIITOITSU_VALUE = Flag("chiitoitsu_value", str, "25fu2han",
                        "seven pairs: '25fu2han' (the usual count) or '50fu1han' (older rules)",
                        choices=("25fu2han", "50fu1han"))


def build(flags: Mapping[str, Any]) -> tuple[Yaku, ...]:
    han = 1 if flags.get("chiitoitsu_value") == "50fu1han" else 2
    return (Yaku("chiitoitsu", "Seven pairs", "七対子", lambda r, f: r.form == CHIITOITSU, han=han,
                 forms=(CHIITOITSU,)),)
