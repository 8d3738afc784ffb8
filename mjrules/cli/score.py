"""``mjrules score``: one hand, as text or JSON."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Callable

import json

from mjrules.cli.commands import help_of
from mjrules.cli.files import Files
from mjrules.cli.common import (
    DEFAULT_RULESET,
    EXIT_NO_WIN,
    EXIT_WIN,
    add_hand,
    add_ruleset,
    add_situation,
    display_width,
    file_arg,
    hand_and_win,
    pad,
    plain_fives,
)
from mjrules.errors import NotationError
from mjrules.model.hand import Hand
from mjrules.model.win import SEAT_NAMES, Win
from mjrules.notation import format_mpsz
from mjrules.notation.mpsz import format_tiles
from mjrules.scoring.result import NoWin, Result, tsumo_split
from mjrules.scoring.scorer import Scorer
from mjrules.tools.query import score_json, unread_tags, unscored_notes

if TYPE_CHECKING:
    from mjrules.cli.common import Subparsers


def add_command(sub: Subparsers) -> None:
    s = sub.add_parser("score", help=help_of("score"), description=(
        "Score one winning hand. HAND is MPSZ with melds (406p11222z 3-45m 555=z; the last concealed "
        "tile written is the winning tile unless --win names it) or majiang notation (p406z11222,m34-5,z555=). "
        "A red five (0) that the ruleset's set does not have is read as a plain five, with a note."
    ))
    add_hand(s, "+",
                   help="the hand; the melds of an open hand may follow as separate words, quoted or not, "
                        "in the order they were called (pao and rinshan pao read the last)")
    add_situation(s)
    add_ruleset(s, DEFAULT_RULESET)
    s.add_argument("--json", action="store_true", help="print the result as JSON")
    s.add_argument("--svg", type=file_arg, metavar="FILE", help="also write the result card as an SVG picture to FILE")
    s.add_argument("--html", type=file_arg, metavar="FILE", help="also write the result card as an HTML page to FILE")
    s.add_argument("--lang", choices=("en", "ja"), default="en", help="language of the --svg / --html card (default en)")
    s.set_defaults(func=cmd_score, files=Files(outputs=("--svg", "--html"), rulesets=("--ruleset",)))


def _check_outputs(args: argparse.Namespace) -> None:
    """Refuse a card sent to stdout (``check_files`` has checked the files)."""
    for opt, path in (("--svg", args.svg), ("--html", args.html)):
        if path == "-":
            raise NotationError(f"{opt}: give a file name; the card is not written to stdout")


def _write_pictures(args: argparse.Namespace, hand: Hand, win: Win, result: Result | NoWin, ruleset: str) -> None:
    if not (args.svg or args.html):
        return
    from mjrules.pictures import result_html, result_svg  # only when asked: scoring never loads it

    cards: tuple[tuple[str | None, Callable[[], str]], ...] = (
        (args.svg, lambda: result_svg(result, hand=hand, win=win, ruleset=ruleset, lang=args.lang)),
        (args.html, lambda: result_html(result, hand=hand, win=win, ruleset=ruleset, lang=args.lang, document=True)))
    for path, text in cards:
        if path:
            # An OSError (a full disk) names the file; main() makes it one line, status 1.
            with open(path, "w", encoding="utf-8") as f:
                f.write(text())

def cmd_score(args: argparse.Namespace) -> int:
    _check_outputs(args)
    hand, win = hand_and_win(args)
    scorer = Scorer(args.ruleset)
    win, tag_notes = unread_tags([scorer.ruleset.name], [scorer], win)
    hand, notes = plain_fives(scorer, hand)
    notes += tag_notes
    result = scorer.score(hand, win)
    notes += unscored_notes([scorer.ruleset.name], [scorer], win)
    if args.json:
        print(json.dumps(score_json(result, hand, scorer.ruleset.name, notes), ensure_ascii=False))
    else:
        print(render(hand, win, result, scorer.ruleset.name, notes, scorer.players))
    _write_pictures(args, hand, win, result, scorer.ruleset.name)
    return EXIT_WIN if result.is_win else EXIT_NO_WIN


def render(hand: Hand, win: Win, result: Result | NoWin, ruleset: str, notes: list[str] | None = None,
           players: int = 4) -> str:
    """The text report of ``mjrules score``."""
    dealt_in = win.discarder_seat_at(players)
    how = "tsumo" if dealt_in is None else f"ron from seat {SEAT_NAMES[dealt_in]}"
    concealed = format_tiles(hand.concealed)
    melds = "".join(" " + m for m in format_mpsz(hand).split()[1:])
    lines = [f"{concealed}{melds}, won on {hand.win_tile}  ({SEAT_NAMES[win.seat_wind]} seat, "
             f"{SEAT_NAMES[win.round_wind]} round, {how}; ruleset {ruleset})"]
    lines += [f"Note: {n}." for n in notes or ()]
    if isinstance(result, NoWin):
        lines.append(f"Not a win: {result.reason}.")
        return "\n".join(lines)
    lines.append(f"Reading: {result.reading_text}")
    lines.append("Yaku:")
    for y in result.yaku:
        value = f"{y.yakuman}x yakuman" if y.yakuman else f"{y.han} han"
        label = f"  {y.name} ({y.name_ja})"
        lines.append(pad(label, max(44, display_width(label) + 2)) + value)  # a long name keeps two spaces
    if result.han is not None:
        lines.append(f"Fu: {result.fu} = " + " + ".join(f"{i.fu} {i.label}" for i in result.fu_items))
        head = f"{result.han} han {result.fu} fu"
    else:
        head = f"{result.yakuman}x yakuman"
    if result.limit:
        head += f" ({result.limit})"
    # Under pao the liable player pays (part of) a tsumo alone: the usual split would mislead.
    split = tsumo_split(result, win.seat_wind == 0, win, players) if win.tsumo and result.liable is None else None
    if split:
        lines.append(f"{head}: {split} ({result.points} points; base {result.base})")
    else:
        lines.append(f"{head}: {result.points} points (base {result.base})")
    lines.append("Payments: " + ", ".join(f"{SEAT_NAMES[s]} {p:+d}" for s, p in enumerate(result.payments)))
    if result.liable is not None:
        lines.append(f"Pao: seat {SEAT_NAMES[result.liable]} is liable")
    return "\n".join(lines)
