"""The table: whole games played by four or three players under a ruleset, each written as an mjai record.

A round is the ``Flow`` replay follows, driven here by a wall and the players' answers instead of a
record's events; it is scored by the ruleset's Scorer and settled by ``settle_round``, the same
calls replay makes, so a game the table writes replays to the same scores. What the table adds is
the choice: the legal actions of each moment (``legal_own``, ``legal_reactions``) and the reason an
action is refused (``IllegalAction``).

The rules the table applies, and where each comes from:

- the ruleset's rules object: riichi sticks, honba, tenpai and noten payments, nagashi mangan,
  several rons on one discard (``rules.round.max_ron_winners``, ``triple_ron_draw``,
  ``multi_ron_honba``), the abortive draws (``abortive_draws``: nine terminals declared on one's
  first draw before any call, four winds discarded first, four riichi, four kans by more than one
  player, each ending the hand once the discard that completes it passes), kuikae (``kuikae``),
  the dealer's repeat, the leftover sticks, the game's end (``game_length``, busting,
  ``last_dealer_stop``, ``extra_wind_target``: ``mjrules.games.settlement.game_end``), the start
  score, the tile set and its red fives; the kan dora timing through ``mjrules.rules.kan_dora``;
  whether a win has a yaku, through the Scorer;
- fixed here, as every preset shipped plays them (no ruleset flag names them yet): riichi needs
  1000 points, a closed hand, tenpai after its discard and at least four live draws left; after
  riichi only the drawn tile is discarded, and an ankan only when it keeps the waits; furiten
  from one's own discards, temporary furiten after letting a tile go by that completes the hand (a
  win without a yaku included) until one's next discard, and permanent furiten after letting one go
  by in riichi; no call on the last discard; at most four kans; chi only from the player on the
  left, and none at three players; a pon or kan before a chi; a North is set aside after one's
  draw (in riichi, the North just drawn), and another player may ron on it.

The players answer through ``mjrules.games.players`` (``Player``; an external mjai bot through
``mjrules.games.mjai_bot``).
"""

from __future__ import annotations

import enum
import json
import signal
from typing import Any, Callable, Sequence

import attrs

from mjrules.errors import MjrulesError
from mjrules.games.flow import Deal, Flow
from mjrules.games.mjai import mjai_name
from mjrules.games.players import (
    NINE_TERMINALS,
    PASS,
    RON,
    TSUMO,
    Action,
    ActionKind,
    IllegalAction,
    Player,
    View,
    Watcher,
)
from mjrules.games.records import ABORTIVE, EXHAUSTIVE, NAGASHI, WIND_LETTERS, Draw, Recorded, RecordedWin
from mjrules.games.settlement import GameEnd, Outcome, RoundSettlement, final_scores, game_end, settle_round
from mjrules.games.wall import Wall, seeded_wall
from mjrules.model.melds import Meld, MeldKind
from mjrules.model.tiles import EAST, NORTH, Tile, tile
from mjrules.notation.mpsz import format_tiles
from mjrules.rules.kan_dora import IMMEDIATE, ruleset_timing
from mjrules.scoring.payments import STICK
from mjrules.scoring.result import NoWin, Result
from mjrules.scoring.scorer import Scorer
from mjrules.tools.shanten import shanten, standard_shanten
from mjrules.tools.signals import held
from mjrules.tools.winning import is_winning_counts

RIICHI_MIN_DRAWS = 4
"""Live draws that must be left for a riichi (the declarer draws at least once more)."""
MAX_KANS = 4


class Length(str, enum.Enum):
    """How long a game lasts: one wind of rounds or two (the ruleset's ``game_length``)."""

    TONPUU = "tonpuu"  # the values of GAME_LENGTHS (mjrules.rules.rules)
    HANCHAN = "hanchan"

    @property
    def winds(self) -> int:
        return 1 if self is Length.TONPUU else 2


@attrs.frozen
class PlayedRound:
    """One round as played: its deal and its settlement under the ruleset."""

    deal: Deal
    settlement: RoundSettlement

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


