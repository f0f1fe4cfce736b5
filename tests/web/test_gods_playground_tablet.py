"""God's Playground's board on a tablet (issue 41): at 768 × 1024 a 3-player game is played by clicking the board,
and as each of your decisions comes (the page may scroll it in by itself, never the player) its sentence and
every shown target (``data-action`` or ``data-pick`` inside ``[data-board]``) lie on the screen at once, each
target at least 32 × 32 px, and the page is no wider than the screen.

By default the first decisions of a game are played; whole games run daily (tests/web/daily.py)."""

from __future__ import annotations

import os
import random
import time

import pytest
from playwright.sync_api import Error as PlaywrightError

import meeple

from .play import start_game, watched_page

pytestmark = pytest.mark.skipif("gods-playground" not in meeple.games(), reason="God's Playground is not registered")

GAME = "gods-playground"
TABLET = {"viewport": {"width": 768, "height": 1024}, "reduced_motion": "reduce"}

# One read of the page as it is now (no scrolling): the decision's sentence and each shown target's box on the
# screen; under a sticky bar counts as off the screen.
MEASURE = """() => {
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const bar = document.querySelector('[data-board] .gp-decision');
  const ask = document.querySelector('[data-board] .gp-ask');
  const sticky = !!bar && getComputedStyle(bar).position === 'sticky';
  const targets = [...document.querySelectorAll('[data-board] [data-action], [data-board] [data-pick]')].filter(shown);
  const box = (e) => { const r = e.getBoundingClientRect(); return { left: r.left, top: r.top, right: r.right, bottom: r.bottom, w: r.width, h: r.height }; };
  return {
    over: !!document.querySelector('#game-over'), busy: !!document.querySelector('#board.busy'),
    listed: document.querySelectorAll('[data-movelist] [data-action]').length,
    mode: bar ? bar.dataset.decision : null, ask: ask ? box(ask) : null, sticky,
    folded: !!document.querySelector('[data-board] .gp-cards.folding'),
    barBottom: bar ? bar.getBoundingClientRect().bottom : 0,
    vw: window.innerWidth, vh: window.innerHeight, page: document.scrollingElement.scrollWidth,
    targets: targets.map((e) => ({ name: e.getAttribute('data-action') || `pick ${e.getAttribute('data-pick')}`,
                                   action: e.hasAttribute('data-action'), inBar: !!bar && bar.contains(e), ...box(e) })),
  };
}"""


def faults(seen: dict) -> list[str]:
    """What keeps one decision from being whole on the screen as it comes: its sentence or a target off the
    screen (or under the sticky bar), a target under 32 × 32 px, a page wider than the screen."""
    vw, vh = seen["vw"], seen["vh"]
    found = []
    ask = seen["ask"]
    if not ask or ask["top"] < 0 or ask["bottom"] > vh:
        found.append(f"the sentence is off the screen: {ask}")
    for t in seen["targets"]:
        if t["w"] < 32 or t["h"] < 32:
            found.append(f"{t['name']} is {t['w']:.0f} × {t['h']:.0f} px")
        top = seen["barBottom"] if seen["sticky"] and not t["inBar"] else 0
        if t["top"] < top - 0.5 or t["bottom"] > vh + 0.5 or t["left"] < -0.5 or t["right"] > vw + 0.5:
            found.append(f"{t['name']} is off the screen at {t['left']:.0f},{t['top']:.0f}–{t['bottom']:.0f}")
    if seen["page"] > vw:
        found.append(f"the page is {seen['page']} px wide")
    return found


