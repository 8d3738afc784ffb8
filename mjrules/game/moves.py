"""The legal moves of a moment of a round: what a seat may do on its turn (``legal_own``), in
answer to another player's tile (``legal_reactions``) and at an exhaustive draw (``legal_at_draw``),
and why anything else is refused (``refuse_own``, ``refuse_reaction``, ``refuse_at_draw``).

Every rule reads the ruleset's rules object and the round as it stands (a ``Position``: the
``RoundPlay`` in play). Where each rule comes from:

- ``rules.play``: the abortive draw on nine terminals, kuikae, the points and live draws a riichi
  needs, a closed kan after riichi, calls on the last discard, the kan limit, chi at three players,
  the noten declaration at an exhaustive draw;
- ``rules.sanma``: whether a North is set aside (kita);
- the Scorer (``Position.tsumo_result``, ``ron_result``): whether a win has its yaku;
- fixed, as every ruleset plays them: riichi needs a closed hand and tenpai after its discard (a
  wait on a fifth tile counts unless all four are among one's concealed tiles: Tenhou's 5枚目を待つ聴牌あり
  (打牌選択可能な手牌で4枚使用している牌を除く)); in
  riichi only the drawn tile is discarded; furiten (``RoundState.furiten``); chi only from the player
  on the left; a tile added to a kan or a North set aside is open to a ron only.
"""

from __future__ import annotations

from typing import Callable, Protocol, Sequence

from mjrules import kernel
from mjrules.model.melds import MeldKind
from mjrules.model.tiles import NORTH, Tile, tile, tile_counts
from mjrules.notation.mpsz import format_tiles
from mjrules.game.draws import refuse_nine_terminals
from mjrules.game.state import RoundState
from mjrules.rules.choices import AnkanAfterRiichi, Kuikae
from mjrules.rules.rules import Rules
from mjrules.scoring.payments import STICK
from mjrules.scoring.result import NoWin, Result
from mjrules.game.actions import NINE_TERMINALS, NOTEN, PASS, RON, TENPAI, TSUMO, Action, ActionKind



class Position(Protocol):
    """A round in play as the rules of play read it (``mjrules.game.play.RoundPlay``): its state and
    rules, and what a win would score now."""

    state: RoundState
    rules: Rules

    def tsumo_result(self, seat: int) -> Result | NoWin: ...

    def ron_result(self, seat: int) -> Result | NoWin: ...


# -- tiles -------------------------------------------------------------------------------------------

def distinct(tiles: Sequence[Tile]) -> list[Tile]:
    """Each tile once (a red five apart from the plain ones), in tile order."""
    return sorted(set(tiles), key=lambda t: t.rank)


def _pairs(tiles: Sequence[Tile], kinds: tuple[int, int]) -> list[tuple[Tile, Tile]]:
    """The different ways to take one tile of each of two kinds from ``tiles`` (a red five or a plain one)."""
    a = distinct([t for t in tiles if t.index == kinds[0]])
    b = distinct([t for t in tiles if t.index == kinds[1]])
    out = []
    for x in a:
        for y in b:
            if kinds[0] == kinds[1]:
                if x.rank > y.rank or (x == y and sum(t == x for t in tiles) < 2):
                    continue
            out.append((x, y))
    return out


def waits_of(hand: Sequence[Tile]) -> frozenset[int]:
    """The kinds that complete concealed tiles of 3k + 1 (a kind held four times never does)."""
    counts = tile_counts(hand)
    return frozenset(kernel.winning_kinds(counts, counts, 0))


def _missing(hand: Sequence[Tile], tiles: Sequence[Tile]) -> str | None:
    rest = list(hand)
    for t in tiles:
        if t not in rest:
            return f"it does not hold {format_tiles(tiles)}"
        rest.remove(t)
    return None


def _keeps_triplet(hand: Sequence[Tile], kind: int, waits: frozenset[int]) -> bool:
    """Whether every reading of ``hand`` (3k + 1 tiles) completed by each of its ``waits`` holds
    ``kind`` as a triplet: a closed kan of it then leaves every winning arrangement as it was."""
    counts = tile_counts(hand)
    for w in waits:
        counts[w] += 1
        readings = kernel.placed(counts, w)
        counts[w] -= 1
        if any(kind not in triplets for _, _, _, triplets, _ in readings):
            return False
    return True


# -- one's own turn ------------------------------------------------------------------------------------

