"""The two kernels against each other: the native one (Rust, ``mjrules/kernel/rust/``) must give the Python
kernel's answer — the reference — on every input, errors included.

Inputs: the concealed parts of majiang-core's 5,000 public winning hands (complete, before the
win, and every discard from the complete hand), random hands of 1 to 14 tiles, hands rich in
triplets, quads and near-complete shapes, hands with melds (caps), and malformed input.

Without a native build there is nothing to compare, and the module says so as a skip; CI builds
the kernel and sets ``MJRULES_KERNEL=native``, under which a missing build is an error, not a skip.
"""

from __future__ import annotations

import importlib
import json
import os
import random
from pathlib import Path

import pytest

from mjrules.kernel import python as reference
from mjrules.notation.majiang import parse_majiang_input

if os.environ.get("MJRULES_KERNEL") == "native":
    native = importlib.import_module("mjrules.kernel._native")
else:
    native = pytest.importorskip("mjrules.kernel._native", reason="the native kernel is not built here")

DATA = Path(__file__).parent / "data" / "majiang-hule-public.jsonl"
FUNCTIONS = ("shanten", "standard_shanten", "is_winning", "winning_kinds", "improving_kinds")


def _counts(tiles) -> list[int]:
    counts = [0] * 34
    for t in tiles:
        counts[t.index] += 1
    return counts


def _conformance_parts() -> list[tuple[list[int], list[int]]]:
    """(concealed counts, meld counts) of each public hand: complete, before its win, and after
    each possible discard from the complete hand."""
    out = []
    with DATA.open(encoding="utf-8") as f:
        for line in f:
            hand, _ = parse_majiang_input(json.loads(line)["in"])
            melds = _counts(t for m in hand.melds for t in m.tiles)
            complete = _counts((*hand.concealed, hand.win_tile))
            out.append((complete, melds))
            out.append((_counts(hand.concealed), melds))
            for i in range(34):
                if complete[i]:
                    after = list(complete)
                    after[i] -= 1
                    out.append((after, melds))
    return out


def _random_parts(n: int, seed: int) -> list[tuple[list[int], list[int]]]:
    """Random concealed parts of 1–14 tiles (3k+1 or 3k+2) beside random melds' copies."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        melds = rng.randrange(5)
        size = 14 - 3 * melds - rng.randrange(2)
        if size <= 0:
            continue
        wall = rng.sample(range(136), size + 3 * melds)
        concealed, called = _counts_of(wall[:size]), _counts_of(wall[size:])
        out.append((concealed, called))
    return out


def _counts_of(ids: list[int]) -> list[int]:
    counts = [0] * 34
    for t in ids:
        counts[t >> 2] += 1
    return counts


def _edge_parts(n: int, seed: int) -> list[tuple[list[int], list[int]]]:
    """Few kinds, many copies: triplets, quads and near-complete shapes, 13 and 14 tiles."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        first = 9 * rng.randrange(4) if rng.random() < 0.5 else 0
        kinds = rng.sample(range(first, min(first + 9, 34)), rng.randrange(4, 8))
        pool = [i for i in kinds for _ in range(4)]
        out.append((_counts_of([4 * k for k in rng.sample(pool, rng.choice((13, 14)))]), [0] * 34))
    return out


CORPUS = _conformance_parts() + _random_parts(6_000, seed=28) + _edge_parts(4_000, seed=29)


def _caps(melds: list[int]) -> tuple[int, ...] | None:
    return tuple(4 - c for c in melds) if any(melds) else None


def _held(counts: list[int], melds: list[int]) -> tuple[int, ...]:
    return tuple(a + b for a, b in zip(counts, melds))


def test_the_corpus_is_what_it_says():
    assert len(CORPUS) > 50_000
    assert {sum(c) % 3 for c, _ in CORPUS} == {1, 2}
    assert any(any(m) for _, m in CORPUS)


def test_shanten_agrees_on_every_hand():
    diff = [c for c, _ in CORPUS if native.shanten(c) != reference.shanten(c)]
    assert diff == []


def test_standard_shanten_with_caps_agrees_on_every_hand():
    diff = [(c, m) for c, m in CORPUS
            if native.standard_shanten(c, _caps(m)) != reference.standard_shanten(c, _caps(m))]
    assert diff == []


def test_is_winning_agrees_on_every_hand():
    results = [(native.is_winning(c), reference.is_winning(c)) for c, _ in CORPUS if sum(c) % 3 == 2]
    assert all(a == b for a, b in results)
    assert 5_000 <= sum(a for a, _ in results) < len(results)  # both answers occur


def test_winning_kinds_agree_on_every_waiting_hand():
    waiting = [(c, m) for c, m in CORPUS if sum(c) % 3 == 1]
    pairs = [(native.winning_kinds(c, _held(c, m)), reference.winning_kinds(c, _held(c, m))) for c, m in waiting]
    assert all(a == b for a, b in pairs)
    assert sum(1 for a, _ in pairs if a) > 5_000  # tenpai hands are many among them
    sanma = 1 << 1 | 1 << 2 | 1 << 3 | 1 << 4 | 1 << 5 | 1 << 6 | 1 << 7  # 2m–8m
    assert all(native.winning_kinds(c, _held(c, m), sanma) == reference.winning_kinds(c, _held(c, m), sanma)
               for c, m in waiting[:3_000])


