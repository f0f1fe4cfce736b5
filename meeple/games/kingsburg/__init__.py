"""Kingsburg (帝王堡): five years of dice placement, building and winter battles, 2–5 players."""

from meeple.core import GameInfo, register
from meeple.games.kingsburg.rules import SEATS, KingsburgState

INFO = GameInfo(
    id="kingsburg",
    name="Kingsburg",
    min_players=2,
    max_players=5,
    options=(),
    summary="Influence the King's advisors with your dice, build your province, survive five winters.",
    seat_names=SEATS,
)


def register_game() -> None:
    """Make ``meeple.load("kingsburg")`` work."""
    register(INFO, KingsburgState)


register_game()
