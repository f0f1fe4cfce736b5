"""The database engine and the schema's migrations at start (``db`` names them too).

>>> engine = make_engine("sqlite:////tmp/meeple.db")
>>> migrate(engine)            # the schema at the newest Alembic revision
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, event, text
from sqlalchemy.engine import Engine

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
_MIGRATION_LOCK = 7_351_208_466  # PostgreSQL advisory lock id: one process migrates at a time


def pg_options(durability: str) -> str:
    """libpq ``options`` for the server's PostgreSQL connections: the commit setting of ``durability``
    (``process``: ``synchronous_commit=off``; ``power``: ``on``), set when each connection starts."""
    return f"-c synchronous_commit={'off' if durability == 'process' else 'on'}"


def sqlite_synchronous(durability: str) -> str:
    """SQLite's ``synchronous`` setting for ``durability`` (WAL mode): NORMAL or FULL."""
    return "NORMAL" if durability == "process" else "FULL"


def make_engine(url: str, background_checkpoints: bool = False, durability: str = "process") -> Engine:
    """An engine for ``url`` (already normalized); SQLite runs in WAL mode.

    ``durability`` (see ``settings.DURABILITY``): ``process`` – SQLite ``synchronous=NORMAL``, which in
    WAL mode loses nothing when the *process* dies (kill -9), only an OS crash or power cut could lose
    the last transactions; PostgreSQL ``synchronous_commit=off`` on every connection of this engine (a
    commit is in PostgreSQL's memory and visible to all when it returns; only a crash of PostgreSQL or
    of the OS before its WAL writer flushes it, within about 0.6 s, could lose it). ``power`` – SQLite
    ``synchronous=FULL``, PostgreSQL ``synchronous_commit=on``: every commit waits for its fsync.

    ``background_checkpoints``: SQLite connections do not copy the WAL into the database file after a
    commit (which waits for fsyncs, at times for hundreds of ms on a busy disk); a ``Checkpointer``
    thread must do it instead."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
        synchronous = sqlite_synchronous(durability)

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute(f"PRAGMA synchronous={synchronous}")
            cur.execute("PRAGMA foreign_keys=ON")
            if background_checkpoints:
                cur.execute("PRAGMA wal_autocheckpoint=0")
            cur.close()

        return engine
    return create_engine(url, pool_size=8, max_overflow=8, pool_pre_ping=True,
                         connect_args={"options": pg_options(durability)})


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest Alembic revision (safe when several servers start at once)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.connect() as conn:
        sqlite = conn.dialect.name == "sqlite"
        if sqlite:
            # A migration that rebuilds a SQLite table drops the old one; with foreign keys on, that
            # would delete every row that refers to it (a game's seats and events). Off while migrating
            # (a PRAGMA outside any transaction: the driver opens none for it).
            conn.connection.driver_connection.execute("PRAGMA foreign_keys=OFF")
        try:
            with conn.begin():
                if not sqlite:
                    conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": _MIGRATION_LOCK})
                cfg.attributes["connection"] = conn
                command.upgrade(cfg, "head")
        finally:
            if sqlite:
                conn.connection.driver_connection.execute("PRAGMA foreign_keys=ON")
