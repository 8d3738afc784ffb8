"""majiang-core (電脳麻将) notation: ``m345p40677s67s8,m34-0`` plus ``rongpai`` such as ``z2+``.

The concealed part comes first; for a tsumo its last written tile is the drawn winning tile.
Melds follow after commas, the seat mark after the called tile's digit (see ``marks``).
"""

from __future__ import annotations

import json
from typing import Any, Iterable, Union

import attrs

from mjrules.errors import NotationError, SituationError
from mjrules.model.hand import Hand, assemble_grouped, assemble_hand
from mjrules.model.tiles import BY_RANK, BY_SUIT, Tile, tile_from
from mjrules.model.win import MAX_COUNTER, Win, assemble_win
from mjrules.notation.marks import (
    MARK_TO_SOURCE,
    MAX_INPUT,
    SOURCE_TO_MARK,
    check_length,
    meld_digits,
    meld_from_digits,
)
from mjrules.notation.suit_groups import KEPT_M, KEPT_P, KEPT_S, KEPT_Z, suit_group


_Table = dict[str, Union[Tile, "_Table"]]
"""A state of ``_concealed``'s reader: each character leads to a Tile or to the next state."""


def _reader_tables() -> _Table:
    """A state table for ``_concealed``: in each suit's table a digit gives a Tile, a suit letter
    the next table, and majiang's riichi marker ``*`` (no tile) the same table."""
    tables: dict[str, _Table] = {suit: dict(BY_SUIT[suit]) for suit in BY_SUIT}
    start: _Table = {}
    for t in (start, *tables.values()):
        t.update(tables)
    for t in tables.values():
        t["*"] = t
    start["*"] = start
    return start


_START: dict[str, Any] = _reader_tables()
# Any rather than _Table: ``_concealed`` tells a table from a tile by its class, on the parser's
# hot path, and mypy does not narrow ``x.__class__ is dict``.


def _concealed(text: str) -> list[Tile]:
    tiles: list[Tile] = []
    append = tiles.append
    table = _START
    try:
        for ch in text:
            x = table[ch]
            if x.__class__ is dict:
                table = x
            else:
                append(x)
    except KeyError:
        _bad_char(text)
    return tiles


def _bad_char(text: str) -> None:
    """Raise the error for the first character ``_concealed`` could not read."""
    suit = None
    for pos, ch in enumerate(text):
        if ch in BY_SUIT:
            suit = ch
        elif ch in "0123456789":
            if suit is None:
                raise NotationError(f"concealed part {text!r}: digit at position {pos + 1} before any suit letter")
            try:
                tile_from(suit, ch)
            except NotationError as e:
                raise NotationError(f"concealed part {text!r}: {e}") from None
        elif ch != "*":
            raise NotationError(f"concealed part {text!r}: unexpected {ch!r} at position {pos + 1}")
    raise NotationError(f"concealed part {text!r} cannot be read")


def parse_majiang(shoupai: str, rongpai: str | None = None) -> tuple[Hand, int | None]:
    """Read a majiang hand; returns the Hand and the discarder's offset (None for tsumo)."""
    if shoupai.__class__ is not str or len(shoupai) > MAX_INPUT:
        check_length(shoupai, "shoupai")
    parts = shoupai.split(",")
    text = parts[0]
    melds = []
    for written in parts[1:]:
        if len(written) < 2 or written[0] not in "mpsz":
            raise NotationError(f"meld {written!r}: expected a suit letter then digits, e.g. m34-0 or z555=")
        melds.append(meld_from_digits(written[0], written[1:], written))
    if rongpai is None:
        win = discarder = None
    else:
        if rongpai.__class__ is not str or len(rongpai) != 3 or rongpai[2] not in MARK_TO_SOURCE:
            check_length(rongpai, "rongpai")
            raise NotationError(
                f"rongpai {rongpai!r}: expected a tile and the discarder's mark, e.g. z2+ (+ next, = opposite, - previous)"
            )
        win = _BY_NAME.get(rongpai[:2]) or tile_from(rongpai[0], rongpai[1])
        discarder = MARK_TO_SOURCE[rongpai[2]]
    hand = _grouped(text, win, melds)
    if hand is None:  # not written suit by suit in order, or wrong: the general reader names the problem
        tiles = _concealed(text)
        if win is None:
            if not tiles:
                raise NotationError(f"shoupai {shoupai!r}: no concealed tiles, so no winning tile")
            win = tiles.pop()
        hand = assemble_hand(tiles, win, melds)
    return hand, discarder


