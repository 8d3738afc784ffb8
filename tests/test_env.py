"""The environment for agents (``mjrules.table.env``, installed by ``mjrules[env]``): PettingZoo's own
API test, games of random legal actions replayed and checked by ``replay --legal``, the same table
as ``simulate`` (the built-in players seated through the environment write the same record), the
action and observation encodings against the views they encode."""

from __future__ import annotations

import json
import re
import warnings
from collections import Counter
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo", reason="the environment needs mjrules[env] (PettingZoo); CI installs it")

import numpy as np  # noqa: E402  (after the skip: numpy comes with the extra)
from pettingzoo.test import api_test  # noqa: E402

from mjrules.cli import main  # noqa: E402
from mjrules.errors import MjrulesError, RulesetError  # noqa: E402
from mjrules.game.actions import NOTEN, PASS, RON, TENPAI, TSUMO, Action, ActionKind  # noqa: E402
from mjrules.model.tiles import tile, tile_counts  # noqa: E402
from mjrules.records.check import check_legal  # noqa: E402
from mjrules.records.read import read_game  # noqa: E402
from mjrules.records.replay import Replayer, record_ruleset  # noqa: E402
from mjrules.rules.rules import GameLength  # noqa: E402
from mjrules.scoring.scorer import Scorer  # noqa: E402
from mjrules.table.encoding import ACTION_NAMES, ACTIONS, action_index, face_tile  # noqa: E402
from mjrules.table.env import IllegalStep, env, raw_env  # noqa: E402
from mjrules.table.events import seen_by  # noqa: E402
from mjrules.table.game import Table  # noqa: E402
from mjrules.table.players import Careful, Greedy  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
HOUSE = """name = "house"
description = "a club's rules: Tenhou's without red fives, 30,000 to start, no oka, a smaller uma"
extends = "tenhou"

[flags]
red_fives_m = 0
red_fives_p = 0
red_fives_s = 0
start_score = 30000
return_score = 30000
uma = [15, 5, -5, -15]
"""
API_WARNINGS = {
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
    "Observation is not a NumPy array",
}
"""What api_test says of every environment whose observation is a dict with its action mask (as
PettingZoo's own classic games have it; it lists those by name and spares them the warnings)."""


@pytest.fixture
def house(tmp_path) -> str:
    path = tmp_path / "house.toml"
    path.write_text(HOUSE, encoding="utf-8")
    return str(path)


def random_game(game, rng: np.random.Generator) -> tuple[dict[str, float], int]:
    """Play the game reset last to its end with random actions the mask allows: each agent's reward
    as ``last`` gives it when it terminates, and the steps taken."""
    rewards: dict[str, float] = {}
    steps = 0
    for agent in game.agent_iter():
        obs, reward, terminated, truncated, info = game.last()
        assert not truncated
        if terminated:
            rewards[agent] = reward
            game.step(None)
            continue
        assert reward == 0
        game.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    return rewards, steps


def assert_accepted(text: str) -> None:
    """The record replays to its own scores and ``replay --legal`` takes every action and round."""
    game = read_game("env.mjson", text.encode())
    scorer = Scorer(record_ruleset(game))
    check = check_legal(game, scorer)
    assert check.refused == 0, check.first_refused
    assert check.played == check.agree == check.rounds and check.rounds > 0 and not check.skipped
    assert check.end_checked and check.end is None


# -- PettingZoo's own test -------------------------------------------------------------------------
@pytest.mark.parametrize("ruleset", ["tenhou", "tenhou-sanma", "ema2016", "house"])
def test_pettingzoos_api_test_passes(capsys, ruleset, house):
    spec = house if ruleset == "house" else ruleset
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        api_test(env(spec, length="tonpuu"), num_cycles=1000)
    assert capsys.readouterr().out.splitlines() == ["Starting API test", "Passed API test"]
    assert {str(w.message) for w in said} <= API_WARNINGS


# -- whole games ---------------------------------------------------------------------------------
@pytest.mark.parametrize("ruleset, players", [("tenhou", 4), ("tenhou-sanma", 3), ("house", 4),
                                              ("mahjongsoul-sanma", 3)])
def test_a_random_game_ends_with_its_points_as_rewards_and_replay_legal_accepts_it(ruleset, players, house):
    spec = house if ruleset == "house" else ruleset
    game = env(spec, players=players, seed=11, length="tonpuu")
    game.reset()
    rewards, steps = random_game(game, np.random.default_rng(11))
    assert steps > 100 and not game.agents
    text = game.unwrapped.record()
    # the points as replay counts them from the record, with the ruleset's uma and oka
    replayed = Replayer(spec).replay(read_game("env.mjson", text.encode()))
    assert replayed.final_agree and len(replayed.points) == players
    assert rewards == {f"player_{i}": p for i, p in enumerate(replayed.points)}
    assert sum(replayed.final) == players * Scorer(spec).rules.placing.start
    assert_accepted(text)


