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

The mjlog keeps no date inside: its date is that of the Tenhou log id it is saved under
(``2023053016gm-0029-0000-e54b3b98``), the one name Tenhou gives the file; the JSON log carries the
id in its ``ref``. A record without the id (a renamed file) is dated by what it shows
(``era_of``): the final points Tenhou wrote against its final scores under each era's uma and
rounding, and whether a last dealer's tenpai draw in first place ended the game; the latest era
they fit. A record that states no final points gets the preset as it is.
"""

from __future__ import annotations

import os
import re
from typing import Any, Sequence

from mjrules.cache import BoundedCache
from mjrules.game.record import ABORTIVE, Round
from mjrules.rules.choices import GameLength, LastDealerStop, Rounding
from mjrules.rules.placing import placing
from mjrules.rules.rules import Rules
from mjrules.rules.ruleset import load_ruleset
from mjrules.scoring.scorer import Scorer

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
    out: list[tuple[str, Any]] = [("game_length", GameLength.TONPUU.value)] if east_only else []
    if played is None:
        return tuple(out)
    if played < EAST_UMA_20_FROM and east_only and players == 4:
        out.append(("uma", OLD_EAST_UMA))
    if played < TENPAI_STOP_FROM:
        out.append(("last_dealer_stop", LastDealerStop.WIN.value))
    if played >= EXACT_POINTS_FROM:
        out.append(("points_rounding", Rounding.EXACT.value))
    return tuple(out)


def log_id_of(source: str) -> str:
    """The part of a record's name that may hold its Tenhou log id (the file name without folders)."""
    return os.path.basename(source)


ERAS = (
    ("2022-01-01", "from 2022 on (exact final points)"),
    ("2010-06-02", "from June 2010 to 2021"),
    ("2009-08-01", "from August 2009 to May 2010"),
    ("2009-07-31", "before August 2009 (east-only uma 10/5)"),
)
"""A day of each era of Tenhou's rules (newest first, one for each change above) and its name."""
_RULES: BoundedCache[tuple[str, tuple[tuple[str, Any], ...]], Rules] = BoundedCache(32)


def _rules(ruleset: str, flags: tuple[tuple[str, Any], ...]) -> Rules:
    return _RULES.get_or_make((ruleset, flags), lambda: Scorer(load_ruleset(ruleset).with_flags(**dict(flags))).rules)


def _tenpai_stop(rounds: Sequence[Round], final: Sequence[int], rules: Rules) -> bool | None:
    """What the record shows of the last dealer's tenpai stop: True when an exhaustive draw of the last
    hand, its dealer in tenpai and first at the target or above, ends the game; False when the game
    goes on after one; None when there is none."""
    winds, n = rules.round.winds, len(final)
    for i, rnd in enumerate(rounds):
        draw = rnd.draw
        if rnd.wind != winds - 1 or rnd.number != n - 1 or draw is None or draw.kind == ABORTIVE \
                or rnd.dealer not in draw.tenpai:
            continue
        after = rounds[i + 1].scores if i + 1 < len(rounds) else final
        if max(after) >= rules.round.extra_wind_target and \
                placing(after, rnd.dealer, rounds[0].dealer, rules.placing.tie) == 1:
            return i + 1 == len(rounds)
    return None


def era_of(ruleset: str, *, players: int, east_only: bool, final: Sequence[int], points: Sequence[float],
           rounds: Sequence[Round]) -> tuple[str | None, str]:
    """The day of the latest era whose rules fit a record that gives no date, and a sentence saying
    which era and why; None (the preset as it is) when none fits. An era fits when it counts the
    record's final scores as the final points it gives, and its last dealer stops after a tenpai
    draw in first place or plays on as the record shows (where it shows one)."""
    fits = []
    for day, name in ERAS:
        rules = _rules(ruleset, rules_on(day, players=players, east_only=east_only))
        got = rules.placing.points(final, rounds[0].dealer)
        stop = _tenpai_stop(rounds, final, rules)
        if all(round(a * 10) == round(b * 10) for a, b in zip(got, points)) and (
                stop is None or stop == (rules.round.last_dealer_stop is LastDealerStop.WIN_OR_TENPAI)):
            fits.append((day, name, stop))
    shown = ", ".join(f"{p:+.1f}" for p in points)
    if not fits:
        return None, (f"no Tenhou log id in its name, so no day, and its final points ({shown}) and end fit no era "
                      "of Tenhou's rules: read under today's")
    day, name, stop = fits[0]
    also = len(fits) - 1
    why = f"its final points ({shown})" + ("" if stop is None else
                                         ", and its game ending on its last dealer's tenpai draw in first place,"
                                         if stop else ", and its last dealer playing on after a tenpai draw in "
                                         "first place,")
    older = "" if not also else ", as an older era's do" if also == 1 else f", as {also} older eras' do"
    return day, (f"no Tenhou log id in its name, so no day: {why} fit Tenhou's rules {name}"
                 + (" and no later era's" if day != ERAS[0][0] else "") + older
                 + (": read as played in the latest" if also else ": read as played then"))
