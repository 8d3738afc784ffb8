"""``discard --ev``'s model (mjrules.tools.discard_ev): values checked by hand from the tile counts
and the rules' payment tables, the ura dora distribution counted by hand, and a Monte Carlo run of
the same model (tiles drawn from the wall, ura indicators drawn at each win) agreeing with the
exact values."""

from __future__ import annotations

import json
import math
import random

import pytest

from mjrules import Scorer
from mjrules.errors import MjrulesError
from mjrules.model.hand import Hand
from mjrules.model.tiles import tile
from mjrules.model.win import Win
from mjrules.notation.mpsz import parse_tiles
from mjrules.scoring.result import Result
from mjrules.tools import discard_ev, ev_model
from mjrules.tools.discard_ev import T_MAX, evaluate_discards, ura_distribution
from mjrules.tools.shanten import parse_hand

from helpers import cli, example_plugin

KERNELS = pytest.mark.parametrize("kernel", ["python", "native"])
"""The hand-checked values hold for the Python search and for the native one (the Python search
again where the native kernel is not built)."""


def value(result, discard: str):
    """The values of one discard, by its tile as written."""
    for d in result.discards:
        if d.tile.mpsz() == discard:
            return d
    raise AssertionError(f"no discard {discard} in {[d.tile.mpsz() for d in result.discards]}")


# A riichi hand waiting on 1s-4s: 123m 456p 789s 99p 23s (discard 7z). Its tsumo on either wait is
# riichi + menzen tsumo + pinfu, 3 han 20 fu: 700/1300 for a non-dealer (2,700 in all), 1,300 all
# for the dealer (3,900) - the standard payment table. 8 copies of its waits are unseen, and the
# wall a 13-tile hand draws from holds 136 - 13 = 123 tiles.
RIICHI_HAND = "123m456p789s99p23s7z"


@KERNELS
def test_one_draw_from_a_win_at_turn_17(kernel):
    r = evaluate_discards(RIICHI_HAND, kernel=kernel, ruleset="tenhou", turn=17, seat_wind=1)
    d = value(r, "7z")
    assert r.wall == 123
    assert d.riichi and d.shanten == 0
    assert d.tenpai_prob == 1.0
    assert d.win_prob == pytest.approx(8 / 123, abs=1e-12)
    assert d.exp_score == pytest.approx(8 / 123 * 2700, abs=1e-9)
    dealer = value(evaluate_discards(RIICHI_HAND, kernel=kernel, ruleset="tenhou", turn=17, seat_wind=0), "7z")
    assert dealer.exp_score == pytest.approx(8 / 123 * 3900, abs=1e-9)
    assert r.best.tile.mpsz() == "7z"


@KERNELS
@pytest.mark.parametrize("turn", [1, 6, 12, 18])
def test_tenpai_win_probability_from_its_winning_tiles(turn, kernel):
    """A riichi hand wins by the k = 18 - turn draws left with 1 - (1 - w/S)^k; every win pays
    2,700, more than waiting on could, so it takes each one."""
    d = value(evaluate_discards(RIICHI_HAND, kernel=kernel, ruleset="tenhou", turn=turn, seat_wind=1), "7z")
    k = T_MAX - turn
    win = 1 - (1 - 8 / 123) ** k
    assert d.win_prob == pytest.approx(win, abs=1e-12)
    assert d.exp_score == pytest.approx(2700 * win, abs=1e-9)
    assert len(d.by_turn) == k + 1
    for j, (_, w, p) in enumerate(d.by_turn):  # the later turns, by the same formula
        assert w == pytest.approx(1 - (1 - 8 / 123) ** (k - j), abs=1e-12) and p == 1.0


@KERNELS
def test_tenpai_probability_one_draw_left(kernel):
    """Five pairs and three single honours/terminals: 1-shanten for seven pairs (4-shanten for
    thirteen orphans, far for four sets); only a second copy of a single makes it tenpai: 3 kinds
    x 3 copies unseen, out of 123."""
    r = evaluate_discards("11m99m11p99p11s9s12z5m", kernel=kernel, ruleset="tenhou", turn=17)
    d = value(r, "5m")
    assert d.shanten == 1
    assert d.tenpai_prob == pytest.approx(9 / 123, abs=1e-12)
    assert d.win_prob == 0.0 and d.exp_score == 0.0
    assert r.best.tile.mpsz() == "5m"


