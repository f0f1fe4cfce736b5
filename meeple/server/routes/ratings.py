"""The ratings' HTTP API: a player's profile, a game's leaderboard, a finished game's rating changes,
and the ratings the lobby shows next to the players' names (``meeple.server.ratings`` computes them).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query, Request
from sqlalchemy import select, tuple_
from sqlalchemy.engine import Connection

import meeple
from meeple.core.i18n import render
from meeple.server import db, ratings
from meeple.server.accounts import name_key
from meeple.server.errors import NotFound, Unprocessable
from meeple.server.routes.answers import Lang
from meeple.server.routes.context import HubDep
from meeple.server.routes.sessions import signed_in

BANDS = ("2p", "3p+")


def shown_ratings(conn: Connection, wanted: list[tuple[int, str, str]]) -> dict[tuple[int, str, str], int]:
    """(user id, game, band) → the rating shown, for those of ``wanted`` that are rated."""
    if not wanted:
        return {}
    keys = [(f"user:{uid}", game, band) for uid, game, band in set(wanted)]
    rows = conn.execute(select(db.ratings.c.participant, db.ratings.c.game, db.ratings.c.band, db.ratings.c.mu,
                               db.ratings.c.sigma, db.ratings.c.games)
                        .where(tuple_(db.ratings.c.participant, db.ratings.c.game, db.ratings.c.band).in_(keys)))
    return {(int(r.participant.split(":", 1)[1]), r.game, r.band): ratings.rating_shown(r.mu, r.sigma)
            for r in rows if r.games > 0}


def bot_ratings(conn: Connection) -> dict[str, dict[str, dict[str, int]]]:
    """The bots' shown ratings: game → band → level → rating; a game and band's anchors as the server
    rates with them (``ratings.all_anchors``: seeded with ``meeple ratings seed-bots``, else shipped)."""
    out: dict[str, dict[str, dict[str, int]]] = {}
    for (game, band), bots in ratings.all_anchors(conn).items():
        for participant, (mu, sigma) in bots.items():
            out.setdefault(game, {}).setdefault(band, {})[participant.split(":", 1)[1]] = ratings.rating_shown(mu, sigma)
    return out


def attach_ratings(conn: Connection, summaries: list[dict[str, Any]], seat_rows: list[list[dict[str, Any]]]) -> None:
    """Put each account seat's rating for that game and player count (``rating``, or None) into the
    lobby's game summaries (``services.games.summary``), in place."""
    wanted = [(r["user_id"], s["game"], ratings.band_of(s["players"]))
              for s, rows in zip(summaries, seat_rows) for r in rows if r.get("user_id") is not None]
    found = shown_ratings(conn, wanted)
    for s, rows in zip(summaries, seat_rows):
        for seat, r in zip(s["seats"], rows):
            uid = r.get("user_id")
            seat["rating"] = found.get((uid, s["game"], ratings.band_of(s["players"]))) if uid is not None else None


router = APIRouter(tags=["ratings"])


def profile(conn: Connection, name: str, reader_id: int | None) -> dict[str, Any] | None:
    """A player's profile (``/api/players/{name}``), their private games listed only to themselves."""
    row = conn.execute(select(db.users.c.id, db.users.c.name).where(
        db.users.c.name_key == name_key(" ".join(name.split())), db.users.c.deleted_at.is_(None))).first()
    if row is None:
        return None
    own = reader_id == int(row.id)
    return {"id": int(row.id), "name": row.name, "ratings": ratings.player_ratings(conn, int(row.id)),
            "games": ratings.player_games(conn, int(row.id), 50, include_private=own)}


@router.get("/api/players/{name}", summary="A player's profile: ratings per game with their history, last games "
                                           "(private games only on your own profile)")
async def player(name: str, request: Request, hub: HubDep, lang: Lang) -> dict[str, Any]:
    if len(name) > 100:
        raise NotFound("server.no_player", args={"name": name[:40]})
    me = await signed_in(request)
    found = await hub.store.read(profile, name, me.user_id if me is not None else None)
    if found is None:
        raise NotFound("server.no_player", args={"name": name[:40]})
    return found  # type: ignore[no-any-return]


@router.get("/api/leaderboard/{game}", summary="A game's best players by rating, bots included and marked")
async def leaderboard(game: str, hub: HubDep, lang: Lang, band: Annotated[str, Query(max_length=8)] = "2p",
                      limit: Annotated[int, Query(ge=1, le=200)] = 50) -> dict[str, Any]:
    if game not in meeple.games():
        raise NotFound("server.unknown_game_id", args={"game": game[:40]})
    if band not in BANDS:
        raise Unprocessable("server.bad_band", args={"band": band[:8], "bands": ", ".join(BANDS)})
    rows = await hub.store.read(ratings.leaderboard, game, band, limit)
    for r in rows:
        if r.get("deleted"):
            r["name"] = render("server.deleted_player", None, lang)
    return {"game": game, "band": band, "bands": list(BANDS), "rows": rows}


@router.get("/api/games/{gid}/ratings",
            summary="A finished game's rating change per participant; for a game without any, why not")
async def game_ratings(gid: str, hub: HubDep, lang: Lang) -> dict[str, Any]:
    g = await hub.live_cache.get(gid)  # 404 for an unknown game
    changes = await hub.store.read(ratings.changes_of_game, g.id)
    reason = None
    if not changes:
        row = {**g.row, "status": g.status}
        reason = ratings.unrated_reason(row, g.seats)
        if reason is None:
            reason = "server.unrated.not_over" if g.status != "finished" else "server.unrated.failed"
    return {"rated": bool(changes), "changes": changes, "unrated_reason": reason,
            "unrated_text": render(reason, None, lang) if reason else None}
