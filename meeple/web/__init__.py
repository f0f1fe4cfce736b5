"""The browser client: plain ES modules and CSS served by ``meeple serve`` (no build step, no npm).

``mount(app)`` is called by the server: ``/`` is the single page (lobby, game, replay by URL hash),
``/static/…`` its files. Every board is drawn from the view the server sends for the viewer's seat.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI, HTTPException
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

STATIC = Path(__file__).parent / "static"


def mount(app: FastAPI) -> None:
    """Serve the client on ``app``: ``/`` and ``/static``."""
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/content/{game_id}.json", tags=["lobby"], summary="Printed component facts a board draws with")
    async def content(game_id: str) -> JSONResponse:
        import meeple
        from meeple.web.content import public_content

        if game_id not in meeple.games():
            raise HTTPException(404, f"unknown game {game_id!r}")
        return JSONResponse(public_content(game_id), headers={"Cache-Control": "max-age=3600"})
