"""Turn-based games (issue 40): a game's pace and time per move, and each seat's clock.

``games.pace``: ``realtime`` (every game stored before: people play at one sitting) or ``turns`` (a
move a day: each person has ``games.move_seconds`` per decision). ``seats.deadline``: the wall time
by which a person due to act in a turn-based game must move (NULL: not due, or a real-time game);
the sweep reads it from the database, so the clock survives restarts and works across processes.
``seats.misses``: the seat's turns in a row played by its fallback bot after the clock ran out.

Revision ID: 0010
Revises: 0009
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMNs with constant defaults: SQLite alters the tables in place (see 0007).
    op.add_column("games", sa.Column("pace", sa.String(8), nullable=False, server_default="realtime"))
    op.add_column("games", sa.Column("move_seconds", sa.Integer(), nullable=True))
    op.add_column("seats", sa.Column("deadline", sa.Float(), nullable=True))
    op.add_column("seats", sa.Column("misses", sa.Integer(), nullable=False, server_default="0"))
    op.create_index("ix_seats_deadline", "seats", ["deadline"])


def downgrade() -> None:
    op.drop_index("ix_seats_deadline", table_name="seats")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("misses")
        batch.drop_column("deadline")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("move_seconds")
        batch.drop_column("pace")
