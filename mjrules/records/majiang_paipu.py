"""電脳麻将's 牌譜 (majiang-core's paipu): one game ``{"title", "player", "qijia", "log", "defen",
"rank", "point"}``, or a JSON list of them, as majiang-core 1.4.1's ``Game`` writes it.

``player`` names the players by id (0 … 3); ``qijia`` is the id of the first dealer; ``log`` is a
list of rounds, each a list of events: ``qipai`` (the deal: ``zhuangfeng`` the round wind,
``jushu`` the hand in it, ``changbang`` honba, ``lizhibang`` riichi sticks, ``defen`` the scores,
``baopai`` the dora indicator, ``shoupai`` the four hands), ``zimo`` and ``gangzimo`` (a draw, after
a kan the replacement), ``dapai`` (a discard: ``_`` after the tile for the one just drawn, ``*`` a
riichi), ``fulou`` (a chi, pon or open kan), ``gang`` (a closed or added kan), ``kaigang`` (a kan's
dora indicator), ``hule`` (a win: the hand with the winning tile last, ``baojia`` the discarder,
``fubaopai`` the ura indicators, ``fu``, ``fanshu``, ``damanguan`` the yakuman multiple, ``defen``
the hand's points without honba and sticks, ``hupai`` the yaku, ``fenpei`` the score changes) and
``pingju`` (a draw: its ``name``, the hands shown, ``fenpei``). Within a round, ``l`` and every list
of four count seats from its dealer (``l`` 0 deals), whose id is ``(qijia + jushu) % 4``; a meld
marks its called tile with the giver (``+`` next, ``=`` opposite, ``-`` previous). The game's
``defen`` (final scores with the sticks left to the top), ``rank`` and ``point`` (final points as
strings) count by id.

mjrules reads a game with its seats as the ids. A riichi stick is deposited when its discard
passes (the next draw, call or draw of the hand, as majiang-core's ``Board`` has it). The paipu
does not say its rules: the game's ``ruleset`` is None (``mjrules.records.replay.record_ruleset``
takes majiang-core's defaults, the ``majiang`` preset) unless the paipu's ``ruleset`` (written by
mjrules' table) names one; ``--ruleset rule.json`` gives the rule object of a game played under others.

``paipu_of_events`` writes a game of the table (its mjai events) in the same form (``PaipuLog``
turns the events into log entries, also as one seat sees them: majiang-ai follows a game so). A game
a person left before its end is written with the rounds played to their end, no final scores, and
``unfinished``: why it was left (read as ``Game.unfinished``).
"""

from __future__ import annotations

import re
from typing import Any, Callable, NoReturn, Sequence, TypeVar

from mjrules.errors import MjrulesError, RecordError, json_document
from mjrules.model.melds import Meld, MeldKind
from mjrules.model.tiles import Tile, tile_from
from mjrules.notation.majiang import parse_majiang
from mjrules.notation.marks import meld_digits, meld_from_digits
from mjrules.game.record import Deal
from mjrules.game.state import RoundState
from mjrules.game.wins import ron, tsumo
from mjrules.game.record import ABORTIVE, EXHAUSTIVE, NAGASHI, Draw, Game, Recorded, RecordedWin, Round
from mjrules.records.mjai import mjai_tile
from mjrules.records.tenhou_yaku import TENHOU_YAKU, yaku_id
from mjrules.rules.choices import GameLength

FORMAT = "majiang"
DEFAULT_RULESET = "majiang"
"""The preset a 牌譜 naming no rules is read under: majiang-core's default rule object."""

DRAW_NAMES = {"荒牌平局": EXHAUSTIVE, "流し満貫": NAGASHI, "九種九牌": ABORTIVE, "四風連打": ABORTIVE,
              "四家立直": ABORTIVE, "四開槓": ABORTIVE, "三家和": ABORTIVE}
"""majiang-core's names of the draws (``Game.pingju``)."""
DRAW_OF_REASON = {"fanpai": "荒牌平局", "nagashimangan": "流し満貫", "kyushukyuhai": "九種九牌",
                  "suufonrenda": "四風連打", "suuchareach": "四家立直", "suukaikan": "四開槓", "sanchaho": "三家和"}
"""The table's mjai reasons of a draw, as majiang-core names them."""

