"""The built-in players, and ``make_player``, which seats a player by name.

Built-in players (``PLAYERS`` by name):

- ``tsumogiri``: discards the tile it draws and declares nothing, no win included: a baseline
  that measures the table itself (its rounds end in exhaustive draws, or a nagashi mangan).
  Where it may declare noten at an exhaustive draw, it shows its tenpai hand, as every built-in
  player does.
- ``greedy``: the project's own shanten as its eyes. It takes any legal win, sets every North
  aside where the ruleset has kita, aborts on nine terminals unless it holds eleven kinds of them
  (then it plays for kokushi), declares riichi when a discard leaves its closed hand tenpai
  (the discard with the most unseen winning tiles), calls pon on its yakuhai (dragons, its seat
  wind, the round wind) while not in riichi, never calls chi or kan, and otherwise discards the
  tile that leaves the lowest shanten, then the most unseen tiles that lower it (ukeire), then
  the honour or terminal first. It never folds.
- ``careful``: plays like people (its figures over 150 hanchan under ``tenhou`` fall where ranked
  Tenhou play does: ``bench/README.md``). What it sees is its ``View`` only; its eyes are the
  kernel's shanten and its counts of the tiles in sight (its hand, every river, meld and
  indicator). It takes any legal win, sets Norths aside, aborts on nine terminals like greedy.

  A *threat* is a player in riichi, or one with three open melds (likely tenpai; weighed half).
  *Building*: with no threat, it discards like greedy (lowest shanten, then most unseen tiles that
  lower it), keeping a dora, a red five or a yakuhai honour over an equal tile.
  *Safety*, in rough percent of dealing in against a riichi (``HONOUR_DANGER``,
  ``NUMBER_DANGER``), added over the threats: 0 for a tile already passed (in that player's river,
  or, against a riichi, let go by anyone since it declared: ``View.discards`` has the order); an
  honour by the copies in sight (three: 0.5, none: 6); a number tile by suji (the tile three away
  passed) and its place (a 1 or 9 with suji 2.5, a 4 to 6 with neither suji 12.5).
  *Push or fold* against a threat: a tenpai hand pushes (keeping tenpai with its safest such tile)
  if it is closed, the dealer's, or holds a dora or a yakuhai triplet, or can keep tenpai with a
  tile no more dangerous than ``PUSH_DANGER``, or waits on four tiles against one threat; a
  one-shanten hand worth two han (``Sight.value``) pushes against one threat with ten draws left
  if a tile within ``PUSH_DANGER`` keeps it there; everything else folds, discarding its safest
  tile (then the best for the hand).
  *Calls*: only for a yaku the open hand keeps: a yakuhai pon (unless it sets the hand back or
  breaks a closed tenpai); chi or pon with a yakuhai triplet held, for tanyao where the ruleset
  counts it open (``View.open_yaku``; two terminals or honours at most left to shed), or for a
  flush (three tiles of other suits at most), when the call lowers the shanten to two or less.
  An open hand without a yakuhai triplet then sheds what its yaku cannot hold first. Against a
  threat it calls only to reach tenpai with a hand worth two han. No open kan; a closed or added
  kan when it keeps the shanten and there is no threat, and a closed kan in riichi where allowed.
  *Riichi or dama*: tenpai with a closed hand, it keeps the wait with the most unseen tiles (the
  safest such discard against a threat); it declares riichi when fewer than half its unseen
  winning tiles give it a yaku on a ron without riichi (as the ruleset's Scorer counts them: a
  house rule's yaku too), and otherwise stays quiet (dama) when yaku and dora make three han
  already or one winning tile is left; with every winning tile in sight it does not declare.

On the native kernel the three play as the kernel's twins (``mjrules/kernel/rust/src/table/players/``,
held to these definitions game by game: ``tests/test_native_table.py``); careful's twin values a
wait's yaku with the table's Scorer, so a careful player told another one (``use``), like a
subclass of any of them, is asked from Python.

``majiang-ai`` is 電脳麻将's AI in a node process (``mjrules.table.majiang_ai``: installed on demand by
``mjrules setup majiang-ai``), told the ruleset's rule object. ``mjai:COMMAND`` (``make_player``) is
an external bot speaking mjai (``mjrules.table.mjai_bot``).
"""

from __future__ import annotations

import shlex
from functools import cached_property
from typing import Callable, Iterable

import attrs

