"""``mjrules needs``: what a player needs to reach a placing."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

import re

from mjrules.cli.commands import help_of
from mjrules.cli.files import Files
from mjrules.cli.common import DEFAULT_RULESET, count, option_type, ruleset_arg
from mjrules.tools import query
from mjrules.rules.choices import Tie
from mjrules.tools.needs import needs

if TYPE_CHECKING:
    from mjrules.cli.common import Subparsers


_seat = option_type(query.read_seat)
_scores = option_type(query.read_scores)
_target = option_type(query.read_target)


def add_command(subparsers: Subparsers) -> None:
    p = subparsers.add_parser("needs", help=help_of("needs"), description=(
        "The cheapest win that reaches the target placing: by ron from each opponent and by tsumo (non-dealer "
        "'X-Y': each non-dealer pays X, the dealer Y; dealer 'X all'), with the han/fu readings that pay it, and "
        "whether a draw reaches it. Seats are indexes into --scores (0-3, or E S W N for 0 1 2 3), in turn order; "
        "--dealer names who deals now. Placings are as if the game ends after this hand."
    ))
    p.add_argument("--scores", type=_scores, required=True, metavar="A,B,C,D", help="the four scores, seat 0 first")
    # Let a list starting with a negative score ("-5000,45000,…") be a value, not an option.
    p._negative_number_matcher = re.compile(r"^-\d[\d,\s-]*$")
    p.add_argument("--me", type=_seat, required=True, metavar="SEAT", help="your seat")
    p.add_argument("--dealer", type=_seat, required=True, metavar="SEAT", help="the seat dealing this hand")
    p.add_argument("--target", type=_target, default=1, metavar="1|2|3", help="placing to reach (default 1)")
    p.add_argument("--honba", type=count, default=0, metavar="N")
    p.add_argument("--sticks", type=count, default=0, metavar="N", help="riichi sticks on the table")
    p.add_argument("--riichi", action="store_true", help="you declare riichi: -1000 and one more stick")
    p.add_argument("--tie", choices=Tie.values(), default=None,
                   help="equal points: seat-order (earlier in the initial seating wins; default) or shared")
    p.add_argument("--first-dealer", type=_seat, default=None, metavar="SEAT",
                   help="who dealt the game's first hand (default: the seat after --dealer, as in the last hand)")
    p.add_argument("--ruleset", type=ruleset_arg, default=DEFAULT_RULESET, metavar="NAME|PATH",
                   help=f"preset name or TOML file (default: {DEFAULT_RULESET})")
    p.add_argument("--json", action="store_true", help="print the answer as JSON")
    p.set_defaults(files=Files(rulesets=("--ruleset",)), func=cmd_needs)


def cmd_needs(args: argparse.Namespace) -> int:
    answer = needs(
        args.scores, args.me, args.dealer, target=args.target, honba=args.honba, sticks=args.sticks,
        riichi=args.riichi, ruleset=args.ruleset, tie=args.tie, first_dealer=args.first_dealer, check_total=True,
    )
    print(answer.to_json() if args.json else answer.render())
    return 0
