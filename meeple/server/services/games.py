"""Games and their seats: creating a game, taking a seat (a seat token, or a signed-in account's seat),
who a token or an account is at a game, a person away or back (a bot plays meanwhile), and the
creator cancelling a game that has not started.

>>> made = await games.create(game="cube-europe", players=2, options={}, seats=None, join=0, ...)
>>> seat = await games.seat_for(g, made["token"])
"""

from __future__ import annotations

import hmac
import json
import secrets
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import meeple
from meeple.core import UnknownGame
from meeple.core import i18n
from meeple.core.i18n import DEFAULT_LANGUAGE
from meeple.server import db, invite_store, turn_clock
from meeple.server.accounts import SignedIn
from meeple.server.errors import BadRequest, Conflict, Forbidden, TooMany, Unauthorized, Unavailable, Unprocessable
from meeple.server.live_game import LiveGame, check_playing, hash_secret, new_secret
from meeple.server.quota import Quota
from meeple.server.services.bots import Bots
from meeple.server.services.game_log import log_closed, log_game
from meeple.server.services.live_cache import LiveCache
from meeple.server.services.runtime import Runtime
from meeple.server.services.sync import Sync
from meeple.server.services.watchers import Watchers
from meeple.server.store import Store
from meeple.server.views import shown_name

Row = dict[str, Any]


class ClosedMeanwhile(Exception):
    """Inside a write: the game's stored status says another request or process closed it first."""


def rated_by_default(seats: list[Row], join: int | None, user: SignedIn | None, referee: bool) -> bool:
    """Whether a new game is rated when its creator does not say: a signed-in creator playing against
    bots only (every person's seat signed in), outside a referee game."""
    humans = [i for i, s in enumerate(seats) if s["kind"] == "human"]
    return user is not None and not referee and len(seats) >= 2 and humans == [join]


def check_rated(rated: bool | None, seats: list[Row], join: int | None, user: SignedIn | None,
                referee: bool) -> bool:
    """The ``rated`` of a new game (``rated_by_default`` when None), or Unprocessable saying why it
    cannot be: a rated game needs two seats or more, a signed-in creator in a seat, and real dice
    (not a referee game)."""
    if rated is None:
        return rated_by_default(seats, join, user, referee)
    if rated:
        if len(seats) < 2:
            raise Unprocessable("server.rated_solo")
        if referee:
            raise Unprocessable("server.rated_referee")
        if user is None or join is None:
            raise Unprocessable("server.rated_create_needs_account")
    return bool(rated)


