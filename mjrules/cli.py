"""The ``mjrules`` command line. Exit status: 0 scored win, 1 legal hand that does not win,
2 bad input (one line on stderr; ``--debug`` shows the traceback)."""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from typing import Any, Callable

from .errors import MjrulesError, NotationError
from .hand import Hand
from .notation import format_mpsz, parse_majiang, parse_majiang_input, parse_mpsz
from .notation.mpsz import format_tiles, parse_tile
from .result import NoWin, Result
from .situation import SEAT_NAMES, Win

EXIT_WIN, EXIT_NO_WIN, EXIT_BAD_INPUT = 0, 1, 2

RON_SOURCES = {
    "previous": 3, "left": 3, "kamicha": 3, "-": 3,
    "opposite": 2, "across": 2, "toimen": 2, "=": 2,
    "next": 1, "right": 1, "shimocha": 1, "+": 1,
}
WINDS = {"e": 0, "east": 0, "s": 1, "south": 1, "w": 2, "west": 2, "n": 3, "north": 3, "0": 0, "1": 1, "2": 2, "3": 3}
TOOL_COMMANDS: tuple[str, ...] = ("mjrules.compare_cli", "mjrules.point_table", "mjrules.needs", "mjrules.analysis_cli")
"""Modules that add a subcommand: each has ``add_command(subparsers)``, which adds its parser
(the subparsers make ``_Parser`` objects, so errors exit 2) with ``func`` set to a function of
the parsed args returning the exit status."""

DEFAULT_RULESET = "tenhou"
MAX_ARGS = 200
BATCH_RULESET = "majiang"  # the majiang format's own defaults, so a line scores as majiang-core would


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2, like every other bad input
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message}\n")


def _wind(text: str) -> int:
    w = WINDS.get(text.lower())
    if w is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not a wind (E, S, W, N)")
    return w


def _ron(text: str) -> int:
    r = RON_SOURCES.get(text.lower())
    if r is None:
        raise argparse.ArgumentTypeError(f"{text!r}: say who dealt in: previous, opposite or next (or left, across, right)")
    return r


def _count(text: str) -> int:
    if not text.isdigit() or len(text) > 3:
        raise argparse.ArgumentTypeError(f"{text!r} is not a small whole number")
    return int(text)


def _tile(text: str):
    try:
        return parse_tile(text)
    except NotationError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _indicators(text: str) -> tuple:
    from .notation import parse_tiles

    try:
        return tuple(parse_tiles(text))
    except NotationError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _add_ruleset(p: argparse.ArgumentParser, default: str) -> None:
    p.add_argument("--ruleset", default=default, metavar="NAME|PATH",
                   help=f"preset name or TOML file (default: {default})")


def add_situation(p: argparse.ArgumentParser) -> None:
    """The options that describe the win (shared by every command that scores one hand)."""
    p.add_argument("--win", type=_tile, metavar="TILE", help="the winning tile, e.g. 5m or 0p (default: last tile written)")
    p.add_argument("--ron", type=_ron, metavar="FROM", help="won by ron from previous|opposite|next (default: tsumo)")
    p.add_argument("--round", type=_wind, default=0, metavar="WIND", help="round wind E S W N (default E)")
    p.add_argument("--seat", type=_wind, default=0, metavar="WIND", help="winner's seat wind; E is the dealer (default E)")
    p.add_argument("--riichi", action="store_true")
    p.add_argument("--double-riichi", action="store_true")
    for flag in ("ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou", "renhou"):
        p.add_argument(f"--{flag}", action="store_true")
    p.add_argument("--dora", type=_indicators, default=(), metavar="TILES", help="dora indicators, e.g. 1m7z")
    p.add_argument("--ura", type=_indicators, default=(), metavar="TILES", help="ura-dora indicators")
    p.add_argument("--honba", type=_count, default=0, metavar="N")
    p.add_argument("--sticks", type=_count, default=0, metavar="N", help="riichi sticks on the table")
    p.add_argument("--extra", action="append", default=[], metavar="TAG",
                   help="a situation only local yaku know, e.g. kanburi (repeatable)")


