"""Replaying a game under a ruleset: every win re-scored and settled, the running scores rebuilt
round by round, and the outcome (final scores, placings, points with uma and oka) compared with
what the record paid; or the same flow paid under several rulesets (``what_if``)."""

from __future__ import annotations

from typing import Any, Iterable, Sequence

import attrs

from mjrules.errors import MjrulesError, RecordError
from mjrules.game.record import Game, MoveKind, RecordedWin, Round
from mjrules.game.settlement import GameEnd, Outcome, PaidWin, RoundSettlement, final_scores, game_end, settle_round
from mjrules.model.win import Win
from mjrules.rules.ruleset import Ruleset, load_ruleset
from mjrules.rules.placing import placing
from mjrules.scoring.payments import STICK
from mjrules.scoring.result import NoWin, Result
from mjrules.scoring.scorer import Scorer
from mjrules.model.hand import without_red_fives
from mjrules.tools.compare import Comparer


def record_ruleset(game: Game) -> Ruleset | None:
    """The ruleset the record says the game was played under, or the one read for a record that names
    none (``Game.ruleset_assumed``), its red-five choice applied; None when neither is known."""
    name = game.ruleset or game.ruleset_assumed
    if name is None:
        return None
    ruleset = load_ruleset(name)
    if game.rules:
        ruleset = attrs.evolve(ruleset.with_flags(**dict(game.rules)),
                               name=f"{ruleset.name} ({', '.join(f'{k}={v!r}' for k, v in game.rules)})")
    if not game.red_fives:
        ruleset = attrs.evolve(ruleset.with_flags(red_fives_m=0, red_fives_p=0, red_fives_s=0),
                               name=f"{ruleset.name} (no red fives)")
    return ruleset


@attrs.frozen
class Value:
    """A win's value as one side has it: han (None for a yakuman), fu, yakuman multiple, points
    (without honba and sticks) and each seat's score change."""

    han: int | None
    fu: int | None
    yakuman: int | None
    points: int | None
    """None where the record does not state it (not checked), as for ``yakuman`` and ``payments``."""
    payments: tuple[int, ...] | None
    yaku: tuple[str, ...]
    win: bool = True

    def to_dict(self) -> dict[str, Any]:
        return {"win": self.win, "han": self.han, "fu": self.fu, "yakuman": self.yakuman, "points": self.points,
                "payments": None if self.payments is None else list(self.payments), "yaku": list(self.yaku)}


def _scored_value(paid: PaidWin) -> Value:
    r = paid.result
    if isinstance(r, Result):
        return Value(r.han, r.fu, r.yakuman, r.points, paid.payments, tuple(y.id for y in r.yaku if y.han != 0))
    reason = "no win" if r is None else f"no win: {r.code.value}"
    return Value(None, None, 0, 0, paid.payments, (reason,), False)


@attrs.frozen
class WinCheck:
    """One win of the record against the ruleset: ``differs`` names what disagrees (empty: agrees)."""

    round: str
    honba: int
    winner: int
    discarder: int | None
    recorded: Value
    scored: Value
    differs: tuple[str, ...]

    checked: bool = True
    """False when the record states nothing of the win's value (an mjai dialect): it is replayed
    and paid, but nothing is compared."""
    paid_honba: int = 0
    paid_sticks: int = 0
    """The honba and riichi sticks this win collected under the ruleset (the game paid from its
    start: honba carried from earlier rounds as the ruleset settled them)."""
    convention: str | None = None
    """The record's own way of writing the win's line that the replay recognised (``LEFT_OUT_STICK``,
    ``UNPAID_STICK``), the record's later scores paying the win as the ruleset does; None for none."""

    @property
    def agree(self) -> bool:
        return not self.differs


