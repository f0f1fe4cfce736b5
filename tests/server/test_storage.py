"""Storage written with plain SQL (game creation, joining, leaving, the end of a game) on both databases,
the writer's batches (multi-row SQLite inserts, JSON batches on PostgreSQL, one hand-over per loop turn),
and which writer each durability setting gets."""

from __future__ import annotations

import asyncio
import time

import pytest
import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from meeple.server import db
from meeple.server.settings import normalize_db_url
from meeple.server.writer import SQLITE_ROWS_PER_INSERT, EventRow, Writer, pg_batch_params

from .helpers import auth, client, create, humans, view
from .test_writer import engine_with_games, write_and_hear


def rows_of(url: str, table: sa.Table, gid: str) -> list[dict]:
    engine = sa.create_engine(normalize_db_url(url))
    try:
        with engine.connect() as conn:
            key = table.c.id if "id" in table.c else table.c.game_id
            return [dict(r) for r in conn.execute(sa.select(table).where(key == gid)).mappings()]
    finally:
        engine.dispose()


def test_games_and_seats_rows_on_both_databases(db_url: str) -> None:
    with client(db_url) as c:
        made = create(c, seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "random"}], players=3,
                      name="table one", private=True, turn_timeout=30.0, player_name="Ann")
        gid = made["id"]
        (game,) = rows_of(db_url, db.games, gid)
        assert game["name"] == "table one" and game["private"] is True and game["turn_timeout"] == 30.0
        assert game["status"] == "open" and game["finished_at"] is None and game["players"] == 3
        seats = sorted(rows_of(db_url, db.seats, gid), key=lambda r: r["seat"])
        assert [s["kind"] for s in seats] == ["human", "human", "bot"]
        assert [s["claimed"] for s in seats] == [True, False, True] and seats[0]["name"] == "Ann"
        assert seats[1]["invite_hash"] and seats[0]["token_hash"] and seats[2]["token_hash"] is None
        code = made["invites"][0]["code"]
        r = c.post(f"/api/games/{gid}/join", json={"seat": 1, "invite": code, "name": "Bo"})
        assert r.status_code == 200, r.text
        again = c.post(f"/api/games/{gid}/join", json={"seat": 1, "invite": code})
        assert again.status_code == 409  # the seat is taken (and its invite used up)
        seats = sorted(rows_of(db_url, db.seats, gid), key=lambda r: r["seat"])
        assert seats[1]["claimed"] is True and seats[1]["invite_hash"] is None and seats[1]["name"] == "Bo"
        assert rows_of(db_url, db.games, gid)[0]["status"] == "active"
        token = r.json()["token"]
        assert c.post(f"/api/games/{gid}/leave", headers=auth(token)).status_code == 200
        assert sorted(rows_of(db_url, db.seats, gid), key=lambda r: r["seat"])[1]["away"] is True
        assert c.post(f"/api/games/{gid}/reclaim", headers=auth(token)).status_code == 200
        assert sorted(rows_of(db_url, db.seats, gid), key=lambda r: r["seat"])[1]["away"] is False


def test_a_finished_game_is_marked_finished_on_both_databases(db_url: str) -> None:
    with client(db_url) as c:
        gid, tokens = humans(c)
        deadline = time.monotonic() + 60
        while True:
            assert time.monotonic() < deadline
            views = [view(c, gid, t) for t in tokens]
            if views[0]["over"]:
                break
            seat = next(i for i, v in enumerate(views) if v["your_turn"])
            v = views[seat]
            r = c.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]),
                       json={"seq": v["seq"], "action": v["legal"][0]["action"]})
            assert r.status_code in (200, 409), r.text
        (game,) = rows_of(db_url, db.games, gid)
        assert game["status"] == "finished" and game["finished_at"] is not None
        assert len(rows_of(db_url, db.events, gid)) == views[0]["seq"]


