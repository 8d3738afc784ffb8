"""The win situation: how and when the hand won, winds, dora indicators, counters."""

from __future__ import annotations

import enum
from itertools import compress
from typing import NoReturn

import attrs

from mjrules.errors import SituationError
from mjrules.model.hand import Hand
from mjrules.model.tiles import Tile, WIND_NAMES

SEAT_NAMES = WIND_NAMES
"""Seat 0 (East, the dealer) … 3 (North), by their winds."""
WIND_WORDS: dict[str, int] = {
    **{name.lower(): i for i, name in enumerate(WIND_NAMES)},
    **{name[0].lower(): i for i, name in enumerate(WIND_NAMES)},
    **{str(i): i for i in range(len(WIND_NAMES))},
}
"""How a seat or wind may be written (``e``, ``east``, ``0`` …), lower case, with its number."""
DISCARDER_WORDS: dict[str, int] = {
    "previous": 3, "left": 3, "kamicha": 3, "-": 3,
    "opposite": 2, "across": 2, "toimen": 2, "=": 2,
    "next": 1, "right": 1, "shimocha": 1, "+": 1,
}
"""How the player who dealt in may be named (lower case), with ``Win.discarder``'s offset."""

SITUATIONS = ("riichi", "double_riichi", "ippatsu", "tsumo", "ron", "haitei", "houtei", "rinshan", "chankan",
              "tenhou", "chiihou", "renhou", "round_east", "round_south", "round_west", "round_north",
              "seat_east", "seat_south", "seat_west", "seat_north", "kita")
"""Conditions of a win that a yaku can name as its precondition (``Yaku.when``); ``riichi``
holds for riichi and double riichi alike, ``seat_east`` for the dealer, ``kita`` when the winner
has set North aside (three-player nukidora, ``Win.kita``)."""
SITUATION_BIT = {name: 1 << i for i, name in enumerate(SITUATIONS)}


MAX_COUNTER = 999
"""Largest honba or riichi-stick count accepted."""
MAX_KITA = 4
"""Most Norths a player can set aside (there are four)."""
KITA_BIT = SITUATION_BIT["kita"]


def seat_at(seat: int, offset: int, players: int = 4) -> int:
    """The seat ``offset`` places from ``seat`` as ``Win.discarder`` and meld marks count them
    (1 next, 2 opposite, 3 previous), at a table of ``players``: the previous player is offset 3
    at any table, so a three-player table's previous seat is ``seat + 2``; it has no opposite."""
    return (seat + (offset if offset != 3 else -1)) % players


class Riichi(enum.IntEnum):
    """``Win.riichi``: an int, so ``win.riichi == 1`` and JSON output read as before."""

    NONE = 0
    RIICHI = 1
    DOUBLE = 2


def _tiles(value: list[Tile] | tuple[Tile, ...]) -> tuple[Tile, ...]:
    """Dora / ura indicators as a tuple; anything but a list or tuple is refused by name."""
    if isinstance(value, (list, tuple)):
        return tuple(value)
    raise SituationError(f"dora / ura indicators must be a list of tiles, not {value!r}")


def _riichi(value: int) -> Riichi:
    """0, 1 or 2 as its ``Riichi``; anything else is refused by name (True is no riichi level)."""
    if type(value) is int or isinstance(value, Riichi):
        if 0 <= value <= 2:
            return _RIICHI[value]
    raise SituationError(f"riichi must be 0 (none), 1 (riichi) or 2 (double riichi), not {value!r}")


_RIICHI = tuple(Riichi)
"""``Riichi`` by value, indexed rather than called: ``Riichi(1)`` goes through the enum's lookup."""


def _tags(value: frozenset[str] | list[str] | tuple[str, ...] | set[str]) -> frozenset[str]:
    """Situation tags as a frozenset; a lone string, a dict or an empty tag is refused by name."""
    if not isinstance(value, (frozenset, list, tuple, set)):
        raise SituationError(f"extras must be a list of tags, not {value!r}")
    for tag in value:
        if not isinstance(tag, str) or not tag:
            raise SituationError(f"situation tags must be non-empty strings, not {tag!r}")
    return frozenset(value)


