"""``replay --legal`` through the kernel's round against the Python round, its definition (issue 43,
item 7): every real record the suite reads, in every format, gives the same check on both — the
same bytes of ``replay --legal`` under ``MJRULES_KERNEL=python`` and on the native kernel (any
``--jobs``), and, through the check's API, the same account of every round (actions taken, refusal,
divergence, settlement) from ``python_rounds`` and ``native_rounds``. Records with an illegal action
of each kind (crafted, and real rounds changed at random) are refused with the same words, which are
the rules' (the Python path's ``refuse_*``).

What was compared is counted (``COUNTS``) and shown by the last test (``-rP``).
"""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import attrs

import games_convert
from helpers import native_or_skip
from majiang_games import RULES
from mjrules.game.actions import Action, ActionKind
from mjrules.game.record import Game, Move, MoveKind, Round
from mjrules.game.view import View
from mjrules.model.melds import Meld, MeldKind
from mjrules.model.tiles import Tile, tile
from mjrules.records.check import LegalCheck, RoundCheck, RoundRunner, check_legal, python_rounds
from mjrules.records.majiang_paipu import paipu_of_events
from mjrules.records.read import read_game, read_games
from mjrules.records.replay import record_ruleset
from mjrules.rules.rules import GameLength
from mjrules.rules.ruleset import ruleset_from_data
from mjrules.scoring.scorer import Scorer
from mjrules.table.game import Table
from mjrules.table.legal import native_rounds
from mjrules.table.players import Greedy

native_or_skip("the native round of replay --legal")

DATA = Path(__file__).resolve().parent / "data"
REAL = [DATA / name for name in ("tenhou-mjlog", "tenhou-sanma", "tenhou-sanma-more", "tenhou-json",
                                 "tenhou-json-calls")]
"""The real records (Tenhou's mjlogs, four and three players, as ``../shared/logs`` has them; Tenhou's
and Mahjong Soul's JSON logs; a converter's test logs of calls)."""
COUNTS: Counter[str] = Counter()


def replay(kernel: str, *args: str) -> tuple[int, bytes, bytes]:
    """``mjrules replay ARGS --legal`` under ``MJRULES_KERNEL=kernel``: exit status, stdout, stderr."""
    done = subprocess.run([sys.executable, "-m", "mjrules", "replay", *args, "--legal", "--no-progress"],
                          env={**os.environ, "MJRULES_KERNEL": kernel}, capture_output=True, check=False)
    return done.returncode, done.stdout, done.stderr


def plain(c: RoundCheck) -> tuple[Any, ...]:
    """A round's check as data (the settlement's wins aside: the native runner makes none)."""
    s = c.settled
    settled = None if s is None else (s.payments, s.honba, s.sticks, s.dealer_repeats, s.outcome)
    return c.taken, c.refused, c.diverged, settled


def both(game: Game, scorer: Scorer) -> tuple[LegalCheck, list[tuple[Any, ...]]]:
    """``game`` checked by the Python round and by the kernel's: the same check, round for round."""
    native = native_rounds(scorer)
    assert native is not None, "the ruleset compiles into no table plan"
    checks, rounds = [], []
    for runner in (python_rounds(scorer), native):
        seen: list[tuple[Any, ...]] = []

        def run(*args: Any, runner: RoundRunner = runner, seen: list[tuple[Any, ...]] = seen) -> RoundCheck:
            got = runner(*args)
            seen.append(plain(got))
            return got

        checks.append(check_legal(game, scorer, run))
        rounds.append(seen)
    assert checks[0] == checks[1], game.source
    assert rounds[0] == rounds[1], game.source
    COUNTS["games (API)"] += 1
    COUNTS["rounds (API)"] += len(rounds[0])
    COUNTS["actions (API)"] += checks[0].actions
    return checks[0], rounds[0]


# -- the real records, both kernels, byte for byte -----------------------------------------------------

def test_replay_legal_prints_the_same_bytes_on_both_kernels_for_any_jobs():
    args = [str(p) for p in REAL]
    python = replay("python", *args, "--json")
    native = replay("native", *args, "--json")
    assert python == native
    assert replay("native", *args, "--json", "--jobs", "2") == native
    summary = json.loads(native[1].splitlines()[-1])["summary"]
    # every recorded action legal, every round played and paid as recorded, each game ending where recorded
    # (the exit status 1: one recorded payment leaves out a riichi stick, test_legal.py says which)
    assert native[0] == 1 and summary["games"] == summary["legal_games"] == 92 and summary["agree"] == 584
    assert summary["legal_refused"] == 0 and summary["legal_played"] == summary["legal_agree"] == 686
    assert summary["legal_ends"] == summary["legal_ends_agree"] == 87 and summary["legal_actions"] > 35_000
    COUNTS["replay runs"] += 3
    COUNTS["games (CLI)"] += summary["games"]
    COUNTS["rounds (CLI)"] += summary["legal_rounds"]
    COUNTS["actions (CLI)"] += summary["legal_actions"]
    COUNTS["bytes (CLI)"] += len(native[1])


