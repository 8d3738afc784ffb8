"""Signals held back while a few steps run that must not be cut short: a process started and its
handle kept, processes ended and waited for. A Ctrl-C (SIGINT) or a SIGTERM meanwhile is noted and
acted on afterwards, so that nothing is left running because the signal came between two steps."""

from __future__ import annotations

import signal
import sys
import threading
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def held(*signums: int, redeliver: bool = True) -> Iterator[list[int]]:
    """The signals ``signums`` noted in the list meanwhile, not acted on; on leaving, their handlers
    are back and, with ``redeliver``, each signal noted is raised again for them. Only the main
    thread handles signals: in another, nothing is held."""
    caught: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield caught
        return
    # A Python handler, not a blocked mask: a process started meanwhile inherits a mask, and
    # would start with these signals blocked; exec resets a handler.
    old = {s: signal.signal(s, lambda signum, frame: caught.append(signum)) for s in signums}
    try:
        yield caught
    finally:
        for s, handler in old.items():
            signal.signal(s, signal.SIG_DFL if handler is None else handler)  # None: not set from Python
        if redeliver:
            for s in dict.fromkeys(caught):
                signal.raise_signal(s)


_lost: list[int] = []


def keep_lost_interrupts() -> None:
    """Note a Ctrl-C whose KeyboardInterrupt came while a ``__del__`` (or another callback Python
    cannot raise from) ran: Python would print it as "Exception ignored" and go on as if no Ctrl-C
    had come. ``raise_lost_interrupt`` raises it again where the program checks."""
    previous = sys.unraisablehook

    def hook(unraisable: "sys.UnraisableHookArgs") -> None:
        if unraisable.exc_type is not None and issubclass(unraisable.exc_type, KeyboardInterrupt):
            _lost.append(signal.SIGINT)
            return
        previous(unraisable)

    sys.unraisablehook = hook


def raise_lost_interrupt() -> None:
    """Raise KeyboardInterrupt if a Ctrl-C was lost in a ``__del__`` since the last check."""
    if _lost:
        _lost.clear()
        raise KeyboardInterrupt
