"""A round played from its wall, and a whole game of rounds: the moves in the order the rules give
them, each seat asked when it has a choice, its answer ruled on, the events given out.

Both are generators that ask no player themselves: ``RoundPlay.run`` yields a ``View`` each time a
seat has a choice (the legal actions of the moment among it) and takes the chosen ``Action`` back
by ``send``; it returns the round's settlement. ``GamePlay.run`` plays round after round the same
way until the game ends. Whoever drives them answers: the table asks its players
(``mjrules.table``), a record's check answers what the record says (``mjrules.records.check``).
An answer outside the legal ones is refused (``IllegalAction``). What happens is given out as
events (``mjrules.game.events``) to ``emit``, in the order of play.

The round is scored by the ruleset's Scorer and settled by ``settle_round``, the same calls
replay makes, so a game played here replays to the same scores. From the rules object: which
indicators are turned and when (``rules.dora``), what a player may do (``rules.play``, through
``mjrules.game.moves``), the abortive draws (``mjrules.game.draws``), the settlement and the
game's end (``rules.round``). Fixed, as every ruleset plays them: a pon or kan before a chi; a
North is set aside after one's draw and another player may ron on it; a kan declared while an
earlier kan's indicator waits for its discard turns that indicator first (majiang-core's
``Game.gang``); in tenpai at an exhaustive draw is a hand with a wait not held four times
(majiang-core's ``tingpai``, Tenhou's).
"""

from __future__ import annotations

from typing import Callable, Generator

import attrs

from mjrules.errors import MjrulesError
from mjrules.game import draws
from mjrules.game.actions import PASS, RON, TENPAI, Action, ActionKind, IllegalAction
from mjrules.game.events import (
    AddedKan,
    Called,
    ClosedKan,
    Drew,
    Event,
    GameEnded,
    IndicatorTurned,
    NorthSetAside,
    RiichiAccepted,
    RiichiDeclared,
    RoundDrawn,
    RoundEnded,
    RoundStarted,
    Won,
)
from mjrules.game.moves import (
    kuikae_after,
    legal_at_draw,
    legal_own,
    legal_reactions,
    refuse_at_draw,
    refuse_own,
    refuse_reaction,
)
from mjrules.game.record import ABORTIVE, Call, Deal, Recorded, RecordedWin
from mjrules.game.settlement import GameEnd, Outcome, RoundSettlement, final_scores, game_end, settle_round
from mjrules.game.state import RoundState
from mjrules.game.view import View
from mjrules.game.wall import Wall
from mjrules.game.wins import ron, tsumo
from mjrules.model.hand import Hand
from mjrules.model.melds import Meld, MeldKind
from mjrules.model.tiles import NORTH, Tile, tile
from mjrules.model.win import Win
from mjrules.rules.kan_dora import Moment, indicator_turned
from mjrules.rules.rules import Rules
from mjrules.scoring.payments import STICK
from mjrules.scoring.result import NoWin, Result
from mjrules.scoring.scorer import Scorer

Asking = Generator[View, Action, Action]
"""A question to one seat: yields its view when it has a choice, returns the action taken."""

MAX_ROUNDS = 1000
"""Rounds a game may last: one that goes on longer (a dealer who repeats after every draw, or a
one-hand game, with players who never win) is stopped with an error."""

_CALLED = {ActionKind.CHI: MeldKind.CHI, ActionKind.PON: MeldKind.PON, ActionKind.DAIMINKAN: MeldKind.DAIMINKAN}


def _ignore(event: Event) -> None:
    pass


