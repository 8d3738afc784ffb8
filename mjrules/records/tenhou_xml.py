"""Tenhou's mjlog: the XML the Tenhou client saves (``<mjloggm>``), plain or gzip-compressed.

Tiles are numbered 0 … 135 (four copies of each of the 34 kinds in order; with red fives on,
copy 0 of each five, 16, 52 and 88, is the red one). Draws are ``<T…>``, ``<U…>``, ``<V…>``,
``<W…>`` (seats 0 … 3) and discards ``<D…>`` … ``<G…>``; ``<N who m>`` is a call whose bits
``m`` encode the meld; ``<INIT>`` deals a round, ``<AGARI>`` a win with what Tenhou paid,
``<RYUUKYOKU>`` a draw. ``<GO type>`` carries the lobby's rule bits: 0x02 no red fives, 0x04 no
open tanyao, 0x10 three players.

A three-player game (read under ``tenhou-sanma``) has an empty fourth seat: ``hai3=""``, a fourth
score of 0; a call's offset counts seats on the four-seat table, and a North set aside (kita) is
an ``<N>`` whose code is ``(tile << 8) | 0x20``.
"""

from __future__ import annotations

import io
import re
import zlib
import xml.etree.ElementTree as ET
from typing import IO, Callable
from urllib.parse import unquote

from mjrules.errors import MjrulesError, RecordError
from mjrules.game.record import Deal
from mjrules.game.state import RoundState
from mjrules.game.wins import ron, tsumo
from mjrules.game.record import (
    ABORTIVE,
    EXHAUSTIVE,
    NAGASHI,
    Draw,
    Game,
    Recorded,
    RecordedWin,
    Round,
)
from mjrules.records.tenhou_rules import era_of, log_id_of, played_on, rules_on
from mjrules.records.tenhou_yaku import TENHOU_YAKU
from mjrules.model.melds import Meld, MeldKind
from mjrules.model.tiles import Tile, tile

NO_RED, NO_KUITAN, EAST_SOUTH, SANMA = 0x02, 0x04, 0x08, 0x10
RED_IDS = frozenset((16, 52, 88))
_MOVE = re.compile(r"^([TUVWDEFG])(\d{1,3})$")
DRAW_REASONS = {
    "yao9": "nine terminals", "reach4": "four riichi", "ron3": "three rons", "kan4": "four kans",
    "kaze4": "four winds", "nm": "nagashi mangan",
}


