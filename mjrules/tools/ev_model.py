"""Tenpai probability, win probability and expected score of each discard: the one-player model of
tomohxx's mahjong algorithm book (chapter 6, 「和了確率」) and of mahjong-cpp's
``docs/expected_score_calculation.md`` and ``docs/uradora_expected_value.md``, every win scored by
the ruleset's Scorer: the search in plain Python. This module is the definition; the native kernel
runs the same search (``mjrules/kernel/rust/src/ev.rs``) and is held equal to it
(``tests/test_discard_ev_native.py``). ``mjrules.tools.discard_ev`` asks it and gives the values.

**The model.** One player; nobody else discards, calls or wins; the search makes no call (melds
already made are part of the hand) and sets no North aside. Each turn the player draws a tile and
discards one, and the discarded tile goes back into the wall. The wall a 13-tile state draws
from holds, of each tile face, the copies not in sight when the search began (the set less the
14-tile hand, its melds, the dora indicators, the tiles given as seen and the Norths set aside)
plus those the hand has since let go, less those it has since drawn: ``S`` tiles in every state
and at every turn, the set less the tiles in sight while the hand holds 13. A red five is a face
of its own.

**States** are hands (counts of the 37 faces: 34 kinds, the red fives apart) with a riichi mark:
13-tile states wait for a draw, 14-tile states choose a discard. ``distance`` counts the tiles a
hand holds that the starting hand did not; ``s₀`` is the starting hand's shanten. **Transitions**
(mahjong-cpp's search):

- a 13-tile state draws its *improving* tiles (those that lower its shanten; at tenpai, its winning
  tiles) and, while ``distance + shanten < s₀ + extra``, every tile (*tegawari*);
- a 14-tile state discards the tiles that keep its shanten and, under the same condition, any
  tile (*shanten back*); a discard that leaves a closed hand tenpai declares riichi;
- a riichi state draws only its winning tiles: it wins, or discards the tile it drew;
- a draw whose 14-tile state is in the graph and may discard that tile back is followed from
  either end (the graph's edges, as mahjong-cpp builds them, riichi states excepted); any other
  draw is discarded at once (tsumogiri) and the hand stays as it is.

**Values**, at turns ``t`` (draws made, 1 … ``T_MAX`` = 18), each optimised on its own: the best
tenpai probability, the best win probability, the best expected score (each the value of the play
that maximises it, as mahjong-cpp's figures are). For a 13-tile state after the discard of turn ``t``::

    v_t(s) = v_{t+1}(s) + Σ_draws (w / S) · (x − v_{t+1}(s))

``w`` is the draw's copies in the wall; ``x`` the best of: winning (a complete hand with a yaku:
1, or its score), the 14-tile state's value at ``t + 1`` and discarding the tile just drawn
(``v_{t+1}(s)``). A 14-tile state's value is that of its best discard. Boundaries: ``v_18`` is 0
(win, score) and 1 or 0 (tenpai) as the state is tenpai; a tenpai state's tenpai probability is 1.

**Scores.** A win is a tsumo (with riichi from a riichi state) scored by the Scorer: yaku, dora, red
fives, kita, kiriage, kazoe and limits; the points the winner collects; a hand without a yaku is
worth 0. A riichi win is worth its mean over the ura indicators (as many as the dora indicators,
drawn from the wall at the win): the distribution of ura dora counts is counted kind by kind as in
``uradora_expected_value.md``, and each count is scored with indicators that make it. Honba,
riichi sticks, double riichi, ippatsu, haitei and rinshan are not counted.

**Where mahjong-cpp's calculator differs** (its code as stored in 2026; this model follows its
document): it divides the draws of turn ``t`` by ``S − 1 − t`` (the wall counted with the 14-tile
hand in sight, less one tile a turn) while each tile's copies stay as they are, so that the
chances of the draws add up to more than 1; and its riichi states also follow the edges of the
14-tile states that declared them, so that a riichi hand changes its wait (its document says a
riichi hand makes no such move). Both raise its values: for the discard 5z of
``123m067p2357s1156z`` (dora indicator 1m, dealer, turn 1) it gives 91.7 %, 40.3 % and 5,198, this
model 89.5 %, 34.0 % and 4,418. ``model="mahjong-cpp"`` makes both moves as its code does
(``Graph.shrinking``, ``Graph.free_riichi``) and gives its numbers (``docs/commands/discard-ev.md``).
"""

