""""Waiting for you" and invites by name in the browser (issue 40, parts 2 and 4), at 1280 × 800 and 360 ×
800: Ann sets up a turn-based Kingsburg game and invites Bob by name (no link to copy); Bob's lobby lists
the invitation first, with the count in the tab's title and a badge on its icon; he accepts and takes
the seat; then Ann's lobby lists the game as her move, with its deadline. Bob turns notifications on
(with a click: nothing is asked on load) and a new invitation notifies him while his tab is hidden.
Nothing is cut off on a phone."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from .daily import by_default
from .play import watched_page

SHOTS = Path(os.environ["MEEPLE_SCREENSHOTS"]) if os.environ.get("MEEPLE_SCREENSHOTS") else None
PASSWORD = "correct horse battery"
VIEWPORTS = {"desktop": {"viewport": {"width": 1280, "height": 800}},
             "phone": {"viewport": {"width": 360, "height": 800}, "device_scale_factor": 2, "is_mobile": True,
                       "has_touch": True}}

# A stand-in for the browser's Notification API (headless Chromium has none to click through): it
# records what would be shown, and whether permission was ever asked. `document.hidden` follows
# `window.__hidden`, so a test can hide the tab.
FAKE_NOTIFICATIONS = """
window.__notes = []; window.__asked = 0; window.__hidden = false;
class FakeNotification {
  constructor(title, options) { window.__notes.push([title, (options || {}).body || ""]); }
  close() {}
}
FakeNotification.permission = "default";
FakeNotification.requestPermission = () => { window.__asked += 1; FakeNotification.permission = "granted"; return Promise.resolve("granted"); };
window.Notification = FakeNotification;
Object.defineProperty(document, "hidden", { configurable: true, get: () => window.__hidden });
"""


def _page(browser, device: str):  # type: ignore[no-untyped-def]
    return watched_page(browser, VIEWPORTS[device], FAKE_NOTIFICATIONS)


def _sign_up(page, base: str, name: str) -> None:  # type: ignore[no-untyped-def]
    page.goto(base + "/#/signin")
    page.wait_for_selector("#account-form")
    page.fill("#account-name", name)
    page.fill("#account-password", PASSWORD)
    page.click("#sign-up")
    page.wait_for_selector("#me-link")


def _fits(page, selector: str, width: int) -> None:  # type: ignore[no-untyped-def]
    """Every element matching ``selector`` lies within the screen's width; the page does not scroll sideways."""
    for box in [el.bounding_box() for el in page.query_selector_all(selector)]:
        if box is None:
            continue
        assert box["x"] >= -0.5 and box["x"] + box["width"] <= width + 0.5, (selector, box)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width


def _refresh(page) -> None:  # type: ignore[no-untyped-def]
    """Ask the server now (the page itself asks every 60 s and when it becomes visible)."""
    page.evaluate("() => import('/static/js/waiting.js').then((m) => m.refreshWaiting())")


