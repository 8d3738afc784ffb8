"""Readings: one way a winning hand is arranged, with the winning tile placed in one of its sets.

A Reading is what every yaku check and the fu count look at. They are computed once per hand
and win (``analyse``), independent of the ruleset, so one hand is scored under many rulesets
without parsing or decomposing it again.
"""

from __future__ import annotations

from typing import NamedTuple

import attrs

from mjrules.model.hand import Hand
from mjrules.model.melds import SEQ, TRIPLET, SetShape
from mjrules.model.tiles import tile
from mjrules.model.win import Win

# The wait names are defined with the tables that find them, and offered here with the readings.
from mjrules.scoring.shapes import (  # noqa: F401
    KANCHAN,
    PENCHAN,
    RYANMEN,
    SHANPON,
    TANKI,
    is_chiitoitsu,
    is_kokushi,
    placed,
)

STANDARD = "standard"
CHIITOITSU = "chiitoitsu"
KOKUSHI = "kokushi"

TERMINALS_NONE, TERMINALS_SOME, TERMINALS_OUTSIDE, TERMINALS_ALL = range(4)
"""``Features.yaochu`` levels: no terminal or honour, one to five, six or more (as a hand with one
in every set and two in the pair has), every tile."""


class Features(NamedTuple):
    """What the yaku hints are matched against (``Yaku.fits``): readings with equal features run
    the same yaku checks, so the scorer groups them by this key."""

    form: str
    """``standard``, ``chiitoitsu`` or ``kokushi``."""
    sequences: int
    """Number of sequences, chi included."""
    situation: int
    """``Win.situation``: bit mask of the ``SITUATIONS`` that hold."""
    closed: bool
    suits: int
    """How many of the suits m, p, s the hand uses."""
    yaochu: int
    """Terminals and honours: one of the ``TERMINALS_*`` levels."""
    honours: bool
    """The hand holds an honour tile."""
    honour_triplets: int
    """Bit mask of the honour kinds held three or four times (bit 0 East … bit 6 Red)."""


class Reading(NamedTuple):
    """One arrangement of a winning hand, read-only. Built by ``analyse``."""

    hand: Hand
    win: Win
    form: str
    """``standard``, ``chiitoitsu`` or ``kokushi``."""
    counts: tuple[int, ...]
    """34 tile counts of the whole hand (melds included, a kan counts 4)."""
    closed: bool
    """No called meld (closed kans keep a hand closed)."""
    tsumo: bool
    pair: int
    """Tile kind of the pair; -1 when the form has none."""
    sets: tuple[SetShape, ...]
    """The four sets of a standard reading, () otherwise."""
    sequences: tuple[int, ...]
    """First tile kinds of all sequences."""
    triplets: tuple[int, ...]
    """Tile kinds of all triplets and kans."""
    concealed_triplets: int
    """Concealed triplets and closed kans (a triplet completed by a ron is not concealed)."""
    kans: int
    wait: str
    """``ryanmen``, ``kanchan``, ``penchan``, ``shanpon``, ``tanki``, or the form's name."""
    win_tile: int
    """Tile kind of the winning tile."""
    seat_wind: int
    """Tile kind of the winner's seat wind (``EAST`` … ``NORTH``)."""
    round_wind: int
    """Tile kind of the round wind."""
    red_fives: int
    size: int
    """Number of tiles: 14 plus one per kan."""
    yaochu: int
    """How many tiles are terminals or honours."""
    honours: int
    """How many tiles are honours."""
    suits: int
    """Bit mask of the suits used: 1 m, 2 p, 4 s."""
    pinfu_shape: bool
    """Four sequences, a two-sided wait, and a pair that earns no fu."""
    features: Features

    def describe(self) -> str:
        """Short text of the arrangement, e.g. ``123m 456p 777z(open) 11z pair, kanchan wait on 5m``."""
        if self.form == KOKUSHI:
            return "thirteen orphans"
        if self.form == CHIITOITSU:
            return "seven pairs: " + " ".join([_TWO_TILES[i] for i, c in enumerate(self.counts) if c])
        # Each part's text is looked up: a reading is described once per result rendered.
        parts = [_SET_TEXT[s] for s in self.sets]
        parts.append(_PAIR_TEXT[self.pair] + " pair")
        return " ".join(parts) + _WAIT_TEXT[self.wait][self.win_tile]


def _set_text(shape: SetShape) -> str:
    t = tile(shape.first)
    if shape.kind == SEQ:
        text = f"{t.number}{t.number + 1}{t.number + 2}{t.suit}"
    else:
        text = str(t.number) * (4 if shape.kan else 3) + t.suit
    return text if shape.concealed else text + "(open)"


_PAIR_TEXT = tuple(f"{tile(i).number}{tile(i).number}{tile(i).suit}" for i in range(34))
_TWO_TILES = tuple(f"{tile(i)}{tile(i)}" for i in range(34))
_SET_TEXT = {shape: _set_text(shape) for shape in (
    *(SetShape(SEQ, i, concealed, False) for i in range(27) if i % 9 <= 6 for concealed in (False, True)),
    *(SetShape(TRIPLET, i, concealed, kan) for i in range(34) for concealed in (False, True) for kan in (False, True)),
)}
_WAIT_TEXT = {wait: tuple(f", {wait} wait on {tile(i)}" for i in range(34))
              for wait in (RYANMEN, KANCHAN, PENCHAN, SHANPON, TANKI)}


_EMPTY_SUIT = (0,) * 9


