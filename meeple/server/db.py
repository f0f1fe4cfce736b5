"""Storage: a game row, its seats and its log of events, the accounts' tables, and the statements on them.

A game's state is never stored: it is the replay of the game's seed and its events (moves and
undos, numbered 1, 2, 3… per game). The primary key ``(game_id, seq)`` is what makes optimistic
concurrency work across processes: two writers of the same sequence number cannot both commit.
"""

from __future__ import annotations

import json
import logging
import time
from typing import Any

from sqlalchemy import (
    BigInteger, Boolean, Column, Float, ForeignKey, Index, Integer, MetaData, String, Table, Text,
    false, func, or_, select, text,
)
from sqlalchemy.engine import Connection, Engine

# The SQLite file (its path, the check at start, the checkpoints) is in ``sqlite_file``; named here too.
from meeple.server.sqlite_file import (  # noqa: F401
    SQLITE_HEADER, Checkpointer, DatabaseFileError, check_database, check_sqlite_file, sqlite_path,
)

log = logging.getLogger("meeple.server")

metadata = MetaData()

games = Table(
    "games", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", Text, nullable=False),          # JSON object
    Column("seed", BigInteger, nullable=False),
    Column("status", String(16), nullable=False),     # open | active | finished | abandoned | cancelled
    Column("private", Boolean, nullable=False, default=False),
    Column("turn_timeout", Float, nullable=True),     # seconds; None = no timeout
    Column("name", String(80), nullable=True),
    Column("created_at", Float, nullable=False),      # Unix seconds
    Column("updated_at", Float, nullable=False),
    Column("finished_at", Float, nullable=True),      # also when it was abandoned or cancelled
    Column("seen_at", Float, nullable=True),          # a person last connected or asked (None: see updated_at)
    Column("creator_seat", Integer, nullable=True),   # the seat whose token created it (may cancel it)
    Column("chance", String(8), nullable=True),       # "manual": a referee game (the table enters chance)
    Column("hints", Integer, nullable=True),          # hints the coach gave in this game (NULL: none)
    Column("rated", Boolean, nullable=False, default=False, server_default=false()),  # chosen at creation, never changed
    Column("pace", String(8), nullable=False, default="realtime", server_default="realtime"),  # realtime | turns
    Column("move_seconds", Integer, nullable=True),   # a turn-based game's time per decision (seconds)
    Index("ix_games_status_updated", "status", "updated_at"),
    Index("ix_games_lobby", "status", "private", "updated_at"),  # the lobby: newest public games of a status
)

seats = Table(
    "seats", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),        # human | bot
    Column("level", String(32), nullable=False),      # bot level; for a human seat, who replaces them
    Column("name", String(40), nullable=True),
    Column("token_hash", String(64), nullable=True, unique=True),
    Column("invite_hash", String(64), nullable=True),
    Column("claimed", Boolean, nullable=False, default=False),
    Column("away", Boolean, nullable=False, default=False),  # a bot plays for the absent person
    Column("user_id", Integer, ForeignKey("users.id", ondelete="SET NULL"), nullable=True),  # a signed-in player's seat
    Column("left_game", Boolean, nullable=False, default=False, server_default=false()),  # the person left (/leave)
    Column("bot_moves", Integer, nullable=False, default=0, server_default="0"),  # a rated game's, played by the bot
    Column("deadline", Float, nullable=True),         # turn-based: wall time the person due must move by
    Column("misses", Integer, nullable=False, default=0, server_default="0"),  # turn-based: timeouts in a row
    Index("ix_seats_user", "user_id"),
    Index("ix_seats_deadline", "deadline"),
)

users = Table(
    "users", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(24), nullable=False),            # as typed (None once deleted: see deleted_at)
    Column("name_key", String(24), nullable=False, unique=True),  # casefolded: names are unique ignoring case
    Column("name_skeleton", Text, nullable=True),          # confusable.name_skeletons: of the name as written…
    Column("caps_skeleton", Text, nullable=True),          # …and in capitals: no two names look alike
    Column("password_hash", String(200), nullable=True),   # Argon2id (argon2-cffi); NULL once deleted
    Column("created_at", Float, nullable=False),
    Column("deleted_at", Float, nullable=True),            # the name then shows as "deleted player"
    Index("ix_users_name_skeleton", "name_skeleton", unique=True),
    Index("ix_users_caps_skeleton", "caps_skeleton", unique=True),
)

