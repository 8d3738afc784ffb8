"""The table's ruleset-chosen play: abortive draws, kuikae levels and the game's end
(``abortive_draws``, ``kuikae``, ``game_length``, ``last_dealer_stop``, ``extra_wind_target`` of the
settlement plugin). Expected values come from the rules as the presets' sources state them."""

from __future__ import annotations

import json

import pytest

from mjrules.game.actions import NINE_TERMINALS, Action, ActionKind, IllegalAction
from mjrules.table.players import Greedy, Tsumogiri
from mjrules.game.settlement import GameEnd, Outcome, RoundSettlement, game_end
from mjrules.rules.rules import GameLength
from mjrules.table.game import Table
from mjrules.table.wall import seeded_wall
from mjrules.model.melds import Meld, MeldKind
from mjrules.notation.mpsz import parse_tiles
from mjrules.scoring.scorer import Scorer
from mjrules.game.draws import after_discard
from mjrules.game.moves import kuikae_after, refuse_own
from tests.test_table import DEALER, PINFU, SEAT2, SEAT3, Script, assert_replays, hand_wall, round_play, s


def first_round(scorer: Scorer, hands: list[str], players, draws: str = "", indicator: str = "1z"):
    wall = hand_wall(hands, draws=draws, indicator=indicator)
    game = Table(scorer, players, length=GameLength.TONPUU).play(
        "r", walls=lambda k: wall if k == 0 else seeded_wall(scorer.rules.tiles, f"r/{k}"))
    return game, [json.loads(line) for line in game.record.splitlines()]


def ryukyoku(events):
    return next(e for e in events if e["type"] == "ryukyoku")


# -- nine terminals ----------------------------------------------------------------------------------

def test_nine_terminals_declared_on_the_first_draw_abort_the_hand_and_the_dealer_deals_again():
    tenhou = Scorer("tenhou")
    # the dealer holds 9m 1p 9s 1s-drawn and the seven honours: eleven kinds
    game, events = first_round(tenhou, [DEALER, PINFU, SEAT2, SEAT3],
                               [Script(NINE_TERMINALS), Tsumogiri(), Tsumogiri(), Tsumogiri()], draws="1s")
    first = game.rounds[0].settlement
    assert first.outcome is Outcome.ABORTIVE and first.payments == (0, 0, 0, 0)
    assert first.dealer_repeats and first.honba == 1
    assert ryukyoku(events) == {"type": "ryukyoku", "reason": "kyushukyuhai", "actor": 0, "deltas": [0, 0, 0, 0]}
    assert game.rounds[1].deal.dealer == 0 and game.rounds[1].deal.honba == 1
    assert_replays(game)


def test_a_ruleset_without_abortive_draws_refuses_nine_terminals():
    with pytest.raises(IllegalAction) as e:
        first_round(Scorer("mleague"), [DEALER, PINFU, SEAT2, SEAT3],
                    [Script(NINE_TERMINALS), Tsumogiri(), Tsumogiri(), Tsumogiri()], draws="1s")
    assert e.value.reason == "this ruleset has no abortive draw on nine terminals"


def test_nine_terminals_need_nine_kinds_and_the_first_draw():
    tenhou = Scorer("tenhou")
    play = round_play(tenhou, ["19m19p19s123z2345m", PINFU, SEAT2, SEAT3], draws="5m")
    play.draw(0, False)
    assert refuse_own(play, 0, NINE_TERMINALS, s("5m")) is None  # 1m 9m 1p 9p 1s 9s 1z 2z 3z: nine
    play = round_play(tenhou, ["18m19p19s123z2345m", PINFU, SEAT2, SEAT3], draws="5m")  # eight kinds
    play.draw(0, False)
    assert refuse_own(play, 0, NINE_TERMINALS, s("5m")) == \
        "the hand holds 8 kinds of terminals and honours, and nine are needed"
    play = round_play(tenhou, [DEALER, PINFU, SEAT2, SEAT3], draws="1s")
    play.draw(0, False)
    play.discard(0, Action(ActionKind.DISCARD, s("7s")))
    play.draw(0, False)  # a second draw (the test's shortcut: the same seat again)
    assert refuse_own(play, 0, NINE_TERMINALS, s("9p")).startswith("nine terminals are declared on one's first draw")


