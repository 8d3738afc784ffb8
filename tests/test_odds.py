"""Odds of a dealt win: the exact count checked two independent ways, and the simulation's interval.

1. An automaton over the 34 kinds in order (a different method from the per-suit generating
   functions of ``mjrules.tools.odds``): its state is the set of partial readings still possible
   (sequences begun one and two kinds back, sets so far, pair or not) plus trackers for seven pairs
   and thirteen orphans. Each count vector follows exactly one path, so the weighted total counts
   every winning vector once, whatever its number of readings.
2. Brute force over all 501,942 multisets of five tiles for the one-set-and-a-pair count.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from fractions import Fraction
from itertools import combinations_with_replacement, product

import pytest

import mjrules.cli as cli
from mjrules.kernel.shapes import group_splits
from mjrules.tools.odds import (
    complete_suit_shapes, is_winning_counts, simulate_tenhou, standard_count, tenhou_odds, wilson_interval,
)

YAOCHU = {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33}


def automaton_count(size: int = 14, sets: int = 4, special: bool = True, removed: tuple = ()) -> int:
    """Weighted count of winning count vectors of ``size`` tiles; seven pairs and kokushi count at 14
    tiles when ``special``; the kinds ``removed`` are not in the set (three players: 2m-8m)."""
    layer = {((frozenset({(0, 0, 0, 0)}), 0, 0), 0): 1}
    for i in range(34):
        can_start = i < 27 and i % 9 <= 6
        nxt: dict = defaultdict(int)
        for ((readings, pairs7, orphans), n), w in layer.items():
            for c in range(1 if i in removed else min(4, size - n) + 1):
                new = set()
                for a, b, s, p in readings:
                    r = c - a - b          # tiles left after the sequences that need this kind
                    if r < 0:
                        continue
                    for t in (0, 1):       # a triplet here
                        for q in ((0, 1) if p == 0 else (0,)):   # the pair here
                            k = r - 3 * t - 2 * q              # sequences starting here
                            if k >= 0 and (k == 0 or can_start) and s + t + k <= sets:
                                new.add((k, a, s + t + k, p + q))
                p7 = -1 if pairs7 < 0 or c not in (0, 2) else pairs7 + (c == 2)
                if i in YAOCHU:
                    orph = -1 if orphans < 0 or c not in (1, 2) else orphans + (c == 2)
                else:
                    orph = -1 if orphans < 0 or c else orphans
                if new or p7 >= 0 or orph >= 0:
                    nxt[((frozenset(new), p7, orph), n + c)] += w * math.comb(4, c)
        layer = nxt
    return sum(
        w for ((readings, p7, orph), n), w in layer.items()
        if n == size and ((0, 0, sets, 1) in readings or (special and sets == 4 and (p7 == 7 or orph == 1)))
    )


def test_exact_count_matches_the_automaton():
    odds = tenhou_odds()
    assert odds.winning == automaton_count(14, 4)
    assert odds.hands == math.comb(136, 14)
    assert odds.probability == Fraction(odds.winning, math.comb(136, 14))
    # the published figure: about 1 in 330,000
    assert 330_000 < odds.one_in < 331_000
    # the closed forms of the special hands
    assert odds.chiitoitsu == math.comb(34, 7) * 6 ** 7
    assert odds.kokushi == 13 * 6 * 4 ** 12
    # seven-pair hands that also read as sets: doubled sequences, e.g. 112233m 445566p 77s
    assert 0 < odds.overlap < odds.chiitoitsu


def test_three_player_count_matches_the_automaton():
    # the 108 tiles of three-player mahjong: the automaton over the 34 kinds with 2m-8m held at 0
    odds = tenhou_odds(players=3)
    assert odds.winning == automaton_count(14, 4, removed=tuple(range(1, 8)))
    assert odds.hands == math.comb(108, 14) and odds.wall == 108
    assert odds.chiitoitsu == math.comb(27, 7) * 6 ** 7
    assert odds.kokushi == 13 * 6 * 4 ** 12  # every orphan is still in the set
    assert odds.one_in < tenhou_odds().one_in  # fewer kinds: a dealt win is likelier


def test_smaller_hands_match_the_automaton():
    for sets in range(5):
        assert standard_count(sets) == automaton_count(3 * sets + 2, sets, special=False)
    assert tenhou_odds().standard == standard_count(4)


def test_one_set_and_a_pair_by_brute_force():
    def is_set(a, b, c):
        return a == b == c or (c < 27 and a // 9 == c // 9 and b == a + 1 and c == a + 2)

    total = 0
    for combo in combinations_with_replacement(range(34), 5):
        counts: dict = {}
        for t in combo:
            counts[t] = counts.get(t, 0) + 1
        if max(counts.values()) > 4:
            continue
        for pair, n in counts.items():
            if n >= 2:
                rest = list(combo)
                rest.remove(pair)
                rest.remove(pair)
                if is_set(*rest):
                    w = 1
                    for v in counts.values():
                        w *= math.comb(4, v)
                    total += w
                    break
    assert total == standard_count(1) == 280944


def test_suit_shapes_match_the_decomposition_tables():
    shapes = complete_suit_shapes(4)
    found = {}
    for vec in product(range(5), repeat=9):
        n = sum(vec)
        if n > 8 or n % 3 == 1:
            continue
        if group_splits(0, vec):
            found[vec] = n % 3 == 2
    small = {v: p for v, p in shapes.items() if sum(v) <= 8}
    assert small == found
    assert all(sum(v) <= 14 for v in shapes)


def test_wilson_interval():
    low, high = wilson_interval(0, 1000)
    assert low == 0 and high == pytest.approx(2.5758293 ** 2 / (1000 + 2.5758293 ** 2), rel=1e-6)
    low, high = wilson_interval(50, 100, 1.959964)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    with pytest.raises(ValueError):
        wilson_interval(0, 0)


def test_simulation_interval_contains_the_exact_value():
    exact = tenhou_odds().probability
    sim = simulate_tenhou(20_000, seed=2024)
    assert sim.draws == 20_000 and sim.seed == 2024
    assert sim.contains(exact)
    assert sim.low <= sim.estimate <= sim.high
    again = simulate_tenhou(20_000, seed=2024)
    assert (again.hits, again.low, again.high) == (sim.hits, sim.low, sim.high)


def test_the_simulators_reader():
    from mjrules import parse_tiles
    from mjrules.tools.shanten import tiles_to_counts

    def win(text):
        return is_winning_counts(tuple(tiles_to_counts(parse_tiles(text))))

    assert win("123m456p789s11222z") and win("11223344556677z") and win("19m19p19s12345677z")
    assert not win("123m456p789s11223z") and not win("11223344556666z")


# --------------------------------------------------------------------------- CLI


def run(capsys, monkeypatch, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_odds(capsys, monkeypatch):
    odds = tenhou_odds()
    p = odds.probability
    code, out, _ = run(capsys, monkeypatch, "odds", "tenhou")
    assert code == 0
    assert f"{p.numerator} / {p.denominator}" in out and "1 in 330,529.5" in out
    code, out, _ = run(capsys, monkeypatch, "odds", "tenhou", "--simulate", "3000", "--seed", "1", "--json")
    data = json.loads(out)
    assert code == 0 and data["numerator"] == p.numerator and data["denominator"] == p.denominator
    assert data["simulation"]["draws"] == 3000 and data["simulation"]["contains_exact"]
    code, out, _ = run(capsys, monkeypatch, "odds", "tenhou", "--simulate", "2000", "--seed", "5")
    assert "Simulation: 2,000 hands dealt (seed 5)" in out and "contains the exact value" in out
    for bad in (["odds", "tenhou", "--seed", "3"], ["odds", "tenhou", "--simulate", "0"], ["odds", "chiihou"]):
        code, _, err = run(capsys, monkeypatch, *bad)
        assert code == 2 and err.count("\n") == 1
