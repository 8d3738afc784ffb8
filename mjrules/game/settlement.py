"""Settling a round under a ruleset: who of several players ronning one discard wins, who collects
the honba and the riichi sticks, the payments at a draw (noten payments, nagashi mangan), the
riichi deposits, and whether the dealer deals again. Each win and each nagashi mangan is paid by
the Scorer, that is by ``mjrules.scoring.payments.settle``.

The rules are the scorer's ``rules.round`` (the ``settlement`` plugin's) and ``rules.nagashi``.
"""

from __future__ import annotations

import enum

from typing import Callable, Sequence

import attrs

from mjrules.game.draws import three_rons_abort
from mjrules.game.record import ABORTIVE, NAGASHI, RecordedWin, Round
from mjrules.model.win import Win
from mjrules.rules.choices import DealerRepeat, ExtraWind, LastDealerStop, LeftoverSticks, MultiRonHonba, NagashiMode
from mjrules.rules.rules import RoundRules, Rules
from mjrules.scoring.payments import STICK
from mjrules.rules.placing import placing
from mjrules.scoring.result import NoWin, Result
from mjrules.scoring.scorer import Scorer


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


class Outcome(str, enum.Enum):
    """How a round ended under a ruleset (a str, so JSON and text keep the words)."""

    WIN = "win"
    """A win, a nagashi mangan paid as a win included."""
    EXHAUSTIVE = "exhaustive"
    NAGASHI = "nagashi"
    """An exhaustive draw with a nagashi mangan paid at the draw."""
    ABORTIVE = "abortive"
    """An abortive draw, a triple ron that aborts included."""
    NO_WIN = "no win"
    """The record's win is no win under the ruleset: nothing is paid, the hand is dealt again."""


@attrs.frozen
class RoundSettlement:
    """A round's end under a ruleset: the wins paid, each seat's score change (riichi deposits
    included), the honba and sticks the next round starts with, and whether the dealer repeats."""

    wins: tuple[PaidWin, ...]
    payments: tuple[int, ...]
    honba: int
    sticks: int
    dealer_repeats: bool
    outcome: Outcome
    """``win`` (a nagashi mangan paid as a win included), ``exhaustive``, ``nagashi``, ``abortive`` (a
    triple ron that aborts included) or ``no win``."""


def _absolute(payments: Sequence[int], dealer: int) -> tuple[int, ...]:
    """Payments indexed by seat relative to the dealer (as the Scorer gives them), by absolute seat
    (as many seats as payments: three or four)."""
    n = len(payments)
    out = [0] * n
    for rel, p in enumerate(payments):
        out[(dealer + rel) % n] += p
    return tuple(out)


def _add(a: Sequence[int], b: Sequence[int]) -> list[int]:
    return [x + y for x, y in zip(a, b)]


Score = Callable[[RecordedWin, Win], "Result | NoWin"]
"""Scores one of the round's wins with the situation given."""


def settle_round(rnd: Round, scorer: Scorer, honba: int | None = None, sticks: int | None = None,
                 score: Score | None = None, rules: RoundRules | None = None) -> RoundSettlement:
    """Settle ``rnd`` under ``scorer``'s ruleset, starting with ``honba`` and ``sticks`` on the table
    (the round's own when None). ``score`` scores a win (``scorer.score`` of its hand by default);
    ``rules``: the round rules when not the scorer's (a table playing another game length)."""
    if rules is None:
        rules = scorer.rules.round
    if score is None:
        def score(rec: RecordedWin, win: Win) -> Result | NoWin:
            return scorer.score(rec.hand, win)
    honba = rnd.honba if honba is None else honba
    sticks = rnd.sticks if sticks is None else sticks
    players = len(rnd.scores)
    pay = [0] * players
    for seat in rnd.riichi:
        pay[seat] -= STICK
    table = sticks + len(rnd.riichi)
    dealer = rnd.dealer
    if rnd.wins:
        return _settle_wins(rnd, rules, score, honba, table, pay)
    draw = rnd.draw
    assert draw is not None
    if draw.kind == ABORTIVE:
        return RoundSettlement((), tuple(pay), honba + 1, table, True, Outcome.ABORTIVE)
    if draw.kind == NAGASHI:
        paid = _nagashi(rnd, scorer, rules, honba, table, pay)
        if paid is not None:
            return paid
    tenpai = draw.tenpai
    n = len(tenpai)
    if rules.noten_payment and 0 < n < players:
        for seat in range(players):
            pay[seat] += rules.noten_payment // n if seat in tenpai else -(rules.noten_payment // (players - n))
    return RoundSettlement((), tuple(pay), honba + 1, table, draw_repeats(rules, dealer, tenpai), Outcome.EXHAUSTIVE)


