"""``mjrules replay``: game records re-scored and settled under a ruleset and checked against what
was paid, or paid under several rulesets (``--rulesets``)."""

from __future__ import annotations

import argparse

import csv
import io
import json
import os
import stat
import sys
from functools import partial
from typing import TYPE_CHECKING, Any, Callable, Iterable, TextIO, Union

import attrs

from mjrules.cli.commands import help_of
from mjrules.cli.files import Files
from mjrules.cli.common import EXIT_BAD_INPUT, More, add_jobs, names_files, plural, ruleset_arg
from mjrules.errors import MjrulesError, RecordError
from mjrules.records.check import LegalCheck, RoundRunner, check_legal
from mjrules.records.read import STDIN, read_file_games, read_stdin, record_paths
from mjrules.game.record import Game
from mjrules.records.replay import (
    GameReplay,
    Replayer,
    Value,
    WhatIf,
    WhatIfReplayer,
    flow_before,
    record_ruleset,
    yaku_difference,
)
from mjrules.rules.ruleset import Ruleset, load_ruleset
from mjrules.table.legal import native_rounds
from mjrules.tools.compare import Comparer
from mjrules.tools.parallel import ordered_map
from mjrules.tools.query import brief, ruleset_names

if TYPE_CHECKING:
    from mjrules.cli.common import Subparsers

ORDINALS = ("1st", "2nd", "3rd", "4th")


def add_command(sub: Subparsers) -> None:
    p = sub.add_parser("replay", help=help_of("replay"),
                       description=(
        "Read game records (Tenhou mjlog XML, plain or gzip; Tenhou JSON; mjai JSON lines; 電脳麻将 牌譜 JSON, one "
        "game or a list; a directory or a glob reads every record in it), re-score every win under the ruleset the record was played with "
        "(or --ruleset), settle each round, rebuild the running scores and compare wins and final scores "
        "with the record. --rulesets pays each game's flow under several rulesets instead. Exit status: "
        "0 all agree, 1 something disagrees, 2 an unreadable record."))
    p.add_argument("logs", nargs="+", type=names_files, metavar="LOG",
                   help="record files, directories or glob patterns; - reads one record from stdin")
    p.add_argument("--ruleset", type=ruleset_arg, metavar="NAME|PATH", help="score under this ruleset instead of the record's")
    p.add_argument("--rulesets", action=More, metavar="A,B,…",
                   help="what-if: pay every game under each ruleset (the first is the reference for the causes; "
                        "repeatable)")
    p.add_argument("--json", action="store_true", help="one JSON object per line")
    p.add_argument("--csv", action="store_true", help="what-if final scores as CSV (with --rulesets)")
    p.add_argument("--legal", action="store_true",
                   help="also play every round at the table from the record's wall and recorded actions: each "
                        "action must be legal under the ruleset and each round pay what the record pays")
    p.add_argument("--progress", action="store_true", default=None, help="progress on stderr (default: if a terminal)")
    p.add_argument("--no-progress", action="store_false", dest="progress")
    add_jobs(p)
    p.set_defaults(func=cmd_replay, files=Files(inputs=("logs",), rulesets=("--ruleset", "--rulesets")))


class _Progress:
    def __init__(self, total: int, show: bool) -> None:
        self.total, self.show, self.done = total, show, 0

    def step(self) -> None:
        self.done += 1
        if self.show:
            width = 30
            filled = width * self.done // max(1, self.total)
            sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} records")
            if self.done == self.total:
                sys.stderr.write("\n")
            sys.stderr.flush()


def _emit(obj: dict[str, Any], out: TextIO | None = None) -> None:
    print(json.dumps(obj, ensure_ascii=False), file=out or sys.stdout)


def _brief(v: Value) -> str:
    if not v.win:
        return v.yaku[0] if v.yaku else "no win"
    if v.yakuman:
        value = f"yakuman x{v.yakuman}"
    elif v.han is None:
        value = "value not stated"
    else:  # a limit hand may be given without its fu
        value = f"{v.han} han" + (f" {v.fu} fu" if v.fu is not None else "")
    points = "" if v.points is None else f" {v.points}"
    payments = "" if v.payments is None else f" [{' '.join(f'{p:+d}' for p in v.payments)}]"
    return value + points + payments


