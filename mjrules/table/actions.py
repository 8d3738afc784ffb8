"""What passes between the table and a seat: what the seat may see (``View``), what it may do
(``Action``), the ``Player`` protocol between them, and the refusal of an action the table does
not allow (``IllegalAction``).

The table asks a player only when it has a choice: after its draw (or its call), and when another
player's discard, added kan or North set aside is on offer and it may win or call on it. The view
carries the legal actions of that moment (``View.legal``), worked out by the table under the
ruleset; a player answers with one of them. An action the table does not allow is refused with a
reason, so a player written elsewhere cannot cheat by answering something else.
"""

from __future__ import annotations

import enum
from typing import Any, Iterable, Protocol, runtime_checkable

import attrs

from mjrules.errors import MjrulesError
from mjrules.model.melds import Meld
from mjrules.model.tiles import Tile


class ActionKind(enum.Enum):
    """What a player does."""

    DISCARD = "discard"
    RIICHI = "riichi"
    """Declare riichi with this discard."""
    TSUMO = "tsumo"
    ANKAN = "ankan"
    KAKAN = "kakan"
    KITA = "kita"
    """Three players: set a North aside."""
    NINE_TERMINALS = "nine terminals"
    """Abort the hand on one's first draw holding nine kinds of terminals and honours (九種九牌)."""
    RON = "ron"
    CHI = "chi"
    PON = "pon"
    DAIMINKAN = "daiminkan"
    PASS = "pass"
    """Let a discard or an added kan go by."""


OWN_TURN = frozenset({ActionKind.DISCARD, ActionKind.RIICHI, ActionKind.TSUMO, ActionKind.ANKAN, ActionKind.KAKAN,
                      ActionKind.KITA, ActionKind.NINE_TERMINALS})
"""The actions of the player whose turn it is; the others answer a tile on offer."""
CONSUMES = {ActionKind.CHI: 2, ActionKind.PON: 2, ActionKind.DAIMINKAN: 3, ActionKind.ANKAN: 4, ActionKind.KAKAN: 0}
"""Tiles of the hand a call takes besides its tile (an ankan: all four; a kakan adds its tile)."""
NEEDS_TILE = frozenset({ActionKind.DISCARD, ActionKind.RIICHI, ActionKind.KAKAN, ActionKind.KITA, ActionKind.CHI,
                        ActionKind.PON, ActionKind.DAIMINKAN})


def _tiles(value: Iterable[Tile]) -> tuple[Tile, ...]:
    return tuple(value)


def _sorted_tiles(value: Iterable[Tile]) -> tuple[Tile, ...]:
    """Tiles in the one written order: a call's tiles are a set, so two orders are one action."""
    tiles = tuple(value)
    if not all(isinstance(t, Tile) for t in tiles):
        raise MjrulesError(f"an action's tiles must be Tiles, not {tiles!r}")
    return tuple(sorted(tiles, key=lambda t: t.rank))


def _check_action(instance: Action, attribute: attrs.Attribute, value: object) -> None:
    kind = instance.kind
    if (instance.tile is None) == (kind in NEEDS_TILE):
        raise MjrulesError(f"a {kind.value} action {'names' if kind in NEEDS_TILE else 'names no'} tile")
    want = CONSUMES.get(kind, 0)
    if len(instance.consumed) != want:
        raise MjrulesError(f"a {kind.value} takes {want} tiles of the hand, not {len(instance.consumed)}")
    if not all(isinstance(t, Tile) for t in instance.consumed):
        raise MjrulesError(f"a {kind.value}'s tiles must be Tiles")


@attrs.frozen
class Action:
    """One action: its kind, its tile (the discard, the tile called, the tile added to a pon, the
    North set aside; None for tsumo, ron, ankan and pass) and the tiles of the hand a call takes
    (the two of a chi or pon, three of a daiminkan, four of an ankan; kept in tile order)."""

    kind: ActionKind = attrs.field(validator=attrs.validators.instance_of(ActionKind))
    tile: Tile | None = attrs.field(default=None, validator=attrs.validators.optional(
        attrs.validators.instance_of(Tile)))
    consumed: tuple[Tile, ...] = attrs.field(default=(), converter=_sorted_tiles, validator=_check_action)

    def describe(self) -> str:
        """``discard 5m``, ``chi 3m with 45m``: for messages."""
        words = [self.kind.value]
        if self.tile is not None:
            words.append(self.tile.mpsz())
        if self.consumed:
            words.append("with " + "".join(t.mpsz()[0] for t in self.consumed) + self.consumed[0].suit)
        return " ".join(words)