class _Tiles:
    """Tenhou tile numbers as Tiles, red fives when the game has them."""

    def __init__(self, where: Callable[[], str], red: bool) -> None:
        self.where = where
        self.red = red

    def one(self, n: int) -> Tile:
        if not 0 <= n < 136:
            raise RecordError(f"{self.where()}: tile number {n} is not in 0 … 135")
        return tile(n // 4, self.red and n in RED_IDS)

    def many(self, text: str | None, what: str) -> list[int]:
        if not text:
            return []
        try:
            numbers = [int(x) for x in text.split(",")]
        except ValueError:
            raise RecordError(f"{self.where()}: {what}: {text[:40]!r} is not a list of tile numbers") from None
        for n in numbers:
            self.one(n)
        return numbers


KITA = 0x20
"""The bit of an ``<N m=…>`` code that sets a North aside (three players)."""


def kita_tile(m: int, tiles: _Tiles) -> Tile | None:
    """The North of an ``<N m=…>`` code that sets one aside (kita), or None for a meld."""
    if m & 0x3C != KITA:
        return None
    t = tiles.one((m & 0xFF00) >> 8)
    if t.index != 30:
        raise RecordError(f"{tiles.where()}: a kita code ({m}) on {t}, not on a North")
    return t


def decode_meld(m: int, tiles: _Tiles) -> tuple[Meld, list[Tile], Tile | None]:
    """The meld of an ``<N m=…>`` code, the caller's own tiles in it, and the called tile."""
    source = m & 3
    if m & 0x4:  # chi
        t = (m & 0xFC00) >> 10
        r, t = t % 3, t // 3
        base = (t // 7) * 9 + t % 7
        ids = [(base + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3)]
        ts = [tiles.one(n) for n in ids]
        return Meld(MeldKind.CHI, ts, r, source), ts[:r] + ts[r + 1:], ts[r]
    if m & 0x18:  # pon (0x08) or added kan (0x10)
        t = (m & 0xFE00) >> 9
        r, t = t % 3, t // 3
        unused = (m >> 5) & 3
        ids = [t * 4 + i for i in range(4) if i != unused]
        ts = [tiles.one(n) for n in ids]
        if m & 0x8:
            return Meld(MeldKind.PON, ts, r, source), ts[:r] + ts[r + 1:], ts[r]
        added = tiles.one(t * 4 + unused)
        return Meld(MeldKind.KAKAN, [*ts, added], r, source), [added], added
    if m & KITA:
        raise RecordError(f"{tiles.where()}: a North set aside (kita, code {m}) is no meld")
    called = (m & 0xFF00) >> 8
    kind = called // 4
    ts = [tiles.one(kind * 4 + i) for i in range(4)]
    if source == 0:
        return Meld(MeldKind.ANKAN, ts), ts, None
    i = called % 4
    return Meld(MeldKind.DAIMINKAN, ts, i, source), ts[:i] + ts[i + 1:], ts[i]


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source
        self.red = True
        self.ruleset: str | None = "tenhou"
        self.names: tuple[str, ...] = ("", "", "", "")
        self.rounds: list[Round] = []
        self.final: tuple[int, ...] | None = None
        self.final_points: tuple[float, ...] | None = None
        self.label = "before the first round"
        self.flow: RoundState | None = None
        self.tiles = _Tiles(self.where, True)
        self.ended = False
        self.players = 4
        self.east_only = False

    def where(self) -> str:
        return f"{self.source}, round {self.label}"

    def fail(self, message: str) -> None:
        raise RecordError(f"{self.where()}: {message}")

    def ints(self, el: ET.Element, name: str, count: int | None = None) -> list[int]:
        text = el.get(name)
        if text is None:
            self.fail(f"<{el.tag}> has no {name}=")
            raise AssertionError
        try:
            values = [int(x) for x in text.split(",")] if text else []
        except ValueError:
            self.fail(f"<{el.tag} {name}={text[:40]!r}>: not a list of whole numbers")
            raise AssertionError
        if count is not None and len(values) != count:
            self.fail(f"<{el.tag} {name}=…>: expected {count} numbers, got {len(values)}")
        return values

    def seat(self, el: ET.Element, name: str) -> int:
        (value,) = self.ints(el, name, 1)
        if not 0 <= value < self.players:
            self.fail(f"<{el.tag} {name}={value}>: not a seat 0 … {self.players - 1}")
        return value

    # -- elements --------------------------------------------------------------------------------------
    def element(self, el: ET.Element) -> None:
        tag = el.tag
        move = _MOVE.match(tag)
        if move:
            self.move(move.group(1), int(move.group(2)))
        elif tag == "GO":
            self.go(el)
        elif tag == "UN":
            if el.get("n0") is not None and not self.rounds and self.flow is None:
                self.names = tuple(unquote(el.get(f"n{i}", "")) for i in range(self.players))
                if self.players == 4 and el.get("n3", "") == "" and el.get("n2") is not None:
                    self.fail("a game with no fourth player, but GO type does not say three players (bit 0x10)")
        elif tag == "INIT":
            self.init(el)
        elif tag == "N":
            self.call(el)
        elif tag == "REACH":
            self.reach(el)
        elif tag == "DORA":
            flow = self.need_flow("<DORA>")
            (n,) = self.ints(el, "hai", 1)
            flow.dora.append(self.tiles.one(n))
        elif tag == "AGARI":
            self.agari(el)
        elif tag == "RYUUKYOKU":
            self.ryuukyoku(el)
        # SHUFFLE, TAIKYOKU, BYE, the root: nothing the scores depend on

    def go(self, el: ET.Element) -> None:
        (bits,) = self.ints(el, "type", 1)
        self.red = not bits & NO_RED
        self.east_only = not bits & EAST_SOUTH
        self.tiles = _Tiles(self.where, self.red)
        if bits & SANMA:
            if bits & NO_KUITAN:
                self.fail("a three-player game without open tanyao (GO type bits 0x14): no preset plays it")
            self.players = 3
            self.ruleset = "tenhou-sanma"
        else:
            self.ruleset = "tenhou-nokuitan" if bits & NO_KUITAN else "tenhou"

    def init(self, el: ET.Element) -> None:
        if self.flow is not None:
            self.fail("a new round is dealt before this one ended (the record is cut or broken)")
        seed = self.ints(el, "seed", 6)
        ten = self.ints(el, "ten", 4)
        dealer = self.seat(el, "oya")
        wind, number = divmod(seed[0], 4)
        self.label = f"{'ESWN'[wind % 4]}{number + 1}" + (f"-{seed[1]}" if seed[1] else "")
        if seed[0] < 0 or seed[1] < 0 or seed[2] < 0:
            self.fail(f"<INIT seed=…>: negative round, honba or sticks {seed[:3]}")
        hands = tuple(tuple(self.tiles.one(n) for n in self.tiles.many(el.get(f"hai{i}"), f"hai{i}"))
                      for i in range(4))
        n = self.players
        if n == 3:
            if hands[3] or ten[3] or dealer == 3:
                self.fail("<INIT>: a three-player game deals to a fourth seat")
            hands, ten = hands[:3], ten[:3]
        deal = Deal(wind, number, seed[1], seed[2], dealer, tuple(v * 100 for v in ten), self.tiles.one(seed[5]),
                    hands)
        self.flow = RoundState(self.where(), deal)

    def need_flow(self, what: str) -> RoundState:
        if self.flow is None:
            self.fail(f"{what} outside a round")
            raise AssertionError
        return self.flow

    def move(self, letter: str, n: int) -> None:
        flow = self.need_flow(f"<{letter}{n}>")
        if flow.over:
            self.fail("play goes on after the round ended")
        i = "TUVWDEFG".index(letter)
        if i % 4 >= self.players:
            self.fail(f"<{letter}{n}>: a move of seat {i % 4}, at a table of {self.players}")
        t = self.tiles.one(n)
        if i < 4:
            flow.draw(i, t)
        else:
            flow.discard(i - 4, t)

    def call(self, el: ET.Element) -> None:
        flow = self.need_flow("<N>")
        who = self.seat(el, "who")
        (m,) = self.ints(el, "m", 1)
        north = kita_tile(m, self.tiles)
        if north is not None:
            flow.set_aside_north(who, north)
            return
        try:
            meld, own, called = decode_meld(m, self.tiles)
        except MjrulesError as e:
            if isinstance(e, RecordError):
                raise
            self.fail(f"<N who={who} m={m}>: {e}")
            raise
        flow.call(who, meld, own, called)

    def reach(self, el: ET.Element) -> None:
        flow = self.need_flow("<REACH>")
        who = self.seat(el, "who")
        (step,) = self.ints(el, "step", 1)
        if step == 1:
            flow.declare_riichi(who)
        elif step == 2:
            flow.riichi_accepted(who)
        else:
            self.fail(f"<REACH step={step}>: expected step 1 or 2")

    def agari(self, el: ET.Element) -> None:
        flow = self.need_flow("<AGARI>")
        round_wind = flow.deal.wind % 4
        who = self.seat(el, "who")
        from_who = self.seat(el, "fromWho")
        honba, sticks = self.ints(el, "ba", 2)
        dora = tuple(self.tiles.one(n) for n in self.tiles.many(el.get("doraHai"), "doraHai"))
        ura = tuple(self.tiles.one(n) for n in self.tiles.many(el.get("doraHaiUra"), "doraHaiUra"))
        fu, points, _limit = self.ints(el, "ten", 3)
        if from_who == who:
            hand, win = tsumo(flow, who, round_wind, honba, sticks, dora, ura)
            discarder = None
        else:
            hand, win, discarder = ron(flow, who, round_wind, honba, sticks, dora, ura)
            if discarder != from_who:
                self.fail(f"seat {who} wins on a tile of seat {discarder}, the record says seat {from_who}")
        held = sorted(self.tiles.one(n) for n in self.tiles.many(el.get("hai"), "hai"))
        if held != sorted((*hand.concealed, hand.win_tile)):
            self.fail(f"seat {who}'s hand as played ({''.join(t.mpsz() for t in sorted(hand.concealed))} + "
                      f"{hand.win_tile}) is not the hand the win shows ({''.join(t.mpsz() for t in held)})")
        yaku: list[str] = []
        han = 0
        pairs = self.ints(el, "yaku") if el.get("yaku") else []
        for i in range(0, len(pairs) - 1, 2):
            yid, h = pairs[i], pairs[i + 1]
            if not 0 <= yid < len(TENHOU_YAKU):
                self.fail(f"<AGARI yaku=…>: unknown Tenhou yaku number {yid}")
            han += h
            if h:
                yaku.append(TENHOU_YAKU[yid][1])
        yakuman = 0
        for yid in self.ints(el, "yakuman") if el.get("yakuman") else []:
            if not 0 <= yid < len(TENHOU_YAKU):
                self.fail(f"<AGARI yakuman=…>: unknown Tenhou yaku number {yid}")
            yakuman += 1
            yaku.append(TENHOU_YAKU[yid][1])
        if not yaku:
            self.fail(f"<AGARI who={who}> records no yaku")
        pao = self.seat(el, "paoWho") if el.get("paoWho") is not None else None
        sc = self.ints(el, "sc", 8)
        recorded = Recorded(None if yakuman else han, None if yakuman else fu, yakuman, points, tuple(yaku),
                            tuple(v * 100 for v in sc[1::2][:self.players]))
        flow.won(RecordedWin(who, discarder, pao, hand, win, recorded))
        self.end_of(el)

    def ryuukyoku(self, el: ET.Element) -> None:
        flow = self.need_flow("<RYUUKYOKU>")
        kind_attr = el.get("type")
        sc = self.ints(el, "sc", 8)
        shown = tuple(i for i in range(4) if el.get(f"hai{i}") is not None)
        if kind_attr is None:
            kind, reason, tenpai = EXHAUSTIVE, "exhaustive draw", shown
        elif kind_attr == "nm":
            kind, reason, tenpai = NAGASHI, DRAW_REASONS["nm"], shown
        elif kind_attr in DRAW_REASONS:
            kind, reason, tenpai = ABORTIVE, DRAW_REASONS[kind_attr], ()
        else:
            self.fail(f"<RYUUKYOKU type={kind_attr!r}>: unknown kind of draw")
            raise AssertionError
        nagashi = flow.nagashi() if kind == NAGASHI else ()
        if kind == NAGASHI and not nagashi:
            self.fail("a nagashi mangan, but no player's discards are all terminals and honours, uncalled")
        flow.drawn_out(Draw(kind, reason, tenpai, nagashi, tuple(v * 100 for v in sc[1::2][:self.players]),
                            shown if kind == ABORTIVE else ()))
        self.end_of(el)

    def end_of(self, el: ET.Element) -> None:
        """After each win or draw: a round ends when no further ``<AGARI>`` follows (the caller closes it)."""
        text = el.get("owari")
        if text is not None:
            parts = text.split(",")
            try:
                scores = [int(x) for x in parts[0::2]]
                points = [float(x) for x in parts[1::2]]
            except ValueError:
                self.fail(f"<{el.tag} owari={text[:40]!r}>: not final scores and points")
                raise
            if len(scores) != 4 or len(points) != 4:
                self.fail(f"<{el.tag} owari=…>: expected 8 numbers, got {len(parts)}")
            self.final = tuple(v * 100 for v in scores[:self.players])
            self.final_points = tuple(points[:self.players])

    def round_over(self) -> bool:
        """A round is open and has ended (a win or a draw was read)."""
        return self.flow is not None and self.flow.over

    def close_round(self) -> None:
        if self.flow is not None:
            self.rounds.append(self.flow.finish())
            self.flow = None


def read_mjlog(source: str, stream: IO[bytes]) -> Game:
    """The game in an mjlog stream (already decompressed); ``source`` names it in errors."""
    reader = _Reader(source)
    depth = 0
    try:
        for event, el in ET.iterparse(stream, events=("start", "end")):
            if event == "start":
                depth += 1
                if depth == 1 and el.tag != "mjloggm":
                    raise RecordError(f"{source}: not a Tenhou mjlog (the root element is <{el.tag}>)")
                continue
            depth -= 1
            if depth == 1:
                if el.tag != "AGARI" and reader.round_over():  # a double ron's second <AGARI> is the same round's
                    reader.close_round()
                reader.element(el)
                el.clear()
    except ET.ParseError as e:
        line, column = e.position
        where = reader.where()
        if reader.round_over():
            where = f"{source}, after round {reader.label}"  # the round had ended; the next one is cut
        raise RecordError(f"{where}: the XML is cut or broken (line {line}, column {column})") from None
    except (EOFError, OSError, zlib.error) as e:  # a cut or damaged gzip stream
        raise RecordError(f"{reader.where()}: the compressed data is cut or broken ({e})") from None
    reader.close_round()
    if not reader.rounds:
        raise RecordError(f"{source}: no rounds in the record")
    played = played_on(log_id_of(source))
    day: str | None = played
    assumed: tuple[str, ...] = ()
    if played is None and reader.ruleset and reader.final is not None and reader.final_points is not None:
        # a renamed record: the era its final points fit (mjrules.records.tenhou_rules.era_of)
        day, note = era_of(reader.ruleset, players=reader.players, east_only=reader.east_only, final=reader.final,
                           points=reader.final_points, rounds=reader.rounds)
        assumed = (note,)
    rules = rules_on(day, players=reader.players, east_only=reader.east_only) if reader.ruleset else ()
    return Game(source, "tenhou-xml", reader.ruleset, reader.names, tuple(reader.rounds), reader.final, reader.red,
                reader.final_points, played, rules, assumed=assumed)


def read_mjlog_bytes(source: str, data: bytes) -> Game:
    return read_mjlog(source, io.BytesIO(data))
