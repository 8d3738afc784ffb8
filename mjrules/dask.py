"""Scoring on a Dask cluster, for corpora that outgrow one machine (``pip install 'mjrules[dask]'``).

Two ways in:

* ``score(bag, ruleset)`` / ``score_lines(bag, ruleset)``: a Dask bag of batch lines (mjrules
  JSON hands or majiang ``in`` objects, as JSON text or as dicts) scored lazily, partition by partition, as a bag of
  flat records (``mjrules.tools.batch.RECORD_FIELDS``: ready for ``bag.to_dataframe()``, or
  computed as a list of dicts for pandas or Polars) or of the output lines of ``mjrules batch``;
* ``cluster(address)``: a ``concurrent.futures`` executor on the cluster at ``address``, which
  ``mjrules batch --scheduler`` and ``mjrules compare --input … --scheduler`` pass to
  ``mjrules.tools.parallel.ordered_map``: the chunks of the input go to the cluster's workers and
  the results are written in input order.

Every worker needs mjrules (and the plugins the ruleset names) installed. ``batch`` sends its
ruleset to the workers whole, so a TOML file need not exist on them; ``compare`` sends the names,
so a ruleset given as a TOML path must be at that path on every worker.
"""

from __future__ import annotations

import json
import re
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Callable, Iterator, Protocol

import attrs

from mjrules.errors import MjrulesError
from mjrules.rules.ruleset import Ruleset, load_ruleset
from mjrules.tools.batch import BATCH_RULESET, RECORD_FIELDS, LineScorer  # noqa: F401 (the records' columns)

if TYPE_CHECKING:
    from concurrent.futures import Executor

INSTALL = "pip install 'mjrules[dask]'"
_ADDRESS = re.compile(r"(?:(?:tcp|tls|ws|wss)://)?(?:[A-Za-z0-9.\-]+|\[[0-9A-Fa-f:.]+\]):[0-9]{1,5}")
"""A scheduler address: [tcp:// | tls:// | ws:// | wss://] host or [IPv6] : port."""

def _require() -> Any:
    try:
        import dask.bag
        import distributed  # noqa: F401 (the scheduler the bag and the executor run on)
    except ImportError as e:
        raise MjrulesError(f"the Dask support needs Dask and its distributed scheduler: {INSTALL} ({e})") from None
    return dask.bag


@attrs.frozen
class Cluster:
    """A connection to a Dask cluster: an executor on it and how many tasks it runs at once."""

    executor: Executor
    slots: int
    """The worker threads of the cluster: ``ordered_map`` keeps twice as many chunks in flight."""


class _Client(Protocol):
    """What is used here of ``distributed.Client``, whose methods distributed does not annotate."""

    def get_executor(self) -> Executor: ...

    def nthreads(self) -> dict[str, int]: ...

    def close(self) -> None: ...


@contextmanager
def cluster(address: str) -> Iterator[Cluster]:
    """A Cluster on the Dask scheduler at ``address`` (``tcp://HOST:PORT``), closed on leaving."""
    if not _ADDRESS.fullmatch(address):
        raise MjrulesError(f"--scheduler {address!r}: give the Dask scheduler's address as tcp://HOST:PORT")
    _require()
    from distributed import Client

    connect: Callable[..., _Client] = Client  # checked against _Client: its calls below are typed
    try:
        client = connect(address, timeout="5s", set_as_default=False)
    except (OSError, TimeoutError, ValueError) as e:
        raise MjrulesError(f"--scheduler {address}: cannot reach the Dask scheduler: {e}") from None
    try:
        yield Cluster(client.get_executor(), max(1, sum(client.nthreads().values())))
    finally:
        client.close()


def _numbered(bag: Any) -> Any:
    """The bag as (line number from 1, element) pairs: each partition numbered from the sizes of the
    partitions before it (one pass over the bag to count them)."""
    sizes = bag.map_partitions(lambda part: [sum(1 for _ in part)]).compute()
    starts = [1]
    for size in sizes[:-1]:
        starts.append(starts[-1] + size)
    dbag = _require()
    offsets = dbag.from_sequence(starts, npartitions=bag.npartitions)
    return dbag.map_partitions(lambda part, start: [(start[0] + i, x) for i, x in enumerate(part)], bag, offsets)


def _ruleset(ruleset: Ruleset | str) -> Ruleset:
    return load_ruleset(ruleset) if isinstance(ruleset, str) else ruleset


def score(bag: Any, ruleset: Ruleset | str = BATCH_RULESET) -> Any:
    """A bag of flat records (``mjrules.tools.batch.RECORD_FIELDS``), one per element of ``bag`` (batch lines: JSON text
    or dicts), in order; lines are numbered from 1 across the whole bag, as ``mjrules batch`` does."""
    rs = _ruleset(ruleset)
    LineScorer(rs)  # a ruleset that cannot be built is refused here, not on every worker

    def part(pairs: Iterator[tuple[int, Any]]) -> list[dict[str, Any]]:
        scorer = LineScorer(rs)  # per partition: its yaku index is shared within the worker process
        return scorer.records([(n, line if isinstance(line, str) else json.dumps(line, ensure_ascii=False))
                               for n, line in pairs]).records

    return _numbered(bag).map_partitions(part)


def score_lines(bag: Any, ruleset: Ruleset | str = BATCH_RULESET) -> Any:
    """A bag of the output lines of ``mjrules batch`` (without newlines) for the elements of ``bag``."""
    rs = _ruleset(ruleset)
    LineScorer(rs)

    def part(pairs: Iterator[tuple[int, Any]]) -> list[str]:
        scorer = LineScorer(rs)
        return [scorer.render(n, line if isinstance(line, str) else json.dumps(line, ensure_ascii=False))[0]
                for n, line in pairs]

    return _numbered(bag).map_partitions(part)
