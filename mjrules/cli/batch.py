"""``mjrules batch``: JSON lines in, one JSON result line out per input line."""

from __future__ import annotations

import sys
from functools import partial

from mjrules.cli.common import (
    BATCH_RULESET,
    EXIT_NO_WIN,
    EXIT_WIN,
    add_jobs,
    add_ruleset,
    add_scheduler,
    open_text,
    parallel_lines,
    read_lines,
    same_file,
)
from mjrules.errors import NotationError
from mjrules.rules.ruleset import load_ruleset
from mjrules.tools.batch import LineScorer
from mjrules.tools.parallel import worker_count


def add_command(sub) -> None:
    b = sub.add_parser("batch", help="score JSON lines", description=(
        "Score JSON lines: each the 'in' object of majiang-core's hule() data (a whole {\"in\":…,\"out\":…} line "
        "also works; a \"rule\" object beside \"in\" applies majiang-core rule keys over --ruleset). Writes one "
        "JSON line per input line, blank lines included: null for no win, {\"error\": \"line N: …\"} for a bad "
        "or blank line (the run goes on; exit status 1 at the end), else the result. A red five the ruleset's set "
        "does not have is read as a plain five, with a \"notes\" entry in the result."
    ))
    b.add_argument("--format", choices=["majiang"], default="majiang")
    add_ruleset(b, BATCH_RULESET)
    b.add_argument("--input", default="-", metavar="FILE|-")
    b.add_argument("--output", default="-", metavar="FILE|-")
    add_jobs(b)
    add_scheduler(b)
    b.set_defaults(func=cmd_batch)


def cmd_batch(args) -> int:
    if same_file(args.input, args.output):  # opening the output would empty the input before it is read
        raise NotationError(f"--output {args.output} is the --input file; it would be overwritten before it is read")
    base = load_ruleset(args.ruleset)
    scorer = LineScorer(base)  # a ruleset that cannot be built is refused here, before any worker starts
    jobs = worker_count(args.jobs)
    lines = read_lines(args.input, keep_blank=True)
    dst = sys.stdout if args.output == "-" else open_text(args.output, "w")
    try:
        errors = 0
        if jobs == 1 and args.scheduler is None:  # line by line: a Ctrl-C keeps every line answered before it
            render, write = scorer.render, dst.write
            for n, line in lines:
                text, bad = render(n, line)
                write(text + "\n")
                errors += bad
        else:
            for text, count in parallel_lines(args, LineScorer.render_lines, lines, partial(LineScorer, base)):
                dst.write(text)
                errors += count
    finally:
        if dst is not sys.stdout:
            dst.close()
    return EXIT_NO_WIN if errors else EXIT_WIN
