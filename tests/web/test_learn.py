"""Learn a game by playing it (issue 42) in the browser: the guided first game walked to its end by touching
only the lit element, every step's sentence shown, in both languages; a wrong touch explained; the
"Learn" link of the lobby; the sentence never covering the target at 1280 and 360 px."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from meeple.core import i18n
from meeple.learn import available, scenario, shown_from

from .daily import by_default

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
    for size, options in SIZES.items():
        context = browser.new_context(**options)
        page = context.new_page()
        try:
            for k in focused:
                step = lesson.steps[k]
                page.goto(f"{server}/api/learn")
                page.evaluate("(kept) => localStorage.setItem('meeple.learn', kept)", f'{{"{game}": {k}}}')
                page.goto(f"{server}/?lang=en#/learn/{game}")
                page.wait_for_function("(text) => { const s = document.querySelector('[data-learn-say]'); return s && s.textContent === text; }",
                                       arg=i18n.render(step.say, step.args, "en"), timeout=20_000)
                seen = page.evaluate(WALK)
                assert _drawn(seen["target"]), (size, k, step.focus, "the step's focus is not on the board")
                assert not _overlap(seen["target"], seen["bubble"]), (size, k, seen)
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
