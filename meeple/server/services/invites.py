"""Invites by name and "Waiting for you" (issue 40; docs/server.md, "Invites by name", "Waiting for you").

A signed-in player who holds a seat at an open game invites an account by its name: the invite
*reserves* one free seat for that account (nobody else may take it) until the invitee accepts it (they
take the seat, as a join), declines it, the inviter withdraws it, or it expires (``INVITE_SECONDS``);
then the seat is free again. The invitee finds it in their "Waiting for you" (``waiting``), beside the
games where their seat is due. ``on_invited(game_id, user_id)``, if set, is called after each invite is
stored (the e-mail notices hook in there).

>>> made = await invites.invite(gid, ann, "Bob", seat=None)
>>> (await invites.waiting(bob))["invites"][0]["game_id"] == gid
True
"""

from __future__ import annotations

import inspect
import logging
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

from meeple.server import invite_store, turn_clock
from meeple.server.accounts import SignedIn
from meeple.server.errors import Conflict, NotFound, TooMany, Unprocessable
from meeple.server.live_game import check_playing
from meeple.server.services.games import Games
from meeple.server.services.live_cache import LiveCache
from meeple.server.services.runtime import Runtime
from meeple.server.store import Store

log = logging.getLogger("meeple.server")

INVITE_SECONDS = 3 * 24 * 3600
"""How long a pending invite holds its seat (3 days, the longest time per move): then it expires."""
INVITES_PER_GAME = 12
"""Invites ever made for one game (any outcome): a game cannot be used to pester accounts."""
INVITES_PER_DAY = 20
"""Invites one account may make in any 24 hours."""
WAITING_LIMIT = 50
"""The most games under way one "Waiting for you" looks at (the most recently changed first)."""
INVITES_SHOWN = 20
"""The most pending invites one "Waiting for you" lists (newest first)."""
OPPONENTS_LIMIT = 10
"""The most "recent opponents" listed."""
DAY = 24 * 3600

Row = dict[str, Any]


