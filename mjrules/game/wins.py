"""A win's hand and situation in a round as it stands: the tiles and melds the winner holds, and the
``Win`` its moment makes (tsumo or ron, who gave the tile, ippatsu, haitei, houtei, rinshan,
chankan, tenhou, chiihou, renhou, riichi and double riichi, the indicators and sticks given).
Replay asks it for the wins a record states; the table for each win a player may declare.
"""

from __future__ import annotations

from mjrules.errors import MjrulesError
from mjrules.game.state import RoundState
from mjrules.model.hand import Hand
from mjrules.model.tiles import Tile
from mjrules.model.win import ROBBED_ANKAN, ROBBED_KITA, Win


def tsumo(state: RoundState, seat: int, round_wind: int, honba: int, sticks: int, dora: tuple[Tile, ...],
          ura: tuple[Tile, ...]) -> tuple[Hand, Win]:
    """The hand and situation of ``seat``'s win on the tile it just drew."""
    if state.last_draw is None or state.last_draw[0] != seat:
        state.fail(f"seat {seat} wins by tsumo but did not just draw")
        raise AssertionError
    win_tile = state.last_draw[1]
    concealed = list(state.hands[seat])
    concealed.remove(win_tile)
    first = not state.any_call and not state.discarded[seat]
    dealer = seat == state.dealer
    win = _win(
        state, seat, True, None, round_wind, dora, ura, honba, sticks,
        haitei=state.drawn == state.live_draws and not state.drew_rinshan,
        rinshan=state.drew_rinshan, tenhou=first and dealer, chiihou=first and not dealer,
    )
    return _hand(state, seat, concealed, win_tile), win


def ron(state: RoundState, seat: int, round_wind: int, honba: int, sticks: int, dora: tuple[Tile, ...],
        ura: tuple[Tile, ...]) -> tuple[Hand, Win, int]:
    """The winner's hand and situation on the tile just discarded or added to a kan, and the
    seat that gave it."""
    chankan = state.kan_tile is not None
    robbed_ankan = False
    robbed_kita = state.kita_tile is not None
    if state.kan_tile is not None:
        source, win_tile, robbed_ankan = state.kan_tile
    elif state.kita_tile is not None:  # a ron on a North set aside: not chankan (Tenhou)
        source, win_tile = state.kita_tile
    elif state.last_discard is not None:
        source, win_tile = state.last_discard
    else:
        state.fail(f"seat {seat} wins by ron but there is no discard to win on")
        raise AssertionError
    if source == seat:
        state.fail(f"seat {seat} wins by ron on its own tile")
    renhou = (not state.any_call and not state.drew[seat] and seat != state.dealer)
    offset = (source - seat) % 4 if state.players == 4 else (1 if source == (seat + 1) % 3 else 3)
    extras = frozenset({ROBBED_ANKAN}) if robbed_ankan else frozenset({ROBBED_KITA}) if robbed_kita else frozenset()
    win = _win(
        state, seat, False, offset, round_wind, dora, ura, honba, sticks,
        houtei=state.drawn == state.live_draws and not chankan and not robbed_kita, chankan=chankan,
        renhou=renhou, extras=extras,
    )
    return _hand(state, seat, list(state.hands[seat]), win_tile), win, source


def _hand(state: RoundState, seat: int, concealed: list[Tile], win_tile: Tile) -> Hand:
    try:
        return Hand(concealed, win_tile, state.melds[seat])
    except MjrulesError as e:
        state.fail(f"seat {seat}'s winning hand: {e}")
        raise


def _win(state: RoundState, seat: int, tsumo: bool, discarder: int | None, round_wind: int, dora: tuple[Tile, ...],
         ura: tuple[Tile, ...], honba: int, sticks: int, *, haitei: bool = False, houtei: bool = False,
         rinshan: bool = False, chankan: bool = False, tenhou: bool = False, chiihou: bool = False,
         renhou: bool = False, extras: frozenset[str] = frozenset()) -> Win:
    riichi = state.riichi[seat]
    if state.riichi_pending == seat and not tsumo:
        riichi = 0  # a ron before one's own riichi discard passed: hardly possible, but not riichi
    try:
        return Win(tsumo=tsumo, discarder=discarder, round_wind=round_wind,
                   seat_wind=(seat - state.dealer) % state.players, kita=state.kita[seat],
                   riichi=riichi, ippatsu=bool(riichi) and state.ippatsu[seat], dora=dora,
                   ura=ura if riichi else (), honba=honba, riichi_sticks=sticks, haitei=haitei, houtei=houtei,
                   rinshan=rinshan, chankan=chankan, tenhou=tenhou, chiihou=chiihou, renhou=renhou,
                   extras=extras)
    except MjrulesError as e:
        state.fail(f"seat {seat}'s win: {e}")
        raise