def _refuse_discard(pos: Position, seat: int, action: Action, drawn: Tile | None) -> str | None:
    t = action.tile
    assert t is not None
    if t not in pos.state.hands[seat]:
        return f"it does not hold {t}"
    if pos.state.riichi[seat] and t != drawn:
        return "in riichi only the tile just drawn is discarded"
    if t.index in pos.state.kuikae:
        return f"kuikae: {t} may not be discarded right after the call that took its kind or its sequence's end"
    return None


def _refuse_riichi(pos: Position, seat: int, action: Action, drawn: Tile | None) -> str | None:
    why = _refuse_discard(pos, seat, action, drawn)
    if why:
        return why
    play = pos.rules.play
    if pos.state.riichi[seat]:
        return "it is in riichi already"
    if any(m.is_open for m in pos.state.melds[seat]):
        return "riichi needs a closed hand, and this one has called"
    score = pos.state.scores[seat]
    if play.riichi_min_points and score < play.riichi_min_points:  # 0: none, a score below 0 too
        return f"riichi needs {play.riichi_min_points} points for the stick, and it has {score}"
    if play.riichi_min_points and pos.rules.round.busts(score - STICK):  # bust_at_zero: the stick may not leave 0
        return f"riichi's stick would leave {score - STICK} points, and that ends the game (bust_at_zero)"
    if pos.state.live_left < play.riichi_min_draws:
        return f"riichi needs {play.riichi_min_draws} live draws left, and {pos.state.live_left} are"
    t = action.tile
    assert t is not None
    counts = tile_counts(pos.state.hands[seat])
    counts[t.index] -= 1
    if pos.state.shanten(seat, counts) != 0:
        return f"the hand is not tenpai after discarding {t}"
    return None


def _refuse_tsumo(pos: Position, seat: int, action: Action, drawn: Tile | None) -> str | None:
    if drawn is None:
        return "tsumo needs a tile just drawn"
    if not kernel.is_winning(tile_counts(pos.state.hands[seat])):
        return "the tiles do not form a winning hand"
    result = pos.tsumo_result(seat)
    return result.reason if isinstance(result, NoWin) else None


def _refuse_kan(pos: Position, seat: int, action: Action, drawn: Tile | None) -> str | None:
    state = pos.state
    hand = state.hands[seat]
    limit = pos.rules.play.kan_limit
    if drawn is None:
        return "a kan is declared after one's own draw"
    if pos.state.kans >= limit:
        return f"{limit} kans are on the table already"
    if pos.state.live_left <= 0:
        return "the wall is empty: no replacement tile"
    if action.kind is ActionKind.KAKAN:
        t = action.tile
        assert t is not None
        if t not in hand:
            return f"it does not hold {t}"
        if not any(m.kind is MeldKind.PON and m.tiles[0].index == t.index for m in state.melds[seat]):
            return f"it has no pon of {t} to add it to"
        return None
    tiles = action.consumed
    if len({t.index for t in tiles}) != 1:
        return "an ankan is four tiles of one kind"
    missing = _missing(hand, tiles)
    if missing:
        return missing
    if state.riichi[seat]:
        return _refuse_ankan_in_riichi(pos, seat, tiles[0].index, drawn)
    return None


def _refuse_ankan_in_riichi(pos: Position, seat: int, kind: int, drawn: Tile) -> str | None:
    rule = pos.rules.play.ankan_after_riichi
    if rule is AnkanAfterRiichi.NEVER:
        return "this ruleset allows no closed kan after riichi"
    if drawn.index != kind:
        return "in riichi an ankan uses the tile just drawn"
    before = list(pos.state.hands[seat])
    before.remove(drawn)
    waits = waits_of(before)
    if waits_of([t for t in pos.state.hands[seat] if t.index != kind]) != waits:
        return "in riichi an ankan may not change the waits"
    if rule is AnkanAfterRiichi.SAME_SHAPE and not _keeps_triplet(before, kind, waits):
        return "in riichi an ankan may not change the hand's shape: a reading uses these tiles otherwise"
    return None


def _refuse_nine_terminals(pos: Position, seat: int, action: Action, drawn: Tile | None) -> str | None:
    return refuse_nine_terminals(pos.rules, pos.state, seat, drawn)


