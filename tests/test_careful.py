"""The ``careful`` player: positions where folding, a safe tile, a call or dama is the move people
make, whole games that are legal and replay, and its figures over 150 hanchan, which land where
ranked human play does (the last section says where the ranges come from).

Why each expected move is the right one (standard defence, as the rules make it): a riichi
player cannot ron a tile it discarded itself (furiten), nor one let go by since its riichi (it
would be furiten for the rest of the hand, and a tile it could ron was not let go); a tile whose
suji partner (three away) it discarded cannot complete a two-sided wait, which a furiten riichi
could not ron; an honour of which three copies are in sight completes only a wait on that
single tile. A hand without a yaku cannot win unless it declares riichi; a dama hand keeps its
yaku.
"""

from __future__ import annotations

import json
import os
from collections import Counter

import pytest

from mjrules.errors import MjrulesError
from mjrules.notation import parse_tiles
from mjrules.records.mjai import mjai_name
from mjrules.records.read import read_game
from mjrules.records.replay import Replayer
from mjrules.rules.rules import GameLength
from mjrules.scoring.scorer import Scorer
from mjrules.game.actions import PASS, Action, ActionKind
from mjrules.game.view import Discarded, View
from mjrules.table.game import Table
from mjrules.table.players import Careful, Greedy, make_player
from mjrules.table.simulation import Figures, Simulator
from mjrules.tools.intervals import share_interval

OPEN_YAKU = frozenset({"tanyao", "honitsu", "chinitsu", "toitoi"})


def tiles(text: str):
    return parse_tiles(text)


def view(hand: str, *, discards=(), melds=None, offered: str | None = None, offered_by: int | None = None,
         legal=None, riichi_tiles: str = "", dora: str = "6m", open_yaku=OPEN_YAKU) -> View:
    """Seat 0 (the dealer, East round) holding ``hand`` (14 tiles on its turn, the last one drawn;
    13 when a tile is ``offered``). ``discards``: (seat, tile, riichi) in the order played, the
    rivers made from them."""
    played = [Discarded(seat, tile_, False, riichi) for seat, text, riichi in discards for tile_ in tiles(text)]
    rivers = tuple(tuple(d.tile for d in played if d.seat == s) for s in range(4))
    riichi = tuple(any(d.riichi for d in played if d.seat == s) for s in range(4))
    concealed = tiles(hand)
    own = list(melds or [])
    drawn = None if offered is not None else concealed[-1]
    if legal is None:
        legal = [Action(ActionKind.DISCARD, t) for t in sorted(set(concealed), key=lambda t: t.rank)]
        legal += [Action(ActionKind.RIICHI, t) for t in tiles(riichi_tiles)]
    return View(players=4, seat=0, round_wind=0, dealer=0, honba=0, sticks=0, scores=(25000,) * 4,
                dora=tiles(dora), concealed=concealed, drawn=drawn, melds=(tuple(own), (), (), ()),
                rivers=rivers, riichi=riichi, offered=None if offered is None else tiles(offered)[0],
                offered_by=offered_by, live_left=40, legal=legal, discards=played, open_yaku=open_yaku)


# -- against a riichi ---------------------------------------------------------------------------------

FAR = "1m4m7m2p5p6p4s8s9s1z2z5z6z7z"
"""Three-shanten and more, nothing to push: a hand that folds."""


def test_it_folds_to_a_tile_the_riichi_player_discarded():
    v = view(FAR, discards=[(1, "3s", False), (1, "5p", True)])
    assert Careful().act(v) == Action(ActionKind.DISCARD, tiles("5p")[0])
    assert Greedy().act(v) != Action(ActionKind.DISCARD, tiles("5p")[0])  # building, it would keep 5p (56p)
    free = view(FAR, discards=[(1, "3s", False), (2, "5p", False)])  # no riichi: 5p is kept
    assert Careful().act(free).tile != tiles("5p")[0]


def test_a_tile_let_go_since_the_riichi_is_safe_and_one_before_it_is_not():
    # seat 2 discards 4s before seat 1's riichi, 8s after it: only 8s is safe against seat 1
    v = view(FAR, discards=[(2, "4s", False), (1, "3m", True), (2, "8s", False)])
    assert Careful().act(v).tile == tiles("8s")[0]


