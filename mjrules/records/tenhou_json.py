"""Tenhou's JSON log (what tenhou.net/6 shows and exports): ``{"title", "name", "rule", "log"}``.

Each round of ``log`` is ``[[round, honba, sticks], scores, dora indicators, ura indicators,`` then
for each seat its deal, its draws and its discards, then the result. Tiles are 11–19 (m), 21–29
(p), 31–39 (s), 41–47 (East … Red), 51–53 the red fives. A draw may be a call written as the
tiles with a letter before the called one (``c`` chi, ``p`` pon, ``m`` open kan; the letter's
place says who gave it); a discard may be ``60`` (the tile just drawn), ``r…`` (riichi), ``a…``
(closed kan), ``k…`` (added kan), or ``0`` after an open kan. The result names the win (``和了``,
with each win's score changes and ``[who, from, pao, "30符2飜2000点", "立直(1飜)", …]``) or the draw.

The situation of a win (riichi, ippatsu, haitei, …) is read from its yaku, which Tenhou lists; a
ron on the tile of a closed kan just declared robs it (chankan, which a kokushi musou lists not).

A three-player game keeps four seats with the fourth empty (no deal, a score of 0); a North set
aside is ``f44`` among the discards (the next draw replaces it), and a call's letter counts seats
on the four-seat table, as the mjlog does. Mahjong Soul converters write the same format with
their room's name in ``rule.disp`` and some yaku in their own words (``役牌:場風牌``, ``抜きドラ``,
or English); ``tenhou_yaku.yaku_id`` reads them.
"""

from __future__ import annotations

import re
from typing import Any

import attrs

from mjrules.errors import MjrulesError, RecordError, json_document
from mjrules.game.record import (
    ABORTIVE,
    EXHAUSTIVE,
    NAGASHI,
    Call,
    Draw,
    Game,
    Move,
    MoveKind,
    Recorded,
    RecordedWin,
    Round,
)
from mjrules.records.tenhou_rules import era_of, played_on, rules_on
from mjrules.records.tenhou_yaku import ROUND_WIND, SEAT_WIND, WIND_IDS, yaku_id
from mjrules.model.hand import Hand
from mjrules.model.melds import Meld, MeldKind
from mjrules.model.tiles import Tile, tile
from mjrules.model.win import ROBBED_ANKAN, ROBBED_KITA, Win

from mjrules.game.record import overdealt
from mjrules.tools.shanten import shanten, tiles_to_counts

TENHOU_LOBBY = re.compile(r"^[三四]?[般上特鳳技若銀琥孔]?三?(?:(?P<east>東)|南)(?P<kuitan>喰)?(?P<red>赤)?"
                          r"(?:速|祝[0-9０-９]*|暗)*[－-]?$")
"""The ``rule.disp`` of a Tenhou lobby (``般南喰赤``, ``鳳東喰赤速``, three players ``三鳳南喰赤``): 喰 open
tanyao, 赤 red fives."""

DRAWS = {"流局": EXHAUSTIVE, "全員聴牌": EXHAUSTIVE, "全員不聴": EXHAUSTIVE, "流し満貫": NAGASHI,
         "九種九牌": ABORTIVE, "四家立直": ABORTIVE, "三家和了": ABORTIVE, "四槓散了": ABORTIVE, "四風連打": ABORTIVE}
_YAKU = re.compile(r"^(.+?)\s*\((\d+)\s*(?:飜|翻|han)\)$", re.IGNORECASE)
_YAKUMAN = re.compile(r"^(.+?)\s*\((?:役満|yakuman)\)$", re.IGNORECASE)
_FU = re.compile(r"(\d+)\s*(?:符|fu)", re.IGNORECASE)
_POINTS = re.compile(r"(\d+)(?:-(\d+))?\s*(?:点|pts?\.?|points?)\s*(∀|all)?\s*$", re.IGNORECASE)
"""A yaku with its han (``立直(1飜)``, a converter's ``Riichi(1han)``), a yakuman, the fu and the points
of the value line (``30符4飜3900点∀``: 3,900 from each; ``満貫2000-4000点``)."""