@KERNELS
def test_the_wall_leaves_out_the_tiles_in_sight(kernel):
    """Dora indicators and tiles given as seen leave the wall: with 1s and two 4s seen the waits
    hold 5 of 120 (the riichi hand's tsumo now also counts its ura dora: only the probability is
    checked here)."""
    r = evaluate_discards(RIICHI_HAND, kernel=kernel, ruleset="tenhou", turn=17, seat_wind=1, dora=parse_tiles("1s"),
                          visible=parse_tiles("44s"))
    assert r.wall == 120
    assert value(r, "7z").win_prob == pytest.approx(5 / 120, abs=1e-12)


# -- mahjong-cpp's calculator (model="mahjong-cpp") ------------------------------------------------

# Issue 44 quotes mahjong-cpp's calculator on two hands under Tenhou's rules (red fives, ura dora,
# open tanyao), turn 1, the dealer in the East round, dora indicator 1m: each discard's tenpai %,
# win % and expected score, and 856 states searched for the first hand. They are its outputs, a
# second source for the model that follows its code (figures are facts; no code of mahjong-cpp,
# GPL-3.0, is copied). The published model gives other values, on purpose
# (docs/commands/discard-ev.md).
CPP_FIGURES = {
    ("123m067p2357s1156z", "5z"): (91.7, 40.3, 5198), ("123m067p2357s1156z", "1m"): (69.3, 21.8, 2663),
    ("026m1358p1345579s", "1s"): (81.5, 24.9, 3138), ("026m1358p1345579s", "2m"): (81.7, 24.9, 2763),
}


def _cpp_figures(hand: str, kernel: str | None):
    r = evaluate_discards(hand, kernel=kernel, ruleset="tenhou", dora=parse_tiles("1m"), model="mahjong-cpp")
    for (h, discard), (tenpai, win, score) in CPP_FIGURES.items():
        if h == hand:
            d = value(r, discard)
            assert (round(100 * d.tenpai_prob, 1), round(100 * d.win_prob, 1), round(d.exp_score)) == (tenpai, win, score)
    return r


@KERNELS
def test_the_mahjong_cpp_model_gives_its_figures_one_shanten(kernel):
    r = _cpp_figures("123m067p2357s1156z", kernel)
    assert r.states == 856 and r.setup.model == "mahjong-cpp"
    published = evaluate_discards("123m067p2357s1156z", kernel=kernel, ruleset="tenhou", dora=parse_tiles("1m"))
    assert published.states == 792  # the same search less its 64 riichi winning states
    assert value(published, "5z").exp_score < value(r, "5z").exp_score


def test_the_mahjong_cpp_model_gives_its_figures_three_shanten():
    """200,617 states: the kernel in use (the Python search takes half a minute)."""
    assert _cpp_figures("026m1358p1345579s", None).states > 200_000


@KERNELS
@pytest.mark.parametrize("turn", [1, 9, 17])
def test_the_mahjong_cpp_wall_shrinks(turn, kernel):
    """mahjong-cpp's calculator divides the draw after turn t by S - 1 - t (122 - t here: the wall of
    the 14-tile hand, less a tile a turn), its copies unchanged: the riichi hand wins with
    1 - prod (1 - 8 / (122 - t)). Its other riichi moves (to a tanki, or back to the hand before
    riichi) win less, so the win probability is the closed form's."""
    d = value(evaluate_discards(RIICHI_HAND, kernel=kernel, ruleset="tenhou", turn=turn, seat_wind=1,
                                model="mahjong-cpp"), "7z")
    miss = 1.0
    for t in range(turn, T_MAX):
        miss *= 1 - 8 / (122 - t)
    assert d.win_prob == pytest.approx(1 - miss, abs=1e-12)
    assert d.exp_score == pytest.approx(2700 * (1 - miss), abs=1e-9)


# -- the ruleset scores the wins -----------------------------------------------------------------


