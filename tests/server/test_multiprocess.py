"""Two real server processes on one PostgreSQL database see each other's moves (LISTEN/NOTIFY, or Redis pub/sub)."""

from __future__ import annotations

import json
import time

import httpx
from websockets.sync.client import connect

from .helpers import ServerProcess, ws_url


def start_game(base: str) -> tuple[str, list[str]]:
    made = httpx.post(base + "/api/games", json={"game": "cube-europe", "players": 2}, timeout=30).json()
    joined = httpx.post(base + f"/api/games/{made['id']}/join", json={"seat": 1, "invite": made["invites"][0]["code"]}, timeout=30).json()
    return made["id"], [made["token"], joined["token"]]


def get_view(base: str, gid: str, token: str) -> dict:
    r = httpx.get(base + f"/api/games/{gid}/view", headers={"Authorization": f"Bearer {token}"}, timeout=30)
    r.raise_for_status()
    return r.json()


def move(base: str, gid: str, token: str, v: dict) -> httpx.Response:
    return httpx.post(base + f"/api/games/{gid}/actions", headers={"Authorization": f"Bearer {token}"},
                      json={"seq": v["seq"], "action": v["legal"][0]["action"]}, timeout=30)


def play_across(a: ServerProcess, b: ServerProcess) -> str:
    """A move made through A reaches B's WebSocket and a move made through B reaches A's; a stale move
    on A is refused. Returns the game id."""
    gid, tokens = start_game(a.url)
    v0 = get_view(a.url, gid, tokens[0])
    mover = 0 if v0["your_turn"] else 1
    other = 1 - mover
    with connect(ws_url(b, gid)) as ws_b, connect(ws_url(a, gid)) as ws_a:
        ws_b.send(json.dumps({"type": "hello", "token": tokens[other]}))
        ws_a.send(json.dumps({"type": "hello", "token": tokens[mover]}))
        assert json.loads(ws_b.recv(timeout=30))["seq"] == 0
        assert move(a.url, gid, tokens[mover], get_view(a.url, gid, tokens[mover])).status_code == 200
        deadline = time.monotonic() + 30
        pushed = None
        while time.monotonic() < deadline:
            msg = json.loads(ws_b.recv(timeout=30))
            if msg["type"] == "view" and msg["seq"] == 1:
                pushed = msg
                break
        assert pushed is not None, "the move made on process A never reached process B's WebSocket"
        assert pushed["your_turn"] and pushed["observation"] == get_view(a.url, gid, tokens[other])["observation"]
        # now the other seat moves through process B; process A's WebSocket sees it
        ws_b.send(json.dumps({"type": "move", "seq": 1, "action": pushed["legal"][0]["action"], "ref": 1}))
        while True:
            msg = json.loads(ws_b.recv(timeout=30))
            if msg["type"] in ("ack", "error"):
                assert msg == {"type": "ack", "seq": 2, "ref": 1}
                break
        while True:
            msg = json.loads(ws_a.recv(timeout=30))
            if msg["type"] == "view" and msg["seq"] == 2:
                break
    # a stale move on A (it is at 2 now) is refused and changes nothing
    stale = {"seq": 1, "action": {"name": "pass", "args": []}}
    r = httpx.post(a.url + f"/api/games/{gid}/actions", headers={"Authorization": f"Bearer {tokens[0]}"}, json=stale, timeout=30)
    assert r.status_code == 409
    assert get_view(b.url, gid, tokens[0])["seq"] == get_view(a.url, gid, tokens[0])["seq"] == 2
    return gid


def test_two_processes_share_one_postgresql(pg_url: str) -> None:
    a, b = ServerProcess(pg_url, wait=False), ServerProcess(pg_url, wait=False)
    try:
        a.wait()
        b.wait()
        play_across(a, b)
    finally:
        a.stop()
        b.stop()


