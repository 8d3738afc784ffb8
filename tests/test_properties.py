"""Property tests over generated legal winning hands and situations, under every preset.

The hands come from ``strategies.deals``: built from four sets and a pair (some of them called or
declared as melds), seven pairs or kokushi, with a situation that agrees with the hand. The
invariants:

* payments sum to the riichi sticks collected, the winner receives points + honba + sticks, every
  payment is a multiple of 100, and honba and sticks change the payments only;
* a generated hand always has a winning shape (a NoWin can only lack a yaku), and a closed hand
  won with riichi or tsumo always wins;
* presets without red fives refuse them;
* more dora (or ura) never lowers the score;
* a dealer's limit hand pays 1.5 times the non-dealer's;
* parse(format(hand)) == hand for MPSZ, majiang notation (with the majiang ``in`` object) and the JSON hand;
* scoring is deterministic and does not depend on the order the tiles are written in.

Profiles: see ``strategies`` (``MJRULES_HYPOTHESIS=deep`` for a larger run).
"""

from __future__ import annotations

import json

import attrs
import pytest
from hypothesis import event, given, note, settings
from hypothesis import strategies as st

from strategies import budget, deals, hands, load_profile, majiang_concealed, mpsz_concealed, wins, without_red

from mjrules import NoWin, Result, Scorer, SituationError, format_majiang, format_mpsz, parse_majiang
from mjrules import parse_majiang_input, parse_mpsz, preset_names, tile
from mjrules.notation import json_hand, majiang_input, parse_json_hand
from mjrules.model.tiles import dora_of

load_profile()

PRESETS = [n for n in preset_names() if not n.endswith("-sanma")]  # three players: tests/test_sanma.py
SCORERS = {name: Scorer(name) for name in PRESETS}
"""One Scorer per preset, built once."""
FRESH = {name: Scorer(name) for name in PRESETS}
"""A second, independently built Scorer per preset (for determinism across instances)."""


def _up(x: int) -> int:
    return -(-x // 100) * 100


def _reds_allowed(scorer: Scorer, hand) -> bool:
    """Whether the preset's set has the hand's red fives (read from its red_fives_m/p/s flags)."""
    for suit, five in (("m", 4), ("p", 13), ("s", 22)):
        held = sum(1 for t in hand.tiles() if t.red and t.index == five)
        if held > scorer.flags[f"red_fives_{suit}"]:
            return False
    return True


def _score(scorer: Scorer, hand, win):
    """Score, checking first that a preset without red fives refuses a hand holding one; then the
    hand is scored with its red fives made plain."""
    assert scorer.allows_red_fives(hand) == _reds_allowed(scorer, hand)
    if hand.red_fives and not _reds_allowed(scorer, hand):
        with pytest.raises(SituationError, match="red"):
            scorer.score(hand, win)
        hand = without_red(hand)
    return hand, scorer.score(hand, win)


def _describe(hand, win) -> str:
    return f"hand {format_mpsz(hand)!r} win {win!r}"


def check_payments(scorer: Scorer, hand, win, result: Result) -> None:
    honba_total = win.honba * scorer.flags["honba_value"]
    sticks = win.riichi_sticks * 1000
    pay = result.payments
    winner = win.seat_wind
    assert len(pay) == 4
    assert sum(pay) == sticks, "payments sum to the riichi sticks collected"
    assert pay[winner] == result.points + honba_total + sticks, "winner receives points + honba + sticks"
    assert all(p % 100 == 0 for p in pay), "every payment is a multiple of 100"
    assert result.points > 0 and result.points % 100 == 0
    others = [s for s in range(4) if s != winner]
    assert all(pay[s] <= 0 for s in others), "only the winner gains"
    payers = {s for s in others if pay[s] < 0}
    if not win.tsumo:
        allowed = {win.discarder_seat} | ({result.liable} if result.liable is not None else set())
        assert payers <= allowed, "on a ron only the discarder (and a liable player) pay"
        assert win.discarder_seat in payers or result.liable in payers
    elif result.liable is None:
        assert payers == set(others), "on a tsumo all three others pay"
    if result.liable is None:
        dealer = winner == 0
        b = result.base
        if not win.tsumo:
            expected = _up(b * (6 if dealer else 4))
        elif dealer:
            expected = 3 * _up(2 * b)
        else:
            expected = _up(2 * b) + 2 * _up(b)
        assert result.points == expected, "points follow from the basic points"
        if not win.tsumo:
            assert pay[win.discarder_seat] == -(result.points + honba_total)
    assert (result.han is None) == (result.yakuman > 0), "a natural yakuman has no han"
    if result.han is None:
        assert result.fu is None and result.yakuman >= 1
    else:
        assert result.han >= 1 and result.yakuman == 0
        assert result.fu == 25 or (result.fu % 10 == 0 and 20 <= result.fu <= 130)
    assert (result.limit is not None) == (result.base >= 2000)
    json.dumps(result.to_dict())


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=budget(150))
@given(deal=deals())
def test_score_invariants(preset, deal):
    scorer = SCORERS[preset]
    hand, win = deal
    note(_describe(hand, win))
    hand, result = _score(scorer, hand, win)
    assert isinstance(result, (Result, NoWin))
    if not result.is_win:
        event("no yaku")
        assert result.reason.startswith("no yaku"), "a generated hand always has a winning shape"
        assert not (hand.is_closed and (win.riichi or win.tsumo)), "riichi and menzen tsumo are yaku"
        return
    event("limit hand" if result.limit else "below mangan")
    check_payments(scorer, hand, win, result)

    # Honba and riichi sticks change who is paid what, never the hand's value.
    bare = scorer.score(hand, attrs.evolve(win, honba=0, riichi_sticks=0))
    assert (bare.points, bare.han, bare.fu, bare.yaku, bare.limit, bare.base) == \
        (result.points, result.han, result.fu, result.yaku, result.limit, result.base)
    diff = [a - b for a, b in zip(result.payments, bare.payments)]
    honba_total = win.honba * scorer.flags["honba_value"]
    assert diff[win.seat_wind] == honba_total + win.riichi_sticks * 1000
    assert sum(d for s, d in enumerate(diff) if s != win.seat_wind) == -honba_total


