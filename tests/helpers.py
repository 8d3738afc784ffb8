"""Small helpers shared by the hand-written rule tests (test_yaku, test_yakuman, test_fu, test_payments),
and by the tests of the native kernel and of the example plugin (``native_or_skip``, ``example_plugin``, ``cli``),
and of the table (``hand_wall``).

Conventions used throughout those files unless a test says otherwise:

* the winner sits South (seat 1, a non-dealer) in the East round, so East (1z) is the round wind,
  South (2z) the seat wind, and West (3z) / North (4z) are guest winds worth nothing;
* a ron comes from the player opposite (discarder offset 2), i.e. from seat (1 + 2) % 4 = 3 (North);
* no dora indicators, no honba, no riichi sticks.

Expected values in the tests are worked out by hand from the rules (basic points = fu × 2^(han+2),
capped at mangan; ron ×4 / ×6 for the dealer; tsumo split with each payment rounded up to 100).
"""

from __future__ import annotations

import importlib
import os
import sys
from pathlib import Path
from collections import Counter
from types import ModuleType

import pytest

from mjrules import Scorer, Win, load_ruleset, parse_mpsz, parse_tiles
from mjrules.game.wall import Wall
from mjrules.model.tiles import tile

EXAMPLE = Path(__file__).resolve().parent / "example-plugin"
"""The example third-party plugin (kinkei dokuritsu), as its own distribution."""


def example_plugin() -> ModuleType:
    """The example plugin's module, imported from its folder (not installed)."""
    sys.path.insert(0, str(EXAMPLE))
    try:
        return importlib.import_module("mjrules_example_yaku")
    finally:
        sys.path.remove(str(EXAMPLE))


def native_or_skip(compared: str) -> None:
    """At a test module's top: the native kernel is required under ``MJRULES_KERNEL=native`` (CI), the
    module skipped under ``MJRULES_KERNEL=python`` (nothing to compare ``compared`` with), and
    skipped where it is not built otherwise."""
    if os.environ.get("MJRULES_KERNEL") == "native":
        importlib.import_module("mjrules.kernel._native")
    elif os.environ.get("MJRULES_KERNEL") == "python":
        pytest.skip(f"MJRULES_KERNEL=python: {compared} is off, nothing to compare", allow_module_level=True)
    else:
        pytest.importorskip("mjrules.kernel._native", reason="the native kernel is not built here")


def cli(capsys, *argv: str) -> tuple[int, str, str]:
    """``mjrules ARGV`` in this process: (exit status, stdout, stderr)."""
    from mjrules.cli import main

    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err

SOUTH = 1
EAST = 0


def tiles(text: str) -> tuple:
    return tuple(parse_tiles(text)) if text else ()


def ron(discarder: int = 2, seat: int = SOUTH, round_wind: int = EAST, dora: str = "", ura: str = "", **kw) -> Win:
    return Win(tsumo=False, discarder=discarder, seat_wind=seat, round_wind=round_wind,
               dora=tiles(dora), ura=tiles(ura), **kw)


def tsumo(seat: int = SOUTH, round_wind: int = EAST, dora: str = "", ura: str = "", **kw) -> Win:
    return Win(tsumo=True, seat_wind=seat, round_wind=round_wind, dora=tiles(dora), ura=tiles(ura), **kw)


def score(scorer: Scorer, hand: str, win: Win):
    return scorer.score(parse_mpsz(hand), win)


def scorer_with(**flags) -> Scorer:
    """A majiang scorer with some flags changed."""
    return Scorer(load_ruleset("majiang").with_flags(**flags))


def ids(result) -> set[str]:
    return {y.id for y in result.yaku}


def han_of(result) -> dict[str, int]:
    """yaku id → han (ordinary yaku and dora) or yakuman multiple."""
    return {y.id: (y.yakuman if y.yakuman else y.han) for y in result.yaku}


def fu_items(result) -> dict[str, int]:
    return {item.label: item.fu for item in result.fu_items}


def majiang_disagreement(result, out) -> str | None:
    """Why ``result`` differs from majiang-core's ``hule()`` output ``out``, or None when it agrees:
    both no win, or the same value (defen), payments of all four seats (fenpei), yakuman multiple
    (damanguan, 0 when null or absent) and, for hands that are not yakuman, the same han and fu."""
    if out is None:
        return None if not result.is_win else f"expected no win, got {result.points}"
    if not result.is_win:
        return f"expected a win worth {out['defen']}, got no win ({result.reason})"
    got = (result.points, list(result.payments), result.yakuman)
    want = (out["defen"], out["fenpei"], out.get("damanguan") or 0)
    if not out.get("damanguan"):
        got += (result.han, result.fu)
        want += (out["fanshu"], out["fu"])
    return None if got == want else f"got {got}, want {want}"


def hand_wall(hands: list[str], draws: str = "", indicator: str = "1z", dead: str = "") -> Wall:
    """A wall dealing ``hands`` (the dealer's first), then ``draws``, then the other tiles in order;
    the first dora indicator ``indicator`` (East: the dora is South), or the whole dead wall
    ``dead`` (four replacement tiles, five indicators, five ura)."""
    assert [len(parse_tiles(h)) for h in hands] == [13] * len(hands)
    dealt = [t for h in hands for t in parse_tiles(h)]
    first = parse_tiles(draws) if draws else []
    given = parse_tiles(dead) if dead else parse_tiles(indicator)
    left = Counter({tile(i): 4 for i in range(34) if len(hands) == 4 or not 1 <= i <= 7})
    left.subtract(Counter(dealt + first + given))
    assert min(left.values()) >= 0
    rest = sorted(left.elements(), key=lambda t: t.rank)
    if dead:
        assert len(given) == 14
        return Wall(dealt + first + rest + given)
    return Wall(dealt + first + rest[13:] + rest[:4] + given + rest[4:13])
