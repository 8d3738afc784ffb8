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

    # Instances are filled from one shared dict per hand (``__dict__.update``), which is
    # cheaper than setting twenty slots one by one.

    def describe(self) -> str:
        """Short text of the arrangement, e.g. ``123m 456p 777z(open) 11z pair, kanchan wait on 5m``."""
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


_EMPTY_SUIT = (0,) * 9
_DRAGONS = frozenset((31, 32, 33))
_new = object.__new__


def _reading(shared: dict, **own) -> Reading:
    r = _new(Reading)
    d = r.__dict__
    d.update(shared)
    d.update(own)
    return r


def analyse(hand: Hand, win: Win) -> list[Reading]:
    """Every reading of a winning hand; empty when the tiles form no winning shape."""
    counts = hand.counts
    w = hand.win_tile.index
    meld_sets = []
    kans = 0
    closed = True
    if hand.melds:
        conc = list(counts)
        for m in hand.melds:
            for t in m.tiles:
                conc[t.index] -= 1
            if m.kind is MeldKind.CHI:
                meld_sets.append((SEQ, m.first, False, False))
                closed = False
            else:
                kan = len(m.tiles) == 4
                kans += kan
                is_open = m.kind is not MeldKind.ANKAN
                if is_open:
                    closed = False
                meld_sets.append((TRIPLET, m.tiles[0].index, not is_open, kan))
        conc = tuple(conc)
    else:
        conc = counts

    c = counts
    honours = c[27] + c[28] + c[29] + c[30] + c[31] + c[32] + c[33]
    shared = {
        "hand": hand, "win": win, "counts": counts, "size": 14 + kans,
        "yaochu": c[0] + c[8] + c[9] + c[17] + c[18] + c[26] + honours, "honours": honours,
        "suits": (1 if c[0:9] != _EMPTY_SUIT else 0) | (2 if c[9:18] != _EMPTY_SUIT else 0)
        | (4 if c[18:27] != _EMPTY_SUIT else 0),
        "closed": closed, "tsumo": win.tsumo, "win_tile": w, "seat_wind": 27 + win.seat_wind,
        "round_wind": 27 + win.round_wind, "red_fives": hand.red_fives, "kans": kans, "pinfu_shape": False,
    }
    readings: list[Reading] = []
    if not hand.melds:
        if shared["yaochu"] == 14 and is_kokushi(conc):
            return [_reading(shared, form=KOKUSHI, pair=-1, sets=(), sequences=(), triplets=(),
                             concealed_triplets=0, wait=KOKUSHI)]
        if is_chiitoitsu(conc):
            readings.append(_reading(shared, form=CHIITOITSU, pair=-1, sets=(), sequences=(), triplets=(),
                                     concealed_triplets=0, wait=TANKI))

    ron = not win.tsumo
    seat, rnd = 27 + win.seat_wind, 27 + win.round_wind
    for pair, sets in standard(conc):
        places = []
        if pair == w:
            places.append((TANKI, -1))
        last = None
        for k, (kind, first) in enumerate(sets):
            if (kind, first) == last:  # an identical set gives the same reading
                continue
            if kind == TRIPLET:
                if first == w:
                    places.append((SHANPON, k))
                    last = (kind, first)
            elif first <= w <= first + 2:
                pos = w - first
                if pos == 1:
                    wait = KANCHAN
                elif (pos == 0 and first % 9 == 6) or (pos == 2 and first % 9 == 0):
                    wait = PENCHAN
                else:
                    wait = RYANMEN
                places.append((wait, k))
                last = (kind, first)
        if not places:
            continue
        seqs = [f for kind, f in sets if kind == SEQ]
        trips = [f for kind, f in sets if kind == TRIPLET]
        for ms in meld_sets:
            (seqs if ms[0] == SEQ else trips).append(ms[1])
        seqs = tuple(seqs)
        trips = tuple(trips)
        meld_ankou = sum(1 for ms in meld_sets if ms[0] == TRIPLET and ms[2])
        for wait, k in places:
            all_sets = []
            ankou = meld_ankou
            for j, (kind, first) in enumerate(sets):
                if kind == SEQ:
                    all_sets.append((SEQ, first, True, False))
                else:
                    concealed = not (ron and j == k)
                    ankou += concealed
                    all_sets.append((TRIPLET, first, concealed, False))
            all_sets.extend(meld_sets)
            r = _new(Reading)
            r.__dict__ = {
                **shared, "form": STANDARD, "pair": pair, "sets": tuple(all_sets), "sequences": seqs,
                "triplets": trips, "concealed_triplets": ankou, "wait": wait,
                "pinfu_shape": wait == RYANMEN and not trips and pair not in _DRAGONS and pair != seat and pair != rnd,
            }
            readings.append(r)
    return readings