_TILE = re.compile(r"^([mpsz])([0-9])")
WINDS = "東南西北"
_T = TypeVar("_T")


def _tile(text: Any, where: str) -> Tile:
    """A majiang tile (``m1``, ``m0`` the red five, ``z1`` East …), marks after it ignored."""
    m = _TILE.match(text) if isinstance(text, str) else None
    if m is None:
        raise RecordError(f"{where}: {text!r:.40} is not a majiang-core tile (m1 … s9, m0 the red five, z1 … z7)")
    try:
        return tile_from(m.group(1), m.group(2))
    except MjrulesError as e:
        raise RecordError(f"{where}: {text!r:.40}: {e}") from None


def _tiles(text: Any, where: str) -> list[Tile]:
    """The concealed tiles of a written hand (``m123p40s5z11``, as dealt)."""
    if not isinstance(text, str) or not re.fullmatch(r"(?:[mpsz]\d+)*", text):
        raise RecordError(f"{where}: {text!r:.60} is not a hand of majiang-core tiles")
    out = []
    for group in re.findall(r"[mpsz]\d+", text):
        out += [_tile(group[0] + d, where) for d in group[1:]]
    return out


class _Round:
    """One round of the log followed event by event."""

    def __init__(self, source: str, qijia: int, index: int, raw: Any) -> None:
        self.source = source
        self.label = f"round {index + 1}"
        if not isinstance(raw, list) or not raw or not isinstance(raw[0], dict) or "qipai" not in raw[0]:
            self.fail("a round must be a list of events that starts with its qipai")
        q = self.field(raw[0], "qipai", dict)
        wind, number = self.number(q, "zhuangfeng", 3), self.number(q, "jushu", 3)
        honba, sticks = self.number(q, "changbang"), self.number(q, "lizhibang")
        self.label = f"{'ESWN'[wind]}{number + 1}" + (f"-{honba}" if honba else "")
        self.dealer = (qijia + number) % 4
        defen = self.field(q, "defen", list)
        hands = self.field(q, "shoupai", list)
        if len(defen) != 4 or not all(type(d) is int for d in defen) or len(hands) != 4:
            self.fail("qipai: defen and shoupai must give four seats")
        scores = [0] * 4
        dealt: list[tuple[Tile, ...]] = [()] * 4
        for rel in range(4):
            scores[self.seat(rel)] = defen[rel]
            dealt[self.seat(rel)] = tuple(_tiles(hands[rel], self.where()))
        deal = Deal(wind, number, honba, sticks, self.dealer, tuple(scores),
                    _tile(q.get("baopai"), self.where()), tuple(dealt))
        self.flow = RoundState(self.where(), deal)
        self.riichi_pending: int | None = None
        self.events = raw[1:]

    def where(self) -> str:
        return f"{self.source}, round {self.label}"

    def fail(self, message: str) -> NoReturn:
        raise RecordError(f"{self.where()}: {message}")

    def field(self, obj: dict[str, Any], key: str, kind: type[_T]) -> _T:
        value = obj.get(key)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            self.fail(f"{key} is missing or not a {kind.__name__}")
        return value

    def number(self, obj: dict[str, Any], key: str, most: int = 1_000_000) -> int:
        value = self.field(obj, key, int)
        if not 0 <= value <= most:
            self.fail(f"{key} {value} is out of range 0 … {most}")
        return value

    def seat(self, rel: int) -> int:
        """The player id of the seat ``rel`` places from the dealer."""
        return (self.dealer + rel) % 4

    def actor(self, obj: dict[str, Any]) -> int:
        return self.seat(self.number(obj, "l", 3))

    def per_seat(self, values: Any, what: str) -> tuple[int, ...]:
        """Four values counted from the dealer, by player id."""
        if not isinstance(values, list) or len(values) != 4 or not all(
                isinstance(v, (int, float)) and not isinstance(v, bool) and v == int(v) for v in values):
            self.fail(f"{what}: expected four whole numbers, got {values!r:.60}")
        out = [0] * 4
        for rel, v in enumerate(values):
            out[self.seat(rel)] = int(v)
        return tuple(out)

    def accept_riichi(self) -> None:
        """A riichi's discard passed: its stick is deposited (majiang-core's ``Board.lizhi``)."""
        if self.riichi_pending is not None:
            self.flow.riichi_accepted(self.riichi_pending)
            self.riichi_pending = None

    def read(self) -> Round:
        for ev in self.events:
            if not isinstance(ev, dict) or len(ev) != 1:
                self.fail(f"an event must be an object with one key, got {ev!r:.60}")
            ((kind, body),) = ev.items()
            if not isinstance(body, dict):
                self.fail(f"{kind}: expected an object")
            try:
                self.event(kind, body)
            except RecordError:
                raise
            except MjrulesError as e:
                self.fail(f"{kind}: {e}")
        return self.flow.finish()

    def event(self, kind: str, ev: dict[str, Any]) -> None:
        flow = self.flow
        if kind in ("zimo", "gangzimo"):
            self.accept_riichi()
            flow.draw(self.actor(ev), _tile(ev.get("p"), self.where()))
        elif kind == "dapai":
            seat, p = self.actor(ev), ev.get("p")
            if isinstance(p, str) and p.endswith("*"):
                flow.declare_riichi(seat)
                self.riichi_pending = seat
            flow.discard(seat, _tile(p, self.where()))
        elif kind == "fulou":
            self.accept_riichi()
            self.call(self.actor(ev), ev.get("m"))
        elif kind == "gang":
            self.call(self.actor(ev), ev.get("m"))
        elif kind == "kaigang":
            flow.dora.append(_tile(ev.get("baopai"), self.where()))
        elif kind == "hule":
            self.hule(ev)
        elif kind == "pingju":
            self.pingju(ev)
        else:
            self.fail(f"unknown event {kind!r:.40}")

    def call(self, seat: int, written: Any) -> None:
        if not isinstance(written, str) or len(written) < 4 or written[0] not in "mpsz":
            self.fail(f"{written!r:.40} is not a majiang-core meld (m1-23, p555=, s5550, z111+1)")
        meld = meld_from_digits(written[0], written[1:], written)
        if meld.kind is MeldKind.ANKAN:
            self.flow.call(seat, meld, meld.tiles, None)
        elif meld.kind is MeldKind.KAKAN:
            self.flow.call(seat, meld, [meld.tiles[3]], meld.tiles[3])
        else:
            assert meld.called is not None
            called = meld.tiles[meld.called]
            own = [t for i, t in enumerate(meld.tiles) if i != meld.called]
            self.flow.call(seat, meld, own, called)

    def hule(self, ev: dict[str, Any]) -> None:
        flow = self.flow
        seat = self.actor(ev)
        ura = tuple(_tile(t, self.where()) for t in ev.get("fubaopai") or ())
        dora = tuple(flow.dora)
        honba, sticks = flow.deal.honba, flow.deal.sticks + len(flow.declared)
        if flow.wins:  # a second ron on the same tile: the first winner took the honba and the sticks
            honba = sticks = 0
        baojia = ev.get("baojia")
        if baojia is None:
            hand, win = tsumo(flow, seat, flow.deal.wind % 4, honba, sticks, dora, ura)
            discarder = None
        else:
            hand, win, discarder = ron(flow, seat, flow.deal.wind % 4, honba, sticks, dora, ura)
            if type(baojia) is not int or discarder != self.seat(baojia):
                self.fail(f"hule: seat {seat} wins on a tile of seat {discarder}, the record says {baojia!r:.20}")
        written = ev.get("shoupai")
        if isinstance(written, str):  # the hand as the record writes it must be the one played
            try:
                shown, _ = parse_majiang(written.replace("*", ""))
            except MjrulesError as e:
                self.fail(f"hule: {e}")
            played = sorted(t.rank for t in (*hand.concealed, hand.win_tile))
            if sorted(t.rank for t in (*shown.concealed, shown.win_tile)) != played:
                self.fail(f"hule: the hand written {written!r:.60} is not the hand played")
        hupai = ev.get("hupai")
        if not isinstance(hupai, list):
            self.fail("hule: hupai is missing or not a list")
        names: list[str] = []
        yakuman = 0
        pao = None
        for h in hupai:
            if not isinstance(h, dict) or not isinstance(h.get("name"), str):
                self.fail(f"hule: {h!r:.40} is not a yaku ({{\"name\", \"fanshu\"}})")
            name, fanshu = h["name"], h.get("fanshu")
            yid = yaku_id(name) or name
            if isinstance(fanshu, str) and fanshu and set(fanshu) == {"*"}:
                yakuman += len(fanshu)
            if yid in ("dora", "ura", "aka") and type(fanshu) is int:
                names += [yid] * fanshu
            else:
                names.append(yid)
            if h.get("baojia") in ("+", "=", "-"):  # the liable player (pao), marked from the winner
                pao = (seat + "_+=-".index(h["baojia"])) % 4
        fenpei = self.per_seat(ev.get("fenpei"), "hule: fenpei")
        defen = ev.get("defen")
        if type(defen) is not int:
            self.fail("hule: defen is missing or not a whole number")
        fanshu_total, fu = ev.get("fanshu"), ev.get("fu")
        recorded = Recorded(None if yakuman or type(fanshu_total) is not int else fanshu_total,
                            None if yakuman or type(fu) is not int else fu, yakuman, defen, tuple(names), fenpei)
        flow.won(RecordedWin(seat, discarder, pao, hand, win, recorded))

    def pingju(self, ev: dict[str, Any]) -> None:
        name = ev.get("name")
        if name not in DRAW_NAMES:
            self.fail(f"pingju: unknown draw {name!r:.40} (majiang-core's: {', '.join(DRAW_NAMES)})")
        if name != "三家和":  # the stick of a riichi discard that three players ron is not deposited
            self.accept_riichi()
        kind = DRAW_NAMES[name]
        shown_hands = ev.get("shoupai")
        if not isinstance(shown_hands, list) or len(shown_hands) != 4:
            self.fail("pingju: shoupai must give four seats")
        shown = tuple(self.seat(rel) for rel in range(4) if shown_hands[rel])
        payments = self.per_seat(ev.get("fenpei"), "pingju: fenpei")
        if kind == ABORTIVE:
            self.flow.drawn_out(Draw(kind, name, (), (), payments, shown))
            return
        nagashi = self.flow.nagashi() if kind == NAGASHI else ()
        if kind == NAGASHI and not nagashi:
            self.fail("pingju: a nagashi mangan, but no player's discards are all terminals and honours, uncalled")
        # the hands shown are those in tenpai (a hand not shown is noten: unshown, or declared noten)
        self.flow.drawn_out(Draw(kind, name, tuple(sorted(shown)), nagashi, payments))