@KERNELS
def test_kiriage_raises_the_expected_score(kernel):
    """222m 406m 067s 99p 13p waits on 2p (4 copies): riichi, tsumo and two red fives, 4 han 30 fu
    (20 + 2 tsumo + 4 closed triplet of simples + 2 kanchan = 28): 2,000/3,900 (7,900) without
    kiriage (tenhou), a mangan 8,000 with it (mleague)."""
    hand = "222m406m067s99p13p1z"
    tenhou = value(evaluate_discards(hand, kernel=kernel, ruleset="tenhou", turn=17, seat_wind=1), "1z")
    mleague = value(evaluate_discards(hand, kernel=kernel, ruleset="mleague", turn=17, seat_wind=1), "1z")
    assert tenhou.exp_score == pytest.approx(4 / 123 * 7900, abs=1e-9)
    assert mleague.exp_score == pytest.approx(4 / 123 * 8000, abs=1e-9)
    assert tenhou.win_prob == mleague.win_prob == pytest.approx(4 / 123, abs=1e-12)


@KERNELS
def test_open_tanyao_follows_the_ruleset(kernel):
    """234m 567p 44s 66s with 3-45s called waits on 4s (1 copy left) and 6s (2): open tanyao, 30 fu
    (20 + 2 + 4 for the closed triplet the tsumo makes), 300/500 = 1,100. Without kuitan the hand
    has no yaku: tenpai, but it cannot win."""
    hand = "234m567p4466s9s 3-45s"
    kuitan = value(evaluate_discards(hand, kernel=kernel, ruleset="tenhou", turn=17, seat_wind=1), "9s")
    assert not kuitan.riichi
    assert kuitan.win_prob == pytest.approx(3 / 123, abs=1e-12)
    assert kuitan.exp_score == pytest.approx(3 / 123 * 1100, abs=1e-9)
    none = value(evaluate_discards(hand, kernel=kernel, ruleset="tenhou-nokuitan", turn=17, seat_wind=1), "9s")
    assert none.tenpai_prob == 1.0 and none.win_prob == 0.0 and none.exp_score == 0.0


@KERNELS
def test_a_plugin_yaku_raises_the_discard_that_keeps_it(kernel):
    """Four calls and a single wait: on 1s it is kinkei dokuritsu (the example plugin's yakuman,
    8,000/16,000 for a non-dealer), on 5z only chun (1 han 40 fu, 400/700). 3 copies each unseen."""
    hand = "1s5z 1-23m 4-56p 777=z 222+z"
    plain = evaluate_discards(hand, kernel=kernel, ruleset="tenhou", turn=17, seat_wind=2)
    house = evaluate_discards(hand, kernel=kernel, scorer=Scorer("tenhou", extra_plugins={"kinkei": example_plugin()}), turn=17,
                              seat_wind=2)
    for r in (plain, house):
        assert value(r, "1s").exp_score == pytest.approx(3 / 123 * 1500, abs=1e-9)
    assert value(plain, "5z").exp_score == pytest.approx(3 / 123 * 1500, abs=1e-9)
    assert value(house, "5z").exp_score == pytest.approx(3 / 123 * 32000, abs=1e-9)
    assert house.best.tile.mpsz() == "5z"


@KERNELS
def test_three_players_draw_from_108_tiles(kernel):
    """tenhou-sanma: 99m 456p 789p 123s 45s waits on 3s-6s (3 + 4 copies) out of 108 - 13 = 95; riichi,
    tsumo and pinfu, 3 han 20 fu: 700 and 1,300 from the two others (tsumo loss: 2,000)."""
    r = evaluate_discards("99m456p789p123s45s1z", kernel=kernel, ruleset="tenhou-sanma", turn=17, seat_wind=1)
    d = value(r, "1z")
    assert r.wall == 95
    assert d.win_prob == pytest.approx(7 / 95, abs=1e-12)
    assert d.exp_score == pytest.approx(7 / 95 * 2000, abs=1e-9)
    with pytest.raises(MjrulesError, match="2m-8m"):
        evaluate_discards("234m456p789p123s45s", ruleset="tenhou-sanma")


def test_a_complete_hand_says_so():
    r = evaluate_discards("123m456p789s11z234s", ruleset="tenhou", turn=5)
    assert any("complete as it is" in n for n in r.notes)


def test_a_red_five_the_ruleset_lacks_is_read_as_plain():
    r = evaluate_discards("123m406p789s99p23s7z", ruleset="jpml-a", turn=17, seat_wind=1)
    assert any("no red five of p" in n for n in r.notes)
    assert value(r, "7z").win_prob == pytest.approx(8 / 123, abs=1e-12)