def cmd_replay(args: argparse.Namespace) -> int:
    # "is None", not falsiness: an empty --rulesets or --ruleset is refused, never taken as absent.
    if args.csv and args.json:
        raise MjrulesError("give --json or --csv, not both")
    if args.csv and args.rulesets is None:
        raise MjrulesError("--csv is for the what-if table: use it with --rulesets")
    if args.ruleset is not None and args.rulesets is not None:
        raise MjrulesError("give --ruleset or --rulesets, not both")
    if args.legal and args.rulesets is not None:
        raise MjrulesError("--legal checks each record under one ruleset: not with --rulesets")
    # Every check before the first record is read: rulesets, then that each LOG names records.
    if args.rulesets is not None:
        names = ruleset_names(args.rulesets)
        assert names is not None
        WhatIfReplayer(names)
        setup: Any = partial(WhatIfReplayer, names)
        work: Any = partial(_what_if_records, json_out=args.json, csv_out=args.csv)
    else:
        if args.ruleset is not None:
            load_ruleset(args.ruleset)
        setup = partial(_CheckState, args.ruleset)
        work = partial(_check_records, json_out=args.json, legal=args.legal)
    for spec in args.logs:  # a folder or pattern that holds no record is a mistake, not "0 games"
        if next(iter(record_paths([spec])), None) is None:
            raise RecordError(f"{spec}: no record files in it" if os.path.isdir(spec) else f"{spec}: no file matches")
    if args.logs.count(STDIN) > 1:
        raise MjrulesError("- is given twice: stdin holds one record")
    # the record piped in is read here, where stdin is (not in a worker), and handed on as it is
    piped = _Piped("stdin", read_stdin()) if STDIN in args.logs else None
    show = sys.stderr.isatty() if args.progress is None else args.progress
    # the paths are listed ahead only for the progress bar's total; otherwise they stream too
    paths: Iterable[_Record] = (piped if p == STDIN and piped is not None else p
                                for p in record_paths(args.logs, _skipped))
    if show:
        paths = list(paths)
    progress = _Progress(len(paths) if isinstance(paths, list) else 0, show)
    total = _Done()
    if args.csv:
        csv.writer(sys.stdout).writerow(["log", "ruleset", "seat", "score", "placing", "points"])
    # a few records at a time: each takes milliseconds, and their output comes back in order
    for chunk in ordered_map(work, paths, setup, args.jobs, chunk_size=8):
        for done in chunk:
            sys.stdout.write(done.out)
            sys.stderr.write(done.err)
            progress.step()
            total = total.plus(done)
    return _summarize(args, total)


