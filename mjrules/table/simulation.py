"""Many games at the table under several rulesets, and what they add up to.

Game ``i`` of a simulation is seeded ``f"{seed}-{i}"`` under every ruleset, so rulesets of the same
tile set play the same walls (``mjrules.table.wall``): a difference between rulesets comes from
their rules (and from the players' answers to them), not from the luck of the deal. Each game is reduced to a
``GameSummary`` where it is played (a worker process, with ``--jobs``), and the summaries are added
up in game order, so the figures are the same for any number of workers.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from typing import Any, Sequence

import attrs

from mjrules.errors import MjrulesError
from mjrules.table.players import make_player
from mjrules.records.settlement import Outcome
from mjrules.records.settlement import GameEnd
from mjrules.rules.rules import GameLength
from mjrules.table.game import PlayedGame, Table
from mjrules.rules.ruleset import load_ruleset
from mjrules.scoring.result import Result
from mjrules.scoring.scorer import Scorer

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

    @property
    def busted(self) -> bool:
        return self.end == GameEnd.BUST.value

    def row(self, ruleset: str) -> dict[str, Any]:
        """The game as a row of ``GAME_FIELDS`` (``ruleset``: the ruleset's name)."""
        return {"ruleset": ruleset, "game": self.game, "rounds": self.rounds, "won_rounds": self.won_rounds,
                "wins": self.wins, "tsumo": self.tsumo, "points": self.points,
                "dealer_repeats": self.dealer_repeats, "exhaustive": self.exhaustive, "nagashi": self.nagashi,
                "abortive": self.abortive, "final": list(self.final), "end": self.end,
                "extra_wind": self.extra_wind}

    @classmethod
    def of(cls, ruleset: int, game: int, played: PlayedGame) -> GameSummary:
        winds = GameLength(played.length).winds
        won = wins = tsumo = points = repeats = exhaustive = nagashi = abortive = 0
        yaku: Counter[str] = Counter()
        limits: Counter[str] = Counter()
        for rnd in played.rounds:
            s = rnd.settlement
            repeats += s.dealer_repeats
            exhaustive += s.outcome is Outcome.EXHAUSTIVE
            nagashi += s.outcome is Outcome.NAGASHI
            abortive += s.outcome is Outcome.ABORTIVE
            won += s.outcome is Outcome.WIN
            for paid in s.wins:
                r = paid.result
                if not isinstance(r, Result):
                    continue
                wins += 1
                tsumo += paid.win.tsumo
                points += r.points
                yaku.update({y.id for y in r.yaku})
                limits[r.limit or BELOW_MANGAN] += 1
        return cls(ruleset, game, len(played.rounds), won, wins, tsumo, points, tuple(sorted(yaku.items())),
                   tuple(sorted(limits.items())), repeats, exhaustive, nagashi, abortive, played.final,
                   played.end.value, any(r.deal.wind >= winds for r in played.rounds))


GAME_FIELDS = ("ruleset", "game", "rounds", "won_rounds", "wins", "tsumo", "points", "dealer_repeats", "exhaustive",
               "nagashi", "abortive", "final", "end", "extra_wind")
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
                 length: GameLength | None = None, records: str | None = None) -> None:
        """``players``: one name a seat, the same at every ruleset's table; None: greedy in every seat."""
        self.seed = seed
        self.records = records
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
            self.tables.append(table)
        self.names = [t.scorer.ruleset.name for t in self.tables]

    def play(self, ruleset: int, game: int) -> GameSummary:
        played = self.tables[ruleset].play(f"{self.seed}-{game}")
        if self.records is not None:
            path = os.path.join(self.records, f"{record_name(self.names[ruleset])}-{game:05d}.mjson")
            part = path + ".part"  # renamed once written: a run ended meanwhile leaves no record cut short
            try:
                with open(part, "w", encoding="utf-8") as f:
                    f.write(played.record)
                os.replace(part, path)
            except BaseException:
                if os.path.exists(part):
                    os.remove(part)
                raise
        return GameSummary.of(ruleset, game, played)


def play_chunk(simulator: Simulator, chunk: list[tuple[int, int]]) -> list[GameSummary]:
    """The games of ``chunk`` ((ruleset, game) pairs), for ``mjrules.tools.parallel.ordered_map``."""
    return [simulator.play(r, g) for r, g in chunk]


