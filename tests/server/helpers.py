"""Small helpers for the server tests: an in-process client and a real server process."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from typing import Any

import httpx
from fastapi.testclient import TestClient

from meeple.server import Settings, create_app


@contextlib.contextmanager
def client(db_url: str, **settings: Any) -> Iterator[TestClient]:
    app = create_app(Settings(db_url=db_url, **settings))
    with TestClient(app) as c:
        yield c


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def create(c: Any, game: str = "cube-europe", players: int = 2, seats: list[dict[str, Any]] | None = None,
           **extra: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"game": game, "players": players, **extra}
    if seats is not None:
        body["seats"] = seats
    r = c.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def humans(c: Any, game: str = "cube-europe", players: int = 2, **extra: Any) -> tuple[str, list[str]]:
    """A game whose seats are all people; returns (game id, the seat tokens in seat order)."""
    made = create(c, game, players, seats=[{"kind": "human"}] * players, **extra)
    tokens = [made["token"]]
    for inv in made["invites"]:
        r = c.post(f"/api/games/{made['id']}/join", json={"seat": inv["seat"], "invite": inv["code"]})
        assert r.status_code == 200, r.text
        tokens.append(r.json()["token"])
    return made["id"], tokens


def view(c: Any, gid: str, token: str) -> dict[str, Any]:
    r = c.get(f"/api/games/{gid}/view", headers=auth(token))
    assert r.status_code == 200, r.text
    return r.json()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    """``python -m meeple.server`` in a child process; ``kill()`` is kill -9."""

    def __init__(self, db_url: str, port: int | None = None, wait: bool = True, args: tuple[str, ...] = ()) -> None:
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.output = tempfile.TemporaryFile()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "meeple.server", "--port", str(self.port), "--db", db_url, "--bot-delay", "0",
             "--no-open", *args],
            stdout=self.output, stderr=subprocess.STDOUT, env=env,
        )
        if wait:
            self.wait()

    def wait(self) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                self.output.seek(0)
                raise RuntimeError("server exited: " + self.output.read().decode(errors="replace"))
            try:
                if httpx.get(self.url + "/api/health", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        self.kill()
        raise RuntimeError("server did not start in 60 s")

    def kill(self) -> None:
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


def ws_url(server: ServerProcess, gid: str) -> str:
    return f"ws://127.0.0.1:{server.port}/api/games/{gid}/ws"


def dumps(obj: Any) -> str:
    return json.dumps(obj)


def serve_cli(monkeypatch: Any, url: str, *args: str, env: dict[str, str] | None = None) -> tuple[Any, list[Any]]:
    """Run ``meeple serve --db URL ARGS`` without starting a server: (the CliRunner result, the
    Settings it would have built the app with; empty if it refused to start)."""
    import typer
    import uvicorn
    from typer.testing import CliRunner

    import meeple.server
    from meeple.server.cli import serve_command
    from meeple.server.heap import YoungPasses

    made: list[Any] = []
    monkeypatch.setattr(meeple.server, "create_app", lambda settings: made.append(settings) or object())
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: None)
    monkeypatch.setattr(YoungPasses, "install", lambda self: None)
    monkeypatch.setattr(sys, "setswitchinterval", lambda interval: None)
    app = typer.Typer()
    app.command("serve")(serve_command)
    app.command("other")(lambda: None)
    return CliRunner().invoke(app, ["serve", "--db", url, "--no-open", *args], env=env), made


class FakeClock:
    """Wall time that moves only when the test says so (``clock.now += DAY``); give it to ``hub.clock``."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now
