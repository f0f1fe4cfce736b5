"""Durability: after kill -9 of a real server process mid-game, every acknowledged move is there."""

from __future__ import annotations

import threading
import time

import httpx

from .helpers import ServerProcess
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


def test_kill_9_loses_no_acknowledged_move(db_url: str) -> None:
    server = ServerProcess(db_url)
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
    server = ServerProcess(db_url, port=server.port)
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
