"""What the commands share: the parser class, the exit codes, and the options and readers of a hand."""

from __future__ import annotations

import argparse
import io
import os
import re
import sys
import unicodedata
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Literal, NoReturn, TypeVar

from mjrules.cli.commands import EXIT_BAD_INPUT, EXIT_INTERRUPTED, EXIT_NO_WIN, EXIT_WIN
from mjrules.errors import NotationError
from mjrules.model.hand import Hand
from mjrules.model.win import MAX_COUNTER, Win
from mjrules.notation.json_hand import RON_WORDS, WIND_WORDS
from mjrules.tools import query
from mjrules.tools.query import MAX_DIGITS, plain_fives, shown, whole_number

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

    Subparsers = argparse._SubParsersAction[argparse.ArgumentParser]
    """What a command's ``add_command`` adds its parser to."""

__all__ = ["EXIT_BAD_INPUT", "EXIT_INTERRUPTED", "EXIT_NO_WIN", "EXIT_WIN",  # kept here for the commands that
           "MAX_DIGITS", "plain_fives", "shown", "whole_number"]  # import them


def __getattr__(name: str) -> Any:
    """``BATCH_RULESET`` and ``json_int``, loaded with ``mjrules.tools.batch`` only by the commands that use them."""
    if name in ("BATCH_RULESET", "json_int"):
        from mjrules.tools import batch

        return getattr(batch, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


RON_SOURCES = RON_WORDS  # one table for --ron and JSON hands' "ron", so both take the same words
WINDS = WIND_WORDS
DEFAULT_RULESET = "tenhou"
MAX_ARGS = 200


_T = TypeVar("_T")
_R = TypeVar("_R")


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, exit 2, like every other bad input
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message}\n")

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        # argparse drops an OSError here: --help into a full disk would exit 0 without a word
        if message:
            (file or sys.stdout).write(message)


def add_debug(p: argparse.ArgumentParser) -> None:
    """``--debug``, accepted after the subcommand as well as before it."""
    # SUPPRESS: a subcommand without --debug must not reset a --debug given before it.
    p.add_argument("--debug", action="store_true", default=argparse.SUPPRESS, help="show a traceback on errors")


def display_width(text: str) -> int:
    """Columns the text takes in a terminal: wide and fullwidth characters (kanji, kana) take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def plural(n: int, noun: str) -> str:
    """``1 hand``, ``2 hands``."""
    return f"{n} {noun}{'s' * (n != 1)}"


def pad(text: str, width: int) -> str:
    """``text`` padded with spaces to ``width`` terminal columns."""
    return text + " " * max(0, width - display_width(text))


def option_type(reader: Callable[[str], _T]) -> Callable[[str], _T]:
    """An argparse type from a reader of ``mjrules.tools.query``: its NotationError becomes argparse's error."""
    def read(text: str) -> _T:
        try:
            return reader(text)
        except NotationError as e:
            raise argparse.ArgumentTypeError(str(e)) from None

    read.__name__ = reader.__name__
    return read


wind = option_type(query.read_wind)
ron = option_type(query.read_ron)
count = option_type(query.read_count)
tile_arg = option_type(query.read_tile)
indicators = option_type(query.read_indicators)
kita = option_type(query.read_kita)
turn = option_type(query.read_turn)
reach = option_type(query.read_extra)


def ruleset_arg(text: str) -> str:
    """A --ruleset value: an empty one would fall back to a default without a word."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty ruleset name; give a preset name or a TOML file")
    return text


def add_hand(p: argparse.ArgumentParser, nargs: str, help: str | None = None) -> None:
    """HAND, its melds as more words. A word of a '-' and a digit (``-123m``) is read as HAND, and
    refused by the hand's reader, not taken for an unknown option ("HAND is required")."""
    p.add_argument("hand", nargs=nargs, metavar="HAND", help=help)
    p._negative_number_matcher = re.compile(r"^-\d")


def add_ruleset(p: argparse.ArgumentParser, default: str) -> None:
    p.add_argument("--ruleset", type=ruleset_arg, default=default, metavar="NAME|PATH",
                   help=f"preset name, TOML file, or a majiang-core rule object as a JSON file (default: {default})")


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
    p.add_argument("--kita", type=kita, default=0, metavar="N",
                   help="Norths the winner set aside (three-player nukidora), 0-4")
    p.add_argument("--extra", action="append", default=[], metavar="TAG",
                   help="a situation tag, e.g. kanburi (local yaku) or robbed_ankan (with --chankan: the kan robbed "
                        "was a closed one) (repeatable)")


