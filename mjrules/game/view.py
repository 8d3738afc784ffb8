"""A round as one seat may see it when it is asked (``View``): what a player decides from, built
from the round's state by ``mjrules.game.play.RoundPlay.view``."""

from __future__ import annotations

from typing import Any, Iterable

import attrs

from mjrules.errors import MjrulesError
from mjrules.game.actions import Action
from mjrules.game.events import Discarded
from mjrules.model.melds import Meld
from mjrules.model.tiles import Tile


def _tiles(value: Iterable[Tile]) -> tuple[Tile, ...]:
    return tuple(value)


def _seat_tuple(value: Iterable[Any]) -> tuple[Any, ...]:
    return tuple(value)


def _names(value: Iterable[str]) -> frozenset[str]:
    return frozenset(value)


def _per_seat(instance: View, attribute: attrs.Attribute[Any], value: tuple[Any, ...]) -> None:
    if len(value) != instance.players:
        raise MjrulesError(f"a view's {attribute.name} has one entry a seat: {instance.players}, not {len(value)}")


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
