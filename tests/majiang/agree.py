"""On demand: games majiang-core plays with majiang-ai under each rule object of
``majiang_games.RULES`` and under a seeded random sample of rule objects of the 電脳麻将 rule page
(``majiang_games.random_rules``: every key's offered values, in combination), or under those named;
replayed in mjrules under the same rule object; one line of counts per rule object, what disagreed,
and the totals.

    python tests/majiang/agree.py [--games 20] [--random 24] [--random-games 3] [--seed S]
                                  [--keep DIR [--reuse]] [NAME …]

NAME: a rule object of ``RULES`` or ``random-N`` (the N-th of the sample). Needs node and ``mjrules
setup majiang-ai``. Exit status 1 when anything disagrees. A game takes majiang-ai 10-30 seconds (an
East-South game, about a second a round); 13 rule objects × 20 games took about 80 minutes of one core
(two runs side by side, about 40 minutes); the random sample's 24 × 3 games (500-800 rounds) 16 to 25
minutes (two cores under a load of 3 to 7).
"""

from __future__ import annotations

import argparse
import json
import re
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
    p.add_argument("names", nargs="*", metavar="NAME",
                   help=f"rule objects (default all: {', '.join(majiang_games.RULES)}, and random-0 … of --random)")
    p.add_argument("--games", type=int, default=20, help="games of each named rule object (default 20)")
    p.add_argument("--random", type=int, default=24, metavar="N", help="random rule objects (default 24)")
    p.add_argument("--random-games", type=int, default=3, metavar="G", help="games of each (default 3)")
    p.add_argument("--seed", default="agree")
    p.add_argument("--keep", type=Path, metavar="DIR", help="keep the games (NAME-games.json) and rule objects here")
    p.add_argument("--reuse", action="store_true", help="check the games kept in --keep DIR again instead of playing")
    args = p.parse_args()
    try:
        node_modules()
    except MjrulesError as e:
        print(f"agree.py: {e}", file=sys.stderr)
        return 2
    sample = majiang_games.random_rules(max(args.random, 0), args.seed)
    known = {**majiang_games.RULES, **sample}
    unknown = [n for n in args.names if n not in known and not re.fullmatch(r"random-[0-9]+", n)]
    if unknown:
        print(f"agree.py: unknown rule object {unknown[0]!r}; known: {', '.join(majiang_games.RULES)}, random-N",
              file=sys.stderr)
        return 2
    names = args.names or list(known)
    if any(n not in known for n in names):  # random-N beyond --random: draw as many
        more = max(int(n.split("-", 1)[1]) for n in names if n.startswith("random-") and n not in known) + 1
        known.update(majiang_games.random_rules(more, args.seed))
    bad = games = rounds = 0
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        for name in names:
            rule = known[name]
            start = time.monotonic()
            kept = folder / f"{name}-games.json"
            if args.reuse and kept.is_file():
                paipus = json.loads(kept.read_text(encoding="utf-8"))
            else:
                count = args.random_games if name.startswith("random-") else args.games
                paipus = majiang_games.play(rule, count, f"{args.seed}-{name}")
            got = majiang_games.check(rule, paipus, folder, name)
            print(f"{got.line(name)}; rule {json.dumps(rule, ensure_ascii=False)} ({time.monotonic() - start:.0f} s)",
                  flush=True)
            for problem in got.problems:
                print(f"    {problem}", flush=True)
            bad += not got.all_agree
            games += got.games
            rounds += got.rounds
    print(f"{len(names)} rule object{'s' * (len(names) != 1)}, {games} games, {rounds} rounds: {len(names) - bad} "
          f"agree in everything, {bad} disagree{'s' * (bad == 1)}", flush=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
