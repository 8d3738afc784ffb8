"""Many games at the table under several rulesets, and what they add up to.

Game ``i`` of a simulation is seeded ``f"{seed}-{i}"`` under every ruleset, so rulesets of the same
tile set play the same walls (``mjrules.table.wall``): a difference between rulesets comes from
their rules (and from the players' answers to them), not from the luck of the deal. Each game is reduced to a
``GameSummary`` where it is played (a worker process, with ``--jobs``), and the summaries are added
up in game order, so the figures are the same for any number of workers.
"""

from __future__ import annotations

import json
import os
import re
from array import array
from collections import Counter
from typing import Any, Sequence

import attrs

from mjrules.errors import MjrulesError
from mjrules.model.melds import MeldKind
from mjrules.table import native
from mjrules.table.players import make_player
from mjrules.game.settlement import Outcome
from mjrules.game.settlement import GameEnd
from mjrules.rules.choices import GameLength
from mjrules.table.game import RECORD_FORMATS, PlayedGame, Table
from mjrules.rules.ruleset import load_ruleset
from mjrules.scoring.result import Result
from mjrules.scoring.scorer import Scorer
from mjrules.tools.intervals import Interval, beyond_noise, difference_interval, mean_interval, share_interval

BELOW_MANGAN = "below mangan"


@attrs.frozen
class GameSummary:
    """What one game adds to a ruleset's figures."""

    ruleset: int
    """The ruleset's place in the simulation's list."""
    game: int
    rounds: int
    won_rounds: int
    """Rounds that ended in a win (several rons on one discard make one)."""
    wins: int
    tsumo: int
    points: int
    """The hand values of the wins, added (without honba and sticks)."""
    yaku: tuple[tuple[str, int], ...]
    """Each yaku id with the number of wins that scored it."""
    limits: tuple[tuple[str, int], ...]
    """Wins by limit (``mangan`` …, ``below mangan``)."""
    dealer_repeats: int
    exhaustive: int
    nagashi: int
    abortive: int
    final: tuple[int, ...]
    end: str
    """Why the game ended (``GameEnd``'s words)."""
    extra_wind: bool
    """The game went into an extra wind (nobody at the target after the last hand)."""
    calls: int
    """Chi, pon and open kan called on a discard."""
    deal_ins: int
    """Rounds in which a player's tile was won on (a ron; a robbed kan included)."""

    @property
    def busted(self) -> bool:
        return self.end == GameEnd.BUST.value

    def row(self, ruleset: str) -> dict[str, Any]:
        """The game as a row of ``GAME_FIELDS`` (``ruleset``: the ruleset's name)."""
        return {"ruleset": ruleset, "game": self.game, "rounds": self.rounds, "won_rounds": self.won_rounds,
                "wins": self.wins, "tsumo": self.tsumo, "points": self.points,
                "dealer_repeats": self.dealer_repeats, "exhaustive": self.exhaustive, "nagashi": self.nagashi,
                "abortive": self.abortive, "calls": self.calls, "deal_ins": self.deal_ins, "final": list(self.final),
                "end": self.end, "extra_wind": self.extra_wind}

    def counts(self) -> dict[str, int]:
        """The game's numbers that the figures add up (``Figure.count`` and ``base`` name them):
        ``games`` (1), ``rounds``, ``seat_rounds`` (rounds × players) and the other fields, then
        one a name: ``values:LIMIT``, ``yaku:ID``, ``ends:END`` and ``final:K`` (the K-th best
        final score)."""
        out = {"games": 1, "rounds": self.rounds, "seat_rounds": self.rounds * len(self.final),
               "won_rounds": self.won_rounds, "wins": self.wins, "tsumo": self.tsumo, "points": self.points,
               "dealer_repeats": self.dealer_repeats, "exhaustive": self.exhaustive, "nagashi": self.nagashi,
               "abortive": self.abortive, "calls": self.calls, "deal_ins": self.deal_ins, "busts": int(self.busted),
               "extra_wind": int(self.extra_wind), "spread": max(self.final) - min(self.final),
               f"ends:{self.end}": 1}
        out.update({f"values:{k}": n for k, n in self.limits})
        out.update({f"yaku:{k}": n for k, n in self.yaku})
        out.update({f"final:{i + 1}": s for i, s in enumerate(sorted(self.final, reverse=True))})
        return out

    @classmethod
    def of(cls, ruleset: int, game: int, played: PlayedGame) -> GameSummary:
        winds = GameLength(played.length).winds
        won = wins = tsumo = points = repeats = exhaustive = nagashi = abortive = calls = deal_ins = 0
        yaku: Counter[str] = Counter()
        limits: Counter[str] = Counter()
        for rnd in played.rounds:
            s = rnd.settlement
            repeats += s.dealer_repeats
            exhaustive += s.outcome is Outcome.EXHAUSTIVE
            nagashi += s.outcome is Outcome.NAGASHI
            abortive += s.outcome is Outcome.ABORTIVE
            won += s.outcome is Outcome.WIN
            calls += sum(c.meld.kind in CALLED for c in rnd.calls)
            ron = False
            for paid in s.wins:
                r = paid.result
                if not isinstance(r, Result):
                    continue
                wins += 1
                tsumo += paid.win.tsumo
                ron = ron or not paid.win.tsumo
                points += r.points
                yaku.update({y.id for y in r.yaku})
                limits[r.limit or BELOW_MANGAN] += 1
            deal_ins += ron
        return cls(ruleset, game, len(played.rounds), won, wins, tsumo, points, tuple(sorted(yaku.items())),
                   tuple(sorted(limits.items())), repeats, exhaustive, nagashi, abortive, played.final,
                   played.end.value, any(r.deal.wind >= winds for r in played.rounds), calls, deal_ins)


    @classmethod
    def of_native(cls, ruleset: int, game: int, played: PlayedGame, native: Any) -> GameSummary:
        """``of`` a game of the native table, from the numbers the kernel counted as it played
        (``NativeGame.summary``: the same counts ``of`` makes of the game's rounds)."""
        (rounds, won, wins, tsumo, points, yaku, limits, repeats, exhaustive, nagashi, abortive, extra, calls,
         deal_ins) = native.summary()
        by_limit: Counter[str] = Counter()
        for name, n in limits:
            by_limit[name or BELOW_MANGAN] += n
        return cls(ruleset, game, rounds, won, wins, tsumo, points, tuple(yaku), tuple(sorted(by_limit.items())),
                   repeats, exhaustive, nagashi, abortive, played.final, played.end.value, extra, calls, deal_ins)


