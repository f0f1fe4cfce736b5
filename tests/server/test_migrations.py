"""The Alembic migrations build exactly the schema the server's tables describe, on both databases."""

from __future__ import annotations

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from meeple.server import db
from meeple.server.settings import normalize_db_url


def test_migrations_match_the_tables_and_run_twice(db_url: str) -> None:
    engine = db.make_engine(normalize_db_url(db_url))
    try:
        db.migrate(engine)
        db.migrate(engine)  # a second start finds the schema current
        with engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), db.metadata)
            version = conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar()
        assert diff == [], diff
        assert version == "0008"
    finally:
        engine.dispose()


def test_existing_accounts_get_their_name_skeletons(db_url: str) -> None:
    from alembic import command
    from alembic.config import Config

    from meeple.server.accounts import account_like

    engine = db.make_engine(normalize_db_url(db_url))
    try:
        cfg = Config()
        cfg.set_main_option("script_location", str(db.MIGRATIONS))
        with engine.begin() as conn:
            cfg.attributes["connection"] = conn
            command.upgrade(cfg, "0007")  # accounts as they were stored before revision 0008
            for uid, name, key, deleted in [(1, "alice", "alice", None), (2, "аlice", "аlice", None),
                                            (3, "Bob", "bob", None), (4, "Carl", "#deleted-4", 5.0)]:
                conn.execute(sa.text("INSERT INTO users (id, name, name_key, password_hash, created_at, deleted_at) "
                                     "VALUES (:id, :name, :key, 'x', 0, :deleted)"),
                             {"id": uid, "name": name, "key": key, "deleted": deleted})
        db.migrate(engine)
        with engine.connect() as conn:
            rows = conn.execute(sa.text("SELECT id, name_skeleton, caps_skeleton FROM users ORDER BY id")).all()
            assert [tuple(r) for r in rows] == [(1, "alice", "allce"), (2, "alice#2", "allce#2"), (3, "bob", "bob"),
                                                (4, "#deleted-4", "#deleted-4")]
            # the two look-alikes that were there stay; a third is refused, Carl's name is free
            assert account_like(conn, "AIice") == "alice" and account_like(conn, "B0B") == "Bob"
            assert account_like(conn, "Carl") is None
    finally:
        engine.dispose()
