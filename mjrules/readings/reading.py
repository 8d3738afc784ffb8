"""Readings: one way a winning hand is arranged, with the winning tile placed in one of its sets.

A Reading is what every yaku check and the fu count look at. They are computed once per hand
and win (``analyse``), independent of the ruleset, so one hand is scored under many rulesets
without parsing or decomposing it again.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

import attrs

from mjrules.kernel import placed
from mjrules.model.hand import Hand
from mjrules.model.melds import SEQ, TRIPLET, SetShape
from mjrules.model.names import TextEnum
from mjrules.model.tiles import tile
from mjrules.model.win import Win

# The waits are defined with the tables that find them, and offered here with the readings.
from mjrules.kernel.shapes import (  # noqa: F401
    KANCHAN,
    PENCHAN,
    RYANMEN,
    SHANPON,
    TANKI,
    Wait,
    is_chiitoitsu,
    is_kokushi,
)


class Form(TextEnum):
    """``Reading.form``: a ``str``, so ``reading.form == "standard"`` holds as before."""

    STANDARD = "standard"
    CHIITOITSU = "chiitoitsu"
    KOKUSHI = "kokushi"


STANDARD = Form.STANDARD
CHIITOITSU = Form.CHIITOITSU
KOKUSHI = Form.KOKUSHI

TERMINALS_NONE, TERMINALS_SOME, TERMINALS_OUTSIDE, TERMINALS_ALL = range(4)
"""``Features.terminal_level`` levels: no terminal or honour, one to five, six or more (as a hand
with one in every set and two in the pair has), every tile."""




class _FeatureFields(NamedTuple):
    """The fields of ``Features`` (mypy allows no properties in a named tuple's own class)."""

    form: Form
    sequences: int
    """Number of sequences, chi included."""
    situation: int
    """``Win.situation``: bit mask of the ``SITUATIONS`` that hold."""
    closed: bool
    suit_count: int
    """How many of the suits m, p, s the hand uses (0–3)."""
    terminal_level: int
    """Terminals and honours: one of the ``TERMINALS_*`` levels."""
    honours: bool
    """The hand holds an honour tile."""
    honour_triplets: int
    """Bit mask of the honour kinds held three or four times (bit 0 East … bit 6 Red)."""


class Features(_FeatureFields):
    """What the yaku hints are matched against (``Yaku.fits``): readings with equal features run
    the same yaku checks, so the scorer groups them by this key. A named tuple: it is hashed as a
    dictionary key for every reading."""

    __slots__ = ()


class _ReadingFields(NamedTuple):
    """The fields of ``Reading`` (mypy allows no properties in a named tuple's own class)."""

    hand: Hand
    win: Win
    form: Form
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
    wait: Wait
    """``RYANMEN``, ``KANCHAN``, ``PENCHAN``, ``SHANPON`` or ``TANKI``; ``Wait.KOKUSHI`` for thirteen orphans."""
    win_tile: int
    """Tile kind of the winning tile."""
    seat_wind_kind: int
    """Tile kind of the winner's seat wind (``EAST`` … ``NORTH``); ``Win.seat_wind`` is its number 0–3."""
    round_wind_kind: int
    """Tile kind of the round wind (``EAST`` … ``NORTH``)."""
    red_fives: int
    size: int
    """Number of tiles: 14 plus one per kan."""
    yaochu_count: int
    """How many tiles are terminals or honours."""
    honours: int
    """How many tiles are honours."""
    suit_mask: int
    """Bit mask of the suits used: 1 m, 2 p, 4 s."""
    pinfu_shape: bool
    """Four sequences, a two-sided wait, and a pair that earns no fu."""
    features: Features


class Reading(_ReadingFields):
    """One arrangement of a winning hand, read-only, built by keyword (``analyse``). A named tuple
    rather than a frozen attrs class: built for every reading of every hand, and a frozen class's
    construction sets each of its 23 fields through ``object.__setattr__`` (measured in
    ``bench/README.md``)."""

    __slots__ = ()

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


def analyse(hand: Hand, win: Win) -> list[Reading]:
    """Every reading of a winning hand; empty when the tiles form no winning shape."""
    counts = hand.counts
    w = hand.win_tile.index
    h, m, p, s = counts[27:34], counts[0:9], counts[9:18], counts[18:27]
    honours, honour_triplets = _honour_info(h)
    yaochu = counts[0] + counts[8] + counts[9] + counts[17] + counts[18] + counts[26] + honours
    tsumo = win.tsumo
    seat = 27 + win.seat_wind
    rnd = 27 + win.round_wind
    melds = _MeldParts.of(hand) if hand.melds else _NO_MELDS
    conc = melds.concealed or counts
    suit_mask = (1 if any(m) else 0) | (2 if any(p) else 0) | (4 if any(s) else 0)
    size = 14 + melds.kans
    level = (TERMINALS_NONE if yaochu == 0 else TERMINALS_ALL if yaochu == size
             else TERMINALS_OUTSIDE if yaochu >= 6 else TERMINALS_SOME)

    def reading(form: Form, pair: int, sets: tuple[SetShape, ...], sequences: tuple[int, ...],
                triplets: tuple[int, ...], concealed_triplets: int, wait: Wait, pinfu_shape: bool) -> Reading:
        return Reading(
            hand=hand, win=win, form=form, counts=counts, closed=melds.closed, tsumo=tsumo, pair=pair, sets=sets,
            sequences=sequences, triplets=triplets, concealed_triplets=concealed_triplets, kans=melds.kans,
            wait=wait, win_tile=w, seat_wind_kind=seat, round_wind_kind=rnd, red_fives=hand.red_fives, size=size,
            yaochu_count=yaochu, honours=honours, suit_mask=suit_mask, pinfu_shape=pinfu_shape,
            features=_features(form, len(sequences), win.situation, melds.closed, _SUIT_COUNT[suit_mask], level,
                               honours > 0, honour_triplets),
        )

    readings: list[Reading] = []
    if not melds.sets:
        if yaochu == 14 and is_kokushi(conc):
            return [reading(KOKUSHI, -1, (), (), (), 0, Wait.KOKUSHI, False)]
        if is_chiitoitsu(conc):
            readings.append(reading(CHIITOITSU, -1, (), (), (), 0, TANKI, False))
    groups = placed(conc, w)
    for pair, sets, seqs, trips, waits in groups:
        seqs += melds.sequences
        trips += melds.triplets
        sets += melds.sets
        concealed = len(trips) - len(melds.triplets) + melds.closed_kans
        plain_pair = pair < 31 and pair != seat and pair != rnd
        for wait in waits:
            all_sets, n = sets, concealed
            if wait is SHANPON and not tsumo:  # a triplet completed by a ron counts as open
                k = sets.index(SetShape(TRIPLET, w, True, False))
                all_sets = sets[:k] + (SetShape(TRIPLET, w, False, False),) + sets[k + 1:]
                n -= 1
            readings.append(reading(STANDARD, pair, all_sets, seqs, trips, n, wait,
                                    wait is RYANMEN and plain_pair and not trips))
    return readings


@functools.lru_cache(maxsize=100_000)
def _features(form: Form, sequences: int, situation: int, closed: bool, suit_count: int, terminal_level: int,
              honours: bool, honour_triplets: int) -> Features:
    """The Features of these values, one object per distinct value: readings share them."""
    return Features(form=form, sequences=sequences, situation=situation, closed=closed, suit_count=suit_count,
                    terminal_level=terminal_level, honours=honours, honour_triplets=honour_triplets)


@functools.lru_cache(maxsize=4096)
def _honour_info(h: tuple[int, ...]) -> tuple[int, int]:
    """Honour counts → (honour tiles, bit mask of the kinds held three or four times)."""
    return sum(h), sum(1 << i for i, n in enumerate(h) if n >= 3)


_SUIT_COUNT = (0, 1, 1, 2, 1, 2, 2, 3)
"""Bit mask of suits used → how many."""


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
            kind, first, concealed, kan = shape  # a SetShape is a named tuple
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
        return cls(concealed=tuple(conc), sets=tuple(sets), sequences=tuple(seqs), triplets=tuple(trips),
                   kans=kans, closed=closed, closed_kans=closed_kans)


_NO_MELDS = _MeldParts(concealed=(), sets=(), sequences=(), triplets=(), kans=0, closed=True, closed_kans=0)
