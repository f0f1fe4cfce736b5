"""Accounts, sessions and ratings.

``users``: a player's name (unique ignoring case: ``name_key`` is its casefold) and Argon2id password
hash; a deleted account keeps its row (its games name it "deleted player") without a password.
``sessions``: the hash of each session cookie's secret, its CSRF token and expiry. ``seats.user_id``:
the account that holds a seat (NULL: a guest's or a bot's). ``ratings``: OpenSkill (Plackett–Luce)
μ and σ per participant ("user:<id>" or "bot:<level>"), game and player-count band; ``rating_changes``:
each rated game's change per participant (the history and the recomputation check read it).

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "users",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(24), nullable=False),
        sa.Column("name_key", sa.String(24), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("deleted_at", sa.Float, nullable=True),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("ix_sessions_user", "sessions", ["user_id"])
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("user_id", sa.Integer, nullable=True))
        batch.create_foreign_key("fk_seats_user", "users", ["user_id"], ["id"], ondelete="SET NULL")
        batch.create_index("ix_seats_user", ["user_id"])
    op.create_table(
        "ratings",
        sa.Column("participant", sa.String(40), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("band", sa.String(8), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_ratings_board", "ratings", ["game", "band", "mu"])
    op.create_table(
        "rating_changes",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("participant", sa.String(40), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("band", sa.String(8), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu_after", sa.Float, nullable=False),
        sa.Column("sigma_after", sa.Float, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_rating_changes_participant", "rating_changes", ["participant", "at"])


def downgrade() -> None:
    op.drop_index("ix_rating_changes_participant", "rating_changes")
    op.drop_table("rating_changes")
    op.drop_index("ix_ratings_board", "ratings")
    op.drop_table("ratings")
    with op.batch_alter_table("seats") as batch:
        batch.drop_index("ix_seats_user")
        batch.drop_constraint("fk_seats_user", type_="foreignkey")
        batch.drop_column("user_id")
    op.drop_index("ix_sessions_user", "sessions")
    op.drop_table("sessions")
    op.drop_table("users")
