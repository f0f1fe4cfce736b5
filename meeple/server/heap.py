"""The garbage collector of a long-running server process: short young passes, no long full passes.

A server holds many games in memory: many small objects that live for minutes, and every move adds
more. CPython's collector scans every object of a generation on each pass of it: with its default
settings full passes over the games stalled the event loop for 20-200 ms every few seconds under load.
With fewer, larger passes (``gc.set_threshold(10000, 50, 100)``, what the server did before) each
young pass still scanned 24,000-48,000 objects (measured: 15-80 ms each, every 2 s at 1,000 moves/s on
a busy machine), and every 50th pass would also scan all that the young passes had promoted since
(not measured: no such pass fell within a 30-second benchmark).

``install()`` keeps automatic collection on but, after each pass, moves the survivors out of the
collector's reach with ``gc.freeze()``: a pass then only scans what was allocated since the previous
one and is still alive (measured at 1,000 moves/s with ``threshold`` 3000: about 3 passes a second of
5-13 ms, 2.3 % of the time; with 1000: 9 a second of 3-11 ms, 3.4 % of the time, as objects that live a
few hundred milliseconds are scanned more often). Objects that are frozen are still freed as usual when
nothing refers to them any more (reference counting); only *cyclic* garbage among them would stay. The
game states are free of cycles (tested), so what could stay is little (mostly the cycles of an HTTP
connection that happened to be open during a pass); to bound it anyway, when the process's resident
memory has grown to ``grow`` times its size after the last full pass (and by at least ``floor_mb``;
checked at most every ``check_every`` seconds, after a pass, from ``/proc/self/statm``), a thread of
its own runs one full collection over everything (that one stalls the process for as long as it takes,
and is rare: the heap of a server in a steady state does not grow). Counting the frozen objects instead
(``gc.get_freeze_count()``) walks all of them: measured at 6 % of the server's CPU when done after
every pass.
"""

from __future__ import annotations

import gc
import logging
import os
import threading
import time
from typing import Any

log = logging.getLogger("meeple.server")


class YoungPasses:
    """The policy above; ``install()`` once per process (``meeple serve`` does), ``uninstall()`` undoes it."""

    def __init__(self, threshold: int = 3000, grow: float = 2.0, floor_mb: float = 256.0,
                 check_every: float = 10.0) -> None:
        self.threshold, self.grow, self.floor_mb, self.check_every = threshold, grow, floor_mb, check_every
        self.passes = 0
        self.full_passes = 0
        self.base_mb: float | None = None
        self._checked = time.monotonic()
        self._old: tuple[int, int, int] | None = None
        self._full_due = threading.Event()
        self._stop = False
        self._thread: threading.Thread | None = None

    def install(self) -> None:
        """Collect and freeze what is loaded now, then collect young objects every ``threshold`` net
        allocations, freezing the survivors of each pass."""
        self._old = gc.get_threshold()
        gc.collect()
        gc.freeze()
        self.base_mb = resident_mb()
        gc.set_threshold(self.threshold, 10, 10)
        gc.callbacks.append(self._after_pass)
        self._stop = False
        self._thread = threading.Thread(target=self._full_passes, name="meeple-gc", daemon=True)
        self._thread.start()

    def uninstall(self) -> None:
        """Back to the collector's previous settings, everything frozen handed back to it."""
        if self._after_pass in gc.callbacks:
            gc.callbacks.remove(self._after_pass)
        self._stop = True
        self._full_due.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
            self._thread = None
        if self._old is not None:
            gc.set_threshold(*self._old)
        gc.unfreeze()

    def _after_pass(self, phase: str, _info: dict[str, Any]) -> None:
        if phase != "stop" or self._full_due.is_set():
            return
        self.passes += 1
        gc.freeze()
        now = time.monotonic()
        if now - self._checked >= self.check_every and self.base_mb is not None:
            self._checked = now
            if self.full_pass_due(resident_mb()):
                self._full_due.set()  # not here: gc.collect() does nothing inside a pass

    def full_pass_due(self, mb: float | None) -> bool:
        """Whether resident memory ``mb`` calls for a full collection (see the module's docstring)."""
        if mb is None or self.base_mb is None:
            return False
        return mb > max(self.base_mb * self.grow, self.base_mb + self.floor_mb)

    def _full_passes(self) -> None:
        while True:
            self._full_due.wait()
            if self._stop:
                return
            start = time.perf_counter()
            gc.unfreeze()
            found = gc.collect()
            gc.freeze()
            self.base_mb = resident_mb()
            self.full_passes += 1
            log.info("full garbage collection: %d unreachable objects freed in %.0f ms (resident memory %.0f MB)",
                     found, (time.perf_counter() - start) * 1000, self.base_mb or 0)
            self._full_due.clear()


def resident_mb() -> float | None:
    """This process's resident memory in MB (Linux), or None where ``/proc`` does not tell."""
    try:
        with open("/proc/self/statm") as f:
            pages = int(f.read().split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6