def test_replay_legal_accepts_the_environments_records_from_the_command_line(tmp_path, capsys):
    for players, ruleset in ((4, "tenhou"), (3, "tenhou-sanma")):
        game = env(ruleset, seed=3, length="tonpuu")
        game.reset()
        random_game(game, np.random.default_rng(players))
        (tmp_path / f"{ruleset}.mjson").write_text(game.unwrapped.record(), encoding="utf-8")
    assert main(["replay", str(tmp_path), "--legal", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"legal: \d+ recorded actions, 0 refused \(2/2 games without a refusal\)", out), out


def test_the_same_seed_deals_the_same_game_and_the_seeds_follow_simulates():
    def played(seed, **kw) -> str:
        game = env("tenhou", length="tonpuu", **kw)
        game.reset(seed=seed)
        random_game(game, np.random.default_rng(0))
        return game.unwrapped.record()

    first = played(21)
    assert played(21) == first
    assert played(22) != first
    # reset(seed=S) plays simulate's game S-0, the next reset S-1; raw_env(seed=S) starts there too
    game = env("tenhou", seed=21)
    seeds = []
    for _ in range(2):
        game.reset()
        seeds.append(game.unwrapped.table.events[0]["wall_seed"])
    game.reset(seed=5)
    seeds.append(game.unwrapped.table.events[0]["wall_seed"])
    game.reset(options={"wall_seed": "21-0"})
    seeds.append(game.unwrapped.table.events[0]["wall_seed"])
    assert seeds == ["21-0", "21-1", "5-0", "21-0"]


def questions(game):
    """The questions of a raw environment's game to its end, as (agent, view): the caller steps
    after each; the agents that terminate are stepped out here."""
    while game.agents:
        agent = game.agent_selection
        if game.terminations[agent]:
            game.step(None)
            continue
        yield agent, game.view()


def drive(game, players) -> None:
    """Play the game reset last to its end, each question answered by the built-in player of the seat."""
    unwrapped = game.unwrapped
    for _ in game.agent_iter():
        obs, reward, terminated, truncated, info = game.last()
        if terminated:
            game.step(None)
            continue
        view = unwrapped.view()
        i = unwrapped.index(players[view.seat].act(view))
        assert obs["action_mask"][i] == 1
        game.step(i)


@pytest.mark.parametrize("ruleset, seats", [("tenhou", "greedy,greedy,greedy,greedy"),
                                            ("tenhou-sanma", "greedy,greedy,greedy")])
def test_greedy_players_seated_through_the_environment_play_simulates_game(tmp_path, capsys, ruleset, seats):
    assert main(["simulate", "--rulesets", ruleset, "--players", seats, "--games", "2", "--seed", "9",
                 "--length", "tonpuu", "--records", str(tmp_path)]) == 0
    capsys.readouterr()
    game = env(ruleset, seed=9, length="tonpuu")
    for k in range(2):
        game.reset()
        drive(game, [Greedy() for _ in game.possible_agents])
        lines = game.unwrapped.record().splitlines()
        simulated = (tmp_path / f"{ruleset}-{k:05d}.mjson").read_text(encoding="utf-8").splitlines()
        # the one difference: simulate names the seats by their players, the environment by its agents
        start = json.loads(simulated[0])
        assert json.loads(lines[0]) == {**start, "names": game.possible_agents}
        assert lines[1:] == simulated[1:] and len(lines) > 100


def test_careful_players_seated_through_the_environment_play_the_tables_game():
    game = env("mleague", length="tonpuu")
    scorer = Scorer("mleague")
    players = [Careful() for _ in range(4)]
    for p in players:
        p.use(scorer)
    game.reset(seed=4)
    drive(game, players)
    table = Table(scorer, [Careful() for _ in range(4)], length=GameLength.TONPUU, ruleset_name="mleague",
                  names=game.possible_agents)
    played = table.play("4-0")
    assert game.unwrapped.record() == played.record
    assert game.unwrapped.result.points == played.points


# -- what an agent is shown ----------------------------------------------------------------------
def test_every_legal_action_has_its_own_index_and_the_mask_is_the_legal_actions():
    kinds: Counter[ActionKind] = Counter()
    for ruleset in ("tenhou", "tenhou-sanma"):
        game = raw_env(ruleset, seed=2, length="tonpuu")
        game.reset()
        rng = np.random.default_rng(5)
        for agent, view in questions(game):
            mask = game.observe(agent)["action_mask"]
            assert sorted(np.flatnonzero(mask)) == sorted({action_index(a) for a in view.legal})
            assert mask.sum() == len(view.legal)  # no two legal actions share an index
            for other in game.possible_agents:
                if other != agent:
                    assert not game.observe(other)["action_mask"].any()
            kinds.update(a.kind for a in view.legal)
            # prefer calls and kans so that their indices are met
            calls = [a for a in view.legal if a.kind in (ActionKind.CHI, ActionKind.PON, ActionKind.DAIMINKAN,
                                                         ActionKind.ANKAN, ActionKind.KAKAN, ActionKind.KITA)]
            choice = calls[0] if calls and rng.random() < 0.7 else view.legal[rng.integers(len(view.legal))]
            game.step(game.index(choice))
        assert_accepted(game.record())
    assert {ActionKind.CHI, ActionKind.PON, ActionKind.DISCARD, ActionKind.RIICHI, ActionKind.PASS,
            ActionKind.KITA} <= set(kinds), kinds


def test_the_action_indices_are_the_documented_ones():
    def t(text: str):
        return tile(*{"0m": (4, True), "0p": (13, True), "0s": (22, True)}[text]) if text[0] == "0" else tile(
            "123456789".index(text[0]) + 9 * "mpsz".index(text[1]))

    assert action_index(Action(ActionKind.DISCARD, t("1m"))) == 0
    assert action_index(Action(ActionKind.DISCARD, t("7z"))) == 33
    assert action_index(Action(ActionKind.DISCARD, t("0p"))) == 35
    assert action_index(Action(ActionKind.RIICHI, t("4m"))) == 40
    assert action_index(Action(ActionKind.RIICHI, t("0s"))) == 73
    assert action_index(Action(ActionKind.CHI, t("3m"), (t("4m"), t("0m")))) == 75  # lowest, a red five taken
    assert action_index(Action(ActionKind.CHI, t("4p"), (t("3p"), t("5p")))) == 76  # middle
    assert action_index(Action(ActionKind.CHI, t("7s"), (t("5s"), t("6s")))) == 78  # highest
    assert action_index(Action(ActionKind.PON, t("5p"), (t("0p"), t("5p")))) == 81
    assert action_index(Action(ActionKind.DAIMINKAN, t("1z"), (t("1z"),) * 3)) == 83
    assert action_index(Action(ActionKind.ANKAN, None, (t("9s"),) * 4)) == 84 + 26
    assert action_index(Action(ActionKind.KAKAN, t("0m"))) == 118 + 4
    assert [action_index(a) for a in (TSUMO, RON, PASS, Action(ActionKind.KITA, t("4z")),
                                      Action(ActionKind.NINE_TERMINALS), TENPAI, NOTEN)] == list(range(152, 159))
    assert len(ACTION_NAMES) == ACTIONS == 159 and len(set(ACTION_NAMES)) == ACTIONS
    assert ACTION_NAMES[40] == "riichi 4m" and face_tile(36) == t("0s")


def test_the_observation_is_the_asked_seats_view():
    seen_kita = seen_called = 0
    for ruleset in ("tenhou", "tenhou-sanma"):
        game = raw_env(ruleset, seed=6, length="tonpuu")
        game.reset()
        players = [Greedy() for _ in game.possible_agents]
        n = len(players)
        for agent, view in questions(game):
            part = game.layout.unpack(game.observe(agent)["observation"])
            me = view.seat
            order = [(me + k) % n for k in range(n)]
            assert list(part["hand"]) == tile_counts(view.concealed)
            assert part["hand_red"].sum() == sum(t.red for t in view.concealed)
            assert int(part["seat"]) == me and int(part["seat_wind"]) == view.seat_wind
            assert (me + int(part["dealer"])) % n == view.dealer
            assert list(part["scores"]) == [view.scores[s] for s in order]
            assert [face_tile(f - 1) for f in part["dora"] if f] == list(view.dora)
            assert int(part["live_left"]) == view.live_left
            if view.offered is not None:
                assert face_tile(int(part["offered"]) - 1) == view.offered
                assert (me + int(part["offered_by"])) % n == view.offered_by
            for k, s in enumerate(order):
                assert (part["melds"][k, :, 0] > 0).sum() == len(view.melds[s])
                river = [face_tile(f - 1) for seat, f, *_ in part["discards"] if seat == k + 1]
                assert river == list(view.rivers[s])
            # the Norths set aside and the discards called, read from the seat's own events
            events = game.infos[agent]["events"]
            since = max(i for i, e in enumerate(events) if e["type"] == "start_kyoku")
            kita = Counter(e["actor"] for e in events[since:] if e["type"] == "nukidora")
            assert list(part["kita"]) == [kita[s] for s in order]
            calls = sum(e["type"] in ("chi", "pon", "daiminkan") for e in events[since:])
            assert part["discards"][:, 4].sum() == calls
            seen_kita += sum(kita.values())
            seen_called += calls
            game.step(game.index(players[view.seat].act(view)))
    assert seen_kita and seen_called


def test_each_agent_sees_the_events_as_its_seat_may():
    game = env("tenhou", seed=1, length="tonpuu")
    game.reset()
    rng = np.random.default_rng(1)
    seen = {}
    for agent in game.agent_iter():
        obs, _, terminated, _, info = game.last()
        if terminated:
            seen[agent] = list(info["events"])
            game.step(None)
        else:
            game.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    record = [json.loads(line) for line in game.unwrapped.record().splitlines()]
    for seat, agent in enumerate(game.possible_agents):
        assert seen[agent] == [seen_by(seat, e) for e in record]
        hidden = [e for e in seen[agent] if e["type"] == "tsumo" and e["actor"] != seat]
        assert hidden and all(e["pai"] == "?" for e in hidden)
        assert seen[agent][1]["tehais"][seat] == record[1]["tehais"][seat] != ["?"] * 13


def test_render_shows_the_asked_seat_and_its_actions_by_index():
    game = env("tenhou", seed=1, render_mode="ansi")
    game.reset()
    text = game.render()
    view = game.unwrapped.view()
    assert text.startswith(f"{game.agent_selection} is asked:")
    for a in view.legal:
        assert f"  {action_index(a)}) {ACTION_NAMES[action_index(a)]}" in text


# -- refusals ---------------------------------------------------------------------------------
def test_an_action_the_mask_does_not_allow_is_refused_and_the_game_goes_on():
    game = env("tenhou", seed=8)
    game.reset()
    obs, *_ = game.last()
    agent = game.agent_selection
    shut = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalStep, match=rf"{agent}: action {shut} \({re.escape(ACTION_NAMES[shut])}\) is not "
                                          r"open now; the mask allows \d+ \("):
        game.step(shut)
    with pytest.raises(IllegalStep, match="an action is an index of the action space"):
        game.unwrapped.step("discard 1m")
    with pytest.raises(AssertionError, match="action is not in action space"):  # PettingZoo's own wrapper
        game.step(ACTIONS)
    assert game.agent_selection == agent and (game.last()[0]["action_mask"] == obs["action_mask"]).all()
    random_game(game, np.random.default_rng(8))
    assert_accepted(game.unwrapped.record())