def _summarize(args: argparse.Namespace, total: _Done) -> int:
    """The summary line (or JSON object) after every record, and the exit status."""
    if args.rulesets is not None:
        if args.json:
            _emit({"summary": {"games": total.games, "rulesets": list(ruleset_names(args.rulesets) or ()),
                               "unreadable": total.bad, "unfinished": total.unfinished}})
        elif not args.csv:
            print(f"{plural(total.games, 'game')} paid under {', '.join(ruleset_names(args.rulesets) or ())}"
                  + (f"; {total.unfinished} unfinished" if total.unfinished else "")
                  + (f"; {total.bad} unreadable" if total.bad else ""))
        return EXIT_BAD_INPUT if total.bad else 0
    summary = {"games": total.games, "wins": total.wins, "agree": total.agree, "final_agree": total.final_agree,
               "finals": total.finals, "points_agree": total.points_agree, "points": total.points,
               "unchecked": total.unchecked, "unreadable": total.bad, "unfinished": total.unfinished}
    summary["finals_not_stated"] = total.games - total.finals
    if args.legal:
        summary.update({"legal_games": total.legal_games, "legal_actions": total.legal_actions,
                        "legal_refused": total.legal_refused, "legal_rounds": total.legal_rounds,
                        "legal_played": total.legal_played, "legal_agree": total.legal_agree,
                        "legal_ends": total.legal_ends, "legal_ends_agree": total.legal_ends_agree})
    if args.json:
        _emit({"summary": summary})
    else:
        unchecked = f" ({total.unchecked} not checked: the record states no value)" if total.unchecked else ""
        unstated = total.games - total.finals
        print(f"{plural(total.games, 'game')}, {plural(total.wins, 'win')}, {total.agree} agree{unchecked}; final "
              f"scores agree in {total.final_agree}/{total.finals} games"
              + (f" ({unstated} not stated)" if unstated else "") + f", final points in "
              f"{total.points_agree}/{total.points}" + (f"; {total.unfinished} unfinished" if total.unfinished else "")
              + (f"; {total.bad} unreadable" if total.bad else ""))
        if args.legal:
            print(f"legal: {total.legal_actions} recorded actions, {total.legal_refused} refused ({total.legal_games}/"
                  f"{total.games} games without a refusal); {total.legal_played}/{total.legal_rounds} rounds played "
                  f"at the table, {total.legal_agree} paid as the record; {total.legal_ends_agree}/{total.legal_ends} "
                  f"games end where the record ends them")
    if total.bad:
        return EXIT_BAD_INPUT
    agree = total.agree == total.wins and total.final_agree == total.finals and total.points_agree == total.points
    if args.legal and (total.legal_refused or total.legal_agree != total.legal_played
                       or total.legal_ends_agree != total.legal_ends):
        return 1
    return 0 if agree and not total.noted else 1


@attrs.frozen
class _Done:
    """What replaying one record printed, and its counts (summed in record order)."""

    out: str = ""
    err: str = ""
    games: int = 0
    wins: int = 0
    agree: int = 0
    final_agree: int = 0
    finals: int = 0
    points_agree: int = 0
    points: int = 0
    unchecked: int = 0
    noted: int = 0
    bad: int = 0
    legal_games: int = 0
    legal_actions: int = 0
    legal_refused: int = 0
    legal_rounds: int = 0
    legal_played: int = 0
    legal_agree: int = 0
    legal_ends: int = 0
    legal_ends_agree: int = 0
    unfinished: int = 0

    def plus(self, other: _Done) -> _Done:
        return _Done("", "", *(getattr(self, f) + getattr(other, f) for f in _COUNTS))

    def then(self, other: _Done) -> _Done:
        """This and ``other`` one after the other: what both printed, their counts added."""
        return attrs.evolve(self.plus(other), out=self.out + other.out, err=self.err + other.err)


_COUNTS = ("games", "wins", "agree", "final_agree", "finals", "points_agree", "points", "unchecked", "noted", "bad",
           "legal_games", "legal_actions", "legal_refused", "legal_rounds", "legal_played", "legal_agree",
           "legal_ends", "legal_ends_agree", "unfinished")


def _skipped(path: str) -> None:
    """Say that a file found in a LOG folder or glob is passed over: it is no regular file."""
    kind = "a broken link"
    try:
        mode = os.stat(path).st_mode
        kind = ("a FIFO" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode)
                else "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "not a regular file")
    except OSError:
        pass
    sys.stderr.write(f"mjrules replay: note: {path}: {kind}, not read\n")


@attrs.frozen
class _Piped:
    """A record read from stdin: its name in the output, its bytes."""

    name: str
    data: bytes


_Record = Union[str, _Piped]
"""A record to replay: a file's path, or the one piped in."""


def _read(path: _Record) -> list[Game] | _Done:
    """The games of the record at ``path`` (a 牌譜 may hold several), or what to report when it cannot be read."""
    try:
        return read_file_games(path) if isinstance(path, str) else read_file_games(path.name, path.data)
    except RecordError as e:
        return _Done(err=f"mjrules: error: {brief(str(e))}\n", bad=1)


class _CheckState:
    """A worker's replayers and comparers, kept across the records it is given."""

    def __init__(self, ruleset: str | None) -> None:
        self.chosen_name = ruleset
        self.chosen: Ruleset | None = load_ruleset(ruleset) if ruleset else None
        self.replayers: dict[str, Replayer] = {}
        self.comparers: dict[str, Comparer] = {}
        self.rounds: dict[str, RoundRunner | None] = {}
        """Each ruleset's runner of recorded rounds (``replay --legal``): the kernel's where it compiles one."""


