"""The win situation: how and when the hand won, winds, dora indicators, counters."""

from __future__ import annotations

import inspect

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


def _tiles(value: list[Tile] | tuple[Tile, ...]) -> tuple[Tile, ...]:
    """Dora / ura indicators as a tuple; anything but a list or tuple is refused by name."""
    if value.__class__ is tuple:
        return value
    if isinstance(value, (list, tuple)):
        return tuple(value)
    raise SituationError(f"dora / ura indicators must be a list of tiles, not {value!r}")


@attrs.frozen(slots=False)  # a dict, so that ``assemble_win`` can fill it at once
class Win:
    """How the hand won. ``discarder`` is the dealer-in's offset from the winner: 1 next, 2 opposite,
    3 previous (majiang's ``+``, ``=``, ``-``); it is None for a tsumo."""

    tsumo: bool = True
    discarder: int | None = None
    round_wind: int = 0
    seat_wind: int = 0
    riichi: int = 0
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
    extras: frozenset[str] = frozenset()
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


def _all_tiles(tiles: tuple) -> bool:
    for t in tiles:
        if t.__class__ is not Tile:
            return False
    return True


def _bad(message: str) -> None:
    raise SituationError(message)


def _check_types(w: Win) -> None:
    for name in _BOOLS:
        value = getattr(w, name)
        if value is not True and value is not False:
            _bad(f"{name} must be true or false, not {value!r}")
    for name in ("round_wind", "seat_wind"):
        value = getattr(w, name)
        if type(value) is not int or not 0 <= value <= 3:
            _bad(f"{name} must be 0 (East) … 3 (North), not {value!r}")
    if type(w.riichi) is not int or w.riichi not in (0, 1, 2):
        _bad(f"riichi must be 0 (none), 1 (riichi) or 2 (double riichi), not {w.riichi!r}")
    for name in ("honba", "riichi_sticks"):
        value = getattr(w, name)
        if type(value) is not int or not 0 <= value <= MAX_COUNTER:
            _bad(f"{name} must be a whole number from 0 to {MAX_COUNTER}, not {value!r}")
    for name in ("dora", "ura"):
        value = getattr(w, name)
        if len(value) > 5:
            _bad(f"{name}: at most 5 indicators (one plus one per kan), got {len(value)}")
        for t in value:
            if not isinstance(t, Tile):
                _bad(f"{name}: {t!r} is not a tile")


_RIICHI_BITS = (0, 1, 3)  # riichi; double riichi is riichi too


def _check_win(w: Win) -> int:
    """Check a Win on its own; returns its ``situation`` mask."""
    situation = _check_values(
        w, w.tsumo, w.discarder, w.round_wind, w.seat_wind, w.riichi, w.ippatsu, w.haitei, w.houtei, w.rinshan,
        w.chankan, w.tenhou, w.chiihou, w.renhou, w.dora, w.ura, w.honba, w.riichi_sticks,
    )
    kita = w.kita
    if kita.__class__ is not int or kita:  # kita only here: ``assemble_win`` (the parsers' path) leaves it 0
        if kita.__class__ is not int or not 0 <= kita <= MAX_KITA:
            _bad(f"kita must be a whole number from 0 to {MAX_KITA} (there are four Norths), not {kita!r}")
        situation |= KITA_BIT
    return situation


