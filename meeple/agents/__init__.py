"""Players that are programs: random, each game's heuristic bot, ISMCTS (with levels), and your own.

An agent is any object with ``act(observation, legal_actions) -> Action``; it is handed only what
its seat may know. A game's heuristic bot may instead implement ``act_on_state(state, player)``;
it then receives ``state.determinize(player, seed)``, a copy in which everything hidden from that
seat is re-dealt, so it still cannot see more than the seat may know. Names (``make_agent``):
``random``, ``heuristic``, ``planner`` (a game's solo planner), ``ismcts``, the ladder's levels
``random``/``easy``/``normal``/``hard`` (``LADDER``; ``easy`` is the heuristic player),
``ismcts:seconds=1`` (settings),
``package.module:Class`` (a plug-in); see docs/agents.md.

>>> agent = make_agent("random", game_id="cube-europe", seed=1)
>>> action = choose_action(agent, state, player=0)
"""

from __future__ import annotations

import importlib
import inspect
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
        raise UnknownGame("core.unknown_game", value=repr(game_id)[:60], games=", ".join(sorted(_REGISTRY)))
    package = _REGISTRY[game_id][1].__module__.rsplit(".", 1)[0]
    return importlib.import_module(f"{package}.{name}")


AGENT_NAMES = ("random", "heuristic", "planner", "ismcts", "easy", "normal", "hard")
"""The built-in agent names; ``make_agent`` also takes ``ismcts:key=value:...`` and ``package.module:Class``."""

LADDER = ("random", "easy", "normal", "hard")
"""The difficulty levels offered to players, weakest first: ``random`` (random legal moves), ``easy``
(the game's heuristic player, the same as ``heuristic``), ``normal`` and ``hard`` (ISMCTS, ``LEVELS``).
A game offers these less the rungs it measured to add nothing (``ladder(game_id)``); the lobby and the
terminal offer a game's ``ladder`` (docs/agents.md, Difficulty levels).

>>> LADDER.index("normal") > LADDER.index("easy")
True
"""

HEURISTIC_LEVELS = ("heuristic", "easy")
"""Names of the game's hand-written player: ``easy`` is the ladder's name for ``heuristic``."""

LEVELS: dict[str, dict[str, Any]] = {
    "normal": {"iterations": 500, "rollout_depth": 20},
    "hard": {"iterations": 2000, "rollout_depth": 20},
}
"""The search levels: ISMCTS budgets per move (iterations, so a level plays the same for the same seed).
They take settings (``hard:rollout=heuristic``); the ladder's other levels do not."""

PLAIN_AGENTS = ("random", "heuristic", "easy", "planner")
"""Built-in agents that take no settings (``easy:iterations=9`` is refused, not guessed at)."""

_ISMCTS_PARAMS = {
    "iterations": int, "seconds": float, "clock": str, "rollout": str, "rollout_depth": int, "depth": int,
    "leaf": str, "exploration": float, "opponents": str, "solo": str, "model": str, "cutoff": str,
}


