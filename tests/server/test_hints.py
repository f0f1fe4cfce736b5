"""The coach over HTTP: a seat to move asks for a hint and gets its best legal moves; nobody else may;
hints are limited per seat; a rated game offers none."""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import pytest

from meeple.server.accounts import CSRF_HEADER

from .helpers import auth, client, create, humans, view


def test_a_hint_suggests_legal_moves_of_the_seat_to_move(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid, tokens = humans(c, "citadels", 3)
        v = view(c, gid, tokens[0])
        seat = v["to_move"][0]
        r = c.post(f"/api/games/{gid}/hint", headers=auth(tokens[seat]))
        assert r.status_code == 200, r.text
        hint = r.json()
        legal = {e["text"] for e in view(c, gid, tokens[seat])["legal"]}
        assert 1 <= len(hint["suggestions"]) <= 3 and {s["text"] for s in hint["suggestions"]} <= legal
        assert all(0.0 <= s["value"] <= 1.0 and s["label"] for s in hint["suggestions"])
        assert all(s["words"].startswith(("wins about", "hardly ever wins", "wins almost surely"))
                   and s["words"].endswith(("(sure)", "(fairly sure)", "(a guess)")) for s in hint["suggestions"])
        assert all(0.0 <= s["outcome"] <= 1.0 for s in hint["suggestions"])  # a chance of winning
        visits = [s["visits"] for s in hint["suggestions"]]
        assert visits == sorted(visits, reverse=True)
        again = c.post(f"/api/games/{gid}/hint", headers=auth(tokens[seat])).json()
        assert again["suggestions"] == hint["suggestions"]  # the same position, the same hint
        assert c.get(f"/api/games/{gid}").json()["hints"] == 2
        other = next(p for p in range(3) if p not in v["to_move"])
        assert c.post(f"/api/games/{gid}/hint", headers=auth(tokens[other])).status_code == 409
        assert c.post(f"/api/games/{gid}/hint").status_code == 401


def test_hints_are_limited_per_seat(sqlite_url: str) -> None:
    with client(sqlite_url, hint_burst=2, hint_rate=0.01) as c:
        made = create(c, "cube-europe", 1)
        codes = [c.post(f"/api/games/{made['id']}/hint", headers=auth(made["token"])).status_code for _ in range(3)]
        assert codes[:2] == [200, 200] and codes[2] == 429


def test_a_rated_game_offers_no_hint_and_an_unrated_one_does(sqlite_url: str) -> None:
    """Hints void nothing: a rated game refuses them (409, the reason in the reader's language) before
    any search, and an unrated game keeps them (issue 37: one hint by the loser used to unrate the game)."""
    with client(sqlite_url) as c:
        assert c.post("/api/accounts", json={"name": "Ann", "password": "correct horse"}).status_code == 201
        csrf = {CSRF_HEADER: c.cookies.get("meeple_csrf")}
        seats = [{"kind": "human"}, {"kind": "bot", "level": "random"}]
        rated = c.post("/api/games", json={"game": "cube-europe", "players": 2, "seats": seats}, headers=csrf).json()["id"]
        casual = c.post("/api/games", json={"game": "cube-europe", "players": 2, "seats": seats, "rated": False},
                        headers=csrf).json()["id"]
        assert c.get(f"/api/games/{rated}").json()["rated"] is True  # signed in, against bots: rated by default
        for _ in range(400):
            if c.get(f"/api/games/{rated}/view").json()["your_turn"]:
                break
            time.sleep(0.005)
        r = c.post(f"/api/games/{rated}/hint", headers=csrf)
        assert r.status_code == 409 and r.json()["error"] == "server.hint_rated" and "rated" in r.json()["detail"]
        r = c.post(f"/api/games/{rated}/hint?lang=zh", headers=csrf)
        assert r.status_code == 409 and "计分对局不提供提示" in r.json()["detail"]
        assert c.get(f"/api/games/{rated}").json()["hints"] == 0
        for _ in range(400):
            if c.get(f"/api/games/{casual}/view").json()["your_turn"]:
                break
            time.sleep(0.005)
        assert c.post(f"/api/games/{casual}/hint", headers=csrf).status_code == 200
        r = c.get(f"/api/games/{casual}/ratings").json()
        assert r["rated"] is False and r["unrated_reason"] == "server.unrated.not_chosen"


def test_a_finished_game_is_reviewed_for_the_asking_seat(sqlite_url: str) -> None:
    with client(sqlite_url, review_iterations=20, review_burst=2) as c:
        made = create(c, "cube-europe", 2, seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}])
        gid, token = made["id"], made["token"]
        assert c.get(f"/api/games/{gid}/review", headers=auth(token)).status_code == 409  # not over yet
        rnd = random.Random(4)
        for _ in range(3000):
            v = view(c, gid, token)
            if v["over"]:
                break
            if not v["your_turn"]:
                time.sleep(0.02)  # under the address's HTTP rate (100/s)
                continue
            c.post(f"/api/games/{gid}/actions", json={"seq": v["seq"], "action": rnd.choice(v["legal"])["action"]},
                   headers=auth(token))
        assert c.get(f"/api/games/{gid}/review/progress", headers=auth(token)).json()["status"] == "none"
        answer: dict[str, Any] = {}
        asking = threading.Thread(target=lambda: answer.update(r=c.get(f"/api/games/{gid}/review", headers=auth(token))))
        asking.start()
        seen: list[tuple[int, int]] = []
        while asking.is_alive():  # the page's "position k of n" while the review is computed
            now = c.get(f"/api/games/{gid}/review/progress", headers=auth(token)).json()
            if now["status"] == "running" and now["total"]:
                seen.append((now["done"], now["total"]))
            time.sleep(0.02)  # under the address's HTTP rate (100/s)
        asking.join()
        r = answer["r"]
        assert r.status_code == 200, r.text
        got = r.json()
        assert seen and all(0 <= done <= total == seen[0][1] for done, total in seen), seen
        assert [done for done, _ in seen] == sorted(done for done, _ in seen)
        assert c.get(f"/api/games/{gid}/review/progress", headers=auth(token)).json()["status"] == "done"
        assert got["seat"] == 0 and got["blunders"], "random moves leave blunders to find"
        drops = [b["drop"] for b in got["blunders"]]
        assert drops == sorted(drops, reverse=True) and all(d >= 0.1 for d in drops)
        for b in got["blunders"]:
            assert b["best"]["value"] - b["played"]["value"] == pytest.approx(b["drop"], abs=1e-3)
            assert b["played"]["label"] and 1 <= len(b["top"]) <= 3
            for entry in (b["played"], b["best"], *b["top"]):  # the move list's sentences, never codes
                assert entry["label"] != entry["text"] and entry["words"].startswith(("wins", "hardly"))
        assert c.get(f"/api/games/{gid}/review", headers=auth(token)).json() == got  # computed once
        assert c.get(f"/api/games/{gid}/review").status_code == 401
        # The address's quota: one more review may be computed (in Chinese), then the next waits; the cached
        # ones still answer.
        chinese = c.get(f"/api/games/{gid}/review?lang=zh", headers=auth(token))
        assert chinese.status_code == 200 and len(chinese.json()["blunders"]) == len(got["blunders"])
        assert all(b["played"]["words"].startswith("从这里起") for b in chinese.json()["blunders"])
        made2 = create(c, "cube-europe", 2, seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}])
        assert c.post(f"/api/games/{made2['id']}/leave", json={"level": "random"}, headers=auth(made2["token"])).status_code == 200
        for _ in range(2000):  # its bots play it out (the summary has no "over": it used to wait 40 s in vain)
            if c.get(f"/api/games/{made2['id']}").json()["status"] == "finished":
                break
            time.sleep(0.02)  # under the address's HTTP rate (100/s)
        else:
            raise AssertionError("the bots did not finish the game")
        refused = c.get(f"/api/games/{made2['id']}/review", headers=auth(made2["token"]))
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1, refused.text
        assert c.get(f"/api/games/{gid}/review", headers=auth(token)).json() == got
