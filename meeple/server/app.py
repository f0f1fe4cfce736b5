"""The HTTP and WebSocket API (FastAPI). ``create_app(Settings(db_url=...))`` builds a server.

Seat tokens travel in the ``Authorization: Bearer <token>`` header (or in the first WebSocket
message), never in URLs; only the one-time invite code of a seat appears in an invite link.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import math
from collections.abc import AsyncIterator
from typing import Annotated, Any, Literal

from fastapi import Depends, FastAPI, Query, Request, WebSocket
from starlette.requests import HTTPConnection
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, field_validator
from pydantic_core import PydanticCustomError
from starlette.websockets import WebSocketDisconnect, WebSocketState

import meeple
from meeple.agents import LADDER
from meeple.core import i18n
from meeple.server import db, inputs, ratings
from meeple.server.errors import Forbidden, ServerError, Unprocessable
from meeple.server.headers import SecureHeadersApp
from meeple.server.account_routes import Sessions, account_router
from meeple.server.accounts import SignedIn
from meeple.server.rating_routes import attach_ratings, bot_ratings, rating_router
from meeple.server.hub import Hub, LiveGame
from meeple.server.limits import LimitsMiddleware, TokenBucket, client_key
from meeple.server.push import Ack, Subscriber
from meeple.server.settings import Settings
from meeple.server.wire import dumps, loads

log = logging.getLogger("meeple.server")


# ---------------------------------------------------------------------------- the reader's language
def _chosen_language(conn: HTTPConnection) -> str:
    """``?lang=`` if it names a language meeple speaks, else the best of ``Accept-Language``, else English
    (quietly: for error pages, where a second error would hide the first)."""
    code = conn.query_params.get("lang")
    if code:
        try:
            return i18n.language(code)
        except i18n.UnknownLanguage:
            pass
    return i18n.from_accept_language(conn.headers.get("accept-language")) or i18n.DEFAULT_LANGUAGE


def request_language(conn: HTTPConnection) -> str:
    """The language a request is answered in: ``?lang=`` (an unknown code is a 422 listing the available
    ones), else the best of its ``Accept-Language`` header, else English. Checked for every ``/api`` call."""
    code = conn.query_params.get("lang")
    if code is not None and conn.url.path.startswith("/api"):
        try:
            lang = i18n.language(code)
        except i18n.UnknownLanguage:
            raise Unprocessable("server.unknown_language", args={"value": repr(code)[:24], "languages": i18n.available()},
                                languages=list(i18n.LANGUAGES)) from None
    else:
        lang = _chosen_language(conn)
    conn.state.lang = lang
    return lang


Lang = Annotated[str, Depends(request_language)]
_CATALOGUE_JSON: dict[str, str] = {}  # lang → the JSON of /api/i18n/{lang} (the catalogues do not change while serving)


def game_entry(game_id: str, info: meeple.core.GameInfo, lang: str) -> dict[str, Any]:
    """One game of ``/api/catalog``: its facts, with its name, summary and option texts in ``lang``."""
    def say(message_id: str, fallback: str) -> str:
        return i18n.render(message_id, None, lang) if i18n.has(message_id, i18n.DEFAULT_LANGUAGE) else fallback

    return {
        "id": game_id, "name": say(f"{game_id}.title", info.name), "min_players": info.min_players,
        "max_players": info.max_players, "summary": say(f"{game_id}.summary", info.summary),
        "seat_names": [i18n.term(game_id, "seat", i, lang) or name for i, name in enumerate(info.seat_names)],
        "seat_colours": [name.split(" ")[0].lower() for name in info.seat_names],
        "options": [{"name": o.name, "default": o.default, "choices": list(o.choices),
                     "help": say(f"{game_id}.option.{o.name}", o.help),
                     "labels": [say(f"{game_id}.option.{o.name}.{str(c).lower()}", str(c)) for c in o.choices]}
                    for o in info.options],
    }



# ---------------------------------------------------------------------------- request bodies
class Strict(inputs.CleanBody):
    """Every field of every request body, before its own validation: numbers finite (no NaN or
    Infinity), text without control characters or lone surrogates (docs/server.md, Security)."""


NAME_LIMIT = 40
"""The longest name a person may give (in characters, after spaces at either end are dropped)."""


def person_name(value: Any) -> Any:
    """A person's name as given: spaces at either end dropped, blank is no name, at most NAME_LIMIT
    characters (a longer one is refused, never cut: the person would not recognize it)."""
    if isinstance(value, str):
        value = " ".join(value.split())
        if not value:
            return None
        if len(value) > NAME_LIMIT:
            raise PydanticCustomError("name_too_long", "a name has at most {limit} characters",
                                      {"limit": NAME_LIMIT})
    return value


class SeatSpec(Strict):
    kind: Literal["human", "bot"] = "human"
    level: Annotated[str, Field(max_length=200)] | None = Field(
        None, description="bot level, one of /api/catalog's bot_levels, search levels with settings within its "
                          "bot_limits (for a human seat: the bot that takes over if the person leaves or times out)")


class CreateGame(Strict):
    game: Annotated[str, Field(min_length=1, max_length=64)] = Field(description="game id, see /api/catalog")
    players: StrictInt | None = Field(None, description="player count (default: the game's minimum, or len(seats))")
    options: dict[str, StrictInt | StrictBool | StrictStr] = Field(default_factory=dict)
    seats: list[SeatSpec] | None = Field(None, max_length=16, description="one per player; default: all human")
    join: StrictInt | None = Field(None, description="the seat the creator takes (default: the first human seat)")
    player_name: StrictStr | None = Field(None, description="the creator's name, shown to the other seats")
    name: Annotated[str, Field(max_length=80)] | None = None
    private: StrictBool = Field(False, description="private games are not in the lobby's open list and need invites")
    turn_timeout: float | None = Field(None, ge=0.5, le=60 * 60 * 24 * 30,
                                       description="seconds a person may take before a bot plays their seat")
    fallback_level: Annotated[str, Field(max_length=200)] = "heuristic"
    referee: StrictBool = Field(False, description="referee a real table: the seats enter every die roll and card "
                                                   "draw (the view's 'chance' list) and meeple keeps the rules and score")
    rated: StrictBool | None = Field(
        None, description="the game counts for the ratings, chosen now for good: no hints and no undo in it, "
                          "and only signed-in players may take its seats. Needs a signed-in creator, two seats "
                          "or more and no referee. Default: rated when a signed-in creator plays against bots only")

    @field_validator("player_name")
    @classmethod
    def _tidy_player_name(cls, value: Any) -> Any:
        return person_name(value)


class JoinGame(Strict):
    seat: StrictInt | None = None
    invite: Annotated[str, Field(min_length=1, max_length=100)] | None = None
    name: StrictStr | None = Field(None, description="the joining person's name, shown to the other seats")
    guest: StrictBool = Field(False, description="take the seat as a guest even when signed in (another person "
                                                 "at this device: a table played at one device)")

    @field_validator("name")
    @classmethod
    def _tidy_name(cls, value: Any) -> Any:
        return person_name(value)


class Move(Strict):
    seq: StrictInt = Field(description="the sequence number of the view you act on")
    action: dict[str, Any] | None = Field(None, description='{"name": ..., "args": [...]}, as in the view\'s legal list')
    text: Annotated[str, Field(min_length=1, max_length=200)] | None = Field(None, description="or the action's text")


class Undo(Strict):
    seq: StrictInt


# ---------------------------------------------------------------------------- response shapes (documentation)
class Open(BaseModel):
    model_config = ConfigDict(extra="allow")


class Invite(Open):
    seat: int
    code: str = Field(description="one-time invite code: put it in the seat's invite link")


class Created(Open):
    id: str
    game: str
    players: int
    seat: int | None = Field(description="the creator's seat (None if no human seat)")
    token: str | None = Field(description="the creator's seat token: send it as 'Authorization: Bearer <token>'")
    invites: list[Invite]


class Joined(Open):
    id: str
    seat: int
    token: str = Field(description="your seat token: send it as 'Authorization: Bearer <token>'")


class SeatInfo(Open):
    seat: int
    color: str
    name: str | None
    kind: str
    level: str
    claimed: bool
    away: bool
    bot_playing: bool
    connected: bool


class LegalAction(Open):
    action: dict[str, Any] = Field(description='{"name": ..., "args": [...]}: send it back as the move')
    text: str = Field(description="the compact text form, e.g. 'take 4 2'")
    label: str = Field(description="a sentence for people (describe())")


class View(Open):
    """A seat's view. A referee game's view also holds ``referee`` (true), ``chance_due`` (a die roll or a
    card draw waits to be entered), ``chance_owner`` (the seat whose roll or draw it is, None: anyone) and
    ``chance`` (the outcomes you may enter now, as in ``legal``: send one as your move; empty unless it
    is yours to enter)."""

    type: Literal["view"] = "view"
    game_id: str
    game: str
    seq: int = Field(description="send it with your next move or undo")
    seat: int | None = Field(description="your seat, None for a spectator")
    status: str = Field(description="open | active | finished | abandoned | cancelled")
    over: bool
    to_move: list[int]
    your_turn: bool
    observation: dict[str, Any] = Field(description="exactly state.observation(seat)")
    legal: list[LegalAction]
    can_undo: bool
    rated: bool = Field(description="the game counts for the ratings (chosen at its creation): no hints, no undo")
    seats: list[SeatInfo]
    result: dict[str, Any] | None = Field(description="scores and winners, once the game is over")
    log_start: int = Field(description="index of the first line in 'log' (replace your log from there)")
    log: list[str] = Field(description="the log lines you may read, from index log_start on, in your language")
    events: list[tuple[str, dict[str, Any]]] = Field(
        description="the same log entries as structured events, [message id, args] (one per line of 'log', "
                    "same order, same log_start): args hold seat numbers, component keys, numbers, nested messages")


class Acted(Open):
    seq: int
    view: View


# ---------------------------------------------------------------------------- the app
def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()
    settings.check()
    hub = Hub(settings)
    sessions = Sessions(hub, settings)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # An empty or damaged SQLite file is refused (db.DatabaseFileError) before anything writes to it.
        await asyncio.to_thread(db.check_database, settings.sqlalchemy_url())
        await hub.start()

        def unanchored() -> list[tuple[str, str]]:
            with hub.engine.connect() as c:
                return ratings.unanchored(c)
        missing = await asyncio.to_thread(unanchored)
        if missing:
            log.info("bot ratings: none shipped or seeded for %s; those bots rate as newcomers until "
                     "`meeple ratings seed-bots` (docs/server.md, Ratings)", ", ".join(f"{g} {b}" for g, b in missing))
        yield
        await hub.stop()

    app = SecureHeadersApp(  # every response, errors included, carries the security headers (headers.py)
        dependencies=[Depends(request_language)],
        title="meeple server",
        version=meeple.__version__,
        description="Play meeple's board games online: lobby, seats, bots, live views over WebSocket. "
                    "See docs/server.md.",
        lifespan=lifespan,
    )
    app.state.hub = hub
    app.state.sessions = sessions
    app.state.settings = settings
    app.add_middleware(LimitsMiddleware, max_body=settings.max_body_bytes, rate=settings.http_rate,
                       burst=settings.http_burst, ws_rate=settings.ws_connect_rate,
                       ws_burst=settings.ws_connect_burst)

    @app.exception_handler(ServerError)
    async def _server_error(request: Request, exc: ServerError) -> JSONResponse:
        retry = exc.extra.get("retry_after")
        headers = {"Retry-After": str(max(1, math.ceil(retry)))} if isinstance(retry, (int, float)) else None
        lang = getattr(request.state, "lang", None) or _chosen_language(request)
        return JSONResponse({"detail": exc.render(lang), "error": exc.error_id, **exc.extra},
                            status_code=exc.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        # The raw input is echoed only where it is short and strict JSON (never NaN, a lone surrogate,
        # a control character): a refusal must not turn into a 500 of its own.
        errors = exc.errors()
        detail, listed = inputs.describe_errors(errors)
        unsafe = any(e.get("type") == "unsafe_input" for e in errors)
        log.log(logging.WARNING if unsafe else logging.INFO, "422 %s %s: %s", request.method,
                inputs.clean(request.url.path, 100), inputs.clean(detail, 300))
        return JSONResponse({"detail": detail, "errors": listed}, status_code=422)

    # ------------------------------------------------------------------ catalog and lobby
    @app.get("/api/health", tags=["server"])
    async def health() -> dict[str, Any]:
        return {"ok": True, "games_in_memory": len(hub.live), "moves_applied": hub.moves_applied}

    @app.get("/api/catalog", tags=["lobby"], summary="The games that can be played, with options and bot levels")
    async def catalog(lang: Lang) -> dict[str, Any]:
        def seeded() -> dict[str, Any]:
            with hub.engine.connect() as c:
                return bot_ratings(c)
        bots_rated = await asyncio.to_thread(seeded)
        return {
            "lang": lang,
            "games": [{**game_entry(gid, info, lang), "bot_ratings": bots_rated.get(gid, {})}
                      for gid, info in meeple.games().items()],
            "bot_levels": hub.levels.names(),
            "ladder": list(LADDER),
            "bot_level_help": hub.levels.describe(lang),
            "bot_limits": hub.levels.limits(),
        }

    @app.get("/api/lobby", tags=["lobby"], summary="Open games (free seats), games in progress, finished games")
    async def lobby(lang: Lang, limit: Annotated[int, Query(ge=1, le=500)] = 50) -> dict[str, Any]:
        limit = min(limit, settings.max_lobby)
        # Up to `limit` public games per status, private ones left out by the query (they are reached by
        # their link only): a flood of private games cannot push the public ones out of the lobby.
        # Abandoned games are listed with the finished ones (their replay stays readable, their status
        # says why they ended); cancelled games never started and are not listed at all.
        rows = await asyncio.to_thread(db.list_games, hub.engine, ("open", "active", "finished", "abandoned"), limit)
        out: dict[str, list[dict[str, Any]]] = {"open": [], "active": [], "finished": []}
        summaries = [hub.summary(row, seat_rows, lang) for row, seat_rows in rows]

        def rated() -> None:  # each account seat's rating for that game, shown beside the name
            with hub.engine.connect() as c:
                attach_ratings(c, summaries, [seat_rows for _, seat_rows in rows])
        await asyncio.to_thread(rated)
        for (row, _), summary in zip(rows, summaries):
            out["finished" if row["status"] == "abandoned" else row["status"]].append(summary)
        out["finished"].sort(key=lambda x: x["updated_at"], reverse=True)
        del out["finished"][limit:]
        return out

    # ------------------------------------------------------------------ games
    @app.post("/api/games", tags=["games"], status_code=201, response_model=Created,
              summary="Create a game; returns your seat token and one-time invite codes for the other human seats")
    async def create_game(body: CreateGame, request: Request) -> dict[str, Any]:
        players = body.players if body.players is not None else (len(body.seats) if body.seats else None)
        user = await sessions.signed_in(request)
        if user is None:
            await sessions.check_guest_name(body.player_name)
        return await hub.create(
            game=body.game, players=players, options=dict(body.options),
            seats=[s.model_dump() for s in body.seats] if body.seats is not None else None,
            join=body.join, name=body.name, private=body.private, turn_timeout=body.turn_timeout,
            fallback_level=body.fallback_level, player_name=body.player_name,
            client=request.client.host if request.client else "?", referee=body.referee, user=user,
            rated=body.rated,
        )

    @app.get("/api/games/{gid}", tags=["games"], summary="Public facts about a game (no hidden information)")
    async def game_summary(gid: str, lang: Lang) -> dict[str, Any]:
        g = await hub.get(gid)
        summary = hub.summary({**g.row, "status": g.status}, g.seats, lang)
        summary["seq"] = g.seq
        return summary

    @app.post("/api/games/{gid}/join", tags=["seats"], response_model=Joined,
              summary="Take a free seat (with its invite code, or any open seat of a public game) → your seat token")
    async def join(gid: str, body: JoinGame, request: Request) -> dict[str, Any]:
        user = None if body.guest else await sessions.signed_in(request)
        if user is None:
            await sessions.check_guest_name(body.name)
        return await hub.join(gid, body.seat, body.invite, body.name, user=user)

    @app.get("/api/games/{gid}/view", tags=["play"], response_model=View,
             summary="Your view: observation, legal actions with labels, your log, sequence number")
    async def my_view(gid: str, lang: Lang, token: str | SignedIn | None = Depends(sessions.credential),
                      log_from: Annotated[int, Query(ge=0)] = 0) -> dict[str, Any]:
        g = await hub.get(gid)
        hub.check_playing(g)  # abandoned or cancelled: say so (its replay is at /replay)
        seat = await hub.seat_for(g, token)
        async with g.lock:
            return hub.view(g, seat, log_from, lang)

    @app.get("/api/games/{gid}/spectate", tags=["play"], response_model=View, summary="The public view, for anyone")
    async def spectate(gid: str, lang: Lang, log_from: Annotated[int, Query(ge=0)] = 0) -> dict[str, Any]:
        g = await hub.get(gid)
        async with g.lock:
            return hub.view(g, None, log_from, lang)

    @app.post("/api/games/{gid}/actions", tags=["play"], response_model=Acted,
              summary="Submit an action for your seat at sequence number seq (409 if the game moved on)")
    async def act(gid: str, body: Move, lang: Lang, token: str | SignedIn | None = Depends(sessions.credential)) -> dict[str, Any]:
        if (body.action is None) == (body.text is None):
            raise ServerErrorBad("server.action_or_text")
        g = await hub.get(gid)
        seat = await hub.seat_for(g, token)
        seq = await hub.move(gid, seat, body.seq, body.action, body.text)
        async with g.lock:
            return {"seq": seq, "view": hub.view(g, seat, 0, lang)}

    @app.post("/api/games/{gid}/undo", tags=["play"], response_model=Acted,
              summary="Take back your own last move (only before anyone acts, never after chance or a reveal; "
                      "never in a rated game)")
    async def undo(gid: str, body: Undo, lang: Lang, token: str | SignedIn | None = Depends(sessions.credential)) -> dict[str, Any]:
        g = await hub.get(gid)
        seat = await hub.seat_for(g, token)
        seq = await hub.undo(gid, seat, body.seq)
        async with g.lock:
            return {"seq": seq, "view": hub.view(g, seat, 0, lang)}

    @app.post("/api/games/{gid}/hint", tags=["play"],
              summary="The coach's best moves for your seat now, from your seat's information only "
                      "(409 in a rated game)")
    async def ask_hint(gid: str, request: Request, lang: Lang,
                       token: str | SignedIn | None = Depends(sessions.credential)) -> dict[str, Any]:
        g = await hub.get(gid)
        seat = await hub.seat_for(g, token)
        return await hub.hint(gid, seat, lang, client_key(request.scope))

    @app.get("/api/games/{gid}/review", tags=["replay"],
             summary="A finished game's review for your seat: the moves the search rated clearly worse than its "
                     "best, worst first, from what your seat knew at the time (up to 15 s to compute)")
    async def game_review(gid: str, request: Request, lang: Lang,
                          token: str | SignedIn | None = Depends(sessions.credential)) -> dict[str, Any]:
        g = await hub.get(gid)
        seat = await hub.seat_for(g, token)
        return await hub.review(gid, seat, lang, client_key(request.scope))

    @app.get("/api/games/{gid}/review/progress", tags=["replay"],
             summary="How far your seat's review has come while it is computed: status waiting, running "
                     "(done of total positions), done or none")
    async def game_review_progress(gid: str, token: str | SignedIn | None = Depends(sessions.credential)) -> dict[str, Any]:
        g = await hub.get(gid)
        seat = await hub.seat_for(g, token)
        return hub.review_progress(gid, seat)

    @app.post("/api/games/{gid}/leave", tags=["seats"],
              summary="Leave: a bot of the chosen level plays your seat (in a rated game you are then ranked last)")
    async def leave(gid: str, token: str | SignedIn | None = Depends(sessions.credential)) -> dict[str, Any]:
        g = await hub.get(gid)
        seat = await hub.seat_for(g, token)
        await hub.set_away(g, seat, True, left=True)
        return {"seat": seat, "away": True}

    @app.post("/api/games/{gid}/reclaim", tags=["seats"], summary="Take your seat back from the bot")
    async def reclaim(gid: str, token: str | SignedIn | None = Depends(sessions.credential)) -> dict[str, Any]:
        g = await hub.get(gid)
        seat = await hub.seat_for(g, token)
        await hub.set_away(g, seat, False)
        return {"seat": seat, "away": False}

    @app.post("/api/games/{gid}/cancel", tags=["games"],
              summary="The creator cancels a game that has not started (a seat still open, no move made)")
    async def cancel(gid: str, token: str | SignedIn | None = Depends(sessions.credential)) -> dict[str, Any]:
        return await hub.cancel(gid, token)

    async def replay_reader(gid: str, token: str | SignedIn | None) -> LiveGame:
        """The game whose replay is asked for, if the asker may read it: a public game's anyone, a private
        game's only its seats (seat token, or the account holding a seat); anyone else gets 403
        ``server.private_replay`` (the replay holds the seed and every hidden fact)."""
        g = await hub.get(gid)
        if g.row.get("private"):
            try:
                await hub.seat_for(g, token)
            except ServerError:
                raise Forbidden("server.private_replay") from None
        return g

    @app.get("/api/games/{gid}/replay", tags=["replay"],
             summary="A finished game: every move and the whole log (a private game's: for its seats only)")
    async def replay(gid: str, lang: Lang, token: str | SignedIn | None = Depends(sessions.credential)) -> dict[str, Any]:
        g = await replay_reader(gid, token)
        return await hub.replay_moves(g, lang)

    @app.get("/api/games/{gid}/replay/{step}", tags=["replay"],
             summary="A finished game after `step` moves: every seat's observation and the public one "
                     "(a private game's: for its seats only)")
    async def replay_step(gid: str, step: int, lang: Lang,
                          token: str | SignedIn | None = Depends(sessions.credential)) -> dict[str, Any]:
        g = await replay_reader(gid, token)
        return await hub.replay_step(g, step, lang)

    # ------------------------------------------------------------------ words
    @app.get("/api/i18n/{code}", tags=["lobby"],
             summary="Every message and component name in one language (the browser renders with these)")
    async def catalogue(code: str) -> Response:
        try:
            lang = i18n.language(code)
        except i18n.UnknownLanguage:
            raise Unprocessable("server.unknown_language", args={"value": repr(code)[:24], "languages": i18n.available()},
                                languages=list(i18n.LANGUAGES)) from None
        body = _CATALOGUE_JSON.get(lang)
        if body is None:
            body = _CATALOGUE_JSON[lang] = dumps(i18n.catalogue_json(lang))
        return Response(content=body, media_type="application/json", headers={"Cache-Control": "public, max-age=300"})

    # ------------------------------------------------------------------ WebSocket
    @app.websocket("/api/games/{gid}/ws")
    async def websocket(ws: WebSocket, gid: str) -> None:
        await serve_socket(ws, hub, settings, gid, sessions)

    app.include_router(account_router(sessions))
    app.include_router(rating_router(hub, request_language, sessions.signed_in))
    _mount_web(app)
    return app


class ServerErrorBad(ServerError):
    status = 400


def _mount_web(app: FastAPI) -> None:
    """The browser client (meeple.web, another package) if installed; else a small landing page."""
    try:
        web = importlib.import_module("meeple.web")
    except ImportError:
        web = None
    if web is not None and hasattr(web, "mount"):
        web.mount(app)
        return

    @app.get("/", include_in_schema=False)
    async def index() -> HTMLResponse:
        return HTMLResponse(
            "<!doctype html><meta charset=utf-8><title>meeple</title>"
            "<h1>meeple server</h1><p>The API is running. "
            "<a href=/docs>API documentation</a> · <a href=/api/lobby>lobby (JSON)</a> · "
            "<a href=/api/catalog>games (JSON)</a></p>"
        )


# ---------------------------------------------------------------------------- WebSocket protocol
WS_FIELDS = {
    "hello": {"type", "token", "seq", "log_from", "updates", "observation", "lang"},
    "move": {"type", "seq", "action", "text", "ref"},
    "undo": {"type", "seq", "ref"},
    "view": {"type", "ref"},
    "ping": {"type", "ref"},
}


def _error(status: int, detail: str | ServerError, ref: Any = None, lang: str = i18n.DEFAULT_LANGUAGE,
           **extra: Any) -> str:
    """An error message for a WebSocket watcher, in the watcher's language."""
    if isinstance(detail, ServerError):
        extra = {**detail.extra, **extra}
        error_id, detail = detail.error_id, detail.render(lang)
    elif i18n.is_message_id(detail):
        error_id, detail = detail, i18n.render(detail, extra.pop("args", None), lang)
    else:
        error_id = "core.text"
    return dumps({"type": "error", "status": status, "detail": detail, "error": error_id, "ref": ref, **extra})


