"""Learn a game by playing it (issue 42) in the browser: the guided first game walked to its end by touching
only the lit element, every step's sentence shown, in both languages; a wrong touch explained; the
"Learn" link of the lobby; the sentence never covering the target at 1280 and 360 px; a part lit only to be
looked at drawn unlike the move to touch; the guided game's whole log."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from meeple.core import i18n
from meeple.learn import available, position, scenario, shown_from

from .daily import by_default
from .play import watched_page

SHOTS = Path(os.environ["MEEPLE_SCREENSHOTS"]) / "learn" if os.environ.get("MEEPLE_SCREENSHOTS") else None
"""Where the walks keep the screens of SHOT_STEPS (``MEEPLE_SCREENSHOTS=/tmp/shots pytest …``); none by default."""
SHOT_STEPS = {"cube-europe": (30, 39, 44, 48, 58, 61), "citadels": (10, 16, 26, 39, 44, 49, 53, 55), "kingsburg": (0, 5, 16, 21, 32),
              "versailles": (6, 10, 19, 22, 26, 36, 39, 52, 62, 63),
              "gods-playground": (1, 11, 28, 32, 33, 41, 55, 69, 76, 96, 100, 110, 114, 126, 138, 140, 142, 144, 145)}
"""The steps whose screen each walk keeps in SHOTS when it is set (to look at, not compared)."""
WRONG_TOUCH = {
    "cube-europe": ("start D3", "start A3", "cube-europe.learn.start_why", ".hexmap [data-hex='A1'].hex"),
    "citadels": ("pick king", "pick assassin", "citadels.learn.pick_king_why", "[data-pile='deck']"),
    "kingsburg": ("place 12", "place 8", "kingsburg.learn.duchess_why", "[data-score='1']"),
    "versailles": ("activate", "pass", "versailles.learn.activate_why", "[data-piece='king']"),
    "gods-playground": ("estate 2", "estate 0", "gods-playground.learn.estate_why", "[data-phase='5']"),
}
"""Per game: the step's move, a legal move that is not it, the scenario's explanation, and a part of the
board that reaches no move."""
WALK = """async () => {
    const bubble = document.querySelector('[data-learn]');
    const target = document.querySelector('[data-board] .learn-target');
    const rect = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    return { say: (bubble.querySelector('[data-learn-say]') || {}).textContent || null,
             count: document.querySelector('[data-learn-count]').textContent,
             target: target ? rect(target) : null, bubble: rect(bubble),
             next: Boolean(bubble.querySelector('[data-learn-next]')), real: Boolean(bubble.querySelector('[data-learn-real]')) };
}"""


LIT = """() => {
    const el = document.querySelector('[data-board] .learn-target');
    if (!el) return null;
    // what draws its ring: an SVG piece's shape (its hit area, its first rect, or the frame learn.js draws round a
    // group), else the element's outline
    const shape = el instanceof SVGElement
        ? el.querySelector(':scope > .learn-halo, :scope > .hit-area, :scope > rect:first-child, polygon.hit-area') : null;
    const css = getComputedStyle(shape || el);
    const cue = document.querySelector('[data-learn] [data-learn-cue]');
    return { lit: el.dataset.learnTarget || null, shape: Boolean(shape),
             colour: shape ? css.stroke : css.outlineColor,
             dashed: shape ? !['none', ''].includes(css.strokeDasharray) : css.outlineStyle === 'dashed',
             pulse: shape ? css.animationName !== 'none' : null, cursor: getComputedStyle(el).cursor,
             cue: cue ? cue.dataset.learnCue : null, cueText: cue ? cue.textContent : null,
             cueColour: cue ? getComputedStyle(cue).borderTopColor : null };
}"""
"""How the lit element is drawn (its ring's colour and dashes, its pulse, the pointer over it) and the cue
before the sentence."""


def _lit_as(seen: dict, kind: str, lang: str) -> None:
    """The lit element and the sentence's cue say ``kind``: "look" (a focus: a still, dashed ring and no
    pointer) or "touch" (the move: a solid ring, pulsing on a drawing, and the pointer)."""
    assert seen is not None, "nothing is lit"
    assert seen["lit"] == kind and seen["cue"] == kind, seen
    assert seen["cueText"] == i18n.render(f"web.learn.cue_{kind}", None, lang), seen
    assert seen["dashed"] == (kind == "look"), seen
    assert (seen["cursor"] == "pointer") == (kind == "touch"), seen
    if seen["shape"]:
        assert seen["pulse"] == (kind == "touch"), seen
    assert seen["cueColour"] == seen["colour"], seen   # the cue is drawn as the ring it names


def _sentences(game: str, lang: str) -> list[tuple[int, str]]:
    """(step, sentence) of every shown step, in order, and the end."""
    lesson = scenario(game)
    out, k = [], shown_from(lesson, 0)
    while k < len(lesson.steps):
        step = lesson.steps[k]
        out.append((k, i18n.render(step.say, step.args, lang)))
        k = shown_from(lesson, k + 1)
    out.append((k, i18n.render(lesson.end, None, lang)))
    return out


def _drawn(rect: list[float] | None) -> bool:
    """Whether a lit element's rectangle is there and has a size (a hidden element's is 0 × 0)."""
    return rect is not None and rect[2] > rect[0] and rect[3] > rect[1]


def _overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _open(page, base: str, game: str, lang: str) -> None:
    page.goto(f"{base}/?lang={lang}#/learn/{game}")
    page.evaluate("localStorage.removeItem('meeple.learn')")
    page.goto(f"{base}/?lang={lang}#/learn/{game}")
    page.reload()
    page.wait_for_selector("[data-learn-say]")


def _touch_target(page) -> None:
    """Touch the lit element; a picked piece lights the move's own element next, touched in turn."""
    before = page.text_content("[data-learn-count]")
    for _ in range(2):
        target = page.locator("[data-board] .learn-target").first
        if target.get_attribute("data-pick") is None:
            target.click()
            page.wait_for_function("(c) => document.querySelector('[data-learn-count]').textContent !== c", arg=before)
            return
        target.click()
        page.wait_for_selector("[data-board] .learn-target[data-action]")
    raise AssertionError(f"the lit element never became a move at {before}")


