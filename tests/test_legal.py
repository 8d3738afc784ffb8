"""Recorded games checked at the table (``mjrules replay --legal``, ``mjrules.records.check``): each
round dealt from the record's own wall and played by the record's actions, every action ruled on
under the record's ruleset and every round paid as replay pays the record."""

from __future__ import annotations

import json
from pathlib import Path

import attrs
import pytest

from mjrules.cli import main
from mjrules.records.check import check_legal, record_wall
from mjrules.table.players import Greedy
from mjrules.records.read import read_game, read_games
from mjrules.records.replay import record_ruleset
from mjrules.rules.rules import GameLength
from mjrules.table.game import Table
from mjrules.scoring.scorer import Scorer

DATA = Path(__file__).resolve().parent / "data"


def test_every_action_of_the_tenhou_records_is_legal_and_every_round_pays_as_recorded():
    scorers: dict[str, Scorer] = {}
    actions = rounds = 0
    abortive: list[str] = []
    for game in read_games([str(DATA / "tenhou-mjlog"), str(DATA / "tenhou-sanma")]):
        ruleset = record_ruleset(game)
        assert ruleset is not None
        scorer = scorers.setdefault(ruleset.name, Scorer(ruleset))
        check = check_legal(game, scorer)
        assert check.refused == 0, check.first_refused
        # every round is played, abortive draws included, and pays as the record does
        assert check.played == check.agree == check.rounds and not check.skipped, check.skipped
        actions += check.actions
        rounds += check.played
        abortive += [r.draw.reason for r in game.rounds if r.draw is not None and r.draw.kind == "abortive"]
    assert actions > 30_000 and rounds > 600
    # the records' abortive draws: five declared on nine terminals, two triple rons (Tenhou's 三家和)
    assert sorted(abortive) == ["nine terminals"] * 5 + ["three rons"] * 2


def test_every_tenhou_record_ends_where_the_game_end_rule_says():
    """``game_end`` under the record's own ruleset (its lobby's length, its day's rules) ends each game
    after its last round and no earlier, the scores taken from the record. A last dealer in first place
    after a tenpai draw plays on in four games of 2009-08-27 to 2010-06-01 and ends the game on
    2010-06-08, as Tenhou announced for June 2010 (``mjrules.records.tenhou_rules``)."""
    from mjrules.game.settlement import GameEnd, game_end, settle_round

    ends: dict[GameEnd, int] = {}
    odd = []
    for game in read_games([str(DATA / "tenhou-mjlog"), str(DATA / "tenhou-sanma")]):
        ruleset = record_ruleset(game)
        assert ruleset is not None
        scorer = Scorer(ruleset)
        rounds = game.rounds
        for i, rnd in enumerate(rounds):
            settled = settle_round(rnd, scorer)
            after = list(rounds[i + 1].scores) if i + 1 < len(rounds) else [
                s + p for s, p in zip(rnd.scores, settled.payments)]
            end = game_end(scorer.rules, after, settled, wind=rnd.wind, number=rnd.number, dealer=rnd.dealer,
                           first_dealer=rounds[0].dealer)
            if (end is not None) != (i + 1 == len(rounds)):
                odd.append(f"{Path(game.source).name} {rnd.label} {end}")
            if end is not None and i + 1 == len(rounds):
                ends[end] = ends.get(end, 0) + 1
    assert odd == []
    # the records end in every way the rule knows: bust, last hand, dealer stop, sudden death, extra wind over
    assert set(ends) == set(GameEnd), ends


def test_legal_checks_where_the_game_ends():
    # The 2010-06-01 game plays on after its South 4 dealer's tenpai draw in first place (53,900): Tenhou's
    # rule of its day (tenhou_rules: "win"). Under today's (the tenhou preset: win_or_tenpai, since June
    # 2010) the game ends there, and the check says so.
    game = read_game(str(DATA / "tenhou-mjlog" / "2010060106gm-00a9-0000-30d6de3b_tw=0.mjlog"))
    assert ("last_dealer_stop", "win") in game.rules
    check = check_legal(game, Scorer(record_ruleset(game)))
    assert check.end_checked and check.end is None
    today = attrs.evolve(game, rules=())
    check = check_legal(today, Scorer(record_ruleset(today)))
    assert check.refused == 0 and check.end_checked
    assert check.end == "the game ends after S4 (dealer stop), and the record plays on"


