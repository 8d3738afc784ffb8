"""MPSZ notation with melds.

Grammar (whitespace or commas separate the parts)::

    hand   := concealed (sep meld)*
    concealed := (digits suit)+          e.g. 123m406p789s11222z   (0 = red five)
    meld   := digits-with-mark suit      the seat mark follows the called tile's digit

Seat marks: ``-`` previous player (kamicha), ``=`` opposite (toimen), ``+`` next (shimocha).

=========  ============  ===================================================
chi        ``3-45m``     three in a row, called tile marked, always ``-``
pon        ``55=5z``     three alike
daiminkan  ``5555+p``    four alike, mark after the fourth digit
kakan      ``111=1z``    the pon with its mark, then the added tile
ankan      ``9999s``     four alike, no mark (the hand stays closed)
=========  ============  ===================================================

The concealed part includes the winning tile; unless one is named, it is the last tile written.
"""

from __future__ import annotations

from typing import Iterable

from mjrules.errors import NotationError, as_typed, not_utf8
from mjrules.kernel import read_mpsz_tiles
from mjrules.model.hand import Hand
from mjrules.model.melds import Meld
from mjrules.model.tiles import BY_RANK, Tile, tile_from
from mjrules.notation.marks import check_length, meld_digits, meld_from_digits


def parse_tiles(text: str) -> list[Tile]:
    """Plain MPSZ tiles, e.g. ``123m55z`` → five tiles; names the bad character."""
    check_length(text, "tiles")
    read = read_mpsz_tiles(text)  # the kernel reads; the loop below names what it could not
    if read is not None:
        return read
    tiles: list[Tile] = []
    digits = []
    for pos, ch in enumerate(text):
        if ch in "0123456789":
            digits.append(ch)
        elif ch in "mpsz":
            if not digits:
                raise NotationError(f"{text!r}: suit letter {ch!r} at position {pos + 1} has no digits before it "
                                    "(MPSZ writes the digits, then their suit: 123m 11z)")
            for d in digits:
                try:
                    tiles.append(tile_from(ch, d))
                except NotationError as e:
                    raise NotationError(f"{text!r}: {e}") from None
            digits = []
        else:
            raise NotationError(f"{text!r}: unexpected {ch!r} at position {pos + 1}")
    if digits:
        raise NotationError(f"{text!r}: digits {''.join(digits)!r} at the end have no suit letter")
    return tiles


def parse_tile(text: str) -> Tile:
    """One tile, ``5m``/``0p``/``7z``; majiang's ``m5`` form is accepted too."""
    why = not_utf8(text) if isinstance(text, str) else None
    if why is not None:
        raise NotationError(f"tile {as_typed(text)}: {why}")
    if not isinstance(text, str) or len(text) != 2:
        raise NotationError(f"{text!r} is not a tile (write e.g. 5m, 0p for a red five, 7z)")
    if text[0] in "mpsz":
        return tile_from(text[0], text[1])
    return tile_from(text[1], text[0])


def split_mpsz(text: str) -> tuple[list[Tile], list[Meld]]:
    """The concealed tiles and the melds of an MPSZ hand string (no count checks)."""
    check_length(text, "hand")
    parts = text.replace(",", " ").split()
    if not parts:
        raise NotationError("empty hand")
    concealed = parse_tiles(parts[0])
    melds = []
    for written in parts[1:]:
        if len(written) < 2 or written[-1] not in "mpsz":
            raise NotationError(f"meld {written!r}: expected digits with a seat mark, then the suit, e.g. 3-45m")
        melds.append(meld_from_digits(written[-1], written[:-1], written))
    return concealed, melds


def parse_mpsz(text: str, win: Tile | str | None = None) -> Hand:
    """Read an MPSZ hand; ``win`` names the winning tile (default: the last concealed tile written)."""
    check_length(text, "hand")
    if isinstance(win, str):
        win = parse_tile(win)
    elif win is not None and not isinstance(win, Tile):
        raise NotationError(f"winning tile {win!r} is not a tile")
    concealed, melds = split_mpsz(text)
    if not concealed:
        raise NotationError(f"hand {text!r}: no concealed tiles")
    if win is None:
        win_tile = concealed.pop()
    else:
        try:
            concealed.remove(win)
        except ValueError:
            written = text.replace(",", " ").split()[0]
            raise NotationError(f"winning tile {win} is not among the concealed tiles of {written!r}") from None
        win_tile = win
    return Hand(concealed=concealed, win_tile=win_tile, melds=melds)


def _groups(tiles: Iterable[Tile]) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for t in tiles:
        d = "0" if t.red else str(t.number)
        if out and out[-1][1] == t.suit:
            out[-1] = (out[-1][0] + d, t.suit)
        else:
            out.append((d, t.suit))
    return out


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Tiles in MPSZ, sorted (a red five before a plain one), one group per suit: ``2233m406p``."""
    return "".join(d + s for d, s in _groups(sorted(tiles, key=BY_RANK)))


def format_mpsz(hand: Hand) -> str:
    """Canonical MPSZ: sorted concealed tiles with the winning tile written last, then the melds."""
    tiles = sorted(hand.concealed, key=BY_RANK)
    conc = "".join(d + s for d, s in _groups(tiles + [hand.win_tile]))
    return " ".join([conc] + [meld_digits(m) + m.tiles[0].suit for m in hand.melds])
