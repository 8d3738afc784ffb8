"""Conditions (``mjrules needs``): worked examples, and a property test against an exhaustive search.

Conventions of the worked examples: seats are indexes into the score list, in turn order; the
first dealer is the seat after the current dealer unless a test says otherwise (the last hand of
a game); ties go to the seat earlier from the first dealer. Non-dealer ron values: 1000 1300 1600
2000 2300 2600 2900 3200 3600 3900 4500 5200 5800 6400 7100 7700 8000, then 12000 (haneman) …;
dealer: 1500 2000 2400 2900 3400 3900 4400 4800 5300 5800 6800 7700 8700 9600 10600 11600 12000.
"""

import json
import random
from itertools import combinations

import pytest

from mjrules import Scorer, hookimpl
from mjrules.cli import main
from mjrules.plugins.placing import TIE_BREAK
from mjrules.rules.placing import placing
from mjrules.tools.needs import ConditionError, draw_scores, needs
from mjrules.tools.point_table import point_table


def labels(option):
    return [e.label for e in option.readings]


# -- worked examples ------------------------------------------------------------------------
def test_issue_example_direct_hit_third_party_and_tsumo():
    # Seat 0 (25,000) chases seat 1 (32,000); seat 3 deals, so seat 0 dealt first and wins ties.
    n = needs([25000, 32000, 18000, 25000], me=0, dealer=3, target=1)
    assert (n.first_dealer, n.placing, n.reached) == (0, 2, False)
    # Direct hit on seat 1: 25,000 + v ≥ 32,000 − v → v ≥ 3,500 → 3,600 (1 han 110 fu only).
    hit = n.ron_from(1)
    assert (hit.status, hit.ron, labels(hit)) == ("needs", 3600, ["1 han 110 fu"])
    assert hit.scores == (28600, 28400, 18000, 25000) and hit.placing == 1
    # From a third party: v ≥ 7,000 → 7,100 (2 han 110 fu), the dealer's ron the same.
    assert (n.ron_from(2).ron, labels(n.ron_from(2))) == (7100, ["2 han 110 fu"])
    assert n.ron_from(3).ron == 7100
    # Tsumo: seat 1 and seat 2 pay X, the dealer Y: 3X + Y ≥ 7,000: 1300-2600 gives 6,500, 1500-2900 7,400.
    assert (n.tsumo.tsumo.text, n.tsumo.points, labels(n.tsumo)) == ("1500-2900", 5900, ["2 han 90 fu"])
    assert n.draw.status == "never"


def test_second_place_already_held():
    # Seat 0 and the dealer (seat 3) both hold 25,000: seat 0 dealt first, so it is 2nd.
    n = needs([25000, 32000, 18000, 25000], me=0, dealer=3, target=2)
    assert n.placing == 2 and n.reached
    assert all(o.status == "any win" for o in n.ron + (n.tsumo,))
    assert n.ron_from(1).ron == 1000 and labels(n.ron_from(1)) == ["1 han 30 fu"]
    assert n.tsumo.tsumo.text == "300-500"
    # A draw: seat 3 alone tenpai (28,000 against 24,000) drops seat 0 to 3rd; tenpai, it stays 2nd.
    assert n.draw.status == "if tenpai"


@pytest.mark.parametrize("first_dealer, tie, value, reading", [
    (1, "seat-order", 3900, ["2 han 60 fu", "3 han 30 fu"]),  # seat 1 dealt first: wins the tie at 28,000
    (2, "seat-order", 4500, ["2 han 70 fu"]),                # seat 0 is earlier: 3,900 ties and loses
    (2, "shared", 3900, ["2 han 60 fu", "3 han 30 fu"]),      # shared 1st is 1st
])
def test_tie_breaks(first_dealer, tie, value, reading):
    n = needs([31900, 24100, 20000, 24000], me=1, dealer=0, target=1, first_dealer=first_dealer, tie=tie)
    hit = n.ron_from(0)  # a direct hit on the leader, who deals: 24,100 + v against 31,900 − v
    assert (hit.ron, labels(hit)) == (value, reading)


