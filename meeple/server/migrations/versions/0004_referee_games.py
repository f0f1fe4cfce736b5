"""Referee games: a game whose random outcomes the people at a real table enter.

``chance``: ``"manual"`` for a referee game (the state is created with ``chance="manual"``: every die
roll and card draw waits for a seat to enter what the table rolled or drew), NULL for an ordinary game
(meeple draws them). A chance outcome entered at a referee game is stored as an event of seat -1
(``meeple.CHANCE``), as the state's history has it.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("chance", sa.String(8), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("chance")