def _walk(page, game: str, lang: str, shots: str | None = None) -> int:
    """Walk the whole guided game by the lit element and Continue; check each step's sentence."""
    steps, lesson = 0, scenario(game)
    for k, sentence in _sentences(game, lang):
        page.wait_for_function("(text) => { const s = document.querySelector('[data-learn-say]'); return s && s.textContent === text; }",
                               arg=sentence, timeout=10_000)
        seen = page.evaluate(WALK)
        if seen["target"] is not None:
            assert not _overlap(seen["target"], seen["bubble"]), (k, seen)
            assert page.evaluate(LIT)["lit"] == ("touch" if lesson.steps[k].who == "you" else "look"), k
        if k < len(lesson.steps) and lesson.steps[k].focus:
            assert _drawn(seen["target"]), (k, lesson.steps[k].focus, "the step's focus is not on the board")
        if SHOTS and shots and k in SHOT_STEPS.get(game, ()):
            page.screenshot(path=str(SHOTS / f"{shots}-{k}.png"))
        if seen["real"]:
            break
        if seen["next"]:
            page.click("[data-learn-next]")
        else:
            assert seen["target"] is not None, (k, "no lit element at a step of yours")
            _touch_target(page)
        steps += 1
    assert page.evaluate(WALK)["real"], "the end offers a real game"
    return steps


# by default one tutorial is walked in English at 1280 and one in Chinese on the phone (each walk checks every step's
# sentence; tests/learn replays every scenario through the engine); every game in both languages at both sizes
# runs with the daily tests
WALKED_AT_1280_BY_DEFAULT = {"cube-europe"}
WALKED_ON_THE_PHONE_BY_DEFAULT = {"citadels"}


