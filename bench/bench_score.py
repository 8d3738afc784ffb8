"""Benchmark: mjrules against the PyPI ``mahjong`` package on majiang-core's 5,000 public hands.

Both engines start from the majiang strings of ``tests/data/majiang-hule-public.jsonl``: the
string -> input conversion is inside the timed loop for both; only ``json.loads`` is done
beforehand. Run on demand (not part of the test suite)::

    python -m pip install -r bench/requirements.txt
    python bench/bench_score.py [--quick] [--repeat N]
"""

from __future__ import annotations

import argparse
import gc
import json
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

from mahjong.constants import EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld
from mahjong.tile import TilesConverter

from mjrules import Scorer, parse_majiang_input

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "majiang-hule-public.jsonl"
CLI_HAND = "m345p40677s67s8,m34-0"
TARGET_RATIO = 2.5
"""Issue 24: the median per-round ratio to ``mahjong`` (a ratio, as the machine's speed moves)."""

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
SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27}  # first 34-format index of each suit
RED_FIVES = {"m": 4, "p": 13, "s": 22}  # 34-format index of the five of each suit


# --------------------------------------------------------------------------- majiang -> mahjong


def _ids(text: str, used: list[int]) -> list[int]:
    """136-format ids of the tiles written in ``text`` (``'m345p40'``, ``'z111=1'``), in order.

    ``used`` counts the copies of each of the 34 kinds already given out, so every tile of a
    hand gets a distinct id. The ids follow ``TilesConverter.string_to_136_array(...,
    has_aka_dora=True)``: a red five is copy 0 of its kind, plain fives take copies 1-3.
    Marks (``+ = -``) are skipped.
    """
    out, base, five = [], 0, -1
    for ch in text:
        if ch in SUIT_BASE:
            base, five = SUIT_BASE[ch], RED_FIVES.get(ch, -1)
        elif ch == "0":
            out.append(five * 4)
        elif "1" <= ch <= "9":
            kind = base + ord(ch) - 49
            copy = used[kind] + (kind == five)
            used[kind] += 1
            out.append(kind * 4 + copy)
    return out


def _meld(text: str, tiles: list[int], seat: int) -> Meld:
    """A mahjong ``Meld`` for a majiang meld like ``m34-0``, ``z555=``, ``m5550+``, ``z111=1``, ``p9999``."""
    pos = next((i for i, ch in enumerate(text) if ch in MARKS), -1)
    if pos < 0:  # ankan: four digits, no mark
        return Meld(meld_type=Meld.KAN, tiles=tiles, opened=False, who=seat)
    if len(tiles) == 4:  # the mark closes an open kan; a digit after it is a kakan's added tile
        kind = Meld.KAN if pos == len(text) - 1 else Meld.SHOUMINKAN
    else:
        kind = Meld.PON if tiles[0] // 4 == tiles[1] // 4 else Meld.CHI
    return Meld(
        meld_type=kind, tiles=sorted(tiles), opened=True,
        called_tile=tiles[pos - 2],  # the digit just before the mark (text[0] is the suit)
        who=seat, from_who=(seat + MARKS[text[pos]]) % 4,
    )


def to_mahjong(inp: dict) -> dict:
    """Convert one majiang ``in`` object into keyword arguments of ``estimate_hand_value``."""
    param, hupai, jicun = inp["param"], inp["param"]["hupai"], inp["param"]["jicun"]
    seat, rongpai = param["menfeng"], inp["rongpai"]
    used = [0] * 34
    concealed_text, *meld_texts = inp["shoupai"].split(",")
    concealed = _ids(concealed_text, used)
    if rongpai:
        concealed += _ids(rongpai[:2], used)  # the ron tile completes the hand
    tiles = list(concealed)
    melds = []
    for text in meld_texts:
        meld_tiles = _ids(text, used)
        tiles += meld_tiles
        melds.append(_meld(text, meld_tiles, seat))

    lizhi, haidi, tianhu = hupai.get("lizhi", 0), hupai.get("haidi", 0), hupai.get("tianhu", 0)
    situational = not tianhu  # tenhou / chiihou override every other flag in majiang
    config = HandConfig(
        is_tsumo=not rongpai,
        is_riichi=situational and lizhi == 1,
        is_daburu_riichi=situational and lizhi == 2,
        is_ippatsu=situational and bool(hupai.get("yifa")),
        is_rinshan=situational and bool(hupai.get("lingshang")),
        is_chankan=situational and bool(hupai.get("qianggang")),
        is_haitei=situational and haidi == 1,
        is_houtei=situational and haidi == 2,
        is_tenhou=tianhu == 1,
        is_chiihou=tianhu == 2,
        player_wind=EAST + seat,
        round_wind=EAST + param["zhuangfeng"],
        kyoutaku_number=jicun["lizhibang"],
        tsumi_number=jicun["changbang"],
        options=MAHJONG_RULES,
    )
    return {
        "tiles": tiles,
        "win_tile": concealed[-1],  # the last tile written (tsumo) or the ron tile
        "melds": melds,
        "dora_indicators": _ids("".join(param["baopai"]), [0] * 34),
        "ura_dora_indicators": _ids("".join(param["fubaopai"]), [0] * 34),
        "config": config,
    }


