"""The table (issue 27): games played under a ruleset, refused actions, and their mjai records."""

from __future__ import annotations

import csv
import io
import json
import random
import sys
from collections import Counter
from pathlib import Path

import pytest

from mjrules.cli import main
from mjrules.game.record import Deal
from mjrules.game.actions import PASS, RON, Action, ActionKind, IllegalAction
from mjrules.game.view import View
from mjrules.table.players import Greedy, Tsumogiri, make_player
from mjrules.records.read import read_game
from mjrules.records.replay import Replayer
from mjrules.rules.rules import GameLength
from mjrules.table.events import seen_by
from mjrules.table.game import Table, ask
from mjrules.records.mjai_write import mjai_event
from mjrules.game.play import RoundPlay
from mjrules.game.wall import Wall, tile_set
from mjrules.table.wall import seeded_wall
from mjrules.errors import MjrulesError
from mjrules.rules.ruleset import load_ruleset
from mjrules.model.tiles import tile
from mjrules.notation import parse_tiles
from mjrules.scoring.scorer import Scorer
from helpers import hand_wall
from mjrules.game.moves import kuikae_after, legal_own, legal_reactions, refuse_own, refuse_reaction


@pytest.fixture(scope="module")
def tenhou() -> Scorer:
    return Scorer("tenhou")


def greedy_table(scorer: Scorer, length: GameLength = GameLength.TONPUU) -> Table:
    return Table(scorer, [Greedy() for _ in range(4)], length=length)


# -- the wall -------------------------------------------------------------------------------------


def test_a_seeded_wall_is_the_ruleset_set_in_an_order_fixed_by_the_seed(tenhou):
    wall = seeded_wall(tenhou.rules.tiles, "7/0")
    assert Counter(wall.tiles) == Counter(tile_set(tenhou.rules.tiles))
    assert sum(t.red for t in wall.tiles) == 3  # tenhou: one red five a suit
    assert wall == seeded_wall(tenhou.rules.tiles, "7/0")
    assert wall != seeded_wall(tenhou.rules.tiles, "7/1")
    # a set without red fives: the same kinds in the same places
    plain = seeded_wall(Scorer("ema2016").rules.tiles, "7/0")
    assert [t.index for t in plain.tiles] == [t.index for t in wall.tiles]


def test_the_wall_layout(tenhou):
    wall = seeded_wall(tenhou.rules.tiles, "layout")
    t = wall.tiles
    assert wall.hand(1) == t[13:26] and wall.live(4, 0) == t[52]
    assert [wall.replacement(k) for k in range(4)] == list(t[-14:-10])
    assert [wall.indicator(k) for k in range(5)] == list(t[-10:-5]) and [wall.ura(k) for k in range(5)] == list(t[-5:])
    # from the fifth replacement on (kans and kita at three players) the live wall's end tops it up
    assert [wall.replacement(k) for k in (4, 5)] == [t[-15], t[-16]]


def test_a_wall_refuses_a_fifth_copy_or_a_short_set():
    with pytest.raises(MjrulesError, match="136 tiles"):
        Wall(parse_tiles("123m"))
    with pytest.raises(MjrulesError, match="four of each"):
        Wall([tile(0)] * 5 + [tile(i % 34) for i in range(131)])


# -- whole games ----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_game_is_the_same_for_the_same_seed(tenhou, seed):
    a = greedy_table(tenhou).play(seed)
    b = greedy_table(tenhou).play(seed)
    assert a.record == b.record and a.final == b.final
    assert a.record != greedy_table(tenhou).play(seed + 100).record


@pytest.mark.parametrize("ruleset", ["tenhou", "mleague", "ema2016"])
@pytest.mark.parametrize("seed", [3, 4])
def test_points_are_conserved_round_by_round(ruleset, seed):
    scorer = Scorer(ruleset)
    game = greedy_table(scorer).play(seed)
    start = scorer.rules.placing.start * 4
    for rnd in game.rounds:  # what the players hold and the sticks on the table
        assert sum(rnd.deal.scores) + 1000 * rnd.deal.sticks == start, rnd.label
    last = game.rounds[-1]
    after = sum(last.deal.scores) + sum(last.settlement.payments) + 1000 * last.settlement.sticks
    assert after == start
    lost = 0 if scorer.rules.round.leftover_sticks == "top" else 1000 * last.settlement.sticks
    assert sum(game.final) == start - lost


@pytest.mark.parametrize("ruleset", ["tenhou", "mleague", "ema2016", "majiang"])
@pytest.mark.parametrize("seed", [5, 6, 7])
def test_every_record_replays_to_the_same_scores(tmp_path, ruleset, seed):
    game = greedy_table(Scorer(ruleset), GameLength.HANCHAN if seed == 5 else GameLength.TONPUU).play(seed)
    path = tmp_path / "game.mjson"
    path.write_text(game.record, encoding="utf-8")
    read = read_game(str(path))
    assert read.ruleset == ruleset  # the record names its ruleset: replay needs no --ruleset
    rep = Replayer(ruleset).replay(read)
    assert rep.final == game.final and rep.final_agree is True
    assert rep.flow_notes == ()
    assert rep.checks and all(c.agree and c.checked for c in rep.checks), [c.differs for c in rep.checks]
    assert len(rep.checks) == sum(1 for r in game.rounds for w in r.settlement.wins if w.result is not None)
    assert rep.points == game.points


def test_replay_reads_the_records_back_from_the_command_line(tmp_path, capsys, tenhou):
    for seed in range(3):
        (tmp_path / f"g{seed}.mjson").write_text(greedy_table(tenhou).play(seed).record, encoding="utf-8")
    assert main(["replay", str(tmp_path), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])["summary"]
    assert summary["games"] == 3 and summary["final_agree"] == 3 and summary["agree"] == summary["wins"] > 0