class Invites:
    """Invites by name, recent opponents, and each account's "Waiting for you"."""

    def __init__(self, runtime: Runtime, store: Store, cache: LiveCache, games: Games) -> None:
        self.runtime, self.store, self.cache, self.games = runtime, store, cache, games
        self.on_invited: Callable[[str, int], Any] | None = None
        """Called with (game id, invitee's account id) after an invite is stored (e-mail hooks in: e.g.
        ``hub.notices.invited``). A coroutine function's coroutine runs in the background: the invite's
        answer never waits for it."""

    # ------------------------------------------------------------------ inviting
    async def invite(self, gid: str, user: SignedIn, name: Any, seat: int | None = None) -> Row:
        """``user`` (seated at ``gid``) invites the account ``name`` to ``seat`` (else the first free
        seat that no invite holds). Refused, and nothing stored: not seated (Forbidden), no such player
        (NotFound, saying no more), yourself (Unprocessable), no free seat, the seat taken, a bot's or
        reserved, the invitee already seated or invited (Conflict), past the bounds (TooMany)."""
        g = await self.cache.get(gid)
        check_playing(g)
        await self.games.seat_for(g, user)  # Forbidden unless the account holds a seat here
        if not isinstance(name, str) or not name.strip():
            raise Unprocessable("server.invite_name_needed")
        now = self.runtime.clock()
        found = await self.store.read(invite_store.live_account, name)
        if found is None:
            raise NotFound("server.invite_no_player")
        invitee_id, invitee_name = found
        if invitee_id == user.user_id:
            raise Unprocessable("server.invite_self")
        if any(s.get("user_id") == invitee_id for s in g.seats):
            raise Conflict("server.invite_seated", args={"name": invitee_name})

        def job(conn: Any) -> tuple[int, int]:
            reserved = invite_store.reserved_seats(conn, gid, now)
            if invitee_id in reserved.values():
                raise Conflict("server.invite_pending", args={"name": invitee_name})
            per_game, per_day = invite_store.counts(conn, gid, user.user_id, now - DAY)
            if per_game >= INVITES_PER_GAME:
                raise TooMany("server.invites_per_game", args={"limit": INVITES_PER_GAME})
            if per_day >= INVITES_PER_DAY:
                raise TooMany("server.invites_per_day", args={"limit": INVITES_PER_DAY}, retry_after=3600)
            chosen = self._free_seat(g.seats, seat, reserved)
            return invite_store.insert(conn, gid, chosen, user.user_id, invitee_id, now, now + INVITE_SECONDS), chosen

        async with g.lock:
            if g.status != "open":
                raise Conflict("server.no_free_seat")
            invite_id, chosen = await self.store.write(job)
        self._announce(gid, invitee_id)
        return {"id": invite_id, "game_id": gid, "seat": chosen, "name": invitee_name, "expires_at": now + INVITE_SECONDS}

    @staticmethod
    def _free_seat(seat_rows: list[Row], seat: int | None, reserved: dict[int, int]) -> int:
        """The seat an invite reserves: the one asked for if a person's, free and not reserved; else the
        first such seat."""
        if seat is None:
            free = [int(s["seat"]) for s in seat_rows
                    if s["kind"] == "human" and not s["claimed"] and int(s["seat"]) not in reserved]
            if not free:
                raise Conflict("server.no_free_seat")
            return free[0]
        if not 0 <= seat < len(seat_rows):
            raise Unprocessable("server.bad_seat", args={"last": len(seat_rows) - 1})
        row = seat_rows[seat]
        if row["kind"] != "human":
            raise Conflict("server.seat_is_bot", args={"number": seat})
        if row["claimed"]:
            raise Conflict("server.seat_taken", args={"number": seat})
        if seat in reserved:
            raise Conflict("server.seat_reserved", args={"number": seat})
        return seat

    def _announce(self, gid: str, invitee_id: int) -> None:
        if self.on_invited is None:
            return
        try:
            result = self.on_invited(gid, invitee_id)
        except Exception:  # a notice that fails never undoes the invite
            log.exception("on_invited failed for game %s", gid)
            return
        if inspect.isawaitable(result):
            self.runtime.spawn(self._finish_notice(result, gid))

    @staticmethod
    async def _finish_notice(pending: Awaitable[Any], gid: str) -> None:
        try:
            await pending
        except Exception:
            log.exception("on_invited failed for game %s", gid)

    # ------------------------------------------------------------------ answering
    async def _pending(self, invite_id: int, user: SignedIn, role: str) -> Row:
        """The invite ``invite_id`` if ``user`` is its ``role`` (``invitee_id`` or ``inviter_id``) and it
        still holds its seat; else NotFound (another account's invite is not told apart from none)."""
        now = self.runtime.clock()
        row = await self.store.read(invite_store.get, int(invite_id))
        if row is None or row[role] != user.user_id:
            raise NotFound("server.invite_unknown")
        if row["status"] != invite_store.PENDING or row["expires_at"] <= now:
            raise Conflict("server.invite_closed")
        return row

    async def accept(self, invite_id: int, user: SignedIn) -> Row:
        """The invitee takes the reserved seat (a join with their account): ``{id, seat, token}``."""
        row = await self._pending(invite_id, user, "invitee_id")
        return await self.games.join(row["game_id"], int(row["seat"]), None, None, user=user)

    async def decline(self, invite_id: int, user: SignedIn) -> Row:
        """The invitee says no: the seat is free again."""
        return await self._close(await self._pending(invite_id, user, "invitee_id"), "declined")

    async def withdraw(self, invite_id: int, user: SignedIn) -> Row:
        """The inviter takes the invite back: the seat is free again."""
        return await self._close(await self._pending(invite_id, user, "inviter_id"), "withdrawn")

    async def _close(self, row: Row, status: str) -> Row:
        now = self.runtime.clock()
        if not await self.store.write(partial(invite_store.answer, invite_id=int(row["id"]), status=status, now=now)):
            raise Conflict("server.invite_closed")
        return {"id": int(row["id"]), "game_id": row["game_id"], "seat": int(row["seat"]), "status": status}

    # ------------------------------------------------------------------ reading
    async def opponents(self, user: SignedIn) -> list[str]:
        return await self.store.read(invite_store.recent_opponents, user.user_id, OPPONENTS_LIMIT)

    async def waiting(self, user: SignedIn) -> dict[str, Any]:
        """The account's "Waiting for you": ``games`` where its seat is due (a turn-based game's deadline
        first, then the longest waiting), each with ``since`` (when it became due, wall time) and
        ``deadline``; ``invites`` pending for it (newest first); ``count`` of both."""
        now = self.runtime.clock()
        rows = await self.store.read(invite_store.seats_in_play, user.user_id, WAITING_LIMIT)
        due = [entry for entry in [await self._due(r) for r in rows] if entry is not None]
        due.sort(key=lambda e: (e["deadline"] is None, e["deadline"] or 0.0, e["since"] or 0.0))
        pending = await self.store.read(invite_store.pending_for, user.user_id, now, INVITES_SHOWN)
        invites = [{"id": int(p["id"]), "game_id": p["game_id"], "game": p["game"], "name": p["title"],
                    "seat": int(p["seat"]), "players": int(p["players"]), "inviter": p["inviter"],
                    "pace": p["pace"] or turn_clock.REALTIME, "move_seconds": p["move_seconds"],
                    "rated": bool(p["rated"]), "created_at": p["created_at"], "expires_at": p["expires_at"]}
                   for p in pending]
        return {"games": due, "invites": invites, "count": len(due) + len(invites)}

    async def _due(self, r: Row) -> Row | None:
        """A seat's entry if it is due: a turn-based game's by its stored deadline (nothing loaded); a
        real-time game's by the game's position (loaded if need be); a referee game's never (the table
        plays at one device)."""
        seat = int(r["seat"])
        deadline, since = None, r["last_move"] or r["updated_at"]
        if r["pace"] == turn_clock.TURNS:
            if r["deadline"] is None:
                return None
            deadline = float(r["deadline"])
            since = deadline - int(r["move_seconds"] or 0)
        elif r["chance"] == "manual":
            return None
        else:
            try:
                g = await self.cache.get(r["id"])
            except Exception:  # a game that cannot be loaded is not waiting for anyone
                return None
            if g.status != "active" or g.bot_plays(seat) or seat not in g.state.to_move():
                return None
        return {"id": r["id"], "game": r["game"], "name": r["name"], "seat": seat, "players": int(r["players"]),
                "pace": r["pace"] or turn_clock.REALTIME, "move_seconds": r["move_seconds"],
                "rated": bool(r["rated"]), "since": since, "deadline": deadline}
