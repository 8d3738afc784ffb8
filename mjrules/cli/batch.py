"""``mjrules batch``: JSON lines in, one JSON result line out per input line."""

from __future__ import annotations

import json
import sys
from typing import Any

from mjrules.cli.common import (
    BATCH_RULESET,
    EXIT_NO_WIN,
    EXIT_WIN,
    add_ruleset,
    json_int,
    open_text,
    plain_fives,
    read_lines,
    same_file,
)
from mjrules.errors import MjrulesError, NotationError
from mjrules.notation import parse_majiang_input
from mjrules.rules.majiang import read_majiang_rule
from mjrules.rules.ruleset import Ruleset, load_ruleset
from mjrules.scoring.scorer import Scorer


def add_command(sub) -> None:
    b = sub.add_parser("batch", help="score JSON lines", description=(
        "Score JSON lines: each the 'in' object of majiang-core's hule() data (a whole {\"in\":…,\"out\":…} line "
        "also works; a \"rule\" object beside \"in\" applies majiang-core rule keys over --ruleset; its game keys, "
        "such as 配給原点, are named once on stderr as not applied, an unknown key is an error on that line). Writes one "
        "JSON line per input line, blank lines included: null for no win, {\"error\": \"line N: …\"} for a bad "
        "or blank line (the run goes on; exit status 1 at the end), else the result. A red five the ruleset's set "
        "does not have is read as a plain five, with a \"notes\" entry in the result."
    ))
    b.add_argument("--format", choices=["majiang"], default="majiang")
    add_ruleset(b, BATCH_RULESET)
    b.add_argument("--input", default="-", metavar="FILE|-")
    b.add_argument("--output", default="-", metavar="FILE|-")
    b.set_defaults(func=cmd_batch)

def cmd_batch(args) -> int:
    if same_file(args.input, args.output):  # opening the output would empty the input before it is read
        raise NotationError(f"--output {args.output} is the --input file; it would be overwritten before it is read")
    base = load_ruleset(args.ruleset)
    scorers: dict[str, Scorer] = {"{}": Scorer(base)}
    errors = 0
    dst = sys.stdout if args.output == "-" else open_text(args.output, "w")
    try:
        for n, line in read_lines(args.input, keep_blank=True):
            try:
                if isinstance(line, MjrulesError):
                    raise line
                if not line.strip():
                    raise NotationError("blank line")
                out: Any = _batch_line(line, base, scorers, n)
            except MjrulesError as e:
                errors += 1
                out = {"error": f"line {n}: {e}"}
            dst.write(json.dumps(out, ensure_ascii=False) + "\n")
    finally:
        if dst is not sys.stdout:
            dst.close()
    return EXIT_NO_WIN if errors else EXIT_WIN


def _batch_line(line: str, base: Ruleset, scorers: dict[str, Scorer], n: int) -> Any:
    try:
        obj = json.loads(line, parse_int=json_int)
    except ValueError as e:
        raise NotationError(f"not JSON: {e}") from None
    except RecursionError:
        raise NotationError("JSON nested too deeply") from None
    rule: Any = {}
    if isinstance(obj, dict) and "in" in obj:
        rule = obj.get("rule") or {}
        obj = obj["in"]
    key = json.dumps(rule, sort_keys=True, ensure_ascii=False)
    scorer = scorers.get(key)
    if scorer is None:
        read = read_majiang_rule(rule)
        scorer = scorers[key] = Scorer(base.with_flags(**read.flags))
        if read.not_applied:  # said once per rule object, on the first line that has it
            sys.stderr.write(f"mjrules batch: line {n}: majiang-core rule keys read but not applied to hand scoring: "
                             f"{', '.join(read.not_applied)}\n")
    hand, win = parse_majiang_input(obj, scorer.players)
    hand, notes = plain_fives(scorer, hand)
    result = scorer.score(hand, win)
    if not result.is_win:
        return None
    data = result.to_dict()
    if notes:
        data["notes"] = notes
    return data
