"""The Scorer: a ruleset compiled once (plugins loaded, flags resolved into the rules object, yaku
indexed, the plan made), then applied to any number of hands.

``Scorer.score`` is the whole pipeline: check the input, find the readings, and for each reading
its yaku, fu, limit and payments; the reading that pays most wins. The native kernel runs the same
pipeline from the plan (``mjrules.scoring.plan``) and hands back what the Python code below would;
where it declines a hand (an error to name, a rare case), the Python code runs.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Mapping

import attrs

from mjrules.errors import MjrulesError, PluginError, RulesetError, SituationError
from mjrules.model.hand import Hand
from mjrules.model.win import ROBBED_ANKAN, ROBBED_KITA, Win
from mjrules.rules.flags import Flags, FlagValue
from mjrules.rules.choices import NagashiMode, PaoHonba
from mjrules.rules.plugin_manager import Plugins
from mjrules.rules.resolve import flag_origin, resolve_flags
from mjrules.rules.rules import Rules
from mjrules.rules.flags import suggest
from mjrules.rules.ruleset import Ruleset, load_ruleset
from mjrules.rules.yaku import Yaku
from mjrules.readings.fu import Fu
from mjrules.scoring.limits import LIMIT_NAMES, MANGAN, Limit, LimitPolicy, yakuman_name
from mjrules.scoring.payments import LiableShare, WinPayment, settle
from mjrules.scoring.plan import Plan, compile_plan
from mjrules.readings.reading import KOKUSHI, Reading, analyse
from mjrules.scoring.result import Nagashi, NoWin, NoWinCode, Result, YakuScore
from mjrules.scoring.seats import Seating, seating_for
from mjrules.scoring.yaku_index import Hits, YakuIndex

NO_SHAPE = "no winning shape: the tiles do not form four sets and a pair, seven pairs or kokushi"
NO_YAKU = "no yaku: the hand has a winning shape but nothing that counts as a yaku"
ROBBED_ANKAN_ONLY_KOKUSHI = "robbing a closed kan (robbed_ankan): only kokushi musou may, and this hand is not one"
ROBBED_ANKAN_REFUSED = ("robbing a closed kan (robbed_ankan): this ruleset lets no hand do it, kokushi musou included "
                        "(flag kokushi_ankan_chankan = false)")


@lru_cache(maxsize=64)
def shared_index(yaku: tuple[Yaku, ...], multiples: tuple[tuple[str, int], ...]) -> YakuIndex:
    """The yaku index of these yaku and yakuman multiples, shared by every Scorer of this process
    that has the same: an index depends on nothing else (the flags are passed to each check), so
    Scorers that differ in a flag that changes no yaku (the rulesets ``compare`` builds to name a
    cause, the "rule" objects of ``batch``) start with the pools another has filled."""
    return YakuIndex(yaku, dict(multiples))


@attrs.define  # internal, built per reading and never changed: attrs' plain __init__ (bench/README.md)
class Candidate:
    """One reading priced: its yaku, han and fu (None for a natural yakuman), limit and payments."""

    reading: Reading
    yaku: tuple[YakuScore, ...]
    han: int | None
    fu: Fu | None
    limit: Limit
    paid: WinPayment
    liable: tuple[LiableShare, ...]

    @property
    def rank(self) -> tuple[int, int, int]:
        """The reading that pays most wins, then more han, then more fu (yakuman above all han)."""
        return (self.paid.value, 1000 + self.limit.multiple if self.han is None else self.han,
                0 if self.fu is None else self.fu.total)


class Scorer:
    """Scores hands under one ruleset. Build once, reuse: building loads plugins and indexes yaku."""

    def __init__(self, ruleset: Ruleset | str = "majiang", extra_plugins: Mapping[str, object] | None = None, *,
                 plugins: Plugins | None = None) -> None:
        """``plugins``: already loaded for this ruleset's plugin list (``with_flags`` shares them)."""
        if isinstance(ruleset, str):
            ruleset = load_ruleset(ruleset)
        self.ruleset = ruleset
        self.plugins = Plugins(ruleset.plugins, extra_plugins) if plugins is None else plugins
        self.players = ruleset.players
        self.flags: Flags = resolve_flags(ruleset, self.plugins)
        """Every declared flag's value, for plugins and for listings of flags; the core reads ``rules``."""
        self.rules: Rules = self.plugins.rules(self.flags, ruleset.players, lambda f: flag_origin(ruleset, f))
        """The ruleset's values the core and tools read, typed."""
        self.seating: Seating = seating_for(self.rules, ruleset.name)
        self.yaku_owners = self._active_yaku()
        """Each yaku this ruleset scores, with the plugin that registered it."""
        self.yaku: list[Yaku] = [y for _, y in self.yaku_owners]
        multiples = {y.id: self.yakuman_multiple(y) for y in self.yaku if y.yakuman}
        self.index = self._index(multiples)
        self.limits = LimitPolicy(self.plugins, self.flags)
        self.extras = frozenset(tag for y in self.yaku for tag in y.extras)
        """The Win.extras tags some enabled yaku reads."""
        if self.rules.sanma.kita:
            self.extras |= {ROBBED_KITA}
        self.plan: Plan = compile_plan(self, NoWin(NoWinCode.NO_SHAPE, NO_SHAPE), NoWin(NoWinCode.NO_YAKU, NO_YAKU))
        """The ruleset compiled: which parts run natively, and the kernel's runner (None: all Python)."""
        self._native = self.plan.runner

    def with_flags(self, **flags: FlagValue | list[str] | list[int]) -> Scorer:
        """A Scorer of this ruleset with some flags changed. It shares this one's plugins (they hold
        no state of their own) and, when the change leaves the yaku as they are, its yaku index."""
        return Scorer(self.ruleset.with_flags(**flags), plugins=self.plugins)

    @property
    def red_fives(self) -> tuple[int, int, int]:
        """How many red fives of each suit (m, p, s) the ruleset's set has."""
        return self.rules.tiles.red_fives

    # -- one hand ---------------------------------------------------------------------------
    def score(self, hand: Hand, win: Win) -> Result | NoWin:
        """Score a hand; NoWin when it has no winning shape or no yaku under this ruleset."""
        native = self._native
        if native is not None:
            done: Result | NoWin | None = native.score(hand, win, True)
            if done is not None:
                return done
        self.check(hand, win)
        return self.score_readings(analyse(hand, win))

    def score_unchecked(self, hand: Hand, win: Win) -> Result | NoWin:
        """``score_readings(analyse(hand, win))``: the hand scored without ``check`` (the caller
        has checked it, or scores it under a ruleset that need not accept it, as ``compare``'s
        counterfactuals do)."""
        native = self._native
        if native is not None:
            done: Result | NoWin | None = native.score(hand, win, False)
            if done is not None:
                return done
        return self.score_readings(analyse(hand, win))

    def score_readings(self, readings: list[Reading]) -> Result | NoWin:
        """Score precomputed readings (``analyse``), e.g. to share them across rulesets."""
        if not readings:
            return NoWin(NoWinCode.NO_SHAPE, NO_SHAPE)
        win = readings[0].win
        if ROBBED_ANKAN in win.extras:
            readings = [r for r in readings if r.form == KOKUSHI]
            if not readings or ROBBED_ANKAN not in self.extras:
                return NoWin(NoWinCode.ROBBED_ANKAN,
                             ROBBED_ANKAN_REFUSED if ROBBED_ANKAN not in self.extras else ROBBED_ANKAN_ONLY_KOKUSHI)
        need = self.rules.win.min_han_at(win.honba)
        # who pays a rinshan win after a daiminkan alone: it depends on the melds, not the reading
        rinshan = self.plugins.rinshan_pao(readings[0], self.flags) if win.rinshan and win.tsumo else None
        best: Candidate | None = None
        short = 0  # the most han of yaku among readings below the minimum
        try:
            for reading in readings:
                hits = self.index.applicable(reading, self.flags)
                if hits is None:
                    continue
                candidate = self._price(reading, hits, need, rinshan)
                if candidate is None:
                    short = max(short, hits.yaku_han, hits.alone_han)
                elif best is None or candidate.rank > best.rank:
                    best = candidate
        except MjrulesError:
            raise
        except Exception as e:  # a plugin's check or policy failed: name it
            raise self._blame(readings, e) from e
        if best is None:
            if short:
                return NoWin(NoWinCode.TOO_FEW_HAN, self._too_few(short, need))
            return NoWin(NoWinCode.NO_YAKU, NO_YAKU)
        return self._result(best)

    def _too_few(self, han: int, need: int) -> str:
        rule = self.rules.win
        why = (f"flag ryanshiba_honba = {rule.ryanshiba_honba}: {need} han from {rule.ryanshiba_honba} honba on"
               if need > rule.min_han else f"flag min_han = {need}")
        return (f"too few han: the best reading has {han} han of yaku (dora do not count), "
                f"this ruleset needs {need} ({why})")

    def _price(self, reading: Reading, hits: Hits, need: int, rinshan: int | None) -> Candidate | None:
        """The reading's value with the yaku that fired: fu, limit, payments; None when its
        yaku have fewer than ``need`` han. ``rinshan``: the seat offset of a player who pays
        a rinshan win alone (rinshan pao)."""
        if hits.yakuman:
            limit = self.limits.yakuman([s.yakuman for s in hits.yaku])
            liable = self._liable(reading, hits, limit)
            if not liable and rinshan is not None:
                liable = self._rinshan_liable(reading, limit, rinshan)
            return Candidate(reading=reading, yaku=hits.yaku, han=None, fu=None, limit=limit,
                             paid=self.seating.pay(limit.base, reading.win, liable), liable=liable)
        fu = self.rules.fu.count(reading)
        best = None
        if hits.yaku and hits.yaku_han >= need:
            best = self._ordinary(reading, hits.yaku, hits.han, fu, rinshan)
        if hits.alone and hits.alone_han >= need:  # the alternative: that yaku on its own, no other yaku and no dora
            other = self._ordinary(reading, hits.alone, hits.alone_han, fu, rinshan)
            if best is None or other.rank > best.rank:
                best = other
        return best

    def _ordinary(self, reading: Reading, yaku: tuple[YakuScore, ...], han: int, fu: Fu,
                  rinshan: int | None) -> Candidate:
        """A reading without a natural yakuman, paid with these yaku of ``han`` han."""
        limit = self.limits.ordinary(fu.total, han)
        liable = () if rinshan is None else self._rinshan_liable(reading, limit, rinshan)
        return Candidate(reading=reading, yaku=yaku, han=han, fu=fu, limit=limit,
                         paid=self.seating.pay(limit.base, reading.win, liable), liable=liable)

    def _result(self, best: Candidate) -> Result:
        seats = tuple(one.seat for one in best.liable)
        multiple = best.limit.multiple
        if best.fu is None:  # a natural yakuman
            limit: str | None = yakuman_name(multiple)
        else:  # a counted (kazoe) yakuman keeps han and fu and is not a natural yakuman: multiple 0
            limit = yakuman_name(multiple, counted=True) if multiple else LIMIT_NAMES.get(best.limit.base)
        return Result(yaku=best.yaku, han=best.han, fu=None if best.fu is None else best.fu.total,
                      yakuman=multiple if best.fu is None else 0, limit=limit, base=best.limit.base,
                      points=best.paid.value, payments=best.paid.payments, liable=seats[0] if seats else None,
                      paid=best.reading, fu_items=() if best.fu is None else best.fu.items, liable_seats=seats)

    # -- payments -----------------------------------------------------------------------------
    def _liable(self, reading: Reading, hits: Hits, limit: Limit) -> tuple[LiableShare, ...]:
        """Who is liable (pao) for this yakuman hand, by the ruleset's pao policy."""
        liabilities = self.plugins.pao(reading, [(s.id, s.yakuman) for s in hits.yaku], limit.multiple, self.flags)
        # Each liable player's share of the base points: their yakuman out of the hand's
        # (8,000 each under the usual limits; proportional under aotenjou).
        return tuple(LiableShare(self.seating.seat(reading.win, one.offset),
                                 limit.base * min(one.multiple, limit.multiple) // limit.multiple,
                                 one.honba is PaoHonba.LIABLE)
                     for one in liabilities)

    def _rinshan_liable(self, reading: Reading, limit: Limit, offset: int) -> tuple[LiableShare, ...]:
        """Rinshan pao: the player who made the daiminkan pays the whole hand and its honba, as on a ron."""
        return (LiableShare(self.seating.seat(reading.win, offset), limit.base, True),)

    def nagashi(self, seat_wind: int, honba: int = 0, riichi_sticks: int = 0) -> Nagashi | NoWin:
        """Nagashi mangan by ``seat_wind`` at an exhaustive draw, as the ruleset pays it
        (``Rules.nagashi``): a mangan tsumo's amounts, as a draw payment or as a win."""
        if seat_wind not in range(self.players):
            raise SituationError(f"seat {seat_wind!r}: expected 0 (East) to {self.players - 1}")
        if honba < 0 or riichi_sticks < 0:
            raise SituationError(f"honba {honba} and riichi sticks {riichi_sticks} must not be negative")
        mode = self.rules.nagashi.mode
        if mode is NagashiMode.NONE:
            return NoWin(NoWinCode.NOT_PAID, "this ruleset does not pay nagashi mangan (flag nagashi_mangan = none)")
        absent = self.rules.sanma.tsumo_loss
        if mode is NagashiMode.DRAW:  # no honba, and the sticks stay on the table
            honba = riichi_sticks = 0
        paid = settle(MANGAN, seat_wind, None, honba, riichi_sticks, self.rules.honba.value, players=self.players,
                      absent=absent)
        return Nagashi(mode, MANGAN, paid.value, paid.payments)

    # -- what the ruleset says about itself ----------------------------------------------------
    def yakuman_base(self, multiple: int) -> int:
        """Basic points of a natural yakuman hand of that multiple under this ruleset."""
        return self.limits.yakuman_base(multiple)

    def yakuman_multiple(self, y: Yaku) -> int:
        """The multiple a yakuman counts under this ruleset (after the double-yakuman policy)."""
        return self.plugins.double_yakuman(y, self.flags) if y.double else y.yakuman

    def limit(self, fu: int, han: int) -> Limit:
        """(kazoe yakuman multiple, basic points) of an ordinary hand of ``fu`` and ``han``."""
        return self.limits.ordinary(fu, han)

    # -- checks ----------------------------------------------------------------------------------
    def check(self, hand: Hand, win: Win) -> None:
        """Refuse a hand and win that contradict each other, the table or this ruleset (red fives
        its set does not have, situation tags no enabled yaku reads)."""
        self.seating.check(hand, win)
        if ROBBED_ANKAN in win.extras and not win.chankan:
            raise SituationError(f"situation tag {ROBBED_ANKAN!r} says a closed kan was robbed: that is a chankan, "
                                 "and the win does not say chankan")
        # robbed_ankan is known whenever kokushi is: the ruleset may still refuse it (score_readings)
        unknown = sorted(win.extras - self.extras - {ROBBED_ANKAN}) if win.extras else ()
        if unknown:
            raise SituationError(
                f"situation tag {unknown[0]!r} is read by no enabled yaku"
                + (f" (known: {', '.join(sorted(self.extras))})" if self.extras else "")
            )
        if hand.red_fives and not self.rules.tiles.allows(hand.reds):
            for suit, n, allowed in zip("mps", hand.reds, self.rules.tiles.red_fives):
                if n > allowed:
                    raise SituationError(
                        f"red 0{suit}: the hand holds {n} red five{'s' if n > 1 else ''} of {suit}, "
                        f"this ruleset's set has {allowed} (flag red_fives_{suit})"
                    )

    def allows_red_fives(self, hand: Hand) -> bool:
        """Whether this ruleset's set has as many red fives of each suit as the hand holds."""
        return self.rules.tiles.allows(hand.reds)

    # -- building ----------------------------------------------------------------------------------
    def _index(self, multiples: dict[str, int]) -> YakuIndex:
        try:
            return shared_index(tuple(self.yaku), tuple(sorted(multiples.items())))
        except TypeError:  # a plugin's yaku that cannot be hashed: an index of its own
            return YakuIndex(self.yaku, multiples)

    def _active_yaku(self) -> list[tuple[str, Yaku]]:
        """The registered yaku less ``disabled_yaku``: a yaku the ruleset switches off is not
        registered, so what is listed is what scores."""
        registered = self.plugins.yaku(self.flags, self.rules)
        disabled = self.rules.win.disabled_yaku
        ids = [y.id for _, y in registered]
        if any(yid not in ids for yid in disabled):
            # a yaku another flag already switches off (ippatsu = false, a set without red fives)
            # is still a yaku of these plugins: naming it is redundant, not a typo
            defaults = Flags({name: flag.default for name, (_, flag) in self.plugins.flags().items()})
            ids += [y.id for _, y in self.plugins.yaku(defaults, self.rules) if y.id not in ids]
        for yid in disabled:
            if yid not in ids:
                raise RulesetError(f"{flag_origin(self.ruleset, 'disabled_yaku')}: disabled_yaku: {yid!r} is not a "
                                   f"yaku of the enabled plugins{suggest(yid, ids)}")
        return [(plugin, y) for plugin, y in registered if y.id not in disabled]

    def _blame(self, readings: list[Reading], error: Exception) -> PluginError:
        owner = {y.id: plugin for plugin, y in self.yaku_owners}
        for r in readings:
            for y in self.yaku:
                try:
                    y.check(r, self.flags)
                except Exception as e:
                    return PluginError(f"yaku {y.id!r} of plugin {owner[y.id]!r} failed: {type(e).__name__}: {e}")
        return PluginError(f"a plugin failed while scoring: {type(error).__name__}: {error}")
