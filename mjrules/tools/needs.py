"""Conditions (条件計算): the cheapest win that reaches a target placing, by ron from each opponent
and by tsumo, and whether a draw already reaches it.

>>> from mjrules.tools.needs import needs
>>> n = needs([25000, 32000, 18000, 25000], me=0, dealer=3, target=1)
>>> [(o.discarder, o.text) for o in n.ron], n.tsumo.text
([(1, '3600'), (2, '7100'), (3, '7100')], '1500-2900')

**Seats.** ``scores[i]`` is the score of seat *i*, and seats are numbered in turn order: seat
*i* + 1 (mod 4) plays after seat *i*, and the deal passes from seat *i* to seat *i* + 1. Under a
three-player ruleset there are three scores and seats 0-2 (E, S, W), and a tsumo is paid as the
ruleset's ``tsumo_loss`` says. ``dealer``
names the seat that deals the current hand (it is East this hand). Scores are in hundreds and
may be negative (a game without the bust rule goes on below zero). The CLI also takes the letters
E, S, W, N for seats 0, 1, 2, 3: list the scores in the seating of the game's first hand and the
letters are the players' starting winds (in the last hand of such a game, South 4, the dealer is
N and the first dealer E — the default).

**The placing** is decided by the final points; equal points are broken by the ruleset's ``tie_break`` flag (:mod:`mjrules.rules.placing`):
``"seat-order"`` (the default, Tenhou's rule): the player earlier in the game's initial seating
order — starting from ``first_dealer``, the seat that dealt the game's first hand — ranks higher;
``"shared"``: tied players share the higher placing. ``first_dealer`` defaults to the seat after the
current dealer, as in the last hand of a game. The placing is computed as if the game ends after
this hand (no renchan, no further hands).

**A win** of the player pays the hand's value plus honba (``honba_value`` of the ruleset, 300 a
counter: all from the discarder on ron, a third from each payer on tsumo) plus every riichi stick on
the table (1,000 each). ``riichi=True`` means the player declares riichi now: 1,000 from their
score onto the table (one more stick, collected back by their own win; it takes at least 1,000 points); the hand is then closed
and riichi counts, so the readings listed have at least 1 han by ron and 2 han by tsumo (riichi and
menzen tsumo) and every han count includes riichi.

**A draw** (nobody wins): every combination of tenpai players is tried with the ruleset's noten
payments (``noten_payment``, usually 3,000 in all; 1 tenpai: +3,000 / −1,000 each; 2: ±1,500;
3: +1,000 each / −3,000). The riichi sticks
stay on the table; leftover sticks going to the top player at the game's end (Tenhou) cannot
change a placing under the seat-order tie-break. A player who declared riichi is tenpai.

Each answer is the cheapest payable value from the ruleset's :mod:`point table
<mjrules.tools.point_table>`, with every reading (han/fu cell, limit hand, yakuman) that pays exactly
it; ``"any win"`` when the cheapest possible win suffices, ``"impossible"`` when no hand (up to
the largest yakuman the ruleset pays) does.
"""

from __future__ import annotations

import json
from itertools import combinations
from typing import Any, Callable, Mapping, Sequence, Union

import attrs

from mjrules.errors import MjrulesError
from mjrules.model.win import MAX_COUNTER, WIND_WORDS
from mjrules.scoring.payments import settle
from mjrules.rules.choices import Tie
from mjrules.rules.placing import placing
from mjrules.scoring.scorer import Scorer
from mjrules.tools.point_table import (
    Entry,
    PointTable,
    Tsumo,
    point_table,
    ron_points,
    tsumo_points,
)

NOTEN_TOTAL = 3000
"""Noten payments at an exhaustive draw, paid by the noten players to the tenpai players."""
STICK = 1000

SEATS = WIND_WORDS

ANY_WIN, NEEDS, IMPOSSIBLE = "any win", "needs", "impossible"
ALWAYS, IF_TENPAI, SOME, NEVER = "always", "if tenpai", "some", "never"


class ConditionError(MjrulesError):
    """A condition question that cannot be answered as asked (bad scores, seat, target, …)."""


def ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


