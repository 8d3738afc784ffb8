"""A recorded game checked at the table: each round dealt from the record's own wall and played by
players that answer what the record says they did, so that the table rules on every recorded
action under the record's ruleset.

The record's wall is what it shows: the hands dealt, the draws in order (a draw after a kan or a
kita is a replacement tile), every dora indicator and the ura indicators of a riichi win; the
tiles it never shows fill the rest. A round counts as played when the table took every recorded
action; it agrees when the table's settlement pays what replay's settlement of the record pays.
An abortive draw is played as the record shows it: nine terminals declared by the seat whose hand
the record shows (or, where it shows none, whose draw ends the round), three rons by the three it
shows; four winds, four riichi and four kans the table
finds itself. At an exhaustive draw a player who may declare noten answers as the record's tenpai
seats say. Rounds the table cannot play are named and not counted: rounds a record gives no
moves for, and three rons where the record does not say who made them (Tenhou's JSON logs, mjai).

The game must end where the record ends it: after each round, ``game_end`` under the ruleset (the
record's own length kept) with the round's start scores and the table's settlement (the record's,
for a round the table did not play) goes on before the record's last round and ends the game
there, when the record shows its end (final scores, an ``end_game``: ``Game.shows_end``).

This module alone reads the record: its wall (``record_wall``) and its answers (``recorded_actions``,
plain data). A round is played by a runner: ``python_rounds``, through ``RoundPlay`` (the
definition), or the kernel's twin of it (``mjrules.table.legal``: ``replay --legal`` uses it where
the ruleset compiles into a table plan), with the same verdicts and messages.
"""

from __future__ import annotations

from collections import Counter
from typing import Callable

import attrs

from mjrules.errors import MjrulesError
from mjrules.game.actions import (
    DECLARATIONS,
    NOTEN,
    PASS,
    RON,
    TENPAI,
    Action,
    ActionKind,
    IllegalAction,
)
from mjrules.game.view import View
from mjrules.game.record import ABORTIVE, Game, MoveKind, Round
from mjrules.game.settlement import RoundSettlement, game_end, settle_round
from mjrules.game.record import Deal
from mjrules.game.play import RoundPlay
from mjrules.game.wall import DEAD_WALL, INDICATORS, REPLACEMENTS, Wall
from mjrules.model.melds import MeldKind
from mjrules.model.tiles import SANMA_REMOVED, Tile, tile
from mjrules.rules.choices import GameLength
from mjrules.rules.rules import Rules
from mjrules.scoring.scorer import Scorer

NINE_TERMINALS_REASONS = frozenset({"nine terminals", "kyushukyuhai", "kyuushukyuuhai", "kyushu_kyuhai", "yao9", "九種九牌"})
THREE_RONS_REASONS = frozenset({"three rons", "sanchaho", "sanchahou", "ron3", "三家和了"})
"""How the records name the two abortive draws a player's choice makes (Tenhou's mjlog as read, mjai, Tenhou JSON)."""
CALLS = {MeldKind.CHI: ActionKind.CHI, MeldKind.PON: ActionKind.PON, MeldKind.DAIMINKAN: ActionKind.DAIMINKAN}


@attrs.frozen
class LegalCheck:
    """A game's recorded actions at the table: how many were taken, how many refused (and the
    first refusal's reason), the rounds played to their end and those paid as the record is, the
    rounds not played with the reason, and whether the game ends where the record ends it."""

    actions: int
    refused: int
    first_refused: str | None
    rounds: int
    played: int
    agree: int
    skipped: tuple[str, ...]
    end_checked: bool = False
    """The record shows where the game ended (``Game.shows_end``) or the table ends it before the record does."""
    end: str | None = None
    """How the game's end at the table differs from the record's (the first difference); None when it agrees."""

    def to_dict(self) -> dict[str, object]:
        return {"actions": self.actions, "refused": self.refused, "first_refused": self.first_refused,
                "rounds": self.rounds, "played": self.played, "agree": self.agree, "skipped": list(self.skipped),
                "end_checked": self.end_checked, "end": self.end}


