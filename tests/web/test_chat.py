"""The table chat in the browser (issue 40), on a desktop (1280 × 800) and a phone (360 × 800): an English
and a Chinese player exchange a quick phrase (each reads it in their own language) and a line of free
text (shown as typed, never as HTML); a spectator reads both and cannot write; a mute hides a player's
lines and is remembered; nothing is cut off."""

from __future__ import annotations

import os
from pathlib import Path

import httpx
import pytest

from .daily import by_default

SHOTS = Path(os.environ["MEEPLE_SCREENSHOTS"]) if os.environ.get("MEEPLE_SCREENSHOTS") else None
VIEWPORTS = {"desktop": {"viewport": {"width": 1280, "height": 800}},
             "phone": {"viewport": {"width": 360, "height": 800}, "device_scale_factor": 2, "is_mobile": True,
                       "has_touch": True}}
TYPED = "<b>你好</b> & <img src=x onerror=alert(1)> Ann"


def _open(browser, server: str, settings: dict, gid: str, lang: str, seat: int | None = None, token: str | None = None):  # type: ignore[no-untyped-def]
    context = browser.new_context(**settings)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    page.goto(server + "/")
    page.evaluate("""([gid, seat, token, lang]) => {
        if (token) localStorage.setItem('meeple.seats', JSON.stringify({[gid]: {seat, token}}));
        localStorage.setItem('meeple.lang', lang);
    }""", [gid, seat, token, lang])
    page.goto(f"{server}/?lang={lang}#/game/{gid}")
    page.wait_for_selector("#chat")
    page.wait_for_function("() => document.querySelector('#status') && !/onnect/.test(document.querySelector('#status').textContent)")
    return context, page


def _line_texts(page) -> list[str]:  # type: ignore[no-untyped-def]
    return page.eval_on_selector_all("#chat-lines .chat-text", "els => els.map(e => e.textContent)")


