"""What every service of one server process shares: its settings, its origin id (how its own
announcements are told from others'), the wall clock, and its background tasks."""

from __future__ import annotations

import asyncio
import threading
import time
import uuid
from collections.abc import Callable, Coroutine
from typing import Any

from meeple.server.settings import Settings


class Runtime:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.origin = uuid.uuid4().hex[:12]
        self.clock: Callable[[], float] = time.time
        """Wall time for presence and abandonment (``Games.seat_for``, ``Sweeper.close_abandoned``) and
        turn-based games' deadlines (``turn_clock``): tests replace it."""
        self.stopping = threading.Event()
        self.loop: asyncio.AbstractEventLoop | None = None
        self._tasks: set[asyncio.Task[Any]] = set()

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> asyncio.Task[Any]:
        """Run ``coro`` in the background until it ends or the server stops (``cancel_all``)."""
        task = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    def cancel_all(self) -> None:
        """The server stops: no new bot moves are scheduled, and every background task is cancelled."""
        self.stopping.set()
        for task in list(self._tasks):
            task.cancel()