@pytest.mark.parametrize("device", by_default(sorted(VIEWPORTS), kept={"phone"}))  # desktop: daily
def test_invite_by_name_accept_and_waiting_for_you(server: str, browser, device: str) -> None:  # type: ignore[no-untyped-def]
    width = VIEWPORTS[device]["viewport"]["width"]
    ann_name, bob_name = f"Ann {device}", f"Bob {device}"
    if SHOTS:
        SHOTS.mkdir(parents=True, exist_ok=True)
    ann_ctx, ann = _page(browser, device)
    bob_ctx, bob = _page(browser, device)
    try:
        _sign_up(bob, server, bob_name)
        _sign_up(ann, server, ann_name)
        # Ann sets up a turn-based two-player Kingsburg game with a person's free seat
        ann.goto(server + "/")
        ann.wait_for_selector("#create")
        assert ann.evaluate("() => window.__asked") == 0  # nothing asked on load
        ann.click("[data-setup='kingsburg']")
        ann.fill("#players", "2")
        ann.dispatch_event("#players", "change")
        ann.select_option("#seat-1", "human")
        ann.select_option("#pace", "turns")
        ann.click("#create")
        ann.wait_for_selector("form.invite-by-name")
        assert ann.query_selector(".invites .invite-link") is not None  # the links stay, for guests
        ann.fill("form.invite-by-name .invite-name", "nobody at all")
        ann.click("form.invite-by-name .invite-send")
        ann.wait_for_selector(".invite-problem:has-text('no such player')")
        ann.fill("form.invite-by-name .invite-name", bob_name.lower())  # any case
        ann.click("form.invite-by-name .invite-send")
        ann.wait_for_selector(f".invited [data-invited='{bob_name}']")
        assert ann.query_selector(".invites [data-link-seat='1']") is None  # its link is refused meanwhile: gone
        ann.locator("form.invite-by-name").scroll_into_view_if_needed()
        _fits(ann, "form.invite-by-name input, form.invite-by-name button, .invited li", width)
        if SHOTS:
            ann.screenshot(path=str(SHOTS / f"invite-by-name-{device}.png"))
        gid = ann.evaluate("() => document.querySelector('form.invite-by-name').dataset.inviteForm")

        # Bob's lobby: the invitation first, the count in the title and on the icon
        bob.goto(server + "/")
        bob.wait_for_selector(f"#waiting [data-invite] [data-accept]")
        assert bob.evaluate("() => document.querySelector('#main').firstElementChild.id") == "waiting"
        bob.wait_for_function("() => document.title === '(1) meeple'")
        assert bob.evaluate("() => document.querySelector(\"link[rel~='icon']\").dataset.count") == "1"
        assert bob.evaluate("() => document.querySelector(\"link[rel~='icon']\").href.startsWith('data:image/png')")
        text = bob.inner_text("#waiting")
        assert f"{ann_name} invites you to Kingsburg" in text and "turn-based, 1 day per move" in text
        assert bob.query_selector("#waiting .invite-link") is None  # no link to copy
        # the seat is kept for him: the lobby offers it to nobody else
        assert bob.query_selector(f'#open-games [data-game-id="{gid}"]') is None
        _fits(bob, "#waiting button, #waiting a, #waiting .what", width)
        if SHOTS:
            bob.screenshot(path=str(SHOTS / f"waiting-invite-{device}.png"))
        bob.click(f"#waiting [data-accept]")
        bob.wait_for_function(f"() => location.hash === '#/game/{gid}'")
        bob.wait_for_selector(".seat-chips .chip.me")
        assert bob_name in bob.inner_text(".seat-chips")
        bob.wait_for_function("() => document.title === 'meeple'")

        # Ann's lobby: the game is her move now (seat 0 starts), with its deadline
        ann.goto(server + "/")
        ann.wait_for_selector(f"#waiting [data-waiting='{gid}']")
        ann.wait_for_function("() => document.title === '(1) meeple'")
        row = ann.inner_text(f"#waiting [data-waiting='{gid}']")
        assert "Your move" in row and "move by" in row
        assert "null" not in ann.inner_text("#waiting") and "undefined" not in ann.inner_text("#waiting")
        assert ann.query_selector(f"#waiting [data-waiting='{gid}'] [data-deadline]") is not None
        _fits(ann, "#waiting button, #waiting a, #waiting .what", width)
        if SHOTS:
            ann.screenshot(path=str(SHOTS / f"waiting-your-move-{device}.png"), full_page=False)

        # Bob allows notifications with the button, hides his tab; a new invitation notifies him
        bob.goto(server + "/")
        bob.wait_for_selector("#waiting #notify-toggle")
        assert bob.evaluate("() => window.__asked") == 0
        bob.click("#waiting #notify-toggle")
        bob.wait_for_selector("#waiting #notify-toggle[aria-pressed='true']")
        assert bob.evaluate("() => window.__asked") == 1
        _refresh(bob)
        bob.evaluate("() => { window.__hidden = true; }")
        ann.goto(server + "/")
        ann.click("[data-setup='kingsburg']")
        ann.fill("#players", "2")
        ann.dispatch_event("#players", "change")
        ann.select_option("#seat-1", "human")
        ann.click("#create")
        ann.wait_for_selector("form.invite-by-name .chip.opponent")  # Bob is a recent opponent now
        ann.click(f"form.invite-by-name .chip.opponent[data-opponent='{bob_name}']")
        ann.click("form.invite-by-name .invite-send")
        ann.wait_for_selector(f".invited [data-invited='{bob_name}']")
        _refresh(bob)
        bob.wait_for_function("() => window.__notes.length === 1")
        assert bob.evaluate("() => window.__notes[0][0]") == f"{ann_name} invites you to Kingsburg"
        # the one 404 is the unknown name Ann typed ("no such player"), which the browser logs
        assert [e for e in ann.console_errors if "status of 404" not in e] == [] and len(ann.console_errors) <= 1
        assert bob.console_errors == []
    finally:
        ann_ctx.close()
        bob_ctx.close()