@pytest.mark.parametrize(("game", "lang"), by_default([(game, lang) for game in available() for lang in ("en", "zh")],
                                                      kept={(game, "en") for game in WALKED_AT_1280_BY_DEFAULT}))
def test_the_guided_game_is_walked_by_touching_only_the_lit_element(server, page, game, lang) -> None:
    if SHOTS:
        SHOTS.mkdir(parents=True, exist_ok=True)
    _open(page, server, game, lang)
    steps = _walk(page, game, lang, shots=f"{game}-{lang}-1280")
    assert steps == len(_sentences(game, lang)) - 1
    page.click("[data-learn-real]")  # the end: a real game starts
    page.wait_for_url("**#/game/*")
    page.wait_for_selector("[data-board]")
    assert page.console_errors == []


def _walk_to(page, action: str) -> None:
    """Walk on (Continue, or the lit element) until the lit element is ``action``'s."""
    lit = f"[data-board] .learn-target[data-action='{action}']"
    for _ in range(40):
        if page.query_selector(lit):
            return
        if page.evaluate(WALK)["next"]:
            count = page.text_content("[data-learn-count]")
            page.click("[data-learn-next]")
            page.wait_for_function("(c) => document.querySelector('[data-learn-count]').textContent !== c", arg=count)
        else:
            _touch_target(page)
    raise AssertionError(f"{action} was never lit")


@pytest.mark.parametrize("game", by_default(sorted(WRONG_TOUCH), kept={"citadels", "gods-playground"}))
def test_a_wrong_touch_is_explained_and_the_step_waits(server, page, game) -> None:
    right, wrong, why_id, nowhere = WRONG_TOUCH[game]
    _open(page, server, game, "en")
    _walk_to(page, right)
    page.click(f"[data-board] [data-action='{wrong}']")  # legal, not the step's: the scenario's explanation
    why = page.wait_for_selector("[data-learn-why='not_now']:not([hidden])")
    assert why.text_content() == i18n.render(why_id, None, "en")
    page.click(f"[data-board] {nowhere}")  # a touch that reaches no move: point at the lit one
    page.wait_for_selector("[data-learn-why='not_there']:not([hidden])")
    assert page.text_content("[data-learn-why]") == i18n.render("web.learn.not_there", None, "en")
    count = page.text_content("[data-learn-count]")
    page.click("[data-board] .learn-target")  # and the right one still plays on
    page.wait_for_function("(c) => document.querySelector('[data-learn-count]').textContent !== c", arg=count)
    assert page.console_errors == []


def test_leaving_and_coming_back_goes_on_where_you_were(server, page) -> None:
    _open(page, server, "cube-europe", "en")
    _walk_to(page, "start D3")  # each Continue waits for its step to be drawn (two quick clicks can hit one button)
    page.goto(f"{server}/?lang=en#/")
    page.wait_for_selector("[data-learn='cube-europe']").click()  # the lobby's Learn link
    page.wait_for_selector("[data-board] .learn-target[data-action='start D3']")
    page.click("[data-lang='zh']")  # the language switch redraws the same step in Chinese
    page.wait_for_function("(text) => document.querySelector('[data-learn-say]').textContent === text",
                           arg=i18n.render("cube-europe.learn.start", None, "zh"))
    assert page.query_selector("[data-board] .learn-target[data-action='start D3']")


@pytest.mark.parametrize(("game", "lang"), by_default([(game, lang) for game in available() for lang in ("en", "zh")],
                                                      kept={(game, "zh") for game in WALKED_ON_THE_PHONE_BY_DEFAULT}))
def test_on_a_phone_the_sentence_never_covers_the_target(server, browser, game, lang) -> None:
    if SHOTS:
        SHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.console_errors = []
    page.on("pageerror", lambda e: page.console_errors.append(str(e)))
    try:
        _open(page, server, game, lang)
        _walk(page, game, lang, shots=f"{game}-{lang}-360")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        assert page.console_errors == []
    finally:
        context.close()


