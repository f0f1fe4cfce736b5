"""Rated games end to end: a signed-in player's finished game against a bot is rated in the move that
ends it, shows in the profile, the leaderboard and the lobby, and the stored ratings equal a
recomputation from the stored games (issue 24's checks), on both databases."""

from __future__ import annotations

import random
import time
from typing import Any

from meeple.server import db, ratings
from meeple.server.accounts import CSRF_HEADER
from meeple.server.hub import stored_result
from meeple.server.settings import normalize_db_url

from .helpers import client

PASSWORD = "correct horse battery"


def _csrf(c: Any) -> dict[str, str]:
    return {CSRF_HEADER: c.cookies.get("meeple_csrf")}


def _play_out(c: Any, gid: str, rnd: random.Random, undo_once: bool = False) -> dict[str, Any]:
    """The signed-in player moves at random (through the session cookie) until the game is over."""
    for _ in range(3000):
        v = c.get(f"/api/games/{gid}/view").json()
        if v["over"]:
            return v
        if not v["your_turn"]:
            time.sleep(0.005)  # the bot plays in the server's loop
            continue
        entry = rnd.choice(v["legal"])
        r = c.post(f"/api/games/{gid}/actions", json={"seq": v["seq"], "action": entry["action"]}, headers=_csrf(c))
        if r.status_code == 409:
            continue
        assert r.status_code == 200, r.text
        if undo_once and r.json()["view"]["can_undo"]:
            undo = c.post(f"/api/games/{gid}/undo", json={"seq": r.json()["seq"]}, headers=_csrf(c))
            assert undo.status_code in (200, 409), undo.text  # 409: the bot moved first; undo a later move
            undo_once = undo.status_code != 200
    raise AssertionError("the game did not end")


def _new_game(c: Any) -> str:
    r = c.post("/api/games", json={"game": "cube-europe", "players": 2,
                                   "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]}, headers=_csrf(c))
    assert r.status_code == 201, r.text
    return r.json()["id"]


def test_a_finished_game_against_a_bot_is_rated_and_recomputes_alike(db_url: str) -> None:
    rnd = random.Random(7)
    with client(db_url) as c:
        assert c.post("/api/accounts", json={"name": "Ann", "password": PASSWORD}).status_code == 201
        rated = []
        for _ in range(3):
            gid = _new_game(c)
            _play_out(c, gid, rnd)
            rated.append(gid)
        unrated = _new_game(c)
        _play_out(c, unrated, rnd, undo_once=True)  # an undo: not rated (Board Game Arena's rule)
        for gid in rated:
            r = c.get(f"/api/games/{gid}/ratings").json()
            assert r["rated"] and {x["participant"] for x in r["changes"]} == {"user:1", "bot:random"}
            ann = next(x for x in r["changes"] if x["participant"] == "user:1")
            assert ann["change"] == ann["after"] - ann["before"] and ann["change"] != 0
        assert c.get(f"/api/games/{unrated}/ratings").json() == {"rated": False, "changes": []}
        profile = c.get("/api/players/ann").json()
        assert profile["name"] == "Ann"
        [rating] = profile["ratings"]
        assert (rating["game"], rating["band"], rating["games"]) == ("cube-europe", "2p", 3)
        assert len(rating["history"]) == 3 and rating["history"][-1]["rating"] == rating["rating"]
        assert {g["game_id"] for g in profile["games"]} == set(rated) | {unrated}
        assert next(g for g in profile["games"] if g["game_id"] == unrated)["rated"] is False
        board = c.get("/api/leaderboard/cube-europe?band=2p").json()["rows"]
        assert [r["name"] for r in board if r["kind"] == "person"] == ["Ann"]
        lobby = c.get("/api/lobby").json()
        seat = next(g for g in lobby["finished"] if g["id"] == rated[0])["seats"][0]
        assert seat["name"] == "Ann" and seat["rating"] == rating["rating"]
        assert c.get("/api/leaderboard/cube-europe?band=9p").status_code == 422
        assert c.get("/api/leaderboard/nope").status_code == 404
        assert c.get("/api/players/nobody").status_code == 404
    engine = db.make_engine(normalize_db_url(db_url))
    try:
        with engine.connect() as conn:
            again = ratings.recompute(conn, lambda row: stored_result(engine, row))
            stored = {(r.participant, r.game, r.band): (r.mu, r.sigma)
                      for r in conn.execute(db.ratings.select().where(db.ratings.c.participant.like("user:%")))}
        assert again.keys() == stored.keys() and len(stored) == 1
        for key, (mu, sigma) in stored.items():
            assert abs(again[key][0] - mu) < 1e-9 and abs(again[key][1] - sigma) < 1e-9
    finally:
        engine.dispose()


def test_a_guests_game_is_not_rated(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        made = c.post("/api/games", json={"game": "cube-europe", "players": 2,
                                          "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]}).json()
        gid, token = made["id"], made["token"]
        rnd = random.Random(3)
        for _ in range(3000):
            v = c.get(f"/api/games/{gid}/view", headers={"Authorization": f"Bearer {token}"}).json()
            if v["over"]:
                break
            if v["your_turn"]:
                c.post(f"/api/games/{gid}/actions", json={"seq": v["seq"], "action": rnd.choice(v["legal"])["action"]},
                       headers={"Authorization": f"Bearer {token}"})
            else:
                time.sleep(0.005)
        assert c.get(f"/api/games/{gid}/ratings").json()["rated"] is False


def test_the_catalog_gives_the_seeded_bots_ratings(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        engine = db.make_engine(normalize_db_url(sqlite_url))
        try:
            with engine.begin() as conn:
                conn.execute(db.ratings.insert().values(participant="bot:heuristic", game="cube-europe", band="2p",
                                                        mu=40.0, sigma=6.0, games=20, updated_at=0.0))
        finally:
            engine.dispose()
        entry = next(g for g in c.get("/api/catalog").json()["games"] if g["id"] == "cube-europe")
        assert entry["bot_ratings"] == {"2p": {"heuristic": ratings.rating_shown(40.0, 6.0)}}
        other = next(g for g in c.get("/api/catalog").json()["games"] if g["id"] == "citadels")
        assert other["bot_ratings"] == {}