def test_improving_kinds_agree_on_every_waiting_hand():
    waiting = [(c, m) for c, m in CORPUS if sum(c) % 3 == 1][::5]
    for c, m in waiting:
        caps, held = _caps(m), _held(c, m)
        current = reference.standard_shanten(c, caps) if caps else reference.shanten(c)
        assert native.improving_kinds(c, caps, held, current) == reference.improving_kinds(c, caps, held, current), c


def test_discards_agree_on_every_hand_before_a_discard():
    hands = [(c, m) for c, m in CORPUS if sum(c) % 3 == 2][::10]
    for c, m in hands:
        caps, held = _caps(m), _held(c, m)
        assert native.discards(c, caps, held) == reference.discards(c, caps, held), c
    tenpai = sum(1 for c, m in hands if min(s for _, s, _ in native.discards(c, _caps(m), _held(c, m))) == 0)
    assert tenpai > 500  # every complete hand has a discard back to tenpai


def test_tuples_bytes_and_lists_are_the_same_counts():
    c = CORPUS[0][0]
    assert native.shanten(c) == native.shanten(tuple(c)) == native.shanten(bytes(c)) == reference.shanten(tuple(c))


BAD_INPUT = [
    [1] * 15 + [0] * 19,                 # 15 tiles
    [5] + [1] * 8 + [0] * 25,            # a fifth copy
    [1] * 12,                            # not 34 counts
    [1.0] * 13 + [0] * 21,               # not whole numbers
    [0] * 34,                            # no tile
    "1112345678999m",                    # text, not counts
    None,
    [-1] * 34,
]


@pytest.mark.parametrize("bad", BAD_INPUT, ids=range(len(BAD_INPUT)))
@pytest.mark.parametrize("name", ["shanten", "standard_shanten"])
def test_bad_input_gets_the_reference_error(name, bad):
    with pytest.raises(Exception) as theirs:
        getattr(reference, name)(bad)
    with pytest.raises(type(theirs.value)) as ours:
        getattr(native, name)(bad)
    assert str(ours.value) == str(theirs.value)


def test_the_dispatcher_loads_the_kernel_asked_for():
    import mjrules.kernel as kernel

    wanted = os.environ.get("MJRULES_KERNEL") or "native"
    assert kernel.KERNEL == wanted
    assert (kernel.shanten is native.shanten) == (wanted == "native")


def _texts(n: int, seed: int) -> list[str]:
    """Tile text, mostly well formed in one notation or the other, some of it broken."""
    rng = random.Random(seed)
    alphabet = "0123456789mpsz*x-=+, é"
    out = []
    with DATA.open(encoding="utf-8") as f:
        for line in f:
            shoupai = json.loads(line)["in"]["shoupai"]
            out.append(shoupai.split(",")[0])
    for _ in range(n):
        if rng.random() < 0.5:
            out.append("".join(rng.choice(alphabet) for _ in range(rng.randrange(20))))
        else:
            parts = [("".join(rng.choice("0123456789") for _ in range(rng.randrange(1, 5))), rng.choice("mpsz"))
                     for _ in range(rng.randrange(1, 5))]
            out.append("".join(d + s for d, s in parts) if rng.random() < 0.5 else "".join(s + d for d, s in parts))
    return out


def test_tile_readers_agree_on_every_text():
    from mjrules.kernel import TILE_TABLE

    texts = _texts(20_000, seed=30)
    majiang = [(native.read_majiang_tiles(TILE_TABLE, t), reference.read_majiang_tiles(t)) for t in texts]
    mpsz = [(native.read_mpsz_tiles(TILE_TABLE, t), reference.read_mpsz_tiles(t)) for t in texts]
    assert all(a == b for a, b in majiang + mpsz)
    # Both outcomes occur in each notation, and every red five is read.
    assert sum(a is None for a, _ in majiang) > 1_000 and sum(a is not None for a, _ in majiang) > 5_000
    assert sum(a is None for a, _ in mpsz) > 1_000 and sum(a is not None for a, _ in mpsz) > 3_000
    assert {t for a, _ in majiang + mpsz if a for t in a} == set(TILE_TABLE)


@pytest.mark.parametrize("text", ["\udcff", "123m\udcff", "m1\udc80", "1\ud800m", "\udfff"])
def test_text_that_is_not_utf8_is_no_tiles_to_either_kernel(text):
    # A byte that is not UTF-8 reaches Python as a lone surrogate (the command line, a file name, the
    # terminal; a JSON escape): the native readers had no UTF-8 for it and raised UnicodeEncodeError.
    from mjrules.kernel import TILE_TABLE

    assert native.read_mpsz_tiles(TILE_TABLE, text) is None and reference.read_mpsz_tiles(text) is None
    assert native.read_majiang_tiles(TILE_TABLE, text) is None and reference.read_majiang_tiles(text) is None


def test_placed_readings_agree_on_every_complete_hand():
    from mjrules.kernel import SHAPES, WAITS

    complete = [c for c, _ in CORPUS if sum(c) % 3 == 2]
    n = readings = 0
    for c in complete:
        for w in range(34):
            if c[w]:
                ours, theirs = native.placed(SHAPES, WAITS, c, w), reference.placed(c, w)
                assert ours == theirs, (c, w)
                # the same objects: the scorer compares waits by identity and looks sets up by value
                assert all(a[4][k] is b[4][k] for a, b in zip(ours, theirs) for k in range(len(a[4])))
                n += 1
                readings += len(ours)
    assert n > 50_000 and readings > 10_000
