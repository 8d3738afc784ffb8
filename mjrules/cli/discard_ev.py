"""``mjrules discard --ev``: each discard's tenpai probability, win probability and expected score
(``mjrules.tools.discard_ev``), for one HAND or for every line of ``--input``, under one ruleset
or several side by side.

An ``--input`` line is a JSON object: ``hand`` (MPSZ with melds) and the options of the command by
name, each overriding the command line's for that line: ``dora``, ``visible``, ``discards`` (MPSZ
tiles, or a list of them), ``turn``, ``seat``, ``round`` (a wind, as the options take it, or 0-3),
``kita``, ``extra``, ``ruleset`` or ``rulesets`` (a name, or a list of names). Each line gives one
line of output, in order: the JSON of ``--json`` with the line's number; a line that cannot be read
or evaluated gives ``{"line": N, "error": ...}``, is named on stderr, and makes the exit status 1.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from functools import partial
from typing import Any

import attrs

from mjrules.cli.common import EXIT_NO_WIN, EXIT_WIN, hand_text, json_int, read_lines
from mjrules.cache import BoundedCache
from mjrules.errors import MjrulesError, NotationError
from mjrules.model.tiles import Tile
from mjrules.notation import parse_tiles
from mjrules.scoring.scorer import Scorer
from mjrules.tools.discard_ev import (
    DEFAULT_EXTRA,
    T_MAX,
    EvComparison,
    EvSetup,
    ExpectedDiscards,
    evaluate_rulesets,
    render_comparison,
    render_values,
)
from mjrules.tools.query import brief, read_wind, ruleset_names
from mjrules.tools.parallel import ordered_map, worker_count
from mjrules.tools.shanten import PartialHand, parse_hand

__all__ = ["cmd_discard_ev"]

FLUSH = 0.2
"""Seconds at most between the writes of what is done (each line's own flush cost more than a small hand)."""
KEYS = ("hand", "dora", "visible", "discards", "turn", "seat", "round", "kita", "extra", "ruleset", "rulesets")
"""The keys an --input line may have."""


@attrs.frozen
class Ask:
    """One hand to evaluate: under which rulesets, in which situation."""

    hand: PartialHand | None
    """None in the defaults of ``--input``, which each line's hand replaces."""
    rulesets: tuple[str, ...]
    setup: EvSetup


class Evaluator:
    """Evaluates Asks with a Scorer per ruleset, built once (in each worker process)."""

    def __init__(self) -> None:
        self.scorers: BoundedCache[str, Scorer] = BoundedCache(16)

    def run(self, ask: Ask) -> ExpectedDiscards | EvComparison:
        if ask.hand is None:
            raise NotationError("no \"hand\"")
        scorers = [self.scorers.get_or_make(name, partial(Scorer, name)) for name in ask.rulesets]
        return evaluate_rulesets(ask.hand, scorers, **attrs.asdict(ask.setup, recurse=False))


def _ask(args: argparse.Namespace, hand: PartialHand | None) -> Ask:
    """The Ask of the command line."""
    names = ruleset_names(args.rulesets) or [args.ruleset]
    setup = EvSetup(args.turn or 1, tuple(args.dora), tuple(args.visible) + tuple(args.discards), args.seat,
                    args.round, args.kita, DEFAULT_EXTRA if args.extra is None else args.extra)
    return Ask(hand, tuple(names), setup)


def cmd_discard_ev(args: argparse.Namespace) -> int:
    if args.ron_from is not None:
        raise NotationError("--ron-from: discard --ev counts tsumo wins only (a one-player model)")
    if args.input is not None:
        if args.hand:
            raise NotationError("give a HAND or --input, not both")
        return _lines(args)
    if not args.hand:
        raise NotationError("give a HAND (14 tiles with its melds), or --input FILE of JSON lines")
    if args.jobs != 1:
        raise NotationError("--jobs is for --input: one HAND is one search")
    if args.by_turn and not args.json:
        raise NotationError("--by-turn adds to the JSON: give --json too")
    got = Evaluator().run(_ask(args, parse_hand(hand_text(args.hand))))
    if args.json:
        print(json.dumps(got.to_dict(args.by_turn), ensure_ascii=False))
    elif isinstance(got, EvComparison):
        print(render_comparison(got))
    else:
        print(render_values(got))
    return 0


# -- --input ---------------------------------------------------------------------------------------


def _tiles(value: Any, key: str) -> tuple[Tile, ...]:
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        value = "".join(value)
    if not isinstance(value, str):
        raise NotationError(f"{key}: expected MPSZ tiles as a string, e.g. \"1m7z\", not {brief(repr(value))}")
    text = value.replace(",", "").replace(" ", "")
    try:
        return tuple(parse_tiles(text)) if text else ()
    except NotationError as e:
        raise NotationError(f"{key}: {e}") from None


def _int(value: Any, key: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise NotationError(f"{key}: expected a whole number {low}-{high}, not {brief(repr(value))}")
    return value


def _wind(value: Any, key: str) -> int:
    if type(value) is int and 0 <= value <= 3:
        return value
    if isinstance(value, str):
        try:
            return read_wind(value)
        except NotationError as e:
            raise NotationError(f"{key}: {e}") from None
    raise NotationError(f"{key}: expected a wind (E, S, W, N or 0-3), not {brief(repr(value))}")


def _names(value: Any, key: str) -> tuple[str, ...]:
    if isinstance(value, str):
        names = ruleset_names(value) if key == "rulesets" else [value]
    elif isinstance(value, list) and value and all(isinstance(v, str) and v.strip() for v in value):
        names = value
    else:
        names = None
    if not names or not all(n.strip() for n in names):
        raise NotationError(f"{key}: expected a ruleset name (or a list of them), not {brief(repr(value))}")
    return tuple(n.strip() for n in names)


def _line_ask(base: Ask, obj: Any) -> Ask:
    """A line's Ask: the command line's, with the line's keys."""
    if not isinstance(obj, dict):
        raise NotationError("expected a JSON object with a \"hand\"")
    unknown = [k for k in obj if k not in KEYS]
    if unknown:
        raise NotationError(f"unknown key {unknown[0]!r}; a line may have {', '.join(KEYS)}")
    if "hand" not in obj:
        raise NotationError("no \"hand\"")
    if not isinstance(obj["hand"], str):
        raise NotationError(f"hand: expected MPSZ text, not {brief(repr(obj['hand']))}")
    hand = parse_hand(obj["hand"])
    setup: dict[str, Any] = {}
    if "dora" in obj:
        setup["dora"] = _tiles(obj["dora"], "dora")
    if "visible" in obj or "discards" in obj:
        setup["visible"] = _tiles(obj.get("visible", ""), "visible") + _tiles(obj.get("discards", ""), "discards")
    if "turn" in obj:
        setup["turn"] = _int(obj["turn"], "turn", 1, T_MAX)
    for key in ("seat", "round"):
        if key in obj:
            setup[f"{key}_wind"] = _wind(obj[key], key)
    if "kita" in obj:
        setup["kita"] = _int(obj["kita"], "kita", 0, 4)
    if "extra" in obj:
        setup["extra"] = _int(obj["extra"], "extra", 0, 3)
    if "ruleset" in obj and "rulesets" in obj:
        raise NotationError("give \"ruleset\" or \"rulesets\", not both")
    rulesets = base.rulesets
    for key in ("ruleset", "rulesets"):
        if key in obj:
            rulesets = _names(obj[key], key)
    return Ask(hand, rulesets, attrs.evolve(base.setup, **setup))


def _answer(evaluator: Evaluator, base: Ask, by_turn: bool, n: int, line: str | NotationError) -> tuple[str, str | None]:
    """Line ``n``'s output line, and its error (None when it was evaluated)."""
    try:
        if isinstance(line, NotationError):
            raise line
        try:
            obj = json.loads(line, parse_int=json_int)
        except ValueError as e:
            raise NotationError(f"not JSON: {e}") from None
        except RecursionError:
            raise NotationError("JSON nested too deeply") from None
        data = evaluator.run(_line_ask(base, obj)).to_dict(by_turn)
        return json.dumps({"line": n, **data}, ensure_ascii=False), None
    except MjrulesError as e:
        error = f"line {n}: {brief(str(e))}"
        return json.dumps({"line": n, "error": error}, ensure_ascii=False), error


def _work(job: tuple[Evaluator, Ask, bool], chunk: list[tuple[int, str | NotationError]]) -> list[tuple[str, str | None]]:
    evaluator, base, by_turn = job
    return [_answer(evaluator, base, by_turn, n, line) for n, line in chunk]


def _setup(base: Ask, by_turn: bool) -> tuple[Evaluator, Ask, bool]:
    return Evaluator(), base, by_turn


def _lines(args: argparse.Namespace) -> int:
    names = tuple(ruleset_names(args.rulesets) or [args.ruleset])
    base = _ask(args, None)
    here = Evaluator()
    for name in names:  # a ruleset that does not load is the command's error, not every line's
        here.scorers.get_or_make(name, partial(Scorer, name))
    setup: Any = (lambda: (here, base, args.by_turn)) if worker_count(args.jobs) == 1 else partial(_setup, base,
                                                                                                      args.by_turn)
    bad = 0
    out = sys.stdout
    shown = time.monotonic()
    # a hand can take a second: one line to a chunk, and what is done shown at least every FLUSH seconds
    for answers in ordered_map(_work, read_lines(args.input), setup, args.jobs, chunk_size=1):
        for text, error in answers:
            out.write(text + "\n")  # a whole line a write: a Ctrl-C leaves no line cut
            if error is not None:
                bad += 1
                out.flush()  # the error on stderr comes after the lines before it
                sys.stderr.write(f"mjrules discard: {error}\n")
        if time.monotonic() - shown > FLUSH:
            out.flush()
            shown = time.monotonic()
    return EXIT_NO_WIN if bad else EXIT_WIN
