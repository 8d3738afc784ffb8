"""One hand asked about in text, as the command line and the web API both take it, and the JSON
answers both give: the readers of the situation options (``--seat S``, ``--ron previous``,
``--dora 1m``, …), and the data ``mjrules score --json`` and ``mjrules compare --json`` print.

Each reader raises :class:`~mjrules.errors.NotationError` with the text the command line shows
after ``argument --OPTION:``, so a bad value reads the same on the page as in the terminal.
"""

from __future__ import annotations

import functools
import re
from typing import Any, Iterable, Sequence

import attrs

from mjrules.errors import NotationError
from mjrules.model.hand import Hand
from mjrules.model.tiles import Tile
from mjrules.model.win import MAX_COUNTER, MAX_KITA, ROBBED_ANKAN, WIND_WORDS, Win
from mjrules.notation import format_mpsz, parse_majiang, parse_mpsz, parse_tiles
from mjrules.notation.json_hand import RON_WORDS
from mjrules.notation.mpsz import parse_tile
from mjrules.rules.plugin_manager import known_plugins, yaku_alone
from mjrules.rules.rules import Rules
from mjrules.scoring.result import NoWin, Result
from mjrules.scoring.scorer import Scorer
from mjrules.model.hand import without_red_fives
from mjrules.tools.compare import Comparer, red_fives_of
from mjrules.tools.discard_ev import DEFAULT_EXTRA, MODELS, T_MAX

MAX_DIGITS = 100
"""Longest number read from an argument or a JSON line; longer is an error, not Python's int limit."""

SITUATION_FLAGS = ("riichi", "double-riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou",
                   "chiihou", "renhou")
"""The on/off options of a win, by their command-line names."""


def shown(text: str, most: int = 20) -> str:
    """``text`` quoted for an error message, cut to ``most`` characters: an error is one short line."""
    return repr(text) if len(text) <= most else f"{text[:most]!r}… ({len(text)} characters)"


LONG_WORD = 200
"""Characters without a space past which ``brief`` cuts a word of a message (a path is shorter)."""


def brief(message: str) -> str:
    """``message`` with each word longer than ``LONG_WORD`` cut to its start and its length (as
    ``shown`` does): an error is one short line, whatever the size of the value it quotes."""
    return re.sub(rf"\S{{{LONG_WORD + 1},}}", lambda m: f"{m.group()[:60]}… ({len(m.group())} characters)", message)


def whole_number(text: str, limit: int) -> int:
    """``text`` as a whole number 0..limit, ASCII digits only; ValueError naming the range otherwise."""
    # str.isdigit() also takes '²' and other digits int() refuses; length first, before int() is tried.
    if not (text.isascii() and text.isdigit()) or len(text) > MAX_DIGITS or int(text) > limit:
        raise ValueError(f"{shown(text)} is not a whole number 0-{limit}")
    return int(text)


def read_wind(text: str) -> int:
    w = WIND_WORDS.get(text.lower())
    if w is None:
        raise NotationError(f"{shown(text)} is not a wind (E, S, W, N)")
    return w


def read_ron(text: str) -> int:
    r = RON_WORDS.get(text.lower())
    if r is None:
        raise NotationError(f"{shown(text)}: say who dealt in: previous, opposite or next (or left, across, right)")
    return r


def read_count(text: str) -> int:
    try:
        return whole_number(text, MAX_COUNTER)
    except ValueError as e:
        raise NotationError(str(e)) from None


def read_kita(text: str) -> int:
    """Norths set aside (three-player nukidora): there are four."""
    try:
        return whole_number(text, MAX_KITA)
    except ValueError:
        raise NotationError(f"{shown(text)} is not a number of Norths set aside 0-{MAX_KITA}") from None


def read_turn(text: str) -> int:
    """``discard --ev``'s turn: the draws the hand has made, 1-18."""
    try:
        n = whole_number(text, T_MAX)
    except ValueError:
        n = 0
    if n < 1:
        raise NotationError(f"{shown(text)} is not a turn 1-{T_MAX} (the draws the hand has made)")
    return n


def read_extra(text: str) -> int:
    """``discard --ev``'s reach: tile changes searched while within N exchanges of the hand, 0-3."""
    try:
        return whole_number(text, 3)
    except ValueError:
        raise NotationError(f"{shown(text)} is not 0-3 (default {DEFAULT_EXTRA})") from None


def read_model(text: str) -> str:
    """``discard --ev``'s model: ``mjrules`` (the published model) or ``mahjong-cpp`` (its calculator's code)."""
    name = text.strip().lower()
    if name not in MODELS:
        raise NotationError(f"{shown(text)} is not a model: {' or '.join(MODELS)} (docs/commands/discard-ev.md)")
    return name


