"""One writer thread per server: group commit of everything the event loop wants written.

Requests from many games queue up; the thread runs all waiting ones in one transaction and commits
once, then answers each request. A move is acknowledged only after its commit, so a crash never
loses an acknowledged move. If the shared transaction fails (say another process already wrote that
sequence number), each request is retried alone so only the offending one fails.
"""

from __future__ import annotations

import asyncio
import queue
import threading
from collections.abc import Callable
from typing import Any

from sqlalchemy.engine import Connection, Engine

Job = Callable[[Connection], Any]
MAX_BATCH = 256


class Writer:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._queue: queue.SimpleQueue[tuple[Job, asyncio.Future[Any], asyncio.AbstractEventLoop] | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="meeple-db-writer", daemon=True)
        self._thread.start()

    def submit(self, job: Job) -> asyncio.Future[Any]:
        """Run ``job(conn)`` in a transaction; the future resolves after the commit."""
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[Any] = loop.create_future()
        self._queue.put((job, fut, loop))
        return fut

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join(timeout=10)

    # ------------------------------------------------------------------ the thread
    def _run(self) -> None:
        while True:
            first = self._queue.get()
            if first is None:
                return
            batch = [first]
            stop = False
            while len(batch) < MAX_BATCH:
                try:
                    item = self._queue.get_nowait()
                except queue.Empty:
                    break
                if item is None:
                    stop = True
                    break
                batch.append(item)
            self._write(batch)
            if stop:
                return

    def _write(self, batch: list[tuple[Job, asyncio.Future[Any], asyncio.AbstractEventLoop]]) -> None:
        try:
            with self.engine.begin() as conn:
                results = [job(conn) for job, _, _ in batch]
        except Exception:
            if len(batch) == 1:
                job, fut, loop = batch[0]
                self._answer_one(job, fut, loop)
                return
            for job, fut, loop in batch:
                self._answer_one(job, fut, loop)
            return
        for (_, fut, loop), result in zip(batch, results):
            loop.call_soon_threadsafe(_set_result, fut, result)

    def _answer_one(self, job: Job, fut: asyncio.Future[Any], loop: asyncio.AbstractEventLoop) -> None:
        try:
            with self.engine.begin() as conn:
                result = job(conn)
        except Exception as exc:  # noqa: BLE001 - handed to the waiting request
            loop.call_soon_threadsafe(_set_exception, fut, exc)
        else:
            loop.call_soon_threadsafe(_set_result, fut, result)


def _set_result(fut: asyncio.Future[Any], result: Any) -> None:
    if not fut.done():
        fut.set_result(result)


def _set_exception(fut: asyncio.Future[Any], exc: BaseException) -> None:
    if not fut.done():
        fut.set_exception(exc)
