""""Waiting for you" (issue 40, part 2): ``GET /api/me/waiting`` lists the signed-in account's games where
its seat is due (real-time and turn-based, with how long and the deadline), only its own, and follows
the game as it moves."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from meeple.server.turn_clock import DAY

from .helpers import client
from .invite_helpers import FakeClock, People


@pytest.fixture
def people(sqlite_url: str) -> Iterator[tuple[People, FakeClock]]:
    with client(sqlite_url, deadline_check_every=3600.0) as c:
        clock = FakeClock()
        c.app.state.hub.clock = clock
        p = People(c)
        p.sign_up("Ann", "Bob", "Cleo")
        yield p, clock


def two_player_game(p: People, game: str = "cube-europe", **extra: Any) -> str:
    gid = p.new_game("Ann", game=game, **extra)["id"]
    assert p.post("Bob", f"/api/games/{gid}/join", {}).status_code == 200
    return gid


def waiting_ids(p: People, who: str) -> list[str]:
    r = p.get(who, "/api/me/waiting")
    assert r.status_code == 200, r.text
    return [g["id"] for g in r.json()["games"]]


def seat_names(p: People, gid: str) -> dict[int, str]:
    return {s["seat"]: s["name"] for s in p.get(None, f"/api/games/{gid}").json()["seats"]}


def test_signed_out_is_401(people: tuple[People, FakeClock]) -> None:
    p, _ = people
    r = p.get(None, "/api/me/waiting")
    assert r.status_code == 401 and r.json()["error"] == "server.not_signed_in"


def test_a_real_time_game_is_listed_for_the_seat_to_move_only(people: tuple[People, FakeClock]) -> None:
    p, _ = people
    gid = two_player_game(p)
    names = seat_names(p, gid)
    view = p.get(None, f"/api/games/{gid}/spectate").json()
    due = {names[s] for s in view["to_move"]}
    for who in ("Ann", "Bob"):
        assert (gid in waiting_ids(p, who)) == (who in due)
    assert waiting_ids(p, "Cleo") == []  # another account never sees them
    mover = sorted(due)[0]
    entry = p.get(mover, "/api/me/waiting").json()["games"][0]
    assert entry["game"] == "cube-europe" and entry["pace"] == "realtime" and entry["deadline"] is None
    assert isinstance(entry["since"], float)
    # the mover moves: the list follows the game
    p.act(mover)
    mine = p.c.get(f"/api/games/{gid}/view").json()
    headers = p.act(mover)
    r = p.c.post(f"/api/games/{gid}/actions", json={"seq": mine["seq"], "text": mine["legal"][0]["text"]}, headers=headers)
    assert r.status_code == 200, r.text
    after = {names[s] for s in p.get(None, f"/api/games/{gid}/spectate").json()["to_move"]}
    for who in ("Ann", "Bob"):
        assert (gid in waiting_ids(p, who)) == (who in after)


def test_an_open_game_and_a_seat_left_to_its_bot_are_not_waiting(people: tuple[People, FakeClock]) -> None:
    p, _ = people
    open_gid = p.new_game("Ann")["id"]
    gid = two_player_game(p)
    for who in ("Ann", "Bob"):
        assert open_gid not in waiting_ids(p, who)
        assert p.post(who, f"/api/games/{gid}/leave").status_code == 200
        assert gid not in waiting_ids(p, who)


def test_a_turn_based_game_carries_its_deadline_and_comes_first(people: tuple[People, FakeClock]) -> None:
    p, clock = people
    realtime = two_player_game(p)
    turns = two_player_game(p, game="kingsburg", pace="turns", move_seconds=DAY)
    names = seat_names(p, turns)
    due = {names[s] for s in p.get(None, f"/api/games/{turns}/spectate").json()["to_move"]}
    realtime_due = {seat_names(p, realtime)[s] for s in p.get(None, f"/api/games/{realtime}/spectate").json()["to_move"]}
    for who in sorted(due):
        games = p.get(who, "/api/me/waiting").json()["games"]
        assert games[0]["id"] == turns  # a deadline first
        entry = games[0]
        assert entry["pace"] == "turns" and entry["move_seconds"] == DAY
        assert entry["deadline"] == pytest.approx(clock.now + DAY)
        assert entry["since"] == pytest.approx(clock.now)
        assert (realtime in [g["id"] for g in games]) == (who in realtime_due)
    assert p.get("Cleo", "/api/me/waiting").json() == {"games": [], "invites": [], "count": 0}


def test_the_count_adds_due_games_and_invites(people: tuple[People, FakeClock]) -> None:
    p, _ = people
    gid = two_player_game(p)
    names = seat_names(p, gid)
    first = names[p.get(None, f"/api/games/{gid}/spectate").json()["to_move"][0]]
    other = "Bob" if first == "Ann" else "Ann"
    invite_gid = p.new_game("Cleo")["id"]
    assert p.post("Cleo", f"/api/games/{invite_gid}/invites", {"name": first}).status_code == 201
    got = p.get(first, "/api/me/waiting").json()
    assert got["count"] == 2 and len(got["games"]) == 1 and got["invites"][0]["inviter"] == "Cleo"
    assert p.get(other, "/api/me/waiting").json()["invites"] == []
