"""Coaching: a hint (the coach's best moves for a seat now) and a finished game's review (a seat's
moves the search rated clearly worse than its best). Both search in the coach's pool (``coachpool``:
worker processes at a lower priority, within limits per client address), never on the event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import math
from functools import partial
from typing import Any

from meeple.core.i18n import DEFAULT_LANGUAGE
from meeple.server import db
from meeple.server.coachpool import REVIEW_PARTS, CoachPool, hint_suggestions, review_part, worst_first
from meeple.server.errors import Conflict, TooMany
from meeple.server.live_game import check_playing
from meeple.server.quota import Quota
from meeple.server.services.live_cache import LiveCache
from meeple.server.services.runtime import Runtime
from meeple.server.store import Store

REVIEWS_KEPT = 256
"""Computed reviews kept in memory, the oldest dropped first."""


class Coaching:
    def __init__(self, runtime: Runtime, store: Store, cache: LiveCache) -> None:
        self.runtime, self.store, self.cache, self.settings = runtime, store, cache, runtime.settings
        settings = self.settings
        self.hints = Quota(settings.hint_rate, settings.hint_burst)  # per (game, seat): a hint costs a search
        self.review_quota = Quota(settings.review_rate, settings.review_burst)  # per client address (a review: up to 15 s of CPU)
        self.review_lock = asyncio.Lock()  # one review at a time in this process
        self.reviews: dict[tuple[str, int, str], dict[str, Any]] = {}  # computed reviews, the oldest dropped first
        self.reviewing: dict[tuple[str, int], dict[str, Any]] = {}  # (game, seat): a review's progress while asked for
        self.pool: CoachPool | None = None  # hints and reviews search here (made at start)

    def start(self) -> None:
        settings = self.settings
        self.pool = CoachPool(workers=settings.coach_workers, queue=settings.coach_queue,
                              per_address=settings.coach_per_address, rate=settings.coach_rate,
                              burst=settings.coach_burst, processes=settings.coach_processes)

    def shutdown(self) -> None:
        if self.pool is not None:
            self.pool.shutdown()

    # ------------------------------------------------------------------ hints
    async def hint(self, gid: str, seat: int, lang: str = DEFAULT_LANGUAGE, client: str = "?") -> dict[str, Any]:
        """The coach's best moves for ``seat`` now (``coach.hint``: from that seat's information only, at a
        fixed budget, seeded by the game's public id and position so the same position gives the same
        hint). A rated game offers none (Conflict): a rating measures the player, not the search. The
        hints of an unrated game are counted (``games.hints``). The search runs in the coach's pool
        (``coachpool``), within its limits per ``client`` address."""
        with contextlib.ExitStack() as places:  # a place in the coach's line goes back if no search took it
            return await self._hint(gid, seat, lang, client, places)

    async def _hint(self, gid: str, seat: int, lang: str, client: str, places: contextlib.ExitStack) -> dict[str, Any]:
        assert self.pool is not None
        g = await self.cache.get(gid)
        async with g.lock:
            check_playing(g)
            if g.row.get("rated"):
                raise Conflict("server.hint_rated", seq=g.seq)
            if g.state.is_over():
                raise Conflict("server.game_over", seq=g.seq)
            if seat not in g.state.to_move() or not g.state.legal_actions(seat):
                raise Conflict("server.hint_not_your_turn", seq=g.seq)
            ticket = places.enter_context(self.pool.reserve(client))  # TooMany when the coach is full: before the game changes
            wait = self.hints.take((gid, seat))
            if wait:
                raise TooMany("server.too_many_hints", args={"wait": f"{wait:.0f}"}, retry_after=wait, seq=g.seq)
            position, seq = g.state.clone(), g.seq
            count = int(g.row.get("hints") or 0) + 1
            await self.store.write(partial(db.update_game, game_id=gid, hints=count))
            g.row["hints"] = count
        seed = int.from_bytes(hashlib.sha256(f"{gid}:{seq}:{seat}".encode()).digest()[:6], "big")
        suggestions = await self.pool.run(ticket, hint_suggestions, position, seat, seed, lang)
        return {"seq": seq, "hints": count, "suggestions": suggestions}

    # ------------------------------------------------------------------ reviews
    async def review(self, gid: str, seat: int, lang: str = DEFAULT_LANGUAGE, client: str = "?") -> dict[str, Any]:
        """A finished game's review for ``seat`` (``agents.review``: each of its decisions searched from
        what it knew then; the moves the search rated clearly worse than its best, worst first). One
        review runs at a time in this process, each (game, seat, language) is computed once, and an
        address may ask for a few a minute: a review costs up to 15 s of CPU. It searches in the
        coach's pool, as hints do, in parts of a few positions (``REVIEW_PARTS``), so that its progress
        ("position k of n") can be asked for meanwhile (``review_progress``)."""
        assert self.pool is not None
        g = await self.cache.get(gid)
        if not g.state.is_over():
            raise Conflict("server.review_not_over")
        key = (gid, seat, lang)
        hit = self.reviews.get(key)
        if hit is not None:
            return hit
        with self.pool.reserve(client) as ticket:  # TooMany when the coach is full: before the quota counts
            wait = self.review_quota.take(client)
            if wait:
                raise TooMany("server.too_many_reviews", args={"wait": f"{wait:.0f}"}, retry_after=wait)
            finished = g.state.clone()
            seed = int.from_bytes(hashlib.sha256(f"review:{gid}".encode()).digest()[:6], "big")
            progress = self.reviewing.setdefault((gid, seat), {"status": "waiting", "done": 0, "total": None})
            try:
                async with self.review_lock:
                    hit = self.reviews.get(key)
                    if hit is not None:
                        return hit
                    progress["status"] = "running"
                    blunders = await self._search_review(ticket, finished, seat, seed, lang, progress)
            finally:
                if self.reviewing.get((gid, seat)) is progress:
                    del self.reviewing[(gid, seat)]
        out = {"seat": seat, "blunders": blunders}
        if len(self.reviews) >= REVIEWS_KEPT:
            self.reviews.pop(next(iter(self.reviews)))
        self.reviews[key] = out
        return out

    async def _search_review(self, ticket: Any, finished: Any, seat: int, seed: int, lang: str,
                             progress: dict[str, Any]) -> list[dict[str, Any]]:
        """The review's blunders, searched part by part, ``progress`` kept up to date."""
        assert self.pool is not None
        blunders: list[dict[str, Any]] = []
        start, size, total = 0, 1, None
        while total is None or start < total:
            found, total = await self.pool.run(ticket, review_part, finished, seat, seed,
                                               self.settings.review_iterations, lang, start, size, keep=True)
            blunders = worst_first(blunders + found)
            start += size
            progress["done"], progress["total"] = min(start, total), total
            size = max(1, math.ceil(total / REVIEW_PARTS))
        return blunders

    def review_progress(self, gid: str, seat: int) -> dict[str, Any]:
        """How far ``seat``'s review of game ``gid`` has come: ``status`` "waiting" (another review runs
        first), "running" (``done`` of ``total`` positions searched), "done" (computed, in some
        language) or "none" (not asked for)."""
        running = self.reviewing.get((gid, seat))
        if running is not None:
            return {"seat": seat, **running}
        done = any(k[0] == gid and k[1] == seat for k in self.reviews)
        return {"seat": seat, "status": "done" if done else "none", "done": None, "total": None}