def _tile(code: Any, where: str) -> Tile:
    if type(code) is not int:
        raise RecordError(f"{where}: {code!r} is not a tile code")
    if code in (51, 52, 53):
        return tile((code - 51) * 9 + 4, True)
    suit, number = divmod(code, 10)
    if 1 <= suit <= 3 and 1 <= number <= 9:
        return tile((suit - 1) * 9 + number - 1)
    if suit == 4 and 1 <= number <= 7:
        return tile(27 + number - 1)
    raise RecordError(f"{where}: {code!r} is not a tile code (11-19, 21-29, 31-39, 41-47, 51-53)")


def _call_tiles(text: str, where: str) -> tuple[str, int, list[Tile], Tile]:
    """A call string: its letter, the letter's place (0, 2, 4, 6), the other tiles, the marked tile."""
    m = re.fullmatch(r"((?:\d\d)*)([cpmak])(\d\d)((?:\d\d)*)", text)
    if not m:
        raise RecordError(f"{where}: {text!r} is not a call (tiles with one of c p m a k before a tile)")
    before, letter, marked, after = m.groups()
    others = [_tile(int(before[i:i + 2]), where) for i in range(0, len(before), 2)]
    others += [_tile(int(after[i:i + 2]), where) for i in range(0, len(after), 2)]
    return letter, len(before), others, _tile(int(marked), where)


_PLAIN_FIVE = {51: 15, 52: 25, 53: 35}
"""Without red fives, the red codes are plain fives."""

_SOURCE = {0: 3, 2: 2, 4: 1, 6: 1}
"""The place of the letter in a pon or kan string: from the previous player, opposite, next."""


class _Seat:
    """One player's deal, draws and discards, played through to the end of the round."""

    def __init__(self, where: str, seat: int, deal: list, takes: list, drops: list, players: int = 4) -> None:
        self.where = where
        self.hand = [_tile(c, where) for c in deal]
        self.dealt = tuple(self.hand)
        if len(self.hand) != 13:
            raise RecordError(f"{where}: seat {seat} is dealt {len(self.hand)} tiles, not 13")
        self.melds: list[Meld] = []
        self.riichi = False
        self.riichi_last = False
        self.last_drop: Tile | None = None
        self.kakan_last = False
        self.ankan_last = False
        """Its last move is a closed kan: a ron on its tile robs it (kokushi, where the ruleset allows)."""
        self.kita = 0
        """Norths set aside (three players: ``f44`` among the discards)."""
        self.kita_last = False
        self.last_take: Tile | None = None
        self.seat = seat
        self.players = players
        if len(takes) < len(drops) or len(takes) > len(drops) + 1:
            raise RecordError(f"{where}: seat {seat} draws {len(takes)} times and discards {len(drops)} times")
        for i, take in enumerate(takes):
            self._take(take)
            if i < len(drops):
                self._drop(drops[i])
        self.won_on_draw = len(takes) == len(drops) + 1

    def _remove(self, t: Tile) -> None:
        try:
            self.hand.remove(t)
        except ValueError:
            raise RecordError(f"{self.where}: seat {self.seat} gives up {t}, which it does not hold") from None

    def _source(self, place: int) -> int:
        """The seat mark of a pon or kan whose letter stands at ``place``: next, opposite or previous on
        a table of four; at a table of three the same count of seats is turned into next or previous."""
        offset = _SOURCE[place]
        if self.players == 4:
            return offset
        source = (self.seat + offset) % 4
        if source == 3:
            raise RecordError(f"{self.where}: seat {self.seat} calls from the empty fourth seat")
        return 1 if source == (self.seat + 1) % 3 else 3

    def _take(self, take: Any) -> None:
        self.kakan_last = self.ankan_last = False
        self.kita_last = False
        if isinstance(take, int):
            t = _tile(take, self.where)
            self.hand.append(t)
            self.last_take = t
            return
        if not isinstance(take, str):
            raise RecordError(f"{self.where}: seat {self.seat} draws {take!r}")
        letter, place, own, called = _call_tiles(take, self.where)
        for t in own:
            self._remove(t)
        try:
            if letter == "c":
                if self.players == 3:
                    raise RecordError(f"{self.where}: seat {self.seat} calls chi at a table of three")
                self.melds.append(Meld(MeldKind.CHI, [called, *own], 0, 3))
            elif letter == "p":
                self.melds.append(Meld(MeldKind.PON, [called, *own], 0, self._source(place)))
            elif letter == "m":
                self.melds.append(Meld(MeldKind.DAIMINKAN, [*own, called], 3, self._source(place)))
            else:
                raise RecordError(f"{self.where}: seat {self.seat} draws {take!r}: not a chi, pon or open kan")
        except MjrulesError as e:
            if isinstance(e, RecordError):
                raise
            raise RecordError(f"{self.where}: seat {self.seat} calls {take!r}: {e}") from None
        self.last_take = None

    def _drop(self, drop: Any) -> None:
        self.riichi_last = False
        self.kita_last = False
        if drop == 0:  # after an open kan: no discard
            return
        if drop == "f44":  # three players: a North set aside (kita); the next draw replaces it
            if self.players != 3:
                raise RecordError(f"{self.where}: seat {self.seat} sets North aside in a four-player game")
            north = _tile(44, self.where)
            self._remove(north)
            self.kita += 1
            self.kita_last = True
            self.last_drop = north  # it may be ronned (not chankan)
            self.last_take = None
            return
        if drop == 60:
            if self.last_take is None:
                raise RecordError(f"{self.where}: seat {self.seat} discards the drawn tile right after a call")
            t = self.last_take
        elif isinstance(drop, int):
            t = _tile(drop, self.where)
        elif isinstance(drop, str) and drop.startswith("r"):
            self.riichi = self.riichi_last = True
            code = drop[1:]
            if code == "60":
                if self.last_take is None:
                    raise RecordError(f"{self.where}: seat {self.seat} declares riichi on a drawn tile it has not")
                t = self.last_take
            elif code.isdigit():
                t = _tile(int(code), self.where)
            else:
                raise RecordError(f"{self.where}: seat {self.seat} discards {drop!r}")
        elif isinstance(drop, str):
            letter, place, others, marked = _call_tiles(drop, self.where)
            if letter == "a":
                for x in (*others, marked):
                    self._remove(x)
                self.melds.append(self._meld(MeldKind.ANKAN, [*others, marked]))
                self.ankan_last = True
                self.last_drop = marked
            elif letter == "k":
                self._remove(marked)
                for i, m in enumerate(self.melds):
                    if m.kind is MeldKind.PON and m.tiles[0].index == marked.index:
                        self.melds[i] = self._meld(MeldKind.KAKAN, [*m.tiles, marked], m.called, m.source)
                        break
                else:
                    raise RecordError(f"{self.where}: seat {self.seat} adds {marked} to a pon it does not have")
                self.kakan_last = True
                self.last_drop = marked
            else:
                raise RecordError(f"{self.where}: seat {self.seat} discards {drop!r}")
            self.last_take = None
            return
        else:
            raise RecordError(f"{self.where}: seat {self.seat} discards {drop!r}")
        self._remove(t)
        self.last_drop = t
        self.last_take = None

    def _meld(self, kind: MeldKind, tiles: list[Tile], called: int | None = None, source: int | None = None) -> Meld:
        try:
            return Meld(kind, tiles, called, source)
        except MjrulesError as e:
            raise RecordError(f"{self.where}: seat {self.seat}'s {kind.value}: {e}") from None


