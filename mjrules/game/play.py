"""One round in play at the table: the round's ``Flow`` driven by a wall and the players' answers.

A round is the ``Flow`` replay follows, driven here by a wall and the players' answers instead of a
record's events; it is scored by the ruleset's Scorer and settled by ``settle_round``, the same
calls replay makes, so a game the table writes replays to the same scores. ``RoundPlay`` keeps the
round's state (the wall's position, furiten, kuikae, the indicators), asks each player for one of
the legal moves of the moment (``mjrules.game.moves``), carries the answer out and writes it to
the game's record.

Fixed here, as every ruleset plays them: furiten from one's own discards, temporary furiten after
letting a tile go by that completes the hand (a win without a yaku included) until one's next
discard, and permanent furiten after letting one go by in riichi (a closed kan's tile only when it
could have been robbed: kokushi, where the ruleset allows); a pon or kan before a chi; a
North is set aside after one's draw (in riichi, the North just drawn), and another player may ron
on it; four kans by more than one player are an abortive draw where the ruleset plays it; a kan
declared while an earlier kan's indicator waits for its discard turns that indicator first
(majiang-core's ``Game.gang``); in tenpai at an exhaustive draw is a hand with a wait not held four
times (majiang-core's ``tingpai``, Tenhou's).

From the rules object: which indicators are turned (``rules.dora``: kan dora, when, ura and kan ura
indicators only where the ruleset has them) and whether a player in tenpai may declare noten at an
exhaustive draw (``rules.play.noten_declaration``, asked through ``legal_at_draw``).
"""

from __future__ import annotations

from typing import Any, Sequence

from mjrules.model.melds import Meld, MeldKind
from mjrules.model.tiles import EAST, NORTH, Tile, tile
from mjrules.game.state import Deal, Flow
from mjrules.game.record import ABORTIVE, EXHAUSTIVE, NAGASHI, WIND_LETTERS, Draw, Recorded, RecordedWin
from mjrules.records.mjai import mjai_name
from mjrules.game.settlement import Outcome, RoundSettlement, settle_round
from mjrules.rules.kan_dora import Moment, indicator_turned
from mjrules.rules.rules import Rules
from mjrules.scoring.payments import STICK
from mjrules.scoring.result import NoWin, Result
from mjrules.scoring.scorer import Scorer
from mjrules.game.actions import PASS, RON, TENPAI, Action, ActionKind, IllegalAction
from mjrules.game.view import Discarded, View
from mjrules.table.player import Player
from mjrules.table.events import Record
from mjrules.game.moves import (
    counts_of,
    kuikae_after,
    legal_at_draw,
    legal_own,
    legal_reactions,
    refuse_at_draw,
    refuse_own,
    refuse_reaction,
    waits_of,
)
from mjrules.game.wall import Wall
from mjrules.tools.shanten import shanten, standard_shanten


