"""mjai event streams: one JSON object a line (``start_kyoku``, ``tsumo``, ``dahai``, ``chi``,
``pon``, ``daiminkan``, ``kakan``, ``ankan``, ``dora``, ``reach``, ``reach_accepted``, ``hora``,
``ryukyoku``, ``end_kyoku``, …). Tiles are ``1m`` … ``9s``, ``5mr`` for a red five, ``E S W N`` and
``P F C`` for the dragons (white, green, red); they are read by the one tile reader once written
as MPSZ. The situation of a win is followed from the events.

The servers and simulators that write mjai differ in what a ``hora`` and a ``start_kyoku`` carry;
the reader goes by the fields each event has, never by where the record came from:

- ``hora`` with ``deltas`` and ``hora_points`` (and ``fan``, ``fu``, ``yakus``; ura indicators as
  ``uradora_markers``): every part of the value is checked;
- ``hora`` with ``deltas`` and ``ura_markers`` but no ``hora_points`` (Mortal, RiichiEnv,
  mjai-reviewer): the score changes are checked, the points are not stated;
- ``hora`` with ``scores`` (each seat's score after the win) instead of ``deltas``: the changes are
  the scores less those before it; with neither, the win is replayed and paid but not checked;
- ``start_game`` with ``ruleset`` (mjrules' table): the game's ruleset, and ``length`` where the
  table played another length than the ruleset's; ``hora`` with ``yakuman`` states the yakuman multiple;
  a record that names no ruleset (the original mjai server's, Mortal's, RiichiEnv's) is read under
  Tenhou's rules (``MJAI_RULES``), the output saying so, unless ``--ruleset`` names others;
- ``end_game`` without ``scores`` (RiichiEnv): the final scores are not stated, every round is
  still checked;
- ``start_kyoku`` without ``scores`` (the original mjai server): the round starts with the scores
  the previous one left (the stated changes added up), the first with 25,000 each, the server's;
- ``end_game`` with ``unfinished`` (mjrules' table, a game a person left): why the game ended
  before its end; the game is the rounds played to their end, a round under way is passed over.
"""

from __future__ import annotations

import json
from typing import Any, NoReturn, TypeVar

from mjrules.errors import MjrulesError, RecordError
from mjrules.game.record import Deal
from mjrules.game.state import RoundState
from mjrules.game.wins import ron, tsumo
from mjrules.game.record import ABORTIVE, EXHAUSTIVE, NAGASHI, Draw, Game, Recorded, RecordedWin, Round
from mjrules.records.tenhou_rules import log_id_of, played_on, rules_on
from mjrules.records.tenhou_yaku import ROUND_WIND, SEAT_WIND, WIND_IDS, yaku_id
from mjrules.rules.choices import GameLength
from mjrules.model.hand import Hand
from mjrules.model.melds import Meld, MeldKind
from mjrules.model.tiles import Tile
from mjrules.model.win import Win
from mjrules.notation import parse_tiles

EXHAUSTIVE_REASONS = frozenset({"fanpai", "exhaustive draw", "howanpai", "ryukyoku", "exhaustive_draw"})
NAGASHI_REASONS = frozenset({"nagashimangan", "nagashi_mangan"})
ABORTIVE_REASONS = frozenset({"kyushukyuhai", "kyuushukyuuhai", "suufonrenda", "suuchareach", "suukaikan", "sanchaho",
                              "sanchahou", "yao9", "reach4", "kan4", "kaze4", "ron3",
                              "kyushu_kyuhai", "sufuurenta", "suukansansen", "suucha_riichi"})
"""mjai's names of the draws (those of mjai.app, Mortal and the Tenhou converters; RiichiEnv's
``exhaustive_draw``, ``kyushu_kyuhai``, ``sufuurenta``, ``suukansansen``, ``suucha_riichi``)."""
MJAI_RULES = "tenhou"
"""The preset a record that names no ruleset is read under: mjai (the protocol and its first
server) was made for Tenhou's rules; ``tenhou-sanma`` at three players."""

HONOURS = {"E": "1z", "S": "2z", "W": "3z", "N": "4z", "P": "5z", "F": "6z", "C": "7z"}
MJAI_START = 25000
"""Each player's score at the start of a game on the original mjai server (its ``start_kyoku`` has
no ``scores``)."""

