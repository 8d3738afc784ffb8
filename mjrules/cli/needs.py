"""``mjrules needs``: what a player needs to reach a placing."""

from __future__ import annotations

import argparse
import re

from mjrules.cli.common import DEFAULT_RULESET, MAX_DIGITS, count, shown
from mjrules.tools.needs import SEATS, TIES, needs


def _seat(text: str) -> int:
    s = SEATS.get(text.strip().lower())
    if s is None:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a seat: 0-3 or E, S, W, N (index into --scores; "
                                         "0-2 or E, S, W under a three-player ruleset)")
    return s


def _scores(text: str) -> list[int]:
    parts = [p.strip() for p in text.split(",")]
    if len(parts) not in (3, 4):
        raise argparse.ArgumentTypeError(
            f"{shown(text)}: give four scores separated by commas, e.g. 25000,32000,18000,25000 "
            "(three under a three-player ruleset)")
    out = []
    for p in parts:
        try:
            if len(p) > MAX_DIGITS:  # before int(), whose own limit message names a Python function
                raise ValueError
            out.append(int(p))
        except ValueError:
            raise argparse.ArgumentTypeError(f"{shown(p)} is not a whole number of points") from None
    return out


def _target(text: str) -> int:
    if text not in ("1", "2", "3"):
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a placing 1, 2 or 3")
    return int(text)


def add_command(subparsers) -> None:
    p = subparsers.add_parser("needs", help="what a player needs to reach a placing (conditions)", description=(
        "The cheapest win that reaches the target placing: by ron from each opponent and by tsumo (non-dealer "
        "'X-Y': each non-dealer pays X, the dealer Y; dealer 'X all'), with the han/fu readings that pay it, and "
        "whether a draw reaches it. Seats are indexes into --scores (0-3, or E S W N for 0 1 2 3), in turn order; "
        "--dealer names who deals now. Placings are as if the game ends after this hand."
    ))
    p.add_argument("--scores", type=_scores, required=True, metavar="A,B,C,D",
                   help="the four scores, seat 0 first (three under a three-player ruleset)")
    # Let a list starting with a negative score ("-5000,45000,…") be a value, not an option.
    p._negative_number_matcher = re.compile(r"^-\d[\d,\s-]*$")
    p.add_argument("--me", type=_seat, required=True, metavar="SEAT", help="your seat")
    p.add_argument("--dealer", type=_seat, required=True, metavar="SEAT", help="the seat dealing this hand")
    p.add_argument("--target", type=_target, default=1, metavar="1|2|3", help="placing to reach (default 1)")
    p.add_argument("--honba", type=count, default=0, metavar="N")
    p.add_argument("--sticks", type=count, default=0, metavar="N", help="riichi sticks on the table")
    p.add_argument("--riichi", action="store_true", help="you declare riichi: -1000 and one more stick")
    p.add_argument("--tie", choices=TIES, default=None,
                   help="equal points: seat-order (earlier in the initial seating wins; default) or shared")
    p.add_argument("--first-dealer", type=_seat, default=None, metavar="SEAT",
                   help="who dealt the game's first hand (default: the seat after --dealer, as in the last hand)")
    p.add_argument("--ruleset", default=DEFAULT_RULESET, metavar="NAME|PATH",
                   help=f"preset name or TOML file (default: {DEFAULT_RULESET})")
    p.add_argument("--json", action="store_true", help="print the answer as JSON")
    p.set_defaults(func=cmd_needs)


def cmd_needs(args) -> int:
    answer = needs(
        args.scores, args.me, args.dealer, target=args.target, honba=args.honba, sticks=args.sticks,
        riichi=args.riichi, ruleset=args.ruleset, tie=args.tie, first_dealer=args.first_dealer,
    )
    print(answer.to_json() if args.json else answer.render())
    return 0
