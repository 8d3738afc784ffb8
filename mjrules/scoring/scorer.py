"""The Scorer: a ruleset compiled once (plugins loaded, flags resolved, yaku indexed), then
applied to any number of hands.

``Scorer.score`` is the whole pipeline: check the input, find the readings, and for each reading
its yaku, fu, limit and payments; the reading that pays most wins.
"""

from __future__ import annotations

from typing import Any, Mapping

import attrs

from mjrules.errors import HandError, MjrulesError, PluginError, RulesetError, SituationError
from mjrules.model.hand import Hand
from mjrules.model.melds import Meld, MeldKind
from mjrules.model.tiles import NORTH, SANMA_REMOVED, WIND_NAMES, tile
from mjrules.model.win import ROBBED_ANKAN, Win, check_against_hand, seat_at
from mjrules.rules.flags import Flags
from mjrules.rules.plugin_manager import Plugins, known_plugins
from mjrules.rules.ruleset import Ruleset, load_ruleset, suggest
from mjrules.rules.yaku import Yaku
from mjrules.scoring.fu import Fu, count_fu
from mjrules.scoring.limits import LIMIT_NAMES, MANGAN, Limit, LimitPolicy, yakuman_name
from mjrules.scoring.payments import TSUMO_LOSS, Liable, Settlement, settle
from mjrules.scoring.reading import KOKUSHI, Reading, analyse
from mjrules.scoring.result import Nagashi, NoWin, Result, YakuScore
from mjrules.scoring.yaku_index import Hits, YakuIndex

NO_SHAPE = "no winning shape: the tiles do not form four sets and a pair, seven pairs or kokushi"
NO_YAKU = "no yaku: the hand has a winning shape but nothing that counts as a yaku"
ROBBED_ANKAN_ONLY_KOKUSHI = "robbing a closed kan (robbed_ankan): only kokushi musou may, and this hand is not one"
ROBBED_ANKAN_REFUSED = ("robbing a closed kan (robbed_ankan): this ruleset lets no hand do it, kokushi musou included "
                        "(flag kokushi_ankan_chankan = false)")

_MAX_SETTLED = 20_000
"""Settlements kept at most (see ``Scorer._settle``)."""
_SETTLED: dict[tuple[int, int, int | None, int, int, int, int], Settlement] = {}
"""Settlements by (base, winner, discarder, honba, sticks, honba value, players), for every Scorer."""

_INDEXES: dict[tuple[tuple[Yaku, ...], tuple[tuple[str, int], ...]], YakuIndex] = {}
"""The yaku indexes of this process, by their yaku and yakuman multiples (``shared_index``)."""
_MAX_INDEXES = 64


def shared_index(yaku: list[Yaku], multiples: dict[str, int]) -> YakuIndex:
    """The yaku index of these yaku and yakuman multiples, shared by every Scorer of this process
    that has the same: an index depends on nothing else (the flags are passed to each check), so
    Scorers that differ in a flag that changes no yaku (the rulesets ``compare`` builds to name a
    cause, the "rule" objects of ``batch``) start with the pools another has filled."""
    key = (tuple(yaku), tuple(sorted(multiples.items())))
    try:
        index = _INDEXES.get(key)
    except TypeError:  # a plugin's yaku that cannot be hashed: an index of its own
        return YakuIndex(yaku, multiples)
    if index is None:
        if len(_INDEXES) >= _MAX_INDEXES:
            _INDEXES.clear()
        index = _INDEXES[key] = YakuIndex(yaku, multiples)
    return index

ROBBED_KITA = "robbed_kita"
"""``Win.extras`` tag: a ron on a North another player set aside (the sanma plugin's flag
``kita_chankan`` says whether that is chankan)."""
THREE_PLAYER_ONLY = ("sanma",)
"""Plugins a four-player ruleset may not enable."""


@attrs.define(frozen=False)  # built per reading: attrs' plain __init__, no frozen setattr
class Candidate:
    """One reading priced: its yaku, han and fu (None for a natural yakuman), limit and payments."""

    reading: Reading
    yaku: tuple[YakuScore, ...]
    han: int | None
    fu: Fu | None
    limit: Limit
    settlement: Settlement
    liable: tuple[Liable, ...]

    @property
    def rank(self) -> tuple[int, int, int]:
        """The reading that pays most wins, then more han, then more fu (yakuman above all han)."""
        return (self.settlement.value, 1000 + self.limit.multiple if self.han is None else self.han,
                0 if self.fu is None else self.fu.total)


