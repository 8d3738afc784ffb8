"""``mjrules table``: the fu x han point table of a ruleset."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from mjrules.cli.commands import help_of
from mjrules.cli.files import Files
from mjrules.cli.common import DEFAULT_RULESET, ruleset_arg
from mjrules.tools.point_table import point_table

if TYPE_CHECKING:
    from mjrules.cli.common import Subparsers


def add_command(subparsers: Subparsers) -> None:
    p = subparsers.add_parser("table", help=help_of("table"), description=(
        "Print what each fu x han cell (20-110 fu, 1-4 han) and each limit hand up to multiple yakuman pays, "
        "by ron and by tsumo (non-dealer 'X-Y': each non-dealer pays X, the dealer Y; dealer 'X all'), "
        "under a ruleset's kiriage, kazoe and limits (13 han columns when the ruleset has no limits, aotenjou). "
        "Impossible cells (20 fu ron, 20 fu 1 han and 25 fu 2 han tsumo, 25 fu 1 han) show a dash, or null / an "
        "empty field in JSON / CSV."
    ))
    p.add_argument("--ruleset", type=ruleset_arg, default=DEFAULT_RULESET, metavar="NAME|PATH",
                   help=f"preset name or TOML file (default: {DEFAULT_RULESET})")
    who = p.add_mutually_exclusive_group()
    who.add_argument("--dealer", dest="dealer", action="store_const", const=True, default=None,
                     help="only the dealer's table")
    who.add_argument("--non-dealer", dest="dealer", action="store_const", const=False,
                     help="only the non-dealer's table")
    fmt = p.add_mutually_exclusive_group()
    fmt.add_argument("--json", dest="format", action="store_const", const="json", default="text")
    fmt.add_argument("--csv", dest="format", action="store_const", const="csv")
    p.set_defaults(files=Files(rulesets=("--ruleset",)), func=cmd_table)


def cmd_table(args: argparse.Namespace) -> int:
    table = point_table(args.ruleset)
    if args.format == "json":
        print(table.to_json(args.dealer))
    elif args.format == "csv":
        print(table.to_csv(args.dealer), end="")
    else:
        print(table.render(args.dealer))
    return 0
