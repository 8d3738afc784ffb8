"""The table: whole games played by four or three players under a ruleset, each written as an mjai record.

``Table.play`` deals each round from a wall seeded by the game's seed and plays the game
(``mjrules.game.play.GamePlay``: every rule of a round's life and of the game's end, read from the
ruleset's rules object) by asking its players each question the game puts, and writes what
happens as an mjai record (``mjrules.records.mjai_write``), shown as it happens to the players
that follow the game.

The players answer through ``mjrules.table.player`` (``Player``): the built-in ones of
``mjrules.table.players``, an external mjai bot through ``mjrules.table.mjai_bot``.

On the native kernel the game is played by the kernel's twin of ``mjrules.game`` where the table's
rules compile into a table plan (``mjrules.table.native``): the same game, byte for byte, the
players without a native twin asked from Python with the same views.
"""

from __future__ import annotations

import json
import signal
from functools import partial
from typing import Any, Callable, Generator, Sequence, TypeVar

import attrs

from mjrules.errors import MjrulesError
from mjrules.game.actions import Action
from mjrules.game.events import Event
from mjrules.game.play import MAX_ROUNDS, GamePlay, GameResult, PlayedRound
from mjrules.game.settlement import GameEnd
from mjrules.game.view import View
from mjrules.game.wall import Wall
from mjrules.records.majiang_paipu import paipu_of_events
from mjrules.records.mjai_write import mjai_event, mjai_lines
from mjrules.rules.choices import GameLength, Rounding
from mjrules.scoring.scorer import Scorer
from mjrules.table import native
from mjrules.table.events import Record
from mjrules.table.player import Player, Scoring, Seated, Watcher
from mjrules.table.wall import seeded_wall
from mjrules.tools.signals import held

T = TypeVar("T")

__all__ = ["MAX_ROUNDS", "RECORD_FORMATS", "PlayedGame", "PlayedRound", "Table", "ask"]
RECORD_FORMATS = ("mjai", "paipu")
"""How the table's games are written: mjai JSON lines (``PlayedGame.record``), or 電脳麻将's 牌譜
(majiang-core's game JSON, four players: ``Table.paipu``)."""


@attrs.frozen
class PlayedGame:
    """A game as played: its rounds, final scores (leftover sticks paid), final points, why it
    ended, and its mjai record (JSON lines). A game of the native table makes its rounds when
    first asked for (``rounds``): the record holds every event of them."""

    ruleset: str
    seed: str
    _rounds: tuple[PlayedRound, ...] | Callable[[], tuple[PlayedRound, ...]] = attrs.field(
        alias="rounds", eq=False, repr=False)
    final: tuple[int, ...]
    points: tuple[float, ...]
    end: GameEnd
    length: str
    """The game's length: ``tonpuu`` or ``hanchan``."""
    record: str

    @property
    def rounds(self) -> tuple[PlayedRound, ...]:
        got = self._rounds
        if callable(got):
            got = got()
            object.__setattr__(self, "_rounds", got)
        return got

    @property
    def busted(self) -> bool:
        return self.end is GameEnd.BUST


