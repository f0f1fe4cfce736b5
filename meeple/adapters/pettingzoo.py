"""Every meeple game as a PettingZoo AEC environment.

>>> env = env("cube-europe", players=2)
>>> env.reset(seed=42)

* Agents are ``player_0 … player_{n-1}``; random events are resolved by the game's seeded RNG.
* Observations: ``{"observation": float32 tensor, "action_mask": int8 mask}`` over the game's fixed
  action space; the tensor holds exactly what ``state.observation(seat)`` holds.
* Simultaneous secret choices are asked one seat at a time; no seat's observation shows another
  seat's pending choice (the game's observation hides it), so the order reveals nothing.
* Rewards come once, at the end: +1 for every winner, −1 for every other seat (solo: +1 for a
  win, −1 otherwise); 0 on every other step.
* An action outside the mask raises ``meeple.IllegalAction`` and the game is unchanged.
* ``render_mode="ansi"``: ``render()`` returns the game's terminal view as text with ANSI colours.
"""

from __future__ import annotations

import io
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

import meeple
from meeple.agents import game_module


def env(game_id: str, players: int | None = None, render_mode: str | None = None, **options: Any) -> "MeepleAECEnv":
    """A PettingZoo AEC environment for ``game_id`` (options as for ``meeple.load``)."""
    return MeepleAECEnv(game_id, players=players, render_mode=render_mode, **options)


class MeepleAECEnv(AECEnv):
    metadata = {"render_modes": ["ansi"], "name": "meeple_v0", "is_parallelizable": False}

    def __init__(self, game_id: str, players: int | None = None, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.game = meeple.load(game_id, players=players, **options)
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"meeple_{game_id.replace('-', '_')}_v0")
        self.possible_agents = [f"player_{i}" for i in range(self.game.players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        n_actions = self.game.num_distinct_actions
        probe = self.game.new_game(seed=0)
        shape = probe.observation_tensor(0).shape
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(low=-np.inf, high=np.inf, shape=shape, dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(n_actions,), dtype=np.int8),
            })
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(n_actions) for a in self.possible_agents}
        self._next_seed = 0
        self.state: Any = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ AEC API
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is None:
            seed = self._next_seed
        self._next_seed = seed + 1
        self.state = self.game.new_game(seed=seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._select_next()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        for action in self.state.legal_actions(seat):
            mask[action.index] = 1
        return {"observation": self.state.observation_tensor(seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        if action is None:
            raise meeple.IllegalAction(f"{agent} must act: choose an action id from its action mask")
        chosen = self.state.action_from_index(int(action))
        self.state.apply(chosen, seat)  # raises IllegalAction, state unchanged, for anything outside the mask
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        if self.state.is_over():
            winners = set(self.state.winners())
            for a in self.agents:
                self.rewards[a] = 1.0 if self._seat[a] in winners else -1.0
                self.terminations[a] = True
        self._select_next()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        from rich.console import Console

        buffer = io.StringIO()
        console = Console(file=buffer, force_terminal=True, width=100, color_system="standard")
        to_move = [p for p in self.state.to_move() if p >= 0]
        console.print(game_module(self.game.id, "view").render(self.state, to_move[0] if to_move else None))
        return buffer.getvalue()

    def close(self) -> None:
        pass

    def _select_next(self) -> None:
        if self.state.is_over():
            live = [a for a in self.agents if not (self.terminations[a] or self.truncations[a])]
            self.agent_selection = live[0] if live else self.agents[0]
            return
        self.agent_selection = self.possible_agents[self.state.to_move()[0]]