@st.composite
def dora_additions(draw):
    """A deal and one more indicator for it: a dora indicator, or an ura indicator under riichi."""
    hand, win = draw(deals())
    counts = list(hand.counts)
    for t in win.dora + win.ura:
        counts[t.index] += 1
    free = [i for i in range(34) if counts[i] < 4]
    held = {t.index for t in hand.tiles()}
    pointing = [i for i in free if dora_of(tile(i)) in held]
    kinds = pointing if pointing and draw(st.booleans()) else free
    k = draw(st.sampled_from(kinds))
    ura_ok = win.riichi and len(win.ura) < len(win.dora)
    dora_ok = len(win.dora) < 5
    if ura_ok and (not dora_ok or draw(st.booleans())):
        more = attrs.evolve(win, ura=win.ura + (tile(k),))
    elif dora_ok:
        more = attrs.evolve(win, dora=win.dora + (tile(k),))
    else:
        more = win
    return hand, win, more


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=budget(100))
@given(case=dora_additions())
def test_more_dora_never_lowers_the_score(preset, case):
    scorer = SCORERS[preset]
    hand, win, more = case
    note(f"{_describe(hand, win)}; with more indicators {more.dora} / {more.ura}")
    hand, before = _score(scorer, hand, win)
    after = scorer.score(hand, more)
    assert before.is_win == after.is_win, "dora are not a yaku: they neither make nor break a win"
    if before.is_win:
        event("higher" if after.points > before.points else "same")
        assert after.points >= before.points
        assert after.base >= before.base
        assert after.payments[win.seat_wind] >= before.payments[win.seat_wind]


@st.composite
def non_dealer_deals(draw):
    hand = draw(hands())
    win = draw(wins(hand, seat=draw(st.integers(1, 3)), specials=False, dora_bias=True))
    return hand, win


@pytest.mark.parametrize("preset", PRESETS)
@settings(max_examples=budget(100))
@given(deal=non_dealer_deals())
def test_dealer_limit_hand_pays_one_and_a_half_times(preset, deal):
    scorer = SCORERS[preset]
    hand, win = deal
    dealer_win = attrs.evolve(win, seat_wind=0)
    note(_describe(hand, win))
    hand, child = _score(scorer, hand, win)
    dealer = scorer.score(hand, dealer_win)
    if not (child.is_win and dealer.is_win and child.limit and dealer.limit and child.base == dealer.base):
        event("not the same limit hand for both seats")
        return
    event(f"compared: {child.limit}, {'tsumo' if win.tsumo else 'ron'}")
    assert 2 * dealer.points == 3 * child.points, "a dealer's limit hand pays 1.5x"
    if not win.tsumo and child.liable is None and dealer.liable is None:
        assert 2 * -dealer.payments[dealer_win.discarder_seat] == 3 * -child.payments[win.discarder_seat] \
            - win.honba * scorer.flags["honba_value"]


# -- notation round trips -------------------------------------------------------------------------

@settings(max_examples=budget(300))
@given(hand=hands())
def test_mpsz_round_trip(hand):
    text = format_mpsz(hand)
    note(text)
    assert parse_mpsz(text) == hand
    assert format_mpsz(parse_mpsz(text)) == text
    assert parse_mpsz(text, hand.win_tile) == hand
    assert parse_mpsz(text, hand.win_tile.mpsz()) == hand