@attrs.frozen
class GameReplay:
    """A game replayed under one ruleset."""

    game: Game
    ruleset: str
    checks: tuple[WinCheck, ...]
    flow_notes: tuple[str, ...]
    """Round starts where the rebuilt scores, honba, sticks or dealer differ from the record."""
    final: tuple[int, ...]
    placings: tuple[int, ...]
    points: tuple[float, ...]
    final_agree: bool | None
    """The rebuilt final scores equal the record's; None when the record gives none."""
    points_agree: bool | None = None
    """The final points counted from the rebuilt scores equal the record's (to a tenth); None
    when the record gives none."""
    flow_changes: tuple[tuple[int, str], ...] = ()
    """Rounds the ruleset ends otherwise than the record, by their place in the game and as text
    (``E2: no win``, ``S1: the dealer repeats``)."""
    end_notes: tuple[str, ...] = ()
    """Where the game would not have ended as it did under the ruleset (a bust earlier, or none at
    the record's last round)."""
    conventions: tuple[str, ...] = ()
    """The wins whose line the record writes its own way (``WinCheck.convention``), each said in one
    sentence: counted as agreeing, since the record's later scores pay them as the ruleset does."""

    @property
    def agree(self) -> int:
        return sum(c.agree for c in self.checks)

    @property
    def unchecked(self) -> int:
        """Wins whose value the record does not state (replayed and paid, nothing compared)."""
        return sum(not c.checked for c in self.checks)


def _differs(rec: Value, got: Value) -> tuple[str, ...]:
    out = []
    if not got.win:
        return ("win",)
    if rec.yakuman is not None and rec.yakuman != got.yakuman:
        out.append("yakuman")
    if not rec.yakuman and got.yakuman == 0:
        if rec.han is not None and rec.han != got.han:
            out.append("han")
        if rec.fu is not None and rec.fu != got.fu:  # a record may give a limit hand's value without its fu
            out.append("fu")
    if rec.points is not None and rec.points != got.points:
        out.append("points")
    if rec.payments is not None and rec.payments != got.payments:
        out.append("payments")
    if rec.yaku and yaku_difference(rec, got) != ((), ()):
        out.append("yaku")
    return tuple(out)