@pytest.mark.parametrize("inline", [True, False])
def test_sqlite_batches_longer_than_one_statement(sqlite_url: str, inline: bool) -> None:
    """More rows than one INSERT takes, submitted in one loop turn (one hand-over to the thread), with a
    duplicate among them: only the duplicate fails."""
    url = normalize_db_url(sqlite_url)
    engine = engine_with_games(url, "g1")
    writer = Writer(engine, inline=inline)
    n = SQLITE_ROWS_PER_INSERT * 2 + 7

    async def write() -> list[object]:
        first = await writer.submit(EventRow("g1", 5, 0, "move", "{}", None))
        futures = [writer.submit(EventRow("g1", s, 0, "move", '{"name":"a","args":[]}', None)) for s in range(1, n + 1)]
        return [first, *await asyncio.gather(*futures, return_exceptions=True)]

    try:
        results = asyncio.run(write())
    finally:
        writer.close()
    failed = [i for i, r in enumerate(results) if r is not None]
    assert failed == [5] and isinstance(results[5], IntegrityError)
    with engine.connect() as conn:
        seqs = sorted(conn.execute(sa.select(db.events.c.seq).where(db.events.c.game_id == "g1")).scalars())
    engine.dispose()
    assert seqs == list(range(1, n + 1))


def test_pg_batch_params_are_json() -> None:
    import json

    rows, notes = pg_batch_params([EventRow("g1", 3, 1, "move", '{"name":"a","args":[1]}', "me"),
                                   EventRow("g2", 1, 0, "undo", None, None)], 12.5)
    assert json.loads(rows) == [
        {"game_id": "g1", "seq": 3, "seat": 1, "kind": "move", "action": '{"name":"a","args":[1]}', "created_at": 12.5},
        {"game_id": "g2", "seq": 1, "seat": 0, "kind": "undo", "action": None, "created_at": 12.5},
    ]
    assert json.loads(notes) == ['me|[["g1",3,1,{"name":"a","args":[1]}]]']  # the move, action included


def test_postgresql_json_batch_stores_actions_exactly(pg_url: str) -> None:
    url = normalize_db_url(pg_url)
    engine = engine_with_games(url, "g1")
    writer = Writer(engine, pg_options=db.pg_options("process"))
    action = '{"name":"say","args":["quote \\" back\\\\slash é"]}'

    async def write() -> None:
        await asyncio.gather(writer.submit(EventRow("g1", 1, 0, "move", action, "me")),
                             writer.submit(EventRow("g1", 2, 0, "undo", None, "me")))

    try:
        asyncio.run(write())
    finally:
        writer.close()
    with engine.connect() as conn:
        got = conn.execute(sa.select(db.events.c.seq, db.events.c.kind, db.events.c.action)
                           .where(db.events.c.game_id == "g1").order_by(db.events.c.seq)).all()
    engine.dispose()
    assert [tuple(r) for r in got] == [(1, "move", action), (2, "undo", None)]


@pytest.mark.parametrize("durability, inline", [("process", True), ("power", False)])
def test_sqlite_commits_on_the_loop_only_without_fsync(sqlite_url: str, durability: str, inline: bool) -> None:
    with client(sqlite_url, durability=durability) as c:
        assert c.app.state.hub.writer.inline is inline
        gid, tokens = humans(c)
        v = next(v for v in (view(c, gid, t) for t in tokens) if v["your_turn"])
        r = c.post(f"/api/games/{gid}/actions", headers=auth(tokens[v["seat"]]),
                   json={"seq": v["seq"], "action": v["legal"][0]["action"]})
        assert r.status_code == 200 and r.json()["seq"] == 1


def test_postgresql_commits_in_the_writer_thread(pg_url: str) -> None:
    with client(pg_url) as c:
        assert c.app.state.hub.writer.inline is False


