"""Invites by name in the database (``db.invites``, migration 0013): the reads and writes of
``services.invites``, each given a connection (a write's inside its transaction).

An invite is ``pending`` until its invitee accepts it (``accepted``: they took the seat) or declines
it (``declined``), its inviter withdraws it (``withdrawn``), or ``expires_at`` passes. While pending and
unexpired, with its invitee's account alive and its game open, it *reserves* its seat: nobody else may
take that seat (``reserved_seats``).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import and_, func, select
from sqlalchemy.engine import Connection

from meeple.server import db
from meeple.server.accounts import name_key

PENDING = "pending"
ANSWERS = ("accepted", "declined", "withdrawn")
Row = dict[str, Any]


def live_account(conn: Connection, name: str) -> tuple[int, str] | None:
    """The id and name of the live account called ``name`` (ignoring case and spaces' runs), else None
    (no such account, or it was deleted)."""
    key = name_key(" ".join(name.split()))
    if not key or len(key) > 24:
        return None
    row = conn.execute(select(db.users.c.id, db.users.c.name).where(
        db.users.c.name_key == key, db.users.c.deleted_at.is_(None))).first()
    return None if row is None else (int(row.id), str(row.name))


def _holding(now: float) -> tuple[Any, ...]:
    """The conditions of an invite that holds its seat: pending, unexpired, its invitee's account alive."""
    inv, invitee = db.invites, db.users.alias("invitee")
    alive = select(invitee.c.id).where(invitee.c.id == inv.c.invitee_id, invitee.c.deleted_at.is_(None)).exists()
    return inv.c.status == PENDING, inv.c.expires_at > now, alive


def reserved_seats(conn: Connection, game_id: str, now: float) -> dict[int, int]:
    """The seats of ``game_id`` that a holding invite reserves: seat → the invitee's account id."""
    inv = db.invites
    rows = conn.execute(select(inv.c.seat, inv.c.invitee_id).where(inv.c.game_id == game_id, *_holding(now)))
    return {int(r.seat): int(r.invitee_id) for r in rows}


def counts(conn: Connection, game_id: str, inviter_id: int, since: float) -> tuple[int, int]:
    """How many invites were ever made for ``game_id``, and by ``inviter_id`` since ``since``."""
    inv = db.invites
    per_game = conn.execute(select(func.count()).where(inv.c.game_id == game_id)).scalar_one()
    per_day = conn.execute(select(func.count()).where(inv.c.inviter_id == inviter_id,
                                                      inv.c.created_at >= since)).scalar_one()
    return int(per_game), int(per_day)


def insert(conn: Connection, game_id: str, seat: int, inviter_id: int, invitee_id: int, now: float,
           expires_at: float) -> int:
    result = conn.execute(db.invites.insert().values(
        game_id=game_id, seat=seat, inviter_id=inviter_id, invitee_id=invitee_id, status=PENDING,
        created_at=now, expires_at=expires_at, answered_at=None))
    return int(result.inserted_primary_key[0])


def get(conn: Connection, invite_id: int) -> Row | None:
    row = conn.execute(select(db.invites).where(db.invites.c.id == invite_id)).mappings().first()
    return None if row is None else dict(row)


def answer(conn: Connection, invite_id: int, status: str, now: float) -> bool:
    """Close a pending invite as ``status`` (one of ``ANSWERS``); False if it was no longer pending."""
    assert status in ANSWERS
    inv = db.invites
    res = conn.execute(inv.update().where(inv.c.id == invite_id, inv.c.status == PENDING)
                       .values(status=status, answered_at=now))
    return res.rowcount == 1


def accept_seat(conn: Connection, game_id: str, seat: int, user_id: int, now: float) -> None:
    """Inside a join's transaction: the account ``user_id`` took ``seat``; its pending invite to that
    seat is accepted."""
    inv = db.invites
    conn.execute(inv.update().where(inv.c.game_id == game_id, inv.c.seat == seat, inv.c.invitee_id == user_id,
                                    inv.c.status == PENDING).values(status="accepted", answered_at=now))


def pending_for(conn: Connection, user_id: int, now: float, limit: int) -> list[Row]:
    """The invites holding a seat for ``user_id`` in open games, newest first, with the game's facts and
    the inviter's name."""
    inv, games, users = db.invites, db.games, db.users
    rows = conn.execute(
        select(inv.c.id, inv.c.game_id, inv.c.seat, inv.c.created_at, inv.c.expires_at, users.c.name.label("inviter"),
               games.c.game, games.c.name.label("title"), games.c.players, games.c.pace, games.c.move_seconds,
               games.c.rated)
        .join(games, games.c.id == inv.c.game_id).join(users, users.c.id == inv.c.inviter_id)
        .where(inv.c.invitee_id == user_id, games.c.status == "open", *_holding(now))
        .order_by(inv.c.created_at.desc()).limit(limit)).mappings()
    return [dict(r) for r in rows]


def seats_in_play(conn: Connection, user_id: int, limit: int) -> list[Row]:
    """The account's seats in games under way that a person plays (claimed, not away), the most
    recently changed game first: the game row's facts with ``seat``, ``deadline`` and ``last_move``
    (the time of the game's last event, None before the first)."""
    seats, games, events = db.seats, db.games, db.events
    last = (select(func.max(events.c.created_at)).where(events.c.game_id == games.c.id)
            .correlate(games).scalar_subquery())
    rows = conn.execute(
        select(games.c.id, games.c.game, games.c.name, games.c.players, games.c.pace, games.c.move_seconds,
               games.c.chance, games.c.updated_at, games.c.rated, seats.c.seat, seats.c.deadline,
               last.label("last_move"))
        .join(seats, seats.c.game_id == games.c.id)
        .where(seats.c.user_id == user_id, games.c.status == "active", seats.c.away.is_(False),
               seats.c.claimed.is_(True))
        .order_by(games.c.updated_at.desc()).limit(limit)).mappings()
    return [dict(r) for r in rows]


def recent_opponents(conn: Connection, user_id: int, limit: int) -> list[str]:
    """The live accounts that shared a game under way or finished with ``user_id``, the most recent
    game first, each once (up to ``limit``)."""
    mine, theirs, games, users = db.seats.alias("mine"), db.seats.alias("theirs"), db.games, db.users
    latest = func.max(games.c.updated_at)
    rows = conn.execute(
        select(users.c.name, latest.label("at"))
        .select_from(mine.join(theirs, and_(theirs.c.game_id == mine.c.game_id, theirs.c.user_id != mine.c.user_id))
                     .join(games, games.c.id == mine.c.game_id).join(users, users.c.id == theirs.c.user_id))
        .where(mine.c.user_id == user_id, games.c.status.in_(("active", "finished")), users.c.deleted_at.is_(None))
        .group_by(users.c.id, users.c.name).order_by(latest.desc(), users.c.name).limit(limit))
    return [str(r.name) for r in rows]


def reserved_in(conn: Connection, game_ids: list[str], now: float) -> set[tuple[str, int]]:
    """The ``(game id, seat)`` pairs among ``game_ids`` that a holding invite reserves."""
    if not game_ids:
        return set()
    inv = db.invites
    rows = conn.execute(select(inv.c.game_id, inv.c.seat).where(inv.c.game_id.in_(game_ids), *_holding(now)))
    return {(str(r.game_id), int(r.seat)) for r in rows}


def mark_reserved(conn: Connection, entries: list[dict[str, Any]], now: float) -> None:
    """Set ``reserved`` on each free seat of these games' summaries (``services.games.summary``) that an
    invite by name holds: the lobby and the join page do not offer it to anyone else."""
    held = reserved_in(conn, [e["id"] for e in entries if e.get("status") == "open"], now)
    for entry in entries:
        for seat in entry.get("seats", []):
            if seat["kind"] == "human" and not seat["claimed"]:
                seat["reserved"] = (entry["id"], seat["seat"]) in held