CALLED = frozenset({MeldKind.CHI, MeldKind.PON, MeldKind.DAIMINKAN})
"""The melds ``calls_per_round`` counts: those called on another player's discard."""

GAME_FIELDS = ("ruleset", "game", "rounds", "won_rounds", "wins", "tsumo", "points", "dealer_repeats", "exhaustive",
               "nagashi", "abortive", "calls", "deal_ins", "final", "end", "extra_wind")
"""The fields of a game's row (``simulate --output``): game ``i`` was seeded ``SEED-i``; ``final``
is the final scores by seat, ``end`` why the game ended."""
GAME_TYPES = {"ruleset": "string", "final": "ints", "end": "string", "extra_wind": "bool"}
"""The Parquet types of the game fields that are not whole numbers."""


def record_name(ruleset: str) -> str:
    """A ruleset's name as a file name's part."""
    return re.sub(r"[^A-Za-z0-9_.-]", "_", ruleset) or "ruleset"


class Simulator:
    """The tables of a simulation, built once per process: one per ruleset, the same players."""

    def __init__(self, rulesets: Sequence[str], players: Sequence[str] | None, seed: str,
                 length: GameLength | None = None, records: str | None = None, record_format: str = "mjai") -> None:
        """``players``: one name a seat, the same at every ruleset's table; None: greedy in every seat.
        ``records``: a folder to write every game in, as an mjai record (``RULESET-NNNNN.mjson``) or,
        ``record_format`` ``paipu``, as a 電脳麻将 牌譜 (``RULESET-NNNNN.json``)."""
        if record_format not in RECORD_FORMATS:
            raise MjrulesError(f"record format {record_format!r}: expected one of {', '.join(RECORD_FORMATS)}")
        self.seed = seed
        self.records = records
        self.record_format = record_format
        self.tables = []
        for spec in rulesets:
            ruleset = load_ruleset(spec)
            # the record names the ruleset as load_ruleset reads it back: a preset by name, a file by its full path
            name = os.path.abspath(spec) if os.path.exists(spec) else spec
            scorer = Scorer(ruleset)
            seats = list(players) if players is not None else ["greedy"] * scorer.players
            try:
                table = Table(scorer, [make_player(p) for p in seats], length=length, ruleset_name=name, names=seats)
            except MjrulesError as e:
                raise MjrulesError(f"--players: {e}") from None
            if records is not None and record_format == "paipu" and scorer.players != 4:
                raise MjrulesError(f"--record-format paipu: a 牌譜 holds four-player games, and ruleset "
                                   f"{scorer.ruleset.name} is for {scorer.players} players")
            self.tables.append(table)
        self.names = [t.scorer.ruleset.name for t in self.tables]
        self.all_native = all(t.native is not None and native.all_native(t.players, t.scorer) for t in self.tables)
        """Every game is played by the native table, every seat by a native player."""

    def walls_alike(self, a: int, b: int) -> bool:
        """Whether rulesets ``a`` and ``b`` deal game i the same walls (the same number of tiles:
        the same shuffle; red fives aside), so their figures compare paired by game."""
        return self.tables[a].rules.tiles.tiles == self.tables[b].rules.tiles.tiles

    def play(self, ruleset: int, game: int) -> GameSummary:
        table = self.tables[ruleset]
        seed = f"{self.seed}-{game}"
        native = table.play_native(seed, record=self.records is not None)  # None: the Python path plays it
        played = table.play(seed) if native is None else native[0]
        if self.records is not None:
            paipu = self.record_format == "paipu"
            path = os.path.join(self.records, f"{record_name(self.names[ruleset])}-{game:05d}."
                                              f"{'json' if paipu else 'mjson'}")
            part = path + ".part"  # renamed once written: a run ended meanwhile leaves no record cut short
            try:
                with open(part, "w", encoding="utf-8") as f:
                    f.write(json.dumps(table.paipu(played), ensure_ascii=False) + "\n" if paipu else played.record)
                os.replace(part, path)
            except BaseException:
                if os.path.exists(part):
                    os.remove(part)
                raise
        if native is not None:
            return GameSummary.of_native(ruleset, game, played, native[1])
        return GameSummary.of(ruleset, game, played)