from mjrules import kernel
from mjrules.errors import MjrulesError
from mjrules.model.hand import Hand
from mjrules.model.tiles import DORA_OF, DORA_OF_SANMA, DRAGONS, EAST, SANMA_REMOVED, Tile, tile
from mjrules.model.win import Win
from mjrules.scoring.result import Result
from mjrules.scoring.scorer import Scorer
from mjrules.game.actions import NINE_TERMINALS, PASS, TENPAI, Action, ActionKind
from mjrules.table.player import Player
from mjrules.game.view import View
from mjrules.table.majiang_ai import MajiangAI
from mjrules.table.mjai_bot import MjaiBot


class Tsumogiri:
    """Discards the tile it draws; declares nothing (no call, no riichi, no win)."""

    def act(self, view: View) -> Action:
        if TENPAI in view.legal:  # asked at an exhaustive draw whether to declare noten: it shows the hand
            return TENPAI
        if view.offered is not None:
            return PASS
        if view.drawn is not None:
            return Action(ActionKind.DISCARD, view.drawn)
        return next(a for a in view.legal if a.kind is ActionKind.DISCARD)  # never asked: it calls nothing


def _counts(tiles: tuple[Tile, ...]) -> list[int]:
    counts = [0] * 34
    for t in tiles:
        counts[t.index] += 1
    return counts


class Greedy:
    """Wins when it may, riichi when tenpai and closed, pon on yakuhai, discards to lower shanten
    (the module text has the order)."""

    def act(self, view: View) -> Action:
        if TENPAI in view.legal:  # asked at an exhaustive draw whether to declare noten: it shows the hand
            return TENPAI
        kinds = {a.kind for a in view.legal}
        for win in (ActionKind.TSUMO, ActionKind.RON):
            if win in kinds:
                return next(a for a in view.legal if a.kind is win)
        if ActionKind.KITA in kinds:  # a free draw and a dora
            return next(a for a in view.legal if a.kind is ActionKind.KITA)
        if ActionKind.NINE_TERMINALS in kinds and len({t.index for t in view.concealed if t.is_yaochu}) < 11:
            return NINE_TERMINALS
        if view.offered is not None:
            if ActionKind.PON in kinds and self._yakuhai(view, view.offered.index):
                return next(a for a in view.legal if a.kind is ActionKind.PON)
            return PASS
        choices = [a for a in view.legal if a.kind is ActionKind.DISCARD]
        riichi = [a for a in view.legal if a.kind is ActionKind.RIICHI]
        return self._best(view, riichi or choices)

    @staticmethod
    def _yakuhai(view: View, kind: int) -> bool:
        return kind in DRAGONS or kind == EAST + view.round_wind or kind == EAST + view.seat_wind

    def _best(self, view: View, options: list[Action]) -> Action:
        counts = _counts(view.concealed)
        melds = view.melds[view.seat]
        caps: list[int] | None = None
        if melds:
            caps = [4] * 34
            for m in melds:
                for t in m.tiles:
                    caps[t.index] -= 1
        seen = [0] * 34  # what this seat can see: its tiles, every meld, river and indicator
        if view.players == 3:  # 2m-8m are not in the three-player set
            for k in SANMA_REMOVED:
                seen[k] = 4
        for group in (view.concealed, view.dora, *view.rivers, *(m.tiles for ms in view.melds for m in ms)):
            for t in group:
                seen[t.index] += 1

        held = [c + (4 - cap if caps is not None else 0) for c, cap in zip(counts, caps or counts)]
        # One kernel call: the shanten each discard leaves and the kinds that would then improve it.
        after = {d.kind: d for d in kernel.discards(counts, caps, held)}
        tiles = [a.tile for a in options]
        assert all(t is not None for t in tiles)  # discard and riichi actions name their tile
        shantens = [after[t.index].shanten for t in tiles if t is not None]
        low = min(shantens)
        scored: list[tuple[int, int, int, Action]] = []
        for n, (a, s) in enumerate(zip(options, shantens)):
            if s != low:  # ukeire only breaks ties among the lowest shanten
                continue
            assert a.tile is not None
            k = a.tile.index
            ukeire = sum(4 - seen[i] for i in after[k].improving if seen[i] < 4)
            edge = 0 if k >= 27 else 1 if k % 9 in (0, 8) else 2  # honours, then terminals, go first
            scored.append((-ukeire, edge, n, a))
        return min(scored)[3]


