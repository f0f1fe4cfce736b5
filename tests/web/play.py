"""Helpers that drive the browser client like a person: start a game in the lobby, click moves."""

from __future__ import annotations

import random
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


def play_to_end_over_the_api(page, base: str, timeout: float = 120.0) -> int:
    """Play the page's own seat to the end with its first legal move each time, over the HTTP API with the
    seat's token from the page's storage (the page follows as it would a second device): a test about the
    end of a game reaches it without a click per move. Returns the moves played."""
    import httpx

    gid = page.evaluate("() => decodeURIComponent(location.hash.split('/')[2])")
    token = page.evaluate("(gid) => JSON.parse(localStorage.getItem('meeple.seats'))[gid].token", gid)
    headers = {"Authorization": f"Bearer {token}"}
    moves = 0
    deadline = time.time() + timeout
    with httpx.Client(base_url=base, headers=headers) as http:
        while time.time() < deadline:
            view = http.get(f"/api/games/{gid}/view").json()
            if view["over"]:
                return moves
            if not view["legal"]:
                time.sleep(0.02)  # a bot's turn
                continue
            r = http.post(f"/api/games/{gid}/actions", json={"seq": view["seq"], "action": view["legal"][0]["action"]})
            if r.status_code == 409:  # a bot moved in between: look again
                continue
            r.raise_for_status()
            moves += 1
    raise AssertionError(f"the game did not end within {moves} moves / {timeout:.0f}s")


def play_by_board(page, seed: int, timeout: float = 240.0, shot: str = "/tmp/board-timeout.png") -> dict[str, int]:
    """Click random visible moves inside [data-board] (picking a source first when only picks are
    visible) until the game is over; at every step each move of the move list must be on the board.

    Returns how many moves of each name were clicked; on a timeout, saves a screenshot at ``shot``."""
    rnd = random.Random(seed)
    played: dict[str, int] = {}
    last_error = None
    deadline = time.time() + timeout
    clickable = "#board:not(.busy) [data-board] [data-action]"
    while time.time() < deadline:
        # one read of the page per step (an update may come between two reads, and each round trip costs)
        seen = page.evaluate("""(clickable) => {
            const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
            const texts = (sel) => [...document.querySelectorAll(sel)].map((e) => e.getAttribute('data-action'));
            const targets = [...document.querySelectorAll(clickable)];
            const picks = [...document.querySelectorAll('[data-board] [data-pick]')];
            return { over: !!document.querySelector('#game-over'), listed: texts('[data-movelist] [data-action]'),
                     onBoard: texts('[data-board] [data-action]'),
                     visible: targets.map((e, i) => (shown(e) ? [i, e.getAttribute('data-action')] : null)).filter(Boolean),
                     picks: picks.map((e, i) => (shown(e) ? i : null)).filter((i) => i !== null) };
        }""", clickable)
        if seen["over"]:
            return played
        missing = [a for a in seen["listed"] if a not in seen["onBoard"]]
        assert not missing, f"legal moves with no element on the board: {missing}"
        if not seen["visible"]:
            if seen["picks"] and seen["listed"]:
                try:
                    page.locator("[data-board] [data-pick]").nth(rnd.choice(seen["picks"])).click(timeout=1500)
                except Exception:  # the board was redrawn under the click
                    pass
                continue
            page.wait_for_timeout(30)
            continue
        index, text = rnd.choice(seen["visible"])
        try:
            page.locator(clickable).nth(index).click(timeout=1500)
        except Exception as exc:  # the board was redrawn under the click: look again
            last_error = str(exc).splitlines()[0]
            continue
        played[text.split()[0]] = played.get(text.split()[0], 0) + 1
        page.wait_for_timeout(10)
    page.screenshot(path=shot)
    raise AssertionError(f"the game did not end in {timeout:.0f}s; moves so far {played}; status "
                         f"{page.inner_text('#status')!r}; last click error {last_error!r}")


TARGETS = "[data-board] [data-action], [data-board] [data-pick]"


def assert_fits_a_phone(page, targets: str = TARGETS, width: int = 360, on_screen: bool = False) -> int:
    """Nothing widens the page past ``width`` (a board pans inside its own frame) and every visible target
    is at least 32 × 32 px (``on_screen``: and lies within the screen's width). Returns how many were
    measured, at least one."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    measured = 0
    for element in page.query_selector_all(targets):
        if not element.is_visible():
            continue
        box = element.bounding_box()
        name = element.get_attribute("data-action") or element.get_attribute("data-pick")
        assert box["width"] >= 32 and box["height"] >= 32, (name, box)
        if on_screen:
            assert box["x"] >= 0 and box["x"] + box["width"] <= width, (name, box)
        measured += 1
    assert measured, f"no visible target ({targets})"
    return measured


def watched_page(browser, options: dict, init_script: str | None = None):
    """A new browser context with ``options`` (viewport, touch …) and its page, whose console errors and page
    errors are collected in ``page.console_errors``; ``init_script`` runs before every page script.

    Returns ``(context, page)``; the caller closes the context."""
    context = browser.new_context(**options)
    if init_script:
        context.add_init_script(init_script)
    page = context.new_page()
    page.console_errors = []
    page.on("pageerror", lambda e: page.console_errors.append(str(e)))
    page.on("console", lambda m: page.console_errors.append(m.text) if m.type == "error" else None)
    return context, page