def read_paipu_games(source: str, data: bytes) -> list[Game]:
    """The games of a 牌譜 file (one game, or a list of them); ``source`` names it in errors."""
    doc = json_document(data, source, RecordError)
    if isinstance(doc, dict):
        return [read_paipu(source, doc)]
    if not isinstance(doc, list) or not doc:
        raise RecordError(f"{source}: not a 牌譜 (a majiang-core game object, or a list of them)")
    return [read_paipu(f"{source}, game {k + 1}", g) for k, g in enumerate(doc)]


def read_paipu(source: str, doc: Any) -> Game:
    """One game of a 牌譜 (its parsed JSON object)."""
    if not isinstance(doc, dict) or not isinstance(doc.get("log"), list) or "qijia" not in doc:
        raise RecordError(f"{source}: not a 牌譜 game (no \"qijia\" and \"log\")")
    qijia = doc["qijia"]
    if type(qijia) is not int or not 0 <= qijia <= 3:
        raise RecordError(f"{source}: qijia {qijia!r:.20} is not a player 0 … 3")
    rounds = tuple(_Round(source, qijia, i, raw).read() for i, raw in enumerate(doc["log"]))
    # mjrules' table writes a game a person left with the rounds played to their end, and why
    unfinished = (doc["unfinished"] or "left") if isinstance(doc.get("unfinished"), str) else None
    if not rounds and unfinished is None:
        raise RecordError(f"{source}: no rounds in the record")
    names = doc.get("player")
    players = tuple(str(n) for n in names) if isinstance(names, list) and len(names) == 4 else ("",) * 4
    final = doc.get("defen")
    final_scores = tuple(final) if (isinstance(final, list) and len(final) == 4
                                    and all(type(s) is int for s in final)) else None
    points = doc.get("point")
    final_points = None
    if isinstance(points, list) and len(points) == 4:
        try:
            final_points = tuple(float(p) for p in points)
        except (TypeError, ValueError):
            raise RecordError(f"{source}: point {points!r:.60} are not four numbers") from None
    ruleset = doc.get("ruleset") if isinstance(doc.get("ruleset"), str) and doc.get("ruleset") else None
    # the table's, when it played another length than the ruleset's
    rules = (("game_length", doc["length"]),) if doc.get("length") in GameLength.values() else ()
    # majiang-core's own 牌譜 hold no rule object: read under its defaults unless another is given
    assumed = () if ruleset else (f"the 牌譜 does not say its rules: read under {DEFAULT_RULESET}, majiang-core's "
                                  "default rule object",)
    return Game(source, FORMAT, ruleset, players, rounds, final_scores, True, final_points, rules=rules,
                length_stated=bool(ruleset or rules), ruleset_assumed=None if ruleset else DEFAULT_RULESET,
                assumed=assumed, unfinished=unfinished)