def test_the_game_page_invites_by_name_in_chinese(server: str, browser) -> None:  # type: ignore[no-untyped-def]
    context, page = _page(browser, "phone")
    try:
        _sign_up(page, server, "Cleo zh")
        page.goto(server + "/?lang=zh")
        page.wait_for_selector("#create")
        page.click("[data-setup='kingsburg']")
        page.fill("#players", "3")
        page.dispatch_event("#players", "change")
        page.select_option("#seat-1", "human")
        page.select_option("#seat-2", "human")
        page.click("#create")
        page.wait_for_selector("#go-to-game")
        page.click("#go-to-game")
        page.wait_for_selector("#invite-box form.invite-by-name")
        assert "按名字邀请玩家" in page.inner_text("#invite-box")
        assert page.query_selector("#invite-box select.invite-seat") is not None  # two free seats: choose
        page.fill("#invite-box .invite-name", "Cleo zh")
        page.click("#invite-box .invite-send")
        page.wait_for_selector("#invite-box .invite-problem:has-text('不能邀请你自己')")
        page.locator("#invite-box").scroll_into_view_if_needed()
        _fits(page, "#invite-box input, #invite-box button, #invite-box select", 360)
        if SHOTS:
            page.screenshot(path=str(SHOTS / "invite-game-page-zh-phone.png"))
        assert [e for e in page.console_errors if "status of 422" not in e] == []  # the 422: inviting herself
    finally:
        context.close()


def test_a_guests_turn_based_games_wait_for_them_too(server: str, browser) -> None:  # type: ignore[no-untyped-def]
    import httpx

    context, page = _page(browser, "desktop")
    try:
        page.goto(server + "/")
        page.wait_for_selector("#create")
        assert page.is_hidden("#waiting")  # a guest with nothing waiting: no panel
        page.click("[data-setup='kingsburg']")
        page.fill("#players", "2")
        page.dispatch_event("#players", "change")
        page.select_option("#seat-1", "human")
        page.select_option("#pace", "turns")
        page.fill("#player-name", "Dora")
        page.click("#create")
        page.wait_for_selector(".invites .invite-link")
        assert page.query_selector("form.invite-by-name") is None  # a guest invites with links only
        link = page.input_value(".invites .invite-link")
        gid, seat, code = link.split("#/join/")[1].split("/")
        r = httpx.post(f"{server}/api/games/{gid}/join", json={"seat": int(seat), "invite": code, "name": "Eve"})
        assert r.status_code == 200, r.text
        page.goto(server + "/")
        page.wait_for_selector(f"#waiting [data-waiting='{gid}'] [data-deadline]")  # seat 0 (Dora's) moves first
        page.wait_for_function("() => document.title === '(1) meeple'")
        assert "Sign in" in page.inner_text("#waiting")
        assert page.console_errors == []
    finally:
        context.close()
