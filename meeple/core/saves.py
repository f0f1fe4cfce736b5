"""Saving and loading a state: ``to_json`` writes everything (the RNG included), ``from_json`` rebuilds it.

A real game is loaded by replaying its moves from its seed and comparing the result with the save; a
save from an older version of a game loads too: its former field names are renamed (the state class's
``EARLIER_FIELD_RENAMES``, then ``FIELD_RENAMES``) and its fields brought to today's forms
(``upgrade_saved_fields``) before the comparison.
"""

from __future__ import annotations

import marshal
from typing import TYPE_CHECKING, Any

from meeple.core.actions import CHANCE, Action
from meeple.core.errors import ActionParseError, BadArgument, IllegalAction, StateFormatError, UnknownGame
from meeple.core.i18n import Message
from meeple.core.log import LogEntry
from meeple.core.registry import load
from meeple.core.rng import Rng

if TYPE_CHECKING:
    from meeple.core.state import State

FORMAT = "meeple-state"
FORMAT_VERSION = 2
READABLE_VERSIONS = (1, 2)
"""Version 1 stored the log as English sentences; version 2 stores events (message id and arguments).
A version-1 save still loads: its moves are replayed and its log is rebuilt as events."""


def to_json(state: State) -> dict[str, Any]:
    """Everything, RNG included: ``from_json(to_json(state))`` is identical (``State.to_json``)."""
    fields = marshal.loads(marshal.dumps({f: getattr(state, f) for f in state.FIELDS}))
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "game": state.game.id,
        "players": state.players,
        "options": dict(state.game.options),
        "seed": state.seed,
        "chance": state.chance,
        "rng": state.rng.state,
        "determinized": state.determinized,
        "history": [[p, a.to_json()] for p, a in state.history],
        # a copy: games may share argument values between events (never mutated; nor may a caller)
        "log": marshal.loads(marshal.dumps(
            [[e.id, e.args, None if e.visible_to is None else list(e.visible_to)] for e in state.log])),
        "state": fields,
    }


def from_json(data: Any) -> State:
    """Rebuild a state from ``State.to_json()``; a malformed or inconsistent save raises StateFormatError.

    A real game is checked by replaying its moves from its seed; the replay must reproduce the saved
    position exactly. A determinized copy (which has no such history) is loaded as saved.
    """
    if not isinstance(data, dict):
        raise StateFormatError("core.save_not_object", kind=type(data).__name__)
    if data.get("format") != FORMAT:
        raise StateFormatError("core.save_not_meeple", found=repr(data.get("format"))[:40], expected=FORMAT)
    version = data.get("version")
    if version not in READABLE_VERSIONS or isinstance(version, bool):
        raise StateFormatError("core.save_version", version=repr(version)[:20],
                               readable=", ".join(map(str, READABLE_VERSIONS)))
    required = {"game", "players", "options", "seed", "chance", "rng", "history", "log", "state", "determinized"}
    missing = required - set(data)
    if missing:
        raise StateFormatError("core.save_lacks", fields=", ".join(sorted(missing)))
    if not isinstance(data["options"], dict) or not all(isinstance(k, str) for k in data["options"]):
        raise StateFormatError("core.save_bad_options")
    if not isinstance(data["game"], str):
        raise StateFormatError("core.save_bad_game")
    if not isinstance(data["determinized"], bool):
        raise StateFormatError("core.save_bad_determinized")
    try:
        game = load(data["game"], players=data["players"], **data["options"])
        seed, chance = data["seed"], data["chance"]
        state = game.new_game(seed=seed, chance=chance)
    except (UnknownGame, BadArgument) as exc:
        raise StateFormatError("core.save_bad_settings", reason=_reason(exc)) from None
    history = data["history"]
    if not isinstance(history, list):
        raise StateFormatError("core.save_bad_history")
    for renames in (type(state).EARLIER_FIELD_RENAMES, type(state).FIELD_RENAMES):
        if renames and isinstance(data["state"], dict) and not renames.keys().isdisjoint(data["state"]):
            data = {**data, "state": {renames.get(name, name): value for name, value in data["state"].items()}}
    if isinstance(data["state"], dict):
        upgraded = type(state).upgrade_saved_fields(data["state"])
        if upgraded is not data["state"]:
            data = {**data, "state": upgraded}
    if data["determinized"]:
        return _load_fields(state, data, version)
    for i, entry in enumerate(history):
        if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], int)):
            raise StateFormatError("core.save_bad_entry", index=i)
        player = entry[0]
        try:
            action = Action.from_json(entry[1])
        except ActionParseError as exc:
            raise StateFormatError("core.save_entry_unreadable", index=i, reason=_reason(exc)) from None
        if player == CHANCE and chance == "auto":
            continue  # regenerated by the seed; compared below
        try:
            state.apply(action, player)
        except IllegalAction as exc:
            raise StateFormatError("core.save_entry_illegal", game=state.game.id, index=i, seat=player,
                                   action=str(action), reason=_reason(exc)) from None
    saved = state.to_json()
    # A version-1 log holds English sentences of an older wording: the replay's events replace it.
    for key in ("history", "rng", "state", "log") if version == FORMAT_VERSION else ("history", "rng", "state"):
        if saved[key] != data[key]:
            raise StateFormatError("core.save_mismatch", field=key)
    return state


def _reason(exc: Exception) -> Any:
    """A nested error as a message argument (rendered in the reader's language), or its text."""
    message = getattr(exc, "message", None)
    return message.to_json() if isinstance(message, Message) else str(exc)[:200]


def _log_entry(entry: Any, version: int) -> LogEntry:
    if version == 1:  # [text, visible_to]: kept as a sentence shown as it is in every language
        text, visible = entry
        return LogEntry("core.text", {"text": str(text)}, None if visible is None else tuple(int(x) for x in visible))
    message_id, args, visible = entry
    if not isinstance(message_id, str) or not isinstance(args, dict):
        raise ValueError("a log entry is [message id, arguments, visible_to]")
    return LogEntry(message_id, args, None if visible is None else tuple(int(x) for x in visible))


def _load_fields(state: State, data: dict[str, Any], version: int) -> State:
    fields = data["state"]
    if not isinstance(fields, dict) or set(fields) != set(state.FIELDS):
        raise StateFormatError("core.save_bad_fields", fields=", ".join(sorted(state.FIELDS)))
    try:
        state.rng = Rng(raw_state=int(data["rng"]))
        state.history = [(int(p), Action.from_json(a)) for p, a in data["history"]]
        state.log = [_log_entry(entry, version) for entry in data["log"]]
        for name in state.FIELDS:
            setattr(state, name, marshal.loads(marshal.dumps(fields[name])))
        state.determinized = True
        state._legal_cache = {}
        state.check_invariants()
        state.to_move()
    except (TypeError, ValueError, KeyError, IndexError, AssertionError, ActionParseError) as exc:
        raise StateFormatError("core.save_malformed", reason=_reason(exc)) from None
    return state
