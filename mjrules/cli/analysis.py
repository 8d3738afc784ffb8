"""``mjrules shanten``, ``waits``, ``discard`` and ``odds``: hand analysis on the command line.

HAND is MPSZ concealed tiles with optional melds (``23455m67p 3-45m 555=z``), 13 or 14 tiles
counting each meld as 3. Exit status: 0 done; 1 for ``waits`` on a hand that is not tenpai;
2 bad input (one line on stderr).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import TYPE_CHECKING

from mjrules.cli.commands import help_of
from mjrules.cli.files import Files
from mjrules.cli.common import (
    DEFAULT_RULESET,
    MAX_DIGITS,
    More,
    add_hand,
    add_jobs,
    add_ruleset,
    ev_model,
    file_arg,
    kita,
    reach,
    ron,
    ruleset_arg,
    shown,
    turn,
    wind,
)
from mjrules.errors import NotationError
from mjrules.model.tiles import Tile, tile
from mjrules.notation import parse_tiles
from mjrules.scoring.scorer import Scorer
from mjrules.tools.discard import advise_discard, render_advice
from mjrules.tools.odds import Z99, Simulation, simulate_tenhou, tenhou_odds, wilson_interval
from mjrules.tools.shanten import HandTiles, analyse_shanten, improving_tiles, parse_hand
from mjrules.tools.waits import find_waits, render_waits, tile_set, unseen_counts

if TYPE_CHECKING:
    from mjrules.cli.common import Subparsers

__all__ = ["add_command"]


def _tiles(text: str) -> tuple[Tile, ...]:
    """A tile list for --visible / --discards: MPSZ (``19m7z``); empty is allowed."""
    text = text.replace(",", "").replace(" ", "")
    return tuple(parse_tiles(text)) if text else ()


def _tiles_arg(text: str) -> tuple[Tile, ...]:
    """Tiles of an option (argparse's type: its error is the option's)."""
    try:
        return _tiles(text)
    except (NotationError, ValueError) as e:
        raise argparse.ArgumentTypeError(str(e)) from None

def _situation(p: argparse.ArgumentParser, visible: bool) -> None:
    """The options of the situation around a hand (seen tiles, winds, indicators, kita, ruleset)."""
    if visible:
        p.add_argument("--visible", type=_tiles_arg, action=More, default=(), metavar="TILES",
                       help="tiles seen elsewhere: other players' discards and melds, e.g. 19m77z (repeatable)")
        p.add_argument("--discards", type=_tiles_arg, action=More, default=(), metavar="TILES",
                       help="your own discards: seen, and furiten if one is a winning tile (repeatable)")
    p.add_argument("--seat", type=wind, default=0, metavar="WIND", help="your seat wind; E is the dealer (default E)")
    p.add_argument("--round", type=wind, default=0, metavar="WIND", help="round wind (default E)")
    p.add_argument("--ron-from", type=ron, default=None, metavar="FROM",
                   help="who deals in for the ron values: previous|opposite|next (default opposite; "
                        "previous under a three-player ruleset)")
    p.add_argument("--dora", type=_tiles_arg, action=More, default=(), metavar="TILES",
                   help="dora indicators (also counted as seen; repeatable)")
    p.add_argument("--kita", type=kita, default=0, metavar="N",
                   help="Norths you set aside (three-player nukidora): dora, and seen")
    add_ruleset(p, DEFAULT_RULESET)
    p.add_argument("--json", action="store_true", help="print the result as JSON")


def _add_discard(sub: Subparsers) -> None:
    d = sub.add_parser("discard", help=help_of("discard"), description=(
        "Every discard of a 14-tile HAND, ranked by the shanten it leaves, then by ukeire (unseen copies of the "
        "tiles that lower it, counting --visible, --discards and --dora as seen), then by the points its waits "
        "offer when tenpai; with the value of each wait. With --ev: each discard's tenpai probability, win "
        "probability and expected score by the last turn (the one-player model of docs/commands/discard-ev.md: "
        "tsumo only, "
        "riichi on tenpai, every win scored by the ruleset), best first; under several --rulesets side by side, "
        "marking where the best discard differs; for one HAND or every JSON line of --input (each line's output "
        "in order, with --jobs worker processes)."
    ))
    add_hand(d, "*")
    _situation(d, True)
    d.add_argument("--ev", action="store_true", help="tenpai %%, win %% and expected score of each discard")
    d.add_argument("--turn", type=turn, default=None, metavar="T",
                   help="with --ev: the draws the hand has made, 1-18 (default 1)")
    d.add_argument("--extra", type=reach, default=None, metavar="N",
                   help="with --ev: search tile changes at the same shanten and shanten back while they keep the "
                        "hand within N exchanges of its start (0-3, default 1)")
    d.add_argument("--model", type=ev_model, default=None, metavar="M",
                   help="with --ev: mjrules (default: the published model) or mahjong-cpp (its calculator's "
                        "numbers: a wall that shrinks each turn, riichi hands that change their wait)")
    d.add_argument("--rulesets", metavar="A,B,…", help="with --ev: these rulesets side by side")
    d.add_argument("--input", type=file_arg, default=None, metavar="FILE|-",
                   help="with --ev: JSON lines, a 'hand' and the options by name; one JSON line out for each")
    d.add_argument("--by-turn", action="store_true", help="with --ev --json or --input: the values at every turn too")
    add_jobs(d)
    d.set_defaults(files=Files(inputs=("--input",), rulesets=("--ruleset", "--rulesets")), func=cmd_discard)


def add_command(sub: Subparsers) -> None:
    s = sub.add_parser("shanten", help=help_of("shanten"), description=(
        "Shanten of a 13- or 14-tile HAND (MPSZ with optional melds, e.g. 123m456p789s1122z or 2345m678p 3-45m 555=z): "
        "how many tiles it is from tenpai (0 tenpai, -1 complete) in each form. For a 13-tile hand it also lists "
        "the tiles that would lower it (unseen copies: 4 less those in the hand and melds)."
    ))
    add_hand(s, "+")
    s.add_argument("--ruleset", type=ruleset_arg, default=None, metavar="NAME|PATH",
                   help="count unseen tiles in this ruleset's set (a three-player one has 108: no 2m-8m)")
    s.add_argument("--json", action="store_true", help="print the result as JSON")
    s.set_defaults(files=Files(rulesets=("--ruleset",)), func=cmd_shanten)

    w = sub.add_parser("waits", help=help_of("waits"), description=(
        "The waits of a 13-tile HAND: each winning tile, its unseen copies (4 less those in the hand, melds, "
        "--visible, --discards and --dora), and the value of a ron and a tsumo on it without riichi under the "
        "ruleset, or 'no yaku' (with the riichi value for a closed hand). Furiten when a winning tile is among "
        "--discards. Exit 1 when the hand is not tenpai."
    ))
    add_hand(w, "+")
    _situation(w, True)
    w.set_defaults(files=Files(rulesets=("--ruleset",)), func=cmd_waits)

    _add_discard(sub)

    o = sub.add_parser("odds", help=help_of("odds"), description=(
        "'odds tenhou': the exact probability that 14 tiles drawn from the 136 form a winning shape (four sets "
        "and a pair, seven pairs or thirteen orphans), counted over tile-count vectors; from the 108 of a "
        "three-player wall with --ruleset of a three-player ruleset. --simulate N also deals "
        f"N random hands (at most {SIMULATE_MAX:,}; about 50,000 a second) and reports the hit rate with a 99% "
        "Wilson interval, with progress on stderr when it is a terminal."
    ))
    o.add_argument("which", choices=["tenhou"], metavar="tenhou")
    o.add_argument("--simulate", type=_deals, metavar="N", help=f"also deal N random hands, 1-{SIMULATE_MAX:,}")
    o.add_argument("--seed", type=_seed, metavar="S", help="random seed of the simulation (a whole number)")
    o.add_argument("--ruleset", type=ruleset_arg, default=None, metavar="NAME|PATH",
                   help="deal from this ruleset's wall: 136 tiles, or 108 for a three-player ruleset")
    o.add_argument("--json", action="store_true", help="print the result as JSON")
    o.set_defaults(files=Files(rulesets=("--ruleset",)), func=cmd_odds)


SIMULATE_MAX = 10**8
"""Most deals ``odds --simulate`` takes: about half an hour at 50,000 a second."""
SIMULATE_CHUNK = 20_000
"""Deals between progress updates; a longer simulation is dealt in chunks of this size."""


def _deals(text: str) -> int:
    """--simulate N: a whole number 1..SIMULATE_MAX."""
    digits = text.lstrip("0")
    if not (text.isascii() and text.isdigit()) or not digits:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a positive whole number")
    # Length before int(): a number of thousands of digits is too many, not a ValueError from int().
    if len(digits) > len(str(SIMULATE_MAX)) or int(digits) > SIMULATE_MAX:
        many = digits if len(digits) <= 20 else f"a {len(digits)}-digit number of"
        raise argparse.ArgumentTypeError(f"{many} deals is too many: at most {SIMULATE_MAX:,} (10^8)")
    return int(digits)


def _seed(text: str) -> int:
    digits = text.removeprefix("-")
    if not (digits.isascii() and digits.isdigit()) or len(digits) > MAX_DIGITS:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a whole number of at most {MAX_DIGITS} digits")
    return int(text)


def _simulate(draws: int, seed: int | None, show: bool, players: int = 4) -> Simulation:
    """``simulate_tenhou(draws, seed)``; above SIMULATE_CHUNK deals, in chunks seeded from ``seed`` (the same
    result with or without progress), writing progress to stderr when ``show``."""
    if draws <= SIMULATE_CHUNK:
        return simulate_tenhou(draws, seed, players=players)
    seeds = random.Random(seed)
    hits = done = 0
    examples: list[str] = []
    confidence = 0.99
    try:
        while done < draws:
            n = min(SIMULATE_CHUNK, draws - done)
            part = simulate_tenhou(n, None if seed is None else seeds.getrandbits(64), players=players)
            done += n
            hits += part.hits
            examples += part.examples[:5 - len(examples)]
            confidence = part.confidence
            if show:
                sys.stderr.write(f"\rdealing [{'#' * (30 * done // draws):<30}] {done:,}/{draws:,}")
                sys.stderr.flush()
    finally:
        if show:
            sys.stderr.write("\n")
    low, high = wilson_interval(hits, draws, Z99)
    return Simulation(draws, hits, seed, low, high, confidence, tuple(examples))


def _hand(parts: str | list[str]) -> HandTiles:
    """The HAND argument: one string, or its concealed part and melds given as separate words."""
    return parse_hand(" ".join(parts) if isinstance(parts, list) else parts)


def _word(s: int) -> str:
    return "complete (a winning shape)" if s == -1 else "tenpai" if s == 0 else f"{s}-shanten"


# --------------------------------------------------------------------------------- shanten


def cmd_shanten(args: argparse.Namespace) -> int:
    hand = _hand(args.hand)
    sh = analyse_shanten(hand)
    data = {"hand": hand.mpsz(), "tiles": hand.size, **sh.to_dict()}
    improving = None
    tiles = tile_set(Scorer(args.ruleset)) if args.ruleset else 136
    if tiles == 108:
        unseen_counts(hand, tiles=tiles)  # refuses 2m-8m
    if hand.size == 13 and sh.minimum >= 0:
        unseen = unseen_counts(hand, tiles=tiles)
        improving = [(tile(i), unseen[i]) for i in improving_tiles(hand, sh.minimum) if unseen[i] or tiles == 136]
        data["improving"] = [{"tile": t.mpsz(), "remaining": n} for t, n in improving]
        data["ukeire"] = sum(n for _, n in improving)
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
        return 0
    lines = [f"{hand.mpsz()}  ({hand.size} tiles): {_word(sh.minimum)}  (shanten {sh.minimum})"]
    for form in ("standard", "chiitoitsu", "kokushi"):
        v = getattr(sh, form)
        lines.append(f"  {form:<11} " + ("-  (not with melds)" if v is None else f"{v:>2}"))
    if improving is not None:
        what = "winning tiles" if sh.minimum == 0 else "improving tiles"
        lines.append(f"  {what}: {data['ukeire']} unseen — " + " ".join(f"{t}({n})" for t, n in improving))
    print("\n".join(lines))
    return 0


# --------------------------------------------------------------------------------- waits


def cmd_waits(args: argparse.Namespace) -> int:
    hand = _hand(args.hand)
    result = find_waits(hand, args.visible, args.discards, scorer=Scorer(args.ruleset), seat_wind=args.seat,
                        round_wind=args.round, dora=args.dora, ron_from=args.ron_from, kita=args.kita)
    if args.json:
        print(json.dumps(result.to_dict(), ensure_ascii=False))
    else:
        print(render_waits(result))
    return 0 if result.tenpai else 1


# --------------------------------------------------------------------------------- discard


def cmd_discard(args: argparse.Namespace) -> int:
    if args.ev:
        from mjrules.cli.discard_ev import cmd_discard_ev  # loaded only with --ev

        return cmd_discard_ev(args)
    for option, value in (("--turn", args.turn), ("--extra", args.extra), ("--model", args.model),
                          ("--rulesets", args.rulesets),
                          ("--input", args.input), ("--by-turn", args.by_turn or None), ("--jobs", args.jobs != 1 or None)):
        if value is not None:
            raise NotationError(f"{option} is for --ev (the discards' tenpai and win probability and expected score)")
    if not args.hand:
        raise NotationError("give a HAND: 14 tiles with its melds")
    hand = _hand(args.hand)
    advice = advise_discard(hand, args.visible, args.discards, scorer=Scorer(args.ruleset), seat_wind=args.seat,
                            round_wind=args.round, dora=args.dora, ron_from=args.ron_from, kita=args.kita)
    if args.json:
        print(json.dumps(advice.to_dict(), ensure_ascii=False))
    else:
        print(render_advice(advice))
    return 0


# --------------------------------------------------------------------------------- odds


def cmd_odds(args: argparse.Namespace) -> int:
    if args.seed is not None and args.simulate is None:
        raise NotationError("--seed is for --simulate N")
    players = 4
    if args.ruleset:
        scorer = Scorer(args.ruleset)
        players = 3 if scorer.players == 3 and tile_set(scorer) == 108 else 4
    odds = tenhou_odds(players=players)
    p = odds.probability
    sim = _simulate(args.simulate, args.seed, sys.stderr.isatty(), players) if args.simulate else None
    if args.json:
        data = {"which": "tenhou", **odds.to_dict()}
        if sim is not None:
            data["simulation"] = {**sim.to_dict(), "contains_exact": sim.contains(p)}
        print(json.dumps(data))
        return 0
    lines = [
        f"Tenhou: 14 tiles drawn from the {odds.wall}{' of a three-player wall' if players == 3 else ''} "
        "form a winning shape",
        f"  exact: {p.numerator} / {p.denominator}",
        f"       = 1 in {odds.one_in:,.1f}  ({float(p):.6e})",
        f"  winning 14-tile sets: {odds.winning:,} of C({odds.wall},14) = {odds.hands:,}",
        f"    four sets and a pair {odds.standard:,}; seven pairs {odds.chiitoitsu:,} "
        f"(of which {odds.overlap:,} also four sets and a pair); thirteen orphans {odds.kokushi:,}",
    ]
    if sim is not None:
        conf = f"{sim.confidence:.0%}"
        lines.append(f"Simulation: {sim.draws:,} hands dealt" + (f" (seed {sim.seed})" if sim.seed is not None else "")
                     + f", {sim.hits:,} winning")
        est = f"1 in {sim.draws / sim.hits:,.0f}" if sim.hits else "none drawn"
        lines.append(f"  estimate {sim.estimate:.3e} ({est}); {conf} Wilson interval [{sim.low:.3e}, {sim.high:.3e}]"
                     f" {'contains' if sim.contains(p) else 'DOES NOT contain'} the exact value")
        for ex in sim.examples:
            lines.append(f"  e.g. {ex}")
    print("\n".join(lines))
    return 0
