"""An ordered parallel map over chunks of a stream, for the commands that score many lines
(``batch``, ``compare --input``, and any other that reads a corpus).

The items are cut into chunks of ``chunk_size``; each worker process builds its state once
(``setup()``, e.g. a Scorer) and answers a chunk with ``work(state, chunk)``. The workers are
local processes, or those of any ``concurrent.futures`` executor (a Dask cluster's, for
``mjrules.dask``). Results come back in
the order of the input, whatever order the workers finish in, and at most ``2 × jobs`` chunks are
in flight, so memory stays bounded on a stream of any length. Workers ignore Ctrl-C: the main
process gets the KeyboardInterrupt, cancels what has not started, waits for the chunks running
(a chunk takes a fraction of a second) and re-raises it.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import pickle
import signal
import threading
from collections import deque
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from functools import partial
from itertools import islice
from typing import Any, Callable, Iterable, Iterator, TypeVar

from mjrules.cache import BoundedCache
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
                chunk_size: int = CHUNK_SIZE, executor: Executor | None = None) -> Iterator[R]:
    """``work(state, chunk)`` for each chunk of ``items``, in input order, with ``state = setup()``
    built once per process. ``jobs`` 1 works in this process; more (0: one per core) in worker
    processes, in which case ``work`` and ``setup`` must be picklable (module-level functions,
    ``functools.partial`` of them) and so must the items and results.

    ``executor`` (e.g. a Dask ``Client.get_executor()``) runs the chunks instead, at most
    ``2 × jobs`` at a time; each of its processes builds the state once, on its first chunk."""
    jobs = worker_count(jobs)
    if executor is not None:
        key = hashlib.sha256(pickle.dumps(setup)).hexdigest()  # the same setup is the same state
        yield from _ordered(executor, jobs, (partial(_run_keyed, key, setup, work, c) for c in chunks(items, chunk_size)))
        return
    if jobs == 1:
        state = setup()
        for chunk in chunks(items, chunk_size):
            yield work(state, chunk)
        return
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=_context(), initializer=_start, initargs=(setup,))
    try:
        yield from _ordered(pool, jobs, (partial(_run, work, c) for c in chunks(items, chunk_size)))
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _ordered(executor: Executor, jobs: int, calls: Iterator[Callable[[], R]]) -> Iterator[R]:
    """The results of the calls in order, at most ``2 × jobs`` submitted and not yet yielded."""
    pending: deque[Future[R]] = deque()
    try:
        for call in calls:
            pending.append(_submit(executor, call))
            if len(pending) >= 2 * jobs:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:  # also on Ctrl-C, an error, or a consumer that stops early: nothing more starts
        for f in pending:
            f.cancel()


def _submit(executor: Executor, call: Callable[[], R]) -> Future[R]:
    """``executor.submit(call)`` with Ctrl-C held back meanwhile: a worker process started by the
    submit inherits the blocked signal, and ignores it from its start on (``_start``), so that a
    Ctrl-C at the terminal (sent to every process of the group) ends the main process only."""
    if _MASKABLE and threading.current_thread() is threading.main_thread():
        old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            return executor.submit(call)
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)
    return executor.submit(call)


_MASKABLE = hasattr(signal, "pthread_sigmask")


def _context() -> Any:
    """fork where the platform has it and this process runs one thread (workers start at once, with
    the modules already loaded); spawn otherwise (forking a threaded process is unsafe)."""
    if "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


def _start(setup: Callable[[], Any]) -> None:
    global _STATE
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the main process handles Ctrl-C
    if _MASKABLE:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    _STATE = setup()


def _run(work: Callable[[Any, list[T]], R], chunk: list[T]) -> R:
    return work(_STATE, chunk)


_STATES: BoundedCache[str, Any] = BoundedCache(8)
"""States of an executor's process (``_run_keyed``), by the digest of their setup: a worker of a
long-lived executor serves a few kinds of job, and each state holds Scorers and their tables."""


def _run_keyed(key: str, setup: Callable[[], Any], work: Callable[[Any, list[T]], R], chunk: list[T]) -> R:
    return work(_STATES.get_or_make(key, setup), chunk)
