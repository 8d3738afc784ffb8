"""The kernel: the computations on tile counts — shanten, whether counts are complete, the kinds
that complete or improve a hand, a hand's readings — and the reading of tile text. These know no
yaku, flag or ruleset.

The native kernel also runs a Scorer's plan (``NativePlan``): the built-in plugins' yaku checks,
fu count, limits, payments and pao as native twins of their Python definitions, the ruleset's
values coming compiled from ``mjrules.scoring.plan`` in named form (``boundary`` lists the names
it reads), and the search of ``discard --ev`` (``ev_search``). The rules stay in the plugins: the
kernel's twins are tested equal to them, and a part without a twin runs in Python.

Two kernels compute the same answers: the native one (Rust, ``mjrules/kernel/rust/``, built by ``pip install``
where a Rust toolchain exists) and the Python one (:mod:`mjrules.kernel.python`), the reference
and fallback. ``MJRULES_KERNEL=python`` selects the Python kernel, ``MJRULES_KERNEL=native``
insists on the native one; unset, the native kernel is used when it is built. ``KERNEL`` names
the one loaded. Invalid input gets the Python kernel's error, whichever kernel is loaded.
"""

from __future__ import annotations

import importlib.util
import os
from functools import partial
from types import ModuleType, SimpleNamespace
from typing import Any, Callable, NamedTuple, NoReturn, Sequence

from mjrules.errors import KernelError
from mjrules.kernel import python as _python
from mjrules.kernel.distance import chiitoitsu_shanten, kokushi_shanten
from mjrules.kernel.shapes import CONCEALED
from mjrules.kernel.shapes import KANCHAN, PENCHAN, RYANMEN, SHANPON, TANKI, Wait
from mjrules.model.hand import Hand
from mjrules.model.melds import SEQ, TRIPLET, MeldKind, SetShape
from mjrules.model.tiles import FIVES, Tile, tile
from mjrules.model.win import Riichi, Win

__all__ = [
    "KERNEL", "KERNEL_ERROR", "NativeComparison", "NativePlan", "NativeTablePlan", "ev_search", "TILE_TABLE", "YakuTable", "boundary", "bind_notation", "bind_scoring", "read_majiang_input", "twin_names", "Discard", "SHAPES", "WAITS", "chiitoitsu_shanten", "discards", "placed", "improving_kinds", "is_winning", "kokushi_shanten",
    "read_majiang_tiles", "read_mpsz_tiles", "shanten", "standard_shanten", "winning_kinds",
]


def _load() -> tuple[ModuleType, str, KernelError | None]:
    """The kernel ``MJRULES_KERNEL`` asks for: (module, its name, None), or the Python kernel with
    the error that a bad setting makes every kernel call raise (the CLI reports it before any work)."""
    choice = os.environ.get("MJRULES_KERNEL", "")
    if choice not in ("", "native", "python"):
        return _python, "python", KernelError(
            f"MJRULES_KERNEL={choice!r} names no kernel; use 'native' or 'python' (or leave it unset)")
    if choice == "python":
        return _python, "python", None
    if importlib.util.find_spec("mjrules.kernel._native") is None:
        if choice == "native":
            return _python, "python", KernelError(
                "MJRULES_KERNEL=native, but the native kernel is not built here; "
                "reinstall where a Rust toolchain (cargo) is on PATH (see the README)")
        return _python, "python", None
    try:
        from mjrules.kernel import _native
    except ImportError as e:  # built, but not loadable here (another platform's build, say)
        if choice == "native":
            return _python, "python", KernelError(f"MJRULES_KERNEL=native, but the native kernel does not load: {e}")
        return _python, "python", None
    return _native, "native", None


_IMPLEMENTATION: Any
_IMPLEMENTATION, KERNEL, KERNEL_ERROR = _load()
"""The kernel module in use, its name (``"native"`` or ``"python"``), and the error of a bad
``MJRULES_KERNEL`` (None when the setting is good)."""


