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


_TWO_FRAMES = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"


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
        page.evaluate(_TWO_FRAMES)  # and the page scrolls a new decision's targets in at its next frame
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


# ---------------------------------------------------------------- no two targets share a spot on the printed map
# Every element of a target that takes clicks (not its <title>, not what has pointer-events: none), as boxes;
# a pair of targets (neither inside the other) whose boxes overlap by more than a pixel each way is reported.
_OVERLAPS = """() => {
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const targets = [...document.querySelectorAll('#probe svg [data-action], #probe svg [data-pick]')].filter(shown);
  const name = (e) => e.getAttribute('data-action') || `pick ${e.getAttribute('data-pick')}`;
  const clickable = (t) => [...t.querySelectorAll('*')].filter((el) => !['g', 'title'].includes(el.tagName)
      && el.getClientRects().length && getComputedStyle(el).pointerEvents !== 'none'
      && el.closest('[data-action], [data-pick]') === t).map((el) => [el, el.getBoundingClientRect()]);
  const shapes = targets.map(clickable), out = [];
  for (let i = 0; i < targets.length; i++) for (let j = i + 1; j < targets.length; j++) {
    if (targets[i].contains(targets[j]) || targets[j].contains(targets[i])) continue;
    for (const [a, ra] of shapes[i]) for (const [b, rb] of shapes[j]) {
      const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left), h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (w > 1 && h > 1) out.push(`${name(targets[i])} (${a.tagName}.${a.getAttribute('class')}) and ${name(targets[j])} (${b.tagName}.${b.getAttribute('class')}): ${w.toFixed(0)} × ${h.toFixed(0)} px`);
    }
  }
  return out;
}"""

_DRAW = """([obs, seat, legal]) => {
  window.gpBoard.render(document.getElementById('probe'), { game: 'gods-playground', observation: obs, legal, seat,
      to_move: [seat], your_turn: true, over: false, seats: [], seq: ++window.gpSeq },
    { legal, act: () => {}, seatName: (p) => String(p), events: [] });
}"""


def _open_probe(page, server: str) -> None:
    """The lobby's page with God's Playground's board module loaded and an empty 892 px box ``#probe`` (the
    map's width on a 1280 px game page) in place of the lobby, scrolled to the top."""
    page.goto(server + "/")
    page.wait_for_selector("#create")
    page.evaluate("""async () => {
        window.gpBoard = await import('/static/js/boards/gods-playground.js'); await window.gpBoard.prepare();
        window.gpSeq = 0;
        const box = document.createElement('div'); box.id = 'probe'; box.style.width = '892px';
        document.querySelector('main').replaceChildren(box); window.scrollTo(0, 0); }""")


def _overlapping_targets(browser, server: str, seeds: list[int]) -> list[str]:
    """The printed map (892 px wide, as on a 1280 px page) drawn for each decision of seeded random 3-player
    games, as the seat to move sees it; the overlaps of its targets, named with the game and the move."""
    from meeple.core import load
    from meeple.server.views import legal_list

    context, page = watched_page(browser, {"viewport": {"width": 1280, "height": 2400}, "reduced_motion": "reduce"})
    try:
        _open_probe(page, server)
        found = []
        for seed in seeds:
            state = load(GAME, players=3).new_game(seed=seed)
            rnd = random.Random(seed)
            while not state.is_over():
                seat = next(p for p in state.to_move() if p >= 0)
                page.evaluate(_DRAW, [state.observation(seat), seat, legal_list(state, seat)])
                found += [f"game {seed}, move {len(state.history)}: {o}" for o in page.evaluate(_OVERLAPS)]
                state.apply(rnd.choice(state.legal_actions(seat)), seat)
        assert page.console_errors == []
        return found
    finally:
        context.close()


def test_at_1280_no_two_targets_of_a_decision_overlap(browser, server):
    """Each decision of a random game (seed 4; more games daily): a confederation's box beside a neighbour's
    (whose disc and first hit area reached over it), the noble cubes to move beside a crowded province's action
    spots (two rows of tiles pushed them onto the Jesuit school and the veto), a move's drop beside the last
    family's cubes in Ukraine."""
    assert _overlapping_targets(browser, server, [4]) == []


@pytest.mark.daily
def test_at_1280_no_two_targets_of_a_decision_overlap_in_more_games(browser, server):
    assert _overlapping_targets(browser, server, [1, 10, 11, 12]) == []


def test_a_new_decision_drawn_twice_before_a_frame_still_scrolls_its_targets_in(browser, server):
    """A decision of tokens (drops down to Ukraine's foot, below an 800 px window) drawn, then drawn again
    in the same instant (a bot's news, a pick): the page still scrolls the targets in at the next frame.
    The first drawing's scroll was dropped with it, and the second, not a new decision, scrolled nothing."""
    from meeple.core import load
    from meeple.server.views import legal_list

    state = load(GAME, players=3).new_game(seed=4)
    rnd = random.Random(4)
    while not any(e["action"]["name"] == "token" for e in legal_list(state, next(p for p in state.to_move() if p >= 0))):
        seat = next(p for p in state.to_move() if p >= 0)
        state.apply(rnd.choice(state.legal_actions(seat)), seat)
    seat = next(p for p in state.to_move() if p >= 0)
    context, page = watched_page(browser, DESK)
    try:
        _open_probe(page, server)
        page.evaluate("""([obs, seat, legal]) => {
            const view = { game: 'gods-playground', observation: obs, legal, seat, to_move: [seat], your_turn: true,
                           over: false, seats: [], seq: 7 };
            const ui = { legal, act: () => {}, seatName: (p) => String(p), events: [] };
            window.gpBoard.render(document.getElementById('probe'), view, ui);
            window.gpBoard.render(document.getElementById('probe'), view, ui); }""",
                      [state.observation(seat), seat, legal_list(state, seat)])
        page.evaluate(_TWO_FRAMES)
        seen = page.evaluate(_SEEN.replace("[data-board] .gp-decision", "#probe .gp-decision"))
        lowest = max(t["bottom"] for t in seen["targets"])
        assert seen["mode"] == "token" and lowest <= 800 and seen["bar"]["top"] >= 0, (lowest, seen["bar"])
        assert page.evaluate("window.scrollY") > 0
    finally:
        context.close()