def draw_repeats(rules: RoundRules, dealer: int, tenpai: Sequence[int]) -> bool:
    """Whether the dealer deals again after an exhaustive draw with ``tenpai`` in tenpai, as
    ``rules.dealer_repeat`` says; in a one-hand game always (the hand is played again)."""
    if rules.game_length.one_hand:
        return True
    return rules.dealer_repeat is DealerRepeat.ANY_DRAW or (rules.dealer_repeat is DealerRepeat.TENPAI and dealer in tenpai)


def win_repeats(rules: RoundRules, dealer_won: bool) -> bool:
    """Whether the dealer deals again after a win (``dealer_won``: the dealer is among the winners);
    never in a one-hand game (the first win ends it) or where ``rules.dealer_repeat`` is ``none``."""
    return dealer_won and rules.dealer_repeat is not DealerRepeat.NONE and not rules.game_length.one_hand


def _nagashi(rnd: Round, scorer: Scorer, rules: RoundRules, honba: int, table: int,
             pay: list[int]) -> RoundSettlement | None:
    """A nagashi mangan as the ruleset pays it: a draw payment (the hand stays a draw: honba + 1,
    the sticks stay, the dealer repeats if in tenpai), a win (the first nagashi player in turn
    order from the dealer collects honba and sticks), or None when the ruleset does not pay it."""
    draw = rnd.draw
    assert draw is not None
    dealer = rnd.dealer
    won = False
    n = len(rnd.scores)
    for seat in sorted(draw.nagashi, key=lambda s: (s - dealer) % n):
        paid = scorer.nagashi((seat - dealer) % n, 0 if won else honba, 0 if won else table)
        if isinstance(paid, NoWin):
            return None
        pay = _add(pay, _absolute(paid.payments, dealer))
        won = paid.mode == NagashiMode.WIN
    if won:
        repeats = win_repeats(rules, dealer in draw.nagashi)
        return RoundSettlement((), tuple(pay), honba + 1 if repeats else 0, 0, repeats, Outcome.WIN)
    return RoundSettlement((), tuple(pay), honba + 1, table, draw_repeats(rules, dealer, draw.tenpai),
                           Outcome.NAGASHI)


def _settle_wins(rnd: Round, rules: RoundRules, score: Score, honba: int, table: int,
                 pay: list[int]) -> RoundSettlement:
    dealer = rnd.dealer
    wins = rnd.wins_in_turn_order()
    none = (0,) * len(rnd.scores)
    if three_rons_abort(rules, len(wins)):
        paid = tuple(PaidWin(w, w.win, None, none) for w in wins)
        return RoundSettlement(paid, tuple(pay), honba + 1, table, True, Outcome.ABORTIVE)
    counted = wins[:rules.max_ron_winners]
    out: list[PaidWin] = []
    first = True
    for w in wins:
        if w not in counted:
            out.append(PaidWin(w, w.win, None, none))
            continue
        h = honba if first or rules.multi_ron_honba is MultiRonHonba.EACH else 0
        win = attrs.evolve(w.win, honba=h, riichi_sticks=table if first else 0)
        result = score(w, win)
        if isinstance(result, Result):
            payments = _absolute(result.payments, dealer)
            pay = _add(pay, payments)
            first = False
        else:
            payments = none
        out.append(PaidWin(w, win, result, payments))
    winners = [p.record.winner for p in out if isinstance(p.result, Result)]
    if not winners:  # the ruleset finds no win: nothing is paid, the hand counts as an abortive draw
        return RoundSettlement(tuple(out), tuple(pay), honba + 1, table, True, Outcome.NO_WIN)
    repeats = win_repeats(rules, dealer in winners)
    return RoundSettlement(tuple(out), tuple(pay), honba + 1 if repeats else 0, 0, repeats, Outcome.WIN)