def test_two_processes_share_changes_over_redis(pg_url: str, redis_url: str) -> None:
    """With --redis the changes travel over Redis pub/sub, and PostgreSQL sends no NOTIFY at all."""
    import psycopg
    import redis

    listener = psycopg.connect(pg_url, autocommit=True)
    listener.execute("LISTEN meeple")
    subscriber = redis.Redis.from_url(redis_url).pubsub(ignore_subscribe_messages=True)
    subscriber.subscribe("meeple")
    a = ServerProcess(pg_url, wait=False, args=("--redis", redis_url))
    b = ServerProcess(pg_url, wait=False, args=("--redis", redis_url))
    try:
        a.wait()
        b.wait()
        gid = play_across(a, b)
        origins: set[str] = set()
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and len(origins) < 2:
            message = subscriber.get_message(timeout=1.0)
            if message:
                origin, _, ids = message["data"].decode().partition("|")
                if gid in ids.split():
                    origins.add(origin)
        assert len(origins) == 2, "both processes announce their moves on Redis"
        assert not [n for n in listener.notifies(timeout=1.0) if n.channel == "meeple"]
    finally:
        a.stop()
        b.stop()
        subscriber.close()
        listener.close()


def test_redis_needs_postgresql_and_a_redis_url(sqlite_url: str, pg_url: str) -> None:
    from typer.testing import CliRunner

    import typer

    from meeple.server.cli import serve_command

    app = typer.Typer()
    app.command()(serve_command)
    runner = CliRunner()
    r = runner.invoke(app, ["--db", sqlite_url, "--redis", "redis://127.0.0.1:6379/0", "--no-open"])
    assert r.exit_code == 2 and "PostgreSQL" in r.output
    r = runner.invoke(app, ["--db", pg_url, "--redis", "http://127.0.0.1:6379", "--no-open"])
    assert r.exit_code == 2 and "unsupported Redis URL" in r.output


def test_bus_messages_list_each_game_once_and_skip_our_own() -> None:
    from meeple.server.bus import PER_MESSAGE, parse, payloads, split

    ids = [f"g{i}" for i in range(PER_MESSAGE + 5)] + ["+seats-changed"]
    messages = payloads("me", ids + ids[:3])
    assert len(messages) == 2 and all(m.startswith("me|") for m in messages)
    assert parse(messages[0], "other") + parse(messages[1].encode(), "other") == ids
    assert parse(messages[0], "me") == []
    assert parse("no separator", "other") == [] and parse("x|" + "y" * 40, "other") == []
    assert split("+seats-changed") == ("seats-changed", True) and split("g1") == ("g1", False)


def test_a_change_announced_while_a_process_loads_the_game_is_caught_up(sqlite_url: str, monkeypatch) -> None:
    """Process B reads a game from the database; process A writes a move and announces it before B has
    the game in memory. B must still end up at A's sequence number (not wait for the game's next write)."""
    import asyncio

    from meeple.server import Settings
    from meeple.server import db as storage
    from meeple.server.hub import Hub

    real_load = storage.load_game

    def slow_load(engine, gid):  # runs in a thread: read, then give A time to move and announce
        data = real_load(engine, gid)
        time.sleep(0.3)
        return data

    async def scenario() -> int:
        a, b = Hub(Settings(db_url=sqlite_url)), Hub(Settings(db_url=sqlite_url))
        await a.start()
        await b.start()
        try:
            made = await a.create(game="peek", players=2, options={}, seats=[{"kind": "human"}] * 2, join=None,
                                  name=None, private=False, turn_timeout=None, fallback_level="random",
                                  player_name=None)
            gid = made["id"]
            monkeypatch.setattr(storage, "load_game", slow_load)
            loading = asyncio.ensure_future(b.get(gid))
            await asyncio.sleep(0.1)  # B has read the game at seq 0 and is still loading it
            g = a.live[gid]
            seat = g.state.to_move()[0]
            await a.move(gid, seat, 0, None, "peek" if seat == 1 else str(g.state.legal_actions(seat)[0]))
            b._on_games([gid])  # A's announcement reaches B
            await loading
            for _ in range(100):
                if b.live[gid].seq == 1:
                    break
                await asyncio.sleep(0.02)
            return b.live[gid].seq
        finally:
            await a.stop()
            await b.stop()

    assert asyncio.run(scenario()) == 1
