"""Citadels's purple districts in your hand (issue 41 polish): the effect printed on a purple card (what it
does) is readable without hovering at a laptop's width and a phone's, in English and Chinese: where the
hand's cards overlap, the effect wraps inside the strip the next card leaves uncovered (else the hand lies
in rows), so no line of it is under the next card nor cut off by its own card."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import meeple

from .conftest import serve, web_app
from .play import start_game, watched_page
from .test_citadels_names import _deal

pytestmark = pytest.mark.skipif("citadels" not in meeple.games(), reason="Citadels is not registered")

GAME = "citadels"
# short names, so that the names alone would let the cards overlap deeply; three purple cards among them
HAND = ["keep", "library", "smithy", "temple", "docks", "manor", "tavern", "church"]
PURPLE = {"keep", "library", "smithy"}


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, object]]:
    app = web_app(tmp_path_factory.mktemp("citadels-effects") / "meeple.db")
    with serve(app) as base:
        yield base, app


# Each hand card's effect: per line of its text, the points (both ends and the middle) that another element
# lies over (the next card), and whether its card cuts the text off (the card hides what overflows it).
MEASURE = """() => {
  const out = [];
  for (const card of document.querySelectorAll('[data-board] .cit-hand .cit-hand-card')) {
    const effect = card.querySelector('.cit-effect');
    if (!effect) continue;
    card.scrollIntoView({ block: 'center', behavior: 'instant' });
    const range = document.createRange(); range.selectNodeContents(effect);
    const covered = [];
    for (const r of range.getClientRects()) {
      const y = r.top + r.height / 2;
      for (const x of [r.left + 1.5, (r.left + r.right) / 2, r.right - 1.5]) {
        const hit = document.elementFromPoint(x, y);
        if (!hit || !card.contains(hit)) covered.push([Math.round(x), Math.round(y), hit ? hit.className : null]);
      }
    }
    out.push({ district: card.dataset.district, lines: range.getClientRects().length, covered,
               cut: card.scrollHeight > card.clientHeight + 0.5 || effect.scrollWidth > effect.clientWidth + 0.5 });
  }
  return out;
}"""


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("width", [1280, 360])
def test_purple_effects_in_the_hand_are_not_covered_by_the_next_card(browser, table, lang, width):
    base, app = table
    context, page = watched_page(browser, {"viewport": {"width": width, "height": 800}})
    try:
        start_game(page, base, GAME, 2, lang=lang)
        page.wait_for_selector("[data-board]")
        _deal(app, page.evaluate("location.hash").split("/game/")[1], HAND, [])
        page.reload()
        page.wait_for_selector("[data-board] .cit-hand .cit-hand-card")
        page.mouse.move(0, 0)
        seen = page.evaluate(MEASURE)
        assert {card["district"] for card in seen} == PURPLE
        assert all(card["lines"] for card in seen), seen
        unreadable = [card for card in seen if card["covered"] or card["cut"]]
        assert not unreadable, unreadable
        assert page.console_errors == []
    finally:
        context.close()
