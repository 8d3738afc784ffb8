"""The native table: a game played by the kernel's twin of ``mjrules.game`` (the round, the game, the
built-in players), the Python path being its definition (``MJRULES_KERNEL=python`` plays that one).

What compiles into the kernel (``table_plan``): every rule of play of the table's rules object
(``rules.play``, ``rules.round``, ``rules.dora``, ``rules.tiles``, ``rules.sanma``, ``rules.nagashi``,
``rules.honba``, ``rules.placing``'s start and tie-break), read by name; the ruleset's scoring plan
(``Scorer.plan``) scores the wins, its Python parts called back as the plan does. What stays
Python, asked across the boundary by the ``Bridge``: a seat taken by any player but the built-in
``tsumogiri``, ``greedy`` and ``careful`` (it is shown the same ``View``; a careful player valuing
hands with another Scorer than the table's stays Python too), a win the scoring plan leaves to the
Scorer, the SHA-512 of each round's seed (the kernel shuffles the wall itself), the final points
(``rules.placing.points``) and the objects of a played game (``played_rounds``: its rounds, rebuilt
and settled by ``mjrules.game`` when first asked for).
"""

from __future__ import annotations

import hashlib
from typing import Any, Callable, Sequence

from mjrules import kernel
from mjrules.errors import MjrulesError
from mjrules.game.actions import Action, ActionKind, IllegalAction
from mjrules.game.events import Discarded
from mjrules.game.play import MAX_ROUNDS, PlayedRound
from mjrules.game.record import Call, Deal, Draw, Recorded, RecordedWin, Round
from mjrules.game.settlement import settle_round
from mjrules.game.view import View
from mjrules.game.wall import Wall, tile_set
from mjrules.model.hand import Hand
from mjrules.model.melds import Meld, MeldKind
from mjrules.model.tiles import Tile
from mjrules.model.win import Win
from mjrules.rules.rules import Rules
from mjrules.scoring.result import Result
from mjrules.scoring.scorer import NO_SHAPE, NO_YAKU, Scorer
from mjrules.table.player import Player
from mjrules.table.players import Careful, Greedy, Tsumogiri

TILES = kernel.TILE_TABLE
"""The Tile of each code the kernel gives: 0–33 the kinds, 34–36 the red fives of m, p, s."""
KINDS = tuple(ActionKind)
"""The action kinds by the kernel's code."""
KIND_CODES = {k: i for i, k in enumerate(KINDS)}
"""Each action kind's code in the kernel."""
MELD_KINDS = tuple(MeldKind)
NATIVE_PLAYERS: dict[type, str] = {Tsumogiri: "tsumogiri", Greedy: "greedy", Careful: "careful"}
"""The built-in players the kernel has a twin of, by their exact type (a subclass may play otherwise)."""


def native_name(player: Player, scorer: Scorer) -> str | None:
    """The name of ``player``'s twin in the kernel, or None (it is asked from Python): a built-in
    player of its exact type, a careful one only where it values hands with the table's ``scorer``
    (the twin asks the table's)."""
    name = NATIVE_PLAYERS.get(type(player))
    if isinstance(player, Careful) and player.scorer is not scorer:
        return None
    return name


def code(t: Tile) -> int:
    """A tile's code in the kernel."""
    return 34 + t.index // 9 if t.red else t.index


def seed_key(seed: str) -> bytes:
    """The bytes of the integer ``random.Random(seed)`` seeds its Mersenne Twister with (a str seed,
    version 2): the seed and its SHA-512, big-endian."""
    raw = seed.encode()
    return raw + hashlib.sha512(raw).digest()