def yaku_difference(rec: Value, got: Value) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The yaku only the record lists and those only the ruleset scores, each as a set of ids. Dora
    are counted as the record counts them: a record that lists no kita of its own (Tenhou, which
    counts each North set aside in its dora) has the scored kita taken as dora."""
    recorded, scored = set(rec.yaku), set(got.yaku)
    if "kita" not in recorded:
        scored = {"dora" if y == "kita" else y for y in scored}
    return tuple(sorted(recorded - scored)), tuple(sorted(scored - recorded))


LEFT_OUT_STICK = "the discarder's riichi stick left out of the line"
"""A win's line without the riichi stick the player who deals in put down in the same round, the
scores that follow including it (the winner collects it): seen in the line of a real one-round
record (``tests/data/tenhou-json-calls/confusing_nakis_1.json``)."""
UNPAID_STICK = "the stick of a riichi that did not stand counted in the line"
"""A win's line that pays the winner the stick of the riichi the player who deals in declared with
the very tile won on, a riichi that did not stand and whose stick was never put down, the scores
that follow without it: Mahjong Soul records converted to tenhou.net/6 by tensoul (its
``convert.js`` counts a riichi when it is declared), as in a real record of 2022
(``tests/data/tenhou-json/mahjongsoul-220602-d182ba37.json``)."""


def _declared_on_the_win(rnd: Round, seat: int) -> bool:
    """Whether ``seat`` declared riichi with the discard the round ended on (the riichi did not stand)."""
    moves = rnd.moves
    return len(moves) >= 2 and (moves[-2].kind, moves[-2].seat, moves[-1].kind, moves[-1].seat) == (
        MoveKind.RIICHI, seat, MoveKind.DISCARD, seat)


def _stick_convention(rnd: Round, check: WinCheck) -> tuple[str, int] | None:
    """How the record's line of the win writes the discarder's riichi sticks otherwise than the
    ruleset pays them, and by how many sticks the winner's line is short (below 0: over): the line
    differs from the scored one in that alone, at the winner alone; None when it is not so."""
    rec, got = check.recorded.payments, check.scored.payments
    if check.differs != ("payments",) or rec is None or got is None or check.discarder is None:
        return None
    short = [g - r for g, r in zip(got, rec)]
    if any(short[seat] for seat in range(len(short)) if seat != check.winner) or short[check.winner] % STICK:
        return None
    sticks = short[check.winner] // STICK
    if sticks > 0 and sticks == rnd.riichi.count(check.discarder):
        return LEFT_OUT_STICK, sticks
    if sticks == -1 and check.discarder not in rnd.riichi and _declared_on_the_win(rnd, check.discarder):
        return UNPAID_STICK, sticks
    return None


class Replayer:
    """Replays games under one ruleset (a Scorer built once)."""

    def __init__(self, ruleset: Ruleset | str) -> None:
        self.scorer = Scorer(ruleset)
        self.placing = self.scorer.rules.placing
        self.bust = self.scorer.rules.round.bust_ends_game

    def score(self, where: str, rec: RecordedWin, win: Win) -> Result | NoWin:
        hand = rec.hand
        if hand.red_fives and not self.scorer.allows_red_fives(hand):
            hand = without_red_fives(hand)  # a set without red fives: the same tiles are plain fives there
        try:
            return self.scorer.score(hand, win)
        except MjrulesError as e:
            raise RecordError(f"{where}: seat {rec.winner}'s win: {e}") from None

    def _not_ended(self, game: Game) -> str:
        """Why the record's game ends after its last round where these rules play on."""
        last = game.rounds[-1]
        # the record ended on a bust when a player is below 0 and its last round was not the last of a wind
        busted = game.final is not None and min(game.final) < 0 and last.number < len(last.scores) - 1
        return f"would not end after {last.label}: " + (
            "the record's game ended on a bust, and "
            + ("nobody is below 0 here" if self.bust else "these rules end no game on a bust")
            if busted else "the record's game ended there, and these rules play on")

    def replay(self, game: Game, *, from_start: bool = False) -> GameReplay:
        """Replay ``game``. The running scores start from the record's first round, or from the
        ruleset's ``start_score`` when ``from_start``."""
        rounds = game.rounds
        players = len(rounds[0].scores)
        if players != self.scorer.players:
            raise RecordError(f"{game.source}: a {players}-player game, and ruleset {self.scorer.ruleset.name} "
                              f"is for {self.scorer.players} players")
        scores = [self.placing.start] * players if from_start else list(rounds[0].scores)
        honba, sticks = rounds[0].honba, rounds[0].sticks
        checks: list[WinCheck] = []
        notes: list[str] = []
        changes: list[tuple[int, str]] = []
        ends: list[str] = []
        first_dealer = rounds[0].dealer
        end_rules = self.scorer.rules
        recorded_length = dict(game.rules).get("game_length")
        if recorded_length is not None:  # a recorded game keeps its length under any rules: the rounds were dealt
            end_rules = attrs.evolve(end_rules, round=attrs.evolve(end_rules.round, game_length=recorded_length))
        end: GameEnd | None = None
        pending: list[tuple[int, int, str]] = []  # (check, round, convention): the next scores decide
        conventions: list[str] = []
        for i, rnd in enumerate(rounds):
            where = f"{game.source}, round {rnd.label}"
            if i and pending:
                self._decide(pending, scores == list(rnd.scores), checks, rounds, game, conventions)
            if i and not from_start and scores != list(rnd.scores):
                notes.append(f"{where}: starts with scores {list(rnd.scores)} in the record, {scores} replayed")
                # go on from the record's scores, so one disagreement is reported once
                scores = list(rnd.scores)
            if i and (honba, sticks) != (rnd.honba, rnd.sticks):
                notes.append(f"{where}: starts with {rnd.honba} honba and {rnd.sticks} sticks in the record, "
                             f"{honba} and {sticks} replayed")
            if from_start:
                use_honba, use_sticks = honba, sticks
            else:
                use_honba, use_sticks = rnd.honba, rnd.sticks
            result = settle_round(rnd, self.scorer, use_honba, use_sticks,
                                  lambda rec, win: self.score(where, rec, win))
            _check_wins(rnd, i, result, from_start, checks, pending)
            scores = [s + p for s, p in zip(scores, result.payments)]
            honba, sticks = result.honba, result.sticks
            if rnd.wins and result.outcome is not Outcome.WIN:
                changes.append((i, f"{rnd.label}: {result.outcome.value}"))
            if i + 1 < len(rounds):
                nxt = rounds[i + 1]
                if (nxt.dealer == rnd.dealer) != result.dealer_repeats:
                    if not from_start:
                        notes.append(f"{where}: the dealer {'repeats' if result.dealer_repeats else 'passes'} "
                                     f"replayed, not in the record")
                    changes.append((i, f"{rnd.label}: the dealer {'repeats' if result.dealer_repeats else 'passes'}"))
            end = game_end(end_rules, scores, result, wind=rnd.wind, number=rnd.number, dealer=rnd.dealer,
                           first_dealer=first_dealer)
            if from_start and end is not None and i + 1 < len(rounds) and not ends:
                ends.append(f"would end after {rnd.label}: " + (
                    f"seat {min(range(players), key=lambda s: scores[s])} is below 0 ({min(scores)})"
                    if end is GameEnd.BUST else end.value))
        placings = [placing(scores, s, first_dealer, self.placing.tie) for s in range(players)]
        final = final_scores(scores, sticks, first_dealer, self.scorer.rules)
        final_agree = None if game.final is None else final == game.final
        if pending:  # the last round's: the final scores decide, where the record gives them
            self._decide(pending, bool(final_agree), checks, rounds, game, conventions)
        points = self.placing.points(final, first_dealer)
        if from_start and end is None and game.unfinished is None:  # a game left unfinished did not end there
            ends.append(self._not_ended(game))
        return GameReplay(game, self.scorer.ruleset.name, tuple(checks), tuple(notes), final, tuple(placings),
                          points, final_agree, _points_agree(points, game.final_points), tuple(changes), tuple(ends),
                          tuple(conventions))

    @staticmethod
    def _decide(pending: list[tuple[int, int, str]], agree: bool, checks: list[WinCheck], rounds: Sequence[Round],
                game: Game, conventions: list[str]) -> None:
        """The wins of ``pending``, whose line writes the discarder's riichi stick otherwise than the
        ruleset pays it, decided by the scores that follow their round (``agree``: they pay the win as
        the ruleset does): each then agrees, and ``conventions`` says so; else each stays a difference."""
        for k, i, convention in pending:
            if not agree:
                continue
            c = checks[k]
            checks[k] = attrs.evolve(c, differs=(), convention=convention)
            later = "the next round's scores" if i + 1 < len(rounds) else "the final scores"
            where = f"{game.source}, round {c.round}: seat {c.winner}'s win: the record's line"
            if convention == LEFT_OUT_STICK:
                conventions.append(
                    f"{where} leaves out the riichi stick seat {c.discarder}, who dealt in, put down in this round, "
                    f"and {later} include it: a converter's way of writing a win; read so")
            else:
                conventions.append(
                    f"{where} counts the stick of the riichi seat {c.discarder} declared with the tile it dealt in, "
                    f"which did not stand, and {later} leave it out: the way Mahjong Soul records converted to "
                    f"tenhou.net/6 by tensoul write a win; read so")
        pending.clear()


