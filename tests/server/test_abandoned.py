"""Closing games: abandoned when no person comes for ``abandon_after`` seconds; cancelled by their creator
before they start (issue 23). The sweep is called directly with the time to judge by: nothing sleeps."""

from __future__ import annotations

import time
from typing import Any

import pytest
import sqlalchemy as sa
from starlette.websockets import WebSocketDisconnect

from meeple.server import db
from meeple.server.settings import Settings, normalize_db_url

from .helpers import auth, client, create, humans

A = Settings().abandon_after
MARGIN = 2 * Settings().abandon_check_every  # the most stored presence may lag behind (docs/server.md)


def sweep(c: Any, now: float) -> list[str]:
    return c.portal.call(c.app.state.hub.close_abandoned, now)


def lobby_ids(c: Any) -> dict[str, list[str]]:
    r = c.get("/api/lobby")
    assert r.status_code == 200
    return {k: [g["id"] for g in v] for k, v in r.json().items()}


def one_open(c: Any) -> dict[str, Any]:
    """A public 2-person game: the creator sits, the other seat waits for someone."""
    return create(c, "cube-europe", 2, seats=[{"kind": "human"}, {"kind": "human"}])


def test_abandoned_after_the_set_time_not_before(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        hub = c.app.state.hub
        made = one_open(c)
        gid, tokens = humans(c)  # started: both seats taken
        t0 = time.time()
        assert sweep(c, t0 + A - 1) == []
        assert sweep(c, t0 + A + MARGIN - 5) == []  # within the stored presence's possible lag: kept
        assert c.get(f"/api/games/{gid}").json()["status"] == "active"
        assert gid in hub.live and made["id"] in hub.live
        assert sorted(sweep(c, t0 + A + MARGIN + 5)) == sorted([gid, made["id"]])
        assert gid not in hub.live and made["id"] not in hub.live
        for x in (gid, made["id"]):
            assert c.get(f"/api/games/{x}").json()["status"] == "abandoned"
        lists = lobby_ids(c)
        assert gid not in lists["active"] and made["id"] not in lists["open"]
        assert gid in lists["finished"] and made["id"] in lists["finished"]
        shown = {g["id"]: g for g in c.get("/api/lobby").json()["finished"]}
        assert shown[gid]["status"] == "abandoned" and shown[gid]["finished_at"]
        # the replay stays readable (no result: nobody won)
        r = c.get(f"/api/games/{gid}/replay")
        assert r.status_code == 200 and r.json()["result"] is None and r.json()["status"] == "abandoned"
        assert c.get(f"/api/games/{gid}/replay/0").status_code == 200
        assert sweep(c, t0 + 10 * A) == []  # closed once


def test_a_returning_person_is_told_in_their_language(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid, tokens = humans(c)
        seq = c.get(f"/api/games/{gid}/view", headers=auth(tokens[0])).json()["seq"]
        assert sweep(c, time.time() + A + MARGIN + 5) == [gid]
        r = c.get(f"/api/games/{gid}/view", headers=auth(tokens[0]))
        assert r.status_code == 409 and r.json()["error"] == "server.game_abandoned"
        assert "abandoned" in r.json()["detail"]
        r = c.get(f"/api/games/{gid}/view?lang=zh", headers=auth(tokens[0]))
        assert r.json()["error"] == "server.game_abandoned" and "弃局" in r.json()["detail"]
        r = c.post(f"/api/games/{gid}/actions", headers=auth(tokens[0]), json={"seq": seq, "text": "x"})
        assert r.status_code == 409 and r.json()["error"] == "server.game_abandoned"
        for path in ("leave", "reclaim"):
            r = c.post(f"/api/games/{gid}/{path}", headers=auth(tokens[1]))
            assert r.status_code == 409 and r.json()["error"] == "server.game_abandoned"
        with c.websocket_connect(f"/api/games/{gid}/ws") as ws:
            ws.send_json({"type": "hello", "token": tokens[1], "lang": "zh"})
            msg = ws.receive_json()
            assert msg["type"] == "error" and msg["error"] == "server.game_abandoned" and "弃局" in msg["detail"]
            with pytest.raises(WebSocketDisconnect):
                ws.receive_json()
        assert c.app.state.hub.live.get(gid) is None  # asking did not bring it back to life


def test_a_connected_person_or_a_request_keeps_a_game(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        hub = c.app.state.hub
        watched, tokens = humans(c)
        asked, asked_tokens = humans(c)
        left_alone, _ = humans(c)
        t0 = time.time()
        late = t0 + A + MARGIN + 5
        with c.websocket_connect(f"/api/games/{watched}/ws") as ws:
            ws.send_json({"type": "hello", "token": tokens[0]})
            assert ws.receive_json()["type"] == "view"
            hub.clock = lambda: t0 + 600  # an authenticated request ten minutes in
            assert c.get(f"/api/games/{asked}/view", headers=auth(asked_tokens[1])).status_code == 200
            hub.clock = time.time
            assert sweep(c, late) == [left_alone]  # the watched game was seen now, the asked one at t0 + 600
        stored = c.portal.call(_seen_at, hub, watched)
        assert stored == late  # the presence is stored, for the other processes' sweeps
        assert sweep(c, t0 + 600 + A + MARGIN + 5) == [asked]
        assert sweep(c, late + A - 1) == []  # the socket closed at about t0: seen last at ``late``
        assert sweep(c, late + A + MARGIN + 5) == [watched]


async def _seen_at(hub: Any, gid: str) -> float:
    def read() -> float:
        with hub.engine.connect() as conn:
            return conn.execute(sa.select(db.games.c.seen_at).where(db.games.c.id == gid)).scalar()
    import asyncio
    return await asyncio.to_thread(read)


def test_the_creator_cancels_a_game_not_started(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        hub = c.app.state.hub
        made = create(c, "citadels", 3, seats=[{"kind": "human"}] * 3)
        gid = made["id"]
        r = c.post(f"/api/games/{gid}/join", json={"seat": 1, "invite": made["invites"][0]["code"]})
        other = r.json()["token"]
        assert gid in lobby_ids(c)["open"]
        before = c.get(f"/api/games/{gid}").json()
        # refused, and nothing changes: no token, a wrong token, another player's token
        assert c.post(f"/api/games/{gid}/cancel").status_code == 401
        assert c.post(f"/api/games/{gid}/cancel", headers=auth("nope" * 8)).status_code == 401
        r = c.post(f"/api/games/{gid}/cancel", headers=auth(other))
        assert r.status_code == 403 and r.json()["error"] == "server.cancel_not_creator"
        r = c.post(f"/api/games/{gid}/cancel?lang=zh", headers=auth(other))
        assert "创建" in r.json()["detail"]
        assert c.get(f"/api/games/{gid}").json() == before and gid in hub.live
        # the creator may
        r = c.post(f"/api/games/{gid}/cancel", headers=auth(made["token"]))
        assert r.status_code == 200 and r.json()["status"] == "cancelled"
        assert gid not in hub.live
        assert c.get(f"/api/games/{gid}").json()["status"] == "cancelled"
        assert all(gid not in ids for ids in lobby_ids(c).values())
        r = c.post(f"/api/games/{gid}/join", json={"seat": 2, "invite": made["invites"][1]["code"]})
        assert r.status_code == 409 and r.json()["error"] == "server.game_cancelled"
        r = c.get(f"/api/games/{gid}/view", headers=auth(other))
        assert r.status_code == 409 and r.json()["error"] == "server.game_cancelled"
        r = c.post(f"/api/games/{gid}/cancel", headers=auth(made["token"]))
        assert r.status_code == 409 and r.json()["error"] == "server.game_cancelled"
        assert sweep(c, time.time() + 10 * A) == []  # a cancelled game is not abandoned too


def test_a_started_game_cannot_be_cancelled(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        hub = c.app.state.hub
        gid, tokens = humans(c)  # every seat taken: started
        before = c.get(f"/api/games/{gid}").json()
        r = c.post(f"/api/games/{gid}/cancel", headers=auth(tokens[0]))
        assert r.status_code == 409 and r.json()["error"] == "server.cancel_started"
        assert c.get(f"/api/games/{gid}").json() == before and gid in hub.live
        # with the creator's seat and a bot, the game starts at once: not cancellable either
        made = create(c, "cube-europe", 2, seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}])
        r = c.post(f"/api/games/{made['id']}/cancel", headers=auth(made["token"]))
        assert r.status_code == 409 and r.json()["error"] == "server.cancel_started"
        assert c.get(f"/api/games/{made['id']}").json()["status"] == "active"


def test_closing_is_stored_for_the_other_processes(pg_url: str) -> None:
    """Two hubs on one PostgreSQL: a game one of them cancels or abandons is closed for the other too,
    which drops it from memory when it hears of it."""
    with client(pg_url) as a, client(pg_url) as b:
        made = one_open(a)
        gid = made["id"]
        assert b.get(f"/api/games/{gid}").json()["status"] == "open"
        assert gid in b.app.state.hub.live
        assert a.post(f"/api/games/{gid}/cancel", headers=auth(made["token"])).status_code == 200
        deadline = time.monotonic() + 10
        while gid in b.app.state.hub.live and time.monotonic() < deadline:
            time.sleep(0.05)
        assert gid not in b.app.state.hub.live
        assert b.get(f"/api/games/{gid}").json()["status"] == "cancelled"
        r = b.post(f"/api/games/{gid}/join", json={"seat": 1, "invite": made["invites"][0]["code"]})
        assert r.status_code == 409 and r.json()["error"] == "server.game_cancelled"
        # abandoned by b's sweep, a game a holds: a hears and drops it; a person a saw keeps theirs
        gone, _ = humans(a)
        kept, kept_tokens = humans(a)
        a.app.state.hub.clock = lambda: time.time() + A
        assert a.get(f"/api/games/{kept}/view", headers=auth(kept_tokens[0])).status_code == 200
        a.app.state.hub.clock = time.time
        sweep(a, time.time() + A)  # a stores the presence it saw (its own sweep closes nothing yet)
        assert sweep(b, time.time() + A + MARGIN + 5) == [gone]
        deadline = time.monotonic() + 10
        while gone in a.app.state.hub.live and time.monotonic() < deadline:
            time.sleep(0.05)
        assert gone not in a.app.state.hub.live and kept in a.app.state.hub.live
        assert a.get(f"/api/games/{gone}").json()["status"] == "abandoned"


def test_the_migration_keeps_older_games(db_url: str) -> None:
    """0003 adds ``seen_at`` and ``creator_seat`` to a database of 0002 with games in it (SQLite and
    PostgreSQL): the old rows keep NULL, are abandoned by their ``updated_at``, and nobody may cancel them."""
    from alembic import command
    from alembic.config import Config

    engine = db.make_engine(normalize_db_url(db_url))
    try:
        cfg = Config()
        cfg.set_main_option("script_location", str(db.MIGRATIONS))
        with engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "0002")
            conn.execute(sa.text(
                "INSERT INTO games (id, game, players, options, seed, status, private, created_at, updated_at) "
                "VALUES ('old1', 'cube-europe', 2, '{}', 1, 'active', false, 1.0, 2.0)"))
        db.migrate(engine)
        with engine.begin() as conn:
            row = conn.execute(sa.select(db.games).where(db.games.c.id == "old1")).mappings().one()
            assert row["seen_at"] is None and row["creator_seat"] is None
            assert db.abandon_unseen(conn, cutoff=1.5, now=10.0, limit=10) == []
            assert db.abandon_unseen(conn, cutoff=2.5, now=10.0, limit=10) == ["old1"]
            assert conn.execute(sa.select(db.games.c.status)).scalar() == "abandoned"
    finally:
        engine.dispose()


def _write_db(c: Any, *statements: tuple[str, dict[str, Any]]) -> None:
    """Change the stored game behind this hub's back, as another server process would."""
    hub = c.app.state.hub

    async def run() -> None:
        import asyncio

        def go() -> None:
            with hub.engine.begin() as conn:
                for sql, params in statements:
                    conn.execute(sa.text(sql), params)
        await asyncio.to_thread(go)
    c.portal.call(run)


def test_a_join_racing_a_cancel_elsewhere_changes_nothing(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        made = one_open(c)
        gid = made["id"]
        _write_db(c, ("UPDATE games SET status = 'cancelled' WHERE id = :g", {"g": gid}))
        assert c.app.state.hub.live[gid].row["status"] == "open"  # this process has not heard yet
        r = c.post(f"/api/games/{gid}/join", json={"seat": 1, "invite": made["invites"][0]["code"]})
        assert r.status_code == 409 and r.json()["error"] == "server.game_cancelled"
        summary = c.get(f"/api/games/{gid}").json()
        assert summary["status"] == "cancelled" and summary["seats"][1]["claimed"] is False  # rolled back
        assert gid not in c.app.state.hub.live


def test_a_cancel_racing_a_join_elsewhere_changes_nothing(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        made = one_open(c)
        gid = made["id"]
        _write_db(c, ("UPDATE seats SET claimed = true WHERE game_id = :g AND seat = 1", {"g": gid}),
                  ("UPDATE games SET status = 'active' WHERE id = :g", {"g": gid}))
        r = c.post(f"/api/games/{gid}/cancel", headers=auth(made["token"]))
        assert r.status_code == 409 and r.json()["error"] == "server.cancel_started"
        assert c.get(f"/api/games/{gid}").json()["status"] == "active"
        assert gid in c.app.state.hub.live


@pytest.mark.parametrize("value", [0.0, 59.0, -1.0, float("nan"), 31 * 86400.0])
def test_the_operator_sets_abandon_after_within_bounds(sqlite_url: str, value: float) -> None:
    with pytest.raises(ValueError, match="abandon-after"):
        Settings(db_url=sqlite_url, abandon_after=value).check()
    Settings(db_url=sqlite_url, abandon_after=60.0).check()
    Settings(db_url=sqlite_url, abandon_after=30 * 86400.0).check()