def _check_records(state: _CheckState, paths: list[_Record], json_out: bool, legal: bool = False) -> list[_Done]:
    return [_check_one(state, path, json_out, legal) for path in paths]


def _each_game(path: _Record, one: Callable[[Game], _Done]) -> _Done:
    """What ``one`` makes of each game of the record at ``path``, one after the other (or why it cannot be read)."""
    games = _read(path)
    if isinstance(games, _Done):
        return games
    done = _Done()
    for game in games:
        done = done.then(one(game))
    return done


def _check_one(state: _CheckState, path: _Record, json_out: bool, legal: bool = False) -> _Done:
    return _each_game(path, lambda game: _check_game(state, game, json_out, legal))


def _unfinished(game: Game, json_out: bool) -> _Done | None:
    """What to say of a game left before any round was played to its end (a record ``mjrules play``
    kept of a game left at once): nothing to check, said; None for any other game."""
    if game.rounds:
        return None
    out = io.StringIO()
    if json_out:
        _emit({"log": game.source, "unfinished": game.unfinished, "final": None,
               "notes": [f"{game.source}: {n}" for n in game.notes]}, out)
    else:
        for note in game.notes:
            print(f"{game.source}: {note}", file=out)
        print(f"{game.source}: unfinished ({game.unfinished}) before any round was played to its end: "
              "nothing to check", file=out)
    return _Done(out.getvalue(), games=1, unfinished=1)


def _check_game(state: _CheckState, game: Game, json_out: bool, legal: bool) -> _Done:
    early = _unfinished(game, json_out)
    if early is not None:
        return early
    ruleset = record_ruleset(game)
    if state.chosen is not None:
        # the record's own preset named again keeps the record's day's rules (Game.rules)
        ruleset = ruleset if ruleset is not None and state.chosen.name == game.ruleset else state.chosen
    if ruleset is None:
        return _Done(err=f"mjrules: error: {game.source}: the record does not say which rules it was played under; "
                         "give --ruleset\n", bad=1)
    key = f"{ruleset.name}\0{ruleset.path}\0{sorted(ruleset.flags.items())}"
    if key not in state.replayers:
        state.replayers[key] = Replayer(ruleset)
        state.rounds[key] = native_rounds(state.replayers[key].scorer) if legal else None
    other = state.chosen is not None and game.ruleset is not None and game.ruleset != state.chosen.name
    try:
        # under other rules the game is paid from its start, so its end shows what those rules make of it
        rep = state.replayers[key].replay(game, from_start=other)
        causes = _causes(game, rep, state.chosen_name or "", state.comparers) if other else {}
        check = check_legal(game, state.replayers[key].scorer, state.rounds[key]) if legal else None
    except MjrulesError as e:
        return _Done(err=f"mjrules: error: {brief(str(e))}\n", bad=1)
    out = io.StringIO()
    # what the reader took from the record where it does not say, when that is what is replayed
    assumed = game.assumed if state.chosen is None or state.chosen.name == game.ruleset else ()
    _report_game(out, json_out, game, rep, other, causes, check, assumed)
    counts = {} if check is None else {
        "legal_games": int(check.refused == 0), "legal_actions": check.actions, "legal_refused": check.refused,
        "legal_rounds": check.rounds, "legal_played": check.played, "legal_agree": check.agree,
        "legal_ends": int(check.end_checked), "legal_ends_agree": int(check.end_checked and check.end is None)}
    return _Done(out.getvalue(), "", games=1, wins=len(rep.checks), agree=rep.agree,
                 final_agree=int(bool(rep.final_agree)), finals=int(rep.final_agree is not None),
                 points_agree=int(bool(rep.points_agree)), points=int(rep.points_agree is not None),
                 unchecked=rep.unchecked, unfinished=int(game.unfinished is not None),
                 noted=0 if other else len(rep.flow_notes), **counts)


