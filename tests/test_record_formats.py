"""Real records beyond the 77 mjlogs: final points as the record's day's rules count them, Tenhou
JSON logs (four and three players, Tenhou's and Mahjong Soul converters'), three-player mjlogs
and mjai dialects. Every expected value is what the record itself states (its ``owari``/``sc``
final points, its recorded wins), or a rule worked by hand (noted at each)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mjrules.cli import main
from mjrules.records import read_game
from mjrules.records.replay import Replayer, record_ruleset
from mjrules.records.tenhou_rules import played_on, rules_on
from mjrules.rules.ruleset import load_ruleset

DATA = Path(__file__).parent / "data"
JSON_2023 = DATA / "tenhou-json" / "2023053016gm-0029-0000-e54b3b98.json"
EAST_2009 = DATA / "tenhou-mjlog" / "2009071823gm-0041-0000-ff3a2214_tw=0.mjlog"


def _replay(game, ruleset=None):
    return Replayer(ruleset or record_ruleset(game)).replay(game)


def test_a_log_id_dates_the_game():
    assert played_on("2023053016gm-0029-0000-e54b3b98") == "2023-05-30"
    assert played_on("tests/x/2009071823gm-0041-0000-ff3a2214_tw=0.mjlog") == "2009-07-18"
    assert played_on("game.mjlog") is None


def test_the_day_chooses_the_rounding_the_east_uma_and_the_last_dealers_stop():
    assert rules_on("2023-05-30", players=4, east_only=False) == (("points_rounding", "exact"),)
    assert rules_on("2018-11-08", players=3, east_only=False) == ()
    assert rules_on("2009-07-18", players=4, east_only=True) == (("game_length", "tonpuu"),
                                                                  ("uma", (10, 5, -5, -10)),
                                                                  ("last_dealer_stop", "win"))
    assert rules_on("2009-07-18", players=4, east_only=False) == (("last_dealer_stop", "win"),)
    assert rules_on(None, players=4, east_only=True) == (("game_length", "tonpuu"),)
    # the tenpai stop came in June 2010 (Tenhou's blog, 2010-05-18): played on 2010-06-01, ended 2010-06-08
    assert ("last_dealer_stop", "win") in rules_on("2010-06-01", players=4, east_only=False)
    assert rules_on("2010-06-08", players=4, east_only=True) == (("game_length", "tonpuu"),)
    assert Replayer("tenhou").scorer.rules.round.last_dealer_stop == "win_or_tenpai"
    assert Replayer("tenhou-sanma").scorer.rules.round.last_dealer_stop == "win_or_tenpai"


def test_a_renamed_record_is_dated_by_what_it_shows(tmp_path, capsys):
    # Without its Tenhou log id the name gives no day; the record's final points (owari) fit one era's
    # uma and rounding: the July 2009 east-only game pays 10/5 (41,100 top, 37,300 second +12), which
    # only the rules before August 2009 count (tenhou_rules: the east-only uma change)
    renamed = tmp_path / "game.mjlog"
    renamed.write_bytes(EAST_2009.read_bytes())
    game = read_game(str(renamed))
    assert game.played is None and ("uma", (10, 5, -5, -10)) in game.rules
    assert game.assumed == ("no Tenhou log id in its name, so no day: its final points (+41.0, +12.0, -21.0, -32.0) "
                            "fit Tenhou's rules before August 2009 (east-only uma 10/5) and no later era's: read as "
                            "played then",)
    assert _replay(game).points_agree
    assert main(["replay", str(renamed), "--legal", "--no-progress"]) == 0
    assert game.assumed[0] in capsys.readouterr().out
    # a 2010-06-01 game whose last dealer plays on after a tenpai draw in first place: points alone fit
    # every era up to 2021, the play-on only those before June 2010 (Tenhou's blog of 2010-05-18)
    renamed = tmp_path / "other.mjlog"
    renamed.write_bytes((DATA / "tenhou-mjlog" / "2010060106gm-00a9-0000-30d6de3b_tw=0.mjlog").read_bytes())
    game = read_game(str(renamed))
    assert ("last_dealer_stop", "win") in game.rules
    assert "its last dealer playing on after a tenpai draw in first place," in game.assumed[0]
    assert "fit Tenhou's rules from August 2009 to May 2010 and no later era's" in game.assumed[0]
    assert main(["replay", str(renamed), "--legal", "--no-progress"]) == 0


def test_exact_final_points_of_2023():
    game = read_game(str(JSON_2023))
    assert game.played == "2023-05-30"
    assert game.final_points == (63.8, -23.9, 9.3, -49.2)  # the record's sc
    rep = _replay(game)
    assert rep.final_agree and rep.points_agree
    assert rep.points == (63.8, -23.9, 9.3, -49.2)
    # Tenhou's rounding of before 2022: 16,100 -> 16 - 30 - 10 = -24, and so on; the record disagrees
    rounded = _replay(game, load_ruleset("tenhou"))
    assert rounded.points == (64.0, -24.0, 9.0, -49.0)
    assert rounded.points_agree is False


def test_east_only_games_of_july_2009_pay_uma_10_5():
    game = read_game(str(EAST_2009))
    assert game.final_points == (41.0, 12.0, -21.0, -32.0)  # owari
    assert _replay(game).points_agree
    # under today's uma 20/10, 37,300 second would be 37 - 30 + 10 = +17
    assert _replay(game, load_ruleset("tenhou")).points[1] == 17.0


def test_a_points_difference_is_named(tmp_path, capsys):
    doc = json.loads(JSON_2023.read_text(encoding="utf-8"))
    doc["sc"][3] = -23.8  # seat 1's recorded final points changed by a tenth
    path = tmp_path / "2023053016gm-0029-0000-e54b3b98.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    out = capsys.readouterr().out
    assert "final points: recorded [+63.8, -23.8, +9.3, -49.2], counted [+63.8, -23.9, +9.3, -49.2]" in out
    assert out.endswith("final scores agree in 1/1 games, final points in 0/1\n")


def _sanma_kakan_flow():
    """Seat 2 pons seat 0's Red dragon and later adds the fourth: a round's state fed the mjlog codes Tenhou
    writes, whose from-offset counts seats on a four-seat table (seat 0 is two seats on from 2)."""
    from mjrules.game.record import Deal
    from mjrules.game.state import RoundState
    from mjrules.records.tenhou_xml import _Tiles, decode_meld
    from mjrules.model.tiles import tile

    tiles = _Tiles(lambda: "test", True)

    def t(n: int):
        return tiles.one(n)

    chun = [132, 133, 134, 135]
    hands = (
        tuple(t(n) for n in (chun[0], 36, 37, 38, 40, 41, 42, 44, 45, 46, 48, 49, 50)),
        tuple(t(n) for n in (52, 53, 54, 56, 57, 58, 60, 61, 62, 64, 65, 66, 68)),
        tuple(t(n) for n in (chun[1], chun[2], 36 + 0, 40 + 1, 44 + 1, 48 + 1, 52 + 1, 56 + 1, 72, 76, 80, 68, 69)),
    )
    flow = RoundState("test, round E1", Deal(0, 0, 0, 0, 0, (35000, 35000, 35000), tile(0), hands))
    flow.draw(0, t(100))
    flow.discard(0, t(chun[0]))
    pon = (33 * 3 + 0) << 9 | 3 << 5 | 0x08 | 2  # unused copy 3, the called copy first, from two seats on
    meld, own, called = decode_meld(pon, tiles)
    flow.call(2, meld, own, called)
    flow.discard(2, t(68))
    flow.draw(0, t(101))
    flow.discard(0, t(101))
    flow.draw(1, t(102))
    flow.discard(1, t(102))
    flow.draw(2, t(chun[3]))
    meld, own, called = decode_meld(pon & ~0x08 | 0x10, tiles)  # the same code as an added kan
    flow.call(2, meld, own, called)
    flow.draw(2, t(70))  # the replacement tile pairs the 8p
    return flow


def test_a_three_player_kakan_keeps_its_pons_mark():
    flow = _sanma_kakan_flow()
    kan = flow.melds[2][0]
    # the pon was marked "next" (seat 0 follows seat 2 at a table of three); the kakan keeps that mark
    assert kan.kind.value == "kakan" and kan.source == 1
    from mjrules.game.wins import tsumo

    hand, win = tsumo(flow, 2, 0, 0, 0, (), ())
    from mjrules.scoring.scorer import Scorer

    result = Scorer(load_ruleset("tenhou-sanma")).score(hand, win)
    # chun 1 + rinshan kaihou 1 (no menzen tsumo with the open kan): scored, not refused
    assert {y.id for y in result.yaku} >= {"chun", "rinshan"}


SANMA_2014 = DATA / "tenhou-sanma-more" / "2014091101gm-00b9-0000-5ca6b487.xml"


def test_three_player_noten_payments_total_2000():
    game = read_game(str(SANMA_2014))
    draws = [r.draw for r in game.rounds if r.draw is not None]
    # the record's own score changes at its three exhaustive draws (sc, in points)
    assert [d.payments for d in draws] == [(1000, -2000, 1000), (-1000, -1000, 2000), (-1000, -1000, 2000)]
    rep = _replay(game)
    assert not rep.flow_notes  # every round starts with the scores the record gives
    assert rep.agree == len(rep.checks) == 8 and rep.final_agree and rep.points_agree
    assert rep.points == (54.0, -37.0, -17.0)  # owari


JSON_SANMA = DATA / "tenhou-json" / "2021010217gm-00b9-0000-3eb2e915.json"
JSON_MJS_SANMA = DATA / "tenhou-json" / "mahjongsoul-sanma-nukidora_doubleron.json"


def test_tenhou_three_player_json():
    game = read_game(str(JSON_SANMA))
    assert game.ruleset == "tenhou-sanma" and len(game.players) == 3  # rule.disp 三鳳南喰赤
    assert [r.scores for r in game.rounds][:2] == [(35000, 35000, 35000), (47000, 35000, 23000)]
    # every win, with the Norths its winner set aside (f44) as kita, pays what the record paid
    assert [w.win.kita for _, w in game.wins()] == [1, 1, 1, 2, 2, 0, 1, 0]  # the f44 of each winner
    rep = _replay(game)
    assert rep.agree == len(rep.checks) == 8 and not rep.flow_notes
    assert rep.final == (31900, 47200, 25900) and rep.points_agree  # sc: -8, +42, -34
    # a draw with two players tenpai: +1000 each from the noten player (2000 in all)
    assert game.rounds[1].draw is not None and game.rounds[1].draw.payments == (1000, 1000, -2000)


def test_mahjong_soul_three_player_json():
    game = read_game(str(JSON_MJS_SANMA))
    assert game.ruleset == "mahjongsoul-sanma"  # the room's name, 三金の間赤
    rep = _replay(game)
    assert rep.agree == len(rep.checks) == 6 and not rep.flow_notes
    # final points to a tenth, as the record gives them: 30,800 second is -4.2 (no oka, uma 0)
    assert rep.final == (30800, 45700, 28500) and rep.points == (-4.2, 25.7, -21.5) and rep.points_agree
    kita_win = game.rounds[3].wins[0]
    assert kita_win.win.kita == 3 and "kita" in kita_win.recorded.yaku  # 抜きドラ(3飜)


def test_converter_yaku_spellings(tmp_path):
    from mjrules.records.tenhou_yaku import ROUND_WIND, SEAT_WIND, yaku_id

    assert yaku_id("役牌:場風牌") == ROUND_WIND and yaku_id("役牌:自風牌") == SEAT_WIND
    assert yaku_id("Riichi") == "riichi" and yaku_id("fully concealed hand") == "menzen_tsumo"
    assert yaku_id("抜きドラ") == "kita" and yaku_id("Kita") == "kita" and yaku_id("No such yaku") is None
    # the same record with its yaku written in English, as an English-language converter writes them
    english = {"立直": "Riichi", "門前清自摸和": "Menzen Tsumo", "混一色": "Half Flush", "役牌 中": "Red Dragon",
               "役牌 白": "White Dragon", "赤ドラ": "Red Five", "裏ドラ": "Ura Dora", "抜きドラ": "Kita",
               "対々和": "Toitoi", "三槓子": "Sankantsu", "ドラ": "Dora"}
    text = JSON_MJS_SANMA.read_text(encoding="utf-8")
    for ja, en in english.items():
        text = text.replace(f'"{ja}(', f'"{en}(')
    assert "飜)" in text and "Riichi(1飜)" in text
    path = tmp_path / "english.json"
    path.write_text(text.replace("飜)", "han)"), encoding="utf-8")
    game, original = read_game(str(path)), read_game(str(JSON_MJS_SANMA))
    assert [w.recorded for _, w in game.wins()] == [w.recorded for _, w in original.wins()]
    assert _replay(game).agree == 6


def test_a_kokushi_robbing_a_closed_kan_at_three_players():
    # Mahjong Soul lets kokushi musou rob a closed kan (reference/rulesets.md row 21: yes; ``mahjongsoul``
    # kokushi_ankan_chankan); a real ranked sanma game (三金の間赤) ends on such a win: seat 1 declares a
    # closed kan of 6z ("464646a46") and seat 0, 19m19p19s1234567z waiting on 6z alone, rons it for 48,000
    # (the dealer's yakuman), which busts seat 1 (sc: 83,000 +63, -13,000 -63, 35,000 0)
    game = read_game(str(DATA / "tenhou-json" / "mahjongsoul-sanma-kokushi_ankan.json"))
    (win,) = [w for _, w in game.wins()]
    assert win.hand.win_tile.mpsz() == "6z" and win.discarder == 1 and win.win.chankan
    rep = _replay(game)
    assert rep.agree == len(rep.checks) == 1 and rep.final == (83000, -13000, 35000) and rep.points_agree
    assert rep.checks[0].scored.yakuman == 1 and rep.checks[0].scored.payments == (48000, -48000, 0)
    # where kokushi may not rob a closed kan (Tenhou's sanma), the same win is refused as no win
    other = Replayer("tenhou-sanma").replay(game)
    assert other.checks[0].scored.yaku == ("no win: robbing a closed kan",)


def test_room_names_choose_the_ruleset():
    from mjrules.records.tenhou_json import _ruleset_of

    assert _ruleset_of("三鳳南喰赤", 3) == "tenhou-sanma" and _ruleset_of("鳳南喰赤", 4) == "tenhou"
    assert _ruleset_of("四鳳南喰赤－", 4) == "tenhou" and _ruleset_of("般南", 4) == "tenhou-nokuitan"
    assert _ruleset_of("金の間南喰赤", 4) == "mahjongsoul" and _ruleset_of("Gold Room South", 4) == "mahjongsoul"
    assert _ruleset_of("三金の間赤", 3) == "mahjongsoul-sanma" and _ruleset_of("王座の間", 4) == "mahjongsoul"
    assert _ruleset_of("Mリーグ", 4) is None


# --------------------------------------------------------------------------------------------
# mjai dialects: the 77 real Tenhou games rewritten as mjai (games_convert.to_mjai, every field
# Tenhou states), then written as each server or simulator writes its events
# --------------------------------------------------------------------------------------------

MJLOGS = sorted((DATA / "tenhou-mjlog").glob("*.mjlog"))


def _dialect(path: Path, change) -> bytes:
    from games_convert import to_mjai

    events = [json.loads(line) for line in to_mjai(str(path)).splitlines()]
    out = [e for e in (change(dict(e)) for e in events) if e is not None]
    return "\n".join(json.dumps(e) for e in out).encode()


def _replay_mjai(data: bytes, name: str = "x.mjai"):
    game = read_game(name, data)
    return game, Replayer(load_ruleset("tenhou")).replay(game)


def _mortal(e: dict) -> dict:
    """Mortal / RiichiEnv / mjai-reviewer: hora with deltas and ura_markers, no hora_points, fan, fu, yakus."""
    if e["type"] == "hora":
        e = {k: e[k] for k in ("type", "actor", "target", "deltas")} | {"ura_markers": e.get("uradora_markers", [])}
    return e


def _no_start_scores(e: dict) -> dict:
    """The original mjai server: start_kyoku without scores."""
    if e["type"] == "start_kyoku":
        e.pop("scores")
    return e


def _akochan(e: dict) -> dict:
    """hora with neither deltas nor hora_points: the scores after the win, fan and fu."""
    if e["type"] == "hora":
        e.pop("deltas")
        e.pop("hora_points")
    return e


@pytest.mark.parametrize("dialect", [_mortal, _no_start_scores], ids=["mortal", "no-start-scores"])
def test_mjai_dialects_read_and_agree(dialect):
    wins = agree = 0
    for path in MJLOGS[:20]:
        game, rep = _replay_mjai(_dialect(path, dialect))
        assert not rep.flow_notes and rep.final_agree, path.name
        wins += len(rep.checks)
        agree += rep.agree
        assert rep.unchecked == 0  # the changes are stated: every win is checked
    assert wins == agree > 100


def test_mortal_hora_checks_the_changes_without_points():
    _, rep = _replay_mjai(_dialect(MJLOGS[0], _mortal))
    assert all(c.recorded.points is None and c.recorded.payments is not None for c in rep.checks)
    # a change that differs from what Tenhou paid is still caught
    events = _dialect(MJLOGS[0], _mortal).decode().splitlines()
    i = next(k for k, line in enumerate(events) if '"type": "hora"' in line)
    hora = json.loads(events[i])
    hora["deltas"] = [d + (100 if d > 0 else -100 if d < 0 else 0) for d in hora["deltas"]]
    events[i] = json.dumps(hora)
    _, bad = _replay_mjai("\n".join(events).encode())
    assert bad.checks[0].differs == ("payments",)


def test_a_hora_without_deltas_reads_the_scores_after_it():
    from games_convert import to_mjai

    events = [json.loads(line) for line in to_mjai(str(MJLOGS[0])).splitlines()]
    current: list[int] = []
    out = []
    for e in events:  # written as a server that gives the scores after each event, not the changes
        if e["type"] == "start_kyoku":
            current = list(e["scores"])
        elif e["type"] == "reach_accepted":
            current[e["actor"]] -= 1000
        elif e["type"] in ("hora", "ryukyoku") and "deltas" in e:
            current = [c + d for c, d in zip(current, e["deltas"])]
            if e["type"] == "hora":
                e = {k: v for k, v in e.items() if k not in ("deltas", "hora_points")} | {"scores": list(current)}
        out.append(e)
    game, rep = _replay_mjai("\n".join(json.dumps(e) for e in out).encode())
    assert rep.agree == len(rep.checks) and rep.unchecked == 0 and rep.final_agree
    assert all(c.recorded.points is None and c.recorded.han is not None for c in rep.checks)


def test_a_hora_stating_no_value_is_replayed_not_checked(capsys, tmp_path):
    def bare(e: dict) -> dict:
        if e["type"] == "hora":  # the win and its ura indicators, nothing of its value
            e = {k: e[k] for k in ("type", "actor", "target", "uradora_markers")}
        return e

    path = tmp_path / "bare.mjai"
    path.write_bytes(_dialect(MJLOGS[0], bare))
    game, rep = _replay_mjai(path.read_bytes())
    assert rep.unchecked == len(rep.checks) > 0 and rep.agree == len(rep.checks)
    assert rep.final_agree  # paid as the rules pay them, the game still ends as the record says
    assert main(["replay", str(path), "--ruleset", "tenhou"]) == 0
    out = capsys.readouterr().out
    assert f"{len(rep.checks)} agree ({len(rep.checks)} not checked: the record states no value)" in out


def test_mjai_yaku_names_become_mjrules_ids():
    from mjrules.records.mjai import MJAI_YAKU

    server = {v: k for k, v in MJAI_YAKU.items()}

    def named(e: dict) -> dict:
        """The yakus written in the original mjai server's names (winds and dragons by their group)."""
        if e["type"] == "hora":
            dragons = sum(h for n, h in e["yakus"] if n in ("haku", "hatsu", "chun"))
            e["yakus"] = [["jikaze" if n.startswith("seat_wind") else "bakaze" if n.startswith("round_wind")
                           else server[n], h] for n, h in e["yakus"] if n not in ("haku", "hatsu", "chun")]
            e["yakus"] += [["sangenpai", dragons]] if dragons else []
        return e

    checked = 0
    for path in MJLOGS[:30]:
        plain, _ = _replay_mjai(_dialect(path, lambda e: e))
        game, rep = _replay_mjai(_dialect(path, named))
        assert rep.agree == len(rep.checks)
        for (_, a), (_, b) in zip(plain.wins(), game.wins()):
            # the same ids, dora counted once per han as the record counts them
            assert sorted(a.recorded.yaku) == sorted(b.recorded.yaku)
            checked += 1
    assert checked > 150