def test_the_writer_keeps_its_connection_and_replaces_a_stale_or_broken_one(db_url: str) -> None:
    url = normalize_db_url(db_url)
    engine = engine_with_games(url, "g1")
    writer = Writer(engine, inline=url.startswith("sqlite"))

    def name_game(value: str):
        return lambda conn: db.update_game(conn, "g1", name=value)

    async def run(job) -> None:
        await writer.submit(job)

    try:
        asyncio.run(run(name_game("a")))
        first = writer._conn
        asyncio.run(run(name_game("b")))
        assert writer._conn is first                       # kept between jobs
        writer._conn_used -= 3600                          # idle for an hour: back to the pool, a new one
        asyncio.run(run(name_game("c")))
        assert writer._conn is not first
        writer._conn.invalidate()                          # broken (e.g. the database restarted)
        asyncio.run(run(name_game("d")))
        assert not writer._conn.invalidated
    finally:
        writer.close()
    assert rows_of(db_url, db.games, "g1")[0]["name"] == "d"
    engine.dispose()


def test_postgresql_rows_submitted_within_the_gathering_time_share_one_batch(pg_url: str) -> None:
    import psycopg

    url = normalize_db_url(pg_url)
    engine = engine_with_games(url, "g1", "g2")
    listener = psycopg.connect(pg_url, autocommit=True)
    listener.execute("LISTEN meeple")
    writer = Writer(engine, pg_options=db.pg_options("process"), pg_gather=0.2)

    async def write() -> None:
        first = writer.submit(EventRow("g1", 1, 0, "move", "{}", "me"))
        await asyncio.sleep(0.05)                 # a later loop turn, within the gathering time
        second = writer.submit(EventRow("g2", 1, 0, "move", "{}", "me"))
        await asyncio.gather(first, second)

    notes = write_and_hear(writer, write, listener)
    engine.dispose()
    assert notes == ['me|[["g1",1,0,{}],["g2",1,0,{}]]']  # one statement, one NOTIFY for both


def test_a_restarted_server_resumes_only_the_games_it_must_act_in(db_url: str) -> None:
    """Games with a bot's seat, a person away (a bot plays for them) or timed turns are loaded at start so
    their bots and timers carry on; games between people without a timer load when asked for."""
    import asyncio

    from meeple.server import Settings
    from meeple.server.hub import Hub

    settings = Settings(db_url=db_url, bot_delay=3600)  # the bots do not move during the test

    async def make(hub: Hub, seats: list[dict], turn_timeout: float | None = None) -> str:
        made = await hub.create(game="cube-europe", players=2, options={}, seats=seats, join=None, name=None,
                                private=False, turn_timeout=turn_timeout, fallback_level="random", player_name=None)
        return made["id"]

    async def scenario() -> tuple[dict[str, str], set[str], set[str]]:
        first = Hub(settings)
        await first.start()
        people, bot, timed, away, done = "people", "bot", "timed", "away", "finished"
        ids = {
            people: await make(first, [{"kind": "human"}] * 2),
            bot: await make(first, [{"kind": "human"}, {"kind": "bot", "level": "random"}]),
            timed: await make(first, [{"kind": "human"}] * 2, turn_timeout=600),
            away: await make(first, [{"kind": "human"}] * 2),
            done: await make(first, [{"kind": "bot", "level": "random"}] * 2),
        }
        await first.set_away(first.live[ids[away]], 1, True)
        g = first.live[ids[done]]
        while not g.state.is_over():
            seat = g.state.to_move()[0]
            await first.move(ids[done], seat, g.seq, g.state.legal_actions(seat)[0].to_json(), by_bot=True)
        await first.stop()
        second = Hub(settings)
        await second.start()
        try:
            for _ in range(300):
                if len(second.live) >= 3:
                    break
                await asyncio.sleep(0.01)
            await asyncio.sleep(0.1)
            resumed = set(second.live)
            await second.get(ids[people])  # asked for: loads on demand
            return ids, resumed, set(second.live)
        finally:
            await second.stop()

    ids, resumed, after = asyncio.run(scenario())
    assert resumed == {ids["bot"], ids["timed"], ids["away"]}
    assert ids["people"] in after