HONOUR_DANGER = (6.0, 4.0, 2.0, 0.5)
"""How likely an honour deals in against a riichi (rough percent, mid-round), by the copies of it
this seat sees (0-3): the riichi player waits on it only in a pair (shanpon) or alone (tanki)."""
NUMBER_DANGER = {1: (6.5, 2.5), 2: (8.0, 3.5), 3: (10.0, 5.0), 4: (12.5, 8.0, 3.5)}
"""The same for a number tile by its distance from the suit's end (1: 1 and 9, 2: 2 and 8, 3: 3
and 7, 4: 4 to 6): without suji, and with it (4 to 6: one suji, then both)."""
OPEN_THREAT_MELDS = 3
"""An opponent with this many open melds is a threat too (likely tenpai) ..."""
OPEN_THREAT_WEIGHT = 0.5
"""... with half a riichi's danger: only its own discards are sure to be safe against it."""
PUSH_DANGER = 8.0
"""The most danger a pushing hand takes on where it has the choice (a 2 or 8 without suji)."""


@attrs.frozen
class Option:
    """A discard weighed: its action, the shanten it leaves and the unseen tiles that would lower
    that (for a tenpai hand: its winning tiles), its danger against the threats, and
    whether the tile is worth keeping (a dora, a red five, a yakuhai honour)."""

    action: Action
    shanten: int
    ukeire: int
    danger: float
    keep: int

    @property
    def kind(self) -> int:
        assert self.action.tile is not None  # a discard names its tile
        return self.action.tile.index

    def efficiency(self) -> tuple[int, int, int, int, bool]:
        """The order a free hand discards in: lowest shanten, most ukeire, least worth keeping,
        honours then terminals first, a plain five before a red one."""
        k = self.kind
        edge = 0 if k >= 27 else 1 if k % 9 in (0, 8) else 2
        assert self.action.tile is not None
        return (self.shanten, -self.ukeire, self.keep, edge, self.action.tile.red)

    def safety(self) -> tuple[float, int, int, bool]:
        """The order a folding hand discards in: the safest, then the best for the hand."""
        assert self.action.tile is not None
        return (self.danger, self.shanten, -self.ukeire, self.action.tile.red)


class Sight:
    """What one view shows, counted once (and only when asked): the seat's concealed counts (and
    the caps and held counts its melds make), its yakuhai kinds, every tile it sees, the dora
    kinds and the threats against it."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.counts = _counts(view.concealed)
        own = view.melds[view.seat]
        self.closed = not any(m.is_open for m in own)
        self.caps: list[int] | None = None
        self.held = list(self.counts)
        if own:
            self.caps = [4] * 34
            for m in own:
                for t in m.tiles:
                    self.caps[t.index] -= 1
                    self.held[t.index] += 1
        self.yakuhai = {*DRAGONS, EAST + view.round_wind, EAST + view.seat_wind}

    @cached_property
    def seen(self) -> list[int]:
        """Copies of each kind in sight: its own tiles, the rivers, every meld, the indicators."""
        view = self.view
        seen = list(self.counts)
        if view.players == 3:
            for k in SANMA_REMOVED:
                seen[k] = 4
        for group in (view.dora, *view.rivers):
            for t in group:
                seen[t.index] += 1
        for melds in view.melds:
            for m in melds:
                for i, t in enumerate(m.tiles):
                    if i != m.called:  # the called tile is in a river already
                        seen[t.index] += 1
        return [min(4, n) for n in seen]

    @cached_property
    def left(self) -> list[int]:
        """Copies of each kind this seat does not see."""
        return [4 - n for n in self.seen]

    @cached_property
    def dora(self) -> list[int]:
        """How many times each kind is dora (by the indicators turned)."""
        dora_of = DORA_OF_SANMA if self.view.players == 3 else DORA_OF
        dora = [0] * 34
        for t in self.view.dora:
            dora[dora_of[t.index]] += 1
        return dora

    @cached_property
    def threats(self) -> list[tuple[frozenset[int], float]]:
        """Each threat's safe kinds and the weight of its danger: the riichi players, then the
        players with three open melds."""
        view = self.view
        others = [s for s in range(view.players) if s != view.seat]
        threats = [(self._safe_against(s), 1.0) for s in others if view.riichi[s]]
        threats += [(frozenset(t.index for t in view.rivers[s]), OPEN_THREAT_WEIGHT) for s in others
                    if not view.riichi[s] and sum(m.is_open for m in view.melds[s]) >= OPEN_THREAT_MELDS]
        return threats

    def _safe_against(self, seat: int) -> frozenset[int]:
        """Kinds that cannot deal in to ``seat``'s riichi: its own discards (furiten), and every
        tile let go by since it declared."""
        view = self.view
        safe = {t.index for t in view.rivers[seat]}
        declared = next((i for i, d in enumerate(view.discards) if d.seat == seat and d.riichi), None)
        if declared is not None:
            safe.update(d.tile.index for d in view.discards[declared:])
        return frozenset(safe)

    def unseen(self, kinds: Iterable[int]) -> int:
        return sum(map(self.left.__getitem__, kinds))

    def danger(self, kind: int) -> float:
        """The kind's danger against every threat, weighed and added."""
        total = 0.0
        for safe, weight in self.threats:
            if kind in safe:
                continue
            if kind >= 27:
                total += weight * HONOUR_DANGER[min(self.seen[kind], 3)]
                continue
            rank = kind % 9 + 1
            low, high = kind - 3 if rank > 3 else None, kind + 3 if rank < 7 else None
            suji = (low is not None and low in safe) + (high is not None and high in safe)
            edge = min(rank, 10 - rank, 4)
            if edge < 4:  # one suji covers a tile that can only be the far end of a two-sided wait
                total += weight * NUMBER_DANGER[edge][1 if suji else 0]
            else:
                total += weight * NUMBER_DANGER[4][suji]
        return total

    def value(self) -> int:
        """The hand's worth in rough han: dora and red fives, yakuhai triplets, riichi's han for a
        closed hand, one more for the dealer (who is paid half as much again)."""
        tiles = [*self.view.concealed, *(t for m in self.view.melds[self.view.seat] for t in m.tiles)]
        han = sum(self.dora[t.index] + t.red for t in tiles)
        han += sum(self.held[k] >= 3 for k in self.yakuhai)
        return han + self.closed + (self.view.seat == self.view.dealer)