MJAI_YAKU: dict[str, str] = {
    "menzenchin_tsumoho": "menzen_tsumo", "reach": "riichi", "double_reach": "double_riichi", "ippatsu": "ippatsu",
    "chankan": "chankan", "rinshankaiho": "rinshan", "haiteiraoyue": "haitei", "hoteiraoyui": "houtei",
    "pinfu": "pinfu", "tanyaochu": "tanyao", "ipeko": "iipeikou", "chitoitsu": "chiitoitsu",
    "honchantaiyao": "chanta", "ikkitsukan": "ittsu", "sanshokudojun": "sanshoku", "sanshokudoko": "sanshoku_doukou",
    "sankantsu": "sankantsu", "toitoiho": "toitoi", "sananko": "sanankou", "shosangen": "shousangen",
    "honroto": "honroutou", "ryanpeko": "ryanpeikou", "junchantaiyao": "junchan", "honiso": "honitsu",
    "chiniso": "chinitsu", "renho": "renhou", "tenho": "tenhou", "chiho": "chiihou", "daisangen": "daisangen",
    "suanko": "suuankou", "suanko_tanki": "suuankou_tanki", "tsuiso": "tsuuiisou", "ryuiso": "ryuuiisou",
    "chinroto": "chinroutou", "churenpoton": "chuuren", "junsei_churenpoton": "junsei_chuuren",
    "kokushimuso": "kokushi", "kokushimuso_13": "kokushi_13", "daisushi": "daisuushii", "shosushi": "shousuushii",
    "sukantsu": "suukantsu", "dora": "dora", "uradora": "ura", "akadora": "aka",
}
"""The original mjai server's yaku names (``yakus`` of a ``hora``) as mjrules yaku ids; ``jikaze``,
``bakaze`` and ``sangenpai`` name no tile and are read from the winner's seat, the round and the hand."""
WINDS = {"E": 0, "S": 1, "W": 2, "N": 3}
_CACHE: dict[str, Tile] = {}


def mjai_tile(text: Any, where: str) -> Tile:
    """An mjai tile name as a Tile."""
    if isinstance(text, str):
        hit = _CACHE.get(text)
        if hit is not None:
            return hit
        mpsz = HONOURS.get(text)
        if mpsz is None and len(text) in (2, 3) and text[0] in "123456789" and text[1] in "mps" \
                and (len(text) == 2 or (text[2] == "r" and text[0] == "5")):
            mpsz = ("0" if len(text) == 3 else text[0]) + text[1]
        if mpsz is not None:
            (t,) = parse_tiles(mpsz)
            _CACHE[text] = t
            return t
    raise RecordError(f"{where}: {text!r} is not an mjai tile (1m … 9s, 5mr, E S W N P F C)")


_NAMES = {v: k for k, v in HONOURS.items()}


def mjai_name(t: Tile) -> str:
    """A Tile as mjai writes it: ``1m``, ``5mr`` for a red five, ``E`` … ``C`` for the honours."""
    mpsz = t.mpsz()
    if t.is_honor:
        return _NAMES[mpsz]
    return f"5{mpsz[1]}r" if t.red else mpsz


PASSED_OVER = frozenset({"none", "error", "hello", "join"})
"""mjai's events that carry nothing the scores depend on (a pass, the server's and bots' own)."""

_T = TypeVar("_T")


