"""The yaku index: a ruleset's yaku grouped by the reading features they can fire on, so a reading
runs only the checks that could be true for it (the yaku hints, ``Yaku.fits``).

Built once per Scorer. A pool is made on first sight of what decides it, and kept: the features
with only the situation bits that the ``when`` of a yaku that could fit names (the winds of the win
decide no pool unless the hand holds a triplet of that wind), so hands that differ only in the
rest of the situation share a pool.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

import attrs

from mjrules.model.win import SITUATION_BIT
from mjrules.rules.yaku import Yaku
from mjrules.scoring.reading import KOKUSHI, Features, Reading
from mjrules.scoring.result import YakuScore

_MAX_POOLS = 100_000
"""Pools kept at most: a long run meets only so many features; memory stays bounded."""


@attrs.frozen
class Entry:
    """An ordinary yaku of a pool, with its han for the pool's open or closed hands."""

    check: Callable[[Reading, Mapping[str, Any]], Any]
    yaku: Yaku
    han: int
    score: YakuScore


@attrs.frozen
class Pool:
    """The yaku whose checks can fire on readings of one ``Features``."""

    yakuman: tuple[Yaku, ...]
    ordinary: tuple[Entry, ...]
    bonus: tuple[Yaku, ...]
    """Dora-like items: counted only when an ordinary yaku fires."""
    replaces: bool
    """Some ordinary yaku of the pool supersedes another (ryanpeikou drops iipeikou)."""
    alone: bool
    """Some ordinary yaku of the pool is scored on its own (``Yaku.alone``)."""


@attrs.define(frozen=False)  # built per reading: attrs' plain __init__, no frozen setattr
class Hits:
    """The yaku of one reading. ``yaku`` holds either its yakuman or its ordinary yaku and bonus
    items; ``alone`` the yaku scored as an alternative on their own (renhou as a mangan)."""

    yaku: tuple[YakuScore, ...]
    han: int
    """Total han of ``yaku`` (0 for yakuman)."""
    yakuman: bool
    alone: tuple[YakuScore, ...] = ()
    yaku_han: int = 0
    """Han of the ordinary yaku alone, without dora and other bonus items (the han minimum counts these)."""

    @property
    def alone_han(self) -> int:
        return sum(s.han or 0 for s in self.alone)


