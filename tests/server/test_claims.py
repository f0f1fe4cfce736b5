"""Bot claims: with several processes on one PostgreSQL, one process moves a game's bots, and another
takes over when it lets the game go."""

from __future__ import annotations

import asyncio
import doctest
import time
from typing import Any

from meeple.server import Settings, claims
from meeple.server.claims import BotClaims
from meeple.server.errors import Conflict
from meeple.server.hub import Hub


def test_one_claim_per_game_until_it_is_released(pg_url: str) -> None:
    async def scenario() -> list[bool]:
        a, b = BotClaims(pg_url), BotClaims(pg_url)
        try:
            seen = [await a.claim("g1"), await b.claim("g1"), await b.claim("g2"), await a.claim("g1")]
            await a.release("g1")
            seen += [await b.claim("g1"), b.owns("g1"), a.owns("g1")]
            await b.close()  # the session ends: its locks go with it (once PostgreSQL has ended the backend)
            for _ in range(100):
                if await a.claim("g2"):
                    break
                await asyncio.sleep(0.02)
            seen += [a.owns("g2"), await a.claim("g1")]
            return seen
        finally:
            await a.close()
            await b.close()

    assert asyncio.run(scenario()) == [True, False, True, True, True, True, False, True, True]
    assert doctest.testmod(claims).failed == 0


def test_without_a_lock_connection_a_process_moves_the_bots_anyway() -> None:
    async def scenario() -> tuple[bool, bool]:
        nowhere = BotClaims("postgresql://postgres@127.0.0.1:1/none")
        try:
            return await nowhere.claim("g1"), nowhere.owns("g1")
        finally:
            await nowhere.close()

    assert asyncio.run(scenario()) == (True, True)


def _record_moves(monkeypatch: Any) -> list[tuple[str, bool, str]]:
    """Every call of ``Hub.move``: (the hub's origin, by a bot, "ok" or the error's class)."""
    calls: list[tuple[str, bool, str]] = []
    real = Hub.move

    async def move(self: Hub, gid: str, seat: int, expected: int, data: Any = None, text: str | None = None,
                   by_bot: bool = False) -> int:
        try:
            seq = await real(self, gid, seat, expected, data, text, by_bot)
        except Exception as exc:
            calls.append((self.origin, by_bot, type(exc).__name__))
            raise
        calls.append((self.origin, by_bot, "ok"))
        return seq

    monkeypatch.setattr(Hub, "move", move)
    return calls


async def _bot_game(hub: Hub) -> str:
    made = await hub.create(game="cube-europe", players=2, options={}, seats=[{"kind": "bot", "level": "random"}] * 2,
                            join=None, name=None, private=False, turn_timeout=None, fallback_level="random",
                            player_name=None)
    return made["id"]


async def _until(check: Any, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.02)


def test_two_processes_holding_a_game_move_its_bots_once(pg_url: str, monkeypatch: Any) -> None:
    calls = _record_moves(monkeypatch)
    settings = Settings(db_url=pg_url, bot_delay=0.005, timeout_check_every=0.1)

    async def scenario() -> tuple[Hub, Hub]:
        a, b = Hub(settings), Hub(settings)
        await a.start()
        await b.start()
        try:
            gid = await _bot_game(a)
            await b.get(gid)  # both hold it; both would move its bots without the claims
            await _until(lambda: a.live[gid].state.is_over() and gid in b.live and b.live[gid].state.is_over())
            return a, b
        finally:
            await a.stop()
            await b.stop()

    a, b = asyncio.run(scenario())
    bot_moves = [c for c in calls if c[1]]
    assert len(bot_moves) > 10
    assert {c[2] for c in bot_moves} == {"ok"}, "no bot move lost a race with the other process"
    assert len({c[0] for c in bot_moves}) == 1, "one process moved every bot"


def test_another_process_takes_the_bots_over_when_their_process_stops(pg_url: str, monkeypatch: Any) -> None:
    calls = _record_moves(monkeypatch)
    settings = Settings(db_url=pg_url, bot_delay=0.02, timeout_check_every=0.1)

    async def scenario() -> tuple[str, str, int]:
        a, b = Hub(settings), Hub(settings)
        await a.start()
        try:
            gid = await _bot_game(a)
            await _until(lambda: a.live[gid].seq >= 5)  # A took the claim and its bots are moving
            await b.start()  # (started earlier, B might resume the new bot game and claim it first)
            await b.get(gid)
            await a.stop()  # A's lock connection closes; B must take over within a sweep or two
            await _until(lambda: b.live[gid].state.is_over())
            return a.origin, b.origin, b.live[gid].seq
        finally:
            await b.stop()

    a_origin, b_origin, seq = asyncio.run(scenario())
    movers = [c[0] for c in calls if c[1] and c[2] == "ok"]
    assert movers[0] == a_origin and movers[-1] == b_origin
    assert seq - 1 <= len(movers) <= seq  # A's last move may be written as A stops, its call cancelled
    # that last move of A's may also land after B loaded the game: B's first try is then refused as stale (and
    # B reloads and moves on); any other conflict would be two processes moving the same bots
    conflicts = [c for c in calls if c[2] == Conflict.__name__]
    assert len(conflicts) <= 1 and all(c[0] == b_origin for c in conflicts), conflicts
