"""The coach's pool: where hints and reviews search, apart from everything else the server does.

A hint is a search of up to about 2 s, a review one of up to 15 s (in parts). They run on workers of
their own — never on the event loop's default executor, which session look-ups and database reads
keep to themselves, and never beside the bots' threads in time slices — and a client can ask for only
so many:

* ``workers`` searches run at once (in worker processes, or threads of this process when
  ``processes`` is False), and at most ``queue`` more wait for a worker; past that, 429.
* One client address may have at most ``per_address`` searches running or waiting, and may start
  ``rate`` a second after a first ``burst``; past either, 429.

Every refusal comes before the request changes anything (a place is reserved first, with
``reserve``), carries ``Retry-After``, and says in the player's language to wait. A search whose
request goes away gives its place back at once if no worker had taken it yet, else when it ends (a
search is bounded by its own budget: a hint's iterations, a review's iterations per position).

A search in a worker process gets its position pickled (``botpool.pack_state``) and hands back plain
JSON (the suggestions with their labels), so the answer is the one the same function gives in this
process: the search is seeded, and the same seed gives the same hint wherever it runs.

>>> pool = CoachPool(workers=1, queue=8, per_address=2, rate=1.0, burst=10.0, processes=True)
>>> with pool.reserve("203.0.113.7") as ticket:        # TooMany (429) when the coach is full
...     suggestions = await pool.run(ticket, hint_suggestions, position, seat, seed, "en")
"""

from __future__ import annotations

import asyncio
import logging
import math
import multiprocessing
import os
import pickle
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from types import TracebackType
from typing import Any

from meeple.agents import coach
from meeple.agents.coach import Suggestion
from meeple.agents.review import decision_count
from meeple.agents.review import review as review_game
from meeple.core import State
from meeple.server.botpool import pack_state
from meeple.server.errors import TooMany, Unavailable
from meeple.server.quota import Quota
from meeple.server.views import describe_move

log = logging.getLogger("meeple.server")

WORKER_NICENESS = 10
"""How much lower a coach worker process runs than the server (``os.nice``): when the machine's cores
are all busy, the server's own work (requests, moves, bots) goes first and the coach takes what is left."""

FIRST_GUESS_SECONDS = 1.0
"""What a search is taken to last (for ``Retry-After``) before any has been timed."""


# ---------------------------------------------------------------------------- the searches
def hint_suggestions(position: State, seat: int, seed: int, lang: str) -> list[dict[str, Any]]:
    """A hint as the API answers it: the coach's three best moves for ``seat`` (``coach.hint``), each
    with its JSON, text, label (the move list's sentence) in ``lang``, visits, value (the search's
    reward, 0–1), outcome (the chance of winning, or the expected points solo) and ``words`` ("wins about
    6 in 10 from here (sure)") in ``lang``."""
    found = coach.hint(position, seat, seed=seed, top=3)
    return [{"action": s.action.to_json(), "text": s.text, "label": describe_move(position, s.action, seat, lang),
             "visits": s.visits, "value": round(s.value, 4), "outcome": round(s.outcome, 4),
             "words": s.words(lang)} for s in found]


REVIEW_SHOWN = 20
"""The blunders a review answers with, at most (the worst)."""

REVIEW_PARTS = 20
"""A server's review runs in about this many parts (``review_part``), its progress told after each;
the first part is one position (it also counts them all). Each part replays the game: a few ms."""


def review_blunders(finished: State, seat: int, seed: int, iterations: int | None, lang: str,
                    part: tuple[int, int] | None = None) -> list[dict[str, Any]]:
    """A review's blunders as the API answers them (``agents.review``: worst first, at most
    ``REVIEW_SHOWN``), each move with its text, label (the move list's sentence) in ``lang``, value
    (the chance of winning, or the expected points solo: what ``drop`` compares), visits and ``words``
    in ``lang``. ``iterations`` None: the game's review budget; ``part``: only those decisions (a review
    searched in parts, ``review_part``)."""
    def entry(rating: Suggestion, position: State) -> dict[str, Any]:
        return {"text": str(rating.action), "label": describe_move(position, rating.action, seat, lang),
                "value": round(rating.outcome, 4), "visits": rating.visits, "words": rating.words(lang)}
    found = review_game(finished, seat, seed, iterations, part=part)
    return [{"move": b.move, "played": entry(b.played_rating, b.position), "best": entry(b.best_rating, b.position),
             "drop": round(b.drop, 4), "judged": b.judged,
             "top": [entry(t, b.position) for t in b.top]} for b in found[:REVIEW_SHOWN]]


