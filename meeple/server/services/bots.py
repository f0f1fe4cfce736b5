"""Bots: the bot levels this server offers, and the bots' turns. A bot moves for a bot's seat and for a
person who is away; it thinks in the bot pool (``botpool``: threads or worker processes) on a snapshot
of the game, then plays through the same entry point as a person (``play``), so its move is checked,
written and pushed alike. With several processes on one PostgreSQL database, one process moves a
game's bots: the one holding the game's claim (``claims``).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from meeple.agents import make_agent
from meeple.core import CHANCE, State, UnknownGame
from meeple.server.botpool import BotPool
from meeple.server.claims import BotClaims
from meeple.server.errors import Conflict, Forbidden, Unprocessable
from meeple.server.levels import InvalidLevel
from meeple.server.live_game import LiveGame
from meeple.server.services.live_cache import LiveCache
from meeple.server.services.runtime import Runtime

log = logging.getLogger("meeple.server")

BotMove = Callable[[str, int, int, Any], Awaitable[int]]
"""``(game id, seat, expected seq, action as JSON) → the new seq``: how a bot's choice is played."""


async def _no_move(gid: str, seat: int, seq: int, choice: Any) -> int:
    raise RuntimeError("no way to play a bot's move was given (Bots.play)")


class Bots:
    def __init__(self, runtime: Runtime, cache: LiveCache) -> None:
        self.runtime, self.cache, self.settings = runtime, cache, runtime.settings
        self.levels = self.settings.level_policy()
        self._known_levels: set[tuple[str, str]] = set()  # (game, bot level) pairs make_agent accepted
        self.pool: BotPool | None = None  # made at start, on the running event loop
        self.claims: BotClaims | None = None  # PostgreSQL: which process moves which game's bots
        self.play: BotMove = _no_move

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Start the bot pool (on the running event loop)."""
        settings = self.settings
        self.pool = BotPool(loop, threads=settings.bot_threads, processes=settings.bot_processes,
                            max_seconds=settings.bot_max_seconds, deadline=settings.bot_move_deadline)

    def start_claims(self, conninfo: str) -> None:
        """A PostgreSQL database shared with other processes: move a game's bots only while holding its claim."""
        self.claims = BotClaims(conninfo)

    def shutdown(self) -> None:
        """Stop every bot's turn and the pool."""
        for g in self.cache.live.values():
            for task in g.bot_tasks.values():
                task.cancel()
        if self.pool is not None:
            self.pool.shutdown()

    async def close(self) -> None:
        if self.claims is not None:
            await self.claims.close()

    # ------------------------------------------------------------------ levels
    def check_level(self, level: Any, game_id: str) -> str:
        """A bot level from a request in canonical form, or Unprocessable naming the valid levels."""
        try:
            level = self.levels.check(level)
        except InvalidLevel as exc:
            raise Unprocessable(exc.message, levels=self.levels.names()) from None
        if (game_id, level) not in self._known_levels:
            try:  # the level exists; does it play this game (a plug-in may not)?
                make_agent(self.levels.agent_name(level), game_id=game_id, seed=0)
            except (UnknownGame, ImportError):
                raise Unprocessable("server.level_cannot_play", args={"level": level, "game": game_id},
                                    levels=self.levels.names()) from None
            self._known_levels.add((game_id, level))
        return level

    def stored_level(self, g: LiveGame, seat: int) -> str:
        """The seat's bot level as stored, checked again as a request's would be (a game stored before a
        limit, or by a server with other plug-ins, obeys this server's list): the heuristic player
        stands in for a level this server does not allow."""
        level = g.seats[seat]["level"]
        try:
            return self.levels.check(level)
        except InvalidLevel as exc:
            log.warning("game %s seat %s: %s; the heuristic player plays it", g.id, seat, exc)
            return "heuristic"

    # ------------------------------------------------------------------ turns
    def schedule(self, g: LiveGame) -> None:
        """Start a turn for every bot due to move in ``g`` that is not thinking yet."""
        if g.state.is_over() or self.runtime.stopping.is_set() or g.closed:
            return
        due = [seat for seat in g.state.to_move()
               if seat != CHANCE and seat not in g.bot_tasks and g.bot_plays(seat)]
        if not due:
            return
        if self.claims is not None and not self.claims.owns(g.id):
            if not g.claiming:  # another process may be moving them: ask first (``meeple.server.claims``)
                g.claiming = True
                self.runtime.spawn(self._claim(g))
            return
        for seat in due:
            g.bot_tasks[seat] = asyncio.ensure_future(self._turn(g, seat))

    async def _claim(self, g: LiveGame) -> None:
        assert self.claims is not None
        try:
            mine = await self.claims.claim(g.id)
        finally:
            g.claiming = False
        if mine and self.cache.live.get(g.id) is g:
            self.schedule(g)

    def take_over(self) -> None:
        """Take the bots over of every held game whose process let its claim go (a timer's sweep)."""
        if self.claims is None:
            return
        for g in list(self.cache.live.values()):
            if not self.claims.owns(g.id):
                self.schedule(g)

    async def release_idle(self) -> None:
        """Give up the claims on games this process no longer holds or that are over."""
        if self.claims is None:
            return
        for gid in list(self.claims.held):
            g = self.cache.live.get(gid)
            if g is None or g.state.is_over():
                await self.claims.release(gid)

    async def think(self, g: LiveGame, seat: int, seq: int, snapshot: State) -> Any:
        """The move of the seat's bot (its stored level, ``stored_level``) in ``snapshot``, the position at
        ``seq``: computed in the bot pool, seeded by the game's seed, the sequence number and the seat."""
        level = self.stored_level(g, seat)
        seed = (int(g.row["seed"]) * 1_000_003 + seq * 7919 + seat) % (1 << 62)
        assert self.pool is not None
        return await self.pool.choose(g.id, snapshot, seat, self.levels.agent_name(level),
                                      quick=self.levels.is_quick(level), game_id=snapshot.game.id, seed=seed)

    async def _turn(self, g: LiveGame, seat: int) -> None:
        again = False
        try:
            if self.settings.bot_delay:
                await asyncio.sleep(self.settings.bot_delay)
            async with g.lock:
                if g.state.is_over() or seat not in g.state.to_move() or not g.bot_plays(seat):
                    return
                seq = g.seq
                snapshot = g.state.clone()
            choice = await self.think(g, seat, seq, snapshot)
            await self.play(g.id, seat, seq, choice)
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
            self.schedule(g)