def _counts(tiles: Sequence[Tile]) -> list[int]:
    counts = [0] * 34
    for t in tiles:
        counts[t.index] += 1
    return counts


def _distinct(tiles: Sequence[Tile]) -> list[Tile]:
    """Each tile once (a red five apart from the plain ones), in tile order."""
    return sorted(set(tiles), key=lambda t: t.rank)


def _pairs(tiles: Sequence[Tile], kinds: tuple[int, int]) -> list[tuple[Tile, Tile]]:
    """The different ways to take one tile of each of two kinds from ``tiles`` (a red five or a plain one)."""
    a = _distinct([t for t in tiles if t.index == kinds[0]])
    b = _distinct([t for t in tiles if t.index == kinds[1]])
    out = []
    for x in a:
        for y in b:
            if kinds[0] == kinds[1]:
                if x.rank > y.rank or (x == y and sum(t == x for t in tiles) < 2):
                    continue
            out.append((x, y))
    return out


def _waits_of(hand: Sequence[Tile]) -> frozenset[int]:
    """The kinds that complete concealed tiles of 3k + 1 (a kind held four times never does)."""
    counts = _counts(hand)
    kinds = []
    for k in range(34):
        if counts[k] < 4:
            counts[k] += 1
            if is_winning_counts(counts):
                kinds.append(k)
            counts[k] -= 1
    return frozenset(kinds)


def seen_by(seat: int, event: dict[str, Any]) -> dict[str, Any]:
    """An event as ``seat`` may see it: the other hands dealt and the other players' draws hidden
    (``?``), as an mjai server shows them; ``start_game`` tells the seat its ``id``."""
    kind = event["type"]
    if kind == "start_game":
        return {**event, "id": seat}
    if kind == "start_kyoku":
        return {**event, "tehais": [h if s == seat else ["?"] * len(h) for s, h in enumerate(event["tehais"])]}
    if kind == "tsumo" and event["actor"] != seat:
        return {**event, "pai": "?"}
    return event


class Record:
    """A game's events in order, as its mjai record has them; each is also shown, as its seat may
    see it, to every player that watches (``Watcher``: an mjai bot follows the game this way)."""

    def __init__(self, watchers: Sequence[tuple[int, Watcher]] = ()) -> None:
        self.events: list[dict[str, Any]] = []
        self.watchers = list(watchers)

    def append(self, event: dict[str, Any]) -> None:
        self.events.append(event)
        for seat, watcher in self.watchers:
            watcher.observe(seen_by(seat, event))


