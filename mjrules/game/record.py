"""What a game record holds, whatever its format: games, rounds, calls, wins and draws.

Seats are absolute (0 … 3, the seats of the game's first dealer order as the record numbers
them; 0 … 2 in a three-player game, whose tuples have three values); ``Round.dealer`` says who
deals. Scores and payments are points (not hundreds).
"""

from __future__ import annotations

import enum
from collections import Counter

from typing import Any, Iterable, Iterator, Sequence

import attrs

from mjrules.model.hand import Hand
from mjrules.model.melds import Meld
from mjrules.model.tiles import Tile
from mjrules.model.win import Win

WIND_LETTERS = "ESWN"


def _seat(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if type(value) is not int or not 0 <= value <= 3:
        raise ValueError(f"{attribute.name} must be a seat 0 … 3, not {value!r}")


def _maybe_seat(instance: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if value is not None:
        _seat(instance, attribute, value)


def _four(value: Iterable[int]) -> tuple[int, ...]:
    t = tuple(value)
    if len(t) not in (3, 4) or not all(type(v) is int for v in t):
        raise ValueError(f"expected four (three-player: three) whole numbers, one per seat, not {value!r}")
    return t


def _tiles(value: Iterable[Tile]) -> tuple[Tile, ...]:
    return tuple(value)


@attrs.frozen
class Call:
    """A meld called or declared by ``seat``. A round keeps its calls in the order of play (a Tenhou
    JSON log, which lists each player's moves apart, keeps each player's in their order)."""

    seat: int = attrs.field(validator=_seat)
    meld: Meld


def _maybe_four(value: Iterable[int] | None) -> tuple[int, ...] | None:
    return None if value is None else _four(value)


@attrs.frozen
class Recorded:
    """What the record says a win paid: fu, han (None for a yakuman), yakuman multiple, the
    hand's points (without honba and sticks), the yaku as the record names them, and each seat's
    score change (honba and sticks included). The yakuman multiple, points and payments are None
    where the record does not state them (some mjai dialects): they are then not checked."""

    han: int | None
    fu: int | None
    yakuman: int | None
    points: int | None
    yaku: tuple[str, ...]
    payments: tuple[int, ...] | None = attrs.field(converter=_maybe_four)

    @property
    def stated(self) -> bool:
        """The record states the win's value in some way (points, payments, han or a yakuman)."""
        return self.points is not None or self.payments is not None or self.han is not None or bool(self.yakuman)


@attrs.frozen
class RecordedWin:
    """One win: who won, from whom (None for tsumo), who was liable (pao), the hand with its
    melds in call order, the situation as a Win (seat wind relative to the round's dealer,
    honba and sticks as the win collected them), and what the record paid."""

    winner: int = attrs.field(validator=_seat)
    discarder: int | None = attrs.field(validator=_maybe_seat)
    pao: int | None = attrs.field(validator=_maybe_seat)
    hand: Hand
    win: Win
    recorded: Recorded


class DrawKind(str, enum.Enum):
    """How a round ended without a win (a str, so records and JSON keep the words)."""

    EXHAUSTIVE = "exhaustive"
    NAGASHI = "nagashi"
    """An exhaustive draw with a nagashi mangan."""
    ABORTIVE = "abortive"


EXHAUSTIVE, NAGASHI, ABORTIVE = DrawKind.EXHAUSTIVE, DrawKind.NAGASHI, DrawKind.ABORTIVE
DRAW_KINDS = tuple(DrawKind)


@attrs.frozen
class Draw:
    """A round that ended without a win: ``kind`` exhaustive, nagashi (mangan at the draw) or
    abortive (``reason`` names it: nine terminals, four riichi, four kans, four winds, three rons),
    the seats in tenpai at an exhaustive draw, the nagashi seats, the recorded score changes, and
    at an abortive draw the seats whose hands the record shows (the player declaring nine
    terminals, the three who ron)."""

    kind: DrawKind = attrs.field(converter=DrawKind)
    reason: str
    tenpai: tuple[int, ...]
    nagashi: tuple[int, ...]
    payments: tuple[int, ...] = attrs.field(converter=_four)
    shown: tuple[int, ...] = ()


class MoveKind(str, enum.Enum):
    """What a player did in a round, as a record gives it (``Round.moves``)."""

    DRAW = "draw"
    DISCARD = "discard"
    RIICHI = "riichi"
    """A riichi declared (its discard follows)."""
    ACCEPTED = "accepted"
    """A riichi's discard passed: the stick is deposited."""
    CALL = "call"
    KITA = "kita"


@attrs.frozen
class Move:
    """One thing a player did: a draw or discard of ``tile``, a riichi, a ``meld`` called from the
    tiles ``own`` of its hand (the tile called is the meld's other), a North set aside."""

    kind: MoveKind
    seat: int
    tile: Tile | None = None
    meld: Meld | None = None
    own: tuple[Tile, ...] = ()


@attrs.frozen
class Deal:
    """How a round starts: its place (``wind`` 0 East …, ``number`` 0 … 3), honba and riichi sticks
    on the table, the dealer, the scores, the first dora indicator and each player's 13 tiles."""

    wind: int
    number: int
    honba: int
    sticks: int
    dealer: int
    scores: tuple[int, ...]
    dora: Tile
    hands: tuple[tuple[Tile, ...], ...]


def overdealt(hands: Sequence[Sequence[Tile]], indicator: Tile) -> str | None:
    """Why a deal cannot be, said of the deal (not of the first move that meets the fifth copy):
    more than four copies of a tile among the hands and the dora indicator; None if it can."""
    shown = Counter(t.index for h in (*hands, (indicator,)) for t in h)
    over = next((i for i, k in shown.items() if k > 4), None)
    if over is None:
        return None
    where = [f"seat {s} is dealt {k}" for s, h in enumerate(hands) if (k := sum(t.index == over for t in h))]
    where += ["the dora indicator is one"] if indicator.index == over else []
    return f"the deal shows {shown[over]} copies of {Tile(over)} ({', '.join(where)}); a set has 4"


@attrs.frozen
class Round:
    """One hand of a game: its place (``wind`` 0 East …, ``number`` 0 … 3 within the wind),
    honba and riichi sticks at the start, the dealer, the scores at the start, the dora
    indicators at the deal, the calls, the seats that declared riichi (their sticks deposited),
    and how it ended: one or more wins on the same tile, or a draw."""

    wind: int
    number: int
    honba: int
    sticks: int
    dealer: int = attrs.field(validator=_seat)
    scores: tuple[int, ...] = attrs.field(converter=_four)
    dora: tuple[Tile, ...] = attrs.field(converter=_tiles)
    calls: tuple[Call, ...]
    riichi: tuple[int, ...]
    wins: tuple[RecordedWin, ...]
    draw: Draw | None
    dealt: tuple[tuple[Tile, ...], ...] = attrs.field(default=(), eq=False, repr=False)
    """The hands dealt, by seat, where the record gives them as moves (``moves``): Tenhou's mjlog, mjai."""
    moves: tuple[Move, ...] = attrs.field(default=(), eq=False, repr=False)
    """Every draw, discard, riichi, call and kita in the order of play, where the record gives them."""
    indicators: tuple[Tile, ...] = attrs.field(default=(), eq=False, repr=False)
    """Every dora indicator turned in the round, kan dora included, in order."""

    def wins_in_turn_order(self) -> tuple[RecordedWin, ...]:
        """The wins, several on one discard in turn order from the discarder (who is paid first)."""
        if len(self.wins) < 2:
            return self.wins
        d = self.wins[0].discarder or 0
        n = len(self.scores)
        return tuple(sorted(self.wins, key=lambda w: (w.winner - d) % n))

    @property
    def label(self) -> str:
        """``E1``, ``S3-2`` (South 3, two honba): how the round is named in messages."""
        name = f"{WIND_LETTERS[self.wind % 4]}{self.number + 1}"
        return f"{name}-{self.honba}" if self.honba else name


@attrs.frozen
class Game:
    """A game: where it was read from, the record's format, the ruleset it was played under
    (a preset name or None when the record does not say), the players, the rounds, and the
    final scores the record gives (None when it gives none)."""

    source: str
    format: str
    ruleset: str | None
    players: tuple[str, ...]
    rounds: tuple[Round, ...]
    final: tuple[int, ...] | None
    red_fives: bool = True
    """Whether the game was played with red fives (a variant the ruleset gets from the record)."""
    final_points: tuple[float, ...] | None = None
    """The record's final points per seat (uma and oka included), when it gives them."""
    played: str | None = None
    """The day the game was played (``2023-05-30``), when the record says."""
    rules: tuple[tuple[str, Any], ...] = ()
    """Flags the reader sets on top of ``ruleset`` because the record's own rules differ from the
    preset's (a lobby's rules at the record's date), as (flag, value) pairs."""
    notes: tuple[str, ...] = ()
    """What the reader passed over that a reader of the report should know (an event it does not know)."""
    ended: bool | None = None
    """Whether the record shows the game's end (its final scores, an ``end_game`` event), so that where
    it ends can be checked; None: as ``final`` says (stated final scores end a game)."""
    length_stated: bool = True
    """The record says how many winds the game lasts (a Tenhou lobby's, a ruleset it names). Where it
    does not (an mjai record naming no rules, a converter's room name), ``replay --legal`` checks where
    the game ends under each game length, the ruleset's first."""
    ruleset_assumed: str | None = None
    """The preset read for a record that names none (an mjai record: mjai was made for Tenhou's
    rules), unless another is given; None when the record names its own or gives no hint."""
    assumed: tuple[str, ...] = ()
    """What the reader took from what the record shows where the record does not say it (which
    rules, which day's rules), one sentence each, for the output."""
    unfinished: str | None = None
    """Why the game was left before its end, where the record says so (``mjrules play`` keeps a
    game ended by Ctrl-D or Ctrl-C so): its rounds are those played to their end, none if it was
    left in the first; a round under way is not among them. None: a record of a whole game."""

    @property
    def shows_end(self) -> bool:
        """The record shows where the game ended (``ended``, else final scores stated)."""
        return self.final is not None if self.ended is None else self.ended

    def wins(self) -> Iterator[tuple[Round, RecordedWin]]:
        for r in self.rounds:
            for w in r.wins:
                yield r, w
