"""Turn-based games (issue 40, part 1): a time per move from 1 hour to 3 days, kept in the database.

A fake clock (``hub.clock``) stands in for the days: a timed-out decision is played by the seat's
fallback bot and marked, three misses in a row hand the seat to its bot, a move clears its deadline,
the abandon sweep leaves the game alone, and the clock survives a restart and two processes."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa

from meeple.server import Settings, db
from meeple.server.accounts import CSRF_HEADER
from meeple.server.hub import Hub
from meeple.server.settings import normalize_db_url
from meeple.server.turn_clock import DAY, HOUR, MISSES_BEFORE_REPLACED

from .helpers import FakeClock, auth, client, create, humans

PASSWORD = "correct horse battery"
TURNS = {"pace": "turns", "move_seconds": DAY, "fallback_level": "random"}
QUIET = {"deadline_check_every": 3600.0}  # the server's own sweep stays out of the way: the tests sweep



@pytest.fixture
def turns_client(sqlite_url: str) -> Iterator[tuple[Any, FakeClock]]:
    with client(sqlite_url, **QUIET) as c:
        clock = FakeClock()
        c.app.state.hub.clock = clock
        yield c, clock


def summary(c: Any, gid: str) -> dict[str, Any]:
    r = c.get(f"/api/games/{gid}")
    assert r.status_code == 200, r.text
    return r.json()


def timeouts(c: Any, now: float) -> list[tuple[str, int]]:
    return c.portal.call(c.app.state.hub.play_timeouts, now)


def due_seat(c: Any, gid: str) -> int:
    """The first seat to move (a person's, whose clock runs)."""
    seat = c.get(f"/api/games/{gid}/spectate").json()["to_move"][0]
    assert summary(c, gid)["seats"][seat]["deadline"] is not None
    return seat


def stored_seats(c: Any, gid: str) -> list[dict[str, Any]]:
    with c.app.state.hub.engine.connect() as conn:
        return [dict(r) for r in conn.execute(sa.select(db.seats).where(db.seats.c.game_id == gid)
                                              .order_by(db.seats.c.seat)).mappings()]


def two_accounts_game(c: Any, **extra: Any) -> tuple[str, list[str]]:
    """A rated turn-based Kingsburg game between the accounts Ann (seat 0) and Bob (seat 1); their seat
    tokens (the cookies are cleared afterwards: every request below speaks with a token)."""
    c.cookies.clear()
    assert c.post("/api/accounts", json={"name": "Ann", "password": PASSWORD}).status_code == 201
    r = c.post("/api/games", json={"game": "kingsburg", "players": 2, "seats": [{"kind": "human"}] * 2,
                                   "rated": True, **TURNS, **extra},
               headers={CSRF_HEADER: c.cookies.get("meeple_csrf")})
    assert r.status_code == 201, r.text
    made = r.json()
    c.cookies.clear()
    assert c.post("/api/accounts", json={"name": "Bob", "password": PASSWORD}).status_code == 201
    r = c.post(f"/api/games/{made['id']}/join", json={"invite": made["invites"][0]["code"]},
               headers={CSRF_HEADER: c.cookies.get("meeple_csrf")})
    assert r.status_code == 200, r.text
    c.cookies.clear()
    return made["id"], [made["token"], r.json()["token"]]


def move_first_legal(c: Any, gid: str, token: str) -> dict[str, Any]:
    v = c.get(f"/api/games/{gid}/view", headers=auth(token)).json()
    assert v["your_turn"], v["to_move"]
    r = c.post(f"/api/games/{gid}/actions", headers=auth(token), json={"seq": v["seq"], "action": v["legal"][0]["action"]})
    assert r.status_code == 200, r.text
    return r.json()


# ---------------------------------------------------------------------------------------------- set-up
def test_the_clock_starts_when_every_seat_is_taken_and_the_summary_says_the_pace(turns_client) -> None:
    c, clock = turns_client
    made = create(c, "kingsburg", 2, seats=[{"kind": "human"}] * 2, **TURNS)
    s = summary(c, made["id"])
    assert (s["pace"], s["move_seconds"], s["status"]) == ("turns", DAY, "open")
    assert [x["deadline"] for x in s["seats"]] == [None, None]  # nobody's clock runs before the game starts
    clock.now += 5 * HOUR  # the friend joins hours later
    r = c.post(f"/api/games/{made['id']}/join", json={"invite": made["invites"][0]["code"]})
    assert r.status_code == 200, r.text
    s = summary(c, made["id"])
    due = c.get(f"/api/games/{made['id']}/spectate").json()["to_move"]
    assert s["status"] == "active" and due == [0]
    assert [x["deadline"] for x in s["seats"]] == [clock.now + DAY, None]
    assert [x["deadline"] for x in stored_seats(c, made["id"])] == [clock.now + DAY, None]
    listed = {g["id"]: g for g in c.get("/api/lobby").json()["active"]}[made["id"]]
    assert (listed["pace"], listed["move_seconds"]) == ("turns", DAY)
    realtime = create(c, "kingsburg", 2)
    assert (summary(c, realtime["id"])["pace"], summary(c, realtime["id"])["move_seconds"]) == ("realtime", None)
    plain = c.get(f"/api/games/{realtime['id']}/view", headers=auth(realtime["token"])).json()
    assert "pace" not in plain and not any("deadline" in s for s in plain["seats"])  # real time: views as before


@pytest.mark.parametrize("extra, reason", [
    ({"pace": "turns"}, "server.move_seconds_needed"),
    ({"pace": "turns", "move_seconds": HOUR - 1}, "server.move_seconds_range"),
    ({"pace": "turns", "move_seconds": 3 * DAY + 1}, "server.move_seconds_range"),
    ({"pace": "turns", "move_seconds": 0}, "server.move_seconds_range"),
    ({"pace": "turns", "move_seconds": -DAY}, "server.move_seconds_range"),
    ({"move_seconds": DAY}, "server.move_seconds_realtime"),
    ({"pace": "realtime", "move_seconds": DAY}, "server.move_seconds_realtime"),
    ({"pace": "turns", "move_seconds": DAY, "referee": True}, "server.turns_referee"),
    ({"pace": "turns", "move_seconds": DAY, "turn_timeout": 60}, "server.turns_turn_timeout"),
    ({"pace": "slow", "move_seconds": DAY}, "pace"),
    ({"pace": None, "move_seconds": DAY}, "pace"),
    ({"pace": "turns", "move_seconds": 3600.5}, "move_seconds"),
    ({"pace": "turns", "move_seconds": "86400"}, "move_seconds"),
    ({"pace": "turns", "move_seconds": True}, "move_seconds"),
])
def test_a_bad_pace_or_time_per_move_is_refused_and_nothing_is_stored(sqlite_url: str, extra: dict[str, Any],
                                                                      reason: str) -> None:
    with client(sqlite_url) as c:
        r = c.post("/api/games", json={"game": "kingsburg", "players": 2, **extra})
        assert r.status_code == 422, r.text
        body = r.json()
        if reason.startswith("server."):
            assert body["error"] == reason and ("turn" in body["detail"] or "move" in body["detail"])
            zh = c.post("/api/games?lang=zh", json={"game": "kingsburg", "players": 2, **extra}).json()
            assert zh["error"] == reason and zh["detail"] != body["detail"]
        else:  # refused by the request's shape: the field is named
            assert reason in body["detail"], body
        with c.app.state.hub.engine.connect() as conn:
            assert conn.execute(sa.select(sa.func.count()).select_from(db.games)).scalar() == 0
            assert conn.execute(sa.select(sa.func.count()).select_from(db.seats)).scalar() == 0


def test_the_bounds_are_accepted_and_the_catalog_tells_them(turns_client) -> None:
    c, _ = turns_client
    assert c.get("/api/catalog").json()["turn_based"] == {
        "move_seconds_min": HOUR, "move_seconds_max": 3 * DAY, "presets": [HOUR, 12 * HOUR, DAY, 2 * DAY, 3 * DAY],
        "misses_before_replaced": MISSES_BEFORE_REPLACED}
    for seconds in (HOUR, 12 * HOUR, 2 * DAY, 3 * DAY):
        made = create(c, "kingsburg", 2, seats=[{"kind": "human"}] * 2, pace="turns", move_seconds=seconds)
        assert summary(c, made["id"])["move_seconds"] == seconds


# ---------------------------------------------------------------------------------------------- timeouts
def test_a_timeout_is_played_by_the_fallback_bot_and_marked_for_rating(turns_client) -> None:
    c, clock = turns_client
    hub = c.app.state.hub
    gid, tokens = two_accounts_game(c)
    start = clock.now
    assert due_seat(c, gid) == 0
    assert timeouts(c, start + DAY - 1) == []  # not yet
    del hub.live[gid]  # the game left memory (idle): its clock is in the database
    clock.now = start + DAY + 1
    assert timeouts(c, clock.now) == [(gid, 0)]
    assert timeouts(c, clock.now) == []  # played once
    g = hub.live[gid]
    assert [m.seat for m in g.moves] == [0] and g.seq == 1
    ann = stored_seats(c, gid)[0]
    assert (ann["bot_moves"], ann["misses"], ann["away"], ann["left_game"]) == (1, 1, False, False)
    s = summary(c, gid)
    assert s["seats"][0]["misses"] == 1 and not s["seats"][0]["away"]
    # the next decision's clock runs from the timeout
    due = c.get(f"/api/games/{gid}/spectate").json()["to_move"]
    for seat in due:
        assert s["seats"][seat]["deadline"] == clock.now + DAY
    # Ann is back and moves herself: her run of misses ends
    while 0 not in c.get(f"/api/games/{gid}/spectate").json()["to_move"]:
        seat = due_seat(c, gid)
        move_first_legal(c, gid, tokens[seat])
    move_first_legal(c, gid, tokens[0])
    assert stored_seats(c, gid)[0]["misses"] == 0 and stored_seats(c, gid)[0]["bot_moves"] == 1


def test_the_servers_own_sweep_plays_a_timeout(sqlite_url: str) -> None:
    with client(sqlite_url, deadline_check_every=0.05) as c:
        clock = FakeClock()
        c.app.state.hub.clock = clock
        gid, _ = humans(c, "kingsburg", 2, **TURNS)
        time.sleep(0.3)
        assert summary(c, gid)["seq"] == 0  # not before the deadline
        clock.now += DAY + 1
        deadline = time.monotonic() + 20
        while summary(c, gid)["seq"] == 0:
            assert time.monotonic() < deadline, "the sweep did not play the timeout"
            time.sleep(0.05)
        assert summary(c, gid)["seats"][0]["misses"] == 1


def test_a_move_clears_the_deadline_or_starts_the_next(turns_client) -> None:
    c, clock = turns_client
    gid, tokens = humans(c, "kingsburg", 2, **TURNS)
    for _ in range(12):
        before = {s["seat"]: s["deadline"] for s in summary(c, gid)["seats"]}
        clock.now += 2 * HOUR
        mover = due_seat(c, gid)
        done = move_first_legal(c, gid, tokens[mover])
        after = {s["seat"]: s["deadline"] for s in summary(c, gid)["seats"]}
        still_due = mover in done["view"]["to_move"]
        assert after[mover] == (clock.now + DAY if still_due else None)  # a new decision, a new time
        for seat in done["view"]["to_move"]:
            if seat != mover:
                assert after[seat] == (before[seat] or clock.now + DAY)
        for seat in after:
            if seat not in done["view"]["to_move"]:
                assert after[seat] is None
        assert [s["deadline"] for s in stored_seats(c, gid)] == [after[0], after[1]]
        shown = done["view"]  # the board's view says the pace and each due seat's deadline
        assert (shown["pace"], shown["move_seconds"]) == ("turns", DAY)
        assert [s.get("deadline") for s in shown["seats"]] == [after[0], after[1]]
    assert timeouts(c, clock.now + DAY - 1) == []


def test_misses_in_a_row_hand_the_seat_to_its_bot_until_the_person_comes_back(turns_client) -> None:
    c, clock = turns_client
    hub = c.app.state.hub
    gid, tokens = humans(c, "kingsburg", 2, **TURNS)
    misses = {0: 0, 1: 0}
    while max(misses.values()) < MISSES_BEFORE_REPLACED:
        clock.now += DAY + 1
        played = timeouts(c, clock.now)
        assert played
        for _, seat in played:
            misses[seat] += 1
        stored = stored_seats(c, gid)
        assert [s["misses"] for s in stored] == [misses[0], misses[1]]
        for seat in (0, 1):
            assert stored[seat]["away"] == (misses[seat] >= MISSES_BEFORE_REPLACED)
    [gone] = [seat for seat, n in misses.items() if n == MISSES_BEFORE_REPLACED]
    other = 1 - gone
    v = c.get(f"/api/games/{gid}/view", headers=auth(tokens[gone])).json()
    assert v["seats"][gone]["away"] and v["seats"][gone]["bot_playing"]
    assert stored_seats(c, gid)[gone]["deadline"] is None  # a bot needs no clock
    assert not stored_seats(c, gid)[gone]["left_game"]  # replaced, not left: the rating reads its bot moves
    # its bot plays on (without waiting for a clock) while the other person's clock still runs
    for _ in range(200):
        if other in c.get(f"/api/games/{gid}/spectate").json()["to_move"]:
            break
        time.sleep(0.02)
    assert other in c.get(f"/api/games/{gid}/spectate").json()["to_move"]
    assert summary(c, gid)["seats"][other]["deadline"] is not None
    # the person comes back (as after /leave): their seat, a new run of misses, a full time when due
    assert c.post(f"/api/games/{gid}/reclaim", headers=auth(tokens[gone])).status_code == 200
    back = stored_seats(c, gid)[gone]
    assert not back["away"] and back["misses"] == 0
    assert hub.live[gid].seats[gone]["misses"] == 0


# ---------------------------------------------------------------------------------------------- abandon sweep
def test_the_abandon_sweep_never_closes_a_turn_based_game(turns_client) -> None:
    c, clock = turns_client
    hub = c.app.state.hub
    turn_based, tokens = humans(c, "kingsburg", 2, **TURNS)
    rated, _ = two_accounts_game(c)
    waiting = create(c, "kingsburg", 2, seats=[{"kind": "human"}] * 2, **TURNS)  # nobody joined yet
    realtime, _ = humans(c, "kingsburg", 2)
    a_day_later = clock.now + DAY
    closed = c.portal.call(hub.close_abandoned, a_day_later)
    assert closed == [realtime]
    for gid in (turn_based, rated, waiting["id"]):
        assert summary(c, gid)["status"] in ("active", "open")
    assert not any(s["away"] or s["left_game"] for s in stored_seats(c, rated))  # not handed to the bots
    assert c.portal.call(hub.close_abandoned, clock.now + 30 * DAY) == []
    move_first_legal(c, turn_based, tokens[due_seat(c, turn_based)])  # and it plays on


# ---------------------------------------------------------------------------------------------- restarts, processes
def _make_turn_based(hub: Hub) -> Any:
    async def make() -> str:
        made = await hub.create(game="kingsburg", players=2, options={}, seats=[{"kind": "human"}] * 2, join=0,
                                name=None, private=False, turn_timeout=None, fallback_level="random",
                                player_name="Ann", pace="turns", move_seconds=DAY)
        await hub.join(made["id"], 1, made["invites"][0]["code"], "Bob")
        return made["id"]
    return make()


def test_the_clock_survives_a_restart(db_url: str) -> None:
    clock = FakeClock()

    async def scenario() -> tuple[str, bool, list[tuple[str, int]], list[tuple[str, int]], int]:
        first = Hub(Settings(db_url=db_url, **QUIET))
        first.clock = clock
        await first.start()
        gid = await _make_turn_based(first)
        await first.stop()
        clock.now += 2 * DAY  # the server was down while the deadline passed
        second = Hub(Settings(db_url=db_url, **QUIET))
        second.clock = clock
        await second.start()
        try:
            await asyncio.sleep(0.2)
            held_at_start = gid in second.live  # people only: not resumed, its clock is in the database
            played = await second.play_timeouts()
            again = await second.play_timeouts()
            return gid, held_at_start, played, again, second.live[gid].seq
        finally:
            await second.stop()

    gid, held_at_start, played, again, seq = asyncio.run(scenario())
    assert not held_at_start
    assert played == [(gid, 0)] and again == [] and seq == 1


def test_two_processes_play_each_timeout_once(pg_url: str) -> None:
    clock = FakeClock()

    async def scenario() -> tuple[list[str], list[list[tuple[str, int]]], list[int]]:
        a, b = Hub(Settings(db_url=pg_url, **QUIET)), Hub(Settings(db_url=pg_url, **QUIET))
        for hub in (a, b):
            hub.clock = clock
            await hub.start()
        try:
            gids = [await _make_turn_based(a) for _ in range(4)]
            for gid in gids:
                await b.get(gid)  # both hold every game
            clock.now += DAY + 1
            played = await asyncio.gather(a.play_timeouts(), b.play_timeouts())
            await asyncio.sleep(0.3)
            engine = sa.create_engine(normalize_db_url(pg_url))
            try:
                with engine.connect() as conn:
                    counts = [conn.execute(sa.select(sa.func.count()).select_from(db.events)
                                           .where(db.events.c.game_id == gid)).scalar() for gid in gids]
            finally:
                engine.dispose()
            return gids, list(played), counts
        finally:
            await a.stop()
            await b.stop()

    gids, played, counts = asyncio.run(scenario())
    assert sorted(played[0] + played[1]) == sorted((gid, 0) for gid in gids)  # each once, by one of them
    assert counts == [1, 1, 1, 1]


def test_games_stored_before_migration_0010_are_real_time(db_url: str) -> None:
    from .test_migrations import upgrade_to

    engine = db.make_engine(normalize_db_url(db_url))
    try:
        with engine.begin() as conn:
            upgrade_to(conn, "0009")
            conn.execute(sa.text(
                "INSERT INTO games (id, game, players, options, seed, status, private, created_at, updated_at) "
                "VALUES ('old', 'kingsburg', 2, '{}', 1, 'active', false, 0, 0)"))
            conn.execute(sa.text(
                "INSERT INTO seats (game_id, seat, kind, level, claimed, away) VALUES "
                "('old', 0, 'human', 'random', true, false), ('old', 1, 'bot', 'random', true, false)"))
            upgrade_to(conn, "head")
            game = conn.execute(sa.select(db.games.c.pace, db.games.c.move_seconds)).one()
            seats = conn.execute(sa.select(db.seats.c.deadline, db.seats.c.misses).order_by(db.seats.c.seat)).all()
        assert tuple(game) == ("realtime", None)
        assert [tuple(s) for s in seats] == [(None, 0), (None, 0)]
    finally:
        engine.dispose()
