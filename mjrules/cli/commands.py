"""The commands of ``mjrules``: each one's module and one-line help, in the order ``mjrules --help``
lists them. The top-level parser is built from this table alone; a command's module (and what it
imports) is loaded only when that command runs, as git-style command lines do."""

from __future__ import annotations

EXIT_WIN, EXIT_NO_WIN, EXIT_BAD_INPUT = 0, 1, 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report a Ctrl-C
"""The exit statuses, here where ``main`` finds them before any heavier module is loaded."""

COMMANDS: dict[str, tuple[str, str]] = {
    "score": ("score", "score one hand"),
    "rulesets": ("rulesets", "list the presets, show one ruleset's resolved flags, or diff two"),
    "yaku": ("rulesets", "list the yaku a ruleset scores, with their values"),
    "plugins": ("rulesets", "list the installed plugins; mark those a ruleset enables, with their hooks"),
    "batch": ("batch", "score JSON lines"),
    "compare": ("compare", "score one hand or a corpus under several rulesets"),
    "table": ("point_table", "print the point table (fu x han, limit hands) of a ruleset"),
    "needs": ("needs", "what a player needs to reach a placing (conditions)"),
    "shanten": ("analysis", "shanten of a hand (standard, seven pairs, thirteen orphans)"),
    "waits": ("analysis", "winning tiles of a tenpai hand, unseen copies and their value"),
    "discard": ("analysis", "rank the discards of a 14-tile hand"),
    "odds": ("analysis", "exact odds of a dealt win (tenhou), or a simulation"),
    "replay": ("replay", "check game records against what was paid, or pay them under other rulesets"),
    "simulate": ("simulate", "play whole games at the table under several rulesets with the same walls, and compare"),
    "play": ("play", "play a game yourself at the terminal against bots"),
    "serve": ("serve", "the calculator page and JSON API in a browser (needs mjrules[web])"),
}
"""Command name → (module under ``mjrules.cli``, one-line help)."""


def help_of(name: str) -> str:
    """The one-line help of a command, for its module's ``add_parser``."""
    return COMMANDS[name][1]
