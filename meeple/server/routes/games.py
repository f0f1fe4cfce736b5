"""The games' HTTP API: create a game, read its public facts, take a seat, see your view or the public
one, move and undo, ask the coach, leave and come back, cancel, and read a finished game's replay.

Seat tokens travel in the ``Authorization: Bearer <token>`` header, never in URLs (a signed-in
player's session cookie stands for the seat their account holds).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request

from meeple.server import invite_store
from meeple.server.accounts import SignedIn
from meeple.server.errors import BadRequest, Forbidden, ServerError
from meeple.server.limits import client_key
from meeple.server.live_game import LiveGame, check_playing
from meeple.server.routes.answers import Lang
from meeple.server.routes.bodies import Acted, CreateGame, Created, JoinGame, Joined, Move, Undo, View
from meeple.server.routes.context import HubDep
from meeple.server.routes.sessions import credential, sessions_of
from meeple.server.services import replay as replays
from meeple.server.services.games import summary

router = APIRouter()
Credential = Annotated[str | SignedIn | None, Depends(credential)]
"""Who asks: a seat token, a signed-in player, or None."""


async def seated(hub: HubDep, gid: str, token: str | SignedIn | None) -> tuple[LiveGame, int]:
    """The game ``gid`` and the asker's seat at it (Unauthorized or Forbidden if they hold none)."""
    g = await hub.live_cache.get(gid)
    return g, await hub.games.seat_for(g, token)


# ------------------------------------------------------------------ creating, seats
@router.post("/api/games", tags=["games"], status_code=201, response_model=Created,
             summary="Create a game; returns your seat token and one-time invite codes for the other human seats")
async def create_game(body: CreateGame, request: Request, hub: HubDep) -> dict[str, Any]:
    players = body.players if body.players is not None else (len(body.seats) if body.seats else None)
    sessions = sessions_of(request)
    user = await sessions.signed_in(request)
    if user is None:
        await sessions.check_guest_name(body.player_name)
    return await hub.games.create(
        game=body.game, players=players, options=dict(body.options),
        seats=[s.model_dump() for s in body.seats] if body.seats is not None else None,
        join=body.join, name=body.name, private=body.private, turn_timeout=body.turn_timeout,
        fallback_level=body.fallback_level, player_name=body.player_name,
        client=request.client.host if request.client else "?", referee=body.referee, user=user,
        rated=body.rated, pace=body.pace, move_seconds=body.move_seconds,
    )


@router.get("/api/games/{gid}", tags=["games"], summary="Public facts about a game (no hidden information)")
async def game_summary(gid: str, lang: Lang, hub: HubDep) -> dict[str, Any]:
    g = await hub.live_cache.get(gid)
    facts = summary({**g.row, "status": g.status}, g.seats, lang)
    facts["seq"] = g.seq
    if facts["status"] == "open":  # free seats held by invites by name (not offered to anyone else)
        await hub.store.read(invite_store.mark_reserved, [facts], hub.clock())
    return facts


@router.post("/api/games/{gid}/join", tags=["seats"], response_model=Joined,
             summary="Take a free seat (with its invite code, or any open seat of a public game) → your seat token")
async def join(gid: str, body: JoinGame, request: Request, hub: HubDep) -> dict[str, Any]:
    sessions = sessions_of(request)
    user = None if body.guest else await sessions.signed_in(request)
    if user is None:
        await sessions.check_guest_name(body.name)
    return await hub.games.join(gid, body.seat, body.invite, body.name, user=user)


@router.post("/api/games/{gid}/leave", tags=["seats"],
             summary="Leave: a bot of the chosen level plays your seat (in a rated game you are then ranked last)")
async def leave(gid: str, hub: HubDep, token: Credential) -> dict[str, Any]:
    g, seat = await seated(hub, gid, token)
    await hub.games.set_away(g, seat, True, left=True)
    return {"seat": seat, "away": True}


@router.post("/api/games/{gid}/reclaim", tags=["seats"], summary="Take your seat back from the bot")
async def reclaim(gid: str, hub: HubDep, token: Credential) -> dict[str, Any]:
    g, seat = await seated(hub, gid, token)
    await hub.games.set_away(g, seat, False)
    return {"seat": seat, "away": False}


@router.post("/api/games/{gid}/cancel", tags=["games"],
             summary="The creator cancels a game that has not started (a seat still open, no move made)")
async def cancel(gid: str, hub: HubDep, token: Credential) -> dict[str, Any]:
    return await hub.games.cancel(gid, token)


# ------------------------------------------------------------------ play
@router.get("/api/games/{gid}/view", tags=["play"], response_model=View,
            summary="Your view: observation, legal actions with labels, your log, sequence number")
