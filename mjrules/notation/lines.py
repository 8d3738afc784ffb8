"""A line of a corpus, as ``batch`` and ``compare --input`` read it: a JSON object that is an
mjrules JSON hand (it has ``"hand"``), or a majiang-core ``in`` object, bare or as the ``in`` of an
``{"in": …, "out": …, "rule": …}`` line (majiang-core's test data: ``out`` is its answer, not read;
``rule`` is what ``line_rule`` gives, for the command to apply or refuse).
"""

from __future__ import annotations

from typing import Any

from mjrules.errors import NotationError
from mjrules.model.hand import Hand
from mjrules.model.win import Win
from mjrules.notation.json_hand import parse_json_hand
from mjrules.notation.majiang import defaulted_winds, parse_majiang_input


_JSON_KINDS = {list: "an array", str: "a string", int: "a number", float: "a number", bool: "true or false",
               type(None): "null"}


def _is_wrapped(obj: Any) -> bool:
    """Whether ``obj`` is an ``{"in": …}`` line (an object with ``"hand"`` is a JSON hand, whatever else it has)."""
    return isinstance(obj, dict) and "hand" not in obj and "in" in obj


def line_rule(obj: Any) -> Any:
    """The ``"rule"`` beside ``"in"`` of a line object, as written (any JSON value); ``{}`` when
    there is none, as an empty rule object changes nothing."""
    return obj.get("rule", {}) if _is_wrapped(obj) else {}


def read_line(obj: Any, players: int = 4) -> tuple[Hand, Win, list[str]]:
    """The hand and win of a line object at a table of ``players``, and a note for each wind a
    majiang-core ``param`` leaves out (``defaulted_winds``; a JSON hand's defaults are its format's).
    Errors name the key; the ``"rule"`` beside ``"in"`` is not read here (``line_rule``)."""
    if not isinstance(obj, dict):
        raise NotationError("expected a JSON object: an mjrules JSON hand ({\"hand\": …}) or a majiang-core "
                            f"'in' object ({{\"shoupai\": …}}), got {_JSON_KINDS.get(type(obj), type(obj).__name__)}")
    if "hand" in obj:
        for key in ("in", "rule"):  # the keys of the other form, not near misses of a JSON hand's ("did you mean 'win'?")
            if key in obj:
                raise NotationError(f"unknown key {key!r}: a line is an mjrules JSON hand (\"hand\") or a "
                                    "majiang-core line (\"in\", with \"rule\" beside it), not both")
        hand, win = parse_json_hand(obj)
        return hand, win, []
    data = obj["in"] if "in" in obj else obj
    hand, win = parse_majiang_input(data, players)
    return hand, win, defaulted_winds(data)
