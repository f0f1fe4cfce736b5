"""What every game shares: actions, the base state, the RNG, the registry, JSON and errors."""

from meeple.core import i18n
from meeple.core.actions import CHANCE, Action
from meeple.core.errors import (
    ActionParseError, BadArgument, IllegalAction, InvariantError, StateFormatError, UnknownGame,
)
from meeple.core.registry import Game, GameInfo, Option, games, load, register
from meeple.core.rng import Rng
from meeple.core.state import LogEntry, MoveReport, State, from_json

__all__ = [
    "CHANCE", "Action", "ActionParseError", "BadArgument", "IllegalAction", "InvariantError", "StateFormatError",
    "UnknownGame", "Game", "GameInfo", "Option", "games", "load", "register", "Rng", "LogEntry",
    "MoveReport", "State", "from_json", "i18n",
]
