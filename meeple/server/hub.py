"""The hub: one server process's services, made and wired together, started and stopped as one.

Each game in play is held in memory (``services.live_cache``) and changed only under its own lock: a
move is checked against the hot state, written (group commit, see ``writer``), and only then
acknowledged and pushed to every watcher (``services.play``, ``services.watchers``). Another server
process sharing a PostgreSQL database announces its writes; this process then catches up
(``services.sync``). The routes (``meeple.server.routes``) call the services; the hub's own methods
are the same entry points under one name, for tests and tools that drive a server without HTTP.

    >>> hub = Hub(Settings(db_url="sqlite:///games.db")); await hub.start()
    >>> made = await hub.create(game="cube-europe", players=2, options={}, seats=None, join=0, ...)
    >>> await hub.move(made["id"], 0, 0, text="take 4 2")
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from meeple.core.i18n import DEFAULT_LANGUAGE
from meeple.server.accounts import SignedIn
from meeple.server.bus import Note
from meeple.server.coachpool import CoachPool
from meeple.server.levels import LevelPolicy
from meeple.server.live_game import LiveGame, check_playing
from meeple.server.push import Ack, Subscriber
from meeple.server.services import replay as replays
from meeple.server.services.bots import Bots
from meeple.server.services.chat import Chat
from meeple.server.services.coaching import Coaching
from meeple.server.services.games import Games, summary
from meeple.server.services.invites import Invites
from meeple.server.services.live_cache import LiveCache
from meeple.server.services.notices import Notices
from meeple.server.services.play import Play
from meeple.server.services.replay import stored_result
from meeple.server.services.runtime import Runtime
from meeple.server.services.sweeper import Sweeper
from meeple.server.services.sync import Sync
from meeple.server.services.turns import Turns
from meeple.server.services.watchers import Watchers
from meeple.server.settings import Settings
from meeple.server.store import Store

__all__ = ["Hub", "LiveGame", "stored_result"]


class Hub:
    """The services of one server process (see ``meeple.server.services``)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.runtime = Runtime(settings)
        self.store = Store(settings)
        self.live_cache = LiveCache(self.runtime, self.store)
        self.bots = Bots(self.runtime, self.live_cache)
        self.watchers = Watchers(self.runtime, self.bots)
        self.sync = Sync(self.runtime, self.store, self.live_cache, self.watchers)
        self.games = Games(self.runtime, self.store, self.live_cache, self.sync, self.watchers, self.bots)
        self.play = Play(self.runtime, self.store, self.live_cache, self.sync, self.watchers)
        self.invites = Invites(self.runtime, self.store, self.live_cache, self.games)  # invites by name, waiting lists
        self.coaching = Coaching(self.runtime, self.store, self.live_cache)
        self.chat = Chat(self.runtime, self.store, self.live_cache, self.sync)  # table chat: never a move
        self.turns = Turns(self.runtime, self.store, self.live_cache, self.bots, self.play)
        self.notices = Notices(self.runtime, self.store)
        self.sweeper = Sweeper(self.runtime, self.store, self.live_cache, self.sync, self.bots, self.games, self.turns)
        # the edges that point back: a game loaded is pushed (and its bots may move); a change announced
        # while it loaded is caught up; a bot plays through the hub's own entry point, as a person does
        self.live_cache.on_loaded = self.watchers.changed
        self.live_cache.on_missed = self.sync.on_notify
        self.bots.play = self._bot_move
        # a turn-based game's decision passed to a person: "your turn" by e-mail (if they opted in)
        self.play.on_turn = self.games.on_turn = self.notices.turns_passed
        # an account invited by name: "you are invited" by e-mail (if they opted in)
        self.invites.on_invited = self.notices.invited

    # ------------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        """Open the store, start the pools, the bus and the timers; resume the games whose bots or timers
        must carry on."""
        self.runtime.loop = asyncio.get_running_loop()
        postgres = self.settings.is_postgres
        self.bots.start(self.runtime.loop)
        self.coaching.start()
        await self.store.open()
        self.sync.start(postgres)
        if postgres:
            self.bots.start_claims(self.store.conninfo)
        self.sweeper.start()
        self.runtime.spawn(self.live_cache.resume_unfinished())

    async def stop(self) -> None:
        """Stop the timers, the bots and the pools, close the bus and the store (what is queued is written)."""
        self.runtime.cancel_all()
        self.bots.shutdown()
        self.coaching.shutdown()
        await self.sync.stop()
        await self.bots.close()
        await self.store.close()

    async def _bot_move(self, gid: str, seat: int, seq: int, choice: Any) -> int:
        return await self.move(gid, seat, seq, choice, by_bot=True)

    # ------------------------------------------------------------------ what the services hold
    @property
    def origin(self) -> str:
        return self.runtime.origin

    @property
    def clock(self) -> Callable[[], float]:
        """Wall time for presence and abandonment: tests replace it."""
        return self.runtime.clock

    @clock.setter
    def clock(self, clock: Callable[[], float]) -> None:
        self.runtime.clock = clock

    @property
    def loop(self) -> asyncio.AbstractEventLoop | None:
        return self.runtime.loop

    @property
    def live(self) -> dict[str, LiveGame]:
        return self.live_cache.live

    @property
    def engine(self) -> Any:
        return self.store.engine

    @property
    def writer(self) -> Any:
        return self.store.writer

    @property
    def levels(self) -> LevelPolicy:
        return self.bots.levels

    @property
    def coach(self) -> CoachPool | None:
        return self.coaching.pool

    @property
    def moves_applied(self) -> int:
        return self.play.moves_applied

    # ------------------------------------------------------------------ the services' entry points
    async def get(self, gid: str) -> LiveGame:
        return await self.live_cache.get(gid)

    async def create(self, **request: Any) -> dict[str, Any]:
        return await self.games.create(**request)

    async def join(self, gid: str, seat: int | None, invite: str | None, name: str | None,
                   user: SignedIn | None = None) -> dict[str, Any]:
        return await self.games.join(gid, seat, invite, name, user=user)

    async def seat_for(self, g: LiveGame, token: str | SignedIn | None) -> int:
        return await self.games.seat_for(g, token)

    async def set_away(self, g: LiveGame, seat: int, away: bool, left: bool = False) -> None:
        await self.games.set_away(g, seat, away, left)

    async def cancel(self, gid: str, token: str | SignedIn | None) -> dict[str, Any]:
        return await self.games.cancel(gid, token)

    def check_playing(self, g: LiveGame) -> None:
        check_playing(g)

    def summary(self, row: dict[str, Any], seat_rows: list[dict[str, Any]],
                lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        return summary(row, seat_rows, lang)

    async def move(self, gid: str, seat: int, expected: int, data: Any = None, text: str | None = None,
                   by_bot: bool = False) -> int:
        return await self.play.move(gid, seat, expected, data, text, by_bot)

    async def undo(self, gid: str, seat: int, expected: int) -> int:
        return await self.play.undo(gid, seat, expected)

    async def hint(self, gid: str, seat: int, lang: str = DEFAULT_LANGUAGE, client: str = "?") -> dict[str, Any]:
        return await self.coaching.hint(gid, seat, lang, client)

    async def review(self, gid: str, seat: int, lang: str = DEFAULT_LANGUAGE, client: str = "?") -> dict[str, Any]:
        return await self.coaching.review(gid, seat, lang, client)

    def review_progress(self, gid: str, seat: int) -> dict[str, Any]:
        return self.coaching.review_progress(gid, seat)

    async def replay_moves(self, g: LiveGame, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        return replays.replay_moves(g, lang)

    async def replay_step(self, g: LiveGame, step: int, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        return replays.replay_step(g, step, lang)

    def view(self, g: LiveGame, viewer: int | None, log_from: int = 0, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        return self.watchers.view(g, viewer, log_from, lang)

    def message_for(self, g: LiveGame, sub: Subscriber) -> str | None:
        return self.watchers.message_for(g, sub)

    def ack_for(self, g: LiveGame, sub: Subscriber, ack: Ack) -> str:
        return self.watchers.ack_for(g, sub, ack)

    def subscribe(self, g: LiveGame, sub: Subscriber, resume_seq: int | None) -> None:
        self.watchers.subscribe(g, sub, resume_seq)

    def unsubscribe(self, g: LiveGame, sub: Subscriber) -> None:
        self.watchers.unsubscribe(g, sub)

    async def invited(self, game_id: str, user_id: int) -> bool:
        """Mail "you are invited" to the account, if it opted in (``Notices.invited``)."""
        return await self.notices.invited(game_id, user_id)

    async def close_abandoned(self, now: float | None = None) -> list[str]:
        return await self.sweeper.close_abandoned(now)

    async def play_timeouts(self, now: float | None = None) -> list[tuple[str, int]]:
        return await self.turns.play_timeouts(now)

    def _on_games(self, notes: list[Note]) -> None:
        """What another process announced (as the bus hands it over): ``Sync.on_games``."""
        self.sync.on_games(notes)