def _refused(*args: object, **kwargs: object) -> NoReturn:
    assert KERNEL_ERROR is not None
    raise KERNEL_ERROR


if KERNEL_ERROR is not None:
    _IMPLEMENTATION = SimpleNamespace(shanten=_refused, standard_shanten=_refused, is_winning=_refused,
                                      winning_kinds=_refused, improving_kinds=_refused, discards=_refused,
                                      placed=_refused,
                                      read_majiang_tiles=_refused, read_mpsz_tiles=_refused)

shanten: Callable[[Sequence[int]], int] = _IMPLEMENTATION.shanten
"""Minimum shanten over the three forms for 34 concealed tile counts (melds implied by the count).

>>> shanten([1,1,1, 0,0,0, 1,1,1] + [0]*9 + [2,2,2] + [0]*6 + [2] + [0]*6)   # 123789m 112233s 11z
-1
"""
standard_shanten: Callable[[Sequence[int], Sequence[int] | None], int] = _IMPLEMENTATION.standard_shanten
"""Shanten of the four-sets-and-a-pair form; ``caps`` gives per kind how many copies a completed
concealed part may hold (4 less the copies in the hand's melds), default four of each."""
is_winning: Callable[[Sequence[int]], bool] = _IMPLEMENTATION.is_winning
"""Whether concealed counts read as sets and one pair (3k + 2 tiles), or at 14 tiles as seven
pairs or thirteen orphans."""
winning_kinds: Callable[[Sequence[int], Sequence[int], int], list[int]] = _IMPLEMENTATION.winning_kinds
"""Kinds that complete a 3k + 1-tile hand: never one ``held`` four times (melds included), nor
one whose bit is set in ``removed``."""
improving_kinds: Callable[[Sequence[int], Sequence[int] | None, Sequence[int], int], list[int]] = (
    _IMPLEMENTATION.improving_kinds)
"""Kinds whose draw takes the shanten below ``current``: never one ``held`` four times; with
``caps`` (a hand with melds) the standard form only, else the minimum over the three forms."""


class Discard(NamedTuple):
    """One discard of a hand, counted (``discards``)."""

    kind: int
    """The kind discarded (0–33)."""
    shanten: int
    """The shanten of the hand it leaves."""
    improving: list[int]
    """The kinds whose draw would then lower that shanten."""


def discards(counts: Sequence[int], caps: Sequence[int] | None, held: Sequence[int]) -> list[Discard]:
    """Every discard of a 3k + 2-tile hand in one kernel call: for each kind held concealed, the
    shanten left and the kinds that would improve it. ``held`` counts the hand and its melds; with
    ``caps`` (a hand with melds) the standard form only, else the minimum over the three forms."""
    return [Discard(kind=kind, shanten=s, improving=kinds) for kind, s, kinds in _IMPLEMENTATION.discards(counts, caps, held)]

TILE_TABLE: tuple[Tile, ...] = tuple(tile(i) for i in range(34)) + tuple(tile(i, red=True) for i in FIVES)
"""The Tile of each code the native readers give: 0–33 the kinds, 34–36 the red fives of m, p, s."""

read_majiang_tiles: Callable[[str], list[Tile] | None] = (
    partial(_IMPLEMENTATION.read_majiang_tiles, TILE_TABLE) if KERNEL == "native" else _IMPLEMENTATION.read_majiang_tiles)
"""The tiles of a concealed part in majiang notation (``m345p40677``, ``*`` passed over), or None
if a character is not a tile (the notation layer then names it)."""
read_mpsz_tiles: Callable[[str], list[Tile] | None] = (
    partial(_IMPLEMENTATION.read_mpsz_tiles, TILE_TABLE) if KERNEL == "native" else _IMPLEMENTATION.read_mpsz_tiles)
"""The tiles of MPSZ text (``123m406p``), or None if it is not plain MPSZ tiles."""

SHAPES: tuple[SetShape, ...] = (tuple(CONCEALED[SEQ, i] for i in range(34))
                                + tuple(CONCEALED[TRIPLET, i] for i in range(34)))
