"""The Python kernel's shanten: how many tiles 34 concealed counts are from tenpai, for the standard,
seven-pairs and thirteen-orphans forms (the native kernel computes the same, ``mjrules/kernel/rust/src/distance.rs``).

Definition (the exchange distance). A hand of concealed tiles ``H`` with ``k`` melds needs ``m = 4 − k``
more sets and a pair. Its *target* is any complete concealed part ``T``: ``m`` sets and one pair
(or seven different pairs, or thirteen orphans, when the hand has no meld) in which no kind appears
more often than the copies left for it (four, less the copies in the hand's own melds). Then::

    shanten = (3m + 2) − max over targets T of |H ∩ T| − 1

that is, one less than the number of tiles still to draw. A complete 14-tile hand is −1, a tenpai
13-tile hand 0. Because a target never holds a fifth copy, a hand "waiting" only on tiles it holds
all four of is not tenpai.

How it is computed. ``|H ∩ T| = Σ min(H_i, T_i)`` splits by suit: each suit's best value for "at most
``s`` sets and at most ``p`` pairs" (a 10-entry vector, ``s`` 0–4, ``p`` 0–1) is found once per
count vector by a small dynamic programme over the nine positions (filled lazily and kept), and
suits combine by max-plus convolution. Only 126 different vectors arise from the 405,350 count
vectors a suit can hold, so each gets a small id and the convolutions are cached by pairs of ids:
once warm, a hand costs four dictionary look-ups for its suits and three for the combination.
"""

from __future__ import annotations

import functools
from operator import itemgetter
from typing import Iterable, Sequence, Union

from mjrules.errors import HandError
from mjrules.model.tiles import YAOCHU

# ---------------------------------------------------------------------------------------------
# Per-suit tables
# ---------------------------------------------------------------------------------------------

Counts = tuple[int, ...]
"""Tile counts: of the 34 kinds, or of one suit's nine (the honours' seven)."""
Vector = tuple[int, ...]
"""A suit's best shares, 10 entries indexed p*5+s (at most s sets, at most p pairs)."""
SuitKey = Union[Counts, tuple[Counts, Counts]]
"""A suit's counts, or (counts, caps) when melds leave fewer than four copies of a kind."""

_FULL9 = (4,) * 9
_FULL7 = (4,) * 7
_ZERO_VEC = (0,) * 10

_STATE_LIMIT = 250_000
"""Suffix states ``_best`` keeps at most (100,000 random hands leave about 55,000), so memory
stays bounded however many suits are seen."""


@functools.lru_cache(maxsize=_STATE_LIMIT)
def _best(a: int, b: int, h: Counts, caps: Counts, seq: bool) -> Vector:
    """Best Σ min(h_i, T_i) over the positions of ``h`` (a suffix of a suit's counts, ``caps`` the
    copies left of each) as a vector indexed p*5+s (≤ s sets, ≤ p pairs).

    ``a`` sequences of the target began one position back and ``b`` two back: they put one tile
    each on the first position (and the ``a`` ones on the second too). There the target may begin
    ``c`` sequences, a triplet and a pair; its count must stay within ``caps[0]``. Blocks that
    would match nothing are left out: with "at most" counts a block matching nothing can always
    sit on a kind the hand lacks. Kept by its arguments: suffixes recur across suits and hands.
    """
    n = len(h)
    if n == 0:
        return _ZERO_VEC
    hj = h[0]
    cap = caps[0]
    base = a + b
    best = [0] * 10
    rest, rest_caps = h[1:], caps[1:]
    # More sequences beginning here than the largest of h_j, h_j+1, h_j+2 would all overshoot.
    cmax = min(4, max(hj, h[1], h[2])) if seq and n > 2 else 0
    for c in range(cmax + 1):
        for t in (0, 1):
            if t and (hj <= base + c or c + t > 4):
                continue
            for q in (0, 1):
                if q and hj <= base + c + 3 * t:
                    continue
                tj = base + c + 3 * t + 2 * q
                if tj > cap:
                    continue
                gain = hj if hj < tj else tj
                sub = _best(c, a, rest, rest_caps, seq)
                d = c + t
                for p in range(q, 2):
                    out = p * 5
                    src = (p - q) * 5 - d
                    for s in range(d, 5):
                        v = gain + sub[src + s]
                        if v > best[out + s]:
                            best[out + s] = v
    return tuple(best)


_VECS: list[Vector] = []
"""id → vector (10 entries, index p*5+s)."""
_VEC_ID: dict[Vector, int] = {}
_SUIT_ID: dict[SuitKey, int] = {}
"""A suit's nine counts (or (counts, caps) when melds leave fewer than four copies) → vector id."""
_HONOR_ID: dict[SuitKey, int] = {}
"""The seven honour counts (or (counts, caps)) → vector id."""
_COMBINE: dict[int, int] = {}
"""(id_a << 20) | id_b → id of the max-plus combination of the two vectors."""