def _grouped(text: str, win: Tile | None, melds: list) -> Hand | None:
    """The Hand built from the concealed part's suit groups (``suit_groups``) when it is written
    as majiang writes it: suits in the order m p s z, each once, and for a tsumo (``win`` None)
    the drawn tile last with its own suit letter. None otherwise, or when something is wrong:
    the general reader then decides and names the problem."""
    if win is None:
        if len(text) < 2 or text[-2] not in "mpsz":
            return None
        win = BY_SUIT[text[-2]].get(text[-1])
        if win is None:
            return None
        text = text[:-2]
    # A suit letter out of order or written twice lands inside another suit's digits, which
    # then do not read as tiles.
    head, _, z_digits = text.partition("z")
    head, _, s_digits = head.partition("s")
    head, _, p_digits = head.partition("p")
    if head:
        if head[0] != "m":
            return None
        m_digits = head[1:]
    else:
        m_digits = ""
    m = KEPT_M(m_digits) or suit_group(0, m_digits)
    p = KEPT_P(p_digits) or suit_group(1, p_digits)
    s = KEPT_S(s_digits) or suit_group(2, s_digits)
    z = KEPT_Z(z_digits) or suit_group(3, z_digits)
    if m is None or p is None or s is None or z is None:
        return None
    return assemble_grouped(m, p, s, z, win, melds)


def _groups(tiles: Iterable[Tile]) -> str:
    out = []
    suit = None
    for t in tiles:
        if t.suit != suit:
            suit = t.suit
            out.append(suit)
        out.append("0" if t.red else str(t.number))
    return "".join(out)


def format_majiang(hand: Hand, discarder: int | None = None) -> tuple[str, str | None]:
    """Canonical majiang form: sorted concealed tiles (red five before plain), the drawn tile last."""
    conc = _groups(sorted(hand.concealed, key=BY_RANK))
    if discarder is None:
        conc += hand.win_tile.majiang()
        ron = None
    else:
        ron = hand.win_tile.majiang() + SOURCE_TO_MARK[discarder]
    melds = [m.tiles[0].suit + meld_digits(m) for m in hand.melds]
    return ",".join([conc, *melds]), ron


_HUPAI_KEYS = frozenset({"lizhi", "yifa", "qianggang", "lingshang", "haidi", "tianhu"})
_PARAM_KEYS = frozenset({"zhuangfeng", "menfeng", "hupai", "baopai", "fubaopai", "jicun", "players", "nukidora"})
"""majiang-core's param keys, and two for three players: ``players`` (3 or 4) and ``nukidora``
(the Norths the winner set aside, not written in ``shoupai``)."""
_JICUN_KEYS = frozenset({"changbang", "lizhibang"})


def _number(value: Any, where: str, expected: str) -> int:
    """``value`` as an int (null for 0), or the error naming ``where`` and the ``expected`` range."""
    if value is None:
        return 0
    # bool is an int subclass, but true is no count or wind number: majiang-core never writes one
    if value.__class__ is not int:
        raise NotationError(f"{where}: expected {expected}, got {json.dumps(value) if _plain(value) else repr(value)}")
    return value


def _plain(value: Any) -> bool:
    """Whether ``value`` is a JSON scalar, shown as JSON (true, not True) in an error."""
    return value is True or value is False or value.__class__ is float


_WIND = "a whole number 0-3"
_ZERO_TO_TWO = "a whole number 0-2"
_COUNTER = f"a whole number 0-{MAX_COUNTER}"


def _flag(value: Any, where: str) -> bool:
    if value is None or value is False or value is True or (type(value) is int and value in (0, 1)):
        return bool(value)
    raise NotationError(f"{where}: expected true or false, got {value!r}")


