"""When a kan's new dora indicator is turned (``Rules.dora.kan_dora_timing``, the dora plugin's flag
``kan_dora_timing``), for callers that pass the indicators on the table at the moment of a win: a
game engine, a log replay, a calculator.

Scoring counts the indicators it is given; this answers which of them a ruleset has turned.
Rules: a closed kan's indicator is turned at once everywhere. An open kan's (daiminkan, kakan)
is turned at once under ``immediate`` (M.League, WRC, EMA), and under ``after_discard`` (Tenhou,
Mahjong Soul, majiang-core's カンドラ後乗せ) only when the kan's maker discards, before anyone may
ron on that discard: so a rinshan win after it does not see it, a ron on the next discard does.
A robbed kan (chankan) is never completed and turns nothing (rule reference §1 row 6, §4.10).
"""

from __future__ import annotations

import enum

from mjrules.model.melds import MeldKind
from mjrules.rules.choices import KanDoraTiming


class Moment(enum.Enum):
    """The win whose indicators are asked about, relative to the kan just made."""

    RINSHAN = "rinshan"
    """The kan's maker wins on the replacement tile."""
    DISCARD = "discard"
    """Another player wins on the discard the kan's maker makes after the replacement draw."""
    CHANKAN = "chankan"
    """Another player robs the kan."""


def indicator_turned(timing: str, kan: MeldKind, moment: Moment) -> bool:
    """Whether the indicator of ``kan`` is on the table at ``moment`` under ``timing``."""
    if timing not in KanDoraTiming.values():
        raise ValueError(f"kan_dora_timing {timing!r}: expected one of {', '.join(KanDoraTiming.values())}")
    if not kan.value.endswith("kan"):
        raise ValueError(f"{kan.value} is not a kan")
    if moment is Moment.CHANKAN:
        return False
    if kan is MeldKind.ANKAN or moment is Moment.DISCARD:
        return True
    return timing == KanDoraTiming.IMMEDIATE