class Careful:
    """Plays like people: builds its hand, folds against a threat, calls for a yaku, riichi or a
    quiet wait (the module text has the strategy). What a hand's yaku are worth it asks the
    ruleset's Scorer: the table's (``use``), or one given. On the native kernel its twin plays it
    where it values hands with the table's Scorer (``mjrules.table.native.native_name``)."""

    def __init__(self, scorer: Scorer | None = None) -> None:
        self.scorer: Scorer | None = None
        self._bonus: frozenset[str] = frozenset()
        if scorer is not None:
            self.use(scorer)

    def use(self, scorer: Scorer) -> None:
        """Value hands under ``scorer``'s ruleset (the table it sits at)."""
        self.scorer = scorer
        self._bonus = frozenset(y.id for y in scorer.yaku if y.bonus)

    def act(self, view: View) -> Action:
        if TENPAI in view.legal:  # asked at an exhaustive draw whether to declare noten: it shows the hand
            return TENPAI
        legal = {a.kind: a for a in view.legal}
        for win in (ActionKind.TSUMO, ActionKind.RON, ActionKind.KITA):
            if win in legal:
                return legal[win]
        if ActionKind.NINE_TERMINALS in legal and not _plays_kokushi(view):
            return NINE_TERMINALS
        sight = Sight(view)
        if view.offered is not None:
            return self._answer(sight)
        return self._turn(sight)

    # -- its own turn ------------------------------------------------------------------------------
    def _turn(self, sight: Sight) -> Action:
        view = sight.view
        after = {d.kind: d for d in kernel.discards(sight.counts, sight.caps, sight.held)}
        options = [Option(a, after[a.tile.index].shanten, sight.unseen(after[a.tile.index].improving),
                          sight.danger(a.tile.index), self._keep(sight, a.tile))
                   for a in view.legal if a.kind is ActionKind.DISCARD and a.tile is not None]
        kan = self._kan(sight, min(o.shanten for o in options))
        if kan is not None:
            return kan
        if sight.threats and not self._pushes(sight, options):
            return min(options, key=Option.safety).action
        shed = _shed(sight)
        if shed:  # an open hand sheds what its yaku cannot hold
            options = [o for o in options if o.kind in shed] or options
        if sight.threats:
            low = min(o.shanten for o in options)
            best = min((o for o in options if o.shanten == low), key=lambda o: (o.danger,) + o.efficiency())
        else:
            best = min(options, key=Option.efficiency)
        riichi = {a.tile for a in view.legal if a.kind is ActionKind.RIICHI}
        if best.action.tile in riichi and self._declares(sight, best, after[best.kind].improving):
            return Action(ActionKind.RIICHI, best.action.tile)
        return best.action

    @staticmethod
    def _keep(sight: Sight, t: Tile) -> int:
        return sight.dora[t.index] + t.red + (t.index in sight.yakuhai)

    def _pushes(self, sight: Sight, options: list[Option]) -> bool:
        """Whether to push against the threats (the module text has the rule); False: fold."""
        low = min(o.shanten for o in options)
        value = sight.value()
        if low == 0:
            tenpai = [o for o in options if o.shanten == 0]
            safest = min(o.danger for o in tenpai)
            waits = max(o.ukeire for o in tenpai)
            return waits > 0 and (safest <= PUSH_DANGER or value >= 1 or (waits >= 4 and len(sight.threats) == 1))
        if low == 1 and len(sight.threats) == 1 and value >= 2 and sight.view.live_left >= 10:
            return any(o.shanten == 1 and o.danger <= PUSH_DANGER for o in options)
        return False

    def _declares(self, sight: Sight, option: Option, waits: list[int]) -> bool:
        """Riichi (True) or stay quiet (dama) on the tenpai ``option`` leaves, waiting on ``waits``
        (the module text has the rule)."""
        if option.ukeire == 0:
            return False  # every winning tile is in sight: tenpai for the draw, nothing to declare
        counts = list(sight.counts)
        counts[option.kind] -= 1
        han = []
        for w in waits:
            counts[w] += 1
            han.append(self._yaku_han(sight, counts, option.kind, w))
            counts[w] -= 1
        with_yaku = sight.unseen(w for w, h in zip(waits, han) if h)
        if 2 * with_yaku < option.ukeire:
            return True
        out = option.action.tile
        assert out is not None
        kept = [*sight.view.concealed, *(t for m in sight.view.melds[sight.view.seat] for t in m.tiles)]
        dora = sum(sight.dora[t.index] + t.red for t in kept) - sight.dora[out.index] - out.red
        return not (min(h for h in han if h) + dora >= 3 or option.ukeire == 1)

    def _yaku_han(self, sight: Sight, counts: list[int], out: int, w: int) -> int:
        """The han of the yaku of the closed hand that discards ``out`` and wins on a ron of the kind
        ``w`` without riichi (dora and other bonus items not counted; a yakuman as 13), as the
        ruleset's Scorer scores it; 0 without a yaku. ``counts``: its concealed tiles with ``w``."""
        if self.scorer is None:
            raise MjrulesError("the careful player values hands with the ruleset's Scorer: seat it at a Table, "
                               "or give it one (Careful(scorer))")
        view = sight.view
        concealed = list(view.concealed)
        concealed.remove(next(t for t in concealed if t.index == out))
        win = Win(tsumo=False, discarder=2 if view.players == 4 else 1, round_wind=view.round_wind,
                  seat_wind=view.seat_wind)
        result = self.scorer.score(Hand(concealed, tile(w), view.melds[view.seat]), win)
        if not isinstance(result, Result):
            return 0
        if result.yakuman:
            return 13
        return sum(y.han or 0 for y in result.yaku if y.id not in self._bonus)

    def _kan(self, sight: Sight, shanten: int) -> Action | None:
        """A closed kan in riichi (the table allows only one that keeps the waits); otherwise a
        closed or added kan with no threat, when it keeps the shanten."""
        view = sight.view
        for a in view.legal:
            if a.kind is ActionKind.ANKAN and (view.riichi[view.seat] or not sight.threats):
                k = a.consumed[0].index
                counts = list(sight.counts)
                counts[k] = 0
                caps = list(sight.caps or [4] * 34)
                caps[k] = 0
                if view.riichi[view.seat] or kernel.standard_shanten(counts, caps) <= shanten:
                    return a
            if a.kind is ActionKind.KAKAN and not sight.threats:
                return a
        return None

    # -- another's tile ----------------------------------------------------------------------------
    def _answer(self, sight: Sight) -> Action:
        """The call the module text describes, or PASS."""
        view = sight.view
        calls = [a for a in view.legal if a.kind in (ActionKind.PON, ActionKind.CHI)]
        if not calls:
            return PASS
        now = (kernel.standard_shanten(sight.counts, sight.caps) if sight.caps is not None
               else kernel.shanten(sight.counts))
        if sight.closed and now == 0:
            return PASS  # a closed tenpai keeps its riichi
        best: tuple[int, int] | None = None
        chosen = PASS
        for a in calls:
            assert a.tile is not None
            counts = list(sight.counts)
            for t in a.consumed:
                counts[t.index] -= 1
            yakuhai = a.kind is ActionKind.PON and a.tile.index in sight.yakuhai
            if not (yakuhai or _call_has_yaku(sight, a, counts)):
                continue
            caps = list(sight.caps or [4] * 34)
            for t in (a.tile, *a.consumed):
                caps[t.index] -= 1
            held = list(sight.held)
            held[a.tile.index] += 1
            left = [d for d in kernel.discards(counts, caps, held) if d.kind != a.tile.index]  # no swap back
            if not left:
                continue
            d = min(left, key=lambda d: (d.shanten, -sight.unseen(d.improving)))
            score = (d.shanten, -sight.unseen(d.improving))
            if sight.threats:
                if d.shanten > 0 or sight.value() < 2:
                    continue
            elif yakuhai:
                if d.shanten > now:
                    continue
            elif d.shanten >= now or d.shanten > 2:
                continue
            if best is None or score < best:
                best, chosen = score, a
        return chosen


