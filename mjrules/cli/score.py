"""``mjrules score``: one hand, as text or JSON."""

from __future__ import annotations

import json

from mjrules.cli.common import (
    DEFAULT_RULESET,
    EXIT_NO_WIN,
    EXIT_WIN,
    add_ruleset,
    add_situation,
    hand_and_win,
    pad,
    plain_fives,
)
from mjrules.model.hand import Hand
from mjrules.model.win import SEAT_NAMES, Win
from mjrules.notation import format_mpsz
from mjrules.notation.mpsz import format_tiles
from mjrules.scoring.result import NoWin, Result
from mjrules.scoring.scorer import Scorer


def add_command(sub) -> None:
    s = sub.add_parser("score", help="score one hand", description=(
        "Score one winning hand. HAND is MPSZ with melds (406p11222z 3-45m 555=z; the last concealed "
        "tile written is the winning tile unless --win names it) or majiang notation (p406z11222,m34-5,z555=). "
        "A red five (0) that the ruleset's set does not have is read as a plain five, with a note."
    ))
    s.add_argument("hand", nargs="+", metavar="HAND",
                   help="the hand; the melds of an open hand may follow as separate words, quoted or not, "
                        "in the order they were called (pao and rinshan pao read the last)")
    add_situation(s)
    add_ruleset(s, DEFAULT_RULESET)
    s.add_argument("--json", action="store_true", help="print the result as JSON")
    s.set_defaults(func=cmd_score)

def cmd_score(args) -> int:
    hand, win = hand_and_win(args)
    scorer = Scorer(args.ruleset)
    hand, notes = plain_fives(scorer, hand)
    result = scorer.score(hand, win)
    if args.json:
        data = result.to_dict()
        data["hand"] = format_mpsz(hand)
        data["ruleset"] = scorer.ruleset.name
        if notes:
            data["notes"] = notes
        print(json.dumps(data, ensure_ascii=False))
    else:
        print(render(hand, win, result, scorer.ruleset.name, notes, scorer.players))
    return EXIT_WIN if result.is_win else EXIT_NO_WIN


def tsumo_split(result: Result, dealer: bool, win: Win | None = None, players: int = 4) -> str | None:
    """How a tsumo's value is paid, as players say it: non-dealer 'X-Y' (each non-dealer X, the dealer Y),
    dealer 'X all'; None when the payments do not follow that pattern (e.g. pao). At a three-player
    table (``win`` given) it is read from the payments, whatever pays the absent seat's share."""
    if players == 3 and win is not None:
        honba = (result.payments[win.seat_wind] - result.points - win.riichi_sticks * 1000) // 2
        paid = [-p - honba for s, p in enumerate(result.payments) if s != win.seat_wind]
        if dealer:
            return f"{paid[0]} all" if paid[0] == paid[1] else None
        other = -result.payments[3 - win.seat_wind] - honba
        return f"{other}-{-result.payments[0] - honba}"

    def share(factor: int) -> int:
        return -(-factor * result.base // 100) * 100  # each payer's share, rounded up to 100

    if dealer:
        return f"{share(2)} all" if 3 * share(2) == result.points else None
    if 2 * share(1) + share(2) == result.points:
        return f"{share(1)}-{share(2)}"
    return None


def render(hand: Hand, win: Win, result: Result | NoWin, ruleset: str, notes: list[str] | None = None,
           players: int = 4) -> str:
    """The text report of ``mjrules score``."""
    dealt_in = win.discarder_seat_at(players)
    how = "tsumo" if dealt_in is None else f"ron from seat {SEAT_NAMES[dealt_in]}"
    concealed = format_tiles(hand.concealed)
    melds = "".join(" " + m for m in format_mpsz(hand).split()[1:])
    lines = [f"{concealed}{melds}, won on {hand.win_tile}  ({SEAT_NAMES[win.seat_wind]} seat, "
             f"{SEAT_NAMES[win.round_wind]} round, {how}; ruleset {ruleset})"]
    lines += [f"Note: {n}." for n in notes or ()]
    if isinstance(result, NoWin):
        lines.append(f"Not a win: {result.reason}.")
        return "\n".join(lines)
    lines.append(f"Reading: {result.reading}")
    lines.append("Yaku:")
    for y in result.yaku:
        value = f"{y.yakuman}x yakuman" if y.yakuman else f"{y.han} han"
        lines.append(pad(f"  {y.name} ({y.name_ja})", 44) + value)
    if result.han is not None:
        lines.append(f"Fu: {result.fu} = " + " + ".join(f"{i.fu} {i.label}" for i in result.fu_detail))
        head = f"{result.han} han {result.fu} fu"
    else:
        head = f"{result.yakuman}x yakuman"
    if result.limit:
        head += f" ({result.limit})"
    # Under pao the liable player pays (part of) a tsumo alone: the usual split would mislead.
    split = tsumo_split(result, win.seat_wind == 0, win, players) if win.tsumo and result.liable is None else None
    if split:
        lines.append(f"{head}: {split} ({result.points} points; base {result.base})")
    else:
        lines.append(f"{head}: {result.points} points (base {result.base})")
    lines.append("Payments: " + ", ".join(f"{SEAT_NAMES[s]} {p:+d}" for s, p in enumerate(result.payments)))
    if result.liable is not None:
        lines.append(f"Pao: seat {SEAT_NAMES[result.liable]} is liable")
    return "\n".join(lines)
