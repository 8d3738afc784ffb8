"""The ``mjrules`` command line: a thin layer over the library, which never imports it.

Each command lives in a module of this package with ``add_command(subparsers)``, which adds its
parser with ``func`` set to a function of the parsed args returning the exit status: 0 done (a
scored win), 1 a legal hand that does not win, 2 bad input (one line on stderr; ``--debug``
shows the traceback).
"""

from __future__ import annotations

import argparse
import sys

from mjrules.cli import analysis, batch, compare, needs, rulesets, score, table
from mjrules.cli.common import EXIT_BAD_INPUT, MAX_ARGS, Parser
from mjrules.errors import MjrulesError

COMMANDS = (score, rulesets, batch, compare, table, needs, analysis)
"""The command modules, in the order ``mjrules --help`` lists them."""


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="mjrules", description="Score riichi mahjong hands under any rule set.")
    parser.add_argument("--debug", action="store_true", help="show a traceback on errors")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for module in COMMANDS:
        module.add_command(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    if argv is None:
        argv = sys.argv[1:]
    if len(argv) > MAX_ARGS:
        print(f"mjrules: error: {len(argv)} arguments; a command needs far fewer (limit {MAX_ARGS})", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # argparse already printed its one-line message (or --help)
        return e.code if isinstance(e.code, int) else EXIT_BAD_INPUT
    if args.command is None:
        parser.print_help()
        return EXIT_BAD_INPUT
    try:
        return args.func(args)
    except MjrulesError as e:
        if args.debug:
            raise
        print(f"mjrules: error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        return 0
