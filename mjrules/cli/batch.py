"""``mjrules batch``: JSON lines in, one JSON result line out per input line."""

from __future__ import annotations

import json
import sys
from typing import Any

from mjrules.cli.common import BATCH_RULESET, add_ruleset, open_text, read_lines
from mjrules.errors import MjrulesError, NotationError
from mjrules.notation import parse_majiang_input
from mjrules.rules.majiang import majiang_flags
from mjrules.rules.ruleset import Ruleset, load_ruleset
from mjrules.scoring.scorer import Scorer


def add_command(sub) -> None:
    b = sub.add_parser("batch", help="score JSON lines", description=(
        "Score JSON lines: each the 'in' object of majiang-core's hule() data (a whole {\"in\":…,\"out\":…} line "
        "also works; a \"rule\" object beside \"in\" applies majiang-core rule keys over --ruleset). Writes one "
        "JSON line per input: null for no win, {\"error\": …} for a bad line, else the result."
    ))
    b.add_argument("--format", choices=["majiang"], default="majiang")
    add_ruleset(b, BATCH_RULESET)
    b.add_argument("--input", default="-", metavar="FILE|-")
    b.add_argument("--output", default="-", metavar="FILE|-")
    b.set_defaults(func=cmd_batch)

def cmd_batch(args) -> int:
    base = load_ruleset(args.ruleset)
    scorers: dict[str, Scorer] = {"{}": Scorer(base)}
    dst = sys.stdout if args.output == "-" else open_text(args.output, "w")
    try:
        for n, line in read_lines(args.input):
            try:
                if isinstance(line, MjrulesError):
                    raise line
                out: Any = _batch_line(line, base, scorers)
            except MjrulesError as e:
                out = {"error": f"line {n}: {e}"}
            dst.write(json.dumps(out, ensure_ascii=False) + "\n")
    finally:
        if dst is not sys.stdout:
            dst.close()
    return 0


def _batch_line(line: str, base: Ruleset, scorers: dict[str, Scorer]) -> Any:
    try:
        obj = json.loads(line)
    except ValueError as e:
        raise NotationError(f"not JSON: {e}") from None
    except RecursionError:
        raise NotationError("JSON nested too deeply") from None
    rule = {}
    if isinstance(obj, dict) and "in" in obj:
        rule = obj.get("rule") or {}
        obj = obj["in"]
    key = json.dumps(rule, sort_keys=True, ensure_ascii=False)
    scorer = scorers.get(key)
    if scorer is None:
        scorer = scorers[key] = Scorer(base.with_flags(**majiang_flags(rule)))
    result = scorer.score(*parse_majiang_input(obj))
    if not result.is_win:
        return None
    return result.to_dict()