def _calls_on(text: str, seat: int, discarder: int, t: Tile, players: int, where: str) -> bool:
    """Whether ``seat``'s call ``text`` takes ``discarder``'s discard ``t``: the same kind, from that seat."""
    letter, place, _, called = _call_tiles(text, where)
    if letter not in "cpm" or called.index != t.index:
        return False
    if letter == "c":
        return discarder == (seat - 1) % players
    return discarder == (seat + _SOURCE[place]) % 4  # counted on a table of four, three players' too


class _Dead(Exception):
    """A way of merging the seats' moves that the log's own lists rule out (``_Merge``)."""


@attrs.define
class _Merging:
    """Where one way of merging the seats' moves stands: each seat's next draw and discard, whose
    turn it is and whether it draws, the moves so far, each seat's tile just drawn and its pons."""

    at_take: list[int]
    at_drop: list[int]
    turn: int
    draw: bool
    moves: list[Move]
    last_take: list[Tile | None]
    pons: dict[tuple[int, int], Meld]

    def copy(self) -> _Merging:
        return _Merging(list(self.at_take), list(self.at_drop), self.turn, self.draw, list(self.moves),
                        list(self.last_take), dict(self.pons))

    def key(self) -> tuple[tuple[int, ...], tuple[int, ...], int, bool]:
        """All that decides how the merge goes on from here (the tile just drawn follows from ``draw``)."""
        return tuple(self.at_take), tuple(self.at_drop), self.turn, self.draw