class RoundPlay:
    """One round in play: the Flow, the wall's position, furiten and kuikae, and the record."""

    def __init__(self, scorer: Scorer, rules: Rules, players: Sequence[Player], deal: Deal, wall: Wall, where: str,
                 events: Record) -> None:
        """``rules``: the scorer's, or a variant the table plays (another game length)."""
        self.scorer = scorer
        self.rules = rules
        self.seats = players
        self.deal = deal
        self.wall = wall
        self.flow = Flow(where, deal)
        self.players = len(deal.hands)
        self.events = events
        self.scores = list(deal.scores)
        """Scores as the players see them: riichi deposits taken off."""
        self.replacements = 0
        self.pending_dora = 0
        """Open kans whose indicator waits for the kan maker's discard (kan dora timing after_discard)."""
        self.temporary = [False] * self.players
        self.riichi_furiten = [False] * self.players
        self.kuikae: frozenset[int] = frozenset()
        """Kinds the player who just called may not discard."""
        self.waits: list[frozenset[int] | None] = [None] * self.players
        self.ask_always = False
        """Ask a player even when it has one choice (a record's check: every recorded action is ruled on)."""
        self.discards: list[Discarded] = []
        """The round's discards in order, as every seat saw them (``View.discards``)."""
        self.open_yaku = frozenset(y.id for y in scorer.yaku if y.han_open)
        events.append({
            "type": "start_kyoku", "bakaze": WIND_LETTERS[deal.wind], "kyoku": deal.number + 1, "honba": deal.honba,
            "kyotaku": deal.sticks, "oya": deal.dealer, "dora_marker": mjai_name(deal.dora),
            "scores": list(deal.scores), "tehais": [[mjai_name(t) for t in h] for h in deal.hands]})

    # -- the state a rule reads ------------------------------------------------------------------
    @property
    def live_left(self) -> int:
        return self.flow.live_draws - self.flow.drawn

    @property
    def kans(self) -> int:
        return sum(m.is_kan for ms in self.flow.melds for m in ms)

    def wait_kinds(self, seat: int) -> frozenset[int]:
        """The kinds that complete ``seat``'s concealed tiles (empty unless it waits: 3k + 1 tiles)."""
        got = self.waits[seat]
        if got is None:
            hand = self.flow.hands[seat]
            got = frozenset()
            if len(hand) % 3 == 1:
                counts = counts_of(hand)
                if self.shanten(seat, counts) == 0:
                    got = waits_of(hand)
            self.waits[seat] = got
        return got

    def shanten(self, seat: int, counts: list[int]) -> int:
        """The shanten of ``seat``'s concealed ``counts`` beside its melds (four sets and a pair only,
        when it has melds). The copies of a kind in its own melds do not count against a wait on it:
        waiting on a fifth tile whose four include a kan is tenpai (Tenhou: 5枚目を待つ聴牌あり, except
        where the four are all concealed: the shanten counts at most four of a kind in the hand)."""
        if not self.flow.melds[seat]:
            return shanten(counts)
        return standard_shanten(counts, None)

    def furiten(self, seat: int) -> str | None:
        """Why ``seat`` may not ron now, or None."""
        if self.riichi_furiten[seat]:
            return "furiten: a winning tile went by after its riichi"
        if self.temporary[seat]:
            return "furiten: it let a winning tile go by since its last discard (temporary furiten)"
        waits = self.wait_kinds(seat)
        own = [t for t in self.flow.river[seat] if t.index in waits]
        if own:
            return f"furiten: its own discard {own[0]} is one of its winning tiles"
        return None

    def _dora(self) -> tuple[tuple[Tile, ...], tuple[Tile, ...]]:
        """The indicators turned now, and the ura indicators under them that the ruleset turns
        (none without ura dora, only the first without kan ura)."""
        dora = tuple(self.flow.dora)
        rules = self.rules.dora
        turned = 0 if not rules.ura_dora else len(dora) if rules.kan_ura else 1
        return dora, tuple(self.wall.ura(k) for k in range(turned))

    def _round_wind(self) -> int:
        return self.deal.wind % 4

    def _score_tsumo(self, seat: int) -> tuple[RecordedWin, Result | NoWin]:
        dora, ura = self._dora()
        hand, win = self.flow.tsumo(seat, self._round_wind(), self.deal.honba,
                                    self.deal.sticks + len(self.flow.declared), dora, ura)
        return self._scored(seat, None, hand, win)

    def _score_ron(self, seat: int) -> tuple[RecordedWin, Result | NoWin]:
        dora, ura = self._dora()
        hand, win, source = self.flow.ron(seat, self._round_wind(), self.deal.honba,
                                          self.deal.sticks + len(self.flow.declared), dora, ura)
        return self._scored(seat, source, hand, win)

    def tsumo_result(self, seat: int) -> Result | NoWin:
        """What ``seat`` would score by tsumo now."""
        return self._score_tsumo(seat)[1]

    def ron_result(self, seat: int) -> Result | NoWin:
        """What ``seat`` would score by ron on the tile on offer now."""
        return self._score_ron(seat)[1]

    def _scored(self, seat: int, source: int | None, hand: Any, win: Any) -> tuple[RecordedWin, Result | NoWin]:
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
        flow = self.flow
        return View(seat=seat, players=self.players, round_wind=self._round_wind(), dealer=self.deal.dealer,
                    honba=self.deal.honba, sticks=self.deal.sticks + len(flow.declared), scores=self.scores,
                    dora=flow.dora, concealed=flow.hands[seat], drawn=drawn,
                    melds=tuple(tuple(ms) for ms in flow.melds), rivers=tuple(tuple(r) for r in flow.river),
                    riichi=tuple(bool(r) for r in flow.riichi), offered=offered, offered_by=offered_by,
                    live_left=self.live_left, legal=legal, discards=self.discards, open_yaku=self.open_yaku)

    def ask_own(self, seat: int, drawn: Tile | None) -> Action:
        legal = legal_own(self, seat, drawn)
        if len(legal) == 1 and not self.ask_always:
            return legal[0]
        answer = self.seats[seat].act(self.view(seat, legal, drawn, None, None))
        if answer not in legal:
            raise IllegalAction(seat, answer, refuse_own(self, seat, answer, drawn) or "not open to it now")
        return answer

    def ask_at_draw(self, seat: int) -> Action:
        """``seat``'s answer at an exhaustive draw: asked only when it may declare noten in tenpai."""
        legal = legal_at_draw(self, seat)
        if len(legal) == 1:
            return legal[0]
        answer = self.seats[seat].act(self.view(seat, legal, None, None, None))
        if answer not in legal:
            raise IllegalAction(seat, answer, refuse_at_draw(self, seat, answer) or "not open to it now")
        return answer

    def ask_reaction(self, seat: int, source: int, t: Tile, kan: bool) -> Action:
        legal = legal_reactions(self, seat, source, t, kan)
        if len(legal) == 1 and not self.ask_always:
            return PASS
        answer = self.seats[seat].act(self.view(seat, legal, None, t, source))
        if answer not in legal:
            raise IllegalAction(seat, answer, refuse_reaction(self, seat, answer, source, t, kan)
                                or "not open to it now")
        return answer

    # -- playing ---------------------------------------------------------------------------------
    def run(self) -> RoundSettlement:
        """Play the round to its end and settle it."""
        flow = self.flow
        n = self.players
        turn, draw, rinshan = self.deal.dealer, True, False
        while True:
            drawn = None
            if draw:
                if flow.drawn >= flow.live_draws:
                    return self.exhaustive()
                drawn = self.draw(turn, rinshan)
            action = self.ask_own(turn, drawn)
            kind = action.kind
            if kind is ActionKind.NINE_TERMINALS:
                return self.abort("kyushukyuhai", turn)
            if kind is ActionKind.TSUMO:
                rec, result = self._score_tsumo(turn)
                flow.won(rec)
                return self.settle()
            if kind is ActionKind.ANKAN or kind is ActionKind.KAKAN or kind is ActionKind.KITA:
                if self.kita(turn) if kind is ActionKind.KITA else self.kan(turn, action):
                    return self.settle()
                draw, rinshan = True, True
                continue
            self.discard(turn, action)
            t = action.tile
            assert t is not None
            answers = {seat: self.ask_reaction(seat, turn, t, False)
                       for seat in ((turn + i) % n for i in range(1, n))}
            if self.passed(answers, t):
                return self.settle()
            if action.kind is ActionKind.RIICHI:  # its discard passed without a ron: the stick is deposited
                flow.riichi_accepted(turn)
                self.scores[turn] -= STICK
                self.events.append({"type": "reach_accepted", "actor": turn})
            aborted = self.aborted()
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
                self.kuikae = kuikae_after(self.rules, call)
                draw, rinshan = False, False

    def draw(self, seat: int, rinshan: bool) -> Tile:
        if rinshan:
            t = self.wall.replacement(self.replacements)
            self.replacements += 1
        else:
            t = self.wall.live(self.players, self.flow.drawn - self.replacements)
        self.flow.draw(seat, t)
        self.waits[seat] = None
        self.events.append({"type": "tsumo", "actor": seat, "pai": mjai_name(t)})
        return t

    def discard(self, seat: int, action: Action) -> None:
        t = action.tile
        assert t is not None
        flow = self.flow
        if action.kind is ActionKind.RIICHI:
            flow.declare_riichi(seat)
            self.events.append({"type": "reach", "actor": seat})
        last = flow.last_draw
        tsumogiri = last is not None and last[0] == seat and last[1] == t
        flow.discard(seat, t)
        self.discards.append(Discarded(seat, t, tsumogiri, action.kind is ActionKind.RIICHI))
        self.waits[seat] = None
        self.temporary[seat] = False
        self.kuikae = frozenset()
        self.events.append({"type": "dahai", "actor": seat, "pai": mjai_name(t), "tsumogiri": tsumogiri})
        while self.pending_dora:  # an open kan's indicator, turned at its maker's discard (after_discard)
            self.pending_dora -= 1
            self.reveal()

    def passed(self, answers: dict[int, Action], t: Tile, closed_kan: int | None = None) -> bool:
        """Settle the rons among ``answers`` into the Flow (True: the round ends) and mark furiten
        for those who let a winning tile go by. ``closed_kan``: the seat whose closed kan offers
        ``t``; a closed kan cannot be robbed (kokushi aside, where the ruleset allows), so letting it
        go by is furiten only for a player who could have robbed it."""
        rons = [s for s, a in answers.items() if a.kind is ActionKind.RON]
        for seat, a in answers.items():
            if a.kind is not ActionKind.RON and t.index in self.wait_kinds(seat) and (
                    closed_kan is None or refuse_reaction(self, seat, RON, closed_kan, t, True) is None):
                self.temporary[seat] = True
                if self.flow.riichi[seat]:
                    self.riichi_furiten[seat] = True
        for seat in rons:
            rec, result = self._score_ron(seat)
            self.flow.won(rec)
        return bool(rons)

    def call(self, seat: int, source: int, action: Action) -> None:
        t = action.tile
        assert t is not None
        kind = {ActionKind.CHI: MeldKind.CHI, ActionKind.PON: MeldKind.PON,
                ActionKind.DAIMINKAN: MeldKind.DAIMINKAN}[action.kind]
        meld = Meld(kind, [t, *action.consumed], 0, (source - seat) % 4)
        self.flow.call(seat, meld, action.consumed, t)
        self.waits[seat] = None
        self.events.append({"type": kind.value, "actor": seat, "target": source, "pai": mjai_name(t),
                            "consumed": [mjai_name(x) for x in action.consumed]})

    def kan(self, seat: int, action: Action) -> bool:
        """Declare an ankan or kakan; True when another player robs it (the round ends)."""
        flow = self.flow
        while self.pending_dora:  # an earlier open kan's indicator is turned before this kan
            self.pending_dora -= 1
            self.reveal()
        if action.kind is ActionKind.ANKAN:
            meld = Meld(MeldKind.ANKAN, action.consumed)
            flow.call(seat, meld, action.consumed, None)
            self.events.append({"type": "ankan", "actor": seat, "consumed": [mjai_name(x) for x in action.consumed]})
            robbed_tile, kind = action.consumed[0], MeldKind.ANKAN
        else:
            t = action.tile
            assert t is not None
            pon = next(m for m in flow.melds[seat] if m.kind is MeldKind.PON and m.tiles[0].index == t.index)
            flow.call(seat, Meld(MeldKind.KAKAN, [*pon.tiles, t], pon.called, pon.source), [t], t)
            self.events.append({"type": "kakan", "actor": seat, "pai": mjai_name(t),
                                "consumed": [mjai_name(x) for x in pon.tiles]})
            robbed_tile, kind = t, MeldKind.KAKAN
        self.waits[seat] = None
        answers = {other: self.ask_reaction(other, seat, robbed_tile, True)
                   for other in ((seat + i) % self.players for i in range(1, self.players))}
        if self.passed(answers, robbed_tile, seat if kind is MeldKind.ANKAN else None):
            return True
        self.turn_kan_dora(kind)
        return False

    def kita(self, seat: int) -> bool:
        """Set a North aside; True when another player wins on it (the round ends)."""
        north = tile(NORTH)
        self.flow.set_aside_north(seat, north)
        self.waits[seat] = None
        self.events.append({"type": "nukidora", "actor": seat, "pai": mjai_name(north)})
        answers = {other: self.ask_reaction(other, seat, north, True)
                   for other in ((seat + i) % self.players for i in range(1, self.players))}
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
        t = self.wall.indicator(len(self.flow.dora))
        self.flow.dora.append(t)
        self.events.append({"type": "dora", "dora_marker": mjai_name(t)})

    # -- the end ---------------------------------------------------------------------------------
    def aborted(self) -> str | None:
        """The abortive draw (its mjai reason) the discard that just passed completes, if the ruleset plays it."""
        flow = self.flow
        allowed = self.rules.play.abortive_draws
        if self.players == 4:
            firsts = [r[0].index for r in flow.river if len(r) == 1]
            if ("four_winds" in allowed and not flow.any_call and len(firsts) == 4 and len(set(firsts)) == 1
                    and EAST <= firsts[0] <= EAST + 3 and sum(len(r) for r in flow.river) == 4):
                return "suufonrenda"
            if "four_riichi" in allowed and len(flow.declared) == 4:
                return "suuchareach"
        if "four_kans" in allowed and self.kans == 4 and sum(any(m.is_kan for m in ms) for ms in flow.melds) > 1:
            return "suukaikan"
        return None

    def abort(self, reason: str, actor: int | None = None) -> RoundSettlement:
        """End the hand in an abortive draw (``reason`` as mjai names it; ``actor``: who declared it)."""
        self.flow.drawn_out(Draw(ABORTIVE, reason, (), (), (0,) * self.players, () if actor is None else (actor,)))
        return self.settle()

    def exhaustive(self) -> RoundSettlement:
        flow = self.flow
        nagashi = flow.nagashi() if self.rules.nagashi.mode != "none" else ()
        order = [(self.deal.dealer + k) % self.players for k in range(self.players)]
        tenpai = tuple(sorted(s for s in order if self.wait_kinds(s) and self.ask_at_draw(s) == TENPAI))
        kind = NAGASHI if nagashi else EXHAUSTIVE
        flow.drawn_out(Draw(kind, "nagashimangan" if nagashi else "fanpai", tenpai, nagashi, (0,) * self.players))
        return self.settle()

    def settle(self) -> RoundSettlement:
        """Settle the round under the ruleset and record its end."""
        flow = self.flow
        rnd = flow.finish()
        settled = settle_round(rnd, self.scorer, rules=self.rules.round)
        if rnd.wins and settled.outcome is Outcome.ABORTIVE:  # three rons on one discard abort the hand
            self.events.append({"type": "ryukyoku", "reason": "sanchaho", "actors": [w.winner for w in rnd.wins],
                                "deltas": [0] * self.players})
        elif rnd.wins:
            dora, ura = self._dora()
            for paid in settled.wins:
                result = paid.result
                if not isinstance(result, Result):  # a head bump: the ron that was not taken
                    continue
                rec = paid.record
                yakus = [[y.id, y.han if y.han is not None else 13 * y.yakuman] for y in result.yaku]
                self.events.append({
                    "type": "hora", "actor": rec.winner, "target": rec.winner if rec.discarder is None else rec.discarder,
                    "pai": mjai_name(rec.hand.win_tile), "uradora_markers": [mjai_name(x) for x in ura],
                    "hora_tehais": [mjai_name(x) for x in (*rec.hand.concealed, rec.hand.win_tile)],
                    "hora_points": result.points, "fan": result.han, "fu": result.fu, "yakuman": result.yakuman,
                    "yakus": yakus, "deltas": list(paid.payments)})
        else:
            draw = rnd.draw
            assert draw is not None
            deposits = [STICK if s in rnd.riichi else 0 for s in range(self.players)]
            event: dict[str, Any] = {"type": "ryukyoku", "reason": draw.reason}
            if draw.kind == ABORTIVE:
                event.update({"actor": draw.shown[0]} if draw.shown else {})
            else:
                event["tenpais"] = [s in draw.tenpai for s in range(self.players)]
            self.events.append({**event, "deltas": [p + d for p, d in zip(settled.payments, deposits)]})
        return settled
