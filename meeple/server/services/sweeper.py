"""The sweeper: the server's timers. Every ``timeout_check_every`` seconds idle games leave memory, the
bots of games whose process let them go are taken over, and a person past their game's turn timeout is
set away (a bot plays for them). Every ``deadline_check_every`` seconds the seats of turn-based games
past their deadline (read from the database) have their bot play that turn (``Turns.play_timeouts``).
Every ``abandon_check_every`` seconds the games nobody came back to are closed as abandoned
(``close_abandoned``; never a turn-based game).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from meeple.core import CHANCE
from meeple.server import db
from meeple.server.live_game import LiveGame
from meeple.server.services.bots import Bots
from meeple.server.services.game_log import log_closed
from meeple.server.services.games import Games
from meeple.server.services.live_cache import LiveCache
from meeple.server.services.runtime import Runtime
from meeple.server.services.sync import Sync
from meeple.server.services.turns import Turns
from meeple.server.store import Store

log = logging.getLogger("meeple.server")


class Sweeper:
    def __init__(self, runtime: Runtime, store: Store, cache: LiveCache, sync: Sync, bots: Bots,
                 games: Games, turns: Turns) -> None:
        self.runtime, self.store, self.cache, self.sync, self.bots, self.games, self.turns = (
            runtime, store, cache, sync, bots, games, turns)
        self.settings = runtime.settings

    def start(self) -> None:
        """Start the timers (they stop with the runtime's background tasks)."""
        self.runtime.spawn(self._timeouts())
        self.runtime.spawn(self._deadline_sweeps())
        self.runtime.spawn(self._abandon_sweeps())

    async def _deadline_sweeps(self) -> None:
        while True:
            await asyncio.sleep(self.settings.deadline_check_every)
            try:
                await self.turns.play_timeouts()
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - the next sweep tries again
                log.exception("the sweep for turn-based deadlines failed")

    # ------------------------------------------------------------------ turn timeouts
    async def _timeouts(self) -> None:
        while True:
            await asyncio.sleep(self.settings.timeout_check_every)
            self.cache.evict_idle()
            self.bots.take_over()  # the bots of games whose process let them go
            now = time.monotonic()
            for g in list(self.cache.live.values()):
                await self._time_out(g, now)
            await self.bots.release_idle()

    async def _time_out(self, g: LiveGame, now: float) -> None:
        """Set away every person who has waited to move in ``g`` longer than its turn timeout."""
        limit = g.row.get("turn_timeout")
        if not limit or g.state.is_over():
            return
        for seat, since in list(g.waiting_since.items()):
            if seat == CHANCE:
                continue
            row = g.seats[seat]
            if row["kind"] == "human" and row["claimed"] and not row["away"] and now - since > limit:
                try:
                    await self.games.set_away(g, seat, True)
                    log.info("seat %s of game %s timed out; a bot plays it", seat, g.id)
                except Exception:  # noqa: BLE001
                    log.exception("timeout handling failed")

    # ------------------------------------------------------------------ abandoned games
    async def _abandon_sweeps(self) -> None:
        while True:
            await asyncio.sleep(self.settings.abandon_check_every)
            try:
                await self.close_abandoned()
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - the next sweep tries again
                log.exception("the sweep for abandoned games failed")

    async def close_abandoned(self, now: float | None = None) -> list[str]:
        """One sweep (``abandon_check_every``; callable directly, with ``now`` the wall time to judge by):
        store when a person was last seen at the games held here, then close as ``abandoned`` every open
        or started game, held here or not, with no person seen for ``abandon_after`` seconds (plus the
        most the stored times can lag behind: a sweep's interval and the storing interval), except a
        rated game under way: its people are taken to have left (ranked last) and its bots finish it,
        so that walking away never voids a rated game. Returns the ids closed."""
        settings = self.settings
        now = self.runtime.clock() if now is None else now
        every = settings.abandon_check_every
        seen = self._seen_to_store(now, min(every, settings.abandon_after / 10))
        cutoff = now - settings.abandon_after - 2 * every

        def job(conn: Any) -> tuple[list[str], list[str]]:
            if seen:
                db.store_seen(conn, seen)
            closed = db.abandon_unseen(conn, cutoff, now, settings.abandon_batch)
            handed = db.forfeit_unseen(conn, cutoff, now, settings.abandon_batch)
            for gid in closed + handed:
                self.sync.notify_in(conn, gid)
            return closed, handed

        closed, handed = await self.store.write(job)
        for gid, at in seen.items():
            g = self.cache.live.get(gid)
            if g is not None:
                g.seen_stored = max(g.seen_stored, at)
        for gid in closed:
            self._abandoned(gid, now)
        for gid in handed:
            await self._handed_to_bots(gid, now)
        return closed

    def _seen_to_store(self, now: float, store_every: float) -> dict[str, float]:
        """When a person was last seen at each game held here whose stored time is ``store_every`` old."""
        seen = {}
        for g in list(self.cache.live.values()):
            if g.subscribers:  # someone connected: seen now
                g.seen = max(g.seen, now)
            if g.seen - g.seen_stored >= store_every:
                seen[g.id] = g.seen
        return seen

    def _abandoned(self, gid: str, now: float) -> None:
        self.sync.announce(gid, rows=True)
        g = self.cache.live.get(gid)
        if g is not None:
            self.games.close_here(g, "abandoned", now)
        else:
            log_closed("abandoned", gid)

    async def _handed_to_bots(self, gid: str, now: float) -> None:
        """A rated game nobody came back to: its bots finish it, its people ranked last."""
        self.sync.announce(gid, rows=True)
        log.info("rated game %s: nobody came back; the bots finish it", gid)
        g = self.cache.live.get(gid)
        if g is not None:
            g.seen = g.seen_stored = max(g.seen, now)
            self.sync.on_notify(gid, rows=True)  # re-read the seats (now away), then the bots move
        else:
            self.runtime.spawn(self.cache.get(gid))  # loaded: its bots are due