def test_target_third_with_ties_lost_or_shared():
    # Seat 3 (18,000) wants 3rd; seat 2 (22,000) dealt before it (first dealer seat 1).
    n = needs([30000, 30000, 22000, 18000], me=3, dealer=0, target=3)
    assert n.ron_from(2).ron == 2300                # 18,000 + v > 22,000 − v → v > 2,000
    assert n.ron_from(0).ron == n.ron_from(1).ron == 4500  # v > 4,000
    # Tsumo: seat 2 and seat 1 pay X, the dealer Y: 3X + Y > 4,000; 800-1600 ties at 4,000.
    assert (n.tsumo.tsumo.text, labels(n.tsumo)) == ("900-1800", ["1 han 110 fu"])
    shared = needs([30000, 30000, 22000, 18000], me=3, dealer=0, target=3, tie="shared")
    assert shared.ron_from(2).ron == 2000
    assert labels(shared.ron_from(2)) == ["1 han 60 fu", "2 han 30 fu"]
    assert (shared.tsumo.tsumo.text, labels(shared.tsumo)) == ("800-1600", ["1 han 100 fu", "2 han 50 fu", "3 han 25 fu"])


def test_honba_and_sticks():
    # 2 honba (600), 1 stick on the table; seat 1 (20,000) chases seat 2 (33,000); seat 1 wins ties.
    n = needs([25000, 20000, 33000, 22000], me=1, dealer=0, target=1, honba=2, sticks=1)
    # Direct hit: 20,000 + v + 600 + 1,000 ≥ 33,000 − v − 600 → v ≥ 5,500 → 5,800 (2 han 90 fu).
    hit = n.ron_from(2)
    assert (hit.ron, labels(hit), hit.gain) == (5800, ["2 han 90 fu"], 7400)
    assert hit.scores == (25000, 27400, 26600, 22000)
    # Third party: 21,600 + v ≥ 33,000 → v ≥ 11,400: mangan is short, haneman.
    assert labels(n.ron_from(3)) == ["haneman (6-7 han)"] and n.ron_from(3).gain == 13600
    assert n.ron_from(0).ron == 12000
    # Tsumo: 21,600 + 2X + Y ≥ 33,000 − X − 200 → 3X + Y ≥ 11,200: 2000-4000 gives 10,000.
    assert n.tsumo.tsumo.text == "3000-6000" and n.tsumo.gain == 13600
    # The same without honba and sticks: 2v ≥ 13,000 → 7,100.
    assert needs([25000, 20000, 33000, 22000], me=1, dealer=0).ron_from(2).ron == 7100


def test_own_riichi_declaration():
    # Riichi: 19,000 on the score, 2 sticks on the table; the stick comes back with the win.
    n = needs([25000, 20000, 33000, 22000], me=1, dealer=0, target=1, honba=2, sticks=1, riichi=True)
    assert n.start == (25000, 19000, 33000, 22000)
    hit = n.ron_from(2)
    assert (hit.ron, hit.gain) == (5800, 8400)  # 5,800 + 600 + 2,000
    assert hit.scores[1] == 27400
    # The riichi stick cannot be won back in a draw: the riichi player is tenpai in every outcome.
    assert all(1 in o.tenpai for o in n.draw.outcomes) and len(n.draw.outcomes) == 8


def test_riichi_changes_the_cheapest_readings():
    # A dealer far ahead: every win is enough; a riichi tsumo has riichi and menzen tsumo (2 han).
    plain = needs([40000, 20000, 20000, 20000], me=0, dealer=0)
    assert plain.tsumo.status == "any win" and plain.tsumo.tsumo.text == "500 all"
    assert labels(plain.ron_from(1)) == ["1 han 30 fu"] and plain.ron_from(1).ron == 1500
    riichi = needs([40000, 20000, 20000, 20000], me=0, dealer=0, riichi=True)
    assert riichi.tsumo.tsumo.text == "1000 all"
    assert labels(riichi.tsumo) == ["2 han 30 fu"]  # 1 han 60 fu is no riichi tsumo
    assert labels(needs([40000, 20000, 20000, 20000], me=0, dealer=0, target=1).tsumo) == ["1 han 30 fu"]
    assert riichi.draw.status == "always"


