"""Game records: the readers, the round settlement and ``mjrules replay``.

The expected values of the record tests are what Tenhou paid: the 77 real games of
``tests/data/tenhou-mjlog`` (520 wins; README and licence there), read as Tenhou saved them and
rewritten event for event as a Tenhou JSON log and as an mjai stream (``games_convert``). The
settlement tests are worked by hand from the rules (noted at each).
"""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from games_convert import to_mjai, to_tenhou_json
from mjrules import Win, parse_mpsz, parse_tiles
from mjrules.cli import main
from mjrules.errors import RecordError, RulesetError
from mjrules.records import read_game, read_games
from mjrules.game.record import ABORTIVE, EXHAUSTIVE, NAGASHI, Draw, Recorded, RecordedWin, Round
from mjrules.records.replay import Replayer, record_ruleset
from mjrules.game.settlement import settle_round
from mjrules.rules.majiang import ruleset_from_majiang
from mjrules.rules.ruleset import load_ruleset
from mjrules.scoring.scorer import Scorer

LOGS = Path(__file__).parent / "data" / "tenhou-mjlog"
FILES = sorted(LOGS.glob("*.mjlog"))
ONE = str(LOGS / "2009071823gm-0041-0000-ff3a2214_tw=0.mjlog")


def _raw(path: Path | str) -> str:
    with gzip.open(path) as f:
        return f.read().decode("utf-8")


def _replay_all(games) -> tuple[int, int, int, int, list[str]]:
    replayers: dict[str, Replayer] = {}
    wins = agree = finals = games_n = 0
    bad: list[str] = []
    for game in games:
        ruleset = record_ruleset(game) or load_ruleset("tenhou")
        if not game.red_fives and game.ruleset is None:  # mjai names no rules: the game's, as Tenhou played it
            ruleset = ruleset.with_flags(red_fives_m=0, red_fives_p=0, red_fives_s=0)
        key = repr(sorted(ruleset.flags.items()))
        if key not in replayers:  # one Scorer per ruleset, as the command builds them
            replayers[key] = Replayer(ruleset)
        rep = replayers[key].replay(game)
        games_n += 1
        wins += len(rep.checks)
        agree += rep.agree
        finals += bool(rep.final_agree)
        bad += [f"{game.source} {c.round}: {c.differs}" for c in rep.checks if not c.agree]
        bad += list(rep.flow_notes)
    return games_n, wins, agree, finals, bad


# ------------------------------------------------------------------------- real Tenhou records
def test_the_shared_records_are_all_here():
    assert len(FILES) == 77
    assert sum(_raw(p).count("<AGARI") for p in FILES) == 520


def test_every_tenhou_win_and_final_score_agrees():
    games, wins, agree, finals, bad = _replay_all(read_games([str(LOGS)]))
    assert bad == []
    assert (games, wins, agree, finals) == (77, 520, 520, 77)


def test_final_points_follow_tenhou_uma_and_rounding():
    """Tenhou's final points (the record's ``owari``): 30,000 returned, the score rounded to the
    nearest thousand, uma 20-10 and the top's 20 oka; the four 2009 records paid the 10-5 uma
    Tenhou used then."""
    now, before = Replayer("tenhou"), Replayer(load_ruleset("tenhou").with_flags(uma=[10, 5, -5, -10]))
    old = []
    for game in read_games([str(LOGS)]):
        assert game.final_points is not None
        if now.replay(game).points != game.final_points:
            old.append(Path(game.source).name[:8])
            assert before.replay(game).points == game.final_points
    assert old == ["20090718", "20090729", "20090729", "20090731"]


def test_the_situation_followed_from_play_is_the_one_tenhou_paid():
    """Riichi, ippatsu, haitei, houtei, rinshan, chankan, tenhou and chiihou are followed from the
    events; Tenhou's yaku list names each one that held (its lobbies score them all)."""
    seen = set()
    for game in read_games([str(LOGS)]):
        for _, w in game.wins():
            names, win = set(w.recorded.yaku), w.win
            got = {
                "riichi": win.riichi == 1, "double_riichi": win.riichi == 2, "ippatsu": win.ippatsu,
                "haitei": win.haitei, "houtei": win.houtei, "rinshan": win.rinshan, "chankan": win.chankan,
                "tenhou": win.tenhou, "chiihou": win.chiihou,
            }
            if not w.recorded.yakuman:
                assert {k for k, v in got.items() if v} == names & set(got), (game.source, w.winner)
            seen |= {k for k, v in got.items() if v}
    assert {"riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan"} <= seen


