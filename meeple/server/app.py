"""The HTTP and WebSocket API (FastAPI). ``create_app(Settings(db_url=...))`` builds a server: the hub
of services (``meeple.server.hub``), who asks (``routes.sessions``), the routes of every area
(``meeple.server.routes``), the limits and security headers every request passes, and the browser
client if it is installed.

Seat tokens travel in the ``Authorization: Bearer <token>`` header (or in the first WebSocket
message), never in URLs; only the one-time invite code of a seat appears in an invite link.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
from collections.abc import AsyncIterator

from fastapi import Depends, FastAPI
from fastapi.responses import HTMLResponse

import meeple
from meeple.server import db, ratings
from meeple.server.headers import SecureHeadersApp
from meeple.server.hub import Hub
from meeple.server.limits import LimitsMiddleware
from meeple.server.routes import accounts, answers, email, games, invites, learn, lobby, socket
from meeple.server.routes import chat as chat_routes
from meeple.server.routes import ratings as rating_routes
from meeple.server.routes.sessions import Sessions
from meeple.server.settings import Settings

log = logging.getLogger("meeple.server")


def create_app(settings: Settings | None = None) -> FastAPI:
    """A server with ``settings`` (checked now): start it with any ASGI server (``uvicorn.run(app)``)."""
    settings = settings or Settings()
    settings.check()
    hub = Hub(settings)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # An empty or damaged SQLite file is refused (db.DatabaseFileError) before anything writes to it.
        await asyncio.to_thread(db.check_database, settings.sqlalchemy_url())
        await hub.start()
        missing = await hub.store.read(ratings.unanchored)
        if missing:
            log.info("bot ratings: none shipped or seeded for %s; those bots rate as newcomers until "
                     "`meeple ratings seed-bots` (docs/server.md, Ratings)", ", ".join(f"{g} {b}" for g, b in missing))
        yield
        await hub.stop()

    app = SecureHeadersApp(  # every response, errors included, carries the security headers (headers.py)
        dependencies=[Depends(answers.request_language)],
        title="meeple server",
        version=meeple.__version__,
        description="Play meeple's board games online: lobby, seats, bots, live views over WebSocket. "
                    "See docs/server.md.",
        lifespan=lifespan,
    )
    app.state.hub = hub
    app.state.sessions = Sessions(hub.store, settings)
    app.state.settings = settings
    app.add_middleware(LimitsMiddleware, max_body=settings.max_body_bytes, rate=settings.http_rate,
                       burst=settings.http_burst, ws_rate=settings.ws_connect_rate,
                       ws_burst=settings.ws_connect_burst)
    answers.install(app)
    for router in (lobby.router, games.router, socket.router, accounts.router, rating_routes.router, email.router,
                   invites.router):
        app.include_router(router)
    app.include_router(chat_routes.router)  # the table chat (issue 40)
    app.include_router(learn.router)  # learn a game by playing it (issue 42)
    _mount_web(app)
    return app


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
