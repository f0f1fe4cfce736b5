"""The accounts' HTTP API: sign up, sign in and out, the signed-in player, password, deletion, their
games. Who asks is read by ``sessions``; names and passwords are checked by ``meeple.server.accounts``,
whose refusals (``AccountError``) are domain errors like any other.
"""

from __future__ import annotations

import asyncio
import time
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request, Response
from pydantic import Field, StrictStr

from meeple.server import accounts
from meeple.server.accounts import SESSION_COOKIE, SignedIn
from meeple.server.errors import Forbidden, Unauthorized
from meeple.server.inputs import CleanBody
from meeple.server.routes.sessions import Sessions, sessions_of

router = APIRouter(tags=["accounts"])


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


async def start_session(sessions: Sessions, request: Request, response: Response, user: dict[str, Any]) -> dict[str, Any]:
    """Sign ``user`` in: a new session, its cookies set on ``response``."""
    lifetime = sessions.settings.session_lifetime
    secret, csrf = await sessions.store.write(lambda c: accounts.new_session(c, user["id"], time.time(), lifetime))
    sessions.set_cookies(request, response, secret, csrf)
    return {"id": user["id"], "name": user["name"], "csrf": csrf}


def not_signed_in(request: Request) -> Unauthorized:
    """Why there is no signed-in player: the session expired (a cookie is there), or none."""
    return Unauthorized("server.session_expired" if request.cookies.get(SESSION_COOKIE) else "server.not_signed_in")


async def me_or_401(request: Request) -> SignedIn:
    user = await sessions_of(request).signed_in(request)
    if user is None:
        raise not_signed_in(request)
    return user


async def check_own_password(request: Request, user: SignedIn, password: str) -> None:
    """Forbidden unless ``password`` is the signed-in player's present password (throttled)."""
    if await sessions_of(request).password_of(request, user.name, password) is None:
        raise Forbidden("server.account_wrong_password")


@router.post("/api/accounts", status_code=201, summary="Sign up: a new account, signed in at once")
async def sign_up(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
    sessions = sessions_of(request)
    sessions.check_address(request)
    name = accounts.check_name(body.name)
    password_hash = await asyncio.to_thread(accounts.hash_password, body.password, name)
    user = await sessions.store.write(lambda c: accounts.sign_up(c, body.name, password_hash, time.time()))
    return await start_session(sessions, request, response, user)


@router.post("/api/session", summary="Sign in with a name and password (sets the session cookie)")
async def sign_in(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
    sessions = sessions_of(request)
    sessions.check_address(request)
    user = await sessions.password_of(request, body.name, body.password)
    if user is None:
        raise Unauthorized("server.account_wrong_login")
    return await start_session(sessions, request, response, user)


@router.delete("/api/session", summary="Sign out (ends this session)")
async def sign_out(request: Request, response: Response) -> dict[str, Any]:
    await me_or_401(request)
    secret = request.cookies.get(SESSION_COOKIE)
    await sessions_of(request).store.write(lambda c: accounts.end_session(c, secret))
    Sessions.clear_cookies(response)
    return {"signed_in": False}


@router.get("/api/me", summary="The signed-in player (401 if none)")
async def me(request: Request) -> dict[str, Any]:
    found = await sessions_of(request).session(request)
    if found is None:
        raise not_signed_in(request)
    user, csrf = found
    return {"id": user.user_id, "name": user.name, "csrf": csrf}


@router.post("/api/me/password", summary="Change the password (every other session ends)")
async def new_password(body: NewPassword, request: Request) -> dict[str, Any]:
    user = await me_or_401(request)
    await check_own_password(request, user, body.password)
    password_hash = await asyncio.to_thread(accounts.hash_password, body.new_password, user.name)
    keep = request.cookies.get(SESSION_COOKIE)
    await sessions_of(request).store.write(lambda c: accounts.set_password(c, user.user_id, password_hash, keep))
    return {"changed": True}


@router.delete("/api/me", summary="Delete the account (its games stay, under \"deleted player\")")
async def delete_me(body: Confirm, request: Request, response: Response) -> dict[str, Any]:
    user = await me_or_401(request)
    await check_own_password(request, user, body.password)
    await sessions_of(request).store.write(lambda c: accounts.delete_account(c, user.user_id, time.time()))
    Sessions.clear_cookies(response)
    return {"deleted": True}


@router.get("/api/me/games", summary="The games where your account holds a seat, newest first")
async def my_games(request: Request, limit: Annotated[int, Query(ge=1, le=500)] = 100) -> dict[str, Any]:
    user = await me_or_401(request)
    return {"games": await sessions_of(request).store.read(accounts.games_of, user.user_id, int(limit))}