def test_greedy_aborts_on_nine_kinds_and_plays_for_kokushi_on_eleven():
    tenhou = Scorer("tenhou")
    nine, events = first_round(tenhou, ["19m19p19s123z2345m", PINFU, SEAT2, SEAT3],
                               [Greedy(), Tsumogiri(), Tsumogiri(), Tsumogiri()], draws="5m")
    assert ryukyoku(events)["reason"] == "kyushukyuhai"
    eleven, events = first_round(tenhou, [DEALER, PINFU, SEAT2, SEAT3],
                                 [Greedy(), Tsumogiri(), Tsumogiri(), Tsumogiri()], draws="1s")
    assert events[2]["type"] == "tsumo" and events[3]["type"] == "dahai"  # it discards instead


# -- four winds, four riichi, four kans ----------------------------------------------------------------

WINDS = ["1z123m456m789m234p", "1z123p456p789p234s", "1z123s456s789s567m", "1z2z3z4z5z6z7z258m369p"]


@pytest.mark.parametrize("ruleset, aborts", [("tenhou", True), ("mahjongsoul", True), ("mleague", False)])
def test_four_east_winds_discarded_first_abort_the_hand_where_the_ruleset_says(ruleset, aborts):
    scorer = Scorer(ruleset)
    east = Action(ActionKind.DISCARD, s("1z"))
    game, events = first_round(scorer, WINDS, [Script(east) for _ in range(4)], indicator="9m")
    if aborts:
        assert ryukyoku(events)["reason"] == "suufonrenda"
        assert sum(e["type"] == "dahai" for e in events[:events.index(ryukyoku(events))]) == 4
        assert game.rounds[0].settlement.outcome is Outcome.ABORTIVE
        assert_replays(game, ruleset)
    else:
        assert game.rounds[0].settlement.outcome is not Outcome.ABORTIVE


RIICHI = ["123m456m789m23p55p", "123s456s789s23m55m", "123p456p789p23s55s", "1122334455667z"]


@pytest.mark.parametrize("ruleset, aborts", [("tenhou", True), ("mleague", False)])
def test_four_riichi_abort_the_hand_once_the_fourth_stick_is_down(ruleset, aborts):
    scorer = Scorer(ruleset)
    players = [Script(Action(ActionKind.RIICHI, s(t))) for t in ("9m", "9p", "9s", "5z")]
    game, events = first_round(scorer, RIICHI, players, draws="9m9p9s5z")
    first = game.rounds[0].settlement
    if aborts:
        assert ryukyoku(events)["reason"] == "suuchareach"
        assert sum(e["type"] == "reach_accepted" for e in events) >= 4
        # the four sticks stay on the table for the next hand, which the dealer deals again
        assert first.outcome is Outcome.ABORTIVE and first.payments == (-1000,) * 4 and first.sticks == 4
        assert game.rounds[1].deal.sticks == 4 and game.rounds[1].deal.dealer == 0
        assert_replays(game, ruleset)
    else:
        assert first.outcome is not Outcome.ABORTIVE


def test_four_kans_abort_only_when_more_than_one_player_made_them():
    tenhou = Scorer("tenhou")
    play = round_play(tenhou, [DEALER, PINFU, SEAT2, SEAT3], draws="1s")

    def kan(text: str) -> Meld:
        return Meld(MeldKind.ANKAN, parse_tiles(text))

    play.state.melds[1] = [kan("1111m"), kan("2222m")]
    play.state.melds[2] = [kan("3333m"), kan("4444m")]
    assert after_discard(play.rules, play.state) == "suukaikan"
    play.state.melds[2] = []
    play.state.melds[1] = [kan("1111m"), kan("2222m"), kan("3333m"), kan("4444m")]  # one player: suukantsu to play for
    assert after_discard(play.rules, play.state) is None
    play = round_play(Scorer("mleague"), [DEALER, PINFU, SEAT2, SEAT3], draws="1s")
    play.state.melds[1] = [kan("1111m"), kan("2222m")]
    play.state.melds[2] = [kan("3333m"), kan("4444m")]
    assert after_discard(play.rules, play.state) is None