class Bridge:
    """What the kernel asks of Python during a game: the objects a Python seat is shown and what it
    answers, a win the scoring plan leaves to the Scorer, the error of a game that does not end."""

    def __init__(self, scorer: Scorer, ruleset: str) -> None:
        self.scorer = scorer
        self.ruleset = ruleset
        self.where = "game"
        """The game in play, as errors name it (``game SEED``)."""
        self.open_yaku = frozenset(y.id for y in scorer.yaku if y.han_open)
        self._melds: dict[tuple[Any, ...], Meld] = {}
        self._actions: dict[tuple[Any, ...], Action] = {}
        self._discards: dict[tuple[int, int, bool, bool], Discarded] = {}

    def meld(self, spec: Sequence[Any]) -> Meld:
        kind, tiles, called, source = spec
        key = (kind, tuple(tiles), called, source)
        got = self._melds.get(key)
        if got is None:
            got = self._melds[key] = Meld(MELD_KINDS[kind], [TILES[c] for c in tiles], called, source)
        return got

    def melds(self, specs: Sequence[Sequence[Any]]) -> list[Meld]:
        return [self.meld(m) for m in specs]

    def action(self, answer: object) -> tuple[int, int | None, list[int]]:
        """A seat's answer as the kernel reads it."""
        if not isinstance(answer, Action):
            object.__getattribute__(answer, "kind")  # the Python path's error for an answer without one
            raise TypeError(f"a player answered {answer!r}, which is not an Action")
        return (KIND_CODES[answer.kind], None if answer.tile is None else code(answer.tile),
                [code(t) for t in answer.consumed])

    def act(self, spec: Sequence[Any]) -> Action:
        kind, t, consumed = spec
        key = (kind, t, tuple(consumed))
        got = self._actions.get(key)
        if got is None:
            got = self._actions[key] = Action(KINDS[kind], None if t is None else TILES[t], [TILES[c] for c in consumed])
        return got

    def discarded(self, spec: tuple[int, int, bool, bool]) -> Discarded:
        got = self._discards.get(spec)
        if got is None:
            seat, t, tsumogiri, riichi = spec
            got = self._discards[spec] = Discarded(seat, TILES[t], tsumogiri, riichi)
        return got

    def view(self, seat: int, players: int, round_wind: int, dealer: int, honba: int, sticks: int,
             scores: list[int], dora: list[int], concealed: list[int], drawn: int | None,
             melds: list[list[Sequence[Any]]], rivers: list[list[int]], riichi: list[bool], offered: int | None,
             offered_by: int | None, live_left: int, legal: list[Sequence[Any]],
             discards: list[tuple[int, int, bool, bool]]) -> View:
        """The View the Python path shows ``seat`` (``RoundPlay.view``), of the round's plain data."""
        return View(seat=seat, players=players, round_wind=round_wind, dealer=dealer, honba=honba, sticks=sticks,
                    scores=scores, dora=[TILES[c] for c in dora], concealed=[TILES[c] for c in concealed],
                    drawn=None if drawn is None else TILES[drawn],
                    melds=tuple(tuple(self.meld(m) for m in ms) for ms in melds),
                    rivers=tuple(tuple(TILES[c] for c in r) for r in rivers), riichi=tuple(riichi),
                    offered=None if offered is None else TILES[offered], offered_by=offered_by, live_left=live_left,
                    legal=[self.act(a) for a in legal], discards=tuple(self.discarded(d) for d in discards),
                    open_yaku=self.open_yaku)

    def illegal(self, seat: int, answer: Action, reason: str) -> IllegalAction:
        return IllegalAction(seat, answer, reason)

    def too_long(self) -> MjrulesError:
        return MjrulesError(f"{self.where}: {MAX_ROUNDS} rounds played and the game has not ended (under "
                            f"{self.ruleset} these players end no round with a win)")

    def score(self, concealed: list[int], win_tile: int, melds: list[Sequence[Any]],
              win: Win) -> tuple[Any, ...]:
        """A win the scoring plan leaves to the Scorer: its numbers, or (the NoWin's reason,)."""
        hand = Hand([TILES[c] for c in concealed], TILES[win_tile], self.melds(melds))
        result = self.scorer.score(hand, win)
        if not isinstance(result, Result):
            return (result.reason,)
        return (result.han, result.fu, result.yakuman, result.points, list(result.payments), result.limit,
                [(y.id, y.han if y.han is not None else 13 * y.yakuman) for y in result.yaku])


def table_spec(rules: Rules, scorer: Scorer, bridge: Bridge) -> dict[str, Any]:
    """The table plan's fields, by name, of the rules the table plays (``Table.rules``)."""
    play, rnd, dora, placing = rules.play, rules.round, rules.dora, rules.placing
    return {
        "players": rules.players, "tiles": [code(t) for t in tile_set(rules.tiles)],
        "abortive_draws": sorted(play.abortive_draws), "kuikae": play.kuikae,
        "riichi_min_points": play.riichi_min_points, "riichi_min_draws": play.riichi_min_draws,
        "ankan_after_riichi": play.ankan_after_riichi, "last_discard_calls": play.last_discard_calls,
        "kan_limit": play.kan_limit, "sanma_chi": play.sanma_chi, "noten_declaration": play.noten_declaration,
        "kita": rules.sanma.kita, "tsumo_loss": rules.sanma.tsumo_loss,
        "kan_dora": dora.kan_dora, "kan_dora_timing": dora.kan_dora_timing, "ura_dora": dora.ura_dora,
        "kan_ura": dora.kan_ura, "nagashi": rules.nagashi.mode, "honba_value": rules.honba.value,
        "max_ron_winners": rnd.max_ron_winners, "triple_ron_draw": rnd.triple_ron_draw,
        "multi_ron_honba": rnd.multi_ron_honba, "noten_payment": rnd.noten_payment,
        "dealer_repeat": rnd.dealer_repeat, "leftover_sticks": rnd.leftover_sticks,
        "bust_ends_game": rnd.bust_ends_game, "bust_at_zero": rnd.bust_at_zero, "winds": rnd.winds, "one_hand": rnd.game_length.one_hand,
        "last_dealer_stop": rnd.last_dealer_stop, "extra_wind_target": rnd.extra_wind_target,
        "extra_wind": rnd.extra_wind, "start": placing.start, "tie": placing.tie,
        "scoring": scorer.plan.runner, "bridge": bridge, "open_yaku": sorted(bridge.open_yaku),
        "bonus_yaku": sorted(y.id for y in scorer.yaku if y.bonus),
        "no_shape": NO_SHAPE, "no_yaku": NO_YAKU,
    }


