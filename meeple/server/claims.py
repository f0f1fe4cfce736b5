"""Which server process moves a game's bots, when several processes share one PostgreSQL database.

Every process that holds a game in memory could compute its bots' moves; all but one of those moves
would then lose with 409, after as much thinking (seconds per move for the strong levels). So a
process moves a game's bots only while it holds that game's PostgreSQL advisory lock, taken at session
level on a connection of its own: the first process that needs a bot of the game takes it, and the
others leave the game's bots alone. They try again on every timeout sweep (once a second, see
``Hub._timeouts``), so when the owner lets the game go (it finished, or left its memory), stops, or
loses its connection (PostgreSQL then releases its locks), another process takes over.

If the lock connection cannot be made, a process moves the bots anyway: a move twice computed is
waste, a bot that never moves is a stuck game.

    claims = BotClaims("postgresql://localhost/meeple")
    if await claims.claim("game-id"): ...   # this process moves that game's bots
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from typing import Any

log = logging.getLogger("meeple.server")

# The first of the two keys of every bot lock: keeps them apart from other advisory locks on the database
# (the migrations' lock is a single 64-bit key, a space of its own).
LOCK_SPACE = 0x6D627473  # "mbts"
RETRY_AFTER = 5.0  # seconds without trying to connect again after the lock connection failed


def lock_key(game_id: str) -> int:
    """The second key of ``game_id``'s lock: a signed 32-bit number from its hash.

    >>> lock_key("abc") == lock_key("abc") and -2**31 <= lock_key("abc") < 2**31
    True
    """
    return int.from_bytes(hashlib.blake2b(game_id.encode(), digest_size=4).digest(), "big", signed=True)


class BotClaims:
    """This process's claims on the bots of games (PostgreSQL advisory locks), made on the event loop."""

    def __init__(self, conninfo: str) -> None:
        self.conninfo = conninfo
        self.held: set[str] = set()
        self._conn: Any = None
        self._lock = asyncio.Lock()  # one operation at a time: one connection, never two
        self._failed_at = -1e9
        self._warned = -1e9

    def owns(self, game_id: str) -> bool:
        return game_id in self.held

    async def claim(self, game_id: str) -> bool:
        """Whether this process moves ``game_id``'s bots: it held the lock already, took it now, or has
        no lock connection (then it counts as held until the connection is back)."""
        async with self._lock:
            if game_id in self.held:
                return True
            if self._conn is None and time.monotonic() - self._failed_at < RETRY_AFTER:
                self.held.add(game_id)
                return True
            try:
                conn = await self._connection()
                cur = await conn.execute("SELECT pg_try_advisory_lock(%s, %s)", (LOCK_SPACE, lock_key(game_id)))
                row = await cur.fetchone()
            except Exception:  # noqa: BLE001 - no lock connection: move the bots anyway (module docstring)
                await self._lost()
                self.held.add(game_id)
                return True
            if row and row[0]:
                self.held.add(game_id)
                return True
            return False

    async def release(self, game_id: str) -> None:
        """Let another process move ``game_id``'s bots (this one finished the game or let it go)."""
        async with self._lock:
            if game_id not in self.held:
                return
            self.held.discard(game_id)
            if self._conn is None:
                return  # no session: nothing is locked
            try:
                await self._conn.execute("SELECT pg_advisory_unlock(%s, %s)", (LOCK_SPACE, lock_key(game_id)))
            except Exception:  # noqa: BLE001 - the connection is gone, and its locks with it
                await self._lost()

    async def close(self) -> None:
        """Give up every claim (closing the session releases its locks)."""
        async with self._lock:
            await self._drop()

    async def _connection(self) -> Any:
        if self._conn is None or self._conn.closed or self._conn.broken:
            import psycopg

            self.held.clear()  # a new session holds no locks
            self._conn = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True, connect_timeout=5)
        return self._conn

    async def _lost(self) -> None:
        now = self._failed_at = time.monotonic()
        if now - self._warned > 30:
            self._warned = now
            log.warning("no connection for bot claims; this process moves the bots of the games it holds",
                        exc_info=True)
        await self._drop()

    async def _drop(self) -> None:
        """Close the session (PostgreSQL releases its locks) and forget the claims."""
        conn, self._conn = self._conn, None
        self.held.clear()
        if conn is not None:
            try:
                await conn.close()
            except Exception:  # noqa: BLE001 - already broken
                pass