def _plays_kokushi(view: View) -> bool:
    """Eleven kinds of terminals and honours: play for thirteen orphans instead of aborting."""
    return len({t.index for t in view.concealed if t.is_yaochu}) >= 11


def _simple(k: int) -> bool:
    return k < 27 and k % 9 not in (0, 8)


def _flush_suit(kinds: Iterable[int]) -> int | None:
    """The one suit of the number kinds among ``kinds`` (None: two suits or more, or none)."""
    suits = {k // 9 for k in kinds if k < 27}
    return suits.pop() if len(suits) == 1 else None


def _shed(sight: Sight) -> frozenset[int]:
    """The kinds an open hand without a sure yaku must give up: terminals and honours for tanyao,
    the other suits for a flush, whichever leaves fewer tiles to shed. Empty for a closed hand and
    one with a yakuhai triplet."""
    view = sight.view
    if sight.closed or any(sight.held[k] >= 3 for k in sight.yakuhai):
        return frozenset()
    melded = {t.index for m in view.melds[view.seat] for t in m.tiles}
    held = [k for k in range(34) if sight.counts[k]]
    plans = []
    if "tanyao" in view.open_yaku and all(_simple(k) for k in melded):
        plans.append(frozenset(k for k in held if not _simple(k)))
    suit = _flush_suit(melded)
    if "honitsu" in view.open_yaku and suit is not None:
        plans.append(frozenset(k for k in held if k < 27 and k // 9 != suit))
    if not plans:
        return frozenset()
    return min(plans, key=lambda p: sum(sight.counts[k] for k in p))


def _call_has_yaku(sight: Sight, call: Action, counts: list[int]) -> bool:
    """Whether the hand after ``call`` (``counts``: its concealed tiles) keeps a yaku in reach:
    a yakuhai triplet, tanyao where the ruleset counts it open (two terminals or honours at most
    to shed), or a flush (three tiles of other suits at most)."""
    view = sight.view
    if any(sight.held[k] >= 3 for k in sight.yakuhai):
        return True
    melded = [t.index for m in view.melds[view.seat] for t in m.tiles] + [t.index for t in (call.tile, *call.consumed)
                                                                          if t is not None]
    held = [k for k in range(34) for _ in range(counts[k])]
    if "tanyao" in view.open_yaku and all(_simple(k) for k in melded):
        if sum(not _simple(k) for k in held) <= 2:
            return True
    suit = _flush_suit(melded)
    if "honitsu" in view.open_yaku and suit is not None:
        return sum(k < 27 and k // 9 != suit for k in held) <= 3
    return False


PLAYERS: dict[str, Callable[[], Player]] = {"tsumogiri": Tsumogiri, "greedy": Greedy, "careful": Careful,
                                            "majiang-ai": MajiangAI}
"""The built-in players by name."""


MJAI = "mjai:"
"""A player named ``mjai:COMMAND`` is the external bot COMMAND runs, spoken to in mjai."""


def make_player(name: str) -> Player:
    """A built-in player by name, or ``mjai:COMMAND`` (an external mjai bot); an error naming the
    known ones."""
    if name.startswith(MJAI):
        try:
            command = shlex.split(name[len(MJAI):])
        except ValueError as e:  # shlex's "No closing quotation", "No escaped character"
            raise MjrulesError(f"player {name[:200]!r}: the bot's command cannot be read: {e}") from None
        return MjaiBot(command)
    try:
        return PLAYERS[name]()
    except KeyError:
        raise MjrulesError(f"player {name!r}: the built-in players are {', '.join(PLAYERS)}, "
                           f"and {MJAI}COMMAND runs an external mjai bot") from None
