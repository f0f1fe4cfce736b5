"""Players that are programs: random, each game's heuristic bot, and your own.

An agent is any object with ``act(observation, legal_actions) -> Action``; it is handed only what
its seat may know. A game's heuristic bot may instead implement ``act_on_state(state, player)``;
it then receives ``state.determinize(player, seed)``, a copy in which everything hidden from that
seat is re-dealt, so it still cannot see more than the seat may know.

>>> agent = make_agent("random", game_id="cube-europe", seed=1)
>>> action = choose_action(agent, state, player=0)
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

from meeple.core import Action, Rng, State, UnknownGame
from meeple.core.registry import discover, _REGISTRY


class Agent(Protocol):
    def act(self, observation: dict[str, Any], legal_actions: list[Action]) -> Action: ...


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded RNG."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, observation: dict[str, Any], legal_actions: list[Action]) -> Action:
        return self.rng.choice(legal_actions)


def game_module(game_id: str, name: str) -> Any:
    """The module ``name`` (``view``, ``bots``) of a registered game's package."""
    discover()
    if game_id not in _REGISTRY:
        raise UnknownGame(f"unknown game {game_id!r}")
    package = _REGISTRY[game_id][1].__module__.rsplit(".", 1)[0]
    return importlib.import_module(f"{package}.{name}")


AGENT_NAMES = ("random", "heuristic")


def make_agent(name: str, game_id: str, seed: int = 0) -> Any:
    """An agent by name: ``random`` or ``heuristic`` (the game's ``bots.HeuristicBot``)."""
    if name == "random":
        return RandomAgent(seed)
    if name == "heuristic":
        return game_module(game_id, "bots").HeuristicBot(seed)
    raise UnknownGame(f"unknown agent {name!r}; agents are: {', '.join(AGENT_NAMES)}")


def choose_action(agent: Any, state: State, player: int) -> Action:
    """Ask ``agent`` for ``player``'s action, showing it only what that seat may know."""
    legal = state.legal_actions(player)
    if len(legal) == 1:
        return legal[0]
    if hasattr(agent, "act_on_state"):
        seed = getattr(agent, "rng", Rng(0)).next64()
        return agent.act_on_state(state.determinize(player, seed), player)
    return agent.act(state.observation(player), legal)
