"""``mjrules play``: a person at the terminal plays a game against bots under a ruleset."""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
from typing import TYPE_CHECKING

from mjrules.cli.commands import help_of
from mjrules.cli.files import Files
from mjrules.cli.common import DEFAULT_RULESET, add_ruleset, named_file, open_text
from mjrules.errors import MjrulesError
from mjrules.table.console import Console
from mjrules.table.player import Player
from mjrules.table.players import MJAI, PLAYERS, make_player
from mjrules.rules.choices import GameLength
from mjrules.table.game import RECORD_FORMATS, Table
from mjrules.rules.ruleset import load_ruleset
from mjrules.scoring.scorer import Scorer
from mjrules.tools.query import shown
from mjrules.tools.signals import held

if TYPE_CHECKING:
    from mjrules.cli.common import Subparsers


def add_command(sub: Subparsers) -> None:
    p = sub.add_parser("play", help=help_of("play"), description=(
        "Play one game at the table yourself, in seat 0 (the first dealer), against bots: the game is shown "
        "event by event and each of your choices asked for. Answer a tile, written as in a hand, to discard "
        "it, r and a tile to declare riichi with it, Enter to discard the tile just drawn or let a tile "
        "on offer go by, or the number of one of the other actions listed (tsumo, ron, calls, kans)."))
    add_ruleset(p, DEFAULT_RULESET)
    p.add_argument("--players", metavar="P,P,P",
                   help=f"the bots in seats 1, 2 (and 3): {', '.join(PLAYERS)}, or {MJAI}COMMAND (default greedy; "
                        "majiang-ai needs node and mjrules setup majiang-ai)")
    p.add_argument("--seed", default=None, metavar="S", help="the seed of the walls (default: a new game each time)")
    p.add_argument("--length", choices=[x.value for x in GameLength], help="default: the ruleset's game_length")
    p.add_argument("--record", type=named_file, metavar="FILE",
                   help="also write the game as a record, which mjrules replay reads back (see --record-format)")
    p.add_argument("--record-format", choices=RECORD_FORMATS, default="mjai",
                   help="the record's format: mjai JSON lines (default) or paipu, majiang-core's game JSON "
                        "(four players)")
    p.set_defaults(func=cmd_play, files=Files(outputs=("--record",), rulesets=("--ruleset",), players="--players"))


def cmd_play(args: argparse.Namespace) -> int:
    ruleset = load_ruleset(args.ruleset)
    scorer = Scorer(ruleset)
    bots = ["greedy"] * (scorer.players - 1) if args.players is None else [p.strip() for p in args.players.split(",")]
    if len(bots) != scorer.players - 1:
        raise MjrulesError(f"--players: {scorer.players - 1} bots sit with you under {ruleset.name}, "
                           f"and {len(bots)} {'was' if len(bots) == 1 else 'were'} given")
    unknown = [b for b in bots if b not in PLAYERS and not b.startswith(MJAI)]
    if unknown:
        raise MjrulesError(f"--players: {shown(unknown[0])} is not a player; the players are {', '.join(PLAYERS)}, "
                           f"and {MJAI}COMMAND runs an external mjai bot")
    if args.record_format == "paipu" and scorer.players != 4:
        raise MjrulesError(f"--record-format paipu: a 牌譜 holds four-player games, and {ruleset.name} is for "
                           f"{scorer.players} players")
    reconfigure = getattr(sys.stdin, "reconfigure", None)
    if reconfigure is not None:  # a byte typed that is not UTF-8: an answer the console names, not a traceback
        reconfigure(errors="surrogateescape")
    you = Console(sys.stdin, sys.stdout)
    try:
        players: list[Player] = [you, *(make_player(b) for b in bots)]
    except MjrulesError as e:
        raise MjrulesError(f"--players: {e}") from None
    name = os.path.abspath(args.ruleset) if os.path.exists(args.ruleset) else args.ruleset
    table = Table(scorer, players, length=None if args.length is None else GameLength(args.length), ruleset_name=name,
                  names=["you", *bots])
    seed = args.seed if args.seed is not None else os.urandom(6).hex()
    try:
        game = table.play(seed)
    except (MjrulesError, KeyboardInterrupt) as e:  # left: Ctrl-D, Ctrl-C, a bot that failed
        if args.record is not None:
            _keep_unfinished(table, args, "interrupted (Ctrl-C)" if isinstance(e, KeyboardInterrupt) else str(e))
        raise
    print("final points: " + ", ".join(f"{you.who(s)} {p:+.1f}" for s, p in enumerate(game.points))
          + f" (ended by {game.end.value}; seed {seed})")
    if args.record is not None:
        _write(args.record, json.dumps(table.paipu(game), ensure_ascii=False) + "\n" if args.record_format == "paipu"
               else game.record)
    return 0


def _keep_unfinished(table: Table, args: argparse.Namespace, why: str) -> None:
    """The game so far, written to --record as a whole record that says it is unfinished (``mjrules
    replay`` reads it); said on stdout, after the game's lines, since the error line follows."""
    record = table.unfinished_record(why, paipu=args.record_format == "paipu")
    if record is None:
        return
    with held(signal.SIGINT):  # a second Ctrl-C now would cut the record short
        _write(args.record, record)
        print(f"the game so far is kept in {args.record}, marked unfinished", flush=True)


def _write(path: str, text: str) -> None:
    """``text`` as the file ``path``, whole or not at all: written beside it, then renamed."""
    part = f"{path}.part"
    with open_text(part, "w") as f:
        f.write(text)
    os.replace(part, path)
