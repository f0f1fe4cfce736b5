"""The storage object in front of the database: the SQLAlchemy engine, the group-commit writer and
SQLite's checkpoints, opened and closed together, and the only way the services and the routes read or
write (``db`` holds the tables and the statements).

>>> store = Store(settings); await store.open()
>>> rows = await store.read(ratings.leaderboard, "cube-europe", "2p", 50)   # a connection, in a thread
>>> await store.write(partial(db.update_game, game_id=gid, hints=3))      # one transaction, group-committed
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy.engine import Connection, Engine

from meeple.server import db
from meeple.server.settings import Settings
from meeple.server.writer import PG_GATHER, Writer

Rows = list[dict[str, Any]]


class Store:
    """Where games, seats, events, accounts and ratings are kept (SQLite or PostgreSQL, ``Settings``)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.engine: Engine | Any = None
        self.writer: Writer | None = None
        self.checkpointer: db.Checkpointer | None = None

    async def open(self) -> None:
        """Connect, migrate the schema to the newest revision and start the writer (and, for a SQLite
        file, the background checkpoints)."""
        url = self.settings.sqlalchemy_url()
        sqlite_file = url.startswith("sqlite") and db.sqlite_path(url)
        durability = self.settings.durability
        self.engine = db.make_engine(url, background_checkpoints=bool(sqlite_file), durability=durability)
        await asyncio.to_thread(db.migrate, self.engine)
        if sqlite_file:
            self.checkpointer = db.Checkpointer(sqlite_file)
        # SQLite with durability "process" commits on the event loop, once per loop turn: a commit is a
        # write into the WAL without fsync (tens of microseconds), and a thread would cost more in
        # hand-overs of the GIL than it saves. With "power" every commit waits for an fsync, and
        # PostgreSQL for a round trip: those commit in the writer thread, beside the event loop.
        inline = bool(sqlite_file) and durability == "process"
        postgres = self.settings.is_postgres
        self.writer = Writer(self.engine, inline=inline, pg_options=db.pg_options(durability) if postgres else None,
                             pg_gather=PG_GATHER if postgres else 0.0)

    async def close(self) -> None:
        """Commit what is queued, then close the writer, the checkpoints and the engine."""
        if self.writer:
            await self.writer.aclose()
            await asyncio.to_thread(self.writer.close)
        if self.checkpointer is not None:
            await asyncio.to_thread(self.checkpointer.close)
        if self.engine is not None:
            self.engine.dispose()

    @property
    def conninfo(self) -> str:
        """The database URL in psycopg's own form (for LISTEN/NOTIFY and the bot claims' connection)."""
        return self.settings.sqlalchemy_url().replace("postgresql+psycopg://", "postgresql://", 1)

    def write(self, job: Callable[[Connection], Any]) -> Awaitable[Any]:
        """``job(conn)`` inside a write transaction (group commit, ``writer``), to await: its result once
        committed; its exception, the transaction rolled back, if it raised."""
        assert self.writer is not None, "the store is not open"
        return self.writer.submit(job)

    async def read(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(conn, *args)`` on a connection of its own, in a thread (never on the event loop)."""
        def run() -> Any:
            with self.engine.connect() as conn:
                return fn(conn, *args)
        return await asyncio.to_thread(run)

    # ------------------------------------------------------------------ games, in a thread
    async def load_game(self, game_id: str) -> tuple[dict[str, Any], Rows, Rows] | None:
        """(game row, seat rows, event rows) of a stored game, or None."""
        return await asyncio.to_thread(db.load_game, self.engine, game_id)

    async def load_since(self, game_id: str, seq: int) -> tuple[dict[str, Any] | None, Rows, Rows]:
        """(game row, seat rows, the events after ``seq``)."""
        return await asyncio.to_thread(db.load_since, self.engine, game_id, seq)

    async def seat_rows(self, game_id: str) -> Rows:
        """The game's seat rows as stored now."""
        _, seat_rows, _ = await self.load_since(game_id, 1 << 30)
        return seat_rows

    async def events_since(self, game_id: str, seq: int) -> Rows:
        return await asyncio.to_thread(db.events_since, self.engine, game_id, seq)

    async def list_games(self, statuses: tuple[str, ...], limit: int) -> list[tuple[dict[str, Any], Rows]]:
        """Up to ``limit`` public games of each status, newest first, with their seat rows."""
        return await asyncio.to_thread(db.list_games, self.engine, statuses, limit)

    async def games_to_resume(self) -> list[str]:
        """The games in play whose bots or turn timers must carry on after a restart."""
        return await asyncio.to_thread(db.games_to_resume, self.engine)
