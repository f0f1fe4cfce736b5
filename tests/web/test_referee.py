"""Refereeing a real table in the browser (Debian Chromium): "Referee a table game" in the lobby, every
seat at one device, each die entered by tapping its face on the board.

The check of issue 23: Red's entered roll 6, 6, 4 reaches exactly the advisors 4, 6, 10, 12 and 16, the
rulebook's example (seed 002: "玩家甲擲3顆骰得出6、6、4 … 編號4 … 6 … 10 … 12 … 16").
"""

from __future__ import annotations

import os
from pathlib import Path

from .play import assert_fits_a_phone

SHOTS = Path(os.environ["MEEPLE_SCREENSHOTS"]) if os.environ.get("MEEPLE_SCREENSHOTS") else None
"""Where to refresh docs/screenshots/referee.png (MEEPLE_SCREENSHOTS=docs/screenshots); unset: no file."""


def _open_referee_table(page, base: str, players: int = 2) -> None:  # type: ignore[no-untyped-def]
    page.goto(base + "/")
    page.click('[data-referee="kingsburg"]')
    assert page.input_value("#table") == "device"
    page.fill("#players", str(players))
    page.dispatch_event("#players", "change")
    assert page.eval_on_selector_all(".seats select", "els => els.map(e => e.value)") == ["human"] * players
    page.click("#create")
    page.wait_for_selector("[data-board]")


def _uncover(page) -> None:  # type: ignore[no-untyped-def]
    """The device passes to the next player: tap "I am …" on the curtain, if it is up."""
    if page.is_visible("#curtain-show"):
        page.click("#curtain-show")


def _until_the_tray(page, seat_name: str) -> None:  # type: ignore[no-untyped-def]
    """Everyone takes the King's aid gold (year 1) until the dice tray asks for ``seat_name``'s roll."""
    for _ in range(20):
        page.wait_for_timeout(150)
        _uncover(page)
        tray = page.query_selector("[data-board] .chance-tray.dice h3")
        if tray and seat_name in tray.inner_text():
            return
        gold = page.query_selector('#board:not(.busy) [data-board] [data-action="take gold"]')
        if gold and gold.is_visible():
            gold.click()
    raise AssertionError(f"no dice tray for {seat_name}")


def _enter(page, faces: list[int]) -> None:  # type: ignore[no-untyped-def]
    for row, face in enumerate(faces):
        page.click(f'[data-board] [data-chance-die="{row}:{face}"]')
    button = page.locator("[data-board] .chance-enter")
    assert button.get_attribute("data-chance") == "roll " + " ".join(map(str, sorted(faces, reverse=True)))
    button.click()


def test_entered_dice_reach_the_rulebooks_advisors(server: str, page) -> None:  # type: ignore[no-untyped-def]
    _open_referee_table(page, server)
    _until_the_tray(page, "Red")
    assert "Red" in page.inner_text("#status")
    if SHOTS:
        for row, face in enumerate([6, 6, 4]):
            page.click(f'[data-board] [data-chance-die="{row}:{face}"]')
        page.screenshot(path=str(SHOTS / "referee.png"))
    _enter(page, [6, 6, 4])
    _until_the_tray(page, "Blue")
    _enter(page, [6, 6, 6])
    page.wait_for_function("() => document.querySelectorAll('[data-board] [data-action^=\"place \"]').length > 0")
    _uncover(page)
    assert "Red" in page.inner_text("#status")
    places = page.eval_on_selector_all('[data-board] [data-action^="place "]',
                                       "els => [...new Set(els.map(e => e.dataset.action))]")
    assert sorted(int(p.split()[1]) for p in places) == [4, 6, 10, 12, 16]
    assert "Red rolls 6, 6, 4" in page.inner_text("#log")
    assert page.console_errors == []


