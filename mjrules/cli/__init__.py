"""The ``mjrules`` command line: a thin layer over the library, which never imports it.

Each command lives in a module of this package with ``add_command(subparsers)``, which adds its
parser with ``func`` set to a function of the parsed args returning the exit status (the table in
``commands.py`` names each command's module: only the module of the command run is imported): 0 done (a
scored win), 1 a legal hand that does not win, 2 bad input (one line on stderr; ``--debug``
shows the traceback as well, with the same status). ``main`` adds 130 for a Ctrl-C and 1 for
output that cannot be written (a full disk), each with one line on stderr.
"""

from __future__ import annotations

import argparse
import importlib
import os
import signal
import sys
import traceback
from typing import Callable

from mjrules import __version__
from mjrules.cli.commands import COMMANDS, EXIT_BAD_INPUT, EXIT_INTERRUPTED, EXIT_NO_WIN

# Nothing heavier is imported here: main() loads the rest, so that a Ctrl-C while it loads is
# caught as any other (one line, 130), not a traceback.

ALL = "*"
"""``build_parser(ALL)``: every command's own parser (the tests read them all)."""


class _Version(argparse.Action):
    """``--version``: the version and the kernel in use (the kernel is imported only when asked)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: object,
                 option_string: str | None = None) -> None:
        from mjrules.kernel import KERNEL

        print(f"mjrules {__version__} ({KERNEL} kernel)")
        parser.exit()


def build_parser(command: str | None = ALL) -> argparse.ArgumentParser:
    """The parser of ``mjrules``, with the full parser of ``command`` only (its module imported) and
    a bare entry for each other command, enough for ``mjrules --help``; ``ALL``: every command's."""
    from mjrules.cli.common import Parser, add_debug

    parser = Parser(prog="mjrules", description="Score riichi mahjong hands under any rule set.")
    parser.add_argument("--version", action=_Version, nargs=0, help="print the version and the kernel in use, and exit")
    parser.add_argument("--debug", action="store_true", help="show a traceback on errors")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    wanted = [m for m, _ in COMMANDS.values()] if command == ALL else [COMMANDS[command][0]] if command in COMMANDS else []
    for module in dict.fromkeys(wanted):
        importlib.import_module(f"mjrules.cli.{module}").add_command(sub)
    # Argparse lists commands in the order they were added: reorder to the table's.
    loaded = dict(sub.choices)
    helps = {a.dest: a for a in sub._choices_actions}
    sub.choices.clear()
    sub._choices_actions.clear()
    for name, (_, text) in COMMANDS.items():
        if name in loaded:
            sub.choices[name] = loaded[name]
            sub._choices_actions.append(helps[name])
        else:  # never parsed with: main() builds the parser again for the command it runs
            sub.add_parser(name, help=text, add_help=False)
    for p in sub.choices.values():
        add_debug(p)
    return parser


def _command_word(argv: list[str]) -> str | None:
    """The command named in ``argv``: its first word that is not an option (the top-level options take no value)."""
    return next((a for a in argv if not a.startswith("-")), None)


def _plain_output() -> None:
    """Whatever stdout's encoding, a character it cannot encode is written as an escape
    (``\\udcff``), not a traceback: a record's file name that is not UTF-8 (which Python holds as a
    lone surrogate) is written in the output, and valid UTF-8 JSON still reads it back."""
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="backslashreplace")
    from mjrules.cli import lines

    lines.install()  # into a pipe: whole lines, even after a Ctrl-C


def _stopped() -> None:
    """After a Ctrl-C: stdout ends with a whole line, and waits for no reader (``mjrules.cli.lines``)."""
    lines = sys.modules.get("mjrules.cli.lines")
    if lines is not None:
        lines.interrupted()


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so the flush at exit cannot fail again with a traceback."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # no real file descriptor (tests): nothing is flushed at exit
        pass


