"""Accounts' e-mail addresses in the database: checking one, setting it (with its verification and the
bounds on verification mails), verifying, unsubscribing, the opt-in and language, and the claim of a
notice (batching). docs/server.md, E-mail notices, states the policy these functions keep.

An address is private: it is read only to send mail to it; the owner sees it masked (``mask``); the
bounds and logs know only its SHA-256 (``address_hash``) and the account's id.

>>> check_address("Ann.Lee+games@Example.ORG")
'Ann.Lee+games@example.org'
>>> mask("ann.lee@example.org")
'a•••@example.org'
"""

from __future__ import annotations

import hashlib
import re
import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from meeple.server import db
from meeple.server.errors import TooMany, Unprocessable

ADDRESS_MAX = 254
"""The longest address taken (RFC 5321's limit on a forward path, less the angle brackets)."""
LOCAL_MAX = 64
_ATOM = r"[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+"
_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
ADDRESS = re.compile(rf"({_ATOM}(?:\.{_ATOM})*)@((?:{_LABEL}\.)+[A-Za-z]{{2,63}})")
"""A plain ``local@domain`` in ASCII: dot-separated atoms (no quoted strings, comments or spaces), a
domain of two labels or more ending in letters (no IP literals). Nothing else passes: no CR or LF,
no ``<``, ``>``, ``,`` or ``;`` that could add a recipient or a header."""

Row = dict[str, Any]


def check_address(value: Any) -> str:
    """The address as stored (the domain in lower case), or Unprocessable saying why not."""
    if not isinstance(value, str):
        raise Unprocessable("server.email_address_type")
    if len(value) > ADDRESS_MAX:
        raise Unprocessable("server.email_address_long", args={"max": ADDRESS_MAX})
    found = ADDRESS.fullmatch(value)
    if found is None or len(found.group(1)) > LOCAL_MAX:
        raise Unprocessable("server.email_address_bad")
    return f"{found.group(1)}@{found.group(2).lower()}"


def address_hash(address: str) -> str:
    """The SHA-256 of the lower-cased address: what the bounds count by (never the address)."""
    return hashlib.sha256(address.lower().encode()).hexdigest()


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def mask(address: str) -> str:
    """The address as its owner's pages show it: the first character of the name and the domain."""
    local, _, domain = address.partition("@")
    return f"{local[:1]}•••@{domain}"


@dataclass(frozen=True)
class Verification:
    """A verification mail to send (after the transaction that stored its token commits)."""

    user_id: int
    name: str
    address: str
    lang: str
    token: str
    sent_at: float


@dataclass(frozen=True)
class Recipient:
    """Whom a notice goes to: a live account with a verified address that opted in."""

    user_id: int
    name: str
    address: str
    lang: str
    unsubscribe_token: str


@dataclass(frozen=True)
class Bounds:
    """The bounds on verification mails (``Settings.email_verify_*``)."""

    window: float
    per_address: int
    per_account: int
    lifetime: float


def _row(conn: Connection, user_id: int) -> Row | None:
    found = conn.execute(select(db.user_emails).where(db.user_emails.c.user_id == user_id)).mappings().first()
    return dict(found) if found is not None else None


def status(conn: Connection, user_id: int, now: float) -> Row:
    """What the owner sees: ``{address (masked) | None, verified, notices, lang, pending}``; ``pending``:
    a verification link was sent and is still valid."""
    row = _row(conn, user_id)
    if row is None:
        return {"address": None, "verified": False, "notices": False, "lang": None, "pending": False}
    pending = not row["verified"] and row["verify_expires"] is not None and row["verify_expires"] > now
    return {"address": mask(row["address"]), "verified": bool(row["verified"]), "notices": bool(row["notices"]),
            "lang": row["lang"], "pending": pending}


def _sent_since(conn: Connection, since: float, **where: Any) -> tuple[int, float | None]:
    """Verification mails sent since ``since`` matching ``where`` (one column): how many, the oldest."""
    (column, value), = where.items()
    t = db.email_verifications
    found = conn.execute(select(func.count(), func.min(t.c.sent_at))
                         .where(t.c[column] == value, t.c.sent_at > since)).one()
    return int(found[0]), (float(found[1]) if found[1] is not None else None)


def set_address(conn: Connection, user_id: int, name: str, address: str, lang: str, now: float,
                bounds: Bounds) -> tuple[str, Verification | None]:
    """Give the account ``address`` (checked: ``check_address``) in ``lang``: ``("verified", None)`` when it
    is already the account's verified address; ``("already_sent", None)`` when it is its unverified
    address and a verification mail went to it within the window (none is sent again); else
    ``("sent", verification)``: stored unverified with a new token, one verification mail counted, to
    send once this transaction commits. TooMany (nothing changed) past either bound: the address's
    (all accounts together) or the account's."""
    row = _row(conn, user_id)
    hashed = address_hash(address)
    since = now - bounds.window
    if row is not None and row["address_hash"] == hashed:
        if row["verified"]:
            conn.execute(update(db.user_emails).where(db.user_emails.c.user_id == user_id)
                         .values(lang=lang, address=address, updated_at=now))
            return "verified", None
        if row["verify_sent_at"] is not None and row["verify_sent_at"] > since:
            conn.execute(update(db.user_emails).where(db.user_emails.c.user_id == user_id)
                         .values(lang=lang, updated_at=now))
            return "already_sent", None
    for count_oldest, limit in ((_sent_since(conn, since, address_hash=hashed), bounds.per_address),
                                (_sent_since(conn, since, user_id=user_id), bounds.per_account)):
        count, oldest = count_oldest
        if count >= limit:
            wait = max(1.0, (oldest or now) + bounds.window - now)
            raise TooMany("server.email_verify_limit", args={"hours": f"{wait / 3600:.0f}" if wait >= 3600 else "1"},
                          retry_after=wait)
    token = secrets.token_urlsafe(32)
    values = {"address": address, "address_hash": hashed, "verified": False, "lang": lang,
              "verify_hash": token_hash(token), "verify_expires": now + bounds.lifetime, "verify_sent_at": now,
              "updated_at": now}
    if row is None:
        conn.execute(db.user_emails.insert().values(user_id=user_id, notices=False,
                                                    unsubscribe_token=secrets.token_urlsafe(32), **values))
    else:
        conn.execute(update(db.user_emails).where(db.user_emails.c.user_id == user_id).values(**values))
    conn.execute(db.email_verifications.insert().values(user_id=user_id, address_hash=hashed, sent_at=now))
    return "sent", Verification(user_id, name, address, lang, token, now)


