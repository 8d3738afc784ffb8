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
    Deal,
    Draw,
    Game,
    Move,
    MoveKind,
    Recorded,
    RecordedWin,
    Round,
    overdealt,
)
from mjrules.game.state import RoundState
from mjrules.game.wins import ron, tsumo
from mjrules.records.tenhou_json_merge import PLAIN_FIVE, merged_moves, tile_code
from mjrules.records.tenhou_rules import era_of, played_on, rules_on
from mjrules.records.tenhou_yaku import ROUND_WIND, SEAT_WIND, WIND_IDS, yaku_id
from mjrules.model.tiles import Tile, tile
from mjrules.model.win import ROBBED_ANKAN

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


def _recorded_value(info: list[Any], deltas: list[Any], where: str, players: int = 4, round_wind: int = 0,
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
    dora = tuple(tile_code(c, where) for c in raw[2]) if isinstance(raw[2], list) else ()
    ura = tuple(tile_code(c, where) for c in raw[3]) if isinstance(raw[3], list) else ()
    if not dora:
        raise RecordError(f"{where}: no dora indicator")
    if not red:
        dora = tuple(tile(t.index) for t in dora)
    if players == 3 and (scores[3] != 0 or any(raw[13:16])):
        raise RecordError(f"{where}: a three-player game deals to a fourth seat")
    dealer = kyoku % 4
    if dealer >= players:
        raise RecordError(f"{where}: round {kyoku} has no dealer at a table of {players}")
    result = raw[16]
    if not (isinstance(result, list) and result and isinstance(result[0], str)):
        raise RecordError(f"{where}: {result!r} is not the result of the round")
    deal = Deal(wind, number, honba, sticks, dealer, tuple(scores[:players]), dora[0],
                tuple(_dealt(where, raw, s, red) for s in range(players)))
    moves = merged_moves(where, raw, dealer, players, red)
    state, riichi_last = _played(where, deal, moves)
    wins: list[RecordedWin] = []
    draw = None
    kind = result[0]
    if kind == "和了":
        wins = _wins(where, state, result, dora, ura)
    elif kind in DRAWS:
        draw = _draw(where, state, kind, result)
    else:
        raise RecordError(f"{where}: unknown result {kind!r}")
    if riichi_last is not None and not any(w.discarder == riichi_last for w in wins):
        state.riichi_accepted(riichi_last)  # the riichi discard passed: the round ended on a draw
    riichi = tuple(sorted(state.declared))
    calls = tuple(Call(s, m) for s in range(players) for m in state.melds[s])  # per seat in call order
    return Round(wind, number, honba, sticks, dealer, deal.scores, dora[:1], calls, riichi, tuple(wins), draw,
                 deal.hands, moves, dora)


def _dealt(where: str, raw: list[Any], seat: int, red: bool) -> tuple[Tile, ...]:
    deal, takes, drops = raw[4 + 3 * seat: 7 + 3 * seat]
    if not all(isinstance(x, list) for x in (deal, takes, drops)):
        raise RecordError(f"{where}: seat {seat}'s deal, draws and discards must be lists")
    return tuple(tile_code(c if red else PLAIN_FIVE.get(c, c), where) for c in deal)


def _played(where: str, deal: Deal, moves: tuple[Move, ...]) -> tuple[RoundState, int | None]:
    """The round's state after its moves in the order of play, and the seat whose riichi discard is
    the last discard, not yet passed (a ron on it takes the stick back)."""
    wrong = overdealt(deal.hands, deal.dora)
    if wrong:
        raise RecordError(f"{where}: {wrong}")
    state = RoundState(where, deal)
    pending: int | None = None
    for m in moves:
        if pending is not None:  # the riichi discard passed: its stick is deposited
            state.riichi_accepted(pending)
            pending = None
        if m.kind is MoveKind.DRAW:
            assert m.tile is not None
            state.draw(m.seat, m.tile)
        elif m.kind is MoveKind.RIICHI:
            state.declare_riichi(m.seat)
        elif m.kind is MoveKind.DISCARD:
            assert m.tile is not None
            riichi = state.riichi_pending == m.seat
            state.discard(m.seat, m.tile)
            pending = m.seat if riichi else None
        elif m.kind is MoveKind.CALL:
            assert m.meld is not None
            state.call(m.seat, m.meld, m.own, m.tile)
        elif m.kind is MoveKind.KITA:
            assert m.tile is not None
            state.set_aside_north(m.seat, m.tile)
    return state, pending


def _wins(where: str, state: RoundState, result: list[Any], dora: tuple[Tile, ...],
          ura: tuple[Tile, ...]) -> list[RecordedWin]:
    if len(result) < 3 or len(result) % 2 != 1:
        raise RecordError(f"{where}: a win lists score changes and [who, from, pao, value, yaku…] in pairs")
    players, deal = state.players, state.deal
    wins = []
    for j in range(1, len(result), 2):
        deltas, info = result[j], result[j + 1]
        if not (isinstance(info, list) and len(info) >= 5 and all(type(x) is int for x in info[:3])):
            raise RecordError(f"{where}: {info!r} is not [who, from, pao, value, yaku…]")
        who, frm, pao = info[:3]
        if not (0 <= who < players and 0 <= frm < players and 0 <= pao < players):
            raise RecordError(f"{where}: {info[:3]!r}: seats are 0 … {players - 1}")
        recorded, names = _recorded_value(info, deltas, where, players, deal.wind, (who - deal.dealer) % players)
        wins.append(_win(where, state, who, frm, pao, dora, ura, recorded, names))
    return wins


def _draw(where: str, state: RoundState, kind: str, result: list[Any]) -> Draw:
    players = state.players
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
        tenpai = state.tenpai()
    nagashi = tuple(s for s in range(players) if kind == "流し満貫" and deltas[s] > 0)
    # nine terminals: declared by the seat that drew and did not discard
    shown = (state.last_draw[0],) if kind == "九種九牌" and state.last_draw is not None else ()
    return Draw(DRAWS[kind], kind, tenpai, nagashi, tuple(deltas), shown)


def _win(where: str, state: RoundState, who: int, frm: int, pao: int, dora: tuple[Tile, ...],
         ura: tuple[Tile, ...], recorded: Recorded, names: set[str]) -> RecordedWin:
    """The win of ``who`` from ``frm`` (itself: tsumo): the hand as played, its situation as its
    yaku say (the record lists them)."""
    deal = state.deal
    tsumo_ = who == frm
    try:
        if tsumo_:
            if state.last_draw is None or state.last_draw[0] != who:
                raise RecordError(f"{where}: seat {who} wins by tsumo but its last draw is not a tile")
            hand, win = tsumo(state, who, deal.wind % 4, deal.honba, deal.sticks, dora, ura)
        else:
            hand, win, source = ron(state, who, deal.wind % 4, deal.honba, deal.sticks, dora, ura)
            if source != frm:
                raise RecordError(f"{where}: seat {who} wins on a discard of seat {frm}, and the last tile "
                                  f"given up is seat {source}'s")
        riichi = 2 if "double_riichi" in names else 1 if state.riichi[who] else 0
        win = attrs.evolve(win, riichi=riichi, ippatsu="ippatsu" in names, haitei="haitei" in names,
                           houtei="houtei" in names, rinshan="rinshan" in names,
                           chankan="chankan" in names or ROBBED_ANKAN in win.extras, tenhou="tenhou" in names,
                           chiihou="chiihou" in names, renhou="renhou" in names, ura=ura if riichi else ())
    except MjrulesError as e:
        if isinstance(e, RecordError):
            raise
        raise RecordError(f"{where}: seat {who}'s win: {e}") from None
    return RecordedWin(who, None if tsumo_ else frm, None if pao == who else pao, hand, win, recorded)


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


def _players(doc: dict[str, Any], disp: str) -> int:
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
