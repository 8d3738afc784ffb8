"""A game's events written as mjai (``mjrules.game.events`` → one JSON object a line), as the
table records its games and shows them to the bots that follow them; ``mjrules.records.mjai``
reads them back. A 牌譜 is made from these (``mjrules.records.majiang_paipu.paipu_of_events``).

``hora`` carries everything a reader checks: ``hora_points``, ``fan``, ``fu``, ``yakuman`` (the
yakuman multiple), the ``yakus`` with their han (13 times the multiple for a yakuman), the
``deltas`` and the ``uradora_markers``; a ``ryukyoku`` its ``deltas`` (the riichi deposits given
back, as mjai has them), the tenpai seats of an exhaustive draw, who declared nine terminals and
who made three rons.
"""

from __future__ import annotations

import json
from typing import Any, Callable, Sequence

from mjrules.game import events as ev
from mjrules.game.draws import THREE_RONS
from mjrules.game.record import WIND_LETTERS
from mjrules.model.tiles import Tile
from mjrules.records.mjai import mjai_name


def _names(tiles: Sequence[Tile]) -> list[str]:
    return [mjai_name(t) for t in tiles]


def _start(e: ev.RoundStarted) -> dict[str, Any]:
    d = e.deal
    return {"type": "start_kyoku", "bakaze": WIND_LETTERS[d.wind], "kyoku": d.number + 1, "honba": d.honba,
            "kyotaku": d.sticks, "oya": d.dealer, "dora_marker": mjai_name(d.dora), "scores": list(d.scores),
            "tehais": [_names(h) for h in d.hands]}


def _won(e: ev.Won) -> dict[str, Any]:
    result, rec = e.result, e.win
    yakus = [[y.id, y.han if y.han is not None else 13 * y.yakuman] for y in result.yaku]
    return {"type": "hora", "actor": rec.winner, "target": rec.winner if rec.discarder is None else rec.discarder,
            "pai": mjai_name(rec.hand.win_tile), "uradora_markers": _names(e.ura),
            "hora_tehais": _names((*rec.hand.concealed, rec.hand.win_tile)), "hora_points": result.points,
            "fan": result.han, "fu": result.fu, "yakuman": result.yakuman, "yakus": yakus,
            "deltas": list(e.payments)}


def _drawn(e: ev.RoundDrawn) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "ryukyoku", "reason": e.reason}
    if e.tenpai is not None:
        out["tenpais"] = [s in e.tenpai for s in range(len(e.deltas))]
    elif e.reason == THREE_RONS:
        out["actors"] = list(e.actors)
    elif e.actors:
        out["actor"] = e.actors[0]
    out["deltas"] = list(e.deltas)
    return out


_WRITERS: dict[type, Callable[[Any], dict[str, Any]]] = {
    ev.RoundStarted: _start,
    ev.Drew: lambda e: {"type": "tsumo", "actor": e.seat, "pai": mjai_name(e.tile)},
    ev.RiichiDeclared: lambda e: {"type": "reach", "actor": e.seat},
    ev.Discarded: lambda e: {"type": "dahai", "actor": e.seat, "pai": mjai_name(e.tile), "tsumogiri": e.tsumogiri},
    ev.RiichiAccepted: lambda e: {"type": "reach_accepted", "actor": e.seat},
    ev.Called: lambda e: {"type": e.kind.value, "actor": e.seat, "target": e.source, "pai": mjai_name(e.tile),
                          "consumed": _names(e.consumed)},
    ev.ClosedKan: lambda e: {"type": "ankan", "actor": e.seat, "consumed": _names(e.consumed)},
    ev.AddedKan: lambda e: {"type": "kakan", "actor": e.seat, "pai": mjai_name(e.tile), "consumed": _names(e.pon)},
    ev.NorthSetAside: lambda e: {"type": "nukidora", "actor": e.seat, "pai": mjai_name(e.tile)},
    ev.IndicatorTurned: lambda e: {"type": "dora", "dora_marker": mjai_name(e.tile)},
    ev.Won: _won,
    ev.RoundDrawn: _drawn,
    ev.RoundEnded: lambda e: {"type": "end_kyoku"},
    ev.GameEnded: lambda e: {"type": "end_game", "scores": list(e.scores)},
}


def mjai_event(event: ev.Event) -> dict[str, Any]:
    """One event as mjai writes it."""
    return _WRITERS[type(event)](event)


def mjai_lines(events: Sequence[dict[str, Any]]) -> str:
    """mjai events as a record: one JSON object a line."""
    return "".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n" for e in events)