def analyse(hand: Hand, win: Win) -> list[Reading]:
    """Every reading of a winning hand; empty when the tiles form no winning shape."""
    c = counts = hand.counts
    w = hand.win_tile.index
    h, m, p, s = c[27:34], c[0:9], c[9:18], c[18:27]
    honours, honour_triplets = _HONOURS.get(h) or _honour_info(h)
    yaochu = c[0] + c[8] + c[9] + c[17] + c[18] + c[26] + honours
    tsumo = win.tsumo
    seat = 27 + win.seat_wind
    rnd = 27 + win.round_wind
    melds = _MeldParts.of(hand) if hand.melds else _NO_MELDS
    conc = melds.concealed or counts
    suits = (1 if m != _EMPTY_SUIT else 0) | (2 if p != _EMPTY_SUIT else 0) | (4 if s != _EMPTY_SUIT else 0)
    size = 14 + melds.kans
    level = (TERMINALS_NONE if yaochu == 0 else TERMINALS_ALL if yaochu == size
             else TERMINALS_OUTSIDE if yaochu >= 6 else TERMINALS_SOME)

    closed, kans, red_fives = melds.closed, melds.kans, hand.red_fives
    situation, suit_count, has_honours = win.situation, _SUIT_COUNT[suits], honours > 0
    readings: list[Reading] = []
    if not melds.sets:
        if yaochu == 14 and is_kokushi(conc):
            features = _features(KOKUSHI, 0, situation, closed, suit_count, level, has_honours, honour_triplets)
            return [Reading(hand, win, KOKUSHI, counts, closed, tsumo, -1, (), (), (), 0, kans, KOKUSHI, w, seat, rnd,
                            red_fives, size, yaochu, honours, suits, False, features)]
        if is_chiitoitsu(conc):
            features = _features(CHIITOITSU, 0, situation, closed, suit_count, level, has_honours, honour_triplets)
            readings.append(Reading(hand, win, CHIITOITSU, counts, closed, tsumo, -1, (), (), (), 0, kans, TANKI, w,
                                    seat, rnd, red_fives, size, yaochu, honours, suits, False, features))
    groups = placed(h, m, p, s, w) if conc is counts else placed(conc[27:34], conc[0:9], conc[9:18], conc[18:27], w)
    for pair, sets, seqs, trips, waits in groups:
        seqs += melds.sequences
        trips += melds.triplets
        sets += melds.sets
        concealed = len(trips) - len(melds.triplets) + melds.closed_kans
        plain_pair = pair < 31 and pair != seat and pair != rnd
        features = _features(STANDARD, len(seqs), situation, closed, suit_count, level, has_honours,
                             honour_triplets)
        for wait in waits:
            all_sets, n = sets, concealed
            if wait is SHANPON and not tsumo:  # a triplet completed by a ron counts as open
                k = sets.index(SetShape(TRIPLET, w, True, False))
                all_sets = sets[:k] + (SetShape(TRIPLET, w, False, False),) + sets[k + 1:]
                n -= 1
            readings.append(Reading(hand, win, STANDARD, counts, closed, tsumo, pair, all_sets, seqs, trips, n, kans,
                                    wait, w, seat, rnd, red_fives, size, yaochu, honours, suits,
                                    wait is RYANMEN and plain_pair and not trips, features))
    return readings


_FEATURES: dict[tuple[str, int, int, bool, int, int, bool, int], Features] = {}
"""Every Features seen, by its values: they take few values, so readings share them (one object
fewer per reading for the garbage collector, and no named-tuple construction)."""


def _features(form: str, sequences: int, situation: int, closed: bool, suits: int, yaochu: int, honours: bool,
              honour_triplets: int) -> Features:
    key = (form, sequences, situation, closed, suits, yaochu, honours, honour_triplets)
    hit = _FEATURES.get(key)
    if hit is None:
        if len(_FEATURES) >= 100_000:  # bounded, as the yaku index's pools are
            _FEATURES.clear()
        hit = _FEATURES[key] = Features(*key)
    return hit


_HONOURS: dict[tuple[int, ...], tuple[int, int]] = {}
"""Honour counts → (honour tiles, bit mask of kinds held three or four times), filled as seen."""
_SUIT_COUNT = (0, 1, 1, 2, 1, 2, 2, 3)
"""Bit mask of suits used → how many."""


def _honour_info(h: tuple[int, ...]) -> tuple[int, int]:
    info = _HONOURS[h] = (sum(h), sum(1 << i for i, n in enumerate(h) if n >= 3))
    return info


@attrs.define(frozen=False)  # built per hand with melds: attrs' plain __init__
class _MeldParts:
    """What a hand's melds contribute to its readings."""

    concealed: tuple[int, ...]
    """Counts of the concealed tiles (winning tile included); () for a hand without melds."""
    sets: tuple[SetShape, ...]
    sequences: tuple[int, ...]
    triplets: tuple[int, ...]
    kans: int
    closed: bool
    closed_kans: int

    @classmethod
    def of(cls, hand: Hand) -> _MeldParts:
        conc = list(hand.counts)
        sets: list[SetShape] = []
        seqs: list[int] = []
        trips: list[int] = []
        kans = closed_kans = 0
        closed = True
        for meld in hand.melds:
            shape = meld.shape
            sets.append(shape)
            kind, first, concealed, kan = shape
            if kind == SEQ:
                conc[first] -= 1
                conc[first + 1] -= 1
                conc[first + 2] -= 1
                seqs.append(first)
                closed = False
            else:
                conc[first] -= 4 if kan else 3
                trips.append(first)
                kans += kan
                if concealed:
                    closed_kans += 1
                else:
                    closed = False
        return cls(tuple(conc), tuple(sets), tuple(seqs), tuple(trips), kans, closed,
                   closed_kans)


_NO_MELDS = _MeldParts((), (), (), (), 0, True, 0)
