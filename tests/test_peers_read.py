"""The games mjrules' table writes, read by another engine (the other direction of ``test_peers``):
four- and three-player hanchan played by ``careful`` and ``greedy`` players under ``tenhou`` and
``tenhou-sanma`` (the native table where it is built; the Python table writes the same records,
byte for byte, ``test_native_table``), each mjai record read by RiichiEnv's own reader
(``riichienv.MjaiReplay.from_jsonl``, PyPI ``riichienv``) and held against the game mjrules played:

* every round: its place, honba, start scores, dora indicators, riichi sticks, ura indicators and
  end scores, as RiichiEnv's ``Kyoku`` gives them;
* every win: the winner, the winning tile, the hand and melds, the situation (tsumo, riichi, double
  riichi, ippatsu, chankan, tenhou / chiihou, haitei / houtei, rinshan, winds, kita) of RiichiEnv's
  ``WinResultContext``, and the score RiichiEnv's own evaluator (``HandEvaluator``, three players
  ``HandEvaluator3P``) gives that hand: its han and fu (a yakuman for a yakuman), and each payer's
  payment, against what mjrules paid;
* every decision: RiichiEnv's own engine replays each round (``Kyoku.steps``), and each action of
  the record is among the legal actions it offers at that point.

Where RiichiEnv's reader (0.4.11; ``riichienv-core/src/replay/mjai_replay.rs`` and ``replay/mod.rs``
in its repository) reads an mjai record otherwise than the record says, the test names it
(``FAULTS``), checks that the difference is exactly that, counts the wins it touches, and scores
those from what the record says:

* ``doras``: a win's dora indicators are the round's whole list (as at its end) followed by the kan
  indicators revealed before the win, a second time;
* ``haitei_houtei``: a round's ``left_tile_count`` is its count at the round's end, and the wins'
  contexts count down from it again: haitei / houtei are set before the wall runs out (never missed,
  the count starting low). The record's count: 70 live tiles at four players, 55 at three;
* ``rinshan``: never set from an mjai record;
* ``ankan``: a closed kan is read as four 1m;
* ``honba``: a context carries no honba (by design, "Not tracked"): the first winner of a round is
  scored with the round's honba, a double ron's second winner without (Tenhou pays honba and riichi
  sticks to the winner nearest the discarder only: ../shared/reference/rulesets.md item 7, from
  tenhou.net/man as riichi.wiki translates it and MahjongRepository/ronin 0.19.0);
* ``nukidora``: mjrules writes a North set aside as ``nukidora`` (as the three-player forks of Mortal
  read it; mjrules' reader takes both names). RiichiEnv reads only its own name, ``kita``, and passes
  ``nukidora`` over without a word: its contexts keep the Norths in the winner's hand, count no kita,
  and let nobody's kita end the first go-around or ippatsu. A three-player record is read as written
  (every win before the round's first North set aside checked in full) and again with the events
  named ``kita`` (every win checked in full);
* ``four_players``: the reader has no three-player rules (``from_jsonl`` takes ``tenhou`` or
  ``mjsoul``): its contexts say four players, and the score of its own context (``actual``) is a
  four-player hand's: no kita counted, a 1m indicator making 2m dora. The three-player evaluator,
  given the same hand, pays what mjrules paid;
* ``kita_double_riichi``, by rule: RiichiEnv's reader makes a riichi on a first discard after
  another player's kita a double riichi; a kita is a call that ends the first go-around ("In sanma,
  kita calls will also deny this yaku", riichi.wiki Daburu riichi; "This call invalidates ippatsu,
  tenhou/chiihou, double riichi", riichi.wiki Sanma), as mjrules plays it.

Where no fault touches a win, RiichiEnv's own score of its own context (``actual``, honba aside)
is mjrules' (``own score agrees``). A few games run with the suite;
``python -m pytest -m long -s tests/test_peers_read.py`` plays 500 hanchan at each table
(``MJRULES_PEER_GAMES=N`` for another number) and prints the counts.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from importlib.metadata import version
from pathlib import Path
from typing import Any

import pytest

from mjrules.kernel import KERNEL
from mjrules.model.win import Riichi
from mjrules.records.mjai import mjai_name
from mjrules.scoring.scorer import Scorer
from mjrules.table.game import PlayedGame, Table
from mjrules.table.players import Careful, Greedy


@pytest.fixture
def riichienv() -> Any:
    """RiichiEnv, imported as the test runs (skipped, saying why, where it is not installed)."""
    return pytest.importorskip("riichienv", reason="CI installs mjrules[peers] (RiichiEnv, the peer engine)")


TABLES = {
    "tenhou, 4 careful": ("tenhou", "cccc"),
    "tenhou, careful and greedy": ("tenhou", "cgcg"),
    "tenhou-sanma, 3 careful": ("tenhou-sanma", "ccc"),
    "tenhou-sanma, careful and greedy": ("tenhou-sanma", "cgc"),
}
"""The tables played: a ruleset and its seats (``c`` careful, ``g`` greedy)."""

LIVE = {4: 136 - 14 - 4 * 13, 3: 108 - 14 - 3 * 13}
"""The live wall after the deal (the dead wall is 14 tiles; a kan or kita moves one live tile to it)."""

FAULTS = ("doras", "haitei_houtei", "rinshan", "ankan", "honba", "nukidora", "four_players", "kita_double_riichi")
"""What RiichiEnv's reader reads otherwise than the record says (module text), as counted."""