@attrs.frozen(slots=False)  # an instance dict: attrs fills it faster than frozen slots
class Win:
    """How the hand won. ``discarder`` is the dealer-in's offset from the winner: 1 next, 2 opposite,
    3 previous (majiang's ``+``, ``=``, ``-``); it is None for a tsumo."""

    tsumo: bool = True
    discarder: int | None = None
    round_wind: int = 0
    seat_wind: int = 0
    riichi: Riichi = attrs.field(default=Riichi.NONE, converter=_riichi)
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    tenhou: bool = False
    chiihou: bool = False
    renhou: bool = False
    dora: tuple[Tile, ...] = attrs.field(default=(), converter=_tiles)
    ura: tuple[Tile, ...] = attrs.field(default=(), converter=_tiles)
    honba: int = 0
    riichi_sticks: int = 0
    extras: frozenset[str] = attrs.field(default=frozenset(), converter=_tags)
    """Tags of situations the standard fields do not name (e.g. ``kanburi``, ``open_riichi``, and
    ``robbed_ankan``: the chankan robbed a closed kan), named by the yaku that read them
    (``Yaku.extras``); a tag no enabled yaku reads is refused when scoring."""
    kita: int = 0
    """Norths the winner set aside (北抜き, three-player nukidora), 0–4; not part of the hand.
    A four-player ruleset refuses a win with kita."""

    situation: int = attrs.field(init=False, eq=False, repr=False)
    """Bit mask of the SITUATIONS that hold; derived."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "situation", _check_win(self))

    @property
    def is_dealer(self) -> bool:
        return self.seat_wind == 0

    @property
    def discarder_seat(self) -> int | None:
        """Absolute seat (0 East … 3 North) of the player who dealt in at a four-player table,
        None for tsumo; ``discarder_seat_at(3)`` for a three-player one."""
        d = self.discarder  # None exactly when tsumo: checked when built
        return None if d is None else (self.seat_wind + d) % 4

    def discarder_seat_at(self, players: int) -> int | None:
        """Absolute seat of the player who dealt in at a table of ``players``, None for tsumo."""
        d = self.discarder
        return None if d is None else seat_at(self.seat_wind, d, players)


_BOOLS = ("tsumo", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou", "renhou")
_BOOL_BITS = tuple(SITUATION_BIT[name] for name in _BOOLS)
_TSUMO_BIT, _RON_BIT = SITUATION_BIT["tsumo"], SITUATION_BIT["ron"]
_RIICHI_BITS = (0, SITUATION_BIT["riichi"], SITUATION_BIT["riichi"] | SITUATION_BIT["double_riichi"])
_ROUND_BITS = tuple(SITUATION_BIT[f"round_{name.lower()}"] for name in WIND_NAMES)
_SEAT_BITS = tuple(SITUATION_BIT[f"seat_{name.lower()}"] for name in WIND_NAMES)


def _bad(message: str) -> NoReturn:
    raise SituationError(message)


def _check_win(w: Win) -> int:
    """Check a Win on its own; returns its ``situation`` mask."""
    if w.tsumo is not True and w.tsumo is not False:
        _bad(f"tsumo must be true or false, not {w.tsumo!r}")
    # ``type(x) is int`` rather than isinstance: a bool is no wind, count or seat offset.
    if not (type(w.round_wind) is int and 0 <= w.round_wind <= 3):
        _bad(f"round_wind must be 0 (East) … 3 (North), not {w.round_wind!r}")
    if not (type(w.seat_wind) is int and 0 <= w.seat_wind <= 3):
        _bad(f"seat_wind must be 0 (East) … 3 (North), not {w.seat_wind!r}")
    if not (type(w.honba) is int and 0 <= w.honba <= MAX_COUNTER):
        _bad(f"honba must be a whole number from 0 to {MAX_COUNTER}, not {w.honba!r}")
    if not (type(w.riichi_sticks) is int and 0 <= w.riichi_sticks <= MAX_COUNTER):
        _bad(f"riichi_sticks must be a whole number from 0 to {MAX_COUNTER}, not {w.riichi_sticks!r}")
    if not (type(w.kita) is int and 0 <= w.kita <= MAX_KITA):
        _bad(f"kita must be a whole number from 0 to {MAX_KITA} (there are four Norths), not {w.kita!r}")
    for name, tiles in (("dora", w.dora), ("ura", w.ura)):
        if len(tiles) > 5:
            _bad(f"{name}: at most 5 indicators (one plus one per kan), got {len(tiles)}")
        for t in tiles:
            if not isinstance(t, Tile):
                _bad(f"{name}: {t!r} is not a tile")
    if w.tsumo:
        if w.discarder is not None:
            _bad("a tsumo has no discarder")
    elif type(w.discarder) is not int or w.discarder not in (1, 2, 3):
        _bad("a ron needs the discarder: 1 next player, 2 opposite, 3 previous")
    if w.ura and not w.riichi:
        _bad("ura-dora indicators given without riichi")
    situation = (_RIICHI_BITS[w.riichi] | (_TSUMO_BIT if w.tsumo else _RON_BIT) | _ROUND_BITS[w.round_wind]
                 | _SEAT_BITS[w.seat_wind] | (KITA_BIT if w.kita else 0))
    # Most wins have none of the other conditions: all False, nothing more to check.
    if (w.ippatsu is not False or w.haitei is not False or w.houtei is not False or w.rinshan is not False
            or w.chankan is not False or w.tenhou is not False or w.chiihou is not False or w.renhou is not False):
        situation |= _special_bits(w)
    return situation


def _special_bits(w: Win) -> int:
    """The situation bits of the conditions beside tsumo, once each is checked to be a bool and
    the set of them to agree with the rest of the win."""
    said = (w.tsumo, w.ippatsu, w.haitei, w.houtei, w.rinshan, w.chankan, w.tenhou, w.chiihou, w.renhou)
    for name, value in zip(_BOOLS, said):
        if type(value) is not bool:
            _bad(f"{name} must be true or false, not {value!r}")
    _check_special(w)
    return sum(compress(_BOOL_BITS[1:], said[1:]))  # the bits of the conditions that hold


def _check_special(w: Win) -> None:
    if w.ippatsu and not w.riichi:
        _bad("ippatsu without riichi")
    if w.haitei and not w.tsumo:
        _bad("haitei is a tsumo on the last wall tile; this win is a ron (use houtei)")
    if w.houtei and w.tsumo:
        _bad("houtei is a ron on the last discard; this win is a tsumo (use haitei)")
    if w.rinshan and not w.tsumo:
        _bad("rinshan kaihou is a tsumo on the replacement tile; this win is a ron")
    if w.chankan and w.tsumo:
        _bad("chankan is a ron on a tile added to a kan; this win is a tsumo")
    if w.haitei and w.rinshan:
        _bad("haitei together with rinshan: the replacement tile is not the last wall tile")
    if w.chankan and (w.houtei or w.rinshan):
        _bad("chankan together with houtei or rinshan")
    if w.tenhou and w.chiihou:
        _bad("tenhou and chiihou together")
    if w.tenhou or w.chiihou:
        name = "tenhou" if w.tenhou else "chiihou"
        if not w.tsumo:
            _bad(f"{name} is won by tsumo")
        if w.tenhou and w.seat_wind != 0:
            _bad("tenhou is the dealer's win; the seat is not East")
        if w.chiihou and w.seat_wind == 0:
            _bad("chiihou is a non-dealer's win; the seat is East (use tenhou)")
        if w.riichi or w.ippatsu or w.haitei or w.rinshan:
            _bad(f"{name} is won on the first draw: no riichi, ippatsu, haitei or rinshan")
    if w.renhou:
        if w.tsumo:
            _bad("renhou is a ron before the winner's first draw; this win is a tsumo")
        if w.seat_wind == 0:
            _bad("renhou is a non-dealer's win; the seat is East")
        if w.riichi or w.ippatsu or w.houtei or w.chankan or w.tenhou or w.chiihou:
            _bad("renhou is won before the first draw: no riichi, ippatsu, houtei, chankan, tenhou or chiihou")


def check_against_hand(hand: Hand, win: Win, players: int = 4) -> None:
    """The checks that need both: riichi on an open hand, rinshan without a kan, … ``players``:
    at the table (kita are three-player only)."""
    if win.situation & _NEEDS_HAND_CHECK:
        if win.kita and players != 3:
            raise SituationError(f"kita ({win.kita} North set aside): only three-player rulesets have kita; "
                                 f"this one is for {players} players")
        if win.riichi and not hand.is_closed:
            raise SituationError("riichi on an open hand")
        if win.rinshan and hand.kan_count == 0 and not win.kita:  # a kita's replacement draw is rinshan too
            raise SituationError("rinshan kaihou without a kan (or a kita) in the hand")
        if win.ippatsu and win.rinshan and not win.kita:  # a kita's effect on ippatsu differs between rules
            raise SituationError("ippatsu with rinshan kaihou: the kan that drew the replacement tile was made "
                                 "after riichi, and any call, one's own kan included, ends the ippatsu")
        if (win.tenhou or win.chiihou) and hand.melds:
            raise SituationError(f"{'tenhou' if win.tenhou else 'chiihou'} with melds: the hand is the dealt one")
        if win.chankan:
            w = hand.win_tile.index
            if any(t.index == w for t in hand.concealed) or any(t.index == w for m in hand.melds for t in m.tiles):
                raise SituationError(
                    f"chankan on {hand.win_tile}: the winner holds another copy, so no one could add it to a kan"
                )
    dora, ura = win.dora, win.ura
    if len(ura) > len(dora):
        raise SituationError(f"{len(ura)} ura-dora indicators but only {len(dora)} dora indicators")
    counts = hand.counts
    shown = dora + ura if ura else dora
    room = 4 - len(shown)  # the indicators add at most len(shown) copies of one kind
    for t in shown:
        if counts[t.index] > room:
            _fifth_copy(hand, shown)
            break


def _fifth_copy(hand: Hand, shown: tuple[Tile, ...]) -> None:
    counts = list(hand.counts)
    for t in shown:
        counts[t.index] += 1
        if counts[t.index] > 4:
            raise SituationError(f"indicator {t}: with the hand that is a fifth copy of the tile")


ROBBED_ANKAN = "robbed_ankan"
"""Extras tag: the chankan robbed a closed kan (only kokushi musou may, where the ruleset allows it)."""
ROBBED_KITA = "robbed_kita"
"""Extras tag: a ron on a North another player set aside (the sanma plugin's
``SanmaRules.kita_chankan`` says whether that is chankan)."""

_NEEDS_HAND_CHECK = (SITUATION_BIT["riichi"] | SITUATION_BIT["rinshan"] | SITUATION_BIT["tenhou"]
                     | SITUATION_BIT["chiihou"] | SITUATION_BIT["chankan"] | KITA_BIT)