def _causes(game: Game, rep: GameReplay, chosen: str, comparers: dict[str, Comparer]) -> dict[int, list[str]]:
    """For each win (by its place in ``rep.checks``) whose value differs under ``chosen``, the flags
    or yaku that make it differ from the record's ruleset, as ``compare`` names them."""
    assert game.ruleset is not None
    if game.ruleset not in comparers:
        comparers[game.ruleset] = Comparer([game.ruleset, chosen])
    comparer = comparers[game.ruleset]
    out: dict[int, list[str]] = {}
    wins = [w for rnd in game.rounds for w in rnd.wins_in_turn_order()]
    for k, (check, rec) in enumerate(zip(rep.checks, wins)):
        a, b = check.recorded, check.scored
        if (a.points, a.han, a.yakuman, a.win) != (b.points, b.han, b.yakuman, b.win):
            out[k] = list(comparer.compare(rec.hand, attrs.evolve(rec.win, honba=0, riichi_sticks=0)).causes[1])
        if check.paid_honba != rec.win.honba:  # paid from the start, earlier rounds ended otherwise
            flow = flow_before(rep.flow_changes, game, check.round)
            out.setdefault(k, []).append(f"carried honba {check.paid_honba} ({rec.win.honba} in the record)"
                                         + (f", round flow: {flow}" if flow else ""))
    return out


def _report_game(out: TextIO, json_out: bool, game: Game, rep: GameReplay, other: bool,
                 causes: dict[int, list[str]], check: LegalCheck | None = None, assumed: tuple[str, ...] = ()) -> None:
    if json_out:
        for k, c in enumerate(rep.checks):
            obj = {"log": game.source, "round": c.round, "honba": c.honba, "winner": c.winner,
                   "discarder": c.discarder, "agree": c.agree, "checked": c.checked, "differs": list(c.differs),
                   "recorded": c.recorded.to_dict(), "scored": c.scored.to_dict()}
            if c.convention is not None:
                obj["convention"] = c.convention
            if k in causes:
                obj["causes"] = causes[k]
            if "yaku" in c.differs:
                only_recorded, only_scored = yaku_difference(c.recorded, c.scored)
                obj["yaku_difference"] = {"recorded": list(only_recorded), "scored": list(only_scored)}
            _emit(obj, out)
        _emit({"log": game.source, "ruleset": rep.ruleset, "final": {
            "recorded": None if game.final is None else list(game.final), "replayed": list(rep.final),
            "agree": rep.final_agree, "placings": list(rep.placings), "points": list(rep.points),
            "recorded_points": None if game.final_points is None else list(game.final_points),
            "points_agree": rep.points_agree}, "unfinished": game.unfinished,
            "notes": [*(f"{game.source}: {n}" for n in game.notes), *rep.flow_notes], "assumed": list(assumed),
            "conventions": list(rep.conventions),
            **({} if check is None else {"legal": check.to_dict()})}, out)
        return
    for note in (*game.notes, *assumed):
        print(f"{game.source}: {note}", file=out)
    if game.unfinished is not None:
        print(f"{game.source}: unfinished ({game.unfinished}): the {plural(len(game.rounds), 'round')} played to "
              "their end are checked", file=out)
    for note in rep.conventions:
        print(note, file=out)
    if check is not None and (check.refused or check.agree != check.played):
        print(f"{game.source}: legal: {check.refused} refused (first: {check.first_refused}); "
              f"{check.agree}/{check.played} rounds played at the table paid as the record", file=out)
    if check is not None and check.end is not None:
        print(f"{game.source}: legal: {check.end} ({rep.ruleset})", file=out)
    for k, c in enumerate(rep.checks):
        if not c.agree:
            why = f"; because of {', '.join(causes[k])}" if k in causes else ""
            yaku = ""
            if "yaku" in c.differs:
                only_recorded, only_scored = yaku_difference(c.recorded, c.scored)
                yaku = (f"; yaku only in the record: {' '.join(only_recorded) or '-'}, only scored: "
                        f"{' '.join(only_scored) or '-'}")
            print(f"{game.source}: round {c.round}, seat {c.winner} wins: {', '.join(c.differs)} differ: "
                  f"recorded {_brief(c.recorded)}, scored {_brief(c.scored)} ({rep.ruleset}){yaku}{why}", file=out)
    if not other:
        for note in rep.flow_notes:
            print(note, file=out)
    if rep.final_agree is False:
        assert game.final is not None
        print(f"{game.source}: final scores: recorded {list(game.final)}, replayed {list(rep.final)}", file=out)
    if rep.points_agree is False:
        assert game.final_points is not None
        print(f"{game.source}: final points: recorded {_points(game.final_points)}, counted {_points(rep.points)} "
              f"({rep.ruleset})", file=out)
    if other:
        print(f"{game.source}: under {rep.ruleset}: " + _standings(rep), file=out)
        for note in rep.end_notes:
            print(f"{game.source}: under {rep.ruleset}: the game {note}", file=out)