def play_measuring(page, seed: int, decisions: int, timeout: float, shots: str | None = None) -> list[tuple[str, list[str]]]:
    """Click a random shown target of each of your decisions (a target over a pick), measuring the decision
    first, as it comes, until ``decisions`` were measured, the game is over or ``timeout`` seconds passed.
    Returns each decision's kind and faults; ``shots``: a screenshot of each faulty one at ``shots``-N.png."""
    rnd = random.Random(seed)
    measured: list[tuple[str, list[str]]] = []
    deadline = time.time() + timeout
    while len(measured) < decisions and time.time() < deadline:
        seen = page.evaluate(MEASURE)
        if seen["over"]:
            break
        if seen["busy"] or not seen["targets"] or not seen["listed"]:
            page.wait_for_timeout(30)
            continue
        page.wait_for_timeout(80)  # a redraw by the bots' moves of this instant, and the page's own scroll
        again = page.evaluate(MEASURE)
        if [t["name"] for t in again["targets"]] != [t["name"] for t in seen["targets"]] or again["busy"]:
            continue
        wrong = faults(again)
        measured.append((again["mode"] + (" folded" if again["folded"] else ""), wrong))
        if (wrong or again["folded"]) and shots:
            page.screenshot(path=f"{shots}-{len(measured)}-{again['mode']}{'-folded' if again['folded'] else ''}.png")
        actions = [t for t in again["targets"] if t["action"]]
        chosen = rnd.choice(actions or again["targets"])
        selector = (f"[data-board] [data-action='{chosen['name']}']" if chosen["action"]
                    else f"[data-board] [data-pick='{chosen['name'][5:]}']")
        try:
            page.locator(f"{selector} >> visible=true").first.click(timeout=2000)
        except PlaywrightError:  # the board was redrawn under the click: look again
            measured.pop()
            continue
        page.wait_for_timeout(20)
    return measured


def _report(seed: int, measured: list[tuple[str, list[str]]]) -> None:
    if os.environ.get("MEEPLE_MEASURE"):
        off = [(k, mode, wrong) for k, (mode, wrong) in enumerate(measured, 1) if wrong]
        kinds: dict[str, list[int]] = {}
        for mode, wrong in measured:
            kinds.setdefault(mode, [0, 0])[bool(wrong)] += 1
        with open(os.environ["MEEPLE_MEASURE"], "a", encoding="utf-8") as out:
            out.write(f"768x1024 seed {seed}: {len(measured) - len(off)}/{len(measured)} decisions whole on screen as they come;"
                      f" by kind (whole, off): {kinds}\n")
            for k, mode, wrong in off:
                out.write(f"  #{k} {mode}: {wrong[:3]}\n")


def _play(browser, server, deal_seed, seed: int, decisions: int, timeout: float) -> tuple[list, object]:
    deal_seed(seed)
    context, page = watched_page(browser, TABLET)
    start_game(page, server, GAME, 3)
    page.wait_for_selector("[data-board] [data-action]")
    measured = play_measuring(page, seed=seed, decisions=decisions, timeout=timeout,
                              shots=os.environ.get("MEEPLE_MEASURE_SHOTS"))
    _report(seed, measured)
    return measured, (context, page)


def test_at_768_each_decision_of_a_round_comes_whole_on_the_screen(browser, server, deal_seed):
    """The first 45 of your decisions (the setup's estates, the tokens, the estates built, the special actions,
    the senate): about a minute."""
    measured, (context, page) = _play(browser, server, deal_seed, seed=4, decisions=45, timeout=70)
    try:
        modes = {mode.split()[0] for mode, _ in measured}
        assert len(measured) >= 30 and {"estate", "token", "special"} <= modes, (len(measured), modes)
        off = [f"#{k} {mode}: {wrong[:2]}" for k, (mode, wrong) in enumerate(measured, 1) if wrong]
        assert not off, f"{len(off)} of {len(measured)} decisions are not whole on the screen: {off[:6]}"
        assert page.console_errors == []
    finally:
        context.close()


@pytest.mark.daily
@pytest.mark.parametrize("seed", [4, 9, 17])
def test_at_768_each_decision_of_a_whole_game_comes_whole_on_the_screen(browser, server, deal_seed, seed):
    measured, (context, page) = _play(browser, server, deal_seed, seed=seed, decisions=10_000, timeout=500)
    try:
        assert page.query_selector("#game-over"), f"the game did not end ({len(measured)} decisions measured)"
        modes = {mode.split()[0] for mode, _ in measured}
        assert len(measured) >= 50 and {"estate", "token", "build", "special"} <= modes, (len(measured), modes)
        off = [f"#{k} {mode}: {wrong[:2]}" for k, (mode, wrong) in enumerate(measured, 1) if wrong]
        assert not off, f"{len(off)} of {len(measured)} decisions are not whole on the screen: {off[:6]}"
        assert page.console_errors == []
    finally:
        context.close()