async def _close(ws: WebSocket, code: int, reason: str) -> None:
    if ws.client_state == WebSocketState.CONNECTED:
        with contextlib.suppress(Exception):
            await ws.close(code=code, reason=reason[:120])


async def _sender(ws: WebSocket, hub: Hub, g: LiveGame, sub: Subscriber) -> None:
    # The game's facts are read under its lock: a move in flight has changed the state but not yet its
    # sequence number. When nobody holds the lock the game is consistent as it is, and taking the lock
    # (nothing awaited in between) would change nothing but the cost.
    lock = g.lock
    try:
        while True:
            await sub.wake.wait()
            sub.wake.clear()
            while sub.outbox:
                item = sub.outbox.popleft()
                if isinstance(item, Ack):
                    if lock.locked():
                        async with lock:
                            item = hub.ack_for(g, sub, item)
                    else:
                        item = hub.ack_for(g, sub, item)
                await ws.send_text(item)
            if sub.dirty:
                sub.dirty = False
                if lock.locked():
                    async with lock:
                        text = hub.message_for(g, sub)
                else:
                    text = hub.message_for(g, sub)
                if text is not None:
                    await ws.send_text(text)
    except asyncio.CancelledError:
        raise
    except Exception:  # noqa: BLE001 - the peer went away (the receive loop cleans up)
        return


