"""Invites by name (issue 40): a signed-in player asks an account to take a free seat of their game.

``invites``: one row per invite; ``status`` ``pending`` (it reserves ``seat`` for the invitee until
``expires_at``), ``accepted``, ``declined`` or ``withdrawn``. Bounded per game and per inviter per day
(``meeple/server/services/invites.py``).

Revision ID: 0013
Revises: 0012
"""

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "invites",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("inviter_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
        sa.Column("invitee_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("expires_at", sa.Float(), nullable=False),
        sa.Column("answered_at", sa.Float(), nullable=True),
    )
    op.create_index("ix_invites_invitee", "invites", ["invitee_id", "status"])
    op.create_index("ix_invites_inviter", "invites", ["inviter_id", "created_at"])
    op.create_index("ix_invites_game", "invites", ["game_id", "seat"])


def downgrade() -> None:
    op.drop_index("ix_invites_game", table_name="invites")
    op.drop_index("ix_invites_inviter", table_name="invites")
    op.drop_index("ix_invites_invitee", table_name="invites")
    op.drop_table("invites")
