"""Turn-based games' timeouts: a person whose time per move ran out has their fallback bot play that
one decision (``turn_clock``: the deadlines are in the database, so any server process finds them,
after a restart too, and exactly one plays each).

>>> played = await turns.play_timeouts(now)     # [(game id, seat), …] whose bot played a timed-out turn
"""

from __future__ import annotations

import asyncio
import logging
from functools import partial

from meeple.server import turn_clock
from meeple.server.errors import ServerError
from meeple.server.live_game import LiveGame
from meeple.server.services.bots import Bots
from meeple.server.services.live_cache import LiveCache
from meeple.server.services.play import Play
from meeple.server.services.runtime import Runtime
from meeple.server.store import Store

log = logging.getLogger("meeple.server")


class Turns:
    def __init__(self, runtime: Runtime, store: Store, cache: LiveCache, bots: Bots, play: Play) -> None:
        self.runtime, self.store, self.cache, self.bots, self.play = runtime, store, cache, bots, play
        self.settings = runtime.settings

    async def play_timeouts(self, now: float | None = None) -> list[tuple[str, int]]:
        """One sweep (every ``deadline_check_every`` seconds; callable directly with ``now``, the wall
        time to judge by): every seat past its deadline whose timeout this process claims has its
        fallback bot play one decision, marked as the bot's (rated games count it, ``seats.bot_moves``);
        the ``MISSES_BEFORE_REPLACED``-th miss in a row sets it away. Returns the seats played."""
        now = self.runtime.clock() if now is None else now
        overdue = await self.store.read(turn_clock.past_deadlines, now, self.settings.deadline_batch)
        claimed = []
        for gid, seat, deadline in overdue:
            job = partial(turn_clock.claim_deadline, game_id=gid, seat=seat, deadline=deadline,
                          until=now + turn_clock.TIMEOUT_LEASE)
            if await self.store.write(job):
                claimed.append((gid, seat))
        played = await asyncio.gather(*(self._time_out(gid, seat) for gid, seat in claimed))
        return [x for x, ok in zip(claimed, played) if ok]

    async def _time_out(self, gid: str, seat: int) -> bool:
        """The seat's fallback bot plays its one decision; False when it had moved meanwhile, is no longer
        due, or the move lost a race (then the claim's lease runs out and a later sweep looks again)."""
        try:
            g = await self.cache.get(gid)
            async with g.lock:
                if not self._due(g, seat):
                    return False
                seq, snapshot = g.seq, g.state.clone()
            choice = await self.bots.think(g, seat, seq, snapshot)
            await self.play.move(gid, seat, seq, choice, by_bot=True, timed_out=True)
        except ServerError as exc:
            log.info("game %s seat %s: the timeout was not played (%s)", gid, seat, exc.error_id)
            return False
        except asyncio.CancelledError:
            raise
        except Exception:  # noqa: BLE001 - one game's failure must not stop the others
            log.exception("game %s seat %s: the timeout could not be played", gid, seat)
            return False
        log.info("game %s seat %s: time ran out; its bot played the turn", gid, seat)
        return True

    @staticmethod
    def _due(g: LiveGame, seat: int) -> bool:
        return (not g.closed and turn_clock.is_turn_based(g.row)
                and seat in turn_clock.clock_due(g.state, g.seats))
