"""Names that look alike: ``users.name_skeleton`` and ``users.caps_skeleton``, the two confusable
skeletons of each account's name (``meeple.server.confusable.name_skeletons``: of the name as written and
in capitals), each unique, so that no account takes a name that looks like another's ("аlice" with a
Cyrillic а beside "alice", "AIice" with a capital I).

Existing accounts get theirs here. Should two of them already look alike, the older keeps its keys and
each later one gets ``<key>#<id>`` for a key already given: nobody is renamed, and a new name that looks
like theirs is still refused (it meets the older one's). A deleted account's are ``#deleted-<id>``, like
its ``name_key``: its name is free again.

Revision ID: 0008
Revises: 0007
"""

import sqlalchemy as sa
from alembic import op

from meeple.server.confusable import name_skeletons

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("users") as batch:  # ADD COLUMN: SQLite keeps the table as it is (no copy)
        batch.add_column(sa.Column("name_skeleton", sa.Text(), nullable=True))
        batch.add_column(sa.Column("caps_skeleton", sa.Text(), nullable=True))
    conn = op.get_bind()
    users = sa.table("users", sa.column("id", sa.Integer), sa.column("name", sa.String),
                     sa.column("deleted_at", sa.Float), sa.column("name_skeleton", sa.Text),
                     sa.column("caps_skeleton", sa.Text))
    given: tuple[set[str], set[str]] = (set(), set())
    rows = conn.execute(sa.select(users.c.id, users.c.name, users.c.deleted_at).order_by(users.c.id)).all()
    for row in rows:
        if row.deleted_at is not None:
            keys = [f"#deleted-{row.id}"] * 2
        else:
            keys = [key if key not in seen else f"{key}#{row.id}" for key, seen in zip(name_skeletons(row.name), given)]
            for key, seen in zip(keys, given):
                seen.add(key)
        conn.execute(sa.update(users).where(users.c.id == row.id).values(name_skeleton=keys[0], caps_skeleton=keys[1]))
    op.create_index("ix_users_name_skeleton", "users", ["name_skeleton"], unique=True)
    op.create_index("ix_users_caps_skeleton", "users", ["caps_skeleton"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_users_caps_skeleton", table_name="users")
    op.drop_index("ix_users_name_skeleton", table_name="users")
    with op.batch_alter_table("users") as batch:
        batch.drop_column("caps_skeleton")
        batch.drop_column("name_skeleton")
