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

from .helpers import client, create, free_port, humans, serve_cli

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


# ---------------------------------------------------------------------------- 2. NaN, Infinity, lone surrogates
UNSERIALIZABLE = [
    (b'{"game": "cube-europe", "players": 2, "turn_timeout": NaN}', "turn_timeout", "finite"),
    (b'{"game": "cube-europe", "players": 2, "turn_timeout": Infinity}', "turn_timeout", "finite"),
    (b'{"game": "cube-europe", "players": 2, "turn_timeout": -Infinity}', "turn_timeout", "finite"),
    (b'{"game": "cube-europe", "players": 2, "turn_timeout": 1e999}', "turn_timeout", "finite"),
    (b'{"game": "cube-europe", "players": 2, "name": "\\ud800"}', "name", "surrogate"),
    (b'{"game": "cube-europe", "players": 2, "player_name": "ab\\udfffcd"}', "player_name", "surrogate"),
    (b'{"game": "cube-europe", "players": 2, "\\ud800": 1}', "field name", "surrogate"),
    (b'{"game": "cube-europe", "players": 2, "options": {"\\ud800": NaN}}', "options", ""),
    (b'{"game": "cube-europe", "players": 2, "seats": [{"kind": "bot", "level": "\\udc00"}, {}]}', "seats", "surrogate"),
]


@pytest.mark.parametrize(("body", "where", "why"), UNSERIALIZABLE)
def test_nan_infinity_and_lone_surrogates_in_a_new_game_are_422(sqlite_url: str, caplog: pytest.LogCaptureFixture,
                                                                body: bytes, where: str, why: str) -> None:
    with client(sqlite_url) as c, caplog.at_level(logging.INFO, logger="meeple.server"):
        r = c.post("/api/games", content=body, headers=JSON)
        assert r.status_code == 422, r.text
        detail = r.json()["detail"]
        assert where in detail and why in detail.lower(), detail
        orjson.loads(r.content)  # strict JSON in UTF-8 (no NaN, no lone surrogate): the raw input is not echoed
        lines = [rec for rec in caplog.records if rec.name == "meeple.server" and "422" in rec.getMessage()]
        assert len(lines) == 1 and lines[0].exc_info is None
        assert "\n" not in lines[0].getMessage()
        assert all(rec.exc_info is None for rec in caplog.records)
        assert c.get("/api/lobby").json()["open"] == []


