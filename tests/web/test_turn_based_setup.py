"""The set-up's pace (issue 40): real time or turn-based with a time per move, on a desktop and a phone,
in English and Chinese; the game made says so, and so does the lobby's row."""

from __future__ import annotations

import os
from pathlib import Path

import httpx
import pytest

from .daily import by_default

SHOTS = Path(os.environ["MEEPLE_SCREENSHOTS"]) if os.environ.get("MEEPLE_SCREENSHOTS") else None
VIEWPORTS = {"desktop": {"viewport": {"width": 1280, "height": 800}},
             "phone": {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2, "is_mobile": True,
                       "has_touch": True}}


def _no_overlap(page, selectors: list[str], width: int) -> None:
    """Each control is visible, within the screen's width, at least 32 px tall, and no two overlap."""
    boxes = {}
    for sel in selectors:
        box = page.locator(sel).bounding_box()
        assert box is not None, sel
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (sel, box)
        assert box["height"] >= 32 or sel.startswith("#pace-help"), (sel, box)
        boxes[sel] = box
    names = list(boxes)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            p, q = boxes[a], boxes[b]
            apart = (p["x"] + p["width"] <= q["x"] + 0.5 or q["x"] + q["width"] <= p["x"] + 0.5
                     or p["y"] + p["height"] <= q["y"] + 0.5 or q["y"] + q["height"] <= p["y"] + 0.5)
            assert apart, (a, p, b, q)


@pytest.mark.parametrize("device", by_default(sorted(VIEWPORTS), kept={"phone"}))  # desktop: daily
def test_choosing_turn_based_at_set_up(server: str, browser, device: str) -> None:  # type: ignore[no-untyped-def]
    settings = VIEWPORTS[device]
    width = settings["viewport"]["width"]
    context = browser.new_context(**settings)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(server + "/")
        page.click("[data-setup='kingsburg']")
        page.fill("#players", "2")
        page.dispatch_event("#players", "change")
        page.select_option("#seat-1", "human")  # a friend, invited
        assert page.input_value("#pace") == "realtime" and not page.is_visible("#move-time")
        assert "Everyone plays now" in page.inner_text("#pace-help")
        page.select_option("#pace", "turns")
        assert page.is_visible("#move-time")
        offered = page.eval_on_selector_all("#move-time option", "els => els.map(e => [e.value, e.textContent])")
        assert offered == [["3600", "1 hour"], ["43200", "12 hours"], ["86400", "1 day"], ["172800", "2 days"],
                           ["259200", "3 days"]]
        assert page.input_value("#move-time") == "86400"
        page.select_option("#move-time", "172800")
        assert "2 days for each move" in page.inner_text("#pace-help")
        page.locator(".pace-choice").scroll_into_view_if_needed()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        _no_overlap(page, ["#pace", "#move-time", "#pace-help"], width)
        _no_overlap(page, ["#table", "#seat-1"], width)  # the set-up's other controls are not cut either
        help_box = page.locator("#table-help").bounding_box()
        assert help_box["x"] + help_box["width"] <= width, help_box
        if SHOTS:
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.locator("#setup").screenshot(path=str(SHOTS / f"turn-based-setup-{device}.png"))
        # refereed at one table: real time only
        page.select_option("#table", "device")
        assert page.input_value("#pace") == "realtime" and page.is_disabled("#pace")
        assert not page.is_visible("#move-time")
        page.select_option("#table", "online")
        assert page.is_enabled("#pace")
        page.select_option("#pace", "turns")
        page.select_option("#move-time", "172800")
        page.click("#create")
        page.wait_for_selector(".invites .invite-link")
        gid = page.evaluate("() => document.querySelector('.invites .invite-link').value.split('/join/')[1].split('/')[0]")
        made = httpx.get(f"{server}/api/games/{gid}").json()
        assert (made["game"], made["pace"], made["move_seconds"]) == ("kingsburg", "turns", 172800)
        page.goto(server + "/")
        row = page.locator(f"#your-games [data-game-id='{gid}']")
        row.wait_for()
        assert "turn-based, 2 days per move" in row.inner_text()
        page.locator(f"#your-games [data-game-id='{gid}']").scroll_into_view_if_needed()
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        if SHOTS:
            page.locator("#your-games").screenshot(path=str(SHOTS / f"turn-based-lobby-row-{device}.png"))
        # the board says it too (no deadline yet: the friend has not joined, the clock has not started)
        page.goto(f"{server}/#/game/{gid}")
        badge = page.locator("[data-pace]")
        badge.wait_for()
        assert "turn-based, 2 days per move" in badge.inner_text() and page.locator("[data-deadline]").count() == 0
        box = badge.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, box
        badge.scroll_into_view_if_needed()
        if SHOTS:
            page.screenshot(path=str(SHOTS / f"turn-based-board-{device}.png"))
        assert errors == []
    finally:
        context.close()


def test_the_pace_in_chinese(server: str, page) -> None:  # type: ignore[no-untyped-def]
    page.goto(server + "/?lang=zh")
    page.click("[data-setup='kingsburg']")
    page.select_option("#pace", "turns")
    assert page.eval_on_selector_all("#pace option", "els => els.map(e => e.textContent)") == [
        "实时", "回合制"]
    assert page.eval_on_selector_all("#move-time option", "els => els.map(e => e.textContent)") == [
        "1 小时", "12 小时", "1 天", "2 天", "3 天"]
    assert "每步有 1 天" in page.inner_text("#pace-help") and "web." not in page.inner_text("#setup")
    page.select_option("#move-time", "3600")
    page.click("#create")
    page.wait_for_function("() => location.hash.startsWith('#/game/')")
    gid = page.evaluate("() => decodeURIComponent(location.hash.split('/')[2])")
    made = httpx.get(f"{server}/api/games/{gid}").json()
    assert made["move_seconds"] == 3600
    # the board says the pace, and by when your move is due (the game started: you against bots)
    page.wait_for_selector("[data-pace] [data-deadline]")
    assert "回合制，每步 1 小时" in page.inner_text("[data-pace]") and "前走棋" in page.inner_text("[data-pace]")
    assert float(page.get_attribute("[data-deadline]", "data-deadline")) == made["seats"][0]["deadline"]
    page.goto(server + "/?lang=zh")
    row = page.locator(f"#your-games [data-game-id='{gid}']")
    row.wait_for()
    assert "回合制，每步 1 小时" in row.inner_text()
    assert page.console_errors == []