from __future__ import annotations

import math
from collections import deque
from typing import Sequence

import attrs

from mjrules.errors import HandError, MjrulesError
from mjrules.kernel import TILE_TABLE, standard_shanten
from mjrules.kernel import shanten as min_shanten
from mjrules.model.hand import Hand
from mjrules.model.melds import Meld
from mjrules.model.tiles import DORA_OF, DORA_OF_SANMA, FIVES, NORTH, SANMA_REMOVED, Tile, tile
from mjrules.model.win import Win
from mjrules.scoring.result import Result
from mjrules.scoring.scorer import Scorer
from mjrules.tools.shanten import PartialHand

__all__ = ["DEFAULT_EXTRA", "FACES", "KIND_OF", "MAX_STATES", "MODELS", "OBJECTIVES", "T_MAX", "EvSetup", "Graph",
           "Start", "face_tile", "kinds_of", "python_search", "too_far", "ura_distribution"]

T_MAX = 18
"""The last turn: the search ends with the 18th draw."""
FACES = 37
"""Tile faces: the 34 kinds (a five's plain copies), then the red fives of m, p, s."""
KIND_OF = tuple(range(34)) + FIVES
"""Face → kind."""
DEFAULT_EXTRA = 1
"""Tegawari and shanten back are searched while ``distance + shanten < s₀ + extra``."""
OBJECTIVES = ("exp_score", "win_prob", "tenpai_prob")
"""The three values, in the order the search keeps them."""
MAX_STATES = 2_500_000
"""The search stops past this many states (about 600 MB; a 4-shanten hand reaches about 1.1 million)."""
MODELS = ("mjrules", "mahjong-cpp")
"""``mjrules``: the model as published (the module text); ``mahjong-cpp``: the same search as
mahjong-cpp's calculator runs it (``MODEL_DIFFERENCES``), to check one against the other."""


def face_tile(f: int) -> Tile:
    return tile(KIND_OF[f], red=f >= 34)


def kinds_of(h: Sequence[int]) -> tuple[int, ...]:
    """34 kind counts of 37 face counts."""
    k = list(h[:34])
    k[4] += h[34]
    k[13] += h[35]
    k[22] += h[36]
    return tuple(k)


@attrs.frozen
class EvSetup:
    """What the search is given besides the hand and the ruleset."""

    turn: int = 1
    """The draw the 14-tile hand has just made (1 = the first)."""
    dora: tuple[Tile, ...] = ()
    """Dora indicators (a riichi win draws as many ura indicators)."""
    visible: tuple[Tile, ...] = ()
    """Other tiles in sight: discards, other players' melds."""
    seat_wind: int = 0
    round_wind: int = 0
    kita: int = 0
    """Norths the player has set aside (three players): seen, and dora as the ruleset counts them."""
    extra: int = DEFAULT_EXTRA
    model: str = "mjrules"
    """One of ``MODELS``."""


