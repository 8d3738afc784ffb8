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
    - ``size``: number of tiles (14 plus one per kan); ``yaochu``: how many are terminals or
      honours; ``honours``: how many are honours; ``suits``: bit mask of the suits used (1 m, 2 p, 4 s).
    - ``pinfu_shape``: four sequences, two-sided wait, a pair that earns no fu.
    """

    __slots__ = (
        "hand", "win", "form", "counts", "closed", "tsumo", "pair", "sets", "sequences",
        "triplets", "concealed_triplets", "kans", "wait", "win_tile", "seat_wind",
        "round_wind", "red_fives", "pinfu_shape", "size", "yaochu", "honours", "suits",
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


_YAOCHU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


class _HandFacts:
    """What every reading of one hand shares."""

    __slots__ = ("counts", "size", "yaochu", "honours", "suits")

    def __init__(self, counts) -> None:
        self.counts = counts
        self.size = sum(counts)
        self.yaochu = sum([counts[i] for i in _YAOCHU])
        self.honours = sum(counts[27:])
        self.suits = (1 if any(counts[0:9]) else 0) | (2 if any(counts[9:18]) else 0) | (4 if any(counts[18:27]) else 0)


def _base(hand: Hand, win: Win, facts: _HandFacts, closed: bool) -> Reading:
    r = Reading()
    r.hand = hand
    r.win = win
    r.counts = facts.counts
    r.size = facts.size
    r.yaochu = facts.yaochu
    r.honours = facts.honours
    r.suits = facts.suits
    r.closed = closed
    r.tsumo = win.tsumo
    r.win_tile = hand.win_tile.index
    r.seat_wind = 27 + win.seat_wind
    r.round_wind = 27 + win.round_wind
    r.red_fives = hand.red_fives
    r.pinfu_shape = False
    return r


def analyse(hand: Hand, win: Win) -> list[Reading]:
    """Every reading of a winning hand; empty when the tiles form no winning shape."""
    counts = hand.counts
    conc = list(counts)
    w = hand.win_tile.index
    meld_sets = []
    kans = 0
    closed = True
    for m in hand.melds:
        first = m.first
        for t in m.tiles:
            conc[t.index] -= 1
        if m.kind is MeldKind.CHI:
            meld_sets.append((SEQ, first, False, False))
            closed = False
        else:
            kan = m.is_kan
            kans += kan
            is_open = m.kind is not MeldKind.ANKAN
            closed = closed and not is_open
            meld_sets.append((TRIPLET, first, not is_open, kan))

    facts = _HandFacts(counts)
    readings: list[Reading] = []
    if not hand.melds:
        if is_kokushi(conc):
            r = _base(hand, win, facts, True)
            r.form = KOKUSHI
            r.pair = -1
            r.sets = r.sequences = r.triplets = ()
            r.concealed_triplets = r.kans = 0
            r.wait = KOKUSHI
            return [r]
        if is_chiitoitsu(conc):
            r = _base(hand, win, facts, True)
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
            r = _base(hand, win, facts, closed)
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
