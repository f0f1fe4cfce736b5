"""God's Playground's printed map on a desk (issue 41): at 1280 × 800 every target of each of your decisions
(an element with ``data-action`` or ``data-pick``) is at least 32 × 32 px, is what a click at its centre
(and 14 px to each side of it) reaches, and is on the screen with the decision's sentence, without the
player scrolling. And the enemies' cards keep their words inside at 360 px (issue 42)."""

from __future__ import annotations

import random
import time

import pytest

import meeple
from meeple.learn import scenario

from .play import start_game, watched_page

pytestmark = pytest.mark.skipif("gods-playground" not in meeple.games(), reason="God's Playground is not registered")

GAME = "gods-playground"
DESK = {"viewport": {"width": 1280, "height": 800}, "reduced_motion": "reduce"}  # (the fresh marks hold still)

# One read of the page: the decision and each shown target's box and what a click at its centre and at
# 14 px left, right, above and below the centre reaches (the target itself or a part of it).
_SEEN = """() => {
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const bar = document.querySelector('[data-board] .gp-decision');
  const targets = [...document.querySelectorAll('[data-board] [data-action], [data-board] [data-pick]')].filter(shown);
  return {
    over: !!document.querySelector('#game-over'), busy: !!document.querySelector('#board.busy'),
    listed: document.querySelectorAll('[data-movelist] [data-action]').length,
    mode: bar ? bar.dataset.decision : null, bar: bar ? bar.getBoundingClientRect().toJSON() : null,
    targets: targets.map((e) => {
      const r = e.getBoundingClientRect(), cx = r.left + r.width / 2, cy = r.top + r.height / 2;
      const reached = [[0, 0], [-14, 0], [14, 0], [0, -14], [0, 14]].map(([dx, dy]) => {
        const at = document.elementFromPoint(cx + dx, cy + dy);
        return !at ? 'nothing' : at === e || e.contains(at) ? null : `${at.tagName} ${at.getAttribute('class') || ''} in ${at.parentNode.getAttribute('class') || at.parentNode.tagName}`;
      });
      return { name: e.getAttribute('data-action') || `pick ${e.getAttribute('data-pick')}`, action: e.hasAttribute('data-action'),
               left: r.left, top: r.top, right: r.right, bottom: r.bottom, w: r.width, h: r.height, cx, cy, reached };
    }),
  };
}"""


def _check_decision(seen: dict, width: int = 1280, height: int = 800) -> None:
    bar = seen["bar"]
    assert bar and bar["top"] >= 0 and bar["bottom"] <= height, f"the decision's sentence is off the screen: {bar}"
    for t in seen["targets"]:
        assert t["w"] >= 32 and t["h"] >= 32, f"{seen['mode']}: {t['name']} is {t['w']:.1f} × {t['h']:.1f} px"
        assert t["left"] >= 0 and t["right"] <= width and t["top"] >= 0 and t["bottom"] <= height, \
            f"{seen['mode']}: {t['name']} is off the screen at {t['left']:.0f},{t['top']:.0f}"
        wrong = [w for w in t["reached"] if w]
        assert not wrong, f"{seen['mode']}: a click on {t['name']} reaches {wrong}"


def _play_checking_each_decision(page, seed: int, decisions: int, timeout: float) -> tuple[int, set[str]]:
    """Click (with the mouse, at the centre) a random target of each of your decisions, checking every target
    of the decision first, until ``decisions`` were checked or the game is over. Returns how many were
    checked and the decisions' kinds."""
    rnd = random.Random(seed)
    checked, modes = 0, set()
    deadline = time.time() + timeout
    while checked < decisions and time.time() < deadline:
        seen = page.evaluate(_SEEN)
        if seen["over"]:
            break
        if seen["busy"] or not seen["targets"] or not seen["listed"]:
            page.wait_for_timeout(30)
            continue
        page.wait_for_timeout(60)  # the board may still be redrawn by the bots' moves of this instant
        again = page.evaluate(_SEEN)
        if [t["name"] for t in again["targets"]] != [t["name"] for t in seen["targets"]] or again["busy"]:
            continue
        _check_decision(again)
        checked += 1
        modes.add(again["mode"])
        actions = [t for t in again["targets"] if t["action"]]
        chosen = rnd.choice(actions or again["targets"])
        page.mouse.click(chosen["cx"], chosen["cy"])
        page.wait_for_timeout(20)
    return checked, modes


def test_at_1280_every_target_of_a_round_is_large_hit_at_its_centre_and_on_screen(browser, server, deal_seed):
    """The first 40 of your decisions of a 3-player game (the setup's estates, the tokens, the estates built,
    the special actions, the armies), played by clicks of the mouse: under a minute; a whole game runs daily."""
    deal_seed(4)
    context, page = watched_page(browser, DESK)
    try:
        start_game(page, server, GAME, 3)
        page.wait_for_selector("[data-board] [data-action]")
        assert not page.query_selector("[data-board].phone")  # the printed map, not the phone's cards
        checked, modes = _play_checking_each_decision(page, seed=3, decisions=40, timeout=50)
        assert checked >= 30 and {"estate", "token", "build"} <= modes, (checked, modes)
        assert page.console_errors == []
    finally:
        context.close()


@pytest.mark.daily
@pytest.mark.parametrize("seed", [4, 9])
def test_at_1280_every_target_of_a_whole_game_is_large_hit_at_its_centre_and_on_screen(browser, server, deal_seed, seed):
    deal_seed(seed)
    context, page = watched_page(browser, DESK)
    try:
        start_game(page, server, GAME, 3)
        page.wait_for_selector("[data-board] [data-action]")
        checked, modes = _play_checking_each_decision(page, seed=seed, decisions=10_000, timeout=400)
        assert page.query_selector("#game-over"), f"the game did not end ({checked} decisions checked)"
        assert checked >= 50 and {"estate", "token", "build", "special", "buy"} <= modes, (checked, modes)
        assert page.console_errors == []
    finally:
        context.close()


# ---------------------------------------------------------------- issue 42: the enemies' cards on a phone
_ENEMY_TEXT = """() => [...document.querySelectorAll('[data-board] [data-enemy]')].flatMap((g) => {
  const land = g.querySelector('.enemy-land').getBoundingClientRect();
  return [...g.querySelectorAll('text')].map((t) => { const r = t.getBoundingClientRect();
    return { enemy: g.dataset.enemy, text: t.textContent, left: r.left - land.left, right: land.right - r.right }; });
})"""


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_on_a_phone_each_enemy_card_keeps_its_words_inside(browser, server, lang):
    """In the guided game at 360 px, at the treaty with the Tatars (their strength 6): every line of every
    enemy's card, "strength 6 · defence 0" of the Tatars' narrow card included, lies inside the card."""
    lesson = scenario(GAME)
    k = next(k for k, step in enumerate(lesson.steps) if step.who == "you" and step.action == "diplomacy 2")
    context, page = watched_page(browser, {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True})
    try:
        page.goto(f"{server}/api/learn")
        page.evaluate("(kept) => localStorage.setItem('meeple.learn', kept)", f'{{"{GAME}": {k}}}')
        page.goto(f"{server}/?lang={lang}#/learn/{GAME}")
        page.wait_for_selector("[data-board] .learn-target[data-action='diplomacy 2']")
        lines = page.evaluate(_ENEMY_TEXT)
        assert {line["enemy"] for line in lines} == {"0", "1", "2", "3", "4"}
        cut = [line for line in lines if line["left"] < 0 or line["right"] < 0]
        assert not cut, cut
    finally:
        context.close()