PASS = Action(ActionKind.PASS)
TSUMO = Action(ActionKind.TSUMO)
RON = Action(ActionKind.RON)
NINE_TERMINALS = Action(ActionKind.NINE_TERMINALS)


class IllegalAction(MjrulesError):
    """An action the table refuses: who, what and why."""

    def __init__(self, seat: int, action: Action, reason: str) -> None:
        super().__init__(f"seat {seat}: {action.describe()} refused: {reason}")
        self.seat = seat
        self.action = action
        self.reason = reason


def _seat_tuple(value: Iterable[Any]) -> tuple[Any, ...]:
    return tuple(value)


def _names(value: Iterable[str]) -> frozenset[str]:
    return frozenset(value)


def _per_seat(instance: View, attribute: attrs.Attribute, value: tuple[Any, ...]) -> None:
    if len(value) != instance.players:
        raise MjrulesError(f"a view's {attribute.name} has one entry a seat: {instance.players}, not {len(value)}")


@attrs.frozen
class Discarded:
    """One discard of the round as every seat saw it: who discarded which tile, whether it was the
    tile just drawn (tsumogiri), and whether it declared riichi."""

    seat: int
    tile: Tile
    tsumogiri: bool
    riichi: bool


@attrs.frozen
class View:
    """What seat ``seat`` may see when it is asked: the round, the scores, the dora indicators
    turned, its own concealed tiles (the tile just drawn among them), every seat's melds, discards
    and riichi, the tile on offer (another's discard or added kan; None on its own turn), the live
    draws left, the actions it may take now, every discard of the round in the order played (who
    discarded after whose riichi), and the yaku the ruleset counts on an open hand."""

    players: int = attrs.field(validator=attrs.validators.in_((3, 4)))
    seat: int = attrs.field(validator=attrs.validators.in_(range(4)))
    round_wind: int
    dealer: int
    honba: int
    sticks: int
    scores: tuple[int, ...] = attrs.field(converter=_seat_tuple, validator=_per_seat)
    dora: tuple[Tile, ...] = attrs.field(converter=_tiles)
    concealed: tuple[Tile, ...] = attrs.field(converter=_tiles)
    drawn: Tile | None
    melds: tuple[tuple[Meld, ...], ...] = attrs.field(converter=_seat_tuple, validator=_per_seat)
    rivers: tuple[tuple[Tile, ...], ...] = attrs.field(converter=_seat_tuple, validator=_per_seat)
    riichi: tuple[bool, ...] = attrs.field(converter=_seat_tuple, validator=_per_seat)
    offered: Tile | None
    offered_by: int | None
    live_left: int = attrs.field(validator=attrs.validators.ge(0))
    legal: tuple[Action, ...] = attrs.field(converter=_seat_tuple, validator=attrs.validators.min_len(1))
    discards: tuple[Discarded, ...] = attrs.field(default=(), converter=_seat_tuple)
    """The round's discards in order (``rivers`` interleaved as played, called tiles included)."""
    open_yaku: frozenset[str] = attrs.field(default=frozenset(), converter=_names)
    """The ids of the yaku the ruleset counts on an open hand (``tanyao`` where it plays kuitan)."""

    @property
    def seat_wind(self) -> int:
        """0 East … of this seat in the round."""
        return (self.seat - self.dealer) % self.players


class Player(Protocol):
    """A seat's decisions: one of ``view.legal`` for each view the table shows it."""

    def act(self, view: View) -> Action:
        ...


@runtime_checkable
class Watcher(Protocol):
    """A player that also follows the game event by event (an mjai bot): the table shows it each
    event of the record as its seat may see it (``mjrules.table.events.seen_by``)."""

    def observe(self, event: dict[str, Any]) -> None:
        ...