def test_the_records_rulesets_compile_into_table_plans():
    """The CLI test above compares the native round only where the record's ruleset has a plan: each has."""
    rulesets = {record_ruleset(g).name: record_ruleset(g) for g in read_games([str(p) for p in REAL])}
    assert {"tenhou", "tenhou-sanma", "mahjongsoul", "mahjongsoul-sanma"} <= set(rulesets)
    assert all(native_rounds(Scorer(r)) is not None for r in rulesets.values())


FORMATS = ("mjai", "tenhou.net/6 JSON", "牌譜")


def rewritten(path: Path, how: str) -> Game:
    """The mjlog at ``path`` read from its rewriting as mjai, Tenhou JSON or 牌譜 (from the mjai)."""
    if how == "tenhou.net/6 JSON":
        return read_game(f"{path.name}.json", games_convert.to_tenhou_json(str(path)).encode())
    mjai = games_convert.to_mjai(str(path))
    if how == "mjai":
        return read_game(f"{path.name}.mjson", mjai.encode())
    paipu = paipu_of_events([json.loads(line) for line in mjai.splitlines()], title=path.name, names="abcd",
                            ruleset="tenhou", final=None, points=None, exact=False)
    return read_game(f"{path.name}.paipu.json", json.dumps(paipu, ensure_ascii=False).encode())


def test_the_mjlogs_rewritten_in_every_format_are_checked_alike_round_for_round():
    """Each of the 77 mjlogs in one of the other formats (in turn: mjai, Tenhou JSON, 牌譜), the
    rounds compared one by one: what the readers of the formats make of the same game."""
    scorers: dict[str, Scorer] = {}
    played: Counter[str] = Counter()
    for k, path in enumerate(sorted((DATA / "tenhou-mjlog").glob("*.mjlog"))):
        how = FORMATS[k % 3]
        game = rewritten(path, how)
        ruleset = record_ruleset(game) or record_ruleset(read_game(str(path)))
        check, _ = both(game, scorers.setdefault(ruleset.name, Scorer(ruleset)))
        assert check.refused == 0, check.first_refused
        played[how] += check.played
    assert all(played[how] > 150 for how in FORMATS), played


# -- illegal actions ---------------------------------------------------------------------------------

NAMES = {"1z": "E", "2z": "S", "3z": "W", "4z": "N", "5z": "P", "6z": "F", "7z": "C"}


def mjai(t: str) -> str:
    """An MPSZ tile (``3m``, ``0p``, ``5z``) as mjai names it."""
    return NAMES.get(t, f"5{t[1]}r" if t[0] == "0" else t)


def split(hand: str) -> list[str]:
    return [mjai(hand[i:i + 2]) for i in range(0, len(hand), 2)]


DEALER = "1m4m7m1p4p7p1s4s7s1z2z3z5z"
"""Far from tenpai, eight kinds of terminals and honours with a 9m drawn."""
WAITS_3M_6M = "4m5m2p3p4p6p7p8p2s3s4s9s9s"
KUIKAE = "3m4m5m2p3p4p6p7p8p2s3s4s9s"
SEAT2 = "6m7m8m5p5p6s7s8s2z2z6z6z7z"
SEAT3 = "2m2m3m8p8p9p5s5s6s3z4z7z7z"