class _Merge:
    """The round's moves in the order of play, from the log's draws and discards listed seat by seat
    (the method of ``_moves``)."""

    def __init__(self, where: str, takes: list[list[Any]], drops: list[list[Any]], players: int) -> None:
        self.where, self.takes, self.drops, self.players = where, takes, drops, players
        self.hopeless: set[tuple[tuple[int, ...], tuple[int, ...], int, bool]] = set()
        """Places from which no merge uses every draw and discard the log lists."""

    def complete(self, m: _Merging) -> bool:
        return all(m.at_take[s] == len(self.takes[s]) and m.at_drop[s] == len(self.drops[s])
                   for s in range(self.players))

    def follow(self, m: _Merging) -> _Merging:
        """Play ``m`` on to the round's end, choosing at each discard that a later call in the log
        may take; the first choice that uses every listed move wins (else the first that ends)."""
        where, takes, drops, players = self.where, self.takes, self.drops, self.players
        while True:
            turn = m.turn
            if m.draw:
                if m.at_take[turn] >= len(takes[turn]):
                    return m
                take = takes[turn][m.at_take[turn]]
                if not isinstance(take, int):
                    raise _Dead(f"{where}: seat {turn} is to draw, and the log has it call {take!r}")
                m.at_take[turn] += 1
                t = _tile(take, where)
                m.moves.append(Move(MoveKind.DRAW, turn, t))
                m.last_take[turn] = t
            if m.at_drop[turn] >= len(drops[turn]):
                return m  # its win on the draw, or the wall's end
            drop = drops[turn][m.at_drop[turn]]
            m.at_drop[turn] += 1
            m.draw = True
            if drop == "f44":
                m.moves.append(Move(MoveKind.KITA, turn, _tile(44, where)))
                continue
            if isinstance(drop, str) and not drop.startswith("r"):
                m.moves.append(self._kan(m, turn, drop))
                continue
            riichi = isinstance(drop, str)
            code = drop[1:] if isinstance(drop, str) else drop
            if code in (60, "60"):
                t_out = m.last_take[turn]
                if t_out is None:
                    raise _Dead(f"{where}: seat {turn} discards the drawn tile right after a call")
            else:
                t_out = _tile(int(code), where)
            if riichi:
                m.moves.append(Move(MoveKind.RIICHI, turn))
            m.moves.append(Move(MoveKind.DISCARD, turn, t_out))
            m.last_take[turn] = None
            callers: list[int] = []  # the seats whose next draw is a call on this tile from this seat: pon and kan first
            for offset in range(1, players):
                s = (turn + offset) % players
                nxt = takes[s][m.at_take[s]] if m.at_take[s] < len(takes[s]) else None
                if isinstance(nxt, str) and _calls_on(nxt, s, turn, t_out, players, where):
                    callers.insert(len(callers) if "c" in nxt else 0, s)
            if not callers:
                m.turn = (turn + 1) % players
                continue
            return self.choose(m, t_out, callers)

    def choose(self, m: _Merging, t_out: Tile, callers: list[int]) -> _Merging:
        """Each way on from a discard ``callers`` may call (a call, or none): the first that uses
        every listed move, else the first that ends; the first way's error when none ends."""
        first_error: _Dead | None = None
        fallback: _Merging | None = None
        for caller in [*callers, None]:
            branch = m.copy()
            if caller is None:
                branch.turn = (m.turn + 1) % self.players
            else:
                self._call(branch, caller, t_out)
            if branch.key() in self.hopeless:
                continue
            try:
                done = self.follow(branch)
            except _Dead as e:
                first_error = first_error or e
                self.hopeless.add(branch.key())
                continue
            if self.complete(done):
                return done
            self.hopeless.add(branch.key())
            fallback = fallback or done
        if fallback is not None:
            return fallback
        raise first_error or _Dead(f"{self.where}: the log's draws and discards fit no order of play")

    def _call(self, m: _Merging, caller: int, t_out: Tile) -> None:
        where, players = self.where, self.players
        text = self.takes[caller][m.at_take[caller]]
        m.at_take[caller] += 1
        letter, place, own, called = _call_tiles(text, where)
        source = (m.turn - caller) % players if players == 4 else (1 if m.turn == (caller + 1) % 3 else 3)
        kind = {"c": MeldKind.CHI, "p": MeldKind.PON, "m": MeldKind.DAIMINKAN}[letter]
        meld = Meld(kind, [t_out, *own], 0, source)
        m.moves.append(Move(MoveKind.CALL, caller, t_out, meld, tuple(own)))
        if kind is MeldKind.PON:
            m.pons[(caller, t_out.index)] = meld
        m.turn = caller
        m.draw = kind is MeldKind.DAIMINKAN
        if m.draw and m.at_drop[caller] < len(self.drops[caller]) and self.drops[caller][m.at_drop[caller]] == 0:
            m.at_drop[caller] += 1  # the kan's place among the discards

    def _kan(self, m: _Merging, turn: int, drop: str) -> Move:
        letter, place, others, marked = _call_tiles(drop, self.where)
        if letter == "a":
            four = [*others, marked]
            return Move(MoveKind.CALL, turn, None, Meld(MeldKind.ANKAN, four), tuple(four))
        if letter == "k":
            pon = m.pons.get((turn, marked.index))
            if pon is None:
                raise RecordError(f"{self.where}: seat {turn} adds {marked} to a pon it does not have")
            return Move(MoveKind.CALL, turn, marked, Meld(MeldKind.KAKAN, [*pon.tiles, marked], pon.called, pon.source),
                        (marked,))
        raise RecordError(f"{self.where}: seat {turn} discards {drop!r}")


