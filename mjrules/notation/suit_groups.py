"""One suit's written tiles, such as the ``40677`` of majiang's ``p40677``, read once and kept.

Hands are written suit by suit, and the same short groups (``234``, ``678``, ``11``) come back in
hand after hand: reading each group once and keeping its sorted tiles and counts spares the parser
most of its per-tile work. A group is a ``mjrules.model.hand.SuitGroup``.
"""

from __future__ import annotations

from mjrules.model.hand import SuitGroup
from mjrules.model.tiles import BY_RANK, BY_SUIT, SUITS, Tile

_MAX_KEPT = 20_000
"""Groups kept at most per suit; past that, new groups are read each time (memory stays bounded)."""

_KEPT: tuple[dict[str, SuitGroup], ...] = ({}, {}, {}, {})

KEPT_M, KEPT_P, KEPT_S, KEPT_Z = (kept.get for kept in _KEPT)
"""The kept SuitGroup of a suit's digits, or None: the hot path's lookups before ``suit_group``."""


def suit_group(suit: int, digits: str) -> SuitGroup | None:
    """The SuitGroup of ``digits`` in suit 0–3 (m p s z); majiang's ``*`` riichi marks are passed
    over. None if a character is not a tile of the suit or a kind is written five times, for the
    general reader to name the problem."""
    kept = _KEPT[suit]
    group = kept.get(digits)
    if group is None:
        group = _read(suit, digits)
        if group is not None and len(kept) < _MAX_KEPT:
            kept[digits] = group
    return group


def _read(suit: int, digits: str) -> SuitGroup | None:
    table = BY_SUIT[SUITS[suit]]
    tiles: list[Tile] = []
    for ch in digits:
        if ch != "*":
            t = table.get(ch)
            if t is None:
                return None
            tiles.append(t)
    tiles.sort(key=BY_RANK)
    counts = [0] * (7 if suit == 3 else 9)
    reds = 0
    for t in tiles:
        counts[t.index - 9 * suit] += 1
        reds += t.red
    if max(counts) > 4:
        return None
    return tuple(tiles), tuple(counts), reds