def test_tsumogiri_players_never_win_and_the_game_runs_its_course(tenhou):
    game = Table(tenhou, [Tsumogiri() for _ in range(4)]).play(11)
    assert all(not r.settlement.wins for r in game.rounds)
    assert len(game.rounds) >= 8  # a hanchan: eight rounds at least
    assert sum(game.final) == 100_000


def test_a_game_ends_on_a_bust_when_the_ruleset_says_so():
    busted = []
    for seed in range(12):
        game = greedy_table(Scorer("tenhou"), GameLength.HANCHAN).play(seed)
        if game.busted:
            busted.append(game)
            assert min(game.final) < 0
    assert busted, "some of twelve greedy hanchan end on a bust"


def assert_replays(game, ruleset: str = "tenhou") -> None:
    """The game's record replays to its scores, every win agreeing."""
    rep = Replayer(ruleset).replay(read_game("game.mjson", game.record.encode()))
    assert rep.final == game.final and rep.final_agree and not rep.flow_notes
    assert all(c.agree for c in rep.checks)


@pytest.mark.parametrize("ruleset", ["tenhou-sanma", "mahjongsoul-sanma"])
@pytest.mark.parametrize("seed", [8, 9])
def test_three_players_play_set_norths_aside_and_replay(ruleset, seed):
    scorer = Scorer(ruleset)
    game = Table(scorer, [Greedy() for _ in range(3)], length=GameLength.TONPUU).play(seed)
    assert all(len(r.deal.hands) == 3 for r in game.rounds)
    assert sum(game.final) == 3 * scorer.rules.placing.start
    dealt = [t for r in game.rounds for h in r.deal.hands for t in h]
    assert not any(t.index in range(1, 8) for t in dealt)  # no 2m-8m in the 108 tiles
    events = [json.loads(line) for line in game.record.splitlines()]
    assert not any(e["type"] == "chi" for e in events)
    assert any(e["type"] == "nukidora" for e in events)  # greedy sets every North aside
    assert_replays(game, ruleset)


def test_a_ron_on_a_north_set_aside_in_the_first_go_around_after_riichi_pays_ippatsu():
    # Seat 1 declares riichi waiting on North alone; seat 2 draws North and sets it aside; seat 1 rons
    # it. Robbing the North is not chankan and does not end the ippatsu, as robbing a kan does not
    # (reference/rulesets.md, sanma: real 2026 phoenix sanma wins list ippatsu on such a ron). Double
    # riichi (its first discard) and ippatsu, 40 fu (a closed ron 30 + the tanki 2, rounded up), no
    # dora or ura: 3 han 40 fu, 5,200 from the North's owner.
    scorer = Scorer("tenhou-sanma")
    wall = hand_wall(["1m9m1p8p9p9s1235677z", "123p456p789s111s4z", "1m9m1s2s3s8s4p5p6p7p9p5z6z"], draws="2z9m4z",
                     dead="6p6p7p7p" + "1z8p8p2s2s" + "5s5s5s3s3s")
    dealer = Plan(own=(Action(ActionKind.DISCARD, s("2z")),))
    seat1 = Plan(own=(Action(ActionKind.RIICHI, s("9m")),))
    seat2 = Plan(own=(Action(ActionKind.KITA, s("4z")),))
    game = Table(scorer, [dealer, seat1, seat2], length=GameLength.TONPUU).play(
        "kita", walls=lambda k: wall if k == 0 else seeded_wall(scorer.rules.tiles, f"n/{k}"))
    first = game.rounds[0].settlement
    (win,) = first.wins
    assert win.record.discarder == 2 and win.record.hand.win_tile == s("4z") and not win.win.chankan
    assert sorted(y.id for y in win.result.yaku) == ["double_riichi", "ippatsu"] and win.result.fu == 40
    assert first.payments == (0, 5200, -5200)  # the stick came back at the win
    assert_replays(game, "tenhou-sanma")


def test_no_chi_at_three_players():
    play = round_play(Scorer("tenhou-sanma"), ["1p1p9p9p1s2s3s4s5s6s7s8s9s", "1p1p9p9p1s2s3s4s5s6s7s8s9s",
                                               "1z1z1z2z2z2z3z3z3z4z5z6z7z"], draws="5z")
    play.draw(0, False)
    play.discard(0, Action(ActionKind.DISCARD, s("4s")))
    chi = Action(ActionKind.CHI, s("4s"), parse_tiles("23s"))
    assert refuse_reaction(play, 1, chi, 0, s("4s"), False) == "no chi at a three-player table"
    assert all(a.kind is not ActionKind.CHI for a in legal_reactions(play, 1, 0, s("4s"), False))


class Caller(Greedy):
    """Greedy, but declares every kan it may and calls a third of the chi and pon it may (seeded):
    the paths greedy leaves untrodden."""

    def __init__(self, seed: str) -> None:
        self.random = random.Random(seed)

    def act(self, view: View) -> Action:
        wins = [a for a in view.legal if a.kind in (ActionKind.TSUMO, ActionKind.RON)]
        kans = [a for a in view.legal if a.kind in (ActionKind.ANKAN, ActionKind.KAKAN, ActionKind.DAIMINKAN)]
        calls = [a for a in view.legal if a.kind in (ActionKind.CHI, ActionKind.PON)]
        if wins or kans:
            return (wins or kans)[0]
        if calls and self.random.random() < 0.3:
            return self.random.choice(calls)
        return super().act(view)