def _indicators(value: Any, where: str) -> tuple[Tile, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise NotationError(f"{where}: expected a list of tiles like [\"m1\"], got {value!r}")
    out = []
    for v in value:
        t = BY_SUIT.get(v[0], {}).get(v[1]) if isinstance(v, str) and len(v) == 2 else None
        if t is None:
            raise NotationError(f"{where}: {v!r} is not a tile like \"m1\"")
        out.append(t)
    return tuple(out)


def _table(obj: Any, keys: frozenset, where: str) -> dict:
    if obj is None:
        return {}
    if not isinstance(obj, dict):
        raise NotationError(f"{where}: expected an object")
    if not obj.keys() <= keys:
        unknown = next(k for k in obj if k not in keys)
        raise NotationError(f"{where}: unknown key {unknown!r} (known: {', '.join(sorted(keys))})")
    return obj


_IN_KEYS = frozenset({"shoupai", "rongpai", "param"})
_BY_NAME = {t.majiang(): t for table in BY_SUIT.values() for t in table.values()}
"""``"m1"`` → Tile, for indicator lists."""
_TILE_NAMED = _BY_NAME.__getitem__
_ALONE = {name: (t,) for name, t in _BY_NAME.items()}
"""``"m1"`` → ``(Tile,)``: most hands show one indicator, and a shared tuple is one object fewer
for the garbage collector to follow per hand."""


def _top_fields(data: dict) -> tuple[Any, Any]:
    """``shoupai`` and ``rongpai`` of an ``in`` object not in majiang's complete form, or the
    error naming an unknown or missing key."""
    if not data.keys() <= _IN_KEYS:
        unknown = next(k for k in data if k not in _IN_KEYS)
        raise NotationError(f"unknown key {unknown!r} (expected shoupai, rongpai, param)")
    if "shoupai" not in data:
        raise NotationError("missing key 'shoupai'")
    return data["shoupai"], data.get("rongpai")


def _param_fields(data: dict) -> tuple:
    """hupai, zhuangfeng, menfeng, baopai, fubaopai, changbang and lizhibang of an ``in`` object
    not in majiang's complete form, with majiang's defaults for what is left out of ``param``."""
    if "param" not in data:
        # majiang-core always writes param: a line without it is cut short, not a dealer's tsumo
        raise NotationError("missing key 'param' (the winner's seat and the round are in it)")
    if data["param"] is None:
        raise NotationError("param: expected an object, got null")
    param = _table(data["param"], _PARAM_KEYS, "param")
    hupai = _table(param.get("hupai"), _HUPAI_KEYS, "param.hupai")
    jicun = _table(param.get("jicun"), _JICUN_KEYS, "param.jicun")
    return (hupai, param.get("zhuangfeng", 0), param.get("menfeng", 0), param.get("baopai"), param.get("fubaopai"),
            jicun.get("changbang", 0), jicun.get("lizhibang", 0))


def parse_majiang_input(data: dict, players: int = 4) -> tuple[Hand, Win]:
    """Read the ``in`` object of majiang-core's ``hule()`` test data into a Hand and a Win, for a
    table of ``players``: a ``param.players`` that says otherwise is an error, and
    ``param.nukidora`` becomes ``Win.kita``."""
    if data.__class__ is not dict:
        raise NotationError(f"expected a JSON object with shoupai, rongpai and param, got {type(data).__name__}")
    # majiang-core writes every key: once all are read, the sizes of the objects show that no
    # other key is there, so none has to be checked against the known ones.
    complete = False
    try:
        shoupai = data["shoupai"]
        rongpai = data["rongpai"]
        param = data["param"]
        hupai = param["hupai"]
        jicun = param["jicun"]
        round_wind = param["zhuangfeng"]
        seat_wind = param["menfeng"]
        bao = param["baopai"]
        fubao = param["fubaopai"]
        honba = jicun["changbang"]
        sticks = jicun["lizhibang"]
        if (len(data) == 3 and param.__class__ is dict and len(param) == 6 and jicun.__class__ is dict
                and len(jicun) == 2 and hupai.__class__ is dict and (not hupai or hupai.keys() <= _HUPAI_KEYS)):
            complete = True
    except (KeyError, TypeError):
        pass  # not majiang's complete form: the general path below reads it
    if not complete:
        shoupai, rongpai = _top_fields(data)
    hand, discarder = parse_majiang(shoupai, rongpai)
    if not complete:
        hupai, round_wind, seat_wind, bao, fubao, honba, sticks = _param_fields(data)
    if hupai:
        g = hupai.get
        riichi = g("lizhi", 0)
        haidi = g("haidi", 0)
        tianhu = g("tianhu", 0)
        ippatsu = g("yifa", False)
        chankan = g("qianggang", False)
        rinshan = g("lingshang", False)
    else:  # most wins have no special condition
        riichi = haidi = tianhu = 0
        ippatsu = chankan = rinshan = False
    if haidi.__class__ is not int or tianhu.__class__ is not int:
        haidi = _number(haidi, "param.hupai.haidi", _ZERO_TO_TWO)
        tianhu = _number(tianhu, "param.hupai.tianhu", _ZERO_TO_TWO)
    if haidi not in (0, 1, 2) or tianhu not in (0, 1, 2):
        raise SituationError("param.hupai: haidi and tianhu take 0, 1 or 2")
    try:
        if bao.__class__ is list:
            dora = _ALONE[bao[0]] if len(bao) == 1 else tuple(map(_TILE_NAMED, bao))
        else:
            dora = _indicators(bao, "param.baopai")
        if fubao.__class__ is list:
            ura = _ALONE[fubao[0]] if len(fubao) == 1 else tuple(map(_TILE_NAMED, fubao))
        else:
            ura = _indicators(fubao, "param.fubaopai")
    except (KeyError, TypeError):
        dora = _indicators(bao, "param.baopai")
        ura = _indicators(fubao, "param.fubaopai")
    # Positional, in Win's field order: tsumo, discarder, round and seat wind, riichi, ippatsu,
    # haitei, houtei, rinshan, chankan, tenhou, chiihou, renhou, dora, ura, honba, riichi sticks.
    try:
        win = assemble_win(
            discarder is None, discarder, round_wind, seat_wind, riichi, ippatsu,
            haidi == 1, haidi == 2, rinshan, chankan, tianhu == 1, tianhu == 2, False, dora, ura, honba, sticks,
        )
    except SituationError:
        # The Win's own checks take plain ints and bools only: read majiang's other spellings
        # (null for 0, 0/1 for flags) with errors that name the key, then check again.
        win = assemble_win(
            discarder is None, discarder, _number(round_wind, "param.zhuangfeng", _WIND),
            _number(seat_wind, "param.menfeng", _WIND), _number(riichi, "param.hupai.lizhi", _ZERO_TO_TWO),
            _flag(ippatsu, "param.hupai.yifa"), haidi == 1, haidi == 2, _flag(rinshan, "param.hupai.lingshang"),
            _flag(chankan, "param.hupai.qianggang"), tianhu == 1, tianhu == 2, False, dora, ura,
            _number(honba, "param.jicun.changbang", _COUNTER), _number(sticks, "param.jicun.lizhibang", _COUNTER),
        )
    if not complete:  # majiang-core's own lines have neither key
        win = _three_player(data["param"], win, players)
    return hand, win


def _three_player(param: dict, win: Win, players: int) -> Win:
    """``win`` with the kita of ``param.nukidora``, once ``param.players`` is checked against ``players``."""
    said = param.get("players")
    if said is not None and said != players:
        if said.__class__ is not int or said not in (3, 4):
            raise NotationError(f"param.players: expected 3 or 4, got {json.dumps(said) if _plain(said) else said!r}")
        raise SituationError(f"param.players: {said}, but the ruleset is for {players} players")
    kita = _number(param.get("nukidora"), "param.nukidora", "a whole number 0-4")
    return attrs.evolve(win, kita=kita) if kita else win


def majiang_input(hand: Hand, win: Win, players: int = 4) -> dict:
    """The ``in`` object for a Hand and Win (inverse of ``parse_majiang_input``); at a
    three-player table it says ``players`` and, with kita, ``nukidora``."""
    shoupai, rongpai = format_majiang(hand, None if win.tsumo else win.discarder)
    hupai: dict[str, int | bool] = {}
    if win.riichi:
        hupai["lizhi"] = win.riichi
    if win.ippatsu:
        hupai["yifa"] = True
    if win.chankan:
        hupai["qianggang"] = True
    if win.rinshan:
        hupai["lingshang"] = True
    if win.haitei or win.houtei:
        hupai["haidi"] = 1 if win.haitei else 2
    if win.tenhou or win.chiihou:
        hupai["tianhu"] = 1 if win.tenhou else 2
    param: dict[str, Any] = {
        "zhuangfeng": win.round_wind,
        "menfeng": win.seat_wind,
        "hupai": hupai,
        "baopai": [t.majiang() for t in win.dora],
        "fubaopai": [t.majiang() for t in win.ura],
        "jicun": {"changbang": win.honba, "lizhibang": win.riichi_sticks},
    }
    if players != 4:
        param["players"] = players
    if win.kita:
        param["nukidora"] = win.kita
    return {"shoupai": shoupai, "rongpai": rongpai, "param": param}