def make_agent(name: str, game_id: str, seed: int = 0) -> Any:
    """An agent by name.

    * ``random``; ``heuristic`` and ``easy`` (the same player: the game's ``bots.HeuristicBot``;
      ImportError if it has none);
    * ``planner`` — the game's solo player (``bots.SOLO_PLANNER``, a ``package.module:Class`` path; Cube
      Europe's plans a solo turn exactly and samples the next turn's dice); ImportError if it has none;
    * ``ismcts`` (information-set MCTS, the ``normal`` budget) and the search levels ``normal``, ``hard``;
    * ``ismcts:seconds=1``, ``hard:rollout=heuristic``, ``ismcts:iterations=300:rollout_depth=40`` — ISMCTS
      with settings (``iterations``, ``seconds``, ``clock`` wall|cpu, ``rollout`` random|heuristic,
      ``rollout_depth``, ``leaf`` score|heuristic|model, ``model`` (a network file for ``leaf=model``), ``cutoff`` lead|blend
      (how a cut-off is valued: the squashed lead, or at 3+ seats with the score position too), ``exploration``, ``opponents`` search|heuristic,
      ``solo`` planner|search: whether a solo game goes to the game's solo planner — the default for the
      levels in the game's ``bots.SOLO_PLANNER_LEVELS`` — or is searched);
    * ``package.module:Class`` — your own class with ``act(observation, legal_actions) -> Action`` (or
      ``act_on_state(state, player)``), built as ``Class(seed=seed)`` (also ``game_id=`` if it takes one).

    Anything else raises UnknownGame saying what is valid; so do settings after a plain agent
    (``easy:iterations=100``: ``easy`` is the heuristic player, it does not search).
    """
    if not isinstance(name, str) or not name.strip():
        raise UnknownGame("agents.bad_name", value=repr(name)[:40], agents=", ".join(AGENT_NAMES))
    name = name.strip()
    if name == "random":
        return RandomAgent(seed)
    if name in HEURISTIC_LEVELS:
        return game_module(game_id, "bots").HeuristicBot(seed)
    if name == "planner":
        return solo_planner(game_id, seed)
    base, _, params = name.partition(":")
    if base.strip() in PLAIN_AGENTS:
        raise UnknownGame("agents.no_settings", agent=repr(name)[:60], base=base.strip(),
                          levels=", ".join(("ismcts",) + tuple(LEVELS)))
    if base in ("ismcts",) + tuple(LEVELS):
        from meeple.agents.ismcts import ISMCTSAgent

        settings = dict(LEVELS["normal" if base == "ismcts" else base])
        given = _parse_params(name, params)
        if "seconds" in given and "iterations" not in given:
            settings.pop("iterations", None)
        if game_id is not None:
            discover()
            if game_id not in _REGISTRY:
                raise UnknownGame("core.unknown_game", value=repr(game_id)[:60], games=", ".join(sorted(_REGISTRY)))
            settings.update(search_settings(game_id))
            level = "normal" if base == "ismcts" else base
            budget = level_iterations(game_id).get(level)
            if budget is not None and "iterations" in settings:
                settings["iterations"] = budget
            larger_tables = level_iterations_from_players(game_id).get(level)
            if larger_tables and "iterations" in settings and "iterations" not in given:  # (seconds dropped it)
                settings["iterations_from_players"] = larger_tables
        settings.update(given)
        solo = settings.pop("solo", None)
        if solo is None and game_id is not None and base in _solo_planner_levels(game_id):
            solo = "planner"
        if solo not in (None, "planner", "search"):
            raise UnknownGame("agents.bad_settings", agent=repr(name)[:60], reason="solo must be 'planner' or 'search'")
        if solo == "planner" and game_id is not None:
            try:
                settings["solo"] = solo_planner(game_id, seed, **_solo_planner_levels(game_id).get(base, {}))
            except ImportError:
                pass  # a game without a solo planner searches its solo games too
        try:
            return ISMCTSAgent(seed, game_id=game_id, **settings)
        except ValueError as exc:
            raise UnknownGame("agents.bad_settings", agent=repr(name)[:60], reason=str(exc)) from None
    if base and params:
        return _plugin(name, base, params, game_id, seed)
    raise UnknownGame("agents.unknown", agent=repr(name)[:60], agents=", ".join(AGENT_NAMES))


def search_settings(game_id: str) -> dict[str, Any]:
    """The ISMCTS settings a game's package recommends (``bots.ISMCTS_SETTINGS``: rollout policy, rollout
    depth, leaf value), chosen by measuring strength; the levels keep their budgets.

    >>> search_settings("cube-europe")
    {'rollout': 'random', 'rollout_depth': 4, 'leaf': 'heuristic'}
    """
    try:
        bots = game_module(game_id, "bots")
    except ImportError:
        return {}
    return dict(getattr(bots, "ISMCTS_SETTINGS", {}))


def ladder(game_id: str) -> tuple[str, ...]:
    """The levels a game offers its players, weakest first: ``LADDER`` less the rungs measured to play no
    better than the rung below in that game (its ``bots.LADDER``, an ordered part of ``LADDER``; docs/agents.md,
    The ladder, measured). The lobby and the terminal offer exactly these; a level left out stays an agent
    name for research and the API (``make_agent("hard", ...)`` still plays).

    >>> ladder("cube-europe")
    ('random', 'easy', 'normal')
    """
    try:
        bots = game_module(game_id, "bots")
    except ImportError:
        return LADDER
    offered = tuple(getattr(bots, "LADDER", LADDER))
    if not offered or any(level not in LADDER for level in offered) or \
            list(offered) != sorted(offered, key=LADDER.index) or len(set(offered)) != len(offered):
        raise ValueError(f"{game_id}: bots.LADDER {offered!r} must be levels of {LADDER!r}, in that order")
    return offered


def level_iterations(game_id: str) -> dict[str, int]:
    """The search levels' budgets a game sets for itself (``bots.LEVEL_ITERATIONS``), where ``LEVELS``'
    shared figures would leave a level weak or slow: iterations cost from 0.1 ms (Versailles) to 1 ms
    (Citadels), so one budget for all gives some games a level far inside its time per move and
    unable to beat the level below. Each figure keeps the level's time per move (``normal`` ≤ 1 s,
    ``hard`` ≤ 3 s on one free core) and is measured in docs/agents.md, Difficulty levels.

    >>> level_iterations("versailles")["normal"] > LEVELS["normal"]["iterations"]
    True
    """
    try:
        bots = game_module(game_id, "bots")
    except ImportError:
        return {}
    return {level: int(n) for level, n in getattr(bots, "LEVEL_ITERATIONS", {}).items() if level in LEVELS}


