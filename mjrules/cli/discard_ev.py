"""``mjrules discard --ev``: each discard's tenpai probability, win probability and expected score
(``mjrules.tools.discard_ev``), for one HAND or for every line of ``--input``, under one ruleset
or several side by side.

An ``--input`` line is an mjrules JSON hand (``docs/formats/json-hands.md``), read as ``batch`` and
``compare --input`` read one (``notation.json_hand.parse_json_hand``: ``hand``, ``seat``, ``round``,
``dora``, ``nukidora``; a key given as null takes its default; an unknown key is named, with the
nearest known one), with the options of the command by name: ``visible``, ``discards`` (MPSZ tiles,
or a list of them), ``turn``, ``kita`` (as ``nukidora``), ``extra``, ``model``, ``ruleset`` or
``rulesets`` (a name, or a list of names). A key the line gives overrides the command line's for
that line. As this command read them before JSON hands, ``dora`` may also be a list of tiles and
``seat``, ``round`` a number 0-3. The keys of a JSON hand that the model has no place for (``ron``,
``riichi``, ``ura``, ``honba``, ``sticks``, ``extras`` and the flags of a win) are refused unless
they hold their defaults; ``win`` names the drawn tile and changes nothing. Each line gives one line
of output, in order: the JSON of ``--json`` with the line's number; a line that cannot be read or
evaluated gives ``{"line": N, "error": "line N: ..."}``, is named on stderr, and makes the exit
status 1.
"""

from __future__ import annotations

import argparse
import difflib
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
from mjrules.model.win import Win
from mjrules.notation import parse_tiles
from mjrules.notation.json_hand import KEYS as JSON_HAND_KEYS
from mjrules.notation.json_hand import parse_json_hand
from mjrules.scoring.scorer import Scorer
from mjrules.tools.discard_ev import (
    DEFAULT_EXTRA,
    T_MAX,
    EvComparison,
    EvSetup,
    ExpectedDiscards,
    evaluate_rulesets,
    fourteen,
    render_comparison,
    render_values,
)
from mjrules.tools.query import brief, read_model, ruleset_names
from mjrules.tools.parallel import ordered_map, worker_count
from mjrules.tools.shanten import PartialHand, parse_hand

__all__ = ["cmd_discard_ev"]

FLUSH = 0.2
"""Seconds at most between the writes of what is done (each line's own flush cost more than a small hand)."""
EV_KEYS = ("visible", "discards", "turn", "kita", "extra", "model", "ruleset", "rulesets")
"""The keys of an --input line besides a JSON hand's."""
KEYS = (*JSON_HAND_KEYS, *EV_KEYS)
"""The keys an --input line may have."""
WIN_FLAGS = ("ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou", "renhou")
"""A JSON hand's flags of a win."""
REFUSED = {
    "ron": "the model counts tsumo wins only: a hand values its discards after its own draw",
    "riichi": "give the hand before riichi: the model declares riichi where a discard leaves a closed hand tenpai",
    "ura": "the model counts ura dora as their expectation over the wall",
    "honba": "the model counts no honba", "sticks": "the model counts no riichi sticks",
    "extras": "the model scores no situation tags",
}
"""Why a key of a JSON hand's win is refused (the flags: not counted by the model)."""


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
                    args.round, args.kita, DEFAULT_EXTRA if args.extra is None else args.extra,
                    args.model or "mjrules")
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


def _wind(value: Any, key: str) -> Any:
    """A wind as a JSON hand writes it: a number 0-3 (this command's older form) as its letter."""
    if type(value) is int:
        if not 0 <= value <= 3:
            raise NotationError(f"{key}: expected a wind (E, S, W, N or 0-3), not {value}")
        return "ESWN"[value]
    return value


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


