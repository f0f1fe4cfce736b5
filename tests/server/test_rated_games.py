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


def _new_game(c: Any, **extra: Any) -> str:
    r = c.post("/api/games", json={"game": "cube-europe", "players": 2,
                                   "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}], **extra},
               headers=_csrf(c))
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
        unrated = _new_game(c, rated=False)  # chosen at creation: undo allowed, not rated
        _play_out(c, unrated, rnd, undo_once=True)
        for gid in rated:
            r = c.get(f"/api/games/{gid}/ratings").json()
            assert r["rated"] and {x["participant"] for x in r["changes"]} == {"user:1", "bot:random"}
            ann = next(x for x in r["changes"] if x["participant"] == "user:1")
            assert ann["change"] == ann["after"] - ann["before"] and ann["change"] != 0
        assert c.get(f"/api/games/{unrated}/ratings").json() == {
            "rated": False, "changes": [], "unrated_reason": "server.unrated.not_chosen",
            "unrated_text": "Not rated: the game was created unrated."}
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


# ---------------------------------------------------------------------------- rated is chosen at creation (issue 37)
def _sign_up(c: Any, name: str) -> None:
    c.cookies.clear()
    assert c.post("/api/accounts", json={"name": name, "password": PASSWORD}).status_code == 201


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_rated_is_chosen_at_creation_with_a_sensible_default(sqlite_url: str) -> None:
    bots = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
    with client(sqlite_url) as c:
        guest = c.post("/api/games", json={"game": "cube-europe", "players": 2, "seats": bots}).json()
        assert c.get(f"/api/games/{guest['id']}").json()["rated"] is False  # a guest's game: unrated
        r = c.post("/api/games", json={"game": "cube-europe", "players": 2, "seats": bots, "rated": True})
        assert r.status_code == 422 and r.json()["error"] == "server.rated_create_needs_account"
        _sign_up(c, "Ann")
        made = lambda **body: c.post("/api/games", json={"game": "cube-europe", "players": 2, **body},  # noqa: E731
                                     headers=_csrf(c))
        assert c.get(f"/api/games/{made(seats=bots).json()['id']}").json()["rated"] is True  # against bots
        friend = made(seats=[{"kind": "human"}] * 2).json()["id"]
        assert c.get(f"/api/games/{friend}").json()["rated"] is False  # an invited seat may be a guest's
        assert c.get(f"/api/games/{made(seats=[{'kind': 'human'}] * 2, rated=True).json()['id']}").json()["rated"]
        for body, error in (({"seats": bots, "referee": True, "rated": True}, "server.rated_referee"),
                            ({"players": 1, "rated": True}, "server.rated_solo")):
            r = made(**body)
            assert r.status_code == 422 and r.json()["error"] == error, r.text
        solo = c.post("/api/games", json={"game": "cube-europe", "players": 1}, headers=_csrf(c)).json()["id"]
        assert c.get(f"/api/games/{solo}").json()["rated"] is False
        r = made(seats=bots, rated="yes")
        assert r.status_code == 422  # strictly true or false


def test_the_losing_seat_cannot_void_a_rated_game(sqlite_url: str) -> None:
    """The attack: in a rated game between two accounts, the seat that asked one hint or undid one move
    turned the result into "not rated". Now neither is offered, the API refuses both with 409, guests
    cannot take a seat, and the game ends rated whatever a seat does."""
    rnd = random.Random(11)
    with client(sqlite_url) as c:
        _sign_up(c, "Ann")
        made = c.post("/api/games", json={"game": "cube-europe", "players": 2, "seats": [{"kind": "human"}] * 2,
                                          "rated": True}, headers=_csrf(c)).json()
        gid, tokens, [invite] = made["id"], [made["token"]], made["invites"]
        c.cookies.clear()
        r = c.post(f"/api/games/{gid}/join", json={"seat": 1, "invite": invite["code"], "name": "Mallory"})
        assert r.status_code == 403 and r.json()["error"] == "server.rated_join_needs_account"
        _sign_up(c, "Bob")
        r = c.post(f"/api/games/{gid}/join", json={"seat": 1, "invite": invite["code"], "guest": True},
                   headers=_csrf(c))
        assert r.status_code == 403  # not as a guest at this device either
        r = c.post(f"/api/games/{gid}/join", json={"seat": 1, "invite": invite["code"]}, headers=_csrf(c))
        assert r.status_code == 200, r.text
        tokens.append(r.json()["token"])
        refused = {"hint": 0, "undo": 0}
        for _ in range(3000):
            v = c.get(f"/api/games/{gid}/view", headers=_bearer(tokens[0])).json()
            if v["over"]:
                break
            seat = v["to_move"][0]
            mine = c.get(f"/api/games/{gid}/view", headers=_bearer(tokens[seat])).json()
            assert mine["rated"] is True and mine["can_undo"] is False
            r = c.post(f"/api/games/{gid}/hint", headers=_bearer(tokens[seat]))
            assert r.status_code == 409 and r.json()["error"] == "server.hint_rated"
            refused["hint"] += 1
            r = c.post(f"/api/games/{gid}/actions", json={"seq": mine["seq"], "action": rnd.choice(mine["legal"])["action"]},
                       headers=_bearer(tokens[seat]))
            assert r.status_code == 200, r.text
            r = c.post(f"/api/games/{gid}/undo", json={"seq": r.json()["seq"]}, headers=_bearer(tokens[seat]))
            assert r.status_code == 409 and r.json()["error"] == "server.undo_rated", r.text
            refused["undo"] += 1
        else:
            raise AssertionError("the game did not end")
        assert refused["hint"] > 10 and refused["undo"] > 10
        r = c.post(f"/api/games/{gid}/undo?lang=zh", json={"seq": v["seq"]}, headers=_bearer(tokens[0]))
        assert r.status_code == 409
        result = c.get(f"/api/games/{gid}/ratings").json()
        assert result["rated"] is True and result["unrated_reason"] is None
        assert [x["participant"] for x in result["changes"]] == ["user:1", "user:2"]
        assert all(x["forfeit"] is None for x in result["changes"])


def _wait_over(c: Any, gid: str, token: str, seconds: float = 60.0) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        v = c.get(f"/api/games/{gid}/view", headers=_bearer(token)).json()
        if v["over"]:
            return v
        time.sleep(0.02)
    raise AssertionError("the game did not end")


def test_a_bot_playing_for_a_person_never_earns_them_points(sqlite_url: str) -> None:
    """Rating by proxy: Ann leaves at once and a `heuristic` fallback beats the random bot for her; Bob
    never moves and his bot plays every decision after his turn timeouts. Both are ranked last and lose
    points; the end screen's answer says why."""
    bots = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
    with client(sqlite_url, timeout_check_every=0.05) as c:
        _sign_up(c, "Ann")
        made = c.post("/api/games", json={"game": "cube-europe", "players": 2, "seats": bots,
                                          "fallback_level": "heuristic"}, headers=_csrf(c)).json()
        assert c.post(f"/api/games/{made['id']}/leave", headers=_bearer(made["token"])).status_code == 200
        c.post(f"/api/games/{made['id']}/reclaim", headers=_bearer(made["token"]))  # coming back changes nothing
        c.post(f"/api/games/{made['id']}/leave", headers=_bearer(made["token"]))
        _wait_over(c, made["id"], made["token"])
        [ann, _] = c.get(f"/api/games/{made['id']}/ratings").json()["changes"]
        assert ann["forfeit"] == "left" and ann["rank"] == 2 and ann["change"] < 0

        _sign_up(c, "Bob")
        made = c.post("/api/games", json={"game": "cube-europe", "players": 2, "seats": bots, "turn_timeout": 0.5,
                                          "fallback_level": "heuristic"}, headers=_csrf(c)).json()
        _wait_over(c, made["id"], made["token"])
        [bob, _] = c.get(f"/api/games/{made['id']}/ratings").json()["changes"]
        assert bob["forfeit"] == "bot" and bob["rank"] == 2 and bob["change"] < 0
        hub = c.app.state.hub  # type: ignore[attr-defined]
        g = hub.live.get(made["id"]) or None
        if g is not None:
            assert g.seats[0]["bot_moves"] == sum(1 for m in g.moves if m.seat == 0) > 0


def test_walking_away_from_a_rated_game_never_voids_it(sqlite_url: str) -> None:
    """A loser who just closes the page: after ``abandon_after`` with nobody seen, an unrated game is
    closed as abandoned (unrated), but a rated one is handed to the bots, who finish it, and the person
    who walked away is ranked last."""
    bots = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
    with client(sqlite_url) as c:
        hub = c.app.state.hub  # type: ignore[attr-defined]
        _sign_up(c, "Ann")
        rated = c.post("/api/games", json={"game": "cube-europe", "players": 2, "seats": bots,
                                           "fallback_level": "heuristic"}, headers=_csrf(c)).json()
        casual = c.post("/api/games", json={"game": "cube-europe", "players": 2, "seats": bots, "rated": False},
                        headers=_csrf(c)).json()
        later = time.time() + hub.settings.abandon_after + 3 * hub.settings.abandon_check_every
        assert c.portal.call(hub.close_abandoned, later) == [casual["id"]]
        assert c.get(f"/api/games/{casual['id']}").json()["status"] == "abandoned"
        _wait_over(c, rated["id"], rated["token"])
        assert c.get(f"/api/games/{rated['id']}").json()["status"] == "finished"
        [ann, _] = c.get(f"/api/games/{rated['id']}/ratings").json()["changes"]
        assert ann["forfeit"] == "left" and ann["rank"] == 2 and ann["change"] < 0
