"""The hub: every game in play kept hot in memory, its seats, its watchers, its bots.

Each game is loaded once (the replay of its seed and stored events) and then changed only under its
own lock: a move is checked against the hot state, written (group commit, see ``writer``), and only
then acknowledged and pushed to every watcher. Another server process sharing a PostgreSQL database
announces its writes with NOTIFY; this process then reads the new events and catches up.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import math
import secrets
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from orjson import Fragment
from sqlalchemy.exc import IntegrityError

import meeple
from meeple.agents import make_agent
from meeple.server import ratings
from meeple.server.accounts import SignedIn
from meeple.core import CHANCE, Action, ActionParseError, IllegalAction, LogEntry, MoveReport, State, UnknownGame
from meeple.core import i18n
from meeple.core.i18n import DEFAULT_LANGUAGE, Message
from meeple.server import db
from meeple.server.bus import Move, Note, PgBus, RedisBus, payloads, split
from meeple.server.botpool import BotPool
from meeple.server.coachpool import REVIEW_PARTS, CoachPool, hint_suggestions, review_part, worst_first
from meeple.server.claims import BotClaims
from meeple.server.errors import (
    BadRequest, Conflict, Forbidden, Internal, NotFound, TooMany, Unauthorized, Unavailable, Unprocessable,
)
from meeple.server.levels import InvalidLevel
from meeple.server.memory import resident_mb
from meeple.server.settings import Settings
from meeple.server.quota import Quota
from meeple.server.undo import undo_refusal
from meeple.server.push import Ack, Facts, Subscriber
from meeple.server.views import shown_name, describe_move, public_facts, seat_meta, view_fields
from meeple.server.wire import dumps, dumps_bytes, loads
from meeple.server.writer import PG_GATHER, EventRow, Writer

log = logging.getLogger("meeple.server")
games_log = logging.getLogger("meeple.games")
"""One line per game started or finished, for the operator's terminal (``meeple serve`` prints it)."""


def _terminal_language() -> str:
    try:
        return i18n.terminal_language()
    except i18n.UnknownLanguage:
        return DEFAULT_LANGUAGE


def seat_words(seat_rows: list[dict[str, Any]], lang: str) -> str:
    """Who sits at a game, for a log line: names, "a person" for an unnamed one, bots by level."""
    parts = []
    for s in seat_rows:
        if s["kind"] == "bot":
            parts.append(i18n.render("server.games.bot", {"level": s["level"]}, lang))
        elif s.get("name"):
            parts.append(str(s["name"]))
        else:
            parts.append(i18n.render("server.games.person", None, lang))
    return i18n.render("server.games.list", {"items": parts}, lang)


def log_game(event: str, g: "LiveGame") -> None:
    """``event`` ("started" or "finished") of game ``g`` as one line on the ``meeple.games`` logger."""
    if not games_log.isEnabledFor(logging.INFO):
        return
    lang = _terminal_language()
    args: dict[str, Any] = {"title": i18n.title(g.state.game.id, g.state.game.info.name), "id": g.id,
                            "seats": seat_words(g.seats, lang)}
    if event == "finished":
        winners = [str(g.seats[p].get("name") or g.state.player_name(p, lang)) for p in g.state.winners()]
        args["winners"] = i18n.render("server.games.list", {"items": winners}, lang) if winners else "-"
    games_log.info("%s", i18n.render(f"server.games.{event}", args, lang))


def log_closed(status: str, gid: str) -> None:
    """Game ``gid`` closed as ``status`` (``abandoned`` or ``cancelled``), one line on ``meeple.games``."""
    if games_log.isEnabledFor(logging.INFO):
        games_log.info("%s", i18n.render(f"server.games.{status}", {"id": gid}, _terminal_language()))


def _event_json(entry: LogEntry) -> Fragment:
    """``[entry.id, entry.args]`` as JSON, as a view's ``events`` carries it."""
    return Fragment(dumps_bytes([entry.id, entry.args]))


def replay_entry(entry: LogEntry, lang: str) -> dict[str, Any]:
    """One line of a replay's log: its text, who could read it, and its event (``id``, ``args``: a copy)."""
    return {"text": entry.render(lang), "visible_to": None if entry.visible_to is None else list(entry.visible_to),
            "id": entry.id, "args": loads(dumps_bytes(entry.args))}


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def new_secret() -> str:
    return secrets.token_urlsafe(24)


class ClosedMeanwhile(Exception):
    """Inside a write: the game's stored status says another request or process closed it first."""


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


def rated_by_default(seats: list[dict[str, Any]], join: int | None, user: SignedIn | None, referee: bool) -> bool:
    """Whether a new game is rated when its creator does not say: a signed-in creator playing against
    bots only (every person's seat signed in), outside a referee game."""
    humans = [i for i, s in enumerate(seats) if s["kind"] == "human"]
    return user is not None and not referee and len(seats) >= 2 and humans == [join]


def check_rated(rated: bool | None, seats: list[dict[str, Any]], join: int | None, user: SignedIn | None,
                referee: bool) -> bool:
    """The ``rated`` of a new game (``rated_by_default`` when None), or Unprocessable saying why it
    cannot be: a rated game needs two seats or more, a signed-in creator in a seat, and real dice
    (not a referee game)."""
    if rated is None:
        return rated_by_default(seats, join, user, referee)
    if rated:
        if len(seats) < 2:
            raise Unprocessable("server.rated_solo")
        if referee:
            raise Unprocessable("server.rated_referee")
        if user is None or join is None:
            raise Unprocessable("server.rated_create_needs_account")
    return bool(rated)


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


@dataclass
class Replayed:
    """A game rebuilt from its seed and stored events (``replay``)."""

    state: State
    moves: list[MoveRecord]  # the moves in effect (undone ones dropped)
    seq: int
    last_undo_seq: int
    undone: set[tuple[int, str]]  # (position, action text) of every move undone


def replay(row: dict[str, Any], event_rows: list[dict[str, Any]]) -> Replayed:
    """The hot state from the stored seed and events."""
    stack: list[tuple[int, int, str]] = []
    last_undo = 0
    undone: set[tuple[int, str]] = set()
    for e in event_rows:
        if e["kind"] == "move":
            stack.append((e["seq"], e["seat"], e["action"]))
        elif stack:
            undone.add((len(stack) - 1, stack.pop()[2]))
            last_undo = e["seq"]
    state = fresh_state(row)
    moves = []
    for seq, seat, text in stack:
        action = state.action_from_json(json.loads(text))
        report = state.apply_reporting(action, seat)
        moves.append(MoveRecord(seq, seat, action, report, text))
    seq = event_rows[-1]["seq"] if event_rows else 0
    return Replayed(state, moves, seq, last_undo, undone)


def decisions_per_seat(moves: list[MoveRecord], players: int) -> list[int]:
    """How many decisions each seat made (by its person or its bot; random outcomes are no seat's)."""
    counts = [0] * players
    for m in moves:
        if 0 <= m.seat < players:
            counts[m.seat] += 1
    return counts