def hand_and_win(args: argparse.Namespace) -> tuple[Hand, Win]:
    """The Hand and Win described by HAND and the situation options."""
    hand = read_hand(args)
    win = query.make_win(
        ron=args.ron, round_wind=args.round, seat_wind=args.seat, riichi=args.riichi,
        double_riichi=args.double_riichi, ippatsu=args.ippatsu, haitei=args.haitei, houtei=args.houtei,
        rinshan=args.rinshan, chankan=args.chankan, tenhou=args.tenhou, chiihou=args.chiihou, renhou=args.renhou,
        dora=args.dora, ura=args.ura, honba=args.honba, sticks=args.sticks, extra=args.extra, kita=args.kita,
    )
    return hand, win


def hand_text(words: str | list[str]) -> str:
    """HAND as one string: the words of an unquoted open hand (``067p88s 3-45m``) joined by spaces."""
    return " ".join(words) if isinstance(words, list) else words


def read_hand(args: argparse.Namespace) -> Hand:
    return query.read_hand(hand_text(args.hand), args.win)


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
        for n, raw in numbered(src, "stdin" if path == "-" else path):
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


def numbered(src: Iterable[_T], name: str) -> Iterator[tuple[int, _T]]:
    """``enumerate(src, 1)``; a read that fails (an I/O error) is a NotationError naming ``name``."""
    it = iter(src)
    n = 0
    while True:
        try:
            raw = next(it)
        except StopIteration:
            return
        except OSError as e:  # raised while reading: not the "cannot write output" of main's catch-all
            raise NotationError(f"{name}: cannot read line {n + 1}: {e.strerror or e}") from None
        n += 1
        yield n, raw


def open_text(path: str, mode: Literal["r", "w"]) -> io.TextIOWrapper:
    try:
        return open(path, mode, encoding="utf-8")
    except OSError as e:
        raise NotationError(f"{path}: cannot open: {e.strerror or e}") from None




def add_jobs(p: argparse.ArgumentParser) -> None:
    p.add_argument("--jobs", type=jobs_arg, default=1, metavar="N",
                   help=f"worker processes (default 1; 0: one per core; at most {JOBS_PER_CORE} per core); "
                        "the output is the same for any N")


JOBS_PER_CORE = 4
"""Most worker processes --jobs takes per core: more only cost memory and start-up time."""


def cores() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # no sched_getaffinity (macOS, Windows)
        return os.cpu_count() or 1


def jobs_arg(text: str) -> int:
    limit = JOBS_PER_CORE * cores()
    try:
        return whole_number(text, limit)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{shown(text)} is not a number of worker processes 0-{limit} ({JOBS_PER_CORE} per core on this "
            f"machine's {cores()} cores; 0: one per core)") from None


def file_arg(text: str) -> str:
    """A FILE option's value: an empty name would write nothing, or read nothing, without a word."""
    if not text:
        raise argparse.ArgumentTypeError("an empty file name")
    return text


def add_scheduler(p: argparse.ArgumentParser) -> None:
    p.add_argument("--scheduler", metavar="tcp://HOST:PORT",
                   help="score on this Dask cluster (pip install 'mjrules[dask]'); the output is the same")


def parallel_lines(args: argparse.Namespace, work: Callable[[Any, list[_T]], _R], lines: Iterable[_T],
                   setup: Callable[[], Any], chunk_size: int | None = None) -> Iterator[_R]:
    """``ordered_map`` of the command's --jobs, or on the Dask cluster of --scheduler."""
    from mjrules.tools.parallel import CHUNK_SIZE, ordered_map

    size = chunk_size or CHUNK_SIZE
    if args.scheduler is None:
        yield from ordered_map(work, lines, setup, args.jobs, size)
        return
    from mjrules.dask import cluster  # only here: Dask is an optional extra

    with cluster(args.scheduler) as c:
        yield from ordered_map(work, lines, setup, c.slots, size, executor=c.executor)