# -- kuikae ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("level, banned", [("forbidden", "7s4s"), ("same_kind", "7s"), ("allowed", "")])
def test_kuikae_levels(level, banned):
    scorer = Scorer(Scorer("tenhou").ruleset.with_flags(kuikae=level))
    play = round_play(scorer, [DEALER, PINFU, SEAT2, SEAT3], draws="1s")
    chi = Action(ActionKind.CHI, s("7s"), parse_tiles("56s"))  # 7s called on 56s: 4s is the other end
    assert kuikae_after(play.rules, chi) == {t.index for t in parse_tiles(banned)} if banned else not kuikae_after(play.rules, chi)


# -- the game's end --------------------------------------------------------------------------------------

def settled(outcome: Outcome, repeats: bool) -> RoundSettlement:
    return RoundSettlement((), (0, 0, 0, 0), 0, 0, repeats, outcome)


WIN, DRAW = Outcome.WIN, Outcome.EXHAUSTIVE
TOP_DEALER = [20000, 21000, 24000, 35000]  # seat 3 deals South 4 and is first
LOW = [24000, 25000, 26000, 25000]  # nobody at 30,000


@pytest.mark.parametrize("ruleset, scores, outcome, repeats, wind, number, want", [
    # Tenhou (the manual, and its records: tests/test_legal.py): the last dealer stops after a win in first place
    ("tenhou", TOP_DEALER, WIN, True, 1, 3, GameEnd.DEALER_STOP),
    # and after a tenpai draw since June 2010 (Tenhou's blog of 2010-05-18, "ラス親トップの自動聴牌止め導入")
    ("tenhou", TOP_DEALER, DRAW, True, 1, 3, GameEnd.DEALER_STOP),
    ("tenhou", LOW, WIN, True, 1, 3, None),  # first below 30,000: on
    ("tenhou", LOW, WIN, False, 1, 3, None),  # nobody at 30,000 after South 4: into West
    ("tenhou", TOP_DEALER, WIN, False, 1, 3, GameEnd.LAST_HAND),
    # West (hagurin-tenhou.com on 西入; jkaljsoiw.hatenablog.com of 2023-04-21 on the manual's sudden death):
    # a hand that leaves anybody at 30,000 ends the game, the dealer passing (noten payments too)
    ("tenhou", [20000, 20000, 29000, 31000], DRAW, False, 2, 0, GameEnd.SUDDEN_DEATH),
    ("tenhou", [20000, 20000, 29000, 31000], WIN, False, 2, 1, GameEnd.SUDDEN_DEATH),
    # but a dealer in tenpai and not first repeats though another player has 30,000 (this ended before)
    ("tenhou", [20000, 20000, 29000, 31000], DRAW, True, 2, 0, None),
    # and so does a dealer who wins and is not first (a double ron lifting another player to 30,000)
    ("tenhou", [20000, 20000, 29000, 31000], WIN, True, 2, 0, None),
    # a repeating dealer first at 30,000 stops, after a win or a tenpai draw
    ("tenhou", [31000, 20000, 29000, 20000], DRAW, True, 2, 0, GameEnd.DEALER_STOP),
    ("tenhou", [31000, 20000, 29000, 20000], WIN, True, 2, 0, GameEnd.DEALER_STOP),
    ("tenhou", LOW, WIN, True, 2, 3, None),  # West 4, the dealer repeats, nobody there yet
    ("tenhou", LOW, WIN, False, 2, 3, GameEnd.EXTRA_WIND_OVER),  # West 4 over: the end at last
    ("tenhou", [20000, 31000, 29000, 20000], DRAW, True, 2, 3, None),  # West 4's repeats are played (no North)
    ("tenhou", TOP_DEALER, WIN, False, 0, 3, None),  # East 4 of a hanchan
    ("tenhou", [-100, 40000, 30100, 30000], WIN, False, 0, 1, GameEnd.BUST),
    # M.League: East and South only, no bust
    ("mleague", LOW, WIN, False, 1, 3, GameEnd.LAST_HAND),
    ("mleague", [-100, 40000, 30100, 30000], WIN, False, 0, 1, None),
])
def test_game_end(ruleset, scores, outcome, repeats, wind, number, want):
    rules = Scorer(ruleset).rules
    dealer = number  # seat 0 dealt first
    assert game_end(rules, scores, settled(outcome, repeats), wind=wind, number=number, dealer=dealer,
                    first_dealer=0) is want