def test_an_honour_with_three_in_sight_then_suji_then_the_rest():
    # seat 1 in riichi with 4s in its river: 1s is suji; three 6z are in sight (one held, two let go by
    # seats 2 and 3 before the riichi, so not safe as passed tiles)
    hand = "1m4m7m2p5p9p1s8s9s1z2z3z6z7z"
    before = [(2, "6z", False), (3, "6z", False)]
    v = view(hand, discards=[*before, (1, "4s", True)])
    assert Careful().act(v).tile == tiles("6z")[0]
    without = view(hand.replace("6z", "5p"), discards=[*before, (1, "4s", True)])
    assert Careful().act(without).tile == tiles("1s")[0]  # suji 1s before honours nobody shows and middle tiles


def test_a_closed_tenpai_hand_pushes_against_a_riichi():
    # 123m 456m 789p 33s 45s + 9s drawn: tenpai on 3-6s after discarding 9s, which seat 1 never showed;
    # folding would discard 3m, its genbutsu, and break the hand
    v = view("1m2m3m4m5m6m7p8p9p3s3s4s5s9s", discards=[(1, "3m", True)], riichi_tiles="9s")
    assert Careful(Scorer("tenhou")).act(v).tile == tiles("9s")[0]


# -- calls ------------------------------------------------------------------------------------------


def test_it_pons_a_yakuhai_and_not_a_tile_without_a_yaku():
    legal = [PASS, Action(ActionKind.PON, tiles("7z")[0], tiles("7z7z"))]
    v = view("1m2m4p5p9p3s4s7s9s7z7z1z2z", offered="7z", offered_by=2, legal=legal)
    assert Careful().act(v).kind is ActionKind.PON
    legal = [PASS, Action(ActionKind.PON, tiles("9m")[0], tiles("9m9m"))]
    v = view("1m9m9m4p5p9p3s4s7s9s1z2z3z", offered="9m", offered_by=2, legal=legal)
    assert Careful().act(v) == PASS  # terminals, honours and three suits: no yaku an open hand keeps


def test_it_calls_chi_for_tanyao_only_where_the_ruleset_counts_it_open():
    # 234m 56m 345p 67p 44s 8s, one-shanten; chi 7m (from the left, seat 3) leaves it tenpai after 8s
    chi = Action(ActionKind.CHI, tiles("7m")[0], tiles("5m6m"))
    hand = "2m3m4m5m6m3p4p5p6p7p4s4s8s"
    kuitan = view(hand, offered="7m", offered_by=3, legal=[PASS, chi])
    assert Careful().act(kuitan) == chi
    closed_only = view(hand, offered="7m", offered_by=3, legal=[PASS, chi], open_yaku=OPEN_YAKU - {"tanyao"})
    assert Careful().act(closed_only) == PASS


def test_it_calls_nothing_against_a_riichi_short_of_tenpai():
    chi = Action(ActionKind.CHI, tiles("7m")[0], tiles("5m6m"))
    hand = "2m3m4m5m6m3p4p9p6p7p4s4s8s"  # two-shanten: the chi leaves it one-shanten
    free = view(hand, offered="7m", offered_by=3, legal=[PASS, chi])
    assert Careful().act(free) == chi
    threatened = view(hand, discards=[(1, "1z", True)], offered="7m", offered_by=3, legal=[PASS, chi])
    assert Careful().act(threatened) == PASS


# -- riichi or dama ----------------------------------------------------------------------------------


