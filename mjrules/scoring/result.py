"""What scoring returns: a Result for a win, a NoWin saying why not."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    from mjrules.model.hand import Hand
    from mjrules.model.win import Win


@attrs.frozen
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


@attrs.frozen
class FuItem:
    label: str
    fu: int


@attrs.frozen(slots=False)  # many fields, built once per hand, read a few times: a dict is cheaper to fill
class Result:
    """A scored win.

    ``han`` and ``fu`` are None for a natural yakuman hand; ``yakuman`` is its multiple (0 for a
    counted kazoe yakuman, which keeps han and fu and shows in ``limit``); ``points`` is the hand's value without honba
    and riichi sticks; ``payments`` are the score changes of seats 0 (East) … 3 (North).
    """

    yaku: tuple[YakuScore, ...]
    han: int | None
    fu: int | None
    yakuman: int
    limit: str | None
    base: int
    points: int
    payments: tuple[int, int, int, int]
    liable: int | None = None
    hand: Hand | None = attrs.field(default=None, eq=False, repr=False)
    """The Hand scored."""
    win: Win | None = attrs.field(default=None, eq=False, repr=False)
    """The Win it was scored with."""
    reading_index: int = attrs.field(default=0, eq=False, repr=False)
    """Which of ``analyse(hand, win)`` was paid: the reading is found again on demand, to describe
    it and itemise its fu, rather than kept (results of a large batch stay small)."""
    flags: Any = attrs.field(default=None, eq=False, repr=False)
    """The ruleset flags it was scored under."""
    is_win: bool = attrs.field(default=True, init=False)

    @property
    def fu_detail(self) -> tuple[FuItem, ...]:
        """The fu items (base, menzen ron, each set, pair, wait, tsumo, rounding); () for a yakuman."""
        if self.fu is None or self.hand is None:
            return ()
        from mjrules.scoring.fu import count_fu

        _, items = count_fu(self.paid_reading(), self.flags, detail=True)
        return tuple(FuItem(label, fu) for label, fu in items)

    @property
    def reading(self) -> str:
        """The arrangement that was paid, e.g. ``123m 456p 777z(open) 11z pair, kanchan wait on 5m``."""
        return self.paid_reading().describe() if self.hand is not None else ""

    def paid_reading(self):
        """The :class:`mjrules.scoring.reading.Reading` this result pays (recomputed)."""
        from mjrules.scoring.reading import analyse

        return analyse(self.hand, self.win)[self.reading_index]

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
            "yaku": [y.to_dict() for y in self.yaku],
            "fu_detail": [{"label": f.label, "fu": f.fu} for f in self.fu_detail],
            "reading": self.reading,
        }


_new = object.__new__


def assemble_result(yaku, han, fu, yakuman, limit, base, points, payments, liable, hand, win, reading_index,
                    flags) -> Result:
    """``Result(...)`` with every field given in order, filled as its attrs ``__init__`` fills it,
    without the class call around it: the scorer's hot path."""
    r = _new(Result)
    d = r.__dict__
    d["yaku"] = yaku
    d["han"] = han
    d["fu"] = fu
    d["yakuman"] = yakuman
    d["limit"] = limit
    d["base"] = base
    d["points"] = points
    d["payments"] = payments
    d["liable"] = liable
    d["hand"] = hand
    d["win"] = win
    d["reading_index"] = reading_index
    d["flags"] = flags
    d["is_win"] = True
    return r


@attrs.frozen
class NoWin:
    """A legal hand that does not win: ``reason`` says whether the shape or the yaku is missing."""

    reason: str
    is_win: bool = attrs.field(default=False, init=False)

    def to_dict(self) -> dict[str, Any]:
        return {"win": False, "reason": self.reason}
