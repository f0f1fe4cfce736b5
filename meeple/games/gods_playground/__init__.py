"""God's Playground (Martin Wallace): three Polish families defend the Commonwealth for 4 rounds."""

from meeple.core import GameInfo, Option, register
from meeple.games.gods_playground import content
from meeple.games.gods_playground.rules import GodsPlaygroundState

INFO = GameInfo(
    id="gods-playground",
    name="God's Playground",
    min_players=3,
    max_players=3,
    options=(
        Option(
            name="recruit_turns",
            default="once",
            choices=("once", "repeat"),
            help="Phase 9. once: each family recruits in at most one province (\"每人轮流选择任意1个省区\"); "
            "repeat: turns go round until all pass, a cube per province recruited.",
        ),
        Option(
            name="diplomacy_shortfall",
            default="pay_all",
            choices=("pay_all", "fail"),
            help="Diplomacy whose roll costs more than the family has. pay_all: it pays all it has and the "
            "treaty holds; fail: the treaty fails, the cube and the senate disc are spent, nothing is paid.",
        ),
    ),
    summary="Three magnate families place nobles, elect kings, raise armies and defend Poland over 4 rounds of 16 phases.",
    seat_names=content.SEATS,
)

register(INFO, GodsPlaygroundState)

__all__ = ["GodsPlaygroundState", "INFO"]