"""The concealed sets the native ``placed`` hands out: sequences by first kind, then triplets."""
WAITS: tuple[Wait, ...] = (RYANMEN, KANCHAN, PENCHAN, SHANPON, TANKI)
"""The waits the native ``placed`` hands out, by its wait codes."""

placed: Callable[[Sequence[int], int], list[tuple[int, tuple[SetShape, ...], tuple[int, ...], tuple[int, ...],
                                                  tuple[Wait, ...]]]] = (
    partial(_IMPLEMENTATION.placed, SHAPES, WAITS) if KERNEL == "native" else _IMPLEMENTATION.placed)
"""Every reading of concealed counts (the winning tile ``w`` included) as sets and one pair, with
the waits ``w`` completes there: [(pair or -1, sets, sequence starts, triplet kinds, waits)]."""


# -- the native path of scoring (mjrules.scoring.plan) -------------------------------------------------

NativePlan: Any = _IMPLEMENTATION.Plan if KERNEL == "native" else None
"""The kernel's runner of a Scorer's plan (``mjrules.scoring.plan``); None on the Python kernel,
where every part of a plan runs in Python."""
YakuTable: Any = _IMPLEMENTATION.YakuTable if KERNEL == "native" else None
"""The kernel's table of the yaku of a yaku index, shared by the plans of that index."""
NativeComparison: Any = _IMPLEMENTATION.Comparison if KERNEL == "native" else None
"""The kernel's comparison of corpus lines under several plans (``mjrules.tools.compare``); None on
the Python kernel."""
NativeTablePlan: Any = _IMPLEMENTATION.TablePlan if KERNEL == "native" else None
"""The kernel's table (``mjrules.table.native``: a game played natively); None on the Python kernel,
where the table plays ``mjrules.game``."""
ev_search: Any = _IMPLEMENTATION.ev_search if KERNEL == "native" else None
"""The kernel's search of ``discard --ev`` (``mjrules.tools.discard_ev``, its definition), scoring
by a plan's runner; None on the Python kernel, where the Python search runs."""


def _unbound(*args: object) -> None:
    """On the Python kernel: nothing to bind, nothing read natively."""
    return None


def twin_names() -> tuple[str, ...]:
    """The yaku checks' native twins the kernel has (``mjrules.rules.yaku.native_twin``), as its one
    table of them names them; none on the Python kernel."""
    return tuple(_IMPLEMENTATION.twin_names()) if KERNEL == "native" else ()


def boundary() -> dict[str, Any] | None:
    """Every name the native kernel reads or writes across the boundary (None on the Python kernel):
    ``{"fields": {class: [field, …]}, "choices": {choice: [name, …]}, "policies": {twin: [param, …]}}``."""
    return _IMPLEMENTATION.boundary() if KERNEL == "native" else None


bind_scoring: Callable[[dict[str, Any]], None] = _IMPLEMENTATION.bind_scoring if KERNEL == "native" else _unbound
"""Hand the kernel the scoring layer's types and functions (``mjrules.scoring.plan`` does, once)."""
bind_notation: Callable[[Callable[..., Any]], None] = (
    _IMPLEMENTATION.bind_notation if KERNEL == "native" else _unbound)
"""Hand the kernel the notation layer's reader of a majiang meld (``mjrules.notation.majiang`` does, once)."""
read_majiang_input: Callable[[Any], tuple[Hand, Win] | None] = (
    _IMPLEMENTATION.read_majiang_input if KERNEL == "native" else _unbound)
"""(Hand, Win) of majiang-core's complete ``in`` form, made by the kernel, or None: the notation
layer then reads the object (and names what is wrong with it)."""

if KERNEL == "native":
    _IMPLEMENTATION.bind_model({
        "hand": Hand, "win": Win, "tiles": TILE_TABLE, "meld_kinds": tuple(MeldKind), "riichi": tuple(Riichi),
        "empty_frozenset": frozenset(),
    })
