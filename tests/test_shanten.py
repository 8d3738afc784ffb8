"""Shanten: hand-checked examples, an independent slow implementation on thousands of random
hands, and the properties that define it (tenpai iff a winning tile exists, one exchange per step).

The slow implementation below shares no code with ``mjrules.tools.shanten``: it searches the targets
(sets and a pair over all 34 kinds at once, with branch and bound) and scores each by Σ min(H_i, T_i);
winning shapes in the property tests are read by ``mjrules.kernel.shapes``.
"""

from __future__ import annotations

import json
import random

import pytest

from mjrules import HandError, NotationError, parse_tiles
from mjrules.kernel.shapes import arrangements, is_chiitoitsu, is_kokushi
from mjrules.tools.shanten import (
    HandTiles, PartialHand, analyse_shanten, chiitoitsu_shanten, hand_shanten, improving_tiles, kokushi_shanten,
    parse_hand, shanten, standard_shanten, tiles_to_counts,
)
from mjrules.tools.winning import is_winning_counts

YAOCHU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def counts_of(text: str) -> list[int]:
    return tiles_to_counts(parse_tiles(text))


# --------------------------------------------------------------------------- the slow reference


def slow_standard(counts, caps=None) -> int:
    """3m + 1 − max over targets (≤ m sets and ≤ 1 pair, T_i ≤ caps_i) of Σ min(counts_i, T_i)."""
    n = sum(counts)
    m = n // 3
    caps = list(caps) if caps is not None else [4] * 34
    held = [i for i in range(34) if counts[i]]
    blocks = [(i, i, i) for i in held]
    blocks += [(i, i + 1, i + 2) for i in range(27) if i % 9 <= 6 and (counts[i] or counts[i + 1] or counts[i + 2])]

    def copy_gain(kinds, r):  # at most what the r-th copy of a set can share with the hand
        return sum(min(max(0, counts[x] - r * kinds.count(x)), kinds.count(x)) for x in set(kinds))

    blocks.sort(key=lambda b: -copy_gain(b, 0))
    # top[j][k]: an upper bound on what k more sets chosen from blocks[j:] can add
    top = []
    for j in range(len(blocks) + 1):
        gains = sorted((copy_gain(b, r) for b in blocks[j:] for r in range(4)), reverse=True)
        top.append([sum(gains[:k]) for k in range(5)])
    target = [0] * 34
    best = 0

    def add(kinds) -> int | None:
        for x in set(kinds):
            if target[x] + kinds.count(x) > caps[x]:
                return None
        gain = 0
        for x in kinds:
            if target[x] < counts[x]:
                gain += 1
            target[x] += 1
        return gain

    def remove(kinds) -> None:
        for x in kinds:
            target[x] -= 1

    def search(start: int, sets_left: int, value: int) -> None:
        nonlocal best
        if value > best:
            best = value
        if sets_left == 0 or value + min(top[start][sets_left], n - value) <= best:
            return
        for j in range(start, len(blocks)):
            gain = add(blocks[j])
            if gain is None:
                continue
            if gain:  # a set that shares no tile can sit anywhere: leaving its slot empty is the same
                search(j, sets_left - 1, value + gain)
            remove(blocks[j])

    for pair in [None] + held:
        if pair is None:
            search(0, m, 0)
            continue
        gain = add((pair, pair))
        if gain is not None:
            search(0, m, gain)
            remove((pair, pair))
    return 3 * m + 1 - best


def slow_chiitoitsu(counts) -> int:
    """13 − the best Σ min(c, 2) over seven different kinds."""
    return 13 - sum(sorted((min(c, 2) for c in counts), reverse=True)[:7])


def slow_kokushi(counts) -> int:
    """13 − max over the thirteen kokushi targets (each doubling one kind) of the tiles it shares."""
    return 13 - max(sum(min(counts[y], 2 if y == d else 1) for y in YAOCHU) for d in YAOCHU)


def slow_shanten(counts, caps=None, closed=True) -> int:
    s = slow_standard(counts, caps)
    if closed and sum(counts) >= 13:
        s = min(s, slow_chiitoitsu(counts), slow_kokushi(counts))
    return s


# --------------------------------------------------------------------------- random hands

WALL = [i for i in range(34) for _ in range(4)]