def play_chunk(simulator: Simulator, chunk: list[tuple[int, int]]) -> list[GameSummary]:
    """The games of ``chunk`` ((ruleset, game) pairs), for ``mjrules.tools.parallel.ordered_map``."""
    return [simulator.play(r, g) for r, g in chunk]


SHARE = "share"
"""A figure that is a share (of rounds, wins, player-rounds or games): a Wilson interval."""
MEAN = "mean"
"""A figure that is a mean (a round, a win or a game): a t interval on the per-game values."""


@attrs.frozen
class Figure:
    """One figure of a ruleset (a key of ``Figures.to_dict``): ``count`` added over the games,
    divided by ``base`` added over the games (both ``GameSummary.counts`` names). ``count`` ending
    in ``:`` names a family, one figure a name (``yaku:`` → each yaku's share of wins)."""

    key: str
    count: str
    base: str
    kind: str = attrs.field(validator=attrs.validators.in_((SHARE, MEAN)))
    places: int = 4
    """Decimal places in the JSON."""
    label: str = ""
    """What the figure is, in a few words (the text and the plot)."""

    @property
    def family(self) -> bool:
        return self.count.endswith(":")


FIGURES = (
    Figure("rounds_per_game", "rounds", "games", MEAN, label="rounds a game"),
    Figure("win_rate", "won_rounds", "rounds", SHARE, label="a win ends the round"),
    Figure("tsumo_share", "tsumo", "wins", SHARE, label="wins by tsumo"),
    Figure("average_win", "points", "wins", MEAN, 1, label="average win (points)"),
    Figure("values", "values:", "wins", SHARE),
    Figure("dealer_repeat_rate", "dealer_repeats", "rounds", SHARE, label="dealer repeats"),
    Figure("exhaustive_draw_rate", "exhaustive", "rounds", SHARE, label="exhaustive draw"),
    Figure("calls_per_round", "calls", "rounds", MEAN, label="calls a round"),
    Figure("deal_in_rate", "deal_ins", "seat_rounds", SHARE, label="a player deals in"),
    Figure("bust_rate", "busts", "games", SHARE, label="game ends on a bust"),
    Figure("extra_wind_rate", "extra_wind", "games", SHARE, label="games into an extra wind"),
    Figure("ends", "ends:", "games", SHARE),
    Figure("final_spread", "spread", "games", MEAN, 1, label="final spread (top - last)"),
    Figure("final_by_placing", "final:", "games", MEAN, 1),
    Figure("yaku", "yaku:", "wins", SHARE),
)
"""Every figure with an interval, in the order of the JSON. A share's interval is Wilson's of its
count out of its base; a mean's, Student's t on the games' values (``mjrules.tools.intervals``)."""
FIGURE = {f.key: f for f in FIGURES}

