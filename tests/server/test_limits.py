"""Limits on requests and the database file at start: each test replays an attack the server once failed.

The lobby flood, NaN/Infinity and lone surrogates, NUL and other control characters, chunked bodies
over the size limit, WebSocket handshake floods, the per-address rate limit across connections, and
damaged or empty SQLite files (docs/server.md, Security).
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import orjson
import pytest
from starlette.testclient import WebSocketDenialResponse

from meeple.server import Settings, create_app, db
from meeple.server.limits import LimitsMiddleware

from .helpers import client, create, free_port, humans

JSON = {"content-type": "application/json"}


@contextlib.contextmanager
def serving(db_url: str, **settings: Any) -> Iterator[str]:
    """A real uvicorn server (in a thread of this process) on 127.0.0.1 and a free port: its base URL."""
    import uvicorn

    app = create_app(Settings(db_url=db_url, **settings))
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                                           access_log=False, ws_per_message_deflate=False))
    thread = threading.Thread(target=server.run, name="uvicorn-under-test", daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive(), "the server did not start"
        assert time.monotonic() < deadline, "the server did not start in 30 s"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)


def open_game(c: Any, **extra: Any) -> str:
    """A game with a free seat (in the lobby's open list unless private)."""
    return create(c, seats=[{"kind": "human"}] * 2, **extra)["id"]


# ---------------------------------------------------------------------------- 1. the lobby
def test_a_flood_of_private_games_does_not_empty_the_lobby(db_url: str) -> None:
    with client(db_url) as c:
        public = [open_game(c) for _ in range(3)]
        for _ in range(12):  # newer than every public game: they came first in the lobby's query
            open_game(c, private=True)
        lobby = c.get("/api/lobby", params={"limit": 2}).json()
        assert [g["id"] for g in lobby["open"]] == [public[2], public[1]]  # the newest `limit` public games
        assert len(c.get("/api/lobby").json()["open"]) == 3
        newest = open_game(c)
        assert [g["id"] for g in c.get("/api/lobby", params={"limit": 1}).json()["open"]] == [newest]
