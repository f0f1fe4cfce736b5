"""Accounts: every path, the bad ones too, on both databases (issue 24's checks).

Sign up, sign in and out, wrong password, unknown name, names taken ignoring case, name and password
rules, an expired session, a state-changing request without its CSRF header refused, one account's
session never acting for another's seat, the password never in a response or a log line, sign-ins
limited, a changed password ending the other sessions, a deleted account's games under "deleted
player", and a signed-in player's game followed to a second device.

Issue 37: sign-in throttling that never locks the owner out, control characters and lone surrogates
refused alike on both databases, weak passwords, reserved and look-alike names, guests' names.
"""

from __future__ import annotations

import contextlib
import json
import logging
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from meeple.server import Settings, create_app
from meeple.server.accounts import CSRF_HEADER
from meeple.server.quota import Quota

from .helpers import client

PASSWORD = "correct horse battery"


def _sign_up(c: Any, name: str = "Ann", password: str = PASSWORD) -> dict[str, Any]:
    r = c.post("/api/accounts", json={"name": name, "password": password})
    assert r.status_code == 201, r.text
    return r.json()


def _csrf(c: Any) -> dict[str, str]:
    return {CSRF_HEADER: c.cookies.get("meeple_csrf")}


def test_the_server_hashes_passwords_with_argon2id_at_the_recommended_cost(cheap_password_hashing: Any) -> None:
    """The suite hashes cheaply (tests/conftest.py); the hasher it stands in for is RFC 9106's low-memory profile."""
    from argon2.profiles import RFC_9106_LOW_MEMORY

    own = cheap_password_hashing
    assert (own.time_cost, own.memory_cost, own.parallelism) == (
        RFC_9106_LOW_MEMORY.time_cost, RFC_9106_LOW_MEMORY.memory_cost, RFC_9106_LOW_MEMORY.parallelism)
    assert own.hash("a fine long passphrase").startswith("$argon2id$")


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


ADDRESS_HEADER = "x-test-client-address"


