"""The yaku index: which yaku checks a reading runs, decided by its ``Features`` alone.

A yaku's hints (``Yaku.fits``) say on which features its check can fire. The index keeps, for each
features value seen, a ``Pool``: the yakuman, ordinary yaku (with their han for open or closed
hands) and bonus items that fit it. ``applicable`` runs only the checks of the reading's pool.

A pool is found in two steps, each kept in a bounded cache: the yaku that fit the features with the
situation left out (``Yaku.fits`` reads the situation only through ``when``), then of those the
ones whose ``when`` holds in this situation. Features that leave the same yaku fitting share one
pool, so hands that differ only in a situation no fitting yaku names (the winds, without a wind
triplet) use the same pool. A Yaku subclass with hints of its own is asked about the whole features.
"""

from __future__ import annotations

import functools
from typing import Mapping, Sequence

import attrs

from mjrules.model.win import SITUATION_BIT
from mjrules.rules.flags import Flags
from mjrules.rules.yaku import Check, Yaku
from mjrules.readings.reading import KOKUSHI, Features, Reading
from mjrules.scoring.result import YakuScore

_MAX_POOLS = 100_000
"""Entries each cache of the index keeps at most: a long run meets only so many features."""


@attrs.frozen
class Entry:
    """An ordinary yaku of a pool, with its han for the pool's open or closed hands."""

    check: Check
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
        self._by_id = {y.id: y for y in yaku}
        self._own_hints = any(type(y).fits is not Yaku.fits for y in yaku)
        """A subclass of Yaku with hints of its own: it is asked about the whole features."""
        # Bounded caches of pure functions of their arguments (functools.lru_cache per index).
        self.pool = functools.lru_cache(maxsize=_MAX_POOLS)(self._pool)
        """The ``Pool`` of a ``Features``."""
        self._unsituated = functools.lru_cache(maxsize=_MAX_POOLS)(self._fit_in_any_situation)
        self._shared = functools.lru_cache(maxsize=_MAX_POOLS)(self._build)
        self._scores: dict[tuple[str, int, bool], YakuScore] = {}
        self._entries: dict[tuple[str, bool], Entry] = {}
        """Each ordinary yaku's pool entry, for open and for closed hands, shared by the pools."""

    def applicable(self, r: Reading, flags: Flags) -> Hits | None:
        """The yaku of reading ``r``: its yakuman if any fire, else its ordinary yaku with the
        bonus items; None when nothing makes it a win."""
        pool = self.pool(r.features)
        if pool.yakuman:
            hits = [y for y in pool.yakuman if y.check(r, flags)]
            if hits and not all(y.needs_yaku for y in hits):
                return self._yakuman(hits)
            if hits and self._ordinary(r, flags, pool) is not None:
                return self._yakuman(hits)  # a yakuman that needs a yaku, and has one
        return self._ordinary(r, flags, pool)

    def multiple(self, yid: str) -> int:
        """The multiple the yakuman ``yid`` counts here (after the double-yakuman policy)."""
        return self._multiples[yid]

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
        return Hits(yaku=tuple(self.score(y, self._multiples[y.id], True) for y in hits), han=0, yakuman=True)

    def _ordinary(self, r: Reading, flags: Flags, pool: Pool) -> Hits | None:
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
        return Hits(yaku=tuple(scores), han=han, yakuman=False, alone=alone, yaku_han=yaku_han)

    def _replaced(self, hits: Sequence[Yaku]) -> set[str]:
        """Ids that yaku among ``hits`` supersede."""
        gone: set[str] = set()
        for y in hits:
            gone |= self._replaces.get(y.id, frozenset())
        return gone

    def _pool(self, features: Features) -> Pool:
        if self._own_hints:
            fits = tuple(y for y in self.yaku if y.fits(features))
        else:
            candidates, read = self._unsituated(features._replace(situation=-1))  # -1: every ``when`` holds
            situation = features.situation & read
            fits = tuple(y for y in candidates if y.when is None or situation & SITUATION_BIT[y.when])
        return self._shared(features.form == KOKUSHI, features.closed, tuple([y.id for y in fits]))

    def _fit_in_any_situation(self, unsituated: Features) -> tuple[tuple[Yaku, ...], int]:
        """The yaku that fit ``unsituated`` (situation -1), and the situation bits their ``when`` name."""
        fits = tuple(y for y in self.yaku if y.fits(unsituated))
        read = 0
        for y in fits:
            if y.when is not None:
                read |= SITUATION_BIT[y.when]
        return fits, read

    def _build(self, kokushi: bool, closed: bool, ids: tuple[str, ...]) -> Pool:
        """The pool of readings (kokushi or not, closed or open) on which the yaku ``ids`` fit."""
        fits = [self._by_id[i] for i in ids]
        ordinary = []
        if not kokushi:  # kokushi is a yakuman shape only
            for y in fits:
                han = y.han if closed else y.han_open
                if not y.yakuman and not y.bonus and han:
                    key = (y.id, closed)
                    entry = self._entries.get(key)
                    if entry is None:
                        entry = self._entries[key] = Entry(check=y.check, yaku=y, han=han, score=self.score(y, han))
                    ordinary.append(entry)
        return Pool(
            yakuman=tuple(y for y in fits if y.yakuman),
            ordinary=tuple(ordinary),
            bonus=tuple(y for y in fits if y.bonus) if ordinary else (),
            replaces=any(e.yaku.replaces for e in ordinary),
            alone=any(e.yaku.alone for e in ordinary),
        )
