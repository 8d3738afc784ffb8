"""A game's events in order, as its mjai record has them, and each as a seat may see it.

The table writes every move of a game as an mjai event (``Record``); a player that follows the game
event by event (a ``Watcher``: an mjai bot, the console) is shown each one as its seat may see it
(``seen_by``), as an mjai server shows them.
"""

from __future__ import annotations

from typing import Any, Sequence

from mjrules.table.player import Watcher


def seen_by(seat: int, event: dict[str, Any]) -> dict[str, Any]:
    """An event as ``seat`` may see it: the other hands dealt and the other players' draws hidden
    (``?``), as an mjai server shows them; ``start_game`` tells the seat its ``id``."""
    kind = event["type"]
    if kind == "start_game":
        return {**event, "id": seat}
    if kind == "start_kyoku":
        return {**event, "tehais": [h if s == seat else ["?"] * len(h) for s, h in enumerate(event["tehais"])]}
    if kind == "tsumo" and event["actor"] != seat:
        return {**event, "pai": "?"}
    return event


class Record:
    """A game's events in order, as its mjai record has them; each is also shown, as its seat may
    see it, to every player that watches (``Watcher``: an mjai bot follows the game this way)."""

    def __init__(self, watchers: Sequence[tuple[int, Watcher]] = ()) -> None:
        self.events: list[dict[str, Any]] = []
        self.watchers = list(watchers)

    def append(self, event: dict[str, Any]) -> None:
        self.events.append(event)
        for seat, watcher in self.watchers:
            watcher.observe(seen_by(seat, event))
