"""The ``page`` fixture shares one browser context per module (tests/web/conftest.py) and yet each test's tab
starts as a new visitor's: the first test leaves a cookie and stored data behind, the second finds none."""

from __future__ import annotations

LEAVE = """() => { localStorage.setItem('meeple.left', '1'); sessionStorage.setItem('meeple.left', '1');
                   document.cookie = 'left=1; path=/'; return [localStorage.length, document.cookie]; }"""
FIND = "() => [localStorage.getItem('meeple.left'), sessionStorage.getItem('meeple.left'), document.cookie]"


def test_a_tab_leaves_a_cookie_and_stored_data(page, server) -> None:
    page.goto(f"{server}/?lang=en#/")
    stored, cookie = page.evaluate(LEAVE)
    assert stored >= 1 and "left=1" in cookie


def test_the_next_tab_finds_none_of_them(page, server) -> None:
    page.goto(f"{server}/?lang=en#/")
    local, session, cookie = page.evaluate(FIND)
    assert (local, session) == (None, None)
    assert "left=1" not in cookie