sessions = Table(
    "sessions", metadata,
    Column("token_hash", String(64), primary_key=True),    # sha-256 of the session cookie's secret
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
    Column("csrf", String(64), nullable=False),            # the CSRF token this session's requests must echo
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
    Index("ix_sessions_user", "user_id"),
)

ratings = Table(
    "ratings", metadata,
    Column("participant", String(40), primary_key=True),   # "user:<id>" or "bot:<level>"
    Column("game", String(64), primary_key=True),
    Column("band", String(8), primary_key=True),           # "2p" (two players) | "3p+" (three or more)
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False, default=0),
    Column("updated_at", Float, nullable=False),
    Index("ix_ratings_board", "game", "band", "mu"),
)

rating_changes = Table(
    "rating_changes", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("participant", String(40), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("band", String(8), nullable=False),
    Column("seat", Integer, nullable=False),
    Column("rank", Integer, nullable=False),                # 1 = first, after the rulebook's tie-breaks
    Column("mu_before", Float, nullable=False),
    Column("sigma_before", Float, nullable=False),
    Column("mu_after", Float, nullable=False),
    Column("sigma_after", Float, nullable=False),
    Column("at", Float, nullable=False),
    Column("forfeit", String(8), nullable=True),            # ranked last: "left" the game, or its "bot" played most of it
    Index("ix_rating_changes_participant", "participant", "at"),
)

events = Table(
    "events", metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("kind", String(8), nullable=False),        # move | undo
    Column("action", Text, nullable=True),            # the action's JSON for a move
    Column("created_at", Float, nullable=False),
)

# E-mail notices (docs/server.md, E-mail notices; migration 0012). The address is in ``user_emails``
# only: never in a view, a log line or another player's answer; the other tables keep its SHA-256.
user_emails = Table(
    "user_emails", metadata,
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
    Column("address", String(254), nullable=False),         # as given (the domain in lower case)
    Column("address_hash", String(64), nullable=False),     # sha-256 of the lower-cased address
    Column("verified", Boolean, nullable=False, default=False, server_default=false()),
    Column("notices", Boolean, nullable=False, default=False, server_default=false()),  # opted in: "your turn"
    Column("lang", String(8), nullable=False, default="en", server_default="en"),  # the mail's language
    Column("verify_hash", String(64), nullable=True, unique=True),  # sha-256 of the live verification token
    Column("verify_expires", Float, nullable=True),
    Column("verify_sent_at", Float, nullable=True),         # the last verification mail to this address
    Column("unsubscribe_token", String(64), nullable=False, unique=True),  # only ever turns notices off
    Column("updated_at", Float, nullable=False),
)

email_verifications = Table(
    "email_verifications", metadata,                        # every verification mail sent: the bounds
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
    Column("address_hash", String(64), nullable=False),
    Column("sent_at", Float, nullable=False),
    Index("ix_email_verifications_address", "address_hash", "sent_at"),
    Index("ix_email_verifications_user", "user_id", "sent_at"),
)

email_notices = Table(
    "email_notices", metadata,                              # the last notice per account and game: batching
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("kind", String(8), nullable=False),              # turn | invite
    Column("sent_at", Float, nullable=False),
)

invites = Table(  # invites by name (issue 40; migration 0013): an account asked to take a game's free seat
    "invites", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    Column("seat", Integer, nullable=False),             # the seat it reserves while pending
    Column("inviter_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
    Column("invitee_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
    Column("status", String(12), nullable=False),        # pending | accepted | declined | withdrawn
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),         # pending past this: expired (the seat is free)
    Column("answered_at", Float, nullable=True),
    Index("ix_invites_invitee", "invitee_id", "status"),
    Index("ix_invites_inviter", "inviter_id", "created_at"),
    Index("ix_invites_game", "game_id", "seat"),
)

# The engine and the migrations at start are in ``engine``; named here too.
from meeple.server.engine import (  # noqa: E402,F401
    MIGRATIONS, make_engine, migrate, pg_options, sqlite_synchronous,
)


# ---------------------------------------------------------------------------- writes (in a transaction)
# Game creation, joining and the end of a game write with plain SQL strings made once per statement
# shape (``_sql``): SQLAlchemy's statement building, cache-key generation and compilation had cost more
# than the database work (7 % of the server's CPU under the load benchmark, games being replaced).

_SQL_CACHE: dict[tuple[Any, ...], str] = {}


def _mark(conn: Connection, name: str) -> str:
    """A named parameter in the driver's own style (sqlite3 ``:name``, psycopg ``%(name)s``)."""
    return f"%({name})s" if conn.dialect.name == "postgresql" else f":{name}"


def _sql(conn: Connection, key: tuple[Any, ...], build: Any) -> str:
    """The SQL text for ``key``, made by ``build(mark, quote)`` on first use for this dialect."""
    full = (conn.dialect.name, *key)
    sql = _SQL_CACHE.get(full)
    if sql is None:
        quote = conn.dialect.identifier_preparer.quote
        sql = _SQL_CACHE[full] = build(lambda name: _mark(conn, name), quote)
    return sql


def _insert_sql(table: Table, names: tuple[str, ...], rows: int | None = None) -> Any:
    """``INSERT INTO table (names…) VALUES (:name, …)``, or with ``rows`` that many rows whose
    parameters are named ``<name>_<row>`` (a builder for ``_sql``)."""

    def build(m: Any, q: Any) -> str:
        for name in names:
            table.c[name]  # noqa: B018 - KeyError for a column the table does not have
        if rows is None:
            values = f"({', '.join(m(n) for n in names)})"
        else:
            values = ", ".join(f"({', '.join(m(f'{n}_{i}') for n in names)})" for i in range(rows))
        return f"INSERT INTO {q(table.name)} ({', '.join(q(n) for n in names)}) VALUES {values}"
    return build


def insert_game(conn: Connection, row: dict[str, Any], seat_rows: list[dict[str, Any]]) -> None:
    names = tuple(row)
    conn.exec_driver_sql(_sql(conn, ("insert", "games", names), _insert_sql(games, names)), row)
    if seat_rows:  # one statement with a row per seat (psycopg's executemany is a pipeline: slower)
        seat_names = tuple(seat_rows[0])
        n = len(seat_rows)
        params = {f"{k}_{i}": r[k] for i, r in enumerate(seat_rows) for k in seat_names}
        conn.exec_driver_sql(_sql(conn, ("insert", "seats", seat_names, n), _insert_sql(seats, seat_names, n)), params)


def insert_event(conn: Connection, game_id: str, seq: int, seat: int, kind: str,
                 action: dict[str, Any] | None) -> None:
    conn.execute(events.insert().values(
        game_id=game_id, seq=seq, seat=seat, kind=kind,
        action=None if action is None else json.dumps(action, separators=(",", ":")),
        created_at=time.time(),
    ))


def _update_sql(table: Table, names: tuple[str, ...], where: tuple[str, ...], extra: str = "") -> Any:
    """``UPDATE table SET n = :n, … WHERE w = :w_w AND …`` + ``extra`` (a builder for ``_sql``)."""

    def build(m: Any, q: Any) -> str:
        for name in (*names, *where):
            table.c[name]  # noqa: B018 - KeyError for a column the table does not have
        sets = ", ".join(f"{q(n)} = {m(n)}" for n in names)
        conds = " AND ".join(f"{q(w)} = {m('w_' + w)}" for w in where)
        return f"UPDATE {q(table.name)} SET {sets} WHERE {conds}{extra}"
    return build


def update_game(conn: Connection, game_id: str, **values: Any) -> None:
    values.setdefault("updated_at", time.time())
    names = tuple(sorted(values))
    conn.exec_driver_sql(_sql(conn, ("update", "games", names), _update_sql(games, names, ("id",))),
                         {**values, "w_id": game_id})


PLAYING = ("open", "active")
"""The statuses of a game that is not over: a move, a join, a leave is possible."""
CLOSED = ("abandoned", "cancelled")
TURNS = "turns"
"""``games.pace`` of a turn-based game (else ``realtime``): a time per move, kept in ``seats.deadline``."""
"""The statuses of a game closed before its end: nobody came back for it, or its creator cancelled it."""


def set_status_if(conn: Connection, game_id: str, status: str, *, playing: tuple[str, ...] = PLAYING,
                  **values: Any) -> bool:
    """Set the game's ``status`` (and ``values``) only while its stored status is one of ``playing``: False
    when another request or process closed (or finished) it first, and nothing changed."""
    values = {"status": status, "updated_at": time.time(), **values}
    stmt = games.update().where(games.c.id == game_id, games.c.status.in_(playing)).values(**values)
    return conn.execute(stmt).rowcount == 1


def cancel_game(conn: Connection, game_id: str, now: float) -> bool:
    """Close the game as ``cancelled`` only while it is open and has no event at all (not started),
    atomically: False, and nothing changed, when a move, an undo or a join came first."""
    started = select(events.c.seq).where(events.c.game_id == game_id).exists()
    stmt = games.update().where(games.c.id == game_id, games.c.status == "open", ~started).values(
        status="cancelled", updated_at=now, finished_at=now)
    return conn.execute(stmt).rowcount == 1


def store_seen(conn: Connection, seen: dict[str, float]) -> None:
    """When a person was last seen at each of these games (only ever moved forward)."""
    for game_id, at in seen.items():
        conn.execute(games.update().where(games.c.id == game_id,
                                          func.coalesce(games.c.seen_at, 0.0) < at).values(seen_at=at))


def abandon_unseen(conn: Connection, cutoff: float, now: float, limit: int) -> list[str]:
    """Close as ``abandoned`` up to ``limit`` open or active games in which no person was seen since
    ``cutoff`` (``seen_at``, else ``updated_at`` for rows older than that column); their ids. Each
    update repeats the condition, so a game another process saw a person in meanwhile stays. A rated
    game under way is never abandoned (that would void it): ``forfeit_unseen`` hands it to the bots. A
    turn-based game (``pace`` ``turns``) is never abandoned either: its people come back in days, and
    its clock (``seats.deadline``) plays for whoever does not."""
    seen = func.coalesce(games.c.seen_at, games.c.updated_at)
    stale = (games.c.status.in_(PLAYING), seen < cutoff, games.c.pace != TURNS,
             or_(games.c.rated == false(), games.c.status != "active"))
    ids = [r[0] for r in conn.execute(select(games.c.id).where(*stale).order_by(seen).limit(limit))]
    closed = []
    for game_id in ids:
        res = conn.execute(games.update().where(games.c.id == game_id, *stale).values(
            status="abandoned", updated_at=now, finished_at=now))
        if res.rowcount == 1:
            closed.append(game_id)
    return closed


def forfeit_unseen(conn: Connection, cutoff: float, now: float, limit: int) -> list[str]:
    """Up to ``limit`` rated games under way in which no person was seen since ``cutoff``: every person
    still seated there has left (``away`` and ``left_game``: their bots finish the game, and the rating
    ranks them last), and the game counts as seen ``now`` (handed over once); their ids. Turn-based
    games are left alone: their clock hands a seat to its bot after missed turns."""
    seen = func.coalesce(games.c.seen_at, games.c.updated_at)
    stale = (games.c.status == "active", games.c.rated.is_(True), seen < cutoff, games.c.pace != TURNS)
    ids = [r[0] for r in conn.execute(select(games.c.id).where(*stale).order_by(seen).limit(limit))]
    handed = []
    for game_id in ids:
        if conn.execute(games.update().where(games.c.id == game_id, *stale).values(seen_at=now)).rowcount != 1:
            continue
        conn.execute(seats.update().where(seats.c.game_id == game_id, seats.c.kind == "human",
                                          seats.c.left_game.is_(False)).values(away=True, left_game=True))
        handed.append(game_id)
    return handed


def update_seat(conn: Connection, game_id: str, seat: int, **values: Any) -> int:
    names = tuple(sorted(values))
    res = conn.exec_driver_sql(_sql(conn, ("update", "seats", names), _update_sql(seats, names, ("game_id", "seat"))),
                               {**values, "w_game_id": game_id, "w_seat": seat})
    return res.rowcount


def count_bot_move(conn: Connection, game_id: str, seat: int) -> None:
    """One more decision of a person's seat played by its fallback bot (``seats.bot_moves``)."""
    conn.execute(seats.update().where(seats.c.game_id == game_id, seats.c.seat == seat)
                 .values(bot_moves=seats.c.bot_moves + 1))


def seat_rows(conn: Connection, game_id: str) -> list[dict[str, Any]]:
    """The game's seat rows in seat order, as this transaction sees them."""
    return [dict(r) for r in conn.execute(select(seats).where(seats.c.game_id == game_id)
                                          .order_by(seats.c.seat)).mappings()]


def claim_seat(conn: Connection, game_id: str, seat: int, token_hash: str, name: str | None,
               user_id: int | None = None) -> bool:
    """Claim an unclaimed seat (for an account: ``user_id``); False when another request (or process)
    claimed it first."""
    names = ("claimed", "invite_hash", "name", "token_hash", "user_id")
    res = conn.exec_driver_sql(
        _sql(conn, ("claim",), _update_sql(seats, names, ("game_id", "seat", "claimed"))),
        {"claimed": True, "invite_hash": None, "name": name, "token_hash": token_hash, "user_id": user_id,
         "w_game_id": game_id, "w_seat": seat, "w_claimed": False})
    return res.rowcount == 1


def notify(conn: Connection, payload: str) -> None:
    """Tell other server processes (PostgreSQL only; delivered when the transaction commits)."""
    if conn.dialect.name == "postgresql":
        conn.execute(text("SELECT pg_notify('meeple', :p)"), {"p": payload})


# ---------------------------------------------------------------------------- reads
def load_game(engine: Engine, game_id: str) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]] | None:
    with engine.connect() as conn:
        row = conn.execute(select(games).where(games.c.id == game_id)).mappings().first()
        if row is None:
            return None
        seat_rows = conn.execute(select(seats).where(seats.c.game_id == game_id).order_by(seats.c.seat)).mappings().all()
        event_rows = conn.execute(select(events).where(events.c.game_id == game_id).order_by(events.c.seq)).mappings().all()
        return dict(row), [dict(r) for r in seat_rows], [dict(r) for r in event_rows]


