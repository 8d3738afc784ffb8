"""An external bot that speaks mjai (Mortal, akochan, mjai-manue and others) as a player at the table.

The bot is a process reading JSON lines on its stdin and writing JSON lines on its stdout, as the
mjai.app servers run them: each line sent is a JSON array of the events since the last one (as the
bot's seat may see them: the other hands and draws hidden as ``?``), and the bot answers every
line with one JSON object, its action (``dahai``, ``reach``, ``hora``, ``chi``, ``pon``,
``daiminkan``, ``ankan``, ``kakan``, ``nukidora``, ``ryukyoku`` for nine terminals) or ``{"type": "none"}``. A line is sent when the
table asks the bot to act, and at the game's end; a bot that has no choice to make is not asked.
mjai has no noten declaration: where a ruleset has one, the bot shows its tenpai hand unasked.

Riichi is two answers in mjai: ``reach``, then, once the bot has seen its ``reach`` event, the
``dahai``; the table takes them as one riichi discard. The bot's process starts at ``start_game``
and is closed at ``end_game`` (in its own process group: ``mjrules.table.child``); ``{seat}`` in the
command is replaced by the bot's seat (0-3), as
mjai.app starts its bots (``python bot.py 0``); a bot that does not answer within ``timeout`` seconds, answers
something that is not an mjai action, or exits is an error naming it. An action the table does not
allow is refused as any player's is (``IllegalAction``).
"""

from __future__ import annotations

import json
import shlex
from typing import Any, Sequence

from mjrules.errors import MjrulesError
from mjrules.records.mjai import mjai_tile
from mjrules.table.child import Child
from mjrules.game.actions import NINE_TERMINALS, PASS, RON, TENPAI, TSUMO, Action, ActionKind
from mjrules.game.view import View
from mjrules.model.tiles import Tile

CALLS = {"chi": ActionKind.CHI, "pon": ActionKind.PON, "daiminkan": ActionKind.DAIMINKAN}


class MjaiBot:
    """The bot ``command`` runs (an argument list), as a player and a watcher of the game."""

    def __init__(self, command: Sequence[str], timeout: float = 30.0) -> None:
        if not command:
            raise MjrulesError("an mjai bot needs a command to run")
        self.command = list(command)
        self.timeout = timeout
        self.process: Child | None = None
        self.seat: int | None = None
        self.pending: list[dict[str, Any]] = []
        self.echoed_reach = False
        """The bot has seen its own ``reach`` event already (sent between its two riichi answers)."""

    @property
    def name(self) -> str:
        return shlex.join(self.command)

    # -- the game, as it goes ---------------------------------------------------------------------
    def observe(self, event: dict[str, Any]) -> None:
        kind = event["type"]
        if kind == "start_game":
            self.close()
            self.seat = event["id"]
            self._start()
        if kind == "reach" and event.get("actor") == self.seat and self.echoed_reach:
            self.echoed_reach = False
            return
        self.pending.append(event)
        if kind == "end_game":
            self._exchange()  # the bot sees the end (its answer is none)
            self.close()

    def act(self, view: View) -> Action:
        if TENPAI in view.legal:  # mjai has no noten declaration: the bot shows its tenpai hand, unasked
            return TENPAI
        answer = self._exchange()
        kind = answer.get("type")
        if kind == "reach":  # the riichi declaration; its discard comes once the bot sees it
            self.pending.append({"type": "reach", "actor": self.seat})
            self.echoed_reach = True
            answer = self._exchange()
            if answer.get("type") != "dahai":
                raise MjrulesError(f"mjai bot {self.name}: after reach it answered {json.dumps(answer)}, not a dahai")
            return Action(ActionKind.RIICHI, self._tile(answer, "pai"))
        if kind == "dahai":
            return Action(ActionKind.DISCARD, self._tile(answer, "pai"))
        if kind == "hora":
            return RON if view.offered is not None else TSUMO
        if kind == "none":
            return PASS
        if kind in CALLS:
            return Action(CALLS[kind], self._tile(answer, "pai"), self._tiles(answer))
        if kind == "ankan":
            return Action(ActionKind.ANKAN, None, self._tiles(answer))
        if kind == "kakan":
            return Action(ActionKind.KAKAN, self._tile(answer, "pai"))
        if kind == "ryukyoku":  # nine terminals, the one draw a player declares
            return NINE_TERMINALS
        if kind in ("nukidora", "kita"):
            return Action(ActionKind.KITA, mjai_tile(answer.get("pai", "N"), self._where()))
        raise MjrulesError(f"mjai bot {self.name}: {json.dumps(answer)[:200]} is not an action the table plays")

    # -- the process ------------------------------------------------------------------------------
    def _start(self) -> None:
        # mjai.app's bots take their seat as an argument (``python bot.py 0``): ``{seat}`` in the command is it
        command = [arg.replace("{seat}", str(self.seat)) for arg in self.command]
        self.process = Child(command, self._where(), self.timeout)

    def close(self) -> None:
        """End the bot's process and every process it started: its stdin closed, ``timeout`` seconds
        to exit (none while an error or a Ctrl-C is ending the game), then its group killed."""
        process, self.process = self.process, None
        self.pending = []
        if process is not None:
            process.close(self.timeout)

    def _exchange(self) -> dict[str, Any]:
        """Send the events pending as one line; the bot's answer."""
        if self.process is None:
            raise MjrulesError(f"mjai bot {self.name}: asked to act outside a game")
        events, self.pending = self.pending, []
        answer, line = self.process.ask(events)
        if not isinstance(answer, dict) or not isinstance(answer.get("type"), str):
            raise MjrulesError(f"mjai bot {self.name}: answered {line[:200]!r}, not an mjai action")
        return answer

    def _where(self) -> str:
        return f"mjai bot {self.name}"

    def _tile(self, answer: dict[str, Any], key: str) -> Tile:
        return mjai_tile(answer.get(key), self._where())

    def _tiles(self, answer: dict[str, Any]) -> tuple[Tile, ...]:
        consumed = answer.get("consumed")
        if not isinstance(consumed, list):
            raise MjrulesError(f"{self._where()}: {answer.get('type')} without a list of consumed tiles")
        return tuple(mjai_tile(t, self._where()) for t in consumed)
