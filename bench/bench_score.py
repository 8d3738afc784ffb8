"""Benchmark: mjrules against the PyPI ``mahjong`` package and RiichiEnv on majiang-core's 5,000 public hands.

Every engine starts from the majiang strings of ``tests/data/majiang-hule-public.jsonl``: the
string -> input conversion is inside the timed loop for each; only ``json.loads`` is done
beforehand. RiichiEnv (``riichienv``, a Rust engine) is called through the ``HandEvaluator`` and
``Conditions`` classes of its compiled module, the ones its ``_riichienv.pyi`` describes; if it is
not installed the bench says so and runs without it. Each engine's points and payments are
checked against majiang-core's ``defen`` and ``fenpei``. Run on demand (not part of the test
suite)::

    python -m pip install -r bench/requirements.txt   # mjrules, mahjong and riichienv, pinned
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
from typing import NamedTuple

from mahjong.constants import EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld
from mahjong.tile import TilesConverter

from mjrules import Scorer, parse_majiang_input
from mjrules.kernel import KERNEL

try:  # the compiled module: ``riichienv.HandEvaluator`` is a Python wrapper around this class
    from riichienv import _riichienv as rv
except ImportError:
    rv = None

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "majiang-hule-public.jsonl"
CLI_HAND = "m345p40677s67s8,m34-0"
TARGET_RATIO = 2.5
"""Issue 24: the median per-round ratio to ``mahjong`` (a ratio, as the machine's speed moves)."""
TARGET_MAHJONG = 5.0
"""Issue 28 (native kernel): the median per-round ratio to ``mahjong``."""
TARGET_RIICHIENV = 1.0
"""Issue 28: the median per-round ratio to RiichiEnv's ``HandEvaluator`` called from Python."""

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


class Situation(NamedTuple):
    """The conditions of one majiang ``in`` object, read once for every peer's converter."""

    tsumo: bool
    riichi: bool
    double_riichi: bool
    ippatsu: bool
    rinshan: bool
    chankan: bool
    haitei: bool
    houtei: bool
    tenhou: bool
    chiihou: bool
    seat: int
    round_wind: int
    sticks: int
    honba: int
    dora: list[int]
    ura: list[int]


def read_in(inp: dict) -> tuple[list[int], list[tuple[str, list[int]]], Situation]:
    """(concealed tile ids with the ron tile last, [(meld text, its ids)], the situation) of one
    majiang ``in`` object, the ids as ``_ids`` gives them."""
    param, hupai, jicun = inp["param"], inp["param"]["hupai"], inp["param"]["jicun"]
    rongpai = inp["rongpai"]
    used = [0] * 34
    concealed_text, *meld_texts = inp["shoupai"].split(",")
    concealed = _ids(concealed_text, used)
    if rongpai:
        concealed += _ids(rongpai[:2], used)  # the ron tile completes the hand
    melds = [(text, _ids(text, used)) for text in meld_texts]
    lizhi, haidi, tianhu = hupai.get("lizhi", 0), hupai.get("haidi", 0), hupai.get("tianhu", 0)
    situational = not tianhu  # tenhou / chiihou override every other flag in majiang
    return concealed, melds, Situation(
        tsumo=not rongpai, riichi=situational and lizhi == 1, double_riichi=situational and lizhi == 2,
        ippatsu=situational and bool(hupai.get("yifa")), rinshan=situational and bool(hupai.get("lingshang")),
        chankan=situational and bool(hupai.get("qianggang")), haitei=situational and haidi == 1,
        houtei=situational and haidi == 2, tenhou=tianhu == 1, chiihou=tianhu == 2, seat=param["menfeng"],
        round_wind=param["zhuangfeng"], sticks=jicun["lizhibang"], honba=jicun["changbang"],
        dora=_ids("".join(param["baopai"]), [0] * 34), ura=_ids("".join(param["fubaopai"]), [0] * 34),
    )


def to_mahjong(inp: dict) -> dict:
    """Convert one majiang ``in`` object into keyword arguments of ``estimate_hand_value``."""
    concealed, meld_ids, sit = read_in(inp)
    tiles = list(concealed)
    melds = []
    for text, meld_tiles in meld_ids:
        tiles += meld_tiles
        melds.append(_meld(text, meld_tiles, sit.seat))
    config = HandConfig(
        is_tsumo=sit.tsumo, is_riichi=sit.riichi, is_daburu_riichi=sit.double_riichi, is_ippatsu=sit.ippatsu,
        is_rinshan=sit.rinshan, is_chankan=sit.chankan, is_haitei=sit.haitei, is_houtei=sit.houtei,
        is_tenhou=sit.tenhou, is_chiihou=sit.chiihou, player_wind=EAST + sit.seat, round_wind=EAST + sit.round_wind,
        kyoutaku_number=sit.sticks, tsumi_number=sit.honba, options=MAHJONG_RULES,
    )
    return {
        "tiles": tiles,
        "win_tile": concealed[-1],  # the last tile written (tsumo) or the ron tile
        "melds": melds,
        "dora_indicators": sit.dora,
        "ura_dora_indicators": sit.ura,
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


def check_riichienv_ids(inputs: list[dict]) -> None:
    """Cross-check the concealed ids of ``to_riichienv`` against riichienv's ``parse_hand`` (untimed)."""
    for inp in inputs:
        text = inp["shoupai"].split(",")[0] + (inp["rongpai"] or "")[:2]
        per_suit, suit = {"m": "", "p": "", "s": "", "z": ""}, "m"
        for ch in text:
            if ch in per_suit:
                suit = ch
            elif ch.isdigit():
                per_suit[suit] += ch
        theirs, _ = rv.parse_hand("".join(digits + suit for suit, digits in per_suit.items() if digits))
        if sorted(to_riichienv(inp)[0]) != sorted(theirs):
            raise AssertionError(f"tile ids differ from riichienv's parse_hand for {inp['shoupai']!r}")


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


# --------------------------------------------------------------------------- majiang -> riichienv

# What RiichiEnv's HandEvaluator takes, found by experiment with riichienv 0.4.11:
# - ``tiles`` are the concealed tiles *with* the winning tile (14 less 3 a meld, as its own
#   ``calc_from_text`` passes them) and *without* the meld tiles, which go in the ``Meld``s only
#   (a meld's tiles given twice are counted twice: a pon becomes a concealed triplet as well);
# - 136-format ids; a red five is copy 0 of its kind (16, 52, 88: ``parse_tile('0m') == 16``,
#   ``parse_tile('5m') == 17``), the same ids ``_ids`` gives;
# - ``player_wind`` / ``round_wind`` must be ``Wind`` objects; East is the dealer;
# - ``ron_agari`` and ``tsumo_agari_oya`` / ``tsumo_agari_ko`` include the honba (300 a ron, 100 a
#   payer; when the dealer wins by tsumo ``tsumo_agari_oya`` is a stray 100 a honba and everyone
#   pays ``tsumo_agari_ko``) but not the riichi sticks.
# It takes no rules: its fixed ones are compared with majiang-core's defaults as they are.
# Not expressible: majiang's ``tianhu`` only as ``tsumo_first_turn`` (tenhou or chiihou follows from
# the seat wind, so a chiihou given for the dealer or a tenhou for a non-dealer cannot be said), and
# pao payments are not modelled here (no hand of the data set has one).
RV_WINDS = (rv.Wind.East, rv.Wind.South, rv.Wind.West, rv.Wind.North) if rv else ()


def _rv_meld(text: str, tiles: list[int], seat: int):
    """A RiichiEnv ``Meld`` for a majiang meld like ``m34-0``, ``z555=``, ``m5550+``, ``z111=1``, ``p9999``."""
    pos = next((i for i, ch in enumerate(text) if ch in MARKS), -1)
    if pos < 0:  # ankan: four digits, no mark
        return rv.Meld(rv.MeldType.Ankan, sorted(tiles), False, -1)
    if len(tiles) == 4:  # the mark closes an open kan; a digit after it is a kakan's added tile
        kind = rv.MeldType.Daiminkan if pos == len(text) - 1 else rv.MeldType.Kakan
    else:
        kind = rv.MeldType.Pon if tiles[0] // 4 == tiles[1] // 4 else rv.MeldType.Chi
    return rv.Meld(kind, sorted(tiles), True, (seat + MARKS[text[pos]]) % 4)


def to_riichienv(inp: dict) -> tuple:
    """Convert one majiang ``in`` object into ``(tiles, melds, win_tile, dora, ura, conditions)``."""
    tiles, meld_ids, sit = read_in(inp)
    melds = [_rv_meld(text, ids, sit.seat) for text, ids in meld_ids]
    conditions = rv.Conditions(
        tsumo=sit.tsumo, riichi=sit.riichi, double_riichi=sit.double_riichi, ippatsu=sit.ippatsu,
        haitei=sit.haitei, houtei=sit.houtei, rinshan=sit.rinshan, chankan=sit.chankan,
        tsumo_first_turn=sit.tenhou or sit.chiihou, player_wind=RV_WINDS[sit.seat],
        round_wind=RV_WINDS[sit.round_wind], riichi_sticks=sit.sticks, honba=sit.honba,
    )
    return tiles, melds, tiles[-1], sit.dora, sit.ura, conditions


def riichienv_points(inp: dict, result) -> tuple[int, list[int]] | None:
    """(value without honba/sticks, score change of seats 0..3) from a ``WinResult``, or None.

    RiichiEnv's amounts include the honba, majiang's ``defen`` does not: the honba is taken off
    ``defen`` and the sticks (which RiichiEnv leaves out) are added to the winner's change.
    """
    if not result.is_win:
        return None
    seat, jicun = inp["param"]["menfeng"], inp["param"]["jicun"]
    change = [0, 0, 0, 0]
    if inp["rongpai"]:
        change[(seat + MARKS[inp["rongpai"][2]]) % 4] = -result.ron_agari
    else:
        for other in range(4):
            if other != seat:
                change[other] = -(result.tsumo_agari_oya if other == 0 else result.tsumo_agari_ko)
    paid = -sum(change)
    change[seat] = paid + 1000 * jicun["lizhibang"]
    return paid - 300 * jicun["changbang"], change


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


def run_riichienv(inputs: list[dict]) -> list:
    """Convert and score every hand with RiichiEnv's ``HandEvaluator``."""
    out = []
    for inp in inputs:
        tiles, melds, win_tile, dora, ura, conditions = to_riichienv(inp)
        out.append(rv.HandEvaluator(tiles, melds).calc(win_tile, dora, ura, conditions))
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
                    help="rounds of one timed pass per engine in turn (default 9)")
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
    # name -> (one timed pass over all hands, (points, payments) of one result)
    engines = {
        "mjrules": (lambda: run_mjrules(inputs, scorer), mjrules_points),
        "mahjong": (lambda: run_mahjong(inputs, calculator), mahjong_points),
    }
    if rv is None:
        print("riichienv: not installed (pip install riichienv==0.4.11), left out")
    else:
        check_riichienv_ids(inputs)  # and the ids riichienv's own parse_hand gives
        engines["riichienv"] = (lambda: run_riichienv(inputs), riichienv_points)
    run_mjrules(inputs[:50], scorer)  # warm up lazy imports and caches of every engine
    run_mahjong(inputs[:50], calculator)
    if rv is not None:
        run_riichienv(inputs[:50])

    def timed(run) -> tuple[float, list]:
        # Each pass starts from a collected heap holding no results of another engine, so
        # none pays the garbage collector for another's objects.
        gc.collect()
        t0 = time.perf_counter()
        results = run()
        return time.perf_counter() - t0, results

    # Each round runs every engine's pass in turn, so a slow spell of a shared machine hits all alike.
    times: dict[str, list[float]] = {name: [] for name in engines}
    agree: dict[str, tuple[int, int]] = {}
    for _ in range(args.repeat):
        for name, (run, points) in engines.items():
            elapsed, results = timed(run)
            times[name].append(elapsed)
            agree[name] = agreement(inputs, expected, results, points)
            del results

    def verdict(ok: bool) -> str:
        return "OK" if ok else "MISSED"

    def ratio_line(peer: str, targets: dict[str, float]) -> str:
        ratios = [b / a for a, b in zip(times["mjrules"], times[peer])]
        median, best = statistics.median(ratios), min(times[peer]) / min(times["mjrules"])
        verdicts = "; ".join(f"target >= {value:g}x ({issue}): {verdict(median >= value)}"
                             for issue, value in targets.items())
        return (f"ratio mjrules/{peer} per round: median {median:.2f}x (range {min(ratios):.2f}x - "
                f"{max(ratios):.2f}x; best passes {best:.2f}x)   {verdicts}")

    print(f"hands: {n} from {DATA.name}; {args.repeat} rounds, each engine's pass back to back; "
          f"Python {sys.version.split()[0]}; mjrules on the {KERNEL} kernel")
    for name, t in times.items():
        print(f"{name:<9}: {n / min(t):9,.0f} hands/s ({min(t) * 1e6 / n:5.1f} us/hand, best pass)")
    print(ratio_line("mahjong", {"issue 24": TARGET_RATIO, "issue 28": TARGET_MAHJONG}))
    if "riichienv" in times:
        print(ratio_line("riichienv", {"issue 28": TARGET_RIICHIENV}))
    print("agreement with majiang-core, hands with the same defen / same defen and fenpei:")
    for name, (same_points, same_all) in agree.items():
        print(f"  {name:<9}: {same_points}/{n} / {same_all}/{n}")
    print(f"mjrules CLI, one hand: {time_cli()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