def check_ids(inputs: list[dict]) -> None:
    """Cross-check ``_ids`` against the package's own ``TilesConverter`` on every hand (untimed)."""
    for inp in inputs:
        text = inp["shoupai"].replace(",", "") + (inp["rongpai"] or "")[:2]
        per_suit, suit = {"m": "", "p": "", "s": "", "z": ""}, "m"
        for ch in text:
            if ch in per_suit:
                suit = ch
            elif ch.isdigit():
                per_suit[suit] += ch
        theirs = TilesConverter.string_to_136_array(
            man=per_suit["m"], pin=per_suit["p"], sou=per_suit["s"], honors=per_suit["z"], has_aka_dora=True)
        if sorted(to_mahjong(inp)["tiles"]) != sorted(theirs):
            raise AssertionError(f"tile ids differ from TilesConverter for {inp['shoupai']!r}")


def mahjong_points(inp: dict, response) -> tuple[int, list[int]] | None:
    """(value without honba/sticks, score change of seats 0..3) from a HandResponse, or None."""
    if response.error or not response.cost:
        return None
    cost = response.cost
    seat = inp["param"]["menfeng"]
    change = [0, 0, 0, 0]
    change[seat] = cost["total"]
    if inp["rongpai"]:
        change[(seat + MARKS[inp["rongpai"][2]]) % 4] = -(cost["main"] + cost["main_bonus"])
    else:  # "main" is the dealer's share (everyone's when the winner is the dealer)
        for other in range(4):
            if other != seat:
                dealer_share = seat == 0 or other == 0
                change[other] = -(cost["main"] + cost["main_bonus"] if dealer_share
                                  else cost["additional"] + cost["additional_bonus"])
    return cost["main"] + 2 * cost["additional"], change


# --------------------------------------------------------------------------- timing


def run_mjrules(inputs: list[dict], scorer: Scorer) -> list:
    """Parse and score every hand with mjrules."""
    out = []
    for inp in inputs:
        hand, win = parse_majiang_input(inp)
        out.append(scorer.score(hand, win))
    return out


def run_mahjong(inputs: list[dict], calculator: HandCalculator) -> list:
    """Convert and score every hand with the mahjong package."""
    out = []
    for inp in inputs:
        out.append(calculator.estimate_hand_value(**to_mahjong(inp)))
    return out


def mjrules_points(inp: dict, result) -> tuple[int, list[int]] | None:
    """(points, payments) of an mjrules result, None for no win."""
    return (result.points, list(result.payments)) if result.is_win else None


def agreement(inputs: list[dict], expected: list[dict], results: list, points) -> tuple[int, int]:
    """Hands whose ``defen`` matches majiang-core, and those whose ``fenpei`` matches too."""
    same_points = same_all = 0
    for inp, out, result in zip(inputs, expected, results):
        got = points(inp, result)
        if got is not None and got[0] == out["defen"]:
            same_points += 1
            same_all += got[1] == out["fenpei"]
    return same_points, same_all


def time_cli(repeat: int = 5) -> str:
    """Best-of-``repeat`` wall time of ``mjrules score`` for one hand, or why it was skipped."""
    exe = shutil.which("mjrules")
    if exe is None:
        return "skipped: no `mjrules` command on PATH (venv not activated, or CLI not installed)"
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
    ap.add_argument("--repeat", type=int, default=9,
                    help="timed passes per engine, alternating; the best counts (default 9)")
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
    check_ids(inputs)  # the peer gets the same tile ids its own TilesConverter would give
    run_mjrules(inputs[:50], scorer)  # warm up lazy imports and caches of both engines
    run_mahjong(inputs[:50], calculator)

    def timed(run) -> tuple[float, list]:
        # Each pass starts from a collected heap holding no results of the other engine, so
        # neither pays the garbage collector for the other's objects.
        gc.collect()
        t0 = time.perf_counter()
        results = run()
        return time.perf_counter() - t0, results

    # Passes alternate between the engines, so a slow spell of a shared machine hits both alike.
    t_mj = t_pk = float("inf")
    round_ratios = []
    for _ in range(args.repeat):
        a, res_mj = timed(lambda: run_mjrules(inputs, scorer))
        mj_points, mj_full = agreement(inputs, expected, res_mj, mjrules_points)
        del res_mj
        b, res_pk = timed(lambda: run_mahjong(inputs, calculator))
        pk_points, pk_full = agreement(inputs, expected, res_pk, mahjong_points)
        del res_pk
        t_mj, t_pk = min(t_mj, a), min(t_pk, b)
        round_ratios.append(b / a)
    rate_mj, rate_pk = n / t_mj, n / t_pk

    def verdict(ok: bool) -> str:
        return "OK" if ok else "MISSED"

    median = statistics.median(round_ratios)
    print(f"hands: {n} from {DATA.name}; {args.repeat} rounds, each engine's pass back to back; "
          f"Python {sys.version.split()[0]}")
    print(f"mjrules : {rate_mj:9,.0f} hands/s ({t_mj * 1e6 / n:5.1f} us/hand, best pass)")
    print(f"mahjong : {rate_pk:9,.0f} hands/s ({t_pk * 1e6 / n:5.1f} us/hand, best pass)")
    print(f"ratio mjrules/mahjong per round: median {median:.2f}x (range {min(round_ratios):.2f}x - "
          f"{max(round_ratios):.2f}x; best passes {rate_mj / rate_pk:.2f}x)   target >= {TARGET_RATIO:g}x: "
          f"{verdict(median >= TARGET_RATIO)}")
    print("agreement with majiang-core, hands with the same defen / same defen and fenpei:")
    print(f"  mjrules : {mj_points}/{n} / {mj_full}/{n}")
    print(f"  mahjong : {pk_points}/{n} / {pk_full}/{n}")
    print(f"mjrules CLI, one hand: {time_cli()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