def test_legal_reports_a_record_that_ends_before_its_game_does(tmp_path, capsys):
    # a table game's record with its last round cut out, its end_game kept: the rules play on
    scorer = Scorer("tenhou")
    game = Table(scorer, [Greedy() for _ in range(4)], length=GameLength.TONPUU).play(5)
    lines = game.record.splitlines()
    last = max(i for i, line in enumerate(lines) if '"start_kyoku"' in line)
    cut = tmp_path / "cut.mjson"
    cut.write_text("\n".join(lines[:last] + lines[-1:]) + "\n", encoding="utf-8")
    assert '"end_game"' in lines[-1]
    label = read_game(str(cut)).rounds[-1].label
    assert main(["replay", str(cut), "--legal", "--no-progress"]) == 1
    out = capsys.readouterr().out
    assert f"{cut}: legal: the record ends the game after {label}, and the rules play on (tenhou" in out
    assert "0/1 games end where the record ends them" in out


def test_tenhou_json_logs_are_played_at_the_table_from_their_merged_moves():
    # Tenhou's JSON lists each seat's draws and discards apart: the reader merges them into moves.
    # Seven real logs (Tenhou four and three players, Mahjong Soul four and three players, a kokushi
    # robbing a closed kan among them): every round, a nine-terminals draw among them, every action
    # legal and every round paid as recorded
    checks = [check_legal(g, Scorer(record_ruleset(g) or "tenhou")) for g in read_games([str(DATA / "tenhou-json")])]
    assert len(checks) == 7 and sum(c.refused for c in checks) == 0
    assert sum(c.rounds for c in checks) == sum(c.played for c in checks) == sum(c.agree for c in checks) == 61


CALLS_PLACED = {
    # file: (caller, tile, giver, which of the giver's discards it takes; an earlier one, the same tile, passed)
    "confusing_nakis_0.json": (0, "7m", 1, 15),
    "confusing_nakis_1.json": (3, "6m", 0, 9),
    "confusing_nakis_3.json": (2, "5z", 0, 2),
    "confusing_nakis_5.json": (3, "4z", 1, 8),
    "confusing_nakis_6.json": (1, "2z", 3, 18),
}


def test_calls_on_a_tile_discarded_twice_are_placed_where_every_seats_moves_fit():
    """Five one-round Tenhou JSON records of a log converter's test data (tests/data/LICENSE-tenhou-json-calls.md):
    each has a call on the second of two discards of one tile, which the JSON does not write. Taking the
    call on the first leaves a seat "to draw, and the log has it call …" (how these records were refused);
    the one order in which every seat's listed moves fit takes the second, and every action is legal there."""
    from mjrules.game.record import MoveKind

    scorer = Scorer("tenhou")
    for path in sorted((DATA / "tenhou-json-calls").glob("*.json")):
        game = read_game(str(path))
        (rnd,) = game.rounds
        caller, name, giver, nth = CALLS_PLACED[path.name]
        moves = rnd.moves
        call = next(i for i, m in enumerate(moves) if m.kind is MoveKind.CALL and m.seat == caller
                    and m.tile is not None and m.tile.mpsz() == name and m.meld is not None and m.meld.kind.value == "pon")
        given = [m for m in moves[:call] if m.kind is MoveKind.DISCARD and m.seat == giver]
        assert len(given) == nth and given[-1].tile == moves[call].tile
        assert any(m.tile == moves[call].tile for m in given[:-1])
        check = check_legal(game, scorer)
        assert check.refused == 0, check.first_refused
        assert check.rounds == check.played == check.agree == 1
    rep = main(["replay", str(DATA / "tenhou-json-calls"), "--json", "--no-progress"])
    assert rep == 1  # one recorded payment differs: confusing_nakis_1 (below)


def test_a_record_whose_payment_leaves_out_the_riichi_stick_it_shows_is_reported(capsys):
    # confusing_nakis_1: seat 2's riichi discard passes (it discards again), seat 0 rons that next
    # discard: the stick on the table goes to the winner (Tenhou: 1,000 + 2 honba x 300 + 1,000), the
    # record pays +1,600 only
    assert main(["replay", str(DATA / "tenhou-json-calls" / "confusing_nakis_1.json"), "--no-progress"]) == 1
    out = capsys.readouterr().out
    assert "payments differ: recorded 1 han 30 fu 1000 [+1600 +0 -1600 +0], scored 1 han 30 fu 1000 [+2600 +0 -1600 +0]" in out