def _check_values(w: Win, tsumo, discarder, rw, sw, riichi, ippatsu, haitei, houtei, rinshan, chankan, tenhou,
                  chiihou, renhou, dora, ura, honba, sticks) -> int:
    """``_check_win`` with the fields at hand (the parser's path passes its own values)."""
    # One cheap test for the usual case (plain values, no special flag); otherwise the detailed
    # checks name the bad field and the contradiction. An ``if`` rather than a boolean value:
    # Python 3.11 only specialises the comparisons of a condition that jumps.
    if (
        (tsumo is True or tsumo is False) and rw.__class__ is int and 0 <= rw <= 3
        and sw.__class__ is int and 0 <= sw <= 3 and riichi.__class__ is int and 0 <= riichi <= 2
        and honba.__class__ is int and 0 <= honba <= MAX_COUNTER
        and sticks.__class__ is int and 0 <= sticks <= MAX_COUNTER
        and len(dora) <= 5 and len(ura) <= 5
        and (dora[0].__class__ is Tile if len(dora) == 1 else _all_tiles(dora))  # one indicator is usual
        and (not ura or (ura[0].__class__ is Tile if len(ura) == 1 else _all_tiles(ura)))
        and ippatsu is False and haitei is False and houtei is False and rinshan is False
        and chankan is False and tenhou is False and chiihou is False and renhou is False
    ):
        plain = True
    else:
        plain = False
    if not plain:
        _check_types(w)
    situation = _RIICHI_BITS[riichi] | (8 if tsumo else 16) | (4096 << rw) | (65536 << sw)
    if not plain:
        situation |= (
            (4 if ippatsu else 0) | (32 if haitei else 0) | (64 if houtei else 0) | (128 if rinshan else 0)
            | (256 if chankan else 0) | (512 if tenhou else 0) | (1024 if chiihou else 0) | (2048 if renhou else 0)
        )
    if tsumo:
        if discarder is not None:
            _bad("a tsumo has no discarder")
    elif discarder.__class__ is not int or discarder not in (1, 2, 3):
        _bad("a ron needs the discarder: 1 next player, 2 opposite, 3 previous")
    if ura and not riichi:
        _bad("ura-dora indicators given without riichi")
    extras = w.extras
    if extras.__class__ is not frozenset:  # a list or set of tags is accepted and frozen
        if isinstance(extras, (str, bytes, dict)) or not isinstance(extras, (list, tuple, set)):
            _bad(f"extras must be a list of tags, not {extras!r}")
        _check_tags(extras)
        object.__setattr__(w, "extras", frozenset(extras))
    elif extras:
        _check_tags(extras)
    if not plain:
        _check_special(w)
    return situation


def _check_tags(extras) -> None:
    for tag in extras:
        if not isinstance(tag, str) or not tag:
            _bad(f"situation tags must be non-empty strings, not {tag!r}")


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

_NEEDS_HAND_CHECK = (SITUATION_BIT["riichi"] | SITUATION_BIT["rinshan"] | SITUATION_BIT["tenhou"]
                     | SITUATION_BIT["chiihou"] | SITUATION_BIT["chankan"] | KITA_BIT)


def assemble_win(tsumo, discarder, round_wind, seat_wind, riichi, ippatsu, haitei, houtei, rinshan, chankan,
                 tenhou, chiihou, renhou, dora, ura, honba, riichi_sticks) -> Win:
    """``Win(...)`` with every field but ``extras`` given in order (``dora`` and ``ura`` as tuples),
    checked the same way, built by filling a copy of a ready instance dict: the parsers' hot path."""
    d = _TEMPLATE.copy()  # copying a dict of the right size is cheaper than building one
    d["tsumo"] = tsumo
    d["discarder"] = discarder
    d["round_wind"] = round_wind
    d["seat_wind"] = seat_wind
    d["riichi"] = riichi
    d["ippatsu"] = ippatsu
    d["haitei"] = haitei
    d["houtei"] = houtei
    d["rinshan"] = rinshan
    d["chankan"] = chankan
    d["tenhou"] = tenhou
    d["chiihou"] = chiihou
    d["renhou"] = renhou
    d["dora"] = dora
    d["ura"] = ura
    d["honba"] = honba
    d["riichi_sticks"] = riichi_sticks
    w = _new(Win)
    _set(w, "__dict__", d)
    d["situation"] = _check_values(
        w, tsumo, discarder, round_wind, seat_wind, riichi, ippatsu, haitei, houtei, rinshan, chankan, tenhou,
        chiihou, renhou, dora, ura, honba, riichi_sticks,
    )
    return w


_new = object.__new__
_set = object.__setattr__
_NO_EXTRAS: frozenset[str] = frozenset()
_TEMPLATE = {**attrs.asdict(Win(), recurse=False), "situation": 0}
"""An instance dict of ``Win()``: every field in place, for ``assemble_win`` to copy and fill."""


def _follows_the_fields() -> None:
    """``assemble_win`` takes Win's fields in their order: checked against the attrs definition
    when this module loads, so a field added to Win cannot be left out of it."""
    fields = [f.name for f in attrs.fields(Win) if f.init and f.name not in ("extras", "kita")]
    params = list(inspect.signature(assemble_win).parameters)
    if params != fields or set(_TEMPLATE) != {f.name for f in attrs.fields(Win)}:
        raise ImportError(f"assemble_win takes {params}, Win has the fields {fields}")


_follows_the_fields()
