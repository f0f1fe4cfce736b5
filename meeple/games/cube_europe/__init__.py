"""Cube Europe (方块欧洲): dice, coloured cubes and a hex map; solo and 2–4 players."""

from meeple.core import GameInfo, Option, register
from meeple.games.cube_europe.rules import CubeEuropeState

INFO = GameInfo(
    id="cube-europe",
    name="Cube Europe",
    min_players=1,
    max_players=4,
    summary="Use two dice a round to take coloured cubes from the market and fill your hex map.",
    seat_names=("Red", "Blue", "Green", "Yellow"),
    options=(
        Option(
            name="solo_deck",
            default="classic",
            choices=("classic", "thirteen"),
            help="Solo only. classic: the 9 base cards, the deck runs out twice (12 rounds); "
            "thirteen: the multiplayer card's solo variant, 13 market cards, ends when the deck first runs out.",
        ),
    ),
)

register(INFO, CubeEuropeState)