def read_tile(text: str) -> Tile:
    return parse_tile(text)


def read_indicators(text: str) -> tuple[Tile, ...]:
    return tuple(parse_tiles(text))


def read_hand(text: str, win_tile: Tile | None = None) -> Hand:
    """HAND as the commands take it: MPSZ with melds, or majiang notation (winning tile last), which
    starts with a suit letter and a digit (``m123p456``); anything else, a typo such as ``zz``
    included, is read, and its error told, as MPSZ."""
    text = text.strip()
    if text[:1] in ("m", "p", "s", "z") and text[1:2].isdigit():
        hand, _ = parse_majiang(text)
        if win_tile is not None:
            raise NotationError("--win is for MPSZ hands; in majiang notation the winning tile is written last")
        return hand
    return parse_mpsz(text, win_tile)


def make_win(*, ron: int | None = None, round_wind: int = 0, seat_wind: int = 0, riichi: bool = False,
             double_riichi: bool = False, ippatsu: bool = False, haitei: bool = False, houtei: bool = False,
             rinshan: bool = False, chankan: bool = False, tenhou: bool = False, chiihou: bool = False,
             renhou: bool = False, dora: Sequence[Tile] = (), ura: Sequence[Tile] = (), honba: int = 0,
             sticks: int = 0, extra: Iterable[str] = (), kita: int = 0) -> Win:
    """The Win the situation options describe (``ron`` is who dealt in, None for tsumo; ``kita``
    the Norths set aside, three players)."""
    if riichi and double_riichi:
        raise NotationError("give --riichi or --double-riichi, not both")
    return Win(
        tsumo=ron is None, discarder=ron, round_wind=round_wind, seat_wind=seat_wind,
        riichi=2 if double_riichi else 1 if riichi else 0,
        ippatsu=ippatsu, haitei=haitei, houtei=houtei, rinshan=rinshan, chankan=chankan, tenhou=tenhou,
        chiihou=chiihou, renhou=renhou, dora=tuple(dora), ura=tuple(ura), honba=honba, riichi_sticks=sticks,
        extras=frozenset(extra), kita=kita,
    )


def plain_fives(scorer: Scorer, hand: Hand) -> tuple[Hand, list[str]]:
    """The hand as the ruleset's set has it: the red fives of a suit beyond the set's count are
    read as plain fives (as ``compare`` does), with a note per suit."""
    notes = plain_five_notes(scorer, hand)
    return (without_red_fives(hand, red_fives_of(scorer)), notes) if notes else (hand, notes)


def plain_five_notes(scorer: Scorer, hand: Hand) -> list[str]:
    """``plain_fives``' notes alone: which red fives the ruleset's set reads as plain fives."""
    if not hand.red_fives or scorer.allows_red_fives(hand):
        return []
    return reds_read_plain(scorer, hand.reds)


def reds_read_plain(scorer: Scorer, reds: Sequence[int]) -> list[str]:
    """``plain_five_notes`` of a hand with ``reds`` red fives of each suit (m, p, s)."""
    notes = []
    allowed = red_fives_of(scorer)
    for suit, held, n in zip("mps", reds, allowed):
        if held > n:
            which = "red 0" + suit if n == 0 else f"{held - n} of the {held} red 0{suit}"
            notes.append(f"{which} read as a plain 5{suit}: ruleset {scorer.ruleset.name} has {n} "
                         f"red 5{suit} (flag red_fives_{suit})")
    return notes


SITUATION_YAKU = ("ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou", "renhou")
"""The situation options that are each a yaku of the same id: a ruleset without the yaku ignores the option."""


def unscored_notes(names: Sequence[str], scorers: Sequence[Scorer], win: Win) -> list[str]:
    """A note for each situation option of ``win`` that a ruleset has no yaku for (renhou under
    Tenhou's rules, ippatsu under JPML's): the win is scored without it, which should not pass unsaid."""
    notes = []
    for flag in SITUATION_YAKU:
        if getattr(win, flag):
            lacking = [n for n, s in zip(names, scorers) if all(y.id != flag for y in s.yaku)]
            if len(lacking) == 1:
                notes.append(f"{flag} not scored: ruleset {lacking[0]} has no {flag} yaku")
            elif lacking:
                notes.append(f"{flag} not scored under {', '.join(lacking)}: they have no {flag} yaku")
    return notes


@functools.lru_cache(maxsize=4)
def installed_tags(rules: Rules) -> dict[str, str]:
    """Each ``Win.extras`` tag a yaku of an installed plugin reads, with that plugin (each plugin's
    yaku registered alone, at its flags' defaults, given ``rules``; one that cannot be is passed
    over). Asked only of a tag a ruleset does not read (``unread_tags``)."""
    found: dict[str, str] = {}
    for name in known_plugins():
        try:
            yaku = yaku_alone(name, rules)
        except Exception:  # a plugin whose yaku need another's flags: its tags are not offered
            continue
        for y in yaku:
            for tag in y.extras:
                found.setdefault(tag, name)
    return found


