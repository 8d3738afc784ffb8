"""Checking yaku speed hints against the checks themselves.

A yaku's hints (``forms``, ``honours``, ``when``, ``min_sequences``, ``min_triplets``, ``closed``,
``max_suits``, ``yaochu``, ``triplet_of``) let the scorer skip its check on readings where it
cannot fire. A hint that is too tight makes the yaku silently never fire there. So every check
is run with and without its hints on many readings: wherever it fires, its hints must let it
run. ``forms`` and ``when`` are preconditions the check may rely on (ippatsu's check need not
test riichi), so a reading outside them is not offered to the check at all.

The readings come from hands the caller gives (the conformance data in the test suite) and from
``random_wins``: random legal winning hands of every form, open and closed, with random
situations. ``mjrules plugins --check`` runs this for the plugins of a ruleset.
"""

from __future__ import annotations

import random
from typing import Iterable, Iterator

import attrs

from mjrules.errors import SituationError
from mjrules.model.hand import Hand
from mjrules.model.melds import Meld, MeldKind
from mjrules.model.tiles import YAOCHU, tile
from mjrules.model.win import SITUATION_BIT, Win
from mjrules.rules.yaku import Yaku
from mjrules.readings.reading import Reading, analyse
from mjrules.scoring.scorer import Scorer


@attrs.frozen
class HintViolation:
    """A yaku whose check fired on a reading its hints exclude."""

    yaku: str
    plugin: str
    reading: str
    features: tuple[object, ...]

    def __str__(self) -> str:
        return (f"yaku {self.yaku!r} of plugin {self.plugin!r} fires on {self.reading} "
                f"but its hints exclude the features {self.features}")


def _preconditions_hold(y: Yaku, r: Reading) -> bool:
    return r.form in y.forms and (y.when is None or bool(r.win.situation & SITUATION_BIT[y.when]))


def hint_violations(scorer: Scorer, wins: Iterable[tuple[Hand, Win]], limit: int = 20) -> list[HintViolation]:
    """The yaku of ``scorer`` whose hints exclude a reading of these hands where the check fires
    (at most ``limit``, one per yaku)."""
    owner = {y.id: plugin for plugin, y in scorer.yaku_owners}
    found: dict[str, HintViolation] = {}
    for hand, win in wins:
        for r in analyse(hand, win):
            for y in scorer.yaku:
                if y.id in found or not _preconditions_hold(y, r):
                    continue
                if y.check(r, scorer.flags) and not y.fits(r.features):
                    found[y.id] = HintViolation(yaku=y.id, plugin=owner[y.id], reading=r.describe(),
                                                features=tuple(r.features))
                    if len(found) >= limit:
                        return list(found.values())
    return list(found.values())


def random_wins(count: int, seed: int = 0, extras: Iterable[str] = ()) -> Iterator[tuple[Hand, Win]]:
    """``count`` random legal winning hands with situations that fit them; ``extras`` are
    situation tags to set now and then (those some enabled yaku reads)."""
    rng = random.Random(seed)
    tags = sorted(extras)
    made = 0
    while made < count:
        hand = _random_hand(rng)
        if hand is None:
            continue
        win = _random_win(rng, hand, tags)
        if win is None:
            continue
        made += 1
        yield hand, win


_SET_STARTS = [i for i in range(27) if i % 9 <= 6]


def _random_hand(rng: random.Random) -> Hand | None:
    """A winning hand: mostly four sets and a pair (some of them called), sometimes seven pairs
    or thirteen orphans; None when the draw used a fifth copy of a tile."""
    form = rng.random()
    # Hands rich in honours and terminals reach the hinted yaku (yakuhai, chanta, honroutou, …).
    kinds = list(range(34)) if rng.random() < 0.5 else sorted({*YAOCHU, *rng.sample(range(34), 6)})
    if form < 0.05:
        counts = [0] * 34
        for i in YAOCHU:
            counts[i] = 1
        counts[rng.choice(YAOCHU)] += 1
        return _closed(rng, counts)
    if form < 0.15:
        pairs = rng.sample(kinds, 7)
        counts = [0] * 34
        for i in pairs:
            counts[i] = 2
        return _closed(rng, counts)
    counts = [0] * 34
    melds: list[Meld] = []
    counts[rng.choice(kinds)] += 2
    for _ in range(4):
        if rng.random() < 0.5:
            first = rng.choice([k for k in kinds if k in _SET_STARTS] or _SET_STARTS)
            group = (first, first + 1, first + 2)
        else:
            group = (rng.choice(kinds),) * 3
        called = rng.random() < 0.3
        for i in group:
            counts[i] += 1
        if called:
            melds.append(_meld(rng, group))
    if max(counts) > 4:
        return None
    concealed = counts[:]
    for m in melds:
        for t in m.tiles[:3]:
            concealed[t.index] -= 1
    for m in melds:
        if m.is_kan and counts[m.tiles[0].index] + 1 > 4:
            return None
    tiles = [tile(i) for i, n in enumerate(concealed) for _ in range(n)]
    rng.shuffle(tiles)
    win_tile = tiles.pop()
    return Hand(concealed=tiles, win_tile=win_tile, melds=melds)


def _meld(rng: random.Random, group: tuple[int, int, int]) -> Meld:
    tiles = [tile(i) for i in group]
    if group[0] != group[1]:
        return Meld(MeldKind.CHI, tiles, rng.randrange(3), 3)
    roll = rng.random()
    if roll < 0.15:
        return Meld(MeldKind.ANKAN, tiles + [tiles[0]])
    if roll < 0.3:
        return Meld(MeldKind.DAIMINKAN, tiles + [tiles[0]], rng.randrange(4), rng.choice((1, 2, 3)))
    return Meld(MeldKind.PON, tiles, rng.randrange(3), rng.choice((1, 2, 3)))


def _closed(rng: random.Random, counts: list[int]) -> Hand:
    tiles = [tile(i) for i, n in enumerate(counts) for _ in range(n)]
    rng.shuffle(tiles)
    win_tile = tiles.pop()
    return Hand(concealed=tiles, win_tile=win_tile)


def _random_win(rng: random.Random, hand: Hand, tags: list[str]) -> Win | None:
    tsumo = rng.random() < 0.5
    closed = hand.is_closed
    riichi = rng.choice((0, 0, 1, 2)) if closed else 0
    seat = rng.randrange(4)
    first_draw = closed and not hand.melds and rng.random() < 0.05
    chosen = frozenset(t for t in tags if rng.random() < 0.2)
    try:
        return Win(
            tsumo=tsumo, discarder=None if tsumo else rng.choice((1, 2, 3)), round_wind=rng.randrange(4),
            seat_wind=seat, riichi=riichi, ippatsu=(ippatsu := bool(riichi) and rng.random() < 0.3),
            haitei=tsumo and rng.random() < 0.1, houtei=not tsumo and rng.random() < 0.1,
            # never with ippatsu: the kan was a call after riichi (the draws stay those of the seed)
            rinshan=tsumo and hand.kan_count > 0 and rng.random() < 0.3 and not ippatsu,
            tenhou=first_draw and tsumo and seat == 0 and not riichi,
            chiihou=first_draw and tsumo and seat != 0 and not riichi,
            dora=(tile(rng.randrange(34)),), ura=(tile(rng.randrange(34)),) if riichi else (), extras=chosen,
        )
    except SituationError:  # a random combination the Win refuses (haitei with rinshan, …): draw again
        return None
