"""The table chat's HTTP API (issue 40): a seat says a line (its seat token or its account's session,
as for a move), anyone who may see the game reads them. Lines are also pushed live over the game's
WebSocket (``{"type": "chat", "line": {...}}``), and a seat may say one there too (``{"type": "chat"}``).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query
from pydantic import BaseModel, ConfigDict, Field

from meeple.server import chat as rules
from meeple.server.routes.answers import Lang
from meeple.server.routes.context import HubDep
from meeple.server.routes.games import Credential, seated
from meeple.server.services.chat import line_json

router = APIRouter()


class ChatLine(BaseModel):
    """A line to say: ``text`` (free text, as typed) or ``phrase`` (a quick phrase's id), not both.
    Unlike the other bodies, the values are checked by the chat's own rules (``meeple.server.chat``),
    so every refusal (control characters included) carries its message id."""

    model_config = ConfigDict(extra="forbid")
    text: Any = Field(None, description=f"free text: at most {rules.MAX_CHARS} characters after NFC "
                                        "normalisation, no control characters, not blank")
    phrase: Any = Field(None, description=f"a quick phrase's id, one of {', '.join(rules.QUICK_PHRASES)}")


def _limits() -> dict[str, Any]:
    return {"max_chars": rules.MAX_CHARS, "per_window": rules.PER_WINDOW, "window_seconds": rules.WINDOW_SECONDS,
            "game_cap": rules.GAME_CAP, "seat_cap": rules.SEAT_CAP}


@router.post("/api/games/{gid}/chat", tags=["chat"], status_code=201,
             summary="Say a line at the game's table (a seat only): free text or a quick phrase; never a move")
async def say(gid: str, body: ChatLine, lang: Lang, hub: HubDep, token: Credential) -> dict[str, Any]:
    g, seat = await seated(hub, gid, token)
    row = await hub.chat.post(g, seat, body.text, body.phrase)
    return {"line": line_json(row, g.seats, g.state, lang)}


@router.get("/api/games/{gid}/chat", tags=["chat"],
            summary="The table's chat (for seats and spectators): the newest lines after id `after`, oldest first")
async def read_chat(gid: str, lang: Lang, hub: HubDep,
                    after: Annotated[int, Query(ge=0)] = 0,
                    limit: Annotated[int, Query(ge=1, le=rules.HISTORY_LIMIT)] = rules.HISTORY_LIMIT) -> dict[str, Any]:
    g = await hub.live_cache.get(gid)
    return {"lines": await hub.chat.history(g, after, limit, lang), "phrases": list(rules.QUICK_PHRASES),
            "limits": _limits()}
