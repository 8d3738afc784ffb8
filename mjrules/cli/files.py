"""The files a command reads and writes, checked once, by ``main``, before the command does any work.

The rules, for every command:

- no command writes a file it reads: its input (stdin too, when it is a file), each ruleset file it
  loads and every file those extend, a plugin's module, an mjai bot's script;
- no two outputs of one command are one file (stdout included, when it is a file);
- an output is a file in a folder that exists: a missing folder is refused, never made;
- a folder a command writes files into (``simulate --records``) is made if it is missing, but only
  where the folder that would hold it exists.

Files are compared by what they are on disk (``os.path.samefile``: symlinks, ``./`` spellings and
hard links are one file), and by their real path when they do not exist yet.
"""

from __future__ import annotations

import argparse
import errno
import importlib.util
import os
import shlex
import stat
import sys
from typing import Iterator

import attrs

from mjrules.errors import MjrulesError


@attrs.frozen
class Files:
    """The options of a command that name files (``--output``; a positional by its dest, ``logs``)."""

    outputs: tuple[str, ...] = ()
    """Files it writes (``-``: stdout)."""
    inputs: tuple[str, ...] = ()
    """Files it reads as they are (``-``: stdin)."""
    rulesets: tuple[str, ...] = ()
    """Options naming rulesets, one or a comma list (``--rulesets``)."""
    folders: tuple[str, ...] = ()
    """Folders it writes files into."""
    players: str | None = None
    """The option naming the players, whose ``mjai:COMMAND`` scripts it runs."""


@attrs.frozen
class _Read:
    """A file the command reads, and what it is to the user (``the --input file``)."""

    path: str
    what: str


def _values(args: argparse.Namespace, option: str) -> list[str]:
    value = getattr(args, option.lstrip("-").replace("-", "_"), None)
    if value is None:
        return []
    return [value] if isinstance(value, str) else list(value)


def _label(option: str) -> str:
    """``--output`` as it is; a positional by its metavar (``logs``: ``LOG``)."""
    return option if option.startswith("-") else option.removesuffix("s").upper()


def check_files(args: argparse.Namespace) -> None:
    """Refuse (MjrulesError) a command line whose outputs would overwrite what it reads or each
    other, or have no folder to be written in; ``args.files`` says which options name files."""
    files: Files | None = getattr(args, "files", None)
    if files is None:
        return
    outputs = [(_label(opt), path) for opt in files.outputs for path in _values(args, opt) if path != "-"]
    folders = [(_label(opt), path) for opt in files.folders for path in _values(args, opt)]
    for opt, path in outputs:
        _check_output(opt, path)
    for opt, path in folders:
        _check_folder(opt, path)
    stdout = _regular_stat(sys.stdout)
    if not outputs and stdout is None:
        return  # nothing is written to a file: nothing can be overwritten
    reads = list(_reads(args, files))
    for opt, path in outputs:
        for read in reads:
            if same_file(read.path, path):
                raise MjrulesError(f"{opt} {path} is {read.what}: it would be overwritten")
        if stdout is not None and _is(path, stdout):
            raise MjrulesError(f"{opt} {path} is the file stdout goes to: one output would overwrite the other")
    for (opt, path), (opt2, path2) in ((a, b) for i, a in enumerate(outputs) for b in outputs[i + 1:]):
        if same_file(path, path2):
            raise MjrulesError(f"{opt} {path} and {opt2} {path2} are the same file: one output would overwrite "
                               "the other")
    if stdout is not None:
        for read in reads:
            if _is(read.path, stdout):
                raise MjrulesError(f"stdout goes to {read.path}, {read.what}: the command would write over what "
                                   "it reads; send the output to another file")


def same_file(a: str, b: str) -> bool:
    """Whether paths ``a`` and ``b`` (not ``-``) name the same file: one would overwrite the other."""
    if a == "-" or b == "-":
        return False
    try:
        return os.path.samefile(a, b)
    except OSError:  # b does not exist yet (or cannot be read): compare where it would be
        return os.path.realpath(a) == os.path.realpath(b)


def _check_output(opt: str, path: str) -> None:
    try:
        os.stat(path)
    except OSError as e:
        if e.errno == errno.ELOOP:  # symbolic links that lead to each other: no file to write
            raise MjrulesError(f"{opt} {path}: {e.strerror}") from None
    if os.path.isdir(path):
        raise MjrulesError(f"{opt} {path}: a directory, not a file")
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise MjrulesError(f"{opt} {path}: no folder {folder} to write it in")
    if not os.access(path if os.path.exists(path) else folder, os.W_OK):
        raise MjrulesError(f"{opt} {path}: not allowed to write " + (path if os.path.exists(path) else f"in {folder}"))


