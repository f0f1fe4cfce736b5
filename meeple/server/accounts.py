"""Accounts: a name that lasts beyond one game, a password, sessions.

Accounts are never required: guests play with seat tokens as before. A signed-in player's seats carry
their account (``seats.user_id``), so their games follow them to any device where they sign in.

* Names: 3–24 characters of letters (any script), digits, ``_ - .`` and inner single spaces; unique
  ignoring case (``users.name_key`` is the casefolded name) and apart from every name that looks like
  them (``users.name_skeleton`` and ``caps_skeleton``: ``meeple.server.confusable.name_skeletons``);
  never a label the pages show for something else ("deleted player", "guest", a bot level, a seat's colour, in any language).
* Passwords: 8–200 characters, not only spaces, no control characters, not containing the name, not
  among the most guessable (the ``zxcvbn`` estimator: fewer than a million guesses is refused);
  hashed with Argon2id by ``argon2-cffi`` and never logged, stored in clear or returned.
* Sessions: a random secret in an HTTP-only, SameSite=Lax cookie (``meeple_session``); the database
  keeps only its SHA-256, the user and a CSRF token, with an expiry. Every state-changing request
  authenticated by the cookie must echo that CSRF token in the ``X-CSRF-Token`` header.

>>> user = sign_up(conn, "Ann", hash_password("correct horse"), now=0.0)
>>> check_password(conn, "ann", "correct horse")["id"] == user["id"]
True
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import re
import secrets
import unicodedata
from dataclasses import dataclass
from typing import Any

import zxcvbn
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from sqlalchemy import delete, or_, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from meeple.server import db
from meeple.server.confusable import name_skeletons
from meeple.server.errors import Conflict, Unprocessable
from meeple.server.inputs import BAD_CHAR

NAME_MIN, NAME_MAX = 3, 24
PASSWORD_MIN, PASSWORD_MAX = 8, 200
SESSION_COOKIE = "meeple_session"
CSRF_COOKIE = "meeple_csrf"
CSRF_HEADER = "X-CSRF-Token"

PASSWORD_MIN_SCORE = 2
"""zxcvbn's score a new password needs: 0 and 1 are under a million guesses ("too guessable", "very
guessable"), which the most common passwords, keyboard rows, repeats and a word with digits are."""
PASSWORD_RATED_CHARS = 72
"""zxcvbn rates this many characters of a password at most (its own default: longer ones cost it too
much time); a longer password is judged by its beginning."""
SITE_WORDS = ("meeple", "citadels", "kingsburg", "versailles", "cube europe", "gods playground", "board game",
              "woaini", "520", "1314", "5201314", "qq", "mima")
"""Words a guesser of this site's passwords tries early, given to zxcvbn as known words: the site's and
its games' names, and the commonest pieces of Chinese passwords ("woaini", "5201314", "qq", "mima"),
which zxcvbn's English-centred lists lack."""

RESERVED_NAMES = ("guest", "bot", "computer", "meeple", "admin", "administrator", "moderator", "system",
                  "server", "referee", "player", "nobody", "anonymous", "deleted", "deleted player",
                  "游客", "访客", "机器人", "电脑", "管理员", "系统", "裁判", "玩家")
"""Labels no account may take (compared by skeleton, any case), besides those the pages show in every
language (``reserved_skeletons``): they would let an account pass for the server, a bot or a guest."""
RESERVED_MESSAGES = ("server.deleted_player", "server.games.person", "web.game.chip_person", "web.game.chip_free",
                     "web.level.unknown", "web.guest")
"""Messages whose text in every language is a label, not a name."""

_hasher = PasswordHasher()  # Argon2id with the library's current recommended parameters
_DUMMY_HASH = _hasher.hash("a password nobody has")  # verified for unknown names: the same time spent


class AccountError(Unprocessable):
    """A refused name or password: its message id (``server.account_…``) and arguments."""

    def __init__(self, message_id: str, **args: Any) -> None:
        super().__init__(message_id, args={k: str(v) for k, v in args.items()})
        self.message_id, self.args_ = message_id, args


class AccountNameTaken(Conflict, AccountError):
    """The name, or one that looks like it, belongs to another account."""


@dataclass(frozen=True)
class SignedIn:
    """A request made by a signed-in player (from a valid session cookie); never built from client text."""

    user_id: int
    name: str


def name_key(name: str) -> str:
    """The form names are compared in: Unicode-normalized and casefolded ("ANN" and "ann" are one name)."""
    return unicodedata.normalize("NFKC", name).casefold()


@functools.cache
def reserved_skeletons() -> frozenset[str]:
    """The skeletons (``name_skeletons``) of every label an account name may not be: ``RESERVED_NAMES``,
    the texts of ``RESERVED_MESSAGES``, the bot levels and every seat's name of every game (its colour)
    in every language, and "Player <n>"."""
    import meeple
    from meeple.core import i18n
    from meeple.server.levels import BUILT_IN_LEVELS

    labels = set(RESERVED_NAMES) | set(BUILT_IN_LEVELS)
    for lang in i18n.LANGUAGES:
        labels.update(i18n.render(m, None, lang) for m in RESERVED_MESSAGES if i18n.has(m, lang))
        labels.update(i18n.render(f"web.level.{level}", None, lang) for level in BUILT_IN_LEVELS
                      if i18n.has(f"web.level.{level}", lang))
        labels.update(text for mid, text in i18n.catalogue(lang).messages.items()
                      if mid.startswith("web.colour.") and isinstance(text, str))
        for game_id, info in meeple.games().items():
            for seat, english in enumerate(info.seat_names):
                labels.update((english, english.split(" (")[0], i18n.term(game_id, "seat", seat, lang) or english))
    return frozenset(key for label in labels for key in name_skeletons(label))