@pytest.mark.parametrize("ruleset", ["tenhou", "majiang", "tenhou-sanma"])
def test_games_full_of_calls_and_kans_replay(ruleset):
    scorer = Scorer(ruleset)
    kinds: Counter[str] = Counter()
    for seed in range(3):
        game = Table(scorer, [Caller(f"{seed}-{i}") for i in range(scorer.players)], length=GameLength.TONPUU).play(seed)
        kinds.update(json.loads(line)["type"] for line in game.record.splitlines())
        assert_replays(game, ruleset)
    assert kinds["pon"] and kinds["daiminkan"] + kinds["kakan"] + kinds["ankan"] and kinds["dora"]
    assert bool(kinds["chi"]) == (scorer.players == 4)


# -- a dealt situation, by hand ------------------------------------------------------------------

PINFU = "123m678m234p56s99p"
"""Seat 1's hand: pinfu, waiting on 4s or 7s (no tanyao, no ittsu, no sanshoku, no iipeikou)."""
DEALER = "9m1p8p9s7s12345677z"
SEAT2 = "45m8m8m567s223344z"
SEAT3 = "1s1s2s3s8s9s1m4p5p6p7p9m7z"


class Script:
    """Plays the actions given, one each turn it is asked on; then as tsumogiri. It lets every
    tile on offer go by."""

    def __init__(self, *actions: Action) -> None:
        self.actions = list(actions)
        self.views: list[View] = []

    def act(self, view: View) -> Action:
        self.views.append(view)
        if view.offered is not None:
            return PASS
        if self.actions:
            return self.actions.pop(0)
        return Tsumogiri().act(view)


def s(text: str):
    (t,) = parse_tiles(text)
    return t


def test_a_dealt_pinfu_ron_pays_1000(tenhou):
    wall = hand_wall([DEALER, PINFU, SEAT2, SEAT3], draws="1s")
    dealer = Script(Action(ActionKind.DISCARD, s("7s")))
    table = Table(tenhou, [dealer, Greedy(), Tsumogiri(), Tsumogiri()], length=GameLength.TONPUU)
    game = table.play("hand", walls=lambda k: wall if k == 0 else seeded_wall(tenhou.rules.tiles, f"x/{k}"))
    first = game.rounds[0].settlement
    # pinfu, closed ron: 1 han 30 fu, a non-dealer's ron 1,000 (rule reference: the point table)
    (win,) = first.wins
    assert win.result.han == 1 and win.result.fu == 30 and [y.id for y in win.result.yaku] == ["pinfu"]
    assert first.payments == (-1000, 1000, 0, 0)
    assert not first.dealer_repeats and first.honba == 0
    hora = next(json.loads(line) for line in game.record.splitlines() if '"hora"' in line)
    assert hora["actor"] == 1 and hora["target"] == 0 and hora["pai"] == "7s" and hora["deltas"] == [-1000, 1000, 0, 0]
    assert game.rounds[1].deal.scores == (24000, 26000, 25000, 25000) and game.rounds[1].deal.dealer == 1
    assert_replays(game)


@pytest.mark.parametrize("ruleset, payments", [
    ("tenhou", (-1300, 2700, -700, -700)),  # after_discard: the rinshan win does not see the kan dora
    ("mleague", (-2600, 5200, -1300, -1300)),  # immediate: it does, one dora more
])
def test_the_kan_dora_of_a_daiminkan_is_seen_by_its_rinshan_win_as_the_ruleset_says(ruleset, payments):
    # the dealer throws 5z; seat 1 calls a daiminkan of haku and draws 9p from the dead wall, its
    # tanki. Haku 1, rinshan 1; 20 fu + tsumo 2 + an open honour kan 16 + tanki 2 = 40 fu.
    # The kan's indicator 8s makes 9s dora: 2 han 40 fu (700/1300) or 3 han 40 fu (1300/2600).
    scorer = Scorer(ruleset)
    wall = hand_wall([DEALER, "555z123m456p789s9p", SEAT2, SEAT3], draws="1s",
                     dead="9p1p1p1p" + "1z8s6z6z6z" + "8p8p8p3p4m")
    dealer = Plan(own=(Action(ActionKind.DISCARD, s("5z")),))
    seat1 = Plan(react=(Action(ActionKind.DAIMINKAN, s("5z"), parse_tiles("555z")),))
    table = Table(scorer, [dealer, seat1, Tsumogiri(), Tsumogiri()], length=GameLength.TONPUU)
    game = table.play("kan", walls=lambda k: wall if k == 0 else seeded_wall(scorer.rules.tiles, f"k/{k}"))
    (win,) = game.rounds[0].settlement.wins
    assert win.win.rinshan and win.result.fu == 40
    assert sorted(y.id for y in win.result.yaku) == ["dora", "haku", "rinshan"][ruleset == "tenhou":]
    assert game.rounds[0].settlement.payments == payments
    assert_replays(game, ruleset)


@pytest.mark.parametrize("hands, payments, repeats", [
    ([DEALER, PINFU, SEAT2, SEAT3], (-1000, 3000, -1000, -1000), False),  # seat 1 alone in tenpai
    ([PINFU, DEALER, SEAT2, SEAT3], (3000, -1000, -1000, -1000), True),  # the dealer in tenpai deals again
])
def test_an_exhaustive_draw_pays_the_noten_players_3000_in_all(tenhou, hands, payments, repeats):
    # tsumogiri players keep the hands they were dealt to the end of the wall
    wall = hand_wall(hands)
    table = Table(tenhou, [Tsumogiri() for _ in range(4)], length=GameLength.TONPUU)
    game = table.play("draw", walls=lambda k: wall if k == 0 else seeded_wall(tenhou.rules.tiles, f"d/{k}"))
    first = game.rounds[0].settlement
    assert first.outcome.value == "exhaustive" and first.payments == payments
    assert first.dealer_repeats is repeats and first.honba == 1
    assert game.rounds[1].deal.dealer == (0 if repeats else 1) and game.rounds[1].deal.honba == 1
    ryukyoku = next(json.loads(line) for line in game.record.splitlines() if '"ryukyoku"' in line)
    assert ryukyoku["tenpais"] == [p > 0 for p in payments] and ryukyoku["deltas"] == list(payments)
    assert_replays(game)


