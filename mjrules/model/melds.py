"""Called and declared melds: chi, pon, daiminkan, kakan (added kan) and ankan (closed kan)."""

from __future__ import annotations

import enum
from typing import Iterable, NamedTuple

import attrs

from mjrules.errors import HandError
from mjrules.model.tiles import Tile

class SetKind(enum.IntEnum):
    """``SetShape.kind``: an int, so that shapes still equal and sort as plain tuples do."""

    SEQ = 0
    TRIPLET = 1


SEQ = SetKind.SEQ
TRIPLET = SetKind.TRIPLET


class SetShape(NamedTuple):
    """One set of a reading: ``SetShape(SEQ, MAN1, True, False)`` is a concealed 1m2m3m.
    A named tuple: readings are compared and hashed by their sets, and the yaku checks unpack them."""

    kind: SetKind
    """``SEQ`` (a sequence) or ``TRIPLET`` (a triplet or kan)."""
    first: int
    """The lowest tile kind of the set."""
    concealed: bool
    """False for a called meld, and for a triplet completed by a ron."""
    kan: bool


SOURCE_NAMES = {1: "next player (shimocha)", 2: "opposite player (toimen)", 3: "previous player (kamicha)"}
"""Where a called tile came from, as an offset from the caller's seat (seat + offset) % 4."""


class MeldKind(enum.Enum):
    CHI = "chi"
    PON = "pon"
    DAIMINKAN = "daiminkan"
    KAKAN = "kakan"
    ANKAN = "ankan"


def _validate(meld: "Meld") -> None:
    kind, tiles = meld.kind, meld.tiles
    for name in ("called", "source"):
        value = getattr(meld, name)
        if value is not None and type(value) is not int:  # a bool is no seat or position
            raise HandError(f"meld {name} must be a whole number or None, not {value!r}")
    if not isinstance(kind, MeldKind):
        raise HandError(f"meld kind {kind!r} is not a MeldKind (chi, pon, daiminkan, kakan, ankan)")
    for t in tiles:
        if not isinstance(t, Tile):
            raise HandError(f"meld tile {t!r} is not a Tile")
    need = 3 if kind is MeldKind.CHI or kind is MeldKind.PON else 4
    if len(tiles) != need:
        _fail(meld, f"a {kind.value} has {need} tiles, not {len(tiles)}")
    a = tiles[0].index
    if kind is MeldKind.CHI:
        kinds = sorted(t.index for t in tiles)
        a = kinds[0]
        if a >= 27 or a % 9 > 6 or kinds[1] != a + 1 or kinds[2] != a + 2:
            _fail(meld, "a chi needs three consecutive tiles of one suit")
        if meld.source != 3:
            _fail(meld, "a chi can only be called from the previous player")
    elif any(t.index != a for t in tiles):
        _fail(meld, f"a {kind.value} needs {need} identical tiles")
    # no cap on its red fives: a set may hold several of a suit (majiang-core's 赤牌 takes 0-4 each);
    # how many the ruleset's set has is the Scorer's to check, the hand's red fives all counted
    if kind is MeldKind.ANKAN:
        if meld.called is not None or meld.source is not None:
            _fail(meld, "a closed kan has no called tile and no source")
    else:
        if meld.source not in SOURCE_NAMES:
            _fail(meld, "a called meld needs the seat it came from (1 next, 2 opposite, 3 previous)")
        last = 2 if kind is MeldKind.KAKAN else len(tiles) - 1
        if meld.called is None or not 0 <= meld.called <= last:
            _fail(meld, f"the called tile must be one of the first {last + 1} tiles")


def _tiles(value: Iterable[Tile]) -> tuple[Tile, ...]:
    """``tuple`` as a typed converter: mypy's attrs plugin leaves ``converter=tuple`` unusable."""
    return tuple(value)


def _fail(meld: "Meld", why: str) -> None:
    raise HandError(f"meld {meld.describe()}: {why}")


@attrs.frozen
class Meld:
    """A meld as written: ``tiles`` in written order, ``called`` the position of the called tile.

    For a kakan the first three tiles are the original pon (``called`` among them) and the fourth
    is the added tile. ``source`` is 1 (next player), 2 (opposite) or 3 (previous), None for ankan.
    """

    kind: MeldKind
    tiles: tuple[Tile, ...] = attrs.field(converter=_tiles)
    called: int | None = None
    source: int | None = None

    shape: SetShape = attrs.field(init=False, eq=False, repr=False)
    """The meld as a set of a reading; derived."""

    def __attrs_post_init__(self) -> None:
        _validate(self)
        tiles = self.tiles
        if self.kind is MeldKind.CHI:
            shape = SetShape(SEQ, min(tiles[0].index, tiles[1].index, tiles[2].index), False, False)
        else:
            shape = SetShape(TRIPLET, tiles[0].index, self.kind is MeldKind.ANKAN, len(tiles) == 4)
        object.__setattr__(self, "shape", shape)

    @property
    def is_open(self) -> bool:
        return self.kind is not MeldKind.ANKAN

    @property
    def is_kan(self) -> bool:
        return self.kind in (MeldKind.DAIMINKAN, MeldKind.KAKAN, MeldKind.ANKAN)

    @property
    def is_sequence(self) -> bool:
        return self.kind is MeldKind.CHI

    @property
    def first(self) -> int:
        """Lowest tile kind in the meld (the start of a chi, the kind of a pon or kan)."""
        return min(t.index for t in self.tiles)

    def describe(self) -> str:
        """Short human form for messages, e.g. ``pon 555z from opposite player``."""
        body = "".join(str(t.number if not t.red else 0) for t in self.tiles) + (self.tiles[0].suit if self.tiles else "")
        src = f" from {SOURCE_NAMES[self.source]}" if self.source in (1, 2, 3) else ""
        return f"{self.kind.value} {body}{src}"