def random_counts(rng: random.Random, n: int, kinds=None) -> list[int]:
    wall = WALL if kinds is None else [i for i in kinds for _ in range(4)]
    counts = [0] * 34
    for t in rng.sample(wall, n):
        counts[t] += 1
    return counts


def near_complete(rng: random.Random, sets: int, changes: int) -> list[int]:
    """A random complete concealed part (``sets`` sets and a pair), then ``changes`` tiles swapped."""
    while True:
        counts = [0] * 34
        for _ in range(sets):
            if rng.random() < 0.6:
                i = rng.choice([i for i in range(27) if i % 9 <= 6])
                for k in range(3):
                    counts[i + k] += 1
            else:
                counts[rng.randrange(34)] += 3
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            break
    for _ in range(changes):
        out = rng.choice([i for i in range(34) if counts[i]])
        counts[out] -= 1
        counts[rng.choice([i for i in range(34) if counts[i] < 4 and i != out])] += 1
    return counts


def test_random_closed_hands_match_the_slow_reference():
    rng = random.Random(20240601)
    checked = 0
    for k in range(1500):
        counts = random_counts(rng, 14 if k % 2 else 13)
        assert shanten(counts) == slow_shanten(counts), counts
        checked += 1
    # concentrated hands: few kinds, so triplets, quads and the four-copy limit are common
    for k in range(800):
        kinds = rng.sample(range(34), rng.choice((5, 6, 7, 9)))
        if rng.random() < 0.5:
            s = rng.randrange(3) * 9
            kinds = list(range(s, s + 9))
        counts = random_counts(rng, 14 if k % 2 else 13, kinds)
        assert shanten(counts) == slow_shanten(counts), counts
        checked += 1
    for k in range(800):
        counts = near_complete(rng, 4, rng.randrange(4))
        if k % 2:
            counts[rng.choice([i for i in range(34) if counts[i]])] -= 1
        assert shanten(counts) == slow_shanten(counts), counts
        checked += 1
    assert checked == 3100


def test_random_open_hands_match_the_slow_reference():
    rng = random.Random(7)
    for k in range(1200):
        sets = rng.randrange(4)
        n = 3 * sets + (2 if k % 2 else 1)
        counts = random_counts(rng, n) if k % 3 else near_complete(rng, sets, rng.randrange(3))
        if sum(counts) != n:  # the near-complete generator makes 3k+2; drop one for 3k+1
            counts[rng.choice([i for i in range(34) if counts[i]])] -= 1
        assert shanten(counts) == slow_shanten(counts, closed=False), counts
        assert standard_shanten(counts) == slow_standard(counts), counts


def test_hands_with_melds_respect_the_copies_in_the_melds():
    rng = random.Random(99)
    for k in range(600):
        melds = rng.randrange(1, 5)
        caps = [4] * 34
        while sum(4 - c for c in caps) < 3 * melds:
            i = rng.randrange(34)
            if caps[i] >= 3:
                caps[i] -= 3 if rng.random() < 0.7 else (4 if caps[i] == 4 else 3)
        n = 3 * (4 - melds) + (2 if k % 2 else 1)
        pool = [i for i in range(34) for _ in range(caps[i])]
        # draw near the melded kinds so the limit matters
        near = [i for i in pool if any(caps[j] < 4 and abs(i - j) <= 2 for j in range(34))]
        counts = [0] * 34
        for t in rng.sample(near if len(near) >= n and k % 3 else pool, n):
            counts[t] += 1
        assert standard_shanten(counts, caps) == slow_standard(counts, caps), (counts, caps)


# --------------------------------------------------------------------------- properties


def is_win(counts, closed=True) -> bool:
    c = tuple(counts)
    if arrangements(c):
        return True
    return closed and sum(c) == 14 and (is_chiitoitsu(list(c)) or is_kokushi(list(c)))


def test_complete_iff_minus_one_and_tenpai_iff_a_winning_tile_exists():
    rng = random.Random(5)
    for k in range(1500):
        sets = 4 if k % 4 else rng.randrange(4)
        counts = near_complete(rng, sets, rng.randrange(3))
        closed = sets == 4
        assert (shanten(counts) == -1) == is_win(counts, closed), counts
        counts[rng.choice([i for i in range(34) if counts[i]])] -= 1
        wins = []
        for i in range(34):
            if counts[i] < 4:
                counts[i] += 1
                if is_win(counts, closed):
                    wins.append(i)
                counts[i] -= 1
        assert (shanten(counts) == 0) == bool(wins), counts