def _same_origin(ws: WebSocket) -> bool:
    """Whether the WebSocket was opened by a page of this server (its Origin names the Host it asked)."""
    origin, host = ws.headers.get("origin"), ws.headers.get("host")
    if not origin or not host:
        return False
    return origin.split("://", 1)[-1].rstrip("/").lower() == host.lower()


def _check_fields(msg: dict[str, Any]) -> i18n.Message | None:
    kind = msg.get("type")
    if not isinstance(kind, str) or kind not in WS_FIELDS:
        return i18n.Message("server.ws_unknown_type", {"value": repr(kind)[:40], "types": ", ".join(WS_FIELDS)})
    extra = set(msg) - WS_FIELDS[kind]
    if extra:
        return i18n.Message("server.ws_unknown_fields", {"kind": kind, "fields": ", ".join(sorted(map(str, extra)))[:120]})
    return None


async def serve_socket(ws: WebSocket, hub: Hub, settings: Settings, gid: str, sessions: Sessions | None = None) -> None:
    """One viewer's connection: hello (token or none), then live views; moves and undo in both directions."""
    await ws.accept()
    try:
        g = await hub.get(gid)
    except ServerError as exc:
        await _close(ws, 1008, exc.detail)
        return
    try:
        first = await asyncio.wait_for(ws.receive(), timeout=settings.ws_hello_timeout)
    except asyncio.TimeoutError:
        await _close(ws, 1008, "no hello message: send {\"type\": \"hello\", \"token\": ...} first")
        return
    if first["type"] == "websocket.disconnect":
        return
    hello = _decode(first, settings)
    if isinstance(hello, tuple):
        await _close(ws, *hello)
        return
    if hello is MALFORMED:
        await _close(ws, 1008, "malformed JSON in the hello message")
        return
    problem = _check_fields(hello) if isinstance(hello, dict) else "a message is a JSON object"
    if problem or hello.get("type") != "hello":
        await _close(ws, 1008, str(problem or "the first message must be {\"type\": \"hello\"}"))
        return
    # Close reasons stay English (a WebSocket close reason is at most 123 bytes); all else follows "lang".
    try:
        lang = i18n.language(hello["lang"]) if hello.get("lang") is not None else _chosen_language(ws)
    except i18n.UnknownLanguage:
        await _close(ws, 1008, f"unknown language {str(hello.get('lang'))[:20]!r}; available: {', '.join(i18n.LANGUAGES)}")
        return
    token = hello.get("token")
    if token is None:
        auth = ws.headers.get("authorization", "")
        if auth.lower().startswith("bearer "):
            token = auth[7:].strip()
    seat: int | None = None
    if token is not None:
        try:
            seat = await hub.seat_for(g, token if isinstance(token, str) else None)
        except ServerError:
            await _close(ws, 1008, "invalid seat token for this game")
            return
    elif sessions is not None and _same_origin(ws):
        # no token: a signed-in player's own seat, from the session cookie (only from a page of this
        # server: a WebSocket is not bound by the same-origin rule, so another site's page could open one)
        found = await sessions.session(ws)
        if found is not None:
            seat = g.seat_of(found[0])
            if seat is not None:
                g.seen = hub.clock()
    resume = hello.get("seq")
    log_from = hello.get("log_from", 0)
    if not isinstance(log_from, int) or isinstance(log_from, bool) or log_from < 0:
        log_from = 0
    updates, observation = hello.get("updates", False), hello.get("observation", True)
    if not isinstance(updates, bool) or not isinstance(observation, bool):
        await _close(ws, 1008, "'updates' and 'observation' in the hello are true or false")
        return
    if g.closed:  # abandoned or cancelled: a returning person is told why, in their language
        exc = ServerError(f"server.game_{g.closed}", args={"game": g.id}, game_status=g.closed)
        with contextlib.suppress(Exception):
            await ws.send_text(_error(409, exc, None, lang))
        await _close(ws, 1008, f"this game was {g.closed}")
        return
    sub = Subscriber(seat, log_from, updates=updates, observation=observation, lang=lang)
    hub.subscribe(g, sub, resume if isinstance(resume, int) and not isinstance(resume, bool) else None)
    sender = asyncio.ensure_future(_sender(ws, hub, g, sub))
    bucket = TokenBucket(settings.ws_rate, settings.ws_burst)
    try:
        while True:
            raw = await ws.receive()
            if raw["type"] == "websocket.disconnect":
                break
            if not bucket.take():
                sender.cancel()
                await _close(ws, 1008, "rate limit exceeded: too many messages")
                break
            msg = _decode(raw, settings)
            if isinstance(msg, tuple):
                sender.cancel()
                await _close(ws, *msg)
                break
            if msg is MALFORMED:
                sub.send(_error(400, "server.ws_malformed", lang=lang))
                continue
            if not isinstance(msg, dict):
                sub.send(_error(400, "server.ws_not_object", lang=lang))
                continue
            ref = msg.get("ref")
            problem = _check_fields(msg)
            if problem:
                sub.send(_error(400, problem.id, ref if isinstance(ref, (str, int)) else None, lang, args=problem.args))
                continue
            kind = msg["type"]
            try:
                if kind == "ping":
                    sub.send(dumps({"type": "pong", "ref": ref, "seq": g.seq}))
                elif kind == "view":
                    sub.ask_view()
                elif kind == "hello":
                    sub.send(_error(400, "server.ws_hello_again", ref, lang))
                elif seat is None:
                    sub.send(_error(403, "server.spectators_cannot_act", ref, lang))
                elif kind == "move":
                    if ("action" in msg) == ("text" in msg):
                        sub.send(_error(400, "server.action_or_text", ref, lang))
                        continue
                    text = msg.get("text")
                    if text is not None and not isinstance(text, str):
                        sub.send(_error(400, "server.text_not_string", ref, lang))
                        continue
                    new_seq = await hub.move(gid, seat, msg.get("seq"), msg.get("action"), text)
                    sub.send(Ack(new_seq, ref))
                elif kind == "undo":
                    new_seq = await hub.undo(gid, seat, msg.get("seq"))
                    sub.send(Ack(new_seq, ref))
            except ServerError as exc:
                sub.send(_error(exc.status, exc, ref, lang))
    except (WebSocketDisconnect, RuntimeError, ConnectionError):
        pass
    finally:
        sender.cancel()
        hub.unsubscribe(g, sub)


def _decode(raw: dict[str, Any], settings: Settings) -> Any:
    """The JSON of a client message, or (close code, reason) when it must end the connection."""
    text = raw.get("text")
    if text is None:
        if raw.get("bytes") is not None:
            return (1003, "send JSON text frames, not binary")
        return (1002, "empty frame")
    if len(text) > settings.max_ws_message_bytes:
        return (1009, f"message too large (limit {settings.max_ws_message_bytes} bytes)")
    try:
        return loads(text)
    except ValueError:
        return MALFORMED


MALFORMED = object()
