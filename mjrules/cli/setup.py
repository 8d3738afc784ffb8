"""``mjrules setup``: install what an optional player needs outside Python (``majiang-ai``: node
packages, with npm)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from mjrules.cli.commands import help_of
from mjrules.cli.common import folder_arg
from mjrules.table import majiang_ai

if TYPE_CHECKING:
    from mjrules.cli.common import Subparsers


def add_command(sub: Subparsers) -> None:
    p = sub.add_parser("setup", help=help_of("setup"), description=(
        "Install what an optional player needs. majiang-ai: 電脳麻将's AI, the npm packages "
        f"{' and '.join(majiang_ai.PACKAGES)} (MIT), installed with npm (Node.js 18 or later) into --dir, by "
        f"default ${majiang_ai.ENV} or the user's data folder (~/.local/share/mjrules/majiang-ai); the "
        f"players find them there (set {majiang_ai.ENV} to the same --dir)."))
    p.add_argument("what", choices=["majiang-ai"], help="what to install")
    p.add_argument("--dir", type=folder_arg, metavar="DIR",
                   help=f"install there, a folder of its own: not another npm project's (default: "
                        f"{majiang_ai.install_dir()})")
    p.set_defaults(func=cmd_setup)


def cmd_setup(args: argparse.Namespace) -> int:
    target = majiang_ai.setup(None if args.dir is None else Path(args.dir))
    print(f"majiang-ai installed in {target}" + (f"; set {majiang_ai.ENV}={target} to use it"
                                                 if args.dir is not None and target != majiang_ai.install_dir()
                                                 else ""))
    return 0