def seven_pairs(rng: random.Random) -> list[int]:
    counts = [0] * 34
    for i in rng.sample(range(34), 7):
        counts[i] = 2
    return counts


def thirteen_orphans(rng: random.Random) -> list[int]:
    counts = [0] * 34
    for i in YAOCHU:
        counts[i] = 1
    counts[rng.choice(YAOCHU)] += 1
    return counts


def swapped(rng: random.Random, counts: list[int], changes: int) -> list[int]:
    counts = list(counts)
    for _ in range(changes):
        out = rng.choice([i for i in range(34) if counts[i]])
        counts[out] -= 1
        counts[rng.choice([i for i in range(34) if counts[i] < 4 and i != out])] += 1
    return counts


def shapes_reading(counts) -> bool:
    """Whether the scorer's engine finds a reading: four (or fewer, melds implied) sets and a
    pair, or at 14 tiles seven pairs or thirteen orphans."""
    c = tuple(counts)
    return bool(arrangements(c)) or (sum(c) == 14 and (is_chiitoitsu(list(c)) or is_kokushi(list(c))))


def test_minus_one_iff_the_shapes_engine_reads_a_winning_shape():
    """shanten's −1 and the scorer's engine (``mjrules.kernel.shapes``) agree on every hand, and
    the tools' reader (``is_winning_counts``) says the same."""
    rng = random.Random(314)
    hands = []
    for k in range(6000):
        kind = k % 6
        if kind == 0:
            counts = random_counts(rng, 14)
        elif kind == 1:
            counts = near_complete(rng, 4, rng.randrange(3))
        elif kind == 2:  # open hands: 2, 5, 8 or 11 concealed tiles
            counts = near_complete(rng, rng.randrange(4), rng.randrange(2))
        elif kind == 3:
            counts = swapped(rng, seven_pairs(rng), rng.randrange(2))
        elif kind == 4:
            counts = swapped(rng, thirteen_orphans(rng), rng.randrange(2))
        else:  # few kinds: triplets, quads and doubled sequences
            counts = random_counts(rng, 14, rng.sample(range(27), 6))
        hands.append(counts)
    complete = 0
    for counts in hands:
        read = shapes_reading(counts)
        assert (shanten(counts) == -1) == read, counts
        assert is_winning_counts(counts) == read, counts
        complete += read
    # the generators reach both answers often, and every form
    assert 1500 < complete < 4500
    assert shapes_reading(counts_of("11223344556677z")) and not arrangements(tuple(counts_of("11223344556677z")))
    assert shapes_reading(counts_of("19m19p19s12345677z")) and shanten(counts_of("19m19p19s12345677z")) == -1
    # five pairs and a quad: the quad is one pair, so seven pairs still needs a seventh kind
    assert not shapes_reading(counts_of("11223344556666z")) and shanten(counts_of("11223344556666z")) == 1


def test_one_exchange_per_step():
    """14 tiles: the best discard keeps the shanten; 13 tiles: the best draw lowers it by one."""
    rng = random.Random(11)
    for k in range(400):
        counts = random_counts(rng, 14) if k % 2 else near_complete(rng, 4, rng.randrange(5))
        s14 = shanten(counts)
        after = []
        for i in range(34):
            if counts[i]:
                counts[i] -= 1
                after.append(shanten(counts))
                counts[i] += 1
        assert min(after) == max(s14, 0), counts
        counts[rng.choice([i for i in range(34) if counts[i]])] -= 1
        s13 = shanten(counts)
        draws = []
        for i in range(34):
            if counts[i] < 4:
                counts[i] += 1
                draws.append(shanten(counts))
                counts[i] -= 1
        assert min(draws) == s13 - 1, counts


# --------------------------------------------------------------------------- hand-checked examples


