"""What the commands share: the parser class, the exit codes, and the options and readers of a hand."""

from __future__ import annotations

import argparse
import os
import sys
import unicodedata
from typing import Any, Iterator, NoReturn

from mjrules.errors import NotationError
from mjrules.model.hand import Hand
from mjrules.model.tiles import Tile
from mjrules.model.win import MAX_COUNTER, Win
from mjrules.notation import parse_majiang, parse_mpsz, parse_tiles
from mjrules.notation.json_hand import RON_WORDS, WIND_WORDS
from mjrules.notation.mpsz import parse_tile
from mjrules.scoring.scorer import Scorer
from mjrules.tools.compare import red_fives_of, without_red_fives

EXIT_WIN, EXIT_NO_WIN, EXIT_BAD_INPUT = 0, 1, 2

RON_SOURCES = RON_WORDS  # one table for --ron and JSON hands' "ron", so both take the same words
WINDS = WIND_WORDS
DEFAULT_RULESET = "tenhou"
MAX_ARGS = 200
BATCH_RULESET = "majiang"  # the majiang format's own defaults, so a line scores as majiang-core would


EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report a Ctrl-C
MAX_DIGITS = 100
"""Longest number read from an argument or a JSON line; longer is an error, not Python's int limit."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit 2, like every other bad input
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message}\n")


def add_debug(p: argparse.ArgumentParser) -> None:
    """``--debug``, accepted after the subcommand as well as before it."""
    # SUPPRESS: a subcommand without --debug must not reset a --debug given before it.
    p.add_argument("--debug", action="store_true", default=argparse.SUPPRESS, help="show a traceback on errors")


def display_width(text: str) -> int:
    """Columns the text takes in a terminal: wide and fullwidth characters (kanji, kana) take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def pad(text: str, width: int) -> str:
    """``text`` padded with spaces to ``width`` terminal columns."""
    return text + " " * max(0, width - display_width(text))


def shown(text: str, most: int = 20) -> str:
    """``text`` quoted for an error message, cut to ``most`` characters: an error is one short line."""
    return repr(text) if len(text) <= most else f"{text[:most]!r}… ({len(text)} characters)"


def whole_number(text: str, limit: int) -> int:
    """``text`` as a whole number 0..limit, ASCII digits only; ValueError naming the range otherwise."""
    # str.isdigit() also takes '²' and other digits int() refuses; length first, before int() is tried.
    if not (text.isascii() and text.isdigit()) or len(text) > MAX_DIGITS or int(text) > limit:
        raise ValueError(f"{shown(text)} is not a whole number 0-{limit}")
    return int(text)


def json_int(text: str) -> int:
    """``parse_int`` for json.loads: a number of absurd length is a NotationError."""
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise NotationError(f"a number of {len(text)} digits; numbers here have at most {MAX_DIGITS}")
    return int(text)


def wind(text: str) -> int:
    w = WINDS.get(text.lower())
    if w is None:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a wind (E, S, W, N)")
    return w


def ron(text: str) -> int:
    r = RON_SOURCES.get(text.lower())
    if r is None:
        raise argparse.ArgumentTypeError(
            f"{shown(text)}: say who dealt in: previous, opposite or next (or left, across, right)")
    return r


def count(text: str) -> int:
    try:
        return whole_number(text, MAX_COUNTER)
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def tile_arg(text: str) -> Tile:
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
    p.add_argument("--ron", type=ron, metavar="FROM",
                   help="won by ron from previous|opposite|next (default: tsumo); three players: previous|next")
    p.add_argument("--round", type=wind, default=0, metavar="WIND", help="round wind E S W N (default E)")
    p.add_argument("--seat", type=wind, default=0, metavar="WIND", help="winner's seat wind; E is the dealer (default E)")
    p.add_argument("--riichi", action="store_true")
    p.add_argument("--double-riichi", action="store_true")
    for flag in ("ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou", "renhou"):
        p.add_argument(f"--{flag}", action="store_true")
    p.add_argument("--dora", type=indicators, default=(), metavar="TILES", help="dora indicators, e.g. 1m7z")
    p.add_argument("--ura", type=indicators, default=(), metavar="TILES", help="ura-dora indicators")
    p.add_argument("--honba", type=count, default=0, metavar="N", help=f"honba counters, 0-{MAX_COUNTER}")
    p.add_argument("--sticks", type=count, default=0, metavar="N", help=f"riichi sticks on the table, 0-{MAX_COUNTER}")
    p.add_argument("--kita", type=count, default=0, metavar="N",
                   help="Norths the winner set aside (three-player nukidora), 0-4")
    p.add_argument("--extra", action="append", default=[], metavar="TAG",
                   help="a situation tag, e.g. kanburi (local yaku) or robbed_ankan (with --chankan: the kan robbed "
                        "was a closed one) (repeatable)")


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
        kita=args.kita,
    )
    return hand, win


