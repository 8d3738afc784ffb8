"""What the table asks of a seat: the ``Player`` protocol (one of the legal actions for each view
it is shown), and what some players also take: the game's events as they happen (``Watcher``)
and the rules of the table (``Seated``)."""

from __future__ import annotations

from typing import Any, Mapping, Protocol, runtime_checkable

from mjrules.game.actions import Action
from mjrules.game.view import View
from mjrules.scoring.scorer import Scorer


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


@runtime_checkable
class Seated(Protocol):
    """A player that is told the rules of the table it sits at (majiang-ai is told them as a
    rule object): the table calls ``sit`` once, when it is built."""

    def sit(self, flags: Mapping[str, Any], players: int, game_length: str) -> None:
        """``flags``: the ruleset's resolved flags; ``game_length``: the length the table plays."""
        ...


@runtime_checkable
class Scoring(Protocol):
    """A player that values hands with the ruleset's Scorer (the built-in careful player): the table
    calls ``use`` once, when it is built."""

    def use(self, scorer: Scorer) -> None:
        ...