def _moves(where: str, raw: list, dealer: int, players: int, red: bool) -> tuple[Move, ...]:
    """The round's moves in the order of play. The log lists each seat's draws and discards apart;
    they are merged as the table plays them: the dealer draws first; after a discard the next seat
    draws, unless a seat whose next listed draw is a pon, open kan or chi of that tile from that
    seat calls it; after a kan (its ``0`` among the discards) or a North set aside, the same seat
    draws again. Whether a listed call takes this discard or a later one of the same tile is not
    written: the order chosen is the one in which every seat's draws and discards all fit (each
    seat draws a tile, not a call, when it is its turn to draw; a ``60`` follows a draw, not a
    call; every listed move is made), the call tried first."""
    takes: list[list[Any]] = []
    drops: list[list[Any]] = []
    for s in range(players):
        t, d = raw[5 + 3 * s], raw[6 + 3 * s]
        if not red:
            t, d = ([_PLAIN_FIVE.get(c, c) if isinstance(c, int) else c for c in x] for x in (t, d))
        takes.append(list(t))
        drops.append(list(d))
    start = _Merging([0] * players, [0] * players, dealer, True, [], [None] * players, {})
    merge = _Merge(where, takes, drops, players)
    try:
        return tuple(merge.follow(start).moves)
    except _Dead as e:
        raise RecordError(str(e)) from None


def _recorded_value(info: list, deltas: list, where: str, players: int = 4, round_wind: int = 0,
                    seat_wind: int = 0) -> tuple[Recorded, set[str]]:
    yaku: list[str] = []
    han = 0
    yakuman = 0
    texts = info[4:]
    for text in texts:
        if not isinstance(text, str):
            raise RecordError(f"{where}: yaku {text!r} is not text")
        m = _YAKU.match(text)
        ym = _YAKUMAN.match(text)
        if m:
            name, h = m.group(1), int(m.group(2))
            han += h
        elif ym:
            name, h = ym.group(1), 0
            yakuman += 1
        else:
            raise RecordError(f"{where}: {text!r} is not a yaku with its han")
        yid = yaku_id(name)
        if yid is None:
            raise RecordError(f"{where}: unknown yaku {name!r}")
        if yid == ROUND_WIND:  # a converter's name for the round's wind, which it does not name
            yid = f"round_wind_{WIND_IDS[round_wind % 4]}"
        elif yid == SEAT_WIND:
            yid = f"seat_wind_{WIND_IDS[seat_wind]}"
        if h or ym:
            yaku.append(yid)
    head = info[3] if len(info) > 3 else ""
    if not isinstance(head, str):
        raise RecordError(f"{where}: {head!r} is not the value of the win")
    fu_m, pts = _FU.search(head), _POINTS.search(head)
    if pts is None:
        raise RecordError(f"{where}: {head!r} gives no points")
    a, b, every = int(pts.group(1)), pts.group(2), pts.group(3)
    # a tsumo's points as they add up: every payer the same (∀), or the dealer more and the others less;
    # at a table of three one non-dealer fewer pays (tsumo loss)
    points = a * (players - 1) if every else ((players - 2) * a + int(b) if b else a)
    if len(deltas) != 4 or not all(type(d) is int for d in deltas) or any(deltas[players:]):
        raise RecordError(f"{where}: the score changes {deltas!r} are not four whole numbers"
                          + ("" if players == 4 else ", the fourth 0"))
    return Recorded(None if yakuman else han, (int(fu_m.group(1)) if fu_m and not yakuman else None), yakuman,
                    points, tuple(yaku), tuple(deltas[:players])), set(yaku)