def test_riichi_without_a_yaku_and_dama_with_three_han():
    # 123m 789m 456p 44z 79s + 5z: after 5z, a closed kanchan on 8s with no yaku (North is no yakuhai
    # for the East seat): riichi
    tenhou = Scorer("tenhou")  # the yaku of each wait as the ruleset's Scorer counts them
    no_yaku = view("1m2m3m7m8m9m4p5p6p4z4z7s9s5z", riichi_tiles="5z")
    assert Careful(tenhou).act(no_yaku) == Action(ActionKind.RIICHI, tiles("5z")[0])
    # 234m 067m 345p 66s 78s + 1z: pinfu on 6-9s (tanyao on 6s), with the dora 2m (indicator 1m) and
    # a red five: three han without riichi: dama
    rich = view("2m3m4m0m6m7m3p4p5p6s6s7s8s1z", riichi_tiles="1z", dora="1m")
    assert Careful(tenhou).act(rich) == Action(ActionKind.DISCARD, tiles("1z")[0])
    cheap = view("2m3m4m5m6m7m3p4p5p6s6s7s8s1z", riichi_tiles="1z", dora="9p")  # pinfu alone: riichi
    assert Careful(tenhou).act(cheap) == Action(ActionKind.RIICHI, tiles("1z")[0])


def test_dama_counts_every_yaku_the_ruleset_scores():
    # 123m 456m 789m 55p 34s + 9p: ittsu (2 han closed), which the old quick look did not see, on a
    # ryanmen 2-5s: with ittsu and pinfu on both waits (three han), the hand stays quiet
    ittsu = view("1m2m3m4m5m6m7m8m9m5p5p3s4s9p", riichi_tiles="9p")
    assert Careful(Scorer("tenhou")).act(ittsu) == Action(ActionKind.DISCARD, tiles("9p")[0])


def test_careful_without_a_scorer_says_how_to_give_it_one():
    with pytest.raises(MjrulesError, match="seat it at a Table, or give it one"):
        Careful().act(view("1m2m3m7m8m9m4p5p6p4z4z7s9s5z", riichi_tiles="5z"))


# -- at the table -------------------------------------------------------------------------------------


class Watching(Careful):
    """A careful player that keeps every view it is shown."""

    def __init__(self) -> None:
        self.views: list[View] = []

    def act(self, view: View) -> Action:
        self.views.append(view)
        return super().act(view)


def test_the_view_shows_the_discards_in_order_and_the_open_yaku_of_the_ruleset():
    for ruleset, kuitan in (("tenhou", True), ("tenhou-nokuitan", False)):
        me = Watching()
        game = Table(Scorer(ruleset), [me, Careful(), Careful(), Careful()], length=GameLength.TONPUU).play(5)
        rounds: list[list[tuple[int, str, bool, bool]]] = []  # each round's dahai as the record has them
        riichi = False
        for e in (json.loads(line) for line in game.record.splitlines()):
            if e["type"] == "start_kyoku":
                rounds.append([])
            elif e["type"] == "reach":
                riichi = True
            elif e["type"] == "dahai":
                rounds[-1].append((e["actor"], e["pai"], e["tsumogiri"], riichi))
                riichi = False
        for v in me.views:
            shown = [(d.seat, mjai_name(d.tile), d.tsumogiri, d.riichi) for d in v.discards]
            assert any(shown == rnd[:len(shown)] for rnd in rounds)
            assert ("tanyao" in v.open_yaku) is kuitan and "honitsu" in v.open_yaku and "pinfu" not in v.open_yaku
        last = [d for v in me.views for d in v.discards]
        assert any(d.riichi for d in last) and any(d.tsumogiri for d in last) and not all(d.tsumogiri for d in last)


@pytest.mark.parametrize("seed", ["careful-0", "careful-1"])
def test_careful_games_are_legal_and_replay(seed):
    scorer = Scorer("tenhou")
    game = Table(scorer, [make_player("careful") for _ in range(4)], length=GameLength.HANCHAN).play(seed)
    rep = Replayer("tenhou").replay(read_game("game.mjson", game.record.encode()))
    assert rep.final == game.final and rep.final_agree and all(c.agree for c in rep.checks)
    kinds = Counter(json.loads(line)["type"] for line in game.record.splitlines())
    assert kinds["chi"] and kinds["pon"] and kinds["reach"]  # it calls both ways and declares riichi
    assert kinds["hora"]



def test_careful_shows_its_tenpai_hand_where_the_ruleset_lets_it_declare_noten():
    # under ノーテン宣言あり the table asks a player in tenpai, not in riichi, at an exhaustive draw:
    # TENPAI or NOTEN (majiang-core's Game.pingju; moves.legal_at_draw); careful shows the hand
    from mjrules.game.actions import NOTEN, TENPAI

    asked = view("123m456p789s1122z", legal=[TENPAI, NOTEN], offered=None)
    assert Careful().act(asked) == TENPAI