@pytest.mark.parametrize("flags, scores, want", [
    # Tenhou, Mahjong Soul and 電脳麻将 end a game below 0 only: a player at exactly 0 plays on
    # (majiang-core's Game.last: "defen[id] < 0 && this._rule['トビ終了あり']")
    ({}, [0, 40000, 30000, 30000], None),
    ({}, [-100, 40100, 30000, 30000], GameEnd.BUST),
    # a parlour's 0点でトビ ("持ち点0点でトビ終了になります", mahjong-cafe.com's rules of 四季): 0 ends it too
    ({"bust_at_zero": True}, [0, 40000, 30000, 30000], GameEnd.BUST),
    ({"bust_at_zero": True}, [-100, 40100, 30000, 30000], GameEnd.BUST),
    ({"bust_at_zero": True}, [100, 39900, 30000, 30000], None),
    ({"bust_at_zero": True, "bust_ends_game": False}, [0, 40000, 30000, 30000], None),  # no bust at all
])
def test_a_score_of_zero_ends_the_game_where_the_ruleset_says(flags, scores, want):
    rules = Scorer("tenhou").with_flags(**flags).rules
    # East 2: nothing but a bust ends the game here
    assert game_end(rules, scores, settled(WIN, False), wind=0, number=1, dealer=1, first_dealer=0) is want


@pytest.mark.parametrize("log_id, ends", [
    # the four games of tests/data/tenhou-mjlog that reach West, each West hand and how the game goes on
    # (None) or ends after it, as Tenhou's records show: W1, seat 3's tsumo leaves it at 33,500 (May 2010)
    ("2010050507gm-00a9-0000-f13f215d", [("W1", GameEnd.SUDDEN_DEATH)]),
    # W1 and W2 leave nobody at 30,000; W3, a draw with the dealer (seat 2) in tenpai and first at 31,000
    ("2015060814gm-0029-0000-f1ac5f4d", [("W1", None), ("W2", None), ("W3", GameEnd.DEALER_STOP)]),
    # W1, a draw, the dealer noten: the deal passes; W3, seat 1's ron busts the dealer (-8,000)
    ("2018120719gm-00a9-0000-f41035fe", [("W1", None), ("W2-1", None), ("W3", GameEnd.BUST)]),
    # W4-1, the dealer's tsumo (28,200, nobody at 30,000): W4's repeat is played, no North; W4-2 ends it
    ("2021041720gm-00a9-0000-f3b19e15", [("W1", None), ("W2", None), ("W3", None), ("W4-1", None),
                                         ("W4-2", GameEnd.EXTRA_WIND_OVER)]),
])
def test_tenhou_games_that_reach_west_end_where_their_records_end_them(log_id, ends):
    from pathlib import Path

    from mjrules.records.read import read_game
    from mjrules.records.replay import record_ruleset
    from mjrules.game.settlement import settle_round
    path = next((Path(__file__).parent / "data" / "tenhou-mjlog").glob(f"{log_id}*.mjlog"))
    game = read_game(str(path))
    ruleset = record_ruleset(game)
    assert ruleset is not None
    scorer = Scorer(ruleset)
    got = []
    for i, rnd in enumerate(game.rounds):
        paid = settle_round(rnd, scorer)
        after = game.rounds[i + 1].scores if i + 1 < len(game.rounds) else game.final
        assert after is not None
        if rnd.wind == 2:
            got.append((rnd.label, game_end(scorer.rules, after, paid, wind=rnd.wind, number=rnd.number,
                                            dealer=rnd.dealer, first_dealer=game.rounds[0].dealer)))
    assert got == ends