def _events(*specs: str) -> list[dict[str, Any]]:
    """Events written short: ``t0 9m`` a draw, ``d0 9m`` a discard (tsumogiri when the tile was just
    drawn), ``r0`` riichi, ``a0`` its acceptance, ``c1 3m 0 4m5m`` a chi of seat 0's 3m (``p`` a pon),
    ``h1 6m 2`` a ron on seat 2's 6m, ``x`` a draw mid-round, ``k0`` nine terminals."""
    out: list[dict[str, Any]] = []
    last: dict[int, str] = {}
    for spec in specs:
        op, *rest = spec.split()
        seat = int(op[1:]) if len(op) > 1 else 0
        if op[0] == "t":
            out.append({"type": "tsumo", "actor": seat, "pai": mjai(rest[0])})
            last[seat] = rest[0]
        elif op[0] == "d":
            out.append({"type": "dahai", "actor": seat, "pai": mjai(rest[0]), "tsumogiri": last.pop(seat, "") == rest[0]})
        elif op[0] in "ra":
            out.append({"type": "reach" if op[0] == "r" else "reach_accepted", "actor": seat})
        elif op[0] in "cp":
            own = [mjai(rest[2][i:i + 2]) for i in (0, 2)]
            out.append({"type": "chi" if op[0] == "c" else "pon", "actor": seat, "target": int(rest[1]),
                        "pai": mjai(rest[0]), "consumed": own})
            last.pop(seat, None)
        elif op[0] == "h":
            out.append({"type": "hora", "actor": seat, "target": int(rest[1]), "pai": mjai(rest[0])})
        elif op[0] == "k":
            out.append({"type": "ryukyoku", "reason": "kyushukyuhai", "actor": seat})
        else:
            out.append({"type": "ryukyoku", "reason": "fanpai"})
    return out


def crafted(hands: list[str], *specs: str) -> str:
    """A one-round mjai record under Tenhou's rules: ``hands`` dealt (the dealer, seat 0, first), then ``specs``."""
    events = [{"type": "start_game", "names": ["a", "b", "c", "d"], "ruleset": "tenhou"},
              {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
               "dora_marker": "E", "scores": [25000] * 4, "tehais": [split(h) for h in hands]},
              *_events(*specs), {"type": "end_kyoku"}]
    return "".join(json.dumps(e) + "\n" for e in events)


ILLEGAL = {
    # name: (hands, events, the refusal (the rules' words) or the divergence)
    "riichi without tenpai": (
        [DEALER, WAITS_3M_6M, SEAT2, SEAT3], ("t0 9m", "r0", "d0 9m", "a0", "x"),
        "E1: seat 0: riichi 9m refused: the hand is not tenpai after discarding 9m"),
    "nine terminals of eight kinds": (
        [DEALER, WAITS_3M_6M, SEAT2, SEAT3], ("t0 9m", "k0"),
        "E1: seat 0: nine terminals refused: the hand holds 8 kinds of terminals and honours, and nine are needed"),
    "kuikae": (
        [DEALER, KUIKAE, SEAT2, SEAT3], ("t0 3m", "d0 3m", "c1 3m 0 4m5m", "d1 3m", "x"),
        "E1: seat 1: discard 3m refused: kuikae: 3m may not be discarded right after the call that took its kind "
        "or its sequence's end"),
    "pon in riichi": (
        [DEALER, WAITS_3M_6M, SEAT2, SEAT3],
        ("t0 8s", "d0 8s", "t1 1z", "r1", "d1 1z", "a1", "t2 9s", "d2 9s", "p1 9s 2 9s9s", "d1 2p", "x"),
        "E1: seat 1: pon 9s with 99s refused: in riichi no call is made"),
    "ron in furiten": (
        [DEALER, WAITS_3M_6M, SEAT2, SEAT3], ("t0 8s", "d0 8s", "t1 3m", "d1 3m", "t2 6m", "d2 6m", "h1 6m 2"),
        "E1: seat 1: ron refused: furiten: its own discard 3m is one of its winning tiles"),
    "in riichi, a discard not drawn": (
        [DEALER, WAITS_3M_6M, SEAT2, SEAT3],
        ("t0 8s", "d0 8s", "t1 1z", "r1", "d1 1z", "a1", "t2 9p", "d2 9p", "t3 1p", "d3 1p", "t0 2p", "d0 2p",
         "t1 3z", "d1 9s", "x"),
        "E1: seat 1: discard 9s refused: in riichi only the tile just drawn is discarded"),
    "the record stops before the round does": (
        [DEALER, WAITS_3M_6M, SEAT2, SEAT3], ("t0 9m", "d0 9m", "x"),
        "E1: the table played on where the record stopped: seat 1 is asked to act, and the record has it do "
        "nothing more"),
}