@pytest.mark.parametrize("winners, payments", [(2, (-2000, 1000, 1000, 0)), (1, (-1000, 1000, 0, 0))])
def test_two_rons_on_one_discard_are_paid_or_head_bumped_as_the_ruleset_says(tmp_path, winners, payments):
    # seats 1 and 2 both wait on 4s or 7s with pinfu (1,000 each); the dealer throws 7s. The head
    # bump (max_ron_winners = 1) gives the discard to the first in turn order from the discarder.
    path = tmp_path / "house.toml"
    path.write_text(f'name = "house"\nextends = "tenhou"\n[flags]\nmax_ron_winners = {winners}\n', encoding="utf-8")
    scorer = Scorer(load_ruleset(str(path)))
    assert scorer.rules.round.max_ron_winners == winners
    wall = hand_wall([DEALER, PINFU, "234m456p789p88s56s", SEAT3], draws="1s")
    dealer = Plan(own=(Action(ActionKind.DISCARD, s("7s")),))
    table = Table(scorer, [dealer, Greedy(), Greedy(), Tsumogiri()], length=GameLength.TONPUU, ruleset_name=str(path))
    game = table.play("two", walls=lambda k: wall if k == 0 else seeded_wall(scorer.rules.tiles, f"t/{k}"))
    first = game.rounds[0].settlement
    assert first.payments == payments
    assert [w.record.winner for w in first.wins if w.result is not None] == [1, 2][:winners]
    assert sum('"hora"' in line for line in game.record.splitlines()[:8]) == winners
    assert_replays(game, str(path))


def test_a_dealt_double_riichi_ippatsu_ron_pays_7700_and_the_stick_comes_back(tenhou):
    # seat 1 draws 9s and declares riichi on its first discard (double riichi, no call before it);
    # seats 2 and 3 throw 8s; the dealer then throws 7s
    wall = hand_wall([DEALER, PINFU, SEAT2, SEAT3], draws="1s9s8s8s9s")
    dealer = Script(Action(ActionKind.DISCARD, s("1z")), Action(ActionKind.DISCARD, s("7s")))
    table = Table(tenhou, [dealer, Greedy(), Tsumogiri(), Tsumogiri()], length=GameLength.TONPUU)
    game = table.play("ippatsu", walls=lambda k: wall if k == 0 else seeded_wall(tenhou.rules.tiles, f"i/{k}"))
    first = game.rounds[0].settlement
    (win,) = first.wins
    # double riichi 2, ippatsu 1, pinfu 1: 4 han 30 fu, a non-dealer's ron 7,700 (no kiriage at
    # Tenhou); the riichi stick is its own back
    assert [y.id for y in win.result.yaku] == ["double_riichi", "ippatsu", "pinfu"] and win.result.fu == 30
    assert win.win.riichi_sticks == 1
    assert first.payments == (-7700, 7700, 0, 0)
    events = [json.loads(line) for line in game.record.splitlines()]
    assert [e["type"] for e in events[:12]] == ["start_game", "start_kyoku", "tsumo", "dahai", "tsumo", "reach",
                                                "dahai", "reach_accepted", "tsumo", "dahai", "tsumo", "dahai"]
    hora = next(e for e in events if e["type"] == "hora")
    assert hora["deltas"] == [-7700, 8700, 0, 0]  # the deposit was taken at reach_accepted
    assert_replays(game)


class Plan(Greedy):
    """Takes the actions given when they are legal (its own turn's and its answers to a tile on
    offer, each list in order); otherwise plays its turn as greedy, and answers a tile on offer
    with a ron when it may, else lets it go."""

    def __init__(self, own: tuple[Action, ...] = (), react: tuple[Action, ...] = ()) -> None:
        self.own, self.react = list(own), list(react)

    def act(self, view: View) -> Action:
        plan = self.own if view.offered is None else self.react
        if plan and plan[0] in view.legal:
            return plan.pop(0)
        if view.offered is not None:
            return RON if RON in view.legal else PASS
        return super().act(view)


def test_a_dealt_rinshan_tsumo_after_an_ankan_is_a_dealer_mangan(tenhou):
    # the dealer draws 9p, declares an ankan of East, and draws 9p from the dead wall: tanki won
    wall = hand_wall(["1111z123m456p789s", PINFU, SEAT2, SEAT3], draws="9p",
                     dead="9p1p1p1p" + "5z5z6z6z6z" + "8p8p8p7z4m")
    dealer = Plan(own=(Action(ActionKind.ANKAN, None, parse_tiles("1111z")),))
    table = Table(tenhou, [dealer, Tsumogiri(), Tsumogiri(), Tsumogiri()], length=GameLength.TONPUU)
    game = table.play("rinshan", walls=lambda k: wall if k == 0 else seeded_wall(tenhou.rules.tiles, f"r/{k}"))
    (win,) = game.rounds[0].settlement.wins
    # menzen tsumo, rinshan, East as round and seat wind: 4 han of at least 40 fu, a mangan: 4,000 all
    assert sorted(y.id for y in win.result.yaku) == ["menzen_tsumo", "rinshan", "round_wind_east",
                                                      "seat_wind_east"]
    assert win.win.rinshan and win.result.limit == "mangan"
    assert game.rounds[0].settlement.payments == (12000, -4000, -4000, -4000)
    kinds = [json.loads(line)["type"] for line in game.record.splitlines()][:7]
    assert kinds == ["start_game", "start_kyoku", "tsumo", "ankan", "dora", "tsumo", "hora"]
    assert_replays(game)


