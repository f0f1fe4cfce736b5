"""Durability: after kill -9 of a real server process mid-game, every acknowledged move is there
(with the default ``--durability process`` and with ``power``), and each setting reaches the database."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time

import httpx
import pytest

from meeple.server import Settings
from meeple.server.settings import normalize_db_url

from .helpers import ServerProcess, client, humans, view
from .test_multiprocess import get_view, move, start_game


def run_until_killed(server: ServerProcess, gid: str, tokens: list[str], acked: list[dict], stop: threading.Event) -> None:
    while not stop.is_set():
        try:
            views = [get_view(server.url, gid, t) for t in tokens]
            seat = next(i for i, v in enumerate(views) if v["your_turn"])
            r = move(server.url, gid, tokens[seat], views[seat])
            if r.status_code == 200:
                acked.append(r.json()["view"])
        except (httpx.HTTPError, StopIteration):
            return


@pytest.mark.parametrize(("db_url", "durability"), [  # PostgreSQL's two with the daily tests (8-10 s each)
    ("sqlite", None), ("sqlite", "power"), pytest.param("postgresql", None, marks=pytest.mark.daily),
    pytest.param("postgresql", "power", marks=pytest.mark.daily)], indirect=["db_url"])
def test_kill_9_loses_no_acknowledged_move(db_url: str, durability: str | None) -> None:
    """``None``: the default (``process``), as ``meeple serve`` runs without the option."""
    args = ("--durability", durability) if durability else ()
    server = ServerProcess(db_url, args=args)
    try:
        gid, tokens = start_game(server.url)
        acked: list[dict] = []
        stop = threading.Event()
        worker = threading.Thread(target=run_until_killed, args=(server, gid, tokens, acked, stop))
        worker.start()
        deadline = time.monotonic() + 60
        while len(acked) < 8 and time.monotonic() < deadline:
            time.sleep(0.005)
        server.kill()  # SIGKILL while the worker keeps sending moves
        stop.set()
        worker.join(timeout=15)
        assert len(acked) >= 8
    finally:
        server.kill()
    last = acked[-1]
    server = ServerProcess(db_url, port=server.port, args=args)
    try:
        again = get_view(server.url, gid, tokens[last["seat"]])
        assert again["seq"] >= last["seq"]          # every acknowledged move is there
        assert again["seq"] <= last["seq"] + 1      # (at most the one in flight was also committed)
        assert again["log"][: len(last["log"])] == last["log"]
        if again["seq"] == last["seq"]:
            assert again["observation"] == last["observation"]
    finally:
        server.stop()


def test_sqlite_checkpoints_run_in_their_own_thread(tmp_path) -> None:
    """Commits made with automatic checkpoints off stay in the WAL until the Checkpointer copies them
    into the database file, without the writer's help."""
    import contextlib
    import os
    import sqlite3

    from meeple.server.db import Checkpointer, make_engine, sqlite_path

    url = f"sqlite:///{tmp_path / 'x.db'}"
    path = sqlite_path(url)
    assert path == str(tmp_path / "x.db") and sqlite_path("sqlite://") is None
    engine = make_engine(url, background_checkpoints=True)
    with engine.begin() as conn:
        conn.exec_driver_sql("CREATE TABLE t (x TEXT)")
    for _ in range(20):
        with engine.begin() as conn:
            conn.exec_driver_sql("INSERT INTO t VALUES (?)", ("x" * 4000,))
    assert os.path.getsize(path) <= 4096  # one page (the header): the rows are still in the WAL
    checkpointer = Checkpointer(path, every=0.05)
    try:
        deadline = time.monotonic() + 10
        while os.path.getsize(path) < 20 * 4000 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert os.path.getsize(path) >= 20 * 4000
    finally:
        checkpointer.close()
        engine.dispose()
    with contextlib.closing(sqlite3.connect(path)) as conn:
        assert conn.execute("SELECT count(*) FROM t").fetchone()[0] == 20


def _sqlite_synchronous(hub: object) -> int:
    with hub.engine.connect() as conn:  # type: ignore[attr-defined]
        return int(conn.exec_driver_sql("PRAGMA synchronous").scalar())


@pytest.mark.parametrize("durability, expected", [("process", 1), ("power", 2)])  # NORMAL, FULL
def test_sqlite_synchronous_follows_the_durability(sqlite_url: str, durability: str, expected: int) -> None:
    with client(sqlite_url, durability=durability) as c:
        gid, tokens = humans(c)
        assert view(c, gid, tokens[0])["seq"] == 0
        assert _sqlite_synchronous(c.app.state.hub) == expected


@pytest.mark.parametrize("durability, expected", [("process", "off"), ("power", "on")])
def test_postgresql_synchronous_commit_follows_the_durability(pg_url: str, durability: str, expected: str) -> None:
    """The engine's connections and the writer's own connection (which writes the moves) both run with it."""
    with client(pg_url, durability=durability) as c:
        gid, tokens = humans(c)
        v = view(c, gid, tokens[0]) if view(c, gid, tokens[0])["your_turn"] else view(c, gid, tokens[1])
        token = tokens[v["seat"]]
        r = c.post(f"/api/games/{gid}/actions", headers={"Authorization": f"Bearer {token}"},
                   json={"seq": v["seq"], "action": v["legal"][0]["action"]})
        assert r.status_code == 200, r.text
        hub = c.app.state.hub
        with hub.engine.connect() as conn:
            assert conn.exec_driver_sql("SHOW synchronous_commit").scalar() == expected
        assert hub.writer._apg is not None, "the move went through the writer's own connection"

        async def show() -> str:
            cur = await hub.writer._apg.execute("SHOW synchronous_commit")
            return (await cur.fetchone())[0]

        assert c.portal.call(show) == expected
        # the thread's connection (a batch that fails is retried there) is made with the same options
        import psycopg

        conninfo, extra = hub.writer._pg_conninfo()
        with psycopg.connect(conninfo, **extra) as conn:
            assert conn.execute("SHOW synchronous_commit").fetchone()[0] == expected


def test_a_bad_durability_is_refused() -> None:
    with pytest.raises(ValueError, match="unsupported durability 'disk'.*'process'.*'power'"):
        Settings(db_url="sqlite:///x.db", durability="disk").check()
    assert Settings(db_url="sqlite:///x.db").durability == "process"
    assert normalize_db_url("postgres://u@h/d") == "postgresql+psycopg://u@h/d"


def test_the_cli_refuses_a_bad_durability_before_starting() -> None:
    for argv, env in (
        (["--durability", "disk"], {}),
        ([], {"MEEPLE_DURABILITY": "disk"}),
    ):
        done = subprocess.run([sys.executable, "-m", "meeple.server", "--no-open", *argv], capture_output=True,
                              text=True, timeout=60, env={**os.environ, **env})
        assert done.returncode == 2
        assert "meeple: unsupported durability 'disk'" in done.stderr
