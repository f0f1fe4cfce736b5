"""The writer's group commit: a batch that cannot be written whole is retried event by event, so only
the offending event fails (with the database's IntegrityError) and the others are committed."""

from __future__ import annotations

import asyncio
import time

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from meeple.server import db
from meeple.server.bus import Move, parse
from meeple.server.settings import normalize_db_url
from meeple.server.writer import EventRow, Writer


def add_game(engine, gid: str) -> None:
    now = time.time()
    seat = {"game_id": gid, "seat": 0, "kind": "bot", "level": "random", "name": None, "token_hash": None,
            "invite_hash": None, "claimed": True, "away": False}
    with engine.begin() as conn:
        db.insert_game(conn, row={"id": gid, "game": "peek", "players": 1, "options": "{}", "seed": 1,
                                  "status": "active", "private": False, "turn_timeout": None, "name": None,
                                  "created_at": now, "updated_at": now, "finished_at": None}, seat_rows=[seat])


def engine_with_games(url: str, *games: str):
    """A migrated engine for ``url`` (normalized) holding the given one-seat games."""
    engine = db.make_engine(url)
    db.migrate(engine)
    for gid in games:
        add_game(engine, gid)
    return engine


def write_and_hear(writer: Writer, write, listener) -> list[str]:
    """Run the coroutine function ``write``, close ``writer``; the NOTIFY payloads ``listener`` heard."""
    try:
        asyncio.run(write())
    finally:
        writer.close()
    notes = [n.payload for n in listener.notifies(timeout=1.0)]
    listener.close()
    return notes


def test_a_duplicate_sequence_number_fails_alone(db_url: str) -> None:
    url = normalize_db_url(db_url)
    engine = engine_with_games(url, "g1")
    writer = Writer(engine, inline=not url.startswith("postgresql"))

    async def write_batches() -> list[object]:
        first = await writer.submit(EventRow("g1", 1, 0, "move", '{"name":"a","args":[]}', "me"))
        # one batch: event 2, a second event 1 (taken), event 3
        futures = [writer.submit(EventRow("g1", s, 0, "move", '{"name":"a","args":[]}', "me")) for s in (2, 1, 3)]
        return [first, *await asyncio.gather(*futures, return_exceptions=True)]

    try:
        results = asyncio.run(write_batches())
    finally:
        writer.close()
    assert results[0] is None and results[1] is None and results[3] is None
    assert isinstance(results[2], IntegrityError)
    with engine.connect() as conn:
        seqs = [r[0] for r in conn.execute(select(db.events.c.seq).where(db.events.c.game_id == "g1").order_by(db.events.c.seq))]
    engine.dispose()
    assert seqs == [1, 2, 3]


def test_events_and_notifies_commit_together_on_postgresql(pg_url: str) -> None:
    import psycopg

    url = normalize_db_url(pg_url)
    engine = engine_with_games(url, "g1", "g2")
    listener = psycopg.connect(pg_url, autocommit=True)
    listener.execute("LISTEN meeple")
    writer = Writer(engine)

    async def write() -> None:
        await asyncio.gather(*(writer.submit(EventRow(g, s, 0, "move", "{}", "me")) for g in ("g1", "g2") for s in (1, 2)),
                             writer.submit(EventRow("g2", 3, 0, "move", "{}", None)))

    notes = write_and_hear(writer, write, listener)
    heard = [n for p in notes for n in parse(p, "other")]
    assert all(p.startswith("me|") for p in notes), notes
    # every announced move with its action; the row sent without an origin (over Redis) is not here
    assert sorted(heard) == [Move(g, s, 0, {}) for g in ("g1", "g2") for s in (1, 2)], notes
    assert len(notes) < len(heard)  # one NOTIFY per batch, not one per move
    with engine.connect() as conn:
        assert sorted(conn.execute(select(db.events.c.seq).where(db.events.c.game_id == "g2")).scalars()) == [1, 2, 3]
    engine.dispose()

