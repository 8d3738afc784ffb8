"""The seating a ruleset is played at: four or three players. It knows the seats, what a table of
its size refuses, and how a win's base points are paid there; a Scorer chooses it once."""

from __future__ import annotations

from functools import lru_cache
from typing import Protocol

import attrs

from mjrules.errors import HandError, SituationError
from mjrules.model.hand import Hand
from mjrules.model.melds import Meld, MeldKind
from mjrules.model.tiles import NORTH, SANMA_REMOVED, WIND_NAMES, Tile, tile
from mjrules.model.win import ROBBED_KITA, Win, check_against_hand, seat_at
from mjrules.rules.rules import Rules
from mjrules.scoring.payments import LiableShare, WinPayment, settle



@lru_cache(maxsize=20_000)
def _settle_shared(base: int, winner: int, discarder: int | None, honba: int, sticks: int, honba_value: int,
                   players: int, absent: str) -> WinPayment:
    """``settle`` for a win nobody is liable for, kept: base points, seats and counters take few
    values, so most hands settle as one before (``bench/README.md`` names the gain)."""
    return settle(base, winner, discarder, honba, sticks, honba_value, players=players, absent=absent)


class Seating(Protocol):
    """Four or three seats: ``FourPlayers`` or ``ThreePlayers``."""

    @property
    def players(self) -> int:
        """4 or 3."""
        ...

    def check(self, hand: Hand, win: Win) -> None:
        """Refuse what a table of this size cannot have (a North seat, chi at three players …)."""
        ...

    def pay(self, base: int, win: Win, liable: tuple[LiableShare, ...]) -> WinPayment:
        """The payments of a win of ``base`` points."""
        ...

    def seat(self, win: Win, offset: int) -> int:
        """The seat ``offset`` places from the winner (1 next, 2 opposite, 3 previous)."""
        ...


@attrs.frozen
class _Seats:
    """What both tables share: the seats counted round ``players`` and the payments."""

    rules: Rules
    players: int = attrs.field(init=False)

    def seat(self, win: Win, offset: int) -> int:
        return seat_at(win.seat_wind, offset, self.players)

    def pay(self, base: int, win: Win, liable: tuple[LiableShare, ...] = ()) -> WinPayment:
        """The payments of a win (the absent seat's share as ``rules.sanma`` says: none at four)."""
        discarder = None if win.discarder is None else seat_at(win.seat_wind, win.discarder, self.players)
        rules = self.rules
        if liable:
            return settle(base, win.seat_wind, discarder, win.honba, win.riichi_sticks, rules.honba.value,
                          liable=liable, players=self.players, absent=rules.sanma.tsumo_loss)
        return _settle_shared(base, win.seat_wind, discarder, win.honba, win.riichi_sticks, rules.honba.value,
                              self.players, rules.sanma.tsumo_loss)


@attrs.frozen
class FourPlayers(_Seats):
    """A four-player table."""

    players: int = attrs.field(default=4, init=False)

    def check(self, hand: Hand, win: Win) -> None:
        check_against_hand(hand, win, 4)


@attrs.frozen
class ThreePlayers(_Seats):
    """A three-player table: East, South and West; no opposite seat, no chi; the 108-tile set
    and kita where the ruleset has them; a tsumo pays the absent seat's share as it says."""

    ruleset: str
    """The ruleset's name, for error messages."""
    players: int = attrs.field(default=3, init=False)

    def check(self, hand: Hand, win: Win) -> None:
        """What a three-player table refuses: a North seat or round, a ron from the opposite seat,
        chi, 2m-8m in a 108-tile set, a fifth North counting kita, kita the ruleset does not have."""
        check_against_hand(hand, win, 3)
        if win.seat_wind > 2 or win.round_wind > 2:
            which = "seat" if win.seat_wind > 2 else "round"
            raise SituationError(f"{which} {WIND_NAMES[3]}: a three-player game has East, South and West "
                                 f"{which}s only (ruleset {self.ruleset})")
        if win.discarder == 2:
            raise SituationError("ron from the opposite seat: a three-player table has none; the discarder is "
                                 "the next or the previous player")
        for meld in hand.melds:
            if meld.kind is MeldKind.CHI:
                raise HandError(f"chi {written(meld)}: there is no chi in three-player mahjong "
                                f"(ruleset {self.ruleset})")
            if meld.source == 2:
                raise HandError(f"{meld.kind.value} {written(meld)}: called from the opposite seat, which a "
                                "three-player table does not have (marks: + next player, - previous player)")
        counts = hand.counts
        shown = win.dora + win.ura if win.ura else win.dora
        if self.rules.tiles.without_2m_8m:
            for kind in SANMA_REMOVED:
                if counts[kind]:
                    raise HandError(f"tile {tile(kind)}: the three-player set has no 2m-8m (flag tile_set = 108)")
            for t in shown:
                if t.index in SANMA_REMOVED:
                    raise SituationError(f"indicator {t}: the three-player set has no 2m-8m (flag tile_set = 108)")
        self._check_kita(hand, win, shown)

    def _check_kita(self, hand: Hand, win: Win, shown: tuple[Tile, ...]) -> None:
        sanma = self.rules.sanma
        kita = win.kita
        if kita:
            if not sanma.kita:
                raise SituationError(f"kita ({kita} North set aside): ruleset {self.ruleset} does not set "
                                     "North aside (flag kita = false, or the sanma plugin is not enabled)")
            shown_north = sum(1 for t in shown if t.index == NORTH)
            if hand.counts[NORTH] + kita + shown_north > 4:
                raise HandError(f"North: {hand.counts[NORTH]} in the hand, {kita} set aside as kita"
                                + (f" and {shown_north} shown as indicator" if shown_north else "")
                                + ": that is a fifth North")
            if win.tenhou or win.chiihou:
                raise SituationError(f"{'tenhou' if win.tenhou else 'chiihou'} with a kita: setting North aside "
                                     "is a call, and a call ends the first go-around")
            if win.rinshan and hand.kan_count == 0 and not sanma.kita_rinshan:
                raise SituationError("rinshan kaihou on the draw after a kita: this ruleset does not count it "
                                     "(flag kita_rinshan = false)")
        if ROBBED_KITA in win.extras:
            if win.tsumo or hand.win_tile.index != NORTH:
                raise SituationError(f"situation tag {ROBBED_KITA!r}: a ron on a declared kita wins on North by ron")
            if win.chankan:
                raise SituationError(
                    f"chankan with {ROBBED_KITA!r}: " + (
                        "this ruleset counts a ron on a kita as chankan by itself (flag kita_chankan = true); "
                        "give the tag without --chankan" if sanma.kita_chankan else
                        "a ron on a declared kita is not chankan under this ruleset (flag kita_chankan = false)"))


def seating_for(rules: Rules, ruleset: str) -> Seating:
    """The table of ``rules.players`` seats."""
    return ThreePlayers(rules, ruleset) if rules.players == 3 else FourPlayers(rules)


def written(meld: Meld) -> str:
    """A meld as MPSZ writes it (``3-45m``), for error messages."""
    from mjrules.notation.marks import meld_digits  # only on this error path; notation imports the model

    return meld_digits(meld) + meld.tiles[0].suit