def record_wall(rnd: Round, players: int, tiles: int) -> Wall:
    """The wall the round's record shows, the tiles it never shows filling the rest (see the module text)."""
    n = players
    live: list[Tile] = []
    extra: list[Tile] = []
    replacement = False
    for m in rnd.moves:
        if m.kind is MoveKind.DRAW:
            assert m.tile is not None
            (extra if replacement else live).append(m.tile)
            replacement = False
        elif (m.kind is MoveKind.CALL and m.meld is not None and m.meld.is_kan) or m.kind is MoveKind.KITA:
            replacement = True
    ura = next((w.win.ura for w in rnd.wins if w.win.ura), ())
    shown = [t for h in rnd.dealt for t in h] + live + extra + list(rnd.indicators) + list(ura)
    unseen = Counter({i: 4 for i in range(34) if tiles == 136 or i not in SANMA_REMOVED})
    unseen.subtract(t.index for t in shown)
    if min(unseen.values()) < 0:
        over = min(unseen, key=lambda i: unseen[i])
        in_deal = sum(t.index == over for h in rnd.dealt for t in h)
        raise MjrulesError(f"the record shows {4 - unseen[over]} copies of {tile(over)}"
                           + (f", {in_deal} of them in the deal" if in_deal > 4 else "") + "; a set has 4")
    filler = [tile(i) for i in sorted(unseen) for _ in range(unseen[i])]

    def take(k: int) -> list[Tile]:
        got = filler[:k]
        del filler[:k]
        return got

    first = extra[:REPLACEMENTS]
    later = extra[REPLACEMENTS:]  # taken from the live wall's end (Wall.replacement)
    dead = (first + take(REPLACEMENTS - len(first)) + list(rnd.indicators) + take(INDICATORS - len(rnd.indicators))
            + list(ura) + take(INDICATORS - len(ura)))
    live_slots = tiles - 13 * n - DEAD_WALL
    middle = take(live_slots - len(live) - len(later))
    dealt = [t for turn in range(n) for t in rnd.dealt[(rnd.dealer + turn) % n]]
    return Wall(dealt + live + middle + later[::-1] + dead)


Answer = tuple[ActionKind, "Tile | None", tuple[Tile, ...]]
"""A recorded action as plain data: its kind, its tile and the tiles of the hand it takes (an
``Action``'s fields)."""


@attrs.frozen
class RecordedActions:
    """The record's actions of one round, seat by seat, as the table will ask for them: each seat's
    own actions in order (discards, riichi, kans, kita, its tsumo, nine terminals), its calls (each
    with the number of discards made before the tile it takes), the round's discards, the seats that
    ron and the seats in tenpai at an exhaustive draw (a player asked, as it may declare noten, says so)."""

    own: tuple[tuple[Answer, ...], ...]
    calls: tuple[tuple[tuple[int, Answer], ...], ...]
    discards: int
    rons: frozenset[int]
    tenpai: frozenset[int]


def recorded_actions(rnd: Round) -> RecordedActions:
    """What each seat of ``rnd`` does as the record shows it (see the module text)."""
    n = len(rnd.scores)
    own: list[list[Answer]] = [[] for _ in range(n)]
    calls: list[list[tuple[int, Answer]]] = [[] for _ in range(n)]
    discards = 0
    riichi = False
    for m in rnd.moves:
        kind = m.kind
        if kind is MoveKind.DISCARD:
            own[m.seat].append((ActionKind.RIICHI if riichi else ActionKind.DISCARD, m.tile, ()))
            riichi = False
            discards += 1
        elif kind is MoveKind.RIICHI:
            riichi = True
        elif kind is MoveKind.KITA:
            own[m.seat].append((ActionKind.KITA, m.tile, ()))
        elif kind is MoveKind.CALL:
            meld = m.meld
            assert meld is not None
            if meld.kind is MeldKind.ANKAN:
                own[m.seat].append((ActionKind.ANKAN, None, m.own))
            elif meld.kind is MeldKind.KAKAN:
                own[m.seat].append((ActionKind.KAKAN, m.tile, ()))
            else:
                calls[m.seat].append((discards, (CALLS[meld.kind], m.tile, m.own)))
    rons = {w.winner for w in rnd.wins if w.discarder is not None}
    for w in rnd.wins:
        if w.discarder is None:
            own[w.winner].append((ActionKind.TSUMO, None, ()))
    draw = rnd.draw
    if draw is not None and draw.kind == ABORTIVE and draw.reason in NINE_TERMINALS_REASONS:
        # declared by the seat the record shows, else by the seat whose draw is the round's last move
        last = rnd.moves[-1] if rnd.moves else None
        declarers = draw.shown or ((last.seat,) if last is not None and last.kind is MoveKind.DRAW else ())
        for seat in declarers:
            own[seat].append((ActionKind.NINE_TERMINALS, None, ()))
    if draw is not None and draw.kind == ABORTIVE and draw.reason in THREE_RONS_REASONS:
        rons = set(draw.shown)
    return RecordedActions(tuple(map(tuple, own)), tuple(map(tuple, calls)), discards, frozenset(rons),
                           frozenset(draw.tenpai) if draw is not None else frozenset())


