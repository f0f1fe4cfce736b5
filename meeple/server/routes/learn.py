"""Learn a game by playing it (issue 42): the games with a guided first game, a step's view, a touch.

    GET  /api/learn                          the games that have a scenario
    GET  /api/learn/{game}/steps/{k}         step k (or the next shown one) for your seat, with its sentence
    POST /api/learn/{game}/steps/{k}  {text} what touching that action does there

Nothing is stored: the step index the browser keeps is the whole session (``services.learn``).
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, Field

from meeple.server.routes.answers import Lang
from meeple.server.services import learn

router = APIRouter()


class TouchBody(BaseModel):
    """A touched action: its compact text (``str(action)``, the board's ``data-action``)."""

    text: str = Field(..., min_length=1, max_length=200)


@router.get("/api/learn", tags=["learn"], summary="The games that have a guided first game")
async def learn_games() -> dict[str, Any]:
    return {"games": learn.games()}


@router.get("/api/learn/{game}/steps/{k}", tags=["learn"], summary="A step of a game's guided first game")
async def learn_step(game: str, k: int, lang: Lang) -> dict[str, Any]:
    return learn.step_view(game, k, lang)


@router.post("/api/learn/{game}/steps/{k}", tags=["learn"], summary="Touch an action at a step of yours")
async def learn_touch(game: str, k: int, body: TouchBody, lang: Lang) -> dict[str, Any]:
    return learn.touched(game, k, body.text, lang)
