"""Accounts: every path, the bad ones too, on both databases (issue 24's checks).

Sign up, sign in and out, wrong password, unknown name, names taken ignoring case, name and password
rules, an expired session, a state-changing request without its CSRF header refused, one account's
session never acting for another's seat, the password never in a response or a log line, sign-ins
limited, a changed password ending the other sessions, a deleted account's games under "deleted
player", and a signed-in player's game followed to a second device.
"""

from __future__ import annotations

import logging
import time
from typing import Any

import pytest

from meeple.server.accounts import CSRF_HEADER

from .helpers import client

PASSWORD = "correct horse battery"


def _sign_up(c: Any, name: str = "Ann", password: str = PASSWORD) -> dict[str, Any]:
    r = c.post("/api/accounts", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    return r.json()


def _csrf(c: Any) -> dict[str, str]:
    return {CSRF_HEADER: c.cookies.get("meeple_csrf")}


def test_sign_up_sign_in_sign_out(db_url: str, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    with client(db_url) as c:
        made = _sign_up(c)
        assert made["name"] == "Ann" and "password" not in made and PASSWORD not in str(made)
        assert c.cookies.get("meeple_session") and c.cookies.get("meeple_csrf") == made["csrf"]
        assert c.get("/api/me").json()["name"] == "Ann"
        assert c.request("DELETE", "/api/session", headers=_csrf(c)).status_code == 200
        assert c.get("/api/me").status_code == 401
        r = c.post("/api/session", json={"name": "aNN", "password": PASSWORD})  # names ignore case
        assert r.status_code == 200 and r.json()["name"] == "Ann" and PASSWORD not in r.text
        assert c.get("/api/me").json()["id"] == made["id"]
    assert PASSWORD not in caplog.text


def test_session_cookie_is_http_only_and_same_site(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        r = c.post("/api/accounts", json={"name": "Ann", "password": PASSWORD})
        cookies = r.headers.get_list("set-cookie")
        session = next(x for x in cookies if x.startswith("meeple_session="))
        assert "HttpOnly" in session and "SameSite=lax" in session and "Max-Age=" in session
        csrf = next(x for x in cookies if x.startswith("meeple_csrf="))
        assert "HttpOnly" not in csrf  # the page reads it to echo it
    with client(sqlite_url, secure_cookies=True) as c:
        r = c.post("/api/accounts", json={"name": "Bao", "password": PASSWORD})
        assert all("Secure" in x for x in r.headers.get_list("set-cookie"))


@pytest.mark.parametrize("name, password, status, words", [
    ("Al", PASSWORD, 422, "3 to 24"),
    ("x" * 25, PASSWORD, 422, "3 to 24"),
    ("Ann<script>", PASSWORD, 422, "not '<'"),
    ("Ann", "short", 422, "at least 8"),
    ("Ann", 12345678, 422, "string"),
])
def test_refused_sign_ups_say_why(sqlite_url: str, name: Any, password: Any, status: int, words: str) -> None:
    with client(sqlite_url) as c:
        r = c.post("/api/accounts", json={"name": name, "password": password})
        assert r.status_code == status and words in str(r.json()["detail"]), r.text
        assert c.get("/api/me").status_code == 401


def test_names_are_unique_ignoring_case_and_chinese_names_work(db_url: str) -> None:
    with client(db_url) as c:
        _sign_up(c, "Ann")
        r = c.post("/api/accounts", json={"name": "ANN", "password": PASSWORD})
        assert r.status_code == 409 and "taken" in r.json()["detail"]
        assert _sign_up(c, "小明 王")["name"] == "小明 王"


def test_wrong_password_and_unknown_name_are_refused_alike(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        _sign_up(c)
        c.cookies.clear()
        wrong = c.post("/api/session", json={"name": "Ann", "password": "wrong password"})
        unknown = c.post("/api/session", json={"name": "Nobody", "password": PASSWORD})
        assert wrong.status_code == unknown.status_code == 401
        assert wrong.json()["detail"] == unknown.json()["detail"] == "wrong name or password"
        assert c.get("/api/me").status_code == 401


def test_sign_ins_are_limited_per_account_with_the_wait(sqlite_url: str) -> None:
    with client(sqlite_url, login_burst=3, login_rate=0.01) as c:
        _sign_up(c)
        c.cookies.clear()
        codes = [c.post("/api/session", json={"name": "Ann", "password": "nope nope"}).status_code for _ in range(3)]
        assert codes == [401, 401, 401]
        r = c.post("/api/session", json={"name": "Ann", "password": PASSWORD})  # even the right one waits
        assert r.status_code == 429 and int(r.headers["Retry-After"]) > 0 and "wait" in r.json()["detail"]
        # another account is not held up by Ann's
        _sign_up(c, "Bao")


def test_sign_ins_are_limited_per_address(sqlite_url: str) -> None:
    with client(sqlite_url, login_address_burst=2, login_address_rate=0.01) as c:
        _sign_up(c)
        assert c.post("/api/session", json={"name": "x1y", "password": PASSWORD}).status_code == 401
        assert c.post("/api/session", json={"name": "x2y", "password": PASSWORD}).status_code == 429


def test_an_expired_session_is_refused(sqlite_url: str) -> None:
    with client(sqlite_url, session_lifetime=1.0) as c:
        _sign_up(c)
        secret, csrf = c.cookies.get("meeple_session"), c.cookies.get("meeple_csrf")
        time.sleep(1.2)
        c.cookies.clear()  # the browser would have dropped it too: send it anyway, as a replay would
        c.cookies.set("meeple_session", secret)
        c.cookies.set("meeple_csrf", csrf)
        r = c.get("/api/me")
        assert r.status_code == 401 and "expired" in r.json()["detail"]
        r = c.post("/api/games", json={"game": "cube-europe", "players": 1}, headers=_csrf(c))
        assert r.status_code == 201 and r.json()["token"]  # a guest again: the game is not the account's


def test_a_session_request_without_its_csrf_header_changes_nothing(db_url: str) -> None:
    with client(db_url) as c:
        _sign_up(c)
        r = c.post("/api/games", json={"game": "cube-europe", "players": 1})
        assert r.status_code == 403 and CSRF_HEADER in r.json()["detail"]
        r = c.post("/api/games", json={"game": "cube-europe", "players": 1}, headers={CSRF_HEADER: "forged"})
        assert r.status_code == 403
        assert c.get("/api/me/games").json()["games"] == []
        assert c.request("DELETE", "/api/session").status_code == 403  # signing out needs it too
        assert c.get("/api/me").status_code == 200


def test_a_signed_in_players_game_follows_them_to_another_device(db_url: str) -> None:
    with client(db_url) as phone:
        _sign_up(phone)
        made = phone.post("/api/games", json={"game": "cube-europe", "players": 1}, headers=_csrf(phone)).json()
        gid = made["id"]
        assert phone.get(f"/api/games/{gid}").json()["seats"][0]["name"] == "Ann"
    with client(db_url) as laptop:  # a second device: no seat token, only the account
        r = laptop.post("/api/session", json={"name": "Ann", "password": PASSWORD})
        assert r.status_code == 200
        games = laptop.get("/api/me/games").json()["games"]
        assert [(g["id"], g["seat"]) for g in games] == [(gid, 0)]
        view = laptop.get(f"/api/games/{gid}/view").json()
        assert view["seat"] == 0 and view["your_turn"] and view["legal"]
        move = {"seq": view["seq"], "action": view["legal"][0]["action"]}
        assert laptop.post(f"/api/games/{gid}/actions", json=move).status_code == 403  # no CSRF header
        r = laptop.post(f"/api/games/{gid}/actions", json=move, headers=_csrf(laptop))
        assert r.status_code == 200, r.text
        with laptop.websocket_connect(f"/api/games/{gid}/ws", headers={"origin": "http://testserver"}) as ws:
            ws.send_json({"type": "hello"})
            assert ws.receive_json()["seat"] == 0
        with laptop.websocket_connect(f"/api/games/{gid}/ws", headers={"origin": "http://evil.example"}) as ws:
            ws.send_json({"type": "hello"})
            assert ws.receive_json()["seat"] is None  # another site's page gets the public view only


def test_one_accounts_session_never_acts_for_anothers_seat(sqlite_url: str) -> None:
    with client(sqlite_url) as ann:
        _sign_up(ann, "Ann")
        made = ann.post("/api/games", json={"game": "cube-europe", "players": 2,
                                            "seats": [{"kind": "human"}, {"kind": "human"}]}, headers=_csrf(ann)).json()
        gid = made["id"]
    with client(sqlite_url) as bao:
        _sign_up(bao, "Bao")
        r = bao.post(f"/api/games/{gid}/join", json={"seat": 1, "invite": made["invites"][0]["code"]}, headers=_csrf(bao))
        assert r.status_code == 200
        view = bao.get(f"/api/games/{gid}/view").json()
        assert view["seat"] == 1 and [s["name"] for s in view["seats"]] == ["Ann", "Bao"]
        if 0 in view["to_move"]:
            assert view["legal"] == []  # Bao's session sees Bao's seat, never Ann's moves
        assert all(s["account"] for s in view["seats"])
    with client(sqlite_url) as carl:
        _sign_up(carl, "Carl")
        r = carl.get(f"/api/games/{gid}/view")
        assert r.status_code == 403 and "no seat" in r.json()["detail"]
        r = carl.post(f"/api/games/{gid}/actions", json={"seq": 0, "text": "start 1"}, headers=_csrf(carl))
        assert r.status_code == 403


def test_a_changed_password_ends_the_other_sessions(sqlite_url: str) -> None:
    with client(sqlite_url) as first, client(sqlite_url) as second:
        _sign_up(first)
        assert second.post("/api/session", json={"name": "Ann", "password": PASSWORD}).status_code == 200
        r = first.post("/api/me/password", json={"password": "wrong one!", "new_password": "new password 2"},
                       headers=_csrf(first))
        assert r.status_code == 403
        r = first.post("/api/me/password", json={"password": PASSWORD, "new_password": "new password 2"},
                       headers=_csrf(first))
        assert r.status_code == 200 and "new password 2" not in r.text
        assert first.get("/api/me").status_code == 200
        assert second.get("/api/me").status_code == 401
        second.cookies.clear()
        assert second.post("/api/session", json={"name": "Ann", "password": PASSWORD}).status_code == 401
        assert second.post("/api/session", json={"name": "Ann", "password": "new password 2"}).status_code == 200


def test_a_deleted_accounts_games_stay_under_deleted_player(db_url: str) -> None:
    with client(db_url) as c:
        _sign_up(c)
        gid = c.post("/api/games", json={"game": "cube-europe", "players": 1}, headers=_csrf(c)).json()["id"]
        assert c.request("DELETE", "/api/me", json={"password": "wrong one!"}, headers=_csrf(c)).status_code == 403
        r = c.request("DELETE", "/api/me", json={"password": PASSWORD}, headers=_csrf(c))
        assert r.status_code == 200
        assert c.get("/api/me").status_code == 401
        assert c.post("/api/session", json={"name": "Ann", "password": PASSWORD}).status_code == 401
    with client(db_url) as c:  # a fresh process reads the stored seats
        assert c.get(f"/api/games/{gid}").json()["seats"][0]["name"] == "deleted player"
        assert c.get(f"/api/games/{gid}?lang=zh").json()["seats"][0]["name"] == "已删除的玩家"
        assert _sign_up(c, "ann")["name"] == "ann"  # the name is free again


def test_one_account_holds_one_seat_and_the_others_at_its_device_join_as_guests(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        _sign_up(c)
        made = c.post("/api/games", json={"game": "kingsburg", "players": 2, "referee": True,
                                          "seats": [{"kind": "human"}, {"kind": "human"}]}, headers=_csrf(c)).json()
        invite = {"seat": 1, "invite": made["invites"][0]["code"]}
        r = c.post(f"/api/games/{made['id']}/join", json=invite, headers=_csrf(c))
        assert r.status_code == 409 and "already holds seat 0" in r.json()["detail"]
        r = c.post(f"/api/games/{made['id']}/join", json={**invite, "guest": True}, headers=_csrf(c))
        assert r.status_code == 200
        seats = c.get(f"/api/games/{made['id']}").json()["seats"]
        assert [(s["name"], s["account"]) for s in seats] == [("Ann", True), (None, False)]
