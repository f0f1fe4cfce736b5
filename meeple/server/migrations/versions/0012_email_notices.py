""""Your turn" by e-mail (issue 40): an account's address, its verification and opt-in, the bounds on
verification mails, and the last notice per account and game (batching).

``user_emails``: one row per account that gave an address (the address itself, never shown to anyone
else; ``address_hash`` its SHA-256 lower-cased; ``verified`` once its link was opened; ``notices`` the
opt-in; ``lang`` the mail's language; ``verify_hash``/``verify_expires`` the live verification token's
SHA-256 and expiry; ``unsubscribe_token`` the one-click link's secret, which can only turn notices
off). ``email_verifications``: each verification mail sent (account, address hash, time), for the
bounds per address and per account. ``email_notices``: when each account was last mailed about each
game (at most one per ``email_batch`` seconds).

Revision ID: 0012
Revises: 0011 (table chat, added in parallel; first written after 0010)
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "user_emails",
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("address", sa.String(254), nullable=False),
        sa.Column("address_hash", sa.String(64), nullable=False),
        sa.Column("verified", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("notices", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("lang", sa.String(8), nullable=False, server_default="en"),
        sa.Column("verify_hash", sa.String(64), nullable=True, unique=True),
        sa.Column("verify_expires", sa.Float(), nullable=True),
        sa.Column("verify_sent_at", sa.Float(), nullable=True),
        sa.Column("unsubscribe_token", sa.String(64), nullable=False, unique=True),
        sa.Column("updated_at", sa.Float(), nullable=False),
    )
    op.create_table(
        "email_verifications",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
        sa.Column("address_hash", sa.String(64), nullable=False),
        sa.Column("sent_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_email_verifications_address", "email_verifications", ["address_hash", "sent_at"])
    op.create_index("ix_email_verifications_user", "email_verifications", ["user_id", "sent_at"])
    op.create_table(
        "email_notices",
        sa.Column("user_id", sa.Integer(), sa.ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("sent_at", sa.Float(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("email_notices")
    op.drop_index("ix_email_verifications_user", table_name="email_verifications")
    op.drop_index("ix_email_verifications_address", table_name="email_verifications")
    op.drop_table("email_verifications")
    op.drop_table("user_emails")
