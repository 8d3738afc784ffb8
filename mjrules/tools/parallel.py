"""An ordered parallel map over chunks of a stream, for the commands that score many lines
(``batch``, ``compare --input``, and any other that reads a corpus).

The items are cut into chunks of ``chunk_size``; each worker process builds its state once
(``setup()``, e.g. a Scorer) and answers a chunk with ``work(state, chunk)``. The workers are
local processes, or those of any ``concurrent.futures`` executor (a Dask cluster's, for
``mjrules.dask``). Results come back in the order of the input, whatever order the workers finish
in, and at most ``2 × jobs`` chunks are in flight, so memory stays bounded on a stream of any length.

A Ctrl-C ends the run at once, and leaves no process behind. Each local worker has a pipe of its
own (no queue or lock shared with the others, that a worker ended mid-write would leave held) and
ignores SIGINT, which a terminal sends to every process of the job: the main process gets the
KeyboardInterrupt, ends the workers (SIGTERM, which a worker turns into SystemExit, so that what it
runs is closed as on any error: a game's bots; then SIGKILL for one that lingers) and re-raises it.
The workers are ended the same way on an error and when the reader stops early, and a second
Ctrl-C does not cut that short. A worker whose main process is gone finds its pipe closed and exits.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import pickle
import signal
import threading
import time
from collections import deque
from concurrent.futures import Executor, Future
from contextlib import contextmanager
from functools import partial
from itertools import islice
from multiprocessing.connection import Connection, wait
from typing import Any, Callable, Iterable, Iterator, TypeVar

from mjrules.cache import BoundedCache
from mjrules.errors import MjrulesError
from mjrules.tools.signals import held, raise_lost_interrupt

T = TypeVar("T")
R = TypeVar("R")

CHUNK_SIZE = 1000
"""Items a worker answers at a time: large enough that sending them costs little beside the
work, small enough that a Ctrl-C or the memory of the chunks in flight stays small."""

GRACE = 3.0
"""Seconds a worker told to end (SIGTERM) has to close what it runs before it is killed."""


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
    pool = _Pool(jobs, setup, work)
    done = False
    try:
        yield from pool.map(chunks(items, chunk_size))
        done = True
    finally:  # the end, an error, a Ctrl-C or a reader that stops early: no worker is left
        pool.close(idle=done)


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
    """``executor.submit(call)`` with Ctrl-C held back meanwhile: a process an executor starts for
    it inherits the block, so a Ctrl-C at the terminal (sent to every process of the group) reaches
    the main process only."""
    with _sigint_held():
        return executor.submit(call)


_MASKABLE = hasattr(signal, "pthread_sigmask")


def _context() -> Any:
    """fork where the platform has it and this process runs one thread (workers start at once, with
    the modules already loaded); spawn otherwise (forking a threaded process is unsafe)."""
    if "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


@contextmanager
def _sigint_held() -> Iterator[None]:
    """SIGINT blocked meanwhile, where the platform can (in the main thread): a process started
    inside inherits the block, and the signal waits until the block ends."""
    if not (_MASKABLE and threading.current_thread() is threading.main_thread()):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


class _Pool:
    """Worker processes, each answering one chunk at a time through a pipe of its own."""

    def __init__(self, jobs: int, setup: Callable[[], Any], work: Callable[[Any, list[T]], R]) -> None:
        context = _context()
        self.workers: list[tuple[Any, Connection]] = []
        self.closed = False
        _POOLS.add(self)
        mine: list[Connection] = []  # the main process's ends so far: a forked worker closes its copies
        try:
            for _ in range(jobs):
                here, there = context.Pipe()
                mine.append(here)
                process = context.Process(target=_serve, args=(there, setup, work, list(mine)), daemon=True)
                with _sigint_held():  # the worker starts with Ctrl-C blocked, and ignores it from then on
                    process.start()
                there.close()
                self.workers.append((process, here))
        except BaseException:
            self.close()
            raise

    def map(self, chunks: Iterator[list[T]]) -> Iterator[R]:
        """The answers to the chunks in order, at most ``2 × jobs`` chunks sent and not yet given back."""
        window = 2 * len(self.workers)
        idle = list(range(len(self.workers)))
        running: dict[int, int] = {}  # worker → the chunk it answers
        answers: dict[int, R] = {}
        sent = given = 0
        more = True
        while True:
            raise_lost_interrupt()  # a Ctrl-C that came while a Connection's __del__ ran
            while more and idle and sent < given + window:
                chunk = next(chunks, None)
                if chunk is None:
                    more = False
                    break
                w = idle.pop()
                self.workers[w][1].send((sent, chunk))
                running[w] = sent
                sent += 1
            if given in answers:
                yield answers.pop(given)
                given += 1
                continue
            if not running:
                return
            by_end = {self.workers[w][1]: w for w in running}
            by_sentinel = {self.workers[w][0].sentinel: w for w in running}
            ready = wait([*by_end, *by_sentinel])
            for end in (r for r in ready if r in by_end):
                w = by_end[end]
                index, ok, value = end.recv()
                if not ok:
                    raise value
                answers[index] = value
                del running[w]
                idle.append(w)
            for sentinel in (r for r in ready if r in by_sentinel):
                w = by_sentinel[sentinel]
                if w in running and not self.workers[w][1].poll():
                    code = self.workers[w][0].exitcode
                    raise MjrulesError(f"a worker process ended without answering (exit status {code})")

    def close(self, idle: bool = False) -> None:
        """End every worker: told to stop when ``idle`` (every chunk answered), ended (SIGTERM),
        then killed if it lingers. A Ctrl-C meanwhile is held until they are all gone: raised then
        if the pool was idle, else dropped (an error or a Ctrl-C is already ending the run)."""
        if self.closed:
            return
        with held(signal.SIGINT, redeliver=False) as caught:
            self.closed = True
            _POOLS.discard(self)
            for _, end in self.workers:
                try:
                    if idle:
                        end.send(None)
                except OSError:
                    pass
            deadline = time.monotonic() + (GRACE if idle else 0)
            for process, _ in self.workers:
                process.join(max(0.0, deadline - time.monotonic()))
                if process.is_alive():
                    process.terminate()
            deadline = time.monotonic() + GRACE
            for process, _ in self.workers:
                process.join(max(0.0, deadline - time.monotonic()))
                if process.is_alive():
                    process.kill()
                    process.join()
            for process, end in self.workers:
                end.close()
                process.close()
        if caught and idle:
            raise KeyboardInterrupt


_POOLS: set[_Pool] = set()
"""The pools with workers running, for ``close_all``."""


def close_all() -> None:
    """End the workers of every pool still open (``main`` calls it last, whatever happened)."""
    for pool in list(_POOLS):
        pool.close(idle=False)


def _serve(end: Connection, setup: Callable[[], Any], work: Callable[[Any, list[T]], R],
           others: list[Connection]) -> None:
    """A worker: the state built once, then an answer ``(index, ok, result or error)`` to each
    ``(index, chunk)`` until ``None`` comes or the pipe is closed."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the main process handles Ctrl-C
    if _MASKABLE:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGTERM, _terminated)
    for other in others:  # the main process's ends, copied by fork: its end closed must mean EOF here
        if other is not end:
            other.close()
    state: Any = None
    failed: BaseException | None = None
    try:
        state = setup()
    except Exception as e:  # given as the answer to every chunk: the main process raises it
        failed = e
    while True:
        try:
            message = end.recv()
        except (EOFError, OSError):  # the main process is gone
            return
        if message is None:
            return
        index, chunk = message
        answer: tuple[int, bool, Any]
        try:
            if failed is not None:
                raise failed
            answer = (index, True, work(state, chunk))
        except Exception as e:
            answer = (index, False, _portable(e))
        try:
            end.send(answer)
        except (pickle.PicklingError, TypeError, AttributeError) as e:  # a result that cannot travel
            end.send((index, False, _portable(e)))
        except OSError:
            return


def _terminated(signum: int, frame: Any) -> None:
    raise SystemExit(128 + signum)


def _portable(e: Exception) -> Exception:
    """``e`` if it survives pickling, else a plain error of the same text."""
    try:
        pickle.loads(pickle.dumps(e))
        return e
    except Exception:
        kind = MjrulesError if isinstance(e, MjrulesError) else RuntimeError
        return kind(f"{type(e).__name__}: {e}")


_STATES: BoundedCache[str, Any] = BoundedCache(8)
"""States of an executor's process (``_run_keyed``), by the digest of their setup: a worker of a
long-lived executor serves a few kinds of job, and each state holds Scorers and their tables."""


def _run_keyed(key: str, setup: Callable[[], Any], work: Callable[[Any, list[T]], R], chunk: list[T]) -> R:
    return work(_STATES.get_or_make(key, setup), chunk)