@pytest.mark.parametrize("kwargs, message", [
    ({"hand": "123m456p789s99p23s"}, "14-tile hand"),
    ({"turn": 0}, "turn 0"),
    ({"turn": 19}, "turn 19"),
    ({"seat_wind": 4}, "seat wind 4"),
    ({"kita": 1}, "kita 1"),
    ({"visible": parse_tiles("2222s")}, "tile 2s is in sight 5 times"),
    ({"dora": parse_tiles("0p0p")}, "red five"),
    ({"dora": parse_tiles("123456z")}, "6 dora indicators"),
])
def test_bad_input_is_named(kwargs, message):
    args = {"hand": RIICHI_HAND, **kwargs}
    with pytest.raises(MjrulesError, match=message):
        evaluate_discards(args.pop("hand"), ruleset="tenhou", **args)


@KERNELS
def test_a_search_too_large_stops_with_a_message(kernel, monkeypatch):
    monkeypatch.setattr(ev_model, "MAX_STATES", 100)
    with pytest.raises(MjrulesError, match="passed 100 states.*too far from tenpai.*--extra 0"):
        evaluate_discards("123m067p2357s1156z", ruleset="tenhou", kernel=kernel)


# -- ura dora ------------------------------------------------------------------------------------


def test_ura_distribution_by_hand():
    """mahjong-cpp's example: two indicators from 3m x3 (2 ura each: the hand holds two 4m), 7p x2
    (1 each) and East x4 (none): C(9, 2) = 36 pairs."""
    wall = [0] * 34
    gain = [0] * 34
    wall[2], gain[2] = 3, 2     # 3m
    wall[15], gain[15] = 2, 1   # 7p
    wall[27] = 4                # East
    dist = ura_distribution(wall, gain, 2)
    counts = {0: 6, 1: 2 * 4, 2: 3 * 4 + 1, 3: 3 * 2, 4: 3}   # EE; 7pE; 3mE or 7p7p; 3m7p; 3m3m
    assert [round(p * 36, 9) for p, _ in dist] == [counts[u] for u in sorted(counts)]
    for (_, pick), u in zip(dist, sorted(counts)):
        assert len(pick) == 2 and sum(gain[k] for k in pick) == u


@KERNELS
def test_ura_expectation_one_draw_left(kernel):
    """One indicator (1s) shown, one ura indicator drawn at the win from the 121 tiles left: each
    kind's chance is its copies out of 121, and the win is scored with the ura dora it makes."""
    scorer = Scorer("tenhou")
    r = evaluate_discards(RIICHI_HAND, kernel=kernel, scorer=scorer, turn=17, seat_wind=1, dora=parse_tiles("1s"))
    hand13 = parse_hand("123m456p789s99p23s")
    want = 0.0
    for w, copies in ((tile(18), 3), (tile(21), 4)):   # 1s (one is the indicator), 4s
        won = Hand(concealed=hand13.concealed, win_tile=w)
        held = list(won.counts)
        wall = [4 - c for c in held]
        wall[18] -= 1                                   # the dora indicator
        mean = 0.0
        for k in range(34):
            if wall[k]:
                ura = scorer.score(won, Win(tsumo=True, riichi=1, seat_wind=1, dora=(tile(18),), ura=(tile(k),)))
                assert isinstance(ura, Result)
                mean += wall[k] / 121 * ura.points
        want += copies / 122 * mean
    assert value(r, "7z").exp_score == pytest.approx(want, rel=1e-12)


# -- Monte Carlo ---------------------------------------------------------------------------------


def _simulate(graph, start, root: int, turn: int, objective: int, runs: int, rng: random.Random) -> list[float]:
    """Play the model ``runs`` times from ``root`` (a 13-tile state after the discard of ``turn``):
    draw each tile from the wall, follow the play the values call for (win, move to the best
    discard, or discard the tile drawn), draw the ura indicators of a riichi win from the wall.
    Returns each run's outcome: the points won, whether it won, or whether it reached tenpai."""
    faces = range(discard_ev.FACES)
    out = []
    for _ in range(runs):
        state = root
        result = 0.0
        reached = graph.tenpai13[state]
        for t in range(turn + 1, T_MAX + 1):
            v13, v14 = graph.tables[t]
            h = graph.hands13[state]
            f = rng.choices(faces, weights=[graph.wall(h, g) for g in faces])[0]
            edge = graph.draws[state].get(f)
            if edge is None:
                continue
            _, score, target = edge
            stay = v13[objective][state]
            moved = v14[objective][target] if target >= 0 else -1.0
            if score > 0 and (score if objective == 0 else 1.0) >= max(stay, moved):
                result = _won(start, h, f, graph.riichi13[state], rng) if objective == 0 else 1.0
                break
            if moved > stay:
                state = max(graph.options[target], key=lambda i: v13[objective][i])
                reached = reached or graph.tenpai13[state]
        out.append(float(reached) if objective == 2 else result)
    return out