class Table:
    """Plays games under one ruleset with its four or three players (``players[i]`` sits in seat i,
    seat 0 deals first). Build once, play many games."""

    def __init__(self, scorer: Scorer, players: Sequence[Player], *, length: GameLength | None = None,
                 ruleset_name: str | None = None, names: Sequence[str] | None = None) -> None:
        """``length``: the game's length when not the ruleset's ``game_length``. ``ruleset_name``:
        how the record names the ruleset (a preset name or a path that ``load_ruleset`` reads
        back), by default the ruleset's name."""
        if len(players) != scorer.players:
            raise MjrulesError(f"ruleset {scorer.ruleset.name} is for {scorer.players} players, and "
                               f"{len(players)} were given")
        self.scorer = scorer
        self.players = list(players)
        self.rules = scorer.rules
        if length is not None and GameLength(length) is not self.rules.round.game_length:
            self.rules = attrs.evolve(self.rules, round=attrs.evolve(self.rules.round, game_length=GameLength(length)))
        self.length = self.rules.round.game_length
        self.ruleset_name = ruleset_name or scorer.ruleset.name
        self.native = native.table_plan(self.rules, scorer, self.ruleset_name)
        """The kernel's plan of this table (``mjrules.table.native``), or None: the Python path plays."""
        for p in self.players:
            if isinstance(p, Seated):  # a player that plays by the rules it is told (majiang-ai)
                p.sit(scorer.flags, scorer.players, self.length.value)
            if isinstance(p, Scoring):  # one that values hands with the ruleset's Scorer (careful)
                p.use(scorer)
        self.names = tuple(names) if names is not None else tuple(type(p).__name__.lower() for p in players)
        self._events: list[dict[str, Any]] = []
        self._watching: tuple[tuple[int, ...], list[tuple[int, Watcher]]] = ((), [])

    def paipu(self, game: PlayedGame) -> dict[str, Any]:
        """A game this table played as a 電脳麻将 牌譜 (four players; ``mjrules.records.majiang_paipu``)."""
        events = [json.loads(line) for line in game.record.splitlines()]
        return self._paipu(events, game.seed, game.final, game.points)

    def _paipu(self, events: list[dict[str, Any]], seed: str, final: tuple[int, ...] | None,
               points: tuple[float, ...] | None, unfinished: str | None = None) -> dict[str, Any]:
        if self.scorer.players != 4:
            raise MjrulesError("a 牌譜 holds a four-player game, and this table seats three")
        return paipu_of_events(events, title=f"mjrules {self.ruleset_name} {seed}", names=self.names,
                               ruleset=self.ruleset_name, final=final, points=points,
                               exact=self.rules.placing.rounding in (Rounding.EXACT, Rounding.NEAREST_TENTH_UP),
                               length=None if self.length is self.scorer.rules.round.game_length else self.length.value,
                               unfinished=unfinished)

    def unfinished_record(self, why: str, paipu: bool = False) -> str | None:
        """The game the last ``play`` left before its end (a Ctrl-C, the end of a person's answers,
        a player that failed), as far as it was played: its mjai record closed by an ``end_game``
        that says ``unfinished`` (``why``), or with ``paipu`` a 牌譜 of the rounds played to their end;
        ``mjrules replay`` reads either and says the game is unfinished. None if no game started."""
        events = self._events
        if not events:
            return None
        if paipu:
            return json.dumps(self._paipu(events, str(events[0].get("wall_seed", "")), None, None, why),
                              ensure_ascii=False) + "\n"
        return mjai_lines([*events, {"type": "end_game", "unfinished": why}])

    def play(self, seed: str | int, walls: Callable[[int], Wall] | None = None) -> PlayedGame:
        """One game. Round ``k`` (0 first, repeats and draws counted) is dealt from ``walls(k)``, by
        default the wall seeded by ``f"{seed}/{k}"``. The native table plays it where the kernel has
        a plan of this table (``native``), the Python path otherwise: the same game, byte for byte."""
        seed = str(seed)
        if self.native is not None:
            return self._game(seed, lambda events: self._play_native(seed, walls, events, True)[0])

        def run(events: Record) -> PlayedGame:
            played = ask(self.players, self._run(seed, walls, events))
            return PlayedGame(self.ruleset_name, seed, played.rounds, played.final, played.points, played.end,
                              self.length.value, mjai_lines(events.events))
        return self._game(seed, run)

    def game(self, seed: str, walls: Callable[[int], Wall] | None = None) -> Generator[View, Action, GameResult]:
        """The game ``play`` plays, on the Python path, as a generator for a driver that answers its
        questions itself (the environment for agents, ``mjrules.table.env``): it yields the asked
        seat's view, takes the action back by ``send`` and returns the game's result; its mjai events
        go to the players that watch, and its record so far is ``events``."""
        events = self._record(seed)
        return (yield from self._run(seed, walls, events))

    def play_native(self, seed: str | int, record: bool) -> tuple[PlayedGame, Any] | None:
        """One game on the native table (None where the Python path plays it): the game, its record
        written only when ``record`` asks for it, and the kernel's game (``NativeGame``: what a
        simulation's figures read)."""
        if self.native is None:
            return None
        seed = str(seed)
        return self._game(seed, lambda events: self._play_native(seed, None, events, record))

    def _watchers(self) -> list[tuple[int, Watcher]]:
        """The seats whose players follow the game event by event (looked for once per seating:
        a check against a runtime protocol costs more than a native game's round)."""
        key = tuple(map(id, self.players))
        if self._watching[0] != key:
            self._watching = (key, [(seat, p) for seat, p in enumerate(self.players) if isinstance(p, Watcher)])
        return self._watching[1]

    def _record(self, seed: str) -> Record:
        """A game's record, started: its ``start_game`` told to the seats that watch."""
        events = Record(self._watchers())
        self._events = events.events  # the game so far, for a record of it if it is left (unfinished_record)
        # "wall_seed", not "seed": Mortal's libriichi (as in mjai.app's bots) reads "seed" as two integers;
        # "length" only when the table plays another length than the ruleset's (the reader applies it)
        start: dict[str, Any] = {"type": "start_game", "names": list(self.names), "ruleset": self.ruleset_name}
        if self.length is not self.scorer.rules.round.game_length:
            start["length"] = self.length.value
        events.append({**start, "wall_seed": seed})  # a bot starts on it, and a signal may follow at once
        return events

    def _game(self, seed: str, run: Callable[[Record], T]) -> T:
        """``run`` a game with its record started, every bot closed if it fails or is stopped."""
        try:
            return run(self._record(seed))
        except BaseException:  # a refused action, a bot that failed, a Ctrl-C: no bot process is left running
            with held(signal.SIGINT, signal.SIGTERM):  # a second Ctrl-C waits until every bot is closed
                for p in self.players:
                    close = getattr(p, "close", None)
                    if callable(close):
                        close()
            raise

    def _play_native(self, seed: str, walls: Callable[[int], Wall] | None, events: Record,
                     record: bool) -> tuple[PlayedGame, Any]:
        assert self.native is not None
        watched = bool(events.watchers)
        sink = (lambda line: events.append(json.loads(line))) if watched else None
        try:
            game = self.native.play(seed, self.players, walls, record, sink)
        except BaseException as e:
            if not watched:  # the events written so far, for the record of the game left (unfinished_record)
                events.events.extend(json.loads(line) for line in getattr(e, "native_lines", "").splitlines())
            raise
        final = tuple(game.final_scores)
        text = mjai_lines(events.events[:1]) + game.record if record else ""
        rounds = partial(native.played_rounds, self.scorer, self.rules, game)
        played = PlayedGame(self.ruleset_name, seed, rounds, final, self.rules.placing.points(final, 0),
                            GameEnd(game.end), self.length.value, text)
        return played, game

    def _run(self, seed: str, walls: Callable[[int], Wall] | None,
             events: Record) -> Generator[View, Action, GameResult]:
        """The game on the Python path (``mjrules.game.GamePlay``), its events written to ``events``."""
        if walls is None:
            def walls(k: int) -> Wall:
                return seeded_wall(self.rules.tiles, f"{seed}/{k}")

        def emit(event: Event) -> None:
            events.append(mjai_event(event))

        return (yield from GamePlay(self.scorer, self.rules, walls, f"game {seed}", self.ruleset_name, emit).run())

    @property
    def events(self) -> list[dict[str, Any]]:
        """The mjai events of the game started last, so far (the whole game once it has ended)."""
        return self._events


def ask(players: Sequence[Player], run: Generator[View, Action, GameResult]) -> GameResult:
    """Play ``run`` to its end, each question answered by the player in the seat it asks."""
    try:
        view = next(run)
        while True:
            view = run.send(players[view.seat].act(view))
    except StopIteration as stop:
        result: GameResult = stop.value
        return result