def _as_json_hand(obj: dict[str, Any]) -> dict[str, Any]:
    """The JSON hand of a line: its keys that are not this command's, with the older forms of
    ``dora`` (a list of tiles) and of the winds (0-3) written as a JSON hand writes them."""
    out = {k: v for k, v in obj.items() if k not in EV_KEYS}
    dora = out.get("dora")
    if isinstance(dora, list) and all(isinstance(t, str) for t in dora):
        out["dora"] = "".join(dora)
    for key in ("seat", "round"):
        if key in out:
            out[key] = _wind(out[key], key)
    return out


def _refuse_a_win(obj: dict[str, Any], win: Win) -> None:
    """Refuse the keys of a JSON hand's win that the model has no place for, unless they hold
    their defaults (a line of a corpus of wins may carry them)."""
    held = {"ron": win.discarder is not None, "riichi": bool(win.riichi), "ura": bool(win.ura),
            "honba": bool(win.honba), "sticks": bool(win.riichi_sticks), "extras": bool(win.extras),
            **{flag: getattr(win, flag) for flag in WIN_FLAGS}}
    for key, value in held.items():
        if value and key in obj:
            raise NotationError(f"{key}: {REFUSED.get(key, 'not counted by the model of discard --ev')} "
                                f"(docs/commands/discard-ev.md); leave it out or give its default")


def _line_ask(base: Ask, obj: Any) -> Ask:
    """A line's Ask: the command line's, with the line's keys."""
    if not isinstance(obj, dict):
        raise NotationError("expected a JSON object: an mjrules JSON hand ({\"hand\": …}) with the options of "
                            "discard --ev by name")
    if "hand" not in obj and ("shoupai" in obj or "in" in obj):
        raise NotationError("a majiang-core 'in' object is a won hand, which batch and compare read; discard --ev "
                            "reads mjrules JSON hands ({\"hand\": …}, 14 tiles before a discard)")
    for key in obj:
        if key not in KEYS:
            near = difflib.get_close_matches(str(key), KEYS, n=1)
            raise NotationError(f"unknown key {key!r}" + (f" (did you mean {near[0]!r}?)" if near else ""))
    if obj.get("hand") is None:
        raise NotationError("missing key 'hand'")
    if not isinstance(obj["hand"], str):
        raise NotationError(f"hand: expected str, got {brief(repr(obj['hand']))}")
    hand = fourteen(parse_hand(obj["hand"]))  # the tiles read as the command line reads them
    _, win = parse_json_hand(_as_json_hand(obj))  # the rest as batch and compare --input read it
    _refuse_a_win(obj, win)
    given = {k for k, v in obj.items() if v is not None}  # a key given as null takes its default
    setup: dict[str, Any] = {}
    if "dora" in given:
        setup["dora"] = win.dora
    if "seat" in given:
        setup["seat_wind"] = win.seat_wind
    if "round" in given:
        setup["round_wind"] = win.round_wind
    if "kita" in given and "nukidora" in given:
        raise NotationError("give \"kita\" or \"nukidora\" (the same: Norths set aside), not both")
    if "nukidora" in given:
        setup["kita"] = win.kita
    if "kita" in given:
        setup["kita"] = _int(obj["kita"], "kita", 0, 4)
    if "visible" in given or "discards" in given:
        setup["visible"] = (_tiles(obj.get("visible") or "", "visible")
                            + _tiles(obj.get("discards") or "", "discards"))
    if "turn" in given:
        setup["turn"] = _int(obj["turn"], "turn", 1, T_MAX)
    if "extra" in given:
        setup["extra"] = _int(obj["extra"], "extra", 0, 3)
    if "model" in given:
        if not isinstance(obj["model"], str):
            raise NotationError(f"model: expected str, got {brief(repr(obj['model']))}")
        try:
            setup["model"] = read_model(obj["model"])
        except NotationError as e:
            raise NotationError(f"model: {e}") from None
    if "ruleset" in given and "rulesets" in given:
        raise NotationError("give \"ruleset\" or \"rulesets\", not both")
    rulesets = base.rulesets
    for key in ("ruleset", "rulesets"):
        if key in given:
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