def _intern(vec: Vector) -> int:
    i = _VEC_ID.get(vec)
    if i is None:
        i = _VEC_ID[vec] = len(_VECS)
        _VECS.append(vec)
    return i


def _check_counts(part: Iterable[object], what: str) -> None:
    for c in part:
        if not isinstance(c, int) or not 0 <= c <= 4:  # True and False count as 1 and 0
            raise HandError(f"{what}: tile counts must be whole numbers 0 to 4, not {c!r}")


_ID_BITS = 16
_ID_MASK = (1 << _ID_BITS) - 1


def _suit_entry(key: SuitKey, honors: bool) -> int:
    """The table entry of one suit: ``info << 16 | vector id``.

    ``info`` packs five small counts in 6-bit fields, so the entries of the four suits add up
    field by field without carries: tiles (bits 0–5), kinds held (6–11), kinds held twice or more
    (12–17), terminal/honour kinds held (18–23), terminal/honour kinds held twice or more (24–29).
    """
    table = _HONOR_ID if honors else _SUIT_ID
    try:
        e = table.get(key)
    except TypeError:  # unhashable junk
        e = None
    if e is not None:
        return e
    full = _FULL7 if honors else _FULL9
    h: Counts
    caps: Counts
    if len(key) == 2 and isinstance(key[0], tuple) and isinstance(key[1], tuple):
        h, caps = key[0], key[1]
        _check_counts(caps, "caps")
    else:
        h, caps = key, full
    _check_counts(h, "hand")
    if sum(h) > 14:
        raise HandError(f"{sum(h)} tiles in one suit: a hand has at most 14")
    vid = _intern(_best(0, 0, tuple(h), tuple(caps), not honors))
    if vid > _ID_MASK:  # a few hundred vectors occur; this cannot happen
        raise RuntimeError("shanten table overflow")
    kinds = sum(1 for c in h if c)
    pairs = sum(1 for c in h if c >= 2)
    ends = h if honors else (h[0], h[8])
    y_kinds = sum(1 for c in ends if c)
    y_pairs = sum(1 for c in ends if c >= 2)
    info = sum(h) | kinds << 6 | pairs << 12 | y_kinds << 18 | y_pairs << 24
    e = table[key] = info << _ID_BITS | vid
    return e


def _suit_id(key: SuitKey, honors: bool) -> int:
    return _suit_entry(key, honors) & _ID_MASK


def _combine(x: int, y: int) -> int:
    key = (x << 20) | y
    i = _COMBINE.get(key)
    if i is not None:
        return i
    a, b = _VECS[x], _VECS[y]
    out = [0] * 10
    for p in (0, 1):
        for s in range(5):
            best = 0
            for pa in range(p + 1):
                pb = p - pa
                for sa in range(s + 1):
                    v = a[pa * 5 + sa] + b[pb * 5 + s - sa]
                    if v > best:
                        best = v
            out[p * 5 + s] = best
    i = _COMBINE[key] = _intern(tuple(out))
    return i


def _keys(counts: Counts, caps: Counts | None) -> tuple[SuitKey, ...]:
    parts = (counts[0:9], counts[9:18], counts[18:27], counts[27:34])
    if caps is None:
        return parts
    fulls = (_FULL9, _FULL9, _FULL9, _FULL7)
    cparts = (caps[0:9], caps[9:18], caps[18:27], caps[27:34])
    return tuple(p if c == f else (p, c) for p, c, f in zip(parts, cparts, fulls))


def _standard_vector(counts: Counts, caps: Counts | None = None) -> Vector:
    k = _keys(counts, caps)
    ab = _combine(_suit_id(k[0], False), _suit_id(k[1], False))
    return _VECS[_combine(_combine(ab, _suit_id(k[2], False)), _suit_id(k[3], True))]


# ---------------------------------------------------------------------------------------------
# Shanten of count vectors
# ---------------------------------------------------------------------------------------------

