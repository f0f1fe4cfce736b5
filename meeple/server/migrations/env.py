"""Alembic environment: migrations run on the connection the server hands over (see db.migrate)."""

from __future__ import annotations

from alembic import context

from meeple.server.db import metadata

config = context.config
connection = config.attributes.get("connection")

if connection is None:  # `alembic -x url=... upgrade head` from a shell
    from sqlalchemy import create_engine

    from meeple.server.settings import normalize_db_url

    url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option("sqlalchemy.url")
    engine = create_engine(normalize_db_url(url))
    with engine.begin() as conn:
        context.configure(connection=conn, target_metadata=metadata)
        with context.begin_transaction():
            context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=metadata)
    with context.begin_transaction():
        context.run_migrations()
