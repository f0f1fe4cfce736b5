"""Screenshots of every guided game ("Learn", issue 42) at its first shown step, a middle step of yours and
its last shown step, at 1280 × 800 and on a 360 × 800 phone, in English and Chinese: the set a person looks
at before calling a tutorial done.

Each step is opened as a player coming back to it would see it: the browser keeps the step index in
localStorage (`meeple.learn`), so the page is loaded with that index set and draws the step as it does
after a walk (the walk itself, touching the lit element, is tests/web/test_learn.py). Before each
photograph the tool checks that the sentence shown is the step's own and, at a step of yours, that the lit
element is there; it prints a warning when the lit element is missing, off the screen or under the sentence.

    python tools/learn_screenshots.py                       # all tutorials into docs/screenshots/learn
    python tools/learn_screenshots.py --game citadels --lang zh --out /tmp/shots

Needs Chromium (apt-get install chromium) and Playwright, as the browser tests do.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import typer

sys.path.insert(0, str(Path(__file__).resolve().parent))
from board_screenshots import CHROMIUM, _server  # the same local server and browser

CONTEXTS = {
    "1280": {"viewport": {"width": 1280, "height": 800}, "device_scale_factor": 1},
    "360": {"viewport": {"width": 360, "height": 800}, "device_scale_factor": 1, "is_mobile": True, "has_touch": True},
}
QUALITY = 50
"""JPEG quality: all 60 images weigh about 4 MB at 50 (4.5 MB at 60, 5 MB at 70); the text stays readable."""
SEEN = """() => {
    const bubble = document.querySelector('[data-learn]');
    const target = document.querySelector('[data-board] .learn-target');
    const rect = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    return { target: target ? rect(target) : null, bubble: rect(bubble), screen: [innerWidth, innerHeight] };
}"""


def moments(game: str) -> dict[str, int]:
    """The steps photographed: the first shown step, the step of yours nearest the middle of the shown
    steps, and the last shown step before the end ("play a real game")."""
    from meeple.learn import scenario, shown_from

    lesson = scenario(game)
    shown, k = [], shown_from(lesson, 0)
    while k < len(lesson.steps):
        shown.append(k)
        k = shown_from(lesson, k + 1)
    yours = [i for i, k in enumerate(shown) if lesson.steps[k].who == "you"]
    middle = min(yours, key=lambda i: (abs(i - (len(shown) - 1) / 2), i))
    return {"first": shown[0], "middle": shown[middle], "last": shown[-1]}


def _problems(seen: dict, lit: bool) -> list[str]:
    """What a reader of the screen would miss: the lit element absent, off the screen, or under the sentence."""
    target, bubble, (width, height) = seen["target"], seen["bubble"], seen["screen"]
    if target is None:
        return ["nothing is lit"] if lit else []
    if target[2] <= 0 or target[3] <= 0 or target[0] >= width or target[1] >= height:
        return ["the lit element is off the screen"]
    if target[0] < bubble[2] and bubble[0] < target[2] and target[1] < bubble[3] and bubble[1] < target[3]:
        return ["the sentence covers the lit element"]
    return []


def _shoot(page, base: str, path: Path, game: str, lang: str, k: int, quality: int) -> None:
    """Open step ``k`` of ``game`` in ``lang``, check it is that step, and save the screen to ``path``."""
    from meeple.core import i18n
    from meeple.learn import scenario

    step = scenario(game).steps[k]
    page.goto(f"{base}/api/learn")  # the site's origin without its page, whose own start could race the next
    page.evaluate("(kept) => localStorage.setItem('meeple.learn', kept)", json.dumps({game: k}))
    page.goto(f"{base}/?lang={lang}#/learn/{game}")  # a fresh page, which opens the guided game at the kept step
    page.wait_for_function("(text) => { const s = document.querySelector('[data-learn-say]'); return s && s.textContent === text; }",
                           arg=i18n.render(step.say, step.args, lang), timeout=20_000)
    if step.who == "you":
        page.wait_for_selector("[data-board] .learn-target", state="attached")
    page.wait_for_timeout(600)  # fonts, the scroll to the lit element
    seen = page.evaluate(SEEN)
    for problem in _problems(seen, step.who == "you" or bool(step.focus)):
        print(f"warning: {path.name} (step {k}): {problem}", file=sys.stderr)
    page.screenshot(path=str(path), type="jpeg", quality=quality)


def main(game: list[str] = typer.Option(None, help="tutorials to photograph (default: all)"),
         lang: list[str] = typer.Option(["en", "zh"], help="languages"),
         out: Path = typer.Option(Path("docs/screenshots/learn"), help="folder for the JPEG files"),
         quality: int = typer.Option(QUALITY, help="JPEG quality")) -> None:
    from playwright.sync_api import sync_playwright

    from meeple.learn import available

    out.mkdir(parents=True, exist_ok=True)
    with _server() as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        for size, options in CONTEXTS.items():
            context = browser.new_context(**options)
            page = context.new_page()
            for game_id in game or available():
                for moment, k in moments(game_id).items():
                    for language in lang:
                        path = out / f"{game_id}-{size}-{language}-{moment}.jpg"
                        _shoot(page, base, path, game_id, language, k, quality)
                        print(path)
            context.close()
        browser.close()


if __name__ == "__main__":
    typer.run(main)