@attrs.frozen
class Option:
    """The answer for one way of winning.

    :param route: ``"ron"`` or ``"tsumo"``. :param discarder: the seat dealing in (ron), else None.
    :param status: ``"any win"`` (the cheapest win suffices), ``"needs"`` or ``"impossible"``.
    :param ron: the ron value needed (without honba and sticks); None for tsumo or impossible.
    :param tsumo: the tsumo payments needed; None for ron or impossible.
    :param readings: every entry of the point table that pays exactly this (cheapest first:
        cells by han then fu, then limit hands, then yakuman).
    :param gain: the player's score change, honba and sticks included.
    :param scores: all four scores after the win. :param placing: the player's placing then.
    """

    route: str
    discarder: int | None
    status: str
    ron: int | None = None
    tsumo: Tsumo | None = None
    readings: tuple[Entry, ...] = ()
    gain: int | None = None
    scores: tuple[int, ...] | None = None
    placing: int | None = None
    final_points: float | None = None
    """The player's final points (uma and oka included) if the game ends with these scores."""

    @property
    def points(self) -> int | None:
        """The hand's value: the ron value or the tsumo total (without honba and sticks)."""
        if self.ron is not None:
            return self.ron
        return None if self.tsumo is None else self.tsumo.total

    @property
    def text(self) -> str:
        if self.tsumo is not None:
            return self.tsumo.text
        return "impossible" if self.ron is None else str(self.ron)

    def to_dict(self) -> dict[str, Any]:
        return {
            "route": self.route, "from": self.discarder, "status": self.status, "points": self.points,
            "text": self.text, "ron": self.ron, "tsumo": None if self.tsumo is None else self.tsumo.to_dict(),
            "gain": self.gain, "scores": None if self.scores is None else list(self.scores),
            "placing": self.placing, "final_points": self.final_points,
            "readings": [e.to_dict() for e in self.readings],
        }


@attrs.frozen
class DrawOutcome:
    """One exhaustive draw: who is tenpai, the scores after the noten payments, the placing."""

    tenpai: tuple[int, ...]
    scores: tuple[int, ...]
    placing: int
    reached: bool
    final_points: float | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"tenpai": list(self.tenpai), "scores": list(self.scores), "placing": self.placing,
                "reached": self.reached, "final_points": self.final_points}


@attrs.frozen
class Draw:
    """The draw outcomes: ``status`` is ``"always"`` (reached whoever is tenpai), ``"if tenpai"``
    (reached whenever the player is tenpai), ``"some"`` (only in some combinations: see
    ``outcomes``) or ``"never"``."""

    status: str
    outcomes: tuple[DrawOutcome, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"status": self.status, "outcomes": [o.to_dict() for o in self.outcomes]}