def test_a_dealt_chankan_robs_an_added_kan(tenhou):
    # the dealer throws 4s and seat 3 pons it; seat 1 draws 6s and waits on 4s or 7s; seat 3 draws
    # the last 4s and adds it to its pon: seat 1 robs it
    wall = hand_wall(["9m1p8p9s4s12345677z", "123m678m234p5s99p7z", SEAT2, "4s4s1s2s3s8s9s1m4p5p6p7p9m"],
                     draws="1s5z6s3z4s")
    dealer = Plan(own=(Action(ActionKind.DISCARD, s("4s")), Action(ActionKind.DISCARD, s("5z"))))
    seat1 = Plan(own=(Action(ActionKind.DISCARD, s("7z")),))
    seat3 = Plan(react=(Action(ActionKind.PON, s("4s"), parse_tiles("44s")),),
                 own=(Action(ActionKind.DISCARD, s("9m")), Action(ActionKind.KAKAN, s("4s"))))
    table = Table(tenhou, [dealer, seat1, Tsumogiri(), seat3], length=GameLength.TONPUU)
    game = table.play("chankan", walls=lambda k: wall if k == 0 else seeded_wall(tenhou.rules.tiles, f"c/{k}"))
    first = game.rounds[0].settlement
    (win,) = first.wins
    # chankan and pinfu, closed ron: 2 han 30 fu, a non-dealer's ron 2,000 from the kan's maker
    assert sorted(y.id for y in win.result.yaku) == ["chankan", "pinfu"] and win.result.fu == 30
    assert first.payments == (0, 2000, 0, -2000)
    events = [json.loads(line) for line in game.record.splitlines()]
    kakan = next(i for i, e in enumerate(events) if e["type"] == "kakan")
    assert events[kakan + 1]["type"] == "hora" and events[kakan + 1]["pai"] == "4s"
    assert_replays(game)


class SeatedRound(RoundPlay):
    """A round played by ``seats`` (``run`` asks them), its events kept as mjai (``events``)."""

    def __init__(self, scorer: Scorer, seats, deal: Deal, wall: Wall) -> None:
        self.events: list[dict] = []
        self.seats = seats
        super().__init__(scorer, scorer.rules, deal, wall, "test", lambda e: self.events.append(mjai_event(e)))

    def run(self):
        return ask(self.seats, super().run())


def round_play(scorer: Scorer, hands: list[str], draws: str = "", scores=(25000,) * 4,
               players=None) -> SeatedRound:
    wall = hand_wall(hands, draws)
    n = len(hands)
    table = Table(scorer, players or [Tsumogiri() for _ in range(n)])
    deal = Deal(0, 0, 0, 0, 0, tuple(scores)[:n], wall.indicator(0), tuple(wall.hand(i) for i in range(n)))
    return SeatedRound(table.scorer, table.players, deal, wall)


def test_riichi_is_refused_with_too_few_points_or_not_tenpai(tenhou):
    play = round_play(tenhou, [DEALER, PINFU, SEAT2, SEAT3], draws="1s1s", scores=(25000, 900, 25000, 49100))
    drawn = play.draw(0, False)
    assert refuse_own(play, 0, Action(ActionKind.RIICHI, drawn), drawn) == "the hand is not tenpai after discarding 1s"
    play.discard(0, Action(ActionKind.DISCARD, s("7s")))
    drawn = play.draw(1, False)
    assert refuse_own(play, 1, Action(ActionKind.RIICHI, drawn), drawn) == \
        "riichi needs 1000 points for the stick, and it has 900"
    assert refuse_own(play, 1, Action(ActionKind.DISCARD, s("5z")), drawn) == "it does not hold 5z"
    assert Action(ActionKind.RIICHI, drawn) not in legal_own(play, 1, drawn)


def ankan_in_riichi(scorer: Scorer, hand: str, others=("678m678m234p56s99p", "45m8m8m567s223344z",
                                                        "2s2s3s3s8s9s4p5p6p7p9m7z7z")):
    """The dealer (``hand``) declares riichi on its first discard (9m), the others discard a 6z each, and
    it draws its fourth 1m: (the round, the 1m drawn, the ankan of 1m)."""
    play = round_play(scorer, [hand, *others], draws="9m6z6z6z1m")
    drawn = play.draw(0, False)
    play.discard(0, Action(ActionKind.RIICHI, drawn))
    for seat in (1, 2, 3):
        play.discard(seat, Action(ActionKind.DISCARD, play.draw(seat, False)))
    drawn = play.draw(0, False)
    return play, drawn, Action(ActionKind.ANKAN, None, parse_tiles("1111m"))


@pytest.mark.parametrize("hand, refused", [
    ("11123m456p789s55z", "in riichi an ankan may not change the waits"),  # 1m 4m 5z; after it 1m 4m
    ("111m234p567s789s5z", None),  # a 5z tanki before and after
])
def test_an_ankan_in_riichi_must_keep_the_waits(tenhou, hand, refused):
    play, drawn, ankan = ankan_in_riichi(tenhou, hand, ("234m678m234p56s99p", "45m8m8m567s223344z",
                                                        "2s2s3s3s8s9s4p5p6p7p9m7z7z"))
    assert refuse_own(play, 0, ankan, drawn) == refused
    assert (ankan in legal_own(play, 0, drawn)) == (refused is None)