class _Reader:
    def __init__(self, source: str) -> None:
        self.source = source
        self.line = 0
        self.label = "before the first round"
        self.rounds: list[Round] = []
        self.names: tuple[str, ...] = ("", "", "", "")
        self.ruleset: str | None = None
        """The ruleset the game was played under, when its ``start_game`` names it (mjrules' table does)."""
        self.rules: tuple[tuple[str, Any], ...] = ()
        """Flags on top of the ruleset: the game's ``length`` when the table played another than the ruleset's."""
        self.players = 4
        """Three when the game's start, or a round's scores and hands, leave the fourth seat out."""
        self.uri = ""
        """``start_game``'s ``uri``, where a Tenhou converter writes the game's link."""
        self.flow: RoundState | None = None
        self.final: tuple[int, ...] | None = None
        self.ended = False
        """An ``end_game`` event closes the record (with or without the final scores)."""
        self.unfinished: str | None = None
        """Why the game was left, where its ``end_game`` says it was (``unfinished``)."""
        self.last_scores: list[int] | None = None
        self.unknown: dict[str, int] = {}
        """Event types mjai does not have, with the line each first came on."""
        self.current: list[int] | None = None
        """Each seat's score as the record has it now: the round's start, less the riichi deposits,
        plus the changes of the wins and draws so far; None when a change was not stated."""

    def where(self) -> str:
        return f"{self.source}, round {self.label} (line {self.line})"

    def fail(self, message: str) -> NoReturn:
        raise RecordError(f"{self.where()}: {message}")

    def get(self, ev: dict[str, Any], key: str, kind: type[_T]) -> _T:
        value = ev.get(key)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            self.fail(f"{ev.get('type')}: {key} is missing or not a {getattr(kind, '__name__', 'value')}")
        return value

    def seat(self, ev: dict[str, Any], key: str) -> int:
        value = self.get(ev, key, int)
        if not 0 <= value < self.players:
            self.fail(f"{ev.get('type')}: {key} {value} is not a seat 0 … {self.players - 1}")
        return value

    def tiles(self, ev: dict[str, Any], key: str) -> list[Tile]:
        value = self.get(ev, key, list)
        return [mjai_tile(x, self.where()) for x in value]

    def need(self) -> RoundState:
        if self.flow is None:
            self.fail("an event outside a round")
        return self.flow

    def event(self, ev: dict[str, Any]) -> None:
        kind = ev.get("type")
        if kind == "start_game":
            names = ev.get("names")
            if isinstance(names, list):
                if len(names) == 3 or (len(names) == 4 and names[3] in ("", None)):
                    self.players = 3
                self.names = tuple(str(n) for n in names)[:self.players]
            ruleset = ev.get("ruleset")
            if isinstance(ruleset, str) and ruleset:
                self.ruleset = ruleset
            if isinstance(ev.get("uri"), str):  # a Tenhou converter's link to the game (its log id)
                self.uri = ev["uri"]
            if ev.get("length") in GameLength.values():  # the table's, when not the ruleset's game_length
                self.rules = (("game_length", ev["length"]),)
        elif kind == "start_kyoku":
            self.start(ev)
        elif kind == "tsumo":
            self.need().draw(self.seat(ev, "actor"), mjai_tile(ev.get("pai"), self.where()))
        elif kind == "dahai":
            self.need().discard(self.seat(ev, "actor"), mjai_tile(ev.get("pai"), self.where()))
        elif kind == "reach":
            self.need().declare_riichi(self.seat(ev, "actor"))
        elif kind == "reach_accepted":
            actor = self.seat(ev, "actor")
            self.need().riichi_accepted(actor)
            if self.current is not None:
                self.current[actor] -= 1000
        elif kind in ("chi", "pon", "daiminkan", "kakan", "ankan"):
            self.call(kind, ev)
        elif kind in ("nukidora", "kita"):  # three players: a North set aside (Mortal's and RiichiEnv's names)
            self.need().set_aside_north(self.seat(ev, "actor"), mjai_tile(ev.get("pai", "N"), self.where()))
        elif kind == "dora":
            self.need().dora.append(mjai_tile(ev.get("dora_marker"), self.where()))
        elif kind == "hora":
            self.hora(ev)
        elif kind == "ryukyoku":
            self.ryukyoku(ev)
        elif kind == "end_kyoku":
            self.close()
        elif kind == "end_game" and isinstance(ev.get("unfinished"), str):
            self.unfinished = ev["unfinished"] or "left"
        elif kind == "end_game":
            self.ended = True
            scores = ev.get("scores")
            if isinstance(scores, list) and len(scores) in (3, 4) and all(type(s) is int for s in scores):
                self.final = tuple(scores)[:self.players]
        elif not isinstance(kind, str):
            self.fail("an event without a type")
        elif kind not in PASSED_OVER and kind not in self.unknown:  # said once, at its first line
            self.unknown[kind] = self.line

    def start(self, ev: dict[str, Any]) -> None:
        if self.flow is not None:
            self.close()
        raw_scores, raw_hands = ev.get("scores"), ev.get("tehais")
        if (isinstance(raw_scores, list) and len(raw_scores) == 3) or (
                isinstance(raw_hands, list) and (len(raw_hands) == 3 or (len(raw_hands) == 4 and not raw_hands[3]))):
            self.players = 3  # the fourth seat is left out or dealt nothing
        bakaze = ev.get("bakaze")
        if not isinstance(bakaze, str) or bakaze not in WINDS:
            self.fail(f"start_kyoku: bakaze {bakaze!r} is not E, S, W or N")
        kyoku = self.get(ev, "kyoku", int)
        honba = self.get(ev, "honba", int)
        sticks = self.get(ev, "kyotaku", int)
        dealer = self.seat(ev, "oya")
        if not 1 <= kyoku <= 4 or honba < 0 or sticks < 0:
            self.fail(f"start_kyoku: kyoku {kyoku}, honba {honba}, kyotaku {sticks} out of range")
        self.label = f"{bakaze}{kyoku}" + (f"-{honba}" if honba else "")
        if "scores" in ev:
            scores = self.get(ev, "scores", list)
        elif not self.rounds:
            scores = [MJAI_START] * self.players
        elif self.current is not None:  # no scores written: those the last round left
            scores = list(self.current)
        else:
            self.fail("start_kyoku: no scores, and the last round's score changes are not all stated")
        n = self.players
        if len(scores) == 4 and n == 3 and scores[3] == 0:
            scores = scores[:3]
        if len(scores) != n or not all(type(s) is int for s in scores):
            self.fail(f"start_kyoku: scores {scores!r} are not {n} whole numbers")
        tehais = self.get(ev, "tehais", list)
        if n == 3 and len(tehais) == 4:
            if tehais[3]:
                self.fail("start_kyoku: a three-player round (three scores) deals to a fourth seat")
            tehais = tehais[:3]
        if len(tehais) != n:
            self.fail(f"start_kyoku: {len(tehais)} hands dealt, not {n}")
        hands = tuple(tuple(mjai_tile(t, self.where()) for t in h) if isinstance(h, list) else () for h in tehais)
        deal = Deal(WINDS[bakaze], kyoku - 1, honba, sticks, dealer, tuple(scores),
                    mjai_tile(ev.get("dora_marker"), self.where()), hands)
        self.flow = RoundState(self.where(), deal)
        self.current = list(scores)

    def call(self, kind: str, ev: dict[str, Any]) -> None:
        flow = self.need()
        actor = self.seat(ev, "actor")
        consumed = self.tiles(ev, "consumed")
        try:
            if kind == "ankan":
                flow.call(actor, Meld(MeldKind.ANKAN, consumed), consumed, None)
                return
            pai = mjai_tile(ev.get("pai"), self.where())
            if kind == "kakan":
                pon = next((m for m in flow.melds[actor] if m.kind is MeldKind.PON and m.tiles[0].index == pai.index),
                           None)
                if pon is None:
                    self.fail(f"kakan: seat {actor} has no pon of {pai}")
                flow.call(actor, Meld(MeldKind.KAKAN, [*pon.tiles, pai], pon.called, pon.source), [pai], pai)
                return
            target = self.seat(ev, "target")
            source = (target - actor) % 4
            meld_kind = {"chi": MeldKind.CHI, "pon": MeldKind.PON, "daiminkan": MeldKind.DAIMINKAN}[kind]
            flow.call(actor, Meld(meld_kind, [pai, *consumed], 0, source), consumed, pai)
        except MjrulesError as e:
            if isinstance(e, RecordError):
                raise
            self.fail(f"{kind} by seat {actor}: {e}")

    def hora(self, ev: dict[str, Any]) -> None:
        flow = self.need()
        actor = self.seat(ev, "actor")
        target = self.seat(ev, "target")
        deltas = self._changes(ev, "hora")
        ura_raw = ev.get("uradora_markers", ev.get("ura_markers")) or []  # the server's name, Mortal's
        ura = tuple(mjai_tile(t, self.where()) for t in ura_raw) if isinstance(ura_raw, list) else ()
        dora = tuple(flow.dora)
        round_wind, honba, sticks = flow.deal.wind % 4, flow.deal.honba, flow.deal.sticks + len(flow.declared)
        if actor == target:
            hand, win = tsumo(flow, actor, round_wind, honba, sticks, dora, ura)
            discarder = None
        else:
            hand, win, discarder = ron(flow, actor, round_wind, honba, sticks, dora, ura)
            if discarder != target:
                self.fail(f"hora: seat {actor} wins on a tile of seat {discarder}, the event says seat {target}")
        fan, fu = ev.get("fan"), ev.get("fu")
        raw_yakus = ev.get("yakus")
        yakus: list[Any] = [y for y in raw_yakus if isinstance(y, list) and y] if isinstance(raw_yakus, list) else []
        names = self._yaku_ids(yakus, hand, win)
        # a yakuman is listed with 13 han or more a multiple; without yakus or fan the record does not say
        yakuman: int | None = len([y for y in yakus if len(y) > 1 and isinstance(y[1], int) and y[1] >= 13])
        if not yakus and type(fan) is not int:
            yakuman = None
        if type(ev.get("yakuman")) is int:  # stated (mjrules' table): a double yakuman is one yaku of multiple 2
            yakuman = ev["yakuman"]
        points = ev.get("hora_points")
        if points is not None and (not isinstance(points, int) or isinstance(points, bool)):
            self.fail(f"hora: hora_points {points!r} is not a whole number")
        recorded = Recorded(None if yakuman or type(fan) is not int else fan,
                            None if yakuman or type(fu) is not int else fu, yakuman, points, names, deltas)
        flow.won(RecordedWin(actor, discarder, None, hand, win, recorded))

    def _changes(self, ev: dict[str, Any], what: str) -> tuple[int, ...] | None:
        """Each seat's score change an event states: its ``deltas``, or its ``scores`` (after it) less
        the scores before; None when it states neither. Keeps the running scores."""
        deltas: Any = ev.get("deltas")
        after: Any = ev.get("scores")
        if deltas is not None:
            deltas = self._per_seat(deltas, what, "deltas")
            if self.current is not None:
                self.current = [c + d for c, d in zip(self.current, deltas)]
            return tuple(deltas)
        if after is not None:
            after = self._per_seat(after, what, "scores")
            if self.current is None:
                return None
            changes = tuple(a - c for a, c in zip(after, self.current))
            self.current = list(after)
            return changes
        self.current = None  # from here on the record's scores are not known
        return None

    def _per_seat(self, values: Any, what: str, name: str) -> list[int]:
        """One whole number a seat (a fourth 0 left out at a table of three)."""
        n = self.players
        if isinstance(values, list) and len(values) == 4 and n == 3 and values[3] == 0:
            values = values[:3]
        if not (isinstance(values, list) and len(values) == n and all(type(d) is int for d in values)):
            self.fail(f"{what}: {name} {values!r} are not {n} whole numbers")
        return values

    def _yaku_ids(self, yakus: list[Any], hand: Hand, win: Win) -> tuple[str, ...]:
        """The ``yakus`` of a hora as mjrules yaku ids (a name not known is kept as the record writes it);
        dora, ura and red fives as many times as the record counts them."""
        out: list[str] = []
        for y in yakus:
            name = str(y[0])
            count = y[1] if len(y) > 1 and type(y[1]) is int else 1
            if name == "jikaze" or yaku_id(name) == SEAT_WIND:
                out.append(f"seat_wind_{WIND_IDS[win.seat_wind]}")
            elif name == "bakaze" or yaku_id(name) == ROUND_WIND:
                out.append(f"round_wind_{WIND_IDS[win.round_wind]}")
            elif name == "sangenpai":  # each dragon the hand holds three of (one entry, a han a dragon)
                tiles = [*hand.concealed, hand.win_tile, *(t for m in hand.melds for t in m.tiles)]
                out += [d for d, k in (("haku", 31), ("hatsu", 32), ("chun", 33))
                        if sum(t.index == k for t in tiles) >= 3 and d not in out]
            else:  # the server's name, or a converter's Tenhou or English one (役牌 發, Riichi)
                yid = MJAI_YAKU.get(name) or yaku_id(name) or name
                # dora of each kind once per han, as the record counts them
                out += [yid] * max(count, 0) if yid in ("dora", "ura", "aka", "kita") else [yid]
        return tuple(out)

    def ryukyoku(self, ev: dict[str, Any]) -> None:
        flow = self.need()
        if "deltas" in ev or "scores" in ev:
            stated = self._changes(ev, "ryukyoku")
            deltas = stated if stated is not None else (0,) * self.players
        else:  # a draw that writes no changes paid none (an abortive draw)
            deltas = (0,) * self.players
        reason = str(ev.get("reason", ""))
        if reason in NAGASHI_REASONS:
            kind, nagashi = NAGASHI, flow.nagashi()
            if not nagashi:
                self.fail("ryukyoku: a nagashi mangan, but no player's discards are all terminals and honours, uncalled")
        elif reason in EXHAUSTIVE_REASONS or (not reason and flow.drawn >= flow.live_draws):
            kind, nagashi = EXHAUSTIVE, ()
        elif reason in ABORTIVE_REASONS or (not reason and flow.drawn < flow.live_draws):
            kind, nagashi = ABORTIVE, ()
        else:
            self.fail(f"ryukyoku: unknown reason {reason!r}")
        tenpais = ev.get("tenpais")
        if isinstance(tenpais, list) and len(tenpais) in (self.players, 4):
            tenpai = tuple(s for s in range(self.players) if tenpais[s] is True)
        else:  # not given: the hands in tenpai at the draw
            tenpai = flow.tenpai() if kind != ABORTIVE else ()
        # who declared it (nine terminals: ``actor``), or who ronned (three rons: ``actors``, as the table writes)
        actors = [ev["actor"]] if isinstance(ev.get("actor"), int) else ev.get("actors", [])
        shown = tuple(a for a in actors if isinstance(a, int) and 0 <= a < self.players) if kind == ABORTIVE else ()
        flow.drawn_out(Draw(kind, reason, tenpai, nagashi, tuple(deltas), shown))

    def close(self) -> None:
        if self.flow is not None:
            self.rounds.append(self.flow.finish())
            self.flow = None