def ura_distribution(wall: Sequence[int], gain: Sequence[int], indicators: int
                     ) -> list[tuple[float, tuple[int, ...]]]:
    """The ura dora count of ``indicators`` indicators drawn from ``wall`` (34 counts of kinds):
    for each count that can occur, in increasing order, (its probability, kinds of indicators
    that make it). ``gain[k]``: the ura dora an indicator of kind ``k`` makes. Counted kind by
    kind with the ways to choose the copies (mahjong-cpp's ``uradora_expected_value.md``); the
    choice kept for a count is the first found, kind by kind, then by indicators chosen so far,
    ura count and copies taken, each in increasing order."""
    # ways[x][u]: (ways to choose x indicators making u ura dora, one such choice)
    ways: list[dict[int, tuple[int, tuple[int, ...]]]] = [{} for _ in range(indicators + 1)]
    ways[0][0] = (1, ())
    for k in range(34):
        n = wall[k]
        if not n:
            continue
        nxt = [dict(d) for d in ways]
        for x in range(indicators):
            for u, (count, pick) in sorted(ways[x].items()):
                for take in range(1, min(n, indicators - x) + 1):
                    key = u + gain[k] * take
                    add = count * math.comb(n, take)
                    old = nxt[x + take].get(key)
                    nxt[x + take][key] = (add, pick + (k,) * take) if old is None else (old[0] + add, old[1])
        ways = nxt
    total = math.comb(sum(wall[:34]), indicators)
    return [(count / total, pick) for _, (count, pick) in sorted(ways[indicators].items())]


class Start:
    """The search's fixed inputs, read from the hand, the ruleset and the setup: the starting
    faces, the wall, the rules of shanten (melds: standard form only), dora and ura."""

    def __init__(self, hand: PartialHand, scorer: Scorer, setup: EvSetup) -> None:
        self.scorer = scorer
        self.setup = setup
        self.notes: list[str] = []
        rules = scorer.rules
        self.reds = rules.tiles.red_fives
        self.closed = hand.is_closed
        self.caps = hand.caps
        sanma_dora = rules.tiles.without_2m_8m or rules.sanma.kita  # the dora plugin's choice of mapping
        self.dora_of: tuple[int, ...] = DORA_OF_SANMA if sanma_dora else DORA_OF
        self.kita_north = sanma_dora and setup.kita > 0
        self.without_2m_8m = rules.tiles.without_2m_8m
        copies = [4] * 34 + [0, 0, 0]
        for s, k in enumerate(FIVES):
            copies[k] -= self.reds[s]
            copies[34 + s] = self.reds[s]
        if self.without_2m_8m:
            for k in SANMA_REMOVED:
                copies[k] = 0
        h0 = [0] * FACES
        for t in hand.concealed:
            h0[self.face(t)] += 1
        # the melds as the set has them: a red five it lacks is a plain five
        self.melds: tuple[Meld, ...] = tuple(attrs.evolve(m, tiles=[face_tile(self.face(t)) for t in m.tiles])
                                            for m in hand.melds)
        seen = [0] * FACES
        meld_kinds = [0] * 34
        for m in self.melds:
            for t in m.tiles:
                seen[self.face(t)] += 1
                meld_kinds[t.index] += 1
        self.meld_reds = tuple(seen[34 + s] for s in range(3))
        for t in (*setup.dora, *setup.visible):
            seen[self.face(t)] += 1
        seen[NORTH] += setup.kita
        wall = []
        for f in range(FACES):
            n = copies[f] - h0[f] - seen[f]
            if n < 0:
                raise HandError(self._too_many(f, copies[f], h0[f] + seen[f]))
            wall.append(n)
        self.h0 = tuple(h0)
        self.w0 = tuple(wall)
        self.meld_kinds = tuple(meld_kinds)
        self.total = sum(wall) + 1
        """``S``: the wall of a 13-tile state (the 14-tile hand's, with its discard back)."""
        self.dora = tuple(face_tile(self.face(t)) for t in setup.dora)
        """The dora indicators as the set has them."""

    def face(self, t: Tile) -> int:
        """A tile's face: a red five is a face of its own when the set has red fives of its suit
        (else it is read as a plain five, with a note)."""
        if t.red:
            suit = t.index // 9
            if self.reds[suit]:
                return 34 + suit
            note = (f"{t}: {self.scorer.ruleset.name} has no red five of {t.suit}; read as a plain "
                    f"{t.index % 9 + 1}{t.suit}")
            if note not in self.notes:
                self.notes.append(note)
        if self.without_2m_8m and t.index in SANMA_REMOVED:
            raise HandError(f"tile {tile(t.index)}: the three-player set has no 2m-8m (ruleset "
                            f"{self.scorer.ruleset.name})")
        return t.index

    @staticmethod
    def _too_many(f: int, copies: int, seen: int) -> str:
        t = face_tile(f)
        if f >= 34:
            return (f"tile {t}: the set has {copies} red five{'s' * (copies != 1)} of {t.suit}, and {seen} are in the "
                    f"hand, its melds, the dora indicators or the tiles given as seen")
        plain = " plain copies" if KIND_OF[f] in FIVES else ""
        return (f"tile {t} is in sight {seen} times (hand, melds, dora indicators, tiles given as seen, kita); "
                f"the set has {copies}{plain}")

    # -- scoring ----------------------------------------------------------------------------------
    def score(self, h14: Sequence[int], win: int, riichi: bool) -> float:
        """The points a tsumo of the 14 faces ``h14`` on face ``win`` collects (a riichi win: its
        mean over the ura indicators); 0 without a yaku."""
        concealed = [face_tile(f) for f in range(FACES) for _ in range(h14[f] - (f == win))]
        hand = Hand(concealed=concealed, win_tile=face_tile(win), melds=self.melds)
        s = self.setup
        base = Win(tsumo=True, riichi=int(riichi), seat_wind=s.seat_wind, round_wind=s.round_wind, dora=self.dora,
                   kita=s.kita)
        if not (riichi and self.dora):
            return _points(self.scorer.score(hand, base))
        total = 0.0
        for p, pick in ura_distribution(self.ura_wall(h14), self.ura_gain(h14), len(self.dora)):
            total += p * _points(self.scorer.score(hand, attrs.evolve(base, ura=tuple(tile(k) for k in pick))))
        return total

    def score_tiles(self, tiles: Sequence[int], win: int, riichi: bool, ura: Sequence[int]) -> float:
        """The points of one tsumo given by tile codes (the native search's way back to the Scorer,
        for a hand its kernel declines): ``tiles`` the concealed ones without the winning ``win``,
        ``ura`` the ura indicators' kinds."""
        hand = Hand(concealed=[TILE_TABLE[c] for c in tiles], win_tile=TILE_TABLE[win], melds=self.melds)
        s = self.setup
        return _points(self.scorer.score(hand, Win(tsumo=True, riichi=int(riichi), seat_wind=s.seat_wind,
                                                    round_wind=s.round_wind, dora=self.dora,
                                                    ura=tuple(tile(k) for k in ura), kita=s.kita)))

    def ura_wall(self, h14: Sequence[int]) -> tuple[int, ...]:
        """The kinds an ura indicator may be: the wall of the winning hand."""
        return kinds_of([self.w0[f] + self.h0[f] - h14[f] for f in range(FACES)])

    def ura_gain(self, h14: Sequence[int]) -> list[int]:
        held = [a + b for a, b in zip(kinds_of(h14), self.meld_kinds)]
        return [held[self.dora_of[k]] + (self.setup.kita if self.kita_north and self.dora_of[k] == NORTH else 0)
                for k in range(34)]


