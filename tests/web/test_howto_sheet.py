"""The "How to play" sheet on a game page, for every game, in English and Chinese, at 1280 and 360 px wide:
it opens at the section of the current phase (rules.js RULES_SECTIONS, read through the page's own
module), shows the player text in the page's language with real tables and no code, fits the screen,
and its end opens the rules as implemented."""

from __future__ import annotations

import os
from pathlib import Path

import httpx
import pytest

from .play import start_game

SHOTS = Path(os.environ["MEEPLE_SCREENSHOTS"]) if os.environ.get("MEEPLE_SCREENSHOTS") else None
"""Where to write the sheet's screenshots (how-to-play-<game>-<lang>-<width>.png); none on a plain run."""

PLAYERS = {"cube-europe": 1, "citadels": 2, "kingsburg": 2, "versailles": 2, "gods-playground": 3}
TITLES = {"cube-europe": ("Cube Europe", "方块欧洲"), "citadels": ("Citadels", "富饶之城"),
          "kingsburg": ("Kingsburg", "帝王堡"), "versailles": ("Versailles", "凡尔赛"),
          "gods-playground": ("God's Playground", "上帝的游乐场")}
PICTURES = {"cube-europe": "round", "kingsburg": "season"}   # the games with a drawing, and its section


def _game_id(page) -> str:  # type: ignore[no-untyped-def]
    page.wait_for_function("() => location.hash.startsWith('#/game/')")
    return page.evaluate("() => decodeURIComponent(location.hash.split('/')[2])")


def _expected_key(page, server: str, gid: str, game: str) -> str:  # type: ignore[no-untyped-def]
    """The section key rules.js gives the game's phase now (the server's view of the game)."""
    view = httpx.get(f"{server}/api/games/{gid}/spectate").json()
    return page.evaluate("""async ([game, view]) => (await import('/static/js/rules.js')).currentKey(game, view)""",
                         [game, {"observation": view["observation"], "over": bool(view.get("result"))}])


def _check_sheet(page, game: str, lang: str, width: int, key: str) -> None:  # type: ignore[no-untyped-def]
    page.wait_for_selector("#rules-panel[data-document=howto] details[data-current]")
    current = page.locator("#rules-panel details[data-current]")
    assert current.get_attribute("data-key") == key, (game, lang, width)
    assert current.evaluate("(d) => d.open")
    # the current section's heading is on screen, inside the sheet
    sheet = page.locator("#rules-panel").bounding_box()
    summary = page.locator("#rules-panel details[data-current] > summary").bounding_box()
    assert sheet and summary
    assert sheet["x"] >= 0 and sheet["x"] + sheet["width"] <= width + 0.5, (game, lang, width, sheet)
    assert sheet["y"] <= summary["y"] and summary["y"] + summary["height"] <= sheet["y"] + sheet["height"], (game, width)
    # the page is not wider than the screen; the text does not run out of the sheet sideways
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width, (game, lang, width)
    content = page.locator("#rules-panel .rules-content")
    assert content.evaluate("(c) => c.scrollWidth <= c.clientWidth + 1"), (game, lang, width)
    title = page.inner_text("#rules-title")
    assert title.startswith(TITLES[game][0 if lang == "en" else 1]), (game, lang, title)
    text = page.text_content("#rules-panel") or ""
    for code in ("|---", "`", "()", "==", "docs/", ".py", "_"):
        assert code not in text, (game, lang, code)
    assert page.locator("#rules-panel table th").count() >= 1
    assert page.query_selector("#rules-panel script, #rules-panel img, #rules-panel code") is None
    if SHOTS:
        page.screenshot(path=str(SHOTS / f"how-to-play-{game}-{lang}-{width}.png"))


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("game", list(PLAYERS))
def test_the_sheet_opens_at_the_current_phase_on_a_wide_and_a_phone_screen(page, server, game, lang):  # type: ignore[no-untyped-def]
    page.set_viewport_size({"width": 1280, "height": 800})
    start_game(page, server, game, PLAYERS[game], bots="random", lang=lang)
    gid = _game_id(page)
    page.wait_for_selector("#board [data-board]")
    page.wait_for_selector("#actions:not(.busy) button.action")   # your decision: the phase holds still
    key = _expected_key(page, server, gid, game)
    assert key, (game, "no section for the phase")
    page.click("#how-to-play")
    _check_sheet(page, game, lang, 1280, key)
    page.keyboard.press("Escape")
    page.wait_for_selector("#rules-panel", state="hidden")

    page.set_viewport_size({"width": 360, "height": 800})
    page.click("#how-to-play")
    _check_sheet(page, game, lang, 360, key)
    if game in PICTURES:   # a round in pictures, drawn with the board kit from the game's content
        section = PICTURES[game]
        page.click(f"#rules-panel details[data-key={section}] > summary")
        figure = page.locator(f"#rules-panel figure[data-picture={section}] svg")
        box = figure.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360 and box["height"] > 80, box
        if game == "cube-europe":   # the market card's squares, as printed, and the cubes
            squares = page.evaluate("""async () => Object.values((await (await fetch('/content/cube-europe.json')).json()).cards)
                                       .find((c) => c.squares && c.squares.length === 3).squares.map((sq) => sq[0])""")
            faces = figure.evaluate("(svg) => [...svg.querySelectorAll('[data-piece=die]')].map((d) => Number(d.dataset.face))")
            assert all(face in faces for face in squares), (squares, faces)
            assert figure.locator("[data-piece=cube]").count() >= 5
        else:   # Kingsburg: the content's 18 advisors, lit where 6, 6 and 4 reach (the text's example)
            assert figure.locator("[data-advisor]").count() == 18
            lit = figure.evaluate("(svg) => [...svg.querySelectorAll('[data-advisor].lit')].map((a) => Number(a.dataset.advisor))")
            assert sorted(lit) == [4, 6, 10, 12, 16], lit
        if SHOTS:
            figure.scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / f"how-to-play-{game}-{lang}-picture.png"))
    # the end of the text opens the rules as implemented in the sheet, and comes back
    page.click("#rules-panel details[data-key=implementation] > summary")
    page.click("#rules-panel [data-rules-link=implementation]")
    page.wait_for_selector("#rules-panel[data-document=implementation] .rules-section")
    page.click("#rules-panel [data-rules-link=howto]")
    page.wait_for_selector("#rules-panel[data-document=howto] details[data-current]")
    page.keyboard.press("Escape")
    page.wait_for_selector("#rules-panel", state="hidden")
    assert page.console_errors == []