def _check_wins(rnd: Round, i: int, result: RoundSettlement, from_start: bool, checks: list[WinCheck],
                pending: list[tuple[int, int, str]]) -> None:
    """Each win of round ``i`` checked against what the record paid (``checks``), and a win whose
    line writes a riichi stick by a converter's convention put aside for the next scores (``pending``)."""
    for paid in result.wins:
        recorded = paid.record.recorded
        rec = Value(recorded.han, recorded.fu, recorded.yakuman, recorded.points, recorded.payments, recorded.yaku)
        got = _scored_value(paid)
        checks.append(WinCheck(rnd.label, rnd.honba, paid.record.winner, paid.record.discarder, rec, got,
                               _differs(rec, got), recorded.stated, paid.win.honba, paid.win.riichi_sticks))
        convention = None if from_start else _stick_convention(rnd, checks[-1])
        if convention is not None:
            pending.append((len(checks) - 1, i, convention[0]))


def _points_agree(got: Sequence[float], recorded: Sequence[float] | None) -> bool | None:
    """Whether the final points equal the record's, to the tenth the records write (None: none written)."""
    if recorded is None:
        return None
    return len(got) == len(recorded) and all(round(a * 10) == round(b * 10) for a, b in zip(got, recorded))


@attrs.frozen
class WhatIfWin:
    """One win of the game under each ruleset: the results and the causes of each difference
    from the first ruleset (as ``compare`` names them)."""

    round: str
    winner: int
    values: tuple[Value, ...]
    causes: tuple[tuple[str, ...], ...]