@settings(max_examples=budget(300))
@given(deal=deals())
def test_majiang_round_trip(deal):
    hand, win = deal
    win = attrs.evolve(win, renhou=False)  # majiang-core's input has no renhou
    discarder = None if win.tsumo else win.discarder
    shoupai, rongpai = format_majiang(hand, discarder)
    note(f"{shoupai} {rongpai}")
    assert parse_majiang(shoupai, rongpai) == (hand, discarder)
    data = json.loads(json.dumps(majiang_input(hand, win)))
    assert parse_majiang_input(data) == (hand, win)


@settings(max_examples=budget(300))
@given(deal=deals())
def test_json_hand_round_trip(deal):
    hand, win = deal
    data = json.loads(json.dumps(json_hand(hand, win)))
    note(repr(data))
    assert parse_json_hand(data) == (hand, win)


# -- determinism and tile order -------------------------------------------------------------------

@st.composite
def reordered(draw):
    """A deal and its concealed tiles (the winning tile among them) in a random written order."""
    hand, win = draw(deals())
    written = draw(st.permutations(list(hand.concealed) + [hand.win_tile]))
    before_win = draw(st.permutations(list(hand.concealed)))
    return hand, win, written, before_win


@settings(max_examples=budget(200))
@given(case=reordered())
def test_scoring_is_deterministic_and_ignores_tile_order(case):
    hand, win, written, before_win = case
    melds = format_mpsz(hand).split()[1:]
    mpsz = " ".join([mpsz_concealed(written), *melds])
    note(mpsz)
    from_mpsz = parse_mpsz(mpsz, hand.win_tile)
    assert from_mpsz == hand

    discarder = None if win.tsumo else win.discarder
    shoupai, rongpai = format_majiang(hand, discarder)
    shoupai = ",".join([majiang_concealed(before_win) + (hand.win_tile.majiang() if win.tsumo else ""),
                        *shoupai.split(",")[1:]])
    note(shoupai)
    from_majiang, d = parse_majiang(shoupai, rongpai)
    assert (from_majiang, d) == (hand, discarder)

    for name in PRESETS:
        scorer = SCORERS[name]
        h = hand if scorer.allows_red_fives(hand) else without_red(hand)
        first = scorer.score(h, win)
        again = scorer.score(h, win)
        fresh = FRESH[name].score(h, win)
        shuffled = scorer.score(from_mpsz if h is hand else without_red(from_mpsz), win)
        assert first == again == fresh == shuffled, name
        assert first.to_dict() == again.to_dict() == fresh.to_dict() == shuffled.to_dict(), name


# -- the command line agrees with the API ---------------------------------------------------------

def _argv(hand, win, preset: str) -> list[str]:
    argv = ["score", format_mpsz(hand), "--ruleset", preset, "--json",
            "--seat", "ESWN"[win.seat_wind], "--round", "ESWN"[win.round_wind]]
    if not win.tsumo:
        argv += ["--ron", {1: "next", 2: "opposite", 3: "previous"}[win.discarder]]
    if win.riichi:
        argv.append("--riichi" if win.riichi == 1 else "--double-riichi")
    for flag in ("ippatsu", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou", "renhou"):
        if getattr(win, flag):
            argv.append(f"--{flag}")
    if win.dora:
        argv += ["--dora", "".join(t.mpsz() for t in win.dora)]
    if win.ura:
        argv += ["--ura", "".join(t.mpsz() for t in win.ura)]
    return argv + ["--honba", str(win.honba), "--sticks", str(win.riichi_sticks)]


@settings(max_examples=budget(150))
@given(deal=deals(), preset=st.sampled_from(PRESETS))
def test_cli_score_agrees_with_the_api(deal, preset):
    import contextlib
    import io

    from mjrules.cli import main

    hand, win = deal
    scorer = SCORERS[preset]
    if not scorer.allows_red_fives(hand):
        hand = without_red(hand)
    result = scorer.score(hand, win)
    out, err = io.StringIO(), io.StringIO()
    argv = _argv(hand, win, preset)
    note(" ".join(argv))
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = main(argv)
    assert rc == (0 if result.is_win else 1), err.getvalue()
    data = json.loads(out.getvalue())
    event(f"exit {rc}")
    # A note for each situation given that the ruleset has no yaku for (renhou under most presets).
    notes = data.pop("notes", [])
    ids = {y.id for y in scorer.yaku}
    assert {n.split(" ", 1)[0] for n in notes} == {f for f in ("ippatsu", "haitei", "houtei", "rinshan", "chankan",
                                                               "tenhou", "chiihou", "renhou")
                                                   if getattr(win, f) and f not in ids}
    assert data == {**result.to_dict(), "hand": format_mpsz(hand), "ruleset": scorer.ruleset.name}