@attrs.frozen
class Needs:
    """The answer of :func:`needs`: the question, the standing before the hand (after a riichi
    declaration), one :class:`Option` per opponent for ron, one for tsumo, and the draw."""

    ruleset: str
    scores: tuple[int, ...]
    me: int
    dealer: int
    first_dealer: int
    target: int
    honba: int
    sticks: int
    riichi: bool
    tie: str
    start: tuple[int, ...]
    placing: int
    ron: tuple[Option, ...]
    tsumo: Option
    draw: Draw
    table: PointTable = attrs.field(eq=False, repr=False)
    final_points: float | None = None
    """The player's final points if the game ended now (the ruleset's start and return scores,
    uma and oka, counted as its ``points_rounding`` says; None when its placing plugin is not
    enabled). Riichi sticks left on the table are not counted."""

    @property
    def reached(self) -> bool:
        """Whether the player holds the target placing now (after the riichi stick)."""
        return self.placing <= self.target

    def ron_from(self, seat: int) -> Option:
        for o in self.ron:
            if o.discarder == seat:
                return o
        raise KeyError(seat)

    def to_dict(self) -> dict[str, Any]:
        return {
            "ruleset": self.ruleset, "scores": list(self.scores), "me": self.me, "dealer": self.dealer,
            "first_dealer": self.first_dealer, "target": self.target, "honba": self.honba, "sticks": self.sticks,
            "riichi": self.riichi, "tie": self.tie, "honba_value": self.table.honba_value,
            "start": {"scores": list(self.start), "placing": self.placing, "reached": self.reached,
                      "final_points": self.final_points},
            "ron": [o.to_dict() for o in self.ron], "tsumo": self.tsumo.to_dict(), "draw": self.draw.to_dict(),
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)

    def render(self) -> str:
        """The answer as text."""
        tie = ("seat order (earlier in the initial seating wins; first dealer: seat "
               f"{self.first_dealer})") if self.tie == Tie.SEAT_ORDER else "shared placing"
        lines = [f"Ruleset {self.ruleset}; ties: {tie}; {self.honba} honba, {self.sticks} riichi stick"
                 f"{'' if self.sticks == 1 else 's'} on the table."]
        seats = []
        for s, v in enumerate(self.scores):
            tags = [t for t, on in (("you", s == self.me), ("dealer", s == self.dealer)) if on]
            seats.append(f"seat {s} {v}" + (f" ({', '.join(tags)})" if tags else ""))
        lines.append("Scores: " + ", ".join(seats))
        now = f"You are {ordinal(self.placing)}"
        if self.riichi:
            now += f" after declaring riichi ({self.start[self.me]})"
        if self.final_points is not None:
            now += f" ({self.final_points:+.1f} final points if the game ended now)"
        target = ordinal(self.target) + ("" if self.target == 1 else " or better")
        lines.append(f"{now}; target: {target}.")
        for o in self.ron:
            if o.discarder is None:  # every ron option names its discarder
                continue
            who = f"seat {o.discarder} ({self.scores[o.discarder]}" + (", dealer)" if o.discarder == self.dealer else ")")
            lines.append(f"Ron from {who}: {self._answer(o)}")
        lines.append(f"Tsumo: {self._answer(self.tsumo)}")
        lines.append(f"Draw: {self._draw_text()}")
        return "\n".join(lines)

    def _answer(self, o: Option) -> str:
        if o.status == IMPOSSIBLE:
            return "impossible"
        value = o.text if o.route == "ron" else f"{o.text} ({o.points} in all)"
        text = f"{value} = {readings_text(o.readings)}"
        if o.gain != o.points:
            text += f"; you gain {o.gain} with honba and sticks"
        if o.final_points is not None:
            text += f"; final points {o.final_points:+.1f}"
        return f"any win; cheapest {text}" if o.status == ANY_WIN else text

    def _draw_text(self) -> str:
        status = self.draw.status
        if status == ALWAYS:
            return "target reached whoever is tenpai" + (" (you are, with riichi)" if self.riichi else "")
        if status == NEVER:
            return "target not reached"
        if status == IF_TENPAI:
            return "target reached if you are tenpai"
        combos = []
        for out in self.draw.outcomes:
            if out.reached:
                names = ["you" if s == self.me else f"seat {s}" for s in out.tenpai]
                combos.append(" + ".join(names) if names else "nobody")
        return "target reached only with these tenpai: " + "; ".join(combos)


def readings_text(readings: Sequence[Entry]) -> str:
    """``"3 han 30 fu / 2 han 60 fu"``; capped cells fold into their limit:
    ``"mangan (5 han; 4 han 40+ fu, 3 han 70+ fu)"``."""
    parts: list[str] = []
    capped: dict[str, dict[int, int]] = {}
    for e in readings:
        if e.kind == "cell" and e.limit is not None and e.han is not None and e.fu is not None:
            per_han = capped.setdefault(e.limit, {})
            per_han[e.han] = min(per_han.get(e.han, e.fu), e.fu)
    done: set[str] = set()
    for e in readings:
        if e.kind == "cell":
            if e.limit is None:
                parts.append(e.label)
            elif e.limit not in done and not any(x.kind != "cell" and x.limit == e.limit for x in readings):
                done.add(e.limit)
                parts.append(_folded(e.limit, None, capped[e.limit]))
        elif e.kind == "limit" and e.limit is not None:
            parts.append(_folded(e.limit, e.han_text, capped.get(e.limit, {})))
            done.add(e.limit)
        else:
            parts.append(e.label)
    return " / ".join(parts)


def _folded(limit: str, han_text: str | None, cells: Mapping[int, int]) -> str:
    also = ", ".join(f"{h} han {f}+ fu" for h, f in sorted(cells.items(), reverse=True))
    inner = "; ".join(x for x in (f"{han_text} han" if han_text else "", also) if x)
    return f"{limit} ({inner})" if inner else limit


# -- the search ----------------------------------------------------------------------------
Payment = Union[int, Tsumo]
"""A ron's value or a tsumo's payments."""


def _pay_order(pay: Payment) -> tuple[int, int]:
    return (pay.total, pay.dealer or 0) if isinstance(pay, Tsumo) else (pay, 0)


def _groups(table: PointTable, dealer: bool, tsumo: bool, riichi: bool) -> list[tuple[Payment, list[Entry]]]:
    """The distinct payments of a win, cheapest first, each with the entries that pay it."""
    by_key: dict[Payment, list[Entry]] = {}
    for e in table.entries:
        if not e.possible(tsumo, riichi):
            continue
        pay = tsumo_points(e.base, dealer, table.players, table.tsumo_loss) if tsumo else ron_points(e.base, dealer)
        by_key.setdefault(pay, []).append(e)
    order = sorted(by_key, key=_pay_order)
    return [(p, sorted(by_key[p], key=_reading_order)) for p in order]


