"""Recorded rounds checked through the kernel's round (``replay --legal`` on the native kernel):
the twin of ``mjrules.records.check.python_rounds``, which stays the definition. The record is
read, and its wall and answers made, by ``mjrules.records.check`` alone; here they are handed to
the table plan as tile codes and plain data (``TablePlan.check_round``), the round is played by
seats in the kernel that answer from them, and what comes back is the check's ``RoundCheck``: the
same actions taken, settlement, refusal (``IllegalAction``'s words, of the action the kernel
refused) and divergence as the Python round gives.
"""

from __future__ import annotations

from mjrules.game.actions import Action, IllegalAction
from mjrules.game.record import Deal
from mjrules.game.settlement import Outcome, RoundSettlement
from mjrules.game.wall import Wall
from mjrules.model.tiles import Tile
from mjrules.records.check import Answer, RecordedActions, RoundCheck, RoundRunner, diverged, python_rounds
from mjrules.scoring.scorer import Scorer
from mjrules.table.native import KIND_CODES, KINDS, TILES, NativeTable, code, table_plan


def _codes(tiles: tuple[Tile, ...]) -> list[int]:
    return [code(t) for t in tiles]


def _answer(a: Answer) -> tuple[int, int | None, list[int]]:
    kind, t, consumed = a
    return KIND_CODES[kind], None if t is None else code(t), _codes(consumed)


class NativeRounds:
    """Recorded rounds of a table plan's ruleset played in the kernel (a ``RoundRunner``); a round
    of another number of players than the plan's is played by the Python round."""

    def __init__(self, table: NativeTable, scorer: Scorer) -> None:
        self.plan = table.plan
        self.players = scorer.rules.players
        self.python = python_rounds(scorer)

    def __call__(self, deal: Deal, wall: Wall, recorded: RecordedActions, where: str) -> RoundCheck:
        if len(deal.hands) != self.players or any(len(h) != 13 for h in deal.hands):
            return self.python(deal, wall, recorded, where)
        spec = (deal.wind, deal.number, deal.honba, deal.sticks, deal.dealer, list(deal.scores), code(deal.dora),
                [_codes(h) for h in deal.hands])
        own = [[_answer(a) for a in q] for q in recorded.own]
        calls = [[(at, _answer(a)) for at, a in q] for q in recorded.calls]
        taken, settled, refused, seat = self.plan.check_round(spec, _codes(wall.tiles), own, calls, recorded.discards,
                                                              sorted(recorded.rons), sorted(recorded.tenpai))
        if refused is not None:
            who, (kind, t, consumed), reason = refused
            action = Action(KINDS[kind], None if t is None else TILES[t], [TILES[c] for c in consumed])
            return RoundCheck(taken, None, refused=str(IllegalAction(who, action, reason)))
        if seat is not None:
            return RoundCheck(taken, None, diverged=diverged(seat))
        payments, honba, sticks, repeats, outcome = settled
        # the check reads a settlement's payments, outcome and repeat: the wins' objects are not made
        return RoundCheck(taken, RoundSettlement((), tuple(payments), honba, sticks, repeats, Outcome(outcome)))


def native_rounds(scorer: Scorer) -> RoundRunner | None:
    """The kernel's runner of ``scorer``'s recorded rounds, or None where its rules compile into no
    table plan (the Python kernel, a rule the kernel does not know): the Python round then plays."""
    table = table_plan(scorer.rules, scorer, "")
    return None if table is None else NativeRounds(table, scorer)
