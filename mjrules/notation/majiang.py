"""majiang-core (電脳麻将) notation: ``m345p40677s67s8,m34-0`` plus ``rongpai`` such as ``z2+``.

The concealed part comes first; for a tsumo its last written tile is the drawn winning tile.
Melds follow after commas, the seat mark after the called tile's digit (see ``marks``).
"""

from __future__ import annotations

import json
from typing import Any, Iterable, NoReturn

import attrs

from mjrules.errors import NotationError, SituationError
from mjrules.kernel import bind_notation, read_majiang_input, read_majiang_tiles
from mjrules.model.hand import Hand
from mjrules.model.tiles import BY_RANK, BY_SUIT, Tile, tile_from
from mjrules.model.win import MAX_COUNTER, Win
from mjrules.notation.marks import (
    MARK_TO_SOURCE,
    MAX_INPUT,
    SOURCE_TO_MARK,
    check_length,
    meld_digits,
    meld_from_digits,
)


def _concealed(text: str) -> list[Tile]:
    """The tiles of a concealed part written suit letter first (``m345p40677``), in written
    order; majiang's riichi marker ``*`` is passed over. Read by the kernel; named here if bad."""
    tiles = read_majiang_tiles(text)
    if tiles is None:
        _bad_char(text)
    return tiles


def _bad_char(text: str) -> NoReturn:
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
    if not isinstance(shoupai, str) or len(shoupai) > MAX_INPUT or not shoupai.isascii():
        check_length(shoupai, "shoupai")
    parts = shoupai.split(",")
    melds = []
    for written in parts[1:]:
        if len(written) < 2 or written[0] not in "mpsz":
            raise NotationError(f"meld {written!r}: expected a suit letter then digits, e.g. m34-0 or z555=")
        melds.append(meld_from_digits(written[0], written[1:], written))
    if rongpai is None:
        win = discarder = None
    else:
        if not isinstance(rongpai, str) or len(rongpai) != 3 or rongpai[2] not in MARK_TO_SOURCE:
            check_length(rongpai, "rongpai")
            raise NotationError(
                f"rongpai {rongpai!r}: expected a tile and the discarder's mark, e.g. z2+ (+ next, = opposite, - previous)"
            )
        win = _BY_NAME.get(rongpai[:2]) or tile_from(rongpai[0], rongpai[1])
        discarder = MARK_TO_SOURCE[rongpai[2]]
    tiles = _concealed(parts[0])
    if win is None:
        if not tiles:
            raise NotationError(f"shoupai {shoupai!r}: no concealed tiles, so no winning tile")
        win = tiles.pop()
    return Hand(concealed=tiles, win_tile=win, melds=melds), discarder


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
    if type(value) is not int:
        raise NotationError(f"{where}: expected {expected}, got {json.dumps(value) if _plain(value) else repr(value)}")
    return value


def _plain(value: Any) -> bool:
    """Whether ``value`` is a JSON scalar, shown as JSON (true, not True) in an error."""
    return isinstance(value, (bool, float))


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
        t = _BY_NAME.get(v) if isinstance(v, str) else None
        if t is None:
            raise NotationError(f"{where}: {v!r} is not a tile like \"m1\"")
        out.append(t)
    return tuple(out)


def _table(obj: Any, keys: frozenset[str], where: str) -> dict[str, Any]:
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


def _top_fields(data: dict[str, Any]) -> tuple[Any, Any]:
    """``shoupai`` and ``rongpai`` of an ``in`` object not in majiang's complete form, or the
    error naming an unknown or missing key."""
    if not data.keys() <= _IN_KEYS:
        unknown = next(k for k in data if k not in _IN_KEYS)
        raise NotationError(f"unknown key {unknown!r} (expected shoupai, rongpai, param)")
    if "shoupai" not in data:
        raise NotationError("missing key 'shoupai'")
    return data["shoupai"], data.get("rongpai")


def _param_fields(data: dict[str, Any]) -> tuple[Any, ...]:
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


def _complete_form(data: dict[str, Any]) -> tuple[Any, ...] | None:
    """The fields of majiang-core's complete form (shoupai, rongpai, hupai, the winds, the
    indicators, honba and sticks), or None when ``data`` is not in it. majiang-core writes every
    key: once all are read, the sizes of the objects show that no other key is there, so none
    has to be checked against the known ones."""
    try:
        param = data["param"]
        hupai = param["hupai"]
        jicun = param["jicun"]
        fields = (data["shoupai"], data["rongpai"], hupai, param["zhuangfeng"], param["menfeng"], param["baopai"],
                  param["fubaopai"], jicun["changbang"], jicun["lizhibang"])
    except (KeyError, TypeError):
        return None  # not majiang's complete form: the general path reads it
    if (len(data) == 3 and isinstance(param, dict) and len(param) == 6 and isinstance(jicun, dict)
            and len(jicun) == 2 and isinstance(hupai, dict) and (not hupai or hupai.keys() <= _HUPAI_KEYS)):
        return fields
    return None


