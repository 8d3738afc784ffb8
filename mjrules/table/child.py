"""A player's process: a child that answers each JSON line written to its stdin with one JSON line on
its stdout (an mjai bot, majiang-ai's node seat).

It runs in a session and process group of its own (POSIX), so a Ctrl-C at the terminal reaches
mjrules alone, which closes its players (``Table.play``); ``close`` ends the whole group (stdin
closed, then the group killed: what the child started ends with it). Starting it and ending it are
done with SIGINT and SIGTERM held (``mjrules.tools.signals``), so that no child starts without its
handle kept to end it and none is left half-ended. An answer that does not come within ``timeout``
seconds, that is not JSON, or a child that exits, is an error naming ``who`` (and its exit status).
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
from typing import Any, Mapping, Sequence

from mjrules.errors import MjrulesError
from mjrules.tools.signals import held

GROUPS = hasattr(os, "killpg")
"""Each child runs in a process group of its own (POSIX), ended whole."""


class Child:
    """The process ``command`` runs (``env``: its environment, by default this process's); ``who``
    names it in errors."""

    def __init__(self, command: Sequence[str], who: str, timeout: float,
                 env: Mapping[str, str] | None = None) -> None:
        self.who = who
        self.timeout = timeout
        try:
            with held(signal.SIGINT, signal.SIGTERM):
                self.process = subprocess.Popen(list(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                                text=True, encoding="utf-8", bufsize=1,
                                                env=None if env is None else dict(env), start_new_session=GROUPS)
        except OSError as e:
            raise MjrulesError(f"{who}: cannot start: {e.strerror or e}") from None
        except BaseException:
            # A Ctrl-C or SIGTERM held while it started is raised as ``held`` ends, here, before the
            # caller has a handle to close: the child is ended now, or nobody would end it.
            if hasattr(self, "process"):
                self._end()
            raise

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
            raise MjrulesError(f"{self.who}: {self._gone()}") from None
        ready, _, _ = select.select([process.stdout], [], [], self.timeout)
        if not ready:
            raise MjrulesError(f"{self.who}: no answer within {self.timeout:g} seconds")
        line = process.stdout.readline()
        if not line:
            raise MjrulesError(f"{self.who}: {self._gone()} without answering")
        try:
            return json.loads(line), line
        except json.JSONDecodeError:
            raise MjrulesError(f"{self.who}: answered {line[:200]!r}, not JSON") from None

    def _gone(self) -> str:
        """What became of a child whose pipe closed: its exit status, waited for a moment (the pipe
        closes as it exits, before the status can be read), or that it closed its pipes and runs on."""
        try:
            code = self.process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            return "it closed its pipes"
        return f"it was killed by signal {-code}" if code < 0 else f"it exited with status {code}"

    def close(self, wait: float) -> None:
        """Close its stdin, give it ``wait`` seconds to exit (none while an error or a Ctrl-C is
        ending the game), then end its process group."""
        process = self.process
        ending = sys.exc_info()[0] is not None
        try:
            if process.stdin is not None:
                process.stdin.close()
            if not ending:
                process.wait(timeout=wait)
        except (OSError, subprocess.TimeoutExpired):
            pass
        finally:  # also when a Ctrl-C or SIGTERM cuts the wait short
            self._end()

    def _end(self) -> None:
        """End its process group and wait for it, with SIGINT and SIGTERM held until it is gone."""
        process = self.process
        with held(signal.SIGINT, signal.SIGTERM):
            try:  # the group outlives its leader while a child of it runs: it is ended too
                os.killpg(process.pid, signal.SIGKILL) if GROUPS else process.kill()
            except (ProcessLookupError, PermissionError):  # nothing left of it
                pass
            process.wait()
            for pipe in (process.stdin, process.stdout):
                try:
                    if pipe is not None:
                        pipe.close()
                except OSError:  # a line not yet written to a child that is gone
                    pass
