"""Cube Europe's board on a phone (issue 41): whole games at 360 × 800 where, at every decision, each target
lies inside the screen's width and is at least 32 × 32 px, the page never pans sideways and the sentence of
the decision is on screen together with the target touched; and each element of the board plays its own
action: at every decision of a whole game, every target (the dice's targets after picking each die) is
touched with the moves held, and must send exactly its own move and lie on the thing that move concerns
(the market square, the hex of your map, the worker track's next space, the supply pile, the cube)."""

from __future__ import annotations

import os
import random
import time

import pytest
from playwright.sync_api import Error as PlaywrightError

import meeple

from .play import start_game, watched_page

pytestmark = pytest.mark.skipif("cube-europe" not in meeple.games(), reason="Cube Europe is not registered")

GAME = "cube-europe"
WIDTH, HEIGHT = 360, 800
PHONE = {"viewport": {"width": WIDTH, "height": HEIGHT}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
SHOTS = os.environ.get("MEEPLE_SCREENSHOTS")  # a folder: save start/middle/end screenshots there

# Held moves: every move the page sends is recorded in window.__sent ("take 5 2"); while window.__hold is
# set it stays there instead of going to the server.
HOLD = """
(() => {
  const send = WebSocket.prototype.send;
  window.__sent = []; window.__hold = false;
  WebSocket.prototype.send = function (data) {
    try {
      const m = JSON.parse(data);
      if (m.type === 'move') { window.__sent.push([m.action.name, ...m.action.args].join(' ')); if (window.__hold) return; }
    } catch (e) { /* not ours */ }
    return send.call(this, data);
  };
})();
"""

# One look at the page: the decision's shown targets (a die's targets only once that die is picked) with
# their boxes, the decision's sentence and bar, how wide the page is.
LOOK = """() => {
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden' && !e.closest('.dormant');
  const box = (e) => { const r = e.getBoundingClientRect(); return { x: r.left, y: r.top, w: r.width, h: r.height }; };
  const ask = document.querySelector('[data-board] .ce-ask');
  const bar = document.querySelector('[data-board] .ce-decision');
  return { over: !!document.querySelector('#game-over'), ready: !!document.querySelector('#board:not(.busy) [data-board]'),
           pageWidth: document.scrollingElement.scrollWidth,
           ask: ask ? box(ask) : null, bar: bar ? box(bar) : null,
           listed: [...document.querySelectorAll('[data-movelist] [data-action]')].map((e) => e.getAttribute('data-action')),
           actions: [...document.querySelectorAll('[data-board] [data-action]')].filter(shown)
             .map((e) => ({ name: e.getAttribute('data-action'), ...box(e) })),
           picks: [...document.querySelectorAll('[data-board] [data-pick]')].filter(shown)
             .map((e) => ({ name: e.getAttribute('data-pick'), picked: e.classList.contains('picked'), ...box(e) })) };
}"""


def _check_fits(seen: dict) -> int:
    """The decision fits the phone: the page no wider than the screen, each target inside its width and
    at least 32 × 32 px. Returns how many targets were measured."""
    assert seen["pageWidth"] <= WIDTH, f"the page is {seen['pageWidth']} px wide"
    for t in seen["actions"] + seen["picks"]:
        assert t["w"] >= 32 and t["h"] >= 32, ("too small", t)
        assert t["x"] >= 0 and t["x"] + t["w"] <= WIDTH + 0.5, ("off the screen's width", t)
    return len(seen["actions"]) + len(seen["picks"])


def _selector(choice: dict) -> str:
    attr = "data-pick" if "picked" in choice else "data-action"
    return f"#board:not(.busy) [data-board] [{attr}='{choice['name']}']:not(.dormant)"


def _touch_in_view(page, choice: dict) -> None:
    """Scroll the chosen target into view and touch it; before the touch the decision's sentence and at
    least 32 px of the target (below the decision bar, which stays on top) are on the screen at once."""
    element = page.locator(_selector(choice)).first
    element.scroll_into_view_if_needed(timeout=1500)
    seen = page.evaluate(LOOK)
    target = element.bounding_box()
    if target is None:
        raise PlaywrightError("the target went away (redrawn)")
    ask, bar = seen["ask"], seen["bar"]
    assert ask and ask["y"] >= -0.5 and ask["y"] + ask["h"] <= HEIGHT + 0.5, ("the sentence is off the screen", ask)
    in_bar = bar["y"] <= target["y"] and target["y"] + target["height"] <= bar["y"] + bar["h"] + 0.5
    below = min(target["y"] + target["height"], HEIGHT) - max(target["y"], bar["y"] + bar["h"])
    assert in_bar or below >= min(32, target["height"]), ("the target is hidden", choice["name"], target, bar)
    element.click(timeout=1500)


def _play(page, seed: int, on_decision, timeout: float, shots: str | None = None, picks: bool = True) -> dict:
    """Play to the end touching random shown targets inside [data-board] (``picks``: a die not picked yet
    counts as one of them); ``on_decision(page, seen, stats)`` first, at each of the player's decisions."""
    rnd = random.Random(seed)
    stats: dict = {"decisions": 0, "targets": 0, "audited": 0, "names": set()}
    deadline = time.time() + timeout
    while time.time() < deadline:
        seen = page.evaluate(LOOK)
        if seen["over"]:
            return stats
        choices = seen["actions"] + [p for p in seen["picks"] if not p["picked"]]
        if not seen["ready"] or not seen["listed"] or not choices:
            page.wait_for_timeout(30)
            continue
        stats["decisions"] += 1
        if shots and stats["decisions"] in (1, 12):
            page.screenshot(path=f"{shots}-{'start' if stats['decisions'] == 1 else 'middle'}.png")
        if on_decision(page, seen, stats):  # it touched the board: look again
            seen = page.evaluate(LOOK)
            choices = seen["actions"] + [p for p in seen["picks"] if not p["picked"]]
        choice = rnd.choice([c for c in choices if picks or "picked" not in c] or choices)
        try:
            _touch_in_view(page, choice)
        except PlaywrightError:  # redrawn under the touch (a bot's move, a pick): look again
            continue
        if "picked" not in choice:
            stats["names"].add(choice["name"].split()[0])
        page.wait_for_timeout(10)
    raise AssertionError(f"the game did not end in {timeout:.0f}s ({stats})")


def _phone_page(browser, lang: str | None = None, hold: bool = False):
    return watched_page(browser, PHONE, HOLD if hold else None)


def _check_end_fits(page) -> None:
    """The end: the page no wider than the screen and no cell of the score table cut off."""
    page.wait_for_selector("[data-board] .ce-final")
    cut = page.evaluate("""() => [...document.querySelectorAll('[data-board] .ce-final :is(th, td)')]
        .filter((c) => c.getClientRects().length && (c.scrollWidth > c.clientWidth + 1 || c.getBoundingClientRect().right > innerWidth + 0.5))
        .map((c) => c.textContent)""")
    assert cut == [], f"cut off at the end: {cut}"
    assert page.evaluate("document.scrollingElement.scrollWidth") <= WIDTH


@pytest.mark.parametrize("players, seed, lang", [pytest.param(1, 2, "en", marks=pytest.mark.daily),
                                                  pytest.param(2, 3, "zh", marks=pytest.mark.slow),
                                                  pytest.param(4, 5, "en", marks=pytest.mark.slow)])
def test_a_whole_game_at_360_keeps_every_decision_on_the_phone(browser, server, deal_seed, players, seed, lang):
    deal_seed(seed)
    context, page = _phone_page(browser, lang)
    start_game(page, server, GAME, players, lang=lang)
    page.wait_for_selector("[data-board] [data-action]")

    def check(page, seen, stats):
        stats["targets"] += _check_fits(seen)

    shots = f"{SHOTS}/cube-europe-{players}p-{lang}-phone" if SHOTS else None
    stats = _play(page, seed, check, timeout=240, shots=shots)
    assert stats["decisions"] >= 20 and stats["targets"] > stats["decisions"], stats
    assert {"start", "take"} <= stats["names"], stats  # the start hexes and the dice on the market, at least
    _check_end_fits(page)
    if shots:
        page.screenshot(path=f"{shots}-end.png")
    assert page.console_errors == []
    context.close()


# The audit of one decision, moves held: every shown target (those shown now, then those that show after
# picking each other die) is scrolled to the middle of the screen and touched where a finger would touch it
# (the element on top at its centre); returns, for each, its data-action, what the page sent, whether the
# touch reached it, and where it is drawn: the market square, hex, supply pile or inventory space under its
# centre, whether it lies on the worker track's next space, and which die is picked.
AUDIT = """(me) => {
  const seat = `[data-board] .ce-seat[data-seat="${me}"]`;
  const shown = (e) => e.getClientRects().length > 0 && !e.closest('.dormant');
  const where = (el) => {
    const r = el.getBoundingClientRect(); const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const under = (sel) => [...document.querySelectorAll(sel)].filter((e) => {
      const b = e.getBoundingClientRect(); return b.left <= x && x <= b.right && b.top <= y && y <= b.bottom; });
    const cells = [...document.querySelectorAll(`${seat} .track.workers .track-cell`)];
    const lit = cells.findIndex((c) => c.classList.contains('lit'));
    const picked = document.querySelector(`${seat} .ce-die.picked`);
    const top = document.elementFromPoint(x, y);
    return { x, y, top, reached: !!top && top.closest('[data-action]') === el,
             squares: under('[data-board] .square-face').map((e) => e.dataset.square),
             hexes: under(`${seat} .hexmap .hex`).map((e) => e.dataset.hex),
             supply: under(`${seat} .supply-pile`).map((e) => e.dataset.supply),
             inventory: under(`${seat} .inventory-space`).map((e) => e.dataset.colour),
             nextWorker: lit >= 0 && !!cells[lit + 1] && under(`${seat} .track.workers .track-cell`).includes(cells[lit + 1]),
             control: !!el.closest('[data-board] .ce-decision .ce-controls'),
             die: picked ? picked.dataset.die : null };
  };
  const out = [];
  window.__hold = true;
  const others = [...new Set([...document.querySelectorAll(`${seat} [data-pick]:not(.picked)`)].filter(shown).map((e) => e.dataset.pick))];
  for (const pick of [null, ...others.sort()]) {
    if (pick) document.querySelector(`[data-board] [data-pick="${pick}"]`).dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    const before = new Set(out.map((o) => o.action));  // a move that is no die's shows whichever die is picked
    for (const el of [...document.querySelectorAll('[data-board] [data-action]')].filter(shown)) {
      const action = el.getAttribute('data-action');
      if (before.has(action)) continue;
      el.scrollIntoView({ block: 'center', inline: 'center' });
      const { top, ...at } = where(el);
      window.__sent = [];
      (at.reached ? top : el).dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, clientX: at.x, clientY: at.y }));
      out.push({ action, sent: window.__sent.slice(), pick, ...at });
      document.querySelectorAll('.busy').forEach((b) => b.classList.remove('busy'));
    }
  }
  window.__hold = false;
  return out;
}"""


def _check_where(where: dict) -> None:
    """A target lies on the thing its move concerns (and a die's move is offered for the picked die)."""
    text = where["action"]
    name, *args = text.split()
    if name in ("take", "place", "worker"):
        assert where["die"] == args[0], ("not the picked die's move", where)
    if name == "take":
        assert where["squares"] == [args[1]], where
    elif name == "place":
        assert where["hexes"] == [args[1]], where
    elif name in ("start", "chain"):
        assert where["hexes"] == [args[0]], where
    elif name == "worker":
        assert where["nextWorker"], where
    elif name == "white":
        assert where["supply"] == [args[0]], where
    elif name == "return":
        assert where["inventory"] == [args[0]], where
    else:  # pay, pass: a control in the decision bar
        assert where["control"], where


def _audit(page, me: int) -> list[str]:
    """Touch every target of the decision with the moves held: each must be what a finger touching it
    reaches, send exactly its own move (once) and lie where that move acts (two red cubes in the inventory
    both return a red one). Returns what was touched."""
    touched = page.evaluate(AUDIT, me)
    for record in touched:
        assert record["reached"], ("covered: a touch at its centre reaches another element", record)
        assert record["sent"] == [record["action"]], record
        _check_where(record)
    return [record["action"] for record in touched]


@pytest.mark.parametrize("players, seed", [pytest.param(2, 4, marks=pytest.mark.daily),
                                                pytest.param(3, 6, marks=pytest.mark.slow)])
def test_each_board_element_plays_its_own_action_at_every_decision(browser, server, deal_seed, players, seed):
    deal_seed(seed)  # the same deal and bots each run: the moves below come up
    context, page = _phone_page(browser, hold=True)
    start_game(page, server, GAME, players)
    page.wait_for_selector("[data-board] [data-action]")
    me = 0

    def audit(page, seen, stats):
        touched = _audit(page, me)
        # every legal move of the decision has its element on the board, reached in at most two touches
        assert sorted(set(touched)) == sorted(set(seen["listed"])), (touched, seen["listed"])
        stats["audited"] += len(touched)
        stats.setdefault("kinds", set()).update(t.split()[0] for t in touched)
        return True

    stats = _play(page, seed, audit, timeout=300, picks=False)  # (each pick is audited anyway)
    assert {"start", "take", "place", "worker", "return"} <= stats["kinds"] and stats["audited"] > 100, stats
    assert page.console_errors == []
    context.close()


@pytest.mark.parametrize("width, height", [(768, 1024), (1280, 800)])
def test_a_tablet_and_a_wide_screen_show_a_whole_decision_without_scrolling(browser, server, width, height):
    """The dice's decision (each die picked in turn) at the top of the page: every target on the screen at
    once, at least 32 × 32 px, the page no wider than the screen; the inventory's spaces and the supply's
    piles (targets of other decisions) at least 32 px too."""
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    start_game(page, server, GAME, 2)
    page.click("[data-board] .hex-target.start[data-action] >> nth=0")
    page.wait_for_selector("#board:not(.busy) [data-board] .ce-die[data-pick]", timeout=15000)
    page.wait_for_timeout(200)
    for pick in sorted(set(page.eval_on_selector_all("[data-board] [data-pick]", "ds => ds.map(d => d.dataset.pick)"))):
        page.locator(f"[data-board] [data-pick='{pick}']").first.dispatch_event("click")
        page.wait_for_selector(f"[data-board] [data-pick='{pick}'].picked")
        seen = page.evaluate(LOOK)
        assert page.evaluate("window.scrollY") == 0 and seen["pageWidth"] <= width
        assert seen["actions"] and seen["picks"], seen
        for t in seen["actions"] + seen["picks"]:
            assert t["w"] >= 32 and t["h"] >= 32, ("too small", t)
            assert t["x"] >= 0 and t["x"] + t["w"] <= width and t["y"] >= 0 and t["y"] + t["h"] <= height, ("off the screen", t)
    # the targets of other decisions (return a cube, take one for a white cube): large enough too
    sizes = page.eval_on_selector_all("[data-board] .ce-seat.me :is(.inventory-space, .supply-pile)", """els => els.map((e) => {
        const r = e.getBoundingClientRect(); return [e.getAttribute('class'), r.width, r.height]; })""")
    assert len(sizes) == 8 and all(w >= 32 and h >= 32 for _, w, h in sizes), sizes
    context.close()
