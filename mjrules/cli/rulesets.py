"""``mjrules rulesets``, ``yaku`` and ``plugins``: what a ruleset is made of."""

from __future__ import annotations

import argparse
import json
from collections import Counter
from typing import TYPE_CHECKING, Any

import attrs

from mjrules.cli.commands import help_of
from mjrules.cli.files import Files
from mjrules.cli.common import DEFAULT_RULESET, add_ruleset, display_width, pad
from mjrules.errors import NotationError
from mjrules.kernel import KERNEL
from mjrules.rules import plugin_manager
from mjrules.rules.plugin_manager import DEFAULT_PLUGINS
from mjrules.rules.ruleset import load_ruleset, preset_names
from mjrules.scoring.hint_check import hint_violations, random_wins
from mjrules.scoring.scorer import Scorer
from mjrules.tools.ruleset_diff import diff_rulesets

if TYPE_CHECKING:
    from mjrules.scoring.plan import Part
    from mjrules.tools.ruleset_diff import Difference, Side
    from mjrules.cli.common import Subparsers


def add_command(sub: Subparsers) -> None:
    r = sub.add_parser("rulesets", help=help_of("rulesets"),
                       description="List the presets; 'show NAME' prints every resolved flag of a ruleset and the "
                                   "file that set it; 'diff A B' prints every plugin and flag that differs between "
                                   "two rulesets (preset names or paths), each side's value and the file that set it.")
    r.add_argument("action", nargs="?", choices=["show", "diff"], help="show one ruleset, or diff two")
    r.add_argument("names", nargs="*", metavar="NAME|PATH")
    r.add_argument("--json", action="store_true")
    r.set_defaults(func=cmd_rulesets)

    y = sub.add_parser("yaku", help=help_of("yaku"))
    add_ruleset(y, DEFAULT_RULESET)
    y.add_argument("--json", action="store_true")
    y.set_defaults(files=Files(rulesets=("--ruleset",)), func=cmd_yaku)

    pl = sub.add_parser("plugins", help=help_of("plugins"),
                        description="List every installed plugin: built-in, then those installed under the "
                                    "'mjrules' entry-point group. '*' marks the plugins the ruleset enables, each "
                                    "with the hooks it implements; the others are not loaded.")
    add_ruleset(pl, DEFAULT_RULESET)
    pl.add_argument("--check", action="store_true",
                    help="run every enabled yaku's check with and without its speed hints on random winning hands; "
                         "exit 1 if a hint excludes a hand where the check fires")
    pl.add_argument("--hands", type=count_hands, metavar="N", help=f"random winning hands for --check (default {HANDS})")
    pl.add_argument("--seed", type=_seed, metavar="S", help="random seed for --check (default 0)")
    pl.add_argument("--json", action="store_true")
    pl.set_defaults(files=Files(rulesets=("--ruleset",)), func=cmd_plugins)

def cmd_rulesets(args: argparse.Namespace) -> int:
    rows: list[dict[str, Any]] = []
    if args.action is None:
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
    if args.action == "diff":
        return _diff(args)
    if len(args.names) != 1:
        raise NotationError("rulesets show needs one ruleset name or path")
    scorer = Scorer(args.names[0])
    declared = scorer.plugins.flags()
    rows = []
    for flag, value in scorer.flags.items():
        plugin, decl = declared[flag]
        rows.append({
            "flag": flag, "value": list(value) if isinstance(value, tuple) else value,
            "set_by": scorer.ruleset.origin.get(flag, f"default of plugin {plugin}"), "doc": decl.doc,
        })
    notes = scorer.rules.placing.notes
    if args.json:
        print(json.dumps({"name": scorer.ruleset.name, "players": scorer.ruleset.players,
                          "plugins": list(scorer.ruleset.plugins), "flags": rows, "notes": list(notes)},
                         ensure_ascii=False))
        return 0
    print(f"{scorer.ruleset.name}: {scorer.ruleset.description}")
    print(f"players: {scorer.ruleset.players}")
    print(f"plugins: {', '.join(scorer.ruleset.plugins) or 'none'}")
    if not rows:
        print("  no flags: no enabled plugin declares one")
    width = max((len(r["flag"]) for r in rows), default=0)
    for r in rows:
        value = json.dumps(r["value"], ensure_ascii=False)
        print(f"  {r['flag']:<{width}} = {value:<24} ({r['set_by']})")
    for note in notes:
        print(f"note: {note}")
    return 0


def _diff(args: argparse.Namespace) -> int:
    """``rulesets diff A B``: the plugins and flags that differ, each side with the file that set it."""
    if len(args.names) != 2:
        raise NotationError(f"rulesets diff needs two ruleset names or paths, got {len(args.names)}")
    diff = diff_rulesets(*args.names)
    if args.json:
        print(json.dumps(diff.to_dict(), ensure_ascii=False))
        return 0
    label_a, label_b = (f"{rs.name} ({rs.path})" for rs in (diff.a, diff.b))
    n_plugins = sum(d.kind == "plugin" for d in diff.differences)
    n_flags = len(diff.differences) - n_plugins
    if diff.a.players != diff.b.players:
        print(f"{label_a} and {label_b}: players {diff.a.players} and {diff.b.players}")
    notes = [f"note: {rs.name}: {note}" for rs, side in ((diff.a, diff.notes[0]), (diff.b, diff.notes[1]))
             for note in side]
    if not diff.differences:
        print(f"{label_a} and {label_b}: no plugin or flag differs")
        for note in notes:
            print(note)
        return 0
    counts = [f"{n} {kind}{'s' * (n != 1)}" for n, kind in ((n_plugins, "plugin"), (n_flags, "flag")) if n]
    print(f"{label_a} and {label_b}: {' and '.join(counts)} differ{'s' * (len(diff.differences) == 1)}")

    def cell(d: Difference, side: Side) -> str:
        if d.kind == "plugin":
            value = "enabled" if side.value else "not enabled"
        else:
            value = json.dumps(side.value, ensure_ascii=False) if side.declared else "—"
        return f"{value} ({side.set_by})"

    rows = [(f"{d.kind} {d.name}" if d.kind == "plugin" else d.name, cell(d, d.a), cell(d, d.b))
            for d in diff.differences]
    head = ("", diff.a.name, diff.b.name)
    w0 = max(display_width(r[0]) for r in (*rows, head))
    w1 = max(display_width(r[1]) for r in (*rows, head))
    for r in (head, *rows):
        print(f"  {pad(r[0], w0)}  {pad(r[1], w1)}  {r[2]}")
    for note in notes:
        print(note)
    return 0


