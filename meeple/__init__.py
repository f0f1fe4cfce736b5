"""meeple: Euro-style board games with complete rules, for people, agents and research.

>>> import meeple
>>> state = meeple.load("cube-europe", players=1).new_game(seed=42)
>>> state.apply(state.legal_actions()[0])
"""

from meeple import games
from meeple.core import (
    CHANCE,
    Action,
    ActionParseError,
    BadArgument,
    IllegalAction,
    StateFormatError,
    UnknownGame,
    from_json,
    load,
)

__all__ = [
    "games", "load", "from_json", "IllegalAction", "ActionParseError", "StateFormatError",
    "UnknownGame", "BadArgument", "Action", "CHANCE",
]
__version__ = "0.1.0"
