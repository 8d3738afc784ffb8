"""One round's state, followed event by event: each player's concealed tiles and melds in call
order, the rivers, the wall's count, the indicators turned, riichi and its deposit, the conditions a
win's situation depends on (ippatsu, haitei, houtei, rinshan, chankan, tenhou, chiihou, double
riichi, renhou), and what the rules of play read of it: each hand's waits, furiten, kuikae.

The readers of records feed it the events they read, the table's play (``mjrules.game.play``) the
moves it carries out; it never guesses: an event that does not fit the state (a discard of a tile
the player does not hold, a call with no discard to call) is a RecordError naming the record and
the round.

Furiten, as every ruleset plays it: from one's own discards, temporary after letting a tile go by
that completes the hand (a win without a yaku included) until one's next discard, and permanent
after letting one go by in riichi (``RoundState.let_go_by``).
"""

from __future__ import annotations

from typing import Iterable

import attrs

from mjrules.errors import RecordError
from mjrules.game.record import Call, Deal, Draw, Move, MoveKind, RecordedWin, Round, overdealt
from mjrules.model.melds import Meld, MeldKind
from mjrules import kernel
from mjrules.game.events import Discarded
from mjrules.model.tiles import Tile, tile_counts
from mjrules.scoring.payments import STICK

LIVE_DRAWS = 70
"""Draws a four-player round allows after the deal (136 tiles, 52 dealt, 14 in the dead wall);
a kan's replacement tile comes out of this count too, as the dead wall is topped up from the live one."""
LIVE_DRAWS_SANMA = 55
"""The same for three players: 108 tiles, 39 dealt, 14 in the dead wall (a kita's replacement
tile counts too)."""


