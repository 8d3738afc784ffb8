"""The order of play of a round of Tenhou's JSON log, which lists each seat's draws and discards
apart: merged as the table plays them (``merged_moves``), and the log's tile codes and call
strings read (``tile_code``, ``call_tiles``).

Tiles are 11–19 (m), 21–29 (p), 31–39 (s), 41–47 (East … Red), 51–53 the red fives. A draw may be a
call written as the tiles with a letter before the called one (``c`` chi, ``p`` pon, ``m`` open kan;
the letter's place says who gave it); a discard may be ``60`` (the tile just drawn), ``r…``
(riichi), ``a…`` (closed kan), ``k…`` (added kan), ``0`` after an open kan, or ``f44`` (three
players: a North set aside).
"""

from __future__ import annotations

import re
from typing import Any

import attrs

from mjrules.errors import RecordError
from mjrules.game.record import Move, MoveKind
from mjrules.model.melds import Meld, MeldKind
from mjrules.model.tiles import Tile, tile


def tile_code(code: Any, where: str) -> Tile:
    """The tile of a log's tile code."""
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


def call_tiles(text: str, where: str) -> tuple[str, int, list[Tile], Tile]:
    """A call string: its letter, the letter's place (0, 2, 4, 6), the other tiles, the marked tile."""
    m = re.fullmatch(r"((?:\d\d)*)([cpmak])(\d\d)((?:\d\d)*)", text)
    if not m:
        raise RecordError(f"{where}: {text!r} is not a call (tiles with one of c p m a k before a tile)")
    before, letter, marked, after = m.groups()
    others = [tile_code(int(before[i:i + 2]), where) for i in range(0, len(before), 2)]
    others += [tile_code(int(after[i:i + 2]), where) for i in range(0, len(after), 2)]
    return letter, len(before), others, tile_code(int(marked), where)


PLAIN_FIVE = {51: 15, 52: 25, 53: 35}
"""Without red fives, the red codes are plain fives."""

_SOURCE = {0: 3, 2: 2, 4: 1, 6: 1}
"""The place of the letter in a pon or kan string: from the previous player, opposite, next."""


def _calls_on(text: str, seat: int, discarder: int, t: Tile, players: int, where: str) -> bool:
    """Whether ``seat``'s call ``text`` takes ``discarder``'s discard ``t``: the same kind, from that seat."""
    letter, place, _, called = call_tiles(text, where)
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
                t = tile_code(take, where)
                m.moves.append(Move(MoveKind.DRAW, turn, t))
                m.last_take[turn] = t
            if m.at_drop[turn] >= len(drops[turn]):
                return m  # its win on the draw, or the wall's end
            drop = drops[turn][m.at_drop[turn]]
            m.at_drop[turn] += 1
            m.draw = True
            if drop == "f44":
                m.moves.append(Move(MoveKind.KITA, turn, tile_code(44, where)))
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
                t_out = tile_code(int(code), where)
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
        where = self.where
        text = self.takes[caller][m.at_take[caller]]
        m.at_take[caller] += 1
        letter, place, own, called = call_tiles(text, where)
        source = (m.turn - caller) % 4  # counted on a table of four, as RoundState.call reads it
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
        letter, place, others, marked = call_tiles(drop, self.where)
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


def merged_moves(where: str, raw: list[Any], dealer: int, players: int, red: bool) -> tuple[Move, ...]:
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
            t, d = ([PLAIN_FIVE.get(c, c) if isinstance(c, int) else c for c in x] for x in (t, d))
        takes.append(list(t))
        drops.append(list(d))
    start = _Merging([0] * players, [0] * players, dealer, True, [], [None] * players, {})
    merge = _Merge(where, takes, drops, players)
    try:
        return tuple(merge.follow(start).moves)
    except _Dead as e:
        raise RecordError(str(e)) from None
