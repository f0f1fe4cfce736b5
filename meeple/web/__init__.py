"""The browser client: plain ES modules and CSS served by ``meeple serve`` (no build step, no npm).

``mount(app)`` is called by the server: ``/`` is the single page (lobby, game, replay by URL hash),
``/static/…`` its files, ``/api/rules/{game}?lang=`` a game's rules (the "How to play" panel). Every board
is drawn from the view the server sends for the viewer's seat.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI, HTTPException
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles

STATIC = Path(__file__).parent / "static"

# The rules documents the "How to play" panel shows: docs/rules/ of the checkout meeple runs from, the
# same files `meeple rules` prints (cli.rules_dir). Only these (game, language) pairs are ever read: the
# route looks its file up here and never builds a path from what the request says.
RULES_DIR = Path(__file__).resolve().parents[2] / "docs" / "rules"
RULES_GAMES = ("cube-europe", "citadels", "kingsburg", "versailles", "gods-playground")
RULES_FILES: dict[tuple[str, str], Path] = {
    **{(game, "en"): RULES_DIR / f"{game}.md" for game in RULES_GAMES},
    **{(game, "zh"): RULES_DIR / f"{game}.zh.md" for game in RULES_GAMES},
}


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

    @app.get("/api/rules/{game_id}", tags=["lobby"], summary="A game's rules as implemented (markdown), in en or zh")
    async def rules(game_id: str, lang: str = "en") -> PlainTextResponse:
        path = RULES_FILES.get((game_id, lang))
        if path is None:
            if lang not in ("en", "zh"):
                raise HTTPException(422, f"unknown language {lang[:24]!r}: en or zh")
            raise HTTPException(404, f"no rules for game {game_id[:64]!r}")
        return PlainTextResponse(path.read_text(encoding="utf-8"), media_type="text/markdown; charset=utf-8",
                                 headers={"Cache-Control": "max-age=3600"})
