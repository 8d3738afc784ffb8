"""An environment for agents: the table (``mjrules.table.game.Table``) stepped from Python one
decision at a time, as a PettingZoo ``AECEnv`` (``pip install 'mjrules[env]'``).

``env(ruleset=...)`` is the environment wrapped as PettingZoo wraps its own classic games
(``OrderEnforcingWrapper``, ``AssertOutOfBoundsWrapper``, and ``TerminateIllegalWrapper`` when
``illegal_reward`` is given); ``raw_env(...)`` the environment itself. Agents ``player_0`` …
sit in seats 0 …, seat 0 dealing first; ``agent_selection`` is the seat the game asks, and an
agent is asked only when it has a choice, as the table's players are. A game is
``Table.game``: the same rules, the same walls from the same seed, the same mjai record as
``mjrules simulate`` plays.

- The action space is ``Discrete(159)`` (``mjrules.table.encoding``); ``step`` takes an index the
  mask allows. Any other is refused with ``IllegalStep`` naming the index, what it means and
  what is open, and the game stays where it was.
- An observation is ``{"observation": vector, "action_mask": mask}``: the asked seat's view as
  an int32 vector (``Layout``: ``env.unwrapped.layout.unpack`` names its parts) and an int8 mask
  over the actions. An agent not asked sees its last observation (zeros before its first) with
  an empty mask. ``infos[agent]["events"]`` is the game's mjai events so far as that seat may
  see them (others' hands and draws hidden), one list that grows as the game goes.
- Rewards: each agent's final placing points (``GameResult.points``: the ruleset's uma and oka)
  when the game ends, 0 before; every agent terminates then; nothing truncates.
- ``env.unwrapped.record()`` is the game's mjai record, which ``mjrules replay --legal`` checks.

Seeds: the game after ``reset(seed=S)`` is dealt from walls seeded ``S-0``, the next ``reset()``'s
``S-1`` and so on, as ``mjrules simulate --seed S`` seeds its games; ``raw_env(seed=S)`` starts
there, and without any seed a random one is drawn. ``reset(options={"wall_seed": TEXT})``
plays the game a record's ``wall_seed`` names.
"""

from __future__ import annotations

import io
import os
import secrets
from typing import Any

try:
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as missing:
    raise ImportError(f"mjrules.table.env needs PettingZoo, Gymnasium and NumPy: pip install 'mjrules[env]' "
                      f"({missing})") from None

from mjrules.errors import MjrulesError
from mjrules.game.actions import Action
from mjrules.game.play import GameResult
from mjrules.game.state import LIVE_DRAWS, LIVE_DRAWS_SANMA
from mjrules.game.view import View
from mjrules.records.mjai_write import mjai_lines
from mjrules.rules.choices import GameLength
from mjrules.rules.rules import GAME_LENGTHS
from mjrules.rules.ruleset import load_ruleset
from mjrules.scoring.scorer import Scorer
from mjrules.table.console import Console
from mjrules.table.encoding import ACTION_NAMES, ACTIONS, Layout, action_index, legal_indices
from mjrules.table.game import Table

__all__ = ["IllegalStep", "env", "raw_env"]


class IllegalStep(MjrulesError, ValueError):
    """An action ``step`` refuses: not an index of the action space, or one the mask does not allow."""


class _Seat:
    """An agent's seat at the table: it follows the game's events as the seat sees them; the
    environment answers for it."""

    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []

    def observe(self, event: dict[str, Any]) -> None:
        self.events.append(event)

    def act(self, view: View) -> Action:
        raise MjrulesError("an agent's seat is answered by the environment's step")


