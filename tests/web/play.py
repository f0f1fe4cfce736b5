"""Helpers that drive the browser client like a person: start a game in the lobby, click moves."""

from __future__ import annotations

import time


def start_game(page, base: str, game_id: str, players: int, bots: str = "random", lang: str | None = None,
               name: str | None = None) -> None:
    """In the lobby: choose the game and player count; seat 0 is you, the others bots of ``bots``.

    ``lang``: open the page with ``?lang=`` (else the page's own choice); ``name``: type your name."""
    page.goto(base + "/" + (f"?lang={lang}" if lang else ""))
    page.wait_for_selector("#create")
    page.select_option("#game", game_id)
    page.fill("#players", str(players))
    page.dispatch_event("#players", "change")
    for i in range(1, players):
        page.select_option(f"#seat-{i}", f"bot:{bots}")
    if name:
        page.fill("#player-name", name)
    page.click("#create")
    page.wait_for_selector("#status")


def play_to_end(page, choose=None, max_moves: int = 3000, timeout: float = 240.0) -> int:
    """Click one of the highlighted moves (default: the first in the action list) until the game ends."""
    moves = 0
    deadline = time.time() + timeout
    while time.time() < deadline and moves < max_moves:
        if page.query_selector("#game-over"):
            return moves
        buttons = page.query_selector_all("#actions:not(.busy) button.action")
        if not buttons:
            page.wait_for_timeout(30)
            continue
        target = choose(buttons, moves) if choose else buttons[0]
        try:
            target.click(timeout=2000)
            moves += 1
        except Exception:  # the view was replaced under the click; look again
            continue
        page.wait_for_timeout(10)
    raise AssertionError(f"the game did not end within {moves} moves / {timeout:.0f}s")
