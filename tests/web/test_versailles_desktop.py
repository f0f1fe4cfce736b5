"""Versailles's board on a laptop and a tablet (issue 41): at 1280 × 800, 1024 × 768 and 768 × 1024 a 2-player
game is played by the board, and at every decision each shown target (``data-action`` or ``data-pick``) is at
least 32 × 32 px and is what ``document.elementFromPoint`` finds at its centre (nothing covers it).

By default each size plays the first decisions of a game (a minute in all); the whole game at each size runs
with the daily tests (``pytest -m daily``)."""

from __future__ import annotations

import random
import time

import pytest
from playwright.sync_api import Error as PlaywrightError

import meeple

from .daily import by_default
from .play import start_game, watched_page

pytestmark = pytest.mark.skipif("versailles" not in meeple.games(), reason="Versailles is not registered")

GAME = "versailles"

# One read of the current decision: its sentence, whether the decision bar is sticky, and each shown target
# with its box (page coordinates), the element found at its centre (scrolled to the middle of the screen
# first when the centre is off screen) and whether that is the target or inside it. The scroll is put back.
MEASURE = """() => {
    const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden' && !e.closest('.dormant');
    const bar = document.querySelector('[data-board] .vs-decision');
    const ask = document.querySelector('[data-board] .vs-ask');
    const active = document.querySelector('[data-board] .vs-location.active');
    const box = (e) => { const r = e.getBoundingClientRect();
                         return { top: r.top + window.scrollY, bottom: r.bottom + window.scrollY, left: r.left + window.scrollX,
                                  w: r.width, h: r.height, now: [r.top, r.bottom] }; };
    const sticky = !!bar && getComputedStyle(bar).position === 'sticky';
    const start = window.scrollY;
    const shownTargets = [...document.querySelectorAll('#board:not(.busy) [data-board] [data-action], #board:not(.busy) [data-board] [data-pick]')]
      .filter(shown);
    const boxes = shownTargets.map(box);   // all before any scroll: a sticky element's box depends on it
    const askBox = ask ? box(ask) : null;
    const targets = shownTargets.map((e, i) => {
        const b = boxes[i];
        let r = e.getBoundingClientRect();
        const inBar = !!e.closest('.vs-decision');
        const barBottom = sticky && !inBar ? bar.getBoundingClientRect().bottom : 0;   // under the sticky bar is off screen
        if (r.top + r.height / 2 < barBottom || r.top + r.height / 2 > window.innerHeight) {
          e.scrollIntoView({ block: 'center', inline: 'nearest' });
          r = e.getBoundingClientRect();
        }
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return { name: e.getAttribute('data-action') || `pick ${e.getAttribute('data-pick')}`, pick: !e.hasAttribute('data-action'),
                 inBar, ...b, hit: !!hit && e.contains(hit),
                 by: hit ? `${hit.tagName}.${hit.getAttribute('class') || ''}` : null };
      });
    window.scrollTo(window.scrollX, start);
    return { over: !!document.querySelector('#game-over'), busy: !!document.querySelector('#board.busy'),
             decision: bar ? bar.dataset.decision : null, at: active ? active.dataset.location : null,
             picked: !!document.querySelector('[data-board] .picked'), ask: askBox,
             barHeight: bar ? bar.getBoundingClientRect().height : 0, barBottom: bar ? bar.getBoundingClientRect().bottom : 0,
             sticky, vh: window.innerHeight,
             page: document.scrollingElement.scrollWidth, targets };
}"""

# the order of preference when a decision offers these (else a random target): every kind of move comes up
PREFER = ("build", "tech", "buy", "take", "activate", "recruit", "remove", "done")


def check_decision(seen: dict, width: int) -> list[str]:
    """What is wrong with one decision as measured by MEASURE: a target under 32 × 32 px or covered at its
    centre, or a page wider than the screen."""
    faults = [f"{t['name']}: {t['w']:.0f} × {t['h']:.0f} px" for t in seen["targets"] if t["w"] < 32 or t["h"] < 32]
    faults += [f"{t['name']}: its centre shows {t['by']}" for t in seen["targets"] if not t["hit"]]
    if seen["page"] > width:
        faults.append(f"the page is {seen['page']} px wide")
    return faults


def _wanted(seen: dict) -> list[dict]:
    """The targets a player wants in view: once workers are picked, where they may go (the other workers
    to pick instead are no part of that choice)."""
    if seen["decision"] == "move" and seen["picked"]:
        return [t for t in seen["targets"] if not t["pick"]]
    return seen["targets"]


def _one_per_move(seen: dict) -> list[dict]:
    """For each move (or pick) of the decision the element a player would reach for: none where the sticky
    decision bar holds one (it is always in view), else its topmost element."""
    chosen: dict[str, dict] = {}
    for t in _wanted(seen):
        if seen["sticky"] and t["inBar"]:
            chosen[t["name"]] = None
        elif t["name"] not in chosen or (chosen[t["name"]] is not None and t["top"] < chosen[t["name"]]["top"]):
            chosen[t["name"]] = t
    return [t for t in chosen.values() if t is not None]