def main(argv: list[str] | None = None) -> int:
    """Run the command line ``argv`` (the program's own when None) and give its exit status."""
    try:
        if argv is None:
            _plain_output()
            from mjrules.tools.signals import keep_lost_interrupts

            keep_lost_interrupts()
        return _run(argv)
    except KeyboardInterrupt:  # a second Ctrl-C in the instant the first was being handled
        _stopped()
        return EXIT_INTERRUPTED
    finally:
        if argv is None:  # the program ends: a Ctrl-C from now on could only break its shutdown
            signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run(argv: list[str] | None) -> int:
    try:
        return _main(sys.argv[1:] if argv is None else argv)
    except KeyboardInterrupt:  # one line, whenever it came: before the command started, or while it ran
        if argv is None:  # the program is ending: a second Ctrl-C has nothing left to stop, nor to cut short
            signal.signal(signal.SIGINT, signal.SIG_IGN)
        _say_interrupted()
        return EXIT_INTERRUPTED
    finally:  # whatever happened: no worker process outlives the command
        parallel = sys.modules.get("mjrules.tools.parallel")
        if parallel is not None:
            parallel.close_all()


def _main(argv: list[str]) -> int:
    from mjrules.cli.common import MAX_ARGS
    from mjrules.cli.files import check_files
    from mjrules.errors import MjrulesError, escaped

    if len(argv) > MAX_ARGS:
        print(f"mjrules: error: {len(argv)} arguments; a command needs far fewer (limit {MAX_ARGS})", file=sys.stderr)
        return EXIT_BAD_INPUT
    from mjrules.kernel import KERNEL_ERROR

    if KERNEL_ERROR is not None:
        print(f"mjrules: error: {KERNEL_ERROR}", file=sys.stderr)
        return EXIT_BAD_INPUT
    parser = build_parser(_command_word(argv))
    try:
        try:
            args = parser.parse_args(argv)
        except SystemExit as e:  # argparse already printed its one-line message (or --help, --version)
            code = e.code if isinstance(e.code, int) else EXIT_BAD_INPUT
            sys.stdout.flush()  # here, so that --help into a full disk is said, not lost at exit
            return code
    except OSError as e:
        return _unwritable(e)
    if args.command is None:  # one line on stderr, as for any bad input; --help lists the commands
        print(f"mjrules: error: give a command ({', '.join(COMMANDS)}); mjrules --help says what each does",
              file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        check_files(args)
        command: Callable[[argparse.Namespace], int] = args.func  # its cmd_*, the subparser's default
        code = command(args)
        from mjrules.tools.signals import raise_lost_interrupt

        raise_lost_interrupt()  # a Ctrl-C that came while a __del__ ran: the run was interrupted all the same
        sys.stdout.flush()  # here, so a full disk is reported, not found by the flush at exit
        return code
    except MjrulesError as e:
        from mjrules.tools.query import brief

        if args.debug:
            traceback.print_exc()
        print(f"mjrules: error: {escaped(brief(str(e)))}", file=sys.stderr)  # a file's name may hold any byte
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        if args.debug:
            traceback.print_exc()
        raise  # said once, by main
    except BrokenPipeError:  # the reader went away (| head): not an error of ours
        _silence_stdout()
        return 0
    except OSError as e:
        if args.debug:
            traceback.print_exc()
        return _unwritable(e)


def _say_interrupted() -> None:
    _stopped()
    try:  # keep what was written before the Ctrl-C (into a pipe: as far as it takes it at once)
        sys.stdout.flush()
    except OSError:
        _silence_stdout()
    print("mjrules: interrupted", file=sys.stderr)


def _unwritable(e: OSError) -> int:
    """One line for output that cannot be written (a full disk, a closed stream): status 1."""
    _silence_stdout()
    where = f"{e.filename}" if e.filename else "cannot write output"
    print(f"mjrules: error: {where}: {e.strerror or e}", file=sys.stderr)
    return EXIT_NO_WIN