def _won(start, h13, f: int, riichi: bool, rng: random.Random) -> float:
    """The points of one tsumo, its ura indicators (as many as the dora indicators) drawn from the wall."""
    h14 = list(h13)
    h14[f] += 1
    concealed = [discard_ev.face_tile(g) for g in range(discard_ev.FACES) for _ in range(h14[g] - (g == f))]
    hand = Hand(concealed=concealed, win_tile=discard_ev.face_tile(f), melds=start.melds)
    ura = ()
    if riichi and start.setup.dora:
        wall = [k for k, n in enumerate(start.ura_wall(h14)) for _ in range(n)]
        ura = tuple(tile(k) for k in rng.sample(wall, len(start.setup.dora)))
    s = start.setup
    got = start.scorer.score(hand, Win(tsumo=True, riichi=int(riichi), seat_wind=s.seat_wind, round_wind=s.round_wind,
                                      dora=s.dora, ura=ura))
    return float(got.points) if isinstance(got, Result) else 0.0


def test_monte_carlo_agrees_with_the_exact_values():
    """A 1-shanten hand with a dora indicator, at turn 10: 3,000 plays of each objective's play
    land within 99.9 % of the exact value (a fixed seed: the same plays every run)."""
    scorer = Scorer("tenhou")
    setup = ev_model.EvSetup(turn=10, dora=tuple(parse_tiles("1m")), seat_wind=1)
    start = ev_model.Start(parse_hand("123m067p2357s1156z"), scorer, setup)
    graph = ev_model.Graph(start)
    graph.state14(start.h0)
    h = list(start.h0)
    h[31] -= 1   # discard 5z: 1-shanten
    root = graph.state13(tuple(h), False)
    graph.build()
    exact = graph.values([root], setup.turn, keep=True)[root][0]
    rng = random.Random(20260101)
    z = 3.29
    runs = 3000
    for objective in (0, 1, 2):
        got = _simulate(graph, start, root, setup.turn, objective, runs, rng)
        mean = sum(got) / runs
        sd = math.sqrt(sum((x - mean) ** 2 for x in got) / (runs - 1))
        assert abs(mean - exact[objective]) <= z * sd / math.sqrt(runs), (objective, mean, exact[objective])
    assert 0 < exact[1] < exact[2] < 1 and exact[0] > 0


# -- the command ---------------------------------------------------------------------------------


def test_command_prints_each_discard_best_first(capsys):
    code, out, _ = cli(capsys, "discard", "123m067p2357s1156z", "--ev", "--dora", "1m")
    assert code == 0
    want = evaluate_discards("123m067p2357s1156z", ruleset="tenhou", dora=parse_tiles("1m"))
    rows = [line.split() for line in out.splitlines()[2:2 + len(want.discards)]]
    assert [r[0] for r in rows] == [d.tile.mpsz() for d in want.discards]
    scores = [float(r[-1].replace(",", "")) for r in rows]
    assert scores == sorted(scores, reverse=True)
    assert rows[0][-3:] == [f"{want.best.tenpai_prob:.1%}", f"{want.best.win_prob:.1%}", f"{want.best.exp_score:,.0f}"]
    assert "792 states searched" in out


def test_command_json(capsys):
    code, out, _ = cli(capsys, "discard", "123m067p2357s1156z", "--ev", "--dora", "1m", "--turn", "3", "--json")
    data = json.loads(out)
    assert code == 0 and data["turn"] == 3 and data["ruleset"] == "tenhou"
    assert {d["discard"] for d in data["discards"]} == {"1m", "2m", "3m", "0p", "6p", "7p", "2s", "3s", "5s", "7s", "1z",
                                                       "5z", "6z"}  # the red five as written: 0p
    for d in data["discards"]:
        assert set(d) >= {"discard", "tenpai_prob", "win_prob", "exp_score"}
        assert 0 <= d["win_prob"] <= d["tenpai_prob"] <= 1 and d["exp_score"] >= 0 and "by_turn" not in d
    _, out, _ = cli(capsys, "discard", "123m067p2357s1156z", "--ev", "--turn", "15", "--json", "--by-turn")
    assert [t["turn"] for t in json.loads(out)["discards"][0]["by_turn"]] == [15, 16, 17, 18]