def test_a_yaku_the_record_lists_differently_is_named(tmp_path, capsys):
    import gzip

    # East 1 of this game: seat 0's win lists tanyao (8) for 1 han; written as pinfu (7), also 1 han,
    # the han, fu and payments still agree and only the yaku differ
    text = gzip.open(EAST_2009).read().decode()
    first = text.index("<AGARI")
    agari = text[first:text.index("/>", first)]
    assert 'yaku="8,1' in agari
    path = tmp_path / "x.mjlog"
    path.write_text(text[:first] + agari.replace('yaku="8,1', 'yaku="7,1') + text[first + len(agari):])
    assert main(["replay", str(path)]) == 1
    out = capsys.readouterr().out
    assert "round E1, seat 0 wins: yaku differ" in out
    assert "yaku only in the record: pinfu, only scored: tanyao" in out


# --------------------------------------------------------------------------------------------
# what-if (--rulesets)
# --------------------------------------------------------------------------------------------

BUST_2009 = DATA / "tenhou-mjlog" / "2009072918gm-0061-0000-e6e91672_tw=0.mjlog"


def test_what_if_names_carried_honba_and_the_rounds_that_ended_otherwise(capsys):
    # East 1 of this game: seat 0 wins with open tanyao alone (the record: 1 han 30 fu, tanyao), no
    # win without kuitan, so the hand is dealt again and the later wins collect more honba
    assert main(["replay", str(EAST_2009), "--rulesets", "tenhou,tenhou-nokuitan", "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    first = next(x for x in lines if x.get("round") == "E1")
    assert first["values"]["tenhou-nokuitan"]["win"] is False
    later = [x for x in lines if "causes" in x and any(c.startswith("carried honba")
                                                      for c in x["causes"].get("tenhou-nokuitan", []))]
    assert later
    causes = later[0]["causes"]["tenhou-nokuitan"]
    flow = next(c for c in causes if c.startswith("round flow: "))
    assert flow.startswith("round flow: E1 no win")


def test_what_if_flags_a_game_that_would_not_have_ended_there(capsys):
    # the record ends at East 3 (3 honba) with seat 3 at -400: a bust, before the last round of the wind
    game = read_game(str(BUST_2009))
    assert game.rounds[-1].label == "E3-3" and game.final is not None and min(game.final) == -400
    assert main(["replay", str(BUST_2009), "--rulesets", "tenhou,mleague"]) == 0
    out = capsys.readouterr().out
    assert "mleague: the game would not end after E3-3: the record's game ended on a bust, and these rules " \
           "end no game on a bust" in out
    assert "tenhou: the game" not in out  # under the record's rules it ended where it did


def test_limit_hands_print_their_fu_or_none():
    from mjrules.cli.replay import _brief
    from mjrules.records.replay import Value

    # a mangan the record gives without its fu (the JSON value line 満貫12000点)
    assert _brief(Value(5, None, 0, 12000, (12000, 0, -12000), ())) == "5 han 12000 [+12000 +0 -12000]"
    assert _brief(Value(3, 30, 0, 3900, (3900, -3900), ())) == "3 han 30 fu 3900 [+3900 -3900]"
    assert _brief(Value(None, None, None, None, (8000, -8000), ())) == "value not stated [+8000 -8000]"


def test_a_move_of_the_empty_fourth_seat_is_one_error():
    from mjrules.errors import RecordError

    text = SANMA_2014.read_text(encoding="utf-8")
    broken = text.replace("<T66/>", "<G66/>", 1)  # the dealer's first draw written as seat 3's discard
    with pytest.raises(RecordError, match=r"2014\.xml, round E1: <G66>: a move of seat 3, at a table of 3"):
        read_game("2014.xml", broken.encode())


def test_mjai_yakus_in_tenhou_or_english_names():
    def renamed(e: dict) -> dict:
        """A converter that writes Tenhou's own yaku names (役牌 發, ドラ) into the mjai yakus."""
        if e["type"] == "hora":
            from mjrules.records.tenhou_yaku import TENHOU_YAKU

            tenhou = {yid: name for name, yid in TENHOU_YAKU}
            e["yakus"] = [[tenhou[n], h] for n, h in e["yakus"]]
        return e

    plain, _ = _replay_mjai(_dialect(MJLOGS[1], lambda e: e))
    game, rep = _replay_mjai(_dialect(MJLOGS[1], renamed))
    assert rep.agree == len(rep.checks) > 0
    assert [sorted(w.recorded.yaku) for _, w in game.wins()] == [sorted(w.recorded.yaku) for _, w in plain.wins()]


def test_three_player_mjai():
    """The real three-player records written as Mortal's sanma mjai (three seats, nukidora events)."""
    from games_convert import to_mjai

    ruleset = load_ruleset("tenhou-sanma")
    for path in sorted(DATA.glob("tenhou-sanma*/*.xml")):
        text = to_mjai(str(path))
        assert '"type": "nukidora"' in text  # kita as Mortal writes them
        game = read_game("x.mjai", text.encode())
        rep = Replayer(ruleset).replay(game)
        original = read_game(str(path))
        assert len(game.rounds[0].scores) == 3 and rep.agree == len(rep.checks) == len(list(original.wins()))
        assert rep.final == original.final and not rep.flow_notes


def test_the_77_games_as_tenhou_json_agree_on_final_points():
    from games_convert import to_tenhou_json

    agree = 0
    for path in MJLOGS:
        game = read_game(path.name[:-6] + ".json", to_tenhou_json(str(path)).encode())
        rep = _replay(game)
        agree += bool(rep.final_agree and rep.points_agree)
    assert agree == len(MJLOGS) == 77  # the July 2009 east-only games too: their log id ("ref") dates them


def test_a_converters_generic_wind_name_is_the_rounds_wind():
    game = read_game(str(DATA / "tenhou-json" / "mahjongsoul-sanma-kan3_nuki_rinshan.json"))
    assert game.ruleset == "mahjongsoul-sanma"  # 三銀の間赤
    wins = [w for _, w in game.wins()]
    # East 1-2: seat 2's pon of East, written 役牌:場風牌 (the round's wind, East)
    assert "round_wind_east" in wins[2].recorded.yaku
    # East 2-1: three closed kans and a win on the replacement tile after a North set aside
    assert {"sankantsu", "rinshan", "kita"} <= set(wins[4].recorded.yaku) and wins[4].win.rinshan
    rep = _replay(game)
    assert rep.agree == len(rep.checks) == 9 and rep.final_agree and rep.points == (-5.4, -21.1, 26.5)


def test_other_rules_name_the_carried_honba(capsys):
    # under tenhou-nokuitan the open-tanyao wins of East 1 are no wins: the hand is dealt again and a
    # later win collects more honba than the record's
    assert main(["replay", str(EAST_2009), "--ruleset", "tenhou-nokuitan"]) == 1
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if "carried honba" in x)
    assert "payments differ" in line and "round flow: E1 no win" in line


def test_what_if_flags_a_game_that_rules_without_an_extra_wind_end_earlier(capsys):
    # the record plays on into West (nobody at 30,000 after South 4) and ends after West 4;
    # M.League has no extra wind (extra_wind_target = 0), so its game ends with South 4
    path = next((Path(__file__).parent / "data" / "tenhou-mjlog").glob("2021041720gm-00a9-*.mjlog"))
    game = read_game(str(path))
    assert game.rounds[-1].wind == 2 and any(r.wind == 1 and r.number == 3 for r in game.rounds)
    assert main(["replay", str(path), "--rulesets", "tenhou,mleague"]) == 0
    out = capsys.readouterr().out
    assert "mleague: the game would end after S4" in out
    assert "tenhou: the game" not in out  # under the record's rules it ended where it did


# -- converters' lines that write the discarder's riichi stick their own way ------------------------

TENSOUL = DATA / "tenhou-json" / "mahjongsoul-220602-d182ba37.json"


def test_tensouls_line_with_the_stick_of_a_riichi_that_did_not_stand_is_read_as_the_next_scores_pay_it(capsys):
    # a real Mahjong Soul game converted by tensoul: in East 2-1 seat 0 declares riichi with 4s and seat 1
    # wins on it, so the riichi does not stand; the line pays seat 1 13,900 (11,600, 300 honba, the stick
    # carried from East 2, and one for seat 0's riichi), East 2-2 starts from 28,200 + 12,900 = 41,100
    game = read_game(str(TENSOUL))
    assert game.ruleset == "mahjongsoul" and game.rounds[3].scores[1] == 41100
    rep = _replay(game)
    east = next(c for c in rep.checks if c.round == "E2-1")
    assert east.recorded.payments == (-11900, 13900, 0, 0) and east.scored.payments == (-11900, 12900, 0, 0)
    assert east.agree and east.convention == "the stick of a riichi that did not stand counted in the line"
    assert rep.agree == len(rep.checks) == 10 and rep.final_agree and rep.points_agree and not rep.flow_notes
    assert main(["replay", str(TENSOUL)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == [f"{TENSOUL}, round E2-1: seat 1's win: the record's line counts the stick of the riichi seat 0 "
                   "declared with the tile it dealt in, which did not stand, and the next round's scores leave it "
                   "out: the way Mahjong Soul records converted to tenhou.net/6 by tensoul write a win; read so",
                   "1 game, 10 wins, 10 agree; final scores agree in 1/1 games, final points in 1/1"]
    # the other real tensoul game (a double ron) has no such line: nothing to read otherwise
    rep = _replay(read_game(str(DATA / "tenhou-json" / "mahjongsoul-220419-a0cf4986.json")))
    assert rep.agree == len(rep.checks) == 7 and rep.final_agree and rep.points_agree and rep.conventions == ()


def test_a_line_with_the_unpaid_stick_that_the_next_scores_follow_is_a_difference(tmp_path):
    # the same game with East 2-2 starting as the line pays (the winner +13,900): a payment against the rules
    doc = json.loads(TENSOUL.read_text(encoding="utf-8"))
    doc["log"][3][1][1] += 1000
    doc["log"][3][1][0] -= 1000
    rep = _replay(read_game(_written(tmp_path, json.dumps(doc, ensure_ascii=False))))
    east = next(c for c in rep.checks if c.round == "E2-1")
    assert east.differs == ("payments",) and east.convention is None and rep.conventions == ()

KAN3 = DATA / "tenhou-json" / "mahjongsoul-sanma-kan3_nuki_rinshan.json"
# East 2 of this real Mahjong Soul record: seat 2 declares riichi, its stick goes down, and it deals
# seat 1 a dealer's mangan (12,000); the line pays seat 1 the stick too, 13,000, and the next round
# starts from there (51,000 + 13,000 = 64,000). A converter that leaves the discarder's stick out of
# the line writes 12,000, the scores that follow unchanged: the convention seen in the real line of
# tests/data/tenhou-json-calls/confusing_nakis_1.json (+1,600 where the stick makes +2,600).
LINE, LEFT_OUT = '["和了",[0,13000,-12000,0]', '["和了",[0,12000,-12000,0]'


def _written(tmp_path, text: str, name: str = "converted.json") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_line_without_the_discarders_riichi_stick_is_read_as_the_later_scores_pay_it(tmp_path, capsys):
    text = KAN3.read_text(encoding="utf-8")
    assert text.count(LINE) == 1
    path = _written(tmp_path, text.replace(LINE, LEFT_OUT))
    rep = _replay(read_game(path))
    assert rep.agree == len(rep.checks) == 9 and rep.final_agree and not rep.flow_notes
    east2 = next(c for c in rep.checks if c.round == "E2")
    assert east2.recorded.payments == (0, 12000, -12000) and east2.scored.payments == (0, 13000, -12000)
    assert east2.convention is not None and len(rep.conventions) == 1
    assert main(["replay", path]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == (f"{path}, round E2: seat 1's win: the record's line leaves out the riichi stick seat 2, who "
                      "dealt in, put down in this round, and the next round's scores include it: a converter's way of "
                      "writing a win; read so")
    assert out[1] == "1 game, 9 wins, 9 agree; final scores agree in 1/1 games, final points in 1/1"
    assert main(["replay", "--json", path]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [w["convention"] for w in lines if w.get("round") == "E2"] == ["the discarder's riichi stick left out of "
                                                                          "the line"]
    assert lines[-2]["conventions"] == [out[0]]


def test_the_final_scores_decide_for_the_last_round(tmp_path):
    # the record cut after East 2: its final scores are the next round's start, which pay the stick
    doc = json.loads(KAN3.read_text(encoding="utf-8"))
    east2 = next(k for k, r in enumerate(doc["log"]) if r[0] == [1, 0, 0])
    after = doc["log"][east2 + 1][1]
    doc["log"] = doc["log"][:east2 + 1]
    doc["log"][east2][-1][1] = [0, 12000, -12000, 0]
    doc["sc"] = [after[0], 0, after[1], 0, after[2], 0, 0, 0]
    rep = _replay(read_game(_written(tmp_path, json.dumps(doc, ensure_ascii=False))))
    assert rep.final_agree and rep.agree == len(rep.checks) and "the final scores include it" in rep.conventions[0]
    # final scores without the stick: the line is what was paid, and the replay says it differs
    doc["sc"][2], doc["sc"][4] = after[1] - 1000, after[2] + 1000
    rep = _replay(read_game(_written(tmp_path, json.dumps(doc, ensure_ascii=False), "other.json")))
    assert not rep.final_agree and rep.conventions == () and rep.agree == len(rep.checks) - 1


def test_a_line_without_the_stick_that_the_next_scores_follow_is_a_difference(tmp_path):
    # the next round starting without the stick too: the record paid the win so, against the rules
    text = KAN3.read_text(encoding="utf-8").replace(LINE, LEFT_OUT)
    doc = json.loads(text)
    east2 = next(k for k, r in enumerate(doc["log"]) if r[0] == [1, 0, 0])
    doc["log"][east2 + 1][1][1] -= 1000
    doc["log"][east2 + 1][1][2] += 1000
    rep = _replay(read_game(_written(tmp_path, json.dumps(doc, ensure_ascii=False))))
    check = next(c for c in rep.checks if c.round == "E2")
    assert check.differs == ("payments",) and check.convention is None and rep.conventions == ()
    assert any("starts with scores" in n for n in rep.flow_notes)


def test_a_single_round_record_gives_no_later_scores_so_the_difference_stays():
    rep = _replay(read_game(str(DATA / "tenhou-json-calls" / "confusing_nakis_1.json")))
    assert [c.differs for c in rep.checks] == [("payments",)] and rep.conventions == ()