def _round(source: str, index: int, raw: Any, red: bool, players: int = 4) -> Round:
    where = f"{source}, round {index + 1}"
    if not isinstance(raw, list) or len(raw) < 17:
        raise RecordError(f"{where}: a round is a list of 17 entries (header, scores, dora, ura, 3 per seat, result)")
    head = raw[0]
    if not (isinstance(head, list) and len(head) == 3 and all(type(x) is int and x >= 0 for x in head)):
        raise RecordError(f"{where}: {head!r} is not [round, honba, sticks]")
    kyoku, honba, sticks = head
    wind, number = divmod(kyoku, 4)
    label = f"{'ESWN'[wind % 4]}{number + 1}" + (f"-{honba}" if honba else "")
    where = f"{source}, round {label}"
    scores = raw[1]
    if not (isinstance(scores, list) and len(scores) == 4 and all(type(s) is int for s in scores)):
        raise RecordError(f"{where}: {scores!r} is not the four scores")
    dora = tuple(_tile(c, where) for c in raw[2]) if isinstance(raw[2], list) else ()
    ura = tuple(_tile(c, where) for c in raw[3]) if isinstance(raw[3], list) else ()
    if not dora:
        raise RecordError(f"{where}: no dora indicator")
    if not red:
        dora = tuple(tile(t.index) for t in dora)
    if players == 3 and (scores[3] != 0 or any(raw[13:16])):
        raise RecordError(f"{where}: a three-player game deals to a fourth seat")
    scores = scores[:players]
    parts = []
    for s in range(players):
        deal, takes, drops = raw[4 + 3 * s: 7 + 3 * s]
        if not all(isinstance(x, list) for x in (deal, takes, drops)):
            raise RecordError(f"{where}: seat {s}'s deal, draws and discards must be lists")
        if not red:
            deal, takes, drops = ([_PLAIN_FIVE.get(c, c) if isinstance(c, int) else c for c in x]
                                  for x in (deal, takes, drops))
        parts.append((list(deal), list(takes), list(drops)))
    wrong = overdealt([[_tile(c, where) for c in deal] for deal, _, _ in parts], dora[0])
    if wrong:
        raise RecordError(f"{where}: {wrong}")
    seats = [_Seat(where, s, *part, players) for s, part in enumerate(parts)]
    result = raw[16]
    if not (isinstance(result, list) and result and isinstance(result[0], str)):
        raise RecordError(f"{where}: {result!r} is not the result of the round")
    dealer = kyoku % 4
    if dealer >= players:
        raise RecordError(f"{where}: round {kyoku} has no dealer at a table of {players}")
    calls = tuple(Call(s, m) for s in range(players) for m in seats[s].melds)  # per seat in call order
    wins: list[RecordedWin] = []
    draw = None
    kind = result[0]
    if kind == "和了":
        if len(result) < 3 or len(result) % 2 != 1:
            raise RecordError(f"{where}: a win lists score changes and [who, from, pao, value, yaku…] in pairs")
        for j in range(1, len(result), 2):
            deltas, info = result[j], result[j + 1]
            if not (isinstance(info, list) and len(info) >= 5 and all(type(x) is int for x in info[:3])):
                raise RecordError(f"{where}: {info!r} is not [who, from, pao, value, yaku…]")
            who, frm, pao = info[:3]
            if not (0 <= who < players and 0 <= frm < players and 0 <= pao < players):
                raise RecordError(f"{where}: {info[:3]!r}: seats are 0 … {players - 1}")
            recorded, names = _recorded_value(info, deltas, where, players, wind, (who - dealer) % players)
            wins.append(_win(where, seats, who, frm, pao, wind, dealer, honba, sticks, dora, ura, recorded, names))
    elif kind in DRAWS:
        deltas = result[1] if len(result) > 1 else [0, 0, 0, 0]
        if not (isinstance(deltas, list) and len(deltas) == 4 and all(type(d) is int for d in deltas)):
            raise RecordError(f"{where}: the score changes {deltas!r} are not four whole numbers")
        deltas = deltas[:players]
        tenpai: tuple[int, ...] = ()
        if kind == "全員聴牌":
            tenpai = tuple(range(players))
        elif kind == "流局":
            tenpai = tuple(s for s in range(players) if deltas[s] > 0)
        elif kind == "流し満貫":
            tenpai = tuple(s for s in range(players) if len(seats[s].hand) % 3 == 1
                           and shanten(tiles_to_counts(seats[s].hand)) == 0)
        nagashi = tuple(s for s in range(players) if kind == "流し満貫" and deltas[s] > 0)
        # nine terminals: declared by the seat that drew and did not discard
        shown = tuple(s for s in range(players) if seats[s].won_on_draw) if kind == "九種九牌" else ()
        draw = Draw(DRAWS[kind], kind, tenpai, nagashi, tuple(deltas), shown)
    else:
        raise RecordError(f"{where}: unknown result {kind!r}")
    riichi = tuple(s for s in range(players) if seats[s].riichi and not (
        seats[s].riichi_last and any(w.discarder == s for w in wins)))
    dealt = tuple(tuple(s.dealt) for s in seats)
    moves = _moves(where, raw, dealer, players, red)
    return Round(wind, number, honba, sticks, dealer, tuple(scores), dora[:1], calls, riichi, tuple(wins), draw,
                 dealt, moves, dora)


