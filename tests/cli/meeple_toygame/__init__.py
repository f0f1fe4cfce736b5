"""A throwaway dice-and-cards game used only by the CLI and simulation tests.

It has what the real games have and the CLI must handle generically: a chance node (a die roll and
card draws), a hidden hand, private log lines, an option, seat names and a view. It is registered
only inside the tests (see ``tests/cli/conftest.py``), never by importing meeple.
"""

from meeple.core import GameInfo, Option

from meeple_toygame.rules import ToyState

INFO = GameInfo(
    id="toy-dice",
    name="Toy Dice",
    min_players=1,
    max_players=3,
    options=(Option("rounds", 3, (1, 2, 3, 4), "turns each player takes"),),
    summary="A tiny test game: roll a die or play a hidden card for points.",
    seat_names=("Red", "Blue", "Green"),
)

__all__ = ["INFO", "ToyState"]
