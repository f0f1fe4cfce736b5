"""The accounts' HTTP API (sign up, sign in and out, the signed-in player, password, deletion, their
games) and the one way every other route learns who is asking: a seat token (``Authorization:
Bearer``), else a session cookie, checked against CSRF for every state-changing request.

>>> sessions = Sessions(hub, settings); app.include_router(account_router(sessions))
>>> who = await sessions.credential(request, creds)    # a seat token, a SignedIn, or None
"""

from __future__ import annotations

import asyncio
import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request, Response
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import Field, StrictStr
from starlette.requests import HTTPConnection

from meeple.server import accounts
from meeple.server.accounts import CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE, AccountError, SignedIn
from meeple.server.errors import Conflict, Forbidden, ServerError, TooMany, Unauthorized
from meeple.server.inputs import CleanBody
from meeple.server.limits import client_key
from meeple.server.quota import Quota

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
bearer = HTTPBearer(auto_error=False, description="the seat token you received when joining")


class AccountRefused(ServerError):
    """An ``AccountError`` as an HTTP answer (its own status)."""

    def __init__(self, error: AccountError) -> None:
        super().__init__(error.message_id, args={k: str(v) for k, v in error.args_.items()})
        self.status = error.status  # type: ignore[misc]


# Account bodies are CleanBody: a control character or a lone surrogate is refused (422) before any
# query, alike on SQLite and PostgreSQL (which cannot even compare a string holding NUL).
class Credentials(CleanBody):
    name: StrictStr = Field(max_length=200, description="3–24 letters, digits, _ - . or inner spaces")
    password: StrictStr = Field(max_length=400, description="at least 8 characters, not a common password")


class NewPassword(CleanBody):
    password: StrictStr = Field(max_length=400, description="the present password")
    new_password: StrictStr = Field(max_length=400)


class Confirm(CleanBody):
    password: StrictStr = Field(max_length=400, description="the present password, to confirm")


class Sessions:
    """Who asks: session cookies read and checked (expiry, CSRF); password checks throttled.

    Throttling (docs/server.md, Accounts): every sign-in and sign-up attempt spends the address's
    allowance (``attempts``); a password check spends the allowance of its (name, address) pair, and
    gets it back if the password was right (``failures``: only failures count), past which that address
    gets 429 for that name; failures for a name from all addresses together (``name_failures``) only
    slow that name's password checks down, on the event loop, and never refuse one."""

    def __init__(self, hub: Any, settings: Any) -> None:
        self.hub, self.settings = hub, settings
        self.attempts = Quota(settings.login_address_rate, settings.login_address_burst)  # per address
        self.failures = Quota(settings.login_failure_rate, settings.login_failure_burst)  # per (name, address)
        self.name_failures = Quota(settings.login_name_failure_rate, settings.login_name_failure_burst)  # per name
        self.pause = asyncio.sleep  # how a slowed check waits (a test may watch it)

    async def session(self, conn: HTTPConnection) -> tuple[SignedIn, str] | None:
        """The live session of the request's cookie, or None (none, unknown or expired)."""
        secret = conn.cookies.get(SESSION_COOKIE)
        if not secret:
            return None

        def read() -> tuple[SignedIn, str] | None:
            with self.hub.engine.connect() as c:
                return accounts.session_of(c, secret, time.time())
        return await asyncio.to_thread(read)

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

        def check() -> dict[str, Any] | None:
            with self.hub.engine.connect() as c:
                return accounts.check_password(c, name, password)
        user = await asyncio.to_thread(check)
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

        def find() -> str | None:
            with self.hub.engine.connect() as c:
                return accounts.account_like(c, name)
        taken = await asyncio.to_thread(find)
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