def _win(where: str, seats: list[_Seat], who: int, frm: int, pao: int, wind: int, dealer: int, honba: int,
         sticks: int, dora: tuple[Tile, ...], ura: tuple[Tile, ...], recorded: Recorded, names: set[str]) -> RecordedWin:
    me = seats[who]
    tsumo = who == frm
    if tsumo:
        if not me.won_on_draw or me.last_take is None:
            raise RecordError(f"{where}: seat {who} wins by tsumo but its last draw is not a tile")
        concealed = list(me.hand)
        concealed.remove(me.last_take)
        win_tile = me.last_take
    else:
        giver = seats[frm]
        if giver.last_drop is None:
            raise RecordError(f"{where}: seat {who} wins on a discard of seat {frm}, which discarded nothing")
        concealed, win_tile = list(me.hand), giver.last_drop
    robbed_kita = not tsumo and seats[frm].kita_last
    robbed_ankan = not tsumo and seats[frm].ankan_last  # chankan, though a yakuman lists no 槍槓
    riichi = 2 if "double_riichi" in names else 1 if me.riichi else 0
    players = len(seats)
    if tsumo:
        discarder = None
    elif players == 4:
        discarder = (frm - who) % 4
    else:  # next or previous at a table of three
        discarder = 1 if frm == (who + 1) % 3 else 3
    try:
        hand = Hand(concealed, win_tile, me.melds)
        win = Win(tsumo=tsumo, discarder=discarder, round_wind=wind % 4, kita=me.kita,
                  extras=frozenset({ROBBED_KITA}) if robbed_kita else frozenset({ROBBED_ANKAN}) if robbed_ankan
                  else frozenset(),
                  seat_wind=(who - dealer) % players, riichi=riichi, ippatsu="ippatsu" in names,
                  haitei="haitei" in names, houtei="houtei" in names, rinshan="rinshan" in names,
                  chankan="chankan" in names or robbed_ankan, tenhou="tenhou" in names, chiihou="chiihou" in names,
                  renhou="renhou" in names, dora=dora, ura=ura if riichi else (), honba=honba, riichi_sticks=sticks)
    except MjrulesError as e:
        raise RecordError(f"{where}: seat {who}'s win: {e}") from None
    return RecordedWin(who, None if tsumo else frm, None if pao == who else pao, hand, win, recorded)


_HEADER = re.compile(r"\[\s*\[\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\]\s*,\s*\[")


def _round_at(data: bytes, pos: int) -> str:
    """``, round S2-1``: the round whose header last precedes character ``pos``, or nothing."""
    text = data.decode("utf-8-sig", errors="replace")[:pos]
    last = None
    for last in _HEADER.finditer(text):
        pass
    if last is None:
        return ""
    wind, number = divmod(int(last.group(1)), 4)
    honba = int(last.group(2))
    return f", round {'ESWN'[wind % 4]}{number + 1}" + (f"-{honba}" if honba else "")


