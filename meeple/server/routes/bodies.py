"""The shapes of the API: every request body, checked before any route runs (``Strict``: finite numbers,
text without control characters), and the response shapes the API documentation shows."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, field_validator
from pydantic_core import PydanticCustomError

from meeple.server import inputs


# ---------------------------------------------------------------------------- request bodies
class Strict(inputs.CleanBody):
    """Every field of every request body, before its own validation: numbers finite (no NaN or
    Infinity), text without control characters or lone surrogates (docs/server.md, Security)."""


NAME_LIMIT = 40
"""The longest name a person may give (in characters, after spaces at either end are dropped)."""


def person_name(value: Any) -> Any:
    """A person's name as given: spaces at either end dropped, blank is no name, at most NAME_LIMIT
    characters (a longer one is refused, never cut: the person would not recognize it)."""
    if isinstance(value, str):
        value = " ".join(value.split())
        if not value:
            return None
        if len(value) > NAME_LIMIT:
            raise PydanticCustomError("name_too_long", "a name has at most {limit} characters",
                                      {"limit": NAME_LIMIT})
    return value


class SeatSpec(Strict):
    kind: Literal["human", "bot"] = "human"
    level: Annotated[str, Field(max_length=200)] | None = Field(
        None, description="bot level, one of /api/catalog's bot_levels, search levels with settings within its "
                          "bot_limits (for a human seat: the bot that takes over if the person leaves or times out)")


class CreateGame(Strict):
    game: Annotated[str, Field(min_length=1, max_length=64)] = Field(description="game id, see /api/catalog")
    players: StrictInt | None = Field(None, description="player count (default: the game's minimum, or len(seats))")
    options: dict[str, StrictInt | StrictBool | StrictStr] = Field(default_factory=dict)
    seats: list[SeatSpec] | None = Field(None, max_length=16, description="one per player; default: all human")
    join: StrictInt | None = Field(None, description="the seat the creator takes (default: the first human seat)")
    player_name: StrictStr | None = Field(None, description="the creator's name, shown to the other seats")
    name: Annotated[str, Field(max_length=80)] | None = None
    private: StrictBool = Field(False, description="private games are not in the lobby's open list and need invites")
    turn_timeout: float | None = Field(None, ge=0.5, le=60 * 60 * 24 * 30,
                                       description="seconds a person may take before a bot plays their seat")
    fallback_level: Annotated[str, Field(max_length=200)] = "heuristic"
    referee: StrictBool = Field(False, description="referee a real table: the seats enter every die roll and card "
                                                   "draw (the view's 'chance' list) and meeple keeps the rules and score")
    rated: StrictBool | None = Field(
        None, description="the game counts for the ratings, chosen now for good: no hints and no undo in it, "
                          "and only signed-in players may take its seats. Needs a signed-in creator, two seats "
                          "or more and no referee. Default: rated when a signed-in creator plays against bots only")

    pace: Literal["realtime", "turns"] = Field(
        "realtime", description="realtime: played at one sitting (the default); turns: turn-based, each person "
                                "has move_seconds per decision, then their fallback bot plays it for them")
    move_seconds: StrictInt | None = Field(
        None, description="a turn-based game's time per move in seconds, 3600 (1 hour) to 259200 (3 days); "
                          "only with pace 'turns'")

    @field_validator("player_name")
    @classmethod
    def _tidy_player_name(cls, value: Any) -> Any:
        return person_name(value)


class JoinGame(Strict):
    seat: StrictInt | None = None
    invite: Annotated[str, Field(min_length=1, max_length=100)] | None = None
    name: StrictStr | None = Field(None, description="the joining person's name, shown to the other seats")
    guest: StrictBool = Field(False, description="take the seat as a guest even when signed in (another person "
                                                 "at this device: a table played at one device)")

    @field_validator("name")
    @classmethod
    def _tidy_name(cls, value: Any) -> Any:
        return person_name(value)


class Move(Strict):
    seq: StrictInt = Field(description="the sequence number of the view you act on")
    action: dict[str, Any] | None = Field(None, description='{"name": ..., "args": [...]}, as in the view\'s legal list')
    text: Annotated[str, Field(min_length=1, max_length=200)] | None = Field(None, description="or the action's text")


class Undo(Strict):
    seq: StrictInt


# ---------------------------------------------------------------------------- response shapes (documentation)
class Open(BaseModel):
    model_config = ConfigDict(extra="allow")


class Invite(Open):
    seat: int
    code: str = Field(description="one-time invite code: put it in the seat's invite link")


class Created(Open):
    id: str
    game: str
    players: int
    seat: int | None = Field(description="the creator's seat (None if no human seat)")
    token: str | None = Field(description="the creator's seat token: send it as 'Authorization: Bearer <token>'")
    invites: list[Invite]


class Joined(Open):
    id: str
    seat: int
    token: str = Field(description="your seat token: send it as 'Authorization: Bearer <token>'")


class SeatInfo(Open):
    seat: int
    color: str
    name: str | None
    kind: str
    level: str
    claimed: bool
    away: bool
    bot_playing: bool
    connected: bool


class LegalAction(Open):
    action: dict[str, Any] = Field(description='{"name": ..., "args": [...]}: send it back as the move')
    text: str = Field(description="the compact text form, e.g. 'take 4 2'")
    label: str = Field(description="a sentence for people (describe())")


class View(Open):
    """A seat's view. A referee game's view also holds ``referee`` (true), ``chance_due`` (a die roll or a
    card draw waits to be entered), ``chance_owner`` (the seat whose roll or draw it is, None: anyone) and
    ``chance`` (the outcomes you may enter now, as in ``legal``: send one as your move; empty unless it
    is yours to enter)."""

    type: Literal["view"] = "view"
    game_id: str
    game: str
    seq: int = Field(description="send it with your next move or undo")
    seat: int | None = Field(description="your seat, None for a spectator")
    status: str = Field(description="open | active | finished | abandoned | cancelled")
    over: bool
    to_move: list[int]
    your_turn: bool
    observation: dict[str, Any] = Field(description="exactly state.observation(seat)")
    legal: list[LegalAction]
    can_undo: bool
    rated: bool = Field(description="the game counts for the ratings (chosen at its creation): no hints, no undo")
    seats: list[SeatInfo]
    result: dict[str, Any] | None = Field(description="scores and winners, once the game is over")
    log_start: int = Field(description="index of the first line in 'log' (replace your log from there)")
    log: list[str] = Field(description="the log lines you may read, from index log_start on, in your language")
    events: list[tuple[str, dict[str, Any]]] = Field(
        description="the same log entries as structured events, [message id, args] (one per line of 'log', "
                    "same order, same log_start): args hold seat numbers, component keys, numbers, nested messages")


class Acted(Open):
    seq: int
    view: View
