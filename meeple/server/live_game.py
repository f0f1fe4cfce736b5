"""A game in play as the server holds it in memory: its rows, its seats, its hot state, its moves, its
watchers and its caches (``LiveGame``), and the facts about a stored game every service reads (its
rules, its starting position, whether a seat may enter a random outcome).

Each live game changes only under its own lock (``LiveGame.lock``); the services in
``meeple.server.services`` do the changing.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from orjson import Fragment

import meeple
from meeple.core import CHANCE, Action, LogEntry, MoveReport, State
from meeple.core.i18n import DEFAULT_LANGUAGE
from meeple.server import db
from meeple.server.accounts import SignedIn
from meeple.server.errors import Conflict
from meeple.server.push import Subscriber
from meeple.server.views import seat_meta
from meeple.server.wire import dumps_bytes


def hash_secret(secret: str) -> str:
    """What is stored of a seat token or an invite code: its SHA-256, never the secret itself."""
    return hashlib.sha256(secret.encode()).hexdigest()


def new_secret() -> str:
    """A new seat token or invite code."""
    return secrets.token_urlsafe(24)


def _event_json(entry: LogEntry) -> Fragment:
    """``[entry.id, entry.args]`` as JSON, as a view's ``events`` carries it."""
    return Fragment(dumps_bytes([entry.id, entry.args]))


@dataclass
class MoveRecord:
    seq: int
    seat: int
    action: Action
    report: MoveReport  # whether it revealed anything, and the random outcomes after it (``State.apply_reporting``)
    text: str  # the action's JSON text as stored


@dataclass
class LiveGame:
    id: str
    row: dict[str, Any]
    seats: list[dict[str, Any]]
    state: State
    seq: int
    moves: list[MoveRecord]
    last_undo_seq: int = 0
    undone: set[tuple[int, str]] = field(default_factory=set)  # (position, action text): each undone once
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    subscribers: set[Subscriber] = field(default_factory=set)
    connected: dict[int, int] = field(default_factory=dict)
    version: int = 0
    epoch: int = 0
    cache: dict[Any, Any] = field(default_factory=dict)
    bot_tasks: dict[int, asyncio.Task[None]] = field(default_factory=dict)
    waiting_since: dict[int, float] = field(default_factory=dict)
    refreshing: bool = False
    refresh_again: bool = False
    refresh_rows: bool = False  # the next catch-up re-reads the game and seat rows too
    refresh_whole: bool = False  # the next catch-up rebuilds the game from the log (a heard move failed)
    claiming: bool = False  # asking PostgreSQL whether this process may move the game's bots (``claims``)
    touched: float = field(default_factory=time.monotonic)
    seen: float = field(default_factory=time.time)  # wall time a person was last connected or asked (``saw``)
    seen_stored: float = 0.0  # the ``seen_at`` this process last stored (or read)
    logs: dict[tuple[int | None, str], tuple[int, int, list[str]]] = field(default_factory=dict)
    event_logs: dict[int | str | None, tuple[int, int, list[Fragment]]] = field(default_factory=dict)
    seats_version: int = 0  # bumped whenever a seat row or who is connected changes (``seats_changed``)
    meta: dict[str, tuple[int, list[dict[str, Any]]]] = field(default_factory=dict)  # lang → (seats_version, seat_meta)

    def seats_changed(self) -> None:
        """A seat row, the seat rows, or who is connected changed: the seats' public facts are rebuilt."""
        self.seats_version += 1

    def seat_meta(self, lang: str = DEFAULT_LANGUAGE) -> list[dict[str, Any]]:
        """``views.seat_meta`` of the seats now in ``lang``: the same list while nothing about the seats
        changed (so a watcher's update compares it by identity, not value)."""
        meta = self.meta.get(lang)
        if meta is None or meta[0] != self.seats_version:
            meta = self.meta[lang] = (self.seats_version, seat_meta(self.state, self.seats, self.connected, lang))
        return meta[1]

    def log_for(self, viewer: int | None, lang: str = DEFAULT_LANGUAGE) -> list[str]:
        """``state.log_for(viewer, lang)``, extended incrementally (the log only grows, except after an
        undo or a reload, which change ``epoch``). The list is extended in place as the game goes on:
        whoever keeps it across a change must keep its length too (``Facts`` does)."""
        log = self.state.log
        return self._extended(self.logs, (viewer, lang),
                              lambda done: [e.render(lang) for e in log[done:] if e.visible(viewer)])

    def events_for(self, viewer: int | None) -> list[Fragment]:
        """The log entries ``viewer`` may read as structured events, ``[entry.id, entry.args]``, each as
        its JSON (an ``orjson.Fragment``: a snapshot, never the state's own argument values). The same
        entries as ``log_for(viewer, lang)`` in any language, in the same order, extended alike. Each
        entry is serialized once for all viewers (``"all"``: every entry's, in log order)."""
        log = self.state.log
        every = self._extended(self.event_logs, "all", lambda done: [_event_json(e) for e in log[done:]])
        return self._extended(self.event_logs, viewer,
                              lambda done: [j for e, j in zip(log[done:], every[done:]) if e.visible(viewer)])

    def _extended(self, cache: dict[Any, tuple[int, int, list[Any]]], key: Any,
                  new_items: Callable[[int], list[Any]]) -> list[Any]:
        """The list remembered under ``key``, brought up to the whole log: ``new_items(k)`` gives the
        items of the log entries from index ``k`` on; a new list after an undo or a reload."""
        log = self.state.log
        epoch, done, items = cache.get(key, (self.epoch, 0, None))
        if items is None or epoch != self.epoch or done > len(log):
            done, items = 0, []
            cache[key] = (self.epoch, 0, items)
        if done < len(log):
            items += new_items(done)
            cache[key] = (self.epoch, len(log), items)
        return items

    @property
    def closed(self) -> str | None:
        """``abandoned`` or ``cancelled`` when the game was closed before its end, else None."""
        status = self.row.get("status")
        return status if status in db.CLOSED else None

    @property
    def status(self) -> str:
        closed = self.closed
        if closed:
            return closed
        if self.state.is_over():
            return "finished"
        if any(s["kind"] == "human" and not s["claimed"] for s in self.seats):
            return "open"
        return "active"

    def bot_plays(self, seat: int) -> bool:
        row = self.seats[seat]
        return row["kind"] == "bot" or bool(row["away"])

    def seat_of(self, token: "str | SignedIn | None") -> int | None:
        """The seat of a seat token, or of a signed-in player (the seat their account holds here)."""
        if isinstance(token, SignedIn):
            for row in self.seats:
                if row.get("user_id") == token.user_id:
                    return int(row["seat"])
            return None
        if not token:
            return None
        wanted = hash_secret(token)
        for row in self.seats:
            if row["token_hash"] and hmac.compare_digest(row["token_hash"], wanted):
                return int(row["seat"])
        return None


