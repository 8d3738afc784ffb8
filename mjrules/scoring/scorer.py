"""The Scorer: a ruleset compiled once (plugins loaded, yaku collected, flags resolved), then
applied to any number of hands."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Mapping

from mjrules.errors import MjrulesError, PluginError, RulesetError, SituationError
from mjrules.model.hand import Hand
from mjrules.model.win import Win, check_against_hand
from mjrules.rules.plugin_manager import Plugins
from mjrules.rules.ruleset import Ruleset, load_ruleset, suggest
from mjrules.rules.yaku import Yaku
from mjrules.scoring.fu import count_fu
from mjrules.scoring.limits import (
    LIMIT_NAMES,
    YAKUMAN_BASE,
    base_points,
    limit_base,
    yakuman_name,
)
from mjrules.scoring.payments import round_up, settle
from mjrules.scoring.reading import KOKUSHI, Reading, analyse
from mjrules.scoring.result import NoWin, Result, YakuScore, assemble_result

_MAX_POOLS = 100_000
_MAX_SETTLED = 20_000
"""Settlements kept per Scorer at most (see ``Scorer._settle``)."""


class Scorer:
    """Scores hands under one ruleset. Build once, reuse: building loads plugins and collects yaku."""

    def __init__(self, ruleset: Ruleset | str = "majiang", extra_plugins: Mapping[str, Any] | None = None) -> None:
        if isinstance(ruleset, str):
            ruleset = load_ruleset(ruleset)
        self.ruleset = ruleset
        self.plugins = Plugins(ruleset.plugins, extra_plugins)
        self.flags = self._resolve_flags()
        self.yaku_owners = self.plugins.yaku(self.flags)
        self.yaku: list[Yaku] = [y for _, y in self.yaku_owners]
        disabled = set(self.flags.get("disabled_yaku", ()))
        active = [y for y in self.yaku if y.id not in disabled]
        self._yakuman = [y for y in active if y.yakuman]
        self._multiple = {
            y.id: (self.plugins.double_yakuman(y, self.flags) if y.double else y.yakuman) for y in self._yakuman
        }
        self._active = active
        self._has_alone = any(y.alone for y in active)
        self._custom_base = self.plugins.implements("mjrules_base_points")
        self._reds_allowed = tuple(self.flags.get(f"red_fives_{suit}", 4) for suit in "mps")
        self.extras = frozenset(tag for y in active for tag in y.extras)
        """The Win.extras tags some enabled yaku reads."""
        # Per Reading.features: the yakuman, the ordinary yaku with their han, and the bonus items
        # whose checks can fire there, so a hand runs only those.
        self._pools: dict[tuple, tuple[list, list, list, bool]] = {}
        self._replaces = {y.id: frozenset(y.replaces) for y in active if y.replaces}
        self._limits: dict[tuple[int, int], tuple[int, int]] = {}
        self._honba = self.flags.get("honba_value", 300)  # the honba plugin may be disabled
        self._scores: dict[tuple[str, int, bool], YakuScore] = {}
        self._settled: dict[tuple[int, int, int | None, int, int], tuple[int, tuple[int, int, int, int]]] = {}

    def yakuman_base(self, multiple: int) -> int:
        """Basic points of a natural yakuman hand of that multiple under this ruleset."""
        if self._custom_base:
            custom = self.plugins.base_points(None, 0, multiple, self.flags)
            if custom is not None:
                return custom
        return YAKUMAN_BASE * multiple

    def yakuman_multiple(self, y: Yaku) -> int:
        """The multiple a yakuman counts under this ruleset (after the double-yakuman policy)."""
        return self._multiple.get(y.id, y.yakuman)

    def _resolve_flags(self) -> Mapping[str, Any]:
        declared = self.plugins.flags()
        values = {name: flag.default for name, (_, flag) in declared.items()}
        for name, value in self.ruleset.flags.items():
            where = self.ruleset.origin.get(name, self.ruleset.name)
            if name not in declared:
                if self.ruleset.path and where != "<api>" and not where.startswith(self.ruleset.path):
                    continue  # set by a parent for a plugin this ruleset disabled
                raise RulesetError(
                    f"{where}: [flags] {name}: unknown flag{suggest(name, declared)}; "
                    f"no enabled plugin declares it"
                )
            owner = self.ruleset.owners.get(name)
            if owner is not None and declared[name][0] != owner:
                raise RulesetError(f"{where}: {name}: declared by plugin {declared[name][0]!r}, not {owner!r}")
            key = f"{where}: {name}" if "[plugin." in where else f"{where}: [flags] {name}"
            values[name] = declared[name][1].validate(value, key)
        return MappingProxyType(values)

    # -- one hand ---------------------------------------------------------------------------
    def score(self, hand: Hand, win: Win) -> Result | NoWin:
        """Score a hand; NoWin when it has no winning shape or no yaku under this ruleset."""
        check_against_hand(hand, win)
        if win.extras:
            self._check_ruleset(hand, win)
        elif hand.red_fives:  # checked in place, the usual case; _check_red names what is wrong
            reds = hand.reds
            allowed = self._reds_allowed
            if not (reds[0] <= allowed[0] and reds[1] <= allowed[1] and reds[2] <= allowed[2]):
                self._check_red(hand)
        return self.score_readings(analyse(hand, win))

    def check(self, hand: Hand, win: Win) -> None:
        """Refuse a hand and win that contradict each other or this ruleset (red fives it does
        not have, situation tags no enabled yaku reads)."""
        check_against_hand(hand, win)
        self._check_ruleset(hand, win)

    def _check_ruleset(self, hand: Hand, win: Win) -> None:
        if win.extras and not win.extras <= self.extras:
            unknown = sorted(win.extras - self.extras)
            raise SituationError(
                f"situation tag {unknown[0]!r} is read by no enabled yaku"
                + (f" (known: {', '.join(sorted(self.extras))})" if self.extras else "")
            )
        if hand.red_fives:
            self._check_red(hand)

    def allows_red_fives(self, hand: Hand) -> bool:
        """Whether this ruleset's set has as many red fives of each suit as the hand holds."""
        try:
            self._check_red(hand)
        except SituationError:
            return False
        return True

    def _check_red(self, hand: Hand) -> None:
        for suit, n, allowed in zip("mps", hand.reds, self._reds_allowed):
            if n > allowed:
                raise SituationError(
                    f"red 0{suit}: the hand holds {n} red five{'s' if n > 1 else ''} of {suit}, "
                    f"this ruleset's set has {allowed} (flag red_fives_{suit})"
                )

    def score_readings(self, readings: list[Reading]) -> Result | NoWin:
        """Score precomputed readings (``mjrules.scoring.reading.analyse``), e.g. to reuse them across rulesets."""
        if not readings:
            return NoWin("no winning shape: the tiles do not form four sets and a pair, seven pairs or kokushi")
        try:
            best = self._best(readings)
        except MjrulesError:
            raise
        except Exception as e:  # a plugin's check or policy failed: name it
            raise self._blame(readings, e) from e
        if best is None:
            return NoWin("no yaku: the hand has a winning shape but nothing that counts as a yaku")
        return self._result(best, self.flags, readings)

    def _blame(self, readings: list[Reading], error: Exception) -> PluginError:
        owner = {y.id: plugin for plugin, y in self.yaku_owners}
        for r in readings:
            for y in self._active:
                try:
                    y.check(r, self.flags)
                except Exception as e:
                    return PluginError(f"yaku {y.id!r} of plugin {owner[y.id]!r} failed: {type(e).__name__}: {e}")
        return PluginError(f"a plugin failed while scoring: {type(error).__name__}: {error}")

    def _best(self, readings: list[Reading]):
        best = None
        flags = self.flags
        pools = self._pools
        for r in readings:
            pool = pools.get(r.features) or self._pool(r.features)
            cand = None
            if pool[0]:
                hits = [y for y in pool[0] if y.check(r, flags)]
                if hits:
                    cand = self._yakuman_candidate(r, hits)
            if cand is None:
                scored = []
                for p in pool[1]:  # a plain loop: a comprehension would be one more call per reading
                    if p[0](r, flags):
                        scored.append(p)
                if not scored:
                    continue
                cand = self._ordinary_candidate(r, scored, pool)
                if cand is None:
                    continue
            if best is None:
                best = cand
            else:  # the reading that pays most, then more han, then more fu
                if best[0] is None:
                    best = (self._rank(best), *best[1:])
                cand = (self._rank(cand), *cand[1:])
                if cand[0] > best[0]:
                    best = cand
        return best

    def _pool(self, key: tuple) -> tuple[list, list, list, bool]:
        """(yakuman, ordinary yaku as (check, yaku, han, score), bonus items, whether one of
        the ordinary yaku replaces another) whose checks can fire on readings with features ``key``."""
        if len(self._pools) >= _MAX_POOLS:  # a long run meets only so many; keep memory bounded
            self._pools.clear()
        form, closed = key[0], key[3]
        fits = [y for y in self._active if y.fits(key)]
        ordinary = []
        if form != KOKUSHI:  # kokushi is a yakuman shape only
            for y in fits:
                han = y.han if closed else y.han_open
                if not y.yakuman and not y.bonus and han is not None:
                    ordinary.append((y.check, y, han, self._score_of(y, han, False)))
        pool = self._pools[key] = (
            [y for y in fits if y.yakuman],
            ordinary,
            [y for y in fits if y.bonus] if ordinary else [],
            any(y.replaces for _, y, _, _ in ordinary),
        )
        return pool

    def _yakuman_candidate(self, r: Reading, hits: list[Yaku]):
        flags = self.flags
        if len(hits) > 1:
            gone = self._replaced(hits)
            if gone:
                hits = [y for y in hits if y.id not in gone]
        multiples = [self._multiple[y.id] for y in hits]
        total = self.plugins.yakuman_stacking(multiples, flags)
        if total <= 0:
            raise PluginError(f"yakuman stacking policy returned {total} for {multiples}")
        base = YAKUMAN_BASE * total
        if self._custom_base:
            custom = self.plugins.base_points(None, 0, total, flags)
            if custom is not None:
                base = custom
        pairs = list(zip(hits, multiples))
        scored = [self._score_of(y, m, True) for y, m in pairs]
        liability = self.plugins.pao(r, [(y.id, m) for y, m in pairs], total, flags)
        return None, r, scored, None, None, total, base, liability

    def _ordinary_candidate(self, r: Reading, scored: list, pool: tuple):
        """The value of reading ``r`` with the ordinary yaku (pool entries) whose checks fired."""
        flags = self.flags
        if pool[3] and len(scored) > 1:
            gone = self._replaced([p[1] for p in scored])
            if gone:
                scored = [p for p in scored if p[1].id not in gone]
        alone = None
        if self._has_alone:
            alone = [p for p in scored if p[1].alone]
            if alone:
                scored = [p for p in scored if not p[1].alone]
        fu = count_fu(r, flags)[0]
        cand = None
        if scored:
            han = 0
            yaku = []
            for p in scored:
                han += p[2]
                yaku.append(p[3])
            for y in pool[2]:
                n = y.check(r, flags)
                if n:
                    yaku.append(self._scores.get((y.id, n, False)) or self._score_of(y, n, False))
                    han += n
            total, base = self._limits.get((fu, han)) or self.limit(fu, han)
            cand = (None, r, yaku, han, fu, total, base, None)
        if alone:  # the alternative: that yaku on its own, no other yaku and no dora
            han = sum(p[2] for p in alone)
            total, base = self.limit(fu, han)
            other = (None, r, [p[3] for p in alone], han, fu, total, base, None)
            if cand is None or self._rank(other) > self._rank(cand):
                cand = other
        return cand

    def limit(self, fu: int, han: int) -> tuple[int, int]:
        """(kazoe yakuman multiple, basic points) of an ordinary hand of ``fu`` and ``han`` under
        this ruleset: limits, kiriage, kazoe, or a plugin's own base points (aotenjou)."""
        hit = self._limits.get((fu, han))
        if hit is None:  # policies are pure functions of fu, han and the flags: ask once
            hit = self._limits[(fu, han)] = self._limit(fu, han)
        return hit

    def _limit(self, fu: int, han: int) -> tuple[int, int]:
        if self._custom_base:
            custom = self.plugins.base_points(fu, han, 0, self.flags)
            if custom is not None:
                return 0, custom
        if han >= 13:
            total = self.plugins.kazoe_yakuman(han, self.flags)
            return total, (YAKUMAN_BASE * total if total else 6000)
        raw = base_points(fu, han) if han < 5 else 2000
        base = limit_base(han, raw)
        if raw == 1920 and self.plugins.kiriage_mangan(fu, han, self.flags):
            base = 2000
        return 0, base

    @staticmethod
    def _rank(cand) -> tuple[int, int, int]:
        """Sort key of a candidate: the hand's value, then han, then fu (yakuman above all han)."""
        _, r, _, han, fu, total, base, _ = cand
        win = r.win
        if not win.tsumo:
            value = round_up(base * (6 if win.seat_wind == 0 else 4))
        elif win.seat_wind == 0:
            value = 3 * round_up(base * 2)
        else:
            value = round_up(base * 2) + 2 * round_up(base)
        return (value, 1000 + total if han is None else han, fu or 0)

    def _replaced(self, hits: list[Yaku]) -> set[str]:
        """Ids that yaku among ``hits`` supersede (ryanpeikou drops iipeikou)."""
        gone: set[str] = set()
        for y in hits:
            rep = self._replaces.get(y.id)
            if rep:
                gone |= rep
        return gone

    def _score_of(self, y: Yaku, value: int, yakuman: bool) -> YakuScore:
        key = (y.id, value, yakuman)
        hit = self._scores.get(key)
        if hit is None:
            if yakuman:
                hit = YakuScore(y.id, y.name, y.name_ja, None, value)
            else:
                hit = YakuScore(y.id, y.name, y.name_ja, value)
            self._scores[key] = hit
        return hit

    def _settle(self, base: int, winner: int, discarder: int | None, honba: int, sticks: int):
        """(hand value, payments) of a hand without a liable player, kept for the next hand that
        settles alike: most do, as the values of base points, seats and counters are few. Results
        then also share their payment tuples, which leaves the garbage collector fewer objects."""
        value, pay = settle(base, winner, discarder, honba, sticks, self._honba)
        hit = value, tuple(pay)
        if len(self._settled) < _MAX_SETTLED:
            self._settled[(base, winner, discarder, honba, sticks)] = hit
        return hit

    def _result(self, best, flags, readings: list[Reading]) -> Result:
        _, r, scored, han, fu, total, base, liability = best
        win = r.win
        winner = win.seat_wind
        discarder = None if win.tsumo else (winner + win.discarder) % 4
        if liability is None:
            liable = None
            value, payments = (self._settled.get((base, winner, discarder, win.honba, win.riichi_sticks))
                               or self._settle(base, winner, discarder, win.honba, win.riichi_sticks))
        else:
            liable = (winner + liability.offset) % 4
            # The liable player's share of the basic points: their yakuman out of the hand's
            # (8,000 each under the usual limits; proportional under aotenjou).
            liable_base = base * min(liability.multiple, total) // total if total else base
            value, pay = settle(base, winner, discarder, win.honba, win.riichi_sticks, self._honba, liable, liability,
                                liable_base)
            payments = tuple(pay)
        index = readings.index(r)
        if han is None:  # natural yakuman
            return assemble_result(tuple(scored), None, None, total, yakuman_name(total), base, value, payments, liable,
                          r.hand, win, index, flags)
        # A counted (kazoe) yakuman keeps han and fu and is not a natural yakuman: multiple 0.
        limit = yakuman_name(total, counted=True) if total else LIMIT_NAMES.get(base)
        return assemble_result(tuple(scored), han, fu, 0, limit, base, value, payments, liable, r.hand, win, index,
                               flags)
