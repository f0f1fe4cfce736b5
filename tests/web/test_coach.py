"""The coach's hint in the browser (Debian Chromium): the Hint control in the side panel lists the search's
best moves, lights them on the board, and a suggested move plays with one click."""

from __future__ import annotations

import re

import pytest

from .play import play_to_end, start_game


def test_a_hint_lists_and_lights_the_best_moves_and_plays_one(server: str, page) -> None:  # type: ignore[no-untyped-def]
    start_game(page, server, "cube-europe", 2, bots="random")
    page.wait_for_selector("#board:not(.busy) ~ .side #coach #hint")
    assert page.query_selector("[data-board] #hint") is None  # in the side panel's flow, not over the board
    legal = set(page.eval_on_selector_all("#actions [data-action]", "els => els.map(e => e.dataset.action)"))
    page.click("#coach #hint")
    page.wait_for_selector("#coach #hint-list .hint-move")
    suggested = page.eval_on_selector_all("#hint-list .hint-move", "els => els.map(e => e.dataset.action)")
    assert 1 <= len(suggested) <= 3 and set(suggested) <= legal
    assert page.inner_text("#hint-list").count("from here") == len(suggested)  # "wins about 6 in 10 from here (sure)"
    lit = page.eval_on_selector_all("[data-board] .hinted", "els => [...new Set(els.map(e => e.dataset.action))]")
    assert set(lit) == set(suggested)  # each suggestion lit where it is on the board
    before = len(page.query_selector_all("#log li"))
    page.click("#hint-list .hint-move")
    page.wait_for_function(f"() => document.querySelectorAll('#log li').length > {before}")
    assert page.console_errors == []


@pytest.mark.daily  # 15-20 s (a whole game, then its review); tests/server/test_hints.py covers the review itself
def test_a_finished_game_is_reviewed_from_the_summary(server: str, page) -> None:  # type: ignore[no-untyped-def]
    start_game(page, server, "cube-europe", 1)
    play_to_end(page, timeout=180)
    page.wait_for_selector("#game-over #review-button")
    # every text the review's status line shows while the review is computed
    page.evaluate("""() => { window.reviewStatus = []; new MutationObserver(() => {
        const line = document.querySelector('#review [data-review-progress]');
        if (line) window.reviewStatus.push(line.textContent); }).observe(document.querySelector('#review'),
        { childList: true, subtree: true, characterData: true }); }""")
    page.click("#review-button")
    page.wait_for_function("() => document.querySelector('#review h3') !== null", timeout=90_000)
    shown = page.evaluate("() => window.reviewStatus")
    assert any(re.fullmatch(r"Reviewing: position \d+ of \d+…", text) for text in shown), shown
    # the server deals a new game each time, so a game of first-listed moves usually leaves blunders to
    # find but not always: either the list, each item in words, or the sentence that says there is none
    items = page.query_selector_all("#review [data-review-move]")
    review = page.inner_text("#review")
    if not items:
        assert "The search found no move of yours much worse than its best." in review, review
    assert all("the search preferred" in item.inner_text() and "expected about" in item.inner_text() for item in items)
    assert page.console_errors == []
