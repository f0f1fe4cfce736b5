"""The browser client under the server's Content-Security-Policy (meeple.server.headers): the lobby, a
board of every game, a finished game's end screen and its replay load without a single violation, and
the page really is under the policy (an inline style attribute set on purpose is refused and seen)."""

from __future__ import annotations

import time

import httpx
import pytest

import meeple
from meeple.server.headers import CSP

from .daily import by_default

# Runs before any script of the page (Playwright injects it through the browser's debugging protocol,
# which the policy does not govern): every violation the page reports is kept in window.cspViolations.
LISTEN = """
window.cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`);
});
"""


@pytest.fixture
def watched(page):  # type: ignore[no-untyped-def]
    page.add_init_script(LISTEN)
    return page


def violations(page) -> list[str]:  # type: ignore[no-untyped-def]
    page.wait_for_timeout(50)  # the events are dispatched after the refusal, in a task of their own
    found = page.evaluate("() => window.cspViolations")
    csp_console = [m for m in page.console_errors if "Content Security Policy" in m]
    return found + csp_console


def finished_bot_game(server: str, game: str = "cube-europe") -> str:
    made = httpx.post(f"{server}/api/games", json={"game": game, "players": 2,
                                                   "seats": [{"kind": "bot", "level": "random"}] * 2}).json()
    gid = made["id"]
    deadline = time.time() + 120
    while httpx.get(f"{server}/api/games/{gid}").json()["status"] != "finished":
        assert time.time() < deadline, "the bots did not finish"
        time.sleep(0.2)
    return gid


def test_the_page_is_served_under_the_policy(watched, server):  # type: ignore[no-untyped-def]
    response = watched.goto(server + "/")
    assert response.headers["content-security-policy"] == CSP
    watched.wait_for_selector("[data-play]")
    assert violations(watched) == []
    # the listener and the policy are real: an inline style attribute is refused and reported
    watched.evaluate("() => document.body.setAttribute('style', 'outline: 3px solid red')")
    seen = violations(watched)
    assert any(v.startswith("style-src") for v in seen), seen
    assert watched.evaluate("() => getComputedStyle(document.body).outlineStyle") != "solid"


@pytest.mark.parametrize("game_id", by_default(sorted(meeple.games()), kept={"citadels", "gods-playground"}))
def test_the_lobby_and_a_board_load_without_a_violation(watched, server, game_id):  # type: ignore[no-untyped-def]
    watched.goto(server + "/")
    watched.wait_for_selector(f"[data-play='{game_id}']")
    watched.click(f"[data-play='{game_id}']")
    watched.wait_for_function("""() => {
        const status = document.querySelector('#status');
        const board = document.querySelector('#board [data-board]');
        return board && status && (status.classList.contains('your-turn')
            || document.querySelectorAll('#actions button.action').length > 0
            || /Waiting for/.test(status.textContent));
    }""", timeout=15000)
    assert violations(watched) == []
    assert watched.console_errors == []
    # the seat colours the boards give as styles arrive (through the DOM, which the policy allows)
    styled = watched.evaluate("""() => [...document.querySelectorAll('[style]')]
        .filter((el) => el.style.getPropertyValue('--seat') || el.style.getPropertyValue('--family')).length""")
    assert styled > 0


def test_the_end_screen_and_the_replay_load_without_a_violation(watched, server):  # type: ignore[no-untyped-def]
    gid = finished_bot_game(server)
    watched.goto(f"{server}/#/game/{gid}")
    watched.wait_for_selector("#game-over [data-chart] [data-bar]")
    swatch = watched.evaluate("() => getComputedStyle(document.querySelector('#game-over [data-legend] .swatch'))"
                              ".backgroundColor")
    assert swatch not in ("", "rgba(0, 0, 0, 0)")  # the legend's colours, given as styles, are drawn
    watched.goto(f"{server}/#/replay/{gid}")
    watched.wait_for_selector("#prev")
    watched.click("#prev")
    watched.wait_for_timeout(200)
    assert violations(watched) == []
    assert watched.console_errors == []
