"""The coach's pool (meeple.server.coachpool): hints and reviews search on workers of their own, within a
global bound and bounds per client address; refusals are 429 with Retry-After and change nothing; other
requests never wait behind a search; a worker process gives the hint this process gives.

A search is made to block deterministically: ``meeple.agents.coach.hint`` is replaced by a gate that
holds the first calls until the test opens it (the pool runs in threads for these tests, so the
replacement is what the workers call)."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import random
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import meeple
from meeple.agents import coach
from meeple.server import Settings, create_app
from meeple.server.coachpool import CoachPool, hint_suggestions, review_blunders
from meeple.server.errors import TooMany

from .helpers import auth, create

GUARD_SECONDS = 60.0
"""How long a test waits for something that must happen before it gives up (a hang guard, never a
measurement: on a correct pool everything it waits for happens at once)."""


class Gate:
    """Stands in for ``coach.hint``: the first ``hold`` calls wait until ``open()``, then every call
    searches as before."""

    def __init__(self, hold: int) -> None:
        self.hold = hold
        self.entered = 0
        self.opened = threading.Event()
        self._lock = threading.Lock()
        self._search = coach.hint

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        with self._lock:
            self.entered += 1
            held = self.entered <= self.hold
        if held:
            self.opened.wait(GUARD_SECONDS)
        return self._search(*args, **kwargs)

    def open(self) -> None:
        self.opened.set()


@pytest.fixture
def gate(monkeypatch: pytest.MonkeyPatch) -> Iterator[Gate]:
    made = Gate(hold=0)
    monkeypatch.setattr(coach, "hint", made)
    yield made
    made.open()


class FromAddress:
    """The app, seeing each request as coming from the address in its ``x-test-address`` header (the
    test client has one address; the pool's limits are per address)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            for name, value in scope["headers"]:
                if name == b"x-test-address":
                    scope = {**scope, "client": (value.decode(), 40000)}
        await self.app(scope, receive, send)


def coach_client(db_url: str, **settings: Any) -> TestClient:
    app = create_app(Settings(db_url=db_url, coach_processes=False, **settings))
    return TestClient(FromAddress(app))


def hub_of(c: TestClient) -> Any:
    return c.app.app.state.hub  # type: ignore[attr-defined]


class Asking(threading.Thread):
    """One hint request, sent from a thread of its own (the test goes on while it waits)."""

    def __init__(self, c: TestClient, gid: str, token: str, address: str = "198.51.100.1") -> None:
        super().__init__(daemon=True)
        self.c, self.gid, self.token, self.address = c, gid, token, address
        self.response: Any = None
        self.start()

    def run(self) -> None:
        self.response = self.c.post(f"/api/games/{self.gid}/hint",
                                    headers={**auth(self.token), "x-test-address": self.address})

    def answer(self) -> Any:
        self.join(GUARD_SECONDS)
        assert self.response is not None, "the hint request never got an answer"
        return self.response


def hint(c: TestClient, made: dict[str, Any], address: str = "198.51.100.1", lang: str = "en") -> Any:
    return c.post(f"/api/games/{made['id']}/hint?lang={lang}",
                  headers={**auth(made["token"]), "x-test-address": address})


def until(condition: Any) -> None:
    """Wait (at most GUARD_SECONDS) for ``condition()``; fail if it never holds."""
    done = threading.Event()
    for _ in range(int(GUARD_SECONDS / 0.01)):
        if condition():
            return
        done.wait(0.01)
    pytest.fail("the pool never reached the expected state")


def test_the_global_bound_answers_429_with_retry_after_and_changes_nothing(sqlite_url: str, gate: Gate) -> None:
    gate.hold = 1
    with coach_client(sqlite_url, coach_workers=1, coach_queue=1, coach_per_address=5,
                      coach_rate=100.0, coach_burst=100.0) as c:
        games = [create(c, "cube-europe", 1) for _ in range(3)]
        pool = hub_of(c).coach
        running = Asking(c, games[0]["id"], games[0]["token"], "198.51.100.1")
        until(lambda: gate.entered == 1)
        waiting = Asking(c, games[1]["id"], games[1]["token"], "198.51.100.2")
        until(lambda: pool.in_line() == 2)

        refused = hint(c, games[2], "198.51.100.3", lang="zh")
        assert refused.status_code == 429, refused.text
        assert refused.json()["error"] == "server.coach_busy" and "教练" in refused.json()["detail"]
        assert int(refused.headers["Retry-After"]) >= 1
        assert c.get(f"/api/games/{games[2]['id']}").json()["hints"] == 0  # refused first: the game is as it was

        gate.open()
        assert running.answer().status_code == 200 and waiting.answer().status_code == 200
        until(lambda: pool.in_line() == 0)
        assert hint(c, games[2], "198.51.100.3").status_code == 200  # the places came back


def test_the_per_address_bound_refuses_that_address_only(sqlite_url: str, gate: Gate) -> None:
    gate.hold = 1
    with coach_client(sqlite_url, coach_workers=2, coach_queue=8, coach_per_address=1,
                      coach_rate=100.0, coach_burst=100.0) as c:
        games = [create(c, "cube-europe", 1) for _ in range(3)]
        running = Asking(c, games[0]["id"], games[0]["token"], "203.0.113.5")
        until(lambda: gate.entered == 1)

        refused = hint(c, games[1], "203.0.113.5")
        assert refused.status_code == 429 and refused.json()["error"] == "server.coach_busy_address", refused.text
        assert "wait" in refused.json()["detail"] and int(refused.headers["Retry-After"]) >= 1
        assert c.get(f"/api/games/{games[1]['id']}").json()["hints"] == 0

        other = hint(c, games[2], "203.0.113.77")  # another address, while the first is still at its limit
        assert other.status_code == 200, other.text
        assert other.json()["suggestions"]
        assert gate.entered == 2 and running.response is None  # the first search is still held

        gate.open()
        assert running.answer().status_code == 200


def test_an_address_may_start_only_so_many_searches_a_second(sqlite_url: str) -> None:
    with coach_client(sqlite_url, coach_rate=0.001, coach_burst=1.0) as c:
        games = [create(c, "cube-europe", 1) for _ in range(3)]
        assert hint(c, games[0], "192.0.2.8").status_code == 200
        refused = hint(c, games[1], "192.0.2.8")
        assert refused.status_code == 429 and refused.json()["error"] == "server.coach_rate", refused.text
        assert int(refused.headers["Retry-After"]) >= 1
        assert hint(c, games[2], "192.0.2.9").status_code == 200


def test_other_requests_never_wait_behind_searches(sqlite_url: str, gate: Gate) -> None:
    """As many searches held as the event loop's default executor has threads (where hints ran before,
    filling it): a session look-up (``/api/me``), a database read (the lobby) and the health check
    still answer, and one more hint is refused instead of waiting."""
    default_threads = min(32, (os.cpu_count() or 1) + 4)  # asyncio's default executor
    gate.hold = default_threads
    with coach_client(sqlite_url, coach_workers=default_threads, coach_queue=0, coach_per_address=64,
                      coach_rate=100.0, coach_burst=100.0) as c:
        games = [create(c, "cube-europe", 1) for _ in range(default_threads + 1)]
        assert c.post("/api/accounts", json={"name": "Waiting_Wu", "password": "correct horse"}).status_code == 201
        held = [Asking(c, g["id"], g["token"]) for g in games[:-1]]
        until(lambda: gate.entered == default_threads)

        answers: dict[str, int] = {}

        def others() -> None:
            answers["me"] = c.get("/api/me").status_code
            answers["lobby"] = c.get("/api/lobby").status_code
            answers["health"] = c.get("/api/health").status_code
        asking = threading.Thread(target=others, daemon=True)
        asking.start()
        asking.join(GUARD_SECONDS)
        finished = not asking.is_alive()
        gate.open()
        assert finished, "a request waited behind the coach's searches"
        assert answers == {"me": 200, "lobby": 200, "health": 200}
        assert all(a.answer().status_code == 200 for a in held)


def test_a_cancelled_search_gives_its_place_back() -> None:
    """A search whose request went away: one still waiting leaves the line at once; one already
    running keeps its place until it ends (bounded by the search's own budget)."""
    started, release = threading.Event(), threading.Event()

    def held(position: Any, seat: int) -> int:
        started.set()
        release.wait(GUARD_SECONDS)
        return seat

    async def scenario() -> None:
        pool = CoachPool(workers=1, queue=4, per_address=4, rate=100.0, burst=100.0, processes=False)
        position = meeple.load("cube-europe", players=1).new_game(seed=1)
        try:
            with pool.reserve("a") as first:
                running = asyncio.ensure_future(pool.run(first, held, position, 0))
                await asyncio.sleep(0)  # the search takes the place over (as a request awaits it)
            assert await asyncio.to_thread(started.wait, GUARD_SECONDS)
            with pool.reserve("a") as second:
                waiting = asyncio.ensure_future(pool.run(second, held, position, 1))
                await asyncio.sleep(0)
            assert pool.in_line("a") == 2
            waiting.cancel()
            await asyncio.gather(waiting, return_exceptions=True)
            assert pool.in_line("a") == 1  # it never started: its place is free
            running.cancel()
            await asyncio.gather(running, return_exceptions=True)
            assert pool.in_line("a") == 1  # still searching: the worker is still busy
            release.set()
            for _ in range(int(GUARD_SECONDS / 0.01)):
                if pool.in_line() == 0:
                    break
                await asyncio.sleep(0.01)
            assert pool.in_line() == 0
        finally:
            release.set()
            pool.shutdown()
    asyncio.run(scenario())


def test_a_search_in_parts_keeps_its_place_between_parts_and_gives_it_back_once() -> None:
    """``run(keep=True)``: after each part the place is the caller's (one place in line, the ticket
    runs the next part); leaving the ``with`` block gives it back. A caller that stops waiting during a
    kept part leaves the place to that part's end, exactly once."""
    started, release = threading.Event(), threading.Event()

    def part(position: Any, k: int) -> int:
        return k * 10

    def held(position: Any, k: int) -> int:
        started.set()
        release.wait(GUARD_SECONDS)
        return k

    async def scenario() -> None:
        pool = CoachPool(workers=1, queue=4, per_address=4, rate=100.0, burst=100.0, processes=False)
        position = meeple.load("cube-europe", players=1).new_game(seed=1)
        try:
            with pool.reserve("a") as ticket:
                got = [await pool.run(ticket, part, position, k, keep=True) for k in range(3)]
                assert got == [0, 10, 20] and ticket.held and pool.in_line("a") == 1
            assert pool.in_line() == 0
            with pool.reserve("a") as ticket:
                assert await pool.run(ticket, part, position, 1, keep=True) == 10
                running = asyncio.ensure_future(pool.run(ticket, held, position, 2, keep=True))
                await asyncio.sleep(0)
            assert await asyncio.to_thread(started.wait, GUARD_SECONDS)
            running.cancel()
            await asyncio.gather(running, return_exceptions=True)
            assert pool.in_line("a") == 1  # the part still runs: its place is still taken
            release.set()
            for _ in range(int(GUARD_SECONDS / 0.01)):
                if pool.in_line() == 0:
                    break
                await asyncio.sleep(0.01)
            await asyncio.sleep(0.05)
            assert pool.in_line() == 0 and pool.in_line("a") == 0  # given back once, never below nought
            with pool.reserve("a") as ticket:  # and a part that ends before its caller goes: at the going
                done = asyncio.ensure_future(pool.run(ticket, part, position, 3, keep=True))
                assert await done == 30
            assert pool.in_line() == 0
        finally:
            release.set()
            pool.shutdown()
    asyncio.run(scenario())


def test_a_refused_reservation_holds_no_place() -> None:
    pool = CoachPool(workers=1, queue=0, per_address=1, rate=100.0, burst=100.0, processes=False)
    try:
        with pool.reserve("a"):
            with pytest.raises(TooMany) as busy:
                pool.reserve("b")
            assert busy.value.error_id == "server.coach_busy" and busy.value.extra["retry_after"] >= 1
            assert pool.in_line() == 1
        assert pool.in_line() == 0  # never ran a search: leaving the block gave the place back
        with pool.reserve("b"):
            pass
    finally:
        pool.shutdown()


def test_a_worker_process_gives_the_hint_and_review_computed_inline() -> None:
    """The same seeded search in a worker process (the position pickled there) and in this process:
    the same suggestions, labels, visits and values; the same review. Shutting the pool down ends its
    worker process."""
    rng = random.Random(3)
    position = meeple.load("citadels", players=4).new_game(seed=11)
    for _ in range(12):
        seat = position.to_move()[0]
        position.apply(rng.choice(position.legal_actions(seat)), seat)
    seat = position.to_move()[0]
    finished = meeple.load("cube-europe", players=1).new_game(seed=4)
    while not finished.is_over():
        mover = finished.to_move()[0]
        finished.apply(rng.choice(finished.legal_actions(mover)), mover)

    inline_hint = hint_suggestions(position.clone(), seat, 987_654_321, "zh")
    inline_review = review_blunders(finished.clone(), 0, 42, 12, "en")
    before = set(multiprocessing.active_children())

    async def in_process() -> tuple[Any, Any, list[Any]]:
        pool = CoachPool(workers=1, queue=2, per_address=2, rate=100.0, burst=100.0, processes=True)
        try:
            with pool.reserve("a") as ticket:
                got_hint = await pool.run(ticket, hint_suggestions, position, seat, 987_654_321, "zh")
            with pool.reserve("a") as ticket:
                got_review = await pool.run(ticket, review_blunders, finished, 0, 42, 12, "en")
            workers = [p for p in multiprocessing.active_children() if p not in before]
        finally:
            pool.shutdown()
        return got_hint, got_review, workers
    got_hint, got_review, workers = asyncio.run(in_process())
    assert got_hint == inline_hint and len(got_hint) >= 2
    assert got_review == inline_review and got_review
    assert len(workers) == 1 and workers[0].pid != os.getpid()
    until(lambda: not running(workers[0].pid))  # ended by the pool's shutdown


def running(pid: int) -> bool:
    """Whether process ``pid`` still runs (not ended, not a zombie waiting to be reaped): read from
    /proc where there is one, since another thread of this process may reap it at any moment."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False
    except OSError:  # no /proc: ask the kernel whether the pid exists
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return False
        return True


@pytest.mark.parametrize("bad", [
    {"coach_workers": 0}, {"coach_workers": 65}, {"coach_queue": -1}, {"coach_per_address": 0},
    {"coach_rate": 0.0}, {"coach_burst": 0.5},
])
def test_settings_refuse_a_coach_pool_that_cannot_work(bad: dict[str, Any]) -> None:
    Settings(db_url="sqlite:///x.db").check()
    with pytest.raises(ValueError, match="coach"):
        Settings(db_url="sqlite:///x.db", **bad).check()


def test_serve_sets_the_coach_pool(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    from .helpers import serve_cli

    url = f"sqlite:///{tmp_path / 'coach.db'}"
    result, made = serve_cli(monkeypatch, url, "--coach-workers", "3", "--coach-threads", "--coach-queue", "5",
                             "--coach-per-address", "4", "--coach-rate", "0.5")
    assert result.exit_code == 0, result.output
    s = made[0]
    assert (s.coach_workers, s.coach_processes, s.coach_queue, s.coach_per_address, s.coach_rate, s.coach_burst) \
        == (3, False, 5, 4, 0.5, 5.0)
    result, made = serve_cli(monkeypatch, url)
    assert made[0].coach_processes is True and made[0].coach_workers == 1
    result, made = serve_cli(monkeypatch, url, "--coach-workers", "0")
    assert result.exit_code != 0 and not made


def test_a_dead_worker_process_answers_503_and_the_next_search_gets_a_new_one() -> None:
    from meeple.server.errors import Unavailable

    rng = random.Random(5)
    finished = meeple.load("cube-europe", players=1).new_game(seed=9)
    while not finished.is_over():
        mover = finished.to_move()[0]
        finished.apply(rng.choice(finished.legal_actions(mover)), mover)
    position = meeple.load("citadels", players=4).new_game(seed=9)
    seat = position.to_move()[0]
    before = set(multiprocessing.active_children())

    async def scenario() -> list[Any]:
        pool = CoachPool(workers=1, queue=2, per_address=2, rate=100.0, burst=100.0, processes=True)
        try:
            with pool.reserve("a") as ticket:  # a review far longer than the test: killed under it
                long = asyncio.ensure_future(pool.run(ticket, review_blunders, finished, 0, 1, 1_000_000, "en"))
                await asyncio.sleep(0)
            for _ in range(int(GUARD_SECONDS / 0.01)):
                workers = [p for p in multiprocessing.active_children() if p not in before and p.name.startswith("SpawnProcess")]
                if workers:
                    break
                await asyncio.sleep(0.01)
            assert workers, "the worker process never started"
            workers[0].kill()
            with pytest.raises(Unavailable) as gone:
                await asyncio.wait_for(long, GUARD_SECONDS)
            assert gone.value.status == 503 and gone.value.error_id == "server.coach_unavailable"
            assert pool.in_line() == 0
            with pool.reserve("a") as ticket:
                return await pool.run(ticket, hint_suggestions, position, seat, 3, "en")
        finally:
            pool.shutdown()
    assert asyncio.run(scenario()) == hint_suggestions(position.clone(), seat, 3, "en")
