"""Accounts in the browser (Debian Chromium): sign up, play a game against a bot, take it up on a
second device signed in to the same account, finish it there, see the rating change at the end and
the game in the profile (issue 24's Playwright check)."""

from __future__ import annotations

from .play import play_to_end, start_game

PASSWORD = "correct horse battery"


def _sign(page, base: str, name: str, how: str, shown: str = "Ann") -> None:  # type: ignore[no-untyped-def]
    page.goto(base + "/#/signin")
    page.wait_for_selector("#account-form")
    page.fill("#account-name", name)
    page.fill("#account-password", PASSWORD)
    page.click("#sign-up" if how == "up" else "#sign-in")
    page.wait_for_selector("#me-link")
    assert page.inner_text("#me-link") == shown  # the account's own spelling


def test_sign_up_play_on_two_devices_and_see_the_rating(server: str, page, browser) -> None:  # type: ignore[no-untyped-def]
    _sign(page, server, "Ann", "up")
    page.goto(server + "/")
    page.wait_for_selector("#create")
    page.select_option("#game", "cube-europe")
    assert not page.is_checked("#rated") and not page.is_enabled("#rated")  # solo (the default count): never rated
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    assert page.is_checked("#rated")  # signed in, against bots: rated unless she says otherwise
    page.select_option("#seat-1", "human")  # an invited seat may be a guest's: casual by default
    assert not page.is_checked("#rated") and page.is_enabled("#rated")
    start_game(page, server, "cube-europe", 2, bots="random")
    page.wait_for_function("() => location.hash.startsWith('#/game/')")
    gid = page.evaluate("() => decodeURIComponent(location.hash.split('/')[2])")
    page.wait_for_selector("#actions button.action")
    assert page.query_selector(".controls [data-rated]") is not None  # a rated game says so ...
    assert page.query_selector("#hint") is None and page.query_selector("#undo") is None  # ... and has no coach, no undo
    page.click("#actions button.action")  # one move here, the rest on the other device
    assert "Ann" in page.inner_text(".seat-chips") and "(guest)" not in page.inner_text(".seat-chips")  # an account

    other = browser.new_context(viewport={"width": 1280, "height": 900})
    laptop = other.new_page()
    errors: list[str] = []
    laptop.on("pageerror", lambda e: errors.append(str(e)))
    laptop.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        _sign(laptop, server, "ann", "in")  # the name ignores case
        laptop.goto(server + "/")
        laptop.wait_for_selector(f'#your-games [data-game-id="{gid}"]')
        laptop.click(f'#your-games [data-game-id="{gid}"] a.button.primary')
        laptop.wait_for_selector("#actions button.action")
        assert "(you)" in laptop.inner_text(".seat-chips")  # the account's seat, with no token on this device
        play_to_end(laptop, timeout=180)
        laptop.wait_for_selector('#game-over [data-rating-change="0"]')
        line = laptop.inner_text('#game-over [data-rating-change="0"]')
        assert "Ann" in line and "1000 →" in line
        assert "minute" in laptop.inner_text("#game-over [data-length]")  # the game's length
        laptop.click("#me-link")
        laptop.wait_for_selector('#profile [data-rating="cube-europe/2p"]')
        assert laptop.query_selector(f'#history [data-game-id="{gid}"]') is not None
        assert laptop.query_selector("#profile [data-chart] polyline") is not None
        assert laptop.query_selector("#account-settings #change-password") is not None  # her own profile
        laptop.click('#profile [data-rating="cube-europe/2p"] a')
        laptop.wait_for_selector("#leaderboard")
        assert "Ann" in laptop.inner_text("#leaderboard")
        assert errors == []
    finally:
        other.close()
    assert page.console_errors == []
