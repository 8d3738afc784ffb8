"""The win situation: how and when the hand won, winds, dora indicators, counters."""

from __future__ import annotations

import attrs

from .errors import SituationError
from .hand import Hand
from .tiles import Tile

SEAT_NAMES = ("East", "South", "West", "North")


def _nonneg(instance, attribute, value):
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise SituationError(f"{attribute.name} must be a whole number ≥ 0, not {value!r}")


def _wind(instance, attribute, value):
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 3:
        raise SituationError(f"{attribute.name} must be 0 (East) … 3 (North), not {value!r}")


def _tiles(value) -> tuple:
    if isinstance(value, (list, tuple)):
        return tuple(value)
    raise SituationError(f"dora / ura indicators must be a list of tiles, not {value!r}")


def _indicators(instance, attribute, value):
    if len(value) > 5:
        raise SituationError(f"{attribute.name}: at most 5 indicators (one plus one per kan), got {len(value)}")
    for t in value:
        if not isinstance(t, Tile):
            raise SituationError(f"{attribute.name}: {t!r} is not a tile")


@attrs.frozen
class Win:
    """How the hand won. ``discarder`` is the dealer-in's offset from the winner: 1 next, 2 opposite,
    3 previous (majiang's ``+``, ``=``, ``-``); it is None for a tsumo."""

    tsumo: bool = True
    discarder: int | None = None
    round_wind: int = attrs.field(default=0, validator=_wind)
    seat_wind: int = attrs.field(default=0, validator=_wind)
    riichi: int = attrs.field(default=0)
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    tenhou: bool = False
    chiihou: bool = False
    dora: tuple[Tile, ...] = attrs.field(default=(), converter=_tiles, validator=_indicators)
    ura: tuple[Tile, ...] = attrs.field(default=(), converter=_tiles, validator=_indicators)
    honba: int = attrs.field(default=0, validator=_nonneg)
    riichi_sticks: int = attrs.field(default=0, validator=_nonneg)

    def __attrs_post_init__(self) -> None:
        _check_win(self)

    @property
    def is_dealer(self) -> bool:
        return self.seat_wind == 0

    @property
    def discarder_seat(self) -> int | None:
        """Absolute seat (0 East … 3 North) of the player who dealt in, None for tsumo."""
        return None if self.tsumo else (self.seat_wind + self.discarder) % 4


def _check_win(w: Win) -> None:
    def bad(msg):
        raise SituationError(msg)

    if type(w.tsumo) is not bool:
        bad(f"tsumo must be true or false, not {w.tsumo!r}")
    for name in ("ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou"):
        if type(getattr(w, name)) is not bool:
            bad(f"{name} must be true or false, not {getattr(w, name)!r}")
    if type(w.riichi) is not int or w.riichi not in (0, 1, 2):
        bad(f"riichi must be 0 (none), 1 (riichi) or 2 (double riichi), not {w.riichi!r}")
    if w.tsumo and w.discarder is not None:
        bad("a tsumo has no discarder")
    if not w.tsumo and (type(w.discarder) is not int or w.discarder not in (1, 2, 3)):
        bad("a ron needs the discarder: 1 next player, 2 opposite, 3 previous")
    if w.ippatsu and not w.riichi:
        bad("ippatsu without riichi")
    if w.ura and not w.riichi:
        bad("ura-dora indicators given without riichi")
    if w.haitei and not w.tsumo:
        bad("haitei is a tsumo on the last wall tile; this win is a ron (use houtei)")
    if w.houtei and w.tsumo:
        bad("houtei is a ron on the last discard; this win is a tsumo (use haitei)")
    if w.rinshan and not w.tsumo:
        bad("rinshan kaihou is a tsumo on the replacement tile; this win is a ron")
    if w.chankan and w.tsumo:
        bad("chankan is a ron on a tile added to a kan; this win is a tsumo")
    if w.haitei and w.rinshan:
        bad("haitei together with rinshan: the replacement tile is not the last wall tile")
    if w.chankan and (w.houtei or w.rinshan):
        bad("chankan together with houtei or rinshan")
    if w.tenhou and w.chiihou:
        bad("tenhou and chiihou together")
    if w.tenhou or w.chiihou:
        name = "tenhou" if w.tenhou else "chiihou"
        if not w.tsumo:
            bad(f"{name} is won by tsumo")
        if w.tenhou and w.seat_wind != 0:
            bad("tenhou is the dealer's win; the seat is not East")
        if w.chiihou and w.seat_wind == 0:
            bad("chiihou is a non-dealer's win; the seat is East (use tenhou)")
        if w.riichi or w.ippatsu or w.haitei or w.rinshan:
            bad(f"{name} is won on the first draw: no riichi, ippatsu, haitei or rinshan")


def check_against_hand(hand: Hand, win: Win) -> None:
    """The checks that need both: riichi on an open hand, rinshan without a kan, …"""
    if win.riichi and not hand.is_closed:
        raise SituationError("riichi on an open hand")
    if win.rinshan and hand.kan_count == 0:
        raise SituationError("rinshan kaihou without a kan in the hand")
    if (win.tenhou or win.chiihou) and hand.melds:
        raise SituationError(f"{'tenhou' if win.tenhou else 'chiihou'} with melds: the hand is the dealt one")
    if len(win.ura) > len(win.dora):
        raise SituationError(f"{len(win.ura)} ura-dora indicators but only {len(win.dora)} dora indicators")
    if win.chankan:
        w = hand.win_tile.index
        if any(t.index == w for t in hand.concealed) or any(t.index == w for m in hand.melds for t in m.tiles):
            raise SituationError(f"chankan on {hand.win_tile}: the winner holds another copy, so no one could add it to a kan")

    counts = list(hand.counts)
    for t in win.dora + win.ura:
        counts[t.index] += 1
        if counts[t.index] > 4:
            raise SituationError(f"indicator {t}: with the hand that is a fifth copy of the tile")