def test_command_marks_where_the_best_discard_differs(capsys):
    """13m 123345777p 4s 11z, East seat and round (11z a double wind pair: 4 fu under tenhou, 2 under
    mleague), dora 1p, turn 8: the two rulesets' best discards, as the library finds them, differ,
    and the command marks them."""
    hand, opts = "13m123345777p4s11z", ("--dora", "1p", "--turn", "8")
    best = {}
    for name in ("tenhou", "mleague"):
        r = evaluate_discards(hand, ruleset=name, dora=parse_tiles("1p"), turn=8)
        best[name] = {t.mpsz() for t in r.best_tiles()}
    assert not best["tenhou"] & best["mleague"]
    code, out, _ = cli(capsys, "discard", hand, "--ev", *opts, "--rulesets", "tenhou,mleague")
    assert code == 0 and "The best discard differs" in out
    marked = {line.split()[1] for line in out.splitlines() if line.startswith("* ")}
    assert marked == best["tenhou"] | best["mleague"]
    _, out, _ = cli(capsys, "discard", hand, "--ev", *opts, "--rulesets", "tenhou,mleague", "--json")
    data = json.loads(out)
    assert data["best_differs"] and {k: set(v) for k, v in data["best"].items()} == best
    assert [r["ruleset"] for r in data["results"]] == ["tenhou", "mleague"]


def test_command_three_players_and_melds(capsys):
    code, out, _ = cli(capsys, "discard", "99m456p789p123s45s4z", "--ev", "--ruleset", "tenhou-sanma", "--kita", "1",
                       "--dora", "3z", "--seat", "S", "--json")
    data = json.loads(out)
    assert code == 0 and data["wall"] == 108 - 13 - 1 - 1  # the hand, the indicator, the North set aside
    code, out, _ = cli(capsys, "discard", "234m567p4466s9s", "3-45s", "--ev", "--turn", "17", "--seat", "S", "--json")
    nine = next(d for d in json.loads(out)["discards"] if d["discard"] == "9s")
    assert code == 0 and nine["win_prob"] == pytest.approx(3 / 123) and not nine["riichi"]