def test_tenpai_stop_and_tonpuu_are_flags():
    rules = Scorer(Scorer("tenhou").ruleset.with_flags(last_dealer_stop="win_or_tenpai", game_length="tonpuu")).rules
    assert game_end(rules, [20000, 21000, 24000, 35000], settled(DRAW, True), wind=0, number=3, dealer=3,
                    first_dealer=0) is GameEnd.DEALER_STOP
    # Tenhou before June 2010 (mjrules.records.tenhou_rules gives such records "win"): the dealer plays on
    rules = Scorer(Scorer("tenhou").ruleset.with_flags(last_dealer_stop="win")).rules
    assert game_end(rules, TOP_DEALER, settled(DRAW, True), wind=1, number=3, dealer=3, first_dealer=0) is None


@pytest.mark.parametrize("ruleset", ["tenhou", "mleague"])
def test_played_games_end_as_the_rule_says_and_replay(ruleset):
    scorer = Scorer(ruleset)
    for seed in range(4):
        game = Table(scorer, [Greedy() for _ in range(4)]).play(f"end{seed}")
        last = game.rounds[-1]
        assert game.end is game_end(scorer.rules, [a + b for a, b in zip(last.deal.scores, last.settlement.payments)],
                                    last.settlement, wind=last.deal.wind, number=last.deal.number,
                                    dealer=last.deal.dealer, first_dealer=0)
        if ruleset == "mleague":  # no West, no bust: South 4 is the last hand
            assert all(r.deal.wind <= 1 for r in game.rounds) and game.end in (GameEnd.LAST_HAND, GameEnd.DEALER_STOP)
        assert_replays(game, ruleset)


# -- simulate's rows and figures of the game's end -----------------------------------------------------

@pytest.mark.parametrize("name", ["games.jsonl", "games.csv", "games.parquet"])
def test_simulate_writes_a_row_a_game(tmp_path, capsys, name):
    from mjrules.cli import main

    out = tmp_path / name
    argv = ["simulate", "--rulesets", "tenhou,mleague", "--games", "3", "--seed", "rows", "--json", "--output", str(out)]
    assert main(argv) == 0
    figures = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    if name.endswith(".jsonl"):
        rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    elif name.endswith(".csv"):
        import csv

        rows = list(csv.DictReader(out.open(encoding="utf-8", newline="")))
        for r in rows:
            r["rounds"], r["game"] = int(r["rounds"]), int(r["game"])
            r["final"] = [int(x) for x in r["final"].split()]
    else:
        import pyarrow.parquet as pq  # the parquet extra, in the README's test install
        rows = pq.read_table(out).to_pylist()
    assert [(r["ruleset"], r["game"]) for r in rows] == [(n, g) for n in ("tenhou", "mleague") for g in range(3)]
    assert [f["ruleset"] for f in figures] == ["tenhou", "mleague", "mleague - tenhou"]
    for f in figures[:2]:  # the rows add up to the figures
        mine = [r for r in rows if r["ruleset"] == f["ruleset"]]
        assert sum(r["rounds"] for r in mine) == f["rounds"]
        rounds = sum(int(r["rounds"]) for r in mine)
        assert round(sum(int(r["calls"]) for r in mine) / rounds, 4) == f["calls_per_round"]
        assert round(sum(int(r["deal_ins"]) for r in mine) / (4 * rounds), 4) == f["deal_in_rate"]
        assert all(sum(r["final"]) == 100_000 for r in mine)  # four players' 25,000, sticks paid out
        ends = {r["end"] for r in mine}
        assert set(f["ends"]) == ends and abs(sum(f["ends"].values()) - 1) < 1e-9


def test_a_record_names_the_length_only_when_the_table_plays_another_than_the_rulesets(tmp_path):
    from mjrules.records.read import read_game
    from mjrules.records.replay import record_ruleset

    scorer = Scorer("tenhou")
    short = Table(scorer, [Greedy() for _ in range(4)], length=GameLength.TONPUU).play("len")
    start = json.loads(short.record.splitlines()[0])
    assert start["length"] == "tonpuu" and start["wall_seed"] == "len"
    game = read_game("short.mjson", short.record.encode())
    assert game.rules == (("game_length", "tonpuu"),)
    assert Scorer(record_ruleset(game)).rules.round.game_length == "tonpuu"
    whole = Table(scorer, [Greedy() for _ in range(4)]).play("len")
    assert "length" not in json.loads(whole.record.splitlines()[0])
    assert read_game("whole.mjson", whole.record.encode()).rules == ()
