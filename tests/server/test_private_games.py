"""A private game shows its seed, moves and hidden facts only to its seats (issue 37): another person's
profile does not list it, and its replay (``/replay``, ``/replay/{step}``) answers 403 to anyone but
its seats (a seat token, or the signed-in account that holds a seat); public games are unchanged."""

from __future__ import annotations

from typing import Any

from meeple.server.accounts import CSRF_HEADER

from .helpers import auth, client

PASSWORD = "correct horse battery"


def _csrf(c: Any) -> dict[str, str]:
    csrf = c.cookies.get("meeple_csrf")
    return {CSRF_HEADER: csrf} if csrf else {}


def _sign_up(c: Any, name: str) -> None:
    r = c.post("/api/accounts", json={"name": name, "password": PASSWORD})
    assert r.status_code == 201, r.text


def _sign_out(c: Any) -> None:
    assert c.request("DELETE", "/api/session", headers=_csrf(c)).status_code == 200
    c.cookies.clear()


def _finished_game(c: Any, private: bool) -> tuple[str, list[str]]:
    """A Peek game of two people, played to its end: the signed-in account (if any) holds seat 0, a
    guest seat 1. Returns the game id and the two seat tokens."""
    human = {"kind": "human", "level": "random"}  # (Peek has no heuristic player to take over a seat)
    r = c.post("/api/games", json={"game": "peek", "players": 2, "private": private, "fallback_level": "random",
                                   "seats": [human, human]}, headers=_csrf(c))
    assert r.status_code == 201, r.text
    made = r.json()
    r = c.post(f"/api/games/{made['id']}/join", json={"seat": 1, "invite": made["invites"][0]["code"], "guest": True},
               headers=_csrf(c))
    assert r.status_code == 200, r.text
    gid, tokens = made["id"], [made["token"], r.json()["token"]]
    for _ in range(200):
        views = [c.get(f"/api/games/{gid}/view", headers=auth(t)).json() for t in tokens]
        if views[0]["over"]:
            return gid, tokens
        for token, v in zip(tokens, views):
            if v["your_turn"] and v["legal"]:
                c.post(f"/api/games/{gid}/actions", json={"seq": v["seq"], "action": v["legal"][0]["action"]},
                       headers=auth(token))
                break
    raise AssertionError("the game did not end")


def _replays(c: Any, gid: str, headers: dict[str, str] | None = None) -> list[int]:
    return [c.get(f"/api/games/{gid}{path}", headers=headers or {}).status_code
            for path in ("/replay", "/replay/0", "/replay/3")]


def test_a_private_games_replay_is_for_its_seats_only(db_url: str) -> None:
    with client(db_url) as c:
        _sign_up(c, "Ann")
        private, private_tokens = _finished_game(c, private=True)
        public, public_tokens = _finished_game(c, private=False)

        # its seats: the account holding seat 0 (by its session, no token), and each seat token
        assert _replays(c, private) == [200, 200, 200]
        for token in private_tokens:
            assert _replays(c, private, auth(token)) == [200, 200, 200]
        replay = c.get(f"/api/games/{private}/replay").json()
        assert replay["seed"] is not None and replay["moves"]

        _sign_out(c)  # a stranger from here on
        r = c.get(f"/api/games/{private}/replay")
        assert r.status_code == 403 and r.json()["error"] == "server.private_replay", r.text
        assert "seed" not in r.text and "moves" not in r.json()
        assert _replays(c, private) == [403, 403, 403]
        assert _replays(c, private, auth("made-up token")) == [403, 403, 403]
        assert _replays(c, private, auth(public_tokens[0])) == [403, 403, 403]  # another game's seat
        r = c.get(f"/api/games/{private}/replay?lang=zh")
        assert r.status_code == 403 and "私人对局" in r.json()["detail"]
        for token in private_tokens:  # the seats still can, without any session
            assert _replays(c, private, auth(token)) == [200, 200, 200]

        # a public game's replay stays open to anyone
        assert _replays(c, public) == [200, 200, 200]

        # another signed-in account is a stranger too
        _sign_up(c, "Bao")
        assert _replays(c, private) == [403, 403, 403]
        assert _replays(c, public) == [200, 200, 200]


def test_another_persons_profile_leaves_private_games_out_and_ones_own_keeps_them(db_url: str) -> None:
    with client(db_url) as c:
        _sign_up(c, "Ann")
        private, _ = _finished_game(c, private=True)
        public, _ = _finished_game(c, private=False)

        own = c.get("/api/players/Ann").json()
        assert {g["game_id"] for g in own["games"]} == {private, public}
        mine = {g["id"] for g in c.get("/api/me/games").json()["games"]}
        assert {private, public} <= mine

        _sign_out(c)
        shown = c.get("/api/players/Ann").json()
        assert [g["game_id"] for g in shown["games"]] == [public]
        assert private not in c.get("/api/players/Ann").text

        _sign_up(c, "Bao")
        shown = c.get("/api/players/ann").json()
        assert [g["game_id"] for g in shown["games"]] == [public]


def test_a_private_games_public_facts_stay_with_whoever_has_its_link(sqlite_url: str) -> None:
    # What any spectator saw while it was played (documented in docs/server.md, Security): its summary,
    # the public view and its rating changes; never the seed, a move list or a hidden fact.
    with client(sqlite_url) as c:
        private, _ = _finished_game(c, private=True)
        summary = c.get(f"/api/games/{private}").json()
        assert summary["private"] is True and summary["status"] == "finished" and "seed" not in summary
        view = c.get(f"/api/games/{private}/spectate").json()
        assert view["seat"] is None and view["legal"] == [] and "seed" not in view
        assert c.get(f"/api/games/{private}/ratings").status_code == 200
        assert _replays(c, private) == [403, 403, 403]
