"""Readings: one way a winning hand is arranged, with the winning tile placed in one of its sets.

A Reading is what every yaku check and the fu count look at. They are computed once per hand
and win (``analyse``), independent of the ruleset, so one hand is scored under many rulesets
without parsing or decomposing it again.
"""

from __future__ import annotations

from mjrules.model.hand import Hand
from mjrules.model.win import Win

# The wait names are defined with the tables that find them, and offered here with the readings.
from mjrules.scoring.shapes import (  # noqa: F401
    KANCHAN,
    PENCHAN,
    RYANMEN,
    SEQ,
    SHANPON,
    TANKI,
    TRIPLET,
    is_chiitoitsu,
    is_kokushi,
    placed,
)

STANDARD = "standard"
CHIITOITSU = "chiitoitsu"
KOKUSHI = "kokushi"


class Reading:
    """One arrangement of a hand. Read-only by convention; built by ``analyse``, which fills its
    slots in declaration order (``_reading``): instances stay small and their reads fast.

    Attributes a yaku check can use:

    - ``hand``, ``win``: the Hand and Win being scored.
    - ``form``: ``"standard"``, ``"chiitoitsu"`` or ``"kokushi"``.
    - ``counts``: 34 tile counts of the whole hand (melds included, a kan counts 4).
    - ``closed``: no called meld. ``tsumo``: won by self-draw.
    - ``pair``: tile index of the pair, -1 when the form has none.
    - ``sets``: tuple of ``(kind, first, concealed, kan)`` for the four sets; kind is
      ``SEQ`` or ``TRIPLET``; ``concealed`` is False for called melds and for a triplet
      completed by a ron.
    - ``sequences``: first tiles of all sequences; ``triplets``: kinds of all triplets and kans.
    - ``concealed_triplets``: count of concealed triplets and closed kans; ``kans``: number of kans.
    - ``wait``: ``ryanmen``, ``kanchan``, ``penchan``, ``shanpon``, ``tanki``, or the form's name.
    - ``win_tile``: index of the winning tile; ``seat_wind``/``round_wind``: their tile indices.
    - ``red_fives``: number of red fives in the hand.
    - ``size``: number of tiles (14 plus one per kan); ``yaochu``: how many are terminals or
      honours; ``honours``: how many are honours; ``suits``: bit mask of the suits used (1 m, 2 p, 4 s).
    - ``pinfu_shape``: four sequences, two-sided wait, a pair that earns no fu.
    - ``features``: what the yaku hints are matched against (``Yaku.fits``): (form, number
      of sequences, ``Win.situation``, closed, number of suits used, terminals and honours
      (0 none, 1 one to five, 2 six or more, as a hand with one in every set and two in
      the pair has, 3 all), honours present, bit mask of honour kinds held as a triplet or kan
      (bit 0 East … bit 6 Red)). Readings with equal features run the same yaku checks.
    """

    __slots__ = ("hand", "win", "form", "counts", "closed", "tsumo", "pair", "sets", "sequences", "triplets",
                 "concealed_triplets", "kans", "wait", "win_tile", "seat_wind", "round_wind", "red_fives", "size",
                 "yaochu", "honours", "suits", "pinfu_shape", "features")

    def describe(self) -> str:
        """Short text of the arrangement, e.g. ``123m 456p 777z(open) 11z pair, kanchan wait on 5m``."""
        from mjrules.model.tiles import tile

        if self.form == KOKUSHI:
            return "thirteen orphans"
        if self.form == CHIITOITSU:
            return "seven pairs: " + " ".join(f"{tile(i)}{tile(i)}" for i, c in enumerate(self.counts) if c)
        parts = []
        for kind, first, concealed, kan in self.sets:
            t = tile(first)
            if kind == SEQ:
                s = "".join(str(t.number + k) for k in range(3)) + t.suit
            else:
                s = str(t.number) * (4 if kan else 3) + t.suit
            parts.append(s if concealed else s + "(open)")
        parts.append(f"{tile(self.pair).number}{tile(self.pair).number}{tile(self.pair).suit} pair")
        return " ".join(parts) + f", {self.wait} wait on {tile(self.win_tile)}"


def _reading(hand, win, counts, closed, tsumo, kans, win_tile, seat_wind, round_wind, red_fives, size, yaochu,
             honours, suits, form, pair, sets, sequences, triplets, concealed_triplets, wait, pinfu_shape,
             features) -> Reading:
    # Explicit arguments and no class call: the cheapest way in Python 3.11 to fill 23 slots.
    r = _new(Reading)
    r.hand = hand
    r.win = win
    r.form = form
    r.counts = counts
    r.closed = closed
    r.tsumo = tsumo
    r.pair = pair
    r.sets = sets
    r.sequences = sequences
    r.triplets = triplets
    r.concealed_triplets = concealed_triplets
    r.kans = kans
    r.wait = wait
    r.win_tile = win_tile
    r.seat_wind = seat_wind
    r.round_wind = round_wind
    r.red_fives = red_fives
    r.size = size
    r.yaochu = yaochu
    r.honours = honours
    r.suits = suits
    r.pinfu_shape = pinfu_shape
    r.features = features
    return r