def read_mjai(source: str, data: bytes) -> Game:
    """The game of an mjai event stream; ``source`` names it in errors."""
    reader = _Reader(source)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise RecordError(f"{source}: not UTF-8 text (byte {e.start})") from None
    for n, line in enumerate(text.splitlines(), 1):
        reader.line = n
        if not line.strip():
            continue
        try:
            ev = json.loads(line)
        except json.JSONDecodeError as e:
            reader.fail(f"not a JSON event ({e.msg}): the record is cut or broken")
        except RecursionError:
            reader.fail("a JSON event nested too deeply")
        if not isinstance(ev, dict):
            reader.fail("an event must be a JSON object")
        reader.event(ev)
    notes: tuple[str, ...] = ()
    if reader.unfinished is not None and reader.flow is not None:  # the round under way when it was left
        notes = (f"round {reader.label} was under way when the game was left: not checked",)
        reader.flow = None
    reader.close()
    if not reader.rounds and reader.unfinished is None:
        raise RecordError(f"{source}: no rounds in the record")
    notes += tuple(f"line {n}: event type {kind[:60]!r} is none of mjai's; passed over" for kind, n in reader.unknown.items())
    assumed: tuple[str, ...] = ()
    preset = None
    rules, played = reader.rules, None
    if reader.ruleset is None:
        preset = MJAI_RULES if reader.players == 4 else f"{MJAI_RULES}-sanma"
        # a Tenhou game converted to mjai: the day's rules, where its name or its link gives the log id
        played = played_on(log_id_of(source)) or played_on(reader.uri)
        rules = rules_on(played, players=reader.players, east_only=False) if played else ()
        assumed = (f"the record does not say its rules: read under {preset}, the rules mjai was made for"
                   + (f", as Tenhou played them on {played} (the Tenhou log id in its name or link)" if played else ""),)
    return Game(source, "mjai", reader.ruleset, reader.names[:reader.players], tuple(reader.rounds), reader.final, True,
                played=played, rules=rules, ended=reader.ended, length_stated=reader.ruleset is not None,
                ruleset_assumed=preset, assumed=assumed, notes=notes, unfinished=reader.unfinished)