async def my_view(gid: str, lang: Lang, hub: HubDep, token: Credential,
                  log_from: Annotated[int, Query(ge=0)] = 0) -> dict[str, Any]:
    g = await hub.live_cache.get(gid)
    check_playing(g)  # abandoned or cancelled: say so (its replay is at /replay)
    seat = await hub.games.seat_for(g, token)
    async with g.lock:
        return hub.watchers.view(g, seat, log_from, lang)


@router.get("/api/games/{gid}/spectate", tags=["play"], response_model=View, summary="The public view, for anyone")
async def spectate(gid: str, lang: Lang, hub: HubDep, log_from: Annotated[int, Query(ge=0)] = 0) -> dict[str, Any]:
    g = await hub.live_cache.get(gid)
    async with g.lock:
        return hub.watchers.view(g, None, log_from, lang)


@router.post("/api/games/{gid}/actions", tags=["play"], response_model=Acted,
             summary="Submit an action for your seat at sequence number seq (409 if the game moved on)")
async def act(gid: str, body: Move, lang: Lang, hub: HubDep, token: Credential) -> dict[str, Any]:
    if (body.action is None) == (body.text is None):
        raise BadRequest("server.action_or_text")
    g, seat = await seated(hub, gid, token)
    seq = await hub.play.move(gid, seat, body.seq, body.action, body.text)
    async with g.lock:
        return {"seq": seq, "view": hub.watchers.view(g, seat, 0, lang)}


@router.post("/api/games/{gid}/undo", tags=["play"], response_model=Acted,
             summary="Take back your own last move (only before anyone acts, never after chance or a reveal; "
                     "never in a rated game)")
async def undo(gid: str, body: Undo, lang: Lang, hub: HubDep, token: Credential) -> dict[str, Any]:
    g, seat = await seated(hub, gid, token)
    seq = await hub.play.undo(gid, seat, body.seq)
    async with g.lock:
        return {"seq": seq, "view": hub.watchers.view(g, seat, 0, lang)}


# ------------------------------------------------------------------ coaching
@router.post("/api/games/{gid}/hint", tags=["play"],
             summary="The coach's best moves for your seat now, from your seat's information only "
                     "(409 in a rated game)")
async def ask_hint(gid: str, request: Request, lang: Lang, hub: HubDep, token: Credential) -> dict[str, Any]:
    _, seat = await seated(hub, gid, token)
    return await hub.coaching.hint(gid, seat, lang, client_key(request.scope))


@router.get("/api/games/{gid}/review", tags=["replay"],
            summary="A finished game's review for your seat: the moves the search rated clearly worse than its "
                    "best, worst first, from what your seat knew at the time (up to 15 s to compute)")
async def game_review(gid: str, request: Request, lang: Lang, hub: HubDep, token: Credential) -> dict[str, Any]:
    _, seat = await seated(hub, gid, token)
    return await hub.coaching.review(gid, seat, lang, client_key(request.scope))


@router.get("/api/games/{gid}/review/progress", tags=["replay"],
            summary="How far your seat's review has come while it is computed: status waiting, running "
                    "(done of total positions), done or none")
async def game_review_progress(gid: str, hub: HubDep, token: Credential) -> dict[str, Any]:
    _, seat = await seated(hub, gid, token)
    return hub.coaching.review_progress(gid, seat)


# ------------------------------------------------------------------ replay
async def replay_reader(hub: HubDep, gid: str, token: str | SignedIn | None) -> LiveGame:
    """The game whose replay is asked for, if the asker may read it: a public game's anyone, a private
    game's only its seats (seat token, or the account holding a seat); anyone else is Forbidden
    (``server.private_replay``: the replay holds the seed and every hidden fact)."""
    g = await hub.live_cache.get(gid)
    if g.row.get("private"):
        try:
            await hub.games.seat_for(g, token)
        except ServerError:
            raise Forbidden("server.private_replay") from None
    return g


@router.get("/api/games/{gid}/replay", tags=["replay"],
            summary="A finished game: every move, the whole log and the table chat (a private game's: for its seats only)")
async def replay(gid: str, lang: Lang, hub: HubDep, token: Credential) -> dict[str, Any]:
    g = await replay_reader(hub, gid, token)
    moves = replays.replay_moves(g, lang)
    return {**moves, "chat": await hub.chat.for_replay(g, lang)}  # each line with its replay step


@router.get("/api/games/{gid}/replay/{step}", tags=["replay"],
            summary="A finished game after `step` moves: every seat's observation and the public one "
                    "(a private game's: for its seats only)")
async def replay_step(gid: str, step: int, lang: Lang, hub: HubDep, token: Credential) -> dict[str, Any]:
    return replays.replay_step(await replay_reader(hub, gid, token), step, lang)