@attrs.frozen
class WhatIf:
    """A game's flow paid under several rulesets."""

    game: Game
    rulesets: tuple[str, ...]
    replays: tuple[GameReplay, ...]
    wins: tuple[WhatIfWin, ...]


class WhatIfReplayer:
    """Pays games under several rulesets; the first is the reference the causes are named against."""

    def __init__(self, rulesets: Sequence[str]) -> None:
        self.comparer = Comparer(rulesets)
        self.replayers = [Replayer(s.ruleset) for s in self.comparer.scorers]
        self.names = tuple(self.comparer.names)

    def replay(self, game: Game) -> WhatIf:
        replays = tuple(r.replay(game, from_start=True) for r in self.replayers)
        wins: list[WhatIfWin] = []
        n = len(replays[0].checks)
        for k in range(n):
            values = tuple(rep.checks[k].scored for rep in replays)
            check = replays[0].checks[k]
            causes: list[tuple[str, ...]] = [()]
            record = _nth_win(game.rounds, k)
            for i in range(1, len(replays)):
                a, b = values[0], values[i]
                here: list[str] = []
                if (a.points, a.han, a.fu, a.yakuman, a.win) != (b.points, b.han, b.fu, b.yakuman, b.win):
                    plain = attrs.evolve(record.win, honba=0, riichi_sticks=0)
                    try:
                        here += self.comparer.compare(record.hand, plain).causes[i]
                    except MjrulesError as e:
                        here.append(f"error: {e}")
                here += _carried(replays[0], replays[i], k, self.names[0])
                causes.append(tuple(here))
            wins.append(WhatIfWin(check.round, check.winner, values, tuple(causes)))
        return WhatIf(game, self.names, replays, tuple(wins))


def _carried(ref: GameReplay, other: GameReplay, k: int, ref_name: str) -> list[str]:
    """The causes of a win's payments that lie in the rounds before it: honba and riichi sticks
    carried differently, because an earlier round ended otherwise under one of the rulesets."""
    a, b = ref.checks[k], other.checks[k]
    out = []
    if (a.paid_honba, a.paid_sticks) != (b.paid_honba, b.paid_sticks):
        if a.paid_honba != b.paid_honba:
            out.append(f"carried honba {b.paid_honba} ({a.paid_honba} under {ref_name})")
        if a.paid_sticks != b.paid_sticks:
            out.append(f"riichi sticks {b.paid_sticks} ({a.paid_sticks} under {ref_name})")
        flow = flow_before(set(other.flow_changes) ^ set(ref.flow_changes), other.game, b.round)
        if flow:
            out.append(f"round flow: {flow}")
    return out


def flow_before(changes: Iterable[tuple[int, str]], game: Game, label: str) -> str:
    """The rounds before round ``label`` that ended otherwise (``GameReplay.flow_changes``), one
    entry a round: ``E1 no win; E2-1 no win, the dealer repeats``; empty when there are none."""
    here = next((i for i, r in enumerate(game.rounds) if r.label == label), len(game.rounds))
    rounds: dict[int, list[str]] = {}
    for i, text in sorted(changes):
        if i < here:
            name, what = text.split(": ", 1)
            rounds.setdefault(i, [name]).append(what)
    return "; ".join(f"{r[0]} {', '.join(r[1:])}" for _, r in sorted(rounds.items()))


def _nth_win(rounds: Sequence[Round], k: int) -> RecordedWin:
    """The game's ``k``-th win, counting in the order the settlement pays them."""
    for rnd in rounds:
        if k < len(rnd.wins):
            return rnd.wins_in_turn_order()[k]
        k -= len(rnd.wins)
    raise IndexError(k)