@pytest.mark.parametrize("hand, expected", [
    ("123m456p789s11222z", -1),          # four sets and a pair
    ("11223344556677z", -1),             # seven pairs
    ("19m19p19s12345677z", -1),          # thirteen orphans
    ("112233m445566p77s", -1),           # seven pairs that also read as sets and a pair
    ("123m456p789s1122z", 0),            # shanpon
    ("123m456p789s11223z", 0),           # 14 tiles: discard 3z for the shanpon
    ("123m456p789s1123z", 1),            # 13 tiles: two singles beside the pair
    ("11112222333344m", -1),             # 123m four times and 44m
    ("123m456p789s13z", 0),              # 11 tiles (one meld implied): discard one single, wait on the other
    ("123m456p789s1z", 0),               # 10 tiles: tanki
])
def test_examples(hand, expected):
    assert shanten(counts_of(hand)) == expected


@pytest.mark.parametrize("hand, std, chi, kok", [
    ("123m456p789s1122z", 0, 4, 8),
    ("1122m3344p5566s7z", 3, 0, 10),      # six pairs and a single: chiitoitsu tenpai
    ("19m19p19s1234567z", 8, 6, 0),       # thirteen-sided kokushi wait
    ("19m19p19s1234566z", 7, 5, 0),       # kokushi waiting on 7z
    ("1111m234p567s789s", 1, 4, 10),      # 1m tanki would need a fifth 1m: not tenpai
    ("1111m2222p3333s4z", 2, 6, 10),      # a quad is one pair for seven pairs
    ("1289m3467p1599s27z", 3, 5, 6),
])
def test_forms(hand, std, chi, kok):
    sh = analyse_shanten(hand)
    assert (sh.standard, sh.chiitoitsu, sh.kokushi) == (std, chi, kok)
    assert sh.minimum == min(std, chi, kok) == shanten(counts_of(hand))
    assert standard_shanten(counts_of(hand)) == std
    assert chiitoitsu_shanten(counts_of(hand)) == chi
    assert kokushi_shanten(counts_of(hand)) == kok


def test_chiitoitsu_needs_seven_different_kinds():
    # five pairs and a quad: the quad is one pair, not two
    assert chiitoitsu_shanten(counts_of("1111m2233p4455s66z")) == 1
    assert chiitoitsu_shanten(counts_of("1111m223344p5566s")) == 1
    assert chiitoitsu_shanten(counts_of("11m223344p5566s7z")) == 0
    assert chiitoitsu_shanten(counts_of("11m223344p5566s77z")) == -1


def test_open_hands_and_melds():
    # 2345m + chi + pon: 2m-5m wait
    sh = analyse_shanten("2345m789p 3-45m 555=z")
    assert (sh.standard, sh.chiitoitsu, sh.kokushi) == (0, None, None)
    assert sh.forms == ("standard",)
    # a single 5z against a pon of 5z: the tanki would need the fifth copy
    one = parse_hand("5z123p456s789p 555=z")
    assert one.size == 13
    assert hand_shanten(one) == 1          # 5z tanki impossible: only four 5z exist
    assert standard_shanten(one.counts) == 0  # without the meld's copies it would look tenpai
    closed_kan = parse_hand("35m123p456s99p 4444m")
    assert closed_kan.is_closed
    assert hand_shanten(closed_kan) == 1   # the kanchan needs a 4m, and the closed kan holds all four
    assert standard_shanten(closed_kan.counts) == 0
    assert analyse_shanten(closed_kan).chiitoitsu is None


def test_fewer_concealed_tiles_imply_melds():
    assert shanten(counts_of("11z")) == -1
    assert shanten(counts_of("1z")) == 0
    assert shanten(counts_of("111m2z")) == 0
    assert shanten(counts_of("13m5p7z")) == 1
    # 10 and 11 tiles need three sets and a pair: four kanchan, of which three count, and a single
    assert shanten(counts_of("1m3m5m7m9m1p3p5p7p9p")) == 3
    assert shanten(counts_of("1m3m5m7m9m1p3p5p7p9p2z")) == 3


def test_improving_tiles():
    hand = parse_hand("23456m456p789s11z")
    assert improving_tiles(hand) == [0, 3, 6]
    with pytest.raises(HandError):
        improving_tiles(parse_hand("23456m456p789s11z9p"))


