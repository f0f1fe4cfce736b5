"""Citadels's board on a tablet (768 × 1024) and a laptop (1280 × 800), issue 41: the decision bar (the sentence
saying what to do, with the scores) stays in view, sticky, while the player scrolls down to their city or
hand, as it does on a phone; it never covers a target: at each decision every shown target, scrolled into
view as a browser does it, is at least 32 × 32 px and uppermost at its centre (``elementFromPoint``), below
the bar; and scrolled to the bottom of the board, the bar is still on screen and the log is not under it."""

from __future__ import annotations

import contextlib
import random
import time

import pytest
from playwright.sync_api import Error as PlaywrightError

import meeple

from .play import start_game, watched_page
from .test_citadels_phone import _weight

pytestmark = pytest.mark.skipif("citadels" not in meeple.games(), reason="Citadels is not registered")

GAME = "citadels"

# One decision, measured: each shown target scrolled into view ({block: 'nearest'}, below the bar by the page's
# scroll-padding-top), its box, whether its centre hits it and whether it lies clear of the bar; then the page
# scrolled to the board's bottom: the bar's box and what lies at its centre, and the log's box.
MEASURE = """() => {
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; };
  const bar = document.querySelector('[data-board] .cit-decision');
  const targets = [...document.querySelectorAll('[data-board] [data-action], [data-board] [data-pick]')].filter(shown);
  const out = { targets: [], ready: !!document.querySelector('#board:not(.busy) [data-board]'),
                over: !!document.querySelector('#game-over'),
                listed: [...document.querySelectorAll('[data-movelist] [data-action]')].map((e) => e.getAttribute('data-action')) };
  for (const el of targets) {
    el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    const r = el.getBoundingClientRect(), b = bar.getBoundingClientRect();
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const inBar = bar.contains(el);
    out.targets.push({ name: el.getAttribute('data-action'), pick: el.getAttribute('data-pick'), box: box(el),
                       hit: !!at && (at === el || el.contains(at)), clear: inBar || r.top >= b.bottom - 0.5 });
  }
  const board = document.querySelector('[data-board]');
  window.scrollTo(0, board.getBoundingClientRect().bottom + window.scrollY - window.innerHeight);
  const b = bar.getBoundingClientRect();
  const at = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
  out.bottom = { bar: box(bar), barHit: !!at && bar.contains(at), scrolled: window.scrollY,
                 log: box(document.querySelector('#log')) };
  window.scrollTo(0, 0);
  return out;
}"""


def _check(seen: dict, width: int, height: int) -> int:
    """Every target large, uppermost at its centre and clear of the bar once scrolled to; the page scrolled to
    the board's bottom, the bar on screen and apart from the log. Returns 1 where the page did scroll."""
    for t in seen["targets"]:
        x, y, w, h = t["box"]
        assert w >= 32 and h >= 32, ("a target under 32 px", t)
        assert t["hit"], ("a target's centre hits something else", t)
        assert t["clear"], ("a target under the decision bar", t)
        assert 0 <= x and x + w <= width + 0.5, ("a target off the screen's width", t)
    bottom = seen["bottom"]
    x, y, w, h = bottom["bar"]
    if bottom["scrolled"] <= 0:  # the whole board is on the screen: nothing to scroll
        return 0
    assert y >= -0.5 and y + h <= height + 0.5 and bottom["barHit"], ("scrolled down, the bar left the screen", bottom)
    lx, ly, lw, lh = bottom["log"]
    apart = lx >= x + w or lx + lw <= x or ly >= y + h or ly + lh <= y
    assert apart, ("the bar covers the log", bottom)
    return 1


@pytest.mark.parametrize("width,height,seed", [(1280, 800, 4), (768, 1024, 2)])
def test_the_decision_bar_stays_in_view_and_covers_no_target(browser, server, deal_seed, width, height, seed):
    deal_seed(seed)
    context, page = watched_page(browser, {"viewport": {"width": width, "height": height}})
    start_game(page, server, GAME, 2)
    page.wait_for_selector("[data-board] [data-action]")
    rnd = random.Random(seed)
    decisions = scrolled = 0
    deadline = time.time() + 120
    while decisions < 24 and time.time() < deadline:
        seen = page.evaluate(MEASURE)
        if seen["over"]:
            break
        if not seen["ready"] or not seen["listed"] or not any(t["name"] for t in seen["targets"]):
            page.wait_for_timeout(50)
            continue
        decisions += 1
        scrolled += _check(seen, width, height)
        texts = [t["name"] for t in seen["targets"] if t["name"]]
        text = rnd.choices(texts, [_weight(t) for t in texts])[0]
        with contextlib.suppress(PlaywrightError):  # redrawn under the click: look again
            page.locator(f"#board:not(.busy) [data-board] [data-action=\"{text}\"] >> visible=true").first.click(timeout=1500)
        page.wait_for_timeout(10)
    assert decisions >= 20 and scrolled >= decisions // 2, (decisions, scrolled)  # most boards are taller than the screen
    assert page.console_errors == []
    context.close()
