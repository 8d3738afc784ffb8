"""mjrules' own JSON form of a hand and its win, for corpora and apps::

    {"hand": "123m456p789s11z 555=z", "win": "1z", "ron": "opposite", "seat": "S", "round": "E",
     "riichi": 0, "ippatsu": false, "haitei": false, "houtei": false, "rinshan": false,
     "chankan": false, "tenhou": false, "chiihou": false, "renhou": false,
     "dora": "4z", "ura": "", "honba": 0, "sticks": 0, "extras": [], "nukidora": 0}

Only ``hand`` is required. ``hand`` is MPSZ with melds; ``win`` names the winning tile (default:
the last concealed tile written); ``ron`` is who dealt in (previous, opposite, next, or any word of
``RON_WORDS``, the words ``mjrules --ron`` takes), absent or null for a tsumo; winds are E S W N (or
any word of ``WIND_WORDS``); ``dora`` and ``ura`` are indicator tiles in MPSZ; ``nukidora`` is the
number of Norths the winner set aside (three-player kita).
"""

from __future__ import annotations

from typing import Any, TypeVar

from mjrules.errors import NotationError
from mjrules.model.hand import Hand
from mjrules.model.win import DISCARDER_WORDS, WIND_WORDS, Win
from mjrules.notation.mpsz import format_mpsz, parse_mpsz, parse_tile, parse_tiles

RON_WORDS = DISCARDER_WORDS
_RON = {"next": 1, "opposite": 2, "previous": 3}
_FLAGS = ("ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou", "renhou")
KEYS = ("hand", "win", "ron", "seat", "round", "riichi", *_FLAGS, "dora", "ura", "honba", "sticks", "extras",
        "nukidora")
_T = TypeVar("_T")


def _get(obj: dict[str, Any], key: str, kind: type[_T], default: _T) -> _T:
    value = obj.get(key, default)
    if value is None:
        return default
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise NotationError(f"{key}: expected {kind.__name__}, got {value!r}")
    return value


def parse_json_hand(obj: Any) -> tuple[Hand, Win]:
    """Read the JSON form into a Hand and a Win; errors name the key."""
    if not isinstance(obj, dict):
        raise NotationError(f"expected a JSON object with at least \"hand\", got {type(obj).__name__}")
    for key in obj:
        if key not in KEYS:
            import difflib

            near = difflib.get_close_matches(str(key), KEYS, n=1)
            raise NotationError(f"unknown key {key!r}" + (f" (did you mean {near[0]!r}?)" if near else ""))
    if "hand" not in obj:
        raise NotationError("missing key 'hand'")
    win_tile = obj.get("win")
    hand = parse_mpsz(_get(obj, "hand", str, ""), parse_tile(win_tile) if win_tile is not None else None)
    ron = obj.get("ron")
    discarder = None
    if ron is not None:
        discarder = RON_WORDS.get(ron.lower()) if isinstance(ron, str) else None
        if discarder is None:
            raise NotationError(f"ron: {ron!r} is not previous, opposite or next (or left, across, right)")
    winds = []
    for key in ("seat", "round"):
        w = _get(obj, key, str, "E")
        if w.lower() not in WIND_WORDS:
            raise NotationError(f"{key}: {w!r} is not a wind (E, S, W, N)")
        winds.append(WIND_WORDS[w.lower()])
    extras = _get(obj, "extras", list, [])
    win = Win(
        tsumo=discarder is None, discarder=discarder, seat_wind=winds[0], round_wind=winds[1],
        riichi=_get(obj, "riichi", int, 0),
        **{f: _get(obj, f, bool, False) for f in _FLAGS},
        dora=tuple(parse_tiles(_get(obj, "dora", str, ""))), ura=tuple(parse_tiles(_get(obj, "ura", str, ""))),
        honba=_get(obj, "honba", int, 0), riichi_sticks=_get(obj, "sticks", int, 0), extras=extras,
        kita=_get(obj, "nukidora", int, 0),
    )
    return hand, win


def json_hand(hand: Hand, win: Win) -> dict[str, Any]:
    """The JSON form of a Hand and Win (only the situations that hold)."""
    seats = "ESWN"
    out: dict[str, Any] = {"hand": format_mpsz(hand), "seat": seats[win.seat_wind], "round": seats[win.round_wind]}
    if win.discarder is not None:
        out["ron"] = {v: k for k, v in _RON.items()}[win.discarder]
    if win.riichi:
        out["riichi"] = win.riichi
    for f in _FLAGS:
        if getattr(win, f):
            out[f] = True
    if win.dora:
        out["dora"] = "".join(t.mpsz() for t in win.dora)
    if win.ura:
        out["ura"] = "".join(t.mpsz() for t in win.ura)
    if win.honba:
        out["honba"] = win.honba
    if win.riichi_sticks:
        out["sticks"] = win.riichi_sticks
    if win.extras:
        out["extras"] = sorted(win.extras)
    if win.kita:
        out["nukidora"] = win.kita
    return out