def test_crafted_records_with_an_illegal_action_are_refused_alike(tmp_path):
    for name, (hands, specs, _) in ILLEGAL.items():
        (tmp_path / f"{name}.mjson").write_text(crafted(hands, *specs), encoding="utf-8")
    for mode in ((), ("--json",)):
        python = replay("python", str(tmp_path), *mode)
        native = replay("native", str(tmp_path), *mode)
        assert python == native
        COUNTS["replay runs"] += 2
        COUNTS["bytes (CLI)"] += len(native[1])
    lines = [json.loads(line) for line in native[1].splitlines()]
    found = {Path(x["log"]).stem: x["legal"] for x in lines if "legal" in x}
    for name, (_, _, words) in ILLEGAL.items():
        legal = found[name]
        if words.startswith("E1: the table played on"):
            assert legal["skipped"] == [words] and legal["refused"] == 0, (name, legal)
        else:
            assert legal["first_refused"] == words and legal["refused"] == 1 and legal["played"] == 0, (name, legal)
        game = read_game(str(tmp_path / f"{name}.mjson"))
        both(game, Scorer("tenhou"))


def _first_discard(rnd: Round) -> int:
    return next(i for i, m in enumerate(rnd.moves) if m.kind is MoveKind.DISCARD)


def test_real_rounds_given_a_discard_not_held_or_a_chi_from_across_are_refused_alike():
    """Two records no reader takes (a hand's tiles and a chi's source are followed as they are read):
    real rounds are changed instead. The dealer's first discard made a tile the hand does not hold;
    a chi of it by the seat across the table, from two tiles that seat holds."""
    games = [read_game(str(p)) for p in sorted((DATA / "tenhou-mjlog").glob("*.mjlog"))[:20]]
    game = games[0]
    rnd = game.rounds[0]
    i = _first_discard(rnd)
    held = {t.index for t in rnd.dealt[rnd.dealer]} | {rnd.moves[i - 1].tile.index}
    absent = tile(min(set(range(34)) - held))
    moves = (*rnd.moves[:i], attrs.evolve(rnd.moves[i], tile=absent), *rnd.moves[i + 1:])
    check, _ = both(attrs.evolve(game, rounds=(attrs.evolve(rnd, moves=moves),)), Scorer(record_ruleset(game)))
    assert check.first_refused == f"E1: seat {rnd.dealer}: discard {absent.mpsz()} refused: it does not hold " \
                                  f"{absent.mpsz()}"
    # the first round (of the first 20 games) whose dealer's first discard the seat across could chi
    for game in games:
        rnd = game.rounds[0]
        i = _first_discard(rnd)
        t, across = rnd.moves[i].tile, (rnd.dealer + 2) % 4
        kinds = {x.index for x in rnd.dealt[across]}
        if t.index < 27 and t.index % 9 <= 6 and {t.index + 1, t.index + 2} <= kinds:
            break
    else:
        raise AssertionError("no round to call a chi in")
    own = (tile(t.index + 1), tile(t.index + 2))
    # the check reads the move's seat, tile and tiles taken, and of its meld the kind alone (a meld
    # itself is a chi from the left only)
    chi = Move(MoveKind.CALL, across, t, Meld(MeldKind.CHI, [t, *own], 0, 3), own)
    moves = (*rnd.moves[:i + 1], chi, *rnd.moves[i + 1:])
    check, _ = both(attrs.evolve(game, rounds=(attrs.evolve(rnd, moves=moves),)), Scorer(record_ruleset(game)))
    left = (across - 1) % 4
    assert check.first_refused == (f"E1: seat {across}: chi {t.mpsz()} with {own[0].mpsz()[0]}{own[1].mpsz()} "
                                   f"refused: chi only from the player on the left (seat {left}), and the tile came "
                                   f"from seat {rnd.dealer}")


def _mutated(rnd: Round, rng: random.Random) -> Round:
    """``rnd`` with one of its moves changed, taken out, or one put in (a riichi, a call), or cut short."""
    moves = list(rnd.moves)
    discards = [i for i, m in enumerate(moves) if m.kind is MoveKind.DISCARD]
    how = rng.choice(("tile", "riichi", "call", "drop", "cut", "swap"))
    i = rng.choice(discards)
    m = moves[i]
    n = len(rnd.scores)
    if how == "tile":
        # another tile: often one the seat was dealt (legal, or kuikae, or riichi's), else any
        pool = list(rnd.dealt[m.seat]) if rng.random() < 0.6 else [tile(k) for k in range(34)]
        moves[i] = attrs.evolve(m, tile=rng.choice(pool))
    elif how == "riichi":
        moves.insert(i, Move(MoveKind.RIICHI, m.seat))
    elif how == "call":
        assert m.tile is not None
        seat = rng.choice([s for s in range(n) if s != m.seat])
        k = m.tile.index
        if k < 27 and k % 9 <= 6 and rng.random() < 0.5:
            meld = Meld(MeldKind.CHI, [m.tile, tile(k + 1), tile(k + 2)], 0, 3)
            own: tuple[Tile, ...] = (tile(k + 1), tile(k + 2))
        else:
            meld = Meld(MeldKind.PON, [m.tile] * 3, 0, (m.seat - seat) % 4)
            own = (tile(k), tile(k))
        moves.insert(i + 1, Move(MoveKind.CALL, seat, m.tile, meld, own))
    elif how == "drop":
        moves.pop(rng.randrange(len(moves)))
    elif how == "cut":
        moves = moves[:i + 1]
    else:
        j = rng.randrange(len(moves) - 1)
        moves[j], moves[j + 1] = moves[j + 1], moves[j]
    return attrs.evolve(rnd, moves=tuple(moves))