class Figures:
    """A ruleset's figures, added up game by game."""

    def __init__(self, ruleset: str, players: Sequence[str]) -> None:
        self.ruleset = ruleset
        self.players = list(players)
        self.games = self.rounds = self.won = self.wins = self.tsumo = self.points = 0
        self.repeats = self.exhaustive = self.nagashi = self.abortive = self.busts = self.extra_wind = 0
        self.ends: Counter[str] = Counter()
        self.yaku: Counter[str] = Counter()
        self.limits: Counter[str] = Counter()
        self.spreads: list[int] = []
        self.finals: list[tuple[int, ...]] = []

    def add(self, g: GameSummary) -> None:
        self.games += 1
        self.rounds += g.rounds
        self.won += g.won_rounds
        self.wins += g.wins
        self.tsumo += g.tsumo
        self.points += g.points
        self.repeats += g.dealer_repeats
        self.exhaustive += g.exhaustive
        self.nagashi += g.nagashi
        self.abortive += g.abortive
        self.busts += g.busted
        self.extra_wind += g.extra_wind
        self.ends[g.end] += 1
        self.yaku.update(dict(g.yaku))
        self.limits.update(dict(g.limits))
        self.spreads.append(max(g.final) - min(g.final))
        self.finals.append(g.final)

    def to_dict(self) -> dict[str, Any]:
        """The figures as JSON (shares rounded to 4 places, so they print the same everywhere)."""
        rounds, wins, games = max(self.rounds, 1), max(self.wins, 1), max(self.games, 1)
        placed = [sorted(f, reverse=True) for f in self.finals]
        return {
            "ruleset": self.ruleset, "games": self.games, "rounds": self.rounds,
            "rounds_per_game": _r(self.rounds / games),
            "wins": self.wins, "win_rate": _r(self.won / rounds), "tsumo_share": _r(self.tsumo / wins),
            "average_win": _r(self.points / wins, 1),
            "values": {k: _r(v / wins) for k, v in sorted(self.limits.items(), key=_limit_order)},
            "dealer_repeat_rate": _r(self.repeats / rounds),
            "exhaustive_draw_rate": _r(self.exhaustive / rounds), "nagashi": self.nagashi, "abortive": self.abortive,
            "busts": self.busts, "bust_rate": _r(self.busts / games),
            "extra_wind_rate": _r(self.extra_wind / games),
            "ends": {k: _r(v / games) for k, v in sorted(self.ends.items(), key=lambda kv: (-kv[1], kv[0]))},
            "final_spread": _r(sum(self.spreads) / games, 1),
            "final_by_placing": [_r(sum(p[i] for p in placed) / games, 1) for i in range(len(placed[0]))]
            if placed else [],
            "yaku": {k: _r(v / wins) for k, v in sorted(self.yaku.items(), key=lambda kv: (-kv[1], kv[0]))},
        }

    def render(self) -> str:
        """The figures as text."""
        d = self.to_dict()
        values = ", ".join(f"{k} {_pct(v)}" for k, v in d["values"].items())
        yaku = ", ".join(f"{k} {_pct(v)}" for k, v in d["yaku"].items())
        placings = " / ".join(f"{s:,.0f}" for s in d["final_by_placing"])
        return "\n".join([
            f"{self.ruleset}: {d['games']} game{'s' * (d['games'] != 1)}, {d['rounds']} rounds "
            f"({d['rounds_per_game']:.2f} a game)",
            f"  a win ends {_pct(d['win_rate'])} of rounds ({d['wins']} wins, tsumo {_pct(d['tsumo_share'])}); exhaustive draws "
            f"{_pct(d['exhaustive_draw_rate'])}, nagashi {d['nagashi']}, abortive {d['abortive']}; dealer repeats "
            f"{_pct(d['dealer_repeat_rate'])} of rounds",
            f"  average win {d['average_win']:,.0f} points; values: {values or '-'}",
            f"  final scores by placing {placings or '-'}; spread (top - last) {d['final_spread']:,.0f}; busts "
            f"{d['busts']} ({_pct(d['bust_rate'])})",
            f"  games into an extra wind {_pct(d['extra_wind_rate'])}; ended by: "
            + (", ".join(f"{k} {_pct(v)}" for k, v in d["ends"].items()) or "-"),
            f"  yaku (share of wins): {yaku or '-'}",
        ])


LIMIT_ORDER = (BELOW_MANGAN, "mangan", "haneman", "baiman", "sanbaiman")


def _limit_order(kv: tuple[str, int]) -> tuple[int, str]:
    return (LIMIT_ORDER.index(kv[0]) if kv[0] in LIMIT_ORDER else len(LIMIT_ORDER), kv[0])


def _r(x: float, places: int = 4) -> float:
    return round(x, places)


def _pct(share: float) -> str:
    return f"{100 * share:.1f}%"