def test_command_input_lines(capsys, tmp_path):
    lines = [
        {"hand": "123m067p2357s1156z", "dora": "1m"},
        {"hand": RIICHI_HAND, "turn": 17, "seat": "S"},
        {"hand": "123m456p789s99p23s"},                                   # 13 tiles
        "not json",
        {"hand": RIICHI_HAND, "turn": 17, "seat": 1, "rulesets": ["tenhou", "mleague"]},
        {"hand": RIICHI_HAND, "colour": "red"},
    ]
    src = tmp_path / "hands.jsonl"
    src.write_text("\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    code, out, err = cli(capsys, "discard", "--ev", "--input", str(src))
    got = [json.loads(x) for x in out.splitlines()]
    assert code == 1
    assert [g["line"] for g in got] == [1, 2, 3, 4, 5, 6]
    assert got[0]["discards"][0]["discard"] in ("5z", "6z")
    seven = next(d for d in got[1]["discards"] if d["discard"] == "7z")
    assert seven["exp_score"] == pytest.approx(8 / 123 * 2700)
    assert "14-tile hand" in got[2]["error"] and "not JSON" in got[3]["error"]
    assert got[4]["rulesets"] == ["tenhou", "mleague"]
    assert "unknown key 'colour'" in got[5]["error"]
    assert [line.split(":")[1].strip() for line in err.splitlines()] == ["line 3", "line 4", "line 6"]
    code, again, _ = cli(capsys, "discard", "--ev", "--input", str(src), "--jobs", "2")
    assert code == 1 and again == out


def test_command_input_reads_json_hands(capsys, tmp_path):
    """A line is an mjrules JSON hand (docs/formats/json-hands.md) with the command's options: its
    keys read as batch and compare --input read them (winds as words, null as the default, a
    near miss named), a win's keys refused unless they hold their defaults."""
    lines = [
        {"hand": RIICHI_HAND, "win": "7z", "ron": None, "seat": "south", "round": "E", "riichi": 0, "ippatsu": False,
         "haitei": False, "dora": "1m", "ura": "", "honba": 0, "sticks": 0, "extras": [], "nukidora": 0, "turn": 17},
        {"hand": RIICHI_HAND, "seat": "S", "turn": 17, "dora": None, "extra": None, "model": "mahjong-cpp"},
        {"hand": "99m456p789p123s45s4z", "ruleset": "tenhou-sanma", "nukidora": 1, "dora": "3z", "seat": "S"},
        {"hand": RIICHI_HAND, "riichi": 1},
        {"hand": RIICHI_HAND, "ron": "opposite"},
        {"hand": RIICHI_HAND, "sead": "S"},
        {"hand": RIICHI_HAND, "honba": "2"},
        {"shoupai": "m123p456s789p99s23z7", "rongpai": None, "param": {}},
        {"hand": RIICHI_HAND, "nukidora": 1, "kita": 1},
    ]
    src = tmp_path / "hands.jsonl"
    src.write_text("\n".join(json.dumps(x) for x in lines) + "\n", encoding="utf-8")
    code, out, err = cli(capsys, "discard", "--ev", "--input", str(src))
    got = [json.loads(x) for x in out.splitlines()]
    assert code == 1 and [g["line"] for g in got] == list(range(1, len(lines) + 1))
    same = evaluate_discards(RIICHI_HAND, ruleset="tenhou", turn=17, seat_wind=1, dora=parse_tiles("1m")).to_dict()
    assert {k: v for k, v in got[0].items() if k != "line"} == same
    assert got[1]["model"] == "mahjong-cpp" and got[1]["dora"] == [] and got[1]["seat"] == "South"
    assert got[2]["wall"] == 108 - 13 - 1 - 1  # the North set aside leaves the wall
    assert got[3]["error"].startswith("line 4: riichi: give the hand before riichi")
    assert got[4]["error"].startswith("line 5: ron: the model counts tsumo wins only")
    assert got[5]["error"] == "line 6: unknown key 'sead' (did you mean 'seat'?)"
    assert got[6]["error"] == "line 7: honba: expected int, got '2'"  # the JSON hand's own message
    assert "majiang-core 'in' object" in got[7]["error"]
    assert "not both" in got[8]["error"]
    assert [line.split(":")[1].strip() for line in err.splitlines()] == [f"line {n}" for n in range(4, 10)]


def test_command_model(capsys):
    code, out, _ = cli(capsys, "discard", "123m067p2357s1156z", "--ev", "--dora", "1m", "--model", "mahjong-cpp")
    five = next(line.split() for line in out.splitlines() if line.startswith("5z"))
    assert code == 0 and five[-3:] == ["91.7%", "40.3%", "5,198"] and "model mahjong-cpp" in out.splitlines()[0]
    code, out, _ = cli(capsys, "discard", "123m067p2357s1156z", "--ev", "--json")
    assert code == 0 and json.loads(out)["model"] == "mjrules"


@pytest.mark.parametrize("argv, says", [
    (("discard", RIICHI_HAND, "--turn", "3"), "--turn is for --ev"),
    (("discard", RIICHI_HAND, "--model", "mahjong-cpp"), "--model is for --ev"),
    (("discard", RIICHI_HAND, "--ev", "--model", "cpp"), "'cpp' is not a model: mjrules or mahjong-cpp"),
    (("discard", RIICHI_HAND, "--ev", "--turn", "19"), "not a turn 1-18"),
    (("discard", RIICHI_HAND, "--ev", "--ron-from", "next"), "tsumo wins only"),
    (("discard", RIICHI_HAND, "--ev", "--input", "x.jsonl"), "a HAND or --input, not both"),
    (("discard", "--ev"), "give a HAND"),
    (("discard", RIICHI_HAND, "--ev", "--jobs", "2"), "--jobs is for --input"),
    (("discard", RIICHI_HAND, "--ev", "--by-turn"), "give --json too"),
    (("discard", RIICHI_HAND, "--ev", "--rulesets", "tenhou,nosuch"), "nosuch"),
])
def test_command_refuses_bad_input(capsys, argv, says):
    code, _, err = cli(capsys, *argv)
    assert code == 2 and says in err and "Traceback" not in err
