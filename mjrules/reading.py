"""Readings: one way a winning hand is arranged, with the winning tile placed in one of its sets.

A Reading is what every yaku check and the fu count look at. They are computed once per hand
and win (``analyse``), independent of the ruleset, so one hand is scored under many rulesets
without parsing or decomposing it again.
"""

from __future__ import annotations

from .decompose import SEQ, TRIPLET, is_chiitoitsu, is_kokushi, standard
from .hand import Hand
from .melds import MeldKind
from .situation import Win

STANDARD = "standard"
CHIITOITSU = "chiitoitsu"
KOKUSHI = "kokushi"

RYANMEN = "ryanmen"
KANCHAN = "kanchan"
PENCHAN = "penchan"
SHANPON = "shanpon"
TANKI = "tanki"


class Reading:
    """One arrangement of a hand. Read-only by convention; built by ``analyse``.

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
    - ``pinfu_shape``: four sequences, two-sided wait, a pair that earns no fu.
    """

    __slots__ = (
        "hand", "win", "form", "counts", "closed", "tsumo", "pair", "sets", "sequences",
        "triplets", "concealed_triplets", "kans", "wait", "win_tile", "seat_wind",
        "round_wind", "red_fives", "pinfu_shape",
    )

    def describe(self) -> str:
        """Short text of the arrangement, e.g. ``123m 456p 777z(open) 11z pair, kanchan on 5m``."""
        from .tiles import tile

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


def _base(hand: Hand, win: Win, counts: list[int], closed: bool, red: int) -> Reading:
    r = Reading()
    r.hand = hand
    r.win = win
    r.counts = counts
    r.closed = closed
    r.tsumo = win.tsumo
    r.win_tile = hand.win_tile.index
    r.seat_wind = 27 + win.seat_wind
    r.round_wind = 27 + win.round_wind
    r.red_fives = red
    r.pinfu_shape = False
    return r


def analyse(hand: Hand, win: Win) -> list[Reading]:
    """Every reading of a winning hand; empty when the tiles form no winning shape."""
    conc = [0] * 34
    red = 0
    for t in hand.concealed:
        conc[t.index] += 1
        red += t.red
    w = hand.win_tile.index
    conc[w] += 1
    red += hand.win_tile.red
    counts = conc[:]
    meld_sets = []
    kans = 0
    closed = True
    for m in hand.melds:
        first = m.first
        for t in m.tiles:
            counts[t.index] += 1
            red += t.red
        if m.kind is MeldKind.CHI:
            meld_sets.append((SEQ, first, False, False))
            closed = False
        else:
            kan = m.is_kan
            kans += kan
            is_open = m.kind is not MeldKind.ANKAN
            closed = closed and not is_open
            meld_sets.append((TRIPLET, first, not is_open, kan))

    readings: list[Reading] = []
    if not hand.melds:
        if is_kokushi(conc):
            r = _base(hand, win, counts, True, red)
            r.form = KOKUSHI
            r.pair = -1
            r.sets = r.sequences = r.triplets = ()
            r.concealed_triplets = r.kans = 0
            r.wait = KOKUSHI
            return [r]
        if is_chiitoitsu(conc):
            r = _base(hand, win, counts, True, red)
            r.form = CHIITOITSU
            r.pair = -1
            r.sets = r.sequences = r.triplets = ()
            r.concealed_triplets = r.kans = 0
            r.wait = TANKI
            readings.append(r)

    ron = not win.tsumo
    valued = {31, 32, 33, 27 + win.seat_wind, 27 + win.round_wind}
    for pair, sets in standard(conc):
        seen = set()
        places = []
        if pair == w:
            places.append((TANKI, -1))
        for k, (kind, first) in enumerate(sets):
            if kind == TRIPLET:
                if first == w and (TRIPLET, first) not in seen:
                    seen.add((TRIPLET, first))
                    places.append((SHANPON, k))
            elif first <= w <= first + 2 and (SEQ, first) not in seen:
                seen.add((SEQ, first))
                pos = w - first
                if pos == 1:
                    wait = KANCHAN
                elif (pos == 0 and first % 9 == 6) or (pos == 2 and first % 9 == 0):
                    wait = PENCHAN
                else:
                    wait = RYANMEN
                places.append((wait, k))
        for wait, k in places:
            all_sets = []
            seqs = []
            trips = []
            ankou = 0
            for j, (kind, first) in enumerate(sets):
                if kind == SEQ:
                    seqs.append(first)
                    all_sets.append((SEQ, first, True, False))
                else:
                    concealed = not (ron and j == k)
                    ankou += concealed
                    trips.append(first)
                    all_sets.append((TRIPLET, first, concealed, False))
            for ms in meld_sets:
                all_sets.append(ms)
                if ms[0] == SEQ:
                    seqs.append(ms[1])
                else:
                    trips.append(ms[1])
                    ankou += ms[2]
            r = _base(hand, win, counts, closed, red)
            r.form = STANDARD
            r.pair = pair
            r.sets = tuple(all_sets)
            r.sequences = tuple(seqs)
            r.triplets = tuple(trips)
            r.concealed_triplets = ankou
            r.kans = kans
            r.wait = wait
            r.pinfu_shape = wait == RYANMEN and not trips and pair not in valued
            readings.append(r)
    return readings