class RoundPlay:
    """One round in play: its state, the wall's position (replacement draws, kan indicators waiting
    for a discard), and the questions and answers of ``run``."""

    def __init__(self, scorer: Scorer, rules: Rules, deal: Deal, wall: Wall, where: str,
                 emit: Callable[[Event], None] = _ignore) -> None:
        """``rules``: the scorer's, or a variant the table plays (another game length); ``where``
        names the round in errors."""
        self.scorer = scorer
        self.rules = rules
        self.deal = deal
        self.wall = wall
        self.state = RoundState(where, deal)
        self.players = len(deal.hands)
        self.emit = emit
        self.replacements = 0
        """Replacement tiles drawn (after a kan or a kita)."""
        self.pending_dora = 0
        """Open kans whose indicator waits for the kan maker's discard (kan dora timing after_discard)."""
        self.ask_always = False
        """Ask a seat even when it has one choice (a record's check: every recorded action is ruled on)."""
        self.open_yaku = frozenset(y.id for y in scorer.yaku if y.han_open)
        emit(RoundStarted(deal))

    # -- what a win would score ----------------------------------------------------------------------
    def _dora(self) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
        """The indicators turned now, and the ura indicators under them that the ruleset turns
        (none without ura dora, only the first without kan ura)."""
        dora = tuple(self.state.dora)
        rules = self.rules.dora
        turned = 0 if not rules.ura_dora else len(dora) if rules.kan_ura else 1
        return dora, tuple(self.wall.ura(k) for k in range(turned))

    def _score(self, seat: int, by_tsumo: bool) -> tuple[RecordedWin, Result | NoWin]:
        dora, ura = self._dora()
        state, deal = self.state, self.deal
        sticks = deal.sticks + len(state.declared)
        source: int | None = None
        if by_tsumo:
            hand, win = tsumo(state, seat, deal.wind % 4, deal.honba, sticks, dora, ura)
        else:
            hand, win, source = ron(state, seat, deal.wind % 4, deal.honba, sticks, dora, ura)
        return self._scored(seat, source, hand, win)

    def tsumo_result(self, seat: int) -> Result | NoWin:
        """What ``seat`` would score by tsumo now."""
        return self._score(seat, True)[1]

    def ron_result(self, seat: int) -> Result | NoWin:
        """What ``seat`` would score by ron on the tile on offer now."""
        return self._score(seat, False)[1]

    def _scored(self, seat: int, source: int | None, hand: Hand, win: Win) -> tuple[RecordedWin, Result | NoWin]:
        result = self.scorer.score(hand, win)
        if isinstance(result, Result):
            recorded = Recorded(result.han, result.fu, result.yakuman, result.points,
                                tuple(y.id for y in result.yaku), None)
        else:
            recorded = Recorded(None, None, None, None, (), None)
        return RecordedWin(seat, source, None, hand, win, recorded), result

    # -- asking ------------------------------------------------------------------------------------
    def view(self, seat: int, legal: list[Action], drawn: Tile | None, offered: Tile | None,
             offered_by: int | None) -> View:
        """What ``seat`` sees when asked to choose among ``legal``."""
        state, deal = self.state, self.deal
        return View(seat=seat, players=self.players, round_wind=deal.wind % 4, dealer=deal.dealer,
                    honba=deal.honba, sticks=deal.sticks + len(state.declared), scores=state.scores,
                    dora=state.dora, concealed=state.hands[seat], drawn=drawn,
                    melds=tuple(tuple(ms) for ms in state.melds), rivers=tuple(tuple(r) for r in state.river),
                    riichi=tuple(bool(r) for r in state.riichi), offered=offered, offered_by=offered_by,
                    live_left=state.live_left, legal=legal, discards=state.discards, open_yaku=self.open_yaku)

    def own_turn(self, seat: int, drawn: Tile | None) -> Asking:
        """``seat``'s action on its turn (``drawn``: the tile it just drew, None after a call)."""
        legal = legal_own(self, seat, drawn)
        if len(legal) == 1 and not self.ask_always:
            return legal[0]
        answer = yield self.view(seat, legal, drawn, None, None)
        if answer not in legal:
            raise IllegalAction(seat, answer, refuse_own(self, seat, answer, drawn) or "not open to it now")
        return answer

    def at_draw(self, seat: int) -> Asking:
        """``seat``'s answer at an exhaustive draw: asked only when it may declare noten in tenpai."""
        legal = legal_at_draw(self, seat)
        if len(legal) == 1:
            return legal[0]
        answer = yield self.view(seat, legal, None, None, None)
        if answer not in legal:
            raise IllegalAction(seat, answer, refuse_at_draw(self, seat, answer) or "not open to it now")
        return answer

    def reaction(self, seat: int, source: int, t: Tile, kan: bool) -> Asking:
        """``seat``'s answer to ``t``, discarded by ``source`` (or added to a kan or set aside: ``kan``)."""
        legal = legal_reactions(self, seat, source, t, kan)
        if len(legal) == 1 and not self.ask_always:
            return PASS
        answer = yield self.view(seat, legal, None, t, source)
        if answer not in legal:
            raise IllegalAction(seat, answer, refuse_reaction(self, seat, answer, source, t, kan)
                                or "not open to it now")
        return answer

    def reactions(self, source: int, t: Tile, kan: bool) -> Generator[View, Action, dict[int, Action]]:
        """Every other seat's answer to ``t``, in turn order from ``source``."""
        answers = {}
        for k in range(1, self.players):
            seat = (source + k) % self.players
            answers[seat] = yield from self.reaction(seat, source, t, kan)
        return answers

    # -- playing ---------------------------------------------------------------------------------
    def run(self) -> Generator[View, Action, RoundSettlement]:
        """Play the round to its end and settle it."""
        state = self.state
        n = self.players
        turn, draw, rinshan = self.deal.dealer, True, False
        while True:
            drawn = None
            if draw:
                if state.drawn >= state.live_draws:
                    return (yield from self.exhaustive())
                drawn = self.draw(turn, rinshan)
            action = yield from self.own_turn(turn, drawn)
            kind = action.kind
            if kind is ActionKind.NINE_TERMINALS:
                return self.abort(draws.NINE_TERMINALS, turn)
            if kind is ActionKind.TSUMO:
                state.won(self._score(turn, True)[0])
                return self.settle()
            if kind is ActionKind.ANKAN or kind is ActionKind.KAKAN or kind is ActionKind.KITA:
                robbed = yield from (self.kita(turn) if kind is ActionKind.KITA else self.kan(turn, action))
                if robbed:
                    return self.settle()
                draw, rinshan = True, True
                continue
            self.discard(turn, action)
            t = action.tile
            assert t is not None
            answers = yield from self.reactions(turn, t, False)
            if self.passed(answers, t):
                return self.settle()
            if action.kind is ActionKind.RIICHI:  # its discard passed without a ron: the stick is deposited
                state.riichi_accepted(turn)
                self.emit(RiichiAccepted(turn))
            aborted = draws.after_discard(self.rules, state)
            if aborted:
                return self.abort(aborted)
            caller = next((s for s, a in answers.items() if a.kind in (ActionKind.PON, ActionKind.DAIMINKAN)), None)
            if caller is None:
                caller = next((s for s, a in answers.items() if a.kind is ActionKind.CHI), None)
            if caller is None:
                turn, draw, rinshan = (turn + 1) % n, True, False
                continue
            call = answers[caller]
            self.call(caller, turn, call)
            turn = caller
            if call.kind is ActionKind.DAIMINKAN:
                self.turn_kan_dora(MeldKind.DAIMINKAN)
                draw, rinshan = True, True
            else:
                state.kuikae = kuikae_after(self.rules, call)
                draw, rinshan = False, False

    def draw(self, seat: int, rinshan: bool) -> Tile:
        """``seat`` draws its next tile: from the live wall, or a replacement (``rinshan``)."""
        if rinshan:
            t = self.wall.replacement(self.replacements)
            self.replacements += 1
        else:
            t = self.wall.live(self.players, self.state.drawn - self.replacements)
        self.state.draw(seat, t)
        self.emit(Drew(seat, t))
        return t

    def discard(self, seat: int, action: Action) -> None:
        """``seat`` discards the action's tile (declaring riichi with it, for a riichi action)."""
        t = action.tile
        assert t is not None
        state = self.state
        if action.kind is ActionKind.RIICHI:
            state.declare_riichi(seat)
            self.emit(RiichiDeclared(seat))
        state.discard(seat, t)
        self.emit(state.discards[-1])
        while self.pending_dora:  # an open kan's indicator, turned at its maker's discard (after_discard)
            self.pending_dora -= 1
            self.reveal()

    def passed(self, answers: dict[int, Action], t: Tile, closed_kan: int | None = None) -> bool:
        """Settle the rons among ``answers`` into the state (True: the round ends) and mark furiten
        for those who let a winning tile go by. ``closed_kan``: the seat whose closed kan offers
        ``t``; a closed kan cannot be robbed (kokushi aside, where the ruleset allows), so letting it
        go by is furiten only for a player who could have robbed it."""
        rons = [s for s, a in answers.items() if a.kind is ActionKind.RON]
        for seat, a in answers.items():
            if a.kind is not ActionKind.RON and t.index in self.state.wait_kinds(seat) and (
                    closed_kan is None or refuse_reaction(self, seat, RON, closed_kan, t, True) is None):
                self.state.let_go_by(seat)
        for seat in rons:
            self.state.won(self._score(seat, False)[0])
        return bool(rons)

    def call(self, seat: int, source: int, action: Action) -> None:
        """``seat`` calls ``source``'s discard into a chi, pon or open kan."""
        t = action.tile
        assert t is not None
        kind = _CALLED[action.kind]
        self.state.call(seat, Meld(kind, [t, *action.consumed], 0, (source - seat) % 4), action.consumed, t)
        self.emit(Called(seat, source, kind, t, action.consumed))

    def kan(self, seat: int, action: Action) -> Generator[View, Action, bool]:
        """Declare an ankan or kakan; True when another player robs it (the round ends)."""
        state = self.state
        while self.pending_dora:  # an earlier open kan's indicator is turned before this kan
            self.pending_dora -= 1
            self.reveal()
        if action.kind is ActionKind.ANKAN:
            state.call(seat, Meld(MeldKind.ANKAN, action.consumed), action.consumed, None)
            self.emit(ClosedKan(seat, action.consumed))
            robbed_tile, kind = action.consumed[0], MeldKind.ANKAN
        else:
            t = action.tile
            assert t is not None
            pon = next(m for m in state.melds[seat] if m.kind is MeldKind.PON and m.tiles[0].index == t.index)
            state.call(seat, Meld(MeldKind.KAKAN, [*pon.tiles, t], pon.called, pon.source), [t], t)
            self.emit(AddedKan(seat, t, pon.tiles))
            robbed_tile, kind = t, MeldKind.KAKAN
        answers = yield from self.reactions(seat, robbed_tile, True)
        if self.passed(answers, robbed_tile, seat if kind is MeldKind.ANKAN else None):
            return True
        self.turn_kan_dora(kind)
        return False

    def kita(self, seat: int) -> Generator[View, Action, bool]:
        """Set a North aside; True when another player wins on it (the round ends)."""
        north = tile(NORTH)
        self.state.set_aside_north(seat, north)
        self.emit(NorthSetAside(seat, north))
        answers = yield from self.reactions(seat, north, True)
        return self.passed(answers, north)

    def turn_kan_dora(self, kind: MeldKind) -> None:
        """A completed kan's indicator: now, or at its maker's discard (an open kan under
        kan dora timing after_discard); none without kan dora."""
        if not self.rules.dora.kan_dora:
            return
        if indicator_turned(self.rules.dora.kan_dora_timing, kind, Moment.RINSHAN):
            self.reveal()
        else:
            self.pending_dora += 1

    def reveal(self) -> None:
        t = self.wall.indicator(len(self.state.dora))
        self.state.dora.append(t)
        self.emit(IndicatorTurned(t))

    # -- the end ---------------------------------------------------------------------------------
    def abort(self, reason: str, actor: int | None = None) -> RoundSettlement:
        """End the hand in an abortive draw (``reason`` as mjai names it; ``actor``: who declared it)."""
        self.state.drawn_out(draws.abortive(reason, self.players, actor))
        return self.settle()

    def exhaustive(self) -> Generator[View, Action, RoundSettlement]:
        """The wall is empty: each seat in tenpai shows its hand (asked where it may declare noten)."""
        state = self.state
        tenpai = []
        for k in range(self.players):
            seat = (self.deal.dealer + k) % self.players
            if state.wait_kinds(seat) and (yield from self.at_draw(seat)) == TENPAI:
                tenpai.append(seat)
        state.drawn_out(draws.exhaustive(self.rules, state, tenpai))
        return self.settle()

    def settle(self) -> RoundSettlement:
        """Settle the round under the ruleset and give out how it ended."""
        rnd = self.state.finish()
        settled = settle_round(rnd, self.scorer, rules=self.rules.round)
        if rnd.wins and settled.outcome is Outcome.ABORTIVE:  # three rons on one discard abort the hand
            self.emit(RoundDrawn(draws.THREE_RONS, tuple(w.winner for w in rnd.wins), None, (0,) * self.players))
        elif rnd.wins:
            ura = self._dora()[1]
            for paid in settled.wins:
                if isinstance(paid.result, Result):  # not a head bump: the ron that was not taken
                    self.emit(Won(paid.record, paid.result, paid.payments, ura))
        else:
            draw = rnd.draw
            assert draw is not None
            deposits = [STICK if s in rnd.riichi else 0 for s in range(self.players)]
            self.emit(RoundDrawn(draw.reason, draw.shown, None if draw.kind == ABORTIVE else draw.tenpai,
                                 tuple(p + d for p, d in zip(settled.payments, deposits))))
        return settled