def test_a_ron_in_furiten_is_refused(tenhou):
    # the dealer throws 7s; seat 1 lets it go (temporary furiten), then throws 4s, one of its own waits
    play = round_play(tenhou, [DEALER, PINFU, SEAT2, SEAT3], draws="1s4s")
    play.draw(0, False)
    play.discard(0, Action(ActionKind.DISCARD, s("7s")))
    assert refuse_reaction(play, 1, RON, 0, s("7s"), False) is None
    assert not play.passed({1: PASS, 2: PASS, 3: PASS}, s("7s"))
    assert refuse_reaction(play, 1, RON, 0, s("7s"), False) == \
        "furiten: it let a winning tile go by since its last discard (temporary furiten)"
    play.draw(1, False)
    play.discard(1, Action(ActionKind.DISCARD, s("4s")))
    assert refuse_reaction(play, 1, RON, 2, s("7s"), False) == "furiten: its own discard 4s is one of its winning tiles"
    assert RON not in legal_reactions(play, 1, 2, s("7s"), False)


def test_a_closed_kan_of_a_winning_tile_leaves_a_riichi_player_free_to_ron(tenhou):
    # Seat 1 (pinfu, waits 4s or 7s) declares riichi; the dealer then draws and declares a closed kan of
    # 4s. A closed kan cannot be robbed (chankan is on an added kan; Tenhou's manual: 国士無双 does not
    # rob an ankan either, reference/rulesets.md row 21), so no chance to win went by: seat 1 may still
    # ron the 7s seat 2 throws.
    play = round_play(tenhou, ["4444s1p8p9s123455z", PINFU, SEAT2, SEAT3], draws="1z9m6z6z7z2m7s")
    play.discard(0, Action(ActionKind.DISCARD, play.draw(0, False)))
    play.discard(1, Action(ActionKind.RIICHI, play.draw(1, False)))
    play.state.riichi_accepted(1)
    for seat in (2, 3):
        play.discard(seat, Action(ActionKind.DISCARD, play.draw(seat, False)))
    play.draw(0, False)
    assert not ask(play.seats, play.kan(0, Action(ActionKind.ANKAN, None, parse_tiles("4444s"))))
    assert play.state.furiten(1) is None
    play.discard(0, Action(ActionKind.DISCARD, play.draw(0, True)))
    play.discard(1, Action(ActionKind.DISCARD, play.draw(1, False)))
    play.discard(2, Action(ActionKind.DISCARD, play.draw(2, False)))
    assert play.state.last_discard == (2, s("7s"))
    assert refuse_reaction(play, 1, RON, 2, s("7s"), False) is None


def test_riichi_waiting_on_the_fifth_tile_of_ones_own_kan_is_tenpai(tenhou):
    # The dealer declares a closed kan of 6p and is left with 57p 123s 456s 11z: its one wait, 6p, has
    # all four copies in its kan. Tenhou's rules (tenhou.net/man, quoted in the rule list of
    # http://blog.livedoor.jp/siva0130/?p=2): 形式聴牌あり。5枚目を待つ聴牌あり(打牌選択可能な手牌で4枚使用
    # している牌を除く): a wait on a fifth tile is tenpai unless the four are among the concealed tiles.
    # RiichiEnv's Tenhou preset lets its players declare riichi here (tests/test_peers.py).
    play = round_play(tenhou, ["6666p57p123s456s1z", PINFU, SEAT2, "1s1s2s3s8s9s1m4p5p8p7p9m7z"], draws="1z")
    play.draw(0, False)
    assert not ask(play.seats, play.kan(0, Action(ActionKind.ANKAN, None, parse_tiles("6666p"))))
    drawn = play.draw(0, True)
    assert drawn.index not in (s("5p").index, s("7p").index, s("1z").index)
    assert refuse_own(play, 0, Action(ActionKind.RIICHI, drawn), drawn) is None
    # four in the concealed hand: 1111p 123s 456s 789s waits on nothing but a fifth 1p
    play = round_play(tenhou, ["1111p123s456s789s", PINFU, SEAT2, SEAT3], draws="9m")
    drawn = play.draw(0, False)
    assert refuse_own(play, 0, Action(ActionKind.RIICHI, drawn), drawn) == "the hand is not tenpai after discarding 9m"


@pytest.mark.parametrize("ruleset, furiten", [
    ("tenhou", None),  # kokushi may not rob a closed kan (row 21: Tenhou no): nothing went by
    ("mahjongsoul", "furiten: it let a winning tile go by since its last discard (temporary furiten)"),  # it may
])
def test_letting_a_closed_kan_go_by_is_furiten_only_where_kokushi_may_rob_it(ruleset, furiten):
    # seat 1 waits on haku alone with kokushi; the dealer declares a closed kan of haku and seat 1 lets it go
    play = round_play(Scorer(ruleset), ["5555z1p8p9s123667z", "19m19p19s9s123467z", SEAT2, SEAT3], draws="6z")
    play.draw(0, False)
    assert not ask(play.seats, play.kan(0, Action(ActionKind.ANKAN, None, parse_tiles("5555z"))))
    assert play.state.furiten(1) == furiten


def test_a_chi_from_another_than_the_left_player_is_refused(tenhou):
    play = round_play(tenhou, [DEALER, PINFU, SEAT2, SEAT3], draws="1s")
    play.draw(0, False)
    play.discard(0, Action(ActionKind.DISCARD, s("7s")))
    chi = Action(ActionKind.CHI, s("7s"), parse_tiles("56s"))
    assert refuse_reaction(play, 2, chi, 0, s("7s"), False) == \
        "chi only from the player on the left (seat 1), and the tile came from seat 0"
    assert refuse_reaction(play, 1, chi, 0, s("7s"), False) is None
    pon = Action(ActionKind.PON, s("7s"), parse_tiles("77s"))
    assert refuse_reaction(play, 2, pon, 0, s("7s"), False) == "it does not hold 77s"