def _reading_order(e: Entry) -> tuple[int, int, int, int]:
    rank = {"cell": 0, "limit": 1, "yakuman": 2}[e.kind]
    return (rank, e.han or 0, e.fu or 0, e.yakuman)


def _seat(name: str, seat: object, players: int = 4) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ConditionError(f"{name}: {seat!r} is not a seat 0-{players - 1}"
                             + (" (a three-player ruleset)" if players == 3 else ""))
    return seat


def _validate(scores: object, me: object, dealer: object, first_dealer: object, target: object, honba: object,
              sticks: object, riichi: bool, tie: object, players: int = 4) -> tuple[tuple[int, ...], int]:
    """The scores as a tuple and the first dealer (default: the seat after ``dealer``), or the
    ConditionError naming the first bad argument."""
    if isinstance(scores, (str, bytes)) or not isinstance(scores, Sequence) or len(scores) != players:
        raise ConditionError(f"scores: give the {'four' if players == 4 else 'three'} players' scores "
                             f"(the ruleset is for {players}), not {scores!r}")
    for s in scores:
        if isinstance(s, bool) or not isinstance(s, int):
            raise ConditionError(f"scores: {s!r} is not a whole number")
        if abs(s) > 10**7:
            raise ConditionError(f"scores: {s} is out of range")
        if s % 100:  # every payment is in hundreds, so a score never has a smaller part
            raise ConditionError(f"scores: {s} is not a multiple of 100")
    # A negative score stays allowed: games without the bust rule go on below zero, and the
    # placings and payments here are sums and comparisons that do not care about the sign.
    mine = scores[_seat("me", me, players)]
    if riichi and mine < STICK:
        raise ConditionError(f"riichi: the player has {mine} points; declaring riichi takes {STICK}")
    deals = _seat("dealer", dealer, players)
    first = _seat("first dealer", (deals + 1) % players if first_dealer is None else first_dealer, players)
    if isinstance(target, bool) or not isinstance(target, int) or not 1 <= target < players:
        raise ConditionError(f"target: {target!r} is not a placing 1-{players - 1} ({ordinal(players)} needs nothing)")
    for name, n in (("honba", honba), ("sticks", sticks)):
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= MAX_COUNTER:
            raise ConditionError(f"{name}: {n!r} is not a count 0-{MAX_COUNTER}")
    if tie not in Tie.values():
        raise ConditionError(f"tie: {tie!r} is not one of {', '.join(Tie.values())}")
    return tuple(scores), first


def _check_total(scores: Sequence[int], sticks: int, players: int, table: PointTable) -> None:
    start = table.rules.placing.start
    total = start * players
    have = sum(scores) + STICK * sticks
    if have != total:
        on_table = f", and with {sticks} riichi stick{'s' * (sticks != 1)} on the table {have}" if sticks else ""
        raise ConditionError(
            f"scores: {' + '.join(str(s) for s in scores)} = {sum(scores)}{on_table}; under {table.ruleset} "
            f"the {players} players hold {total} in all ({players} x {start} start), and points only change "
            f"hands (a stick on the table is {STICK} out of a score)")