class RoundState:
    """One round in play, from its deal to its end (``finish`` makes the Round). ``where`` names it
    in errors (``file, round E1``)."""

    def __init__(self, where: str, deal: Deal) -> None:
        self.where = where
        self.deal = deal
        self.dealer = deal.dealer
        hands = deal.hands
        if len(hands) not in (3, 4) or any(len(h) != 13 for h in hands):
            self.fail(f"the deal must give 13 tiles to each of four (or three) players, got {[len(h) for h in hands]}")
        n = self.players = len(hands)
        wrong = overdealt(hands, deal.dora)
        if wrong:
            self.fail(wrong)
        self.live_draws = LIVE_DRAWS if n == 4 else LIVE_DRAWS_SANMA
        self.dora: list[Tile] = [deal.dora]
        self.wins: list[RecordedWin] = []
        self.draw_end: Draw | None = None
        self.hands = [list(h) for h in hands]
        self.melds: list[list[Meld]] = [[] for _ in range(n)]
        self.calls: list[Call] = []
        self.drawn = 0
        self.last_draw: tuple[int, Tile] | None = None
        self.rinshan_next = [False] * n
        self.drew_rinshan = False
        self.last_discard: tuple[int, Tile] | None = None
        self.kan_tile: tuple[int, Tile, bool] | None = None
        """A tile just added to a kan (seat, tile, closed): it may be robbed (chankan)."""
        self.kita_tile: tuple[int, Tile] | None = None
        """A North just set aside (three players): a ron on it is not chankan."""
        self.kita = [0] * n
        """Norths each seat has set aside (three players)."""
        self.any_call = False
        self.discarded = [False] * n
        self.drew = [False] * n
        self.riichi = [0] * n
        self.riichi_pending: int | None = None
        self.ippatsu = [False] * n
        self.ippatsu_ends = False
        """A kakan or a kita was declared: ippatsu ends once it stands (the replacement draw)."""
        self.declared: list[int] = []
        self.river: list[list[Tile]] = [[] for _ in range(n)]
        self.robbed = [False] * n
        """A discard of this seat was called (it can no longer draw a nagashi mangan)."""
        self.moves: list[Move] = []
        """What the players did, in order (``Round.moves``: the table checks a record's moves with it)."""
        self.discards: list[Discarded] = []
        """The round's discards in order, as every seat saw them (``View.discards``)."""
        self.scores = list(deal.scores)
        """Scores as the players see them: riichi deposits taken off."""
        self.temporary = [False] * n
        """Temporary furiten: a winning tile went by since the seat's last discard."""
        self.riichi_furiten = [False] * n
        """A winning tile went by after the seat's riichi."""
        self.kuikae: frozenset[int] = frozenset()
        """Kinds the player who just called may not discard."""
        self._waits: list[frozenset[int] | None] = [None] * n

    def fail(self, message: str) -> None:
        raise RecordError(f"{self.where}: {message}")

    @property
    def over(self) -> bool:
        """A win or a draw has ended the round."""
        return bool(self.wins) or self.draw_end is not None

    def won(self, win: RecordedWin) -> None:
        if self.draw_end is not None:
            self.fail("a win after the round was drawn")
        self.wins.append(win)

    def drawn_out(self, draw: Draw) -> None:
        if self.over:
            self.fail("a draw after the round ended")
        self.draw_end = draw

    def finish(self) -> Round:
        """The round as played; an error if it has no end (a win or a draw)."""
        if not self.over:
            self.fail("the round has no end (no win and no draw): the record is cut or broken")
        d = self.deal
        return Round(d.wind, d.number, d.honba, d.sticks, d.dealer, d.scores, self.dora[:1], tuple(self.calls),
                     tuple(self.declared), tuple(self.wins), self.draw_end, d.hands, tuple(self.moves),
                     tuple(self.dora))

    # -- events --------------------------------------------------------------------------------------
    def draw(self, seat: int, t: Tile) -> None:
        if self.drawn >= self.live_draws:
            self.fail(f"seat {seat} draws {t} after the wall is empty")
        if len(self.hands[seat]) + 3 * len(self.melds[seat]) != 13:
            self.fail(f"seat {seat} draws {t} while holding {len(self.hands[seat])} tiles")
        self.drawn += 1
        self.moves.append(Move(MoveKind.DRAW, seat, t))
        if self.ippatsu_ends:
            self.ippatsu = [False] * self.players
            self.ippatsu_ends = False
        self.drew_rinshan = self.rinshan_next[seat]
        self.rinshan_next[seat] = False
        self.hands[seat].append(t)
        self._waits[seat] = None
        self.last_draw = (seat, t)
        self.drew[seat] = True
        self.kan_tile = None
        self.kita_tile = None

    def discard(self, seat: int, t: Tile) -> None:
        self._take(seat, [t], "discard")
        self.moves.append(Move(MoveKind.DISCARD, seat, t))
        last = self.last_draw
        riichi = self.riichi_pending == seat
        self.discards.append(Discarded(seat, t, last is not None and last[0] == seat and last[1] == t, riichi))
        self._waits[seat] = None
        self.temporary[seat] = False
        self.kuikae = frozenset()
        if riichi:
            self.riichi_pending = None
        elif self.ippatsu[seat]:
            self.ippatsu[seat] = False
        self.discarded[seat] = True
        self.river[seat].append(t)
        self.last_discard = (seat, t)
        self.last_draw = None
        self.kan_tile = None
        self.kita_tile = None

    def declare_riichi(self, seat: int) -> None:
        if self.riichi[seat]:
            self.fail(f"seat {seat} declares riichi twice")
        if self.melds[seat] and any(m.is_open for m in self.melds[seat]):
            self.fail(f"seat {seat} declares riichi with an open hand")
        self.riichi[seat] = 2 if not self.discarded[seat] and not self.any_call else 1
        self.riichi_pending = seat
        self.moves.append(Move(MoveKind.RIICHI, seat))

    def riichi_accepted(self, seat: int) -> None:
        """The riichi discard passed without a ron: the stick is deposited, ippatsu starts."""
        if not self.riichi[seat]:
            self.fail(f"riichi of seat {seat} accepted but never declared")
        self.ippatsu[seat] = True
        self.declared.append(seat)
        self.scores[seat] -= STICK
        self.moves.append(Move(MoveKind.ACCEPTED, seat))

    def call(self, seat: int, meld: Meld, own: Iterable[Tile], called: Tile | None) -> None:
        """``meld`` made by ``seat`` from the tiles ``own`` of its hand and the tile ``called``
        (the last discard for chi, pon and daiminkan; the added tile itself for a kakan)."""
        own = tuple(own)
        kind = meld.kind
        if kind in (MeldKind.CHI, MeldKind.PON, MeldKind.DAIMINKAN):
            if self.last_discard is None or called is None:
                self.fail(f"seat {seat} calls {meld.describe()} with no discard to call")
                return
            source, tile_ = self.last_discard
            if tile_ != called:
                self.fail(f"seat {seat} calls {called} but the last discard is {tile_}")
            if (source - seat) % 4 != meld.source:
                self.fail(f"seat {seat} calls {meld.describe()} but the discard came from seat {source}")
            if self.players == 3:  # the marks say next or previous at a table of three (seat_at)
                meld = attrs.evolve(meld, source=1 if source == (seat + 1) % 3 else 3)
            self._take(seat, list(own), kind.value)
            self.robbed[source] = True
            self.melds[seat].append(meld)
            if kind is MeldKind.DAIMINKAN:
                self.rinshan_next[seat] = True
            self.last_discard = None
        elif kind is MeldKind.KAKAN:
            added = meld.tiles[3]
            self._take(seat, [added], "kakan")
            for i, m in enumerate(self.melds[seat]):
                if m.kind is MeldKind.PON and m.tiles[0].index == added.index:
                    if self.players == 3:  # the pon's mark, already next or previous (a record may count four seats)
                        meld = attrs.evolve(meld, source=m.source)
                    self.melds[seat][i] = meld  # the pon becomes the kan where it stood
                    break
            else:
                self.fail(f"seat {seat} adds {added} to a pon it does not have")
            self.rinshan_next[seat] = True
            self.kan_tile = (seat, added, False)
        else:  # ankan
            self._take(seat, list(meld.tiles), "ankan")
            self.melds[seat].append(meld)
            self.rinshan_next[seat] = True
            self.kan_tile = (seat, meld.tiles[0], True)
        self.calls.append(Call(seat, meld))
        self.moves.append(Move(MoveKind.CALL, seat, called, meld, tuple(own)))
        self._waits[seat] = None
        self.any_call = True
        if kind is MeldKind.KAKAN:  # the kan is not complete while its tile may be robbed: chankan keeps ippatsu
            self.ippatsu_ends = True
        else:
            self.ippatsu = [False] * 4
        self.last_draw = None

    def set_aside_north(self, seat: int, north: Tile) -> None:
        """Three players: ``seat`` sets a North aside (kita); it draws a replacement tile, a rinshan
        draw, and the kita counts as a call for the first go-around and, once that replacement is
        drawn, for ippatsu: a ron on the North itself keeps ippatsu, as a ron robbing a kan does
        (Tenhou's sanma records pay it)."""
        if self.players != 3:
            self.fail(f"seat {seat} sets North aside (kita) in a four-player game")
        self._take(seat, [north], "kita")
        self._waits[seat] = None
        self.moves.append(Move(MoveKind.KITA, seat, north))
        self.kita[seat] += 1
        self.rinshan_next[seat] = True
        self.kita_tile = (seat, north)
        self.any_call = True
        self.ippatsu_ends = True
        self.last_draw = None

    def _take(self, seat: int, tiles: list[Tile], what: str) -> None:
        hand = self.hands[seat]
        for t in tiles:
            try:
                hand.remove(t)
            except ValueError:
                held = "".join(x.mpsz() for x in sorted(hand))
                self.fail(f"seat {seat} {what}: {t} is not in its hand ({held})")

    # -- what the rules of play read ------------------------------------------------------------------
    @property
    def live_left(self) -> int:
        """Live draws left in the wall."""
        return self.live_draws - self.drawn

    @property
    def kans(self) -> int:
        """Kans on the table."""
        return sum(m.is_kan for ms in self.melds for m in ms)

    def wait_kinds(self, seat: int) -> frozenset[int]:
        """The kinds that complete ``seat``'s concealed tiles (empty unless it waits: 3k + 1 tiles in
        tenpai; a kind it holds four times never does)."""
        got = self._waits[seat]
        if got is None:
            hand = self.hands[seat]
            got = frozenset()
            if len(hand) % 3 == 1:
                counts = tile_counts(hand)
                if self.shanten(seat, counts) == 0:
                    got = frozenset(kernel.winning_kinds(counts, counts, 0))
            self._waits[seat] = got
        return got

    def shanten(self, seat: int, counts: list[int]) -> int:
        """The shanten of ``seat``'s concealed ``counts`` beside its melds (four sets and a pair only,
        when it has melds). The copies of a kind in its own melds do not count against a wait on it:
        waiting on a fifth tile whose four include a kan is tenpai (Tenhou: 5枚目を待つ聴牌あり, except
        where the four are all concealed: the shanten counts at most four of a kind in the hand)."""
        if not self.melds[seat]:
            return kernel.shanten(counts)
        return kernel.standard_shanten(counts, None)

    def furiten(self, seat: int) -> str | None:
        """Why ``seat`` may not ron now, or None."""
        if self.riichi_furiten[seat]:
            return "furiten: a winning tile went by after its riichi"
        if self.temporary[seat]:
            return "furiten: it let a winning tile go by since its last discard (temporary furiten)"
        waits = self.wait_kinds(seat)
        own = [t for t in self.river[seat] if t.index in waits]
        if own:
            return f"furiten: its own discard {own[0]} is one of its winning tiles"
        return None

    def let_go_by(self, seat: int) -> None:
        """``seat`` let a winning tile go by: furiten until its next discard, for the round in riichi."""
        self.temporary[seat] = True
        if self.riichi[seat]:
            self.riichi_furiten[seat] = True

    def nagashi(self) -> tuple[int, ...]:
        """The seats whose discards are all terminals and honours, none of them called."""
        return tuple(s for s in range(self.players)
                     if self.river[s] and not self.robbed[s] and all(t.is_yaochu for t in self.river[s]))

    def tenpai(self) -> tuple[int, ...]:
        """The seats whose concealed tiles wait on a winning tile (shanten 0)."""
        return tuple(s for s in range(self.players) if len(self.hands[s]) % 3 == 1
                     and kernel.shanten(tile_counts(self.hands[s])) == 0)