def test_kuikae_is_refused_after_a_chi(tenhou):
    play = round_play(tenhou, [DEALER, PINFU, SEAT2, SEAT3], draws="1s")
    play.draw(0, False)
    play.discard(0, Action(ActionKind.DISCARD, s("7s")))
    chi = Action(ActionKind.CHI, s("7s"), parse_tiles("56s"))
    play.call(1, 0, chi)
    play.state.kuikae = kuikae_after(play.rules, chi)
    assert play.state.kuikae == {s("7s").index, s("4s").index}
    assert refuse_own(play, 1, Action(ActionKind.DISCARD, s("9p")), None) is None
    play.state.hands[1].append(s("4s"))  # a 4s in hand: the other end of 567s may not go either
    assert refuse_own(play, 1, Action(ActionKind.DISCARD, s("4s")), None).startswith("kuikae")


def test_an_illegal_answer_stops_the_game_naming_seat_action_and_reason(tenhou):
    wall = hand_wall([DEALER, PINFU, SEAT2, SEAT3], draws="1s")
    liar = Script(Action(ActionKind.DISCARD, s("5m")))
    table = Table(tenhou, [liar, Tsumogiri(), Tsumogiri(), Tsumogiri()])
    with pytest.raises(IllegalAction) as e:
        table.play("x", walls=lambda k: wall)
    assert e.value.seat == 0 and e.value.reason == "it does not hold 5m"
    assert str(e.value) == "seat 0: discard 5m refused: it does not hold 5m"


def test_the_view_shows_the_legal_actions_and_hides_other_hands(tenhou):
    wall = hand_wall([DEALER, PINFU, SEAT2, SEAT3], draws="1s")
    dealer = Script(Action(ActionKind.DISCARD, s("7s")))
    seat1 = Script()
    table = Table(tenhou, [dealer, seat1, Tsumogiri(), Tsumogiri()])
    table.play("v", walls=lambda k: wall if k == 0 else seeded_wall(tenhou.rules.tiles, f"v/{k}"))
    first = dealer.views[0]
    assert first.seat == 0 and first.drawn == s("1s") and len(first.concealed) == 14
    # eleven kinds of terminals and honours on the first draw, before any call: it may abort the hand
    assert {a.kind for a in first.legal} == {ActionKind.DISCARD, ActionKind.NINE_TERMINALS}
    offer = seat1.views[0]
    assert offer.offered == s("7s") and offer.offered_by == 0 and RON in offer.legal and PASS in offer.legal
    assert not hasattr(offer, "hands")


def test_actions_and_views_are_checked_when_made():
    with pytest.raises(MjrulesError, match="names tile"):
        Action(ActionKind.DISCARD)
    with pytest.raises(MjrulesError, match="takes 2 tiles"):
        Action(ActionKind.PON, s("5z"), parse_tiles("5z"))
    with pytest.raises(MjrulesError, match="scores has one entry a seat: 4, not 3"):
        View(seat=0, players=4, round_wind=0, dealer=0, honba=0, sticks=0, scores=(1, 2, 3), dora=(), concealed=(),
             drawn=None, melds=((),) * 4, rivers=((),) * 4, riichi=(False,) * 4, offered=None, offered_by=None,
             live_left=3, legal=(PASS,))


def test_players_by_name():
    assert isinstance(make_player("greedy"), Greedy)
    with pytest.raises(MjrulesError, match="tsumogiri, greedy"):
        make_player("mortal")


# -- simulate -------------------------------------------------------------------------------------


def test_simulate_is_the_same_for_any_jobs(capsys, tmp_path):
    argv = ["simulate", "--rulesets", "tenhou,mleague", "--games", "3", "--seed", "9", "--length", "tonpuu", "--json"]
    assert main(argv) == 0
    one = capsys.readouterr().out
    assert main(argv + ["--jobs", "2", "--records", str(tmp_path)]) == 0
    assert capsys.readouterr().out == one
    lines = [json.loads(x) for x in one.splitlines()]
    assert [x["ruleset"] for x in lines] == ["tenhou", "mleague", "mleague - tenhou"]  # the difference last
    assert all(x["games"] == 3 for x in lines) and lines[2]["paired"] is True
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"{r}-0000{i}.mjson" for r in ("mleague", "tenhou")
                                                          for i in range(3)]
    assert main(["replay", str(tmp_path)]) == 0
    assert "6 games" in capsys.readouterr().out