def test_a_mistapped_roll_is_taken_back(server: str, page) -> None:  # type: ignore[no-untyped-def]
    _open_referee_table(page, server)
    _until_the_tray(page, "Red")
    _enter(page, [5, 5, 5])
    _until_the_tray(page, "Blue")  # the device passed to Blue, who may take Red's entry back too
    page.click("#undo")
    _until_the_tray(page, "Red")
    _enter(page, [6, 6, 4])
    page.wait_for_function("() => document.querySelector('#log').innerText.includes('Red rolls 6, 6, 4')")
    assert "5, 5, 5" not in page.inner_text("#log")  # the mistaken entry is gone, as if never made
    assert page.console_errors == []


def test_the_dice_tray_fits_a_phone(server: str, browser) -> None:  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    try:
        _open_referee_table(page, server)
        _until_the_tray(page, "Red")
        assert assert_fits_a_phone(page, "[data-board] [data-chance-die]", on_screen=True) == 18
    finally:
        context.close()


def test_a_citadels_draw_is_tapped_from_the_cards_without_the_decks_odds(server: str, page) -> None:  # type: ignore[no-untyped-def]
    page.goto(server + "/")
    page.click('[data-referee="citadels"]')
    page.fill("#players", "2")
    page.dispatch_event("#players", "change")
    page.click("#create")
    page.wait_for_selector("[data-board] .chance-tray.pick")
    _uncover(page)
    assert "Red draws" in page.inner_text("[data-board] .chance-tray h3")
    offered = page.eval_on_selector_all("[data-board] [data-chance]", "els => els.map(e => e.dataset.chance)")
    assert "draw temple" in offered and all(text.startswith("draw ") for text in offered)
    # no sentence with the odds (they would tell how many of each card the deck holds)
    assert page.eval_on_selector_all("[data-board] .chance-tray [title]", "els => els.length") == 0
    page.click('[data-board] [data-chance="draw temple"]')
    page.wait_for_function("() => document.querySelector('#log').innerText.includes('Temple')")
    assert page.console_errors == []


def test_each_player_enters_their_own_roll_on_their_own_phone(server: str, browser) -> None:  # type: ignore[no-untyped-def]
    phone = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
    ann_context, bao_context = browser.new_context(**phone), browser.new_context(**phone)
    ann, bao = ann_context.new_page(), bao_context.new_page()
    errors: list[str] = []
    for p in (ann, bao):
        p.on("pageerror", lambda e: errors.append(str(e)))
        p.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        ann.goto(server + "/")
        ann.click('[data-referee="kingsburg"]')
        ann.select_option("#table", "phones")
        ann.fill("#players", "2")
        ann.dispatch_event("#players", "change")
        ann.fill("#player-name", "Ann")
        ann.click("#create")
        link = ann.input_value(".invite-link")
        ann.click("#go-to-game")
        bao.goto(link)
        bao.fill("#join-name", "Bao")
        bao.click("#join-button")
        for p in (ann, bao):  # the King's aid: each takes a gold on their own phone
            p.wait_for_selector('#board:not(.busy) [data-board] [data-action="take gold"]')
            p.click('[data-board] [data-action="take gold"]')
        ann.wait_for_selector("[data-board] .chance-tray.dice")
        bao.wait_for_selector("[data-board] .chance-tray.waiting")
        assert "Red" in bao.inner_text("[data-board] .chance-tray.waiting")  # Bao waits for Ann's roll
        assert bao.query_selector("[data-board] [data-chance-die]") is None
        _enter(ann, [6, 6, 4])
        bao.wait_for_selector("[data-board] .chance-tray.dice")
        _enter(bao, [6, 6, 6])  # a higher total: Red (the lowest) places first
        ann.wait_for_function("() => document.querySelectorAll('[data-board] [data-action^=\"place \"]').length > 0")
        places = ann.eval_on_selector_all('[data-board] [data-action^="place "]',
                                          "els => [...new Set(els.map(e => e.dataset.action))]")
        assert sorted(int(p.split()[1]) for p in places) == [4, 6, 10, 12, 16]
        assert errors == []
    finally:
        ann_context.close()
        bao_context.close()