@attrs.frozen
class PlayedRound:
    """One round as played: its deal, its settlement under the ruleset, and the melds called or
    declared in it, in order."""

    deal: Deal
    settlement: RoundSettlement
    calls: tuple[Call, ...] = ()

    @property
    def label(self) -> str:
        name = f"{'ESWN'[self.deal.wind % 4]}{self.deal.number + 1}"
        return f"{name}-{self.deal.honba}" if self.deal.honba else name


@attrs.frozen
class GameResult:
    """A game as played: its rounds, the final scores (leftover sticks paid), the final points and
    why it ended."""

    rounds: tuple[PlayedRound, ...]
    final: tuple[int, ...]
    points: tuple[float, ...]
    end: GameEnd


class GamePlay:
    """One game under ``rules``: round ``k`` (0 first, repeats and draws counted) dealt from
    ``walls(k)``, the first dealer in seat 0, until the game ends (``game_end``)."""

    def __init__(self, scorer: Scorer, rules: Rules, walls: Callable[[int], Wall], where: str, ruleset: str,
                 emit: Callable[[Event], None] = _ignore) -> None:
        """``where`` names the game in errors (``game SEED``), ``ruleset`` its ruleset."""
        self.scorer, self.rules, self.walls, self.where, self.ruleset, self.emit = (
            scorer, rules, walls, where, ruleset, emit)

    def run(self) -> Generator[View, Action, GameResult]:
        """Play the game to its end."""
        rules, n = self.rules, self.scorer.players
        scores = [rules.placing.start] * n
        wind = number = honba = sticks = dealer = 0
        rounds: list[PlayedRound] = []
        while True:
            if len(rounds) == MAX_ROUNDS:
                raise MjrulesError(f"{self.where}: {MAX_ROUNDS} rounds played and the game has not ended (under "
                                   f"{self.ruleset} these players end no round with a win)")
            wall = self.walls(len(rounds))
            deal = Deal(wind, number, honba, sticks, dealer, tuple(scores), wall.indicator(0),
                        tuple(wall.hand((seat - dealer) % n) for seat in range(n)))
            play = RoundPlay(self.scorer, rules, deal, wall, f"{self.where}, round {len(rounds) + 1}", self.emit)
            settled = yield from play.run()
            rounds.append(PlayedRound(deal, settled, tuple(play.state.calls)))
            scores = [s + p for s, p in zip(scores, settled.payments)]
            honba, sticks = settled.honba, settled.sticks
            self.emit(RoundEnded())
            end = game_end(rules, scores, settled, wind=wind, number=number, dealer=dealer, first_dealer=0)
            if end is not None:
                break
            if not settled.dealer_repeats:
                dealer = (dealer + 1) % n
                number += 1
                if number == n:
                    wind, number = wind + 1, 0
        final = final_scores(scores, sticks, 0, rules)
        self.emit(GameEnded(final))
        return GameResult(tuple(rounds), final, rules.placing.points(final, 0), end)