def parse_majiang_input(data: dict[str, Any], players: int = 4) -> tuple[Hand, Win]:
    """Read the ``in`` object of majiang-core's ``hule()`` test data into a Hand and a Win, for a
    table of ``players``: a ``param.players`` that says otherwise is an error, and
    ``param.nukidora`` becomes ``Win.kita``. The native kernel reads majiang-core's complete form
    (every key written) into the same Hand and Win; anything else is read here."""
    made = read_majiang_input(data)
    if made is not None:
        return made
    if not isinstance(data, dict):
        raise NotationError(f"expected a JSON object with shoupai, rongpai and param, got {type(data).__name__}")
    fields = _complete_form(data)
    complete = fields is not None
    if fields is None:
        shoupai, rongpai = _top_fields(data)
        hand, discarder = parse_majiang(shoupai, rongpai)
        hupai, round_wind, seat_wind, bao, fubao, honba, sticks = _param_fields(data)
    else:
        shoupai, rongpai, hupai, round_wind, seat_wind, bao, fubao, honba, sticks = fields
        hand, discarder = parse_majiang(shoupai, rongpai)
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
    if type(haidi) is not int or type(tianhu) is not int:
        haidi = _number(haidi, "param.hupai.haidi", _ZERO_TO_TWO)
        tianhu = _number(tianhu, "param.hupai.tianhu", _ZERO_TO_TWO)
    if haidi not in (0, 1, 2) or tianhu not in (0, 1, 2):
        raise SituationError("param.hupai: haidi and tianhu take 0, 1 or 2")
    try:
        dora = tuple([_BY_NAME[name] for name in bao])
        ura = tuple([_BY_NAME[name] for name in fubao])
    except (KeyError, TypeError):  # not a list of tile names: read again, naming the key
        dora = _indicators(bao, "param.baopai")
        ura = _indicators(fubao, "param.fubaopai")

    def build() -> Win:
        return Win(tsumo=discarder is None, discarder=discarder, round_wind=round_wind, seat_wind=seat_wind,
                   riichi=riichi, ippatsu=ippatsu, haitei=haidi == 1, houtei=haidi == 2, rinshan=rinshan,
                   chankan=chankan, tenhou=tianhu == 1, chiihou=tianhu == 2, dora=dora, ura=ura, honba=honba,
                   riichi_sticks=sticks)

    try:
        win = build()
    except SituationError:
        # majiang may also write null for 0 and 0/1 for a flag: read each such value with an error
        # that names its key, then build again (the Win names what is still wrong).
        round_wind = _number(round_wind, "param.zhuangfeng", _WIND)
        seat_wind = _number(seat_wind, "param.menfeng", _WIND)
        riichi = _number(riichi, "param.hupai.lizhi", _ZERO_TO_TWO)
        ippatsu = _flag(ippatsu, "param.hupai.yifa")
        rinshan = _flag(rinshan, "param.hupai.lingshang")
        chankan = _flag(chankan, "param.hupai.qianggang")
        honba = _number(honba, "param.jicun.changbang", _COUNTER)
        sticks = _number(sticks, "param.jicun.lizhibang", _COUNTER)
        win = build()
    if not complete:  # majiang-core's own lines have neither key
        win = _three_player(data["param"], win, players)
    return hand, win


def defaulted_winds(data: Any) -> list[str]:
    """A note for each wind a majiang ``in`` object's ``param`` leaves out (``{}`` leaves both): the
    win is read with majiang's 0 for it, which makes the winner the dealer, or the round East,
    and that changes what the hand pays."""
    param = data.get("param") if isinstance(data, dict) else None
    if not isinstance(param, dict):
        return []
    return [note for key, note in (("menfeng", "param.menfeng left out: the winner is read as the dealer (0, East)"),
                                   ("zhuangfeng", "param.zhuangfeng left out: the round is read as East (0)"))
            if key not in param]


def _three_player(param: dict[str, Any], win: Win, players: int) -> Win:
    """``win`` with the kita of ``param.nukidora``, once ``param.players`` is checked against ``players``."""
    said = param.get("players")
    if said is not None and said != players:
        if type(said) is not int or said not in (3, 4):
            raise NotationError(f"param.players: expected 3 or 4, got {json.dumps(said) if _plain(said) else said!r}")
        raise SituationError(f"param.players: {said}, but the ruleset is for {players} players")
    kita = _number(param.get("nukidora"), "param.nukidora", "a whole number 0-4")
    return attrs.evolve(win, kita=kita) if kita else win


bind_notation(meld_from_digits)


def majiang_input(hand: Hand, win: Win, players: int = 4) -> dict[str, Any]:
    """The ``in`` object for a Hand and Win (inverse of ``parse_majiang_input``); at a
    three-player table it says ``players`` and, with kita, ``nukidora``."""
    shoupai, rongpai = format_majiang(hand, None if win.tsumo else win.discarder)
    hupai: dict[str, int | bool] = {}
    if win.riichi:
        hupai["lizhi"] = int(win.riichi)  # a plain int in a JSON object
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