SIZES = {"1280": {"viewport": {"width": 1280, "height": 800}},
         "360": {"viewport": {"width": 360, "height": 740}, "is_mobile": True, "has_touch": True}}


@pytest.mark.parametrize("game", [pytest.param(game, marks=pytest.mark.daily) for game in available()])  # walks check it
def test_every_focus_of_a_step_is_lit_on_the_board_at_both_sizes(server, browser, game) -> None:
    """A step's `focus` (a note's score, a bot's piece) names a part of the board; a phone draws some parts
    differently (God's Playground's VP track is a line of scores there), so each focus is opened at 1280
    and at 360 px, as a player coming back to that step sees it, and must be lit and drawn."""
    lesson = scenario(game)
    focused = [k for k, step in enumerate(lesson.steps) if step.focus and step.shown]
    assert focused, "the scenario has no step with a focus"
    first_move = next(k for k, step in enumerate(lesson.steps) if step.who == "you")
    for size, options in SIZES.items():
        context = browser.new_context(**options)
        page = context.new_page()
        try:
            _open_at(page, server, game, first_move, "en")
            touch = page.evaluate(LIT)
            _lit_as(touch, "touch", "en")
            for k in focused:
                _open_at(page, server, game, k, "en")
                seen = page.evaluate(WALK)
                assert _drawn(seen["target"]), (size, k, lesson.steps[k].focus, "the step's focus is not on the board")
                assert not _overlap(seen["target"], seen["bubble"]), (size, k, seen)
                look = page.evaluate(LIT)  # to look at, not to touch: drawn unlike the move
                _lit_as(look, "look", "en")
                assert look["colour"] != touch["colour"], (size, k, look, touch)
        finally:
            context.close()


def _open_at(page, server: str, game: str, k: int, lang: str) -> None:
    """Open step ``k`` as a player coming back to it does (the step index kept in localStorage); wait for
    its lit element when it has one (a move of yours, a focus)."""
    lesson = scenario(game)
    step = lesson.steps[k]
    page.goto(f"{server}/?lang={lang}#/")  # the lobby (a JSON page would ask for a favicon the server has not),
    page.wait_for_selector("#create")      # drawn before the Learn page is asked for (else it could come after it)
    page.evaluate("(kept) => localStorage.setItem('meeple.learn', kept)", f'{{"{game}": {k}}}')
    page.goto(f"{server}/?lang={lang}#/learn/{game}")
    page.wait_for_function("(text) => { const s = document.querySelector('[data-learn-say]'); return s && s.textContent === text; }",
                           arg=i18n.render(step.say, step.args, lang), timeout=20_000)
    if step.who == "you" or step.focus:
        page.wait_for_selector("[data-board] .learn-target")


# God's Playground's steps: a move of yours (an estate slot, an SVG piece), and notes and dice whose focus is an SVG
# group with a shape (the senate seat), one without (Little Poland's enemy cubes: learn.js frames it) and an HTML
# line (the scores); Citadels' first move and note are HTML cards
LOOK_AND_TOUCH = {"gods-playground": ("estate 2", (34, 66, 79)), "citadels": ("pick king", (28,))}


