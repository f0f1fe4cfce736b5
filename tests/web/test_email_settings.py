"""E-mail notices on your own profile (Debian Chromium, a local aiosmtpd): give an address, see
"verification sent", open the mail's link, see "verified", opt in, choose the mail's language; at
1280 × 800 and 360 px, in English and Chinese; without an SMTP server the page says mail is off."""

from __future__ import annotations

import email
import email.policy
import re
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from aiosmtpd.controller import Controller

from .conftest import _free_port, serve

PASSWORD = "correct horse battery"


class Inbox:
    def __init__(self) -> None:
        self.messages: list[Any] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        self.messages.append(email.message_from_bytes(envelope.content, policy=email.policy.default))
        return "250 OK"


@pytest.fixture(scope="module")
def mail_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Inbox]]:
    from meeple.server import Settings, create_app

    inbox, port = Inbox(), _free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    db_path = tmp_path_factory.mktemp("web-email") / "meeple.db"
    app = create_app(Settings(db_url=f"sqlite:///{db_path}", bot_delay=0.0, http_rate=1000, http_burst=5000,
                              smtp_url=f"smtp://127.0.0.1:{port}", public_url="http://meeple.test/"))
    try:
        with serve(app) as base:
            yield base, inbox
    finally:
        controller.stop()


def _sign_up(page: Any, base: str, name: str, lang: str) -> None:
    page.goto(base + f"/?lang={lang}#/signin")
    page.wait_for_selector("#account-form")
    page.fill("#account-name", name)
    page.fill("#account-password", PASSWORD)
    page.click("#sign-up")
    page.wait_for_selector("#me-link")
    page.click("#me-link")
    page.wait_for_selector("#email-settings #email-status")


def _fits(page: Any) -> None:
    """Nothing of the section sticks out of the page sideways."""
    width = page.evaluate("() => document.documentElement.clientWidth")
    right = page.evaluate("() => Math.max(...[...document.querySelectorAll('#email-settings *')]"
                          ".map((e) => e.getBoundingClientRect().right))")
    assert right <= width + 1, (right, width)


@pytest.mark.parametrize("width, height, lang", [pytest.param(1280, 800, "en", marks=pytest.mark.daily), (360, 740, "zh")])
def test_give_verify_and_opt_in_on_the_profile(browser: Any, mail_server: tuple[str, Inbox], width: int, height: int,
                                               lang: str, tmp_path: Any) -> None:
    base, inbox = mail_server
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        _sign_up(page, base, f"Mailer{width}", lang)
        before = len(inbox.messages)
        address = f"player{width}@example.org"
        page.fill("#email-address", address)
        page.click("#email-form button[type=submit]")
        page.wait_for_selector('#email-status[data-pending="true"]')
        said = page.inner_text("#email-status")
        assert ("Verification sent" in said) if lang == "en" else ("验证邮件已发送" in said), said
        assert address not in page.content()  # masked, even to its owner
        deadline = time.monotonic() + 10
        while len(inbox.messages) == before and time.monotonic() < deadline:
            time.sleep(0.05)
        [message] = inbox.messages[before:]
        assert message["To"] == address
        link = re.search(r"http://meeple\.test/(api/email/verify\?token=[A-Za-z0-9_%-]+)", message.get_content())
        assert link is not None
        assert httpx.get(f"{base}/{link.group(1)}").status_code == 200  # the mail's link, opened anywhere
        page.reload()
        page.wait_for_selector('#email-status[data-verified="true"]')
        page.check("#email-notices")
        page.wait_for_selector("#email-notices:checked")
        other = "en" if lang == "zh" else "zh"
        page.select_option("#email-lang", other)
        page.wait_for_function(f"() => document.querySelector('#email-lang').value === '{other}'")
        _fits(page)
        page.screenshot(path=str(tmp_path / f"email-{width}-{lang}.png"), full_page=True)
        state = page.evaluate("async () => (await fetch('/api/me/email')).json()")
        assert state["verified"] and state["notices"] and state["lang"] == other
        assert errors == []
    finally:
        context.close()


def test_without_an_smtp_server_the_profile_says_mail_is_off(browser: Any, server: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        page.goto(server + "/?lang=en")
        page.goto(server + "/#/signin")
        page.wait_for_selector("#account-form")
        page.fill("#account-name", "NoMail")
        page.fill("#account-password", PASSWORD)
        page.click("#sign-up")
        page.wait_for_selector("#me-link")
        page.click("#me-link")
        page.wait_for_selector("#email-settings #email-off")
        assert "sends no e-mail" in page.inner_text("#email-off")
        assert page.query_selector("#email-address") is None
    finally:
        context.close()