def unsend(conn: Connection, verification: Verification) -> None:
    """A verification mail that could not be handed over (the SMTP server refused it or could not be
    reached): it counts neither as sent nor in the bounds, so the account may ask again at once."""
    conn.execute(update(db.user_emails).where(db.user_emails.c.user_id == verification.user_id,
                                              db.user_emails.c.verify_hash == token_hash(verification.token))
                 .values(verify_sent_at=None))
    t = db.email_verifications
    conn.execute(delete(t).where(t.c.user_id == verification.user_id, t.c.sent_at == verification.sent_at,
                                 t.c.address_hash == address_hash(verification.address)))


def verify(conn: Connection, token: Any, now: float) -> str | None:
    """Mark the address whose live token is ``token`` verified; its mail language, or None (unknown,
    used or expired token)."""
    if not isinstance(token, str) or not 20 <= len(token) <= 100:
        return None
    t = db.user_emails
    row = conn.execute(select(t.c.user_id, t.c.lang, t.c.verify_expires)
                       .where(t.c.verify_hash == token_hash(token))).first()
    if row is None or row.verify_expires is None or row.verify_expires <= now:
        return None
    conn.execute(update(t).where(t.c.user_id == row.user_id).values(
        verified=True, verify_hash=None, verify_expires=None, updated_at=now))
    return str(row.lang)


def unsubscribe(conn: Connection, token: Any, now: float) -> str | None:
    """Turn off the notices of the address whose unsubscribe token is ``token``; its mail language, or
    None (no such token). Nothing else can be done with that token."""
    if not isinstance(token, str) or not 20 <= len(token) <= 100:
        return None
    t = db.user_emails
    row = conn.execute(select(t.c.user_id, t.c.lang).where(t.c.unsubscribe_token == token)).first()
    if row is None:
        return None
    conn.execute(update(t).where(t.c.user_id == row.user_id).values(notices=False, updated_at=now))
    return str(row.lang)


def set_preferences(conn: Connection, user_id: int, now: float, notices: bool | None = None,
                    lang: str | None = None) -> bool:
    """The opt-in and the mail's language of the account's address; False when it has none."""
    values: Row = {"updated_at": now}
    if notices is not None:
        values["notices"] = notices
    if lang is not None:
        values["lang"] = lang
    t = db.user_emails
    return conn.execute(update(t).where(t.c.user_id == user_id).values(**values)).rowcount == 1


def remove(conn: Connection, user_id: int) -> None:
    """Forget the account's address and its notices (the bounds' counts stay: they hold no address)."""
    conn.execute(delete(db.user_emails).where(db.user_emails.c.user_id == user_id))
    conn.execute(delete(db.email_notices).where(db.email_notices.c.user_id == user_id))


def recipient(conn: Connection, user_id: int) -> Recipient | None:
    """The account as a notice's recipient, or None: deleted, no address, not verified, not opted in."""
    t, u = db.user_emails, db.users
    row = conn.execute(select(t.c.address, t.c.lang, t.c.unsubscribe_token, u.c.name)
                       .join(u, u.c.id == t.c.user_id)
                       .where(t.c.user_id == user_id, t.c.verified.is_(True), t.c.notices.is_(True),
                              u.c.deleted_at.is_(None))).first()
    if row is None:
        return None
    return Recipient(user_id, row.name, row.address, row.lang, row.unsubscribe_token)


def claim_notice(conn: Connection, user_id: int, game_id: str, kind: str, now: float, period: float) -> bool:
    """Take the right to mail the account about the game now: only if it was not mailed about it within
    ``period`` seconds (one conditional statement: of two processes, one wins)."""
    t = db.email_notices
    moved = conn.execute(update(t).where(t.c.user_id == user_id, t.c.game_id == game_id,
                                         t.c.sent_at <= now - period).values(kind=kind, sent_at=now))
    if moved.rowcount == 1:
        return True
    if conn.execute(select(t.c.sent_at).where(t.c.user_id == user_id, t.c.game_id == game_id)).first() is not None:
        return False
    try:
        with conn.begin_nested():
            conn.execute(t.insert().values(user_id=user_id, game_id=game_id, kind=kind, sent_at=now))
    except IntegrityError:
        return False
    return True


def release_notice(conn: Connection, user_id: int, game_id: str, sent_at: float) -> None:
    """A claimed notice that could not be sent: the next turn change may try again."""
    t = db.email_notices
    conn.execute(delete(t).where(t.c.user_id == user_id, t.c.game_id == game_id, t.c.sent_at == sent_at))
