"""Play-outs: one game between agents (:func:`play_game`), or many with seats rotated (:func:`simulate`).

A record is a JSON-able dict::

    {"game": "cube-europe", "players": 2, "options": {...}, "seed": 7,
     "seats": ["Red", "Blue"], "agents": ["random", "heuristic"],
     "scores": [31.0, 40.0], "winners": [1], "length": 123, "time": 0.05}

``length`` counts the decisions of players (not chance outcomes); ``time`` is seconds of wall time
(measured here, outside the game: games themselves never read the clock). Agents are given by name
(``meeple.agents.make_agent``) and seeded from the game's seed and their seat, so a record's seed
and agent names reproduce the game exactly.
"""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from meeple.agents import AGENT_NAMES, choose_action, make_agent
from meeple.core import CHANCE, Game, Rng, UnknownGame

AgentSpec = str  # an agent's name, as accepted by meeple.agents.make_agent

DEFAULT_MAX_ACTIONS = 200_000
BACKENDS = ("local", "ray")


def agent_seed(seed: int, seat: int) -> int:
    """The seed of the agent in ``seat`` of the game with ``seed`` (independent per seat)."""
    rng = Rng(seed).fork(0x6167656E74)  # salt: "agent"
    for _ in range(seat):
        rng.next64()
    return rng.next64() >> 33


def check_agents(game_id: str, names: Sequence[str]) -> None:
    """Raise UnknownGame (listing the valid agents) unless every name makes an agent for this game."""
    if not names:
        raise UnknownGame(f"no agents given; agents are: {', '.join(AGENT_NAMES)}")
    for name in dict.fromkeys(names):
        try:
            make_agent(name, game_id=game_id, seed=0)
        except UnknownGame:
            raise
        except (ImportError, AttributeError):
            valid = [a for a in AGENT_NAMES if a != name]
            raise UnknownGame(
                f"game {game_id!r} has no {name!r} agent; agents for it are: {', '.join(valid)}"
            ) from None


def lineup(agents: Sequence[str], players: int, index: int) -> list[str]:
    """The agent in each seat of game number ``index``: seat s gets ``agents[(s + index) % len(agents)]``.

    Over ``len(agents)`` consecutive games every agent sits in every seat.
    """
    m = len(agents)
    return [agents[(s + index) % m] for s in range(players)]


def play_game(
    game: Game,
    seed: int,
    agents: Sequence[Any],
    *,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    keep_history: bool = False,
) -> dict[str, Any]:
    """Play one whole game of ``game`` from ``seed``; ``agents[s]`` (a name or an agent object) plays seat s."""
    n = game.players
    if len(agents) != n:
        raise ValueError(f"{game.info.name} with {n} players needs {n} agents, got {len(agents)}")
    names = [a if isinstance(a, str) else type(a).__name__ for a in agents]
    seated = [
        make_agent(a, game_id=game.id, seed=agent_seed(seed, s)) if isinstance(a, str) else a
        for s, a in enumerate(agents)
    ]
    start = time.perf_counter()
    state = game.new_game(seed=seed)
    length = 0
    while True:
        movers = state.to_move()
        if not movers:
            break
        for player in movers:
            if player == CHANCE:  # only with manual chance; resolve it from the state's own rng
                state.apply(state.sample_chance(state.rng), CHANCE)
                break
            if player not in state.to_move():
                continue
            action = choose_action(seated[player], state, player)
            state.apply(action, player)
            length += 1
        if length > max_actions:
            raise RuntimeError(f"{game.id} seed {seed}: no end after {max_actions} actions")
    record: dict[str, Any] = {
        "game": game.id,
        "players": n,
        "options": dict(game.options),
        "seed": seed,
        "seats": [state.player_name(s) for s in range(n)],
        "agents": names,
        "scores": [float(x) for x in state.scores()],
        "winners": list(state.winners()),
        "length": length,
        "time": round(time.perf_counter() - start, 6),
    }
    if keep_history:
        record["history"] = [[p, a.to_json()] for p, a in state.history]
    return record


def _play_indexed(job: tuple[Game, int, int, list[str], int]) -> tuple[int, dict[str, Any]]:
    game, index, seed, agents, max_actions = job
    return index, play_game(game, seed, agents, max_actions=max_actions)


def simulate(
    game: Game,
    games: int,
    *,
    seed: int = 0,
    agents: Sequence[str] = ("random",),
    jobs: int = 1,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    progress: Callable[[dict[str, Any]], None] | None = None,
    backend: str = "local",
    address: str | None = None,
) -> list[dict[str, Any]]:
    """Play ``games`` games with seeds ``seed, seed+1, …`` and seats rotated; records in game order.

    ``agents`` are names, cycled over the seats and rotated one seat per game (see :func:`lineup`).
    ``jobs`` > 1 plays in that many local processes; ``backend="ray"`` plays on Ray instead (a local
    Ray with ``jobs`` CPUs, or the cluster at ``address``) with identical records. ``progress`` is
    called with each record as it comes in.
    """
    return list(_ordered(iter_simulate(game, games, seed=seed, agents=agents, jobs=jobs,
                                       max_actions=max_actions, progress=progress,
                                       backend=backend, address=address), games))


def iter_simulate(
    game: Game,
    games: int,
    *,
    seed: int = 0,
    agents: Sequence[str] = ("random",),
    jobs: int = 1,
    max_actions: int = DEFAULT_MAX_ACTIONS,
    progress: Callable[[dict[str, Any]], None] | None = None,
    backend: str = "local",
    address: str | None = None,
) -> Iterator[tuple[int, dict[str, Any]]]:
    """Like :func:`simulate` but yields ``(index, record)`` pairs as the games finish."""
    if games < 0:
        raise ValueError("the number of games cannot be negative")
    agents = list(agents)
    check_agents(game.id, agents)
    if backend not in BACKENDS:
        raise UnknownGame(f"unknown backend {backend!r}; backends are: {', '.join(BACKENDS)}")
    if backend == "ray":
        from meeple.sim.ray_backend import iter_simulate_ray

        yield from iter_simulate_ray(
            game, [(i, seed + i, lineup(agents, game.players, i)) for i in range(games)],
            jobs=max(1, jobs), address=address, max_actions=max_actions, progress=progress)
        return
    work = [(game, i, seed + i, lineup(agents, game.players, i), max_actions) for i in range(games)]
    jobs = max(1, min(jobs, games or 1))
    if jobs == 1:
        for job in work:
            index, record = _play_indexed(job)
            if progress:
                progress(record)
            yield index, record
        return
    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else None
    ctx = multiprocessing.get_context(method)
    chunk = max(1, min(32, games // (jobs * 8)))
    with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
        for index, record in pool.map(_play_indexed, work, chunksize=chunk):
            if progress:
                progress(record)
            yield index, record


def _ordered(items: Iterator[tuple[int, dict[str, Any]]], n: int) -> Iterator[dict[str, Any]]:
    slots: list[dict[str, Any] | None] = [None] * n
    for index, record in items:
        slots[index] = record
    for record in slots:
        assert record is not None
        yield record


def default_jobs() -> int:
    """The number of processes ``--jobs 0`` means: the CPUs this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1
