"""The "How to play" sheet on a game page, for every game, in English and Chinese, at 1280 and 360 px wide:
it opens at the section of the current phase (rules.js RULES_SECTIONS, read through the page's own
module), shows the player text in the page's language with real tables and no code, fits the screen,
shows every drawing its text asks for ("a round in pictures", issue 41) drawn from the game's content
and fitting the screen, and its end opens the rules as implemented."""

from __future__ import annotations

import os
from pathlib import Path

import httpx
import pytest

from meeple.core import i18n

from .daily import by_default
from .play import start_game
from .test_howto_text import pictures_in, text

SHOTS = Path(os.environ["MEEPLE_SCREENSHOTS"]) if os.environ.get("MEEPLE_SCREENSHOTS") else None
"""Where to write the sheet's screenshots (how-to-play-<game>-<lang>-<width>.png); none on a plain run."""

PLAYERS = {"cube-europe": 1, "citadels": 2, "kingsburg": 2, "versailles": 2, "gods-playground": 3}
TITLES = {"cube-europe": ("Cube Europe", "方块欧洲"), "citadels": ("Citadels", "富饶之城"),
          "kingsburg": ("Kingsburg", "帝王堡"), "versailles": ("Versailles", "凡尔赛"),
          "gods-playground": ("God's Playground", "上帝的游乐场")}


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


def _open_section(page, key: str) -> None:  # type: ignore[no-untyped-def]
    """Open the sheet's section ``key`` and the sections around it, by their headings (an open one is left open)."""
    keys = page.eval_on_selector(f"#rules-panel details[data-key={key}]", """(d) => {
        const keys = [];
        for (let s = d; s; s = s.parentElement.closest('details')) keys.unshift(s.dataset.key);
        return keys; }""")
    for k in keys:
        if not page.eval_on_selector(f"#rules-panel details[data-key={k}]", "(d) => d.open"):
            page.click(f"#rules-panel details[data-key={k}] > summary")


def _faces(figure, what: str) -> list:  # type: ignore[no-untyped-def]
    return figure.evaluate(f"(svg) => [...svg.querySelectorAll('{what}')].map((d) => Number(d.dataset.face || d.dataset.rank))")


def _attrs(figure, what: str, attr: str) -> list:  # type: ignore[no-untyped-def]
    return figure.evaluate(f"(svg) => [...svg.querySelectorAll('{what}')].map((d) => d.getAttribute('{attr}'))")


def _check_drawing(page, game: str, name: str, figure) -> None:  # type: ignore[no-untyped-def]
    """What each drawing shows is the game's content (fetched as the page fetches it)."""
    content = page.evaluate(f"async () => (await fetch('/content/{game}.json')).json()")
    if (game, name) == ("cube-europe", "round"):   # the market card's squares, as printed, and the cubes
        squares = next(c["squares"] for c in content["cards"].values() if len(c.get("squares", [])) == 3)
        assert all(face in _faces(figure, "[data-piece=die]") for face, _colour in squares), squares
        assert figure.locator("[data-piece=cube]").count() >= 5
    elif (game, name) == ("kingsburg", "season"):   # the content's 18 advisors, lit where 6, 6 and 4 reach
        assert figure.locator("[data-advisor]").count() == len([n for n in content["advisors"] if int(n) > 0]) == 18
        lit = figure.evaluate("(svg) => [...svg.querySelectorAll('[data-advisor].lit')].map((a) => Number(a.dataset.advisor))")
        assert sorted(lit) == [4, 6, 10, 12, 16], lit
    elif (game, name) == ("citadels", "draft"):   # 4 players: the content's face-up cards aside (never the King)
        up = _faces(figure, ".aside[data-rank]")
        assert len(up) == content["face_up_aside"]["4"] and content["characters"]["king"]["rank"] not in up, up
        assert figure.locator(".aside [data-face=down]").count() == 1
        assert figure.locator(".handed[data-rank]").count() == 4 + 1
        assert figure.locator(".passed[data-face=down], .passed [data-face=down]").count() == 4
    elif (game, name) == ("citadels", "call"):   # the eight characters in rank order
        assert _faces(figure, "[data-rank]") == list(range(1, 9))
    elif (game, name) == ("citadels", "turn"):   # the gold of a turn; the district built, its cost in coins paid
        built = _attrs(figure, ".built[data-district]", "data-district")
        assert len(built) == 1 and figure.locator("[data-step='2'] [data-piece=coin]").count() == content["districts"][built[0]]["cost"]
        assert figure.locator("[data-step='1'] [data-piece=coin]").count() == content["turn_gold"]
    elif (game, name) == ("versailles", "turn"):   # the ring: every location and arrow of the content
        assert _attrs(figure, "[data-location]", "data-location") == content["locations"]
        assert figure.locator(".howto-ring").count() == len(content["arrows"])
        assert _attrs(figure, ".howto-place.active", "data-location") == ["gm"]
    elif (game, name) == ("versailles", "build"):   # the tile's workers; the new tile's edge meets a like edge
        tile = content["tiles"][int(_attrs(figure, ".howto-tile.new", "data-tile")[0])]
        built = content["tiles"][int(_attrs(figure, ".howto-tile.built", "data-tile")[0])]
        assert figure.locator("[data-step='1'] [data-piece=meeple]").count() == tile["workers"]
        assert built["edges"][1] == tile["edges"][3]
    elif (game, name) == ("gods-playground", "nobles"):   # the token's number of cubes; the camp's highest lit
        token = int(figure.locator("[data-step='2'] [data-piece=token]").text_content() or "")
        assert token in content["noble_tokens"] and figure.locator("[data-step='2'] [data-piece=cube]").count() == token
        camp = [int(t) for t in figure.locator("[data-step='3'] [data-piece=token]").all_text_contents()]
        assert len(camp) == 3 and all(t in content["noble_tokens"] for t in camp), camp
    elif (game, name) == ("gods-playground", "battle"):   # hit, miss or rout by the content's hit numbers
        rolls = figure.evaluate("(svg) => [...svg.querySelectorAll('[data-unit]')].map((g) => [g.dataset.unit,"
                                " Number(g.querySelector('[data-piece=die]').dataset.face), g.dataset.outcome])")
        assert rolls and {outcome for _u, _f, outcome in rolls} == {"hit", "miss", "rout"}, rolls
        for unit, face, outcome in rolls:
            assert outcome == ("rout" if face == 1 else "hit" if face >= content["hit_on"][unit] else "miss"), rolls
    else:
        raise AssertionError(f"no check for {game}'s drawing {name!r}")