class Figures:
    """A ruleset's figures, added up game by game: each game's ``GameSummary.counts`` kept in
    order, so every figure, its interval and its difference from another ruleset's (paired by
    game) come from the same columns."""

    def __init__(self, ruleset: str, players: Sequence[str]) -> None:
        self.ruleset = ruleset
        self.players = list(players)
        self.games = 0
        self.columns: dict[str, array[int]] = {}
        """One value a game for each name of ``GameSummary.counts`` (0 where a game lacks it), as
        C ints (4 bytes: about 300 bytes a game for some 70 names)."""

    def add(self, g: GameSummary) -> None:
        counts = g.counts()
        for name in counts.keys() - self.columns.keys():
            self.columns[name] = _zeros(self.games)
        for name, column in self.columns.items():
            column.append(counts.get(name, 0))
        self.games += 1

    def column(self, name: str) -> Sequence[int]:
        return self.columns.get(name) or _zeros(self.games)

    def total(self, name: str) -> int:
        return sum(self.columns.get(name, ()))

    def names(self, figure: Figure) -> list[str]:
        """A family's names in the order shown: limits from below mangan up, placings from the
        top, the rest by their count (most first), then by name."""
        prefix = figure.count
        names = [n[len(prefix):] for n in self.columns if n.startswith(prefix)]
        if figure.key == "values":
            return sorted(names, key=_limit_order)
        if figure.key == "final_by_placing":
            return sorted(names, key=int)
        return sorted(names, key=lambda n: (-self.total(prefix + n), n))

    def value(self, figure: Figure, name: str = "") -> float:
        return self.total(figure.count + name) / max(self.total(figure.base), 1)

    def interval(self, figure: Figure, name: str = "") -> Interval | None:
        if figure.kind == SHARE:
            return share_interval(self.total(figure.count + name), self.total(figure.base))
        return mean_interval(self.column(figure.count + name), self.column(figure.base))

    def to_dict(self) -> dict[str, Any]:
        """The figures as JSON, each with its 95 % interval beside it (``KEY_ci95``: [low, high],
        or null where there is no interval: fewer than two games); shares rounded to 4 places,
        points to 1, so they print the same everywhere."""
        out: dict[str, Any] = {"ruleset": self.ruleset, "games": self.games, "rounds": self.total("rounds"),
                               "wins": self.total("wins")}
        for figure in FIGURES:
            if not figure.family:
                out[figure.key] = _r(self.value(figure), figure.places)
                out[figure.key + "_ci95"] = _ci(self.interval(figure), figure.places)
                continue
            names = self.names(figure)
            if figure.key == "final_by_placing":
                out[figure.key] = [_r(self.value(figure, n), 1) for n in names]
                out[figure.key + "_ci95"] = [_ci(self.interval(figure, n), 1) for n in names]
            else:
                out[figure.key] = {n: _r(self.value(figure, n), figure.places) for n in names}
                out[figure.key + "_ci95"] = {n: _ci(self.interval(figure, n), figure.places) for n in names}
        for key in ("nagashi", "abortive", "busts"):
            out[key] = self.total(key)
        return out

    def render(self) -> str:
        """The figures as text, the main ones with their 95 % intervals."""
        d = self.to_dict()

        def share(key: str) -> str:
            return f"{_pct(d[key])} {_pct_range(d[key + '_ci95'])}"

        values = ", ".join(f"{k} {_pct(v)}" for k, v in d["values"].items())
        yaku = ", ".join(f"{k} {_pct(v)}" for k, v in d["yaku"].items())
        placings = " / ".join(f"{s:,.0f}" for s in d["final_by_placing"])
        return "\n".join([
            f"{self.ruleset}: {d['games']} game{'s' * (d['games'] != 1)}, {d['rounds']} rounds "
            f"({d['rounds_per_game']:.2f} a game {_range(d['rounds_per_game_ci95'], '.2f')})",
            f"  a win ends {share('win_rate')} of rounds ({d['wins']} wins, tsumo {share('tsumo_share')}); "
            f"exhaustive draws {share('exhaustive_draw_rate')}, nagashi {d['nagashi']}, abortive {d['abortive']}; "
            f"dealer repeats {share('dealer_repeat_rate')} of rounds",
            f"  calls {d['calls_per_round']:.2f} a round {_range(d['calls_per_round_ci95'], '.2f')}; a player deals "
            f"in {share('deal_in_rate')} of its rounds",
            f"  average win {d['average_win']:,.0f} points {_range(d['average_win_ci95'], ',.0f')}; values: "
            f"{values or '-'}",
            f"  final scores by placing {placings or '-'}; spread (top - last) {d['final_spread']:,.0f} "
            f"{_range(d['final_spread_ci95'], ',.0f')}; busts {d['busts']} ({share('bust_rate')})",
            f"  games into an extra wind {share('extra_wind_rate')}; ended by: "
            + (", ".join(f"{k} {_pct(v)}" for k, v in d["ends"].items()) or "-"),
            f"  yaku (share of wins): {yaku or '-'}",
            "  (95 % intervals in brackets: Wilson for shares, t on the games for means)",
        ])


