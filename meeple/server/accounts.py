"""Accounts: a name that lasts beyond one game, a password, sessions.

Accounts are never required: guests play with seat tokens as before. A signed-in player's seats carry
their account (``seats.user_id``), so their games follow them to any device where they sign in.

* Names: 3–24 characters of letters (any script), digits, ``_ - .`` and inner single spaces; unique
  ignoring case (``users.name_key`` is the casefolded name).
* Passwords: at least 8 characters (at most 200), hashed with Argon2id by ``argon2-cffi`` and never
  logged, stored in clear or returned.
* Sessions: a random secret in an HTTP-only, SameSite=Lax cookie (``meeple_session``); the database
  keeps only its SHA-256, the user and a CSRF token, with an expiry. Every state-changing request
  authenticated by the cookie must echo that CSRF token in the ``X-CSRF-Token`` header.

>>> user = sign_up(conn, "Ann", hash_password("correct horse"), now=0.0)
>>> check_password(conn, "ann", "correct horse")["id"] == user["id"]
True
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import unicodedata
from dataclasses import dataclass
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy import delete, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from meeple.server import db

NAME_MIN, NAME_MAX = 3, 24
PASSWORD_MIN, PASSWORD_MAX = 8, 200
SESSION_COOKIE = "meeple_session"
CSRF_COOKIE = "meeple_csrf"
CSRF_HEADER = "X-CSRF-Token"

_hasher = PasswordHasher()  # Argon2id with the library's current recommended parameters
_DUMMY_HASH = _hasher.hash("a password nobody has")  # verified for unknown names: the same time spent


class AccountError(Exception):
    """A refusal with its message id (``server.account_…``) and arguments."""

    def __init__(self, message_id: str, status: int = 422, **args: Any) -> None:
        super().__init__(message_id)
        self.message_id, self.status, self.args_ = message_id, status, args


@dataclass(frozen=True)
class SignedIn:
    """A request made by a signed-in player (from a valid session cookie); never built from client text."""

    user_id: int
    name: str


def name_key(name: str) -> str:
    """The form names are compared in: Unicode-normalized and casefolded ("ANN" and "ann" are one name)."""
    return unicodedata.normalize("NFKC", name).casefold()


def check_name(name: Any) -> str:
    """The name as it will be stored, or AccountError saying why not."""
    if not isinstance(name, str):
        raise AccountError("server.account_name_type")
    name = unicodedata.normalize("NFKC", " ".join(name.split()))
    if not NAME_MIN <= len(name) <= NAME_MAX:
        raise AccountError("server.account_name_length", min=NAME_MIN, max=NAME_MAX)
    for ch in name:
        if not (ch.isalnum() or ch in "_-. "):
            raise AccountError("server.account_name_chars", char=repr(ch))
    return name


def check_new_password(password: Any) -> str:
    if not isinstance(password, str):
        raise AccountError("server.account_password_type")
    if len(password) < PASSWORD_MIN:
        raise AccountError("server.account_password_short", min=PASSWORD_MIN)
    if len(password) > PASSWORD_MAX:
        raise AccountError("server.account_password_long", max=PASSWORD_MAX)
    return password


def _hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def _user(row: Any) -> dict[str, Any]:
    return {"id": int(row.id), "name": row.name, "created_at": row.created_at}


def hash_password(password: Any) -> str:
    """The Argon2id hash of a new password (checked first); slow by design: call it off the event loop
    and outside the database writer."""
    return _hasher.hash(check_new_password(password))


def sign_up(conn: Connection, name: Any, password_hash: str, now: float) -> dict[str, Any]:
    """A new account with a hashed password (``hash_password``); AccountError if the name is refused or
    taken (the check and the insert are one statement's worth: a name signed up a moment ago fails the
    unique index)."""
    name = check_name(name)
    key = name_key(name)
    taken = conn.execute(select(db.users.c.id).where(db.users.c.name_key == key)).first()
    if taken is not None:
        raise AccountError("server.account_name_taken", status=409, name=name)
    try:
        with conn.begin_nested():
            result = conn.execute(db.users.insert().values(
                name=name, name_key=key, password_hash=password_hash, created_at=now, deleted_at=None))
    except IntegrityError:
        raise AccountError("server.account_name_taken", status=409, name=name) from None
    return {"id": int(result.inserted_primary_key[0]), "name": name, "created_at": now}


def check_password(conn: Connection, name: Any, password: Any) -> dict[str, Any] | None:
    """The account ``name`` if ``password`` is its password, else None; reads only (call it with a
    connection of its own, off the event loop: Argon2 takes tens of milliseconds, and unknown names
    cost the same time as known ones)."""
    if not isinstance(name, str) or not isinstance(password, str) or len(password) > PASSWORD_MAX:
        return None
    row = conn.execute(select(db.users).where(db.users.c.name_key == name_key(" ".join(name.split())))).first()
    stored = row.password_hash if row is not None and row.deleted_at is None else None
    try:
        _hasher.verify(stored or _DUMMY_HASH, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return None
    return _user(row) if stored is not None else None


def new_session(conn: Connection, user_id: int, now: float, lifetime: float) -> tuple[str, str]:
    """A session for ``user_id``: (the cookie's secret, its CSRF token). Only the secret's hash is stored."""
    secret, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(24)
    conn.execute(db.sessions.insert().values(token_hash=_hash_secret(secret), user_id=user_id, csrf=csrf,
                                             created_at=now, expires_at=now + lifetime))
    return secret, csrf


def session_of(conn: Connection, secret: str | None, now: float) -> tuple[SignedIn, str] | None:
    """The signed-in player and the CSRF token of a live session cookie, or None (unknown or expired)."""
    if not secret or len(secret) > 200:
        return None
    row = conn.execute(
        select(db.sessions.c.user_id, db.sessions.c.csrf, db.sessions.c.expires_at, db.users.c.name,
               db.users.c.deleted_at)
        .join(db.users, db.users.c.id == db.sessions.c.user_id)
        .where(db.sessions.c.token_hash == _hash_secret(secret))).first()
    if row is None or row.expires_at <= now or row.deleted_at is not None:
        return None
    return SignedIn(int(row.user_id), row.name), row.csrf


def csrf_matches(expected: str, given: str | None) -> bool:
    return bool(given) and hmac.compare_digest(expected.encode(), given.encode())  # type: ignore[union-attr]


def end_session(conn: Connection, secret: str | None) -> None:
    if secret:
        conn.execute(delete(db.sessions).where(db.sessions.c.token_hash == _hash_secret(secret)))


def forget_expired_sessions(conn: Connection, now: float) -> int:
    return conn.execute(delete(db.sessions).where(db.sessions.c.expires_at <= now)).rowcount


def set_password(conn: Connection, user_id: int, password_hash: str, keep_secret: str | None) -> None:
    """A new password hash (``hash_password``; the caller checked the old password with
    ``check_password``); every other session of the account ends."""
    conn.execute(update(db.users).where(db.users.c.id == user_id).values(password_hash=password_hash))
    ended = delete(db.sessions).where(db.sessions.c.user_id == user_id)
    if keep_secret:
        ended = ended.where(db.sessions.c.token_hash != _hash_secret(keep_secret))
    conn.execute(ended)


def delete_account(conn: Connection, user_id: int, now: float) -> None:
    """Delete the account (the caller checked its password): its games stay and show "deleted player",
    its seats keep the account's id (so they stay its) but not its name, the name is free again, every
    session ends."""
    conn.execute(update(db.users).where(db.users.c.id == user_id).values(
        password_hash=None, deleted_at=now, name_key=f"#deleted-{user_id}"))
    conn.execute(update(db.seats).where(db.seats.c.user_id == user_id).values(name=None))
    conn.execute(delete(db.sessions).where(db.sessions.c.user_id == user_id))


def games_of(conn: Connection, user_id: int, limit: int = 100) -> list[dict[str, Any]]:
    """The games where the account holds a seat, newest first: {id, game, status, seat, updated_at}."""
    rows = conn.execute(
        select(db.games.c.id, db.games.c.game, db.games.c.status, db.games.c.updated_at, db.seats.c.seat)
        .join(db.seats, db.seats.c.game_id == db.games.c.id)
        .where(db.seats.c.user_id == user_id, db.games.c.status != "cancelled")
        .order_by(db.games.c.updated_at.desc()).limit(max(1, min(limit, 500)))).all()
    return [{"id": r.id, "game": r.game, "status": r.status, "seat": int(r.seat), "updated_at": r.updated_at}
            for r in rows]