def fits_one_screen(seen: dict) -> bool:
    """Whether one scroll position shows the decision's sentence and an element of each of its moves: with a
    sticky decision bar, below the bar; otherwise with the sentence."""
    targets = _one_per_move(seen)
    if not targets or not seen["ask"]:
        return True
    top = min(t["top"] for t in targets)
    bottom = max(t["bottom"] for t in targets)
    if seen["sticky"]:
        return bottom - top <= seen["vh"] - seen["barHeight"]
    return max(bottom, seen["ask"]["bottom"]) - min(top, seen["ask"]["top"]) <= seen["vh"]


def fits_unscrolled(seen: dict) -> bool:
    """Whether the page as it opens (not scrolled) shows the sentence (a sticky one always shows) and an
    element of each move."""
    sentence = [seen["ask"]] if seen["ask"] and not seen["sticky"] else []
    return all(t["bottom"] <= seen["vh"] for t in _one_per_move(seen) + sentence)


def fits_as_it_is(seen: dict) -> bool:
    """Whether the page as the decision comes (scrolled where the last click and the board left it) shows
    the sentence and, whole, an element of each move (below a sticky decision bar, or in it)."""
    if seen["ask"] and not (seen["sticky"] or 0 <= seen["ask"]["now"][0] and seen["ask"]["now"][1] <= seen["vh"]):
        return False
    top = seen["barBottom"] if seen["sticky"] else 0
    names = {t["name"] for t in _wanted(seen)}
    seen_now = {t["name"] for t in _wanted(seen)
                if (seen["sticky"] and t["inBar"]) or (t["now"][0] >= top - 1 and t["now"][1] <= seen["vh"] + 1)}
    return names <= seen_now


def decision_name(seen: dict) -> str:
    """A short name of the decision for a report: its phase, where, and whether workers are picked."""
    name = seen["decision"] or "?"
    if seen["at"] and name != "move":
        name += f" {seen['at']}"
    if seen["picked"] and name == "move":
        name += " (picked)"
    return name


def play_measuring(page, seed: int, decisions: int | None, timeout: float, on_decision=None) -> list[dict]:
    """Play by the board (a pick first when only picks are shown) until the game ends or ``decisions`` were
    made; MEASURE each decision before its click. ``on_decision(index, seen)`` is called with each."""
    rnd = random.Random(seed)
    measured: list[dict] = []
    deadline = time.time() + timeout
    while time.time() < deadline and (decisions is None or len(measured) < decisions):
        seen = page.evaluate(MEASURE)
        if seen["over"]:
            return measured
        actions = [t for t in seen["targets"] if not t["pick"]]
        picks = [t for t in seen["targets"] if t["pick"]]
        if seen["busy"] or not (actions or picks):
            page.wait_for_timeout(30)
            continue
        if on_decision:
            on_decision(len(measured), seen)
        measured.append(seen)
        by_name: dict[str, list[dict]] = {}
        for t in actions:
            by_name.setdefault(t["name"].split()[0], []).append(t)
        chosen = next((rnd.choice(by_name[n]) for n in PREFER if n in by_name and rnd.random() < 0.8), None)
        chosen = chosen or rnd.choice(actions or picks)
        attr = "data-pick" if chosen["pick"] else "data-action"
        value = chosen["name"].removeprefix("pick ") if chosen["pick"] else chosen["name"]
        try:
            page.locator(f"[data-board] [{attr}='{value}']").locator("visible=true").first.click(timeout=1500)
        except PlaywrightError:  # redrawn under the click: look again
            measured.pop()
            continue
        page.wait_for_timeout(10)
    if decisions is None:
        raise AssertionError(f"the game did not end in {timeout:.0f}s ({len(measured)} decisions)")
    return measured


SIZES = [(1280, 800), (1024, 768), (768, 1024)]


@pytest.mark.parametrize(("width", "height"), by_default(SIZES, kept={(1280, 800), (1024, 768)}))
@pytest.mark.parametrize("whole", by_default([False, True], kept={False}))
def test_every_target_of_every_decision_is_large_and_uncovered(browser, server, deal_seed, width, height, whole):
    deal_seed(11)
    context, page = watched_page(browser, {"viewport": {"width": width, "height": height}})
    start_game(page, server, GAME, 2)
    page.wait_for_selector("[data-board] [data-pick]")
    faults: dict[str, list[str]] = {}

    def check(index: int, seen: dict) -> None:
        for fault in check_decision(seen, width):
            faults.setdefault(fault, []).append(f"#{index} {decision_name(seen)}")

    measured = play_measuring(page, seed=width, decisions=None if whole else 40, timeout=400 if whole else 25, on_decision=check)
    assert len(measured) >= (60 if whole else 20), len(measured)
    assert not faults, "\n".join(f"{fault} (at {', '.join(where[:3])}{' …' if len(where) > 3 else ''})"
                                 for fault, where in list(faults.items())[:25])
    kinds = {t["name"].split()[0] for seen in measured for t in seen["targets"]}
    assert {"pick", "move", "activate"} <= kinds, kinds
    assert page.console_errors == []
    context.close()
