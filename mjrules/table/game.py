"""The table: whole games played by four or three players under a ruleset, each written as an mjai record.

``Table.play`` deals each round from a wall and plays it (``mjrules.table.round.RoundPlay``) until
the game ends (``mjrules.records.settlement.game_end``, the rule replay uses too), then pays the
leftover sticks and counts the final points. Every rule it applies is read from the ruleset's
rules object: what a player may do from ``rules.play`` (``mjrules.table.moves``), the settlement
and the game's end from ``rules.round``, the indicators from ``rules.dora``, the start score from
``rules.placing``, the tile set and its red fives from ``rules.tiles``, kita from ``rules.sanma``;
whether a win has a yaku through the Scorer.

The players answer through ``mjrules.table.actions`` (``Player``): the built-in ones of
``mjrules.table.players``, an external mjai bot through ``mjrules.table.mjai_bot``.
"""

from __future__ import annotations

import json
import signal
from typing import Any, Callable, Sequence

import attrs

from mjrules.errors import MjrulesError
from mjrules.records.flow import Deal
from mjrules.records.game import WIND_LETTERS, Call
from mjrules.records.majiang_paipu import paipu_of_events
from mjrules.records.settlement import GameEnd, RoundSettlement, final_scores, game_end
from mjrules.rules.placing import EXACT, NEAREST_TENTH_UP
from mjrules.rules.rules import GameLength
from mjrules.scoring.scorer import Scorer
from mjrules.table.actions import Player, Seated, Watcher
from mjrules.table.events import Record
from mjrules.table.round import RoundPlay
from mjrules.table.wall import Wall, seeded_wall
from mjrules.tools.signals import held


MAX_ROUNDS = 1000
"""Rounds a game may last: one that goes on longer (a dealer who repeats after every draw, or a
one-hand game, with players who never win) is stopped with an error."""
RECORD_FORMATS = ("mjai", "paipu")
"""How the table's games are written: mjai JSON lines (``PlayedGame.record``), or 電脳麻将's 牌譜
(majiang-core's game JSON, four players: ``Table.paipu``)."""


@attrs.frozen
class PlayedRound:
    """One round as played: its deal, its settlement under the ruleset, and the melds called or
    declared in it, in order."""

    deal: Deal
    settlement: RoundSettlement
    calls: tuple[Call, ...] = ()

    @property
    def label(self) -> str:
        name = f"{WIND_LETTERS[self.deal.wind % 4]}{self.deal.number + 1}"
        return f"{name}-{self.deal.honba}" if self.deal.honba else name


@attrs.frozen
class PlayedGame:
    """A game as played: its rounds, final scores (leftover sticks paid), final points, why it
    ended, and its mjai record (JSON lines)."""

    ruleset: str
    seed: str
    rounds: tuple[PlayedRound, ...]
    final: tuple[int, ...]
    points: tuple[float, ...]
    end: GameEnd
    length: str
    """The game's length: ``tonpuu`` or ``hanchan``."""
    record: str

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
        for p in self.players:  # a player that plays by the rules it is told (majiang-ai)
            if isinstance(p, Seated):
                p.sit(scorer.flags, scorer.players, self.length.value)
        self.names = tuple(names) if names is not None else tuple(type(p).__name__.lower() for p in players)
        self._events: list[dict[str, Any]] = []

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
                               exact=self.rules.placing.rounding in (EXACT, NEAREST_TENTH_UP),
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
        return _lines([*events, {"type": "end_game", "unfinished": why}])

    def play(self, seed: str | int, walls: Callable[[int], Wall] | None = None) -> PlayedGame:
        """One game. Round ``k`` (0 first, repeats and draws counted) is dealt from ``walls(k)``, by
        default the wall seeded by ``f"{seed}/{k}"``."""
        seed = str(seed)
        if walls is None:
            def walls(k: int) -> Wall:
                return seeded_wall(self.rules.tiles, f"{seed}/{k}")
        events = Record([(seat, p) for seat, p in enumerate(self.players) if isinstance(p, Watcher)])
        self._events = events.events  # the game so far, for a record of it if it is left (unfinished_record)
        # "wall_seed", not "seed": Mortal's libriichi (as in mjai.app's bots) reads "seed" as two integers;
        # "length" only when the table plays another length than the ruleset's (the reader applies it)
        start: dict[str, Any] = {"type": "start_game", "names": list(self.names), "ruleset": self.ruleset_name}
        if self.length is not self.scorer.rules.round.game_length:
            start["length"] = self.length.value
        try:
            events.append({**start, "wall_seed": seed})  # inside: a bot starts on it, and a signal may follow at once
            return self._play(seed, walls, events)
        except BaseException:  # a refused action, a bot that failed, a Ctrl-C: no bot process is left running
            with held(signal.SIGINT, signal.SIGTERM):  # a second Ctrl-C waits until every bot is closed
                for p in self.players:
                    close = getattr(p, "close", None)
                    if callable(close):
                        close()
            raise

    def _play(self, seed: str, walls: Callable[[int], Wall], events: Record) -> PlayedGame:
        n = self.scorer.players
        scores = [self.rules.placing.start] * n
        wind = number = honba = sticks = 0
        dealer = 0
        rounds: list[PlayedRound] = []
        while True:
            if len(rounds) == MAX_ROUNDS:
                raise MjrulesError(f"game {seed}: {MAX_ROUNDS} rounds played and the game has not ended (under "
                                   f"{self.ruleset_name} these players end no round with a win)")
            wall = walls(len(rounds))
            deal = Deal(wind, number, honba, sticks, dealer, tuple(scores), wall.indicator(0),
                        tuple(wall.hand((seat - dealer) % n) for seat in range(n)))
            play = RoundPlay(self.scorer, self.rules, self.players, deal, wall, f"game {seed}, round {len(rounds) + 1}",
                             events)
            settled = play.run()
            rounds.append(PlayedRound(deal, settled, tuple(play.flow.calls)))
            scores = [s + p for s, p in zip(scores, settled.payments)]
            honba, sticks = settled.honba, settled.sticks
            events.append({"type": "end_kyoku"})
            end = game_end(self.rules, scores, settled, wind=wind, number=number, dealer=dealer, first_dealer=0)
            if end is not None:
                break
            if not settled.dealer_repeats:
                dealer = (dealer + 1) % n
                number += 1
                if number == n:
                    wind, number = wind + 1, 0
        final = final_scores(scores, sticks, 0, self.rules)
        events.append({"type": "end_game", "scores": list(final)})
        record = _lines(events.events)
        return PlayedGame(self.ruleset_name, seed, tuple(rounds), final, self.rules.placing.points(final, 0), end,
                          self.length.value, record)


def _lines(events: list[dict[str, Any]]) -> str:
    """Events as an mjai record: one JSON object a line."""
    return "".join(json.dumps(ev, ensure_ascii=False, separators=(",", ":")) + "\n" for ev in events)