KANS = frozenset({"ankan", "kakan", "daiminkan", "nukidora", "kita"})
"""The moves after which the mover draws from the dead wall."""

HONOURS = "ESWNPFC"


def tile_id(name: str) -> int:
    """An mjai tile as RiichiEnv's reader numbers it: 0-135, four a kind, the red fives 16, 52 and
    88, the other fives one above, every other tile the first of its four."""
    if name in HONOURS:
        return (27 + HONOURS.index(name)) * 4
    kind = "mps".index(name[1]) * 9 + int(name[0]) - 1
    return kind * 4 + (1 if name[0] == "5" and not name.endswith("r") else 0)


def tile_name(t: int) -> str:
    """One of RiichiEnv's tile numbers as an mjai tile."""
    kind = t // 4
    if kind >= 27:
        return HONOURS[kind - 27]
    suit, number = "mps"[kind // 9], kind % 9 + 1
    return f"5{suit}r" if t in (16, 52, 88) else f"{number}{suit}"


def names(tiles: Any) -> list[str]:
    return sorted(tile_name(t) for t in tiles)


def melds_of(riichienv: Any, events: list[dict[str, Any]], seat: int) -> list[Any]:
    """``seat``'s melds in the record's ``events``, as RiichiEnv's ``Meld``s."""
    kinds = riichienv.MeldType
    out: list[Any] = []
    for e in events:
        if e.get("actor") != seat:
            continue
        if e["type"] in ("chi", "pon", "daiminkan"):
            kind = {"chi": kinds.Chi, "pon": kinds.Pon, "daiminkan": kinds.Daiminkan}[e["type"]]
            out.append(riichienv.Meld(kind, [tile_id(t) for t in [e["pai"], *e["consumed"]]], True, e["target"]))
        elif e["type"] == "ankan":
            out.append(riichienv.Meld(kinds.Ankan, [tile_id(t) for t in e["consumed"]], False))
        elif e["type"] == "kakan":
            i = next(i for i, m in enumerate(out)
                     if m.meld_type == kinds.Pon and m.tiles[0] // 4 == tile_id(e["pai"]) // 4)
            out[i] = riichienv.Meld(kinds.Kakan, [*out[i].tiles, tile_id(e["pai"])], True, out[i].from_who)
    return out


def meld_key(melds: Any) -> list[tuple[int, list[str]]]:
    return sorted((int(m.meld_type), names(m.tiles)) for m in melds)


def rounds_of(record: str) -> list[list[dict[str, Any]]]:
    """A record's events, a list for each round (its ``start_kyoku`` first)."""
    rounds: list[list[dict[str, Any]]] = []
    for line in record.splitlines():
        event = json.loads(line)
        if event["type"] == "start_kyoku":
            rounds.append([])
        if rounds and event["type"] not in ("end_kyoku", "end_game"):
            rounds[-1].append(event)
    return rounds


def kita_renamed(record: str) -> str:
    """The record with each ``nukidora`` event named ``kita``, RiichiEnv's name for it."""
    lines = [json.loads(line) for line in record.splitlines()]
    return "".join(json.dumps({**e, "type": "kita"} if e["type"] == "nukidora" else e) + "\n" for e in lines)


def read(riichienv: Any, record: str, path: Path) -> list[Any]:
    """RiichiEnv's rounds (``Kyoku``) of ``record``, read from a file as its reader asks."""
    path.write_text(record, encoding="utf-8")
    return list(riichienv.MjaiReplay.from_jsonl(str(path)).take_kyokus())


def check_rounds(kyokus: list[Any], game: PlayedGame, record: str, counts: Counter[str]) -> None:
    """Each round as RiichiEnv reads it from ``record`` (``game``'s), against the round mjrules played."""
    assert len(kyokus) == len(game.rounds), game.seed
    for k, played, events in zip(kyokus, game.rounds, rounds_of(record)):
        deal, settlement = played.deal, played.settlement
        where = f"game {game.seed}, {played.label}"
        assert (k.chang, k.ju, k.ben, k.liqibang) == (deal.wind, deal.number, deal.honba, deal.sticks), where
        assert list(k.scores) == list(deal.scores), where
        indicators = [mjai_name(deal.dora)] + [e["dora_marker"] for e in events if e["type"] == "dora"]
        assert [tile_name(t) for t in k.doras] == indicators, where
        horas = [e for e in events if e["type"] == "hora"]
        assert [tile_name(t) for t in k.ura_doras] == (horas[-1]["uradora_markers"] if horas else []), where
        assert list(k.end_scores) == [s + p for s, p in zip(deal.scores, settlement.payments)], where
        counts["rounds"] += 1


def check_steps(riichienv: Any, kyokus: list[Any], where: str, counts: Counter[str]) -> None:
    """RiichiEnv's own engine follows each round (``Kyoku.steps``): every decision of the record is
    one of the legal actions it offers there (a kita matched by its kind: the replay's carries no tile)."""
    kita = riichienv.ActionType.KITA
    for k in kyokus:
        for _seat, observation, action in k.steps(skip_single_action=False):
            legal = [(a.action_type, None if a.action_type == kita else a.tile, sorted(a.consume_tiles))
                     for a in observation.legal_actions()]
            assert (action.action_type, action.tile, sorted(action.consume_tiles)) in legal, (where, action, legal)
            counts["steps"] += 1


def check_wins(riichienv: Any, kyokus: list[Any], game: PlayedGame, record: str, players: int,
               counts: Counter[str]) -> None:
    """Each win as RiichiEnv reads it from ``record`` (``game``'s) and scores it, against the win mjrules paid."""
    for k, played, events in zip(kyokus, game.rounds, rounds_of(record)):
        horas = [i for i, e in enumerate(events) if e["type"] == "hora"]
        contexts = list(k.take_win_result_contexts())
        paid = [w for w in played.settlement.wins if w.result is not None]
        assert len(contexts) == len(horas) == len(paid), f"game {game.seed}, {played.label}"
        for n, (context, i, won) in enumerate(zip(contexts, horas, paid)):
            where = f"game {game.seed}, {played.label}: {json.dumps(events[i])}"
            faults = check_win(riichienv, context, [tile_name(t) for t in k.doras], events[:i], events[i], won,
                               played.deal, n == 0, players, where)
            assert faults <= set(FAULTS), faults
            counts.update(faults)
            if "nukidora" not in faults:
                counts.update(["wins", "tsumo" if events[i]["target"] == events[i]["actor"] else "ron"])
                counts["own score agrees" if not faults & (READ_FAULTS | {"four_players"}) else "own score differs"] += 1
                counts["second ron"] += n > 0


READ_FAULTS = frozenset({"doras", "haitei_houtei", "rinshan", "ankan", "kita_double_riichi"})
"""The faults that change the score of RiichiEnv's own context (``honba``: its points leave it out)."""


def check_win(riichienv: Any, context: Any, round_doras: list[str], before: list[dict[str, Any]],
              hora: dict[str, Any], won: Any, deal: Any, first: bool, players: int, where: str) -> set[str]:
    """One win: RiichiEnv's context held against the record and mjrules' win, then scored by
    RiichiEnv's evaluator from what the record says; the faults met (``FAULTS``)."""
    faults: set[str] = set()
    seat, win, result = hora["actor"], won.win, won.result
    tsumo = seat == hora["target"]
    assert context.seat == seat == won.record.winner, where
    assert tile_name(context.agari_tile) == hora["pai"], where

    # the hand: the record's (its hora_tehais and the winner's calls), RiichiEnv's where it reads it
    tiles, melds = [tile_id(t) for t in hora["hora_tehais"]], melds_of(riichienv, before, seat)
    norths = sum(e["type"] == "nukidora" and e["actor"] == seat for e in before)
    if any(e["type"] == "ankan" and e["actor"] == seat for e in before):
        faults.add("ankan")  # read as four 1m
        assert any(int(m.meld_type) == int(riichienv.MeldType.Ankan) and {t // 4 for t in m.tiles} == {0}
                   for m in context.melds), where
    else:
        assert names(context.tiles) == sorted(names(tiles) + ["N"] * norths), where
        assert meld_key(context.melds) == meld_key(melds), where
        tiles, melds = list(context.tiles), list(context.melds)
    if any(e["type"] == "nukidora" for e in before):
        # not read: the winner's Norths stay in its hand, no kita counted, nobody's is a call
        assert context.conditions.kita_count == 0, where
        return faults | {"nukidora"}  # checked and scored in the record renamed

    # the situation: RiichiEnv's against mjrules', both against the record where it says it
    c = context.conditions
    draws = sum(e["type"] == "tsumo" for e in before)
    last = [e for e in before if e["type"] != "dora"]  # a tsumo win's last is its draw
    rinshan = tsumo and last[-2]["type"] in KANS and last[-2].get("actor") == seat
    haitei, houtei = tsumo and draws == LIVE[players] and not rinshan, not tsumo and draws == LIVE[players]
    assert (win.haitei, win.houtei, win.rinshan) == (haitei, houtei, rinshan), where
    if (c.haitei, c.houtei) != (haitei, houtei):
        faults.add("haitei_houtei")
        assert (c.haitei or not haitei) and (c.houtei or not houtei), where  # set early, never missed
    if rinshan:
        faults.add("rinshan")
    assert not c.rinshan, where
    double = c.double_riichi
    if double and win.riichi is not Riichi.DOUBLE:
        faults.add("kita_double_riichi")
        riichi = next(j for j, e in enumerate(before) if e["type"] == "reach" and e["actor"] == seat)
        assert any(e["type"] == "kita" for e in before[:riichi]), where
        double = False
    assert (c.tsumo, c.riichi, double) == (tsumo, win.riichi is not Riichi.NONE, win.riichi is Riichi.DOUBLE), where
    assert (c.ippatsu, c.chankan, c.tsumo_first_turn) == (win.ippatsu, win.chankan, win.tenhou or win.chiihou), where
    assert (int(c.player_wind), int(c.round_wind), c.kita_count) == (win.seat_wind, win.round_wind, win.kita), where
    assert (c.honba, c.riichi_sticks, c.is_sanma, c.num_players) == (0, 0, False, 4), where
    honba = deal.honba if first else 0  # a double ron's second winner collects no honba (module text)
    if honba:
        faults.add("honba")

    # the indicators: the record's before the win (mjrules' too); RiichiEnv's repeat the kan ones
    indicators = [mjai_name(deal.dora)] + [e["dora_marker"] for e in before if e["type"] == "dora"]
    assert [mjai_name(t) for t in win.dora] == indicators, where
    assert [tile_name(t) for t in context.dora_indicators] == round_doras + indicators[1:], where
    if len(indicators) > 1:
        faults.add("doras")
    ura = [tile_id(t) for t in hora["uradora_markers"]] if c.riichi else []
    assert list(context.ura_indicators) == ura, where
    assert [tile_id(mjai_name(t)) for t in win.ura] == ura, where

    core = riichienv._riichienv  # its evaluator itself: the Python wrapper adds the winning tile to a hand with two kans
    situation = core.Conditions(
        tsumo=tsumo, riichi=c.riichi, double_riichi=double, ippatsu=c.ippatsu, haitei=haitei, houtei=houtei,
        rinshan=rinshan, chankan=c.chankan, tsumo_first_turn=c.tsumo_first_turn, player_wind=c.player_wind,
        round_wind=c.round_wind, honba=honba, kita_count=c.kita_count, is_sanma=players == 3, num_players=players)
    evaluator = core.HandEvaluator3P if players == 3 else core.HandEvaluator
    got = evaluator(tiles, melds).calc(context.agari_tile, [tile_id(t) for t in indicators], ura, situation)
    assert got.is_win, where
    if result.yakuman:
        assert got.yakuman, where
    else:
        assert (got.han, got.fu) == (result.han, result.fu), (where, got.han, got.fu)
    payers = [p for p in range(players) if p != seat] if tsumo else [won.record.discarder]
    owed = [(got.tsumo_agari_oya if p == deal.dealer else got.tsumo_agari_ko) if tsumo else got.ron_agari
            for p in payers]
    assert [-won.payments[p] for p in payers] == owed, (where, owed)
    sticks = deal.sticks + sum(e["type"] == "reach_accepted" for e in before) if first else 0
    assert won.payments[seat] == sum(owed) + 1000 * sticks, where
    own = context.actual  # RiichiEnv's own score of its own context (its points without honba)
    if faults & READ_FAULTS:
        pass
    elif players == 3 and (own.han, own.fu) != (got.han, got.fu):
        faults.add("four_players")  # scored as the four-player evaluator scores the hand
        four = core.HandEvaluator(tiles, melds).calc(context.agari_tile, list(context.dora_indicators), ura, c)
        assert (own.han, own.fu) == (four.han, four.fu), where
    else:
        assert (own.is_win, own.yakuman, own.han, own.fu) == (True, got.yakuman, got.han, got.fu), where
        if not honba:
            assert (own.ron_agari, own.tsumo_agari_oya, own.tsumo_agari_ko) == (
                got.ron_agari, got.tsumo_agari_oya, got.tsumo_agari_ko), where
    return faults


def play_and_read(riichienv: Any, folder: Path, games: int) -> dict[str, Counter[str]]:
    """Play ``games`` hanchan at each table of ``TABLES``, read each record with RiichiEnv and check
    it (module text); the counts of each table."""
    found: dict[str, Counter[str]] = {}
    for label, (ruleset, seats) in TABLES.items():
        scorer = Scorer(ruleset)
        table = Table(scorer, [Careful() if s == "c" else Greedy() for s in seats])
        counts: Counter[str] = Counter()
        for seed in range(games):
            game = table.play(f"peers-read {seed}")
            kyokus = read(riichienv, game.record, folder / f"{ruleset}-{seats}-{seed}.mjson")
            written: Counter[str] = Counter()
            check_rounds(kyokus, game, game.record, counts)
            check_wins(riichienv, kyokus, game, game.record, scorer.players, written)
            if scorer.players == 4:
                check_steps(riichienv, kyokus, game.seed, counts)
            if scorer.players == 3:  # the same record, with RiichiEnv's name for a North set aside
                counts["as written: wins checked"] += written["wins"]
                counts["as written: wins after a nukidora"] += written["nukidora"]
                renamed = kita_renamed(game.record)
                kyokus = read(riichienv, renamed, folder / f"{ruleset}-{seats}-{seed}-kita.mjson")
                check_rounds(kyokus, game, renamed, Counter())
                check_wins(riichienv, kyokus, game, renamed, scorer.players, counts)
                check_steps(riichienv, kyokus, game.seed, counts)
            else:
                assert written["nukidora"] == 0
                counts.update(written)
            counts["games"] += 1
            counts["events"] += len(game.record.splitlines())
        found[label] = counts
    return found


GAMES = 8 if KERNEL == "native" else 2
"""Hanchan a table in the suite's run: about a second in all natively, a few seconds on the Python
table (the same games, its careful players much slower)."""


def test_riichienv_reads_the_games_the_table_writes(riichienv, tmp_path):
    found = play_and_read(riichienv, tmp_path, GAMES)
    for label, counts in found.items():
        assert counts["games"] == GAMES and counts["rounds"] >= 6 * GAMES, (label, counts)
        assert counts["ron"] and counts["tsumo"] and counts["own score agrees"] and counts["steps"], (label, counts)
    met = sum(found.values(), Counter())
    assert all(met[fault] for fault in ("doras", "haitei_houtei", "honba", "four_players",
                                        "as written: wins after a nukidora")), met


@pytest.mark.long  # on demand: python -m pytest -m long -s tests/test_peers_read.py (MJRULES_PEER_GAMES=N)
def test_riichienv_reads_many_games_the_table_writes(riichienv, tmp_path):
    games = int(os.environ.get("MJRULES_PEER_GAMES", "500"))
    found = play_and_read(riichienv, tmp_path, games)
    print(f"\nRiichiEnv {version('riichienv')} reading {games} hanchan at each table:")
    for label, counts in found.items():
        assert counts["games"] == games
        print(f"  {label}: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
