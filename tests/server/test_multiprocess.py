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

    from meeple.server.bus import Move, parse

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
                origin = message["data"].decode().partition("|")[0]
                if any(isinstance(n, Move) and n.game_id == gid for n in parse(message["data"], "test")):
                    origins.add(origin)
        assert len(origins) == 2, "both processes announce their moves, with their actions, on Redis"
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
    from meeple.server.bus import MAX_PAYLOAD, parse, payloads, split

    ids = [f"game-{i:012d}" for i in range(800)] + ["+seats-changed"]
    messages = payloads("me", ids + ids[:3])
    assert len(messages) > 1 and all(m.startswith("me|") for m in messages)
    assert all(len(m.encode()) <= MAX_PAYLOAD < 8000 for m in messages)
    assert [n for m in messages for n in parse(m.encode(), "other")] == ids
    assert parse(messages[0], "me") == []
    assert parse("no separator", "other") == [] and parse("x|not json", "other") == []
    assert parse('x|["' + "y" * 40 + '", "ok", 7, [1, 2], ["g", "1", 0, {}]]', "other") == ["ok"]
    assert split("+seats-changed") == ("seats-changed", True) and split("g1") == ("g1", False)


def test_bus_messages_carry_moves_with_their_actions() -> None:
    from meeple.server.bus import MAX_MOVE, MAX_PAYLOAD, Move, parse, payloads

    moves = [Move(f"g{i % 7}", i, i % 3, '{"name":"build","args":["Wien",%d]}' % i) for i in range(300)]
    big = Move("huge", 5, 1, '{"name":"x","args":["%s"]}' % ("z" * MAX_MOVE))
    messages = payloads("me", [*moves, big, "+g1"])
    assert len(messages) > 1 and all(len(m.encode()) <= MAX_PAYLOAD for m in messages)
    heard = [n for m in messages for n in parse(m, "other")]
    assert heard[:300] == [Move(m.game_id, m.seq, m.seat, {"name": "build", "args": ["Wien", m.seq]}) for m in moves]
    assert heard[300:] == ["huge", "+g1"]  # too long to carry: the others read it from the database


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


def _two_hubs_with_a_game(sqlite_url: str, scenario):
    """Run ``scenario(a, b, gid)`` with two hubs on one SQLite file (no bus: the test hands B what A
    would announce) and a two-person game of Cube Europe that both hold in memory at seq 0."""
    import asyncio

    from meeple.server import Settings
    from meeple.server.hub import Hub

    async def run():
        a, b = Hub(Settings(db_url=sqlite_url)), Hub(Settings(db_url=sqlite_url))
        await a.start()
        await b.start()
        try:
            made = await a.create(game="cube-europe", players=2, options={}, seats=[{"kind": "human"}] * 2,
                                  join=None, name=None, private=False, turn_timeout=None,
                                  fallback_level="random", player_name=None)
            await b.get(made["id"])
            return await scenario(a, b, made["id"])
        finally:
            await a.stop()
            await b.stop()

    return asyncio.run(run())


async def _moves_on(a, gid: str, count: int) -> list:
    """``count`` moves made on hub A (its first legal action each time), as A announces them."""
    from meeple.server.bus import Move
    from meeple.server.wire import dumps

    made = []
    for _ in range(count):
        g = a.live[gid]
        seat = g.state.to_move()[0]
        action = g.state.legal_actions(seat)[0]
        seq = await a.move(gid, seat, g.seq, action.to_json())
        made.append(Move(gid, seq, seat, dumps(action.to_json())))
    return made


def _heard(moves: list) -> list:
    from meeple.server.bus import parse, payloads

    return [n for p in payloads("a", moves) for n in parse(p, "b")]


def test_a_move_heard_with_its_action_is_applied_without_reading_the_database(sqlite_url: str, monkeypatch) -> None:
    from meeple.server import db as storage

    async def scenario(a, b, gid):
        moves = await _moves_on(a, gid, 3)

        def no_read(*args):
            raise AssertionError("the move was read back from the database")

        monkeypatch.setattr(storage, "events_since", no_read)
        monkeypatch.setattr(storage, "load_since", no_read)
        version = b.live[gid].version
        b._on_games(_heard(moves))
        g = b.live[gid]
        assert g.seq == 3 and not g.refreshing and g.version == version + 3  # each move pushed to B's viewers
        assert g.state.observation(None) == a.live[gid].state.observation(None)
        b._on_games(_heard(moves[:1]))  # heard again: already applied, nothing happens
        return b.live[gid].seq

    assert _two_hubs_with_a_game(sqlite_url, scenario) == 3


def test_a_heard_move_out_of_order_or_broken_is_caught_up_from_the_database(sqlite_url: str) -> None:
    import asyncio

    from meeple.server.bus import Move

    async def settled(b, gid):
        for _ in range(200):
            if not b.live[gid].refreshing:
                return b.live[gid]
            await asyncio.sleep(0.01)
        raise AssertionError("B never finished catching up")

    async def scenario(a, b, gid):
        moves = await _moves_on(a, gid, 3)
        b._on_games(_heard(moves[2:3]))  # move 3 before moves 1 and 2: read them all from the log
        g = await settled(b, gid)
        assert g.seq == 3 and g.state.observation(None) == a.live[gid].state.observation(None)
        # move 4 as A wrote it, but heard with an action B's game refuses: B rebuilds the game from the log
        (fourth,) = await _moves_on(a, gid, 1)
        b._on_games([Move(gid, 4, fourth.seat, {"name": "no-such-action", "args": []})])
        g = await settled(b, gid)
        assert g.seq == 4 and g.state.observation(None) == a.live[gid].state.observation(None)
        return True

    assert _two_hubs_with_a_game(sqlite_url, scenario)


def test_the_bus_docstring_examples_hold() -> None:
    import doctest

    from meeple.server import bus

    assert doctest.testmod(bus).failed == 0