def diverged(seat: int) -> str:
    """What the check says when the table asks ``seat`` for an action the record does not have."""
    return f"seat {seat} is asked to act, and the record has it do nothing more"


class _Diverged(MjrulesError):
    """The table asked for an action the record does not have (it played on where the record stopped)."""


class _Answers:
    """The record's actions of one round, answered seat by seat as the table asks."""

    def __init__(self, recorded: RecordedActions) -> None:
        self.own = [list(q) for q in recorded.own]
        self.calls = [list(q) for q in recorded.calls]
        self.discards = recorded.discards
        self.rons = recorded.rons
        self.tenpai = recorded.tenpai
        self.taken = 0

    def act(self, seat: int, view: View) -> Action:
        if all(a.kind in DECLARATIONS for a in view.legal):
            self.taken += 1
            return TENPAI if seat in self.tenpai else NOTEN
        if view.offered is None:
            if not self.own[seat]:
                raise _Diverged(diverged(seat))
            self.taken += 1
            return Action(*self.own[seat].pop(0))
        done = sum(len(r) for r in view.rivers)
        if self.calls[seat] and self.calls[seat][0][0] == done and self.calls[seat][0][1][1] == view.offered:
            self.taken += 1
            return Action(*self.calls[seat].pop(0)[1])
        # the record's ron comes on the tile offered once every other recorded action is taken
        # (a robbed kan or North: after its kakan or kita); the table rules on it like any action
        if seat in self.rons and done == self.discards and not any(self.own) and not any(self.calls):
            self.taken += 1
            return RON
        return PASS


@attrs.frozen
class RoundCheck:
    """A recorded round at the table: the recorded actions taken, and how it ended: its settlement,
    or the first recorded action refused (``IllegalAction``'s words), or where the table asked for an
    action the record does not have (``diverged``'s words)."""

    taken: int
    settled: RoundSettlement | None
    refused: str | None = None
    diverged: str | None = None


RoundRunner = Callable[[Deal, Wall, RecordedActions, str], RoundCheck]
"""Plays a recorded round dealt as ``Deal`` from ``Wall``, answering from the record; the ``str``
names the round in errors. ``python_rounds`` is the definition; ``mjrules.table.legal`` has the
kernel's twin."""


def python_rounds(scorer: Scorer) -> RoundRunner:
    """Recorded rounds played through ``RoundPlay`` under ``scorer``'s ruleset."""
    def run(deal: Deal, wall: Wall, recorded: RecordedActions, where: str) -> RoundCheck:
        play = RoundPlay(scorer, scorer.rules, deal, wall, where)
        play.ask_always = True
        answers = _Answers(recorded)
        try:
            settled = _play(play, answers)
        except IllegalAction as e:
            return RoundCheck(answers.taken, None, refused=str(e))
        except _Diverged as e:
            return RoundCheck(answers.taken, None, diverged=str(e))
        return RoundCheck(answers.taken, settled)
    return run