@pytest.mark.parametrize(("size", "lang"), [("1280", "en"), ("360", "zh")])
def test_a_part_to_look_at_is_lit_unlike_the_move_to_touch(server, browser, size, lang) -> None:
    """The newcomer touched a note's lit part, drawn as the moves are, and nothing happened: a focus is lit to
    look at (a still, dashed teal ring, no pointer, "Look:" before the sentence), a move to touch (the pulsing
    pink ring, the pointer, "Touch:"); touching the part to look at says it is only to look at."""
    context, page = watched_page(browser, SIZES[size])
    try:
        for game, (move, looks) in LOOK_AND_TOUCH.items():
            lesson = scenario(game)
            k = next(k for k, step in enumerate(lesson.steps) if step.who == "you" and step.action == move)
            _open_at(page, server, game, k, lang)
            touch = page.evaluate(LIT)
            _lit_as(touch, "touch", lang)
            for k in looks:
                assert lesson.steps[k].who != "you" and lesson.steps[k].focus, (game, k)
                _open_at(page, server, game, k, lang)
                look = page.evaluate(LIT)
                _lit_as(look, "look", lang)
                assert (look["colour"], look["dashed"]) != (touch["colour"], touch["dashed"]), (game, k, look, touch)
        # touching the part to look at: it says so, and the step stays
        count = page.text_content("[data-learn-count]")
        page.locator("[data-board] .learn-target").click()
        page.wait_for_selector("[data-learn-why='look_only']:not([hidden])")
        assert page.text_content("[data-learn-why]") == i18n.render("web.learn.look_only", None, lang)
        assert page.text_content("[data-learn-count]") == count
        assert page.console_errors == []
    finally:
        context.close()


LOG = """() => {
    const log = document.querySelector('#log');
    const last = log.lastElementChild.getBoundingClientRect(), box = log.getBoundingClientRect();
    return { tag: log.tagName, lines: [...log.children].map((li) => li.textContent), start: log.start,
             newestInSight: last.bottom <= box.bottom + 1 && last.top >= box.top - 1,
             scrolls: log.scrollHeight > log.clientHeight };
}"""


@pytest.mark.parametrize(("size", "lang"), [("1280", "en"), ("360", "zh")])
def test_the_log_is_the_whole_guided_game_numbered_as_in_a_real_game(server, browser, size, lang) -> None:
    """"What happened" is every line of the guided game so far (the newcomer lost the lines a later step
    explained when it kept the last 8, numbered from 1 again): a numbered list from the game's first line, as the
    game page's log, scrolled to the newest line."""
    lesson = scenario("gods-playground")
    k = max(k for k, step in enumerate(lesson.steps) if step.shown)  # the last note: the whole round behind it
    state = position(lesson, k)
    entries = [e.render(lang) for e in state.log if e.visible(lesson.you)]
    context, page = watched_page(browser, SIZES[size])
    try:
        _open_at(page, server, "gods-playground", k, lang)
        seen = page.evaluate(LOG)
        assert seen["tag"] == "OL" and seen["start"] == 1
        assert seen["lines"] == entries and len(entries) > 100
        assert seen["scrolls"] and seen["newestInSight"], seen | {"lines": len(seen["lines"])}
        assert page.console_errors == []
    finally:
        context.close()


CARD_SEEN = """() => {
    const target = document.querySelector('[data-board] .learn-target');
    const card = target.closest('svg').getBoundingClientRect();
    const bar = document.querySelector('[data-learn]').getBoundingClientRect();
    return { card: [card.left, card.top, card.right, card.bottom], bar: [bar.left, bar.top, bar.right, bar.bottom], height: innerHeight };
}"""


def test_on_a_phone_the_lit_target_is_scrolled_in_with_its_card(server, browser) -> None:
    """God's Playground's phone board is a column of cards, each its own drawing with its name at the top: the
    Tatars' treaty button (diplomacy 2) is lit with the whole Tatars card below the sentence bar, name included, not with
    the name scrolled under the bar."""
    lesson = scenario("gods-playground")
    k = next(k for k, step in enumerate(lesson.steps) if step.who == "you" and step.action == "diplomacy 2")
    context = browser.new_context(**SIZES["360"])
    page = context.new_page()
    try:
        page.goto(f"{server}/api/learn")
        page.evaluate("(kept) => localStorage.setItem('meeple.learn', kept)", f'{{"gods-playground": {k}}}')
        page.goto(f"{server}/?lang=zh#/learn/gods-playground")
        page.wait_for_selector("[data-board] .learn-target[data-action='diplomacy 2']")
        seen = page.evaluate(CARD_SEEN)
        assert seen["bar"][3] <= seen["card"][1] and seen["card"][3] <= seen["height"], seen
    finally:
        context.close()