def load_game_rules(row: dict[str, Any]) -> meeple.core.Game:
    return meeple.load(row["game"], players=row["players"], **json.loads(row["options"]))


def fresh_state(row: dict[str, Any]) -> State:
    """The stored game's starting position: its rules, its seed, and who draws chance (a referee
    game's table enters every random outcome: ``chance="manual"``)."""
    return load_game_rules(row).new_game(seed=row["seed"], chance=row.get("chance") or "auto")


def is_referee(g: "LiveGame") -> bool:
    """A game refereed at a real table: its random outcomes are entered by the seats."""
    return g.row.get("chance") == "manual"


def may_enter_chance(g: "LiveGame", seat: int | None) -> bool:
    """Whether ``seat`` may enter the pending random outcome now: a referee game waiting for chance,
    a seat held by a person, and the outcome is that seat's own (its roll, its draw) or anyone's."""
    if seat is None or not is_referee(g) or g.state.to_move() != [CHANCE]:
        return False
    row = g.seats[seat]
    if row["kind"] != "human" or not row["claimed"]:
        return False
    owner = g.state.chance_owner()
    return owner is None or owner == seat or g.bot_plays(owner)



def chance_entry(state: State, seat: int, text: str | None, data: Any) -> Action | None:
    """The random outcome ``seat`` enters at a referee game (as text or JSON), looked up among those it is
    offered (``State.chance_choices(seat)``, judged from what it may know) and nowhere else; None when it
    is not offered. So whether an entry is taken never depends on another seat's hidden cards: the rules
    accept every offered outcome (one that contradicts meeple's hidden arrangement is reconciled,
    ``State.apply``). Raises ActionParseError for text or JSON that is no action."""
    wanted = Action.parse(text) if text is not None else state.action_from_json(data)
    key = str(wanted).lower()
    for offered in state.chance_choices(seat):
        if str(offered).lower() == key:
            return offered
    return None



def check_playing(g: LiveGame) -> None:
    """Conflict saying so when the game was closed before its end: nothing more can happen in it (its
    summary and replay stay readable)."""
    closed = g.closed
    if closed:
        raise Conflict(f"server.game_{closed}", args={"game": g.id}, game_status=closed)
