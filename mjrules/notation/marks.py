"""Seat marks shared by both notations, and the written form of a meld's digits."""

from __future__ import annotations

from mjrules.errors import HandError, NotationError, as_typed, not_utf8
from mjrules.model.melds import Meld, MeldKind
from mjrules.model.tiles import BY_SUIT, Tile, tile_from

MARK_TO_SOURCE = {"+": 1, "=": 2, "-": 3}
"""``+`` next player (shimocha), ``=`` opposite (toimen), ``-`` previous (kamicha)."""
SOURCE_TO_MARK = {v: k for k, v in MARK_TO_SOURCE.items()}

MAX_INPUT = 200
"""Longest hand string accepted; a real hand needs under 60 characters."""


def check_length(text: str, what: str) -> None:
    """``text`` is a string of at most MAX_INPUT characters, and text: a byte that is not UTF-8 (a
    lone surrogate) is named as such, on both kernels, not as an unknown character."""
    if not isinstance(text, str):
        raise NotationError(f"{what} must be a string, not {type(text).__name__}")
    if len(text) > MAX_INPUT:
        raise NotationError(f"{what} is {len(text)} characters long; a hand needs far fewer (limit {MAX_INPUT})")
    why = not_utf8(text)
    if why is not None:
        raise NotationError(f"{what} {as_typed(text)}: {why}")


_MELDS: dict[tuple[str, str], Meld] = {}
"""Melds read so far, by (suit, digits): a valid meld is one of a few thousand texts, and a Meld
is immutable, so each is read and validated once."""
_MAX_MELDS = 20_000


def meld_from_digits(suit: str, body: str, written: str) -> Meld:
    """Build a meld from its digits and at most one seat mark, e.g. ``34-0``, ``111=1``, ``9999``."""
    meld = _MELDS.get((suit, body))
    if meld is None:
        meld = _read_meld(suit, body, written)
        if len(_MELDS) < _MAX_MELDS:
            _MELDS[(suit, body)] = meld
    return meld


def _read_meld(suit: str, body: str, written: str) -> Meld:
    tiles: list[Tile] = []
    called = source = None
    for ch in body:
        if ch in MARK_TO_SOURCE:
            if source is not None or not tiles:
                raise NotationError(f"meld {written!r}: a seat mark (+ = -) must follow the called tile, once")
            source = MARK_TO_SOURCE[ch]
            called = len(tiles) - 1
        else:
            t = BY_SUIT[suit].get(ch)
            if t is None:
                try:
                    t = tile_from(suit, ch)  # raises, naming the bad digit: BY_SUIT holds every tile
                except NotationError as e:
                    raise NotationError(f"meld {written!r}: {e}") from None
            tiles.append(t)
    n = len(tiles)
    if n == 3 and source is not None:
        idx = sorted(t.index for t in tiles)
        if idx[0] == idx[2]:
            kind = MeldKind.PON
        elif idx[0] < idx[1] < idx[2]:
            kind = MeldKind.CHI
        else:
            raise HandError(f"meld {written!r}: neither a chi (three in a row) nor a pon (three alike)")
    elif n == 4 and source is None:
        kind = MeldKind.ANKAN
    elif n == 4 and called == 3:
        kind = MeldKind.DAIMINKAN
    elif n == 4 and called is not None and called <= 2:
        kind = MeldKind.KAKAN  # the pon as written (mark after its called tile), then the added tile
    elif n == 3:
        raise NotationError(f"meld {written!r}: a chi or pon needs a seat mark (+ next, = opposite, - previous)")
    else:
        raise NotationError(f"meld {written!r}: a meld has 3 tiles (chi, pon) or 4 (kan), not {n}")
    try:
        return Meld(kind, tiles, called, source)
    except Exception as e:  # HandError with the meld named; keep the written form too
        raise type(e)(f"{e} (written {written!r})") from None


def meld_digits(meld: Meld) -> str:
    """The digits of a meld with its seat mark after the called tile, as both notations write it."""
    out = []
    for i, t in enumerate(meld.tiles):
        out.append("0" if t.red else str(t.number))
        if i == meld.called and meld.source is not None:  # a valid meld has both or neither
            out.append(SOURCE_TO_MARK[meld.source])
    return "".join(out)
