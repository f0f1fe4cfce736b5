"""Versailles (NSKN, 2014): move workers round the ring, build the King's palace, learn technologies."""

from meeple.core import GameInfo, register
from meeple.games.versailles.rules import VersaillesState

INFO = GameInfo(
    id="versailles",
    name="Versailles",
    min_players=2,
    max_players=5,
    options=(),
    summary="Move workers round eight locations, gather resources, build the palace tile by tile.",
    seat_names=("Red", "Blue", "Green", "Yellow", "Purple"),
)

register(INFO, VersaillesState)