class GameEnd(str, enum.Enum):
    """Why a game ends after a round (a str, so JSON and text keep the words)."""

    BUST = "bust"
    """A player is below 0, or at 0 under ``bust_at_zero`` (``bust_ends_game``)."""
    LAST_HAND = "last hand"
    """The last hand passed, with somebody at the extra wind's target or with no extra wind."""
    DEALER_STOP = "dealer stop"
    """The last hand's dealer repeated in first place (``last_dealer_stop``)."""
    SUDDEN_DEATH = "sudden death"
    """In the extra wind, a hand left somebody at the target."""
    EXTRA_WIND_OVER = "extra wind over"
    """The extra wind's last hand passed."""


def game_end(rules: Rules, scores: Sequence[int], settled: RoundSettlement, *, wind: int, number: int,
             dealer: int, first_dealer: int) -> GameEnd | None:
    """Whether the game ends after the round ``wind``/``number`` (0-based) dealt by ``dealer`` was
    ``settled``, leaving ``scores``; None when play goes on.

    The last hand is the last of ``rules.round.winds`` (of a one-hand game, its only hand). After
    it, the game ends when somebody has ``extra_wind_target`` (or there is no extra wind: a target
    of 0, ``extra_wind`` ``none``, a one-hand or four-wind game); otherwise one more wind is played
    as ``extra_wind`` says: to the first hand that leaves somebody at the target and at the latest
    to its last hand (``sudden_death``; under ``dealer_first`` a dealer who repeats plays on unless
    the last dealer's stop ends it), or all of it, its last hand then the last hand (``whole_wind``).
    A last-hand dealer who repeats ends the game when in first place, after a win or a draw as
    ``last_dealer_stop`` says, and when the target is reached. Tenhou's records of 2009-2021 end
    this way: a dealer in first place after a tenpai draw plays on up to June 2010 and stops after
    (``mjrules.records.tenhou_rules``); a dealer in first place after a win below 30,000 plays on
    into West; West ends as soon as a hand leaves anybody at 30,000, but for a repeating dealer, who
    plays on unless first at 30,000 (``dealer_first``: the ``tenhou`` presets). majiang-core's
    ``Game.last`` ends its games the same way (延長戦方式 0-3 are the four ``extra_wind`` values)."""
    r = rules.round
    n = len(scores)
    if any(r.busts(score) for score in scores):
        return GameEnd.BUST
    target = r.extra_wind_target
    reached = target == 0 or max(scores) >= target
    length = r.game_length
    last_wind, last_number = (0, 0) if length.one_hand else (r.winds - 1, n - 1)
    extra = r.extra_wind if target and not length.one_hand and r.winds < 4 else ExtraWind.NONE

    def dealer_stop() -> GameEnd | None:
        stops = ((settled.outcome is Outcome.WIN and r.last_dealer_stop is not LastDealerStop.NONE)
                 or (settled.outcome in (Outcome.EXHAUSTIVE, Outcome.NAGASHI)
                     and r.last_dealer_stop is LastDealerStop.WIN_OR_TENPAI))
        if stops and reached and placing(scores, dealer, first_dealer, rules.placing.tie) == 1:
            return GameEnd.DEALER_STOP
        return None

    if wind > last_wind:  # the extra wind
        if extra is ExtraWind.WHOLE_WIND:
            if number < n - 1:
                return None
            return dealer_stop() if settled.dealer_repeats else GameEnd.EXTRA_WIND_OVER
        if extra is ExtraWind.DEALER_FIRST and settled.dealer_repeats:
            return dealer_stop()
        if target and max(scores) >= target:
            return GameEnd.SUDDEN_DEATH
        return GameEnd.EXTRA_WIND_OVER if number == n - 1 and not settled.dealer_repeats else None
    if wind < last_wind or number < last_number:
        return None
    if not settled.dealer_repeats:
        return GameEnd.LAST_HAND if reached or extra is ExtraWind.NONE else None
    return dealer_stop()


def final_scores(scores: Sequence[int], sticks: int, first_dealer: int, rules: Rules) -> tuple[int, ...]:
    """The scores a game ends with: the riichi sticks still on the table go to the top player or
    are lost (``rules.round.leftover_sticks``); ties for the top are broken by ``rules.placing.tie``."""
    out = list(scores)
    if sticks and rules.round.leftover_sticks is LeftoverSticks.TOP:
        top = next(s for s in range(len(out)) if placing(out, s, first_dealer, rules.placing.tie) == 1)
        out[top] += sticks * STICK
    return tuple(out)