def test_melds_are_kept_in_call_order():
    """Tenhou's ``<AGARI m=…>`` lists the melds newest first; the hand keeps the order of the calls."""
    games = {Path(g.source).name: g for g in read_games([str(LOGS)])}
    game = games["2009071823gm-0041-0000-ff3a2214_tw=0.mjlog"]
    first = game.rounds[0].wins[0]
    calls = [c.meld for c in game.rounds[0].calls if c.seat == first.winner]
    assert [m.kind.value for m in first.hand.melds] == ["chi", "chi"]
    assert list(first.hand.melds) == calls
    raw = re.search(r'<AGARI[^>]*m="(\d+),(\d+)"', _raw(ONE))
    assert raw is not None and re.search(rf'<N who="0" m="{raw.group(2)}" />.*<N who="0" m="{raw.group(1)}" />',
                                         _raw(ONE))


def test_plain_xml_reads_like_gzip(tmp_path):
    plain = tmp_path / "game.xml"
    plain.write_text(_raw(ONE), encoding="utf-8")
    a, b = read_game(ONE), read_game(str(plain))
    assert a.rounds == b.rounds and a.final == b.final


@pytest.mark.parametrize("convert", [to_tenhou_json, to_mjai], ids=["tenhou-json", "mjai"])
def test_other_formats_agree_with_every_tenhou_payment(convert):
    games = (read_game(f"{p.name}.{convert.__name__}", convert(str(p)).encode()) for p in FILES)
    games_n, wins, agree, finals, bad = _replay_all(games)
    assert bad == []
    assert (games_n, wins, agree, finals) == (77, 520, 520, 77)


def test_formats_are_recognised():
    assert read_game("x", to_tenhou_json(ONE).encode()).format == "tenhou-json"
    assert read_game("x", to_mjai(ONE).encode()).format == "mjai"
    assert read_game("x", gzip.compress(to_mjai(ONE).encode())).format == "mjai"
    assert read_game(ONE).format == "tenhou-xml"


# ------------------------------------------------------------------------- broken records
def _error(name: str, data: bytes) -> str:
    with pytest.raises(RecordError) as e:
        read_game(name, data)
    return str(e.value)