def needs(
    scores: Sequence[int],
    me: int,
    dealer: int,
    *,
    target: int = 1,
    honba: int = 0,
    sticks: int = 0,
    riichi: bool = False,
    ruleset: Union[str, Scorer, PointTable] = "tenhou",
    tie: str | None = None,
    first_dealer: int | None = None,
    check_total: bool = False,
) -> Needs:
    """What the player in seat ``me`` needs to finish ``target``-th or better (see the module doc).

    :param scores: the four scores, ``scores[i]`` of seat *i* (seats in turn order).
    :param me: the player's seat. :param dealer: the seat dealing this hand.
    :param target: 1, 2 or 3. :param honba: honba counters. :param sticks: riichi sticks on the
        table before the player's own declaration.
    :param riichi: the player declares riichi (−1,000, one more stick; closed hand, riichi's han).
    :param ruleset: a preset name or path, a Scorer or a :class:`~mjrules.tools.point_table.PointTable`.
    :param tie: ``"seat-order"`` or ``"shared"``; default: the ruleset's ``tie_break`` flag when a
        plugin declares one, else ``"seat-order"``.
    :param first_dealer: the seat that dealt the game's first hand (default: the seat after
        ``dealer``, as in the last hand of a game).
    :param check_total: refuse scores that, with the riichi sticks on the table, do not add up to
        the players' starting scores (the ruleset's ``start_score`` each), as the command line and
        the web page do: points only change hands, so other scores are a typing mistake.
    """
    table = point_table(ruleset)
    if tie is None:
        tie = table.rules.placing.tie
    riichi = bool(riichi)
    n = table.players
    given, first = _validate(scores, me, dealer, first_dealer, target, honba, sticks, riichi, tie, n)
    if check_total:
        _check_total(given, sticks, n, table)
    before = list(given)
    on_table = sticks
    if riichi:
        before[me] -= STICK
        on_table += 1
    start = tuple(before)

    def rank(after: Sequence[int]) -> int:
        return placing(after, me, first, tie)

    counting = _final_points(table, me, first, tie)

    winner = (me - dealer) % n
    i_deal = me == dealer

    def search(route: str, discarder: int | None) -> Option:
        groups = _groups(table, i_deal, route == "tsumo", riichi)
        rel_discarder = None if discarder is None else (discarder - dealer) % n
        for i, (pay, entries) in enumerate(groups):
            change = settle(entries[0].base, winner, rel_discarder, honba, on_table, table.honba_value,
                            players=n, absent=table.tsumo_loss).payments
            after = tuple(start[s] + change[(s - dealer) % n] for s in range(n))
            p = rank(after)
            if p <= target:
                return Option(
                    route, discarder, ANY_WIN if i == 0 else NEEDS,
                    ron=pay if isinstance(pay, int) else None, tsumo=pay if isinstance(pay, Tsumo) else None,
                    readings=tuple(entries), gain=change[winner], scores=after, placing=p, final_points=counting(after),
                )
        return Option(route, discarder, IMPOSSIBLE)

    ron = tuple(search("ron", s) for s in range(n) if s != me)
    tsumo = search("tsumo", None)
    noten = table.rules.round.noten_payment
    return Needs(
        ruleset=table.ruleset, scores=given, me=me, dealer=dealer, first_dealer=first, target=target,
        honba=honba, sticks=sticks, riichi=riichi, tie=tie, start=start, placing=rank(start), ron=ron,
        tsumo=tsumo, draw=_draw(start, me, riichi, rank, target, counting, noten), table=table,
        final_points=counting(start),
    )


def _final_points(table: PointTable, me: int, first: int, tie: str) -> Callable[[Sequence[int]], float | None]:
    """The player's final points for given final scores, as the ruleset counts them (its placing
    flags and ``points_rounding``, as ``mjrules replay`` does), ties broken by ``tie``."""
    rule = attrs.evolve(table.rules.placing, tie=Tie(tie))

    def count(after: Sequence[int]) -> float | None:
        return rule.points(after, first)[me]

    return count


def draw_scores(start: Sequence[int], tenpai: Sequence[int], total: int = NOTEN_TOTAL) -> tuple[int, ...]:
    """Scores after an exhaustive draw with these tenpai seats (noten payments, ``total`` in all,
    among as many players as ``start`` has scores)."""
    k = len(tenpai)
    n = len(start)
    if k in (0, n):
        return tuple(start)
    gain, loss = total // k, total // (n - k)
    return tuple(v + (gain if s in tenpai else -loss) for s, v in enumerate(start))


def _draw(start: tuple[int, ...], me: int, riichi: bool, rank: Callable[[Sequence[int]], int], target: int,
          counting: Callable[[Sequence[int]], float | None], noten: int = NOTEN_TOTAL) -> Draw:
    outcomes = []
    n = len(start)
    for k in range(n + 1):
        for tenpai in combinations(range(n), k):
            if riichi and me not in tenpai:
                continue
            after = draw_scores(start, tenpai, noten)
            p = rank(after)
            outcomes.append(DrawOutcome(tenpai, after, p, p <= target, counting(after)))
    if all(o.reached for o in outcomes):
        status = ALWAYS
    elif not any(o.reached for o in outcomes):
        status = NEVER
    elif all(o.reached for o in outcomes if me in o.tenpai):
        status = IF_TENPAI
    else:
        status = SOME
    return Draw(status, tuple(outcomes))


__all__ = [
    "ConditionError", "Draw", "DrawOutcome", "Needs", "Option", "draw_scores", "needs",
    "placing", "readings_text",
]