def review_part(finished: State, seat: int, seed: int, iterations: int | None, lang: str,
                start: int, size: int) -> tuple[list[dict[str, Any]], int]:
    """The blunders among ``seat``'s decisions ``start`` to ``start + size`` (``review_blunders``), and
    how many decisions the seat has in all: a server reviews a game in such parts to show its progress."""
    total = decision_count(finished, {seat})
    return review_blunders(finished, seat, seed, iterations, lang, (start, start + size)), total


def worst_first(blunders: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Blunders of several parts as one review answers them: worst drop first (then by move), at most
    ``REVIEW_SHOWN`` — the same list ``review_blunders`` gives for the whole game."""
    return sorted(blunders, key=lambda b: (-b["drop"], b["move"]))[:REVIEW_SHOWN]


def _run_packed(search: Callable[..., Any], blob: bytes, args: tuple[Any, ...]) -> Any:
    """In a worker process: unpickle the position and run ``search`` on it."""
    return search(pickle.loads(blob), *args)


def _lower_priority() -> None:
    """A worker process's first act: step behind the server for the CPU (``WORKER_NICENESS``)."""
    try:
        os.nice(WORKER_NICENESS)
    except (AttributeError, OSError):  # no nice() on this system, or not allowed: run as is
        pass


# ---------------------------------------------------------------------------- the pool
class Ticket:
    """A place in the coach's line for one request, held from ``CoachPool.reserve`` until its search
    ends. Leaving the ``with`` block gives the place back unless a search took it over (``run``)."""

    __slots__ = ("pool", "client", "held", "over", "abandoned")

    def __init__(self, pool: CoachPool, client: str) -> None:
        self.pool, self.client, self.held = pool, client, True
        self.over = self.abandoned = False  # a kept search's end, and its caller's going (``run(keep=True)``)

    def __enter__(self) -> Ticket:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self.held:
            self.held = False
            self.pool._release(self.client)


class CoachPool:
    """Workers for the coach's searches, with a bounded line and limits per client address (module docstring)."""

    def __init__(self, *, workers: int, queue: int, per_address: int, rate: float, burst: float,
                 processes: bool) -> None:
        self.workers, self.queue, self.per_address = workers, queue, per_address
        self.processes = processes
        self.starts = Quota(rate, burst)  # per client address: searches started
        self._lock = threading.Lock()  # the counts change on the event loop and in the workers' callbacks
        self._in_line = 0  # searches reserved, waiting or running
        self._by_address: dict[str, int] = {}
        self._typical = FIRST_GUESS_SECONDS  # a moving average of how long a search lasts, for Retry-After
        self._stopped = False
        self._executor: Executor = self._new_executor()

    def _new_executor(self) -> Executor:
        if self.processes:
            # spawn: a clean child, not a fork of a process that runs threads and holds connections.
            # The process starts at the first search (about a second: it imports meeple).
            return ProcessPoolExecutor(max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                                       initializer=_lower_priority)
        return ThreadPoolExecutor(max_workers=self.workers, thread_name_prefix="meeple-coach")

    # ---------------------------------------------------------------- admission
    def reserve(self, client: str) -> Ticket:
        """A place for one search of ``client`` (an address key), or TooMany (429, with Retry-After)
        when the coach's line is full, the address has ``per_address`` searches in it, or the address
        asked too often."""
        with self._lock:
            if self._stopped:
                raise Unavailable("server.coach_unavailable", retry_after=5.0)
            if self._in_line >= self.workers + self.queue:
                raise TooMany("server.coach_busy", args={"wait": f"{self._wait():.0f}"}, retry_after=self._wait())
            mine = self._by_address.get(client, 0)
            if mine >= self.per_address:
                wait = self._wait()
                raise TooMany("server.coach_busy_address", args={"wait": f"{wait:.0f}", "count": mine},
                              retry_after=wait)
            wait = self.starts.take(client)
            if wait:
                raise TooMany("server.coach_rate", args={"wait": f"{math.ceil(wait)}"}, retry_after=wait)
            self._in_line += 1
            self._by_address[client] = mine + 1
        return Ticket(self, client)

    def _wait(self) -> float:
        """Seconds until a place is likely free: the searches in line, shared by the workers (at least 1)."""
        return max(1.0, math.ceil(self._typical * self._in_line / self.workers))

    def _release(self, client: str) -> None:
        with self._lock:
            self._in_line -= 1
            left = self._by_address.get(client, 0) - 1
            if left > 0:
                self._by_address[client] = left
            else:
                self._by_address.pop(client, None)

    def in_line(self, client: str | None = None) -> int:
        """Searches reserved, waiting or running: in all, or of one client address (tests, health)."""
        with self._lock:
            return self._in_line if client is None else self._by_address.get(client, 0)

    # ---------------------------------------------------------------- running
    async def run(self, ticket: Ticket, search: Callable[..., Any], position: State, *args: Any,
                  keep: bool = False) -> Any:
        """``search(position, *args)`` on a worker (its result; a worker process gets the position
        pickled). ``search`` is a function of a module (a worker process imports it by name). From here
        on the search's end, not the caller's, gives the ticket's place back — unless ``keep``: then,
        once the search has answered, the place is the caller's again, for its next search (a review
        runs in parts this way, to show its progress) until it leaves the ticket's ``with`` block; a
        caller that stops waiting (or a search that fails) still leaves the place to the search's end."""
        if not ticket.held:
            raise RuntimeError("a coach ticket runs one search at a time")
        ticket.held = False
        ticket.over = ticket.abandoned = False
        asked = time.monotonic()
        executor = self._executor
        try:
            if self.processes:
                # A clone, without the state's caches: a cached flow step does not survive pickling
                # (its kind is compared by identity), and a fresh game's first mover would be lost.
                future = executor.submit(_run_packed, search, pack_state(position.clone()), args)
            else:
                future = executor.submit(search, position, *args)
        except (RuntimeError, BrokenProcessPool):  # shut down, or its worker process died
            self._release(ticket.client)
            self._replace(executor)
            raise Unavailable("server.coach_unavailable", retry_after=5.0) from None
        future.add_done_callback(lambda done: self._finished(ticket, asked, done, keep))
        try:
            # Cancelling this (the request went away) cancels the search if it has not started yet.
            result = await asyncio.wrap_future(future)
        except BaseException as exc:
            if keep:
                self._let_go(ticket)
            if isinstance(exc, BrokenProcessPool):
                self._replace(executor)
                raise Unavailable("server.coach_unavailable", retry_after=5.0) from None
            raise
        if keep:
            ticket.held = True  # the search has ended (its callback ran first): the place is the caller's
        return result

    def _finished(self, ticket: Ticket, asked: float, future: Future[Any], keep: bool) -> None:
        with self._lock:
            if not future.cancelled():
                self._typical = 0.8 * self._typical + 0.2 * (time.monotonic() - asked)
            ticket.over = True
            mine = not keep or ticket.abandoned
        if mine:
            self._release(ticket.client)

    def _let_go(self, ticket: Ticket) -> None:
        """The caller of a kept search stopped waiting: the place goes back now if the search is over,
        else at its end (``_finished``) — exactly once either way."""
        with self._lock:
            ticket.abandoned = True
            now = ticket.over
        if now:
            self._release(ticket.client)

    def _replace(self, broken: Executor) -> None:
        """After a worker process died (killed, out of memory) the pool refuses every search: a fresh
        one takes the next."""
        with self._lock:
            if self._stopped or self._executor is not broken or not self.processes:
                return
            log.warning("a coach worker process stopped; starting a new one")
            self._executor = self._new_executor()
        broken.shutdown(wait=False, cancel_futures=True)

    def shutdown(self) -> None:
        """Stop: searches waiting are cancelled; a worker process is ended, a thread finishes its search."""
        with self._lock:
            self._stopped = True
            executor = self._executor
        # A worker process may have a review part's seconds left: end it. (The executor's own table of
        # its processes; Python 3.14 names this ProcessPoolExecutor.terminate_workers.)
        children = list((getattr(executor, "_processes", None) or {}).values())
        executor.shutdown(wait=False, cancel_futures=True)
        for process in children:
            if process.is_alive():
                process.terminate()