def _play(play: RoundPlay, answers: _Answers) -> RoundSettlement:
    """The round played to its end, each question answered from the record."""
    run = play.run()
    try:
        view = next(run)
        while True:
            view = run.send(answers.act(view.seat, view))
    except StopIteration as stop:
        settlement: RoundSettlement = stop.value  # a generator's return value is untyped on StopIteration
        return settlement


def check_legal(game: Game, scorer: Scorer, rounds: RoundRunner | None = None) -> LegalCheck:
    """Every round of ``game`` played at the table from its record under ``scorer``'s ruleset, and the
    game's end where the table's settlement leaves it (``game_end``, the game's recorded length kept).
    ``rounds`` plays each round (``python_rounds(scorer)`` when None; the kernel's twin gives the same
    check: ``mjrules.table.legal.native_rounds``)."""
    run = python_rounds(scorer) if rounds is None else rounds
    actions = refused = played = agree = 0
    first: str | None = None
    skipped: list[str] = []
    n = len(game.rounds[0].scores)
    rules = scorer.rules
    length = dict(game.rules).get("game_length")
    if length is not None:  # a recorded game keeps its length under any rules, as replay has it
        rules = attrs.evolve(rules, round=attrs.evolve(rules.round, game_length=length))
    # a record that does not say its length: each length, the ruleset's first, until one ends it as recorded
    lengths = [rules.round.game_length] + ([g for g in GameLength if g != rules.round.game_length]
                                            if not game.length_stated else [])
    settlements: list[RoundSettlement] = []
    for rnd in game.rounds:
        settled: RoundSettlement | None = None
        if not rnd.moves:
            skipped.append(f"{rnd.label}: the record gives no moves")
        elif rnd.draw is not None and rnd.draw.kind == ABORTIVE and rnd.draw.reason in THREE_RONS_REASONS \
                and not rnd.draw.shown:
            skipped.append(f"{rnd.label}: three rons, and the record does not say whose")
        else:
            try:
                wall = record_wall(rnd, n, scorer.rules.tiles.tiles)
            except MjrulesError as e:
                skipped.append(f"{rnd.label}: no wall: {e}")
                wall = None
            if wall is not None:
                deal = Deal(rnd.wind, rnd.number, rnd.honba, rnd.sticks, rnd.dealer, rnd.scores, rnd.indicators[0],
                            rnd.dealt)
                checked = run(deal, wall, recorded_actions(rnd), f"{game.source}, round {rnd.label}")
                settled = checked.settled
                if checked.refused is not None:
                    refused += 1
                    first = first or f"{rnd.label}: {checked.refused}"
                if checked.diverged is not None:
                    skipped.append(f"{rnd.label}: the table played on where the record stopped: {checked.diverged}")
                actions += checked.taken
        recorded = settle_round(rnd, scorer)
        if settled is not None:
            played += 1
            agree += settled.payments == recorded.payments
        settlements.append(settled if settled is not None else recorded)
    ends = [_end_differs(game, attrs.evolve(rules, round=attrs.evolve(rules.round, game_length=g)), settlements)
            for g in lengths]
    end = next((e for e in ends if e is None), ends[0])
    return LegalCheck(actions, refused, first, len(game.rounds), played, agree, tuple(skipped),
                      game.shows_end or ends[0] is not None, end)


def _end_differs(game: Game, rules: Rules, settlements: list[RoundSettlement]) -> str | None:
    """How the game's end under ``rules``, its rounds settled as ``settlements`` (the table's, else the
    record's), differs from the record's (the first round where it does), or None."""
    last = len(game.rounds) - 1
    for i, (rnd, settled) in enumerate(zip(game.rounds, settlements)):
        after = [a + b for a, b in zip(rnd.scores, settled.payments)]
        why = game_end(rules, after, settled, wind=rnd.wind, number=rnd.number, dealer=rnd.dealer,
                       first_dealer=game.rounds[0].dealer)
        if why is not None and i < last:
            return f"the game ends after {rnd.label} ({why.value}), and the record plays on"
        if why is None and i == last and game.shows_end:
            return f"the record ends the game after {rnd.label}, and the rules play on"
    return None