class NativeTable:
    """A table's plan in the kernel (``TablePlan``) and the bridge it asks Python through."""

    def __init__(self, plan: Any, bridge: Bridge) -> None:
        self.plan = plan
        self.bridge = bridge

    def play(self, seed: str, players: Sequence[Player], walls: Callable[[int], Wall] | None, record: bool,
             sink: Callable[[str], None] | None) -> Any:
        """One game (``NativeGame``): round ``k``'s wall seeded ``SEED/k`` unless ``walls`` gives it;
        ``record``: write its mjai lines; ``sink``: shown each line as it is written."""
        self.bridge.where = f"game {seed}"
        wall = seeded_walls(seed) if walls is None else given_walls(walls)
        return self.plan.play(seats(players, self.bridge.scorer), wall, record, sink)


def table_plan(rules: Rules, scorer: Scorer, ruleset: str) -> NativeTable | None:
    """The kernel's plan of a table, or None: on the Python kernel, or where a rule of the table
    has a value the kernel does not know (the Python path then plays)."""
    if kernel.NativeTablePlan is None:
        return None
    bridge = Bridge(scorer, ruleset)
    try:
        return NativeTable(kernel.NativeTablePlan(table_spec(rules, scorer, bridge)), bridge)
    except (ValueError, TypeError):
        return None


def seats(players: Sequence[Player], scorer: Scorer) -> list[Any]:
    """The seats as the kernel takes them at a table of ``scorer``: a built-in player's name where
    it has a native twin (``native_name``), else the player itself (asked across the boundary)."""
    return [native_name(p, scorer) or p for p in players]


WALLS_AT_ONCE = 12
"""Seeded walls handed to the kernel in one call (a hanchan deals 8 to 12 rounds, often 12)."""


def all_native(players: Sequence[Player], scorer: Scorer) -> bool:
    """Whether every seat at a table of ``scorer`` has a native twin (a game then asks Python
    nothing but its walls, and the Python parts of its scoring)."""
    return all(native_name(p, scorer) is not None for p in players)


def seeded_walls(seed: str) -> Callable[[int], list[bytes]]:
    """The walls of rounds ``k``, ``k + 1``, … as the kernel shuffles them: the keys of the seeds
    ``SEED/k``, … (``WALLS_AT_ONCE`` a call)."""
    return lambda k: [seed_key(f"{seed}/{j}") for j in range(k, k + WALLS_AT_ONCE)]


def given_walls(walls: Callable[[int], Wall]) -> Callable[[int], list[list[int]]]:
    """Round ``k``'s wall as given, as tile codes (asked for one round at a time, as the Python
    path asks)."""
    return lambda k: [[code(t) for t in walls(k).tiles]]


def played_rounds(scorer: Scorer, rules: Rules, game: Any) -> tuple[PlayedRound, ...]:
    """The rounds of a native game as the Python path's objects: each round's deal, calls, wins
    (scored by the Scorer) and draw, settled by ``settle_round`` as ``RoundPlay.settle`` settles them."""
    bridge = Bridge(scorer, "")
    out = []
    for deal_data, calls, declared, wins, draw, indicators in game.rounds():
        wind, number, honba, sticks, dealer, scores, dora, hands = deal_data
        deal = Deal(wind, number, honba, sticks, dealer, tuple(scores), TILES[dora],
                    tuple(tuple(TILES[c] for c in h) for h in hands))
        called = tuple(Call(seat, bridge.meld(m)) for seat, m in calls)
        recorded = []
        for winner, discarder, concealed, win_tile, melds, win in wins:
            hand = Hand([TILES[c] for c in concealed], TILES[win_tile], bridge.melds(melds))
            result = scorer.score(hand, win)
            rec = (Recorded(result.han, result.fu, result.yakuman, result.points, tuple(y.id for y in result.yaku), None)
                   if isinstance(result, Result) else Recorded(None, None, None, None, (), None))
            recorded.append(RecordedWin(winner, discarder, None, hand, win, rec))
        end = None if draw is None else Draw(draw[0], draw[1], tuple(draw[2]), tuple(draw[3]), tuple(draw[4]),
                                             tuple(draw[5]))
        rnd = Round(wind, number, honba, sticks, dealer, tuple(scores), (TILES[dora],), called, tuple(declared),
                    tuple(recorded), end, deal.hands, (), tuple(TILES[c] for c in indicators))
        out.append(PlayedRound(deal, settle_round(rnd, scorer, rules=rules.round), called))
    return tuple(out)