def summary(row: Row, seat_rows: list[Row], lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """A game's public facts (the lobby's entry, ``/api/games/{id}``): no seed, no token, nothing hidden."""
    info = meeple.games().get(row["game"])
    return {
        "id": row["id"], "game": row["game"], "game_name": info.name if info else row["game"],
        "name": row["name"], "players": row["players"], "options": json.loads(row["options"]),
        "status": row["status"], "private": bool(row["private"]), "turn_timeout": row["turn_timeout"],
        "created_at": row["created_at"], "updated_at": row["updated_at"], "finished_at": row["finished_at"],
        "creator_seat": row.get("creator_seat"), "referee": row.get("chance") == "manual",
        "rated": bool(row.get("rated")), "hints": int(row.get("hints") or 0),
        "pace": row.get("pace") or turn_clock.REALTIME, "move_seconds": row.get("move_seconds"),
        "seats": [
            {"seat": s["seat"], "kind": s["kind"], "level": s["level"], "name": shown_name(s, lang),
             "account": s.get("user_id") is not None,
             "claimed": bool(s["claimed"]) if s["kind"] == "human" else True, "away": bool(s["away"]),
             "deadline": s.get("deadline"), "misses": int(s.get("misses") or 0)}
            for s in seat_rows
        ],
    }


def new_seat_rows(gid: str, seats: list[Row], join: int | None, token: str | None, user: SignedIn | None,
                  player_name: str | None) -> tuple[list[Row], dict[int, str]]:
    """A new game's seat rows, the creator in seat ``join`` (with ``token``), and the invite code of
    every other person's seat."""
    invites: dict[int, str] = {}
    seat_rows = []
    for i, s in enumerate(seats):
        row = {
            "game_id": gid, "seat": i, "kind": s["kind"], "level": s["level"],
            "name": None, "token_hash": None, "invite_hash": None, "claimed": s["kind"] == "bot", "away": False,
            "user_id": None, "left_game": False, "bot_moves": 0, "deadline": None, "misses": 0,
        }
        if i == join:
            row.update(claimed=True, token_hash=hash_secret(token), name=user.name if user else player_name,  # type: ignore[arg-type]
                       user_id=user.user_id if user else None)
        elif s["kind"] == "human":
            code = new_secret()
            invites[i] = code
            row["invite_hash"] = hash_secret(code)
        seat_rows.append(row)
    return seat_rows, invites


def open_or_active(seat_rows: list[Row], taking: int | None = None) -> str:
    """``open`` while a person's seat is free (besides ``taking``, being taken now), else ``active``."""
    free = any(s["kind"] == "human" and not s["claimed"] and s["seat"] != taking for s in seat_rows)
    return "open" if free else "active"


class Games:
    def __init__(self, runtime: Runtime, store: Store, cache: LiveCache, sync: Sync, watchers: Watchers,
                 bots: Bots) -> None:
        self.runtime, self.store, self.cache, self.sync, self.watchers, self.bots = (
            runtime, store, cache, sync, watchers, bots)
        self.settings = runtime.settings
        self.creations = Quota(self.settings.create_rate, self.settings.create_burst)  # per client address
        self.on_turn: Callable[[LiveGame, list[int]], None] | None = None
        """Told the seats whose clock starts when the last seat is taken (``Notices.turns_passed``)."""

    # ------------------------------------------------------------------ creating
    async def create(self, *, game: str, players: int | None, options: dict[str, Any], seats: list[Row] | None,
                     join: int | None, name: str | None, private: bool, turn_timeout: float | None,
                     fallback_level: str, player_name: str | None, client: str | None = None,
                     referee: bool = False, user: SignedIn | None = None, rated: bool | None = None,
                     pace: str | None = None, move_seconds: int | None = None) -> dict[str, Any]:
        """A new game (``client``: the creator's address, which the creation rate limit counts;
        ``referee``: the people at a real table enter every die roll and card draw; ``user``: the creator
        is signed in: their seat is their account's, under their account's name; ``rated``: whether the
        game counts for the ratings, fixed now for good (``rated_by_default`` when None); ``pace``:
        ``realtime`` (the default) or ``turns``, ``move_seconds`` per decision (``turn_clock``))."""
        pace, move_seconds = turn_clock.check_pace(pace, move_seconds, turn_timeout, referee)
        try:
            rules = meeple.load(game, players=players, **options)
        except UnknownGame as exc:
            raise BadRequest.of(exc) from None
        seats = self._checked_seats(rules, seats, fallback_level)
        self._check_room(client)
        humans = [i for i, s in enumerate(seats) if s["kind"] == "human"]
        if join is None:
            join = humans[0] if humans else None
        elif join not in humans:
            raise BadRequest("server.not_human_seat", args={"seat": join, "humans": ", ".join(map(str, humans))})
        rated = check_rated(rated, seats, join, user, referee)
        seed = secrets.randbits(52)
        chance = "manual" if referee else None
        state = rules.new_game(seed=seed, chance=chance or "auto")  # fails now rather than at first view
        gid = secrets.token_urlsafe(9)
        now = time.time()
        token = new_secret() if join is not None else None
        seat_rows, invites = new_seat_rows(gid, seats, join, token, user, player_name)
        if move_seconds is not None:  # turn-based, with every seat taken at once: the clock starts now
            until = self.runtime.clock() + move_seconds
            for i, deadline in turn_clock.deadline_changes(state, seat_rows, until).items():
                seat_rows[i]["deadline"] = deadline
        game_row = {
            "id": gid, "game": rules.id, "players": rules.players, "options": json.dumps(rules.options, sort_keys=True),
            "seed": seed, "status": open_or_active(seat_rows), "private": private, "turn_timeout": turn_timeout,
            "name": name, "created_at": now, "updated_at": now, "finished_at": None,
            "seen_at": now, "creator_seat": join, "chance": chance, "rated": rated,
            "pace": pace, "move_seconds": move_seconds,
        }
        await self.store.write(partial(db.insert_game, row=game_row, seat_rows=seat_rows))
        # in memory at once: the stored game is exactly this new state (its seed, no events yet)
        g = LiveGame(id=gid, row=dict(game_row), seats=[dict(r) for r in seat_rows], state=state, seq=0, moves=[],
                     seen=now, seen_stored=now)
        self.cache.hold(g)
        self.watchers.changed(g)
        log_game("started", g)
        return {
            "id": gid, "game": rules.id, "players": rules.players, "seat": join, "token": token,
            "invites": [{"seat": i, "code": c} for i, c in invites.items()],
        }

    def _checked_seats(self, rules: meeple.core.Game, seats: list[Row] | None, fallback_level: str) -> list[Row]:
        """A new game's seats as asked for (all people by default), each with its bot level checked."""
        n = rules.players
        if seats is None:
            seats = [{"kind": "human"} for _ in range(n)]
        if len(seats) != n:
            raise BadRequest("server.seat_count", args={"title": i18n.title(rules.id, rules.info.name), "n": n,
                                                        "given": len(seats)})
        fallback_level = self.bots.check_level(fallback_level, rules.id)
        return [{**s, "level": self.bots.check_level(s["level"], rules.id) if s.get("level") is not None
                 else fallback_level} for s in seats]

    def _check_room(self, client: str | None) -> None:
        """TooMany past the creator's address's rate; Unavailable when no more games fit in memory."""
        if client is not None:
            wait = self.creations.take(client)
            if wait:
                raise TooMany("server.too_many_games", args={"burst": f"{self.settings.create_burst:g}",
                                                             "every": f"{1 / self.settings.create_rate:g}",
                                                             "wait": f"{wait:.0f}"}, retry_after=wait)
        if not self.cache.make_room():
            raise Unavailable("server.full", args={"limit": self.settings.max_live_games}, retry_after=60)

    # ------------------------------------------------------------------ seats
    async def join(self, gid: str, seat: int | None, invite: str | None, name: str | None,
                   user: SignedIn | None = None) -> dict[str, Any]:
        """Take a free seat (``user``: a signed-in player, whose account then holds it under its name). A
        seat an invite by name reserves is only its invitee's (``services.invites``)."""
        g = await self.cache.get(gid)
        reserved = await self.store.read(invite_store.reserved_seats, gid, self.runtime.clock())
        async with g.lock:
            check_playing(g)
            if user is not None:
                name = user.name
                if g.seat_of(user) is not None:
                    raise Conflict("server.account_seated", args={"number": g.seat_of(user)})
            elif g.row.get("rated"):
                raise Forbidden("server.rated_join_needs_account")  # a guest's seat could not be rated
            seat = self._free_seat(g, seat, invite, reserved, user.user_id if user else None)
            token = new_secret()
            h = hash_secret(token)
            new_status = open_or_active(g.seats, taking=seat)
            deadlines = await self._claim_seat(g, seat, h, name, user, new_status)
            g.seats[seat].update(claimed=True, token_hash=h, invite_hash=None, name=name,
                                 user_id=user.user_id if user else None)
            for row in deadlines:  # a turn-based game's last seat taken: the clock starts
                g.seats[row["seat"]]["deadline"] = row["deadline"]
            g.seats_changed()
            g.row["status"] = new_status
            if self.on_turn is not None:  # "your turn" to those due, but the player who just sat down
                self.on_turn(g, [int(r["seat"]) for r in deadlines if r.get("deadline") is not None and r["seat"] != seat])
        self.watchers.changed(g)
        return {"id": gid, "seat": seat, "token": token}

    @staticmethod
    def _free_seat(g: LiveGame, seat: int | None, invite: str | None, reserved: dict[int, int] | None = None,
                   user_id: int | None = None) -> int:
        """The seat a join takes: the one asked for, else the invite's, else the first free one; refused
        unless it is a person's free seat that this invite (or, in a public game, anyone) may take, and
        that no invite by name reserves for another account (``reserved``: seat → invitee)."""
        reserved = reserved or {}
        mine = {s for s, uid in reserved.items() if uid == user_id}
        if seat is None:
            free = sorted((s["seat"] for s in g.seats if s["kind"] == "human" and not s["claimed"]
                           and reserved.get(s["seat"], user_id) == user_id), key=lambda s: s not in mine)
            if invite:
                h = hash_secret(invite)
                free = [s["seat"] for s in g.seats if s["invite_hash"] and hmac.compare_digest(s["invite_hash"], h)]
            if not free:
                raise Conflict("server.no_free_seat")
            seat = free[0]
        if not 0 <= seat < len(g.seats):
            raise BadRequest("server.bad_seat", args={"last": len(g.seats) - 1})
        row = g.seats[seat]
        if row["kind"] != "human":
            raise Conflict("server.seat_is_bot", args={"number": seat})
        if row["claimed"]:
            raise Conflict("server.seat_taken", args={"number": seat})
        if reserved.get(seat, user_id) != user_id:
            raise Conflict("server.seat_reserved", args={"number": seat})
        if seat in mine:  # the invitee takes the seat reserved for them (a private game's too)
            return seat
        if invite is not None:
            if not row["invite_hash"] or not hmac.compare_digest(row["invite_hash"], hash_secret(invite)):
                raise Forbidden("server.bad_invite")
        elif g.row["private"]:
            raise Forbidden("server.private_game")
        return seat

    async def _claim_seat(self, g: LiveGame, seat: int, token_hash: str, name: str | None, user: SignedIn | None,
                          new_status: str) -> list[Row]:
        """Store the seat as taken (caller holds ``g.lock``); Conflict if another request or process took
        it first, or closed the game meanwhile (then the game is caught up from the database). The seat
        rows as stored (with a turn-based game's deadlines, which start once every seat is taken)."""
        now = self.runtime.clock()

        def job(conn: Any) -> str | list[Row]:
            uid = user.user_id if user else None
            if invite_store.reserved_seats(conn, g.id, now).get(seat, uid) != uid:
                return "reserved"  # an invite by name reserved it meanwhile
            if not db.claim_seat(conn, g.id, seat, token_hash, name, uid):
                return "taken"
            if uid is not None:
                invite_store.accept_seat(conn, g.id, seat, uid, now)
            if not db.set_status_if(conn, g.id, new_status):  # cancelled or abandoned meanwhile:
                raise ClosedMeanwhile  # the claim is rolled back with the transaction
            self.sync.notify_in(conn, g.id)
            if turn_clock.is_turn_based(g.row):
                return turn_clock.write_deadlines(conn, g.id, g.state, int(g.row["move_seconds"]), now)
            return []

        try:
            refused = await self.store.write(job)
        except ClosedMeanwhile:
            refused = "closed"
        if isinstance(refused, list):
            self.sync.announce(g.id, rows=True)
            return refused
        await self.cache.reload(g)  # taken or closed by another request or process first
        if refused == "closed" or g.closed:
            self.cache.drop(g)
            check_playing(g)
        if refused == "reserved":
            raise Conflict("server.seat_reserved", args={"number": seat})
        raise Conflict("server.seat_just_taken", args={"number": seat})

    async def seat_for(self, g: LiveGame, token: str | SignedIn | None) -> int:
        """The seat of a seat token or a signed-in account at ``g``; Unauthorized or Forbidden if none."""
        if not token:
            raise Unauthorized("server.needs_token")
        seat = g.seat_of(token)
        if seat is None:  # claimed through another server process a moment ago?
            async with g.lock:
                g.seats = await self.store.seat_rows(g.id)
                g.seats_changed()
            seat = g.seat_of(token)
            if seat is None and isinstance(token, SignedIn):
                raise Forbidden("server.account_not_seated")
            if seat is None:
                raise Unauthorized("server.bad_token")
        g.seen = self.runtime.clock()  # a person asked: the game is not abandoned
        return seat

    async def set_away(self, g: LiveGame, seat: int, away: bool, left: bool = False) -> None:
        """A bot plays the person's seat (``away``) or the person again; ``left``: the person chose to
        leave (``/leave``), which a rated game remembers: it ranks them last (``ratings.forfeits``). In a
        turn-based game a person back starts a new run of misses, with a full time if they are due."""
        async with g.lock:
            check_playing(g)
            row = g.seats[seat]
            if row["kind"] != "human":
                raise Conflict("server.bot_seat_fixed")
            changes: dict[str, Any] = {}
            if bool(row["away"]) != away:
                changes["away"] = away
            if away and left and not row.get("left_game"):
                changes["left_game"] = True
            if not changes:
                return
            turns = turn_clock.is_turn_based(g.row)
            if turns and not away:
                changes["misses"] = 0
            now = self.runtime.clock()

            def job(conn: Any) -> list[Row] | None:
                db.update_seat(conn, g.id, seat, **changes)
                self.sync.notify_in(conn, g.id)
                if turns:
                    return turn_clock.write_deadlines(conn, g.id, g.state, int(g.row["move_seconds"]), now, fresh=seat)
                return None

            seat_rows = await self.store.write(job)
            self.sync.announce(g.id, rows=True)
            row.update(changes)
            if seat_rows is not None:
                g.seats = seat_rows
            g.seats_changed()
            g.waiting_since[seat] = time.monotonic()
        self.watchers.changed(g)

    # ------------------------------------------------------------------ closing
    async def cancel(self, gid: str, token: str | SignedIn | None) -> dict[str, Any]:
        """The creator (the token they got at creation) cancels a game that has not started: a human seat
        still open and no move made. Anyone else is Unauthorized or Forbidden, a started or closed game
        a Conflict; nothing changes then."""
        g = await self.cache.get(gid)
        seat = await self.seat_for(g, token)
        async with g.lock:
            check_playing(g)
            creator = g.row.get("creator_seat")
            if creator is None or seat != creator:
                raise Forbidden("server.cancel_not_creator")
            if g.seq != 0 or g.status != "open":
                raise Conflict("server.cancel_started", seq=g.seq)
            now = time.time()

            def job(conn: Any) -> bool:
                ok = db.cancel_game(conn, gid, now)
                if ok:
                    self.sync.notify_in(conn, gid)
                return ok

            if not await self.store.write(job):  # another process let someone join or move first
                await self.cache.reload(g)
                self.watchers.changed(g)
                raise Conflict("server.cancel_started", seq=g.seq)
            self.sync.announce(gid, rows=True)
            self.close_here(g, "cancelled", now)
        return {"id": gid, "status": "cancelled"}

    def close_here(self, g: LiveGame, status: str, now: float) -> None:
        """``g`` was closed as ``status`` (stored already): its watchers get its last view, and it leaves
        memory."""
        g.row.update(status=status, finished_at=now, updated_at=now)
        self.watchers.changed(g)
        self.cache.drop(g)
        log_closed(status, g.id)