def test_real_rounds_changed_at_random_are_checked_alike():
    """Rounds of the real records with one move changed: refusals of every kind, rounds the table
    plays on past, walls the record no longer makes, all the same on both."""
    rng = random.Random(43)
    games = list(read_games([str(p) for p in REAL]))
    scorers: dict[str, Scorer] = {}
    outcomes: Counter[str] = Counter()
    for _ in range(200):
        game = rng.choice(games)
        rnd = rng.choice([r for r in game.rounds if any(m.kind is MoveKind.DISCARD for m in r.moves)])
        ruleset = record_ruleset(game)
        check, _ = both(attrs.evolve(game, rounds=(_mutated(rnd, rng),)),
                        scorers.setdefault(ruleset.name, Scorer(ruleset)))
        why = check.first_refused or (check.skipped[0] if check.skipped else "played")
        outcomes[re.sub(r"[0-9]+[mpsz]?|seat", "", why.rsplit(": ", 1)[-1]).strip()[:16].strip()] += 1
    COUNTS["changed rounds"] += 200
    # the changes met many of the table's refusals, not one
    assert {"it does not hold", "the hand is not", "is asked to act,", "does not complet", "played"} <= set(outcomes)
    assert len(outcomes) >= 8, outcomes


class DeclaresNoten(Greedy):
    """Greedy, but declares noten in tenpai where the ruleset lets it."""

    def act(self, view: View) -> Action:
        noten = [a for a in view.legal if a.kind is ActionKind.NOTEN]
        return noten[0] if noten else super().act(view)


def test_noten_declared_at_an_exhaustive_draw_is_checked_alike(tmp_path):
    """The tenpai answers at an exhaustive draw, asked where the rules let a hand in tenpai declare
    noten (a 電脳麻将 rule object): games of the table, replayed under the rule object on both kernels."""
    rule = RULES["tonpuu-noten-declaration-triple-ron"]
    (tmp_path / "rule.json").write_text(json.dumps(rule, ensure_ascii=False), encoding="utf-8")
    scorer = Scorer(ruleset_from_data(json.dumps(rule, ensure_ascii=False).encode(), "rule"))
    declared = 0
    for seed in range(3):
        players = [DeclaresNoten(), Greedy(), DeclaresNoten(), Greedy()]
        game = Table(scorer, players, length=GameLength.TONPUU).play(f"noten-{seed}")
        # the record names no ruleset (replay takes --ruleset): replay reads no rule object back by its name
        first, rest = game.record.split("\n", 1)
        start = {k: v for k, v in json.loads(first).items() if k != "ruleset"}
        (tmp_path / f"noten-{seed}.mjson").write_text(json.dumps(start) + "\n" + rest, encoding="utf-8")
        read = read_game(str(tmp_path / f"noten-{seed}.mjson"))
        check, rounds = both(read, scorer)
        assert check.refused == 0 and check.played == check.agree == check.rounds
        declared += sum(r.draw is not None and r.draw.kind == "exhaustive" for r in read.rounds)
    assert declared > 0
    python = replay("python", str(tmp_path / "noten-0.mjson"), "--ruleset", str(tmp_path / "rule.json"), "--json")
    native = replay("native", str(tmp_path / "noten-0.mjson"), "--ruleset", str(tmp_path / "rule.json"), "--json")
    assert python == native and native[0] == 0
    COUNTS["replay runs"] += 2


def test_what_was_compared():
    """The counts of this module's comparisons (shown with ``-rP``)."""
    print(", ".join(f"{k} {v:,}" for k, v in COUNTS.items()))