def test_dealer_loses_ties_in_the_last_hand():
    # The dealer of the last hand is last in the initial seating: every tie goes against it.
    n = needs([20000, 28000, 26000, 26000], me=0, dealer=0, target=1)
    assert n.first_dealer == 1
    assert (n.ron_from(1).ron, labels(n.ron_from(1))) == (6800, ["2 han 70 fu"])  # v > 6,000 to pass seats 2, 3
    assert (n.ron_from(2).ron, labels(n.ron_from(2))) == (8700, ["2 han 90 fu"])  # v > 8,000
    assert n.ron_from(3).ron == 8700
    assert (n.tsumo.tsumo.text, labels(n.tsumo)) == ("2300 all", ["2 han 70 fu"])  # 4X > 8,000
    # Had the dealer dealt first, a tie would do: X = 2,000 all.
    first = needs([20000, 28000, 26000, 26000], me=0, dealer=0, target=1, first_dealer=0)
    assert (first.tsumo.tsumo.text, labels(first.tsumo)) == ("2000 all", ["2 han 60 fu", "3 han 30 fu"])


def test_limit_hands_and_impossible_by_ruleset():
    scores = [10000, 80000, 5000, 5000]
    # Direct hit: 2v ≥ 70,000 → v ≥ 35,000: a double yakuman (64,000) in Tenhou …
    t = needs(scores, me=0, dealer=3, ruleset="tenhou")
    assert labels(t.ron_from(1)) == ["double yakuman"] and t.ron_from(1).ron == 64000
    assert labels(t.ron_from(2)) == ["triple yakuman"]  # v ≥ 70,000
    assert t.tsumo.tsumo.text == "16000-32000"  # 3X + Y ≥ 70,000
    # … impossible where yakuman do not stack (EMA 2016: one yakuman, 32,000, at most).
    e = needs(scores, me=0, dealer=3, ruleset="ema2016")
    assert all(o.status == "impossible" and o.ron is None and o.readings == () for o in e.ron)
    assert e.tsumo.status == "impossible" and e.tsumo.text == "impossible"


def test_readings_of_limits_follow_kazoe_and_kiriage():
    # Seat 0 (25,000) chases seat 1 (33,000): from a third party v ≥ 8,000, a mangan.
    t = needs([25000, 33000, 20000, 22000], me=0, dealer=3)
    mangan = t.ron_from(2).readings
    assert [e.kind for e in mangan].count("limit") == 1
    cells = {(e.han, e.fu) for e in mangan if e.kind == "cell"}
    assert (4, 40) in cells and (3, 70) in cells and (4, 30) not in cells
    assert "mangan (5 han; 4 han 40+ fu, 3 han 70+ fu)" in t.render()
    ml = needs([25000, 33000, 20000, 22000], me=0, dealer=3, ruleset="mleague")
    assert (4, 30) in {(e.han, e.fu) for e in ml.ron_from(2).readings}
    assert "mangan (5 han; 4 han 30+ fu, 3 han 60+ fu)" in ml.render()
    # 32,000 is a natural or a counted yakuman in Tenhou, only a natural one in M.League.
    big = [0, 32000, 0, 0]
    assert labels(needs(big, me=0, dealer=3, target=1).ron_from(2)) == ["kazoe yakuman (13+ han)", "yakuman"]
    assert labels(needs(big, me=0, dealer=3, target=1, ruleset="mleague").ron_from(2)) == ["yakuman"]


