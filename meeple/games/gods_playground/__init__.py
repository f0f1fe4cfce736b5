"""God's Playground (Martin Wallace): three Polish families defend the Commonwealth for 4 rounds."""

from meeple.core import GameInfo, register

from . import content
from .rules import GodsPlayground

INFO = GameInfo(
    id="gods-playground",
    name="God's Playground",
    min_players=3,
    max_players=3,
    options=(),
    summary="Three magnate families place nobles, elect kings, raise armies and defend Poland over 4 rounds of 16 phases.",
    seat_names=content.SEATS,
)

register(INFO, GodsPlayground)

__all__ = ["GodsPlayground", "INFO"]
