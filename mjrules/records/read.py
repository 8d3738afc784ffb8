"""Open game records: a file (plain or gzip-compressed) whose format is recognised from its
content, or every record under a directory or matching a glob, one game at a time. A file holds
one game, but for a 電脳麻将 牌譜, which may hold a list of them."""

from __future__ import annotations

import glob
import gzip
import io
import os
import sys
import zlib
from typing import Callable, Iterable, Iterator

from mjrules.errors import RecordError
from mjrules.game.record import Game

MAX_RECORD = 64 << 20
"""Largest record read (after decompression): a game is some tens of kilobytes."""
FORMATS = ("tenhou-xml", "tenhou-json", "mjai", "majiang")


STDIN = "-"
"""The name that reads a record from stdin (``mjrules replay -``); its games' source is ``stdin``."""


def read_limited(read: Callable[[int], bytes]) -> bytes:
    """At most MAX_RECORD + 1 bytes, read in chunks: ``read(n)`` would set aside n bytes at once."""
    chunks: list[bytes] = []
    total = 0
    while total <= MAX_RECORD:
        chunk = read(1 << 20)
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    return b"".join(chunks)


def read_stdin() -> bytes:
    """The bytes of the record piped to stdin (``-``), at most MAX_RECORD."""
    if sys.stdin is None:
        raise RecordError("stdin: closed, so no record to read from it")
    stream = getattr(sys.stdin, "buffer", None)
    try:
        data = read_limited(stream.read) if stream is not None else sys.stdin.read().encode("utf-8")
    except OSError as e:
        raise RecordError(f"stdin: cannot read: {e.strerror or e}") from None
    if len(data) > MAX_RECORD:
        raise RecordError(f"stdin: more than {MAX_RECORD} bytes; a game record is far smaller")
    return data


def _decompressed(source: str, data: bytes) -> bytes:
    if data[:2] != b"\x1f\x8b":
        return data
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as f:
            out = read_limited(f.read)
    except (EOFError, OSError, zlib.error) as e:
        raise RecordError(f"{source}: the compressed data is cut or broken ({e})") from None
    if len(out) > MAX_RECORD:
        raise RecordError(f"{source}: more than {MAX_RECORD} bytes uncompressed; a game record is far smaller")
    return out


def detect_format(data: bytes) -> str | None:
    """``tenhou-xml``, ``tenhou-json``, ``mjai`` or ``majiang`` (a 牌譜: a game object with ``qijia``
    near its start, or a list of them) by the content's start; None if none fits."""
    head = data[:4096].lstrip(b"\xef\xbb\xbf \t\r\n")
    if head.startswith(b"<"):
        return "tenhou-xml"
    if head.startswith(b"["):
        return "majiang"
    if head.startswith(b"{"):
        if b'"qijia"' in head:
            return "majiang"
        first = head.split(b"\n", 1)[0]
        if b'"type"' in first:
            return "mjai"
        return "tenhou-json"
    return None


def read_game(path: str, data: bytes | None = None) -> Game:
    """The game in the file ``path`` (or in ``data``, named ``path``); an error for a file of several."""
    games = read_file_games(path, data)
    if len(games) != 1:
        raise RecordError(f"{path}: {len(games)} games in one file, where one was expected")
    return games[0]


def read_file_games(path: str, data: bytes | None = None) -> list[Game]:
    """The games in the file ``path`` (or in ``data``, named ``path``): one, or a 牌譜's list."""
    if data is None:
        try:
            with open(path, "rb") as f:
                data = read_limited(f.read)
        except OSError as e:
            raise RecordError(f"{path}: cannot read: {e.strerror or e}") from None
        if len(data) > MAX_RECORD:
            raise RecordError(f"{path}: more than {MAX_RECORD} bytes; a game record is far smaller")
    data = _decompressed(path, data)
    fmt = detect_format(data)
    if fmt == "tenhou-xml":
        from mjrules.records.tenhou_xml import read_mjlog_bytes
        return [read_mjlog_bytes(path, data)]
    if fmt == "tenhou-json":
        from mjrules.records.tenhou_json import read_tenhou_json
        return [read_tenhou_json(path, data)]
    if fmt == "mjai":
        from mjrules.records.mjai import read_mjai
        return [read_mjai(path, data)]
    if fmt == "majiang":
        from mjrules.records.majiang_paipu import read_paipu_games
        return read_paipu_games(path, data)
    raise RecordError(f"{path}: not a game record mjrules reads (Tenhou mjlog XML, Tenhou JSON, mjai JSON lines, "
                      f"電脳麻将 牌譜 JSON)")


def record_paths(specs: Iterable[str], skipped: Callable[[str], None] | None = None) -> Iterator[str]:
    """Each file named, every file under a directory named (sorted, hidden files and LICENSE/README
    files skipped), every file a glob pattern matches, ``-`` (stdin) as it is; a name that matches
    nothing is an error.
    Under a directory or a glob only regular files are read (a FIFO would block the read forever):
    ``skipped`` is told each other one."""
    for spec in specs:
        if spec == STDIN:  # read by the caller, which has stdin
            yield spec
        elif os.path.isdir(spec):
            for root, dirs, files in os.walk(spec):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                for name in sorted(files):
                    if name.startswith(".") or name.upper().startswith(("LICENSE", "README")):
                        continue
                    yield from _regular(os.path.join(root, name), skipped)
        elif os.path.exists(spec):
            yield spec
        elif glob.has_magic(spec):
            matches = sorted(glob.iglob(spec, recursive=True))
            if not matches:
                raise RecordError(f"{spec}: no file matches")
            for m in matches:
                if not os.path.isdir(m):
                    yield from _regular(m, skipped)
        else:
            raise RecordError(f"{spec}: no such file or directory")


def _regular(path: str, skipped: Callable[[str], None] | None) -> Iterator[str]:
    if os.path.isfile(path):
        yield path
    elif skipped is not None:
        skipped(path)


def read_games(specs: Iterable[str]) -> Iterator[Game]:
    """The games of every record ``specs`` name, read one file at a time."""
    for path in record_paths(specs):
        yield from read_file_games("stdin", read_stdin()) if path == STDIN else read_file_games(path)