def test_draw_outcomes():
    # Only seat 0 tenpai alone (+3,000 → 28,000) passes both rivals.
    n = needs([25000, 26500, 20000, 28500], me=0, dealer=3)
    assert n.draw.status == "some"
    assert [o.tenpai for o in n.draw.outcomes if o.reached] == [(0,)]
    assert "target reached only with these tenpai: you" in n.render()
    assert needs([26000, 25000, 25000, 24000], me=0, dealer=3).draw.status == "if tenpai"
    assert needs([40000, 20000, 20000, 20000], me=0, dealer=3).draw.status == "always"
    assert draw_scores([25000] * 4, (1,)) == (24000, 28000, 24000, 24000)
    assert draw_scores([25000] * 4, (0, 2)) == (26500, 23500, 26500, 23500)
    assert draw_scores([25000] * 4, (0, 1, 2)) == (26000, 26000, 26000, 22000)
    assert draw_scores([25000] * 4, (0, 1, 2, 3)) == (25000,) * 4


def test_placing():
    assert placing([25000, 25000, 25000, 25000], 0, first_dealer=0) == 1
    assert placing([25000, 25000, 25000, 25000], 0, first_dealer=1) == 4
    assert placing([25000, 25000, 25000, 25000], 2, first_dealer=1, tie="shared") == 1
    assert placing([30000, 20000, 25000, 25000], 3, first_dealer=3) == 2


def test_tie_break_is_declared_like_a_ruleset_flag():
    assert TIE_BREAK.name == "tie_break" and TIE_BREAK.default == "seat-order"
    assert TIE_BREAK.choices == ("seat-order", "shared")

    class Ties:
        @hookimpl
        def mjrules_register_flags(self, register):
            register(TIE_BREAK)

    from mjrules import load_ruleset

    scorer = Scorer(load_ruleset("tenhou").with_flags(tie_break="shared"), extra_plugins={"ties": Ties()})
    n = needs([30000, 30000, 22000, 18000], me=3, dealer=0, target=3, ruleset=scorer)
    assert n.tie == "shared" and n.ron_from(2).ron == 2000
    assert needs([30000, 30000, 22000, 18000], me=3, dealer=0, target=3, ruleset=scorer, tie="seat-order").ron_from(2).ron == 2300


@pytest.mark.parametrize("kwargs, needle", [
    ({"scores": [25000, 25000, 25000]}, "scores"),
    ({"scores": "25000"}, "scores"),
    ({"scores": [25000, 25000, 25000, 2.5]}, "2.5"),
    ({"me": 4}, "me"),
    ({"dealer": -1}, "dealer"),
    ({"first_dealer": 7}, "first dealer"),
    ({"target": 4}, "target"),
    ({"target": 0}, "target"),
    ({"honba": -1}, "honba"),
    ({"sticks": 1000}, "sticks"),
    ({"tie": "coin"}, "tie"),
    ({"scores": [25050, 25000, 25000, 24950]}, r"scores: 25050 is not a multiple of 100"),
    ({"scores": [25000, 25000, 25000, -10]}, r"scores: -10 is not a multiple of 100"),
    ({"scores": [900, 25000, 25000, 49100], "riichi": True}, r"riichi: the player has 900 points.*1000"),
    ({"scores": [-2000, 25000, 25000, 52000], "riichi": True}, r"riichi: the player has -2000 points"),
])
def test_bad_input_raises_condition_error(kwargs, needle):
    args = {"scores": [25000] * 4, "me": 0, "dealer": 0, **kwargs}
    with pytest.raises(ConditionError, match=needle):
        needs(**args)


# -- property test: needs against an exhaustive search over every possible payment ----------
class _Sky:
    @hookimpl
    def mjrules_base_points(self, fu, han, yakuman, flags):
        if yakuman:
            fu, han = 30, 13 * yakuman
        return fu << (han + 2)