class _Round:
    """What the views leave out, followed from the game's events: the Norths each seat has set
    aside this round, and whether each discard of the round was called."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.read = 0
        self.kita = [0] * players
        self.called: list[bool] = []

    def follow(self, events: list[dict[str, Any]]) -> None:
        for e in events[self.read:]:
            kind = e["type"]
            if kind == "start_kyoku":
                self.kita, self.called = [0] * self.players, []
            elif kind == "dahai":
                self.called.append(False)
            elif kind in ("chi", "pon", "daiminkan"):
                self.called[-1] = True
            elif kind == "nukidora":
                self.kita[e["actor"]] += 1
        self.read = len(events)


def _ruleset_name(ruleset: str | os.PathLike[str]) -> str:
    """How the record names the ruleset: a preset by name, a file by its full path (as simulate does)."""
    spec = os.fspath(ruleset)
    return os.path.abspath(spec) if os.path.exists(spec) else spec


# PettingZoo ships no type information: its base class is Any to mypy.
class raw_env(AECEnv):  # type: ignore[misc]
    """A game of riichi mahjong under ``ruleset`` (a preset name or a TOML or rule-object file),
    stepped one decision at a time. ``players``: 3 or 4, checked against the ruleset's (None: the
    ruleset's); ``seed``: where the games' seeds start (the module text); ``length``: ``tonpuu``,
    ``hanchan``, ``iichan`` or ``ikkyoku`` instead of the ruleset's game length; ``render_mode``:
    ``ansi`` (``render`` returns the asked seat's table as text) or ``human`` (prints it each step)."""

    RENDER_MODES = ("ansi", "human")
    metadata = {"name": "mjrules_v0", "render_modes": list(RENDER_MODES), "is_parallelizable": False}

    def __init__(self, ruleset: str | os.PathLike[str] = "tenhou", *, players: int | None = None,
                 seed: int | str | None = None, length: str | None = None, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise MjrulesError(f"render_mode {render_mode!r}: expected one of {', '.join(self.RENDER_MODES)} or None")
        if length is not None and length not in GAME_LENGTHS:
            raise MjrulesError(f"length {length!r}: expected one of {', '.join(GAME_LENGTHS)} or None")
        name = _ruleset_name(ruleset)
        scorer = Scorer(load_ruleset(name))
        n = scorer.players
        if players is not None and players != n:
            raise MjrulesError(f"ruleset {scorer.ruleset.name} is for {n} players, not {players!r}")
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agents: list[str] = []
        self._seats = [_Seat() for _ in range(n)]
        self.table = Table(scorer, self._seats, length=None if length is None else GameLength(length),
                           ruleset_name=name, names=self.possible_agents)
        self.layout = Layout(n, LIVE_DRAWS if n == 4 else LIVE_DRAWS_SANMA)
        """The observation vector's parts (``unpack`` splits one)."""
        self._action_spaces = {a: spaces.Discrete(ACTIONS) for a in self.possible_agents}
        self._observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(self.layout.low, self.layout.high, dtype=np.int32),
            "action_mask": spaces.Box(0, 1, (ACTIONS,), dtype=np.int8)}) for a in self.possible_agents}
        self.render_mode = render_mode
        self._base = None if seed is None else str(seed)
        self._games = 0
        self._run: Any = None
        self._view: View | None = None
        self._legal: dict[int, Action] = {}
        self._shown: dict[str, npt.NDArray[Any]] = {}
        self._encoded: View | None = None
        self._round = _Round(n)
        self.result: GameResult | None = None
        """The game's result once it has ended (final scores, points, rounds), None before."""

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_spaces[agent]

    # -- a game ------------------------------------------------------------------------------------
    def reset(self, seed: int | str | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new game (the module text says which seed deals it). ``options``: ``wall_seed``
        (text) plays that game exactly; other keys are not read."""
        if seed is not None:
            self._base, self._games = str(seed), 0
        elif self._base is None:
            self._base = secrets.token_hex(4)
        wall_seed = (options or {}).get("wall_seed")
        if wall_seed is None:
            wall_seed = f"{self._base}-{self._games}"
            self._games += 1
        elif not isinstance(wall_seed, str):
            raise MjrulesError(f"options wall_seed {wall_seed!r}: expected text, as a record's wall_seed is")
        self.close()
        for s in self._seats:
            s.events = []
        self._round = _Round(len(self._seats))
        self._shown, self._encoded = {}, None
        self.result = None
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {"events": s.events} for a, s in zip(self.agents, self._seats)}
        self._run = self.table.game(wall_seed)
        self._advance(None)
        self._render_human()

    def step(self, action: Any) -> None:
        """Answer the current question with the action of index ``action`` (one the mask allows)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        chosen = self._legal[self._index(action)]
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._advance(chosen)
        self._accumulate_rewards()
        self._render_human()

    def _index(self, action: Any) -> int:
        if isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer)):
            raise IllegalStep(f"{self.agent_selection}: an action is an index of the action space (0-{ACTIONS - 1}), "
                              f"not {action!r}")
        i = int(action)
        if i not in self._legal:
            what = f"{i} ({ACTION_NAMES[i]})" if 0 <= i < ACTIONS else f"{i} (the indices are 0-{ACTIONS - 1})"
            open_ = ", ".join(f"{k} ({ACTION_NAMES[k]})" for k in sorted(self._legal))
            raise IllegalStep(f"{self.agent_selection}: action {what} is not open now; the mask allows {open_}")
        return i

    def _advance(self, answer: Action | None) -> None:
        """Send the answer (None: start the game) and move to the next question or the game's end."""
        try:
            view = next(self._run) if answer is None else self._run.send(answer)
        except StopIteration as stop:
            self._end(stop.value)
            return
        self._view = view
        self._legal = legal_indices(view)
        self.agent_selection = self.possible_agents[view.seat]

    def _end(self, result: GameResult) -> None:
        self.result = result
        self._view, self._legal = None, {}
        self._run = None
        self.rewards = {a: float(p) for a, p in zip(self.agents, result.points)}
        self.terminations = dict.fromkeys(self.agents, True)

    # -- what an agent sees ------------------------------------------------------------------------
    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        if agent not in self._action_spaces:
            raise MjrulesError(f"no agent {agent!r} here: the agents are {', '.join(self.possible_agents)}")
        mask = np.zeros(ACTIONS, dtype=np.int8)
        view = self._view
        if view is not None and agent == self.agent_selection and not self.terminations.get(agent, True):
            if self._encoded is not view:  # asked again (last() and observe() both) without a step between
                self._round.follow(self.table.events)
                self._shown[agent] = self.layout.encode(view, self._round.kita, self._round.called)
                self._encoded = view
            mask[list(self._legal)] = 1
        shown = self._shown.get(agent)
        if shown is None:
            shown = np.zeros(self.layout.size, dtype=np.int32)
        return {"observation": shown.copy(), "action_mask": mask}

    def view(self) -> View | None:
        """The asked seat's ``View`` (its legal actions among it), None once the game has ended."""
        return self._view

    def index(self, action: Action) -> int:
        """The index of one of the asked seat's legal actions (``View.legal``), to pass to ``step``."""
        i = action_index(action)
        if self._legal.get(i) != action:
            raise IllegalStep(f"{self.agent_selection}: {action.describe()} is not open now")
        return i

    def record(self) -> str:
        """The game's mjai record (JSON lines, as ``Table.play`` writes it); a game not played to its
        end ends with an ``end_game`` that says it is unfinished, as ``mjrules play`` leaves one."""
        if self.result is not None:
            return mjai_lines(self.table.events)
        left = self.table.unfinished_record("the environment's game was left before its end")
        if left is None:
            raise MjrulesError("no game yet: call reset() first")
        return left

    def render(self) -> str | None:
        """The asked seat's table as text, with the indices of its legal actions (``ansi`` returns
        it, ``human`` prints it)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called on an environment made without a render_mode")
            return None
        view = self._view
        if view is None:
            result = self.result
            text = "" if result is None else "the game is over: " + ", ".join(
                f"{a} {s:,} ({p:+})" for a, s, p in zip(self.possible_agents, result.final, result.points))
        else:
            lines = [f"{self.agent_selection} is asked:", Console(io.StringIO(), io.StringIO()).show(view).rstrip()]
            lines += [f"  {i}) {ACTION_NAMES[i]}" for i in sorted(self._legal)]
            text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
        return text

    def _render_human(self) -> None:
        if self.render_mode == "human":
            self.render()

    def close(self) -> None:
        """Leave the game in play, if any."""
        if self._run is not None:
            self._run.close()
            self._run = None


def env(ruleset: str | os.PathLike[str] = "tenhou", *, illegal_reward: float | None = None,
        **kwargs: Any) -> AECEnv:
    """``raw_env(ruleset, **kwargs)`` wrapped as PettingZoo wraps its classic games: an action out
    of the action space fails its assertion, the API's order is enforced; with ``illegal_reward``,
    an action the mask does not allow ends the game (the agent that made it gets that reward,
    the others 0) instead of being refused with ``IllegalStep``."""
    game: AECEnv = raw_env(ruleset, **kwargs)
    if illegal_reward is not None:
        game = wrappers.TerminateIllegalWrapper(game, illegal_reward=illegal_reward)
    game = wrappers.AssertOutOfBoundsWrapper(game)
    return wrappers.OrderEnforcingWrapper(game)
