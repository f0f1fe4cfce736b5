"""Closing games: when a person was last seen, and which seat created the game.

``seen_at`` (Unix seconds): the last time a person was connected to the game or made an authenticated
request for it, written at most every minute or so by the process that saw them; a started or open
game unseen for ``abandon_after`` seconds ends as ``abandoned``. ``creator_seat``: the seat whose
token the creator got (only that token may cancel the game before it starts). Older rows keep NULL:
their ``updated_at`` stands in for ``seen_at``, and nobody may cancel them.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("seen_at", sa.Float(), nullable=True))
        batch.add_column(sa.Column("creator_seat", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("creator_seat")
        batch.drop_column("seen_at")