def difference(a: Figures, b: Figures, paired: bool) -> dict[str, Any]:
    """Ruleset ``b``'s figures less ``a``'s, each with its 95 % interval (``KEY_ci95``), as JSON
    like ``Figures.to_dict``: paired by game when game i was dealt the same walls under both
    (``mjrules.tools.intervals``). A family holds every name either ruleset has."""
    out: dict[str, Any] = {"ruleset": f"{b.ruleset} - {a.ruleset}", "against": a.ruleset, "paired": paired,
                           "games": min(a.games, b.games)}
    for figure in FIGURES:
        names = [""]
        if figure.family:
            names = a.names(figure) + [n for n in b.names(figure) if n not in a.names(figure)]
        values: dict[str, float | None] = {}
        cis: dict[str, list[float] | None] = {}
        for n in names:
            got = difference_interval((a.column(figure.count + n), a.column(figure.base)),
                                      (b.column(figure.count + n), b.column(figure.base)), paired)
            values[n] = None if got is None else _r(got[0], figure.places)
            cis[n] = None if got is None else _ci(got[1], figure.places)
        if not figure.family:
            out[figure.key], out[figure.key + "_ci95"] = values[""], cis[""]
        elif figure.key == "final_by_placing":
            out[figure.key], out[figure.key + "_ci95"] = list(values.values()), list(cis.values())
        else:
            out[figure.key], out[figure.key + "_ci95"] = values, cis
    return out