class YakuIndex:
    """The active yaku of a ruleset, indexed by reading features."""

    def __init__(self, yaku: Sequence[Yaku], multiples: Mapping[str, int]) -> None:
        self.yaku = tuple(yaku)
        self._multiples = multiples
        self._replaces = {y.id: frozenset(y.replaces) for y in yaku if y.replaces}
        self._pools: dict[Features, Pool] = {}
        """Every features seen, with its pool."""
        self._decided: dict[tuple[Features, int], Pool] = {}
        """The pools, by the features without the situation and the situation bits read (``_pool``)."""
        self._unsituated: dict[Features, tuple[tuple[Yaku, ...], int]] = {}
        """Features with the situation left out → the yaku that fit them whatever the situation,
        and the situation bits those yaku's ``when`` hints read."""
        self._by_fits: dict[tuple[bool, bool, tuple[str, ...]], Pool] = {}
        """The pools, by (kokushi, closed, the yaku that fit): features that let the same yaku fit share one."""
        self._own_hints = any(type(y).fits is not Yaku.fits for y in yaku)
        """A subclass of Yaku with hints of its own: pools are keyed by the whole features."""
        self._scores: dict[tuple[str, int, bool], YakuScore] = {}
        self._entries: dict[tuple[str, bool], Entry] = {}
        """Each ordinary yaku's pool entry, for open and for closed hands, shared by the pools."""

    def applicable(self, r: Reading, flags: Mapping[str, Any]) -> Hits | None:
        """The yaku of reading ``r``: its yakuman if any fire, else its ordinary yaku with the
        bonus items; None when nothing makes it a win."""
        pool = self._pools.get(r.features) or self._pool(r.features)
        if pool.yakuman:
            hits = [y for y in pool.yakuman if y.check(r, flags)]
            if hits and not all(y.needs_yaku for y in hits):
                return self._yakuman(hits)
            if hits and self._ordinary(r, flags, pool) is not None:
                return self._yakuman(hits)  # a yakuman that needs a yaku, and has one
        return self._ordinary(r, flags, pool)

    def score(self, y: Yaku, value: int, yakuman: bool = False) -> YakuScore:
        """The shared YakuScore of yaku ``y`` worth ``value`` han (or yakuman)."""
        key = (y.id, value, yakuman)
        hit = self._scores.get(key)
        if hit is None:
            hit = self._scores[key] = (YakuScore(y.id, y.name, y.name_ja, None, value) if yakuman
                                       else YakuScore(y.id, y.name, y.name_ja, value))
        return hit

    def _yakuman(self, hits: list[Yaku]) -> Hits:
        if len(hits) > 1:
            gone = self._replaced(hits)
            hits = [y for y in hits if y.id not in gone]
        return Hits(tuple(self.score(y, self._multiples[y.id], True) for y in hits), 0, True)

    def _ordinary(self, r: Reading, flags: Mapping[str, Any], pool: Pool) -> Hits | None:
        fired = []
        for e in pool.ordinary:  # a plain loop: a comprehension would be one more call per reading
            if e.check(r, flags):
                fired.append(e)
        if not fired:
            return None
        if pool.replaces and len(fired) > 1:
            gone = self._replaced([e.yaku for e in fired])
            fired = [e for e in fired if e.yaku.id not in gone]
        alone: tuple[YakuScore, ...] = ()
        if pool.alone:
            alone = tuple(e.score for e in fired if e.yaku.alone)
            fired = [e for e in fired if not e.yaku.alone]
        scores = []
        han = 0
        for e in fired:
            scores.append(e.score)
            han += e.han
        yaku_han = han
        if scores:
            for y in pool.bonus:
                n = y.check(r, flags)
                if n:
                    scores.append(self._scores.get((y.id, n, False)) or self.score(y, n))
                    han += n
        return Hits(tuple(scores), han, False, alone, yaku_han)

    def _replaced(self, hits: Sequence[Yaku]) -> set[str]:
        """Ids that yaku among ``hits`` supersede."""
        gone: set[str] = set()
        for y in hits:
            gone |= self._replaces.get(y.id, frozenset())
        return gone

    def _pool(self, features: Features) -> Pool:
        if len(self._pools) >= _MAX_POOLS:
            self._pools.clear()
        if self._own_hints:
            pool = self._pools[features] = self._build(features, [y for y in self.yaku if y.fits(features)])
            return pool
        # Yaku.fits reads the situation only through the ``when`` hint: split it off, so that the
        # winds (and riichi, tsumo …) decide a pool only when a yaku that could fit names them.
        unsituated = features._replace(situation=-1)  # -1: every ``when`` holds
        known = self._unsituated.get(unsituated)
        if known is None:
            if len(self._unsituated) >= _MAX_POOLS:
                self._unsituated.clear()
            fits = tuple(y for y in self.yaku if y.fits(unsituated))
            read = 0
            for y in fits:
                if y.when is not None:
                    read |= SITUATION_BIT[y.when]
            known = self._unsituated[unsituated] = (fits, read)
        candidates, read = known
        situation = features.situation & read
        key = (unsituated, situation)
        found = self._decided.get(key)
        if found is not None:
            pool = found
        else:
            if len(self._decided) >= _MAX_POOLS:
                self._decided.clear()
            fits = tuple(y for y in candidates if y.when is None or situation & SITUATION_BIT[y.when])
            same = (features.form == KOKUSHI, features.closed, tuple([y.id for y in fits]))
            shared = self._by_fits.get(same)
            if shared is None:
                if len(self._by_fits) >= _MAX_POOLS:
                    self._by_fits.clear()
                shared = self._by_fits[same] = self._build(features, fits)
            pool = shared
            self._decided[key] = pool
        self._pools[features] = pool
        return pool

    def _build(self, features: Features, fits: Sequence[Yaku]) -> Pool:
        """The pool of readings of ``features`` whose hints ``fits`` (the yaku that fit them)."""
        ordinary = []
        if features.form != KOKUSHI:  # kokushi is a yakuman shape only
            for y in fits:
                han = y.han if features.closed else y.han_open
                if not y.yakuman and not y.bonus and han:
                    key = (y.id, features.closed)
                    entry = self._entries.get(key)
                    if entry is None:
                        entry = self._entries[key] = Entry(y.check, y, han, self.score(y, han))
                    ordinary.append(entry)
        return Pool(
            tuple(y for y in fits if y.yakuman),
            tuple(ordinary),
            tuple(y for y in fits if y.bonus) if ordinary else (),
            any(e.yaku.replaces for e in ordinary),
            any(e.yaku.alone for e in ordinary),
        )
