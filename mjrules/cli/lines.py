"""stdout into a pipe, written in whole lines: a Ctrl-C never leaves half a line in it.

A write to a pipe that nobody reads waits, and a Ctrl-C then stops it. A write of more than
``PIPE_BUF`` bytes may stop part way, and Python's buffer writes 8 KiB at a time wherever a line
ends: the reader got the last line cut (``mjrules batch | …`` with the reader busy). Here each write
is whole lines of at most ``PIPE_BUF`` bytes, which a pipe takes whole or not at all; after a Ctrl-C
(``interrupted``) the lines still held are written as far as the pipe takes them at once, and the
rest, a line half made included, is dropped: the output ends with a whole line, and nothing waits
for a reader that may never come. A single line longer than ``PIPE_BUF`` is written alone.
"""

from __future__ import annotations

import io
import os
import select
import sys
from typing import Any

HELD = 1 << 13
"""Bytes held before whole lines are written: 8 KiB, as Python's own buffer."""


class WholeLines(io.BufferedIOBase):
    """The bytes under stdout when it is a pipe (``install``): whole lines, each write atomic."""

    def __init__(self, fd: int, eager: bool = False) -> None:
        super().__init__()
        self.fd = fd
        self.eager = eager
        """Each line written as soon as it is whole (``python -u``, ``PYTHONUNBUFFERED``)."""
        self.held = bytearray()
        self.atomic = getattr(select, "PIPE_BUF", 512)
        self.stopped = False
        """A Ctrl-C came: ``flush`` writes what the pipe takes at once, in whole lines, and drops the rest."""

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self.fd

    def write(self, data: Any) -> int:
        self.held += data
        if (self.eager or len(self.held) >= HELD) and not self.stopped:
            self._send(self.held.rfind(b"\n") + 1)
        return len(data)

    def flush(self) -> None:
        if self.stopped:
            self._send_at_once()
        else:  # all of it, a line not yet ended too: the program asks (a prompt, its end)
            self._send(len(self.held))

    def close(self) -> None:  # stdout's descriptor is not this object's to close
        if not self.closed:
            self.flush()
        super().close()

    def _send(self, end: int, atomic_only: bool = False) -> None:
        """Write ``held[:end]``, each write whole lines of at most PIPE_BUF bytes where it can be
        (``atomic_only``: only so)."""
        while end > 0:
            stop = end if end <= self.atomic else self.held.rfind(b"\n", 0, self.atomic) + 1
            if stop == 0:  # one line longer than PIPE_BUF: alone, in as many writes as it takes
                if atomic_only:
                    return
                stop = min(end, self.held.find(b"\n") + 1 or end)
            n = os.write(self.fd, bytes(self.held[:stop]))
            del self.held[:n]
            end -= n

    def _send_at_once(self) -> None:
        end = self.held.rfind(b"\n") + 1
        del self.held[end:]  # a line half made: dropped
        try:
            was = os.get_blocking(self.fd)
            os.set_blocking(self.fd, False)
        except OSError:
            self.held.clear()
            return
        try:
            self._send(end, atomic_only=True)
        except OSError:  # the pipe is full (or its reader gone): the rest is dropped
            pass
        finally:
            self.held.clear()
            try:
                os.set_blocking(self.fd, was)  # as it was: another process may write to this pipe too
            except OSError:
                pass


def install() -> None:
    """stdout written in whole lines (``WholeLines``) when it is a pipe; as it is otherwise (and on
    a system without POSIX pipes, whose writes are not atomic to PIPE_BUF)."""
    import stat

    if os.name != "posix":
        return
    try:
        fd = sys.stdout.fileno()
        fifo = stat.S_ISFIFO(os.fstat(fd).st_mode)
    except (AttributeError, OSError, ValueError):  # no descriptor (embedded, tests)
        return
    if not fifo:
        return
    sys.stdout.flush()
    eager = bool(getattr(sys.stdout, "write_through", False))  # python -u, PYTHONUNBUFFERED
    sys.stdout = io.TextIOWrapper(WholeLines(fd, eager), encoding=sys.stdout.encoding, errors="backslashreplace",
                                  write_through=eager)


def interrupted() -> None:
    """A Ctrl-C came: stdout's held lines are written as far as the pipe takes them at once."""
    buffer = getattr(sys.stdout, "buffer", None)
    if isinstance(buffer, WholeLines):
        buffer.stopped = True
