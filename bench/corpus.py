"""The distinct-hand corpus of the batch benchmark: the public hands of tests/data plus winning
hands generated from a seed, as majiang ``in`` JSON lines, no line twice.

    python bench/corpus.py OUT.jsonl [--generated 45000] [--seed 1]

Generated hands are made the way the property tests' strategies (tests/strategies.py) make them:
four sets (each a sequence or triplet, concealed or called as chi, pon, open kan, added kan or
closed kan) and a pair from a palette of tile kinds, sometimes seven pairs or kokushi, at most
one red five per suit, the winning tile one of the concealed tiles; then a situation that agrees
with the hand (riichi only when closed, ura only with riichi, rinshan only with a kan …). The
same seed gives the same file.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

from mjrules import Hand, Meld, MeldKind, Tile, Win, tile
from mjrules.model.tiles import FIVES, YAOCHU, dora_of
from mjrules.notation.majiang import majiang_input

PUBLIC = Path(__file__).resolve().parent.parent / "tests" / "data" / "majiang-hule-public.jsonl"

SEQUENCE_STARTS = tuple(i for i in range(27) if i % 9 <= 6)
HONOURS = tuple(range(27, 34))
TERMINALS_AND_HONOURS = tuple(sorted(YAOCHU))
PALETTES = (
    tuple(range(34)), tuple(range(34)), tuple(range(34)),  # mostly any tile
    tuple(range(9)) + HONOURS, tuple(range(9, 18)), tuple(range(18, 27)) + HONOURS, HONOURS,
    TERMINALS_AND_HONOURS, tuple(i for i in range(27) if i % 9 not in (0, 8)),
)


def _meld(rng: random.Random, how: str, first: int) -> Meld:
    if how == "chi":
        return Meld(MeldKind.CHI, [tile(first + k) for k in range(3)], rng.randrange(3), 3)
    # majiang-core reads a pon or added kan only with the mark after the third tile (p111-, p111-1)
    t = tile(first)
    source = rng.randint(1, 3)
    if how == "pon":
        return Meld(MeldKind.PON, [t] * 3, 2, source)
    if how == "daiminkan":
        return Meld(MeldKind.DAIMINKAN, [t] * 4, 3, source)
    if how == "kakan":
        return Meld(MeldKind.KAKAN, [t] * 4, 2, source)
    return Meld(MeldKind.ANKAN, [t] * 4)


def _standard(rng: random.Random, melds: bool) -> tuple[list[Tile], list[Meld]]:
    palette = rng.choice(PALETTES)
    counts = [0] * 34
    concealed: list[Tile] = []
    called: list[Meld] = []
    for _ in range(4):
        seqs = [i for i in SEQUENCE_STARTS if all(i + k in palette and counts[i + k] < 4 for k in range(3))]
        trips = [i for i in palette if counts[i] <= 1] or [i for i in range(34) if counts[i] <= 1]
        if seqs and rng.random() < 0.6:
            first = rng.choice(seqs)
            how = "chi" if melds and rng.random() < 0.25 else "concealed"
            for k in range(3):
                counts[first + k] += 1
            if how == "concealed":
                concealed += [tile(first + k) for k in range(3)]
            else:
                called.append(_meld(rng, how, first))
        else:
            first = rng.choice(trips)
            how = "concealed"
            if melds and rng.random() < 0.35:
                how = rng.choice(("pon", "pon", "daiminkan", "kakan", "ankan") if counts[first] == 0 else ("pon",))
            if how == "concealed":
                counts[first] += 3
                concealed += [tile(first)] * 3
            else:
                m = _meld(rng, how, first)
                counts[first] += len(m.tiles)
                called.append(m)
    pairs = [i for i in palette if counts[i] <= 2] or [i for i in range(34) if counts[i] <= 2]
    concealed += [tile(rng.choice(pairs))] * 2
    return concealed, called


def _red(rng: random.Random, concealed: list[Tile], called: list[Meld]) -> tuple[list[Tile], list[Meld]]:
    for five in FIVES:
        spots = [("c", i, 0) for i, t in enumerate(concealed) if t.index == five]
        spots += [("m", i, j) for i, m in enumerate(called) for j, t in enumerate(m.tiles) if t.index == five]
        if not spots or rng.random() < 0.5:
            continue
        where, i, j = rng.choice(spots)
        if where == "c":
            concealed[i] = tile(five, red=True)
        else:
            m = called[i]
            tiles = list(m.tiles)
            tiles[j] = tile(five, red=True)
            called[i] = Meld(m.kind, tiles, m.called, m.source)
    return concealed, called


def hand(rng: random.Random) -> Hand:
    """A winning hand."""
    form = rng.random()
    if form < 0.06:
        kinds = rng.sample(range(34), 7)
        concealed, called = [tile(k) for k in kinds for _ in range(2)], []
    elif form < 0.065:
        concealed = [tile(k) for k in TERMINALS_AND_HONOURS] + [tile(rng.choice(TERMINALS_AND_HONOURS))]
        called = []
    else:
        concealed, called = _standard(rng, melds=rng.random() < 0.5)
    concealed, called = _red(rng, concealed, called)
    w = rng.randrange(len(concealed))
    return Hand(concealed[:w] + concealed[w + 1:], concealed[w], called)


def _indicators(rng: random.Random, counts: list[int], n: int) -> tuple[Tile, ...]:
    out = []
    for _ in range(n):
        k = rng.choice([i for i in range(34) if counts[i] < 4])
        counts[k] += 1
        out.append(tile(k))
    return tuple(out)


def win(rng: random.Random, h: Hand) -> Win:
    """A situation that agrees with the hand."""
    tsumo = rng.random() < 0.45
    seat = rng.randrange(4)
    riichi = rng.choice((0, 1, 1, 2)) if h.is_closed and rng.random() < 0.6 else 0
    rinshan = tsumo and h.kan_count > 0 and rng.random() < 0.2
    haitei = tsumo and not rinshan and rng.random() < 0.05
    houtei = not tsumo and rng.random() < 0.05
    counts = list(h.counts)
    n_dora = rng.randint(1, 1 + h.kan_count)
    dora: tuple[Tile, ...] = ()
    if rng.random() < 0.3:  # an indicator of a tile the hand holds, for more dora and limit hands
        pointing = [i for i in range(34) if counts[i] < 4 and h.counts[dora_of(tile(i))]]
        if pointing:
            k = rng.choice(pointing)
            counts[k] += 1
            dora = (tile(k),)
    dora += _indicators(rng, counts, n_dora - len(dora))
    ura = _indicators(rng, counts, n_dora) if riichi else ()
    return Win(tsumo=tsumo, discarder=None if tsumo else rng.randint(1, 3), round_wind=rng.randrange(2),
               seat_wind=seat, riichi=riichi, ippatsu=bool(riichi) and rng.random() < 0.15, haitei=haitei,
               houtei=houtei, rinshan=rinshan, dora=dora, ura=ura, honba=rng.choice((0, 0, 0, 1, 2, 3)),
               riichi_sticks=rng.choice((0, 0, 0, 1, 2)))


def lines(generated: int, seed: int) -> list[str]:
    """The public hands' ``in`` objects, then ``generated`` more distinct winning hands."""
    out: list[str] = []
    seen: set[str] = set()
    for text in PUBLIC.read_text(encoding="utf-8").splitlines():
        line = json.dumps(json.loads(text)["in"], ensure_ascii=False, separators=(",", ":"))
        if line not in seen:
            seen.add(line)
            out.append(line)
    rng = random.Random(seed)
    target = len(out) + generated
    while len(out) < target:
        h = hand(rng)
        line = json.dumps(majiang_input(h, win(rng, h)), ensure_ascii=False, separators=(",", ":"))
        if line not in seen:
            seen.add(line)
            out.append(line)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out")
    ap.add_argument("--generated", type=int, default=45_000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    Path(args.out).write_text("\n".join(lines(args.generated, args.seed)) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