class Scorer:
    """Scores hands under one ruleset. Build once, reuse: building loads plugins and indexes yaku."""

    def __init__(self, ruleset: Ruleset | str = "majiang", extra_plugins: Mapping[str, Any] | None = None) -> None:
        if isinstance(ruleset, str):
            ruleset = load_ruleset(ruleset)
        self._build(ruleset, Plugins(ruleset.plugins, extra_plugins))

    def with_flags(self, **flags: Any) -> Scorer:
        """A Scorer of this ruleset with some flags changed. It shares this one's plugins (they hold
        no state of their own) and, when the change leaves the yaku as they are, its yaku index."""
        other = object.__new__(Scorer)
        other._build(self.ruleset.with_flags(**flags), self.plugins)
        return other

    def _build(self, ruleset: Ruleset, plugins: Plugins) -> None:
        self.ruleset = ruleset
        self.plugins = plugins
        self.flags = self._resolve_flags()
        self.yaku_owners = self._active_yaku()
        """Each yaku this ruleset scores, with the plugin that registered it."""
        self.yaku: list[Yaku] = [y for _, y in self.yaku_owners]
        multiples = {y.id: self.plugins.double_yakuman(y, self.flags) if y.double else y.yakuman
                     for y in self.yaku if y.yakuman}
        self.index = shared_index(self.yaku, multiples)
        self.limits = LimitPolicy(self.plugins, self.flags)
        self.players = ruleset.players
        self.extras = frozenset(tag for y in self.yaku for tag in y.extras)
        """The Win.extras tags some enabled yaku reads."""
        self._honba = self.flags.get_int("honba_value", 300)  # the honba plugin may be disabled
        self._min_hand_han = self.flags.get_int("min_han", 1)  # and so may the yaku plugin
        self._ryanshiba = self.flags.get_int("ryanshiba_honba", 0)
        self._kokushi_robs_ankan = self.flags.get_bool("kokushi_ankan_chankan", False)
        m, p, s = (self.flags.get_int(f"red_fives_{suit}", 4) for suit in "mps")
        self.red_fives: tuple[int, int, int] = (m, p, s)
        """How many red fives of each suit (m, p, s) the ruleset's set has (4 where no plugin says)."""
        self._settled: dict[tuple[int, int, int | None, int, int], Settlement] = {}
        """Three-player settlements of this Scorer (``_settle_three``)."""
        self._check_players()

    def _check_players(self) -> None:
        """The three-player settings: refused at a four-player table; at a three-player one, the
        checks and payments of three seats replace the four-player ones."""
        tile_set = self.flags.get_str("tile_set", "136")
        where = self.ruleset.path or self.ruleset.name
        if self.players == 4:
            for name in THREE_PLAYER_ONLY:
                if name in self.ruleset.plugins:
                    raise RulesetError(f"{where}: plugins: {name!r} is for three players, and this ruleset has "
                                       f"players = 4")
            if tile_set != "136":
                raise RulesetError(f"{self.ruleset.origin.get('tile_set', where)}: [flags] tile_set: {tile_set} "
                                   f"tiles is the three-player set, and this ruleset has players = 4")
            return
        self._sanma_set = tile_set == "108"
        self._kita = self.flags.get_bool("kita", False)  # the sanma plugin may be disabled: no kita then
        self._kita_rinshan = self.flags.get_bool("kita_rinshan", True)
        self._kita_chankan = self.flags.get_bool("kita_chankan", False)
        self._absent = self.flags.get_str("tsumo_loss", TSUMO_LOSS)
        if self._kita:
            self.extras = self.extras | {ROBBED_KITA}
        # instance attributes over the four-player methods: the four-player path stays as it is
        self._check_fast = self._check_three_fast  # type: ignore[method-assign]
        self._settle = self._settle_three  # type: ignore[method-assign]

    # -- one hand ---------------------------------------------------------------------------
    def score(self, hand: Hand, win: Win) -> Result | NoWin:
        """Score a hand; NoWin when it has no winning shape or no yaku under this ruleset."""
        self._check_fast(hand, win)
        return self.score_readings(analyse(hand, win))

    def score_readings(self, readings: list[Reading]) -> Result | NoWin:
        """Score precomputed readings (``analyse``), e.g. to share them across rulesets."""
        if not readings:
            return NoWin(NO_SHAPE)
        best: Candidate | None = None
        win = readings[0].win
        if win.extras and ROBBED_ANKAN in win.extras:
            readings = [r for r in readings if r.form == KOKUSHI]
            if not readings or not self._kokushi_robs_ankan:
                return NoWin(ROBBED_ANKAN_ONLY_KOKUSHI if self._kokushi_robs_ankan else ROBBED_ANKAN_REFUSED)
        need = self._min_han(win) if self._ryanshiba else self._min_hand_han
        # who pays a rinshan win after a daiminkan alone: it depends on the melds, not the reading
        rinshan = self.plugins.rinshan_pao(readings[0], self.flags) if win.rinshan and win.tsumo else None
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
            return NoWin(self._too_few(short, need, win) if short else NO_YAKU)
        return self._result(best)

    def _min_han(self, win: Win) -> int:
        """Han of yaku a win needs: ``min_han``, or two from ``ryanshiba_honba`` honba on."""
        if self._ryanshiba and win.honba >= self._ryanshiba:
            return max(self._min_hand_han, 2)
        return self._min_hand_han

    def _too_few(self, han: int, need: int, win: Win) -> str:
        why = (f"flag ryanshiba_honba = {self._ryanshiba}: {need} han from {self._ryanshiba} honba on"
               if need > self._min_hand_han else f"flag min_han = {need}")
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
            return Candidate(reading, hits.yaku, None, None, limit, self._settle(limit.base, reading.win, liable),
                             liable)
        fu = count_fu(reading, self.flags)
        best = None
        if hits.yaku and hits.yaku_han >= need:
            limit = self.limits.ordinary(fu.total, hits.han)
            liable = () if rinshan is None else self._rinshan_liable(reading, limit, rinshan)
            best = Candidate(reading, hits.yaku, hits.han, fu, limit, self._settle(limit.base, reading.win, liable),
                             liable)
        if hits.alone and hits.alone_han >= need:  # the alternative: that yaku on its own, no other yaku and no dora
            limit = self.limits.ordinary(fu.total, hits.alone_han)
            liable = () if rinshan is None else self._rinshan_liable(reading, limit, rinshan)
            other = Candidate(reading, hits.alone, hits.alone_han, fu, limit,
                              self._settle(limit.base, reading.win, liable), liable)
            if best is None or other.rank > best.rank:
                best = other
        return best

    def _result(self, best: Candidate) -> Result:
        reading = best.reading
        seats = tuple(one.seat for one in best.liable) if best.liable else ()
        liable = seats[0] if seats else None
        if best.han is None:  # a natural yakuman
            return Result(best.yaku, None, None, best.limit.multiple, yakuman_name(best.limit.multiple),
                          best.limit.base, best.settlement.value, best.settlement.payments, liable, reading, (),
                          seats)
        # A counted (kazoe) yakuman keeps han and fu and is not a natural yakuman: multiple 0.
        multiple = best.limit.multiple
        limit = yakuman_name(multiple, counted=True) if multiple else LIMIT_NAMES.get(best.limit.base)
        fu = best.fu
        assert fu is not None
        return Result(best.yaku, best.han, fu.total, 0, limit, best.limit.base, best.settlement.value,
                      best.settlement.payments, liable, reading, fu.items, seats)

    # -- payments -----------------------------------------------------------------------------
    def _liable(self, reading: Reading, hits: Hits, limit: Limit) -> tuple[Liable, ...]:
        """Who is liable (pao) for this yakuman hand, by the ruleset's pao policy."""
        liabilities = self.plugins.pao(reading, [(s.id, s.yakuman) for s in hits.yaku], limit.multiple, self.flags)
        # Each liable player's share of the base points: their yakuman out of the hand's
        # (8,000 each under the usual limits; proportional under aotenjou).
        return tuple(Liable(seat_at(reading.win.seat_wind, one.offset, self.players),
                            limit.base * min(one.multiple, limit.multiple) // limit.multiple, one.honba == "liable")
                     for one in liabilities)

    def _rinshan_liable(self, reading: Reading, limit: Limit, offset: int) -> tuple[Liable, ...]:
        """Rinshan pao: the player who made the daiminkan pays the whole hand and its honba, as on a ron."""
        return (Liable(seat_at(reading.win.seat_wind, offset, self.players), limit.base, True),)

    def _settle(self, base: int, win: Win, liable: tuple[Liable, ...] = ()) -> Settlement:
        """The payments of a win of ``base`` points. Kept for the next hand that settles alike
        when nobody is liable: most do, as base points, seats and counters take few values
        (a hand costs 3 % less; ``bench/README.md``). ``settle`` is a pure function, so the
        settlements are kept once per process, shared by every Scorer."""
        winner = win.seat_wind
        discarder = None if win.discarder is None else (winner + win.discarder) % self.players
        if liable:
            return settle(base, winner, discarder, win.honba, win.riichi_sticks, self._honba, liable=liable,
                          players=self.players)
        key = (base, winner, discarder, win.honba, win.riichi_sticks, self._honba, self.players)
        hit = _SETTLED.get(key)
        if hit is None:
            hit = settle(base, winner, discarder, win.honba, win.riichi_sticks, self._honba, players=self.players)
            if len(_SETTLED) >= _MAX_SETTLED:
                _SETTLED.clear()
            _SETTLED[key] = hit
        return hit

    def _settle_three(self, base: int, win: Win, liable: tuple[Liable, ...] = ()) -> Settlement:
        """``_settle`` at a three-player table: the previous player is two seats on, and a tsumo
        pays the absent seat's share as the ruleset says (flag ``tsumo_loss``)."""
        winner = win.seat_wind
        discarder = None if win.discarder is None else seat_at(winner, win.discarder, 3)
        if liable:
            return settle(base, winner, discarder, win.honba, win.riichi_sticks, self._honba, liable=liable,
                          players=3, absent=self._absent)
        key = (base, winner, discarder, win.honba, win.riichi_sticks)
        hit = self._settled.get(key)
        if hit is None:
            hit = settle(base, winner, discarder, win.honba, win.riichi_sticks, self._honba, players=3,
                         absent=self._absent)
            if len(self._settled) < _MAX_SETTLED:
                self._settled[key] = hit
        return hit

    def nagashi(self, seat_wind: int, honba: int = 0, riichi_sticks: int = 0) -> Nagashi | NoWin:
        """Nagashi mangan by ``seat_wind`` at an exhaustive draw, as the ruleset pays it (flag
        ``nagashi_mangan``): a mangan tsumo's amounts, as a draw payment or as a win."""
        if seat_wind not in range(self.players):
            raise SituationError(f"seat {seat_wind!r}: expected 0 (East) to {self.players - 1}")
        if honba < 0 or riichi_sticks < 0:
            raise SituationError(f"honba {honba} and riichi sticks {riichi_sticks} must not be negative")
        mode = self.flags.get_str("nagashi_mangan", "none")  # the nagashi plugin may be disabled
        if mode == "none":
            return NoWin("this ruleset does not pay nagashi mangan (flag nagashi_mangan = none)")
        base = MANGAN
        absent = self._absent if self.players == 3 else TSUMO_LOSS
        if mode == "draw":
            paid = settle(base, seat_wind, None, players=self.players, absent=absent)
        else:
            paid = settle(base, seat_wind, None, honba, riichi_sticks, self._honba, players=self.players,
                          absent=absent)
        return Nagashi(mode, base, paid.value, paid.payments)

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
        """Refuse a hand and win that contradict each other or this ruleset (red fives it does
        not have, situation tags no enabled yaku reads)."""
        check_against_hand(hand, win, self.players)
        if self.players == 3:
            self._check_three(hand, win)
        self._check_ruleset(hand, win)

    def _check_three_fast(self, hand: Hand, win: Win) -> None:
        """``_check_fast`` at a three-player table."""
        check_against_hand(hand, win, 3)
        self._check_three(hand, win)
        if win.extras or hand.red_fives:
            self._check_ruleset(hand, win)

    def _check_three(self, hand: Hand, win: Win) -> None:
        """What a three-player table refuses: a North seat or round, a ron from the opposite seat,
        chi, 2m-8m in a 108-tile set, a fifth North counting kita, kita this ruleset does not have."""
        if win.seat_wind > 2 or win.round_wind > 2:
            which = "seat" if win.seat_wind > 2 else "round"
            raise SituationError(f"{which} {WIND_NAMES[3]}: a three-player game has East, South and West "
                                 f"{which}s only (ruleset {self.ruleset.name})")
        if win.discarder == 2:
            raise SituationError("ron from the opposite seat: a three-player table has none; the discarder is "
                                 "the next or the previous player")
        for meld in hand.melds:
            if meld.kind is MeldKind.CHI:
                raise HandError(f"chi {_written(meld)}: there is no chi in three-player mahjong "
                                f"(ruleset {self.ruleset.name})")
            if meld.source == 2:
                raise HandError(f"{meld.kind.value} {_written(meld)}: called from the opposite seat, which a "
                                "three-player table does not have (marks: + next player, - previous player)")
        counts = hand.counts
        shown = win.dora + win.ura if win.ura else win.dora
        if self._sanma_set:
            for kind in SANMA_REMOVED:
                if counts[kind]:
                    raise HandError(f"tile {tile(kind)}: the three-player set has no 2m-8m (flag tile_set = 108)")
            for t in shown:
                if t.index in SANMA_REMOVED:
                    raise SituationError(f"indicator {t}: the three-player set has no 2m-8m (flag tile_set = 108)")
        kita = win.kita
        if kita:
            if not self._kita:
                raise SituationError(f"kita ({kita} North set aside): ruleset {self.ruleset.name} does not set "
                                     "North aside (flag kita = false, or the sanma plugin is not enabled)")
            shown_north = sum(1 for t in shown if t.index == NORTH)
            if counts[NORTH] + kita + shown_north > 4:
                raise HandError(f"North: {counts[NORTH]} in the hand, {kita} set aside as kita"
                                + (f" and {shown_north} shown as indicator" if shown_north else "")
                                + ": that is a fifth North")
            if win.tenhou or win.chiihou:
                raise SituationError(f"{'tenhou' if win.tenhou else 'chiihou'} with a kita: setting North aside "
                                     "is a call, and a call ends the first go-around")
            if win.rinshan and hand.kan_count == 0 and not self._kita_rinshan:
                raise SituationError("rinshan kaihou on the draw after a kita: this ruleset does not count it "
                                     "(flag kita_rinshan = false)")
        if win.extras and ROBBED_KITA in win.extras:
            if win.tsumo or hand.win_tile.index != NORTH:
                raise SituationError(f"situation tag {ROBBED_KITA!r}: a ron on a declared kita wins on North by ron")
            if win.chankan:
                raise SituationError(
                    f"chankan with {ROBBED_KITA!r}: " + (
                        "this ruleset counts a ron on a kita as chankan by itself (flag kita_chankan = true); "
                        "give the tag without --chankan" if self._kita_chankan else
                        "a ron on a declared kita is not chankan under this ruleset (flag kita_chankan = false)"))

    def _check_fast(self, hand: Hand, win: Win) -> None:
        """``check``, with the usual case (no tags, red fives the set has) tested in place."""
        check_against_hand(hand, win)
        if win.extras:
            self._check_ruleset(hand, win)
        elif hand.red_fives:
            reds, allowed = hand.reds, self.red_fives
            if not (reds[0] <= allowed[0] and reds[1] <= allowed[1] and reds[2] <= allowed[2]):
                self._check_red(hand)

    def _check_ruleset(self, hand: Hand, win: Win) -> None:
        if ROBBED_ANKAN in win.extras and not win.chankan:
            raise SituationError(f"situation tag {ROBBED_ANKAN!r} says a closed kan was robbed: that is a chankan, "
                                 "and the win does not say chankan")
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
        reds, allowed = hand.reds, self.red_fives
        return reds[0] <= allowed[0] and reds[1] <= allowed[1] and reds[2] <= allowed[2]

    def _check_red(self, hand: Hand) -> None:
        for suit, n, allowed in zip("mps", hand.reds, self.red_fives):
            if n > allowed:
                raise SituationError(
                    f"red 0{suit}: the hand holds {n} red five{'s' if n > 1 else ''} of {suit}, "
                    f"this ruleset's set has {allowed} (flag red_fives_{suit})"
                )

    # -- building ----------------------------------------------------------------------------------
    def _resolve_flags(self) -> Flags:
        declared = self.plugins.flags()
        values = {name: flag.default for name, (_, flag) in declared.items()}
        for name, value in self.ruleset.flags.items():
            where = self.ruleset.origin.get(name, self.ruleset.name)
            if name not in declared:
                if self.ruleset.path and where != "<api>" and not where.startswith(self.ruleset.path):
                    continue  # set by a parent for a plugin this ruleset disabled
                owner = _declaring_plugin(name, self.plugins.names)
                if owner is not None:
                    raise RulesetError(f"{where}: [flags] {name}: flag {name} is declared by plugin {owner!r}, "
                                       f"which this ruleset does not enable")
                raise RulesetError(
                    f"{where}: [flags] {name}: unknown flag{suggest(name, declared)}; "
                    f"no enabled plugin declares it"
                )
            owner = self.ruleset.owners.get(name)
            if owner is not None and declared[name][0] != owner:
                raise RulesetError(f"{where}: {name}: declared by plugin {declared[name][0]!r}, not {owner!r}")
            key = f"{where}: {name}" if "[plugin." in where else f"{where}: [flags] {name}"
            values[name] = declared[name][1].validate(value, key)
        uma = values.get("uma")
        if isinstance(uma, tuple) and len(uma) != self.ruleset.players:
            where = self.ruleset.origin.get("uma", self.ruleset.name)
            raise RulesetError(f"{where}: [flags] uma: {len(uma)} values for {self.ruleset.players} players; "
                               f"give one per placing, 1st first")
        floating = values.get("uma_floating")
        blocks = self.ruleset.players * (self.ruleset.players - 1)
        if isinstance(floating, tuple) and floating and len(floating) != blocks:
            where = self.ruleset.origin.get("uma_floating", self.ruleset.name)
            raise RulesetError(f"{where}: [flags] uma_floating: {len(floating)} values; {self.ruleset.players} "
                               f"players need {blocks}: a block of {self.ruleset.players} (1st first) for each count "
                               f"of floating players from 1 to {self.ruleset.players - 1}")
        return Flags(values)

    def _active_yaku(self) -> list[tuple[str, Yaku]]:
        """The registered yaku less ``disabled_yaku``: a yaku the ruleset switches off is not
        registered, so what is listed is what scores."""
        registered = self.plugins.yaku(self.flags)
        disabled = self.flags.get_list("disabled_yaku", ())
        ids = [y.id for _, y in registered]
        if any(yid not in ids for yid in disabled):
            # a yaku another flag already switches off (ippatsu = false, a set without red fives)
            # is still a yaku of these plugins: naming it is redundant, not a typo
            defaults = Flags({name: flag.default for name, (_, flag) in self.plugins.flags().items()})
            ids += [y.id for _, y in self.plugins.yaku(defaults) if y.id not in ids]
        for yid in disabled:
            if yid not in ids:
                where = self.ruleset.origin.get("disabled_yaku", self.ruleset.name)
                raise RulesetError(f"{where}: disabled_yaku: {yid!r} is not a yaku of the enabled plugins"
                                   f"{suggest(yid, ids)}")
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


def _written(meld: Meld) -> str:
    """A meld as MPSZ writes it (``3-45m``), for error messages."""
    from mjrules.notation.marks import meld_digits  # only on this error path; notation imports the model

    return meld_digits(meld) + meld.tiles[0].suit


def _declaring_plugin(flag: str, enabled: list[str]) -> str | None:
    """The first known plugin (built-in, then installed) not in ``enabled`` that declares ``flag``.
    Only for the error message: each is loaded alone, and one that fails to load is passed over."""
    for name in known_plugins():
        if name in enabled:
            continue
        try:
            if flag in Plugins([name]).flags():
                return name
        except MjrulesError:
            continue
    return None