def _check_folder(opt: str, path: str) -> None:
    if os.path.exists(path):
        if not os.path.isdir(path):
            raise MjrulesError(f"{opt} {path}: not a directory")
        if not os.access(path, os.W_OK):
            raise MjrulesError(f"{opt} {path}: not allowed to write in it")
        return
    parent = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(parent):
        raise MjrulesError(f"{opt} {path}: no folder {parent} to make it in")


def make_folder(opt: str, path: str) -> None:
    """Make the folder of ``opt`` if it is missing (``check_files`` has seen that its parent exists)."""
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as e:
        raise MjrulesError(f"{opt} {path}: cannot make the directory: {e.strerror or e}") from None


def _reads(args: argparse.Namespace, files: Files) -> Iterator[_Read]:
    """Every file the command reads, as far as it can be known before it starts."""
    stdin = _regular_stat(sys.stdin)
    for opt in files.inputs:
        for path in _values(args, opt):
            if path != "-":
                yield _Read(path, f"the {_label(opt)} file")
            elif stdin is not None:
                yield _Read(f"/dev/fd/{sys.stdin.fileno()}", "the file stdin reads")
    for opt in files.rulesets:
        for text in _values(args, opt):
            for ref in (r.strip() for r in text.split(",")) if opt == "--rulesets" else (text,):
                if ref:
                    yield from _ruleset_reads(_label(opt), ref)
    if files.players is not None:
        for spec in _values(args, files.players):
            yield from _bot_reads(files.players, spec)


def _ruleset_reads(opt: str, ref: str) -> Iterator[_Read]:
    """The ruleset's file, the files it extends, its plugins' modules. A ruleset that does not load
    is left to the command to report: its own file is still known."""
    from mjrules.rules.plugin_manager import DEFAULT_PLUGINS, installed_plugins
    from mjrules.rules.ruleset import load_ruleset

    if os.path.isfile(ref):
        yield _Read(ref, f"the {opt} file {ref}")
    try:
        ruleset = load_ruleset(ref)
    except MjrulesError:
        return
    for k, path in enumerate(ruleset.files):
        if k == 0 and not os.path.isfile(ref):  # a preset, read from where mjrules is installed
            yield _Read(path, f"the file of preset {ref} ({path})")
        elif k:
            yield _Read(path, f"{path}, which {opt} {ref} extends")
    for name in ruleset.plugins:
        module = DEFAULT_PLUGINS.get(name)
        if module is None:
            ep = installed_plugins().get(name)
            module = None if ep is None else ep.module
        try:
            spec = importlib.util.find_spec(module) if module else None
        except (ImportError, ValueError):
            continue
        if spec is None or not spec.origin or not os.path.isfile(spec.origin):
            continue
        modules = [spec.origin]
        if spec.submodule_search_locations:  # a package: every module in it
            modules = [os.path.join(root, f) for folder in spec.submodule_search_locations
                       for root, _, names in os.walk(folder) for f in names if f.endswith(".py")]
        for path in modules:
            yield _Read(path, f"a module of plugin {name} ({path})")


def _bot_reads(opt: str, text: str) -> Iterator[_Read]:
    from mjrules.table.players import MJAI

    for spec in text.split(","):
        spec = spec.strip()
        if not spec.startswith(MJAI):
            continue
        try:
            words = shlex.split(spec[len(MJAI):])
        except ValueError:
            continue  # the command names the bad quoting
        for word in words:
            if os.path.isfile(word):
                yield _Read(word, f"a file the bot of {opt} runs")


def _regular_stat(stream: object) -> os.stat_result | None:
    """The stat of a standard stream that is a regular file (redirected to or from one), else None."""
    try:
        st = os.fstat(stream.fileno())  # type: ignore[attr-defined]
    except (AttributeError, OSError, ValueError):  # no file descriptor (a test's capture)
        return None
    return st if stat.S_ISREG(st.st_mode) else None


def _is(path: str, st: os.stat_result) -> bool:
    try:
        mine = os.stat(path)
    except OSError:
        return False
    return (mine.st_dev, mine.st_ino) == (st.st_dev, st.st_ino)
