"""The table chat's storage (issue 40, migration 0011): the ``chat`` table on the server's ``metadata``
(``db`` imports this module, so the table is always there) and its statements, each run in a
transaction the caller holds (``Store.write`` or ``Store.read``).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Column, Float, ForeignKey, Index, Integer, String, Table, Text, case, func, select
from sqlalchemy.engine import Connection

from meeple.server import chat as rules
from meeple.server.db import metadata

Row = dict[str, Any]

chat = Table(  # table chat (issue 40, migration 0011): never a move, never part of the game's state
    "chat", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),  # the order lines were stored in
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    Column("seat", Integer, nullable=False),          # who said it (a seat of the game)
    Column("seq", Integer, nullable=False),           # the game's sequence number when it was said (its place in the replay)
    Column("kind", String(8), nullable=False),        # text | phrase
    Column("body", Text, nullable=False),             # the text as typed (NFC), or the quick phrase's id
    Column("created_at", Float, nullable=False),      # Unix seconds (the server's clock)
    Index("ix_chat_game", "game_id", "id"),
    Index("ix_chat_seat_time", "game_id", "seat", "created_at"),
)


def store_line(conn: Connection, gid: str, seat: int, seq: int, kind: str, body: str, now: float) -> Row | tuple[str, float]:
    """Insert the line unless a limit forbids it: the stored row, or ``(refusal, seconds to wait)``."""
    recent = conn.execute(select(func.count(), func.min(chat.c.created_at)).where(
        chat.c.game_id == gid, chat.c.seat == seat, chat.c.created_at > now - rules.WINDOW_SECONDS)).one()
    if recent[0] >= rules.PER_WINDOW:
        return "fast", float(recent[1]) + rules.WINDOW_SECONDS - now
    total, mine = conn.execute(select(func.count(), func.coalesce(func.sum(case((chat.c.seat == seat, 1), else_=0)), 0))
                               .where(chat.c.game_id == gid)).one()
    if total >= rules.GAME_CAP:
        return "game_full", 0.0
    if mine >= rules.SEAT_CAP:
        return "seat_full", 0.0
    row = {"game_id": gid, "seat": seat, "seq": seq, "kind": kind, "body": body, "created_at": now}
    line_id = conn.execute(chat.insert().values(**row)).inserted_primary_key[0]
    return {**row, "id": int(line_id)}


def lines_of(conn: Connection, gid: str, after: int = 0, limit: int | None = None) -> list[Row]:
    """The game's lines after id ``after``, oldest first: the newest ``limit`` of them (None: all)."""
    query = select(chat).where(chat.c.game_id == gid, chat.c.id > after).order_by(chat.c.id.desc())
    if limit is not None:
        query = query.limit(limit)
    return [dict(r) for r in reversed(conn.execute(query).mappings().all())]


def lines_from(conn: Connection, gid: str, first: int) -> list[Row]:
    """The game's lines from id ``first`` on (what another process announced, and any after it)."""
    query = select(chat).where(chat.c.game_id == gid, chat.c.id >= first).order_by(chat.c.id).limit(rules.PER_WINDOW * 8)
    return [dict(r) for r in conn.execute(query).mappings().all()]