def hand_and_win(args) -> tuple[Hand, Win]:
    """The Hand and Win described by HAND and the situation options."""
    hand = _read_hand(args)
    if args.riichi and args.double_riichi:
        raise NotationError("give --riichi or --double-riichi, not both")
    win = Win(
        tsumo=args.ron is None, discarder=args.ron, round_wind=args.round, seat_wind=args.seat,
        riichi=2 if args.double_riichi else 1 if args.riichi else 0,
        ippatsu=args.ippatsu, haitei=args.haitei, houtei=args.houtei, rinshan=args.rinshan,
        chankan=args.chankan, tenhou=args.tenhou, chiihou=args.chiihou, renhou=args.renhou,
        dora=args.dora, ura=args.ura, honba=args.honba, riichi_sticks=args.sticks, extras=args.extra,
    )
    return hand, win


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="mjrules", description="Score riichi mahjong hands under any rule set.")
    parser.add_argument("--debug", action="store_true", help="show a traceback on errors")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    s = sub.add_parser("score", help="score one hand", description=(
        "Score one winning hand. HAND is MPSZ with melds (123m406p789s11222z 3-45m 555=z; the last concealed "
        "tile written is the winning tile unless --win names it) or majiang notation (m123p406s789z11222,m34-5)."
    ))
    s.add_argument("hand", metavar="HAND")
    add_situation(s)
    _add_ruleset(s, DEFAULT_RULESET)
    s.add_argument("--json", action="store_true", help="print the result as JSON")
    s.set_defaults(func=cmd_score)

    r = sub.add_parser("rulesets", help="list the presets, or show one ruleset's resolved flags")
    r.add_argument("action", nargs="?", choices=["show"], help="show one ruleset")
    r.add_argument("name", nargs="?", metavar="NAME|PATH")
    r.add_argument("--json", action="store_true")
    r.set_defaults(func=cmd_rulesets)

    y = sub.add_parser("yaku", help="list the yaku a ruleset scores, with their values")
    _add_ruleset(y, DEFAULT_RULESET)
    y.add_argument("--json", action="store_true")
    y.set_defaults(func=cmd_yaku)

    pl = sub.add_parser("plugins", help="list the plugins a ruleset loads, with their hooks")
    _add_ruleset(pl, DEFAULT_RULESET)
    pl.add_argument("--json", action="store_true")
    pl.set_defaults(func=cmd_plugins)

    b = sub.add_parser("batch", help="score JSON lines", description=(
        "Score JSON lines: each the 'in' object of majiang-core's hule() data (a whole {\"in\":…,\"out\":…} line "
        "also works; a \"rule\" object beside \"in\" applies majiang-core rule keys over --ruleset). Writes one "
        "JSON line per input: null for no win, {\"error\": …} for a bad line, else the result."
    ))
    b.add_argument("--format", choices=["majiang"], default="majiang")
    _add_ruleset(b, BATCH_RULESET)
    b.add_argument("--input", default="-", metavar="FILE|-")
    b.add_argument("--output", default="-", metavar="FILE|-")
    b.set_defaults(func=cmd_batch)

    for module in TOOL_COMMANDS:
        importlib.import_module(module).add_command(sub)
    return parser


def _scorer(ref: str):
    from .scorer import Scorer

    return Scorer(ref)


def _read_hand(args) -> Hand:
    text = args.hand.strip()
    if text[:1] in ("m", "p", "s", "z"):
        hand, _ = parse_majiang(text)
        if args.win is not None:
            raise NotationError("--win is for MPSZ hands; in majiang notation the winning tile is written last")
        return hand
    return parse_mpsz(text, args.win)