def _refuse_kita(pos: Position, seat: int, action: Action, drawn: Tile | None) -> str | None:
    if not pos.rules.sanma.kita:
        return "this ruleset sets no North aside (no kita)"
    t = action.tile
    assert t is not None
    if t.index != NORTH:
        return f"only a North is set aside, not {t}"
    if t not in pos.state.hands[seat]:
        return "it holds no North"
    if drawn is None:
        return "a North is set aside after one's own draw"
    if pos.state.riichi[seat] and t != drawn:
        return "in riichi only the North just drawn is set aside"
    if pos.state.live_left <= 0:
        return "the wall is empty: no replacement tile"
    return None


_OWN_RULES: dict[ActionKind, Callable[[Position, int, Action, Tile | None], str | None]] = {
    ActionKind.DISCARD: _refuse_discard,
    ActionKind.RIICHI: _refuse_riichi,
    ActionKind.TSUMO: _refuse_tsumo,
    ActionKind.ANKAN: _refuse_kan,
    ActionKind.KAKAN: _refuse_kan,
    ActionKind.NINE_TERMINALS: _refuse_nine_terminals,
    ActionKind.KITA: _refuse_kita,
}


def refuse_own(pos: Position, seat: int, action: Action, drawn: Tile | None) -> str | None:
    """Why ``seat`` may not take ``action`` on its turn (``drawn``: the tile it just drew, None
    after a call), or None when it may."""
    rule = _OWN_RULES.get(action.kind)
    if rule is None:
        return f"{action.kind.value} answers another player's tile, and it is this player's own turn"
    return rule(pos, seat, action, drawn)


def legal_own(pos: Position, seat: int, drawn: Tile | None) -> list[Action]:
    """Every action ``seat`` may take on its turn."""
    state = pos.state
    hand = state.hands[seat]
    candidates: list[Action] = []
    if drawn is not None:
        candidates.append(TSUMO)
    counts = tile_counts(hand)
    for t in distinct(hand):
        candidates.append(Action(ActionKind.DISCARD, t))
    if not state.riichi[seat] and pos.state.shanten(seat, counts) <= 0:
        candidates += [Action(ActionKind.RIICHI, t) for t in distinct(hand)]
    if drawn is not None:
        for k in range(34):
            if counts[k] == 4:
                candidates.append(Action(ActionKind.ANKAN, None, [t for t in hand if t.index == k]))
        for m in state.melds[seat]:
            if m.kind is MeldKind.PON:
                candidates += [Action(ActionKind.KAKAN, t) for t in distinct(hand) if t.index == m.tiles[0].index]
        if counts[NORTH]:
            candidates.append(Action(ActionKind.KITA, tile(NORTH)))
        candidates.append(NINE_TERMINALS)
    return [a for a in candidates if refuse_own(pos, seat, a, drawn) is None]


# -- another player's tile -------------------------------------------------------------------------

def kuikae_after(rules: Rules, action: Action) -> frozenset[int]:
    """The kinds a player may not discard after calling ``action`` (kuikae, as ``rules.play.kuikae`` has it)."""
    t = action.tile
    assert t is not None
    rule = rules.play.kuikae
    if rule is Kuikae.ALLOWED:
        return frozenset()
    banned = {t.index}
    if action.kind is ActionKind.CHI and rule is Kuikae.FORBIDDEN:
        kinds = sorted(x.index for x in action.consumed)
        if t.index < kinds[0] and kinds[1] % 9 < 8:  # called the low end: the kind above the sequence too
            banned.add(kinds[1] + 1)
        elif t.index > kinds[1] and kinds[0] % 9 > 0:  # the high end: the kind below
            banned.add(kinds[0] - 1)
    return frozenset(banned)


def _refuse_ron(pos: Position, seat: int, t: Tile) -> str | None:
    if t.index not in pos.state.wait_kinds(seat):
        return f"{t} does not complete its hand"
    why = pos.state.furiten(seat)
    if why:
        return why
    result = pos.ron_result(seat)
    return result.reason if isinstance(result, NoWin) else None


