"""Who pays what: ron and tsumo splits, honba, riichi sticks and pao."""

from __future__ import annotations

from mjrules.rules.liability import HONBA_LIABLE, Liability


def round_up(x: int) -> int:
    """Round a payment up to a whole 100 points."""
    return -(-x // 100) * 100


def settle(
    base: int,
    winner: int,
    discarder: int | None,
    honba: int,
    sticks: int,
    honba_value: int = 300,
    liable: int | None = None,
    liability: Liability | None = None,
    liable_base: int = 0,
) -> tuple[int, list[int]]:
    """Return (hand value without honba and sticks, score change of seats 0–3).

    :param base: basic points of the hand. :param winner: winner's seat (0 = dealer).
    :param discarder: seat that dealt in, None for tsumo.
    :param honba_value: points per honba counter in total (paid by one on ron, split on tsumo).
    :param liable: seat of the liable player, with ``liability`` and ``liable_base`` (the basic
        points the liable player covers).
    """
    mult = 6 if winner == 0 else 4
    honba_total = honba * honba_value
    pay = [0, 0, 0, 0]
    value = 0
    rest = base
    if liability is not None:
        part = liable_base // 2 if discarder is not None else liable_base
        amount = round_up(part * mult)
        pay[liable] -= amount
        value += amount
        rest = base - part
        if liability.honba == HONBA_LIABLE or (discarder is None and rest == 0):
            pay[liable] -= honba_total
            honba_total = 0
    if discarder is not None:
        if rest:
            amount = -(-rest * mult // 100) * 100
            pay[discarder] -= amount
            value += amount
        pay[discarder] -= honba_total
    elif rest:
        share = honba_total // 3
        big = -(-rest * 2 // 100) * 100  # the dealer's share, or everyone's when the dealer wins
        small = big if winner == 0 else -(-rest // 100) * 100
        # The dealer pays big, the others small; the winner's own entry is set below.
        pay[0] -= big + share
        pay[1] -= small + share
        pay[2] -= small + share
        pay[3] -= small + share
        pay[winner] = 0
        value += big + 2 * small
    pay[winner] = -sum(pay) + sticks * 1000
    return value, pay