def _player_number(name: str) -> bool:
    """Whether ``name`` is a numbered seat's label, "Player 3" or "玩家 3" (any case, any digits)."""
    from meeple.core import i18n

    for lang in i18n.LANGUAGES:
        template = i18n.template("web.player_n", lang) if i18n.has("web.player_n", lang) else None
        if template and "{number}" in template:
            pattern = re.escape(template).replace(re.escape("{number}"), r"\s*\d+")
            if re.fullmatch(pattern, name, re.IGNORECASE):
                return True
    return False


def check_name(name: Any) -> str:
    """The name as it will be stored, or AccountError saying why not (length, characters, a reserved
    label); whether it looks like another account's is ``sign_up``'s to check."""
    if not isinstance(name, str):
        raise AccountError("server.account_name_type")
    name = unicodedata.normalize("NFKC", " ".join(name.split()))
    if not NAME_MIN <= len(name) <= NAME_MAX or len(name_key(name)) > NAME_MAX:  # "ß" casefolds to "ss"
        raise AccountError("server.account_name_length", min=NAME_MIN, max=NAME_MAX)
    for ch in name:
        if not (ch.isalnum() or ch in "_-. "):
            raise AccountError("server.account_name_chars", char=repr(ch))
    if not reserved_skeletons().isdisjoint(name_skeletons(name)) or _player_number(name):
        raise AccountError("server.account_name_reserved", name=name)
    return name


def check_new_password(password: Any, name: str | None = None) -> str:
    """The password if it may be an account's (``name``: the account's), else AccountError saying why."""
    if not isinstance(password, str):
        raise AccountError("server.account_password_type")
    if len(password) < PASSWORD_MIN:
        raise AccountError("server.account_password_short", min=PASSWORD_MIN)
    if len(password) > PASSWORD_MAX:
        raise AccountError("server.account_password_long", max=PASSWORD_MAX)
    bad = BAD_CHAR.search(password)
    if bad is not None:
        raise AccountError("server.account_password_control", char=f"U+{ord(bad.group()):04X}")
    if not password.strip():
        raise AccountError("server.account_password_blank")
    if name and _squeezed(name) in _squeezed(password):
        raise AccountError("server.account_password_name")
    rated = zxcvbn.zxcvbn(password[:PASSWORD_RATED_CHARS], user_inputs=[*(name.split() if name else ()), *SITE_WORDS])
    if rated["score"] < PASSWORD_MIN_SCORE:
        raise AccountError("server.account_password_common")
    return password


def _squeezed(text: str) -> str:
    """``text`` as names are compared (NFKC, casefolded) without spaces: "Ann Lee" is in "annlee2024"."""
    return "".join(name_key(text).split())


def _hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def _user(row: Any) -> dict[str, Any]:
    return {"id": int(row.id), "name": row.name, "created_at": row.created_at}


def hash_password(password: Any, name: str | None = None) -> str:
    """The Argon2id hash of a new password (checked first: ``check_new_password``); slow by design: call
    it off the event loop and outside the database writer."""
    return _hasher.hash(check_new_password(password, name))


def account_like(conn: Connection, name: str) -> str | None:
    """The name of the live account that ``name`` is, or looks like (same key ignoring case, or same
    skeleton), else None."""
    keys = list(name_skeletons(name))
    row = conn.execute(select(db.users.c.name).where(
        or_(db.users.c.name_key == name_key(" ".join(name.split())), db.users.c.name_skeleton.in_(keys),
            db.users.c.caps_skeleton.in_(keys)),
        db.users.c.deleted_at.is_(None)).limit(1)).first()
    return None if row is None else row.name


def sign_up(conn: Connection, name: Any, password_hash: str, now: float) -> dict[str, Any]:
    """A new account with a hashed password (``hash_password``); AccountError if the name is refused,
    taken, or looks like an account's (the check and the insert are one statement's worth: a name signed
    up a moment ago fails the unique indexes)."""
    name = check_name(name)
    key, (written, caps) = name_key(name), name_skeletons(name)
    taken = account_like(conn, name)
    if taken is not None:
        if name_key(taken) == key:
            raise AccountNameTaken("server.account_name_taken", name=name)
        raise AccountNameTaken("server.account_name_confusable", name=name, other=taken)
    try:
        with conn.begin_nested():
            result = conn.execute(db.users.insert().values(
                name=name, name_key=key, name_skeleton=written, caps_skeleton=caps, password_hash=password_hash,
                created_at=now, deleted_at=None))
    except IntegrityError:
        raise AccountNameTaken("server.account_name_taken", name=name) from None
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
    session ends, its e-mail address is forgotten."""
    from meeple.server.email_addresses import remove as forget_address

    forget_address(conn, user_id)
    conn.execute(update(db.users).where(db.users.c.id == user_id).values(
        password_hash=None, deleted_at=now, name_key=f"#deleted-{user_id}", name_skeleton=f"#deleted-{user_id}",
        caps_skeleton=f"#deleted-{user_id}"))
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