@pytest.mark.parametrize("convert", ["to_tenhou_json", "to_mjai"])
def test_the_tenhou_games_rewritten_in_other_formats_play_the_same_actions(convert):
    import games_convert

    rewrite = getattr(games_convert, convert)
    actions = expected = played = 0
    skipped: list[str] = []
    for path in sorted((DATA / "tenhou-mjlog").glob("*.mjlog")):
        original = read_game(str(path))
        game = read_game(f"{path.name}.{convert}", rewrite(str(path)).encode())
        scorer = Scorer(record_ruleset(game) or record_ruleset(original))
        check = check_legal(game, scorer)
        assert check.refused == 0, check.first_refused
        actions += check.actions
        played += check.played
        skipped += check.skipped
        # the same rounds read from the mjlog give the table the same actions
        kept = tuple(r for r in original.rounds if not (r.draw is not None and r.draw.reason == "three rons"))
        expected += check_legal(attrs.evolve(original, rounds=kept), scorer).actions
    # the two triple rons: neither format says who ronned, so they alone are not played
    assert skipped == ["E2: three rons, and the record does not say whose"] * 2
    assert played == 603 and actions == expected > 31_000


def test_the_record_wall_of_a_table_game_is_its_wall():
    scorer = Scorer("tenhou")
    game = Table(scorer, [Greedy() for _ in range(4)], length=GameLength.TONPUU).play(3)
    read = read_game("g.mjson", game.record.encode())
    wall = record_wall(read.rounds[0], 4, 136)
    dealt = game.rounds[0].deal.hands
    assert [sorted(t.rank for t in wall.hand(i)) for i in range(4)] == [sorted(t.rank for t in h) for h in dealt]
    assert wall.indicator(0) == game.rounds[0].deal.dora
    check = check_legal(read, scorer)
    assert check.refused == 0 and check.played == check.agree == check.rounds == len(game.rounds)


def tampered_record(tmp_path: Path) -> Path:
    """A game whose seat 1 declares riichi in the first round, its start score lowered to 500."""
    from tests.test_table import DEALER, PINFU, SEAT2, SEAT3, Plan, Tsumogiri, hand_wall, s
    from mjrules.game.actions import Action, ActionKind
    from mjrules.table.wall import seeded_wall

    scorer = Scorer("tenhou")
    wall = hand_wall([DEALER, PINFU, SEAT2, SEAT3], draws="1s9s8s8s9s")
    dealer = Plan(own=(Action(ActionKind.DISCARD, s("1z")), Action(ActionKind.DISCARD, s("7s"))))
    game = Table(scorer, [dealer, Greedy(), Tsumogiri(), Tsumogiri()], length=GameLength.TONPUU).play(
        "t", walls=lambda k: wall if k == 0 else seeded_wall(scorer.rules.tiles, f"t/{k}"))
    lines = game.record.splitlines()
    start = next(i for i, line in enumerate(lines) if '"start_kyoku"' in line)
    event = json.loads(lines[start])
    assert event["scores"] == [25000] * 4
    event["scores"] = [49500, 500, 25000, 25000]
    lines[start] = json.dumps(event)
    path = tmp_path / "tampered.mjson"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_an_illegal_recorded_action_is_refused_with_its_reason(tmp_path):
    game = read_game(str(tampered_record(tmp_path)))
    check = check_legal(game, Scorer("tenhou"))
    assert check.refused == 1
    assert check.first_refused == "E1: seat 1: riichi 9s refused: riichi needs 1000 points for the stick, and it has 500"


def test_replay_legal_on_the_command_line(tmp_path, capsys):
    assert main(["replay", str(DATA / "tenhou-sanma"), "--legal", "--json", "--no-progress"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    games = [x for x in lines if "legal" in x]
    assert games and all(g["legal"]["refused"] == 0 and g["legal"]["first_refused"] is None for g in games)
    summary = lines[-1]["summary"]
    assert summary["legal_games"] == summary["games"] == len(games) and summary["legal_actions"] > 0
    assert main(["replay", str(tampered_record(tmp_path)), "--legal"]) == 1
    out = capsys.readouterr().out
    assert "legal: 1 refused (first: E1: seat 1: riichi 9s refused: riichi needs 1000 points" in out
    assert "1 refused (0/1 games without a refusal)" in out


def test_legal_is_not_for_what_if(capsys):
    assert main(["replay", str(DATA / "tenhou-sanma"), "--legal", "--rulesets", "tenhou-sanma"]) == 2
    assert "--legal checks each record under one ruleset" in capsys.readouterr().err


@pytest.mark.parametrize("ruleset", ["tenhou", "tenhou-sanma"])
def test_the_games_the_table_writes_are_legal(tmp_path, capsys, ruleset):
    assert main(["simulate", "--rulesets", ruleset, "--games", "2", "--length", "tonpuu",
                 "--records", str(tmp_path)]) == 0
    capsys.readouterr()
    assert main(["replay", str(tmp_path), "--legal", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out.splitlines()[-1])["summary"]
    assert summary["legal_games"] == 2 and summary["legal_played"] == summary["legal_agree"] == summary["legal_rounds"]
