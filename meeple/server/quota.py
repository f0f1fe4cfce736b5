"""Per-client allowances that outlive a request: games created per address, undos per seat.

Each key (an address, ``(game, seat)``, an account name) has a token bucket; ``take`` spends one
token or says how long to wait, ``wait`` says it without spending, ``give_back`` returns a token
taken for something that turned out not to count (a sign-in that succeeded). The table is bounded: past ``max_keys`` the fullest buckets (those
that would allow the most) are forgotten first, so flooding it with new keys buys nothing.

>>> quota = Quota(rate=0.2, burst=20)
>>> quota.take("127.0.0.1")   # 0.0: allowed; otherwise the seconds to wait
0.0
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Hashable


class Quota:
    def __init__(self, rate: float, burst: float, max_keys: int = 100_000,
                 clock: Callable[[], float] = time.monotonic) -> None:
        """``clock`` gives the time in seconds (``time.monotonic``; a test passes a clock it moves by hand)."""
        self.rate, self.burst, self.max_keys, self.clock = rate, burst, max_keys, clock
        self._buckets: dict[Hashable, tuple[float, float]] = {}  # key -> (tokens, when)

    def take(self, key: Hashable) -> float:
        """Spend one token of ``key``: 0.0 if there was one, else the seconds until there is."""
        now = self.clock()
        tokens, stamp = self._buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - stamp) * self.rate)
        if tokens >= 1.0:
            self._buckets[key] = (tokens - 1.0, now)
            if len(self._buckets) > self.max_keys:
                self._forget(now)
            return 0.0
        self._buckets[key] = (tokens, now)
        return (1.0 - tokens) / self.rate

    def wait(self, key: Hashable) -> float:
        """The seconds until ``key`` has a token (0.0: it has one now); spends nothing."""
        now = time.monotonic()
        tokens, stamp = self._buckets.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - stamp) * self.rate)
        return 0.0 if tokens >= 1.0 else (1.0 - tokens) / self.rate

    def give_back(self, key: Hashable) -> None:
        """Return one token to ``key`` (never above the burst): what it was taken for did not count."""
        now = time.monotonic()
        tokens, stamp = self._buckets.get(key, (self.burst, now))
        self._buckets[key] = (min(self.burst, tokens + (now - stamp) * self.rate + 1.0), now)

    def _forget(self, now: float) -> None:
        """Drop the half of the keys nearest to a full bucket (forgetting them changes least)."""
        def fullness(item: tuple[Hashable, tuple[float, float]]) -> float:
            tokens, stamp = item[1]
            return tokens + (now - stamp) * self.rate
        keep = sorted(self._buckets.items(), key=fullness)[: self.max_keys // 2]
        self._buckets = dict(keep)