class Table:
    """Plays games under one ruleset with its four or three players (``players[i]`` sits in seat i,
    seat 0 deals first). Build once, play many games."""

    def __init__(self, scorer: Scorer, players: Sequence[Player], *, length: Length | None = None,
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
        if length is not None and Length(length).value != self.rules.round.game_length:
            self.rules = attrs.evolve(self.rules, round=attrs.evolve(self.rules.round, game_length=Length(length).value))
        self.length = Length(self.rules.round.game_length)
        self.ruleset_name = ruleset_name or scorer.ruleset.name
        self.names = tuple(names) if names is not None else tuple(type(p).__name__.lower() for p in players)
        self.kan_timing = ruleset_timing(scorer.flags)

    def play(self, seed: str | int, walls: Callable[[int], Wall] | None = None) -> PlayedGame:
        """One game. Round ``k`` (0 first, repeats and draws counted) is dealt from ``walls(k)``, by
        default the wall seeded by ``f"{seed}/{k}"``."""
        seed = str(seed)
        if walls is None:
            def walls(k: int) -> Wall:
                return seeded_wall(self.rules.tiles, f"{seed}/{k}")
        events = Record([(seat, p) for seat, p in enumerate(self.players) if isinstance(p, Watcher)])
        # "wall_seed", not "seed": Mortal's libriichi (as in mjai.app's bots) reads "seed" as two integers;
        # "length" only when the table plays another length than the ruleset's (the reader applies it)
        start: dict[str, Any] = {"type": "start_game", "names": list(self.names), "ruleset": self.ruleset_name}
        if self.length.value != self.scorer.rules.round.game_length:
            start["length"] = self.length.value
        events.append({**start, "wall_seed": seed})
        try:
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
            wall = walls(len(rounds))
            deal = Deal(wind, number, honba, sticks, dealer, tuple(scores), wall.indicator(0),
                        tuple(wall.hand((seat - dealer) % n) for seat in range(n)))
            play = RoundPlay(self, deal, wall, f"game {seed}, round {len(rounds) + 1}", events)
            settled = play.run()
            rounds.append(PlayedRound(deal, settled))
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
        record = "".join(json.dumps(ev, ensure_ascii=False, separators=(",", ":")) + "\n" for ev in events.events)
        return PlayedGame(self.ruleset_name, seed, tuple(rounds), final, self.rules.placing.points(final, 0), end,
                          self.length.value, record)


class RoundPlay:
    """One round in play: the Flow, the wall's position, furiten and kuikae, and the record."""

    def __init__(self, table: Table, deal: Deal, wall: Wall, where: str, events: Record) -> None:
        self.table = table
        self.scorer = table.scorer
        self.deal = deal
        self.wall = wall
        self.flow = Flow(where, deal)
        self.n = len(deal.hands)
        self.events = events
        self.scores = list(deal.scores)
        """Scores as the players see them: riichi deposits taken off."""
        self.replacements = 0
        self.pending_dora = 0
        """Open kans whose indicator waits for the kan maker's discard (kan dora timing after_discard)."""
        self.temporary = [False] * self.n
        self.riichi_furiten = [False] * self.n
        self.kuikae: frozenset[int] = frozenset()
        """Kinds the player who just called may not discard."""
        self.waits: list[frozenset[int] | None] = [None] * self.n
        self.ask_always = False
        """Ask a player even when it has one choice (a record's check: every recorded action is ruled on)."""
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
                counts = _counts(hand)
                if self._shanten(seat, counts) == 0:
                    got = _waits_of(hand)
            self.waits[seat] = got
        return got

    def _shanten(self, seat: int, counts: list[int]) -> int:
        melds = self.flow.melds[seat]
        if not melds:
            return shanten(counts)
        caps = [4] * 34
        for m in melds:
            for t in m.tiles:
                caps[t.index] -= 1
        return standard_shanten(counts, caps)

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
        """The indicators turned now, and the ura indicators under them."""
        dora = tuple(self.flow.dora)
        return dora, tuple(self.wall.ura(k) for k in range(len(dora)))

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

    def _scored(self, seat: int, source: int | None, hand: Any, win: Any) -> tuple[RecordedWin, Result | NoWin]:
        result = self.scorer.score(hand, win)
        if isinstance(result, Result):
            recorded = Recorded(result.han, result.fu, result.yakuman, result.points,
                                tuple(y.id for y in result.yaku), None)
        else:
            recorded = Recorded(None, None, None, None, (), None)
        return RecordedWin(seat, source, None, hand, win, recorded), result

    # -- what is legal -------------------------------------------------------------------------
    def refuse_own(self, seat: int, action: Action, drawn: Tile | None) -> str | None:
        """Why ``seat`` may not take ``action`` on its turn (``drawn``: the tile it just drew,
        None after a call), or None when it may."""
        flow = self.flow
        hand = flow.hands[seat]
        kind = action.kind
        in_riichi = bool(flow.riichi[seat])
        if kind is ActionKind.DISCARD or kind is ActionKind.RIICHI:
            t = action.tile
            assert t is not None
            if t not in hand:
                return f"it does not hold {t}"
            if in_riichi and t != drawn:
                return "in riichi only the tile just drawn is discarded"
            if t.index in self.kuikae:
                return f"kuikae: {t} may not be discarded right after the call that took its kind or its sequence's end"
            if kind is ActionKind.DISCARD:
                return None
            if in_riichi:
                return "it is in riichi already"
            if any(m.is_open for m in flow.melds[seat]):
                return "riichi needs a closed hand, and this one has called"
            if self.scores[seat] < STICK:
                return f"riichi needs {STICK} points for the stick, and it has {self.scores[seat]}"
            if self.live_left < RIICHI_MIN_DRAWS:
                return f"riichi needs {RIICHI_MIN_DRAWS} live draws left, and {self.live_left} are"
            counts = _counts(hand)
            counts[t.index] -= 1
            if self._shanten(seat, counts) != 0:
                return f"the hand is not tenpai after discarding {t}"
            return None
        if kind is ActionKind.TSUMO:
            if drawn is None:
                return "tsumo needs a tile just drawn"
            if not is_winning_counts(_counts(hand)):
                return "the tiles do not form a winning hand"
            _, result = self._score_tsumo(seat)
            return result.reason if isinstance(result, NoWin) else None
        if kind in (ActionKind.ANKAN, ActionKind.KAKAN):
            if drawn is None:
                return "a kan is declared after one's own draw"
            if self.kans >= MAX_KANS:
                return f"{MAX_KANS} kans are on the table already"
            if self.live_left <= 0:
                return "the wall is empty: no replacement tile"
            if kind is ActionKind.ANKAN:
                tiles = action.consumed
                if len({t.index for t in tiles}) != 1:
                    return "an ankan is four tiles of one kind"
                missing = self._missing(hand, tiles)
                if missing:
                    return missing
                if in_riichi:
                    if drawn.index != tiles[0].index:
                        return "in riichi an ankan uses the tile just drawn"
                    before = self.wait_kinds_without(seat, drawn)
                    after = self.wait_kinds_after_ankan(seat, tiles[0].index)
                    if before != after:
                        return "in riichi an ankan may not change the waits"
                return None
            t = action.tile
            assert t is not None
            if t not in hand:
                return f"it does not hold {t}"
            if not any(m.kind is MeldKind.PON and m.tiles[0].index == t.index for m in flow.melds[seat]):
                return f"it has no pon of {t} to add it to"
            return None
        if kind is ActionKind.NINE_TERMINALS:
            if "nine_terminals" not in self.table.rules.round.abortive_draws:
                return "this ruleset has no abortive draw on nine terminals"
            if drawn is None or flow.discarded[seat] or flow.any_call:
                return "nine terminals are declared on one's first draw, before any call"
            kinds = len({t.index for t in hand if t.is_yaochu})
            if kinds < 9:
                return f"the hand holds {kinds} kinds of terminals and honours, and nine are needed"
            return None
        if kind is ActionKind.KITA:
            if not self.table.rules.sanma.kita:
                return "this ruleset sets no North aside (no kita)"
            t = action.tile
            assert t is not None
            if t.index != NORTH:
                return f"only a North is set aside, not {t}"
            if t not in hand:
                return "it holds no North"
            if drawn is None:
                return "a North is set aside after one's own draw"
            if in_riichi and t != drawn:
                return "in riichi only the North just drawn is set aside"
            if self.live_left <= 0:
                return "the wall is empty: no replacement tile"
            return None
        return f"{kind.value} answers another player's tile, and it is this player's own turn"

    @staticmethod
    def _missing(hand: Sequence[Tile], tiles: Sequence[Tile]) -> str | None:
        rest = list(hand)
        for t in tiles:
            if t not in rest:
                return f"it does not hold {format_tiles(tiles)}"
            rest.remove(t)
        return None

    def wait_kinds_without(self, seat: int, t: Tile) -> frozenset[int]:
        """The waits of ``seat``'s hand less ``t`` (the hand before its draw)."""
        hand = list(self.flow.hands[seat])
        hand.remove(t)
        return _waits_of(hand)

    def wait_kinds_after_ankan(self, seat: int, kind: int) -> frozenset[int]:
        """The waits of ``seat``'s hand after an ankan of ``kind``."""
        return _waits_of([t for t in self.flow.hands[seat] if t.index != kind])

    def legal_own(self, seat: int, drawn: Tile | None) -> list[Action]:
        """Every action ``seat`` may take on its turn."""
        flow = self.flow
        hand = flow.hands[seat]
        candidates: list[Action] = []
        if drawn is not None:
            candidates.append(TSUMO)
        counts = _counts(hand)
        for t in _distinct(hand):
            candidates.append(Action(ActionKind.DISCARD, t))
        if not flow.riichi[seat] and self._shanten(seat, counts) <= 0:
            candidates += [Action(ActionKind.RIICHI, t) for t in _distinct(hand)]
        if drawn is not None:
            for k in range(34):
                if counts[k] == 4:
                    candidates.append(Action(ActionKind.ANKAN, None, [t for t in hand if t.index == k]))
            for m in flow.melds[seat]:
                if m.kind is MeldKind.PON:
                    candidates += [Action(ActionKind.KAKAN, t) for t in _distinct(hand) if t.index == m.tiles[0].index]
            if counts[NORTH]:
                candidates.append(Action(ActionKind.KITA, tile(NORTH)))
            candidates.append(NINE_TERMINALS)
        return [a for a in candidates if self.refuse_own(seat, a, drawn) is None]

    def refuse_reaction(self, seat: int, action: Action, source: int, t: Tile, kan: bool) -> str | None:
        """Why ``seat`` may not answer ``t`` (discarded by ``source``, or added to a kan when
        ``kan``) with ``action``, or None when it may."""
        flow = self.flow
        kind = action.kind
        if kind is ActionKind.PASS:
            return None
        if seat == source:
            return "its own tile is not on offer to it"
        if kind is ActionKind.RON:
            if t.index not in self.wait_kinds(seat):
                return f"{t} does not complete its hand"
            why = self.furiten(seat)
            if why:
                return why
            _, result = self._score_ron(seat)
            return result.reason if isinstance(result, NoWin) else None
        if kind not in (ActionKind.CHI, ActionKind.PON, ActionKind.DAIMINKAN):
            return f"{kind.value} is an action of one's own turn"
        if kan:
            return "a tile added to a kan, or a North set aside, may only be robbed by a ron"
        if action.tile != t:
            return f"the tile on offer is {t}, not {action.tile}"
        if flow.riichi[seat]:
            return "in riichi no call is made"
        if self.live_left <= 0:
            return "no call on the last discard"
        hand = flow.hands[seat]
        missing = self._missing(hand, action.consumed)
        if missing:
            return missing
        kinds = sorted(x.index for x in (t, *action.consumed))
        if kind is ActionKind.CHI:
            if self.n == 3:
                return "no chi at a three-player table"
            left = (seat - 1) % self.n
            if source != left:
                return f"chi only from the player on the left (seat {left}), and the tile came from seat {source}"
            if kinds[0] >= 27 or kinds[0] // 9 != kinds[2] // 9 or kinds != [kinds[0], kinds[0] + 1, kinds[0] + 2]:
                return f"{format_tiles(action.consumed)} and {t} are not a sequence"
        elif len(set(kinds)) != 1:
            return f"a {kind.value} takes tiles of the kind on offer ({t})"
        elif kind is ActionKind.DAIMINKAN:
            if self.kans >= MAX_KANS:
                return f"{MAX_KANS} kans are on the table already"
        if kind is not ActionKind.DAIMINKAN:
            banned = self.kuikae_after(action)
            rest = list(hand)
            for x in action.consumed:
                rest.remove(x)
            if all(x.index in banned for x in rest):
                return "kuikae: after this call every tile left would be one it may not discard"
        return None

    def kuikae_after(self, action: Action) -> frozenset[int]:
        """The kinds a player may not discard after calling ``action`` (kuikae, as ``rules.round.kuikae`` has it)."""
        t = action.tile
        assert t is not None
        rule = self.table.rules.round.kuikae
        if rule == "allowed":
            return frozenset()
        banned = {t.index}
        if action.kind is ActionKind.CHI and rule == "forbidden":
            kinds = sorted(x.index for x in action.consumed)
            if t.index < kinds[0] and kinds[1] % 9 < 8:  # called the low end: the kind above the sequence too
                banned.add(kinds[1] + 1)
            elif t.index > kinds[1] and kinds[0] % 9 > 0:  # the high end: the kind below
                banned.add(kinds[0] - 1)
        return frozenset(banned)

    def legal_reactions(self, seat: int, source: int, t: Tile, kan: bool) -> list[Action]:
        """Every answer ``seat`` may give to ``t``, PASS included."""
        hand = self.flow.hands[seat]
        candidates = [PASS]
        if t.index in self.wait_kinds(seat):
            candidates.append(RON)
        if not kan:
            k = t.index
            candidates += [Action(ActionKind.PON, t, p) for p in _pairs(hand, (k, k))]
            same = [x for x in hand if x.index == k]
            if len(same) >= 3:
                candidates.append(Action(ActionKind.DAIMINKAN, t, same[:3]))
            if k < 27 and self.n == 4 and source == (seat - 1) % self.n:
                for low in (k - 2, k - 1, k):  # the sequences the tile can be part of, within its suit
                    if low >= 0 and low // 9 == k // 9 and low % 9 <= 6:
                        others = tuple(x for x in (low, low + 1, low + 2) if x != k)
                        candidates += [Action(ActionKind.CHI, t, p) for p in _pairs(hand, (others[0], others[1]))]
        return [a for a in candidates if self.refuse_reaction(seat, a, source, t, kan) is None]

    # -- asking ------------------------------------------------------------------------------------
    def view(self, seat: int, legal: list[Action], drawn: Tile | None, offered: Tile | None,
             offered_by: int | None) -> View:
        flow = self.flow
        return View(seat=seat, players=self.n, round_wind=self._round_wind(), dealer=self.deal.dealer,
                    honba=self.deal.honba, sticks=self.deal.sticks + len(flow.declared), scores=self.scores,
                    dora=flow.dora, concealed=flow.hands[seat], drawn=drawn,
                    melds=tuple(tuple(ms) for ms in flow.melds), rivers=tuple(tuple(r) for r in flow.river),
                    riichi=tuple(bool(r) for r in flow.riichi), offered=offered, offered_by=offered_by,
                    live_left=self.live_left, legal=legal)

    def ask_own(self, seat: int, drawn: Tile | None) -> Action:
        legal = self.legal_own(seat, drawn)
        if len(legal) == 1 and not self.ask_always:
            return legal[0]
        answer = self.table.players[seat].act(self.view(seat, legal, drawn, None, None))
        if answer not in legal:
            raise IllegalAction(seat, answer, self.refuse_own(seat, answer, drawn) or "not open to it now")
        return answer

    def ask_reaction(self, seat: int, source: int, t: Tile, kan: bool) -> Action:
        legal = self.legal_reactions(seat, source, t, kan)
        if len(legal) == 1 and not self.ask_always:
            return PASS
        answer = self.table.players[seat].act(self.view(seat, legal, None, t, source))
        if answer not in legal:
            raise IllegalAction(seat, answer, self.refuse_reaction(seat, answer, source, t, kan)
                                or "not open to it now")
        return answer

    # -- playing ---------------------------------------------------------------------------------
    def run(self) -> RoundSettlement:
        """Play the round to its end and settle it."""
        flow = self.flow
        n = self.n
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
                self.kuikae = self.kuikae_after(call)
                draw, rinshan = False, False

    def draw(self, seat: int, rinshan: bool) -> Tile:
        if rinshan:
            t = self.wall.replacement(self.replacements)
            self.replacements += 1
        else:
            t = self.wall.live(self.n, self.flow.drawn - self.replacements)
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
        self.waits[seat] = None
        self.temporary[seat] = False
        self.kuikae = frozenset()
        self.events.append({"type": "dahai", "actor": seat, "pai": mjai_name(t), "tsumogiri": tsumogiri})
        while self.pending_dora:  # an open kan's indicator, turned at its maker's discard (after_discard)
            self.pending_dora -= 1
            self.reveal()

    def passed(self, answers: dict[int, Action], t: Tile) -> bool:
        """Settle the rons among ``answers`` into the Flow (True: the round ends) and mark furiten
        for those who let a winning tile go by."""
        rons = [s for s, a in answers.items() if a.kind is ActionKind.RON]
        for seat, a in answers.items():
            if a.kind is not ActionKind.RON and t.index in self.wait_kinds(seat):
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
                   for other in ((seat + i) % self.n for i in range(1, self.n))}
        if self.passed(answers, robbed_tile):
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
                   for other in ((seat + i) % self.n for i in range(1, self.n))}
        return self.passed(answers, north)

    def turn_kan_dora(self, kind: MeldKind) -> None:
        """A completed kan's indicator: now, or at its maker's discard (an open kan under
        kan dora timing after_discard)."""
        if kind is MeldKind.ANKAN or self.table.kan_timing == IMMEDIATE:
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
        allowed = self.table.rules.round.abortive_draws
        if self.n == 4:
            firsts = [r[0].index for r in flow.river if len(r) == 1]
            if ("four_winds" in allowed and not flow.any_call and len(firsts) == 4 and len(set(firsts)) == 1
                    and EAST <= firsts[0] <= EAST + 3 and sum(len(r) for r in flow.river) == 4):
                return "suufonrenda"
            if "four_riichi" in allowed and len(flow.declared) == 4:
                return "suuchareach"
        if "four_kans" in allowed and self.kans == MAX_KANS and sum(any(m.is_kan for m in ms) for ms in flow.melds) > 1:
            return "suukaikan"
        return None

    def abort(self, reason: str, actor: int | None = None) -> RoundSettlement:
        """End the hand in an abortive draw (``reason`` as mjai names it; ``actor``: who declared it)."""
        self.flow.drawn_out(Draw(ABORTIVE, reason, (), (), (0,) * self.n, () if actor is None else (actor,)))
        return self.settle()

    def exhaustive(self) -> RoundSettlement:
        flow = self.flow
        nagashi = flow.nagashi() if self.table.rules.nagashi.mode != "none" else ()
        tenpai = flow.tenpai()
        kind = NAGASHI if nagashi else EXHAUSTIVE
        flow.drawn_out(Draw(kind, "nagashimangan" if nagashi else "fanpai", tenpai, nagashi, (0,) * self.n))
        return self.settle()

    def settle(self) -> RoundSettlement:
        """Settle the round under the ruleset and record its end."""
        flow = self.flow
        rnd = flow.finish()
        settled = settle_round(rnd, self.scorer)
        if rnd.wins and settled.outcome is Outcome.ABORTIVE:  # three rons on one discard abort the hand
            self.events.append({"type": "ryukyoku", "reason": "sanchaho", "actors": [w.winner for w in rnd.wins],
                                "deltas": [0] * self.n})
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
                    "hora_points": result.points, "fan": result.han, "fu": result.fu, "yakuman": result.yakuman,
                    "yakus": yakus, "deltas": list(paid.payments)})
        else:
            draw = rnd.draw
            assert draw is not None
            deposits = [STICK if s in rnd.riichi else 0 for s in range(self.n)]
            event: dict[str, Any] = {"type": "ryukyoku", "reason": draw.reason}
            if draw.kind == ABORTIVE:
                event.update({"actor": draw.shown[0]} if draw.shown else {})
            else:
                event["tenpais"] = [s in draw.tenpai for s in range(self.n)]
            self.events.append({**event, "deltas": [p + d for p, d in zip(settled.payments, deposits)]})
        return settled
