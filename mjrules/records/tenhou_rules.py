"""Tenhou's rules as they were on the day a game was played: a record gets the flags in which its
day's rules differ from the preset (``tenhou``, ``tenhou-sanma``) as ``Game.rules``. The presets
count final points as Tenhou did up to 2021 (rounded to thousands) and end a game as Tenhou has
since June 2010.

What changed, read from real records (the final points Tenhou wrote, ``owari`` in the mjlog, ``sc``
in the JSON log; where each game ends), and from Tenhou's announcement where one was found:

- **Final points to one decimal.** Up to at least 2021-10-03 (the latest rounded record seen, in
  ``tests/data/tenhou-mjlog``) every player but the top is rounded to whole thousands; from
  2022-12-19 at the latest (the lobby list of that day quoted in a public test, and a record of
  2023-05-30 converted by tsubakisakura/mjlog2json) the points are exact: 53,800 with uma 20 and
  oka 20 is +63.8; three-player records of 2024 read while checking, not kept, pay 59,800 as
  top +54.8). The change falls between the two; ``EXACT_POINTS_FROM`` takes the start of 2022.
- **East-only uma 10/5.** Four east-only (東風) games of July 2009 pay uma +10/+5/-5/-10 (41,100 as
  top, 37,300 second: +12); east-only games from 2009-08-27 on pay +20/+10/-10/-20 as the preset does.
- **The last dealer's tenpai stop.** Tenhou announced on 2010-05-18 (its blog, "ラス親トップの自動聴牌止め
  導入", http://blog.tenhou.net/article/38215017.html) that from June 2010 a last dealer in first place
  (at or above the return score) ends the game after an exhaustive draw in tenpai, as after a win;
  before, the dealer played on. The records agree and narrow the day: in ``tests/data/tenhou-mjlog``
  four games end in tenpai draws of their last hand's dealer in first place and play on, the latest
  on 2010-06-01 (``2010060106gm-00a9-0000-30d6de3b``, 53,900 at South 4), and the first after,
  2010-06-08 (``2010060800gm-0061-0000-6d767860``, 34,500 at East 4), ends there.
  ``TENPAI_STOP_FROM`` takes the day after the last game that played on; the presets stop
  (``last_dealer_stop = "win_or_tenpai"``), older records get ``"win"``.

A game whose date is unknown gets the preset as it is. The mjlog keeps no date inside: its date is
that of the Tenhou log id it is saved under (``2023053016gm-0029-0000-e54b3b98``), the one name
Tenhou gives the file; the JSON log carries the id in its ``ref``.
"""

from __future__ import annotations

import os
import re
from typing import Any

EXACT_POINTS_FROM = "2022-01-01"
"""The first day read as paying exact final points (see the module's note for the evidence)."""
EAST_UMA_20_FROM = "2009-08-01"
"""The first day read as paying east-only games uma 20/10 (10/5 before)."""
OLD_EAST_UMA = (10, 5, -5, -10)
TENPAI_STOP_FROM = "2010-06-02"
"""The first day read as ending the game on the last dealer's tenpai draw in first place (see the
module's note: between 2010-06-01, played on, and 2010-06-08, ended)."""

_LOG_ID = re.compile(r"(?<![0-9])(20[0-9]{2})([01][0-9])([0-3][0-9])([0-2][0-9])gm-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{8}")


def played_on(log_id: str) -> str | None:
    """The day (``2009-07-18``) a Tenhou log id (``2009071823gm-0041-0000-ff3a2214``) names, or None."""
    m = _LOG_ID.search(log_id)
    return None if m is None else f"{m.group(1)}-{m.group(2)}-{m.group(3)}"


def rules_on(played: str | None, *, players: int, east_only: bool) -> tuple[tuple[str, Any], ...]:
    """The flags in which Tenhou's lobby rules on ``played`` differ from today's preset (an
    east-only lobby's games last one wind on any day)."""
    out: list[tuple[str, Any]] = [("game_length", "tonpuu")] if east_only else []
    if played is None:
        return tuple(out)
    if played < EAST_UMA_20_FROM and east_only and players == 4:
        out.append(("uma", OLD_EAST_UMA))
    if played < TENPAI_STOP_FROM:
        out.append(("last_dealer_stop", "win"))
    if played >= EXACT_POINTS_FROM:
        out.append(("points_rounding", "exact"))
    return tuple(out)


def log_id_of(source: str) -> str:
    """The part of a record's name that may hold its Tenhou log id (the file name without folders)."""
    return os.path.basename(source)
