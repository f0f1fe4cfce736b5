"""Kingsburg's recruit panel (issue 41 polish): at the recruiting step the panel of ways to pay for a soldier
covers nothing the choice is about (it sat over your tray's title on a laptop, over the soldier track's second
row on a phone): not the tray's title line (your soldiers), not your goods, not the soldier track; its
choices stay on screen and at least 32 × 32 px. At 1280 and 360 px, in English and Chinese."""

from __future__ import annotations

import random
import time

import pytest
from playwright.sync_api import Error as PlaywrightError

import meeple

from .daily import by_default
from .play import start_game, watched_page

pytestmark = pytest.mark.skipif("kingsburg" not in meeple.games(), reason="Kingsburg is not registered")

CLICKABLE = "#board:not(.busy) [data-board] [data-action]"
PICKS = "[data-board] [data-pick]"
VISIBLE = "(sel) => [...document.querySelectorAll(sel)].map((e, i) => (e.getClientRects().length ? i : null)).filter((i) => i !== null)"

# The recruit panel's box, the boxes it must not cover, and its choices' boxes (on screen).
MEASURE = """() => {
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; };
  const board = document.querySelector('[data-board]');
  const panel = board.querySelector('[data-choice=recruit] > .choice-panel');
  const about = [...board.querySelectorAll('.kb-tray > text, .kb-tray .goods-pile, .kb-soldier-track')]
    .filter((e) => e.getClientRects().length && (e.textContent.trim() || e.tagName !== 'text'))
    .map((e) => [e.getAttribute('class') || e.tagName, (e.textContent || '').trim().slice(0, 30), box(e)]);
  const choices = [...board.querySelectorAll('[data-choice=recruit] [data-action]')].map((e) => box(e));
  return { panel: panel ? box(panel) : null, about, choices, screen: [innerWidth, innerHeight] };
}"""


def _to_recruiting(page, seed: int, timeout: float = 14.0) -> None:
    """Random clicks on the board until it is your turn to recruit."""
    rnd = random.Random(seed)
    deadline = time.time() + timeout
    while time.time() < deadline:
        if page.query_selector("[data-board] .kb-decision[data-decision=recruit]") and page.query_selector("[data-board] [data-choice=recruit]"):
            return
        try:
            actions = page.evaluate(VISIBLE, CLICKABLE)
            if actions:
                page.locator(CLICKABLE).nth(rnd.choice(actions)).click(timeout=1500)
            elif picks := page.evaluate(VISIBLE, PICKS):
                page.locator(PICKS).nth(rnd.choice(picks)).click(timeout=1500)
        except PlaywrightError:  # the board was redrawn under the click: look again
            continue
        page.wait_for_timeout(20)
    raise AssertionError("no recruiting decision reached")


def _apart(a, b) -> bool:
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax + aw <= bx + 0.5 or bx + bw <= ax + 0.5 or ay + ah <= by + 0.5 or by + bh <= ay + 0.5


@pytest.mark.parametrize(("width", "lang"), by_default([(1280, "en"), (1280, "zh"), (360, "en"), (360, "zh")],
                                                    kept={(1280, "en"), (360, "zh")}))
def test_the_recruit_panel_covers_nothing_it_is_about(browser, server, deal_seed, width, lang):
    deal_seed(7)  # the same dice and bots each run: the random clicks reach recruiting in a few seconds
    context, page = watched_page(browser, {"viewport": {"width": width, "height": 800}})
    try:
        start_game(page, server, "kingsburg", 2, lang=lang)
        page.wait_for_selector("[data-board]")
        _to_recruiting(page, seed=3)
        page.wait_for_timeout(150)  # the board brings the decision into view
        seen = page.evaluate(MEASURE)
        assert seen["panel"] and seen["choices"], seen
        assert {c.split()[0] for c, _, _ in seen["about"]} >= {"kb-title", "goods-pile", "kb-soldier-track"}, seen["about"]
        covered = [(c, text, b) for c, text, b in seen["about"] if not _apart(seen["panel"], b)]
        assert not covered, ("the recruit panel covers", covered, seen["panel"])
        sw, sh = seen["screen"]
        for x, y, w, h in seen["choices"]:
            assert w >= 32 and h >= 32 and x >= 0 and x + w <= sw + 0.5 and y >= 0 and y + h <= sh + 0.5, (x, y, w, h)
        assert page.console_errors == []
    finally:
        context.close()