def cmd_score(args) -> int:
    hand, win = hand_and_win(args)
    scorer = _scorer(args.ruleset)
    result = scorer.score(hand, win)
    if args.json:
        data = result.to_dict()
        data["hand"] = format_mpsz(hand)
        data["ruleset"] = scorer.ruleset.name
        print(json.dumps(data, ensure_ascii=False))
    else:
        print(render(hand, win, result, scorer.ruleset.name))
    return EXIT_WIN if result.is_win else EXIT_NO_WIN


def render(hand: Hand, win: Win, result: Result | NoWin, ruleset: str) -> str:
    """The text report of ``mjrules score``."""
    how = "tsumo" if win.tsumo else f"ron from seat {SEAT_NAMES[win.discarder_seat]}"
    concealed = format_tiles(hand.concealed)
    melds = "".join(" " + m for m in format_mpsz(hand).split()[1:])
    lines = [f"{concealed}{melds}, won on {hand.win_tile}  ({SEAT_NAMES[win.seat_wind]} seat, "
             f"{SEAT_NAMES[win.round_wind]} round, {how}; ruleset {ruleset})"]
    if not result.is_win:
        lines.append(f"Not a win: {result.reason}.")
        return "\n".join(lines)
    lines.append(f"Reading: {result.reading}")
    lines.append("Yaku:")
    for y in result.yaku:
        value = f"{y.yakuman}x yakuman" if y.yakuman else f"{y.han} han"
        lines.append(f"  {y.name} ({y.name_ja}){'':<2}".ljust(44) + value)
    if result.han is not None:
        lines.append(f"Fu: {result.fu} = " + " + ".join(f"{i.fu} {i.label}" for i in result.fu_detail))
        head = f"{result.han} han {result.fu} fu"
    else:
        head = f"{result.yakuman}x yakuman"
    if result.limit:
        head += f" ({result.limit})"
    lines.append(f"{head}: {result.points} points (base {result.base})")
    lines.append("Payments: " + ", ".join(f"{SEAT_NAMES[s]} {p:+d}" for s, p in enumerate(result.payments)))
    if result.liable is not None:
        lines.append(f"Pao: seat {SEAT_NAMES[result.liable]} is liable")
    return "\n".join(lines)


def cmd_rulesets(args) -> int:
    from .ruleset import load_ruleset, preset_names
    from .scorer import Scorer

    if args.action is None:
        rows = []
        for name in preset_names():
            rs = load_ruleset(name)
            rows.append({"name": name, "description": rs.description})
        if args.json:
            print(json.dumps(rows, ensure_ascii=False))
        else:
            width = max(len(r["name"]) for r in rows)
            for r in rows:
                print(f"{r['name']:<{width}}  {r['description']}")
        return 0
    if not args.name:
        raise NotationError("rulesets show needs a ruleset name or path")
    scorer = Scorer(args.name)
    declared = scorer.plugins.flags()
    rows = []
    for flag, value in scorer.flags.items():
        plugin, decl = declared[flag]
        rows.append({
            "flag": flag, "value": list(value) if isinstance(value, tuple) else value,
            "set_by": scorer.ruleset.origin.get(flag, f"default of plugin {plugin}"), "doc": decl.doc,
        })
    if args.json:
        print(json.dumps({"name": scorer.ruleset.name, "plugins": list(scorer.ruleset.plugins), "flags": rows},
                         ensure_ascii=False))
        return 0
    print(f"{scorer.ruleset.name}: {scorer.ruleset.description}")
    print(f"plugins: {', '.join(scorer.ruleset.plugins)}")
    width = max(len(r["flag"]) for r in rows)
    for r in rows:
        value = json.dumps(r["value"], ensure_ascii=False)
        print(f"  {r['flag']:<{width}} = {value:<24} ({r['set_by']})")
    return 0