def _check_pictures(page, game: str, lang: str, width: int) -> None:  # type: ignore[no-untyped-def]
    """Issue 41: every drawing the text asks for is in its section, drawn from the content, and fits the
    sheet on a screen ``width`` px wide (no sideways scroll); called with the sheet open."""
    for section, name in pictures_in(text(game, lang)):
        _open_section(page, section)
        figure = page.locator(f"#rules-panel details[data-key={section}] figure[data-picture={name}] svg")
        figure.scroll_into_view_if_needed()
        box = figure.bounding_box()
        sheet = page.locator("#rules-panel").bounding_box()
        assert box and sheet and box["height"] > 80, (game, name, box)
        assert sheet["x"] <= box["x"] and box["x"] + box["width"] <= min(width, sheet["x"] + sheet["width"]), (game, name, box, sheet)
        assert figure.locator("[data-piece]").count() >= 5, (game, name)
        _check_drawing(page, game, name, figure)
        assert page.evaluate("document.scrollingElement.scrollWidth") <= width, (game, lang, name)
        assert page.locator("#rules-panel .rules-content").evaluate("(c) => c.scrollWidth <= c.clientWidth + 1"), (game, name)
        if SHOTS:
            page.screenshot(path=str(SHOTS / f"how-to-play-{game}-{lang}-{name}-{width}.png"))


# two games by default, one per language (tests/web/test_howto_text.py reads every game's text in both), the rest daily
@pytest.mark.parametrize(("game", "lang"), by_default(
    [(game, lang) for game in PLAYERS for lang in ("en", "zh")],
    kept={("citadels", "en"), ("gods-playground", "zh")}))
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
    _check_pictures(page, game, lang, 1280)
    page.keyboard.press("Escape")
    page.wait_for_selector("#rules-panel", state="hidden")

    page.set_viewport_size({"width": 360, "height": 800})
    page.click("#how-to-play")
    _check_sheet(page, game, lang, 360, key)
    _check_pictures(page, game, lang, 360)
    # the end of the text opens the rules as implemented in the sheet, and comes back
    page.click("#rules-panel details[data-key=implementation] > summary")
    assert page.text_content("#rules-panel [data-rules-link=implementation]") == i18n.render("web.endgame.rules_technical", None, lang)
    page.click("#rules-panel [data-rules-link=implementation]")
    page.wait_for_selector("#rules-panel[data-document=implementation] .rules-section")
    page.click("#rules-panel [data-rules-link=howto]")
    page.wait_for_selector("#rules-panel[data-document=howto] details[data-current]")
    page.keyboard.press("Escape")
    page.wait_for_selector("#rules-panel", state="hidden")
    assert page.console_errors == []


def test_gods_playgrounds_sheet_opens_at_the_special_actions_and_at_the_expansion(page, server):  # type: ignore[no-untyped-def]
    """Phase 8 opens "Special actions"; phases 12-14 (the last royal battles, the spill, the estates lost) open
    "Enemies expanding", so the spill can be foreseen when the royal army is aimed (issue 42)."""
    page.goto(server)
    keys = page.evaluate("""async () => { const r = await import('/static/js/rules.js');
        return [0, 2, 8, 11, 12, 13, 14, 15].map((phase) => r.currentKey('gods-playground', { observation: { phase } })); }""")
    assert keys == ["setup", "round", "special", "round", "expansion", "expansion", "expansion", "round"]
    for lang in ("en", "zh"):
        text = (Path(__file__).resolve().parents[2] / f"meeple/web/static/howto/gods-playground.{lang}.md").read_text()
        assert "{#special}" in text and "{#expansion}" in text


LINK = """async (game) => {
    const rules = await import('/static/js/rules.js');
    const lang = document.documentElement.lang.startsWith('zh') ? 'zh' : 'en';
    const text = await (await fetch(`/static/howto/${game}.${lang}.md`)).text();
    const doc = rules.renderRules(text, null);
    const box = document.createElement('div');
    box.append(...doc.sections);
    const links = [...box.querySelectorAll('[data-rules-link=implementation]')];
    return links.map((a) => a.textContent);
}"""


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_link_to_the_rules_as_implemented_says_it_is_technical(page, server, lang):  # type: ignore[no-untyped-def]
    """The sheet's last link opens developer text (the engine's choices, seeds, code names): a newcomer opened it
    thinking it was for players. In every game it is labelled as what it is, the same words in each."""
    page.goto(f"{server}/?lang={lang}")
    page.wait_for_selector("#create")
    label = i18n.render("web.endgame.rules_technical", None, lang)
    assert ("developers" in label and "technical" in label) if lang == "en" else ("开发者" in label and "技术" in label)
    for game in PLAYERS:
        assert page.evaluate(LINK, game) == [label], (game, lang)
    assert page.console_errors == []
