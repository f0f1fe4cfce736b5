"""The lobby's HTTP API: the server's health, the games that can be played (with their options and bot
levels), the lobby's lists of games, and the message catalogues the browser renders with."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query
from fastapi.responses import Response

import meeple
from meeple.agents import LADDER, ladder
from meeple.core import i18n
from meeple.server import invite_store
from meeple.server.routes.answers import Lang, checked_language
from meeple.server.routes.context import HubDep
from meeple.server.routes.ratings import attach_ratings, bot_ratings
from meeple.server.services import learn
from meeple.server.services.games import summary
from meeple.server.turn_clock import MISSES_BEFORE_REPLACED, MOVE_SECONDS_MAX, MOVE_SECONDS_MIN, PRESETS
from meeple.server.wire import dumps

router = APIRouter()
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
        "ladder": list(ladder(game_id)),  # the levels this game offers players (meeple.agents.ladder)
    }


@router.get("/api/health", tags=["server"])
async def health(hub: HubDep) -> dict[str, Any]:
    return {"ok": True, "games_in_memory": len(hub.live), "moves_applied": hub.moves_applied}


@router.get("/api/catalog", tags=["lobby"], summary="The games that can be played, with options and bot levels")
async def catalog(lang: Lang, hub: HubDep) -> dict[str, Any]:
    bots_rated = await hub.store.read(bot_ratings)
    guided = set(learn.games())  # the games with a guided first game ("Learn", issue 42)
    levels = hub.levels
    return {
        "lang": lang,
        "games": [{**game_entry(gid, info, lang), "bot_ratings": bots_rated.get(gid, {}), "learn": gid in guided}
                  for gid, info in meeple.games().items()],
        "bot_levels": levels.names(),
        "ladder": list(LADDER),
        "bot_level_help": levels.describe(lang),
        "bot_limits": levels.limits(),
        "turn_based": {"move_seconds_min": MOVE_SECONDS_MIN, "move_seconds_max": MOVE_SECONDS_MAX,
                       "presets": list(PRESETS), "misses_before_replaced": MISSES_BEFORE_REPLACED},
    }


@router.get("/api/lobby", tags=["lobby"], summary="Open games (free seats), games in progress, finished games")
async def lobby(lang: Lang, hub: HubDep, limit: Annotated[int, Query(ge=1, le=500)] = 50) -> dict[str, Any]:
    limit = min(limit, hub.settings.max_lobby)
    # Up to `limit` public games per status, private ones left out by the query (they are reached by
    # their link only): a flood of private games cannot push the public ones out of the lobby.
    # Abandoned games are listed with the finished ones (their replay stays readable, their status
    # says why they ended); cancelled games never started and are not listed at all.
    rows = await hub.store.list_games(("open", "active", "finished", "abandoned"), limit)
    out: dict[str, list[dict[str, Any]]] = {"open": [], "active": [], "finished": []}
    summaries = [summary(row, seat_rows, lang) for row, seat_rows in rows]
    # each account seat's rating for that game, shown beside the name
    await hub.store.read(attach_ratings, summaries, [seat_rows for _, seat_rows in rows])
    await hub.store.read(invite_store.mark_reserved, summaries, hub.clock())  # seats held by invites by name
    for (row, _), entry in zip(rows, summaries):
        out["finished" if row["status"] == "abandoned" else row["status"]].append(entry)
    out["finished"].sort(key=lambda x: x["updated_at"], reverse=True)
    del out["finished"][limit:]
    return out


@router.get("/api/i18n/{code}", tags=["lobby"],
            summary="Every message and component name in one language (the browser renders with these)")
async def catalogue(code: str) -> Response:
    lang = checked_language(code)
    body = _CATALOGUE_JSON.get(lang)
    if body is None:
        body = _CATALOGUE_JSON[lang] = dumps(i18n.catalogue_json(lang))
    return Response(content=body, media_type="application/json", headers={"Cache-Control": "public, max-age=300"})
