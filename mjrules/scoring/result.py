"""What scoring returns: a Result for a win, a NoWin saying why not. Both are data: a Result keeps
the reading it paid and its fu items, so rendering it never runs the pipeline again. A Result the
native path made is complete in value and builds its reading and fu items on first access."""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any, Protocol

import attrs

from mjrules.readings.fu import FuItem

if TYPE_CHECKING:
    from mjrules.model.hand import Hand
    from mjrules.model.win import Win
    from mjrules.readings.reading import Reading

__all__ = ["FuItem", "Nagashi", "NoWin", "NoWinCode", "Result", "YakuScore", "tsumo_split"]


@attrs.frozen(cache_hash=True)  # shared by the results of a Scorer, and a key of the batch renderer's texts
class YakuScore:
    """One scored yaku: ``han`` for ordinary and bonus items, ``yakuman`` (multiple) for yakuman."""

    id: str
    name: str
    name_ja: str
    han: int | None = None
    yakuman: int = 0

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"id": self.id, "name": self.name, "name_ja": self.name_ja}
        if self.yakuman:
            d["yakuman"] = self.yakuman
        else:
            d["han"] = self.han
        return d


class Deferred(Protocol):
    """What a Result of the native path keeps in place of its reading and fu items until they are
    asked for (``mjrules.kernel.NativePlan`` makes it): both are built once, on first access."""

    def reading(self) -> Reading:
        ...

    def fu_items(self) -> tuple[FuItem, ...]:
        ...


@attrs.frozen
class Result:
    """A scored win.

    ``han`` and ``fu`` are None for a natural yakuman hand; ``yakuman`` is its multiple (0 for a
    counted kazoe yakuman, which keeps han and fu and shows in ``limit``); ``points`` is the hand's
    value without honba and riichi sticks; ``payments`` are the score changes of each seat, East first.
    """

    yaku: tuple[YakuScore, ...]
    han: int | None
    fu: int | None
    yakuman: int
    limit: str | None
    base: int
    points: int
    payments: tuple[int, ...]
    liable: int | None = None
    _paid: Reading | Deferred | None = attrs.field(default=None, eq=False, repr=False)
    """``paid``, or what builds it."""
    _fu_items: tuple[FuItem, ...] | Deferred = attrs.field(default=(), eq=False, repr=False)
    """``fu_items``, or what builds them."""
    liable_seats: tuple[int, ...] = ()
    """Every liable player's seat, ``liable`` first: two when one player fed a pao yakuman and
    another the fourth kan."""
    is_win: bool = attrs.field(default=True, init=False)

    @property
    def paid(self) -> Reading | None:
        """The reading that was paid (its ``hand`` and ``win`` are the ones scored)."""
        paid = self._paid
        return paid if paid is None or isinstance(paid, tuple) else paid.reading()

    @property
    def fu_items(self) -> tuple[FuItem, ...]:
        """The fu items (base, menzen ron, each set, pair, wait, tsumo, rounding); () for a yakuman."""
        items = self._fu_items
        return items if isinstance(items, tuple) else items.fu_items()

    def __getstate__(self) -> dict[str, Any]:
        """The fields by name, the reading and fu items built: a pickle holds values only."""
        state = {f.name: getattr(self, f.name) for f in attrs.fields(Result)}
        state["_paid"], state["_fu_items"] = self.paid, self.fu_items
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            object.__setattr__(self, name, value)  # as attrs' own __setstate__ sets a frozen instance

    @property
    def hand(self) -> Hand | None:
        """The Hand scored."""
        return None if self.paid is None else self.paid.hand

    @property
    def win(self) -> Win | None:
        """The Win it was scored with."""
        return None if self.paid is None else self.paid.win

    @property
    def reading_text(self) -> str:
        """The paid reading as text, e.g. ``123m 456p 777z(open) 11z pair, kanchan wait on 5m``."""
        return self.paid.describe() if self.paid is not None else ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "win": True,
            "han": self.han,
            "fu": self.fu,
            "yakuman": self.yakuman,
            "limit": self.limit,
            "base": self.base,
            "points": self.points,
            "payments": list(self.payments),
            "liable": self.liable,
            "liable_seats": list(self.liable_seats),
            "yaku": [y.to_dict() for y in self.yaku],
            "fu_detail": [{"label": f.label, "fu": f.fu} for f in self.fu_items],
            "reading": self.reading_text,
        }


@attrs.frozen
class Nagashi:
    """Nagashi mangan as the ruleset pays it: ``mode`` is ``"draw"`` (a draw payment: no honba,
    the riichi sticks stay on the table) or ``"win"`` (a mangan tsumo win)."""

    mode: str = attrs.field(validator=attrs.validators.in_(("draw", "win")))
    base: int
    points: int
    """What the payers pay, honba excluded."""
    payments: tuple[int, ...]
    """Each seat's score change, East first."""

    def to_dict(self) -> dict[str, Any]:
        return {"nagashi": self.mode, "base": self.base, "points": self.points, "payments": list(self.payments)}


class NoWinCode(enum.Enum):
    """Why a legal hand does not win, for code to test (``NoWin.reason`` says it in words)."""

    NO_SHAPE = "no winning shape"
    NO_YAKU = "no yaku"
    TOO_FEW_HAN = "too few han"
    ROBBED_ANKAN = "robbing a closed kan"
    """A chankan on a closed kan that the ruleset or the hand does not allow."""
    NOT_PAID = "not paid"
    """Nagashi mangan under a ruleset that does not pay it."""


@attrs.frozen
class NoWin:
    """A legal hand that does not win: ``code`` says why, ``reason`` says it in words."""

    code: NoWinCode
    reason: str
    is_win: bool = attrs.field(default=False, init=False)

    def to_dict(self) -> dict[str, Any]:
        return {"win": False, "reason": self.reason}


def tsumo_split(result: Result, dealer: bool, win: Win | None = None, players: int = 4) -> str | None:
    """How a tsumo's value is paid, as players say it: non-dealer 'X-Y' (each non-dealer X, the dealer Y),
    dealer 'X all'; None when the payments do not follow that pattern (e.g. pao). At a three-player
    table (``win``, the Win, given) it is read from the payments, whatever pays the absent seat's share."""
    if players == 3 and win is not None:
        honba = (result.payments[win.seat_wind] - result.points - win.riichi_sticks * 1000) // 2
        paid = [-p - honba for s, p in enumerate(result.payments) if s != win.seat_wind]
        if dealer:
            return f"{paid[0]} all" if paid[0] == paid[1] else None
        other = -result.payments[3 - win.seat_wind] - honba
        return f"{other}-{-result.payments[0] - honba}"

    def share(factor: int) -> int:
        return -(-factor * result.base // 100) * 100  # each payer's share, rounded up to 100

    if dealer:
        return f"{share(2)} all" if 3 * share(2) == result.points else None
    if 2 * share(1) + share(2) == result.points:
        return f"{share(1)}-{share(2)}"
    return None
