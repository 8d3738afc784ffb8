"""A player's process: a child that answers each JSON line written to its stdin with one JSON line on
its stdout (an mjai bot, majiang-ai's node seat).

It runs in its own session and process group, so a Ctrl-C at the terminal is the table's to handle
(the table closes its players: ``Table.play``), and ``close`` ends the whole group (stdin closed,
then the group killed if anything is left). An answer that does not come within ``timeout``
seconds, that is not JSON, or a child that exits, is an error naming ``who``.
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
from typing import Any, Mapping, Sequence

from mjrules.errors import MjrulesError


class Child:
    """The process ``command`` runs (``env``: its environment, by default this process's); ``who``
    names it in errors."""

    def __init__(self, command: Sequence[str], who: str, timeout: float,
                 env: Mapping[str, str] | None = None) -> None:
        self.who = who
        self.timeout = timeout
        try:
            self.process = subprocess.Popen(list(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                            encoding="utf-8", bufsize=1, env=None if env is None else dict(env),
                                            start_new_session=True)
        except OSError as e:
            raise MjrulesError(f"{who}: cannot start: {e.strerror or e}") from None

    @property
    def pid(self) -> int:
        return self.process.pid

    def ask(self, message: Any) -> tuple[Any, str]:
        """Write ``message`` as one JSON line; the answer (parsed) and the line it came as."""
        process = self.process
        assert process.stdin is not None and process.stdout is not None
        try:
            process.stdin.write(json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n")
            process.stdin.flush()
        except OSError:
            raise MjrulesError(f"{self.who}: it exited (status {process.poll()})") from None
        ready, _, _ = select.select([process.stdout], [], [], self.timeout)
        if not ready:
            raise MjrulesError(f"{self.who}: no answer within {self.timeout:g} seconds")
        line = process.stdout.readline()
        if not line:
            raise MjrulesError(f"{self.who}: it exited without answering (status {process.poll()})")
        try:
            return json.loads(line), line
        except json.JSONDecodeError:
            raise MjrulesError(f"{self.who}: answered {line[:200]!r}, not JSON") from None

    def close(self, wait: float) -> None:
        """Close its stdin, give it ``wait`` seconds to exit, then end its process group."""
        process = self.process
        try:
            if process.stdin is not None:
                process.stdin.close()
            process.wait(timeout=wait)
        except (OSError, subprocess.TimeoutExpired):
            pass
        try:
            os.killpg(process.pid, signal.SIGKILL)  # whatever it started, too
        except (ProcessLookupError, PermissionError):
            pass  # the group is gone already
        process.wait()
        if process.stdout is not None:
            process.stdout.close()
