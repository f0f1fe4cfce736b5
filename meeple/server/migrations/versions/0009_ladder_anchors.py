"""The difficulty ladder (issue 38): the bots' stored anchor ratings are removed.

``easy`` became the game's heuristic player (it was a 100-iteration search), and ``heuristic`` is rated
as ``bot:easy``; anchors seeded before hold the old meaning (and rows ``bot:heuristic`` nobody plays as
any more). Without stored anchors the server rates with the ratings shipped with the package
(``meeple/server/bot_ratings.json``, ``meeple.server.ratings.anchors``); ``meeple ratings seed-bots``
stores new ones. Accounts' ratings and every recorded rating change are kept.

Revision ID: 0009
Revises: 0008
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    ratings = sa.table("ratings", sa.column("participant", sa.String))
    op.get_bind().execute(sa.delete(ratings).where(ratings.c.participant.like("bot:%")))


def downgrade() -> None:
    pass  # the old anchors are gone; seed-bots makes new ones
