"""``mjrules replay``: game records re-scored and settled under a ruleset and checked against what
was paid, or paid under several rulesets (``--rulesets``)."""

from __future__ import annotations

import csv
import json
import sys
from typing import Any, Iterable, Iterator

import attrs

from mjrules.cli.common import EXIT_BAD_INPUT
from mjrules.cli.compare import ruleset_names
from mjrules.errors import MjrulesError, RecordError
from mjrules.games.read import read_game, record_paths
from mjrules.games.records import Game
from mjrules.games.replay import GameReplay, Replayer, Value, WhatIf, WhatIfReplayer, record_ruleset
from mjrules.rules.ruleset import Ruleset, load_ruleset
from mjrules.tools.compare import Comparer

ORDINALS = ("1st", "2nd", "3rd", "4th")


def add_command(sub) -> None:
    p = sub.add_parser("replay", help="check game records against what was paid, or pay them under other rulesets",
                       description=(
        "Read game records (Tenhou mjlog XML, plain or gzip; Tenhou JSON; mjai JSON lines; a directory or a "
        "glob reads every record in it), re-score every win under the ruleset the record was played with "
        "(or --ruleset), settle each round, rebuild the running scores and compare wins and final scores "
        "with the record. --rulesets pays each game's flow under several rulesets instead. Exit status: "
        "0 all agree, 1 something disagrees, 2 an unreadable record."))
    p.add_argument("logs", nargs="+", metavar="LOG", help="record files, directories or glob patterns")
    p.add_argument("--ruleset", metavar="NAME|PATH", help="score under this ruleset instead of the record's")
    p.add_argument("--rulesets", metavar="A,B,…",
                   help="what-if: pay every game under each ruleset (the first is the reference for the causes)")
    p.add_argument("--json", action="store_true", help="one JSON object per line")
    p.add_argument("--csv", action="store_true", help="what-if final scores as CSV (with --rulesets)")
    p.add_argument("--progress", action="store_true", default=None, help="progress on stderr (default: if a terminal)")
    p.add_argument("--no-progress", action="store_false", dest="progress")
    p.set_defaults(func=cmd_replay)


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


def _emit(obj: dict[str, Any]) -> None:
    print(json.dumps(obj, ensure_ascii=False))


def _brief(v: Value) -> str:
    if not v.win:
        return v.yaku[0] if v.yaku else "no win"
    value = f"yakuman x{v.yakuman}" if v.yakuman else f"{v.han} han {v.fu} fu"
    return f"{value} {v.points} [{' '.join(f'{p:+d}' for p in v.payments)}]"


def cmd_replay(args) -> int:
    if args.csv and not args.rulesets:
        raise MjrulesError("--csv is for the what-if table: use it with --rulesets")
    if args.ruleset and args.rulesets:
        raise MjrulesError("give --ruleset or --rulesets, not both")
    show = sys.stderr.isatty() if args.progress is None else args.progress
    # the paths are listed ahead only for the progress bar's total; otherwise they stream too
    paths: Iterable[str] = list(record_paths(args.logs)) if show else record_paths(args.logs)
    progress = _Progress(len(paths) if isinstance(paths, list) else 0, show)
    if args.rulesets:
        return _what_if(args, paths, progress)
    return _check(args, paths, progress)


def _games(paths: Iterable[str], progress: _Progress, bad: list[str]) -> Iterator[Game]:
    for path in paths:
        try:
            game = read_game(path)
        except RecordError as e:
            print(f"mjrules: error: {e}", file=sys.stderr)
            bad.append(path)
            progress.step()
            continue
        yield game
        progress.step()


def _check(args, paths: Iterable[str], progress: _Progress) -> int:
    chosen: Ruleset | None = load_ruleset(args.ruleset) if args.ruleset else None
    replayers: dict[str, Replayer] = {}
    bad: list[str] = []
    games = wins = agree = final_agree = finals = noted = 0
    comparers: dict[str, Comparer] = {}
    for game in _games(paths, progress, bad):
        ruleset = chosen or record_ruleset(game)
        if ruleset is None:
            print(f"mjrules: error: {game.source}: the record does not say which rules it was played under; "
                  "give --ruleset", file=sys.stderr)
            bad.append(game.source)
            continue
        key = f"{ruleset.name}\0{ruleset.path}\0{sorted(ruleset.flags.items())}"
        if key not in replayers:
            replayers[key] = Replayer(ruleset)
        other = chosen is not None and game.ruleset is not None and game.ruleset != chosen.name
        try:
            # under other rules the game is paid from its start, so its end shows what those rules make of it
            rep = replayers[key].replay(game, from_start=other)
            causes = _causes(game, rep, args.ruleset, comparers) if other else {}
        except MjrulesError as e:
            print(f"mjrules: error: {e}", file=sys.stderr)
            bad.append(game.source)
            continue
        games += 1
        noted += 0 if other else len(rep.flow_notes)
        wins += len(rep.checks)
        agree += rep.agree
        if rep.final_agree is not None:
            finals += 1
            final_agree += rep.final_agree
        _report_game(args, game, rep, other, causes)
    summary = {"games": games, "wins": wins, "agree": agree, "final_agree": final_agree, "finals": finals,
               "unreadable": len(bad)}
    if args.json:
        _emit({"summary": summary})
    else:
        print(f"{games} games, {wins} wins, {agree} agree; final scores agree in {final_agree}/{finals} games"
              + (f"; {len(bad)} unreadable" if bad else ""))
    if bad:
        return EXIT_BAD_INPUT
    return 0 if agree == wins and final_agree == finals and not noted else 1


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
    return out


