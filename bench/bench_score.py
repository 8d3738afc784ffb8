"""Benchmark: mjrules against the PyPI ``mahjong`` package on majiang-core's 5,000 public hands.

Both engines start from the majiang strings of ``tests/data/majiang-hule-public.jsonl``: the
string -> input conversion is inside the timed loop for both; only ``json.loads`` is done
beforehand. Run on demand (not part of the test suite)::

    python -m pip install -r bench/requirements.txt
    python bench/bench_score.py [--quick] [--repeat N]
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from itertools import chain
from pathlib import Path

from mahjong.constants import EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld
from mahjong.tile import TilesConverter

from mjrules import Scorer, parse_majiang_input

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "majiang-hule-public.jsonl"
CLI_HAND = "m345p40677s67s8,m34-0"
TARGET_RATE = 25_000
TARGET_RATIO = 3.0

# majiang-core's default rules as far as the mahjong package can express them: open tanyao,
# red fives, double yakuman, kazoe capped at one yakuman, no kiriage, open pinfu-shape = 30 fu.
# (Not expressible: pao, and 4 fu for a double-wind pair is the package's fixed behaviour.)
MAHJONG_RULES = OptionalRules(
    has_open_tanyao=True,
    has_aka_dora=True,
    has_double_yakuman=True,
    kazoe_limit=HandConstants.KAZOE_LIMITED,
    kiriage=False,
    fu_for_open_pinfu=True,
    fu_for_pinfu_tsumo=False,
)

MARKS = {"+": 1, "=": 2, "-": 3}  # majiang mark -> discarder's seat offset from the winner
SUITS = "mpsz"


# --------------------------------------------------------------------------- majiang -> mahjong


def _tiles_of(text: str) -> list[tuple[str, str]]:
    """``'m345p40'`` -> ``[('m','3'), ('m','4'), ('m','5'), ('p','4'), ('p','0')]``."""
    out, suit = [], ""
    for ch in text:
        if ch in SUITS:
            suit = ch
        elif ch.isdigit():
            out.append((suit, ch))
    return out


def _allocate(groups: list[list[tuple[str, str]]]) -> list[list[int]]:
    """Give every tile of every group a distinct 136-format id, in written order.

    One TilesConverter call for the whole hand: it returns man, pin, sou, honours in that
    order and keeps the written order inside a suit, so the ids are dealt back to the tiles
    they were read from.
    """
    digits: dict[str, list[str]] = {s: [] for s in SUITS}
    for group in groups:
        for suit, d in group:
            digits[suit].append(d)
    ids = TilesConverter.string_to_136_array(
        man="".join(digits["m"]), pin="".join(digits["p"]), sou="".join(digits["s"]),
        honors="".join(digits["z"]), has_aka_dora=True,
    )
    queues, start = {}, 0
    for suit in SUITS:
        queues[suit] = iter(ids[start:start + len(digits[suit])])
        start += len(digits[suit])
    return [[next(queues[suit]) for suit, _ in group] for group in groups]


def _meld_shape(text: str) -> tuple[str, bool, int | None, str | None]:
    """Kind, opened, index of the called digit and its mark, for a majiang meld like ``m34-0``."""
    pos = next((i for i, ch in enumerate(text) if ch in MARKS), -1)
    digits = [ch.replace("0", "5") for ch in text if ch.isdigit()]
    if pos < 0:
        return Meld.KAN, False, None, None  # ankan: four digits, no mark
    called = pos - 2  # digit index of the tile just before the mark (text[0] is the suit)
    if len(digits) == 4:
        kind = Meld.KAN if pos == len(text) - 1 else Meld.SHOUMINKAN
    else:
        kind = Meld.PON if digits[0] == digits[1] else Meld.CHI
    return kind, True, called, text[pos]


def _indicator_ids(tiles: list[str]) -> list[int]:
    """Dora indicators ``['s4', 'z1']`` -> 136-format ids."""
    groups = [[(t[0], t[1])] for t in tiles]
    return [g[0] for g in _allocate(groups)] if groups else []


def _situation(inp: dict) -> dict:
    """The HandConfig fields of one majiang ``in`` object (everything but the rule options)."""
    param = inp["param"]
    hupai, jicun = param["hupai"], param["jicun"]
    lizhi, haidi, tianhu = hupai.get("lizhi", 0), hupai.get("haidi", 0), hupai.get("tianhu", 0)
    situational = not tianhu  # tenhou / chiihou override every other flag in majiang
    return {
        "is_tsumo": not inp["rongpai"],
        "is_riichi": situational and lizhi == 1,
        "is_daburu_riichi": situational and lizhi == 2,
        "is_ippatsu": situational and bool(hupai.get("yifa")),
        "is_rinshan": situational and bool(hupai.get("lingshang")),
        "is_chankan": situational and bool(hupai.get("qianggang")),
        "is_haitei": situational and haidi == 1,
        "is_houtei": situational and haidi == 2,
        "is_tenhou": tianhu == 1,
        "is_chiihou": tianhu == 2,
        "player_wind": EAST + param["menfeng"],
        "round_wind": EAST + param["zhuangfeng"],
        "kyoutaku_number": jicun["lizhibang"],
        "tsumi_number": jicun["changbang"],
    }


def to_mahjong(inp: dict, config: HandConfig | None = None) -> dict:
    """Convert one majiang ``in`` object into keyword arguments of ``estimate_hand_value``.

    A new HandConfig is built per hand (the package's documented use) unless ``config`` is
    given, in which case that object's fields are overwritten and it is reused.
    """
    parts = inp["shoupai"].split(",")
    concealed = _tiles_of(parts[0])
    meld_texts = [p for p in parts[1:] if p]
    rongpai = inp["rongpai"]
    if rongpai:
        concealed.append((rongpai[0], rongpai[1]))  # the winning tile completes the hand
    groups = [concealed] + [_tiles_of(m) for m in meld_texts]
    ids = _allocate(groups)

    param = inp["param"]
    seat = param["menfeng"]
    melds = []
    for text, tiles in zip(meld_texts, ids[1:]):
        kind, opened, called, mark = _meld_shape(text)
        melds.append(Meld(
            meld_type=kind, tiles=sorted(tiles), opened=opened,
            called_tile=tiles[called] if called is not None else None,
            who=seat, from_who=(seat + MARKS[mark]) % 4 if mark else None,
        ))

    fields = _situation(inp)
    if config is None:
        config = HandConfig(**fields, options=MAHJONG_RULES)
    else:
        for name, value in fields.items():
            setattr(config, name, value)
        config.is_dealer = seat == 0
    return {
        "tiles": list(chain.from_iterable(ids)),
        "win_tile": ids[0][-1],  # the last tile written (tsumo) or the appended ron tile
        "melds": melds,
        "dora_indicators": _indicator_ids(param["baopai"]),
        "ura_dora_indicators": _indicator_ids(param["fubaopai"]),
        "config": config,
    }


def mahjong_points(inp: dict, response) -> tuple[int, list[int]] | None:
    """(value without honba/sticks, score change of seats 0..3) from a HandResponse, or None."""
    if response.error or not response.cost:
        return None
    cost = response.cost
    seat = inp["param"]["menfeng"]
    change = [0, 0, 0, 0]
    if inp["rongpai"]:
        value = cost["main"]
        loser = (seat + MARKS[inp["rongpai"][2]]) % 4
        change[loser] -= cost["main"] + cost["main_bonus"]
    else:
        for other in range(4):
            if other == seat:
                continue
            pays_main = seat == 0 or other == 0
            pay = (cost["main"] + cost["main_bonus"]) if pays_main else (cost["additional"] + cost["additional_bonus"])
            change[other] -= pay
        value = cost["main"] + 2 * cost["additional"] if seat else 3 * cost["main"]
    change[seat] = cost["total"]
    return value, change


# --------------------------------------------------------------------------- timing


def run_mjrules(inputs: list[dict], scorer: Scorer) -> list:
    """Parse and score every hand with mjrules."""
    out = []
    for inp in inputs:
        hand, win = parse_majiang_input(inp)
        out.append(scorer.score(hand, win))
    return out


def run_mahjong(inputs: list[dict], calculator: HandCalculator, reuse_config: bool = False) -> list:
    """Convert and score every hand with the mahjong package (optionally reusing one HandConfig)."""
    shared = HandConfig(options=MAHJONG_RULES) if reuse_config else None
    out = []
    for inp in inputs:
        out.append(calculator.estimate_hand_value(**to_mahjong(inp, shared)))
    return out


def best_of(fn, repeat: int) -> tuple[float, list]:
    """Fastest wall time of ``repeat`` calls of ``fn`` and the results of the last one."""
    best, result = float("inf"), None
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - t0)
    return best, result


def time_cli(repeat: int = 5) -> str:
    """Best-of-``repeat`` wall time of ``mjrules score`` for one hand, or why it was skipped."""
    exe = shutil.which("mjrules")
    if exe is None:
        return "skipped: no `mjrules` command on PATH (the CLI is not installed yet?)"
    cmd = [exe, "score", CLI_HAND]
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        proc = subprocess.run(cmd, capture_output=True, text=True)
        elapsed = time.perf_counter() - t0
        if proc.returncode != 0:
            last = (proc.stderr.strip().splitlines() or ["(no message)"])[-1]
            return f"skipped: `{exe} score` failed with exit code {proc.returncode}: {last}"
        best = min(best, elapsed)
    return f"{best * 1000:.0f} ms (best of {repeat}; {exe} score '{CLI_HAND}')"


# --------------------------------------------------------------------------- main


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="use the first 500 hands only")
    ap.add_argument("--repeat", type=int, default=3, help="timed passes per engine; the best counts (default 3)")
    args = ap.parse_args(argv)

    with DATA.open(encoding="utf-8") as f:
        lines = [json.loads(line) for line in f if line.strip()]
    if args.quick:
        lines = lines[:500]
    inputs = [line["in"] for line in lines]
    expected = [line["out"] for line in lines]
    n = len(inputs)

    scorer = Scorer("majiang")
    calculator = HandCalculator()
    run_mjrules(inputs[:50], scorer)  # warm up lazy imports and caches of both engines
    run_mahjong(inputs[:50], calculator)

    t_mj, res_mj = best_of(lambda: run_mjrules(inputs, scorer), args.repeat)
    t_pk, res_pk = best_of(lambda: run_mahjong(inputs, calculator), args.repeat)
    t_pr, res_pr = best_of(lambda: run_mahjong(inputs, calculator, reuse_config=True), args.repeat)
    rate_mj, rate_pk, rate_pr = n / t_mj, n / t_pk, n / t_pr

    mj_points = mj_full = 0
    for out, r in zip(expected, res_mj):
        if r.is_win and r.points == out["defen"]:
            mj_points += 1
            mj_full += list(r.payments) == out["fenpei"]

    def peer_agreement(results: list) -> tuple[int, int]:
        points = full = 0
        for inp, out, r in zip(inputs, expected, results):
            got = mahjong_points(inp, r)
            if got is not None and got[0] == out["defen"]:
                points += 1
                full += got[1] == out["fenpei"]
        return points, full

    pk_points, pk_full = peer_agreement(res_pk)
    pr_points, pr_full = peer_agreement(res_pr)

    def verdict(ok: bool) -> str:
        return "OK" if ok else "MISSED"

    ratio, ratio_reused = rate_mj / rate_pk, rate_mj / rate_pr
    print(f"hands: {n} from {DATA.name}; best of {args.repeat} passes; Python {sys.version.split()[0]}")
    print(f"mjrules : {rate_mj:9,.0f} hands/s ({t_mj * 1e6 / n:5.1f} us/hand)"
          f"   target >= {TARGET_RATE:,}: {verdict(rate_mj >= TARGET_RATE)}")
    print(f"mahjong : {rate_pk:9,.0f} hands/s ({t_pk * 1e6 / n:5.1f} us/hand)   new HandConfig per hand")
    print(f"mahjong : {rate_pr:9,.0f} hands/s ({t_pr * 1e6 / n:5.1f} us/hand)   one HandConfig reused")
    print(f"ratio mjrules/mahjong: {ratio:.2f}x (reused config: {ratio_reused:.2f}x)"
          f"   target >= {TARGET_RATIO:g}x: {verdict(ratio >= TARGET_RATIO)}")
    print("agreement with majiang-core, hands with the same defen / same defen and fenpei:")
    print(f"  mjrules : {mj_points}/{n} / {mj_full}/{n}")
    print(f"  mahjong : {pk_points}/{n} / {pk_full}/{n}  (reused config: {pr_points}/{n} / {pr_full}/{n})")
    print(f"mjrules CLI, one hand: {time_cli()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
