"""Rated games: chosen when a game is created, and the seats a rating ranks last.

``games.rated``: the game counts for the ratings; set at creation and never changed afterwards (a
rated game offers no hints and no undo). ``seats.left_game``: the person left the game (``/leave``),
which ranks them last for rating. ``seats.bot_moves``: the decisions the seat's fallback bot played
while the person was away (after a turn timeout or leaving). ``rating_changes.forfeit``: why a seat
was ranked last ("left" or "bot"), None for a seat ranked by the game's result.

Games stored before this revision get ``rated`` from what the old rule would have said: a finished
game is rated when it has rating changes; a game in play when a person's seat is held by an account
and every other person's too, it is not a referee game, the coach gave no hint and no move was
undone; every other game is not rated.

Revision ID: 0007
Revises: 0006
"""

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ADD COLUMNs with constant defaults: SQLite alters the tables in place. (A batch operation
    # would copy each table and drop the old one, and dropping ``games`` would cascade to its seats,
    # events and rating changes; ``db.migrate`` turns SQLite's foreign keys off as well.)
    op.add_column("games", sa.Column("rated", sa.Boolean(), nullable=False, server_default="0"))
    op.add_column("seats", sa.Column("left_game", sa.Boolean(), nullable=False, server_default="0"))
    op.add_column("seats", sa.Column("bot_moves", sa.Integer(), nullable=False, server_default="0"))
    op.add_column("rating_changes", sa.Column("forfeit", sa.String(8), nullable=True))
    op.execute(
        "UPDATE games SET rated = (1 = 1) WHERE status = 'finished' "
        "AND EXISTS (SELECT 1 FROM rating_changes WHERE rating_changes.game_id = games.id)")
    op.execute(
        "UPDATE games SET rated = (1 = 1) WHERE status IN ('open', 'active') AND chance IS NULL AND hints IS NULL "
        "AND players >= 2 "
        "AND EXISTS (SELECT 1 FROM seats WHERE seats.game_id = games.id AND seats.user_id IS NOT NULL) "
        "AND NOT EXISTS (SELECT 1 FROM events WHERE events.game_id = games.id AND events.kind = 'undo') "
        "AND NOT EXISTS (SELECT 1 FROM seats WHERE seats.game_id = games.id AND seats.kind = 'human' "
        "AND seats.user_id IS NULL)")


def downgrade() -> None:
    with op.batch_alter_table("rating_changes") as batch:
        batch.drop_column("forfeit")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("bot_moves")
        batch.drop_column("left_game")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("rated")