_new = object.__new__
_EMPTY_SUIT = (0,) * 9


def analyse(hand: Hand, win: Win) -> list[Reading]:
    """Every reading of a winning hand; empty when the tiles form no winning shape."""
    counts = hand.counts
    w = hand.win_tile.index
    c = counts
    h, m, p, s = c[27:34], c[0:9], c[9:18], c[18:27]
    honour = _HONOURS.get(h) or _honour_info(h)
    honours = honour[0]
    yaochu = c[0] + c[8] + c[9] + c[17] + c[18] + c[26] + honours
    tsumo = win.tsumo
    seat = 27 + win.seat_wind
    rnd = 27 + win.round_wind
    if hand.melds:
        conc, meld_sets, meld_seqs, meld_trips, kans, closed, meld_ankou = _meld_parts(hand)
    else:
        conc = counts
        meld_sets = meld_seqs = meld_trips = ()
        kans = meld_ankou = 0
        closed = True
    suits = (1 if m != _EMPTY_SUIT else 0) | (2 if p != _EMPTY_SUIT else 0) | (4 if s != _EMPTY_SUIT else 0)
    size = 14 + kans
    level = 0 if yaochu == 0 else 3 if yaochu == size else 2 if yaochu >= 6 else 1  # see ``features``
    hand_features = (win.situation, closed, _SUIT_COUNT[suits], level, honours > 0, honour[1])
    red_fives = hand.red_fives
    readings: list[Reading] = []
    if not meld_sets:
        if yaochu == 14 and is_kokushi(conc):
            return [_reading(hand, win, counts, closed, tsumo, kans, w, seat, rnd, red_fives, size, yaochu, honours,
                             suits, KOKUSHI, -1, (), (), (), 0, KOKUSHI, False, (KOKUSHI, 0) + hand_features)]
        if is_chiitoitsu(conc):
            readings.append(
                _reading(hand, win, counts, closed, tsumo, kans, w, seat, rnd, red_fives, size, yaochu, honours, suits,
                         CHIITOITSU, -1, (), (), (), 0, TANKI, False, (CHIITOITSU, 0) + hand_features)
            )

    # A closed hand's concealed counts are its counts, already sliced into groups.
    if meld_sets:
        groups = placed(conc[27:34], conc[0:9], conc[9:18], conc[18:27], w)
    else:
        groups = placed(h, m, p, s, w)
    for pair, sets, seqs, trips, waits in groups:
        if meld_sets:
            seqs += meld_seqs
            trips += meld_trips
            sets += meld_sets
        ankou = len(trips) - len(meld_trips) + meld_ankou
        plain_pair = pair < 31 and pair != seat and pair != rnd
        features = (STANDARD, len(seqs)) + hand_features
        for wait in waits:
            if wait is SHANPON and not tsumo:  # a triplet completed by a ron counts as open
                k = sets.index((TRIPLET, w, True, False))
                all_sets = sets[:k] + ((TRIPLET, w, False, False),) + sets[k + 1:]
                n = ankou - 1
            else:
                all_sets = sets
                n = ankou
            readings.append(_reading(hand, win, counts, closed, tsumo, kans, w, seat, rnd, red_fives, size, yaochu,
                                     honours, suits, STANDARD, pair, all_sets, seqs, trips, n, wait,
                                     wait is RYANMEN and plain_pair and not trips, features))
    return readings


_HONOURS: dict[tuple[int, ...], tuple[int, int]] = {}
"""Honour counts → (honour tiles, bit mask of kinds held three or four times), filled as seen."""
_SUIT_COUNT = (0, 1, 1, 2, 1, 2, 2, 3)
"""Bit mask of suits used → how many."""


def _honour_info(h: tuple[int, ...]) -> tuple[int, int]:
    info = _HONOURS[h] = (sum(h), sum(1 << i for i, n in enumerate(h) if n >= 3))
    return info


def _meld_parts(hand: Hand):
    """The concealed counts and what the melds add: their sets, sequence starts, triplet kinds,
    number of kans, whether the hand stays closed, and its closed kans."""
    conc = list(hand.counts)
    sets = []
    seqs = []
    trips = []
    kans = 0
    closed = True
    ankou = 0
    for m in hand.melds:
        shape = m.shape
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
                ankou += 1
            else:
                closed = False
    return tuple(conc), tuple(sets), tuple(seqs), tuple(trips), kans, closed, ankou