def shown_difference(d: dict[str, Any], key: str, name: str | int | None = None, interval: bool = True) -> str:
    """One figure of a ``difference`` (a family's by ``name``: a limit, a yaku, a placing's index)
    as the text writes it: a share in percentage points, a mean signed, with its 95 % interval
    unless ``interval`` is false, `` *`` where it is beyond noise; ``-`` where there is none."""
    figure = FIGURE[key]
    value = d[key] if name is None else d[key][name]
    ci = d[key + "_ci95"] if name is None else d[key + "_ci95"][name]
    if value is None:
        return "-"
    if not interval:
        text = f"{100 * value:+.1f} pts" if figure.kind == SHARE else _signed(value, figure)
    elif figure.kind == SHARE:
        text = f"{100 * value:+.1f} pts" + (f" [{100 * ci[0]:+.1f}, {100 * ci[1]:+.1f}]" if ci else "")
    else:
        text = _signed(value, figure) + (f" [{_signed(ci[0], figure)}, {_signed(ci[1], figure)}]" if ci else "")
    return text + (" *" if beyond_noise(ci) else "")


BASE_WORDS = {"rounds": "rounds", "wins": "wins", "seat_rounds": "a player's rounds", "games": "games"}
"""What each base a share is counted out of is, in words (the plot's axis)."""


def render_difference(d: dict[str, Any]) -> str:
    """A ``difference`` as text: the main figures, the values by limit and the yaku whose
    difference is beyond noise (its interval leaves out 0, marked ``*``)."""

    def shown(key: str, name: str | None = None) -> str:
        return shown_difference(d, key, name)

    main = ", ".join(f"{FIGURE[k].label} {shown(k)}" for k in (
        "win_rate", "tsumo_share", "exhaustive_draw_rate", "dealer_repeat_rate", "calls_per_round", "deal_in_rate"))
    more = ", ".join(f"{FIGURE[k].label} {shown(k)}" for k in (
        "average_win", "rounds_per_game", "final_spread", "bust_rate"))
    values = ", ".join(f"{n} {shown('values', n)}" for n in d["values"])
    yaku = ", ".join(f"{n} {shown('yaku', n)}" for n in d["yaku"] if beyond_noise(d["yaku_ci95"][n]))
    how = "paired by wall" if d["paired"] else "NOT paired (the rulesets deal different walls)"
    return "\n".join([
        f"{d['ruleset']}, {how} over {d['games']} game{'s' * (d['games'] != 1)} (95 % intervals; * where the "
        "interval leaves out 0, a difference beyond noise):",
        f"  {main}",
        f"  {more}",
        f"  values: {values or '-'}",
        f"  yaku beyond noise: {yaku or 'none'}",
    ])


def _signed(x: float, figure: Figure) -> str:
    return f"{x:+,.0f}" if figure.places == 1 else f"{x:+.2f}"


def _zeros(n: int) -> array[int]:
    return array("i", [0]) * n


def _ci(interval: Interval | None, places: int) -> list[float] | None:
    return None if interval is None else [_r(interval[0], places), _r(interval[1], places)]


def _range(ci: Sequence[float] | None, spec: str) -> str:
    return "[-]" if ci is None else f"[{ci[0]:{spec}}, {ci[1]:{spec}}]"


def _pct_range(ci: Sequence[float] | None) -> str:
    return "[-]" if ci is None else f"[{100 * ci[0]:.1f}, {100 * ci[1]:.1f}]"


LIMIT_ORDER = (BELOW_MANGAN, "mangan", "haneman", "baiman", "sanbaiman")


def _limit_order(name: str) -> tuple[int, str]:
    return (LIMIT_ORDER.index(name) if name in LIMIT_ORDER else len(LIMIT_ORDER), name)


def _r(x: float, places: int = 4) -> float:
    return round(x, places)


def _pct(share: float) -> str:
    return f"{100 * share:.1f}%"
