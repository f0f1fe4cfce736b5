"""What each WebSocket watcher is sent: whole views, or updates that carry only what changed.

By default a watcher gets a whole ``view`` after every change. A watcher whose hello said
``"updates": true`` gets one whole view first (and again whenever it sends ``{"type": "view"}``), then
``update`` messages: ``seq``, each view field whose value differs from the last message it got, the new
log lines with their events, and the top-level observation keys that changed (none with
``"observation": false``).
The ack of its own move usually carries the update to the acknowledged ``seq`` (``"update": {...}``),
so the mover's socket gets one message per move instead of two.
Applying the updates in order to the first view gives exactly the view it would have been sent
(``apply_update``; the hidden-information tests check this).

Everything is computed at most once per change of the game and per viewer, only for viewers someone
watches, and only what is needed: the observation only if a watcher of that viewer wants it, the
legal actions only for a seat that is to move (``views.view_fields``).
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Any

import orjson

from meeple.core import State
from meeple.core.i18n import DEFAULT_LANGUAGE
from meeple.server.wire import dumps, dumps_bytes

MISSING: Any = object()


class Facts:
    """What one viewer may know at one version of a game; each part computed on first use.

    ``fields`` are ``views.view_fields`` (everything but the observation and the log); ``lines`` is
    ``log_for(viewer)``; ``events`` are the same entries as ``[id, args]``, each as its JSON
    (``LiveGame.events_for``: one per line, in the same order). A ``Facts`` is dropped at the game's
    next change, and the state does not change while it lives (both happen under the game's lock)."""

    __slots__ = ("state", "viewer", "game_id", "fields", "_lines", "_events", "_nlines", "_obs", "_obs_parts",
                 "_head")

    def __init__(self, state: State, viewer: int | None, game_id: str, fields: dict[str, Any], lines: list[str],
                 events: list[orjson.Fragment]) -> None:
        if len(events) != len(lines):
            raise ValueError(f"{len(events)} log events for {len(lines)} log lines")
        self.state, self.viewer, self.game_id, self.fields = state, viewer, game_id, fields
        self._lines, self._nlines = lines, len(lines)  # the game extends these lists in place later
        self._events = events
        self._obs: Any = MISSING
        self._obs_parts: dict[str, bytes] | None = None
        self._head: str | None = None

    @property
    def lines(self) -> list[str]:
        """The viewer's log lines at this version (never changed by the caller)."""
        lines = self._lines
        return lines if len(lines) == self._nlines else lines[:self._nlines]

    @property
    def events(self) -> list[orjson.Fragment]:
        """The viewer's log events at this version, one per line (JSON fragments; never changed by the caller)."""
        events = self._events
        return events if len(events) == self._nlines else events[:self._nlines]

    @property
    def observation(self) -> Any:
        if self._obs is MISSING:
            self._obs = self.state.observation(self.viewer)
        return self._obs

    def observation_parts(self) -> dict[str, bytes]:
        """The observation's top-level keys, each value as JSON: a snapshot that later moves cannot
        change (an observation may share lists with the state)."""
        if self._obs_parts is None:
            obs = self.observation
            self._obs_parts = {str(k): dumps_bytes(v) for k, v in obs.items()} if isinstance(obs, dict) else {}
        return self._obs_parts

    def head(self) -> str:
        """The whole view's JSON up to (without) its log and closing brace."""
        if self._head is None:
            view = {"type": "view", "game_id": self.game_id, "game": self.state.game.id, "seat": self.viewer,
                    "observation": self.observation, **self.fields}
            self._head = dumps(view)[:-1]
        return self._head


class Ack:
    """An acknowledgment waiting in a watcher's outbox: the move or undo that made ``seq`` is committed."""

    __slots__ = ("seq", "ref")

    def __init__(self, seq: int, ref: Any) -> None:
        self.seq, self.ref = seq, ref

    def text(self) -> str:
        return dumps({"type": "ack", "seq": self.seq, "ref": self.ref})


class Subscriber:
    """One WebSocket watcher: what it has been sent, and what it still must be sent."""

    def __init__(self, seat: int | None, log_from: int = 0, *, updates: bool = False, observation: bool = True,
                 lang: str = DEFAULT_LANGUAGE) -> None:
        self.lang = lang  # the watcher's language: its log lines, labels and errors are rendered in it
        self.seat = seat
        self.log_sent = log_from
        self.epoch = -1
        self.outbox: deque[str | Ack] = deque()
        self.wake = asyncio.Event()
        self.dirty = True
        self.updates = updates
        self.with_observation = observation
        self.whole_next = True                  # the next message is a whole view
        self.sent: dict[str, Any] = {}          # view fields as last sent (updates only)
        self.sent_obs: dict[str, bytes] = {}    # observation keys as last sent (JSON)
        self.wake.set()

    def send(self, message: str | Ack) -> None:
        self.outbox.append(message)
        self.wake.set()

    def mark(self) -> None:
        self.dirty = True
        self.wake.set()

    def ask_view(self) -> None:
        """The client asked for a whole view: send one now."""
        self.whole_next = True
        self.mark()

    def _log_start(self, lines: list[str], epoch: int) -> tuple[int, bool]:
        """Where this watcher's log continues, and whether it must be rewritten from there (an undo or a
        reload changed the log: it is sent again from the start)."""
        start = self.log_sent
        reset = (self.epoch != epoch and self.epoch != -1) or start > len(lines)
        if reset:
            start = 0
        self.epoch = epoch
        self.log_sent = len(lines)
        return start, reset

    def message(self, facts: Facts, epoch: int) -> str | None:
        """The JSON text this watcher is to be sent now, or None when nothing changed for it."""
        if not self.updates or self.whole_next:
            return self._whole(facts, epoch)
        return self._update(facts, epoch)

    def ack_with_update(self, ack: Ack, facts: Facts, epoch: int) -> str | None:
        """For an updates watcher whose view is due for the very sequence number ``ack`` acknowledges:
        one message, the ack with the update in it (``"update": {...}``): one frame instead of two.
        None, changing nothing, in every other case (then the ack goes alone, the update after it)."""
        if not self.updates or self.whole_next or not self.dirty or facts.fields["seq"] != ack.seq:
            return None
        if self.with_observation and not isinstance(facts.observation, dict):
            return None
        self.dirty = False
        return self._update(facts, epoch, ack)

    def _whole(self, facts: Facts, epoch: int) -> str:
        start, _ = self._log_start(facts.lines, epoch)
        text = (facts.head() + ',"log_start":' + str(start) + ',"log":' + dumps(facts.lines[start:])
                + ',"events":' + dumps(facts.events[start:]) + "}")
        if self.updates:
            self.whole_next = False
            self.sent = dict(facts.fields)
            self.sent_obs = dict(facts.observation_parts()) if self.with_observation else {}
        return text

    def _update(self, facts: Facts, epoch: int, ack: Ack | None = None) -> str | None:
        if self.with_observation and not isinstance(facts.observation, dict):
            return self._whole(facts, epoch)  # no keys to update: send it whole
        msg: dict[str, Any] = {"type": "update", "seq": facts.fields["seq"]}
        sent = self.sent
        changed = ack is not None or sent.get("seq") != msg["seq"]
        for key, value in facts.fields.items():
            if key != "seq" and sent.get(key, MISSING) != value:
                msg[key] = value
                changed = True
        sent.update(facts.fields)
        start, reset = self._log_start(facts.lines, epoch)
        if start < len(facts.lines) or reset:
            msg["log_start"] = start
            msg["log"] = facts.lines[start:]
            msg["events"] = facts.events[start:]
            changed = True
        if self.with_observation:
            parts = facts.observation_parts()
            old = self.sent_obs
            new = {k: orjson.Fragment(v) for k, v in parts.items() if old.get(k) != v}
            removed = [k for k in old if k not in parts]
            if new:
                msg["observation"] = new
            if removed:
                msg["observation_removed"] = removed
            if new or removed:
                self.sent_obs = dict(parts)
                changed = True
        if ack is not None:
            return dumps({"type": "ack", "seq": ack.seq, "ref": ack.ref, "update": msg})
        return dumps(msg) if changed else None


def apply_update(view: dict[str, Any], update: dict[str, Any]) -> dict[str, Any]:
    """The view after ``update`` (a message of type "update", also found in an "ack" as its "update"),
    as a client applies it; ``view`` is not changed.
    The view's ``log`` holds the client's lines from its ``log_start`` on, and its ``events`` the same
    entries as ``[id, args]``: both are cut and extended alike.

    >>> v = {"type": "view", "seq": 1, "your_turn": True, "observation": {"a": 1, "b": 2}, "log_start": 0,
    ...      "log": ["x"], "events": [["g.x", {}]]}
    >>> u = apply_update(v, {"type": "update", "seq": 2, "your_turn": False, "observation": {"a": 5},
    ...                      "observation_removed": ["b"], "log_start": 1, "log": ["y"], "events": [["g.y", {"seat": 0}]]})
    >>> u["observation"], u["log"], u["events"]
    ({'a': 5}, ['x', 'y'], [['g.x', {}], ['g.y', {'seat': 0}]])
    """
    out = dict(view)
    for key, value in update.items():
        if key in ("type", "observation", "observation_removed", "log", "events", "log_start"):
            continue
        out[key] = value
    if "log_start" in update:
        base, start = view.get("log_start", 0), update["log_start"]
        for key in ("log", "events"):
            if key != "log" and key not in view and key not in update:
                continue
            if start >= base:
                out[key] = list(view.get(key, ()))[: start - base] + list(update.get(key, ()))
            else:
                out[key] = list(update.get(key, ()))
        if start < base:
            out["log_start"] = start
    if "observation" in update or "observation_removed" in update:
        obs = dict(view["observation"])
        obs.update(update.get("observation", {}))
        for key in update.get("observation_removed", ()):
            obs.pop(key, None)
        out["observation"] = obs
    return out