# -- writing the table's games ---------------------------------------------------------------------

YAKU_NAMES: dict[str, str] = {yid: name for name, yid in TENHOU_YAKU}
YAKU_NAMES.update({"haku": "翻牌 白", "hatsu": "翻牌 發", "chun": "翻牌 中", "double_riichi": "ダブル立直",
                   "kokushi_13": "国士無双十三面", "suuankou_tanki": "四暗刻単騎"})
YAKU_NAMES.update({f"{place}_wind_{w}": f"{word} {WINDS[n]}" for place, word in (("round", "場風"), ("seat", "自風"))
                   for n, w in enumerate(("east", "south", "west", "north"))})
"""majiang-core's names of the yaku (``hule.js``), by mjrules yaku id (a yaku it does not know keeps its id)."""


def meld_text(meld: Meld) -> str:
    """A meld as majiang-core writes it (``m1-23``, ``p555=``, ``s5550``, ``z111+1``): a chi in
    order, a pon or open kan its own tiles (plain fives first) then the called one, a closed kan
    high digits first (the red five last)."""
    if meld.kind is MeldKind.ANKAN:
        return meld.tiles[0].suit + "".join(sorted((_digit(t) for t in meld.tiles), reverse=True))
    return meld.tiles[0].suit + meld_digits(meld)


