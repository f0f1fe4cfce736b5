"""Change notifications between server processes that share one PostgreSQL database.

A process that writes to a game tells the others what changed; each of them, if it holds that game in
memory, catches up and pushes the change to its own WebSocket clients. A message is
``"<origin>|<JSON array>"``; a process ignores its own origin. Each element of the array is

* ``[game id, seq, seat, action]``: a move, with its action's JSON. A process that holds the game at
  ``seq - 1`` and is doing nothing else with it applies the move as it is: no database read.
* ``"<game id>"``: the game has new moves; read them from the database (a move whose action would make
  the message too long is sent this way).
* ``"+<game id>"``: more than moves changed (a seat joined or left, an undo): re-read the game's rows too.
* ``"#<game id>#<chat line id>"``: a line was said in the game's table chat (``services.chat``): a
  process pushing that game to watchers reads the new lines from that id on. Never a move.

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
from typing import Any, NamedTuple, Union

import orjson

log = logging.getLogger("meeple.server")

CHANNEL = "meeple"
MAX_PAYLOAD = 7800        # bytes in one message (a PostgreSQL NOTIFY payload must stay under 8000)
MAX_MOVE = 2000           # a move whose entry is longer is announced by its game id alone
MAX_ID = 32
MAX_CHAT_NOTE = MAX_ID + 24  # "#<game id>#<chat line id>"


class Move(NamedTuple):
    """A move as announced to the other processes: ``action`` is its JSON (text when sent, the
    decoded value when heard)."""

    game_id: str
    seq: int
    seat: int
    action: Any


Note = Union[str, Move]                  # "<game id>", "+<game id>" or a Move
OnGames = Callable[[list[Note]], None]   # called on the event loop with what other processes changed
OnConnect = Callable[[], None]           # called on the event loop after every (re)connection


def payloads(origin: str, notes: list[Note]) -> list[str]:
    """The messages announcing ``notes`` (moves with their action's JSON text; plain ids listed once)
    as changed by ``origin``, each under ``MAX_PAYLOAD`` bytes.

    >>> payloads("p1", [Move("g1", 4, 0, '{"name":"pass"}'), "+g2", "+g2"])
    ['p1|[["g1",4,0,{"name":"pass"}],"+g2"]']
    """
    head = len(origin.encode()) + 3
    messages: list[str] = []
    parts: list[bytes] = []
    size = head
    seen: set[str] = set()
    for note in notes:
        part = b""
        if isinstance(note, Move):
            part = orjson.dumps([note.game_id, note.seq, note.seat, orjson.Fragment(note.action)])
            if len(part) > MAX_MOVE:
                note = note.game_id
        if isinstance(note, str):
            if note in seen:
                continue
            seen.add(note)
            part = orjson.dumps(note)
        if parts and size + len(part) + 1 > MAX_PAYLOAD:
            messages.append(origin + "|[" + b",".join(parts).decode() + "]")
            parts, size = [], head
        parts.append(part)
        size += len(part) + 1
    if parts:
        messages.append(origin + "|[" + b",".join(parts).decode() + "]")
    return messages


def parse(payload: str | bytes, origin: str) -> list[Note]:
    """What a message from another process announces, in order ([] for this process's own message or
    a malformed one; malformed elements are left out).

    >>> parse('p1|[["g1",4,0,{"name":"pass"}],"+g2"]', "p2")
    [Move(game_id='g1', seq=4, seat=0, action={'name': 'pass'}), '+g2']
    """
    if isinstance(payload, bytes):
        payload = payload.decode(errors="replace")
    sender, sep, body = payload.partition("|")
    if not sep or sender == origin:
        return []
    try:
        items = orjson.loads(body)
    except orjson.JSONDecodeError:
        return []
    if not isinstance(items, list):
        return []
    notes: list[Note] = []
    for item in items:
        if isinstance(item, str):
            if 0 < len(item.removeprefix("+")) <= MAX_ID or (item.startswith("#") and len(item) <= MAX_CHAT_NOTE):
                notes.append(item)
        elif (isinstance(item, list) and len(item) == 4 and isinstance(item[0], str)
              and 0 < len(item[0]) <= MAX_ID and type(item[1]) is int and type(item[2]) is int):
            notes.append(Move(*item))
    return notes


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

    def announce(self, game_id: str, rows: bool = False, move: Move | None = None) -> None:
        """Nothing to do: the NOTIFY went out with the commit."""

    def announce_note(self, note: str) -> None:
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
                            notes = parse(note.payload, self.origin)
                            if notes:
                                self._call(on_games, notes)
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
        self._pending: list[Note] = []
        self._tasks: set[asyncio.Task[Any]] = set()
        self._listener: asyncio.Task[None] | None = None
        self._warned = -1e9
        self._warned_listen = -1e9

    def start(self, on_games: OnGames, on_connect: OnConnect, listen: bool = True) -> None:
        if listen:
            self._listener = asyncio.ensure_future(self._listen(on_games, on_connect))

    def announce(self, game_id: str, rows: bool = False, move: Move | None = None) -> None:
        """Publish that ``game_id`` changed (call after its commit; ``rows``: more than its moves;
        ``move``: the move that changed it, action as JSON text); changes made in the same loop turn
        share one message."""
        if not self._pending:
            asyncio.get_running_loop().call_soon(self._flush)
        if move is not None:
            self._pending.append(move)
        if rows or move is None:
            self._pending.append("+" + game_id if rows else game_id)

    def announce_note(self, note: str) -> None:
        """Publish ``note`` as it is (a chat line's ``"#<game id>#<line id>"``), after its commit."""
        if not self._pending:
            asyncio.get_running_loop().call_soon(self._flush)
        self._pending.append(note)

    def _flush(self) -> None:
        notes, self._pending = self._pending, []
        task = asyncio.ensure_future(self._publish(payloads(self.origin, notes)))
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
                        notes = parse(message["data"], self.origin)
                        if notes:
                            on_games(notes)
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