def _addressed(app: Any) -> Any:
    """``app`` with each request's client address taken from a test-only header: one app, one hub,
    requests from as many addresses as a test needs."""
    async def wrapped(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            for key, value in scope.get("headers", ()):
                if key == ADDRESS_HEADER.encode():
                    scope = {**scope, "client": (value.decode(), 50000)}
        await app(scope, receive, send)
    return wrapped


@contextlib.contextmanager
def addressed_client(db_url: str, **settings: Any) -> Iterator[tuple[TestClient, Any]]:
    """A client whose requests name their address (``_from``), and the app."""
    app = create_app(Settings(db_url=db_url, **settings))
    with TestClient(_addressed(app)) as c:
        yield c, app


def _from(address: str, **headers: str) -> dict[str, str]:
    return {ADDRESS_HEADER: address, **headers}


def _sign_in(c: Any, address: str, password: str = PASSWORD, name: str = "Ann") -> Any:
    return c.post("/api/session", json={"name": name, "password": password}, headers=_from(address))


def test_failures_from_many_addresses_never_lock_the_owner_out(sqlite_url: str) -> None:
    # Names are public (leaderboards): before, 10 failures for a name from anywhere made the owner's
    # right password answer 429 too, so anyone could keep an account locked.
    with addressed_client(sqlite_url) as (c, _):
        _sign_up(c)
        c.cookies.clear()
        codes = [_sign_in(c, f"203.0.113.{i}", "nope nope").status_code for i in range(1, 13)]
        assert codes == [401] * 12
        r = _sign_in(c, "198.51.100.13")
        assert r.status_code == 200 and r.json()["name"] == "Ann"
        assert c.get("/api/me").json()["name"] == "Ann"


def test_a_name_failing_from_everywhere_is_slowed_down_never_refused(sqlite_url: str) -> None:
    with addressed_client(sqlite_url, login_name_failure_burst=3, login_name_failure_rate=0.001,
                          login_slowdown=2.5) as (c, app):
        pauses: list[float] = []

        async def pause(seconds: float) -> None:
            pauses.append(seconds)
        app.state.sessions.pause = pause
        _sign_up(c)
        c.cookies.clear()
        assert [_sign_in(c, f"203.0.113.{i}", "nope nope").status_code for i in range(1, 6)] == [401] * 5
        assert pauses == [2.5, 2.5]  # the fourth and fifth failures waited before their answers
        assert _sign_in(c, "198.51.100.1").status_code == 200  # slowed too, and signed in
        assert pauses == [2.5] * 3
        assert _sign_in(c, "198.51.100.1", name="Bao").status_code == 401  # another name: no pause
        assert pauses == [2.5] * 3


def test_an_address_that_failed_too_often_for_a_name_waits_even_with_the_right_password(sqlite_url: str) -> None:
    with addressed_client(sqlite_url, login_failure_burst=3, login_failure_rate=0.001) as (c, _):
        _sign_up(c, "Bao")
        _sign_up(c)
        c.cookies.clear()
        assert [_sign_in(c, "203.0.113.9", "nope nope").status_code for _ in range(3)] == [401] * 3
        r = _sign_in(c, "203.0.113.9")  # the right password from the address that guessed
        assert r.status_code == 429 and int(r.headers["Retry-After"]) > 0 and "wait" in r.json()["detail"]
        assert _sign_in(c, "198.51.100.2").status_code == 200  # from anywhere else: signed in
        c.cookies.clear()
        assert _sign_in(c, "203.0.113.9", name="Bao").status_code == 200  # another name from that address


def test_only_failures_spend_the_allowance_of_a_name_and_address(sqlite_url: str) -> None:
    with addressed_client(sqlite_url, login_failure_burst=2, login_failure_rate=0.001) as (c, _):
        _sign_up(c)
        for _ in range(4):
            c.cookies.clear()
            assert _sign_in(c, "203.0.113.5").status_code == 200
        assert _sign_in(c, "203.0.113.5", "nope nope").status_code == 401
        c.cookies.clear()
        assert _sign_in(c, "203.0.113.5").status_code == 200  # one failure of two: still allowed


def test_password_change_and_deletion_count_failures_per_name_and_address(sqlite_url: str) -> None:
    with addressed_client(sqlite_url, login_failure_burst=2, login_failure_rate=0.001) as (c, _):
        _sign_up(c)
        here = _from("203.0.113.20", **_csrf(c))
        wrong = {"password": "wrong one!", "new_password": "new password 2"}
        assert [c.post("/api/me/password", json=wrong, headers=here).status_code for _ in range(2)] == [403, 403]
        right = {"password": PASSWORD, "new_password": "new password 2"}
        r = c.post("/api/me/password", json=right, headers=here)
        assert r.status_code == 429 and int(r.headers["Retry-After"]) > 0
        r = c.request("DELETE", "/api/me", json={"password": PASSWORD}, headers=here)
        assert r.status_code == 429  # deleting checks the password by the same rule
        there = _from("198.51.100.20", **_csrf(c))  # the same session, from another address
        assert c.post("/api/me/password", json=right, headers=there).status_code == 200


def test_a_quota_can_be_read_without_spending_and_given_back() -> None:
    quota = Quota(rate=0.001, burst=2)
    assert quota.wait("k") == 0.0 and quota.wait("k") == 0.0  # reading spends nothing
    assert quota.take("k") == 0.0 and quota.take("k") == 0.0
    assert quota.wait("k") > 0 and quota.take("k") > 0
    quota.give_back("k")
    assert quota.wait("k") == 0.0 and quota.take("k") == 0.0
    for _ in range(5):
        quota.give_back("k")  # never above the burst
    assert [quota.take("k") == 0.0 for _ in range(3)] == [True, True, False]


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


# ---------------------------------------------------------------------------- text that no query sees
BAD_TEXT = ["Ann\x00", "\x00" * 8, "a\x00b\x00c\x00d\x00", "An\x1bn", "An\x7fn", "An\x85n", "An\ud800n", "\udfff" * 8]


def _post_raw(c: Any, method: str, url: str, body: dict[str, Any], headers: dict[str, str] | None = None) -> Any:
    """A JSON body sent as Python's json.dumps writes it: ``\\u0000`` and lone surrogates escaped, as any
    client may send them (httpx's own encoder cannot encode a lone surrogate)."""
    return c.request(method, url, content=json.dumps(body).encode(),
                     headers={"content-type": "application/json", **(headers or {})})


def test_control_characters_and_lone_surrogates_are_refused_alike_on_both_databases(db_url: str) -> None:
    # Before, a NUL in a sign-in name answered 500 on PostgreSQL (it cannot compare such a string) and
    # 401 on SQLite; a NUL or a lone surrogate in a password was hashed (a lone surrogate: 500).
    with client(db_url) as c:
        _sign_up(c)
        gid = c.post("/api/games", json={"game": "cube-europe", "players": 2, "seats": [{"kind": "human"}] * 2},
                     headers=_csrf(c)).json()["id"]
        for bad in BAD_TEXT:
            kind = "lone surrogate" if any(0xD800 <= ord(ch) <= 0xDFFF for ch in bad) else "control character"
            sent = [
                ("POST", "/api/session", {"name": bad, "password": PASSWORD}),
                ("POST", "/api/session", {"name": "Ann", "password": bad}),
                ("POST", "/api/accounts", {"name": bad, "password": PASSWORD}),
                ("POST", "/api/accounts", {"name": "Bao", "password": bad}),
                ("POST", "/api/me/password", {"password": bad, "new_password": "new password 2"}),
                ("POST", "/api/me/password", {"password": PASSWORD, "new_password": bad}),
                ("DELETE", "/api/me", {"password": bad}),
                ("POST", "/api/games", {"game": "cube-europe", "players": 1, "player_name": bad}),
                ("POST", f"/api/games/{gid}/join", {"seat": 1, "name": bad, "guest": True}),
            ]
            for method, url, body in sent:
                r = _post_raw(c, method, url, body, headers=_csrf(c))
                assert r.status_code == 422 and kind in r.json()["detail"], (url, body, r.text)
        for path in ("/api/players/An%00n", "/api/players/An%1Bn", "/api/leaderboard/a%00b"):
            assert c.get(path).status_code == 400  # the path itself is refused before any route
        r = c.get("/api/players/An%ED%A0%80n")  # a surrogate's UTF-8 bytes: decoded as U+FFFD, never stored
        assert r.status_code == 404
        r = c.get("/api/leaderboard/cube-europe", params={"band": "2p\x00"})
        assert r.status_code == 422 and "band" in r.json()["detail"]
        assert c.get("/api/me").json()["name"] == "Ann"  # nothing changed
        c.cookies.clear()
        assert c.post("/api/session", json={"name": "Ann", "password": PASSWORD}).status_code == 200


# ---------------------------------------------------------------------------- passwords
@pytest.mark.parametrize("password, words, zh", [
    (" " * 8, "only spaces", "空格"),
    ("\t" * 8, "control character U+0009", "U+0009"),  # the body check, whose sentence is English only
    ("12345678", "too easy to guess", "太容易"),
    ("password", "too easy to guess", "太容易"),
    ("qwertyuiop", "too easy to guess", "太容易"),
    ("Password1", "too easy to guess", "太容易"),
    ("woaini1314", "too easy to guess", "太容易"),
    ("ann correct horse", "your name", "你的名字"),
    ("horse-ANN-battery", "your name", "你的名字"),
])
def test_weak_passwords_are_refused_saying_why(sqlite_url: str, password: str, words: str, zh: str) -> None:
    with client(sqlite_url) as c:
        r = c.post("/api/accounts", json={"name": "Ann", "password": password})
        assert r.status_code == 422 and words in r.json()["detail"], r.text
        r = c.post("/api/accounts?lang=zh", json={"name": "Ann", "password": password})
        assert r.status_code == 422 and zh in r.json()["detail"], r.text
        assert c.get("/api/me").status_code == 401
        _sign_up(c)  # a good one is taken
        r = c.post("/api/me/password", json={"password": PASSWORD, "new_password": password}, headers=_csrf(c))
        assert r.status_code == 422 and words in r.json()["detail"]  # and a new password too


def test_the_password_rules_apply_to_every_caller() -> None:
    from meeple.server.accounts import AccountError, check_new_password

    for password, why in [("\x00" * 8, "server.account_password_control"), (" " * 9, "server.account_password_blank"),
                          ("12345678", "server.account_password_common"), ("xAnnx Lee 42", "server.account_password_name")]:
        with pytest.raises(AccountError) as refused:
            check_new_password(password, "Ann")
        assert refused.value.message_id == why
    assert check_new_password("correct horse battery", "Ann") == "correct horse battery"


# ---------------------------------------------------------------------------- names
@pytest.mark.parametrize("name", ["deleted player", "Deleted Player", "guest", "GUEST", "bot", "meeple", "Admin",
                                  "random", "Heuristic", "hard", "normal", "easy", "ismcts", "Purple", "white",
                                  "Player 3", "player 12", "已删除的玩家", "Beginner", "玩家 2", "gυest", "аdmin",
                                  "B0T", "Guеst"])  # Greek υ, Cyrillic а and е, digit 0
def test_labels_the_pages_show_are_not_names(sqlite_url: str, name: str) -> None:
    with client(sqlite_url) as c:
        r = c.post("/api/accounts", json={"name": name, "password": PASSWORD})
        assert r.status_code == 422 and "label" in r.json()["detail"], r.text
        r = c.post("/api/accounts?lang=zh", json={"name": name, "password": PASSWORD})
        assert "标签" in r.json()["detail"]


def test_names_that_look_like_an_accounts_are_refused(db_url: str) -> None:
    with client(db_url) as c:
        _sign_up(c, "alice")
        c.cookies.clear()
        for lookalike in ("аlice", "AIice", "a1ice", "АLICE", "aIice"):  # Cyrillic а, А; capital I; digit 1
            r = c.post("/api/accounts", json={"name": lookalike, "password": PASSWORD})
            assert r.status_code == 409 and "looks too much like" in r.json()["detail"] and "alice" in r.json()["detail"], r.text
        for same in ("ALICE", "ＡＬＩＣＥ"):  # the same name ignoring case (fullwidth letters are letters)
            r = c.post("/api/accounts", json={"name": same, "password": PASSWORD})
            assert r.status_code == 409 and "taken" in r.json()["detail"]
        assert _sign_up(c, "Alicia")["name"] == "Alicia"
        assert _sign_up(c, "Bob 0")["name"] == "Bob 0"
        c.cookies.clear()
        r = c.post("/api/accounts", json={"name": "B0b O", "password": PASSWORD})
        assert r.status_code == 409


def test_a_guest_cannot_take_an_accounts_name(db_url: str) -> None:
    with client(db_url) as ann:
        _sign_up(ann, "Ann")
        made = ann.post("/api/games", json={"game": "cube-europe", "players": 2, "seats": [{"kind": "human"}] * 2},
                        headers=_csrf(ann)).json()
        gid, invite = made["id"], made["invites"][0]["code"]
    with client(db_url) as guest:
        for name in ("Ann", "ANN", "Аnn", " ann "):  # the account's name, any case, a Cyrillic А, spaces
            r = guest.post("/api/games", json={"game": "cube-europe", "players": 1, "player_name": name})
            assert r.status_code == 409 and "has an account" in r.json()["detail"], r.text
            r = guest.post(f"/api/games/{gid}/join", json={"seat": 1, "invite": invite, "name": name})
            assert r.status_code == 409 and "has an account" in r.json()["detail"], r.text
        r = guest.post(f"/api/games/{gid}/join?lang=zh", json={"seat": 1, "invite": invite, "name": "Ann"})
        assert r.status_code == 409 and "游客" in r.json()["detail"]
        assert guest.get(f"/api/games/{gid}").json()["seats"][1]["name"] is None  # nothing taken
        r = guest.post(f"/api/games/{gid}/join", json={"seat": 1, "invite": invite, "name": "Anne"})
        assert r.status_code == 200
        seats = guest.get(f"/api/games/{gid}").json()["seats"]
        assert [(s["name"], s["account"]) for s in seats] == [("Ann", True), ("Anne", False)]
        assert guest.post("/api/games", json={"game": "cube-europe", "players": 1, "player_name": "Bao"}).status_code == 201
