"""Who is asking: a seat token (``Authorization: Bearer``), else a signed-in player's session cookie,
checked against CSRF for every state-changing request; password checks throttled. Every route learns
who asks through ``credential`` or ``signed_in`` (``app.state.sessions``).

>>> who = await sessions.credential(request, creds)    # a seat token, a SignedIn, or None
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from fastapi import Depends, Request, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from starlette.requests import HTTPConnection

from meeple.server import accounts
from meeple.server.accounts import CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE, SignedIn
from meeple.server.errors import Conflict, Forbidden, TooMany
from meeple.server.limits import client_key
from meeple.server.quota import Quota
from meeple.server.settings import Settings
from meeple.server.store import Store

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
bearer = HTTPBearer(auto_error=False, description="the seat token you received when joining")


class Sessions:
    """Who asks: session cookies read and checked (expiry, CSRF); password checks throttled.

    Throttling (docs/server.md, Accounts): every sign-in and sign-up attempt spends the address's
    allowance (``attempts``); a password check spends the allowance of its (name, address) pair, and
    gets it back if the password was right (``failures``: only failures count), past which that address
    gets 429 for that name; failures for a name from all addresses together (``name_failures``) only
    slow that name's password checks down, on the event loop, and never refuse one."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store, self.settings = store, settings
        self.attempts = Quota(settings.login_address_rate, settings.login_address_burst)  # per address
        self.failures = Quota(settings.login_failure_rate, settings.login_failure_burst)  # per (name, address)
        self.name_failures = Quota(settings.login_name_failure_rate, settings.login_name_failure_burst)  # per name
        self.pause = asyncio.sleep  # how a slowed check waits (a test may watch it)

    async def session(self, conn: HTTPConnection) -> tuple[SignedIn, str] | None:
        """The live session of the request's cookie, or None (none, unknown or expired)."""
        secret = conn.cookies.get(SESSION_COOKIE)
        if not secret:
            return None
        return await self.store.read(accounts.session_of, secret, time.time())  # type: ignore[no-any-return]

    async def signed_in(self, request: Request, state_changing: bool | None = None) -> SignedIn | None:
        """The signed-in player of a request, CSRF checked when it changes state (a cookie without a
        live session counts as none)."""
        found = await self.session(request)
        if found is None:
            return None
        user, csrf = found
        changing = request.method not in SAFE_METHODS if state_changing is None else state_changing
        if changing and not accounts.csrf_matches(csrf, request.headers.get(CSRF_HEADER)):
            raise Forbidden("server.csrf_missing", args={"header": CSRF_HEADER})
        return user

    async def credential(self, request: Request,
                         creds: HTTPAuthorizationCredentials | None = Depends(bearer)) -> str | SignedIn | None:
        """A seat token if the request has one, else the signed-in player, else None."""
        if creds is not None:
            return creds.credentials
        return await self.signed_in(request)

    def check_address(self, request: Request) -> None:
        """Spend one of the address's sign-in and sign-up attempts, or 429."""
        wait = self.attempts.take(client_key(request.scope))
        if wait:
            raise TooMany("server.too_many_logins", args={"wait": f"{wait:.0f}"}, retry_after=wait)

    async def password_of(self, request: Request, name: str, password: str) -> dict[str, Any] | None:
        """The account ``name`` if ``password`` is its password, else None, throttled: 429 if this
        address failed too often for this name, a pause first if the name failed too often from anywhere."""
        key = accounts.name_key(" ".join(name.split()))[:40]
        here = (key, client_key(request.scope))
        wait = self.failures.take(here)
        if wait:
            raise TooMany("server.too_many_logins", args={"wait": f"{wait:.0f}"}, retry_after=wait)
        if self.name_failures.wait(key) and self.settings.login_slowdown > 0:
            await self.pause(self.settings.login_slowdown)
        user = await self.store.read(accounts.check_password, name, password)
        if user is None:
            self.name_failures.take(key)
        else:
            self.failures.give_back(here)
        return user

    async def check_guest_name(self, name: str | None) -> None:
        """409 if a guest's ``name`` is, or looks like, a live account's name (a guest may not pass for
        an account; docs/server.md, Accounts)."""
        if not name:
            return
        taken = await self.store.read(accounts.account_like, name)
        if taken is not None:
            raise Conflict("server.guest_name_account", args={"name": name, "account": taken})

    def set_cookies(self, request: Request, response: Response, secret: str, csrf: str) -> None:
        secure = self.settings.secure_cookies
        if secure is None:
            secure = request.url.scheme == "https"
        age = int(self.settings.session_lifetime)
        response.set_cookie(SESSION_COOKIE, secret, max_age=age, httponly=True, samesite="lax", secure=secure, path="/")
        response.set_cookie(CSRF_COOKIE, csrf, max_age=age, httponly=False, samesite="lax", secure=secure, path="/")

    @staticmethod
    def clear_cookies(response: Response) -> None:
        response.delete_cookie(SESSION_COOKIE, path="/")
        response.delete_cookie(CSRF_COOKIE, path="/")


def sessions_of(conn: HTTPConnection) -> Sessions:
    """The app's ``Sessions`` (``app.state.sessions``)."""
    return conn.app.state.sessions  # type: ignore[no-any-return]


async def credential(request: Request,
                     creds: HTTPAuthorizationCredentials | None = Depends(bearer)) -> str | SignedIn | None:
    """A route's dependency: a seat token if the request has one, else the signed-in player, else None."""
    return await sessions_of(request).credential(request, creds)


async def signed_in(request: Request) -> SignedIn | None:
    """The signed-in player of a request (CSRF checked when it changes state), or None."""
    return await sessions_of(request).signed_in(request)