# -- its figures over 150 hanchan ---------------------------------------------------------------------
# Four ``careful`` players over 150 hanchan under ``tenhou`` land where ranked human play does. The
# ranges are issue 37's, around ranked Tenhou hanchan (exhaustive draws 14-16 % of rounds, riichi in
# 40-45 % of wins, ippatsu 8-9 %, tsumo 34-37 %, 2.3 calls a round, a player dealing in 14 % of their
# rounds). The figures are ``mjrules simulate``'s own (``Figures``), printed with their 95 % intervals
# beside the human ones (``-s``). About a second on the native table (careful's twin); about two
# minutes on the Python table, which plays the same games: under ``MJRULES_KERNEL=python`` the default
# run leaves them to the native run, and ``-m long`` plays them.

FIGURE_GAMES = 150
FIGURE_SEED = "careful"

HUMAN = {
    "exhaustive_draw_rate": ((0.10, 0.20), "14-16 %"),
    "riichi": ((0.30, 0.55), "40-45 %"),
    "ippatsu": ((0.04, 0.13), "8-9 %"),
    "tsumo_share": ((0.28, 0.42), "34-37 %"),
    "calls_per_round": ((1.2, 3.0), "2.3"),
    "deal_in_rate": ((0.10, 0.18), "14 %"),
}
"""figure: (low, high) that must hold, and what ranked Tenhou hanchan show."""


def careful_figures_land_where_ranked_human_play_does() -> None:
    simulator = Simulator(["tenhou"], ["careful"] * 4, FIGURE_SEED, GameLength.HANCHAN)
    figures = Figures("tenhou", ["careful"] * 4)
    for game in range(FIGURE_GAMES):
        figures.add(simulator.play(0, game))
    d = figures.to_dict()
    found = {
        "exhaustive_draw_rate": (d["exhaustive_draw_rate"], d["exhaustive_draw_rate_ci95"]),
        # a double riichi is a riichi: the two never score together
        "riichi": (d["yaku"].get("riichi", 0) + d["yaku"].get("double_riichi", 0),
                   share_interval(figures.total("yaku:riichi") + figures.total("yaku:double_riichi"), d["wins"])),
        "ippatsu": (d["yaku"].get("ippatsu", 0), d["yaku_ci95"].get("ippatsu")),
        "tsumo_share": (d["tsumo_share"], d["tsumo_share_ci95"]),
        "calls_per_round": (d["calls_per_round"], d["calls_per_round_ci95"]),
        "deal_in_rate": (d["deal_in_rate"], d["deal_in_rate_ci95"]),
    }
    print(f"\n{FIGURE_GAMES} hanchan, 4 careful players, tenhou, seed {FIGURE_SEED}: {d['rounds']} rounds, "
          f"{d['wins']} wins")
    for name, (value, ci) in found.items():
        (low, high), human = HUMAN[name]
        print(f"  {name:<22} {value:7.4f}  95 % [{ci[0]:.4f}, {ci[1]:.4f}]  must be {low}-{high}; human {human}")
    outside = {name: value for name, (value, _) in found.items() if not HUMAN[name][0][0] <= value <= HUMAN[name][0][1]}
    assert not outside, f"outside the human ranges: {outside}"


def test_careful_players_land_where_ranked_human_play_does():
    if os.environ.get("MJRULES_KERNEL") == "python":
        pytest.skip("MJRULES_KERNEL=python: the native run checks these 150 hanchan, the same games (careful's twin "
                    "plays the Python Careful's games byte for byte: tests/test_native_table.py); "
                    "-m long plays them on the Python table (about two minutes)")
    careful_figures_land_where_ranked_human_play_does()


@pytest.mark.long  # python -m pytest -m long -s tests/test_careful.py, under MJRULES_KERNEL=python
def test_careful_players_land_where_ranked_human_play_does_on_any_kernel():
    careful_figures_land_where_ranked_human_play_does()
