"""What a player may do in a round (``Action``), and the refusal of an action the rules do not
allow (``IllegalAction``).

A player is asked only when it has a choice: after its draw (or its call), when another player's
discard, added kan or North set aside is on offer and it may win or call on it, and at an
exhaustive draw when it is in tenpai and may declare noten (``TENPAI`` or ``NOTEN``). The legal
actions of that moment are worked out under the ruleset (``mjrules.game.moves``); an action
outside them is refused with a reason, so a player written elsewhere cannot cheat by answering
something else.
"""

from __future__ import annotations

import enum
from typing import Any, Iterable

import attrs

from mjrules.errors import MjrulesError
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
    TENPAI = "tenpai"
    """At an exhaustive draw, show one's hand in tenpai (paid as tenpai)."""
    NOTEN = "noten"
    """At an exhaustive draw, declare noten though in tenpai (ノーテン宣言, where the ruleset allows it)."""


OWN_TURN = frozenset({ActionKind.DISCARD, ActionKind.RIICHI, ActionKind.TSUMO, ActionKind.ANKAN, ActionKind.KAKAN,
                      ActionKind.KITA, ActionKind.NINE_TERMINALS})
"""The actions of the player whose turn it is; the others answer a tile on offer, or (``DECLARATIONS``)
say at an exhaustive draw whether they are in tenpai."""
DECLARATIONS = frozenset({ActionKind.TENPAI, ActionKind.NOTEN})
"""The answers at an exhaustive draw: a player in tenpai is asked only where it may declare noten."""
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


def _check_action(instance: Action, attribute: attrs.Attribute[Any], value: object) -> None:
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
TENPAI = Action(ActionKind.TENPAI)
NOTEN = Action(ActionKind.NOTEN)
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