def unread_tags(names: Sequence[str], scorers: Sequence[Scorer], win: Win) -> tuple[Win, list[str]]:
    """``win`` without the situation tags (``--extra``) that no ruleset of ``scorers`` reads but a
    plugin they do not enable would, and a note for each ruleset that scores without a tag, as
    ``unscored_notes`` says of ``--renhou``. A tag no installed plugin reads stays: the Scorer
    refuses it (a misspelt tag must not pass as a note)."""
    notes = []
    drop = set()
    for tag in sorted(win.extras - {ROBBED_ANKAN}):
        lacking = [n for n, s in zip(names, scorers) if tag not in s.extras]
        if not lacking:
            continue
        known = installed_tags(scorers[0].rules)  # only now: asking every plugin costs a start-up's worth
        if len(lacking) == len(scorers) and tag not in known:
            continue
        if len(lacking) == len(scorers):
            drop.add(tag)
        plugin = f" (plugin {known[tag]} has one)" if tag in known else ""
        notes.append(f"{tag} not scored: ruleset {lacking[0]} enables no yaku that reads it{plugin}" if len(lacking) == 1
                     else f"{tag} not scored under {', '.join(lacking)}: they enable no yaku that reads it{plugin}")
    return (attrs.evolve(win, extras=win.extras - drop) if drop else win), notes


def score_json(result: Result | NoWin, hand: Hand, ruleset: str, notes: Sequence[str] = ()) -> dict[str, Any]:
    """What ``mjrules score --json`` prints: the result, the hand as scored, the ruleset, any notes."""
    data = result.to_dict()
    data["hand"] = format_mpsz(hand)
    data["ruleset"] = ruleset
    if notes:
        data["notes"] = list(notes)
    return data


def score_data(scorer: Scorer, hand: Hand, win: Win) -> dict[str, Any]:
    """Score the hand (red fives the set lacks read as plain fives) and return ``score_json``."""
    hand, notes = plain_fives(scorer, hand)
    result = scorer.score(hand, win)
    notes += unscored_notes([scorer.ruleset.name], [scorer], win)
    return score_json(result, hand, scorer.ruleset.name, notes)


def ruleset_names(text: str | None) -> list[str] | None:
    """The --rulesets list; None (every preset) only when the option is absent, never for an empty list."""
    if text is None:
        return None
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise NotationError("--rulesets: the list is empty; name rulesets, e.g. tenhou,ema2016 "
                            "(or leave the option out for every preset)")
    return names


def red_five_notes(comparer: Comparer, hand: Hand) -> list[str]:
    """A note for each ruleset that reads the hand's red fives as plain fives."""
    return [note for scorer in comparer.scorers for note in plain_fives(scorer, hand)[1]]


def compare_data(comparer: Comparer, hand: Hand, win: Win) -> dict[str, Any]:
    """What ``mjrules compare HAND --json`` prints."""
    win, tag_notes = unread_tags(comparer.names, comparer.scorers, win)
    data = comparer.compare(hand, win).to_dict()
    notes = red_five_notes(comparer, hand) + unscored_notes(comparer.names, comparer.scorers, win) + tag_notes
    if notes:
        data["notes"] = notes
    return data


# The readers of ``mjrules needs``' options.

def read_seat(text: str) -> int:
    from mjrules.tools.needs import SEATS  # here: the point table it brings is not needed to score a hand

    s = SEATS.get(text.strip().lower())
    if s is None:
        raise NotationError(f"{shown(text)} is not a seat: 0-3 or E, S, W, N (index into --scores; "
                            "0-2 or E, S, W under a three-player ruleset)")
    return s


def read_scores(text: str) -> list[int]:
    parts = [p.strip() for p in text.split(",")]
    if len(parts) not in (3, 4):
        raise NotationError(
            f"{shown(text)}: give four scores separated by commas, e.g. 25000,32000,18000,25000 "
            "(three under a three-player ruleset)")
    out = []
    for p in parts:
        try:
            if len(p) > MAX_DIGITS:  # before int(), whose own limit message names a Python function
                raise ValueError
            out.append(int(p))
        except ValueError:
            raise NotationError(f"{shown(p)} is not a whole number of points") from None
    return out


def read_target(text: str) -> int:
    if text not in ("1", "2", "3"):
        raise NotationError(f"{shown(text)} is not a placing 1, 2 or 3")
    return int(text)