def level_iterations_from_players(game_id: str) -> dict[str, dict[int, int]]:
    """The search levels' budgets at larger tables (``bots.LEVEL_ITERATIONS_FROM_PLAYERS``: per level, from
    a player count on, iterations a move): where a level measured apart from the one below at two players
    could not be told from it at the game's largest count, and the time per move leaves room. A level
    given ``iterations`` or ``seconds`` by name keeps them (``normal:iterations=500``).

    >>> level_iterations_from_players("kingsburg")["normal"]
    {3: 2000}
    """
    try:
        bots = game_module(game_id, "bots")
    except ImportError:
        return {}
    tables = getattr(bots, "LEVEL_ITERATIONS_FROM_PLAYERS", {})
    return {level: {int(players): int(n) for players, n in sorted(budgets.items())}
            for level, budgets in tables.items() if level in LEVELS}


def solo_planner(game_id: str, seed: int, **budget: Any) -> Any:
    """The game's solo player (``bots.SOLO_PLANNER``, ``package.module:Class``) built with ``seed`` and
    the level's ``budget`` (``bots.SOLO_PLANNER_LEVELS``); ImportError if the game has none."""
    path = getattr(game_module(game_id, "bots"), "SOLO_PLANNER", None)
    if not path:
        raise ImportError(f"{game_id} has no solo planner")
    module_name, _, class_name = path.partition(":")
    return getattr(importlib.import_module(module_name), class_name)(seed=seed, **budget)


def _solo_planner_levels(game_id: str) -> dict[str, dict[str, Any]]:
    """The levels whose solo games the game's solo planner plays, each with the planner's budget
    (``bots.SOLO_PLANNER_LEVELS``; a tuple of names means the planner's own budget for each)."""
    try:
        bots = game_module(game_id, "bots")
    except ImportError:
        return {}
    levels = getattr(bots, "SOLO_PLANNER_LEVELS", {})
    return dict(levels) if isinstance(levels, dict) else {name: {} for name in levels}


def _parse_params(name: str, params: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for item in filter(None, params.split(":")):
        key, eq, value = item.partition("=")
        key = key.strip().replace("-", "_")
        if not eq or key not in _ISMCTS_PARAMS:
            raise UnknownGame("agents.not_a_setting", agent=repr(name)[:60], item=repr(item)[:40],
                              keys=", ".join(k for k in _ISMCTS_PARAMS if k != "depth"))
        if key == "depth":
            key = "rollout_depth"
        try:
            out[key] = _ISMCTS_PARAMS[key](value.strip())
        except ValueError:
            raise UnknownGame("agents.setting_type", agent=repr(name)[:60], key=key,
                              kind=_ISMCTS_PARAMS[key].__name__, value=repr(value)[:40]) from None
    return out


def _plugin(name: str, module_name: str, class_name: str, game_id: str, seed: int) -> Any:
    """``package.module:Class``: import the class and build it with the seed (and game id if it takes one)."""
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        raise UnknownGame("agents.cannot_import", agent=repr(name)[:60], module=repr(module_name)[:60],
                          reason=str(exc)[:120]) from None
    cls = getattr(module, class_name, None)
    if cls is None or not callable(cls):
        raise UnknownGame("agents.no_class", agent=repr(name)[:60], module=repr(module_name)[:60],
                          name=repr(class_name)[:60])
    try:
        params = inspect.signature(cls).parameters
    except (TypeError, ValueError):
        params = {}
    kwargs: dict[str, Any] = {}
    if "seed" in params:
        kwargs["seed"] = seed
    if "game_id" in params:
        kwargs["game_id"] = game_id
    agent = cls(**kwargs)
    if not (callable(getattr(agent, "act", None)) or callable(getattr(agent, "act_on_state", None))):
        raise UnknownGame("agents.no_act", agent=repr(name)[:60], name=class_name[:60])
    return agent


def choose_action(agent: Any, state: State, player: int) -> Action:
    """Ask ``agent`` for ``player``'s action, showing it only what that seat may know."""
    legal = state.legal_actions(player)
    if len(legal) == 1:
        return legal[0]
    if hasattr(agent, "act_on_state"):
        seed = getattr(agent, "rng", Rng(0)).next64()
        return agent.act_on_state(state.determinize(player, seed), player)
    return agent.act(state.observation(player), legal)
