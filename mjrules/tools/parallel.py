"""An ordered parallel map over chunks of a stream, for the commands that score many lines
(``batch``, ``compare --input``, and any other that reads a corpus).

The items are cut into chunks of ``chunk_size``; each worker process builds its state once
(``setup()``, e.g. a Scorer) and answers a chunk with ``work(state, chunk)``. Results come back in
the order of the input, whatever order the workers finish in, and at most ``2 × jobs`` chunks are
in flight, so memory stays bounded on a stream of any length. Workers ignore Ctrl-C: the main
process gets the KeyboardInterrupt, cancels what has not started, waits for the chunks running
(a chunk takes a fraction of a second) and re-raises it.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from itertools import islice
from typing import Any, Callable, Iterable, Iterator, TypeVar

from mjrules.errors import MjrulesError

T = TypeVar("T")
R = TypeVar("R")

CHUNK_SIZE = 1000
"""Items a worker answers at a time: large enough that sending them costs little beside the
work, small enough that a Ctrl-C or the memory of the chunks in flight stays small."""

_STATE: Any = None
"""The worker process's state, built by ``setup`` once."""


def worker_count(jobs: int) -> int:
    """``jobs`` as a number of processes: 0 means one per core this process may use."""
    if jobs < 0:
        raise MjrulesError(f"--jobs {jobs}: give a number of worker processes, or 0 for one per core")
    if jobs == 0:
        try:
            return max(1, len(os.sched_getaffinity(0)))
        except AttributeError:  # no sched_getaffinity (macOS, Windows)
            return os.cpu_count() or 1
    return jobs


def chunks(items: Iterable[T], size: int = CHUNK_SIZE) -> Iterator[list[T]]:
    """The items as lists of ``size`` (the last may be shorter)."""
    it = iter(items)
    while True:
        chunk = list(islice(it, size))
        if not chunk:
            return
        yield chunk


def ordered_map(work: Callable[[Any, list[T]], R], items: Iterable[T], setup: Callable[[], Any], jobs: int = 1,
                chunk_size: int = CHUNK_SIZE) -> Iterator[R]:
    """``work(state, chunk)`` for each chunk of ``items``, in input order, with ``state = setup()``
    built once per process. ``jobs`` 1 works in this process; more (0: one per core) in worker
    processes, in which case ``work`` and ``setup`` must be picklable (module-level functions,
    ``functools.partial`` of them) and so must the items and results."""
    jobs = worker_count(jobs)
    if jobs == 1:
        state = setup()
        for chunk in chunks(items, chunk_size):
            yield work(state, chunk)
        return
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=_context(), initializer=_start, initargs=(setup,))
    pending: deque[Future[R]] = deque()
    try:
        for chunk in chunks(items, chunk_size):
            pending.append(pool.submit(_run, work, chunk))
            if len(pending) >= 2 * jobs:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:  # also on Ctrl-C, an error, or a consumer that stops early: nothing is left running
        for f in pending:
            f.cancel()
        pool.shutdown(wait=True, cancel_futures=True)


def _context() -> Any:
    """fork where the platform has it and this process runs one thread (workers start at once, with
    the modules already loaded); spawn otherwise (forking a threaded process is unsafe)."""
    if "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


def _start(setup: Callable[[], Any]) -> None:
    global _STATE
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the main process handles Ctrl-C
    _STATE = setup()


def _run(work: Callable[[Any, list[T]], R], chunk: list[T]) -> R:
    return work(_STATE, chunk)