def cmd_yaku(args) -> int:
    from .scorer import Scorer

    scorer = Scorer(args.ruleset)
    disabled = set(scorer.flags.get("disabled_yaku", ()))
    rows = []
    for plugin, y in scorer.yaku_owners:
        if y.id in disabled:
            continue
        if y.yakuman:
            value = f"{scorer.yakuman_multiple(y)}x yakuman"
        elif y.bonus:
            value = "1 han each"
        else:
            value = f"{y.han} han closed, " + ("closed only" if y.han_open is None else f"{y.han_open} open")
        rows.append({"id": y.id, "name": y.name, "name_ja": y.name_ja, "value": value, "plugin": plugin})
    if args.json:
        print(json.dumps(rows, ensure_ascii=False))
        return 0
    for r in rows:
        print(f"{r['id']:<18} {r['name'] + ' (' + r['name_ja'] + ')':<46} {r['value']:<24} [{r['plugin']}]")
    return 0


def cmd_plugins(args) -> int:
    from .scorer import Scorer

    scorer = Scorer(args.ruleset)
    pm = scorer.plugins.pm
    rows = []
    for name, plugin in pm.list_name_plugin():
        hooks = sorted(h.name for h in pm.get_hookcallers(plugin) or [])
        rows.append({"name": name, "module": getattr(plugin, "__name__", repr(plugin)), "hooks": hooks})
    if args.json:
        print(json.dumps(rows))
        return 0
    for r in rows:
        print(f"{r['name']:<18} {r['module']:<34} {', '.join(r['hooks'])}")
    return 0


def cmd_batch(args) -> int:
    from .majiang_rules import majiang_flags
    from .ruleset import load_ruleset
    from .scorer import Scorer

    base = load_ruleset(args.ruleset)
    scorers: dict[str, Scorer] = {"{}": Scorer(base)}
    dst = sys.stdout if args.output == "-" else _open(args.output, "w")
    try:
        for n, line in read_lines(args.input):
            try:
                if isinstance(line, MjrulesError):
                    raise line
                out: Any = _batch_line(line, n, base, scorers, majiang_flags)
            except MjrulesError as e:
                out = {"error": f"line {n}: {e}"}
            dst.write(json.dumps(out, ensure_ascii=False) + "\n")
    finally:
        if dst is not sys.stdout:
            dst.close()
    return 0


def read_lines(path: str):
    """(line number, text) for each non-blank line of a file or stdin (``-``); a line that is not
    UTF-8 comes as a NotationError in place of its text, so the caller reports it and goes on."""
    if path == "-":
        src = getattr(sys.stdin, "buffer", None)
        if src is None:  # a text stream (tests, embedding): already decoded
            for n, line in enumerate(sys.stdin, 1):
                if line.strip():
                    yield n, line
            return
    else:
        try:
            src = open(path, "rb")
        except OSError as e:
            raise NotationError(f"{path}: cannot open: {e.strerror or e}") from None
    try:
        for n, raw in enumerate(src, 1):
            if not raw.strip():
                continue
            try:
                yield n, raw.decode("utf-8")
            except UnicodeDecodeError as e:
                yield n, NotationError(f"not UTF-8 text (byte {e.start + 1})")
    finally:
        if src is not getattr(sys.stdin, "buffer", None):
            src.close()


def _batch_line(line: str, n: int, base, scorers: dict, majiang_flags: Callable) -> Any:
    from .scorer import Scorer

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


def _open(path: str, mode: str):
    try:
        return open(path, mode, encoding="utf-8")
    except OSError as e:
        raise NotationError(f"{path}: cannot open: {e.strerror or e}") from None


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    if argv is None:
        argv = sys.argv[1:]
    if len(argv) > MAX_ARGS:
        print(f"mjrules: error: {len(argv)} arguments; a command needs far fewer (limit {MAX_ARGS})", file=sys.stderr)
        return EXIT_BAD_INPUT
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # argparse already printed its one-line message (or --help)
        return e.code if isinstance(e.code, int) else EXIT_BAD_INPUT
    if args.command is None:
        parser.print_help()
        return EXIT_BAD_INPUT
    try:
        return args.func(args)
    except MjrulesError as e:
        if args.debug:
            raise
        print(f"mjrules: error: {e}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        return 0
