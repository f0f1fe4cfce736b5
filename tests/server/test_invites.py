"""Invites by name (issue 40, part 4): a seated, signed-in player invites an account; the invite reserves
a free seat; the invitee finds it in "Waiting for you" and accepts (takes the seat) or declines (the
seat is free again); bounds per game and per inviter per day; refusals change nothing; recent opponents."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa

from meeple.server import db
from meeple.server.services import invites as invites_service
from meeple.server.services.invites import INVITE_SECONDS, INVITES_PER_DAY, INVITES_PER_GAME

from .helpers import client
from .invite_helpers import FakeClock, People


@pytest.fixture
def people(sqlite_url: str) -> Iterator[tuple[People, FakeClock]]:
    with client(sqlite_url) as c:
        clock = FakeClock()
        c.app.state.hub.clock = clock
        p = People(c)
        p.sign_up("Ann", "Bob", "Cleo")
        yield p, clock


def stored_invites(p: People) -> list[dict[str, Any]]:
    with p.c.app.state.hub.engine.connect() as conn:
        return [dict(r) for r in conn.execute(sa.select(db.invites).order_by(db.invites.c.id)).mappings()]


def invite(p: People, who: str | None, gid: str, body: Any) -> Any:
    return p.post(who, f"/api/games/{gid}/invites", body)


@pytest.fixture
def people_both(db_url: str) -> Iterator[tuple[People, FakeClock]]:
    """``people`` on SQLite and on PostgreSQL."""
    with client(db_url) as c:
        clock = FakeClock()
        c.app.state.hub.clock = clock
        p = People(c)
        p.sign_up("Ann", "Bob", "Cleo")
        yield p, clock


def test_an_invite_reaches_the_invitee_who_accepts_and_takes_the_seat(people_both: tuple[People, FakeClock]) -> None:
    p, _ = people_both
    made = p.new_game("Ann")
    r = invite(p, "Ann", made["id"], {"name": "bob"})  # names ignore case
    assert r.status_code == 201, r.text
    sent = r.json()
    assert sent["seat"] == 1 and sent["name"] == "Bob"
    waiting = p.get("Bob", "/api/me/waiting").json()
    assert waiting["count"] == 1 and waiting["games"] == []
    entry = waiting["invites"][0]
    assert entry["game_id"] == made["id"] and entry["inviter"] == "Ann" and entry["seat"] == 1
    assert "code" not in entry and "token" not in entry  # no link to copy, no secret
    assert p.get("Cleo", "/api/me/waiting").json()["invites"] == []  # only the invitee sees it
    r = p.post("Bob", f"/api/invites/{entry['id']}/accept")
    assert r.status_code == 200, r.text
    assert r.json()["seat"] == 1 and r.json()["token"]
    summary = p.get(None, f"/api/games/{made['id']}").json()
    assert summary["status"] == "active" and summary["seats"][1]["name"] == "Bob" and summary["seats"][1]["account"]
    assert stored_invites(p)[0]["status"] == "accepted"
    assert p.get("Bob", "/api/me/waiting").json()["invites"] == []
    assert p.post("Bob", f"/api/invites/{entry['id']}/accept").status_code == 409  # answered already


def test_a_reserved_seat_is_only_the_invitees_until_declined(people: tuple[People, FakeClock]) -> None:
    p, _ = people
    made = p.new_game("Ann")
    gid = made["id"]
    invite_id = invite(p, "Ann", gid, {"name": "Bob", "seat": 1}).json()["id"]
    # neither a guest from the lobby, nor another account, nor the seat's own link may take it now
    r = p.post(None, f"/api/games/{gid}/join", {"seat": 1, "name": "Zed"})
    assert r.status_code == 409 and r.json()["error"] == "server.seat_reserved"
    r = p.post("Cleo", f"/api/games/{gid}/join", {"seat": 1, "invite": made["invites"][0]["code"]})
    assert r.status_code == 409 and r.json()["error"] == "server.seat_reserved"
    assert p.post("Cleo", f"/api/games/{gid}/join", {}).json()["error"] == "server.no_free_seat"
    # another account cannot answer Bob's invite (and is not told it exists)
    r = p.post("Cleo", f"/api/invites/{invite_id}/decline")
    assert r.status_code == 404 and r.json()["error"] == "server.invite_unknown"
    r = p.post("Bob", f"/api/invites/{invite_id}/decline")
    assert r.status_code == 200 and r.json()["status"] == "declined"
    assert p.get("Bob", "/api/me/waiting").json()["invites"] == []
    r = p.post("Cleo", f"/api/games/{gid}/join", {"seat": 1})  # free again
    assert r.status_code == 200, r.text


def test_an_expired_or_withdrawn_invite_frees_the_seat(people: tuple[People, FakeClock]) -> None:
    p, clock = people
    gid = p.new_game("Ann", players=3)["id"]
    first = invite(p, "Ann", gid, {"name": "Bob"}).json()
    second = invite(p, "Ann", gid, {"name": "Cleo"}).json()
    assert (first["seat"], second["seat"]) == (1, 2)  # each takes the next free seat
    r = p.post("Bob", f"/api/invites/{second['id']}/withdraw")  # only the inviter withdraws
    assert r.status_code == 404
    assert p.post("Ann", f"/api/invites/{second['id']}/withdraw").json()["status"] == "withdrawn"
    assert p.get("Cleo", "/api/me/waiting").json()["invites"] == []
    clock.now += INVITE_SECONDS + 1
    assert p.get("Bob", "/api/me/waiting").json()["invites"] == []
    r = p.post("Bob", f"/api/invites/{first['id']}/accept")
    assert r.status_code == 409 and r.json()["error"] == "server.invite_closed"
    r = p.post(None, f"/api/games/{gid}/join", {"seat": 1, "name": "Zed"})
    assert r.status_code == 200, r.text


def test_a_plain_join_by_the_invitee_accepts_the_invite(people: tuple[People, FakeClock]) -> None:
    p, _ = people
    gid = p.new_game("Ann", private=True)["id"]
    invite(p, "Ann", gid, {"name": "Bob"})
    r = p.post("Bob", f"/api/games/{gid}/join", {})  # a private game: the reservation is Bob's way in
    assert r.status_code == 200 and r.json()["seat"] == 1
    assert stored_invites(p)[0]["status"] == "accepted"


@pytest.mark.parametrize(("who", "body", "status", "error"), [
    (None, {"name": "Bob"}, 401, "server.not_signed_in"),
    ("Cleo", {"name": "Bob"}, 403, "server.account_not_seated"),
    ("Ann", {"name": "Nobody Here"}, 404, "server.invite_no_player"),
    ("Ann", {"name": "ann"}, 422, "server.invite_self"),
    ("Ann", {"name": "   "}, 422, "server.invite_name_needed"),
    ("Ann", {"name": "Bob", "seat": 0}, 409, "server.seat_taken"),
    ("Ann", {"name": "Bob", "seat": 7}, 422, "server.bad_seat"),
    ("Ann", {"name": 5}, 422, None),
    ("Ann", {"name": "Bob", "seat": "1"}, 422, None),
    ("Ann", {"name": "Bob", "seat": -1}, 422, None),
    ("Ann", {"name": "x" * 201}, 422, None),
    ("Ann", {"name": "B\u0000ob"}, 422, None),
    ("Ann", {}, 422, None),
])
def test_refused_invites_say_why_and_store_nothing(people: tuple[People, FakeClock], who: str | None,
                                                  body: Any, status: int, error: str | None) -> None:
    p, _ = people
    gid = p.new_game("Ann")["id"]
    r = invite(p, who, gid, body)
    assert r.status_code == status, r.text
    if error is not None:
        assert r.json()["error"] == error
    assert stored_invites(p) == []


def test_unknown_game_deleted_account_and_no_csrf(people: tuple[People, FakeClock]) -> None:
    p, _ = people
    gid = p.new_game("Ann")["id"]
    assert invite(p, "Ann", "nosuchgame", {"name": "Bob"}).status_code == 404
    p.act("Ann")
    r = p.c.post(f"/api/games/{gid}/invites", json={"name": "Bob"})  # a session without its CSRF header
    assert r.status_code == 403 and r.json()["error"] == "server.csrf_missing"
    headers = p.act("Cleo")
    assert p.c.request("DELETE", "/api/me", json={"password": "correct horse battery"}, headers=headers).status_code == 200
    r = invite(p, "Ann", gid, {"name": "Cleo"})  # deleted: the same answer as a name never taken
    assert r.status_code == 404 and r.json()["detail"] == "no such player"
    assert p.post("Bob", "/api/invites/99999/accept").status_code == 404
    assert p.post("Bob", "/api/invites/0/accept").status_code == 422
    assert stored_invites(p) == []


def test_duplicates_seated_players_and_full_games_are_refused(people: tuple[People, FakeClock]) -> None:
    p, _ = people
    gid = p.new_game("Ann", players=3)["id"]
    assert invite(p, "Ann", gid, {"name": "Bob"}).status_code == 201
    r = invite(p, "Ann", gid, {"name": "Bob"})
    assert r.status_code == 409 and r.json()["error"] == "server.invite_pending"
    r = invite(p, "Ann", gid, {"name": "Cleo", "seat": 1})
    assert r.status_code == 409 and r.json()["error"] == "server.seat_reserved"
    assert p.post("Cleo", f"/api/games/{gid}/join", {"seat": 2}).status_code == 200
    r = invite(p, "Cleo", gid, {"name": "Ann"})  # any seat of the game may invite; Ann is seated
    assert r.status_code == 409 and r.json()["error"] == "server.invite_seated"
    r = invite(p, "Ann", gid, {"name": "Cleo"})
    assert r.status_code == 409 and r.json()["error"] == "server.invite_seated"
    assert len(stored_invites(p)) == 1


def test_invites_are_bounded_per_game_and_per_inviter_per_day(people: tuple[People, FakeClock],
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    p, clock = people
    gid = p.new_game("Ann")["id"]
    for _ in range(INVITES_PER_GAME):  # invite, withdraw, again: each counts
        sent = invite(p, "Ann", gid, {"name": "Bob"})
        assert sent.status_code == 201, sent.text
        assert p.post("Ann", f"/api/invites/{sent.json()['id']}/withdraw").status_code == 200
    r = invite(p, "Ann", gid, {"name": "Bob"})
    assert r.status_code == 429 and r.json()["error"] == "server.invites_per_game"
    monkeypatch.setattr(invites_service, "INVITES_PER_GAME", 10_000)
    monkeypatch.setattr(invites_service, "INVITES_PER_DAY", INVITES_PER_GAME + 3)
    for _ in range(3):
        sent = invite(p, "Ann", gid, {"name": "Bob"})
        assert sent.status_code == 201
        p.post("Ann", f"/api/invites/{sent.json()['id']}/withdraw")
    r = invite(p, "Ann", gid, {"name": "Bob"})
    assert r.status_code == 429 and r.json()["error"] == "server.invites_per_day"
    assert INVITES_PER_DAY >= 10
    clock.now += 24 * 3600 + 1  # a day later the inviter may again
    assert invite(p, "Ann", gid, {"name": "Bob"}).status_code == 201


def test_the_hook_is_called_after_each_invite(people: tuple[People, FakeClock]) -> None:
    p, _ = people
    calls: list[tuple[str, int]] = []
    p.c.app.state.hub.invites.on_invited = lambda gid, uid: calls.append((gid, uid))
    gid = p.new_game("Ann")["id"]
    invite(p, "Ann", gid, {"name": "Cleo"})
    invite(p, "Ann", gid, {"name": "Cleo"})  # refused: no call
    assert calls == [(gid, p.ids["Cleo"])]


def test_an_async_hook_runs_in_the_background_and_its_failure_undoes_nothing(people: tuple[People, FakeClock]) -> None:
    p, _ = people
    calls: list[tuple[str, int]] = []

    async def invited(gid: str, uid: int) -> bool:  # like the e-mail notices' hub.notices.invited
        calls.append((gid, uid))
        raise RuntimeError("the SMTP server is down")

    p.c.app.state.hub.invites.on_invited = invited
    gid = p.new_game("Ann")["id"]
    r = invite(p, "Ann", gid, {"name": "Bob"})
    assert r.status_code == 201
    p.get("Bob", "/api/me/waiting")  # another request: the background task has run by now
    assert calls == [(gid, p.ids["Bob"])]
    assert stored_invites(p)[0]["status"] == "pending"


def test_recent_opponents_newest_first_bounded_and_private(people: tuple[People, FakeClock]) -> None:
    p, clock = people
    p.sign_up("Dan")
    assert p.get(None, "/api/me/opponents").status_code == 401
    assert p.get("Ann", "/api/me/opponents").json() == {"players": []}
    for name in ("Bob", "Cleo", "Dan"):
        clock.now += 10
        gid = p.new_game("Ann")["id"]
        assert p.post(name, f"/api/games/{gid}/join", {}).status_code == 200
    open_gid = p.new_game("Bob")["id"]  # an open game shared with nobody yet: no opponent
    assert open_gid
    got = p.get("Ann", "/api/me/opponents").json()["players"]
    assert got[0] == "Dan" and set(got) == {"Bob", "Cleo", "Dan"}
    assert p.get("Bob", "/api/me/opponents").json()["players"] == ["Ann"]


def test_the_lobby_and_the_summary_mark_a_reserved_seat(people: tuple[People, FakeClock]) -> None:
    p, clock = people
    gid = p.new_game("Ann", players=3)["id"]
    invite(p, "Ann", gid, {"name": "Bob", "seat": 2})

    def reserved(seats: list[dict[str, Any]]) -> dict[int, Any]:
        return {s["seat"]: s.get("reserved") for s in seats}

    assert reserved(p.get(None, f"/api/games/{gid}").json()["seats"]) == {0: None, 1: False, 2: True}
    listed = next(g for g in p.get(None, "/api/lobby").json()["open"] if g["id"] == gid)
    assert reserved(listed["seats"]) == {0: None, 1: False, 2: True}
    clock.now += INVITE_SECONDS + 1  # expired: offered to anyone again
    assert reserved(p.get(None, f"/api/games/{gid}").json()["seats"])[2] is False