_SETS_FOR = {n: n // 3 for n in range(1, 15) if n % 3}
_SETS_BY_TILES = tuple(_SETS_FOR.get(n) for n in range(64))
"""Concealed tile count → sets still needed (melds implied): 13 or 14 → 4, 10 or 11 → 3, …"""

_yaochu = itemgetter(*YAOCHU)


def _counts(counts: Iterable[int]) -> Counts:
    if not isinstance(counts, tuple):
        try:
            counts = tuple(counts)
        except TypeError:
            raise HandError(f"expected 34 tile counts, not {counts!r}") from None
    if len(counts) != 34:
        raise HandError(f"expected 34 tile counts (1m…9m 1p…9p 1s…9s 1z…7z), got {len(counts)}")
    if type(sum(counts)) is not int:  # a float would find the table entry of its int
        _check_counts(counts, "hand")
    return counts


def _sets_needed(counts: Counts) -> int:
    try:
        n = sum(counts)
    except TypeError:
        _check_counts(counts, "hand")
        raise
    m = _SETS_FOR.get(n) if type(n) is int else None
    if m is None:
        _check_counts(counts, "hand")
        raise HandError(
            f"{n} concealed tiles: shanten needs 3k+1 or 3k+2 tiles (13 or 14 for a closed hand, "
            f"fewer by 3 per meld), at most 14"
        )
    return m


def standard_shanten(counts: Sequence[int], caps: Sequence[int] | None = None) -> int:
    """Shanten of the four-sets-and-a-pair form for 34 concealed tile counts.

    The number of melds is implied by the count (13 or 14 tiles: none, 10 or 11: one, …).
    ``caps`` gives, per kind, how many copies a completed concealed part may hold (4 less the
    copies in the hand's melds); default four of each.
    """
    c = _counts(counts)
    m = _sets_needed(c)
    limit = None
    if caps is not None:
        limit = _counts(caps)
        _check_counts(limit, "caps")
        if limit == (4,) * 34:
            limit = None
    return 3 * m + 1 - _standard_vector(c, limit)[5 + m]


def chiitoitsu_shanten(counts: Sequence[int]) -> int | None:
    """Shanten of the seven-pairs form (seven different kinds); None unless 13 or 14 tiles."""
    c = _counts(counts)
    if _sets_needed(c) != 4:
        return None
    kinds = 34 - c.count(0)
    pairs = kinds - c.count(1)
    return 6 - pairs + (7 - kinds if kinds < 7 else 0)


def kokushi_shanten(counts: Sequence[int]) -> int | None:
    """Shanten of thirteen orphans; None unless 13 or 14 tiles."""
    c = _counts(counts)
    if _sets_needed(c) != 4:
        return None
    y = _yaochu(c)
    kinds: int = 13 - y.count(0)
    return 13 - kinds - (1 if y.count(1) < kinds else 0)


def shanten(counts: Sequence[int]) -> int:
    """Minimum shanten over the three forms for 34 concealed tile counts (melds implied by the count).

    The fast entry point: a few dictionary look-ups once the tables are warm. Seven pairs and
    thirteen orphans count only for 13 or 14 tiles (a closed hand).

    >>> shanten([1,1,1, 0,0,0, 1,1,1] + [0]*9 + [2,2,2] + [0]*6 + [2] + [0]*6)   # 123789m 112233s 11z
    -1
    """
    if isinstance(counts, tuple):
        t = counts
    else:
        try:
            t = tuple(counts)
        except TypeError:
            t = _counts(counts)  # raises, naming the problem
    t = _counts(t)  # raises unless 34 ints
    try:
        a = _SUIT_ID[t[0:9]]
        b = _SUIT_ID[t[9:18]]
        c = _SUIT_ID[t[18:27]]
        h = _HONOR_ID[t[27:34]]
    except (KeyError, TypeError):
        a = _suit_entry(t[0:9], False)
        b = _suit_entry(t[9:18], False)
        c = _suit_entry(t[18:27], False)
        h = _suit_entry(t[27:34], True)
    info = (a >> 16) + (b >> 16) + (c >> 16) + (h >> 16)
    m = _SETS_BY_TILES[info & 63]
    if m is None:
        m = _sets_needed(t)  # raises: not 3k+1 or 3k+2 tiles
    try:
        v = _VECS[_COMBINE[(_COMBINE[(_COMBINE[(a & 0xFFFF) << 20 | (b & 0xFFFF)] << 20) | (c & 0xFFFF)] << 20)
                           | (h & 0xFFFF)]]
    except KeyError:
        v = _VECS[_combine(_combine(_combine(a & 0xFFFF, b & 0xFFFF), c & 0xFFFF), h & 0xFFFF)]
    best = 3 * m + 1 - v[5 + m]
    if m == 4 and best >= 0:
        kinds = info >> 6 & 63
        pairs = info >> 12 & 63
        chi = 6 - pairs if kinds >= 7 else 13 - pairs - kinds
        if chi < best:
            best = chi
        if best >= 0:
            yk = info >> 18 & 63
            kok = 13 - yk - (1 if info >> 24 else 0)
            if kok < best:
                best = kok
    return best
