"""Where the server's bots think, shared fairly between games.

* Quick levels (``random``, ``easy`` = ``heuristic``: milliseconds a move; ``levels.QUICK_LEVELS``)
  think on a thread of their own, so no search ever stands in front of them.
* Searches (``normal``, ``hard``, ``ismcts:…``, plug-ins) share ``threads`` worker threads in
  time slices: a worker takes the next game in turn, searches for one slice (50 ms), and puts the game
  back at the end of the line. Every game with a bot to move gets its turn at the workers, whatever
  its bots' budgets. A plug-in agent without ``begin`` (no slices) runs its move in one go.
* Every search stops at ``max_seconds`` of its own thinking, and at ``deadline`` seconds after it was
  asked (a crowded server): it then plays the best move found so far.
* With ``processes > 0`` searches run in worker processes instead, a whole move at a time (no slices:
  a tree does not move between processes), still bounded by ``max_seconds``.

>>> pool = BotPool(loop, threads=2, processes=0, max_seconds=10, deadline=30)
>>> action_json = await pool.choose("game-id", state, seat, "hard", quick=False, seed=7)
"""

from __future__ import annotations

import asyncio
import copyreg
import io
import logging
import multiprocessing
import pickle
import threading
import time
from collections import deque
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from meeple.agents import choose_action, make_agent
from meeple.core import Action, State

log = logging.getLogger("meeple.server")

SLICE_SECONDS = 0.05
"""How long a search runs before the worker turns to the next game."""


def build_agent(name: str, game_id: str, seed: int, max_seconds: float | None) -> Any:
    agent = make_agent(name, game_id=game_id, seed=seed)
    if max_seconds is not None and hasattr(agent, "time_limit"):
        limit = agent.time_limit
        agent.time_limit = max_seconds if limit is None else min(limit, max_seconds)
    return agent


def bot_choice(state: State, seat: int, name: str, game_id: str, seed: int,
               max_seconds: float | None = None) -> dict[str, Any]:
    """The move of agent ``name`` for ``seat``, thought through at once (JSON of the action)."""
    return choose_action(build_agent(name, game_id, seed, max_seconds), state, seat).to_json()


def _reduce_action(action: Action) -> tuple[Any, ...]:
    return (Action, (action.name, action.args))