def account_router(sessions: Sessions) -> APIRouter:
    hub, settings = sessions.hub, sessions.settings
    router = APIRouter(tags=["accounts"])

    async def write(job: Any) -> Any:
        try:
            return await hub._write(job)
        except AccountError as exc:
            raise AccountRefused(exc) from None

    async def read(fn: Any, *args: Any) -> Any:
        def run() -> Any:
            with hub.engine.connect() as c:
                return fn(c, *args)
        return await asyncio.to_thread(run)

    async def start_session(request: Request, response: Response, user: dict[str, Any]) -> dict[str, Any]:
        secret, csrf = await write(lambda c: accounts.new_session(c, user["id"], time.time(), settings.session_lifetime))
        sessions.set_cookies(request, response, secret, csrf)
        return {"id": user["id"], "name": user["name"], "csrf": csrf}

    async def me_or_401(request: Request) -> SignedIn:
        user = await sessions.signed_in(request)
        if user is None:
            raise Unauthorized("server.session_expired" if request.cookies.get(SESSION_COOKIE) else "server.not_signed_in")
        return user

    @router.post("/api/accounts", status_code=201, summary="Sign up: a new account, signed in at once")
    async def sign_up(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        sessions.check_address(request)
        try:
            name = accounts.check_name(body.name)
            password_hash = await asyncio.to_thread(accounts.hash_password, body.password, name)
        except AccountError as exc:
            raise AccountRefused(exc) from None
        user = await write(lambda c: accounts.sign_up(c, body.name, password_hash, time.time()))
        return await start_session(request, response, user)

    @router.post("/api/session", summary="Sign in with a name and password (sets the session cookie)")
    async def sign_in(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
        sessions.check_address(request)
        user = await sessions.password_of(request, body.name, body.password)
        if user is None:
            raise Unauthorized("server.account_wrong_login")
        return await start_session(request, response, user)

    @router.delete("/api/session", summary="Sign out (ends this session)")
    async def sign_out(request: Request, response: Response) -> dict[str, Any]:
        await me_or_401(request)
        secret = request.cookies.get(SESSION_COOKIE)
        await write(lambda c: accounts.end_session(c, secret))
        sessions.clear_cookies(response)
        return {"signed_in": False}

    @router.get("/api/me", summary="The signed-in player (401 if none)")
    async def me(request: Request) -> dict[str, Any]:
        found = await sessions.session(request)
        if found is None:
            raise Unauthorized("server.session_expired" if request.cookies.get(SESSION_COOKIE) else "server.not_signed_in")
        user, csrf = found
        return {"id": user.user_id, "name": user.name, "csrf": csrf}

    @router.post("/api/me/password", summary="Change the password (every other session ends)")
    async def new_password(body: NewPassword, request: Request) -> dict[str, Any]:
        user = await me_or_401(request)
        if await sessions.password_of(request, user.name, body.password) is None:
            raise Forbidden("server.account_wrong_password")
        try:
            password_hash = await asyncio.to_thread(accounts.hash_password, body.new_password, user.name)
        except AccountError as exc:
            raise AccountRefused(exc) from None
        keep = request.cookies.get(SESSION_COOKIE)
        await write(lambda c: accounts.set_password(c, user.user_id, password_hash, keep))
        return {"changed": True}

    @router.delete("/api/me", summary="Delete the account (its games stay, under \"deleted player\")")
    async def delete_me(body: Confirm, request: Request, response: Response) -> dict[str, Any]:
        user = await me_or_401(request)
        if await sessions.password_of(request, user.name, body.password) is None:
            raise Forbidden("server.account_wrong_password")
        await write(lambda c: accounts.delete_account(c, user.user_id, time.time()))
        sessions.clear_cookies(response)
        return {"deleted": True}

    @router.get("/api/me/games", summary="The games where your account holds a seat, newest first")
    async def my_games(request: Request, limit: Annotated[int, Query(ge=1, le=500)] = 100) -> dict[str, Any]:
        user = await me_or_401(request)
        return {"games": await read(accounts.games_of, user.user_id, int(limit))}

    return router