def test_simulate_text_and_progress(capsys):
    assert main(["simulate", "--rulesets", "tenhou", "--games", "1", "--length", "tonpuu"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("tenhou: 1 game,") and "yaku (share of wins)" in out
    assert main(["simulate", "--rulesets", "tenhou", "--games", "1", "--length", "tonpuu", "--progress"]) == 0
    again, err = capsys.readouterr()
    assert again == out and err == "\r1/1 games\n"


def test_simulate_csv_has_a_row_per_ruleset_and_a_column_per_yaku(capsys):
    argv = ["simulate", "--rulesets", "tenhou,tenhou-sanma", "--games", "1", "--length", "tonpuu"]
    assert main(argv + ["--json"]) == 0
    figures = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert main(argv + ["--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [r["ruleset"] for r in rows] == ["tenhou", "tenhou-sanma", "tenhou-sanma - tenhou"]
    assert rows[2]["paired"] == "False"  # three players deal other walls than four
    for row, f in zip(rows, figures):
        assert float(row["win_rate"]) == f["win_rate"] and int(row["games"]) == 1
        assert all(float(row[f"yaku:{y}"]) == share for y, share in f["yaku"].items())
    assert rows[1]["final_4"] == "" and rows[0]["final_4"] != ""  # three players have three placings


def test_simulate_plot_draws_every_ruleset(tmp_path, capsys):
    pytest.importorskip("matplotlib", reason="CI installs mjrules[plot]")
    out = tmp_path / "figures.svg"
    assert main(["simulate", "--rulesets", "tenhou,tenhou-sanma", "--games", "1", "--length", "tonpuu",
                 "--plot", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert text.lstrip().startswith("<?xml") and "tenhou-sanma" in text and "riichi" in text
    assert main(["simulate", "--rulesets", "tenhou", "--plot", str(tmp_path / "no.pdf")]) == 2
    assert "name an .svg or .png file" in capsys.readouterr().err


@pytest.mark.parametrize("argv, says", [
    (["--rulesets", "nonesuch"], "unknown ruleset 'nonesuch'"),
    (["--rulesets", "tenhou-sanma", "--players", "greedy,greedy,greedy,greedy"],
     "ruleset tenhou-sanma is for 3 players, and 4 were given"),
    (["--rulesets", "tenhou", "--players", "greedy,greedy"], "ruleset tenhou is for 4 players, and 2 were given"),
    (["--rulesets", "tenhou", "--players", "greedy,greedy,greedy,mortal"], "'mortal' is not a player"),
    (["--rulesets", "tenhou", "--games", "0"], "play at least one game"),
    (["--rulesets", "tenhou", "--json", "--csv"], "give --json or --csv, not both"),
    (["--rulesets", "tenhou", "--games", "x"], "is not a number of games 1-10000000"),
    (["--rulesets", "tenhou,tenhou", "--records", "DIR"], "the same name"),
])
def test_simulate_refuses_bad_input_in_one_line(capsys, tmp_path, argv, says):
    argv = [str(tmp_path / "r") if a == "DIR" else a for a in argv]
    assert main(["simulate", *argv]) == 2
    err = capsys.readouterr().err
    assert says in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_simulate_on_a_dask_cluster_is_the_same_as_in_one_process(capsys):
    distributed = pytest.importorskip("distributed", reason="CI installs mjrules[dask]")
    argv = ["simulate", "--rulesets", "tenhou,tenhou-sanma", "--games", "2", "--seed", "d", "--length", "tonpuu",
            "--json"]
    assert main(argv) == 0
    one = capsys.readouterr().out
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None) as cluster:
        assert main(argv + ["--scheduler", cluster.scheduler_address]) == 0
    assert capsys.readouterr().out == one


# -- an external mjai bot -------------------------------------------------------------------------

BOT = Path(__file__).resolve().parent / "mjai_bot.py"


def test_a_seat_sees_its_own_tiles_only():
    start = {"type": "start_kyoku", "tehais": [["1m"] * 13, ["2m"] * 13, ["3m"] * 13, ["4m"] * 13]}
    assert seen_by(1, start)["tehais"] == [["?"] * 13, ["2m"] * 13, ["?"] * 13, ["?"] * 13]
    assert seen_by(1, {"type": "tsumo", "actor": 2, "pai": "5m"})["pai"] == "?"
    assert seen_by(2, {"type": "tsumo", "actor": 2, "pai": "5m"})["pai"] == "5m"
    assert seen_by(3, {"type": "start_game", "names": []})["id"] == 3


def test_an_external_mjai_bot_plays_a_game_that_replays(tenhou, tmp_path):
    bot = make_player(f"mjai:{sys.executable} {BOT}")
    game = Table(tenhou, [Greedy(), bot, Greedy(), Greedy()], length=GameLength.TONPUU).play(21)
    assert bot.process is None  # closed at the game's end
    events = [json.loads(line) for line in game.record.splitlines()]
    assert all(e["tsumogiri"] for e in events if e["type"] == "dahai" and e["actor"] == 1)
    assert any(e["type"] == "dahai" and e["actor"] == 1 for e in events)
    assert_replays(game)


def test_an_mjai_bot_is_told_its_seat_in_its_command_as_mjai_app_does(tenhou):
    bot = make_player(f"mjai:{sys.executable} {BOT} --seat {{seat}}")
    game = Table(tenhou, [Greedy(), Greedy(), bot, Greedy()], length=GameLength.TONPUU).play(23)
    events = [json.loads(line) for line in game.record.splitlines()]
    assert any(e["type"] == "dahai" and e["actor"] == 2 for e in events)
    wrong = make_player(f"mjai:{sys.executable} {BOT} --seat 1")  # told seat 1, seated at 2: it says so
    with pytest.raises(MjrulesError, match="not an mjai action"):
        Table(tenhou, [Greedy(), Greedy(), wrong, Greedy()], length=GameLength.TONPUU).play(23)


def test_an_mjai_bot_riichi_is_two_answers_and_refused_when_not_tenpai(tenhou):
    bot = make_player(f"mjai:{sys.executable} {BOT} reach")
    with pytest.raises(IllegalAction) as e:
        Table(tenhou, [bot, Greedy(), Greedy(), Greedy()], length=GameLength.TONPUU).play(22)
    assert e.value.seat == 0 and e.value.action.kind is ActionKind.RIICHI
    assert e.value.reason.startswith("the hand is not tenpai after discarding")
    assert bot.process is None  # the failed game closed the bot


@pytest.mark.parametrize("command, says", [
    ("false", "exited"),  # seen when writing to it, or when reading its answer
    ("no-such-bot-command", "cannot start"),
    (f"{sys.executable} -c \"print('hello')\"", "not JSON"),
    (f"{sys.executable} -c \"print('[1]')\"", "not an mjai action"),
])
def test_a_broken_mjai_bot_is_an_error_naming_it(tenhou, command, says):
    with pytest.raises(MjrulesError, match=says):
        Table(tenhou, [make_player(f"mjai:{command}"), Greedy(), Greedy(), Greedy()]).play(1)
