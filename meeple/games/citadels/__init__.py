"""Citadels (富饶之城): draft a secret character each round, build a city of 8 districts, 2–7 players."""

from meeple.core import GameInfo, Option, register
from meeple.games.citadels import content
from meeple.games.citadels.content import SEAT_NAMES
from meeple.games.citadels.rules import CitadelsState

_RANK_HELP = {
    1: "rank 1: the Assassin (kills a character) or the Witch (bewitches one and plays its turn)",
    2: "rank 2: the Thief (robs a character) or the Tax Collector (1 gold from each seat that builds)",
    3: "rank 3: the Magician (exchanges cards) or the Wizard (takes a card from another hand)",
    4: "rank 4: the King (takes the crown) or the Emperor (gives the crown away for a tribute)",
    5: "rank 5: the Bishop (safe from the Warlord) or the Abbot (1 gold from the richest seat)",
    6: "rank 6: the Merchant (+1 gold) or the Alchemist (building costs are refunded)",
    7: "rank 7: the Architect (+2 cards, 3 builds) or the Navigator (+4 gold or 4 cards, no build)",
    8: "rank 8: the Warlord (destroys a district) or the Diplomat (exchanges districts)",
    9: "rank 9: none (the rulebook's 8 characters), the Artist or the Queen",
}

INFO = GameInfo(
    id="citadels",
    name="Citadels",
    min_players=2,
    max_players=7,
    options=tuple(
        Option(f"rank{r}", content.RANK_CHOICES[r][0], content.RANK_CHOICES[r], _RANK_HELP[r]) for r in range(1, 10)
    ) + (
        Option("three_player", "seed", ("seed", "two"),
               "3 players: 'seed' removes the Assassin and ends at 10 districts (the rulebook); "
               "'two' is the published variant, each player takes two characters, ending at 8"),
        Option("two_player_city", 10, (10, 12),
               "2 players: the number of districts of a complete city (the rulebook names 10 and 12)"),
        Option("short_game", False, (False, True),
               "the rulebook's short game: a city is complete at 7 districts"),
    ),
    summary="Choose a secret character each round and build the richest city.",
    seat_names=SEAT_NAMES,
)


def register_game() -> None:
    """Make ``meeple.load("citadels")`` work."""
    register(INFO, CitadelsState)


register_game()