def test_with_an_illegal_reward_an_illegal_action_ends_the_game_as_pettingzoos_classic_games_do(caplog):
    game = env("tenhou", seed=8, illegal_reward=-100.0)
    game.reset()
    obs, *_ = game.last()
    agent = game.agent_selection
    game.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert "Illegal move made, game terminating with current player losing" in caplog.text  # PettingZoo's words
    rewards = {}
    for a in game.agent_iter():
        _, reward, terminated, _, _ = game.last()
        assert terminated
        rewards[a] = reward
        game.step(None)
    assert rewards == {a: (-100.0 if a == agent else 0.0) for a in game.possible_agents}
    last = json.loads(game.unwrapped.record().splitlines()[-1])
    assert last == {"type": "end_game", "unfinished": "the environment's game was left before its end"}


def test_bad_arguments_are_named():
    with pytest.raises(MjrulesError, match="ruleset tenhou is for 4 players, not 3"):
        raw_env("tenhou", players=3)
    with pytest.raises(MjrulesError, match="length 'short': expected one of tonpuu, hanchan"):
        raw_env("tenhou", length="short")
    with pytest.raises(RulesetError):
        raw_env("no-such-ruleset")
    with pytest.raises(MjrulesError, match="no game yet"):
        raw_env("tenhou").record()


def test_the_pages_example_runs(capsys):
    page = (ROOT / "docs" / "environment.md").read_text(encoding="utf-8")
    (example,) = re.findall(r"```python\n(.*?)```", page, re.S)[:1]
    exec(compile(example, "docs/environment.md", "exec"), {})
    assert "player_0" in capsys.readouterr().out
