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
        assert version == "0006"
    finally:
        engine.dispose()