def pack_state(state: State) -> bytes:
    """Pickle a state for a worker process. Actions are rebuilt there (their cached hash of a string
    differs between processes, so a pickled ``Action`` must not carry it)."""
    buf = io.BytesIO()
    pickler = pickle.Pickler(buf, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = {**copyreg.dispatch_table, Action: _reduce_action}
    pickler.dump(state)
    return buf.getvalue()


def _bot_choice_packed(blob: bytes, seat: int, name: str, game_id: str, seed: int,
                       max_seconds: float | None) -> dict[str, Any]:
    return bot_choice(pickle.loads(blob), seat, name, game_id, seed, max_seconds)


class _Job:
    """One search in progress: built at its first slice, advanced slice by slice."""

    __slots__ = ("state", "seat", "name", "game_id", "seed", "asked", "future", "thinking", "agent", "done")

    def __init__(self, state: State, seat: int, name: str, game_id: str, seed: int,
                 future: asyncio.Future[dict[str, Any]]) -> None:
        self.state, self.seat, self.name, self.game_id, self.seed = state, seat, name, game_id, seed
        self.asked = time.monotonic()
        self.future = future
        self.thinking: Any = None
        self.agent: Any = None
        self.done = False

    def step(self, max_seconds: float, deadline: float) -> dict[str, Any] | None:
        """One slice; the action's JSON once the search is over, else None."""
        if self.agent is None:
            self.agent = agent = build_agent(self.name, self.game_id, self.seed, max_seconds)
            legal = self.state.legal_actions(self.seat)
            if len(legal) == 1:
                return legal[0].to_json()
            if not hasattr(agent, "begin"):  # a plug-in without slices: its whole move now
                return choose_action(agent, self.state, self.seat).to_json()
            # as choose_action does: the agent sees only what its seat may know
            world = self.state.determinize(self.seat, agent.rng.next64())
            self.thinking = agent.begin(world, self.seat)
        over = self.thinking.advance(SLICE_SECONDS)
        if over or time.monotonic() - self.asked >= deadline:
            return self.thinking.best().to_json()
        return None


class BotPool:
    """Quick bots on their own thread; searches in slices, round robin between games (module docstring)."""

    def __init__(self, loop: asyncio.AbstractEventLoop, *, threads: int, processes: int,
                 max_seconds: float, deadline: float) -> None:
        self.loop = loop
        self.max_seconds = max_seconds
        self.deadline = deadline
        self.quick = ThreadPoolExecutor(max_workers=1, thread_name_prefix="meeple-bot-quick")
        self.processes: ProcessPoolExecutor | None = None
        if processes > 0:
            # spawn: a clean child, not a fork of a process that runs threads and holds connections
            self.processes = ProcessPoolExecutor(max_workers=processes, mp_context=multiprocessing.get_context("spawn"))
        self._jobs: dict[str, deque[_Job]] = {}  # per game, its searches in the order asked
        self._turns: deque[str] = deque()  # games with a search waiting, in the order they get a worker
        self._cond = threading.Condition()
        self._stopping = False
        self._workers = [threading.Thread(target=self._work, name=f"meeple-bot-{i}", daemon=True)
                         for i in range(max(1, threads) if processes <= 0 else 0)]
        for worker in self._workers:
            worker.start()

    async def choose(self, key: str, state: State, seat: int, name: str, *, quick: bool, game_id: str,
                     seed: int) -> dict[str, Any]:
        """The bot's action (JSON) for ``seat`` in ``state`` (a copy the pool may keep); ``key`` names
        the game, the unit of fairness."""
        if quick:
            return await self.loop.run_in_executor(self.quick, bot_choice, state, seat, name, game_id, seed, None)
        if self.processes is not None:
            return await self.loop.run_in_executor(self.processes, _bot_choice_packed, pack_state(state), seat,
                                                   name, game_id, seed, self.max_seconds)
        future: asyncio.Future[dict[str, Any]] = self.loop.create_future()
        job = _Job(state, seat, name, game_id, seed, future)
        with self._cond:
            queue = self._jobs.get(key)
            if queue is None:
                queue = self._jobs[key] = deque()
                self._turns.append(key)
                self._cond.notify()
            queue.append(job)
        try:
            return await future
        finally:
            job.done = True  # cancelled (game evicted, server stopping): the workers drop it

    def waiting(self) -> int:
        """How many games have a search waiting or running (for tests and health)."""
        with self._cond:
            return len(self._jobs)

    def _work(self) -> None:
        cond = self._cond
        while True:
            with cond:
                while not self._turns and not self._stopping:
                    cond.wait()
                if self._stopping:
                    return
                key = self._turns.popleft()
                job = self._jobs[key][0]
            result: dict[str, Any] | None = None
            error: BaseException | None = None
            finished = job.done
            if not finished:
                try:
                    result = job.step(self.max_seconds, self.deadline)
                    finished = result is not None
                except BaseException as exc:  # noqa: BLE001 - handed to the waiting game
                    error, finished = exc, True
            if finished and not job.done:
                try:
                    self.loop.call_soon_threadsafe(_settle, job.future, result, error)
                except RuntimeError:  # the event loop is closed: the server stopped
                    return
            with cond:
                queue = self._jobs[key]
                if finished:
                    queue.popleft()
                    job.done = True
                if queue:
                    self._turns.append(key)
                    cond.notify()
                else:
                    del self._jobs[key]

    def shutdown(self) -> None:
        with self._cond:
            self._stopping = True
            self._cond.notify_all()
        self.quick.shutdown(wait=False, cancel_futures=True)
        if self.processes is not None:
            self.processes.shutdown(wait=False, cancel_futures=True)


def _settle(future: asyncio.Future[dict[str, Any]], result: dict[str, Any] | None, error: BaseException | None) -> None:
    if future.done():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)  # type: ignore[arg-type]
