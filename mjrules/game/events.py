"""What happens in a game, event by event, as the round's play gives it out (``RoundPlay``'s
``emit``): typed and read-only, in the order of play. A writer turns them into a record's format
(``mjrules.records.mjai.mjai_event``: mjai, which a 牌譜 is made from); the table shows them to the
players that follow the game.

Seats are absolute (0 … 3, or 0 … 2 at three players); tiles are the model's.
"""

from __future__ import annotations

from typing import Union

import attrs

from mjrules.game.record import Deal, RecordedWin
from mjrules.model.melds import MeldKind
from mjrules.model.tiles import Tile
from mjrules.scoring.result import Result


@attrs.frozen
class RoundStarted:
    """A round is dealt: its place, honba, sticks, dealer, scores, first indicator and hands."""

    deal: Deal


@attrs.frozen
class Drew:
    """``seat`` draws ``tile`` (from the live wall, or a replacement after a kan or a kita)."""

    seat: int
    tile: Tile


@attrs.frozen
class RiichiDeclared:
    """``seat`` declares riichi; its discard follows."""

    seat: int


@attrs.frozen
class Discarded:
    """One discard of the round as every seat saw it: who discarded which tile, whether it was the
    tile just drawn (tsumogiri), and whether it declared riichi."""

    seat: int
    tile: Tile
    tsumogiri: bool
    riichi: bool


@attrs.frozen
class RiichiAccepted:
    """The riichi discard of ``seat`` passed without a ron: its stick is deposited."""

    seat: int


@attrs.frozen
class Called:
    """``seat`` calls ``tile``, discarded by ``source``, into a chi, pon or open kan with ``consumed``
    of its hand."""

    seat: int
    source: int
    kind: MeldKind
    tile: Tile
    consumed: tuple[Tile, ...]


@attrs.frozen
class ClosedKan:
    """``seat`` declares a closed kan of the four tiles ``consumed``."""

    seat: int
    consumed: tuple[Tile, ...]


@attrs.frozen
class AddedKan:
    """``seat`` adds ``tile`` to its pon of ``pon`` (the pon's three tiles)."""

    seat: int
    tile: Tile
    pon: tuple[Tile, ...]


@attrs.frozen
class NorthSetAside:
    """Three players: ``seat`` sets ``tile``, a North, aside (kita)."""

    seat: int
    tile: Tile


@attrs.frozen
class IndicatorTurned:
    """A kan turns a new dora indicator, ``tile``."""

    tile: Tile


@attrs.frozen
class Won:
    """One win paid under the ruleset (several on one discard come one event each, in turn order
    from the discarder): the win, its result, each seat's score change (honba and sticks
    included) and the ura indicators turned for it."""

    win: RecordedWin
    result: Result
    payments: tuple[int, ...]
    ura: tuple[Tile, ...]


@attrs.frozen
class RoundDrawn:
    """A round ends without a win: ``reason`` as mjai names it (``fanpai``, ``nagashimangan``,
    ``kyushukyuhai``, ``suufonrenda``, ``suuchareach``, ``suukaikan``, ``sanchaho``), the seats whose
    hands decide it (who declared nine terminals; the three who ron), the seats in tenpai at an
    exhaustive draw (None at an abortive one), and each seat's score change with the riichi
    deposits of the round given back (the record's ``deltas``)."""

    reason: str
    actors: tuple[int, ...]
    tenpai: tuple[int, ...] | None
    deltas: tuple[int, ...]


@attrs.frozen
class RoundEnded:
    """The round is over and settled."""


@attrs.frozen
class GameEnded:
    """The game is over: the final scores, leftover sticks paid."""

    scores: tuple[int, ...]


Event = Union[RoundStarted, Drew, RiichiDeclared, Discarded, RiichiAccepted, Called, ClosedKan, AddedKan,
              NorthSetAside, IndicatorTurned, Won, RoundDrawn, RoundEnded, GameEnded]
"""Every event of a game."""
