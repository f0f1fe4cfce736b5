"""Invites by name and "Waiting for you" over HTTP (``services.invites``; docs/server.md): a seated,
signed-in player invites an account to a free seat; the invitee accepts (takes the seat) or declines;
each account reads only its own waiting list and recent opponents. Every route needs a session
(401 otherwise); the state-changing ones its CSRF header."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request
from pydantic import Field, StrictInt, StrictStr

from meeple.server.inputs import CleanBody
from meeple.server.routes.accounts import me_or_401
from meeple.server.routes.context import HubDep

router = APIRouter(tags=["invites"])
InviteId = Annotated[int, Path(ge=1, le=2**62)]


class InviteBody(CleanBody):
    name: StrictStr = Field(max_length=200, description="the account invited, by its name (any case)")
    seat: StrictInt | None = Field(default=None, ge=0, le=64,
                                   description="the free seat reserved for them (default: the first free one)")


@router.post("/api/games/{gid}/invites", status_code=201,
             summary="Invite an account by name to a free seat of your game (reserved for them until they answer)")
async def invite(gid: str, body: InviteBody, request: Request, hub: HubDep) -> dict[str, Any]:
    user = await me_or_401(request)
    return await hub.invites.invite(gid, user, body.name, body.seat)


@router.post("/api/invites/{invite_id}/accept", summary="Accept an invite: take its seat → your seat token")
async def accept(invite_id: InviteId, request: Request, hub: HubDep) -> dict[str, Any]:
    return await hub.invites.accept(invite_id, await me_or_401(request))


@router.post("/api/invites/{invite_id}/decline", summary="Decline an invite: its seat is free again")
async def decline(invite_id: InviteId, request: Request, hub: HubDep) -> dict[str, Any]:
    return await hub.invites.decline(invite_id, await me_or_401(request))


@router.post("/api/invites/{invite_id}/withdraw", summary="The inviter takes an invite back: its seat is free again")
async def withdraw(invite_id: InviteId, request: Request, hub: HubDep) -> dict[str, Any]:
    return await hub.invites.withdraw(invite_id, await me_or_401(request))


@router.get("/api/me/waiting", summary="Waiting for you: your games where your seat is due, and invites to you")
async def waiting(request: Request, hub: HubDep) -> dict[str, Any]:
    return await hub.invites.waiting(await me_or_401(request))


@router.get("/api/me/opponents", summary="Your recent opponents: accounts you shared a game with, newest first")
async def opponents(request: Request, hub: HubDep) -> dict[str, Any]:
    return {"players": await hub.invites.opponents(await me_or_401(request))}
