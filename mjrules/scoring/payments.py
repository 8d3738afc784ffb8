"""Who pays what: the one function that turns a hand's base points into score changes (ron and
tsumo splits, honba, riichi sticks, pao). Every tool that shows a payment calls it."""

from __future__ import annotations

import attrs

from mjrules.rules.choices import TsumoLoss

STICK = 1000
"""Points of one riichi stick."""


def round_up(x: int) -> int:
    """Round a payment up to a whole 100 points."""
    return -(-x // 100) * 100


@attrs.frozen
class LiableShare:
    """What one player liable (pao) for a hand pays: a seat and the base points they cover."""

    seat: int
    base: int
    """The base points they cover: their yakuman's share of the hand's, or all of it."""
    all_honba: bool = False
    """They pay every honba; otherwise honba are paid as without pao."""


@attrs.frozen
class WinPayment:
    """A win paid: its value and each seat's score change."""

    value: int
    """The hand's value: what the payers pay without honba and riichi sticks."""
    payments: tuple[int, ...]
    """The score change of each seat, 0 (East) first; honba and sticks included."""


def settle(base: int, winner: int, discarder: int | None, honba: int = 0, sticks: int = 0,
           honba_value: int = 300, *, liable: LiableShare | tuple[LiableShare, ...] = (), players: int = 4,
           absent: str = TsumoLoss.LOSS) -> WinPayment:
    """Settle a win of ``base`` points by seat ``winner`` (seat 0 deals), on a discard of seat
    ``discarder`` or by tsumo (None). ``honba_value`` is the points of one honba in all: paid by
    the discarder on a ron, split between the payers on a tsumo. Each ``liable`` player pays their
    part of the base as the discarder would (on a ron, half of it); the rest is paid as usual.
    ``players`` is 4 or 3; with 3, ``absent`` (a ``TsumoLoss``) says how a tsumo pays
    the share of the seat nobody sits in."""
    liable_players = (liable,) if isinstance(liable, LiableShare) else liable
    mult = 6 if winner == 0 else 4
    honba_total = honba * honba_value
    pay = [0] * players
    value = 0
    rest = base
    for one in liable_players:
        part = one.base // 2 if discarder is not None else one.base
        amount = round_up(part * mult)
        pay[one.seat] -= amount
        value += amount
        rest -= part
    if liable_players:
        # the first liable player pays every honba where the rule says so, or when nothing is left to pay
        first = liable_players[0]
        if first.all_honba or (discarder is None and rest == 0):
            pay[first.seat] -= honba_total
            honba_total = 0
    if discarder is not None:
        if rest:
            amount = round_up(rest * mult)
            pay[discarder] -= amount
            value += amount
        pay[discarder] -= honba_total
    elif rest:
        share = honba_total // (players - 1)
        big = round_up(rest * 2)  # the dealer's share, or everyone's when the dealer wins
        small = big if winner == 0 else round_up(rest)
        if players == 3 and absent != TsumoLoss.LOSS:
            return _sanma_tsumo(rest, winner, share, sticks, absent, pay, value)
        for seat in range(players):
            if seat != winner:
                pay[seat] -= (big if seat == 0 else small) + share
                value += big if seat == 0 else small
    pay[winner] = -sum(pay) + sticks * STICK
    return WinPayment(value, tuple(pay))


def _sanma_tsumo(rest: int, winner: int, honba_share: int, sticks: int, absent: str, pay: list[int],
                 value: int) -> WinPayment:
    """The two payers of a three-player tsumo of ``rest`` base points, when the absent seat's share
    is paid (``TsumoLoss.NORTH_BISECTION``, ``TsumoLoss.NONE``); ``pay`` and ``value`` hold what liable players paid."""
    if absent == TsumoLoss.NORTH_BISECTION:
        big = round_up(rest * 2)
        small = big if winner == 0 else round_up(rest)
        half = round_up(-(-small // 2))  # the absent non-dealer's share, halved
        shares = {seat: (big if seat == 0 else small) + half for seat in range(3) if seat != winner}
    elif absent == TsumoLoss.NONE:
        total = round_up(rest * (6 if winner == 0 else 4))  # the ron value
        if winner == 0:
            shares = {1: round_up(-(-total // 2))}
            shares[2] = shares[1]
        else:
            other = 3 - winner  # the non-dealer who pays
            shares = {other: round_up(-(-total * 3 // 8))}
            shares[0] = total - shares[other]
    else:
        raise ValueError(f"absent share {absent!r}: expected one of {', '.join(TsumoLoss.values())}")
    for seat, amount in shares.items():
        pay[seat] -= amount + honba_share
        value += amount
    pay[winner] = -sum(pay) + sticks * STICK
    return WinPayment(value, tuple(pay))


