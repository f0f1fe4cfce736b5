"""A private game's replay in the browser: the seat's own browser (its token in localStorage) opens the
replay and the end screen counts the replay's moves; another browser is told the replay is private."""

from __future__ import annotations

import json
import random
import time

import httpx


def _finished_private_game(server: str) -> tuple[str, str]:
    """A private Cube Europe game, you against a random bot, played to the end over HTTP: (id, your token)."""
    made = httpx.post(f"{server}/api/games", json={
        "game": "cube-europe", "players": 2, "private": True, "fallback_level": "random",
        "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}]}).json()
    gid, token = made["id"], made["token"]
    rnd = random.Random(3)
    headers = {"Authorization": f"Bearer {token}"}
    deadline = time.time() + 120
    while time.time() < deadline:
        v = httpx.get(f"{server}/api/games/{gid}/view", headers=headers).json()
        if v["over"]:
            return gid, token
        if not v["your_turn"]:
            time.sleep(0.01)
            continue
        httpx.post(f"{server}/api/games/{gid}/actions", headers=headers,
                   json={"seq": v["seq"], "action": rnd.choice(v["legal"])["action"]})
    raise AssertionError("the game did not end")


def test_a_private_games_seat_sees_its_replay_and_a_stranger_is_told_it_is_private(browser, page, server):  # type: ignore[no-untyped-def]
    gid, token = _finished_private_game(server)
    assert httpx.get(f"{server}/api/games/{gid}/replay").status_code == 403

    page.goto(server + "/")
    page.wait_for_selector("[data-play]")  # the lobby drawn: it cannot replace the replay drawn next
    page.evaluate("(seats) => localStorage.setItem('meeple.seats', seats)",
                  json.dumps({gid: {"seat": 0, "token": token}}))
    page.goto(f"{server}/#/replay/{gid}")
    page.wait_for_selector("#prev")
    page.click("#prev")
    page.wait_for_function("""() => {  // one step back from the end: "Move N-1 of N"
        const m = /Move (\\d+) of (\\d+)/.exec((document.querySelector('.status') || {}).textContent || '');
        return m && Number(m[1]) === Number(m[2]) - 1;
    }""")
    page.goto(f"{server}/#/game/{gid}")
    page.wait_for_function("() => / move/.test((document.querySelector('#game-over [data-length]') || {}).textContent)")
    assert page.console_errors == []

    stranger = browser.new_context()
    try:
        other = stranger.new_page()
        other.goto(f"{server}/#/replay/{gid}")
        alert = other.wait_for_selector("p.error[role=alert]")
        assert "private game" in alert.inner_text()
        assert other.query_selector("#prev") is None
    finally:
        stranger.close()