def _points(points: Iterable[float]) -> str:
    return "[" + ", ".join(f"{p:+.1f}" for p in points) + "]"


def _standings(rep: GameReplay) -> str:
    order = sorted(range(len(rep.final)), key=lambda s: rep.placings[s])
    return ", ".join(f"{ORDINALS[rep.placings[s] - 1]} seat {s} {rep.final[s]} ({rep.points[s]:+.1f})" for s in order)


def _what_if_records(replayer: WhatIfReplayer, paths: list[_Record], json_out: bool, csv_out: bool) -> list[_Done]:
    return [_what_if_one(replayer, path, json_out, csv_out) for path in paths]


def _what_if_one(replayer: WhatIfReplayer, path: _Record, json_out: bool, csv_out: bool) -> _Done:
    return _each_game(path, lambda game: _what_if_game(replayer, game, json_out, csv_out))


def _what_if_game(replayer: WhatIfReplayer, game: Game, json_out: bool, csv_out: bool) -> _Done:
    early = _unfinished(game, json_out and not csv_out)
    if early is not None:
        return early if not csv_out else attrs.evolve(early, out="", err=early.out)
    try:
        result = replayer.replay(game)
    except MjrulesError as e:
        return _Done(err=f"mjrules: error: {brief(str(e))}\n", bad=1)
    out = io.StringIO()
    if csv_out:
        writer = csv.writer(out)
        for rep in result.replays:
            for seat in range(len(rep.final)):
                writer.writerow([game.source, rep.ruleset, seat, rep.final[seat], rep.placings[seat], rep.points[seat]])
    elif json_out:
        _what_if_json(out, result)
    else:
        _what_if_text(out, result)
    return _Done(out.getvalue(), games=1, unfinished=int(game.unfinished is not None))


def _what_if_json(out: TextIO, result: WhatIf) -> None:
    src = result.game.source
    for w in result.wins:
        _emit({"log": src, "round": w.round, "winner": w.winner,
               "values": {n: v.to_dict() for n, v in zip(result.rulesets, w.values)},
               "causes": {n: list(c) for n, c in zip(result.rulesets, w.causes) if c}}, out)
    _emit({"log": src, "final": {rep.ruleset: {"scores": list(rep.final), "placings": list(rep.placings),
                                               "points": list(rep.points), "end": list(rep.end_notes)}
                                 for rep in result.replays}, "unfinished": result.game.unfinished}, out)


def _what_if_text(out: TextIO, result: WhatIf) -> None:
    print(f"{result.game.source}" + (f" (unfinished: {result.game.unfinished})" if result.game.unfinished else ""),
          file=out)
    for w in result.wins:
        if not any(w.causes):
            continue
        parts = []
        for n, v, c in zip(result.rulesets, w.values, w.causes):
            parts.append(f"{n} {_brief(v)}" + (f" ({', '.join(c)})" if c else ""))
        print(f"  round {w.round}, seat {w.winner}: " + "; ".join(parts), file=out)
    for rep in result.replays:
        print(f"  {rep.ruleset}: {_standings(rep)}", file=out)
        for note in rep.end_notes:
            print(f"  {rep.ruleset}: the game {note}", file=out)
