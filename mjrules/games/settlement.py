"""Settling a round under a ruleset: who of several players ronning one discard wins, who collects
the honba and the riichi sticks, the payments at a draw (noten payments, nagashi mangan), the
riichi deposits, and whether the dealer deals again. Each win's payments come from the Scorer,
that is from ``mjrules.scoring.payments.settle``; a nagashi mangan is paid by ``settle`` too.

The flags are the ``settlement`` plugin's (Tenhou's values when it is disabled).
"""

from __future__ import annotations

from typing import Callable, Sequence

import attrs

from mjrules.games.records import ABORTIVE, EXHAUSTIVE, NAGASHI, RecordedWin, Round
from mjrules.model.win import Win
from mjrules.rules.flags import Flags
from mjrules.scoring.payments import STICK, settle
from mjrules.scoring.result import NoWin, Result

MANGAN_BASE = 2000


@attrs.frozen
class RoundRules:
    """The settlement flags of a ruleset (see ``plugins/settlement.py``)."""

    max_ron_winners: int = 2
    triple_ron_draw: bool = True
    multi_ron_honba: str = "first"
    noten_payment: int = 3000
    nagashi_mangan: str = "draw"
    dealer_repeat: str = "tenpai"
    honba_value: int = 300

    @classmethod
    def from_flags(cls, flags: Flags) -> "RoundRules":
        return cls(
            flags.get_int("max_ron_winners", 2), flags.get_bool("triple_ron_draw", True),
            flags.get_str("multi_ron_honba", "first"), flags.get_int("noten_payment", 3000),
            flags.get_str("nagashi_mangan", "draw"), flags.get_str("dealer_repeat", "tenpai"),
            flags.get_int("honba_value", 300),
        )


@attrs.frozen
class PaidWin:
    """One win as the ruleset pays it: the record's win, the Win scored (honba and sticks as this
    winner collects them), the result (NoWin when the ruleset finds no win) and each seat's
    score change (absolute seats; zeros for a NoWin or a head-bumped winner)."""

    record: RecordedWin
    win: Win
    result: Result | NoWin | None
    """None when the winner lost the discard to a head bump or an aborted triple ron."""
    payments: tuple[int, ...]


@attrs.frozen
class RoundSettlement:
    """A round's end under a ruleset: the wins paid, each seat's score change (riichi deposits
    included), the honba and sticks the next round starts with, and whether the dealer repeats."""

    wins: tuple[PaidWin, ...]
    payments: tuple[int, ...]
    honba: int
    sticks: int
    dealer_repeats: bool
    outcome: str
    """``win``, ``exhaustive``, ``nagashi``, ``abortive`` (a triple ron that aborts included) or ``no win``."""


def _absolute(payments: Sequence[int], dealer: int) -> tuple[int, ...]:
    """Payments indexed by seat relative to the dealer (as the Scorer gives them), by absolute seat."""
    out = [0, 0, 0, 0]
    for rel, p in enumerate(payments):
        out[(dealer + rel) % 4] += p
    return tuple(out)


def _add(a: Sequence[int], b: Sequence[int]) -> list[int]:
    return [x + y for x, y in zip(a, b)]


Score = Callable[[RecordedWin, Win], "Result | NoWin"]
"""Scores one of the round's wins with the given situation (the caller's Scorer)."""


def settle_round(rnd: Round, rules: RoundRules, score: Score, honba: int | None = None,
                 sticks: int | None = None) -> RoundSettlement:
    """Settle ``rnd`` starting with ``honba`` and ``sticks`` on the table (the round's own when None)."""
    honba = rnd.honba if honba is None else honba
    sticks = rnd.sticks if sticks is None else sticks
    pay = [0, 0, 0, 0]
    for seat in rnd.riichi:
        pay[seat] -= STICK
    table = sticks + len(rnd.riichi)
    dealer = rnd.dealer
    if rnd.wins:
        return _settle_wins(rnd, rules, score, honba, table, pay)
    draw = rnd.draw
    assert draw is not None
    if draw.kind == ABORTIVE:
        return RoundSettlement((), tuple(pay), honba + 1, table, True, ABORTIVE)
    if draw.kind == NAGASHI and rules.nagashi_mangan != "none":
        if rules.nagashi_mangan == "win":
            return _nagashi_win(rnd, rules, honba, table, pay)
        for seat in draw.nagashi:
            s = settle(MANGAN_BASE, (seat - dealer) % 4, None)
            pay = _add(pay, _absolute(s.payments, dealer))
        return RoundSettlement((), tuple(pay), honba + 1, table,
                               rules.dealer_repeat == "tenpai" and dealer in draw.tenpai, NAGASHI)
    tenpai = draw.tenpai
    n = len(tenpai)
    if rules.noten_payment and 0 < n < 4:
        for seat in range(4):
            pay[seat] += rules.noten_payment // n if seat in tenpai else -(rules.noten_payment // (4 - n))
    return RoundSettlement((), tuple(pay), honba + 1, table, rules.dealer_repeat == "tenpai" and dealer in tenpai,
                           EXHAUSTIVE)


def _nagashi_win(rnd: Round, rules: RoundRules, honba: int, table: int, pay: list[int]) -> RoundSettlement:
    draw = rnd.draw
    assert draw is not None
    dealer = rnd.dealer
    first = sorted(draw.nagashi, key=lambda s: (s - dealer) % 4)
    for i, seat in enumerate(first):
        s = settle(MANGAN_BASE, (seat - dealer) % 4, None, honba if i == 0 else 0, table if i == 0 else 0,
                   rules.honba_value)
        pay = _add(pay, _absolute(s.payments, dealer))
    repeats = dealer in draw.nagashi
    return RoundSettlement((), tuple(pay), honba + 1 if repeats else 0, 0, repeats, "win")


def _settle_wins(rnd: Round, rules: RoundRules, score: Score, honba: int, table: int,
                 pay: list[int]) -> RoundSettlement:
    dealer = rnd.dealer
    wins = rnd.wins_in_turn_order()
    if len(wins) == 3 and rules.triple_ron_draw:
        paid = tuple(PaidWin(w, w.win, None, (0, 0, 0, 0)) for w in wins)
        return RoundSettlement(paid, tuple(pay), honba + 1, table, True, ABORTIVE)
    counted = wins[:rules.max_ron_winners]
    out: list[PaidWin] = []
    first = True
    for w in wins:
        if w not in counted:
            out.append(PaidWin(w, w.win, None, (0, 0, 0, 0)))
            continue
        h = honba if first or rules.multi_ron_honba == "each" else 0
        win = attrs.evolve(w.win, honba=h, riichi_sticks=table if first else 0)
        result = score(w, win)
        if isinstance(result, Result):
            payments = _absolute(result.payments, dealer)
            pay = _add(pay, payments)
            first = False
        else:
            payments = (0, 0, 0, 0)
        out.append(PaidWin(w, win, result, payments))
    winners = [p.record.winner for p in out if isinstance(p.result, Result)]
    if not winners:  # the ruleset finds no win: nothing is paid, the hand counts as an abortive draw
        return RoundSettlement(tuple(out), tuple(pay), honba + 1, table, True, "no win")
    repeats = dealer in winners
    return RoundSettlement(tuple(out), tuple(pay), honba + 1 if repeats else 0, 0, repeats, "win")
