"""The lobby's "Cancel" on the creator's own game that has not started (issue 23), in both languages."""

from __future__ import annotations

import httpx
import pytest


@pytest.mark.parametrize("lang", [pytest.param("en", marks=pytest.mark.daily), "zh"])
def test_the_creator_cancels_from_your_games(page, server, lang):
    made = httpx.post(f"{server}/api/games", json={"game": "cube-europe", "players": 2,
                                                   "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    gid = made["id"]
    page.goto(server + "/")
    page.evaluate("""([gid, token, lang]) => {
        localStorage.setItem('meeple.seats', JSON.stringify({[gid]: {seat: 0, token}}));
        localStorage.setItem('meeple.lang', lang);
    }""", [gid, made["token"], lang])
    page.reload()
    button = page.wait_for_selector(f"#your-games [data-cancel='{gid}']")
    assert button.inner_text() == ("Cancel" if lang == "en" else "取消对局")
    asked = []
    page.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    button.click()
    page.wait_for_timeout(300)
    assert asked and httpx.get(f"{server}/api/games/{gid}").json()["status"] == "open"  # said no: nothing
    page.once("dialog", lambda d: d.accept())
    button.click()
    page.wait_for_selector(f"#your-games [data-game-id='{gid}']", state="detached")
    assert httpx.get(f"{server}/api/games/{gid}").json()["status"] == "cancelled"
    assert page.query_selector(f"[data-game-id='{gid}']") is None
    assert page.console_errors == []