def _up(x):
    return -(-x // 100) * 100


def _possible(han, fu, tsumo, riichi):
    """Written out again from the rules: which han/fu a real hand can have."""
    if fu == 20 and not tsumo:
        return False
    need = 1
    if fu == 20:
        need = 2          # pinfu + menzen tsumo
    if fu == 25:
        need = 2 + tsumo  # chiitoitsu (+ menzen tsumo)
    if riichi:
        need = {20: 3, 25: 3 + tsumo}.get(fu, 1 + tsumo)
    return han >= need


_HANDS = {}


def _hands(scorer, tsumo, riichi, top):
    """Every hand as (label, base): han 1-13 × every fu, and the natural yakuman."""
    key = (id(scorer), tsumo, riichi, top)
    if key not in _HANDS:
        _HANDS[key] = (scorer, _all_hands(scorer, tsumo, riichi, top))
    return _HANDS[key][1]


def _all_hands(scorer, tsumo, riichi, top):
    out = []
    for han in range(1, 14):
        for fu in (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110):
            if _possible(han, fu, tsumo, riichi):
                out.append(((han, fu), scorer.limit(fu, han)[1]))
    out += [(("yakuman", m), scorer.yakuman_base(m)) for m in range(1, top + 1)]
    return out


def _rank(scores, seat, first, tie):
    mine = scores[seat]
    order = lambda s: (s - first) % 4  # noqa: E731
    better = [s for s in range(4) if s != seat and (scores[s] > mine or (
        scores[s] == mine and tie == "seat-order" and order(s) < order(seat)))]
    return 1 + len(better)


def _brute(scores, me, dealer, first, target, honba, sticks, riichi, tie, scorer, top, discarder):
    """The cheapest payment reaching the target, with every hand paying exactly it."""
    start = list(scores)
    table_sticks = sticks + riichi
    if riichi:
        start[me] -= 1000
    tsumo = discarder is None
    found = {}
    for label, base in _hands(scorer, tsumo, riichi, top):
        after = list(start)
        if not tsumo:
            value = _up(base * (6 if me == dealer else 4))
            after[discarder] -= value + 300 * honba
            after[me] += value + 300 * honba + 1000 * table_sticks
            key = value
        else:
            pays = {}
            for s in range(4):
                if s != me:
                    pays[s] = _up(2 * base) if me == dealer or s == dealer else _up(base)
            for s, p in pays.items():
                after[s] -= p + 100 * honba
                after[me] += p + 100 * honba
            after[me] += 1000 * table_sticks
            key = sum(pays.values()), max(pays.values()), min(pays.values())
        if _rank(after, me, first, tie) <= target:
            found.setdefault(key, []).append(label)
    if not found:
        return None, []
    best = min(found)
    return best, found[best]


def _key(base, dealer_win, tsumo):
    if not tsumo:
        return _up(base * (6 if dealer_win else 4))
    if dealer_win:
        return 3 * _up(2 * base), _up(2 * base), _up(2 * base)
    return 2 * _up(base) + _up(2 * base), _up(2 * base), _up(base)


def _covers(readings, label):
    if label[0] == "yakuman":
        return any(e.yakuman == label[1] for e in readings)
    han, fu = label
    for e in readings:
        if e.kind == "cell" and (e.han, e.fu) == (han, fu):
            return True
        if e.kind == "limit" and e.han <= han and (e.max_han is None or han <= e.max_han):
            return True
    return False


RULESETS = ["tenhou", "mleague", "ema2016", "majiang", "aotenjou"]


@pytest.fixture(scope="module")
def scorers():
    out = {name: Scorer(name) for name in RULESETS if name != "aotenjou"}
    out["aotenjou"] = Scorer("tenhou", extra_plugins={"sky": _Sky()})
    return out


@pytest.mark.parametrize("ruleset", RULESETS)
def test_needs_matches_exhaustive_search(ruleset, scorers):
    scorer = scorers[ruleset]
    table = point_table(scorer)
    top = table.max_yakuman
    rng = random.Random(f"needs-{ruleset}")
    for _ in range(400):
        scores = [rng.randrange(-100, 700) * 100 for _ in range(4)]
        if rng.random() < 0.3:  # plenty of ties
            a, b = rng.sample(range(4), 2)
            scores[a] = scores[b]
        if rng.random() < 0.05:
            scores[rng.randrange(4)] = rng.randrange(100, 3000) * 1000  # far ahead: often impossible
        me, dealer, first = rng.randrange(4), rng.randrange(4), rng.randrange(4)
        target, honba, sticks = rng.randint(1, 3), rng.choice([0, 0, 1, 2, 5]), rng.choice([0, 0, 1, 3])
        riichi, tie = rng.random() < 0.3 and scores[me] >= 1000, rng.choice(["seat-order", "shared"])
        n = needs(scores, me, dealer, target=target, honba=honba, sticks=sticks, riichi=riichi, ruleset=table,
                  tie=tie, first_dealer=first)
        case = (ruleset, scores, me, dealer, first, target, honba, sticks, riichi, tie)
        for option in n.ron + (n.tsumo,):
            best, hands = _brute(scores, me, dealer, first, target, honba, sticks, riichi, tie, scorer, top,
                                 option.discarder)
            if best is None:
                assert option.status == "impossible", case
                continue
            assert option.status in ("needs", "any win"), case
            if option.route == "ron":
                assert option.ron == best, case
            else:
                t = option.tsumo
                assert (t.total, t.dealer or t.non_dealer, t.non_dealer) == best, case
            assert option.points % 100 == 0
            # the readings are exactly the hands paying that: every brute-force hand is covered …
            for label in hands:
                assert _covers(option.readings, label), (case, label)
            # … and every reading pays it (and is a possible hand)
            tsumo = option.route == "tsumo"
            for e in option.readings:
                assert e.possible(tsumo, riichi)
                assert _key(e.base, me == dealer, tsumo) == best, case
            # "any win" exactly when the cheapest possible win reaches the target
            cheapest = min(_key(b, me == dealer, tsumo) for _, b in _hands(scorer, tsumo, riichi, top))
            assert (option.status == "any win") == (best == cheapest), case
        # draw: every combination of tenpai players, the noten payments worked out again
        for o in n.draw.outcomes:
            start = list(scores)
            if riichi:
                start[me] -= 1000
            k = len(o.tenpai)
            want = [v + (0 if k in (0, 4) else 3000 // k if s in o.tenpai else -3000 // (4 - k))
                    for s, v in enumerate(start)]
            assert list(o.scores) == want
            assert o.reached == (_rank(want, me, first, tie) <= target)
        expected = sum(1 for k in range(5) for c in combinations(range(4), k) if not riichi or me in c)
        assert len(n.draw.outcomes) == expected


# -- command line ---------------------------------------------------------------------------
def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_text(capsys):
    code, out, _ = run(capsys, "needs", "--scores", "25000,32000,18000,25000", "--me", "E", "--dealer", "N")
    assert code == 0
    assert "Ron from seat 1 (32000): 3600 = 1 han 110 fu" in out
    assert "Ron from seat 3 (25000, dealer): 7100 = 2 han 110 fu" in out
    assert "Tsumo: 1500-2900 (5900 in all) = 2 han 90 fu" in out
    assert "Draw: target not reached" in out
    # tenhou: 25,000 start, 30,000 return, uma 20/10: 2nd with 25,000 is -5 + 10 = +5.0
    assert "You are 2nd (+5.0 final points if the game ended now); target: 1st." in out


def test_cli_json(capsys):
    # 99,000 in the scores and one stick on the table: the 100,000 of four 25,000 starts.
    code, out, _ = run(capsys, "needs", "--scores", "25000, 20000, 33000, 21000", "--me", "1", "--dealer", "0",
                       "--honba", "2", "--sticks", "1", "--riichi", "--json", "--ruleset", "mleague")
    assert code == 0
    data = json.loads(out)
    assert data["ruleset"] == "mleague" and data["start"]["scores"] == [25000, 19000, 33000, 21000]
    hit = next(o for o in data["ron"] if o["from"] == 2)
    assert (hit["points"], hit["gain"], hit["status"]) == (5800, 8400, "needs")
    assert hit["readings"][0]["han"] == 2 and hit["readings"][0]["fu"] == 90
    assert data["tsumo"]["tsumo"]["text"] == "3000-6000"
    assert data["draw"]["status"] == "never" and len(data["draw"]["outcomes"]) == 8


def test_cli_tie_and_first_dealer(capsys):
    base = ["needs", "--scores", "31900,24100,20000,24000", "--me", "S", "--dealer", "E", "--json"]
    _, out, _ = run(capsys, *base)
    assert json.loads(out)["ron"][0]["points"] == 3900
    _, out, _ = run(capsys, *base, "--first-dealer", "W")
    assert json.loads(out)["ron"][0]["points"] == 4500
    _, out, _ = run(capsys, *base, "--first-dealer", "2", "--tie", "shared")
    assert json.loads(out)["ron"][0]["points"] == 3900


def test_cli_impossible(capsys):
    code, out, _ = run(capsys, "needs", "--scores", "10000,100000,5000,5000", "--me", "0", "--dealer", "3",
                       "--ruleset", "ema2016")  # 120,000: EMA starts at 30,000
    assert code == 0
    assert "Ron from seat 1 (100000): impossible" in out and "Tsumo: impossible" in out


@pytest.mark.parametrize("argv, needle", [
    (["--scores", "25000,25000,25000", "--me", "0", "--dealer", "0"], "four players' scores"),
    (["--scores", "25000,25000,25000,x", "--me", "0", "--dealer", "0"], "'x'"),
    (["--scores", "25000,25000,25000,25000", "--me", "4", "--dealer", "0"], "'4'"),
    (["--scores", "25000,25000,25000,25000", "--me", "X", "--dealer", "0"], "'X'"),
    (["--scores", "25000,25000,25000,25000", "--me", "0", "--dealer", "0", "--target", "4"], "'4'"),
    (["--scores", "25000,25000,25000,25000", "--me", "0", "--dealer", "0", "--honba", "-1"], "-1"),
    (["--scores", "25000,25000,25000,25000", "--me", "0", "--dealer", "0", "--tie", "coin"], "coin"),
    (["--scores", "25000,25000,25000,25000", "--me", "0", "--dealer", "0", "--first-dealer", "9"], "'9'"),
    (["--scores", "25000,25000,25000,25000", "--me", "0", "--dealer", "0", "--ruleset", "nosuch"], "nosuch"),
    (["--scores", "25000,25000,25000,25000", "--me", "0"], "--dealer"),
])
def test_cli_bad_input_exits_2_with_one_line(capsys, argv, needle):
    code, out, err = run(capsys, "needs", *argv)
    assert code == 2
    assert needle in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_negative_scores_and_riichi_with_exactly_1000_are_answered():
    # below zero is a score in games without the bust rule; 1,000 points pay for the riichi stick
    n = needs([-3000, 40000, 33000, 30000], me=0, dealer=0, target=3)
    assert n.ron_from(3).status == "needs"
    n = needs([1000, 40000, 30000, 29000], me=0, dealer=1, target=3, riichi=True)
    assert n.ron_from(3).placing == 3 and n.ron_from(3).scores[0] == 1000 - 1000 + n.ron_from(3).gain


@pytest.mark.parametrize("argv, needle", [
    (["--scores", "25050,25000,25000,24950"], "25050 is not a multiple of 100"),
    (["--scores", "500,35000,35000,29500", "--riichi"], "the player has 500 points"),
])
def test_cli_refuses_scores_not_in_hundreds_and_riichi_without_1000(capsys, argv, needle):
    assert main(["needs", "--me", "0", "--dealer", "1", *argv]) == 2
    err = capsys.readouterr().err
    assert needle in err and "Traceback" not in err