def read_tenhou_json(source: str, data: bytes) -> Game:
    """The game of a Tenhou JSON log; ``source`` names it in errors."""
    doc = json_document(data, source, RecordError, at=lambda pos: _round_at(data, pos))
    if not isinstance(doc, dict) or not isinstance(doc.get("log"), list):
        raise RecordError(f"{source}: not a Tenhou JSON log (no \"log\" list)")
    names = doc.get("name", ["", "", "", ""])
    rule = doc.get("rule", {}) if isinstance(doc.get("rule"), dict) else {}
    disp = str(rule.get("disp", ""))
    table = _players(doc, disp)
    lobby = TENHOU_LOBBY.match(disp)
    red = bool(rule.get("aka") or rule.get("aka51") or rule.get("aka52") or rule.get("aka53")) \
        or bool(lobby and lobby.group("red"))
    ruleset = _ruleset_of(disp, table)
    rounds = tuple(_round(source, i, raw, red, table) for i, raw in enumerate(doc["log"]))
    if not rounds:
        raise RecordError(f"{source}: no rounds in the record")
    for r in rounds:
        if r.draw is None and not r.wins:
            raise RecordError(f"{source}, round {r.label}: no result")
    final = None
    sc = doc.get("sc")
    if isinstance(sc, list) and len(sc) == 8 and all(isinstance(x, (int, float)) for x in sc):
        scores = [int(x) for x in sc[0::2]][:table]
        # in hundreds as in the mjlog (four scores of 25,000 sum to 1,000 hundreds), or in points
        final = tuple(s * 100 for s in scores) if abs(sum(scores)) < 10000 else tuple(scores)
    players = tuple(str(n) for n in names)[:table] if isinstance(names, list) else ("",) * table
    # the log id Tenhou writes in "ref" dates the game; its lobby's rules of that day apply
    played = played_on(str(doc.get("ref", "")))
    east_only = bool(lobby and lobby.group("east"))
    day: str | None = played
    assumed: tuple[str, ...] = ()
    if played is None and lobby and ruleset and final is not None and isinstance(sc, list):
        # no log id: the era its final points fit (mjrules.records.tenhou_rules.era_of)
        day, note = era_of(ruleset, players=table, east_only=east_only, final=final,
                           points=tuple(float(x) for x in sc[1::2][:table]), rounds=rounds)
        assumed = (note,)
    rules = rules_on(day, players=table, east_only=east_only) if lobby else ()
    return Game(source, "tenhou-json", ruleset, players, rounds, final, red,
                tuple(float(x) for x in sc[1::2][:table]) if final is not None and isinstance(sc, list) else None,
                played, rules, length_stated=lobby is not None, assumed=assumed)


def _players(doc: dict, disp: str) -> int:
    """Three when the record says so (its lobby's 三, three names, or an empty fourth seat), else four."""
    names = doc.get("name")
    if isinstance(names, list) and (len(names) == 3 or (len(names) == 4 and names[3] == "")):
        return 3
    if disp.startswith("三") or "三" in disp[:2]:
        return 3
    log = doc.get("log")
    first = log[0] if isinstance(log, list) and log else None
    if isinstance(first, list) and len(first) > 13 and isinstance(first[1], list) and len(first[1]) == 4 \
            and first[1][3] == 0 and first[13] == []:
        return 3
    return 4


MAHJONG_SOUL_ROOMS = re.compile(r"(銅|銀|金|玉|王座)の間|(Bronze|Silver|Gold|Jade|Throne) Room", re.IGNORECASE)
"""A Mahjong Soul ranked room as the converters name it (``金の間南喰赤``, ``三金の間赤``, "Gold Room South")."""


def _ruleset_of(disp: str, players: int) -> str | None:
    """The preset a record's room plays: a Tenhou lobby's, a Mahjong Soul room's; None for any other
    name (a league's, a client's), which leaves it to ``--ruleset``."""
    lobby = TENHOU_LOBBY.match(disp)
    if lobby:
        if players == 3:
            return "tenhou-sanma" if lobby.group("kuitan") else None
        return "tenhou" if lobby.group("kuitan") else "tenhou-nokuitan"
    if MAHJONG_SOUL_ROOMS.search(disp):
        return "mahjongsoul-sanma" if players == 3 else "mahjongsoul"
    return None
