"""Citadels's card names (issue 41 polish): a name wraps only between words or is set smaller, never broken
inside a word (the mini cards of a hand you know: "Observatory" was cut "Observator|y"), in English and
Chinese; the cards of your hand show their names whole at a laptop's width and a phone's: no name clipped
by its card nor covered by the next card (the fan overlaps only as far as the names allow, else rows)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

import meeple

from .conftest import serve, web_app
from .play import start_game, watched_page

pytestmark = pytest.mark.skipif("citadels" not in meeple.games(), reason="Citadels is not registered")

GAME = "citadels"
# long single words first: the names that broke or were cut
HAND = ["battlefield", "cathedral", "watchtower", "university", "monastery", "school-of-magic", "trading-post", "haunted-city"]
KNOWN = ["observatory", "laboratory", "dragon-gate", "great-wall"]


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, object]]:
    app = web_app(tmp_path_factory.mktemp("citadels-names") / "meeple.db")
    with serve(app) as base:
        yield base, app


def _deal(app, gid: str, hand: list[str], known: list[str]) -> None:
    """Under the game's lock: seat 0 holds just ``hand`` and knows ``known``, seat 1's whole hand (cards moved
    between the deck and the hands, so the deck and the hands together keep every copy once)."""
    from meeple.games.citadels.content import DISTRICT_INDEX

    hub = app.state.hub

    async def go() -> None:
        g = hub.live[gid]
        async with g.lock:
            st = g.state
            # every hand back into the deck first: a district has copies, so a hand may hold one twice
            deck = sorted([*st.deck_unseen, *st.hands[0], *st.hands[1]])
            for q, slugs in ((0, hand), (1, known)):
                st.hands[q] = []
                for slug in slugs:
                    deck.remove(DISTRICT_INDEX[slug])
                    st.hands[q].append(DISTRICT_INDEX[slug])
            st.deck_unseen = deck
            st.known_hand_cards[0][1] = [DISTRICT_INDEX[s] for s in known]

    asyncio.run_coroutine_threadsafe(go(), hub.loop).result(timeout=10)


# Each name of `selector`: clipped by its box (scrollWidth), broken inside a word (two letters of one word on
# two lines; a Chinese name is one word), and for a hand card whether the next card covers its text.
MEASURE = """(selector) => {
  const out = [];
  for (const card of document.querySelectorAll(selector)) {
    const name = card.querySelector('.cit-card-name');
    card.scrollIntoView({ block: 'center', behavior: 'instant' });
    const text = name.firstChild, s = text.textContent;
    const tops = [...s].map((_, i) => { const r = document.createRange(); r.setStart(text, i); r.setEnd(text, i + 1);
      const b = r.getBoundingClientRect(); return Math.round(b.top + b.height / 2); });
    const broken = s.split(/(\\s+)/).reduce((acc, word) => {
      const at = acc.at; const ys = tops.slice(at, at + word.length);
      return { at: at + word.length, bad: acc.bad || (word.trim() && new Set(ys.map((y) => Math.round(y / 4))).size > 1 && Math.max(...ys) - Math.min(...ys) > 3) };
    }, { at: 0, bad: false }).bad;
    const range = document.createRange(); range.selectNodeContents(name);
    const covered = [...range.getClientRects()].some((r) => {
      const hit = document.elementFromPoint(r.right - 1.5, r.top + r.height / 2);
      return !hit || !card.contains(hit);
    });
    out.push({ name: s, clipped: name.scrollWidth > name.clientWidth + 0.5, broken, covered,
               px: parseFloat(getComputedStyle(name).fontSize) });
  }
  return out;
}"""


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("width", [1280, 360])
def test_card_names_are_whole_on_the_known_cards_and_in_the_hand(browser, table, lang, width):
    base, app = table
    context, page = watched_page(browser, {"viewport": {"width": width, "height": 800}})
    try:
        start_game(page, base, GAME, 2, lang=lang)
        page.wait_for_selector("[data-board]")
        _deal(app, page.evaluate("location.hash").split("/game/")[1], HAND, KNOWN)
        page.reload()
        page.wait_for_selector("[data-board] .cit-known .cit-mini-card")
        page.mouse.move(0, 0)
        known = page.evaluate(MEASURE, "[data-board] .cit-known .cit-mini-card")
        hand = page.evaluate(MEASURE, "[data-board] .cit-hand .cit-hand-card")
        assert (len(known), len(hand)) == (len(KNOWN), len(HAND))
        cut = [("known", seen) for seen in known if seen["clipped"] or seen["broken"] or seen["px"] < 8]
        cut += [("hand", seen) for seen in hand if seen["clipped"] or seen["broken"] or seen["covered"]]
        assert not cut, cut
        assert page.console_errors == []
    finally:
        context.close()