def _refuse_call(pos: Position, seat: int, action: Action, source: int, t: Tile) -> str | None:
    state = pos.state
    play = pos.rules.play
    kind = action.kind
    if state.riichi[seat]:
        return "in riichi no call is made"
    if pos.state.live_left <= 0 and not play.last_discard_calls:
        return "no call on the last discard"
    hand = state.hands[seat]
    missing = _missing(hand, action.consumed)
    if missing:
        return missing
    kinds = sorted(x.index for x in (t, *action.consumed))
    if kind is ActionKind.CHI:
        if pos.state.players == 3 and not play.sanma_chi:
            return "no chi at a three-player table"
        left = (seat - 1) % pos.state.players
        if source != left:
            return f"chi only from the player on the left (seat {left}), and the tile came from seat {source}"
        if kinds[0] >= 27 or kinds[0] // 9 != kinds[2] // 9 or kinds != [kinds[0], kinds[0] + 1, kinds[0] + 2]:
            return f"{format_tiles(action.consumed)} and {t} are not a sequence"
    elif len(set(kinds)) != 1:
        return f"a {kind.value} takes tiles of the kind on offer ({t})"
    elif kind is ActionKind.DAIMINKAN:
        if pos.state.kans >= play.kan_limit:
            return f"{play.kan_limit} kans are on the table already"
        if pos.state.live_left <= 0:
            return "the wall is empty: no replacement tile"
    if kind is not ActionKind.DAIMINKAN:
        banned = kuikae_after(pos.rules, action)
        rest = list(hand)
        for x in action.consumed:
            rest.remove(x)
        if all(x.index in banned for x in rest):
            return "kuikae: after this call every tile left would be one it may not discard"
    return None


def refuse_reaction(pos: Position, seat: int, action: Action, source: int, t: Tile, kan: bool) -> str | None:
    """Why ``seat`` may not answer ``t`` (discarded by ``source``, or added to a kan or set aside as
    a North when ``kan``) with ``action``, or None when it may."""
    kind = action.kind
    if kind is ActionKind.PASS:
        return None
    if seat == source:
        return "its own tile is not on offer to it"
    if kind is ActionKind.RON:
        return _refuse_ron(pos, seat, t)
    if kind not in (ActionKind.CHI, ActionKind.PON, ActionKind.DAIMINKAN):
        return f"{kind.value} is an action of one's own turn"
    if kan:
        return "a tile added to a kan, or a North set aside, may only be robbed by a ron"
    if action.tile != t:
        return f"the tile on offer is {t}, not {action.tile}"
    return _refuse_call(pos, seat, action, source, t)


def legal_reactions(pos: Position, seat: int, source: int, t: Tile, kan: bool) -> list[Action]:
    """Every answer ``seat`` may give to ``t``, PASS included."""
    hand = pos.state.hands[seat]
    candidates = [PASS]
    if t.index in pos.state.wait_kinds(seat):
        candidates.append(RON)
    if not kan:
        k = t.index
        candidates += [Action(ActionKind.PON, t, p) for p in _pairs(hand, (k, k))]
        same = [x for x in hand if x.index == k]
        if len(same) >= 3:
            candidates.append(Action(ActionKind.DAIMINKAN, t, same[:3]))
        if k < 27 and source == (seat - 1) % pos.state.players:
            for low in (k - 2, k - 1, k):  # the sequences the tile can be part of, within its suit
                if low >= 0 and low // 9 == k // 9 and low % 9 <= 6:
                    others = tuple(x for x in (low, low + 1, low + 2) if x != k)
                    candidates += [Action(ActionKind.CHI, t, p) for p in _pairs(hand, (others[0], others[1]))]
    return [a for a in candidates if refuse_reaction(pos, seat, a, source, t, kan) is None]


# -- the exhaustive draw ---------------------------------------------------------------------------

def refuse_at_draw(pos: Position, seat: int, action: Action) -> str | None:
    """Why ``seat`` may not answer ``action`` at an exhaustive draw (tenpai: a wait not held four
    times), or None when it may."""
    tenpai = bool(pos.state.wait_kinds(seat))
    if action.kind is ActionKind.TENPAI:
        return None if tenpai else "the hand is not tenpai"
    if action.kind is not ActionKind.NOTEN:
        return f"{action.kind.value} is not an answer at an exhaustive draw (tenpai or noten)"
    if not tenpai:
        return None
    if not pos.rules.play.noten_declaration:
        return "this ruleset has no noten declaration: a hand in tenpai is shown"
    if pos.state.riichi[seat]:
        return "in riichi the hand is shown"
    return None


def legal_at_draw(pos: Position, seat: int) -> list[Action]:
    """Every answer ``seat`` may give at an exhaustive draw: TENPAI, NOTEN or both."""
    return [a for a in (TENPAI, NOTEN) if refuse_at_draw(pos, seat, a) is None]