def _points(r: object) -> float:
    return float(r.points) if isinstance(r, Result) else 0.0


class Graph:
    """The states reachable from the 14-tile hand, their transitions, and their values by turn
    (the reference; the native kernel builds the same graph)."""

    def __init__(self, start: Start) -> None:
        self.start = start
        self.s0 = 0
        self._shanten: dict[tuple[int, ...], int] = {}
        self._scores: dict[tuple[tuple[int, ...], int, bool], float] = {}
        self.index13: dict[tuple[tuple[int, ...], bool], int] = {}
        self.hands13: list[tuple[int, ...]] = []
        self.riichi13: list[bool] = []
        self.tenpai13: list[bool] = []
        self.draws: list[dict[int, tuple[int, float, int]]] = []
        """Per 13-tile state: face drawn → (copies in the wall, win score or 0, 14-tile state or -1):
        first its own (found when it is expanded, by face), then those found from their 14-tile
        end, in the order found (the order the values sum them; the kernel's too)."""
        self.index14: dict[tuple[tuple[int, ...], bool], int] = {}
        self.hands14: list[tuple[int, ...]] = []
        self.riichi14: list[bool] = []
        self.options: list[list[int]] = []
        """Per 14-tile state: the 13-tile states of its discards."""
        cpp = start.setup.model == "mahjong-cpp"
        self.free_riichi = cpp
        """mahjong-cpp: a riichi state draws into riichi 14-tile states (its wins), which discard to
        the riichi states that reach them, and follows the moves from the hand that declared it."""
        self.shrinking = cpp
        """mahjong-cpp: the draw after turn t divides by ``S - 1 - t``."""
        self._todo: deque[tuple[bool, int]] = deque()
        self.s0 = self.shanten(kinds_of(start.h0))

    def shanten(self, kinds: tuple[int, ...]) -> int:
        s = self._shanten.get(kinds)
        if s is None:
            caps = self.start.caps
            s = self._shanten[kinds] = min_shanten(kinds) if caps is None else standard_shanten(kinds, caps)
        return s

    def score(self, h14: tuple[int, ...], win: int, riichi: bool) -> float:
        key = (h14, win, riichi)
        got = self._scores.get(key)
        if got is None:
            got = self._scores[key] = self.start.score(h14, win, riichi)
        return got

    def distance(self, h: Sequence[int]) -> int:
        return sum(a - b for a, b in zip(h, self.start.h0) if a > b)

    def wall(self, h: Sequence[int], f: int) -> int:
        return self.start.w0[f] + self.start.h0[f] - h[f]

    # -- building -------------------------------------------------------------------------------
    def state13(self, h: tuple[int, ...], riichi: bool) -> int:
        i = self.index13.get((h, riichi))
        if i is None:
            i = self.index13[h, riichi] = len(self.hands13)
            self.hands13.append(h)
            self.riichi13.append(riichi)
            self.tenpai13.append(self.shanten(kinds_of(h)) == 0)
            self.draws.append({})
            self._todo.append((False, i))
        return i

    def state14(self, h: tuple[int, ...], riichi: bool = False) -> int:
        j = self.index14.get((h, riichi))
        if j is None:
            j = self.index14[h, riichi] = len(self.hands14)
            self.hands14.append(h)
            self.riichi14.append(riichi)
            self.options.append([])
            self._todo.append((True, j))
        return j

    def build(self) -> bool:
        """Explore every state reachable from those made so far, breadth first; False when the
        graph grows past ``MAX_STATES`` states."""
        limit = MAX_STATES
        while self._todo:
            if len(self.hands13) + len(self.hands14) > limit:
                return False
            fourteen, i = self._todo.popleft()
            if fourteen:
                self._expand14(i)
            else:
                self._expand13(i)
        return True

    def _expand13(self, i: int) -> None:
        h, riichi = self.hands13[i], self.riichi13[i]
        kinds = kinds_of(h)
        s = self.shanten(kinds)
        free = not riichi and self.distance(h) + s < self.s0 + self.start.setup.extra
        back = self.draws[i]  # the draws found from their 14-tile end so far
        draws: dict[int, tuple[int, float, int]] = {}
        hl, kl = list(h), list(kinds)
        for f in range(FACES):
            w = self.wall(h, f)
            if not w or f in back:
                continue
            k = KIND_OF[f]
            kl[k] += 1
            after = self.shanten(tuple(kl))
            kl[k] -= 1
            if after >= s and not free:
                continue
            hl[f] += 1
            h14 = tuple(hl)
            hl[f] -= 1
            score = self.score(h14, f, riichi) if after < 0 else 0.0
            if riichi and not self.free_riichi:
                draws[f] = (w, score, -1)
                continue
            j = self.state14(h14, riichi)
            draws[f] = (w, score, j)
            if i not in self.options[j]:  # the same edge, seen from its 14-tile end: discard f back
                self.options[j].append(i)
        self.draws[i] = {**draws, **back}

    def _expand14(self, j: int) -> None:
        h, declared = self.hands14[j], self.riichi14[j]
        kinds = kinds_of(h)
        s = self.shanten(kinds)
        free = not declared and self.distance(h) + s < self.s0 + self.start.setup.extra
        hl, kl = list(h), list(kinds)
        for f in range(FACES):
            if not h[f]:
                continue
            k = KIND_OF[f]
            kl[k] -= 1
            keeps = self.shanten(tuple(kl)) == s
            kl[k] += 1
            if not (keeps or free):
                continue
            hl[f] -= 1
            h13 = tuple(hl)
            hl[f] += 1
            riichi = declared or (self.start.closed and s == 0 and keeps)
            i = self.state13(h13, riichi)
            if i not in self.options[j]:
                self.options[j].append(i)
            if (not riichi or self.free_riichi) and f not in self.draws[i]:  # the same edge, from its 14-tile end
                self.draws[i][f] = (self.wall(h13, f), self.score(h, f, declared) if s < 0 else 0.0, j)

    # -- values ---------------------------------------------------------------------------------
    def values(self, roots: Sequence[int], turn: int, keep: bool = False
               ) -> dict[int, list[tuple[float, float, float]]]:
        """Each root 13-tile state's (expected score, win probability, tenpai probability) at turns
        ``turn`` … 18, each optimised on its own. ``keep``: every state's values by turn go to
        ``tables`` (turn → (13-tile values, 14-tile values), each per objective), the play they
        call for (a Monte Carlo run of the model follows it)."""
        n13 = len(self.hands13)
        tenpai = self.tenpai13
        v13 = [[0.0] * n13, [0.0] * n13, [1.0 if tenpai[i] else 0.0 for i in range(n13)]]
        v14 = self._best14(v13)
        out = {r: [(v13[0][r], v13[1][r], v13[2][r])] for r in roots}
        self.tables: dict[int, tuple[list[list[float]], list[list[float]]]] = {}
        if keep:
            self.tables[T_MAX] = (v13, v14)
        for t in range(T_MAX - 1, turn - 1, -1):
            inv = 1.0 / (self.start.total - (1 + t if self.shrinking else 0))
            new = [[0.0] * n13 for _ in OBJECTIVES]
            for i in range(n13):
                for o in range(3):
                    if o == 2 and tenpai[i]:
                        new[2][i] = 1.0
                        continue
                    stay = v13[o][i]
                    acc = 0.0
                    after = v14[o]
                    for w, score, target in self.draws[i].values():
                        x = stay if target < 0 else max(after[target], stay)
                        if score > 0:
                            x = max(x, score if o == 0 else 1.0)
                        acc += w * (x - stay)
                    new[o][i] = stay + acc * inv
            v13 = new
            v14 = self._best14(v13)
            if keep:
                self.tables[t] = (v13, v14)
            for r in roots:
                out[r].append((v13[0][r], v13[1][r], v13[2][r]))
        for r in roots:
            out[r].reverse()
        return out

    def _best14(self, v13: list[list[float]]) -> list[list[float]]:
        """Each 14-tile state's values, per objective: its best discard's (0 without a discard)."""
        return [[max((v[i] for i in opts), default=0.0) for opts in self.options] for v in v13]


def too_far(start: Start) -> MjrulesError:
    """Why the search stopped: too many states."""
    s = start.setup
    hint = f"; --extra {s.extra - 1} searches fewer" if s.extra else ""
    return MjrulesError(f"the search passed {MAX_STATES:,} states: the hand is too far from tenpai for this model "
                        f"(extra {s.extra}{hint})")


def python_search(start: Start, roots: Sequence[tuple[int, bool]], turn: int
                   ) -> tuple[list[list[tuple[float, float, float]]], int]:
    """The reference search: each root (discarded face, riichi) → its values by turn; and the
    number of states."""
    graph = Graph(start)
    graph.state14(start.h0)
    ids = []
    for f, riichi in roots:
        h = list(start.h0)
        h[f] -= 1
        ids.append(graph.state13(tuple(h), riichi))
    if not graph.build():
        raise too_far(start)
    values = graph.values(ids, turn)
    return [values[i] for i in ids], len(graph.hands13) + len(graph.hands14)
