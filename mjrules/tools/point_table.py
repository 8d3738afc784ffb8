"""The point table: what every fu × han cell and every limit hand pays, for ron and for tsumo,
under one ruleset (kiriage, kazoe, yakuman stacking and caps, aotenjou base points).

>>> from mjrules.tools.point_table import point_table
>>> table = point_table("tenhou")
>>> e = table.cell(4, 30)
>>> e.ron(dealer=False), e.tsumo(dealer=False).text, e.tsumo(dealer=True).text
(7700, '2000-3900', '3900 all')
>>> point_table("mleague").cell(4, 30).ron(dealer=False)    # kiriage mangan
8000

Every value comes from the ruleset's own :meth:`mjrules.scoring.scorer.Scorer.limit` (ordinary hands) and
:meth:`~mjrules.scoring.scorer.Scorer.yakuman_base` (natural yakuman), so the plugins decide (kiriage,
kazoe, aotenjou), and every payment from :func:`mjrules.scoring.payments.settle`, the scorer's own:
a ron pays the basic points × 4 (× 6 to the dealer), a tsumo the basic points from each
non-dealer and twice that from the dealer (twice from everyone when the dealer wins), each
payment rounded up to 100.

Impossible cells (no hand is scored so):

* 20 fu by ron: 20 fu needs pinfu and tsumo (an open 20-fu ron is paid as 30 fu);
* 20 fu 1 han by tsumo: pinfu tsumo already has pinfu and menzen tsumo, 2 han;
* 25 fu 1 han: 25 fu is chiitoitsu, 2 han on its own; 25 fu 2 han by tsumo: chiitoitsu plus menzen
  tsumo is 3 han.

A declared riichi adds 1 han to each of these minimums and makes every tsumo at least 2 han (riichi
and menzen tsumo): :func:`min_han`.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any, Callable, TypeVar, Union

import attrs

from mjrules.rules.choices import TsumoLoss
from mjrules.rules.rules import Rules
from mjrules.scoring.limits import LIMIT_NAMES, yakuman_name
from mjrules.scoring.payments import settle
from mjrules.scoring.scorer import Scorer

FU = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
"""The fu rows of the table."""

GRID_HAN = 4
"""Han columns of the table when the ruleset has the standard limits (5 han is always mangan)."""

UNCAPPED_HAN = 13
"""Han columns when the ruleset has no limits (aotenjou): 1 to 13 han."""

MAX_YAKUMAN = 6
"""The largest yakuman multiple listed (the practical maximum of stacked yakuman; a ruleset's
stacking policy or ``yakuman_cap`` can lower it)."""

RulesetLike = Union[str, Scorer, "PointTable"]

_V = TypeVar("_V")


_DEALER, _NON_DEALER, _OTHER = 0, 1, 2
"""Seats for asking :func:`~mjrules.scoring.payments.settle`: seat 0 deals; a non-dealer winner
sits at 1, a ron comes from 2 (who deals in does not change a ron's value)."""


def ron_points(base: int, dealer: bool) -> int:
    """What a ron of ``base`` basic points pays (without honba and sticks)."""
    return settle(base, _DEALER if dealer else _NON_DEALER, _OTHER).value


@attrs.frozen(order=True)
class Tsumo:
    """The payments of a tsumo (without honba): ``non_dealer`` is what each non-dealer pays,
    ``dealer`` what the dealer pays; ``dealer`` is None when the dealer won (all three pay
    ``non_dealer``, written "X all")."""

    non_dealer: int
    dealer: int | None = None
    payers: int = 3
    """Players who pay: 3 at a four-player table, 2 at a three-player one."""

    @property
    def total(self) -> int:
        """What the winner collects (without honba and sticks)."""
        if self.dealer is None:
            return self.payers * self.non_dealer
        return (self.payers - 1) * self.non_dealer + self.dealer

    @property
    def text(self) -> str:
        """``"1000-2000"`` (non-dealer pays – dealer pays) or ``"2000 all"``."""
        return f"{self.non_dealer} all" if self.dealer is None else f"{self.non_dealer}-{self.dealer}"

    def to_dict(self) -> dict[str, Any]:
        return {"non_dealer": self.non_dealer, "dealer": self.dealer, "total": self.total, "text": self.text}


def tsumo_points(base: int, dealer: bool, players: int = 4, absent: str = TsumoLoss.LOSS) -> Tsumo:
    """What a tsumo of ``base`` basic points pays; ``dealer``: the winner is the dealer. At a
    three-player table (``players`` 3) ``absent`` says how the empty seat's share is paid."""
    if dealer:
        change = settle(base, _DEALER, None, players=players, absent=absent).payments
        return Tsumo(-change[_NON_DEALER], None, players - 1)
    change = settle(base, _NON_DEALER, None, players=players, absent=absent).payments
    return Tsumo(-change[_OTHER], -change[_DEALER], players - 1)


def min_han(fu: int, tsumo: bool, riichi: bool = False) -> int | None:
    """The fewest han a hand of ``fu`` can have when won by tsumo or ron; None if no hand of that
    fu is won that way (20 fu by ron). With ``riichi`` the hand is closed and riichi counts: a tsumo
    has at least riichi and menzen tsumo."""
    if fu == 20:
        if not tsumo:
            return None
        forced = 2  # pinfu + menzen tsumo
    elif fu == 25:
        forced = 3 if tsumo else 2  # chiitoitsu (+ menzen tsumo)
    else:
        forced = 1 if tsumo and riichi else 0  # a closed tsumo has menzen tsumo
    return forced + 1 if riichi else max(forced, 1)


@attrs.frozen
class Entry:
    """One line of the table: a fu × han cell, a limit hand (a han range) or a natural yakuman.

    :param han: the cell's han; a limit row's smallest han; None for a natural yakuman.
    :param fu: the cell's fu; None for limit and yakuman rows.
    :param base: basic points.
    :param limit: the limit the entry pays ("mangan" … "kazoe yakuman", "yakuman", "double
        yakuman" …); None below mangan (and for every cell of an uncapped ruleset).
    :param max_han: a limit row's largest han (None: and up); equal to ``han`` for cells.
    :param yakuman: the natural yakuman multiple; 0 otherwise.
    """

    han: int | None
    fu: int | None
    base: int
    limit: str | None = None
    max_han: int | None = None
    yakuman: int = 0
    players: int = attrs.field(default=4, kw_only=True)
    """Players at the table: 4, or 3 (a tsumo has two payers)."""
    absent: str = attrs.field(default=TsumoLoss.LOSS, kw_only=True)
    """Three players: how a tsumo pays the empty seat's share (flag ``tsumo_loss``)."""

    @property
    def kind(self) -> str:
        """``"cell"``, ``"limit"`` (a han range) or ``"yakuman"``."""
        if self.yakuman:
            return "yakuman"
        return "cell" if self.fu is not None else "limit"

    def possible(self, tsumo: bool, riichi: bool = False) -> bool:
        """Whether some hand is scored as this entry when won by tsumo (or ron), with or without
        a riichi declaration. Limit rows and yakuman are always possible."""
        if self.fu is None:
            return True
        low = min_han(self.fu, tsumo, riichi)
        return low is not None and self.han is not None and self.han >= low

    def ron(self, dealer: bool) -> int | None:
        """Ron value, None when no hand of this cell is won by ron."""
        return ron_points(self.base, dealer) if self.possible(False) else None

    def tsumo(self, dealer: bool) -> Tsumo | None:
        """Tsumo payments, None when no hand of this cell is won by tsumo."""
        return tsumo_points(self.base, dealer, self.players, self.absent) if self.possible(True) else None

    @property
    def han_text(self) -> str:
        if self.han is None:
            return ""
        if self.max_han == self.han:
            return str(self.han)
        return f"{self.han}+" if self.max_han is None else f"{self.han}-{self.max_han}"

    @property
    def label(self) -> str:
        """``"3 han 30 fu"``, ``"mangan (5 han)"``, ``"haneman (6-7 han)"``, ``"double yakuman"``."""
        if self.kind == "cell":
            return f"{self.han} han {self.fu} fu"
        if self.kind == "limit":
            return f"{self.limit} ({self.han_text} han)"
        return self.limit or yakuman_name(self.yakuman)

    def to_dict(self, dealer: bool | None = None) -> dict[str, Any]:
        """The entry as JSON data; with ``dealer`` given, also its ron and tsumo payments (null where
        impossible)."""
        d: dict[str, Any] = {
            "kind": self.kind, "han": self.han, "max_han": self.max_han if self.kind == "limit" else self.han,
            "fu": self.fu, "yakuman": self.yakuman, "limit": self.limit, "base": self.base, "label": self.label,
        }
        if self.kind == "yakuman":
            d["max_han"] = None
        if dealer is not None:
            t = self.tsumo(dealer)
            d["ron"] = self.ron(dealer)
            d["tsumo"] = None if t is None else t.to_dict()
        return d


@attrs.frozen
class PointTable:
    """The point table of one ruleset. ``cells`` are the fu × han grid (row by row: fu, then han),
    ``limits`` the limit hands by han range (empty when the ruleset has no limits), ``yakuman``
    the natural yakuman multiples 1 … ``max_yakuman``."""

    ruleset: str
    han: tuple[int, ...]
    fu: tuple[int, ...]
    cells: tuple[Entry, ...]
    limits: tuple[Entry, ...]
    yakuman: tuple[Entry, ...]
    kiriage: bool
    kazoe: str
    uncapped: bool
    honba_value: int
    max_yakuman: int
    players: int = 4
    tsumo_loss: str = TsumoLoss.LOSS
    """Three players: how a tsumo pays the empty seat's share."""
    rules: Rules = attrs.field(kw_only=True, eq=False, repr=False)
    """The ruleset's rules object (placings, round settlement), for the tools built on the table."""

    @property
    def entries(self) -> tuple[Entry, ...]:
        """Every entry: cells, limit rows, yakuman."""
        return self.cells + self.limits + self.yakuman

    def cell(self, han: int, fu: int) -> Entry:
        """The cell of ``han`` and ``fu``; KeyError outside the grid."""
        for e in self.cells:
            if e.han == han and e.fu == fu:
                return e
        raise KeyError((han, fu))

    def limit_cells(self, limit: str) -> list[tuple[int, int]]:
        """Per han of the grid, the smallest fu whose cell pays ``limit`` (all larger fu do too):
        ``[(4, 40), (3, 70)]`` for mangan without kiriage."""
        out: dict[int, int] = {}
        for e in self.cells:
            if e.limit != limit or e.han is None or e.fu is None:
                continue
            if e.han not in out or e.fu < out[e.han]:
                out[e.han] = e.fu
        return sorted(out.items(), reverse=True)

    # -- output -----------------------------------------------------------------------------
    def to_dict(self, dealer: bool | None = None) -> dict[str, Any]:
        """JSON data: the ruleset's relevant rules and one table per winner (dealer, non-dealer, or
        both when ``dealer`` is None). A null ``ron`` or ``tsumo`` marks an impossible cell."""
        tables = []
        for d in _winners(dealer):
            tables.append({
                "winner": "dealer" if d else "non-dealer",
                "cells": [e.to_dict(d) for e in self.cells],
                "limits": [e.to_dict(d) for e in self.limits],
                "yakuman": [e.to_dict(d) for e in self.yakuman],
            })
        return {
            "ruleset": self.ruleset, "kiriage": self.kiriage, "kazoe": self.kazoe, "uncapped": self.uncapped,
            "honba_value": self.honba_value, "players": self.players,
            **({"tsumo_loss": self.tsumo_loss} if self.players == 3 else {}),
            "han": list(self.han), "fu": list(self.fu), "tables": tables,
        }

    def to_json(self, dealer: bool | None = None) -> str:
        return json.dumps(self.to_dict(dealer), ensure_ascii=False)

    def to_csv(self, dealer: bool | None = None) -> str:
        """One row per entry and winner: ``winner,kind,han,max_han,fu,yakuman,limit,base,ron,tsumo,
        tsumo_non_dealer,tsumo_dealer,tsumo_total``; empty ron / tsumo fields mark impossible cells;
        ``tsumo_dealer`` is empty when the dealer won ("X all")."""
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(["winner", "kind", "han", "max_han", "fu", "yakuman", "limit", "base", "ron", "tsumo",
                    "tsumo_non_dealer", "tsumo_dealer", "tsumo_total"])
        for d in _winners(dealer):
            for e in self.entries:
                x = e.to_dict(d)
                t = x["tsumo"]
                w.writerow([
                    _empty(v) for v in (
                        "dealer" if d else "non-dealer", x["kind"], x["han"], x["max_han"], x["fu"], x["yakuman"],
                        x["limit"], x["base"], x["ron"], t and t["text"], t and t["non_dealer"], t and t["dealer"],
                        t and t["total"],
                    )
                ])
        return buf.getvalue()

    def render(self, dealer: bool | None = None) -> str:
        """The table as text: a ron grid, a tsumo grid and the limit hands, per winner."""
        rules = [f"kiriage {'yes' if self.kiriage else 'no'}"]
        if self.uncapped:
            rules.append("no limits below yakuman (aotenjou)")
        else:
            rules.append(f"13+ han: {'sanbaiman' if self.kazoe == 'sanbaiman' else 'kazoe yakuman'}")
        rules.append(f"up to {yakuman_name(self.max_yakuman)}")
        if self.players == 3:
            rules.append(f"three players, tsumo: {_ABSENT_TEXT[self.tsumo_loss]}")
        out = [f"Point table, ruleset {self.ruleset} ({'; '.join(rules)}). \u2014 = impossible."]
        for d in _winners(dealer):
            who = "Dealer" if d else "Non-dealer"
            out.append("")
            out.append(f"{who} wins by ron:")
            out.extend(self._grid(lambda e: e.ron(d), lambda v: str(v)))
            out.append("")
            pays = "X all" if d else "X-Y: each non-dealer pays X, the dealer Y"
            if self.players == 3:
                pays = "X all: each of the two pays X" if d else "X-Y: the other non-dealer pays X, the dealer Y"
            out.append(f"{who} wins by tsumo ({pays}):")
            out.extend(self._grid(lambda e: e.tsumo(d), lambda v: v.text))
            out.append("")
            out.append(f"{who}, limit hands and yakuman:" if self.limits else f"{who}, yakuman:")
            rows = [("", "han", "ron", "tsumo")]
            for e in self.limits + self.yakuman:
                tsumo = e.tsumo(d)  # limit rows and yakuman are always possible: never None
                tsumo_text = "\u2014" if tsumo is None else tsumo.text
                rows.append((e.limit or "", e.han_text or "-", str(e.ron(d)), tsumo_text))
            widths = [max(len(r[i]) for r in rows) for i in range(4)]
            for r in rows:
                out.append("  " + r[0].ljust(widths[0]) + "  " + "  ".join(c.rjust(w) for c, w in zip(r[1:], widths[1:])))
            for e in self.limits:
                also = self.limit_cells(e.limit) if e.limit is not None else []
                if also:
                    out.append(f"  {e.limit} also: " + ", ".join(f"{h} han {f}+ fu" for h, f in also))
        return "\n".join(out)

    def _grid(self, value: Callable[[Entry], _V | None], text: Callable[[_V], str]) -> list[str]:
        head = ["fu"] + [f"{h} han" for h in self.han]
        rows = [head]
        for fu in self.fu:
            row = [f"{fu}"]
            for h in self.han:
                v = value(self.cell(h, fu))
                row.append("\u2014" if v is None else text(v))
            rows.append(row)
        widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
        return ["  " + "  ".join(c.rjust(w) for c, w in zip(r, widths)) for r in rows]


_ABSENT_TEXT: dict[str, str] = {
    TsumoLoss.LOSS: "tsumo loss (the empty seat's share is not paid)",
    TsumoLoss.NORTH_BISECTION: "north-bisection (the empty seat's share split between the payers)",
    TsumoLoss.NONE: "no tsumo loss (the payers pay the ron value)",
}


def _empty(v: object) -> object:
    return "" if v is None else v


def _winners(dealer: bool | None) -> tuple[bool, ...]:
    return (False, True) if dealer is None else (bool(dealer),)


def _scorer(ruleset: str | Scorer) -> Scorer:
    return ruleset if isinstance(ruleset, Scorer) else Scorer(ruleset)


_cache: dict[tuple[str, int, int | None], PointTable] = {}


def point_table(ruleset: RulesetLike = "tenhou", *, max_yakuman: int = MAX_YAKUMAN, max_han: int | None = None) -> PointTable:
    """Build the point table of a ruleset (a preset name, a TOML path, or a built
    :class:`~mjrules.scoring.scorer.Scorer`). Tables of preset names and paths are cached.

    :param max_yakuman: the largest yakuman multiple listed; lowered to what the ruleset's stacking
        policy (``yakuman_stacking``, ``yakuman_cap``) allows.
    :param max_han: han columns of the grid; default 4, or 13 for a ruleset without limits
        (aotenjou: 5 han and more still depend on fu).
    """
    if isinstance(ruleset, PointTable):
        return ruleset
    key = None
    if isinstance(ruleset, str):
        key = (ruleset, max_yakuman, max_han)
        hit = _cache.get(key)
        if hit is not None:
            return hit
    table = _build(_scorer(ruleset), max_yakuman, max_han)
    if key is not None:
        _cache[key] = table
    return table


def _build(scorer: Scorer, max_yakuman: int, max_han: int | None) -> PointTable:
    limit = scorer.limit
    players = scorer.players
    absent = scorer.rules.sanma.tsumo_loss
    # A ruleset has limits when 5 han pays the same whatever the fu (mangan); aotenjou does not.
    uncapped = len({limit(fu, 5) for fu in FU}) > 1
    if max_han is None:
        max_han = UNCAPPED_HAN if uncapped else GRID_HAN
    han = tuple(range(1, max_han + 1))
    cells = []
    kiriage = False
    for fu in FU:
        for h in han:
            total, base = limit(fu, h)
            name = _limit_name(total, base, uncapped)
            cells.append(Entry(h, fu, base, name, h, players=players, absent=absent))
            # kiriage: a cell of 1,920 basic points (4 han 30 fu, 3 han 60 fu) is paid as mangan
            kiriage = kiriage or (name == "mangan" and base == 2000 and fu << (h + 2) == 1920)
    top = max(1, min(max_yakuman, scorer.plugins.yakuman_stacking([1] * max(1, max_yakuman), scorer.flags)))
    limits: list[Entry] = []
    if not uncapped:
        # Group han max_han+1 … into runs that pay the same (mangan 5, haneman 6-7, …, kazoe 13+).
        last = 13 * max(2, top) + 12
        runs: list[tuple[int, int, tuple[int, int]]] = []  # (first han, last han, what it pays)
        for h in range(max_han + 1, last + 1):
            pays = limit(30, h)
            if runs and runs[-1][2] == pays:
                runs[-1] = (runs[-1][0], h, pays)
            else:
                runs.append((h, h, pays))
        for i, (lo, hi, (total, base)) in enumerate(runs):
            open_end = i == len(runs) - 1
            name = _limit_name(total, base, False) or f"{lo} han"
            limits.append(Entry(lo, None, base, name, None if open_end else hi, players=players, absent=absent))
    yakuman = tuple(Entry(None, None, scorer.yakuman_base(m), yakuman_name(m), None, m, players=players, absent=absent)
                    for m in range(1, top + 1))
    return PointTable(
        ruleset=scorer.ruleset.name, han=han, fu=FU, cells=tuple(cells), limits=tuple(limits), yakuman=yakuman,
        kiriage=kiriage,
        kazoe=_kazoe(scorer), uncapped=uncapped, honba_value=scorer.rules.honba.value,
        max_yakuman=top, players=players, tsumo_loss=absent, rules=scorer.rules,
    )


def _kazoe(scorer: Scorer) -> str:
    """What 13 han and more pay, as the ruleset's limits answer: ``sanbaiman`` (no kazoe), one
    ``yakuman``, or a ``multiple`` per 13 han."""
    if not scorer.limit(30, 13).multiple:
        return "sanbaiman"
    return "multiple" if scorer.limit(30, 26).multiple > 1 else "yakuman"


def _limit_name(total: int, base: int, uncapped: bool) -> str | None:
    if total:
        return yakuman_name(total, counted=True)
    if uncapped:
        return None
    return LIMIT_NAMES.get(base)


# -- command line ---------------------------------------------------------------------------
__all__ = [
    "FU", "Entry", "PointTable", "Tsumo", "min_han", "point_table", "ron_points", "tsumo_points",
]
