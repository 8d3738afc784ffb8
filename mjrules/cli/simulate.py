"""``mjrules simulate``: whole games played at the table under several rulesets with the same
seeds, and each ruleset's figures (wins by yaku, hand values, dealer repeats, draws, game length,
final scores, busts)."""

from __future__ import annotations

import argparse
import csv
import json
import sys
from functools import partial
from typing import TYPE_CHECKING, Any

from mjrules.cli.commands import help_of
from mjrules.cli.files import Files, make_folder
from mjrules.cli.common import More, add_jobs, add_scheduler, file_arg, folder_arg, named_file, open_text, parallel_lines
from mjrules.errors import MjrulesError
from mjrules.table.players import MJAI, PLAYERS
from mjrules.table.game import RECORD_FORMATS
from mjrules.table.simulation import (
    BASE_WORDS, FIGURES, GAME_FIELDS, GAME_TYPES, Figures, Simulator, difference, play_chunk, record_name,
    render_difference, shown_difference,
)
from mjrules.rules.choices import GameLength
from mjrules.tools.columns import CsvRecords, ParquetRecords
from mjrules.tools.query import ruleset_names, shown, whole_number

if TYPE_CHECKING:
    from mjrules.cli.common import Subparsers

MAX_GAMES = 10_000_000
CHUNK = 4
"""Games a worker plays at a time: a game takes a fraction of a second."""
NATIVE_CHUNK = 64
"""The same where every game is played by the native table with native players only: such a game
takes a millisecond or a few, and a chunk of four would cost more to send than to play."""


def _games(text: str) -> int:
    try:
        n = whole_number(text, MAX_GAMES)
    except ValueError:  # its range says 0-…, and 0 games is refused too
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a number of games 1-{MAX_GAMES}") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"{shown(text)}: play at least one game (1-{MAX_GAMES})")
    return n


def add_command(sub: Subparsers) -> None:
    p = sub.add_parser("simulate", help=help_of("simulate"), description=(
        "Play N whole games under each ruleset and report each ruleset's figures: win rate "
        "and the share of wins with each yaku, average hand value and the values by limit, dealer repeats, draws, "
        "calls a round, deal-ins, rounds a game, final scores by placing and their spread, busts, each with its "
        "95% interval. Game i is seeded SEED-i under every ruleset, so rulesets of the same tile set play the same "
        "walls, and each ruleset after the first is compared with it paired by wall (the difference of every "
        "figure and its 95% interval); the output is the same for any --jobs and on Dask."))
    p.add_argument("--rulesets", required=True, action=More, metavar="A,B,…",
                   help="the rulesets to play (preset names or TOML paths; repeatable)")
    p.add_argument("--games", type=_games, default=10, metavar="N", help="games per ruleset (default 10)")
    p.add_argument("--players", metavar="P,P,P,P",
                   help=f"one player a seat, seat 0 (the first dealer) first: {', '.join(PLAYERS)}, or mjai:COMMAND for "
                        "an external bot speaking mjai on its stdin and stdout (default greedy in every seat; a "
                        "three-player ruleset needs three; majiang-ai needs node and mjrules setup majiang-ai)")
    p.add_argument("--seed", default="0", metavar="S", help="the seed of the walls (any text; default 0)")
    p.add_argument("--length", choices=[x.value for x in GameLength],
                   help="one wind of rounds (tonpuu) or two (hanchan) at every table (default: each ruleset's "
                        "game_length)")
    p.add_argument("--json", action="store_true",
                   help="one JSON object per ruleset (each figure's interval as KEY_ci95), then one per difference "
                        "from the first ruleset")
    p.add_argument("--csv", action="store_true",
                   help="one CSV row per ruleset, then one per difference from the first: the figures, the final "
                        "scores by placing, a column per limit (values:…) and per yaku (yaku:…) any ruleset scored, "
                        "each figure's 95%% interval in two columns beside it")
    p.add_argument("--progress", action="store_true", default=None,
                   help="games played so far on stderr (default: if a terminal)")
    p.add_argument("--no-progress", action="store_false", dest="progress")
    p.add_argument("--plot", type=file_arg, metavar="FILE.svg|png",
                   help="also draw the figures of every ruleset side by side (needs mjrules[plot])")
    p.add_argument("--output", type=named_file, metavar="FILE",
                   help="also write one row a game (ruleset, game, rounds, wins, points, draws, final scores, how it "
                        "ended): FILE.parquet as Parquet (pip install 'mjrules[parquet]'), FILE.csv as CSV, any "
                        "other name as JSON lines")
    p.add_argument("--records", type=folder_arg, metavar="DIR",
                   help="write every game as a record, which mjrules replay reads back: an mjai record "
                        "(RULESET-NNNNN.mjson), or with --record-format paipu a 電脳麻将 牌譜 (RULESET-NNNNN.json)")
    p.add_argument("--record-format", choices=RECORD_FORMATS, default="mjai",
                   help="the records' format: mjai JSON lines (default) or paipu, majiang-core's game JSON "
                        "(four players)")
    add_jobs(p)
    add_scheduler(p)
    p.set_defaults(func=cmd_simulate, files=Files(outputs=("--output", "--plot"), folders=("--records",),
                                                  rulesets=("--rulesets",), players="--players"))


