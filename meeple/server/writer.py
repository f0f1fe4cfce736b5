"""One writer per server: group commit of everything the event loop wants written.

Requests from many games queue up; the writer (a thread, or the event loop itself once per turn, see
``Writer``) runs all waiting ones in one transaction and commits once, then answers each request. A
move is acknowledged only after its commit, so a crash never loses an acknowledged move. If the shared transaction fails (say another process already wrote that
sequence number), each request is retried alone so only the offending one fails.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
import time
from collections.abc import Callable
from typing import Any, NamedTuple

import orjson
from sqlalchemy.engine import Connection, Engine

from meeple.server.bus import Move, Note, payloads

Job = Callable[[Connection], Any]
MAX_BATCH = 256
KEEP_IDLE = 10.0  # seconds the writer keeps its SQLAlchemy connection between jobs
# PostgreSQL: a batch of moves waits this long before it is sent (its moves' acks still follow its
# commit). A commit that does not wait for the disk returns in a fraction of a millisecond, so without
# it nearly every move was a statement, a NOTIFY and a wake-up of its own. Measured at 1,000 moves/s on
# an otherwise quiet machine: 0.73 ms of server CPU per move and p99 54 ms with 2 ms, against 0.80 ms
# and 98 ms without.
PG_GATHER = 0.002

# Insert a batch of events and send its NOTIFYs in one statement (a data-modifying WITH runs whether or
# not the main query reads it); autocommitted, so the events and the NOTIFYs commit together. The rows
# and the payloads travel as two JSON texts: psycopg adapts a string at once, where seven Python lists
# as PostgreSQL arrays had cost a quarter of the writer thread's time.
PG_BATCH = (
    "WITH inserted AS (INSERT INTO events (game_id, seq, seat, kind, action, created_at) "
    "SELECT game_id, seq, seat, kind, action, created_at FROM json_to_recordset(%s::json) "
    "AS r(game_id varchar, seq int, seat int, kind varchar, action text, created_at float8)) "
    "SELECT count(pg_notify('meeple', p)) FROM json_array_elements_text(%s::json) AS p"
)
_PG_ROW_KEYS = ("game_id", "seq", "seat", "kind", "action", "created_at")


def pg_batch_params(rows: list[EventRow], now: float) -> tuple[str, str]:
    """The two JSON texts of ``PG_BATCH`` for ``rows`` committed at ``now``."""
    records = [{"game_id": r.game_id, "seq": r.seq, "seat": r.seat, "kind": r.kind, "action": r.action,
                "created_at": now} for r in rows]
    return orjson.dumps(records).decode(), orjson.dumps(notify_payloads(rows)).decode()


class EventRow(NamedTuple):
    """The hot path: one event to insert (and, on PostgreSQL, announce), without any other work.
    (A named tuple: made once per move, and a frozen dataclass's ``__init__`` costs several times more.)"""

    game_id: str
    seq: int
    seat: int
    kind: str
    action: str | None
    notify: str | None  # the sending process's origin id for PostgreSQL NOTIFY; None: no NOTIFY

    def __call__(self, conn: Connection) -> None:
        _insert_events(conn, [self])


def notify_payloads(rows: list[EventRow]) -> list[str]:
    """The NOTIFYs of a batch (one per origin, not one per move, each under 8000 bytes): each move with
    its action, so that the other processes need not read it back (see ``meeple.server.bus``); rows
    whose ``notify`` is None (changes announced over Redis instead) are left out."""
    by_origin: dict[str, list[Note]] = {}
    for r in rows:
        if r.notify is not None:
            note: Note = Move(r.game_id, r.seq, r.seat, r.action) if r.kind == "move" and r.action else r.game_id
            by_origin.setdefault(r.notify, []).append(note)
    return [p for origin, notes in by_origin.items() for p in payloads(origin, notes)]


_NOTIFY_SQL = "SELECT pg_notify('meeple', p) FROM unnest(%s::text[]) AS p"


_PG_INSERT = "INSERT INTO events (game_id, seq, seat, kind, action, created_at) VALUES (%s, %s, %s, %s, %s, %s)"


SQLITE_ROWS_PER_INSERT = 150  # 6 parameters a row: 900, under SQLite's oldest limit of 999 a statement
_SQLITE_INSERTS: dict[int, str] = {}


def _sqlite_inserts(rows: list[EventRow]) -> list[tuple[str, list[Any]]]:
    """SQLite: ``rows`` as multi-row INSERT statements with their flat parameters. One statement is one
    ``sqlite3_step``; the sqlite3 module lets go of the GIL around each step, and a writer thread that
    takes it back while the event loop is busy waits up to the switch interval: one step per batch
    instead of one per row."""
    now = time.time()
    out = []
    for i in range(0, len(rows), SQLITE_ROWS_PER_INSERT):
        chunk = rows[i:i + SQLITE_ROWS_PER_INSERT]
        sql = _SQLITE_INSERTS.get(len(chunk))
        if sql is None:
            sql = _SQLITE_INSERTS[len(chunk)] = (
                "INSERT INTO events (game_id, seq, seat, kind, action, created_at) VALUES "
                + ", ".join(["(?, ?, ?, ?, ?, ?)"] * len(chunk)))
        params: list[Any] = []
        for r in chunk:
            params += (r.game_id, r.seq, r.seat, r.kind, r.action, now)
        out.append((sql, params))
    return out


def _insert_events(conn: Connection, rows: list[EventRow]) -> None:
    """``rows`` inserted (and on PostgreSQL announced) inside the transaction of ``conn``."""
    if conn.dialect.name != "postgresql":
        for sql, params in _sqlite_inserts(rows):
            conn.exec_driver_sql(sql, tuple(params))
        return
    now = time.time()
    params = [(r.game_id, r.seq, r.seat, r.kind, r.action, now) for r in rows]
    # one row (the usual case here) as a plain execute: psycopg runs executemany in pipeline mode,
    # which costs several times more
    conn.exec_driver_sql(_PG_INSERT, params[0] if len(params) == 1 else params)
    notes = notify_payloads(rows)
    if notes:
        conn.exec_driver_sql(_NOTIFY_SQL, (notes,))


class Writer:
    """Group commit. In a thread (``inline=False``): PostgreSQL (a commit waits on the network and the
    disk) and SQLite with ``synchronous=FULL`` (a commit waits for an fsync); the thread's commits run
    beside the event loop's work, and what the loop submits during one of its turns is handed to the
    thread at once. ``inline=True`` commits on the event loop instead, once per loop turn: SQLite with
    ``synchronous=NORMAL``, whose commit is a write into the WAL without fsync; measured under the load
    benchmark at about 10 % less CPU per move than in a thread (each of sqlite3's calls lets go of the
    GIL, and the thread took it back from a busy event loop several times per batch) and no worse
    latency."""

    def __init__(self, engine: Engine, inline: bool = False, pg_options: str | None = None,
                 pg_gather: float = 0.0) -> None:
        """``pg_options``: libpq ``options`` for the writer's own PostgreSQL connection (the durability
        setting, ``db.pg_options``), as the engine's connections have them; None: the database's defaults.
        ``pg_gather``: PostgreSQL, seconds each batch of event rows waits before it is sent, so that the
        rows submitted meanwhile join it (see ``PG_GATHER``)."""
        self.engine = engine
        self.inline = inline
        self.pg_options = pg_options
        self._pending: list[tuple[Job, asyncio.Future[Any], asyncio.AbstractEventLoop]] = []
        # thread mode: what each event loop submitted during its current turn, handed over at its end
        self._outgoing: dict[asyncio.AbstractEventLoop, list[tuple[Job, asyncio.Future[Any], asyncio.AbstractEventLoop]]] = {}
        self._queue: queue.SimpleQueue[list[tuple[Job, asyncio.Future[Any], asyncio.AbstractEventLoop]] | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._raw: Any = None
        self._conn: Connection | None = None  # the writer's own SQLAlchemy connection (other jobs than event rows)
        self._conn_used = 0.0
        self._pg: Any = None  # PostgreSQL: the writer's own autocommit connection for event batches
        # PostgreSQL: event batches go from the event loop itself over an asyncio connection (no thread
        # hand-overs); anything else, and a batch that fails, goes to the thread
        self._pg_async = engine.dialect.name == "postgresql" and not inline
        self._apg: Any = None
        self._apg_loop: asyncio.AbstractEventLoop | None = None
        self._apg_pending: list[tuple[EventRow, asyncio.Future[Any], asyncio.AbstractEventLoop]] = []
        self._apg_task: asyncio.Task[None] | None = None
        self.pg_gather = pg_gather
        if not inline:
            self._thread = threading.Thread(target=self._run, name="meeple-db-writer", daemon=True)
            self._thread.start()

    def submit(self, job: Job) -> asyncio.Future[Any]:
        """Run ``job(conn)`` in a transaction; the future resolves after the commit."""
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[Any] = loop.create_future()
        if self.inline:
            if not self._pending:
                loop.call_soon(self._flush)
            self._pending.append((job, fut, loop))
        elif self._pg_async and type(job) is EventRow:
            self._apg_pending.append((job, fut, loop))
            if self._apg_task is None:
                self._apg_task = loop.create_task(self._pg_drain())
        else:
            # one hand-over per loop turn, not one per request: waking the thread is a system call
            outgoing = self._outgoing.get(loop)
            if outgoing is None:
                outgoing = self._outgoing[loop] = []
                loop.call_soon(self._hand_over, loop)
            outgoing.append((job, fut, loop))
        return fut

    def _hand_over(self, loop: asyncio.AbstractEventLoop) -> None:
        batch = self._outgoing.pop(loop, None)
        if batch:
            self._queue.put(batch)

    def _flush(self) -> None:
        batch, self._pending = self._pending, []
        for i in range(0, len(batch), MAX_BATCH):
            self._write(batch[i:i + MAX_BATCH])

    def _pg_conninfo(self) -> tuple[str, dict[str, Any]]:
        url = self.engine.url.set(drivername="postgresql")
        return url.render_as_string(hide_password=False), ({"options": self.pg_options} if self.pg_options else {})

    async def _pg_drain(self) -> None:
        """PostgreSQL, on the event loop: write the waiting event rows, one batch (one autocommitted
        statement, ``PG_BATCH``) at a time; what arrives meanwhile makes the next batch. A batch that
        fails goes to the thread, which retries its rows one by one so only the offending one fails."""
        import psycopg

        loop = asyncio.get_running_loop()
        try:
            while self._apg_pending:
                if self.pg_gather:  # let more rows join this batch (fewer statements, NOTIFYs, wake-ups)
                    await asyncio.sleep(self.pg_gather)
                batch = self._apg_pending[:MAX_BATCH]
                del self._apg_pending[:MAX_BATCH]
                try:
                    if self._apg is None or self._apg_loop is not loop:
                        conninfo, extra = self._pg_conninfo()
                        self._apg = await psycopg.AsyncConnection.connect(conninfo, autocommit=True, **extra)
                        self._apg_loop = loop
                    await self._apg.execute(PG_BATCH, pg_batch_params([job for job, _, _ in batch], time.time()))
                except Exception:  # noqa: BLE001 - e.g. a duplicate sequence number: the slow path says which
                    if self._apg is not None and (self._apg.broken or self._apg.closed):
                        with contextlib.suppress(Exception):
                            await self._apg.close()
                        self._apg = None
                    self._queue.put(batch)  # type: ignore[arg-type]
                    continue
                for _, fut, _ in batch:
                    _set_result(fut, None)
        finally:
            self._apg_task = None

    async def aclose(self) -> None:
        """Finish the event-row batches in flight on this loop and close the asyncio connection (then
        ``close()`` from any thread)."""
        task = self._apg_task
        if task is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(task), timeout=10)
        if self._apg is not None:
            with contextlib.suppress(Exception):
                await self._apg.close()
            self._apg = None

    def close(self) -> None:
        if self._apg is not None:  # not closed on its loop (aclose): close the socket
            with contextlib.suppress(Exception):
                self._apg.pgconn.finish()
            self._apg = None
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join(timeout=10)
        if self._raw is not None:
            with contextlib.suppress(Exception):
                self._raw.close()
            self._raw = None
        if self._conn is not None:
            with contextlib.suppress(Exception):
                self._conn.close()
            self._conn = None
        if self._pg is not None:
            with contextlib.suppress(Exception):
                self._pg.close()
            self._pg = None

    # ------------------------------------------------------------------ the thread
    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch = list(first)
            stop = False
            while len(batch) < MAX_BATCH:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch += more
            for i in range(0, len(batch), MAX_BATCH):
                self._write(batch[i:i + MAX_BATCH])
            if stop:
                return

    def _write_events_pg(self, rows: list[EventRow]) -> bool:
        """PostgreSQL: the batch's events and its NOTIFY in one autocommitted statement on a connection of
        the writer's own, so one round trip writes and commits them. False (nothing written) if it failed."""
        import psycopg

        try:
            if self._pg is None:
                conninfo, extra = self._pg_conninfo()
                self._pg = psycopg.connect(conninfo, autocommit=True, **extra)
            self._pg.execute(PG_BATCH, pg_batch_params(rows, time.time()))
            return True
        except Exception:  # noqa: BLE001 - e.g. a duplicate sequence number: the slow path says which
            if self._pg is not None and (self._pg.broken or self._pg.closed):
                with contextlib.suppress(Exception):
                    self._pg.close()
                self._pg = None
            return False

    def _write_events_raw(self, rows: list[EventRow]) -> bool:
        """The common batch (only event rows) on a DBAPI connection kept by the writer: no pool
        checkout, no SQL compilation. False (nothing written) if it failed; the caller retries."""
        if self.engine.dialect.name == "postgresql":
            return self._write_events_pg(rows)
        try:
            if self._raw is None:
                self._raw = self.engine.raw_connection()
            raw = self._raw
            cur = raw.cursor()
            try:
                for sql, params in _sqlite_inserts(rows):
                    cur.execute(sql, params)
            finally:
                cur.close()
            raw.commit()
            return True
        except Exception:  # noqa: BLE001 - e.g. a duplicate sequence number: the slow path says which
            try:
                if self._raw is not None:
                    self._raw.rollback()
            except Exception:  # noqa: BLE001 - a broken connection: drop it, make a new one next time
                with contextlib.suppress(Exception):
                    self._raw.close()  # type: ignore[union-attr]
                self._raw = None
            return False

    def _write(self, batch: list[tuple[Job, asyncio.Future[Any], asyncio.AbstractEventLoop]]) -> None:
        if all(isinstance(job, EventRow) for job, _, _ in batch):
            if self._write_events_raw([job for job, _, _ in batch]):  # type: ignore[misc]
                self._answer_all([(loop, fut, None) for _, fut, loop in batch])
                return
            for job, fut, loop in batch:
                self._answer_one(job, fut, loop)
            return
        try:
            with self._transaction() as conn:
                events = [job for job, _, _ in batch if isinstance(job, EventRow)]
                if events:
                    _insert_events(conn, events)
                results = [None if isinstance(job, EventRow) else job(conn) for job, _, _ in batch]
        except Exception:
            if len(batch) == 1:
                job, fut, loop = batch[0]
                self._answer_one(job, fut, loop)
                return
            for job, fut, loop in batch:
                self._answer_one(job, fut, loop)
            return
        self._answer_all([(loop, fut, result) for (_, fut, loop), result in zip(batch, results)])

    @contextlib.contextmanager
    def _transaction(self) -> Any:
        """A transaction on a connection the writer keeps (only the writer uses it, one transaction at a
        time): no pool checkout and, on PostgreSQL, no liveness ping before every job. A connection that
        failed is dropped (SQLAlchemy invalidates it), and one idle for ``KEEP_IDLE`` seconds goes back to
        the pool: the next job checks a connection out of the pool again (with its ping)."""
        conn = self._conn
        now = time.monotonic()
        if conn is None or conn.closed or conn.invalidated or now - self._conn_used > KEEP_IDLE:
            if conn is not None:
                with contextlib.suppress(Exception):
                    conn.close()
            conn = self._conn = self.engine.connect()
        try:
            with conn.begin():
                yield conn
        finally:
            self._conn_used = time.monotonic()

    def _answer_one(self, job: Job, fut: asyncio.Future[Any], loop: asyncio.AbstractEventLoop) -> None:
        try:
            with self._transaction() as conn:
                result = job(conn)
        except Exception as exc:  # noqa: BLE001 - handed to the waiting request
            self._answer(loop, _set_exception, fut, exc)
        else:
            self._answer(loop, _set_result, fut, result)

    def _answer_all(self, answers: list[tuple[asyncio.AbstractEventLoop, asyncio.Future[Any], Any]]) -> None:
        """Resolve a committed batch's futures: from the thread, one hand-over per event loop (each
        ``call_soon_threadsafe`` wakes the loop with a system call), not one per future."""
        if self.inline:
            for _, fut, result in answers:
                _set_result(fut, result)
            return
        by_loop: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[Any], Any]]] = {}
        for loop, fut, result in answers:
            by_loop.setdefault(loop, []).append((fut, result))
        for loop, results in by_loop.items():
            with contextlib.suppress(RuntimeError):  # that loop is closed: nobody waits any more
                loop.call_soon_threadsafe(_set_results, results)

    def _answer(self, loop: asyncio.AbstractEventLoop, fn: Any, fut: asyncio.Future[Any], value: Any) -> None:
        if self.inline:
            fn(fut, value)
        else:
            loop.call_soon_threadsafe(fn, fut, value)


def _set_result(fut: asyncio.Future[Any], result: Any) -> None:
    if not fut.done():
        fut.set_result(result)


def _set_results(results: list[tuple[asyncio.Future[Any], Any]]) -> None:
    for fut, result in results:
        _set_result(fut, result)


def _set_exception(fut: asyncio.Future[Any], exc: BaseException) -> None:
    if not fut.done():
        fut.set_exception(exc)
