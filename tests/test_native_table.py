"""The native table against the Python table, its definition (PEP 399: the accelerator plays the
reference's games): the same game, byte for byte, for the same seed and players — the mjai record,
the 牌譜, the final scores and points, why the game ended, and the object graph of its rounds
(deals, settlements, results) — under every preset, the 電脳麻将 rule objects the suite plays
(``majiang_games.RULES``), three players, the example plugin's ruleset (a Python yaku the scoring
plan calls back), and a house plugin; the built-in players' twins (careful's held to the Python
``Careful`` branch by branch: ``BRANCHES`` counts the branches its decisions took), Python seats
among native ones (a player that calls, kans and declares whatever it may, a careful player valuing
hands with another Scorer, a player that follows the game event by event); refused answers and
interrupted games; and whole ``simulate`` runs under
``MJRULES_KERNEL=python`` and with the native kernel, ``--jobs 1`` and ``2``: figures, intervals,
paired differences, per-game rows and records.

In one process the Python path is the Python table (``Table.native = None``) with the same Scorer;
across processes it is ``MJRULES_KERNEL=python``, where nothing runs natively. What was compared is
counted (``COUNTS``) and shown by the last test (``-rP``). ``-m long`` plays more seeds, and the
whole matrix under ``MJRULES_KERNEL=python``.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import threading
from collections import Counter
from pathlib import Path
from typing import Any, Callable, Sequence

import pytest

from helpers import example_plugin, native_or_skip
from majiang_games import RULES
from mjrules.errors import MjrulesError
from mjrules.game.actions import Action, ActionKind, IllegalAction
from mjrules.game.view import View
from mjrules.plugin_api import Yaku, hookimpl
from mjrules.rules.rules import GameLength
from mjrules.rules.ruleset import load_ruleset, preset_names, ruleset_from_data
from mjrules.scoring.scorer import Scorer
from mjrules.table.game import PlayedGame, Table
from mjrules.table.player import Player
from mjrules.table.native import native_name, seats as native_seats
from mjrules.table.players import Careful, Greedy, Tsumogiri, _plays_kokushi

native_or_skip("the native table")

ROOT = Path(__file__).resolve().parents[1]
COUNTS: Counter[str] = Counter()
"""What the tests compared: games, rounds, actions (mjai events), bytes."""

CALLS = frozenset({ActionKind.RON, ActionKind.TSUMO, ActionKind.CHI, ActionKind.PON, ActionKind.DAIMINKAN,
                   ActionKind.ANKAN, ActionKind.KAKAN, ActionKind.KITA, ActionKind.RIICHI})


class Wild:
    """A Python seat that takes a call, kan, kita, riichi or win when it may (mostly), else any
    legal action at random: the moves no built-in player makes (chi, open and added kans,
    chankan, kuikae's refusals, four kans, noten declarations, nine terminals)."""

    def __init__(self, seed: str) -> None:
        self.rng = random.Random(seed)

    def act(self, view: View) -> Action:
        legal = list(view.legal)
        taken = [a for a in legal if a.kind in CALLS]
        if taken and self.rng.random() < 0.8:
            return self.rng.choice(taken)
        return self.rng.choice(legal)


class Watching(Greedy):
    """A Python seat (a subclass plays as itself) that follows the game event by event."""

    def __init__(self) -> None:
        self.seen: list[dict[str, Any]] = []

    def observe(self, event: dict[str, Any]) -> None:
        self.seen.append(event)


BRANCHES: Counter[str] = Counter()
"""The branches of careful's strategy the compared games took (counted by the Python ``Careful``
they are compared with: ``Counted``)."""


class Seen:
    """A Scorer seen through: the ids of the yaku of the results it gave (``ids``, reset by the reader)."""

    def __init__(self, scorer: Scorer) -> None:
        self.scorer = scorer
        self.ids: set[str] = set()

    @property
    def yaku(self) -> Any:
        return self.scorer.yaku

    def score(self, hand: Any, win: Any) -> Any:
        result = self.scorer.score(hand, win)
        self.ids.update(y.id for y in getattr(result, "yaku", ()))
        return result


def _simple(k: int) -> bool:
    return k < 27 and k % 9 not in (0, 8)


class Counted(Careful):
    """The Python ``Careful`` (the definition the twin is held to) at the Python table, counting in
    ``BRANCHES`` the branches its decisions take: kokushi instead of the abortive draw, push or
    fold, riichi or dama (and whether the Scorer found a yaku on a wait, a house yaku among them),
    each kind of kan, each reason for a call."""

    def use(self, scorer: Scorer) -> None:
        super().use(scorer)
        self.scorer = Seen(scorer)  # type: ignore[assignment]

    def act(self, view: View) -> Action:
        COUNTS["careful decisions"] += 1
        if any(a.kind is ActionKind.NINE_TERMINALS for a in view.legal) and _plays_kokushi(view):
            BRANCHES["plays for kokushi"] += 1
        return super().act(view)

    def _pushes(self, sight: Any, options: Any) -> bool:
        pushes = super()._pushes(sight, options)
        BRANCHES["pushes" if pushes else "folds"] += 1
        return pushes

    def _declares(self, sight: Any, option: Any, waits: Any) -> bool:
        seen: Any = self.scorer
        seen.ids = set()
        declares = super()._declares(sight, option, waits)
        BRANCHES["riichi" if declares else "dama" if option.ukeire else "no riichi: every winning tile in sight"] += 1
        if seen.ids:
            BRANCHES["riichi or dama: the Scorer found a yaku on a wait"] += 1
        if seen.ids & {"kinkei", "house_pinfu"}:
            BRANCHES["riichi or dama: a house yaku on a wait"] += 1
        return declares

    def _kan(self, sight: Any, shanten: int) -> Action | None:
        kan = super()._kan(sight, shanten)
        if kan is not None:
            BRANCHES[f"{kan.kind.value}{' in riichi' if sight.view.riichi[sight.view.seat] else ''}"] += 1
        return kan

    def _answer(self, sight: Any) -> Action:
        call = super()._answer(sight)
        if call.kind in (ActionKind.PON, ActionKind.CHI):
            view = sight.view
            melded = [t.index for m in view.melds[view.seat] for t in m.tiles] + [t.index for t in (call.tile, *call.consumed)]
            if call.kind is ActionKind.PON and call.tile.index in sight.yakuhai:
                BRANCHES["call: a yakuhai pon"] += 1
            elif any(sight.held[k] >= 3 for k in sight.yakuhai):
                BRANCHES["call: a yakuhai triplet held"] += 1
            elif "tanyao" in view.open_yaku and all(_simple(k) for k in melded):
                BRANCHES["call: for tanyao"] += 1
            else:
                BRANCHES["call: for a flush"] += 1
            if sight.threats:
                BRANCHES["call: against a threat"] += 1
        return call


SEATS: dict[str, Callable[[str], Sequence[Player]]] = {
    "careful": lambda seed: [Careful(), Careful(), Careful(), Careful()],
    "greedy": lambda seed: [Greedy(), Greedy(), Greedy(), Greedy()],
    "tsumogiri": lambda seed: [Tsumogiri(), Tsumogiri(), Tsumogiri(), Tsumogiri()],
    "mixed": lambda seed: [Greedy(), Careful(), Tsumogiri(), Greedy()],
    "wild": lambda seed: [Wild(f"{seed}/0"), Greedy(), Wild(f"{seed}/2"), Greedy()],
    "wild-careful": lambda seed: [Careful(), Wild(f"{seed}/1"), Greedy(), Wild(f"{seed}/3")],
}
"""Seatings by name, each made anew for every game (four players; three take the first three)."""


def tables(scorer: Scorer, seats: Callable[[], Sequence[Player]],
           length: GameLength | None = None) -> tuple[Table, Table]:
    """A native table and the Python table (its definition) of the same ruleset, each with its own
    ``seats()``; the Python table's careful players count their branches (``Counted``), the native
    table's play natively."""
    native = Table(scorer, seats(), length=length)
    names = [type(p).__name__.lower() for p in native.players]
    python = Table(scorer, [Counted() if type(p) is Careful else p for p in seats()], length=length, names=names)
    python.native = None
    assert native.native is not None, "the table plan compiles"
    assert all(native_name(p, scorer) == "careful" for p in native.players if type(p) is Careful)
    return native, python


EVENTS: Counter[str] = Counter()
"""The events of the games compared, by kind (a ryukyoku by its reason, a hora by tsumo or ron,
and its chankan, rinshan and ippatsu): what the comparisons covered."""


def count(game: PlayedGame) -> None:
    COUNTS["games"] += 1
    COUNTS["rounds"] += len(game.rounds)
    COUNTS["actions"] += game.record.count("\n")
    COUNTS["bytes"] += len(game.record.encode())
    last = None
    for line in game.record.splitlines():
        e = json.loads(line)
        kind = e["type"]
        if kind == "ryukyoku":
            kind = f"ryukyoku {e['reason']}"
        elif kind == "hora":
            kind = "hora tsumo" if e["actor"] == e["target"] else "hora ron" + (" (double)" if last == "hora" else "")
            EVENTS.update(f"yaku {y}" for y, _ in e["yakus"] if y in ("chankan", "rinshan", "ippatsu", "haitei",
                                                                          "houtei", "double_riichi"))
        EVENTS[kind] += 1
        last = e["type"]


def assert_same_game(scorer: Scorer, seating: str, seed: str, length: GameLength | None = None) -> PlayedGame:
    """Play ``seed`` on both tables with fresh ``seating`` players; the same game on both."""
    n = scorer.players
    native, python = tables(scorer, lambda: SEATS[seating](seed)[:n], length)
    a, b = native.play(seed), python.play(seed)
    assert a.record == b.record, _first_difference(a.record, b.record)
    assert (a.final, a.points, a.end, a.length) == (b.final, b.points, b.end, b.length)
    assert repr(a.rounds) == repr(b.rounds)  # deals, settlements, paid wins, results: every field
    if n == 4:
        assert json.dumps(native.paipu(a), ensure_ascii=False) == json.dumps(python.paipu(b), ensure_ascii=False)
        COUNTS["paipu bytes"] += len(json.dumps(native.paipu(a), ensure_ascii=False).encode())
    count(a)
    return a


def _first_difference(a: str, b: str) -> str:
    for i, (x, y) in enumerate(zip(a.splitlines(), b.splitlines())):
        if x != y:
            return f"line {i + 1}:\nnative {x}\npython {y}"
    return f"lines: native {a.count(chr(10))}, python {b.count(chr(10))}"


PRESETS = sorted(preset_names())


@pytest.mark.parametrize("ruleset", PRESETS)
def test_every_preset_plays_the_same_games(ruleset):
    scorer = Scorer(ruleset)
    for seating in ("greedy", "mixed", "wild", "careful"):
        assert_same_game(scorer, seating, f"{ruleset}-{seating}")


TABLE_PARTS = ("play", "round", "dora", "tiles", "sanma", "nagashi", "honba", "placing")
"""The parts of the rules object a game reads (``Rules``): every field of these is a rule of the table."""
NOT_IN_THE_PLAN = {
    ("placing", "returned"): "final points: Python's rules.placing.points, after the game",
    ("placing", "uma"): "final points",
    ("placing", "uma_floating"): "final points",
    ("placing", "rounding"): "final points",
    ("sanma", "kita_rinshan"): "the scoring plan, which scores the table's wins",
    ("sanma", "kita_chankan"): "the scoring plan",
}
"""The fields of those parts the kernel's table does not read, and who reads them instead."""


class Reading:
    """A rule part that notes each field read of it."""

    def __init__(self, part: object, name: str, read: set[tuple[str, str]]) -> None:
        self._part, self._name, self._read = part, name, read

    def __getattr__(self, field: str) -> object:
        self._read.add((self._name, field))
        return getattr(self._part, field)


def test_every_rule_of_the_table_reaches_the_table_plan():
    # A rule of the game that table_spec does not hand the kernel would be played wrongly on the
    # native table without a word: each field of the parts a game reads is read here or is named
    # in NOT_IN_THE_PLAN with what reads it (a new rule fails this until the kernel reads it).
    import attrs

    from mjrules.game.wall import tile_set
    from mjrules.table import native

    rules = Scorer("tenhou").rules
    read: set[tuple[str, str]] = set()
    parts = {name: Reading(getattr(rules, name), name, read) for name in TABLE_PARTS}
    spy = type("SpyRules", (), {"players": rules.players, **parts})()
    real_tile_set = native.tile_set
    native.tile_set = lambda tiles: real_tile_set(tiles._part)  # type: ignore[attr-defined]
    try:
        native.table_spec(spy, Scorer("tenhou"), native.Bridge(Scorer("tenhou"), "tenhou"))  # type: ignore[arg-type]
    finally:
        native.tile_set = real_tile_set
    read |= {("tiles", f.name) for f in attrs.fields(type(rules.tiles))}  # the set is handed over whole
    fields = {(name, f.name) for name in TABLE_PARTS for f in attrs.fields(type(getattr(rules, name)))}
    assert tile_set is real_tile_set
    assert fields - read - set(NOT_IN_THE_PLAN) == set()
    assert set(NOT_IN_THE_PLAN) <= fields - read


def test_a_score_of_zero_ends_the_game_the_same_way_where_the_ruleset_says_so():
    # bust_at_zero (0点でトビ) at a low start, where scores often land on 0: the game ends there on
    # both tables, and a riichi whose stick would leave 0 is not offered
    scorer = Scorer("tenhou").with_flags(bust_at_zero=True, start_score=8000, return_score=8000)
    at_zero = 0
    for i in range(40):
        game = assert_same_game(scorer, "greedy", f"zero-{i}")
        at_zero += game.busted and min(game.final) == 0
    assert at_zero > 0


@pytest.mark.parametrize("name", sorted(RULES))
def test_every_majiang_rule_object_plays_the_same_games(name):
    scorer = Scorer(ruleset_from_data(json.dumps(RULES[name], ensure_ascii=False).encode(), name))
    for seating in ("greedy", "wild-careful", "careful"):
        assert_same_game(scorer, seating, f"{name}-{seating}")


@pytest.mark.parametrize("ruleset", ["tenhou-sanma", "mahjongsoul-sanma"])
def test_three_players_play_the_same_games(ruleset):
    scorer = Scorer(ruleset)
    for seed in range(3):
        for seating in ("greedy", "wild", "wild-careful", "careful"):
            assert_same_game(scorer, seating, f"{ruleset}-{seed}-{seating}")


@pytest.mark.parametrize("value", ["yakuman", "mangan-yaku"])
def test_the_example_plugins_ruleset_plays_the_same_games(value):
    """The example plugin's yaku is a Python part of the scoring plan: the kernel calls it back, for
    a win and for careful's question whether a wait has a yaku (the Scorer's answer decides riichi
    or dama)."""
    scorer = Scorer(load_ruleset("tenhou"), extra_plugins={"kinkei": example_plugin()})
    if value != "yakuman":
        scorer = scorer.with_flags(kinkei_value=value)
    assert not all(p.native for p in scorer.plan.parts)
    before = BRANCHES["riichi or dama: the Scorer found a yaku on a wait"]
    for seating in ("wild", "wild-careful", "greedy", "careful"):
        assert_same_game(scorer, seating, f"kinkei-{value}-{seating}", GameLength.TONPUU)
    assert BRANCHES["riichi or dama: the Scorer found a yaku on a wait"] > before


class Pinfu2Han:
    """A house plugin: pinfu is worth two han (a Python yaku replacing a native one)."""

    @hookimpl
    def mjrules_register_yaku(self, register, flags):
        from mjrules.plugin_api import STANDARD  # noqa: PLC0415 (the plugin API, as a plugin imports it)

        def pinfu(reading, flags):
            return reading.pinfu_shape

        register(Yaku("house_pinfu", "Pinfu (house)", "平和", pinfu, han=2, forms=(STANDARD,), closed=True))


def test_a_ruleset_with_a_python_yaku_plays_the_same_games():
    """Careful's riichi or dama reads the house yaku's two han (the Scorer's answer): on both paths."""
    scorer = Scorer(load_ruleset("mleague").with_flags(disabled_yaku=["pinfu"]),
                    extra_plugins={"house": Pinfu2Han()})
    before = BRANCHES["riichi or dama: a house yaku on a wait"]
    for seating in ("greedy", "wild"):
        assert_same_game(scorer, seating, f"house-{seating}", GameLength.TONPUU)
    for seed in range(3):
        assert_same_game(scorer, "careful", f"house-careful-{seed}", GameLength.TONPUU)
    assert BRANCHES["riichi or dama: a house yaku on a wait"] > before


def nagashi_wall(scorer: Scorer) -> Any:
    """A wall on which seat 1 draws only terminals and honours and the others only simples (its
    own hand dealt as the rest falls): tsumogiri players then draw a nagashi mangan of seat 1."""
    from helpers import hand_wall  # noqa: PLC0415
    from mjrules.game.wall import tile_set  # noqa: PLC0415

    n = scorer.players
    tiles = [t for t in tile_set(scorer.rules.tiles) if not t.red]
    tiles += [tile for tile in tile_set(scorer.rules.tiles) if tile.red]
    yaochu = [t for t in tiles if t.is_yaochu]
    simples = [t for t in tiles if not t.is_yaochu]
    live = 70 if n == 4 else 55
    draws = [(yaochu if i % n == 1 else simples).pop(0) for i in range(live)]
    rest = yaochu + simples
    hands = ["".join(t.mpsz() for t in rest[13 * s:13 * s + 13]) for s in range(n)]
    return hand_wall(hands, draws="".join(t.mpsz() for t in draws), indicator=rest[13 * n].mpsz())


@pytest.mark.parametrize("ruleset, mode", [("tenhou", "draw"), ("tenhou", "win"), ("mleague", "none"),
                                           ("tenhou-sanma", "win"), ("mahjongsoul-sanma", "draw")])
def test_nagashi_mangan_is_paid_the_same_way(ruleset, mode):
    from mjrules.table.wall import seeded_wall  # noqa: PLC0415

    scorer = Scorer(load_ruleset(ruleset).with_flags(nagashi_mangan=mode))
    wall = nagashi_wall(scorer)

    def walls(k: int):
        return wall if k == 0 else seeded_wall(scorer.rules.tiles, f"nagashi/{k}")

    native, python = tables(scorer, lambda: [Tsumogiri() for _ in range(scorer.players)], GameLength.TONPUU)
    a, b = native.play("nagashi", walls), python.play("nagashi", walls)
    assert a.record == b.record and repr(a.rounds) == repr(b.rounds)
    first = next(json.loads(line) for line in a.record.splitlines() if '"ryukyoku"' in line)
    assert first["reason"] == ("fanpai" if mode == "none" else "nagashimangan")
    count(a)


TRIPLE = ["9m1p8p9s7s12345677z", "123m678m234p56s99p", "234m456p789p88s56s", "456m345p678p234s7s"]
"""Seats 1 and 2 wait on 4s or 7s (pinfu), seat 3 on 7s alone (tanyao); the dealer draws 1s."""


@pytest.mark.parametrize("rule", [None, "tonpuu-noten-declaration-triple-ron", "tonpuu-whole-wind-low-start"])
def test_three_rons_on_one_discard_abort_or_are_paid_the_same_way(rule):
    """Three rons on the dealer's 7s: an abortive draw (tenhou), three wins (最大同時和了数 3), or
    the head bump's one (最大同時和了数 1)."""
    from helpers import hand_wall  # noqa: PLC0415
    from mjrules.table.wall import seeded_wall  # noqa: PLC0415

    scorer = Scorer("tenhou" if rule is None else ruleset_from_data(json.dumps(RULES[rule]).encode(), rule))
    wall = hand_wall(TRIPLE, draws="1s")

    def walls(k: int):
        return wall if k == 0 else seeded_wall(scorer.rules.tiles, f"three/{k}")

    class Throws(Greedy):
        def act(self, view: View) -> Action:
            seven = [a for a in view.legal if a.kind is ActionKind.DISCARD and str(a.tile) == "7s"]
            return seven[0] if seven and not view.dora[1:] and view.honba == 0 and view.live_left == 69 else \
                super().act(view)

    native, python = tables(scorer, lambda: [Throws(), Greedy(), Greedy(), Greedy()], GameLength.TONPUU)
    a, b = native.play("three", walls), python.play("three", walls)
    assert a.record == b.record and repr(a.rounds) == repr(b.rounds)
    first = [json.loads(line) for line in a.record.splitlines()[:12]]
    kinds = [e["type"] for e in first]
    rules = scorer.rules.round
    if rules.triple_ron_draw:
        assert "ryukyoku" in kinds and first[kinds.index("ryukyoku")]["reason"] == "sanchaho"
    else:
        assert kinds.count("hora") == rules.max_ron_winners
    count(a)


KOKUSHI = ["234m567m23p55s111z", "1m9m1p9p1s9s2z3z4z5z6z7z7z", "345m678m456p11s79p", "234s678s456p22z79m"]
"""The dealer draws its fourth East and declares a closed kan of it; seat 1 waits on East alone
with thirteen orphans."""


@pytest.mark.parametrize("ruleset", ["tenhou", "mahjongsoul"])
def test_kokushi_robs_a_closed_kan_where_the_ruleset_allows_it(ruleset):
    from helpers import hand_wall  # noqa: PLC0415
    from mjrules.table.wall import seeded_wall  # noqa: PLC0415

    scorer = Scorer(ruleset)
    wall = hand_wall(KOKUSHI, draws="1z", indicator="5z")

    def walls(k: int):
        return wall if k == 0 else seeded_wall(scorer.rules.tiles, f"kokushi/{k}")

    class Kans(Greedy):
        def act(self, view: View) -> Action:
            kan = [a for a in view.legal if a.kind is ActionKind.ANKAN]
            return kan[0] if kan else super().act(view)

    native, python = tables(scorer, lambda: [Kans(), Greedy(), Greedy(), Greedy()], GameLength.TONPUU)
    a, b = native.play("kokushi", walls), python.play("kokushi", walls)
    assert a.record == b.record and repr(a.rounds) == repr(b.rounds)
    lines = a.record.splitlines()
    assert '"ankan"' in lines[3]
    assert ('"hora"' in lines[4] and '"kokushi"' in lines[4]) == scorer.flags["kokushi_ankan_chankan"]
    count(a)


FOUND = {
    "chankan": ("tenhou", "wild", "w244"),
    "four kans": ("rule:tonpuu-noten-declaration-triple-ron", "wild", "t1670"),
    "a double ron": ("tenhou", "wild", "w36"),
}
"""Seeds in which the native table played a rare event (found by playing thousands of games
natively); each is compared with the Python table, which plays it too."""


@pytest.mark.parametrize("event", sorted(FOUND))
def test_seeds_with_rare_events_play_the_same_games(event):
    ruleset, seating, seed = FOUND[event]
    if ruleset.startswith("rule:"):
        scorer = Scorer(ruleset_from_data(json.dumps(RULES[ruleset[5:]]).encode(), ruleset[5:]))
    else:
        scorer = Scorer(ruleset)
    game = assert_same_game(scorer, seating, seed, GameLength.TONPUU)
    words = {"chankan": '"chankan"', "four kans": '"suukaikan"', "a double ron": None}[event]
    if words is not None:
        assert words in game.record


CAREFUL_BRANCHES = ("pushes", "folds", "riichi", "dama", "riichi or dama: the Scorer found a yaku on a wait", "ankan",
                    "kakan", "ankan in riichi", "call: a yakuhai pon", "call: a yakuhai triplet held",
                    "call: for tanyao", "call: for a flush", "call: against a threat")
"""The branches of careful's strategy that ordinary games reach (kokushi has its own wall)."""


def test_careful_takes_every_branch_of_its_strategy_the_same_way():
    """Four careful players, natively and in Python, over seeds that reach every branch of the
    strategy (``CAREFUL_BRANCHES``; seed r29 has a closed kan in riichi): the same games."""
    before = BRANCHES.copy()
    for ruleset in ("tenhou", "mleague"):
        scorer = Scorer(ruleset)
        for seed in range(30 if ruleset == "tenhou" else 6):
            assert_same_game(scorer, "careful", f"r{seed}", GameLength.TONPUU)
    taken = BRANCHES - before
    assert not [b for b in CAREFUL_BRANCHES if not taken[b]], f"branches not reached: {taken}"


KOKUSHI_HANDS = ["1239m19p19s12345z", "456m678m234p567p5s", "345m78m345p678p66s", "234s567s789s22p88p"]
"""The dealer holds eleven kinds of terminals and honours (a twelfth drawn): careful plays for
thirteen orphans where greedy would abort on nine terminals."""


def test_careful_plays_for_kokushi_the_same_way():
    from helpers import hand_wall  # noqa: PLC0415
    from mjrules.table.wall import seeded_wall  # noqa: PLC0415

    scorer = Scorer("tenhou")
    wall = hand_wall(KOKUSHI_HANDS, draws="6z")

    def walls(k: int):
        return wall if k == 0 else seeded_wall(scorer.rules.tiles, f"kokushi-careful/{k}")

    before = BRANCHES["plays for kokushi"]
    native, python = tables(scorer, lambda: [Careful() for _ in range(4)], GameLength.TONPUU)
    a, b = native.play("kokushi-careful", walls), python.play("kokushi-careful", walls)
    assert a.record == b.record and repr(a.rounds) == repr(b.rounds)
    assert BRANCHES["plays for kokushi"] == before + 1
    first = [json.loads(line) for line in a.record.splitlines()[2:4]]
    assert first[0]["type"] == "tsumo" and first[1]["type"] == "dahai"  # no abortive draw
    count(a)


def test_a_careful_player_with_another_scorer_or_of_a_subclass_is_asked_from_python():
    """The twin values hands with the table's Scorer: a careful player told another one (``use``)
    and a subclass of ``Careful`` are Python seats, and play the same games on both paths."""
    scorer, other = Scorer("tenhou"), Scorer("mleague")

    class Mine(Careful):
        """A subclass (it may play otherwise)."""

    def players() -> list[Player]:
        return [Careful(), Careful(), Mine(), Careful()]

    games = []
    for native_on in (True, False):
        table = Table(scorer, players(), length=GameLength.TONPUU)
        told = table.players[1]
        assert isinstance(told, Careful)
        told.use(other)
        if not native_on:
            table.native = None
        else:
            assert native_seats(table.players, scorer) == ["careful", told, table.players[2], "careful"]
        games.append(table.play("another-scorer"))
    assert games[0].record == games[1].record and repr(games[0].rounds) == repr(games[1].rounds)
    count(games[0])


def test_majiang_ai_seats_play_the_same_games(majiang_ai_modules):
    """電脳麻将's AI in node processes, asked across the boundary and told each event."""
    from mjrules.table.players import make_player  # noqa: PLC0415

    scorer = Scorer("majiang")
    seats = lambda: [make_player("majiang-ai"), Greedy(), make_player("majiang-ai"), Tsumogiri()]  # noqa: E731
    native, python = tables(scorer, seats, GameLength.TONPUU)
    a, b = native.play("ai"), python.play("ai")
    assert a.record == b.record and repr(a.rounds) == repr(b.rounds)
    count(a)


def test_a_watching_python_seat_sees_the_same_events():
    scorer = Scorer("tenhou")
    seen = []
    for native_on in (True, False):
        seat = Watching()
        table = Table(scorer, [seat, Greedy(), Wild("w"), Greedy()], length=GameLength.TONPUU)
        if not native_on:
            table.native = None
        table.play("watched")
        seen.append(seat.seen)
    assert seen[0] == seen[1] and len(seen[0]) > 100


def test_given_walls_play_the_same_games():
    """A table dealt from walls of the caller's (``Table.play(seed, walls)``)."""
    from mjrules.table.wall import seeded_wall  # noqa: PLC0415

    scorer = Scorer("mahjongsoul")
    native, python = tables(scorer, lambda: [Greedy() for _ in range(4)], GameLength.TONPUU)

    def walls(k: int):
        return seeded_wall(scorer.rules.tiles, f"other/{3 * k + 1}")

    a, b = native.play("given", walls), python.play("given", walls)
    assert a.record == b.record and repr(a.rounds) == repr(b.rounds)
    count(a)


class Refuses:
    """A Python seat that answers something illegal on its ``n``-th question."""

    def __init__(self, n: int, answer: Callable[[View], Any]) -> None:
        self.n, self.answer, self.asked = n, answer, 0

    def act(self, view: View) -> Any:
        self.asked += 1
        if self.asked == self.n:
            return self.answer(view)
        return Greedy().act(view)


ILLEGAL: dict[str, Callable[[View], Any]] = {
    "a tile it does not hold": lambda v: Action(ActionKind.DISCARD, next(
        t for t in (x for x in __import__("mjrules").kernel.TILE_TABLE) if t not in v.concealed)),
    "tsumo without a win": lambda v: Action(ActionKind.TSUMO),
    "a pass on its own turn": lambda v: Action(ActionKind.PASS),
    "riichi not tenpai": lambda v: Action(ActionKind.RIICHI, v.concealed[0]),
    "a kan of tiles it lacks": lambda v: Action(ActionKind.ANKAN, None, [v.concealed[0]] * 4),
    "not an action": lambda v: "5m",
}


@pytest.mark.parametrize("what", sorted(ILLEGAL))
def test_an_illegal_answer_is_refused_with_the_same_message(what):
    scorer = Scorer("tenhou")
    errors = []
    unfinished = []
    for native_on in (True, False):
        table = Table(scorer, [Greedy(), Refuses(7, ILLEGAL[what]), Greedy(), Greedy()])
        if not native_on:
            table.native = None
        with pytest.raises(Exception) as caught:
            table.play("refused")
        errors.append((type(caught.value), str(caught.value)))
        unfinished.append(table.unfinished_record("refused"))
    assert errors[0] == errors[1]
    assert unfinished[0] == unfinished[1] and unfinished[0].count("\n") > 20
    if what != "not an action":
        assert errors[0][0] is IllegalAction


class Stops:
    """A Python seat that stops the game on its ``n``-th question (as a Ctrl-C would)."""

    def __init__(self, n: int) -> None:
        self.n, self.asked = n, 0

    def act(self, view: View) -> Action:
        self.asked += 1
        if self.asked == self.n:
            raise KeyboardInterrupt
        return Greedy().act(view)


def test_a_game_stopped_midway_leaves_the_same_unfinished_record():
    scorer = Scorer("tenhou")
    records = []
    for native_on in (True, False):
        table = Table(scorer, [Greedy(), Greedy(), Stops(40), Greedy()])
        if not native_on:
            table.native = None
        with pytest.raises(KeyboardInterrupt):
            table.play("stopped")
        records.append((table.unfinished_record("ctrl-c"), table.unfinished_record("ctrl-c", paipu=True)))
    assert records[0] == records[1] and "unfinished" in records[0][0]


def test_a_game_that_never_ends_stops_with_the_same_error():
    """Tsumogiri players under a one-hand game that repeats after every draw never end it."""
    scorer = Scorer(load_ruleset("tenhou").with_flags(game_length="ikkyoku"))
    messages = []
    for native_on in (True, False):
        table = Table(scorer, [Tsumogiri() for _ in range(4)])
        if not native_on:
            table.native = None
        with pytest.raises(MjrulesError) as caught:
            table.play("endless")
        messages.append(str(caught.value))
    assert messages[0] == messages[1] and "1000 rounds" in messages[0]


def test_games_in_threads_are_the_games_played_alone():
    """The kernel lets go of the GIL while it plays: games in threads run side by side, each the same."""
    scorer = Scorer("tenhou")
    alone = [Table(scorer, [Greedy() for _ in range(4)]).play(f"t{i}").record for i in range(4)]
    got: dict[int, str] = {}

    def play(i: int) -> None:
        got[i] = Table(scorer, [Greedy() for _ in range(4)]).play(f"t{i}").record

    threads = [threading.Thread(target=play, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [got[i] for i in range(4)] == alone


def test_the_python_kernel_plays_the_python_table():
    """``MJRULES_KERNEL=python`` leaves the kernel out: the table has no plan, the game engine plays."""
    code = ("from mjrules.table.game import Table; from mjrules.scoring.scorer import Scorer; "
            "from mjrules.table.players import Greedy; "
            "print(Table(Scorer('tenhou'), [Greedy() for _ in range(4)]).native)")
    out = subprocess.run([sys.executable, "-c", code], env={**os.environ, "MJRULES_KERNEL": "python"},
                         capture_output=True, text=True, check=True).stdout
    assert out == "None\n"


# -- whole simulations under MJRULES_KERNEL=python and native ---------------------------------------

def simulate(kernel: str, out: Path, *args: str) -> tuple[bytes, dict[str, bytes]]:
    """``mjrules simulate ARGS`` under ``kernel``: stdout, and the files it wrote under ``out``."""
    out.mkdir()
    done = subprocess.run([sys.executable, "-m", "mjrules", "simulate", *args, "--no-progress",
                           "--records", str(out / "records"), "--output", str(out / "games.csv")],
                          env={**os.environ, "MJRULES_KERNEL": kernel}, capture_output=True, check=True, cwd=out)
    files = {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}
    return done.stdout, files


SIMULATIONS = {
    "four players, mjai": ["--rulesets", "tenhou,mleague", "--games", "3", "--players",
                           "greedy,careful,tsumogiri,greedy", "--json"],
    "three players, 牌譜 and text": ["--rulesets", "mahjongsoul-sanma,tenhou-sanma", "--games", "3", "--players",
                                    "greedy,greedy,careful", "--length", "tonpuu"],
    "牌譜": ["--rulesets", "majiang,wrc2025", "--games", "2", "--players", "greedy,greedy,greedy,careful",
            "--record-format", "paipu", "--csv", "--length", "tonpuu"],
}


@pytest.mark.parametrize("name", sorted(SIMULATIONS))
def test_simulate_writes_the_same_bytes_on_both_kernels_for_any_jobs(tmp_path, name):
    args = SIMULATIONS[name]
    python = simulate("python", tmp_path / "python", *args, "--jobs", "1")
    native = simulate("native", tmp_path / "native", *args, "--jobs", "1")
    native2 = simulate("native", tmp_path / "native2", *args, "--jobs", "2")
    assert python == native == native2
    COUNTS["simulate runs"] += 3
    COUNTS["simulate bytes"] += len(python[0]) + sum(len(b) for b in python[1].values())


def test_simulate_of_native_players_only_is_the_same_for_any_jobs(tmp_path):
    """Native seats only: chunks of many games (``NATIVE_CHUNK``) spread over the workers."""
    from mjrules.cli.simulate import NATIVE_CHUNK  # noqa: PLC0415

    args = ["--rulesets", "tenhou,mahjongsoul", "--games", str(NATIVE_CHUNK + 10), "--players",
            "greedy,tsumogiri,careful,careful", "--length", "tonpuu", "--json"]
    one = simulate("native", tmp_path / "one", *args, "--jobs", "1")
    two = simulate("native", tmp_path / "two", *args, "--jobs", "2")
    assert one == two and len(one[1]) == 1 + 2 * (NATIVE_CHUNK + 10)
    COUNTS["simulate runs"] += 2
    COUNTS["simulate bytes"] += len(one[0]) + sum(len(b) for b in one[1].values())


@pytest.mark.long
@pytest.mark.parametrize("seating", [("greedy", "careful", "tsumogiri", "greedy"), ("careful",) * 4],
                         ids=["mixed", "careful"])
@pytest.mark.parametrize("ruleset", [*PRESETS, *(f"rule:{name}" for name in sorted(RULES))])
def test_long_many_seeds_under_the_python_kernel(tmp_path, ruleset, seating):
    """More seeds of every ruleset, the Python side under ``MJRULES_KERNEL=python`` (minutes)."""
    if ruleset.startswith("rule:"):
        path = tmp_path / "rule.json"
        path.write_text(json.dumps(RULES[ruleset[5:]], ensure_ascii=False), encoding="utf-8")
        ruleset = str(path)
    players = ",".join(seating[:load_ruleset(ruleset).players])
    args = ["--rulesets", ruleset, "--games", "20", "--players", players, "--json"]
    python = simulate("python", tmp_path / "python", *args)
    native = simulate("native", tmp_path / "native", *args, "--jobs", "2")
    assert python == native


@pytest.mark.long
@pytest.mark.parametrize("seating", sorted(SEATS))
def test_long_many_seeds_in_one_process(seating):
    for ruleset in PRESETS:
        scorer = Scorer(ruleset)
        for seed in range(6):
            assert_same_game(scorer, seating, f"long-{ruleset}-{seed}")


def test_what_was_compared():
    """The counts of this module's comparisons (shown with ``-rP``)."""
    print(", ".join(f"{k} {v:,}" for k, v in COUNTS.items()))
    print(", ".join(f"{k} {v:,}" for k, v in sorted(EVENTS.items())))
    print("careful's branches: " + ", ".join(f"{k} {v:,}" for k, v in sorted(BRANCHES.items())))
    if COUNTS["games"]:  # run with the tests above
        assert COUNTS["actions"] > 100 * COUNTS["games"]
