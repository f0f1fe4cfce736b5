"""Kingsburg's board on a tablet (768 × 1024) and a laptop (1280 × 800), issue 41: at each decision the sentence
saying what to do and every target of the decision are on the screen together, without the player scrolling
(the board brings them into view), each target at least 32 × 32 px and uppermost at its centre
(``elementFromPoint``), and no word or number on the board is under 11 px on screen (its computed font size
times the drawing's scale)."""

from __future__ import annotations

import pytest

import meeple

from .play import start_game, watched_page
from .test_kingsburg_phone import _play

pytestmark = pytest.mark.skipif("kingsburg" not in meeple.games(), reason="Kingsburg is not registered")

GAME = "kingsburg"

# One look at the decision as the player sees it, without scrolling: the sentence's box, each live target's box
# and whether its centre hits it, the band the sticky sentence covers, and every text on the board under 11 px.
MEASURE = """() => {
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden' && !e.closest('.dormant');
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; };
  const board = document.querySelector('[data-board]');
  const ask = board.querySelector('.kb-ask');
  const targets = [...board.querySelectorAll('[data-action], [data-pick]')].filter(shown).map((el) => {
    const r = el.getBoundingClientRect();
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return [el.getAttribute('data-action') || el.getAttribute('data-pick'), box(el), !!at && el.contains(at)];
  });
  const small = [];
  for (const el of board.querySelectorAll('svg text')) {
    if (!shown(el) || !el.textContent.trim()) continue;
    const px = parseFloat(getComputedStyle(el).fontSize) * el.ownerSVGElement.getScreenCTM().a;
    if (px < 11) small.push([el.getAttribute('class') || '', +px.toFixed(2), el.textContent.trim()]);
  }
  for (const el of board.querySelectorAll('*')) {  // words outside the drawing: the scores, the others' boards
    if (el.closest('svg') || !shown(el) || ![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    const px = parseFloat(getComputedStyle(el).fontSize);
    if (px < 11) small.push([el.className, px, el.textContent.trim().slice(0, 30)]);
  }
  const sticky = ask && getComputedStyle(ask).position === 'sticky';
  return { ask: ask ? box(ask) : null, head: sticky ? ask.getBoundingClientRect().bottom : 0, targets, small };
}"""


def _check(page, width: int, height: int, seen_at: list) -> int:
    """The decision as the player sees it: sentence and targets on screen, large, uppermost, no small text."""
    seen = page.evaluate(MEASURE)
    seen_at.append(seen)
    assert not seen["small"], ("text under 11 px", seen["small"][:8])
    x, y, w, h = seen["ask"]
    assert y >= -1 and y + h <= height + 1, ("the sentence is off the screen", seen["ask"])
    for name, (x, y, w, h), hit in seen["targets"]:
        assert w >= 32 and h >= 32, ("a target under 32 px", name, w, h)
        assert x >= -0.5 and x + w <= width + 0.5 and y >= -0.5 and y + h <= height + 0.5, ("a target off the screen", name, (x, y, w, h))
        assert hit, ("a target's centre hits something else", name, (x, y, w, h), seen["head"])
    return len(seen["targets"])


SCREENS = [pytest.param(768, 1024, 5, id="768x1024"), pytest.param(1280, 800, 7, id="1280x800")]


@pytest.mark.parametrize("width,height,seed", SCREENS)
def test_each_decision_is_on_the_screen_large_and_readable(browser, server, deal_seed, width, height, seed):
    deal_seed(seed)
    context, page = watched_page(browser, {"viewport": {"width": width, "height": height}})
    start_game(page, server, GAME, 2)
    page.wait_for_selector("[data-board] [data-action], [data-board] [data-pick]", state="attached")
    looks: list = []
    stats = _play(page, seed, check=lambda _: _check(page, width, height, looks), decisions=16)
    assert stats["decisions"] == 16 and stats["targets"] > 16, stats
    assert page.console_errors == []
    context.close()


@pytest.mark.daily
@pytest.mark.parametrize("width,height,seed", SCREENS)
def test_a_whole_game_keeps_each_decision_on_the_screen(browser, server, deal_seed, width, height, seed):
    deal_seed(seed + 10)
    context, page = watched_page(browser, {"viewport": {"width": width, "height": height}})
    start_game(page, server, GAME, 2)
    page.wait_for_selector("[data-board] [data-action], [data-board] [data-pick]", state="attached")
    looks: list = []
    stats = _play(page, seed, check=lambda _: _check(page, width, height, looks))
    assert stats["decisions"] > 40, stats
    assert page.query_selector("[data-board] .kb-final")
    assert page.console_errors == []
    context.close()
