"""Citadels's board on a phone (issue 41): a whole game at 360 × 800 where, at every decision, each target
lies inside the screen's width and is at least 32 px, no word of a target or a card name is cut, the page
never pans sideways and the sentence of the decision is on screen with the target chosen; and each element
of the board plays its own action (tapping the middle of the element marked ``data-action="X"`` sends
exactly the move X, at every decision of a whole game, the Magician's discard and the Laboratory's picked
first on their ``data-pick``)."""

from __future__ import annotations

import json
import os
import random
import time

import pytest
from playwright.sync_api import Error as PlaywrightError

import meeple

from .play import start_game, watched_page

pytestmark = pytest.mark.skipif("citadels" not in meeple.games(), reason="Citadels is not registered")

GAME = "citadels"
PHONE = {"viewport": {"width": 360, "height": 800}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
SHOTS = os.environ.get("MEEPLE_SCREENSHOTS")  # a folder: save start/middle/end screenshots there
# a player who builds more often than chance would (the game ends sooner) and plays the Magician when offered
WEIGHTS = {"build": 8.0, "keep": 3.0, "take": 3.0, "gold": 2.0, "cards": 2.0, "end": 0.3, "pick magician": 50.0}

# Held moves: with window.__hold set, a move is recorded in window.__sent instead of going to the server.
HOLD = """
(() => {
  const send = WebSocket.prototype.send;
  window.__sent = [];
  WebSocket.prototype.send = function (data) {
    try {
      const m = JSON.parse(data);
      if (window.__hold && m.type === "move") { window.__sent.push([m.action.name, ...m.action.args].join(" ")); return; }
    } catch (e) { /* not ours */ }
    return send.call(this, data);
  };
})();
"""

# One look at the page: the decision's shown targets with their boxes, the sentence's box, any cut words.
LOOK = """() => {
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; };
  const ask = document.querySelector('[data-board] .cit-ask');
  const bar = document.querySelector('[data-board] .cit-decision');
  const words = '[data-board] [data-action], [data-board] [data-pick], [data-board] .cit-card-name, [data-board] .cit-hint';
  return { over: !!document.querySelector('#game-over'), ready: !!document.querySelector('#board:not(.busy) [data-board]'),
           pageWidth: document.scrollingElement.scrollWidth,
           ask: ask ? box(ask) : null, bar: bar ? box(bar) : null,
           cut: [...document.querySelectorAll(words)].filter(shown)
             .filter((e) => e.scrollWidth > e.clientWidth + 1)
             .map((e) => [e.getAttribute('data-action') || e.getAttribute('data-pick') || e.textContent, e.scrollWidth, e.clientWidth]),
           listed: [...document.querySelectorAll('[data-movelist] [data-action]')].map((e) => e.getAttribute('data-action')),
           actions: [...document.querySelectorAll('[data-board] [data-action]')].filter(shown).map((e) => [e.getAttribute('data-action'), box(e)]),
           picks: [...document.querySelectorAll('[data-board] [data-pick]')].filter(shown).map((e) => [e.getAttribute('data-pick'), box(e)]) };
}"""

# Taps every shown target (its middle, or the first point of SPOTS where it is uppermost) with the moves
# held, then the same after each pick (the pick taken back after); returns [[its data-action, what was
# sent, the pick it waited for]].
AUDIT = """() => {
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const out = [];
  const SPOTS = [[.5, .5], [.3, .5], [.7, .5], [.15, .5], [.5, .2], [.5, .8], [.15, .2]];
  const tapAll = (pick) => {
    for (const el of [...document.querySelectorAll('[data-board] [data-action]')].filter(shown)) {
      el.scrollIntoView({ block: 'center', inline: 'nearest' });
      const r = el.getBoundingClientRect();
      // the first of these points where the element is uppermost (a card of the hand is partly under the next)
      const under = SPOTS.map(([fx, fy]) => document.elementFromPoint(r.left + r.width * fx, r.top + r.height * fy))
        .find((e) => e && e.closest('[data-action]') === el);
      window.__sent = [];
      if (under) under.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
      out.push([el.getAttribute('data-action'), under ? window.__sent.slice() : 'covered', pick]);
      document.querySelectorAll('.busy').forEach((b) => b.classList.remove('busy'));
    }
  };
  const tap = (key) => document.querySelector(`[data-board] [data-pick="${key}"]`)
    .dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
  window.__hold = true;
  tapAll(null);
  for (const key of [...document.querySelectorAll('[data-board] [data-pick]')].filter(shown).map((e) => e.dataset.pick)) {
    tap(key);
    tapAll(key);
    tap(key);
  }
  window.__hold = false;
  window.scrollTo(0, 0);
  return out;
}"""


def _check_phone(seen: dict, width: int = 360, height: int = 800) -> int:
    """The decision fits the phone: the page never wider than the screen, every shown target inside its width
    and at least 32 × 32 px, no word cut, the sentence on screen. Returns how many targets were measured."""
    assert seen["pageWidth"] <= width, f"the page is {seen['pageWidth']} px wide"
    assert not seen["cut"], ("words cut", seen["cut"])
    x, y, w, h = seen["ask"]
    assert x >= 0 and x + w <= width + 0.5 and y >= -1 and y + h <= height, ("the decision's sentence", seen["ask"])
    for name, (x, y, w, h) in seen["actions"] + seen["picks"]:
        assert w >= 32 and h >= 32, (name, w, h)
        assert x >= 0 and x + w <= width + 0.5, (name, x, w)
    return len(seen["actions"]) + len(seen["picks"])


def _weight(text: str) -> float:
    return WEIGHTS.get(text, WEIGHTS.get(text.split()[0], 1.0))


# Scrolls the shown element of a move into view as a browser would (below the sticky bar, scroll-padding-top)
# and returns its box with the boxes of the sentence and of the decision bar.
SCROLL_TO = """(text) => {
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const el = [...document.querySelectorAll(`[data-board] [data-action="${text}"]`)].find(shown);
  if (!el) return null;
  el.scrollIntoView({ block: 'nearest' });
  const box = (e) => e.getBoundingClientRect().toJSON();
  return { target: box(el), ask: box(document.querySelector('[data-board] .cit-ask')),
           bar: box(document.querySelector('[data-board] .cit-decision')) };
}"""


def _click(page, text: str, phone: bool) -> None:
    """Click the shown element of ``text`` (``phone``: once scrolled into view, the sentence of the decision
    and at least 32 px of the target are on screen together, the target below the sticky decision bar)."""
    if phone:
        seen = page.evaluate(SCROLL_TO, text)
        if seen:
            ask, bar, box = seen["ask"], seen["bar"], seen["target"]
            assert ask["top"] >= -1 and ask["bottom"] <= 800, ("the sentence scrolled away", ask)
            in_bar = box["top"] >= bar["top"] and box["bottom"] <= bar["bottom"]
            below = min(box["bottom"], 800) - max(box["top"], bar["bottom"])
            assert in_bar or below >= min(32, box["height"]), (text, box, bar)
    page.locator(f"#board:not(.busy) [data-board] [data-action=\"{text}\"] >> visible=true").first.click(timeout=1500, no_wait_after=True)


def _play(page, seed: int, check=None, audit: bool = False, timeout: float = 240.0, shots: str | None = None) -> dict:
    """Click random shown targets inside [data-board] to the end of the game; ``check(seen)`` at every
    decision; ``audit``: first tap every target (and every target after each pick) with the move held and
    check that each sends its own action and that every listed move was among them."""
    rnd = random.Random(seed)
    stats = {"decisions": 0, "targets": 0, "audited": 0, "missed": 0, "kinds": set(), "picked": set()}
    deadline = time.time() + timeout
    last = None
    while time.time() < deadline:
        seen = page.evaluate(LOOK)
        if seen["over"]:
            if shots:
                page.screenshot(path=f"{shots}-end.png", full_page=True)
            return stats
        if not seen["ready"] or not seen["actions"] or not seen["listed"]:
            page.wait_for_timeout(30)
            continue
        stats["decisions"] += 1
        if check:
            stats["targets"] += check(seen)
        if shots and stats["decisions"] in (1, 12, 30, 60):
            page.screenshot(path=f"{shots}-{stats['decisions']:02d}.png", full_page=False)
        key = json.dumps(seen["listed"]) + json.dumps([a for a, _ in seen["actions"]])
        if audit and key != last:
            last = key
            reached = set()
            for text, sent, pick in page.evaluate(AUDIT):
                assert text in seen["listed"], (text, seen["listed"])
                assert sent == [text], (text, sent, pick)  # exactly its own move, once ('covered': nowhere uppermost)
                reached.add(text)
                stats["audited"] += 1
                stats["kinds"].add(text.split()[0])
                if pick:
                    stats["picked"].add(pick)
            assert reached == set(seen["listed"]), ("moves no shown target makes", set(seen["listed"]) - reached)
        texts = [a for a, _ in seen["actions"]]
        text = rnd.choices(texts, [_weight(t) for t in texts])[0]
        try:
            _click(page, text, phone=check is not None)
        except PlaywrightError:  # redrawn under the click: look again
            stats["missed"] += 1
        page.wait_for_timeout(10)
    raise AssertionError(f"the game did not end in {timeout:.0f}s ({stats})")


def _phone_page(browser, viewport: dict | None = None, hold: bool = False):
    return watched_page(browser, viewport or PHONE, HOLD if hold else None)


@pytest.mark.parametrize("players,seed,lang", [pytest.param(2, 3, "en", marks=pytest.mark.daily),
                                                   pytest.param(5, 8, "zh", marks=pytest.mark.slow)])
def test_a_whole_game_at_360_keeps_every_decision_on_the_phone(browser, server, deal_seed, players, seed, lang):
    deal_seed(seed)
    context, page = _phone_page(browser)
    start_game(page, server, GAME, players, lang=lang)
    page.wait_for_selector("[data-board] [data-action]")
    shots = f"{SHOTS}/citadels-{players}p-{lang}-phone" if SHOTS else None
    stats = _play(page, seed, check=_check_phone, shots=shots)
    assert stats["decisions"] > 20 and stats["targets"] > stats["decisions"], stats
    assert stats["missed"] <= stats["decisions"] // 5, stats  # a target under another would miss every time
    assert page.query_selector("[data-board] .cit-final")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 360  # the final table too
    assert page.console_errors == []
    context.close()


@pytest.mark.parametrize("players,seed,width", [pytest.param(2, 1, 360, marks=pytest.mark.daily),
                                                     pytest.param(4, 6, 1280, marks=pytest.mark.slow)])
def test_each_board_element_sends_its_own_action_at_every_decision(browser, server, deal_seed, players, seed, width):
    deal_seed(seed)  # seed 1: you choose first and the Magician is offered; the walk plays him
    context, page = _phone_page(browser, None if width == 360 else {"viewport": {"width": width, "height": 800}}, hold=True)
    start_game(page, server, GAME, players)
    page.wait_for_selector("[data-board] [data-action]")
    stats = _play(page, seed, audit=True)
    assert {"pick", "build", "gold", "cards", "end"} <= stats["kinds"], stats
    assert stats["audited"] > 100, stats
    if players == 2:  # the Magician's discard: picked on his card, then made on the hand
        assert "discard" in stats["picked"] and "discard" in stats["kinds"], stats
    assert page.console_errors == []
    context.close()
