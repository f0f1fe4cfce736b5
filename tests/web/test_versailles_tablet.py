"""Versailles's board on a tablet and a laptop (issue 41): at 1024 × 768, 768 × 1024 (and 1280 × 800 daily) a
2-player game is played by the board, and as each decision comes — without the player scrolling — its sentence
and every target the player wants (your workers to pick, then where they may go) are on the screen, and no word
or number of the board is under 11 px on screen (its computed font size times the drawing's scale, as
tests/web/test_kingsburg_screens.py measures Kingsburg's).

By default each size plays the first decisions of a game; whole games (and 3 and 5 players) run daily."""

from __future__ import annotations

import os

import pytest

import meeple

from .daily import by_default
from .play import start_game, watched_page
from .test_versailles_desktop import decision_name, fits_as_it_is, play_measuring

pytestmark = pytest.mark.skipif("versailles" not in meeple.games(), reason="Versailles is not registered")

GAME = "versailles"

# Every text of the board under 11 px on screen: in the drawings its font size times the drawing's scale, else
# its computed font size.
SMALL_TEXT = """() => {
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden' && !e.closest('.dormant');
  const board = document.querySelector('[data-board]');
  const small = [];
  for (const el of board.querySelectorAll('svg text')) {
    if (!shown(el) || !el.textContent.trim()) continue;
    const px = parseFloat(getComputedStyle(el).fontSize) * el.ownerSVGElement.getScreenCTM().a;
    if (px < 11) small.push([el.getAttribute('class') || '', +px.toFixed(2), el.textContent.trim().slice(0, 20)]);
  }
  for (const el of board.querySelectorAll('*')) {
    if (el.closest('svg') || !shown(el) || ![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    const px = parseFloat(getComputedStyle(el).fontSize);
    if (px < 11) small.push([String(el.className), px, el.textContent.trim().slice(0, 20)]);
  }
  return small;
}"""


def play_checking(page, seed: int, decisions: int | None, timeout: float) -> tuple[list[dict], list[str], list]:
    """Play by the board; for each decision whether it shows whole as it comes, and the small texts seen."""
    off: list[str] = []
    small: dict[str, list] = {}

    def check(index: int, seen: dict) -> None:
        if not fits_as_it_is(seen):
            off.append(f"#{index} {decision_name(seen)}")
        for cls, px, text in page.evaluate(SMALL_TEXT):
            small.setdefault(f"{cls.split()[0] if cls else '?'} {text!r}", [px, index])

    measured = play_measuring(page, seed=seed, decisions=decisions, timeout=timeout, on_decision=check)
    return measured, off, sorted(small.items(), key=lambda kv: kv[1][0])


def _report(width: int, height: int, players: int, measured: list[dict], off: list[str]) -> None:
    if os.environ.get("MEEPLE_MEASURE"):
        with open(os.environ["MEEPLE_MEASURE"], "a", encoding="utf-8") as out:
            out.write(f"{width}x{height} {players}p: {len(measured) - len(off)}/{len(measured)} decisions whole on screen as they come;"
                      f" off: {', '.join(off[:12])}\n")


SIZES = [(1024, 768), (768, 1024), (1280, 800)]


@pytest.mark.parametrize(("width", "height"), by_default(SIZES, kept={(1024, 768), (768, 1024)}))
def test_each_decision_comes_on_the_screen_with_readable_text(browser, server, deal_seed, width, height):
    deal_seed(21)
    context, page = watched_page(browser, {"viewport": {"width": width, "height": height}})
    start_game(page, server, GAME, 2)
    page.wait_for_selector("[data-board] [data-pick]")
    measured, off, small = play_checking(page, seed=width + 1, decisions=30, timeout=25)
    _report(width, height, 2, measured, off)
    assert len(measured) >= 15, len(measured)
    assert not off, f"{len(off)} of {len(measured)} decisions have their sentence or a target off screen: {off[:10]}"
    assert not small, f"text under 11 px: {small[:10]}"
    assert page.console_errors == []
    context.close()


@pytest.mark.daily
@pytest.mark.parametrize(("width", "height", "players"),
                         [(1024, 768, 2), (768, 1024, 2), (1280, 800, 2), (1024, 768, 3), (768, 1024, 5)])
def test_a_whole_game_comes_on_the_screen_with_readable_text(browser, server, deal_seed, width, height, players):
    deal_seed(31 + players)
    context, page = watched_page(browser, {"viewport": {"width": width, "height": height}})
    start_game(page, server, GAME, players)
    page.wait_for_selector("[data-board] [data-pick]")
    measured, off, small = play_checking(page, seed=width + players, decisions=None, timeout=500)
    _report(width, height, players, measured, off)
    assert len(measured) >= 60, len(measured)
    assert len(off) <= len(measured) // 50, f"{len(off)} of {len(measured)} decisions have their sentence or a target off screen: {off[:10]}"
    assert not small, f"text under 11 px: {small[:10]}"
    assert page.console_errors == []
    context.close()
