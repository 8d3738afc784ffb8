"""On demand: games majiang-core plays with majiang-ai under each rule object of
``majiang_games.RULES`` (or those named), replayed in mjrules under the same rule object; one line
of counts per rule object, and what disagreed.

    python tests/majiang/agree.py [--games 20] [--seed S] [--keep DIR [--reuse]] [NAME …]

Needs node and ``mjrules setup majiang-ai``. Exit status 1 when anything disagrees. A game takes
majiang-ai 10-30 seconds (an East-South game); 13 rule objects × 20 games took about 80 minutes of one
core (two runs side by side, about 40 minutes).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import majiang_games  # noqa: E402
from mjrules.errors import MjrulesError  # noqa: E402
from mjrules.table.majiang_ai import node_modules  # noqa: E402


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("names", nargs="*", metavar="NAME", help=f"rule objects (default all: {', '.join(majiang_games.RULES)})")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", default="agree")
    p.add_argument("--keep", type=Path, metavar="DIR", help="keep the games (NAME-games.json) and rule objects here")
    p.add_argument("--reuse", action="store_true", help="check the games kept in --keep DIR again instead of playing")
    args = p.parse_args()
    try:
        node_modules()
    except MjrulesError as e:
        print(f"agree.py: {e}", file=sys.stderr)
        return 2
    unknown = [n for n in args.names if n not in majiang_games.RULES]
    if unknown:
        print(f"agree.py: unknown rule object {unknown[0]!r}; known: {', '.join(majiang_games.RULES)}", file=sys.stderr)
        return 2
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        for name in args.names or majiang_games.RULES:
            rule = majiang_games.RULES[name]
            start = time.monotonic()
            kept = folder / f"{name}-games.json"
            if args.reuse and kept.is_file():
                paipus = json.loads(kept.read_text(encoding="utf-8"))
            else:
                paipus = majiang_games.play(rule, args.games, f"{args.seed}-{name}")
            got = majiang_games.check(rule, paipus, folder, name)
            print(f"{got.line(name)}; rule {json.dumps(rule, ensure_ascii=False)} ({time.monotonic() - start:.0f} s)",
                  flush=True)
            for problem in got.problems:
                print(f"    {problem}", flush=True)
            bad += not got.all_agree
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