def load_since(engine: Engine, game_id: str, seq: int) -> tuple[dict[str, Any] | None, list[dict[str, Any]], list[dict[str, Any]]]:
    with engine.connect() as conn:
        row = conn.execute(select(games).where(games.c.id == game_id)).mappings().first()
        seat_rows = conn.execute(select(seats).where(seats.c.game_id == game_id).order_by(seats.c.seat)).mappings().all()
        event_rows = conn.execute(
            select(events).where(events.c.game_id == game_id, events.c.seq > seq).order_by(events.c.seq)
        ).mappings().all()
        return (dict(row) if row else None), [dict(r) for r in seat_rows], [dict(r) for r in event_rows]


def events_since(engine: Engine, game_id: str, seq: int) -> list[dict[str, Any]]:
    """The game's events after ``seq``, in order (catching up on another process's moves)."""
    with engine.connect() as conn:
        rows = conn.execute(
            select(events).where(events.c.game_id == game_id, events.c.seq > seq).order_by(events.c.seq)
        ).mappings().all()
        return [dict(r) for r in rows]


def list_games(engine: Engine, statuses: tuple[str, ...], limit: int,
               public_only: bool = True) -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """Up to ``limit`` games of each status, the most recently updated first, with their seats.
    ``public_only``: private games are left out by the query itself (filtered afterwards, a flood of
    private games would push every public one out of the rows fetched)."""
    with engine.connect() as conn:
        rows = []
        for status in statuses:
            query = select(games).where(games.c.status == status)
            if public_only:
                query = query.where(games.c.private == false())  # "= false": an index can serve it
            rows.extend(conn.execute(query.order_by(games.c.updated_at.desc()).limit(limit)).mappings().all())
        ids = [r["id"] for r in rows]
        by_game: dict[str, list[dict[str, Any]]] = {i: [] for i in ids}
        if ids:
            for s in conn.execute(select(seats).where(seats.c.game_id.in_(ids)).order_by(seats.c.seat)).mappings():
                by_game[s["game_id"]].append(dict(s))
        return [(dict(r), by_game[r["id"]]) for r in rows]


def games_to_resume(engine: Engine) -> list[str]:
    """The unfinished games in which the server must act without being asked: a bot plays a seat (a
    bot's seat, or a person's while they are away), or turns are timed. Other games load when someone
    asks for them."""
    bot_played = select(seats.c.game_id).where(or_(seats.c.kind == "bot", seats.c.away.is_(True)))
    with engine.connect() as conn:
        return [r[0] for r in conn.execute(
            select(games.c.id).where(games.c.status.in_(PLAYING),
                                     or_(games.c.turn_timeout.is_not(None), games.c.id.in_(bot_played))))]


# The table chat's table (migration 0011) lives beside its statements in ``chat_store``: imported so
# that ``metadata`` (the migrations, their checks) always holds it. A module import, not ``from``: it
# may be the module importing this one.
import meeple.server.chat_store  # noqa: E402,F401
