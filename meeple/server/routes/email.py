"""E-mail notices over HTTP: the signed-in player's address (set, opt in, language, remove), and the two
links a mail carries, which work without signing in: verify an address, unsubscribe.

The address is never returned in full, not even to its owner (``email_addresses.mask``); nobody else
learns that an account has one. docs/server.md, E-mail notices.
"""

from __future__ import annotations

import html
from typing import Any, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import HTMLResponse
from pydantic import Field, StrictBool, StrictStr

from meeple.core import i18n
from meeple.server import email_addresses as emails
from meeple.server.errors import Conflict
from meeple.server.inputs import CleanBody
from meeple.server.routes.accounts import me_or_401
from meeple.server.routes.answers import Lang
from meeple.server.routes.context import HubDep

router = APIRouter(tags=["e-mail"])

MailLang = Literal["en", "zh"]


class NewAddress(CleanBody):
    address: StrictStr = Field(max_length=400, description="name@example.org (ASCII, at most 254 characters)")
    lang: MailLang | None = Field(None, description="the mail's language (default: the request's)")


class Preferences(CleanBody):
    notices: StrictBool | None = Field(None, description="send \"your turn\" and invitations by e-mail")
    lang: MailLang | None = Field(None, description="the mail's language")


async def _status(hub: Any, user_id: int) -> dict[str, Any]:
    found = await hub.store.read(emails.status, user_id, hub.runtime.clock())
    return {"mail": hub.notices.enabled, **found}


@router.get("/api/me/email", summary="Your e-mail address (masked), whether it is verified, your notices")
async def my_email(request: Request, hub: HubDep) -> dict[str, Any]:
    user = await me_or_401(request)
    return await _status(hub, user.user_id)


@router.put("/api/me/email", summary="Give an e-mail address: one verification mail is sent to it")
async def set_email(body: NewAddress, request: Request, hub: HubDep, lang: Lang) -> dict[str, Any]:
    user = await me_or_401(request)
    address = emails.check_address(body.address)
    if not hub.notices.enabled:
        raise Conflict("server.email_off")
    mail_lang = body.lang or lang
    now, bounds = hub.runtime.clock(), hub.notices.bounds()
    outcome, verification = await hub.store.write(
        lambda c: emails.set_address(c, user.user_id, user.name, address, mail_lang, now, bounds))
    if verification is not None:
        hub.notices.send_verification(verification)
    return {"verification": outcome, **await _status(hub, user.user_id)}


@router.patch("/api/me/email", summary="Turn e-mail notices on or off, or change their language")
async def email_preferences(body: Preferences, request: Request, hub: HubDep) -> dict[str, Any]:
    user = await me_or_401(request)
    now = hub.runtime.clock()
    if not await hub.store.write(lambda c: emails.set_preferences(c, user.user_id, now, body.notices, body.lang)):
        raise Conflict("server.email_none")
    return await _status(hub, user.user_id)


@router.delete("/api/me/email", summary="Forget your e-mail address")
async def remove_email(request: Request, hub: HubDep) -> dict[str, Any]:
    user = await me_or_401(request)
    await hub.store.write(lambda c: emails.remove(c, user.user_id))
    return await _status(hub, user.user_id)


def _page(lang: str, message_id: str, status: int, site: str) -> HTMLResponse:
    """A small page in ``lang`` saying what a mail's link did (no script, nothing from the request)."""
    text = html.escape(i18n.render(message_id, None, lang))
    back = html.escape(i18n.render("server.email.page_back", None, lang))
    return HTMLResponse(
        f'<!doctype html><html lang="{"zh-Hans" if lang == "zh" else "en"}"><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1"><title>meeple</title>'
        f'<h1>meeple</h1><p id="said">{text}</p><p><a href="{html.escape(site)}">{back}</a></p></html>',
        status_code=status)


Token = Query(..., max_length=200, description="the secret from the mail's link")


@router.get("/api/email/verify", summary="The link of a verification mail: the address is verified",
            response_class=HTMLResponse)
async def verify(hub: HubDep, lang: Lang, token: str = Token) -> HTMLResponse:
    found = await hub.store.write(lambda c: emails.verify(c, token, hub.runtime.clock()))
    if found is None:
        return _page(lang, "server.email.page_verify_bad", 400, "/")
    return _page(found, "server.email.page_verified", 200, "/")


async def _unsubscribe(hub: Any, lang: str, token: str) -> HTMLResponse:
    found = await hub.store.write(lambda c: emails.unsubscribe(c, token, hub.runtime.clock()))
    if found is None:
        return _page(lang, "server.email.page_unsubscribe_bad", 400, "/")
    return _page(found, "server.email.page_unsubscribed", 200, "/")


@router.get("/api/email/unsubscribe", response_class=HTMLResponse,
            summary="The unsubscribe link of a notice: notices stop (no sign-in needed)")
async def unsubscribe(hub: HubDep, lang: Lang, token: str = Token) -> HTMLResponse:
    return await _unsubscribe(hub, lang, token)


@router.post("/api/email/unsubscribe", response_class=HTMLResponse,
             summary="RFC 8058 one-click unsubscribe (a mail client's own button): notices stop")
async def unsubscribe_one_click(hub: HubDep, lang: Lang, token: str = Token) -> HTMLResponse:
    return await _unsubscribe(hub, lang, token)
