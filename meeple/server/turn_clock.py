"""Turn-based games' clock (docs/server.md, Turn-based games): a game's pace, checked at set-up, and
each person's deadline, kept in the database (``seats.deadline``, wall time).

A game is ``realtime`` (people play at one sitting; the default) or ``turns``: each person due to act
has ``move_seconds`` (1 hour to 3 days) for each decision. The clock runs once every seat is taken:
when a person's seat becomes due, its deadline is stored; when they act it is cleared (or renewed, if
the next decision is theirs too). A deadline that passes is found in the database by any server
process (``past_deadlines``); the one whose conditional update wins (``claim_deadline``) has the
seat's fallback bot play that one decision. ``MISSES_BEFORE_REPLACED`` timeouts in a row set the seat
away: its bot plays the rest, until the person takes the seat back.

>>> check_pace("turns", 86400, None, False)
('turns', 86400)
>>> check_pace(None, None, None, False)
('realtime', None)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.engine import Connection

from meeple.core import State
from meeple.server import db
from meeple.server.errors import Unprocessable

REALTIME = "realtime"
TURNS = db.TURNS
PACES = (REALTIME, TURNS)
HOUR = 3600
DAY = 24 * HOUR
MOVE_SECONDS_MIN = HOUR
"""The shortest time per move of a turn-based game (1 hour)."""
MOVE_SECONDS_MAX = 3 * DAY
"""The longest time per move of a turn-based game (3 days)."""
PRESETS = (HOUR, 12 * HOUR, DAY, 2 * DAY, 3 * DAY)
"""The times per move the lobby's set-up offers (any whole number of seconds in the bounds is accepted)."""
MISSES_BEFORE_REPLACED = 3
"""Timeouts in a row after which a seat is set away: its fallback bot plays the rest of the game."""
TIMEOUT_LEASE = 60.0
"""Seconds a process that claimed a timeout has to play it; past them another process may (it died)."""

Row = dict[str, Any]


def check_pace(pace: str | None, move_seconds: Any, turn_timeout: float | None, referee: bool) -> tuple[str, int | None]:
    """The ``(pace, move_seconds)`` of a new game, or Unprocessable saying why not: a turn-based game
    needs a whole number of seconds per move from ``MOVE_SECONDS_MIN`` to ``MOVE_SECONDS_MAX``, and is
    neither a referee game (its table plays at one sitting) nor given a real-time ``turn_timeout``; a
    real-time game takes no ``move_seconds``."""
    pace = pace or REALTIME
    if pace not in PACES:
        raise Unprocessable("server.pace_unknown", args={"given": repr(pace)[:24]})
    if pace == REALTIME:
        if move_seconds is not None:
            raise Unprocessable("server.move_seconds_realtime")
        return pace, None
    if move_seconds is None:
        raise Unprocessable("server.move_seconds_needed")
    if (isinstance(move_seconds, bool) or not isinstance(move_seconds, int)
            or not MOVE_SECONDS_MIN <= move_seconds <= MOVE_SECONDS_MAX):
        raise Unprocessable("server.move_seconds_range", args={
            "given": repr(move_seconds)[:24], "low": MOVE_SECONDS_MIN, "high": MOVE_SECONDS_MAX})
    if referee:
        raise Unprocessable("server.turns_referee")
    if turn_timeout is not None:
        raise Unprocessable("server.turns_turn_timeout")
    return pace, move_seconds


def is_turn_based(row: Row) -> bool:
    return row.get("pace") == TURNS


def clock_due(state: State, seat_rows: Sequence[Row]) -> set[int]:
    """The seats whose clock runs in ``state``: every seat taken (the game has started), and a person's
    seat (claimed, not away: a bot needs no clock) among those to move."""
    if state.is_over() or any(r["kind"] == "human" and not r["claimed"] for r in seat_rows):
        return set()
    movers = set(state.to_move())
    return {int(r["seat"]) for r in seat_rows
            if r["kind"] == "human" and r["claimed"] and not r["away"] and r["seat"] in movers}


def deadline_changes(state: State, seat_rows: Sequence[Row], until: float, fresh: int | None = None) -> dict[int, float | None]:
    """The seats whose stored deadline changes now (seat → new deadline, None: cleared): a seat due keeps
    its deadline, or gets ``until`` if it had none or it is ``fresh`` (it has just acted, or its time ran
    out, and its next decision is due: a new decision, a new time); a seat not due has none."""
    due = clock_due(state, seat_rows)
    changes: dict[int, float | None] = {}
    for r in seat_rows:
        seat, old = int(r["seat"]), r.get("deadline")
        new = (until if old is None or seat == fresh else old) if seat in due else None
        if new != old:
            changes[seat] = new
    return changes


def write_deadlines(conn: Connection, game_id: str, state: State, move_seconds: int, now: float,
                    fresh: int | None = None) -> list[Row]:
    """Inside a write transaction: store the deadlines of ``state`` (``deadline_changes`` from the seat
    rows as this transaction sees them); the seat rows after it."""
    rows = db.seat_rows(conn, game_id)
    for seat, deadline in deadline_changes(state, rows, now + move_seconds, fresh).items():
        db.update_seat(conn, game_id, seat, deadline=deadline)
        rows[seat]["deadline"] = deadline
    return rows


def record_turn(conn: Connection, game_id: str, seat: int, timed_out: bool) -> None:
    """Inside a move's transaction: a person's own move ends their run of misses; a timeout adds one,
    and the ``MISSES_BEFORE_REPLACED``-th in a row sets the seat away (its bot plays the rest)."""
    seats = db.seats
    where = (seats.c.game_id == game_id, seats.c.seat == seat)
    if not timed_out:
        conn.execute(seats.update().where(*where, seats.c.misses != 0).values(misses=0))
        return
    conn.execute(seats.update().where(*where).values(misses=seats.c.misses + 1))
    conn.execute(seats.update().where(*where, seats.c.misses >= MISSES_BEFORE_REPLACED,
                                      seats.c.away.is_(False)).values(away=True))


def past_deadlines(conn: Connection, now: float, limit: int) -> list[tuple[str, int, float]]:
    """Up to ``limit`` seats of turn-based games in play whose deadline has passed at ``now``, the
    longest overdue first: ``(game id, seat, deadline)``."""
    seats, games = db.seats, db.games
    query = (select(seats.c.game_id, seats.c.seat, seats.c.deadline)
             .join(games, games.c.id == seats.c.game_id)
             .where(seats.c.deadline <= now, games.c.status.in_(db.PLAYING), games.c.pace == TURNS)
             .order_by(seats.c.deadline).limit(limit))
    return [(r[0], int(r[1]), float(r[2])) for r in conn.execute(query)]


def claim_deadline(conn: Connection, game_id: str, seat: int, deadline: float, until: float) -> bool:
    """Take the timeout of a seat whose deadline ``deadline`` passed: only if it is still stored as read
    (no move, no other process took it), moved on to ``until`` (if the process that took it stops
    before its bot moves, the seat is due again then). False: someone else has it, or it moved."""
    seats = db.seats
    res = conn.execute(seats.update().where(seats.c.game_id == game_id, seats.c.seat == seat,
                                            seats.c.deadline == deadline).values(deadline=until))
    return res.rowcount == 1
