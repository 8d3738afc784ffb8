"""Test helpers: a real Tenhou mjlog (tests/data/tenhou-mjlog) rewritten, event for event, as a
Tenhou JSON log and as an mjai event stream, keeping the payments Tenhou recorded. The readers of
those formats are then checked against Tenhou's own payments."""

from __future__ import annotations

import gzip
import json
import re
import xml.etree.ElementTree as ET
from typing import Any

from mjrules.records.tenhou_xml import NO_KUITAN, NO_RED, _Tiles, decode_meld, kita_tile
from mjrules.records.tenhou_yaku import TENHOU_YAKU
from mjrules.model.melds import MeldKind
from mjrules.model.tiles import Tile

HONOUR_NAMES = "ESWNPFC"
DRAW_NAMES = {"yao9": "九種九牌", "reach4": "四家立直", "ron3": "三家和了", "kan4": "四槓散了", "kaze4": "四風連打"}


def _elements(path: str) -> list[ET.Element]:
    with open(path, "rb") as f:
        data = f.read()
    if data[:2] == b"\x1f\x8b":  # the mjlogs are gzip-compressed, the sanma records plain XML
        data = gzip.decompress(data)
    return list(ET.fromstring(data))


def json_code(t: Tile) -> int:
    if t.red:
        return 51 + t.index // 9
    if t.index >= 27:
        return 41 + t.index - 27
    return (t.index // 9 + 1) * 10 + t.index % 9 + 1


def mjai_name(t: Tile) -> str:
    if t.index >= 27:
        return HONOUR_NAMES[t.index - 27]
    return f"{t.number}{t.suit}" + ("r" if t.red else "")


def _ints(text: str | None) -> list[int]:
    return [int(x) for x in text.split(",")] if text else []


def _red(elements: list[ET.Element]) -> tuple[bool, int]:
    bits = next((int(e.get("type", "0")) for e in elements if e.tag == "GO"), 0)
    return not bits & NO_RED, bits


def to_mjai(path: str) -> str:
    elements = _elements(path)
    red, _ = _red(elements)
    tiles = _Tiles(lambda: path, red)
    one = tiles.one
    out: list[dict[str, Any]] = [{"type": "start_game", "names": ["a", "b", "c", "d"]}]
    in_round = False
    final = None
    for e in elements:
        tag = e.tag
        m = re.fullmatch(r"([TUVWDEFG])(\d+)", tag)
        if m:
            i = "TUVWDEFG".index(m.group(1))
            t = mjai_name(one(int(m.group(2))))
            out.append({"type": "tsumo", "actor": i, "pai": t} if i < 4 else {"type": "dahai", "actor": i - 4, "pai": t})
        elif tag == "INIT":
            if in_round:
                out.append({"type": "end_kyoku"})
            in_round = True
            seed = _ints(e.get("seed"))
            out.append({"type": "start_kyoku", "bakaze": "ESWN"[seed[0] // 4], "kyoku": seed[0] % 4 + 1,
                        "honba": seed[1], "kyotaku": seed[2], "oya": int(e.get("oya", "0")),
                        "dora_marker": mjai_name(one(seed[5])), "scores": [v * 100 for v in _ints(e.get("ten"))],
                        "tehais": [[mjai_name(one(n)) for n in _ints(e.get(f"hai{i}"))] for i in range(4)]})
        elif tag == "N":
            who = int(e.get("who", "0"))
            north = kita_tile(int(e.get("m", "0")), tiles)
            if north is not None:  # three players: a North set aside, as Mortal's sanma mjai writes it
                out.append({"type": "nukidora", "actor": who, "pai": mjai_name(north)})
                continue
            meld, own, called = decode_meld(int(e.get("m", "0")), tiles)
            if meld.kind is MeldKind.ANKAN:
                out.append({"type": "ankan", "actor": who, "consumed": [mjai_name(t) for t in meld.tiles]})
            elif meld.kind is MeldKind.KAKAN:
                out.append({"type": "kakan", "actor": who, "pai": mjai_name(meld.tiles[3]),
                            "consumed": [mjai_name(t) for t in meld.tiles[:3]]})
            else:
                assert called is not None and meld.source is not None
                out.append({"type": meld.kind.value, "actor": who, "target": (who + meld.source) % 4,
                            "pai": mjai_name(called), "consumed": [mjai_name(t) for t in own]})
        elif tag == "REACH":
            kind = "reach" if e.get("step") == "1" else "reach_accepted"
            out.append({"type": kind, "actor": int(e.get("who", "0"))})
        elif tag == "DORA":
            out.append({"type": "dora", "dora_marker": mjai_name(one(int(e.get("hai", "0"))))})
        elif tag == "AGARI":
            fu, points, _ = _ints(e.get("ten"))
            yaku = _ints(e.get("yaku"))
            yakus = [[TENHOU_YAKU[yaku[i]][1], yaku[i + 1]] for i in range(0, len(yaku), 2)]
            yakus += [[TENHOU_YAKU[y][1], 13] for y in _ints(e.get("yakuman"))]
            sc = _ints(e.get("sc"))
            out.append({"type": "hora", "actor": int(e.get("who", "0")), "target": int(e.get("fromWho", "0")),
                        "pai": mjai_name(one(int(e.get("machi", "0")))),
                        "uradora_markers": [mjai_name(one(n)) for n in _ints(e.get("doraHaiUra"))],
                        "fan": sum(yaku[1::2]), "fu": fu, "hora_points": points, "yakus": yakus,
                        "deltas": [v * 100 for v in sc[1::2]]})
        elif tag == "RYUUKYOKU":
            sc = _ints(e.get("sc"))
            kind = e.get("type")
            reason = {"nm": "nagashimangan", None: "exhaustive draw"}.get(kind, kind)
            out.append({"type": "ryukyoku", "reason": reason, "deltas": [v * 100 for v in sc[1::2]],
                        "tenpais": [e.get(f"hai{i}") is not None for i in range(4)]})
        if tag in ("AGARI", "RYUUKYOKU") and e.get("owari"):
            final = [int(x) * 100 for x in e.get("owari", "").split(",")[0::2]]
    out.append({"type": "end_kyoku"})
    out.append({"type": "end_game", "scores": final})
    return "\n".join(json.dumps(ev, ensure_ascii=False) for ev in out) + "\n"


def _call_string(kind: MeldKind, called: Tile | None, own: list[Tile], source: int | None,
                 added: Tile | None = None) -> str:
    codes = [f"{json_code(t):02d}" for t in own]
    if kind is MeldKind.CHI:
        assert called is not None
        return "c" + f"{json_code(called):02d}" + "".join(codes)
    if kind is MeldKind.ANKAN:
        return "".join(codes[:3]) + "a" + codes[3]
    if kind is MeldKind.KAKAN:
        assert added is not None
        return "k" + f"{json_code(added):02d}" + "".join(codes)
    assert called is not None and source is not None
    letter = "p" if kind is MeldKind.PON else "m"
    place = {3: 0, 2: 1, 1: len(codes)}[source]
    return "".join(codes[:place]) + letter + f"{json_code(called):02d}" + "".join(codes[place:])


def to_tenhou_json(path: str) -> str:
    elements = _elements(path)
    red, bits = _red(elements)
    tiles = _Tiles(lambda: path, red)
    one = tiles.one
    log: list[list[Any]] = []
    rnd: dict[str, Any] = {}
    final: list[Any] | None = None

    def close() -> None:
        if rnd:
            body = [rnd["head"], rnd["scores"], rnd["dora"], rnd["ura"]]
            for s in range(4):
                body += [rnd["deal"][s], rnd["takes"][s], rnd["drops"][s]]
            log.append(body + [rnd["result"]])

    for e in elements:
        tag = e.tag
        m = re.fullmatch(r"([TUVWDEFG])(\d+)", tag)
        if m:
            i = "TUVWDEFG".index(m.group(1))
            n = int(m.group(2))
            if i < 4:
                rnd["takes"][i].append(json_code(one(n)))
                rnd["drawn"][i] = n
            else:
                s = i - 4
                code: Any = 60 if rnd["drawn"][s] == n else json_code(one(n))
                if rnd["riichi"][s]:
                    code = f"r{code}"
                    rnd["riichi"][s] = False
                rnd["drops"][s].append(code)
                rnd["drawn"] = [None] * 4
        elif tag == "INIT":
            close()
            seed = _ints(e.get("seed"))
            rnd.clear()
            rnd.update(head=seed[:3], scores=[v * 100 for v in _ints(e.get("ten"))], dora=[json_code(one(seed[5]))],
                       ura=[], deal=[[json_code(one(n)) for n in _ints(e.get(f"hai{i}"))] for i in range(4)],
                       takes=[[], [], [], []], drops=[[], [], [], []], drawn=[None] * 4, riichi=[False] * 4,
                       result=None)
        elif tag == "N":
            who = int(e.get("who", "0"))
            if kita_tile(int(e.get("m", "0")), tiles) is not None:  # three players: Tenhou's JSON writes f44
                rnd["drops"][who].append("f44")
                rnd["drawn"] = [None] * 4
                continue
            meld, own, called = decode_meld(int(e.get("m", "0")), tiles)
            if meld.kind in (MeldKind.ANKAN, MeldKind.KAKAN):
                added = meld.tiles[3] if meld.kind is MeldKind.KAKAN else None
                pon = list(meld.tiles[:3]) if added is not None else list(meld.tiles)
                rnd["drops"][who].append(_call_string(meld.kind, None, pon, None, added))
            else:
                rnd["takes"][who].append(_call_string(meld.kind, called, own, meld.source))
                if meld.kind is MeldKind.DAIMINKAN:
                    rnd["drops"][who].append(0)
            rnd["drawn"] = [None] * 4
        elif tag == "REACH" and e.get("step") == "1":
            rnd["riichi"][int(e.get("who", "0"))] = True
        elif tag == "DORA":
            rnd["dora"].append(json_code(one(int(e.get("hai", "0")))))
        elif tag == "AGARI":
            who, frm = int(e.get("who", "0")), int(e.get("fromWho", "0"))
            fu, points, _ = _ints(e.get("ten"))
            sc = _ints(e.get("sc"))
            deltas = [v * 100 for v in sc[1::2]]
            yaku = _ints(e.get("yaku"))
            texts = [f"{TENHOU_YAKU[yaku[i]][0]}({yaku[i + 1]}飜)" for i in range(0, len(yaku), 2)]
            texts += [f"{TENHOU_YAKU[y][0]}(役満)" for y in _ints(e.get("yakuman"))]
            dealer = rnd["head"][0] % 4
            honba = _ints(e.get("ba"))[0]
            head = "" if e.get("yakuman") else f"{fu}符{sum(yaku[1::2])}飜"
            if who != frm:
                value = f"{head}{points}点"
            elif who == dealer:
                value = f"{head}{points // 3}点∀"
            else:
                payer = next(s for s in range(4) if s not in (who, dealer))
                value = f"{head}{-deltas[payer] - honba * 100}-{-deltas[dealer] - honba * 100}点"
            pao = int(e.get("paoWho", str(who)))
            if rnd["result"] is None:
                rnd["result"] = ["和了"]
            rnd["result"] += [deltas, [who, frm, pao, value, *texts]]
            if e.get("doraHaiUra"):
                rnd["ura"] = [json_code(one(n)) for n in _ints(e.get("doraHaiUra"))]
        elif tag == "RYUUKYOKU":
            sc = _ints(e.get("sc"))
            deltas = [v * 100 for v in sc[1::2]]
            kind = e.get("type")
            if kind is None:
                shown = sum(e.get(f"hai{i}") is not None for i in range(4))
                name = "流局" if any(deltas) else ("全員聴牌" if shown == 4 else "全員不聴")
                rnd["result"] = [name, deltas] if any(deltas) else [name]
            elif kind == "nm":
                rnd["result"] = ["流し満貫", deltas]
            else:
                rnd["result"] = [DRAW_NAMES[kind]]
        if tag in ("AGARI", "RYUUKYOKU") and e.get("owari"):
            parts = e.get("owari", "").split(",")
            final = [int(x) if i % 2 == 0 else float(x) for i, x in enumerate(parts)]
    close()
    disp = "般" + ("南" if bits & 0x08 else "東") + ("" if bits & NO_KUITAN else "喰") + ("赤" if red else "")
    log_id = re.search(r"\d{10}gm-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{8}", path)  # Tenhou's "ref": the game's log id
    doc = {"title": ["", ""], "name": ["a", "b", "c", "d"], "rule": {"disp": disp, "aka": int(red)}, "log": log,
           "sc": final, "ref": log_id.group(0) if log_id else ""}
    return json.dumps(doc, ensure_ascii=False)