def cmd_simulate(args: argparse.Namespace) -> int:
    names = ruleset_names(args.rulesets) or []
    players = None if args.players is None else [p.strip() for p in args.players.split(",")]
    unknown = [p for p in players or () if p not in PLAYERS and not p.startswith(MJAI)]
    if unknown:
        raise MjrulesError(f"--players: {shown(unknown[0])} is not a player; the players are {', '.join(PLAYERS)}, "
                           f"and {MJAI}COMMAND runs an external mjai bot")
    if args.csv and args.json:
        raise MjrulesError("give --json or --csv, not both")
    if args.plot is not None:  # checked before any game is played
        from mjrules.tools.plot import check_plot_path, require_matplotlib

        check_plot_path(args.plot)
        require_matplotlib()
    setup = partial(Simulator, names, players, args.seed, None if args.length is None else GameLength(args.length),
                    args.records, record_format=args.record_format)
    simulator = setup()  # every ruleset loaded and checked here, before any game is played
    files = [record_name(n) for n in simulator.names]
    if args.records is not None:
        if len(set(files)) != len(files):
            raise MjrulesError("--records: two of the rulesets have the same name, and their records would "
                               "overwrite each other")
        make_folder("--records", args.records)
    rows = _rows(args.output) if args.output is not None else None  # opened once every check has passed
    figures = [Figures(n, t.names) for n, t in zip(simulator.names, simulator.tables)]
    work = [(r, g) for r in range(len(names)) for g in range(args.games)]
    show = sys.stderr.isatty() if args.progress is None else args.progress
    done = 0
    try:
        chunk_size = NATIVE_CHUNK if simulator.all_native else CHUNK
        for chunk in parallel_lines(args, play_chunk, work, setup, chunk_size):
            for summary in chunk:
                figures[summary.ruleset].add(summary)
            if rows is not None:
                rows.write([g.row(simulator.names[g.ruleset]) for g in chunk])
            done += len(chunk)
            if show:
                sys.stderr.write(f"\r{done:,}/{len(work):,} games")
                sys.stderr.flush()
    finally:
        if rows is not None:
            rows.close()
    if show:
        sys.stderr.write("\n")
    rows = [f.to_dict() for f in figures]
    differences = [difference(figures[0], f, simulator.walls_alike(0, i)) for i, f in enumerate(figures) if i]
    if args.plot is not None:
        from mjrules.tools.plot import Words, plot_simulation

        words = Words({f.key: f.label for f in FIGURES if f.label}, {f.key: BASE_WORDS[f.base] for f in FIGURES},
                      partial(shown_difference, interval=False))
        plot_simulation(rows, args.plot, words, differences)
    if args.csv:
        _csv(rows + differences)
        return 0
    for row, f, table in zip(rows, figures, simulator.tables):
        if args.json:
            print(json.dumps({**row, "players": f.players, "seed": args.seed, "length": table.length.value},
                             ensure_ascii=False))
        else:
            print(f.render())
    for d in differences:
        print(json.dumps({**d, "seed": args.seed}, ensure_ascii=False) if args.json else render_difference(d))
    return 0


class _JsonRows:
    def __init__(self, path: str) -> None:
        self.out = open_text(path, "w")

    def write(self, rows: list[dict[str, Any]]) -> None:
        self.out.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)

    def close(self) -> None:
        self.out.close()


class _CsvRows(CsvRecords):
    def __init__(self, path: str) -> None:
        self.out = open_text(path, "w")
        self.out.reconfigure(newline="")  # the csv module ends its rows itself
        super().__init__(self.out, GAME_FIELDS)

    def close(self) -> None:
        self.out.close()


def _rows(path: str) -> Any:
    """A writer of the games' rows to ``path``, its format chosen by the file's ending."""
    if path.endswith(".parquet"):
        return ParquetRecords(path, GAME_FIELDS, GAME_TYPES)
    if path.endswith(".csv"):
        return _CsvRows(path)
    return _JsonRows(path)


NESTED = ("values", "yaku", "ends")
"""The figures that are a share per name: a column per name any row has."""
CI = "_ci95"


def _csv(rows: list[dict[str, Any]]) -> None:
    """The figures (and the differences between rulesets, one row each) as CSV: the plain ones,
    the final scores by placing, then ``values:…``, ``yaku:…`` and ``ends:…``; each figure's 95 %
    interval in the two columns beside it (``…_ci95_low``, ``…_ci95_high``)."""
    plain: list[str] = []
    for r in rows:
        plain += [k for k in r if k not in plain and k not in NESTED and k != "final_by_placing" and not k.endswith(CI)]
    placings = max(len(r["final_by_placing"]) for r in rows)
    nested = {key: sorted({name for r in rows for name in r[key]}) for key in NESTED}

    def with_ci(name: str, ci: str) -> list[str]:
        return [name, f"{ci}_low", f"{ci}_high"]

    header: list[str] = []
    for k in plain:
        header += with_ci(k, k + CI) if any(k + CI in r for r in rows) else [k]
    header += [c for i in range(placings) for c in with_ci(f"final_{i + 1}", f"final_{i + 1}{CI}")]
    header += [c for key in NESTED for name in nested[key] for c in with_ci(f"{key}:{name}", f"{key}:{name}:ci95")]
    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(header)
    for r in rows:
        cells: list[Any] = []
        for k in plain:
            cells.append(r.get(k, ""))
            if any(k + CI in x for x in rows):
                cells += _bounds(r.get(k + CI))
        finals, cis = list(r["final_by_placing"]), list(r["final_by_placing" + CI])
        for i in range(placings):
            cells += [finals[i], *_bounds(cis[i])] if i < len(finals) else ["", "", ""]
        for key in NESTED:
            for name in nested[key]:
                cells += [r[key].get(name, 0), *_bounds(r[key + CI].get(name))]
        writer.writerow(["" if c is None else c for c in cells])


def _bounds(ci: list[float] | None) -> list[Any]:
    return ["", ""] if ci is None else list(ci)