def _digit(t: Tile) -> str:
    return "0" if t.red else str(t.number)


def hand_text(concealed: Sequence[Tile], melds: Sequence[Meld] = (), riichi: bool = False,
              last: Tile | None = None) -> str:
    """A hand as majiang-core writes it: the concealed tiles by suit (a red five before the 5s),
    ``last`` (the drawn or winning tile) after them, ``*`` in riichi, then the melds."""
    out = []
    for suit in "mpsz":
        mine = sorted((t for t in concealed if t.suit == suit), key=lambda t: (t.number, not t.red))
        if mine:
            out.append(suit + "".join(_digit(t) for t in mine))
    if last is not None:
        out.append(last.majiang())
    return "".join(out) + ("*" if riichi else "") + "".join("," + meld_text(m) for m in melds)


class PaipuLog:
    """The table's mjai events (``mjrules.table.events``), whole or as one seat sees them, turned
    one at a time into majiang-core's log entries (``add``); ``log`` holds them by round.

    A tile hidden from the seat (``?``) is written as majiang-core hides it (an empty ``zimo.p``,
    an empty hand); a win shows the winner's hand (the table's ``hora_tehais``)."""

    def __init__(self) -> None:
        self.log: list[list[dict[str, Any]]] = []
        self.dealer = 0
        self.hands: list[list[Tile] | None] = [None] * 4
        """Each seat's concealed tiles, None where hidden."""
        self.melds: list[list[Meld]] = [[] for _ in range(4)]
        self.riichi: set[int] = set()
        self.declaring: set[int] = set()
        """Seats whose riichi is declared and whose discard comes next."""
        self.after_kan = False

    def rel(self, seat: int) -> int:
        """The seat ``seat`` as majiang-core's ``l``: counted from the round's dealer."""
        return (seat - self.dealer) % 4

    def by_rel(self, values: Sequence[Any]) -> list[Any]:
        """Values by seat, counted from the dealer."""
        return [values[(self.dealer + k) % 4] for k in range(4)]

    def add(self, ev: dict[str, Any]) -> dict[str, Any] | None:
        """The log entry an event makes (appended to its round's), or None for one majiang-core's
        log has no entry for (the game's start and end, a riichi declaration or its stick)."""
        kind = ev["type"]
        entry: Callable[[dict[str, Any]], dict[str, Any] | None] | None = getattr(self, "_" + kind, None)
        if entry is None:
            return None
        out = entry(ev)
        if out is not None:
            self.log[-1].append(out)
        return out

    def _tile(self, name: str) -> Tile:
        return mjai_tile(name, "the table's event")

    def _start_kyoku(self, ev: dict[str, Any]) -> dict[str, Any]:
        self.log.append([])
        self.dealer = ev["oya"]
        self.hands = [None if "?" in h else [self._tile(t) for t in h] for h in ev["tehais"]]
        self.melds = [[] for _ in range(4)]
        self.riichi, self.declaring, self.after_kan = set(), set(), False
        return {"qipai": {
            "zhuangfeng": "ESWN".index(ev["bakaze"]), "jushu": ev["kyoku"] - 1, "changbang": ev["honba"],
            "lizhibang": ev["kyotaku"], "defen": self.by_rel(ev["scores"]), "baopai": self._tile(ev["dora_marker"]).majiang(),
            "shoupai": self.by_rel(["" if h is None else hand_text(h) for h in self.hands])}}

    def _tsumo(self, ev: dict[str, Any]) -> dict[str, Any]:
        seat, hidden = ev["actor"], ev["pai"] == "?"
        p = "" if hidden else self._tile(ev["pai"]).majiang()
        hand = self.hands[seat]
        if hand is not None and not hidden:
            hand.append(self._tile(ev["pai"]))
        kind = "gangzimo" if self.after_kan else "zimo"
        self.after_kan = False
        return {kind: {"l": self.rel(seat), "p": p}}

    def _dahai(self, ev: dict[str, Any]) -> dict[str, Any]:
        seat, t = ev["actor"], self._tile(ev["pai"])
        hand = self.hands[seat]
        if hand is not None:
            hand.remove(t)
        p = t.majiang() + ("_" if ev.get("tsumogiri") else "")
        if seat in self.declaring:
            self.declaring.discard(seat)
            self.riichi.add(seat)
            p += "*"
        return {"dapai": {"l": self.rel(seat), "p": p}}

    def _reach(self, ev: dict[str, Any]) -> None:
        self.declaring.add(ev["actor"])

    def _take(self, seat: int, tiles: Sequence[Tile]) -> None:
        hand = self.hands[seat]
        if hand is not None:
            for t in tiles:
                hand.remove(t)

    def _call(self, ev: dict[str, Any]) -> dict[str, Any]:
        seat, called = ev["actor"], self._tile(ev["pai"])
        own = [self._tile(t) for t in ev["consumed"]]
        self._take(seat, own)
        source = (ev["target"] - seat) % 4
        if ev["type"] == "chi":
            tiles = sorted([called, *own], key=lambda t: t.index)
            meld = Meld(MeldKind.CHI, tiles, tiles.index(called), source)
        else:  # its own tiles, plain fives first, then the called one (majiang-core's order)
            ordered = sorted(own, key=lambda t: t.red)
            kind = MeldKind.PON if ev["type"] == "pon" else MeldKind.DAIMINKAN
            meld = Meld(kind, [*ordered, called], len(ordered), source)
        self.melds[seat].append(meld)
        self.after_kan = meld.kind is MeldKind.DAIMINKAN
        return {"fulou": {"l": self.rel(seat), "m": meld_text(meld)}}

    _chi = _pon = _daiminkan = _call

    def _ankan(self, ev: dict[str, Any]) -> dict[str, Any]:
        seat = ev["actor"]
        own = [self._tile(t) for t in ev["consumed"]]
        self._take(seat, own)
        meld = Meld(MeldKind.ANKAN, own)
        self.melds[seat].append(meld)
        self.after_kan = True
        return {"gang": {"l": self.rel(seat), "m": meld_text(meld)}}

    def _kakan(self, ev: dict[str, Any]) -> dict[str, Any]:
        seat, added = ev["actor"], self._tile(ev["pai"])
        self._take(seat, [added])
        melds = self.melds[seat]
        i = next(i for i, m in enumerate(melds) if m.kind is MeldKind.PON and m.tiles[0].index == added.index)
        pon = melds[i]
        melds[i] = Meld(MeldKind.KAKAN, [*pon.tiles, added], pon.called, pon.source)
        self.after_kan = True
        return {"gang": {"l": self.rel(seat), "m": meld_text(melds[i])}}

    def _dora(self, ev: dict[str, Any]) -> dict[str, Any]:
        return {"kaigang": {"baopai": self._tile(ev["dora_marker"]).majiang()}}

    def _hora(self, ev: dict[str, Any]) -> dict[str, Any]:
        seat, target = ev["actor"], ev["target"]
        win = self._tile(ev["pai"])
        shown = ev.get("hora_tehais")
        concealed = [self._tile(t) for t in shown] if shown is not None else list(self.hands[seat] or ())
        if concealed and (target == seat or shown is not None):
            concealed.remove(win)  # the winning tile is written last
        hupai = []
        for yid, han in ev.get("yakus", []):
            name = YAKU_NAMES.get(yid, yid)
            yakuman = han >= 13 and bool(ev.get("yakuman")) and yid not in ("dora", "ura", "aka")
            hupai.append({"name": name, "fanshu": "*" * (han // 13) if yakuman else han})
        out: dict[str, Any] = {
            "l": self.rel(seat), "shoupai": hand_text(concealed, self.melds[seat], seat in self.riichi, win),
            "baojia": None if target == seat else self.rel(target),
            "fubaopai": [self._tile(t).majiang() for t in ev.get("uradora_markers", [])] if seat in self.riichi else None,
            "fu": ev.get("fu"), "fanshu": ev.get("fan"), "damanguan": ev.get("yakuman"), "defen": ev["hora_points"],
            "hupai": hupai, "fenpei": self.by_rel(ev["deltas"])}
        if out["damanguan"]:  # a yakuman: no fu or han written (majiang-core's hule)
            out["fu"] = out["fanshu"] = None
        for key in ("fu", "fanshu", "damanguan"):  # majiang-core leaves out what the win does not have
            if not out[key]:
                del out[key]
        return {"hule": out}

    def _ryukyoku(self, ev: dict[str, Any]) -> dict[str, Any]:
        name = DRAW_OF_REASON.get(ev.get("reason", ""), "荒牌平局")
        if name == "三家和":
            shown = ev.get("actors", [])
        elif name == "九種九牌":
            shown = [ev["actor"]] if isinstance(ev.get("actor"), int) else []
        elif name == "四家立直":
            shown = range(4)
        else:
            shown = [s for s, on in enumerate(ev.get("tenpais") or ()) if on]
        hands = [""] * 4
        for s in shown:
            hand = self.hands[s]
            if hand is not None:
                hands[self.rel(s)] = hand_text(hand, self.melds[s], s in self.riichi)
        return {"pingju": {"name": name, "shoupai": hands, "fenpei": self.by_rel(ev.get("deltas", [0] * 4))}}


def paipu_of_events(events: Sequence[dict[str, Any]], *, title: str, names: Sequence[str], ruleset: str,
                    final: Sequence[int] | None, points: Sequence[float] | None, exact: bool,
                    length: str | None = None, unfinished: str | None = None) -> dict[str, Any]:
    """A four-player game of the table (its whole mjai ``events``; seat 0 deals first) as a 牌譜:
    its final scores and points (``exact``: written to tenths, else whole), ranks with equal scores
    ranked by seat. ``ruleset`` (and ``length`` where the table played another than the ruleset's)
    are written too, so that ``mjrules replay`` reads the game's rules back. A game left before its
    end (``unfinished``: why; no ``final`` nor ``points``) keeps the rounds played to their end."""
    paipu = PaipuLog()
    for ev in events:
        paipu.add(ev)
    log = paipu.log
    if unfinished is not None and log and not {"hule", "pingju"} & set(log[-1][-1]):
        log = log[:-1]  # the round under way: a 牌譜's rounds are whole
    out: dict[str, Any] = {"title": title, "player": list(names), "qijia": 0, "log": log}
    if final is not None and points is not None:
        order = sorted(range(4), key=lambda s: (-final[s], s))
        out.update({"defen": list(final), "rank": [order.index(s) + 1 for s in range(4)],
                    "point": [f"{p:.1f}" if exact else f"{p:.0f}" for p in points]})
    out["ruleset"] = ruleset
    if length is not None:
        out["length"] = length
    if unfinished is not None:
        out["unfinished"] = unfinished
    return out
