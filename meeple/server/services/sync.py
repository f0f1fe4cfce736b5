"""Cross-process sync: several server processes sharing one PostgreSQL database tell each other about
their writes (PostgreSQL NOTIFY, sent with the commit, or Redis pub/sub: ``bus``). A process hearing a
move of a game it holds applies it at once when it is the next one; otherwise, or for any other
change (seats, an undo, a closed game), it reads the new rows and catches up.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from typing import Any

from meeple.server import db
from meeple.server.bus import Move, Note, PgBus, RedisBus, payloads, split
from meeple.server.live_game import LiveGame, MoveRecord
from meeple.server.services.live_cache import LiveCache
from meeple.server.services.runtime import Runtime
from meeple.server.services.watchers import Watchers
from meeple.server.store import Store
from meeple.server.wire import dumps

log = logging.getLogger("meeple.server")


class Sync:
    def __init__(self, runtime: Runtime, store: Store, cache: LiveCache, watchers: Watchers) -> None:
        self.runtime, self.store, self.cache, self.watchers = runtime, store, cache, watchers
        self.origin = runtime.origin
        self.bus: PgBus | RedisBus | None = None
        self.on_chat: Callable[[str], None] | None = None
        """Called with each chat note heard (``"#<game id>#<line id>"``; ``services.chat``)."""

    def start(self, postgres: bool) -> None:
        """Listen to the other processes: over Redis if the settings name it, else PostgreSQL's
        LISTEN/NOTIFY on a PostgreSQL database (a SQLite file has one process: no bus)."""
        settings = self.runtime.settings
        if settings.redis_url:
            self.bus = RedisBus(settings.redis_url, self.origin)
        elif postgres:
            self.bus = PgBus(self.store.conninfo, self.origin)
        if self.bus is not None:
            self.bus.start(self.on_games, self.refresh_all, listen=settings.listen)

    async def stop(self) -> None:
        if self.bus is not None:
            await self.bus.stop()

    # ------------------------------------------------------------------ telling the others
    @property
    def notify_origin(self) -> str | None:
        """This process's origin when its writes announce themselves with the commit (PostgreSQL
        NOTIFY), else None (Redis announces after the commit, ``announce``)."""
        return self.origin if self.bus is not None and self.bus.in_transaction else None

    def notify_in(self, conn: Any, gid: str) -> None:
        """Inside a write transaction: the NOTIFY that PostgreSQL sends at the commit (PgBus only)."""
        if self.bus is not None and self.bus.in_transaction:
            for payload in payloads(self.origin, ["+" + gid]):
                db.notify(conn, payload)

    def note_in(self, conn: Any, note: str) -> None:
        """Inside a write transaction: announce ``note`` as it is with the commit (PgBus only)."""
        if self.bus is not None and self.bus.in_transaction:
            for payload in payloads(self.origin, [note]):
                db.notify(conn, payload)

    def announce_note(self, note: str) -> None:
        """After a commit: ``note`` to the other processes (Redis; NOTIFY already went with the commit)."""
        if self.bus is not None:
            self.bus.announce_note(note)

    def announce(self, gid: str, rows: bool = False, move: Move | None = None) -> None:
        """After a commit: tell the other processes (Redis; NOTIFY already went with the commit).
        ``rows``: more than moves changed (seats, an undo); ``move``: the move written (action as JSON text)."""
        if self.bus is not None:
            self.bus.announce(gid, rows, move)

    # ------------------------------------------------------------------ hearing them
    def on_games(self, notes: list[Note]) -> None:
        """What the bus heard: moves with their actions, and games changed otherwise."""
        for note in notes:
            if isinstance(note, Move):
                self.on_move(note)
            elif note.startswith("#"):  # a chat line: no change of the game itself
                if self.on_chat is not None:
                    self.on_chat(note)
            else:
                gid, rows = split(note)
                self.on_notify(gid, rows)

    def on_move(self, move: Move) -> None:
        """Another process's move, heard with its action: applied here at once when it is the next move
        of a game held here and nothing else is under way for that game; otherwise caught up from the
        database like any change."""
        g = self.cache.live.get(move.game_id)
        if g is None or move.seq != g.seq + 1 or g.refreshing or g.lock.locked():
            if g is None or move.seq > g.seq:
                self.on_notify(move.game_id, rows=False)
            return
        try:
            action = g.state.action_from_json(move.action)
            report = g.state.apply_reporting(action, move.seat)
        except Exception:  # noqa: BLE001 - diverged, or the state is half-changed: rebuild from the log
            log.warning("game %s: a move heard from another process failed here; rebuilding", g.id, exc_info=True)
            g.refresh_whole = True
            self.on_notify(g.id, rows=True)
            return
        g.moves.append(MoveRecord(move.seq, move.seat, action, report, dumps(action.to_json())))
        g.seq = move.seq
        if g.state.is_over():
            self.on_notify(g.id, rows=True)  # its row now says finished, and when
        self.watchers.changed(g)

    def refresh_all(self) -> None:
        """The bus reconnected: whatever was said meanwhile is lost, so every held game catches up."""
        for gid in list(self.cache.live):
            self.on_notify(gid)

    def on_notify(self, gid: str, rows: bool = True) -> None:
        """Catch up with another process's writes to ``gid`` (``rows``: also re-read its game and seat rows)."""
        g = self.cache.live.get(gid)
        if g is None:
            self.cache.loading(gid)  # remembered if it is loading now
            return
        g.refresh_rows = g.refresh_rows or rows
        if g.refreshing:
            g.refresh_again = True
            return
        g.refreshing = True
        self.runtime.spawn(self._refresh(g))

    async def _refresh(self, g: LiveGame) -> None:
        try:
            while True:
                g.refresh_again = False
                rows, g.refresh_rows = g.refresh_rows, False
                async with g.lock:
                    await self._catch_up(g, rows)
                self.watchers.changed(g)
                if g.closed:  # another process closed it (abandoned, cancelled): it leaves this one too
                    self.cache.drop(g)
                    break
                if not g.refresh_again:
                    break
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001
            log.exception("could not catch up with game %s", g.id)
        finally:
            g.refreshing = False

    async def _catch_up(self, g: LiveGame, rows: bool) -> None:
        """Read what changed in ``g`` since its sequence number and apply it (caller holds ``g.lock``)."""
        if g.refresh_whole:
            g.refresh_whole = False
            await self.cache.reload(g)
            event_rows = []
        elif rows:
            row, seat_rows, event_rows = await self.store.load_since(g.id, g.seq)
            if row is not None:
                g.row = row
            g.seats = seat_rows
            g.seats_changed()
        else:  # plain moves: only the new events
            event_rows = await self.store.events_since(g.id, g.seq)
        if any(e["kind"] != "move" for e in event_rows):
            await self.cache.reload(g)
            return
        try:
            for e in event_rows:
                action = g.state.action_from_json(json.loads(e["action"]))
                report = g.state.apply_reporting(action, e["seat"])
                g.moves.append(MoveRecord(e["seq"], e["seat"], action, report, e["action"]))
                g.seq = e["seq"]
        except Exception:  # noqa: BLE001 - diverged or broken: rebuild from the log
            await self.cache.reload(g)
        if event_rows and g.state.is_over() and not rows:
            g.refresh_rows = g.refresh_again = True  # its row now says finished, and when
