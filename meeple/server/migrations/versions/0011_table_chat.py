"""Table chat (issue 40): the ``chat`` table, one row per line said at a game's table.

``seq`` is the game's sequence number when the line was said (its place in the replay); ``kind`` is
``text`` (``body`` as typed, NFC-normalised) or ``phrase`` (``body`` is a quick phrase's id, rendered in
each reader's language). A line is never an event: the game's state, sequence number, undo and clocks
do not see it.

Revision ID: 0011
Revises: 0010
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_chat_game", "chat", ["game_id", "id"])
    op.create_index("ix_chat_seat_time", "chat", ["game_id", "seat", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_chat_seat_time", table_name="chat")
    op.drop_index("ix_chat_game", table_name="chat")
    op.drop_table("chat")
