"""The live cache: every game in play kept hot in memory, loaded once (the replay of its seed and stored
events) and held while someone watches it, a bot or a timer needs it, or it was touched lately; idle
games leave memory first when it runs short (``make_room``) and load again on demand.

>>> g = await cache.get(gid)        # loaded and held, or NotFound / Conflict (it cannot be replayed)
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

from meeple.core import CHANCE, IllegalAction, UnknownGame
from meeple.server.errors import Conflict, NotFound
from meeple.server.live_game import LiveGame
from meeple.server.memory import resident_mb
from meeple.server.services.replay import replay
from meeple.server.services.runtime import Runtime
from meeple.server.store import Store

log = logging.getLogger("meeple.server")


def _ignore(*_: object) -> None:
    return None


class LiveCache:
    """The games held by this process (``live``), by id."""

    def __init__(self, runtime: Runtime, store: Store) -> None:
        self.runtime, self.store, self.settings = runtime, store, runtime.settings
        self.live: dict[str, LiveGame] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._missed: set[str] = set()  # games announced by another process while this one was loading them
        self.on_loaded: Callable[[LiveGame], None] = _ignore
        """Called with each game this process starts holding (the watchers' ``changed``)."""
        self.on_missed: Callable[[str], None] = _ignore
        """Called with a game another process changed while it was loading here (``Sync.on_notify``)."""

    # ------------------------------------------------------------------ loading
    async def get(self, gid: str) -> LiveGame:
        """The game ``gid``, loaded if it is not held yet (a closed game is loaded for its summary or
        replay but not held)."""
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
                g = await self._load(gid)
                if g.closed:  # kept out of the live set: loaded for its summary or replay only
                    return g
                self.live[gid] = g
        finally:
            self._loading.pop(gid, None)
            if gid not in self.live:
                self._missed.discard(gid)
        self.on_loaded(g)
        if gid in self._missed:
            # another process announced a change while this one was reading the game: what it read may
            # predate that change, so catch up now (else this game would wait for its next write)
            self._missed.discard(gid)
            self.on_missed(gid)
        return g

    async def _load(self, gid: str) -> LiveGame:
        data = await self.store.load_game(gid)
        if data is None:
            raise NotFound("server.no_game", args={"game": repr(gid)[:40]})
        row, seat_rows, event_rows = data
        try:
            rebuilt = await asyncio.to_thread(replay, row, event_rows)
        except (IllegalAction, UnknownGame, ValueError, KeyError) as exc:
            log.error("game %s cannot be replayed: %s", gid, exc)
            # the reason stays in the server log: it may name a seat's private options
            raise Conflict("server.cannot_replay", args={"game": gid}) from None
        self.make_room()
        g = LiveGame(id=gid, row=row, seats=seat_rows, state=rebuilt.state, seq=rebuilt.seq,
                     moves=rebuilt.moves, last_undo_seq=rebuilt.last_undo_seq, undone=rebuilt.undone)
        g.seen = g.seen_stored = float(row.get("seen_at") or row["updated_at"])
        return g

    def loading(self, gid: str) -> bool:
        """Whether ``gid`` is being read from the database right now; if so, a change announced meanwhile
        is remembered and caught up once it is loaded."""
        if gid in self._loading:
            self._missed.add(gid)
            return True
        return False

    async def reload(self, g: LiveGame) -> None:
        """Rebuild ``g`` from the database (caller holds ``g.lock``)."""
        data = await self.store.load_game(g.id)
        if data is None:
            return
        row, seat_rows, event_rows = data
        rebuilt = await asyncio.to_thread(replay, row, event_rows)
        g.row, g.seats, g.state, g.moves = row, seat_rows, rebuilt.state, rebuilt.moves
        g.seq, g.last_undo_seq, g.undone = rebuilt.seq, rebuilt.last_undo_seq, rebuilt.undone
        g.seats_changed()
        g.epoch += 1
        g.cache.clear()

    def hold(self, g: LiveGame) -> None:
        """Hold a game made here (its stored rows are exactly ``g``)."""
        self.live[g.id] = g

    def drop(self, g: LiveGame) -> None:
        """A closed game leaves the live set: its bots stop; its watchers got its last view (status
        ``abandoned`` or ``cancelled``), and whatever they send next is answered from the stored row."""
        for task in g.bot_tasks.values():
            task.cancel()
        g.bot_tasks.clear()
        if self.live.get(g.id) is g:
            del self.live[g.id]

    async def resume_unfinished(self) -> None:
        """After a restart, reload the games in play whose bots or turn timers must carry on (the others
        load on demand: a server with many games between people does not replay them all at start)."""
        try:
            ids = await self.store.games_to_resume()
            for gid in ids:
                try:
                    await self.get(gid)
                except Exception:  # noqa: BLE001 - one bad game must not stop the others
                    log.exception("could not resume game %s", gid)
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001
            log.exception("could not list unfinished games")

    # ------------------------------------------------------------------ eviction
    def evictable(self, g: LiveGame, now: float, idle: float | None = None) -> bool:
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

    def evict_idle(self) -> None:
        """Let every game idle for the settings' age leave memory, then make room if memory is short."""
        now = time.monotonic()
        for g in list(self.live.values()):
            if self.evictable(g, now):
                del self.live[g.id]
        self.make_room(0)

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

    def make_room(self, extra: int = 1) -> bool:
        """Under memory pressure, evict idle games, the longest untouched first, until there is none;
        then whether ``extra`` more games fit under ``max_live_games``."""
        if self.under_pressure(extra):
            now = time.monotonic()
            idle = sorted((g for g in self.live.values() if self.evictable(g, now, self.settings.pressure_idle)),
                          key=lambda g: g.touched)
            for g in idle:
                del self.live[g.id]
                if not self.under_pressure(extra):
                    break
        return len(self.live) + extra <= self.settings.max_live_games
