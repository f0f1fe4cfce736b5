"""Change notifications between server processes that share one PostgreSQL database.

A process that writes to a game tells the others which games changed; each of them, if it holds that
game in memory, reads the new events from the database and pushes them to its own WebSocket clients.
A message is ``"<origin>|<game id> <game id> …"``; a process ignores its own origin. A game id is
written ``+<game id>`` when more than its moves changed (a seat joined or left, an undo), so that a
process catching up on plain moves reads only the new events.

* ``PgBus``: PostgreSQL ``NOTIFY meeple`` inside the writing transaction (so it is sent at the commit,
  see ``writer``), and a ``LISTEN`` connection in a thread.
* ``RedisBus`` (``--redis redis://host:6379/0``): ``PUBLISH meeple`` after the commit, ``SUBSCRIBE`` with
  the ``redis`` package's asyncio client on the event loop; PostgreSQL then sends no NOTIFY.

Either way a process that was disconnected catches up on every game it holds when it reconnects, and
a notification that is lost altogether only delays the push: the next write to that game through this
process meets a stale sequence number (409) and reloads the game.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

log = logging.getLogger("meeple.server")

CHANNEL = "meeple"
PER_MESSAGE = 150  # game ids per message (a PostgreSQL NOTIFY payload stays under 8000 bytes)

OnGames = Callable[[list[str]], None]   # called on the event loop with the ids of changed games
OnConnect = Callable[[], None]          # called on the event loop after every (re)connection


def payloads(origin: str, game_ids: list[str]) -> list[str]:
    """The messages announcing ``game_ids`` (each listed once; ``+<id>`` for more than moves) as
    changed by ``origin``."""
    unique = list(dict.fromkeys(game_ids))
    return [origin + "|" + " ".join(unique[i:i + PER_MESSAGE]) for i in range(0, len(unique), PER_MESSAGE)]


def parse(payload: str | bytes, origin: str) -> list[str]:
    """The game ids in a message from another process, ``+<id>`` kept as written ([] for this
    process's own message or a malformed one)."""
    if isinstance(payload, bytes):
        payload = payload.decode(errors="replace")
    sender, sep, ids = payload.partition("|")
    if not sep or sender == origin:
        return []
    return [gid for gid in dict.fromkeys(ids.split()) if 0 < len(gid.removeprefix("+")) <= 32]


def split(game_id: str) -> tuple[str, bool]:
    """``("<id>", more_than_moves)`` of an id as written in a message."""
    return (game_id[1:], True) if game_id.startswith("+") else (game_id, False)


class PgBus:
    """NOTIFY with the commit (the writer adds it), LISTEN in a thread."""

    in_transaction = True

    def __init__(self, conninfo: str, origin: str) -> None:
        self.conninfo, self.origin = conninfo, origin
        self._stop = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None

    def start(self, on_games: OnGames, on_connect: OnConnect, listen: bool = True) -> None:
        self._loop = asyncio.get_running_loop()
        if listen:
            threading.Thread(target=self._listen, args=(on_games, on_connect), name="meeple-listen",
                             daemon=True).start()

    def announce(self, game_id: str, rows: bool = False) -> None:
        """Nothing to do: the NOTIFY went out with the commit."""

    async def stop(self) -> None:
        self._stop.set()

    def _call(self, fn: Any, *args: Any) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(fn, *args)

    def _listen(self, on_games: OnGames, on_connect: OnConnect) -> None:
        import psycopg

        while not self._stop.is_set():
            try:
                with psycopg.connect(self.conninfo, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self._call(on_connect)
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=0.5):
                            ids = parse(note.payload, self.origin)
                            if ids:
                                self._call(on_games, ids)
            except Exception:  # noqa: BLE001 - reconnect and catch up
                if self._stop.is_set():
                    return
                log.warning("LISTEN connection lost; reconnecting", exc_info=True)
                time.sleep(1.0)


class RedisBus:
    """PUBLISH after the commit (one message per event-loop turn, listing the games changed in it),
    SUBSCRIBE on the event loop."""

    in_transaction = False

    def __init__(self, url: str, origin: str) -> None:
        import redis.asyncio as aioredis

        self.url, self.origin = url, origin
        self._client = aioredis.from_url(url)
        self._pending: list[str] = []
        self._tasks: set[asyncio.Task[Any]] = set()
        self._listener: asyncio.Task[None] | None = None
        self._warned = -1e9
        self._warned_listen = -1e9

    def start(self, on_games: OnGames, on_connect: OnConnect, listen: bool = True) -> None:
        if listen:
            self._listener = asyncio.ensure_future(self._listen(on_games, on_connect))

    def announce(self, game_id: str, rows: bool = False) -> None:
        """Publish that ``game_id`` changed (call after its commit; ``rows``: more than its moves);
        games changed in the same loop turn share one message."""
        if not self._pending:
            asyncio.get_running_loop().call_soon(self._flush)
        self._pending.append("+" + game_id if rows else game_id)

    def _flush(self) -> None:
        ids, self._pending = self._pending, []
        task = asyncio.ensure_future(self._publish(payloads(self.origin, ids)))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _publish(self, messages: list[str]) -> None:
        try:
            for message in messages:
                await self._client.publish(CHANNEL, message)
        except Exception:  # noqa: BLE001 - the others catch up later (see the module's docstring)
            now = time.monotonic()
            if now - self._warned > 30:
                self._warned = now
                log.warning("could not publish changes to Redis at %s", _safe(self.url), exc_info=True)

    async def _listen(self, on_games: OnGames, on_connect: OnConnect) -> None:
        while True:
            pubsub = self._client.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(CHANNEL)
                on_connect()
                while True:
                    message = await pubsub.get_message(timeout=5.0)
                    if message is not None and message.get("type") == "message":
                        ids = parse(message["data"], self.origin)
                        if ids:
                            on_games(ids)
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - reconnect and catch up
                now = time.monotonic()
                if now - self._warned_listen > 30:
                    self._warned_listen = now
                    log.warning("Redis subscription to %s lost; reconnecting every second",
                                _safe(self.url), exc_info=True)
                await asyncio.sleep(1.0)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()

    async def stop(self) -> None:
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._listener
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=5)
        with contextlib.suppress(Exception):
            await self._client.aclose()


def _safe(url: str) -> str:
    """The URL without its password."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        return f"{scheme}://…@{rest.rsplit('@', 1)[1]}"
    return url