def hand_text(words: str | list[str]) -> str:
    """HAND as one string: the words of an unquoted open hand (``067p88s 3-45m``) joined by spaces."""
    return " ".join(words) if isinstance(words, list) else words


def read_hand(args) -> Hand:
    text = hand_text(args.hand).strip()
    if text[:1] in ("m", "p", "s", "z"):
        hand, _ = parse_majiang(text)
        if args.win is not None:
            raise NotationError("--win is for MPSZ hands; in majiang notation the winning tile is written last")
        return hand
    return parse_mpsz(text, args.win)


def plain_fives(scorer: Scorer, hand: Hand) -> tuple[Hand, list[str]]:
    """The hand as the ruleset's set has it: the red fives of a suit beyond the set's count are
    read as plain fives (as ``compare`` does), with a note per suit."""
    if not hand.red_fives or scorer.allows_red_fives(hand):
        return hand, []
    notes = []
    allowed = red_fives_of(scorer)
    for suit, held, n in zip("mps", hand.reds, allowed):
        if held > n:
            which = "red 0" + suit if n == 0 else f"{held - n} of the {held} red 0{suit}"
            notes.append(f"{which} read as a plain 5{suit}: ruleset {scorer.ruleset.name} has {n} "
                         f"red 5{suit} (flag red_fives_{suit})")
    return without_red_fives(hand, allowed), notes


def read_lines(path: str, keep_blank: bool = False) -> Iterator[tuple[int, str | NotationError]]:
    """(line number, text) for each line of a file or stdin (``-``), blank lines only with
    ``keep_blank``; a UTF-8 byte-order mark opening line 1 is dropped. A line that is not UTF-8
    comes as a NotationError in place of its text, so the caller reports it and goes on."""
    stdin_bytes = getattr(sys.stdin, "buffer", None)
    src: Any
    if path == "-":
        src = stdin_bytes if stdin_bytes is not None else sys.stdin  # a text stream in tests and embedding
    else:
        try:
            src = open(path, "rb")
        except OSError as e:
            raise NotationError(f"{path}: cannot open: {e.strerror or e}") from None
    try:
        for n, raw in enumerate(src, 1):
            if isinstance(raw, str):
                line = raw
            else:
                try:
                    line = raw.decode("utf-8")
                except UnicodeDecodeError as e:
                    yield n, NotationError(f"not UTF-8 text (byte {e.start + 1})")
                    continue
            if n == 1:  # editors on Windows save UTF-8 with a BOM; it is no part of the JSON
                line = line.removeprefix("\ufeff")
            if keep_blank or line.strip():
                yield n, line
    finally:
        if path != "-":
            src.close()


def same_file(a: str, b: str) -> bool:
    """Whether paths ``a`` and ``b`` (not ``-``) name the same file: one would overwrite the other."""
    if a == "-" or b == "-":
        return False
    try:
        return os.path.samefile(a, b)
    except OSError:  # b does not exist yet (or cannot be read): compare where it would be
        return os.path.realpath(a) == os.path.realpath(b)


def open_text(path: str, mode: str):
    try:
        return open(path, mode, encoding="utf-8")
    except OSError as e:
        raise NotationError(f"{path}: cannot open: {e.strerror or e}") from None


