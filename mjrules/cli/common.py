"""What the commands share: the parser class, the exit codes, and the options and readers of a hand."""

from __future__ import annotations

import argparse
import sys

from mjrules.errors import NotationError
from mjrules.model.hand import Hand
from mjrules.model.win import Win
from mjrules.notation import parse_majiang, parse_mpsz, parse_tiles
from mjrules.notation.mpsz import parse_tile

EXIT_WIN, EXIT_NO_WIN, EXIT_BAD_INPUT = 0, 1, 2

RON_SOURCES = {
    "previous": 3, "left": 3, "kamicha": 3, "-": 3,
    "opposite": 2, "across": 2, "toimen": 2, "=": 2,
    "next": 1, "right": 1, "shimocha": 1, "+": 1,
}
WINDS = {"e": 0, "east": 0, "s": 1, "south": 1, "w": 2, "west": 2, "n": 3, "north": 3, "0": 0, "1": 1, "2": 2, "3": 3}
DEFAULT_RULESET = "tenhou"
MAX_ARGS = 200
BATCH_RULESET = "majiang"  # the majiang format's own defaults, so a line scores as majiang-core would


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2, like every other bad input
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message}\n")


def wind(text: str) -> int:
    w = WINDS.get(text.lower())
    if w is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not a wind (E, S, W, N)")
    return w


def ron(text: str) -> int:
    r = RON_SOURCES.get(text.lower())
    if r is None:
        raise argparse.ArgumentTypeError(f"{text!r}: say who dealt in: previous, opposite or next (or left, across, right)")
    return r


def count(text: str) -> int:
    if not text.isdigit() or len(text) > 3:
        raise argparse.ArgumentTypeError(f"{text!r} is not a small whole number")
    return int(text)


def tile_arg(text: str):
    try:
        return parse_tile(text)
    except NotationError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def indicators(text: str) -> tuple:
    try:
        return tuple(parse_tiles(text))
    except NotationError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def add_ruleset(p: argparse.ArgumentParser, default: str) -> None:
    p.add_argument("--ruleset", default=default, metavar="NAME|PATH",
                   help=f"preset name or TOML file (default: {default})")


def add_situation(p: argparse.ArgumentParser) -> None:
    """The options that describe the win (shared by every command that scores one hand)."""
    p.add_argument("--win", type=tile_arg, metavar="TILE", help="the winning tile, e.g. 5m or 0p (default: last tile written)")
    p.add_argument("--ron", type=ron, metavar="FROM", help="won by ron from previous|opposite|next (default: tsumo)")
    p.add_argument("--round", type=wind, default=0, metavar="WIND", help="round wind E S W N (default E)")
    p.add_argument("--seat", type=wind, default=0, metavar="WIND", help="winner's seat wind; E is the dealer (default E)")
    p.add_argument("--riichi", action="store_true")
    p.add_argument("--double-riichi", action="store_true")
    for flag in ("ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou", "renhou"):
        p.add_argument(f"--{flag}", action="store_true")
    p.add_argument("--dora", type=indicators, default=(), metavar="TILES", help="dora indicators, e.g. 1m7z")
    p.add_argument("--ura", type=indicators, default=(), metavar="TILES", help="ura-dora indicators")
    p.add_argument("--honba", type=count, default=0, metavar="N")
    p.add_argument("--sticks", type=count, default=0, metavar="N", help="riichi sticks on the table")
    p.add_argument("--extra", action="append", default=[], metavar="TAG",
                   help="a situation only local yaku know, e.g. kanburi (repeatable)")


def hand_and_win(args) -> tuple[Hand, Win]:
    """The Hand and Win described by HAND and the situation options."""
    hand = read_hand(args)
    if args.riichi and args.double_riichi:
        raise NotationError("give --riichi or --double-riichi, not both")
    win = Win(
        tsumo=args.ron is None, discarder=args.ron, round_wind=args.round, seat_wind=args.seat,
        riichi=2 if args.double_riichi else 1 if args.riichi else 0,
        ippatsu=args.ippatsu, haitei=args.haitei, houtei=args.houtei, rinshan=args.rinshan,
        chankan=args.chankan, tenhou=args.tenhou, chiihou=args.chiihou, renhou=args.renhou,
        dora=args.dora, ura=args.ura, honba=args.honba, riichi_sticks=args.sticks, extras=args.extra,
    )
    return hand, win


def read_hand(args) -> Hand:
    text = args.hand.strip()
    if text[:1] in ("m", "p", "s", "z"):
        hand, _ = parse_majiang(text)
        if args.win is not None:
            raise NotationError("--win is for MPSZ hands; in majiang notation the winning tile is written last")
        return hand
    return parse_mpsz(text, args.win)


def read_lines(path: str):
    """(line number, text) for each non-blank line of a file or stdin (``-``); a line that is not
    UTF-8 comes as a NotationError in place of its text, so the caller reports it and goes on."""
    if path == "-":
        src = getattr(sys.stdin, "buffer", None)
        if src is None:  # a text stream (tests, embedding): already decoded
            for n, line in enumerate(sys.stdin, 1):
                if line.strip():
                    yield n, line
            return
    else:
        try:
            src = open(path, "rb")
        except OSError as e:
            raise NotationError(f"{path}: cannot open: {e.strerror or e}") from None
    try:
        for n, raw in enumerate(src, 1):
            if not raw.strip():
                continue
            try:
                yield n, raw.decode("utf-8")
            except UnicodeDecodeError as e:
                yield n, NotationError(f"not UTF-8 text (byte {e.start + 1})")
    finally:
        if src is not getattr(sys.stdin, "buffer", None):
            src.close()


def open_text(path: str, mode: str):
    try:
        return open(path, mode, encoding="utf-8")
    except OSError as e:
        raise NotationError(f"{path}: cannot open: {e.strerror or e}") from None