def _report_game(args, game: Game, rep: GameReplay, other: bool, causes: dict[int, list[str]]) -> None:
    if args.json:
        for k, c in enumerate(rep.checks):
            obj = {"log": game.source, "round": c.round, "honba": c.honba, "winner": c.winner,
                   "discarder": c.discarder, "agree": c.agree, "differs": list(c.differs),
                   "recorded": c.recorded.to_dict(), "scored": c.scored.to_dict()}
            if k in causes:
                obj["causes"] = causes[k]
            _emit(obj)
        _emit({"log": game.source, "ruleset": rep.ruleset, "final": {
            "recorded": None if game.final is None else list(game.final), "replayed": list(rep.final),
            "agree": rep.final_agree, "placings": list(rep.placings), "points": list(rep.points)},
            "notes": list(rep.flow_notes)})
        return
    for k, c in enumerate(rep.checks):
        if not c.agree:
            why = f"; because of {', '.join(causes[k])}" if k in causes else ""
            print(f"{game.source}: round {c.round}, seat {c.winner} wins: {', '.join(c.differs)} differ: "
                  f"recorded {_brief(c.recorded)}, scored {_brief(c.scored)} ({rep.ruleset}){why}")
    if not other:
        for note in rep.flow_notes:
            print(note)
    if rep.final_agree is False:
        assert game.final is not None
        print(f"{game.source}: final scores: recorded {list(game.final)}, replayed {list(rep.final)}")
    if other:
        print(f"{game.source}: under {rep.ruleset}: " + _standings(rep))


def _standings(rep: GameReplay) -> str:
    order = sorted(range(4), key=lambda s: rep.placings[s])
    return ", ".join(f"{ORDINALS[rep.placings[s] - 1]} seat {s} {rep.final[s]} ({rep.points[s]:+.1f})" for s in order)


def _what_if(args, paths: Iterable[str], progress: _Progress) -> int:
    names = ruleset_names(args.rulesets)
    assert names is not None
    replayer = WhatIfReplayer(names)
    bad: list[str] = []
    writer = csv.writer(sys.stdout) if args.csv else None
    if writer is not None:
        writer.writerow(["log", "ruleset", "seat", "score", "placing", "points"])
    games = 0
    for game in _games(paths, progress, bad):
        try:
            result = replayer.replay(game)
        except MjrulesError as e:
            print(f"mjrules: error: {e}", file=sys.stderr)
            bad.append(game.source)
            continue
        games += 1
        if writer is not None:
            for rep in result.replays:
                for seat in range(4):
                    writer.writerow([game.source, rep.ruleset, seat, rep.final[seat], rep.placings[seat],
                                     rep.points[seat]])
        elif args.json:
            _what_if_json(result)
        else:
            _what_if_text(result)
    if args.json:
        _emit({"summary": {"games": games, "rulesets": list(replayer.names), "unreadable": len(bad)}})
    elif writer is None:
        print(f"{games} games paid under {', '.join(replayer.names)}" + (f"; {len(bad)} unreadable" if bad else ""))
    return EXIT_BAD_INPUT if bad else 0


def _what_if_json(result: WhatIf) -> None:
    src = result.game.source
    for w in result.wins:
        _emit({"log": src, "round": w.round, "winner": w.winner,
               "values": {n: v.to_dict() for n, v in zip(result.rulesets, w.values)},
               "causes": {n: list(c) for n, c in zip(result.rulesets, w.causes) if c}})
    _emit({"log": src, "final": {rep.ruleset: {"scores": list(rep.final), "placings": list(rep.placings),
                                               "points": list(rep.points)} for rep in result.replays}})


def _what_if_text(result: WhatIf) -> None:
    print(f"{result.game.source}")
    for w in result.wins:
        if not any(w.causes):
            continue
        parts = []
        for n, v, c in zip(result.rulesets, w.values, w.causes):
            parts.append(f"{n} {_brief(v)}" + (f" ({', '.join(c)})" if c else ""))
        print(f"  round {w.round}, seat {w.winner}: " + "; ".join(parts))
    for rep in result.replays:
        print(f"  {rep.ruleset}: {_standings(rep)}")
