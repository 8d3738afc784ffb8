"""Every way a round ends without a win, in one place: the exhaustive draw (the wall is empty:
who is in tenpai, who drew a nagashi mangan) and the abortive draws a ruleset plays
(``rules.play.abortive_draws``): nine terminals declared on one's first draw, four winds
discarded in the first go-around, four riichi, four kans by more than one player, and three rons
on one discard (``rules.round.triple_ron_draw``).

The reasons are mjai's words (a record names them so, and ``Draw.reason`` keeps them).
"""

from __future__ import annotations

from typing import Sequence

from mjrules.game.record import ABORTIVE, EXHAUSTIVE, NAGASHI, Draw
from mjrules.game.state import RoundState
from mjrules.model.tiles import EAST, Tile
from mjrules.rules.choices import AbortiveDraw, NagashiMode
from mjrules.rules.rules import RoundRules, Rules

EXHAUSTIVE_DRAW = "fanpai"
NAGASHI_MANGAN = "nagashimangan"
NINE_TERMINALS = "kyushukyuhai"
FOUR_WINDS = "suufonrenda"
FOUR_RIICHI = "suuchareach"
FOUR_KANS = "suukaikan"
THREE_RONS = "sanchaho"


def refuse_nine_terminals(rules: Rules, state: RoundState, seat: int, drawn: Tile | None) -> str | None:
    """Why ``seat`` may not abort the hand on nine terminals now (``drawn``: its tile just drawn), or None."""
    if AbortiveDraw.NINE_TERMINALS not in rules.play.abortive_draws:
        return "this ruleset has no abortive draw on nine terminals"
    if drawn is None or state.discarded[seat] or state.any_call:
        return "nine terminals are declared on one's first draw, before any call"
    kinds = len({t.index for t in state.hands[seat] if t.is_yaochu})
    if kinds < 9:
        return f"the hand holds {kinds} kinds of terminals and honours, and nine are needed"
    return None


def after_discard(rules: Rules, state: RoundState) -> str | None:
    """The abortive draw the discard that just passed completes (its reason), if the ruleset plays it."""
    allowed = rules.play.abortive_draws
    if state.players == 4:
        firsts = [r[0].index for r in state.river if len(r) == 1]
        if (AbortiveDraw.FOUR_WINDS in allowed and not state.any_call and len(firsts) == 4 and len(set(firsts)) == 1
                and EAST <= firsts[0] <= EAST + 3 and sum(len(r) for r in state.river) == 4):
            return FOUR_WINDS
        if AbortiveDraw.FOUR_RIICHI in allowed and len(state.declared) == 4:
            return FOUR_RIICHI
    if AbortiveDraw.FOUR_KANS in allowed and state.kans == 4 and sum(any(m.is_kan for m in ms) for ms in state.melds) > 1:
        return FOUR_KANS
    return None


def three_rons_abort(rules: RoundRules, winners: int) -> bool:
    """Whether ``winners`` ronning one discard abort the hand (三家和)."""
    return winners == 3 and rules.triple_ron_draw


def abortive(reason: str, players: int, declared_by: int | None = None) -> Draw:
    """An abortive draw of ``reason`` (nine terminals: ``declared_by`` the seat showing its hand)."""
    return Draw(ABORTIVE, reason, (), (), (0,) * players, () if declared_by is None else (declared_by,))


def exhaustive(rules: Rules, state: RoundState, tenpai: Sequence[int]) -> Draw:
    """The exhaustive draw with ``tenpai`` shown in tenpai, a nagashi mangan where the ruleset pays one."""
    nagashi = state.nagashi() if rules.nagashi.mode is not NagashiMode.NONE else ()
    return Draw(NAGASHI if nagashi else EXHAUSTIVE, NAGASHI_MANGAN if nagashi else EXHAUSTIVE_DRAW,
                tuple(sorted(tenpai)), nagashi, (0,) * state.players)