def test_a_cut_gzip_record_names_the_file():
    data = Path(ONE).read_bytes()
    message = _error("cut.mjlog", data[: len(data) // 2])
    assert message.startswith("cut.mjlog") and "cut or broken" in message


def test_a_cut_xml_record_names_the_file_and_round():
    text = _raw(ONE)
    starts = [m.start() for m in re.finditer("<INIT", text)]
    assert re.match(r'<INIT seed="1,0,', text[starts[4]:])  # the fifth round is East 2, no honba
    message = _error("cut.xml", text[: starts[4] + 200].encode())  # inside the deal of East 2
    assert message.startswith("cut.xml, after round E1-3:") and "cut or broken" in message
    message = _error("cut.xml", text[: text.index("/>", starts[4]) + 30].encode())  # in its play
    assert message.startswith("cut.xml, round E2:") and "cut or broken" in message
    no_end = text[: text.index("<AGARI")] + "</mjloggm>"
    message = _error("noend.xml", no_end.encode())
    assert message.startswith("noend.xml, round E1:") and "no end" in message


def test_a_corrupted_xml_record_names_the_round_and_tile():
    text = _raw(ONE).replace("<D106/>", "<D4/>", 1)  # East's first discard changed to a 2m it does not hold
    message = _error("bad.xml", text.encode())
    assert message.startswith("bad.xml, round E1:") and "2m is not in its hand" in message
    text = _raw(ONE).replace('sc="250,15,250,0,250,-15,250,0"', 'sc="250,15,250,0,250,-15"', 1)
    assert "expected 8 numbers" in _error("bad.xml", text.encode())
    assert "not a Tenhou mjlog" in _error("other.xml", b"<html><body/></html>")


def test_three_player_records_are_refused_plainly():
    # the XML reader reads three-player games (tests/test_sanma.py); one that deals a fourth hand is broken
    text = re.sub(r'<GO type="\d+"', '<GO type="89"', _raw(ONE), count=1)  # 0x10: three players
    assert "a three-player game deals to a fourth seat" in _error("sanma.xml", text.encode())
    doc = json.loads(to_tenhou_json(ONE))
    doc["name"] = ["a", "b", "c"]
    assert "three-player" in _error("sanma.json", json.dumps(doc).encode())
    lines = to_mjai(ONE).splitlines()
    start = json.loads(lines[1])
    start["scores"] = start["scores"][:3]
    lines[1] = json.dumps(start)
    assert "three-player" in _error("sanma.mjai", "\n".join(lines).encode())


def test_a_cut_or_corrupted_tenhou_json_log_names_the_round():
    text = to_tenhou_json(ONE)
    cut = text[: len(text) * 2 // 3]
    message = _error("cut.json", cut.encode())
    assert message.startswith("cut.json, round ") and "cut or broken" in message
    doc = json.loads(text)
    doc["log"][1][6][0] = 11 if doc["log"][1][6][0] != 11 else 12  # a discard the player never held
    message = _error("bad.json", json.dumps(doc).encode())
    assert message.startswith("bad.json, round E1-1: seat 0 discard: 1m is not in its hand")


def test_a_cut_or_corrupted_mjai_stream_names_the_round():
    text = to_mjai(ONE)
    lines = text.splitlines()
    k = next(i for i, line in enumerate(lines) if '"kyoku": 3' in line) + 5
    message = _error("cut.mjson", "\n".join(lines[:k]).encode() + b'\n{"type": "dah')
    assert message.startswith("cut.mjson, round E3") and "cut or broken" in message
    message = _error("cut.mjson", "\n".join(lines[:k]).encode())
    assert message.startswith("cut.mjson, round E3") and "no end" in message
    bad = [json.loads(line) for line in lines]
    first = next(i for i, ev in enumerate(bad) if ev["type"] == "dahai")
    bad[first]["pai"] = "C" if bad[first]["pai"] != "C" else "P"
    message = _error("bad.mjson", "\n".join(json.dumps(ev) for ev in bad).encode())
    assert message.startswith("bad.mjson, round E1") and "is not in its hand" in message


def test_a_record_beyond_the_size_limit_is_refused(tmp_path, monkeypatch):
    import mjrules.records.read as read

    monkeypatch.setattr(read, "MAX_RECORD", 1000)
    big = tmp_path / "big.xml"
    big.write_bytes(b"<mjloggm>" + b" " * 2000 + b"</mjloggm>")
    with pytest.raises(RecordError, match="big.xml: more than 1000 bytes"):
        read_game(str(big))
    with pytest.raises(RecordError, match="more than 1000 bytes uncompressed"):
        read_game("big.gz", gzip.compress(big.read_bytes()))


def test_unreadable_inputs(tmp_path):
    assert "not a game record" in _error("x.txt", b"hello")
    assert "cut or broken" in _error("x.gz", b"\x1f\x8b\x08\x00garbage")
    with pytest.raises(RecordError, match="no such file"):
        list(read_games([str(tmp_path / "missing.mjlog")]))
    with pytest.raises(RecordError, match="no file matches"):
        list(read_games([str(tmp_path / "*.mjlog")]))


# ------------------------------------------------------------------------- settlement, by hand
def _win(hand: str, winner: int, discarder: int | None, dealer: int = 0) -> RecordedWin:
    seat_wind = (winner - dealer) % 4
    win = Win(tsumo=discarder is None, discarder=None if discarder is None else (discarder - winner) % 4,
              seat_wind=seat_wind, dora=tuple(parse_tiles("1z")))
    return RecordedWin(winner, discarder, None, parse_mpsz(hand), win, Recorded(None, None, 0, 0, (), (0, 0, 0, 0)))


def _round(wins=(), draw=None, honba=1, sticks=2, riichi=(), dealer=0) -> Round:
    return Round(0, dealer, honba, sticks, dealer, (25000,) * 4, tuple(parse_tiles("1z")), (), tuple(riichi),
                 tuple(wins), draw)


# Seat 0 (the dealer) discards 5p; three non-dealers can win on it:
#   seat 1  234567m234678s5p + 5p: tanyao, pair wait, 1 han 40 fu (20 + 10 menzen ron + 2 tanki) = 1300
#   seat 2  234m34p678s66s888m + 5p: tanyao, 1 han 40 fu (20 + 10 + 4 concealed 888m) = 1300
#   seat 3  22m34p456s678s567m + 5p: tanyao and pinfu, 2 han 30 fu = 2000
THREE = [_win("234567m234678s5p5p", 1, 0), _win("234m34p678s66s888m5p", 2, 0), _win("22m34p456s678s567m5p", 3, 0)]


def _settle(ruleset, rnd: Round):
    return settle_round(rnd, Scorer(ruleset))


def test_a_triple_ron_aborts_the_hand_under_tenhou():
    s = _settle("tenhou", _round(THREE))
    assert (s.outcome, s.payments, s.honba, s.sticks, s.dealer_repeats) == (ABORTIVE, (0, 0, 0, 0), 2, 2, True)


def test_a_triple_ron_pays_all_three_under_ema2025():
    # each winner collects the honba (300) from the discarder; the two sticks go to seat 1, first after seat 0
    s = _settle("ema2025", _round(THREE))
    assert s.payments == (-(1600 + 1600 + 2300), 1300 + 300 + 2000, 1300 + 300, 2000 + 300)
    assert (s.outcome, s.honba, s.sticks, s.dealer_repeats) == ("win", 0, 0, False)


def test_head_bump_pays_only_the_first_in_turn_order():
    ruleset = load_ruleset("tenhou").with_flags(max_ron_winners=1, triple_ron_draw=False)
    s = _settle(ruleset, _round(list(reversed(THREE))))
    assert s.payments == (-1600, 1300 + 300 + 2000, 0, 0)
    assert [p.result is None for p in s.wins] == [False, True, True]


def test_double_ron_honba_to_the_first_or_to_each():
    two = [THREE[2], THREE[0]]
    assert _settle("tenhou", _round(two)).payments == (-(1600 + 2000), 1300 + 300 + 2000, 0, 2000)
    each = load_ruleset("tenhou").with_flags(multi_ron_honba="each")
    assert _settle(each, _round(two)).payments == (-(1600 + 2300), 1300 + 300 + 2000, 0, 2300)


def test_a_dealer_among_two_winners_repeats():
    # seat 2 discards; the dealer (seat 0) and seat 3 win: 22m34p456s678s567m+5p is 2 han 30 fu = 2900 for the dealer
    wins = [_win("22m34p456s678s567m5p", 0, 2), _win("234567m234678s5p5p", 3, 2)]
    s = _settle("tenhou", _round(wins, honba=0, sticks=0))
    assert s.payments == (2900, 0, -(2900 + 1300), 1300)
    assert (s.dealer_repeats, s.honba) == (True, 1)


def test_riichi_deposits_go_to_the_winner():
    # seat 1 declared riichi this hand (its stick joins the two on the table); seat 3 wins 2000 from seat 0
    s = _settle("tenhou", _round([THREE[2]], honba=0, riichi=(1,)))
    assert s.payments == (-2000, -1000, 0, 2000 + 3000)


@pytest.mark.parametrize("tenpai, payments", [
    ((), (0, 0, 0, 0)), ((2,), (-1000, -1000, 3000, -1000)), ((0, 2), (1500, -1500, 1500, -1500)),
    ((0, 1, 3), (1000, 1000, -3000, 1000)), ((0, 1, 2, 3), (0, 0, 0, 0)),
])
def test_noten_payments(tenpai, payments):
    s = _settle("tenhou", _round(draw=Draw(EXHAUSTIVE, "", tenpai, (), (0,) * 4)))
    assert (s.payments, s.honba, s.sticks, s.dealer_repeats) == (payments, 2, 2, 0 in tenpai)


def test_no_noten_payment_and_repeat_only_on_a_win():
    ruleset = load_ruleset("tenhou").with_flags(noten_payment=0, dealer_repeat="win")
    s = _settle(ruleset, _round(draw=Draw(EXHAUSTIVE, "", (0,), (), (0,) * 4)))
    assert (s.payments, s.dealer_repeats) == ((0, 0, 0, 0), False)


def test_nagashi_mangan_as_a_draw_or_as_a_win():
    draw = Draw(NAGASHI, "nagashi mangan", (0,), (2,), (0,) * 4)
    s = _settle("tenhou", _round(draw=draw, honba=2, sticks=1))
    # a non-dealer's mangan by tsumo: 4000 from the dealer, 2000 from the others; no honba, the stick stays
    assert (s.payments, s.honba, s.sticks, s.dealer_repeats) == ((-4000, -2000, 8000, -2000), 3, 1, True)
    win = load_ruleset("tenhou").with_flags(nagashi_mangan="win")
    s = _settle(win, _round(draw=draw, honba=2, sticks=1))
    # as a win: two honba (600, a third from each payer) and the stick to seat 2; the dealer passes
    assert (s.payments, s.honba, s.sticks, s.dealer_repeats) == ((-4200, -2200, 9600, -2200), 0, 0, False)
    none = load_ruleset("tenhou").with_flags(nagashi_mangan="none")
    assert _settle(none, _round(draw=draw)).payments == (3000, -1000, -1000, -1000)  # dealer tenpai alone


def test_majiang_rule_keys_map_onto_the_settlement_flags():
    flags = ruleset_from_majiang({"最大同時和了数": 1, "ノーテン罰あり": False, "流し満貫あり": False}).flags
    assert (flags["max_ron_winners"], flags["triple_ron_draw"], flags["noten_payment"],
            flags["nagashi_mangan"]) == (1, False, 0, "none")
    assert ruleset_from_majiang({"最大同時和了数": 3}).flags["triple_ron_draw"] is False
    assert ruleset_from_majiang({"最大同時和了数": 2}).flags["triple_ron_draw"] is True
    with pytest.raises(RulesetError, match="最大同時和了数: expected 1, 2 or 3"):
        ruleset_from_majiang({"最大同時和了数": 4})


# ------------------------------------------------------------------------- the command
def test_replay_agrees_with_the_records(capsys):
    assert main(["replay", str(LOGS)]) == 0
    out = capsys.readouterr().out
    assert out == "77 games, 520 wins, 520 agree; final scores agree in 77/77 games, final points in 77/77\n"


def test_replay_json_lines(capsys):
    assert main(["replay", ONE, "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    wins = [x for x in lines if "winner" in x]
    assert len(wins) == _raw(ONE).count("<AGARI")
    first = wins[0]
    assert first["round"] == "E1" and first["agree"] is True and first["winner"] == 0
    assert first["recorded"]["points"] == 1500 and first["scored"]["payments"] == [1500, 0, -1500, 0]
    assert lines[-1] == {"summary": {"games": 1, "wins": len(wins), "agree": len(wins), "final_agree": 1,
                                     "finals": 1, "points_agree": 1, "points": 1, "unchecked": 0,
                                     "unreadable": 0, "unfinished": 0, "finals_not_stated": 0}}


def test_replay_under_other_rules_names_the_cause(capsys):
    assert main(["replay", ONE, "--ruleset", "mleague"]) == 1
    out = capsys.readouterr().out
    # E2: 4 han 30 fu, 11,700 on Tenhou, a mangan (12,000) with M.League's kiriage
    assert "round E2, seat 1 wins: points, payments differ" in out and "because of flag:kiriage" in out
    assert "under mleague: 1st seat 0 41000" in out


def test_replay_what_if(capsys):
    assert main(["replay", ONE, "--rulesets", "tenhou,mleague,ema2025"]) == 0
    out = capsys.readouterr().out
    assert "  tenhou: 1st seat 0 41100 (+51.0)" in out
    assert "mleague 4 han 30 fu 12000" in out and "flag:kiriage" in out
    # EMA starts at 30,000 without red fives: the first win loses its red five (3 han -> 2 han)
    assert "ema2025 2 han 30 fu 2900" in out
    assert main(["replay", ONE, "--rulesets", "tenhou,ema2025", "--csv"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert rows[0] == "log,ruleset,seat,score,placing,points" and len(rows) == 9


def test_replay_exit_2_for_an_unreadable_record_and_goes_on(capsys, tmp_path):
    bad = tmp_path / "bad.mjlog"
    bad.write_bytes(Path(ONE).read_bytes()[:500])
    assert main(["replay", str(bad), ONE]) == 2
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and captured.err.startswith(f"mjrules: error: {bad}")
    assert "1 games" in captured.out and "1 unreadable" in captured.out


def test_an_mjai_record_that_does_not_say_its_rules_is_read_under_tenhous_and_says_so(capsys, tmp_path):
    # mjai (the protocol and the original server) was made for Tenhou's rules: such a record is read
    # under the tenhou preset, the output saying so, unless --ruleset names others
    log = tmp_path / "game.mjson"
    log.write_text(to_mjai(ONE), encoding="utf-8")
    assert main(["replay", str(log)]) == 0
    out = capsys.readouterr().out
    assert f"{log}: the record does not say its rules: read under tenhou, the rules mjai was made for" in out
    assert main(["replay", str(log), "--ruleset", "tenhou"]) == 0
    assert "does not say its rules" not in capsys.readouterr().out
    assert main(["replay", str(log), "--json"]) == 0
    last = [json.loads(line) for line in capsys.readouterr().out.splitlines()][-2]
    assert last["ruleset"] == "tenhou" and last["assumed"] == [
        "the record does not say its rules: read under tenhou, the rules mjai was made for"]


def test_an_mjai_record_of_a_tenhou_game_gets_the_rules_of_its_day(capsys, tmp_path):
    # The 2010-06-01 game's last dealer plays on after a tenpai draw in first place, as Tenhou did before
    # June 2010 (mjrules.records.tenhou_rules). Converted to mjai under its log id, it is read with that
    # day's rules and ends where it did; under another name, with today's, the game would end at South 4.
    original = LOGS / "2010060106gm-00a9-0000-30d6de3b_tw=0.mjlog"
    dated = tmp_path / "2010060106gm-00a9-0000-30d6de3b.mjson"
    dated.write_text(to_mjai(str(original)), encoding="utf-8")
    game = read_game(str(dated))
    assert game.played == "2010-06-01" and ("last_dealer_stop", "win") in game.rules
    assert main(["replay", str(dated), "--legal", "--no-progress"]) == 0
    assert "as Tenhou played them on 2010-06-01 (the Tenhou log id in its name or link)" in capsys.readouterr().out
    undated = tmp_path / "game.mjson"
    undated.write_text(to_mjai(str(original)), encoding="utf-8")
    assert main(["replay", str(undated), "--legal", "--no-progress"]) == 1
    assert "legal: the game ends after S4 (dealer stop), and the record plays on (tenhou)" in capsys.readouterr().out


def test_replay_reports_running_scores_the_record_does_not_have(capsys, tmp_path):
    # East 1-1 of this game starts at 26,500 / 25,000 / 23,500 / 25,000 after East 1 (1,500 to East from West)
    text = _raw(ONE).replace('ten="265,250,235,250"', 'ten="265,250,234,251"', 1)
    log = tmp_path / "edited.xml"
    log.write_text(text, encoding="utf-8")
    assert main(["replay", str(log)]) == 1
    out = capsys.readouterr().out
    assert "round E1-1: starts with scores [26500, 25000, 23400, 25100] in the record, " \
           "[26500, 25000, 23500, 25000] replayed" in out


def test_tenpai_at_a_draw_is_followed_from_the_hands_when_a_record_omits_it():
    """mjai streams may leave ``tenpais`` out: the hands then decide, as Tenhou showed them (84 draws)."""
    draws = 0
    for p in FILES:
        events = [json.loads(line) for line in to_mjai(str(p)).splitlines()]
        for ev in events:
            ev.pop("tenpais", None)
        game = read_game("x.mjson", "\n".join(json.dumps(ev) for ev in events).encode())
        shown = [r.draw.tenpai for r in read_game(str(p)).rounds if r.draw and r.draw.kind != ABORTIVE]
        followed = [r.draw.tenpai for r in game.rounds if r.draw and r.draw.kind != ABORTIVE]
        assert followed == shown, p.name
        draws += len(shown)
    assert draws == 84


# ------------------------------------------------------------------------- hand-made records
def _mjai(tehais: list[str], moves: list[dict], honba: int = 0, sticks: int = 0) -> bytes:
    """A one-round mjai record: the dealer is seat 0, the deal written as MPSZ per seat."""
    def names(text: str) -> list[str]:
        from games_convert import mjai_name
        return [mjai_name(t) for t in parse_tiles(text)]

    events = [{"type": "start_game", "names": ["a", "b", "c", "d"]},
              {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": honba, "kyotaku": sticks, "oya": 0,
               "dora_marker": "E", "scores": [25000] * 4, "tehais": [names(h) for h in tehais]}]
    events += moves + [{"type": "end_kyoku"}, {"type": "end_game"}]
    return "\n".join(json.dumps(ev) for ev in events).encode()


def _go_around(tile: str) -> list[dict]:
    """Each player draws ``tile`` and discards it (so nobody's later ron is a renhou)."""
    return [ev for seat in range(4) for ev in ({"type": "tsumo", "actor": seat, "pai": tile},
                                               {"type": "dahai", "actor": seat, "pai": tile, "tsumogiri": True})]


# The THREE hands above (seat 2's remade so no tile is held five times): the dealer discards 5p,
# all three ron; one honba and two sticks on the table. As ema2025 pays it (worked out above):
# seat 1 1300 + 300 + 2000 sticks, seat 2 1300 + 300, seat 3 2000 + 300.
TRIPLE_RON = _mjai(
    ["111m999m111p99p11z", "234567m234678s5p", "34p234m888m33s456s", "22m34p456s678s567m"],
    _go_around("N") + [
        {"type": "tsumo", "actor": 0, "pai": "5p"}, {"type": "dahai", "actor": 0, "pai": "5p", "tsumogiri": True},
        {"type": "hora", "actor": 1, "target": 0, "pai": "5p", "fan": 1, "fu": 40, "hora_points": 1300,
         "deltas": [-1600, 3600, 0, 0]},
        {"type": "hora", "actor": 2, "target": 0, "pai": "5p", "fan": 1, "fu": 40, "hora_points": 1300,
         "deltas": [-1600, 0, 1600, 0]},
        {"type": "hora", "actor": 3, "target": 0, "pai": "5p", "fan": 2, "fu": 30, "hora_points": 2000,
         "deltas": [-2300, 0, 0, 2300]},
    ], honba=1, sticks=2)


def test_a_recorded_triple_ron_agrees_where_triple_ron_is_allowed(capsys, tmp_path):
    log = tmp_path / "triple.mjson"
    log.write_bytes(TRIPLE_RON)
    assert main(["replay", str(log), "--ruleset", "ema2025"]) == 0
    # the record's end_game states no final scores
    assert capsys.readouterr().out == \
        "1 game, 3 wins, 3 agree; final scores agree in 0/0 games (1 not stated), final points in 0/0\n"
    # under Tenhou's rules three rons abort the hand: none of the three is paid
    assert main(["replay", str(log), "--ruleset", "tenhou"]) == 1
    out = capsys.readouterr().out
    assert out.count("wins: win differ: recorded") == 3 and "scored no win" in out


# Seat 1 waits on 7z with kokushi; the dealer draws the fourth 7z and declares a closed kan.
ROBBED_ANKAN = _mjai(
    ["777z234m567m234p8s", "19m19p19s1234566z", "234567s333m444p5s", "666p777p444m666m5p"],
    _go_around("8p") + [
        {"type": "tsumo", "actor": 0, "pai": "C"}, {"type": "ankan", "actor": 0, "consumed": ["C"] * 4},
        {"type": "hora", "actor": 1, "target": 0, "pai": "C", "fan": 13, "hora_points": 32000,
         "yakus": [["kokushi", 13]], "deltas": [-32000, 32000, 0, 0]},
    ])


def test_kokushi_robbing_a_closed_kan_follows_the_ruleset(capsys, tmp_path):
    game = read_game("robbed.mjson", ROBBED_ANKAN)
    (win,) = game.rounds[0].wins
    assert win.win.chankan and win.win.extras == {"robbed_ankan"} and win.hand.win_tile == parse_tiles("7z")[0]
    log = tmp_path / "robbed.mjson"
    log.write_bytes(ROBBED_ANKAN)
    assert main(["replay", str(log), "--ruleset", "mahjongsoul"]) == 0  # kokushi_ankan_chankan = true
    capsys.readouterr()
    # the tenhou preset lets no hand rob a closed kan: there it is no win
    assert main(["replay", str(log), "--ruleset", "tenhou"]) == 1
    assert "scored no win: robbing a closed kan" in capsys.readouterr().out


@pytest.mark.parametrize("disp, ruleset, red", [
    ("般南喰赤", "tenhou", True), ("鳳東喰赤速", "tenhou", True), ("般南", "tenhou-nokuitan", False),
    ("特南喰", "tenhou", False), ("玉の間四人南", "mahjongsoul", True), ("A league final", None, True),
])
def test_the_tenhou_json_rule_names_the_ruleset_only_for_a_tenhou_lobby(disp, ruleset, red):
    doc = json.loads(to_tenhou_json(ONE))
    doc["rule"] = {"disp": disp, "aka": int(red)} if disp[0] in "玉A" else {"disp": disp}
    game = read_game("x.json", json.dumps(doc).encode())
    assert (game.ruleset, game.red_fives) == (ruleset, red)


def test_a_three_player_lobby_over_four_hands_is_refused():
    doc = json.loads(to_tenhou_json(ONE))
    doc["rule"] = {"disp": "三鳳南喰赤"}  # a three-player lobby, but the rounds deal four hands
    assert "round E1: a three-player game deals to a fourth seat" in _error("sanma.json", json.dumps(doc).encode())


def test_what_if_reports_a_hand_that_is_no_win_there(capsys):
    # East 1: seat 0's open hand has tanyao alone (Tenhou paid 1 han 30 fu, 1,500): no yaku without kuitan
    assert main(["replay", ONE, "--rulesets", "tenhou,tenhou-nokuitan", "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    first = lines[0]
    assert (first["round"], first["winner"]) == ("E1", 0)
    assert first["values"]["tenhou"]["points"] == 1500
    assert first["values"]["tenhou-nokuitan"] == {"win": False, "han": None, "fu": None, "yakuman": 0, "points": 0,
                                                 "payments": [0, 0, 0, 0], "yaku": ["no win: no yaku"]}
    assert first["causes"] == {"tenhou-nokuitan": ["flag:open_tanyao"]}
    finals = [x for x in lines if "final" in x]
    assert len(finals) == 1 and set(finals[0]["final"]) == {"tenhou", "tenhou-nokuitan"}
    assert sum(finals[0]["final"]["tenhou-nokuitan"]["scores"]) == 100000
    assert lines[-1] == {"summary": {"games": 1, "rulesets": ["tenhou", "tenhou-nokuitan"], "unreadable": 0, "unfinished": 0}}


@pytest.mark.parametrize("argv, status", [
    (["--json"], 0),  # every record agrees, the three-player ones under tenhou-sanma
    (["--ruleset", "mleague"], 2),  # a three-player record under four-player rules is refused
    (["--rulesets", "tenhou,mleague,ema2025"], 2),
    (["--rulesets", "tenhou,wrc2025", "--csv"], 2),
], ids=["check-json", "other-ruleset", "what-if", "what-if-csv"])
def test_replay_jobs_2_prints_what_jobs_1_prints(capsys, argv, status):
    # the records come back in order from the worker processes, errors at their place
    sanma = str(Path(__file__).parent / "data" / "tenhou-sanma")
    runs = []
    for jobs in ("1", "2"):
        code = main(["replay", str(LOGS), sanma, *argv, "--jobs", jobs, "--no-progress"])
        runs.append((code, capsys.readouterr()))
    (code1, one), (code2, two) = runs
    assert code1 == code2 == status
    assert one.out == two.out and one.err == two.err
    assert one.out.count("2009071823gm-0041-0000-ff3a2214") >= 1