def test_nan_and_lone_surrogates_in_joins_moves_and_undos_are_422(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid = open_game(c)
        r = c.post(f"/api/games/{gid}/join", content=b'{"name": "\\ud83d"}', headers=JSON)
        assert r.status_code == 422 and "name" in r.json()["detail"], r.text
        r = c.post(f"/api/games/{gid}/join", content=b'{"seat": NaN}', headers=JSON)
        assert r.status_code == 422 and "seat" in r.json()["detail"], r.text
        gid, (t0, t1) = humans(c)
        for body in (b'{"seq": 0, "text": "\\udbff"}', b'{"seq": NaN, "text": "x"}',
                     b'{"seq": 0, "action": {"name": "take", "args": [Infinity]}}',
                     b'{"seq": 0, "action": {"\\ud800": []}}'):
            for token in (t0, t1):
                r = c.post(f"/api/games/{gid}/actions", content=body,
                           headers={**JSON, "Authorization": f"Bearer {token}"})
                assert r.status_code == 422, (body, r.text)
        r = c.post(f"/api/games/{gid}/undo", content=b'{"seq": Infinity}', headers={**JSON, "Authorization": f"Bearer {t0}"})
        assert r.status_code == 422 and "seq" in r.json()["detail"], r.text
        assert c.get(f"/api/games/{gid}").json()["seq"] == 0


# ---------------------------------------------------------------------------- 3. NUL and control characters
@pytest.mark.parametrize("bad", ["a\x00b", "\x00", "bell\x07", "\x1b[31mred", "two\nlines", "tab\there", "del\x7f",
                                 "c1\x85"])
def test_control_characters_in_names_are_422_on_both_databases(db_url: str, bad: str) -> None:
    with client(db_url) as c:
        for field in ("name", "player_name"):
            r = c.post("/api/games", json={"game": "cube-europe", "players": 2, field: bad})
            assert r.status_code == 422, r.text
            assert field in r.json()["detail"] and "control character" in r.json()["detail"]
        gid = open_game(c)
        r = c.post(f"/api/games/{gid}/join", json={"name": bad})
        assert r.status_code == 422 and "name" in r.json()["detail"], r.text
        r = c.post(f"/api/games/{gid}/join", json={"invite": bad})
        assert r.status_code == 422, r.text
        r = c.post("/api/games", json={"game": "cube-europe", "players": 2, "options": {"x": bad}})
        assert r.status_code == 422, r.text
        assert [g["id"] for g in c.get("/api/lobby").json()["open"]] == [gid]
        assert c.post(f"/api/games/{gid}/join", json={"name": "Zoë 🎲"}).status_code == 200  # not ASCII: fine


def test_control_characters_in_the_url_path_are_400_on_both_databases(db_url: str) -> None:
    with client(db_url) as c:
        gid = open_game(c)
        for path in ("/api/games/a%00b", "/api/games/a%00b/view", f"/api/games/{gid}%00", "/api/games/%0d%0a"):
            r = c.get(path)
            assert r.status_code == 400 and "control character" in r.json()["detail"], (path, r.text)
        assert c.get(f"/api/games/{gid}").status_code == 200
        with pytest.raises(WebSocketDenialResponse) as refused, c.websocket_connect("/api/games/a%00b/ws"):
            pass
        assert refused.value.status_code == 400


# ---------------------------------------------------------------------------- 4. chunked bodies
def test_a_chunked_body_over_the_limit_is_413(sqlite_url: str) -> None:
    def body(size: int) -> Iterator[bytes]:
        yield b'{"game": "cube-europe", "players": 2, "name": "'
        for _ in range(size // 500):
            yield b"x" * 500
        yield b'"}'

    with serving(sqlite_url, max_body_bytes=2000) as url, httpx.Client(base_url=url, timeout=30) as h:
        r = h.post("/api/games", content=body(20_000), headers=JSON)
        assert r.request.headers.get("transfer-encoding") == "chunked" and "content-length" not in r.request.headers
        assert r.status_code == 413 and "too large" in r.json()["detail"], r.text
        with httpx.Client(base_url=url, timeout=30) as fresh:  # a chunked body under the limit is read as ever
            r = fresh.post("/api/games", content=iter([b'{"game": "cube-e', b'urope", "players": 2}']), headers=JSON)
            assert r.status_code == 201, r.text
            r = fresh.post("/api/games", content=body(1000), headers=JSON)
            assert r.status_code == 422 and "name" in r.json()["detail"], r.text  # 1000 > 80 characters


def test_a_chunked_body_over_the_limit_is_413_in_process(sqlite_url: str) -> None:
    with client(sqlite_url, max_body_bytes=2000) as c:
        r = c.post("/api/games", content=iter([b'{"game": "cube-europe", "name": "', b"x" * 5000, b'"}']), headers=JSON)
        assert r.status_code == 413, r.text


# ---------------------------------------------------------------------------- 5. WebSocket handshakes
def test_websocket_handshakes_are_rate_limited_per_address(sqlite_url: str) -> None:
    with client(sqlite_url, ws_connect_rate=0.01, ws_connect_burst=3) as c:
        for _ in range(3):  # accepted, then closed: there is no such game
            with c.websocket_connect("/api/games/nope/ws") as ws:
                assert ws.receive()["type"] == "websocket.close"
        with pytest.raises(WebSocketDenialResponse) as refused, c.websocket_connect("/api/games/nope/ws"):
            pass
        assert refused.value.status_code == 429 and refused.value.headers["retry-after"]
        assert "too many connections" in refused.value.json()["detail"]
        assert c.get("/api/health").status_code == 200  # HTTP requests have their own allowance


def test_websocket_handshakes_over_the_rate_get_http_429_from_uvicorn(sqlite_url: str) -> None:
    from websockets.exceptions import InvalidStatus
    from websockets.sync.client import connect

    with serving(sqlite_url, ws_connect_rate=0.01, ws_connect_burst=3) as url:
        ws_url = url.replace("http://", "ws://") + "/api/games/nope/ws"
        refused = []
        for _ in range(20):
            try:
                with connect(ws_url, open_timeout=10) as ws:
                    ws.recv(timeout=10)
            except InvalidStatus as exc:
                refused.append(exc.response.status_code)
            except Exception:  # noqa: BLE001 - closed with 1008 "no game": admitted
                pass
        assert len(refused) >= 15 and set(refused) == {429}


async def _drive(app: Any, scope: dict[str, Any]) -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "websocket.connect"}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    await app(scope, receive, send)
    return sent


def test_a_refused_handshake_without_the_http_response_extension_closes_with_1008() -> None:
    import asyncio

    admitted = []

    async def inner(scope: Any, receive: Any, send: Any) -> None:
        admitted.append(scope)

    limits = LimitsMiddleware(inner, max_body=1000, rate=10, burst=10, ws_rate=0.001, ws_burst=1)
    scope = {"type": "websocket", "path": "/api/games/x/ws", "client": ("10.0.0.1", 1234), "headers": []}
    assert asyncio.run(_drive(limits, {**scope, "client": ("10.0.0.1", 1)})) == [] and len(admitted) == 1
    sent = asyncio.run(_drive(limits, {**scope, "client": ("10.0.0.1", 2)}))
    assert [m["type"] for m in sent] == ["websocket.accept", "websocket.close"]
    assert sent[1]["code"] == 1008 and sent[1]["reason"] == "too many connections"
    sent = asyncio.run(_drive(limits, {**scope, "extensions": {"websocket.http.response": {}}}))
    assert [m["type"] for m in sent] == ["websocket.http.response.start", "websocket.http.response.body"]
    assert sent[0]["status"] == 429 and len(admitted) == 1
    assert asyncio.run(_drive(limits, {**scope, "client": ("10.0.0.2", 1)})) == [] and len(admitted) == 2


# ---------------------------------------------------------------------------- 6. the HTTP rate across connections
def _get_on_a_new_connection(port: int, path: str) -> tuple[int, int]:
    """(status, local port) of one GET on a TCP connection of its own."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
        data = b""
        while b"\r\n" not in data:
            chunk = s.recv(4096)
            assert chunk, "the server closed the connection without answering"
            data += chunk
        return int(data.split(b" ", 2)[1]), s.getsockname()[1]


def test_the_http_rate_limit_holds_across_connections_from_one_address(sqlite_url: str) -> None:
    with serving(sqlite_url, http_rate=0.2, http_burst=5) as url:
        port = int(url.rsplit(":", 1)[1])
        answers = [_get_on_a_new_connection(port, "/api/health") for _ in range(15)]
        codes = [code for code, _ in answers]
        assert len({local for _, local in answers}) == 15  # fifteen connections, each from its own port
        assert codes[:5] == [200] * 5 and codes.count(429) >= 8 and codes[-1] == 429, codes
        with httpx.Client(base_url=url) as h:  # and a client that keeps its connection is limited the same
            assert h.get("/api/health").status_code == 429


def test_the_rate_limit_key_is_the_address_without_the_port() -> None:
    from meeple.server.limits import client_key

    assert client_key({"client": ("203.0.113.7", 50000)}) == client_key({"client": ("203.0.113.7", 1)}) == "203.0.113.7"
    assert client_key({"client": ("::ffff:203.0.113.7", 3)}) == "203.0.113.7"
    # one IPv6 subscriber holds a whole /64: its addresses share one allowance
    assert client_key({"client": ("2001:db8:1:2::1", 1)}) == client_key({"client": ("2001:db8:1:2:ffff::9", 2)})
    assert client_key({"client": ("2001:db8:1:2::1", 1)}) != client_key({"client": ("2001:db8:1:3::1", 1)})
    assert client_key({"client": None}) == "?"


# ---------------------------------------------------------------------------- 7. the database file at start
def _games_in(path: Path, n: int = 40) -> list[str]:
    ids: list[str] = []
    for start in range(0, n, 10):  # a server for every ten games: new games per address are rate limited
        with client(f"sqlite:///{path}") as c:
            ids += [open_game(c, name=f"game {i} " + "x" * 60) for i in range(start, min(n, start + 10))]
    with contextlib.closing(sqlite3.connect(path)) as conn:  # everything in the file itself, the WAL empty
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
    return ids


def _refused(path: Path) -> str:
    with pytest.raises(db.DatabaseFileError) as refused:
        db.check_sqlite_file(str(path))
    return str(refused.value)


def _damage_pages(path: Path) -> None:
    """Random bytes over the middle third of the file's pages (page 1, the header, stays)."""
    size = path.stat().st_size
    page = 4096
    pages = size // page
    assert pages >= 6, f"a test database of {pages} pages is too small to damage in the middle"
    with open(path, "r+b") as f:
        for number in range(pages // 3, 2 * pages // 3):
            f.seek(number * page)
            f.write(os.urandom(page))


def test_a_good_file_starts_and_a_missing_file_is_created(tmp_path: Path) -> None:
    missing = tmp_path / "new.db"
    db.check_sqlite_file(str(missing))  # nothing there: a new database
    assert not missing.exists()
    ids = _games_in(missing, 3)
    db.check_sqlite_file(str(missing))
    with client(f"sqlite:///{missing}") as c:
        assert sorted(g["id"] for g in c.get("/api/lobby").json()["open"]) == sorted(ids)


def test_a_file_of_random_bytes_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "meeple.db"
    path.write_bytes(os.urandom(40_000))
    before = path.read_bytes()
    message = _refused(path)
    assert "not a SQLite database" in message and str(path) in message and "backup" in message
    assert path.read_bytes() == before  # the check writes nothing


@pytest.mark.parametrize("damage", ["pages", "truncated"])
def test_a_damaged_database_is_refused(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "meeple.db"
    _games_in(path)
    assert not Path(f"{path}-wal").exists() or Path(f"{path}-wal").stat().st_size == 0
    if damage == "pages":
        _damage_pages(path)
    else:
        with open(path, "r+b") as f:
            f.truncate(path.stat().st_size // 2 // 4096 * 4096)
    before = path.read_bytes()
    message = _refused(path)
    assert "damaged" in message and str(path) in message
    assert "backup" in message and ".recover" in message and "move" in message
    assert path.read_bytes() == before
    with pytest.raises(db.DatabaseFileError), client(f"sqlite:///{path}"):  # create_app's startup checks it too
        pass
    assert path.read_bytes() == before


def test_a_zero_length_file_is_refused_not_taken_for_a_new_database(tmp_path: Path) -> None:
    path = tmp_path / "meeple.db"
    path.write_bytes(b"")
    message = _refused(path)
    assert "empty" in message and "delete" in message and str(path) in message
    with pytest.raises(db.DatabaseFileError), client(f"sqlite:///{path}"):
        pass
    assert path.stat().st_size == 0 and not Path(f"{path}-wal").exists()


def test_a_directory_where_the_file_should_be_is_refused(tmp_path: Path) -> None:
    assert "directory" in _refused(tmp_path)


@pytest.mark.parametrize("kind", ["random", "damaged", "empty"])
def test_meeple_serve_refuses_a_bad_file_with_status_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                        kind: str) -> None:
    path = tmp_path / "meeple.db"
    if kind == "random":
        path.write_bytes(os.urandom(10_000))
    elif kind == "damaged":
        _games_in(path)
        _damage_pages(path)
    else:
        path.touch()
    out, made = serve_cli(monkeypatch, f"sqlite:///{path}")
    assert out.exit_code == 2 and made == [], out.output
    assert str(path) in out.output and "Traceback" not in out.output
    assert {"random": "not a SQLite database", "damaged": "damaged", "empty": "empty"}[kind] in out.output


def test_meeple_serve_starts_on_a_good_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "meeple.db"
    _games_in(path, 2)
    out, made = serve_cli(monkeypatch, f"sqlite:///{path}")
    assert out.exit_code == 0 and len(made) == 1, out.output


def test_serve_ws_connect_rate_reaches_the_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path / 'm.db'}"
    out, made = serve_cli(monkeypatch, url)
    assert out.exit_code == 0 and (made[-1].ws_connect_rate, made[-1].ws_connect_burst) == (5.0, 20.0)
    out, made = serve_cli(monkeypatch, url, "--ws-connect-rate", "50")
    assert out.exit_code == 0 and (made[-1].ws_connect_rate, made[-1].ws_connect_burst) == (50.0, 200.0)


def test_the_server_process_prints_the_reason_and_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "meeple.db"
    path.write_bytes(b"SQLite format 3\x00" + os.urandom(8000))  # the right header, garbage behind it
    proc = subprocess.run([sys.executable, "-m", "meeple.server", "--db", f"sqlite:///{path}", "--no-open",
                           "--port", str(free_port())], capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "damaged" in proc.stderr and str(path) in proc.stderr and "Traceback" not in proc.stderr + proc.stdout


def test_sqlite_itself_can_read_what_the_check_passes(tmp_path: Path) -> None:
    path = tmp_path / "meeple.db"
    _games_in(path, 2)
    with contextlib.closing(sqlite3.connect(path)) as conn:
        assert conn.execute("SELECT count(*) FROM games").fetchone() == (2,)
    db.check_sqlite_file(str(path))