def cmd_yaku(args: argparse.Namespace) -> int:
    scorer = Scorer(args.ruleset)
    rows = []
    for plugin, y in scorer.yaku_owners:  # disabled yaku are not registered: these are what scores
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
    if not rows:
        print(f"ruleset {scorer.ruleset.name} scores no yaku: no enabled plugin registers one")
    for r in rows:
        print(f"{r['id']:<18} {pad(r['name'] + ' (' + r['name_ja'] + ')', 46)} {r['value']:<24} [{r['plugin']}]")
    return 0


def cmd_plugins(args: argparse.Namespace) -> int:
    if not args.check and (args.hands is not None or args.seed is not None):
        raise NotationError(f"{'--hands' if args.hands is not None else '--seed'} is for --check")
    scorer = Scorer(args.ruleset)
    if args.check:
        return _check_hints(scorer, args)
    pm = scorer.plugins.pm
    loaded = dict(pm.list_name_plugin())
    installed = plugin_manager.installed_plugins()  # looked up now, so tests can stand in their own
    names = [*DEFAULT_PLUGINS, *(n for n in installed if n not in DEFAULT_PLUGINS)]
    names += [n for n in loaded if n not in names]  # registered by other means: still say they are there
    rows: list[dict[str, Any]] = []
    parts = scorer.plan.parts
    for name in names:
        plugin = loaded.get(name)
        if name in DEFAULT_PLUGINS:
            source, module = "built-in", DEFAULT_PLUGINS[name]
        elif name in installed:
            source, module = "entry point", installed[name].value
        else:
            source, module = "registered", getattr(plugin, "__name__", repr(plugin))
        hooks = sorted(h.name for h in pm.get_hookcallers(plugin) or []) if plugin is not None else []
        mine = [p for p in parts if name in p.by.split(", ")]
        rows.append({"name": name, "source": source, "module": module, "enabled": plugin is not None,
                     "hooks": hooks, "native_parts": [p.name for p in mine if p.native],
                     "python_parts": [p.name for p in mine if not p.native]})
    if args.json:
        print(json.dumps(rows))
        return 0
    print(f"Installed plugins; * = enabled by ruleset {scorer.ruleset.name} (with its hooks):")
    width = max(len(r["name"]) for r in rows)
    for r in rows:
        what = ", ".join(r["hooks"]) if r["enabled"] else "not enabled"
        print(f"{'*' if r['enabled'] else ' '} {r['name']:<{width}}  {r['source']:<11}  {r['module']:<34} {what}")
    _print_plan(scorer, parts)
    return 0


def _print_plan(scorer: Scorer, parts: tuple[Part, ...]) -> None:
    """Which parts of the ruleset's plan the kernel runs natively, and which in Python."""
    native = [p for p in parts if p.native]
    python = [p for p in parts if not p.native]
    print(f"Plan of ruleset {scorer.ruleset.name} (kernel {KERNEL}): {len(native)} parts native, "
          f"{len(python)} in Python" + (" (the Python kernel runs every part)" if KERNEL != "native" else ""))
    if KERNEL != "native":
        return
    native_yaku = Counter(p.by for p in native if p.name.startswith("yaku "))
    if native_yaku:
        print("  native: " + ", ".join(f"{n} yaku of {by}" for by, n in native_yaku.items()))
    others = [f"{p.name} ({p.by if p.by != '-' else 'core'})" for p in native if not p.name.startswith("yaku ")]
    if others:
        print("  native: " + ", ".join(others))
    for p in python:
        print(f"  Python: {p.name} ({p.by})")


HANDS = 5000
"""Random winning hands ``plugins --check`` tries by default."""


def count_hands(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 1_000_000:
        raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a number of hands from 1 to 1,000,000")
    return int(text)


def _check_hints(scorer: Scorer, args: argparse.Namespace) -> int:
    """``plugins --check``: the hint check of every enabled yaku on random winning hands."""
    hands = HANDS if args.hands is None else args.hands
    wins = random_wins(hands, seed=args.seed or 0, extras=scorer.extras)
    found = hint_violations(scorer, wins)
    if args.json:
        print(json.dumps({"ruleset": scorer.ruleset.name, "yaku": len(scorer.yaku), "hands": hands,
                          "violations": [attrs.asdict(v) for v in found]}, ensure_ascii=False))
    else:
        for v in found:
            print(v)
        print(f"{len(scorer.yaku)} yaku of ruleset {scorer.ruleset.name} checked on {hands} random winning "
              f"hands: {'no hint excludes a hand where its check fires' if not found else f'{len(found)} too tight'}")
    return 1 if found else 0


def _seed(text: str) -> int:
    """--seed of ``plugins --check``: a whole number (argparse's own word for it is "invalid int value")."""
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a whole number") from None
