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
from mjrules.errors import NotationError, as_typed, not_utf8
from mjrules.model.hand import Hand
from mjrules.model.win import MAX_COUNTER, WIND_WORDS, Win
from mjrules.notation.json_hand import RON_WORDS
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
    """The parser of every command: one line and status 2 for a bad command line; an argument that
    is not UTF-8 refused, but where it names a file; an option given twice with two values
    refused, but where it adds up (``More``, ``append``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name, action in ((None, _Store), ("store", _Store), ("store_const", _StoreConst),
                             ("store_true", _StoreTrue), ("store_false", _StoreFalse)):
            self.register("action", name, action)
        self._given: dict[str, tuple[object, str]] = {}

    def parse_known_args(self, args: Any = None, namespace: Any = None) -> Any:
        self._given = {}  # what this parse set, for _Given: each parse starts afresh
        return super().parse_known_args(args, namespace)

    def error(self, message: str) -> NoReturn:  # one line, exit 2, like every other bad input
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message}\n")

    def _get_value(self, action: argparse.Action, arg_string: str) -> Any:
        # A byte that is not UTF-8 reaches Python as a lone surrogate, which no hand, tile, seed or
        # name holds and the UTF-8 coder refuses (the native kernel, a seed's hash, a record): said
        # here, naming the argument, for all. A file's name is the system's, kept as typed.
        why = not_utf8(arg_string)
        # the command's own words pass through the command word's action: its parser reads them
        if why is not None and action.type not in _NAMES_FILES and action.nargs != argparse.PARSER:
            raise argparse.ArgumentError(action, f"{as_typed(arg_string)}: {why}; mjrules reads its arguments as UTF-8")
        return super()._get_value(action, arg_string)

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        # argparse drops an OSError here: --help into a full disk would exit 0 without a word
        if message:
            (file or sys.stdout).write(message)


class _Given(argparse.Action):
    """An option that holds one value: given again with another value, it is refused, not the last
    one silently kept (``--ruleset a --ruleset b``, ``--progress --no-progress``)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        given = getattr(parser, "_given", None)
        if given is not None and option_string is not None:
            value = values if self.nargs != 0 else self.const
            before = given.get(self.dest)
            if before is not None and before[0] != value:
                said, where = before
                if where == option_string:
                    parser.error(f"{option_string} given twice ({_said(said)}, then {_said(value)}): give it once")
                parser.error(f"{where} and {option_string} both given: give one")
            given[self.dest] = (value, option_string)
        super().__call__(parser, namespace, values, option_string)


def _said(value: object) -> str:
    """An option's value as a message shows it."""
    if isinstance(value, tuple):
        return "".join(map(str, value))
    return as_typed(value) if isinstance(value, str) else str(value)


class _Store(_Given, argparse._StoreAction):
    pass


class _StoreConst(_Given, argparse._StoreConstAction):
    pass


class _StoreTrue(_Given, argparse._StoreTrueAction):
    pass


class _StoreFalse(_Given, argparse._StoreFalseAction):
    pass


class More(argparse.Action):
    """A repeatable option whose uses add up, as a user expects of a list: ``--dora 3s --dora 1m``
    is both indicators (tiles: a tuple), ``--rulesets a --rulesets b`` both rulesets (a comma list)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        before = getattr(namespace, self.dest, None)
        if before is None or before is self.default:
            setattr(namespace, self.dest, values)
        elif isinstance(values, str):
            setattr(namespace, self.dest, f"{before},{values}")
        else:
            setattr(namespace, self.dest, tuple(before) + tuple(values))


def names_files(text: str) -> str:
    """An argument that names files to read (a LOG): given to the system as typed, a byte that is not
    UTF-8 included (a file's name is the system's), as in every option of ``file_arg`` or ``folder_arg``."""
    return text


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
        except (NotationError, ValueError) as e:  # said as it is: argparse would name the reader
            raise argparse.ArgumentTypeError(str(e)) from None

    return read


wind = option_type(query.read_wind)
ron = option_type(query.read_ron)
count = option_type(query.read_count)
tile_arg = option_type(query.read_tile)
indicators = option_type(query.read_indicators)
kita = option_type(query.read_kita)
turn = option_type(query.read_turn)
reach = option_type(query.read_extra)
ev_model = option_type(query.read_model)


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
    p.add_argument("--dora", type=indicators, action=More, default=(), metavar="TILES",
                   help="dora indicators, e.g. 1m7z (repeatable)")
    p.add_argument("--ura", type=indicators, action=More, default=(), metavar="TILES",
                   help="ura-dora indicators (repeatable)")
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


def named_file(text: str) -> str:
    """An output FILE beside what the command prints: ``-`` would be a file of that name, where
    ``batch --output -`` is stdout; refused, as stdout already carries the command's own output."""
    if file_arg(text) == "-":
        raise argparse.ArgumentTypeError("- (stdout) carries the command's own output: name a file")
    return text


def folder_arg(text: str) -> str:
    """A folder option's value (``--dir``, ``--records``): an empty name would be taken for the
    current folder without a word."""
    if not text:
        raise argparse.ArgumentTypeError("an empty folder name; for the current folder, say .")
    return text


_NAMES_FILES = (names_files, file_arg, named_file, folder_arg)
"""The types of the arguments that only name files: ``Parser`` keeps a byte that is not UTF-8 in
them. Every other argument must be text, a ruleset's name included: it is written in the output,
in records and in their files' names."""


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