def test_list_tuple_and_bad_input():
    c = counts_of("123m456p789s11222z")
    assert shanten(c) == shanten(tuple(c)) == -1
    with pytest.raises(HandError):
        shanten(c[:33])
    with pytest.raises(HandError):
        shanten([5] + [0] * 32 + [0])          # five tiles: 5 of one kind
    with pytest.raises(HandError):
        shanten([0] * 34)
    with pytest.raises(HandError):
        shanten([4] * 4 + [0] * 30)            # 16 tiles
    with pytest.raises(HandError):
        shanten([3, 3, 3, 3] + [0] * 30)       # 12 tiles
    with pytest.raises(HandError):
        shanten([-1, 2] + [1] * 12 + [0] * 20)
    with pytest.raises(HandError):
        standard_shanten(c, caps=[4] * 33 + [7])


def test_parse_hand():
    h = parse_hand("1234m 3-45m 555=z 1111p")
    assert h.size == 13 and len(h.melds) == 3 and not h.is_closed
    assert h.mpsz() == "1234m 3-45m 555=z 1111p"
    assert h.meld_counts[13] == 0 and h.meld_counts[9] == 4
    with pytest.raises(HandError):
        parse_hand("123m456p789s11z")             # 11 tiles
    with pytest.raises(HandError):
        parse_hand("11111m456p789s111z")          # five 1m
    with pytest.raises(HandError):
        parse_hand("1m123p456s789p 1111m")         # a fifth 1m next to the kan
    with pytest.raises(NotationError):
        parse_hand("123x")
    with pytest.raises(NotationError):
        parse_hand("123m 456p")                    # a meld without a seat mark
    assert HandTiles(parse_tiles("123m456p789s1122z")).size == 13
    assert HandTiles is PartialHand


def test_partial_hand_keeps_the_model_order_and_knows_complete_shapes():
    # red five before the plain one, as Tile.rank orders them
    h = PartialHand(parse_tiles("505m123p456s789s1z"))
    assert [t.mpsz() for t in h.concealed[:3]] == ["0m", "5m", "5m"]
    assert h.mpsz() == "055m123p456789s1z"
    assert parse_hand("123m456p789s11222z").is_complete
    assert parse_hand("11223344556677z").is_complete
    assert not parse_hand("123m456p789s11223z").is_complete
    assert not parse_hand("123m456p789s1122z").is_complete      # 13 tiles: waiting, not complete
    assert parse_hand("123m456p11222z 7-89s").is_complete


# --------------------------------------------------------------------------- CLI


def run(capsys, monkeypatch, *argv):
    import mjrules.cli as cli

    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_shanten(capsys, monkeypatch):
    code, out, _ = run(capsys, monkeypatch, "shanten", "123m456p789s1122z")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "123m456p789s1122z  (13 tiles): tenpai  (shanten 0)"
    assert lines[1].split() == ["standard", "0"] and lines[2].split() == ["chiitoitsu", "4"]
    assert lines[3].split() == ["kokushi", "8"]
    assert "winning tiles: 4 unseen" in lines[4] and "1z(2) 2z(2)" in lines[4]
    code, out, _ = run(capsys, monkeypatch, "shanten", "1289m3467p1599s27z", "--json")
    data = json.loads(out)
    assert (code, data["shanten"], data["standard"], data["chiitoitsu"], data["kokushi"]) == (0, 3, 3, 5, 6)
    assert data["tiles"] == 14 and "improving" not in data
    # melds as separate words or in one string
    for argv in (["2345m789p", "3-45m", "555=z"], ["2345m789p 3-45m 555=z"]):
        code, out, _ = run(capsys, monkeypatch, "shanten", *argv, "--json")
        data = json.loads(out)
        assert data["shanten"] == 0 and data["chiitoitsu"] is None and data["ukeire"] == 5
        assert [x["tile"] for x in data["improving"]] == ["2m", "5m"]
    code, out, _ = run(capsys, monkeypatch, "shanten", "123m456p789s11222z")
    assert "complete" in out and "(shanten -1)" in out


def test_cli_shanten_errors(capsys, monkeypatch):
    for argv in (["123m456p789s112z"], ["123m456p789s1122x"], ["11111m456p789s112z"], ["123m", "456p"]):
        code, out, err = run(capsys, monkeypatch, "shanten", *argv)
        assert code == 2 and out == "" and err.startswith("mjrules: error:") and err.count("\n") == 1, argv