def _within(page, selectors: list[str], width: int) -> None:  # type: ignore[no-untyped-def]
    """Every element matched that is shown is on the screen's width, none cut off at the right."""
    for sel in selectors:
        for box in [el.bounding_box() for el in page.query_selector_all(sel) if el.is_visible()]:
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (sel, box)
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("device", by_default(sorted(VIEWPORTS), kept={"phone"}))  # desktop: daily
def test_two_players_and_a_spectator_chat_in_two_languages(server: str, browser, device: str) -> None:  # type: ignore[no-untyped-def]
    settings = VIEWPORTS[device]
    width = settings["viewport"]["width"]
    made = httpx.post(f"{server}/api/games", json={"game": "kingsburg", "players": 2, "player_name": "Ann",
                                                   "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
    gid = made["id"]
    joined = httpx.post(f"{server}/api/games/{gid}/join",
                        json={"seat": 1, "invite": made["invites"][0]["code"], "name": "Wei"}).json()
    pages = []
    try:
        ctx_en, en = _open(browser, server, settings, gid, "en", 0, made["token"])
        ctx_zh, zh = _open(browser, server, settings, gid, "zh", 1, joined["token"])
        ctx_spec, spec = _open(browser, server, settings, gid, "en")
        pages = [(ctx_en, en), (ctx_zh, zh), (ctx_spec, spec)]
        # the quick phrases, each in the page's language
        en.wait_for_selector("#chat [data-phrase='good_game']")
        assert en.inner_text("#chat [data-phrase='good_game']") == "Good game!"
        assert zh.inner_text("#chat [data-phrase='good_game']") == "精彩的一局！"
        assert en.is_visible("#chat-empty, .chat-empty")
        # Ann (English) greets; Wei reads it in Chinese
        en.click("#chat [data-phrase='hello']")
        zh.wait_for_function("() => document.querySelectorAll('#chat-lines .chat-line').length === 1")
        assert _line_texts(zh) == ["你好！"]
        en.wait_for_function("() => document.querySelectorAll('#chat-lines .chat-line').length === 1")
        assert _line_texts(en) == ["Hello!"]
        assert en.inner_text("#chat-lines .chat-author") == "Red (you):"
        assert zh.inner_text("#chat-lines .chat-author") == "红方 · Ann（游客）："
        # Wei answers with a quick phrase and a line of his own: the text exactly as typed, never HTML
        zh.click("#chat [data-phrase='good_luck']")
        zh.fill("#chat-input", TYPED)
        zh.press("#chat-input", "Enter")
        en.wait_for_function("() => document.querySelectorAll('#chat-lines .chat-line').length === 3")
        assert _line_texts(en) == ["Hello!", "Good luck!", TYPED]
        zh.wait_for_function("() => document.querySelector('#chat-input').value === ''")  # cleared once acknowledged
        assert _line_texts(zh) == ["你好！", "祝你好运！", TYPED]
        assert en.query_selector("#chat-lines b, #chat-lines img") is None
        assert "Wei" in en.inner_text("#chat-lines .chat-line:last-child .chat-author")
        # the spectator reads everything and cannot write
        spec.wait_for_function("() => document.querySelectorAll('#chat-lines .chat-line').length === 3")
        assert _line_texts(spec) == ["Hello!", "Good luck!", TYPED]
        assert not spec.is_visible("#chat-input") and not spec.is_visible("#chat [data-phrase]")
        assert spec.is_visible(".chat-note")
        # Ann mutes Wei: his lines disappear (hers stay), and the mute is remembered after a reload
        en.click("#chat [data-mute='1']")
        assert _line_texts(en) == ["Hello!"]
        assert en.get_attribute("#chat [data-mute='1']", "aria-pressed") == "true"
        zh.click("#chat [data-phrase='thanks']")
        spec.wait_for_function("() => document.querySelectorAll('#chat-lines .chat-line').length === 4")
        en.wait_for_timeout(300)
        assert _line_texts(en) == ["Hello!"]
        en.reload()
        en.wait_for_selector("#chat [data-mute='1'][aria-pressed='true']")
        en.wait_for_timeout(500)
        assert _line_texts(en) == ["Hello!"]
        # nothing is cut off; the pictures of each page's chat
        if SHOTS:
            SHOTS.mkdir(parents=True, exist_ok=True)
        for name, page in (("en-muted", en), ("zh", zh), ("spectator", spec)):
            page.locator("#chat").scroll_into_view_if_needed()
            _within(page, ["#chat", "#chat-lines .chat-line", "#chat [data-phrase]", "#chat [data-mute]",
                           "#chat-input", "#chat-send"], width)
            if SHOTS:
                page.locator("#chat").screenshot(path=str(SHOTS / f"chat-{device}-{name}.png"))
        if device == "desktop":
            if SHOTS:
                zh.screenshot(path=str(SHOTS / f"chat-{device}-zh-page.png"))
        # unmuted: Wei's lines are back
        en.click("#chat [data-mute='1']")
        assert _line_texts(en) == ["Hello!", "Good luck!", TYPED, "Thanks!"]
        assert en.get_attribute("#chat [data-mute='1']", "aria-pressed") == "false"
        # a line too long is refused with the reason, in the page's language, and nothing is stored
        zh.evaluate("() => { document.querySelector('#chat-input').removeAttribute('maxlength'); }")
        zh.fill("#chat-input", "长" * 301)
        zh.click("#chat-send")
        zh.wait_for_selector(".toast")
        assert "300" in zh.inner_text(".toast")
        assert len(httpx.get(f"{server}/api/games/{gid}/chat").json()["lines"]) == 4
        # nothing in the chat was a move
        assert httpx.get(f"{server}/api/games/{gid}").json()["seq"] == 0
        for _, page in pages:
            assert page.errors == [], page.errors
    finally:
        for context, _ in pages:
            context.close()


def test_the_replay_shows_the_lines_said_up_to_its_step(browser, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A game closed (abandoned) after a line at its start and one after its first move: the replay shows
    each from its step on, a phrase in the page's language, and leaves a muted seat's lines out."""
    import asyncio
    import time

    from meeple.server import Settings

    from .conftest import serve, web_app

    app = web_app(tmp_path / "meeple.db")
    with serve(app) as base:
        made = httpx.post(f"{base}/api/games", json={"game": "kingsburg", "players": 2,
                                                     "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
        gid = made["id"]
        joined = httpx.post(f"{base}/api/games/{gid}/join", json={"seat": 1, "invite": made["invites"][0]["code"]}).json()
        tokens = [made["token"], joined["token"]]
        say = lambda seat, **body: httpx.post(f"{base}/api/games/{gid}/chat", json=body,  # noqa: E731
                                              headers={"Authorization": f"Bearer {tokens[seat]}"})
        assert say(0, phrase="good_luck").status_code == 201
        view = httpx.get(f"{base}/api/games/{gid}/view", headers={"Authorization": f"Bearer {tokens[0]}"}).json()
        mover = 0 if view["your_turn"] else 1
        view = httpx.get(f"{base}/api/games/{gid}/view", headers={"Authorization": f"Bearer {tokens[mover]}"}).json()
        r = httpx.post(f"{base}/api/games/{gid}/actions", headers={"Authorization": f"Bearer {tokens[mover]}"},
                       json={"seq": view["seq"], "action": view["legal"][0]["action"]})
        assert r.status_code == 200, r.text
        assert say(1, text="my move next").status_code == 201
        hub = app.state.hub
        later = time.time() + Settings().abandon_after + 1000
        assert asyncio.run_coroutine_threadsafe(hub.close_abandoned(later), hub.loop).result(30) == [gid]
        context = browser.new_context(viewport={"width": 360, "height": 800})
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        try:
            page.goto(f"{base}/?lang=zh#/replay/{gid}")
            page.wait_for_selector("#chat .chat-line")
            page.wait_for_function("() => document.querySelectorAll('#chat-lines .chat-line').length === 2")
            assert _line_texts(page) == ["祝你好运！", "my move next"]  # the last step: everything said
            page.locator(".replay-controls button").first.click()  # to the start
            page.wait_for_function("() => document.querySelectorAll('#chat-lines .chat-line').length === 1")
            assert _line_texts(page) == ["祝你好运！"]  # step 0: only what was said before the first move
            assert page.evaluate("document.documentElement.scrollWidth") <= 360
            if SHOTS:
                SHOTS.mkdir(parents=True, exist_ok=True)
            if SHOTS:
                page.locator("#chat").screenshot(path=str(SHOTS / "chat-replay-phone-zh.png"))
            page.evaluate("(gid) => localStorage.setItem('meeple.chat.muted', JSON.stringify({[gid]: [0]}))", gid)
            page.reload()
            page.wait_for_selector("#chat .chat-line")
            assert _line_texts(page) == ["my move next"]  # seat 0 muted here too
            assert errors == []
        finally:
            context.close()