def stored_result(engine: Any, game_row: dict[str, Any]) -> tuple[list[float], list[int], list[int]]:
    """A stored finished game's (scores, winners, decisions per seat), rebuilt from its seed and
    events: what ``ratings.recompute`` rates it by."""
    loaded = db.load_game(engine, game_row["id"])
    if loaded is None:
        raise KeyError(game_row["id"])
    row, _, event_rows = loaded
    rebuilt = replay(row, event_rows)
    state = rebuilt.state
    return list(state.scores()), list(state.winners()), decisions_per_seat(rebuilt.moves, state.players)


class Hub:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.origin = uuid.uuid4().hex[:12]
        self.live: dict[str, LiveGame] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self.levels = settings.level_policy()
        self._known_levels: set[tuple[str, str]] = set()  # (game, bot level) pairs make_agent accepted
        self.creations = Quota(settings.create_rate, settings.create_burst)  # per client address
        self.undos = Quota(settings.undo_rate, settings.undo_burst)  # per (game, seat)
        self.hints = Quota(settings.hint_rate, settings.hint_burst)  # per (game, seat): a hint costs a search
        self.review_quota = Quota(settings.review_rate, settings.review_burst)  # per client address (a review: up to 15 s of CPU)
        self.review_lock = asyncio.Lock()  # one review at a time in this process
        self.reviews: dict[tuple[str, int, str], dict[str, Any]] = {}  # computed reviews, the oldest dropped first
        self.reviewing: dict[tuple[str, int], dict[str, Any]] = {}  # (game, seat): a review's progress while asked for
        self._missed: set[str] = set()  # games announced by another process while this one was loading them
        self._tasks: set[asyncio.Task[Any]] = set()
        self._stop = threading.Event()
        self.bots: BotPool | None = None  # made at start, on the running event loop
        self.coach: CoachPool | None = None  # hints and reviews search here (made at start)
        self.engine: Any = None
        self.writer: Writer | None = None
        self.checkpointer: db.Checkpointer | None = None
        self.bus: PgBus | RedisBus | None = None
        self.claims: BotClaims | None = None  # PostgreSQL: which process moves which game's bots
        self.loop: asyncio.AbstractEventLoop | None = None
        self.moves_applied = 0
        self.clock: Callable[[], float] = time.time
        """Wall time for presence and abandonment (``saw``, ``close_abandoned``): tests replace it."""

    # ------------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        self.loop = asyncio.get_running_loop()
        settings = self.settings
        self.bots = BotPool(self.loop, threads=settings.bot_threads, processes=settings.bot_processes,
                            max_seconds=settings.bot_max_seconds, deadline=settings.bot_move_deadline)
        self.coach = CoachPool(workers=settings.coach_workers, queue=settings.coach_queue,
                               per_address=settings.coach_per_address, rate=settings.coach_rate,
                               burst=settings.coach_burst, processes=settings.coach_processes)
        url = self.settings.sqlalchemy_url()
        sqlite_file = url.startswith("sqlite") and db.sqlite_path(url)
        durability = self.settings.durability
        self.engine = db.make_engine(url, background_checkpoints=bool(sqlite_file), durability=durability)
        await asyncio.to_thread(db.migrate, self.engine)
        if sqlite_file:
            self.checkpointer = db.Checkpointer(sqlite_file)
        # SQLite with durability "process" commits on the event loop, once per loop turn: a commit is a
        # write into the WAL without fsync (tens of microseconds), and a thread would cost more in
        # hand-overs of the GIL than it saves. With "power" every commit waits for an fsync, and
        # PostgreSQL for a round trip: those commit in the writer thread, beside the event loop.
        inline = bool(sqlite_file) and durability == "process"
        postgres = self.settings.is_postgres
        self.writer = Writer(self.engine, inline=inline, pg_options=db.pg_options(durability) if postgres else None,
                             pg_gather=PG_GATHER if postgres else 0.0)
        conninfo = url.replace("postgresql+psycopg://", "postgresql://", 1)  # psycopg's own form
        if self.settings.redis_url:
            self.bus = RedisBus(self.settings.redis_url, self.origin)
        elif postgres:
            self.bus = PgBus(conninfo, self.origin)
        if self.bus is not None:
            self.bus.start(self._on_games, self._refresh_all, listen=self.settings.listen)
        if postgres:
            self.claims = BotClaims(conninfo)
        self._spawn(self._timeouts())
        self._spawn(self._abandon_sweeps())
        self._spawn(self._resume_unfinished())

    async def stop(self) -> None:
        self._stop.set()
        for task in list(self._tasks):
            task.cancel()
        for g in self.live.values():
            for task in g.bot_tasks.values():
                task.cancel()
        if self.bots is not None:
            self.bots.shutdown()
        if self.coach is not None:
            self.coach.shutdown()
        if self.bus is not None:
            await self.bus.stop()
        if self.claims is not None:
            await self.claims.close()
        if self.writer:
            await self.writer.aclose()
            await asyncio.to_thread(self.writer.close)
        if self.checkpointer is not None:
            await asyncio.to_thread(self.checkpointer.close)
        if self.engine is not None:
            self.engine.dispose()

    def _spawn(self, coro: Any) -> asyncio.Task[Any]:
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def _write(self, job: Any) -> Any:
        assert self.writer is not None
        return await self.writer.submit(job)

    async def _resume_unfinished(self) -> None:
        """After a restart, reload the games in play whose bots or turn timers must carry on (the others
        load on demand: a server with many games between people does not replay them all at start)."""
        try:
            ids = await asyncio.to_thread(db.games_to_resume, self.engine)
            for gid in ids:
                try:
                    await self.get(gid)
                except Exception:  # noqa: BLE001 - one bad game must not stop the others
                    log.exception("could not resume game %s", gid)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001
            log.exception("could not list unfinished games")

    # ------------------------------------------------------------------ loading
    async def get(self, gid: str) -> LiveGame:
        g = self.live.get(gid)
        if g is not None:
            g.touched = time.monotonic()
            return g
        if not isinstance(gid, str) or not (1 <= len(gid) <= 32):
            raise NotFound("server.no_game", args={"game": repr(gid)[:40]})
        lock = self._loading.setdefault(gid, asyncio.Lock())
        try:
            async with lock:
                g = self.live.get(gid)
                if g is not None:
                    return g
                data = await asyncio.to_thread(db.load_game, self.engine, gid)
                if data is None:
                    raise NotFound("server.no_game", args={"game": repr(gid)[:40]})
                row, seat_rows, event_rows = data
                try:
                    rebuilt = await asyncio.to_thread(replay, row, event_rows)
                except (IllegalAction, UnknownGame, ValueError, KeyError) as exc:
                    log.error("game %s cannot be replayed: %s", gid, exc)
                    # the reason stays in the server log: it may name a seat's private options
                    raise Conflict("server.cannot_replay", args={"game": gid}) from None
                self._make_room()
                g = LiveGame(id=gid, row=row, seats=seat_rows, state=rebuilt.state, seq=rebuilt.seq,
                             moves=rebuilt.moves, last_undo_seq=rebuilt.last_undo_seq, undone=rebuilt.undone)
                g.seen = g.seen_stored = float(row.get("seen_at") or row["updated_at"])
                if g.closed:  # kept out of the live set: loaded for its summary or replay only
                    return g
                self.live[gid] = g
        finally:
            self._loading.pop(gid, None)
            if gid not in self.live:
                self._missed.discard(gid)
        self.changed(g)
        if gid in self._missed:
            # another process announced a change while this one was reading the game: what it read may
            # predate that change, so catch up now (else this game would wait for its next write)
            self._missed.discard(gid)
            self._on_notify(gid)
        return g

    async def _reload(self, g: LiveGame) -> None:
        """Rebuild ``g`` from the database (caller holds ``g.lock``)."""
        data = await asyncio.to_thread(db.load_game, self.engine, g.id)
        if data is None:
            return
        row, seat_rows, event_rows = data
        rebuilt = await asyncio.to_thread(replay, row, event_rows)
        g.row, g.seats, g.state, g.moves = row, seat_rows, rebuilt.state, rebuilt.moves
        g.seq, g.last_undo_seq, g.undone = rebuilt.seq, rebuilt.last_undo_seq, rebuilt.undone
        g.seats_changed()
        g.epoch += 1
        g.cache.clear()

    # ------------------------------------------------------------------ creating and joining
    def check_level(self, level: Any, game_id: str) -> str:
        """A bot level from a request in canonical form, or Unprocessable naming the valid levels."""
        try:
            level = self.levels.check(level)
        except InvalidLevel as exc:
            raise Unprocessable(exc.message, levels=self.levels.names()) from None
        if (game_id, level) not in self._known_levels:
            try:  # the level exists; does it play this game (a plug-in may not)?
                make_agent(self.levels.agent_name(level), game_id=game_id, seed=0)
            except (UnknownGame, ImportError) as exc:
                raise Unprocessable("server.level_cannot_play", args={"level": level, "game": game_id},
                                    levels=self.levels.names()) from None
            self._known_levels.add((game_id, level))
        return level

    async def create(self, *, game: str, players: int | None, options: dict[str, Any], seats: list[dict[str, Any]] | None,
                     join: int | None, name: str | None, private: bool, turn_timeout: float | None,
                     fallback_level: str, player_name: str | None, client: str | None = None,
                     referee: bool = False, user: SignedIn | None = None, rated: bool | None = None) -> dict[str, Any]:
        """A new game (``client``: the creator's address, which the creation rate limit counts;
        ``referee``: the people at a real table enter every die roll and card draw; ``user``: the creator
        is signed in: their seat is their account's, under their account's name; ``rated``: whether the
        game counts for the ratings, fixed now for good (``rated_by_default`` when None))."""
        try:
            rules = meeple.load(game, players=players, **options)
        except UnknownGame as exc:
            raise BadRequest.of(exc) from None
        n = rules.players
        if seats is None:
            seats = [{"kind": "human"} for _ in range(n)]
        if len(seats) != n:
            raise BadRequest("server.seat_count", args={"title": i18n.title(rules.id, rules.info.name), "n": n,
                                                    "given": len(seats)})
        fallback_level = self.check_level(fallback_level, rules.id)
        seats = [{**s, "level": self.check_level(s["level"], rules.id) if s.get("level") is not None else fallback_level}
                 for s in seats]
        if client is not None:
            wait = self.creations.take(client)
            if wait:
                raise TooMany("server.too_many_games", args={"burst": f"{self.settings.create_burst:g}",
                                                      "every": f"{1 / self.settings.create_rate:g}",
                                                      "wait": f"{wait:.0f}"}, retry_after=wait)
        if not self._make_room():
            raise Unavailable("server.full", args={"limit": self.settings.max_live_games}, retry_after=60)
        humans = [i for i, s in enumerate(seats) if s["kind"] == "human"]
        if join is None:
            join = humans[0] if humans else None
        elif join not in humans:
            raise BadRequest("server.not_human_seat", args={"seat": join, "humans": ", ".join(map(str, humans))})
        rated = check_rated(rated, seats, join, user, referee)
        seed = secrets.randbits(52)
        chance = "manual" if referee else None
        state = rules.new_game(seed=seed, chance=chance or "auto")  # fails now rather than at first view
        gid = secrets.token_urlsafe(9)
        now = time.time()
        token = new_secret() if join is not None else None
        invites: dict[int, str] = {}
        seat_rows = []
        for i, s in enumerate(seats):
            row = {
                "game_id": gid, "seat": i, "kind": s["kind"], "level": s["level"],
                "name": None, "token_hash": None, "invite_hash": None, "claimed": s["kind"] == "bot", "away": False,
                "user_id": None, "left_game": False, "bot_moves": 0,
            }
            if i == join:
                row.update(claimed=True, token_hash=hash_secret(token), name=user.name if user else player_name,  # type: ignore[arg-type]
                           user_id=user.user_id if user else None)
            elif s["kind"] == "human":
                code = new_secret()
                invites[i] = code
                row["invite_hash"] = hash_secret(code)
            seat_rows.append(row)
        status = "open" if any(s["kind"] == "human" and not s["claimed"] for s in seat_rows) else "active"
        game_row = {
            "id": gid, "game": rules.id, "players": n, "options": json.dumps(rules.options, sort_keys=True),
            "seed": seed, "status": status, "private": private, "turn_timeout": turn_timeout,
            "name": name, "created_at": now, "updated_at": now, "finished_at": None,
            "seen_at": now, "creator_seat": join, "chance": chance, "rated": rated,
        }
        await self._write(partial(db.insert_game, row=game_row, seat_rows=seat_rows))
        # in memory at once: the stored game is exactly this new state (its seed, no events yet)
        g = LiveGame(id=gid, row=dict(game_row), seats=[dict(r) for r in seat_rows], state=state, seq=0, moves=[],
                     seen=now, seen_stored=now)
        self.live[gid] = g
        self.changed(g)
        log_game("started", g)
        return {
            "id": gid, "game": rules.id, "players": n, "seat": join, "token": token,
            "invites": [{"seat": i, "code": c} for i, c in invites.items()],
        }

    async def join(self, gid: str, seat: int | None, invite: str | None, name: str | None,
                   user: SignedIn | None = None) -> dict[str, Any]:
        """Take a free seat (``user``: a signed-in player, whose account then holds it under its name)."""
        g = await self.get(gid)
        async with g.lock:
            self.check_playing(g)
            if user is not None:
                name = user.name
                if g.seat_of(user) is not None:
                    raise Conflict("server.account_seated", args={"number": g.seat_of(user)})
            elif g.row.get("rated"):
                raise Forbidden("server.rated_join_needs_account")  # a guest's seat could not be rated
            if seat is None:
                free = [s["seat"] for s in g.seats if s["kind"] == "human" and not s["claimed"]]
                if invite:
                    h = hash_secret(invite)
                    free = [s["seat"] for s in g.seats if s["invite_hash"] and hmac.compare_digest(s["invite_hash"], h)]
                if not free:
                    raise Conflict("server.no_free_seat")
                seat = free[0]
            if not 0 <= seat < len(g.seats):
                raise BadRequest("server.bad_seat", args={"last": len(g.seats) - 1})
            row = g.seats[seat]
            if row["kind"] != "human":
                raise Conflict("server.seat_is_bot", args={"number": seat})
            if row["claimed"]:
                raise Conflict("server.seat_taken", args={"number": seat})
            if invite is not None:
                if not row["invite_hash"] or not hmac.compare_digest(row["invite_hash"], hash_secret(invite)):
                    raise Forbidden("server.bad_invite")
            elif g.row["private"]:
                raise Forbidden("server.private_game")
            token = new_secret()
            h = hash_secret(token)
            new_status = "open" if any(s["kind"] == "human" and not s["claimed"] and s["seat"] != seat for s in g.seats) else "active"

            def job(conn: Any) -> str | None:
                if not db.claim_seat(conn, gid, seat, h, name, user.user_id if user else None):
                    return "taken"
                if not db.set_status_if(conn, gid, new_status):  # cancelled or abandoned meanwhile:
                    raise ClosedMeanwhile  # the claim is rolled back with the transaction
                self._notify_in(conn, gid)
                return None

            try:
                refused = await self._write(job)
            except ClosedMeanwhile:
                refused = "closed"
            if refused is not None:
                await self._reload(g)
                if refused == "closed" or g.closed:
                    self._drop(g)
                    self.check_playing(g)
                raise Conflict("server.seat_just_taken", args={"number": seat})
            self._announce(gid, rows=True)
            row.update(claimed=True, token_hash=h, invite_hash=None, name=name, user_id=user.user_id if user else None)
            g.seats_changed()
            g.row["status"] = new_status
        self.changed(g)
        return {"id": gid, "seat": seat, "token": token}

    async def seat_for(self, g: LiveGame, token: "str | SignedIn | None") -> int:
        if not token:
            raise Unauthorized("server.needs_token")
        seat = g.seat_of(token)
        if seat is None:  # claimed through another server process a moment ago?
            async with g.lock:
                _, seat_rows, _ = await asyncio.to_thread(db.load_since, self.engine, g.id, 1 << 30)
                g.seats = seat_rows
                g.seats_changed()
            seat = g.seat_of(token)
            if seat is None and isinstance(token, SignedIn):
                raise Forbidden("server.account_not_seated")
            if seat is None:
                raise Unauthorized("server.bad_token")
        g.seen = self.clock()  # a person asked: the game is not abandoned
        return seat

    async def set_away(self, g: LiveGame, seat: int, away: bool, left: bool = False) -> None:
        """A bot plays the person's seat (``away``) or the person again; ``left``: the person chose to
        leave (``/leave``), which a rated game remembers: it ranks them last (``ratings.forfeits``)."""
        async with g.lock:
            self.check_playing(g)
            row = g.seats[seat]
            if row["kind"] != "human":
                raise Conflict("server.bot_seat_fixed")
            changes: dict[str, Any] = {}
            if bool(row["away"]) != away:
                changes["away"] = away
            if away and left and not row.get("left_game"):
                changes["left_game"] = True
            if not changes:
                return

            def job(conn: Any) -> None:
                db.update_seat(conn, g.id, seat, **changes)
                self._notify_in(conn, g.id)

            await self._write(job)
            self._announce(g.id, rows=True)
            row.update(changes)
            g.seats_changed()
            g.waiting_since[seat] = time.monotonic()
        self.changed(g)

    # ------------------------------------------------------------------ moves and undo
    async def move(self, gid: str, seat: int, expected: int, data: Any = None, text: str | None = None,
                   by_bot: bool = False) -> int:
        g = self.live.get(gid)
        if g is None:
            g = await self.get(gid)
        else:
            g.touched = time.monotonic()
        async with g.lock:
            if isinstance(expected, bool) or not isinstance(expected, int):
                raise BadRequest("server.bad_seq")
            if expected != g.seq:
                raise Conflict("server.stale_seq_reload", args={"given": repr(expected)[:20], "now": g.seq}, seq=g.seq)
            self.check_playing(g)
            state = g.state
            if state.is_over():
                raise Conflict("server.game_over", seq=g.seq)
            if by_bot and not g.bot_plays(seat):
                raise Conflict("server.person_again")
            if not by_bot and g.bot_plays(seat):
                raise Forbidden("server.bot_playing", seq=g.seq)
            player = seat
            if seat not in state.to_move() and not by_bot and may_enter_chance(g, seat):
                player = CHANCE  # a referee game: this seat enters what the table rolled or drew
            elif seat not in state.to_move():
                raise Unprocessable(Message("core.not_your_turn", {"game": state.game.id, "seat": seat,
                                                                   "seats": list(state.to_move())}), seq=g.seq)
            try:
                if player == CHANCE:
                    entered = chance_entry(state, seat, text, data)
                    if entered is None:  # refused from the offered list alone: it tells nothing hidden
                        raise Unprocessable("server.chance_not_offered", seq=g.seq)
                    action = entered
                else:
                    action = state.parse_action(text, player) if text is not None else state.action_from_json(data)
            except ActionParseError as exc:
                raise BadRequest.of(exc, seq=g.seq) from None
            except IllegalAction as exc:
                raise Unprocessable.of(exc, seq=g.seq) from None
            try:
                report = state.apply_reporting(action, player)
            except ActionParseError as exc:
                raise BadRequest.of(exc, seq=g.seq) from None
            except IllegalAction as exc:
                if player == CHANCE:
                    # an offered outcome the rules could not reconcile (never, for a game that keeps the
                    # contract): said without the legal outcomes, which would tell where the cards are
                    raise Unprocessable("server.chance_not_possible", seq=g.seq) from None
                raise Unprocessable.of(exc, seq=g.seq) from None
            except Exception:  # a bug in the game's rules: rebuild the position from the log
                log.exception("game %s: the rules failed on a move; reloading", gid)
                await self._reload(g)
                raise Internal("server.rules_failed") from None
            seq = g.seq + 1
            finished = state.is_over()
            action_json = action.to_json()

            notify = self.origin if self.bus is not None and self.bus.in_transaction else None
            row = EventRow(gid, seq, player, "move", dumps(action_json), notify)
            # the fallback bot of a person away, in a rated game (where it ranks the person last if it
            # plays most of their decisions): counted in the move's own transaction
            for_person = by_bot and bool(g.row.get("rated")) and g.seats[seat]["kind"] == "human"

            finish_time = time.time()

            def job(conn: Any) -> None:
                row(conn)
                if for_person:
                    db.count_bot_move(conn, gid, seat)
                if finished:
                    db.update_game(conn, gid, status="finished", finished_at=finish_time)
                    self._rate(conn, g, state, player, finish_time)

            try:
                await self._write(job if finished or for_person else row)
            except IntegrityError:
                await self._reload(g)
                self.changed(g)
                raise Conflict("server.saved_first", seq=g.seq) from None
            except Exception:
                log.exception("could not save a move of game %s", gid)
                await self._reload(g)
                self.changed(g)
                raise Unavailable("server.not_saved") from None
            self._announce(gid, rows=finished, move=Move(gid, seq, player, row.action))
            g.seq = seq
            g.moves.append(MoveRecord(seq, player, action, report, row.action))
            g.waiting_since[player] = time.monotonic()
            if for_person:
                g.seats[seat]["bot_moves"] = int(g.seats[seat].get("bot_moves") or 0) + 1
            if finished:
                g.row["status"] = "finished"
                g.row["finished_at"] = finish_time  # the summary's game length
                log_game("finished", g)
            self.moves_applied += 1
        self.changed(g)
        return seq

    def _rate(self, conn: Any, g: LiveGame, state: State, last_player: int, at: float) -> None:
        """Rate a game that just ended by ``last_player``'s move (in that move's transaction, the seat rows
        read in it: another process may have counted its bots' moves; ``ratings.apply_game`` says which
        games are rated). A failure here is logged and rolled back alone: it never costs the move."""
        if not g.row.get("rated"):
            return
        try:
            with conn.begin_nested():
                decisions = decisions_per_seat(g.moves, state.players)
                if 0 <= last_player < state.players:
                    decisions[last_player] += 1  # the finishing move, not yet in ``g.moves``
                ratings.apply_game(conn, {**g.row, "status": "finished", "finished_at": at}, db.seat_rows(conn, g.id),
                                   list(state.scores()), list(state.winners()), decisions, at)
        except Exception:  # noqa: BLE001
            log.exception("game %s: its ratings could not be updated", g.id)

    async def hint(self, gid: str, seat: int, lang: str = DEFAULT_LANGUAGE, client: str = "?") -> dict[str, Any]:
        """The coach's best moves for ``seat`` now (``coach.hint``: from that seat's information only, at a
        fixed budget, seeded by the game's public id and position so the same position gives the same
        hint). A rated game offers none (409): a rating measures the player, not the search. The hints
        of an unrated game are counted (``games.hints``). The search runs in the coach's pool
        (``coachpool``), within its limits per ``client`` address."""
        with contextlib.ExitStack() as places:  # a place in the coach's line goes back if no search took it
            return await self._hint(gid, seat, lang, client, places)

    async def _hint(self, gid: str, seat: int, lang: str, client: str, places: contextlib.ExitStack) -> dict[str, Any]:
        assert self.coach is not None
        g = await self.get(gid)
        async with g.lock:
            self.check_playing(g)
            if g.row.get("rated"):
                raise Conflict("server.hint_rated", seq=g.seq)
            if g.state.is_over():
                raise Conflict("server.game_over", seq=g.seq)
            if seat not in g.state.to_move() or not g.state.legal_actions(seat):
                raise Conflict("server.hint_not_your_turn", seq=g.seq)
            ticket = places.enter_context(self.coach.reserve(client))  # 429 when the coach is full: before the game changes
            wait = self.hints.take((gid, seat))
            if wait:
                raise TooMany("server.too_many_hints", args={"wait": f"{wait:.0f}"}, retry_after=wait, seq=g.seq)
            position, seq = g.state.clone(), g.seq
            count = int(g.row.get("hints") or 0) + 1
            await self._write(partial(db.update_game, game_id=gid, hints=count))
            g.row["hints"] = count
        seed = int.from_bytes(hashlib.sha256(f"{gid}:{seq}:{seat}".encode()).digest()[:6], "big")
        suggestions = await self.coach.run(ticket, hint_suggestions, position, seat, seed, lang)
        return {"seq": seq, "hints": count, "suggestions": suggestions}

    async def review(self, gid: str, seat: int, lang: str = DEFAULT_LANGUAGE, client: str = "?") -> dict[str, Any]:
        """A finished game's review for ``seat`` (``agents.review``: each of its decisions searched from
        what it knew then; the moves the search rated clearly worse than its best, worst first). One
        review runs at a time in this process, each (game, seat, language) is computed once, and an
        address may ask for a few a minute: a review costs up to 15 s of CPU. It searches in the
        coach's pool, as hints do, in parts of a few positions (``REVIEW_PARTS``), so that its progress
        ("position k of n") can be asked for meanwhile (``review_progress``)."""
        assert self.coach is not None
        g = await self.get(gid)
        if not g.state.is_over():
            raise Conflict("server.review_not_over")
        key = (gid, seat, lang)
        hit = self.reviews.get(key)
        if hit is not None:
            return hit
        with self.coach.reserve(client) as ticket:  # 429 when the coach is full: before the quota counts
            wait = self.review_quota.take(client)
            if wait:
                raise TooMany("server.too_many_reviews", args={"wait": f"{wait:.0f}"}, retry_after=wait)
            finished = g.state.clone()
            seed = int.from_bytes(hashlib.sha256(f"review:{gid}".encode()).digest()[:6], "big")
            progress = self.reviewing.setdefault((gid, seat), {"status": "waiting", "done": 0, "total": None})
            try:
                async with self.review_lock:
                    hit = self.reviews.get(key)
                    if hit is not None:
                        return hit
                    progress["status"] = "running"
                    blunders: list[dict[str, Any]] = []
                    start, size, total = 0, 1, None
                    while total is None or start < total:
                        found, total = await self.coach.run(ticket, review_part, finished, seat, seed,
                                                            self.settings.review_iterations, lang, start, size,
                                                            keep=True)
                        blunders = worst_first(blunders + found)
                        start += size
                        progress["done"], progress["total"] = min(start, total), total
                        size = max(1, math.ceil(total / REVIEW_PARTS))
            finally:
                if self.reviewing.get((gid, seat)) is progress:
                    del self.reviewing[(gid, seat)]
        out = {"seat": seat, "blunders": blunders}
        if len(self.reviews) >= 256:
            self.reviews.pop(next(iter(self.reviews)))
        self.reviews[key] = out
        return out

    def review_progress(self, gid: str, seat: int) -> dict[str, Any]:
        """How far ``seat``'s review of game ``gid`` has come: ``status`` "waiting" (another review runs
        first), "running" (``done`` of ``total`` positions searched), "done" (computed, in some
        language) or "none" (not asked for)."""
        running = self.reviewing.get((gid, seat))
        if running is not None:
            return {"seat": seat, **running}
        done = any(k[0] == gid and k[1] == seat for k in self.reviews)
        return {"seat": seat, "status": "done" if done else "none", "done": None, "total": None}

    def undo_possible(self, g: LiveGame, seat: int | None) -> bool:
        """Whether ``seat`` may undo now (shown in its view as ``can_undo``)."""
        return undo_refusal(g, seat) is None

    async def undo(self, gid: str, seat: int, expected: int) -> int:
        g = await self.get(gid)
        async with g.lock:
            if isinstance(expected, bool) or not isinstance(expected, int):
                raise BadRequest("server.bad_seq")
            if expected != g.seq:
                raise Conflict("server.stale_seq", args={"given": repr(expected)[:20], "now": g.seq}, seq=g.seq)
            self.check_playing(g)
            refusal = undo_refusal(g, seat)
            if refusal is not None:
                raise (Forbidden if refusal.status == 403 else Conflict)(refusal.reason, seq=g.seq)
            wait = self.undos.take((gid, seat))
            if wait:
                raise TooMany("server.too_many_undos", args={"wait": f"{wait:.0f}"}, retry_after=wait, seq=g.seq)
            last = g.moves[-1]
            before = fresh_state(g.row)
            for m in g.moves[:-1]:
                before.apply(m.action, m.seat)
            seq = g.seq + 1

            def job(conn: Any) -> None:
                db.insert_event(conn, gid, seq, seat, "undo", None)
                self._notify_in(conn, gid)

            try:
                await self._write(job)
            except IntegrityError:
                await self._reload(g)
                self.changed(g)
                raise Conflict("server.saved_first", seq=g.seq) from None
            self._announce(gid, rows=True)
            g.state = before
            g.moves.pop()
            g.undone.add((len(g.moves), last.text))
            g.seq = seq
            g.last_undo_seq = seq
            g.epoch += 1
            g.cache.clear()
        self.changed(g)
        return seq

    # ------------------------------------------------------------------ change propagation
    def changed(self, g: LiveGame) -> None:
        g.touched = time.monotonic()
        g.version += 1
        g.cache.clear()
        now = time.monotonic()
        movers = set(g.state.to_move())
        for seat in list(g.waiting_since):
            if seat not in movers:
                del g.waiting_since[seat]
        for seat in movers:
            g.waiting_since.setdefault(seat, now)
        for sub in g.subscribers:
            sub.mark()
        self.schedule_bots(g)

    def facts(self, g: LiveGame, viewer: int | None, lang: str = DEFAULT_LANGUAGE) -> Facts:
        """What ``viewer`` may know now, in ``lang``: computed once per change of the game (caller holds
        ``g.lock`` or runs without awaiting since the last change)."""
        key = (viewer, lang)
        hit = g.cache.get(key)
        if hit is None:
            shared = g.cache.get(("shared", lang))
            if shared is None:  # the same for every viewer reading this language
                shared = g.cache[("shared", lang)] = (g.seat_meta(lang), g.status, public_facts(g.state))
            meta, status, public = shared
            fields = view_fields(g.state, viewer, seq=g.seq, status=status, seats=meta,
                                 can_undo=self.undo_possible(g, viewer), public=public, lang=lang,
                                 enters_chance=may_enter_chance(g, viewer), rated=bool(g.row.get("rated")))
            hit = g.cache[key] = Facts(g.state, viewer, g.id, fields, g.log_for(viewer, lang), g.events_for(viewer))
        return hit

    def view(self, g: LiveGame, viewer: int | None, log_from: int = 0, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        """``viewer``'s whole view in ``lang`` as a new dict (nothing in it is shared with the state)."""
        facts = self.facts(g, viewer, lang)
        lines = facts.lines
        start = log_from if 0 <= log_from <= len(lines) else 0
        view: dict[str, Any] = loads(facts.head() + "}")
        view["log_start"] = start
        view["log"] = lines[start:]
        view["events"] = loads(dumps_bytes(facts.events[start:]))
        return view

    def message_for(self, g: LiveGame, sub: Subscriber) -> str | None:
        """The next message for a WebSocket watcher: a whole view or an update (None: nothing new)."""
        return sub.message(self.facts(g, sub.seat, sub.lang), g.epoch)

    def ack_for(self, g: LiveGame, sub: Subscriber, ack: Ack) -> str:
        """The acknowledgment's text: with the watcher's update in it when that update is due and is
        for the acknowledged sequence number (see ``Subscriber.ack_with_update``), else alone."""
        if sub.updates and sub.dirty and g.seq == ack.seq:
            text = sub.ack_with_update(ack, self.facts(g, sub.seat, sub.lang), g.epoch)
            if text is not None:
                return text
        return ack.text()

    def subscribe(self, g: LiveGame, sub: Subscriber, resume_seq: int | None) -> None:
        if resume_seq is None or resume_seq < g.last_undo_seq or resume_seq > g.seq:
            sub.log_sent = 0
        sub.epoch = g.epoch
        g.subscribers.add(sub)
        g.seen = self.clock()
        if sub.seat is not None:
            g.connected[sub.seat] = g.connected.get(sub.seat, 0) + 1
            g.seats_changed()
            if g.connected[sub.seat] == 1:
                self.changed(g)
        sub.mark()

    def unsubscribe(self, g: LiveGame, sub: Subscriber) -> None:
        g.subscribers.discard(sub)
        g.seen = self.clock()  # the idle time counts from the last connection's end
        if sub.seat is not None:
            g.connected[sub.seat] = max(0, g.connected.get(sub.seat, 0) - 1)
            g.seats_changed()
            if g.connected[sub.seat] == 0:
                self.changed(g)

    # ------------------------------------------------------------------ bots
    def schedule_bots(self, g: LiveGame) -> None:
        if g.state.is_over() or self._stop.is_set() or g.closed:
            return
        due = [seat for seat in g.state.to_move()
               if seat != CHANCE and seat not in g.bot_tasks and g.bot_plays(seat)]
        if not due:
            return
        if self.claims is not None and not self.claims.owns(g.id):
            if not g.claiming:  # another process may be moving them: ask first (``meeple.server.claims``)
                g.claiming = True
                self._spawn(self._claim_bots(g))
            return
        for seat in due:
            g.bot_tasks[seat] = asyncio.ensure_future(self._bot_turn(g, seat))

    async def _claim_bots(self, g: LiveGame) -> None:
        assert self.claims is not None
        try:
            mine = await self.claims.claim(g.id)
        finally:
            g.claiming = False
        if mine and self.live.get(g.id) is g:
            self.schedule_bots(g)

    async def _release_bots(self) -> None:
        """Give up the claims on games this process no longer holds or that are over."""
        if self.claims is None:
            return
        for gid in list(self.claims.held):
            g = self.live.get(gid)
            if g is None or g.state.is_over():
                await self.claims.release(gid)

    def _stored_level(self, g: LiveGame, seat: int) -> str:
        """The seat's bot level as stored, checked again as a request's would be (a game stored before a
        limit, or by a server with other plug-ins, obeys this server's list): the heuristic player
        stands in for a level this server does not allow."""
        level = g.seats[seat]["level"]
        try:
            return self.levels.check(level)
        except InvalidLevel as exc:
            log.warning("game %s seat %s: %s; the heuristic player plays it", g.id, seat, exc)
            return "heuristic"

    async def _bot_turn(self, g: LiveGame, seat: int) -> None:
        again = False
        try:
            if self.settings.bot_delay:
                await asyncio.sleep(self.settings.bot_delay)
            async with g.lock:
                if g.state.is_over() or seat not in g.state.to_move() or not g.bot_plays(seat):
                    return
                seq = g.seq
                snapshot = g.state.clone()
                level = self._stored_level(g, seat)
            seed = (int(g.row["seed"]) * 1_000_003 + seq * 7919 + seat) % (1 << 62)
            assert self.bots is not None
            choice = await self.bots.choose(g.id, snapshot, seat, self.levels.agent_name(level),
                                            quick=self.levels.is_quick(level), game_id=g.state.game.id, seed=seed)
            await self.move(g.id, seat, seq, choice, by_bot=True)
            again = True
        except (Conflict, Forbidden):
            again = True
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - a broken bot must not take the server down
            log.exception("bot for seat %s of game %s failed", seat, g.id)
        finally:
            g.bot_tasks.pop(seat, None)
        if again:
            self.schedule_bots(g)

    # ------------------------------------------------------------------ closing games (abandoned, cancelled)
    def check_playing(self, g: LiveGame) -> None:
        """Conflict (409) saying so when the game was closed before its end: nothing more can happen in it
        (its summary and replay stay readable)."""
        closed = g.closed
        if closed:
            raise Conflict(f"server.game_{closed}", args={"game": g.id}, game_status=closed)

    def _drop(self, g: LiveGame) -> None:
        """A closed game leaves the live set: its bots stop; its watchers got its last view (status
        ``abandoned`` or ``cancelled``), and whatever they send next is answered from the stored row."""
        for task in g.bot_tasks.values():
            task.cancel()
        g.bot_tasks.clear()
        if self.live.get(g.id) is g:
            del self.live[g.id]

    def _close_here(self, g: LiveGame, status: str, now: float) -> None:
        g.row.update(status=status, finished_at=now, updated_at=now)
        self.changed(g)
        self._drop(g)
        log_closed(status, g.id)

    async def close_abandoned(self, now: float | None = None) -> list[str]:
        """One sweep (``abandon_check_every``; callable directly, with ``now`` the wall time to judge by):
        store when a person was last seen at the games held here, then close as ``abandoned`` every open
        or started game, held here or not, with no person seen for ``abandon_after`` seconds (plus the
        most the stored times can lag behind: a sweep's interval and the storing interval), except a
        rated game under way: its people are taken to have left (ranked last) and its bots finish it,
        so that walking away never voids a rated game. Returns the ids closed."""
        settings = self.settings
        now = self.clock() if now is None else now
        every = settings.abandon_check_every
        store_every = min(every, settings.abandon_after / 10)
        seen = {}
        for g in list(self.live.values()):
            if g.subscribers:  # someone connected: seen now
                g.seen = max(g.seen, now)
            if g.seen - g.seen_stored >= store_every:
                seen[g.id] = g.seen
        cutoff = now - settings.abandon_after - 2 * every

        def job(conn: Any) -> tuple[list[str], list[str]]:
            if seen:
                db.store_seen(conn, seen)
            closed = db.abandon_unseen(conn, cutoff, now, settings.abandon_batch)
            handed = db.forfeit_unseen(conn, cutoff, now, settings.abandon_batch)
            for gid in closed + handed:
                self._notify_in(conn, gid)
            return closed, handed

        closed, handed = await self._write(job)
        for gid, at in seen.items():
            g = self.live.get(gid)
            if g is not None:
                g.seen_stored = max(g.seen_stored, at)
        for gid in closed:
            self._announce(gid, rows=True)
            g = self.live.get(gid)
            if g is not None:
                self._close_here(g, "abandoned", now)
            else:
                log_closed("abandoned", gid)
        for gid in handed:  # a rated game nobody came back to: its bots finish it, its people ranked last
            self._announce(gid, rows=True)
            log.info("rated game %s: nobody came back; the bots finish it", gid)
            g = self.live.get(gid)
            if g is not None:
                g.seen = g.seen_stored = max(g.seen, now)
                self._on_notify(gid, rows=True)  # re-read the seats (now away), then the bots move
            else:
                self._spawn(self.get(gid))  # loaded: its bots are due
        return closed

    async def _abandon_sweeps(self) -> None:
        while True:
            await asyncio.sleep(self.settings.abandon_check_every)
            try:
                await self.close_abandoned()
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - the next sweep tries again
                log.exception("the sweep for abandoned games failed")

    async def cancel(self, gid: str, token: str | None) -> dict[str, Any]:
        """The creator (the token they got at creation) cancels a game that has not started: a human seat
        still open and no move made. Anyone else gets 401/403, a started or closed game 409; nothing
        changes then."""
        g = await self.get(gid)
        seat = await self.seat_for(g, token)
        async with g.lock:
            self.check_playing(g)
            creator = g.row.get("creator_seat")
            if creator is None or seat != creator:
                raise Forbidden("server.cancel_not_creator")
            if g.seq != 0 or g.status != "open":
                raise Conflict("server.cancel_started", seq=g.seq)
            now = time.time()

            def job(conn: Any) -> bool:
                ok = db.cancel_game(conn, gid, now)
                if ok:
                    self._notify_in(conn, gid)
                return ok

            if not await self._write(job):  # another process let someone join or move first
                await self._reload(g)
                self.changed(g)
                raise Conflict("server.cancel_started", seq=g.seq)
            self._announce(gid, rows=True)
            self._close_here(g, "cancelled", now)
        return {"id": gid, "status": "cancelled"}

    # ------------------------------------------------------------------ timeouts
    async def _timeouts(self) -> None:
        while True:
            await asyncio.sleep(self.settings.timeout_check_every)
            now = time.monotonic()
            for g in list(self.live.values()):
                if self._evictable(g, now):
                    del self.live[g.id]
            self._make_room(0)
            for g in list(self.live.values()):
                if self.claims is not None and not self.claims.owns(g.id):
                    self.schedule_bots(g)  # take the bots over if their process let them go
                limit = g.row.get("turn_timeout")
                if not limit or g.state.is_over():
                    continue
                for seat, since in list(g.waiting_since.items()):
                    if seat == CHANCE:
                        continue
                    row = g.seats[seat]
                    if row["kind"] == "human" and row["claimed"] and not row["away"] and now - since > limit:
                        try:
                            await self.set_away(g, seat, True)
                            log.info("seat %s of game %s timed out; a bot plays it", seat, g.id)
                        except Exception:  # noqa: BLE001
                            log.exception("timeout handling failed")
            await self._release_bots()

    def _evictable(self, g: LiveGame, now: float, idle: float | None = None) -> bool:
        """A game nobody watches, no bot or timer needs, untouched for a while (``idle`` seconds; default
        the settings' age), leaves memory (it reloads on demand)."""
        if g.subscribers or g.bot_tasks or g.lock.locked() or g.refreshing:
            return False
        if g.state.is_over():
            return now - g.touched >= (self.settings.evict_finished_after if idle is None else idle)
        if now - g.touched < (self.settings.evict_after if idle is None else idle):
            return False
        needs_timer = bool(g.row.get("turn_timeout"))
        bot_due = any(p != CHANCE and g.bot_plays(p) for p in g.state.to_move())
        return not needs_timer and not bot_due

    def under_pressure(self, extra: int = 0) -> bool:
        """Whether memory is short: more than ``memory_games`` games held (with ``extra`` more to come),
        or the process's resident memory above ``memory_limit_mb``."""
        if len(self.live) + extra > self.settings.memory_games:
            return True
        limit = self.settings.memory_limit_mb
        if limit is not None:
            rss = resident_mb()
            return rss is not None and rss > limit
        return False

    def _make_room(self, extra: int = 1) -> bool:
        """Under memory pressure, evict idle games, the longest untouched first, until there is none;
        then whether ``extra`` more games fit under ``max_live_games``."""
        if self.under_pressure(extra):
            now = time.monotonic()
            idle = sorted((g for g in self.live.values() if self._evictable(g, now, self.settings.pressure_idle)),
                          key=lambda g: g.touched)
            for g in idle:
                del self.live[g.id]
                if not self.under_pressure(extra):
                    break
        return len(self.live) + extra <= self.settings.max_live_games

    # ------------------------------------------------------------------ other processes (PostgreSQL, Redis)
    def _on_games(self, notes: list[Note]) -> None:
        for note in notes:
            if isinstance(note, Move):
                self._on_move(note)
            else:
                gid, rows = split(note)
                self._on_notify(gid, rows)

    def _on_move(self, move: Move) -> None:
        """Another process's move, heard with its action: applied here at once when it is the next move
        of a game held here and nothing else is under way for that game; otherwise caught up from the
        database like any change."""
        g = self.live.get(move.game_id)
        if g is None or move.seq != g.seq + 1 or g.refreshing or g.lock.locked():
            if g is None or move.seq > g.seq:
                self._on_notify(move.game_id, rows=False)
            return
        try:
            action = g.state.action_from_json(move.action)
            report = g.state.apply_reporting(action, move.seat)
        except Exception:  # noqa: BLE001 - diverged, or the state is half-changed: rebuild from the log
            log.warning("game %s: a move heard from another process failed here; rebuilding", g.id, exc_info=True)
            g.refresh_whole = True
            self._on_notify(g.id, rows=True)
            return
        g.moves.append(MoveRecord(move.seq, move.seat, action, report, dumps(action.to_json())))
        g.seq = move.seq
        if g.state.is_over():
            self._on_notify(g.id, rows=True)  # its row now says finished, and when
        self.changed(g)

    def _notify_in(self, conn: Any, gid: str) -> None:
        """Inside a write transaction: the NOTIFY that PostgreSQL sends at the commit (PgBus only)."""
        if self.bus is not None and self.bus.in_transaction:
            for payload in payloads(self.origin, ["+" + gid]):
                db.notify(conn, payload)

    def _announce(self, gid: str, rows: bool = False, move: Move | None = None) -> None:
        """After a commit: tell the other processes (Redis; NOTIFY already went with the commit).
        ``rows``: more than moves changed (seats, an undo); ``move``: the move written (action as JSON text)."""
        if self.bus is not None:
            self.bus.announce(gid, rows, move)

    def _refresh_all(self) -> None:
        for gid in list(self.live):
            self._on_notify(gid)

    def _on_notify(self, gid: str, rows: bool = True) -> None:
        """Catch up with another process's writes to ``gid`` (``rows``: also re-read its game and seat rows)."""
        g = self.live.get(gid)
        if g is None:
            if gid in self._loading:
                self._missed.add(gid)
            return
        g.refresh_rows = g.refresh_rows or rows
        if g.refreshing:
            g.refresh_again = True
            return
        g.refreshing = True
        self._spawn(self._refresh(g))

    async def _refresh(self, g: LiveGame) -> None:
        try:
            while True:
                g.refresh_again = False
                rows, g.refresh_rows = g.refresh_rows, False
                async with g.lock:
                    if g.refresh_whole:
                        g.refresh_whole = False
                        await self._reload(g)
                        event_rows = []
                    elif rows:
                        row, seat_rows, event_rows = await asyncio.to_thread(db.load_since, self.engine, g.id, g.seq)
                        if row is not None:
                            g.row = row
                        g.seats = seat_rows
                        g.seats_changed()
                    else:  # plain moves: only the new events
                        event_rows = await asyncio.to_thread(db.events_since, self.engine, g.id, g.seq)
                    if any(e["kind"] != "move" for e in event_rows):
                        await self._reload(g)
                    else:
                        try:
                            for e in event_rows:
                                action = g.state.action_from_json(json.loads(e["action"]))
                                report = g.state.apply_reporting(action, e["seat"])
                                g.moves.append(MoveRecord(e["seq"], e["seat"], action, report, e["action"]))
                                g.seq = e["seq"]
                        except Exception:  # noqa: BLE001 - diverged or broken: rebuild from the log
                            await self._reload(g)
                        if event_rows and g.state.is_over() and not rows:
                            g.refresh_rows = g.refresh_again = True  # its row now says finished, and when
                self.changed(g)
                if g.closed:  # another process closed it (abandoned, cancelled): it leaves this one too
                    self._drop(g)
                    break
                if not g.refresh_again:
                    break
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001
            log.exception("could not catch up with game %s", g.id)
        finally:
            g.refreshing = False

    # ------------------------------------------------------------------ read-only summaries
    def summary(self, row: dict[str, Any], seat_rows: list[dict[str, Any]], lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        info = meeple.games().get(row["game"])
        return {
            "id": row["id"], "game": row["game"], "game_name": info.name if info else row["game"],
            "name": row["name"], "players": row["players"], "options": json.loads(row["options"]),
            "status": row["status"], "private": bool(row["private"]), "turn_timeout": row["turn_timeout"],
            "created_at": row["created_at"], "updated_at": row["updated_at"], "finished_at": row["finished_at"],
            "creator_seat": row.get("creator_seat"), "referee": row.get("chance") == "manual",
            "rated": bool(row.get("rated")), "hints": int(row.get("hints") or 0),
            "seats": [
                {"seat": s["seat"], "kind": s["kind"], "level": s["level"], "name": shown_name(s, lang),
                 "account": s.get("user_id") is not None,
                 "claimed": bool(s["claimed"]) if s["kind"] == "human" else True, "away": bool(s["away"])}
                for s in seat_rows
            ],
        }

    async def replay_moves(self, g: LiveGame, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        if not g.state.is_over() and not g.closed:
            raise Forbidden("server.replay_later")
        state = fresh_state(g.row)
        moves = []
        for i, m in enumerate(g.moves):
            moves.append({"step": i + 1, "seq": m.seq, "seat": m.seat, "action": m.action.to_json(),
                          "text": str(m.action), "label": describe_move(state, m.action, m.seat, lang)})
            state.apply(m.action, m.seat)
        return {
            "id": g.id, "game": g.row["game"], "players": g.row["players"], "options": json.loads(g.row["options"]),
            "seed": g.row["seed"], "moves": moves,
            "log": [replay_entry(e, lang) for e in state.log],
            "result": {"scores": list(state.scores()), "winners": list(state.winners())} if state.is_over() else None,
            "status": g.status,
        }

    async def replay_step(self, g: LiveGame, step: int, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        if not g.state.is_over() and not g.closed:
            raise Forbidden("server.replay_later")
        if not 0 <= step <= len(g.moves):
            raise NotFound("server.bad_step", args={"last": len(g.moves)})
        state = fresh_state(g.row)
        for m in g.moves[:step]:
            state.apply(m.action, m.seat)
        return {
            "step": step, "steps": len(g.moves), "to_move": [p for p in state.to_move() if p != CHANCE],
            "over": state.is_over(),
            "public": state.observation(None),
            "observations": [state.observation(p) for p in range(state.players)],
            "log": [replay_entry(e, lang) for e in state.log],
            "scores": list(state.scores()),
        }
