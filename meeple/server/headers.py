"""Security headers on every response: the API's JSON, the browser client's page and files, every error
(the 429 and 413 that ``limits.LimitsMiddleware`` answers before any route, a 500 included) and a refused
WebSocket handshake answered in HTTP.

* ``Content-Security-Policy`` (``CSP``): the page runs only this server's own scripts and styles (no
  inline script, no inline style attribute: the client sets styles through the DOM's ``style`` object,
  which the policy allows), talks only to this server (its WebSocket included: ``'self'`` covers
  ``ws:``/``wss:`` to the same host and port), shows images from here or ``data:`` URLs (the page's
  empty favicon), loads no plug-ins, keeps its ``<base>``, posts forms only here and may not be framed.
* ``X-Content-Type-Options: nosniff``: a response is taken as the type it says, never guessed.
* ``Referrer-Policy: same-origin``: no address of this server leaves for another site in ``Referer``
  (game ids travel in page addresses; invite codes in their fragment, never sent at all). Rather than
  ``no-referrer``, which would hide nothing more from other sites: under it a form the page posts says
  ``Origin: null`` (Fetch's rule for requests that are not CORS), which a same-origin check cannot use.
* ``X-Frame-Options: DENY`` beside ``frame-ancestors 'none'``, for browsers that know only the older one.

FastAPI's ``/docs`` and ``/redoc`` pages load their scripts, styles and fonts from a CDN and start with
an inline script: on those paths only the policy lets them (``DOCS_CSP``); they show the API's own
description and nothing a client wrote.

A pure ASGI wrapper (one dictionary copy per response, the header values made once), outermost:
``SecureHeadersApp`` puts it around FastAPI's whole middleware stack.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from fastapi import FastAPI

CSP = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
])
"""The policy of every response but the API documentation pages."""

DOCS_CDN = "https://cdn.jsdelivr.net"
DOCS_CSP = "; ".join([
    "default-src 'self'",
    f"script-src 'self' 'unsafe-inline' {DOCS_CDN}",
    f"style-src 'self' 'unsafe-inline' {DOCS_CDN} https://fonts.googleapis.com",
    "img-src 'self' data: https://fastapi.tiangolo.com https://cdn.redoc.ly",
    "font-src 'self' https://fonts.gstatic.com",
    "worker-src 'self' blob:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
    "form-action 'self'",
])
"""The policy of ``/docs``, ``/redoc`` and Swagger's OAuth2 redirect page: their CDN scripts, styles and
fonts, Swagger's inline start-up script, ReDoc's inline styles and its search worker (a ``blob:``)."""

COMMON = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "x-frame-options": "DENY",
}


def header_list(policy: str) -> list[tuple[bytes, bytes]]:
    """Every security header with ``policy`` as the Content-Security-Policy, as ASGI header pairs."""
    pairs = {**COMMON, "content-security-policy": policy}
    return [(name.encode(), value.encode()) for name, value in pairs.items()]


class SecurityHeadersMiddleware:
    """Adds the security headers to every HTTP response and every WebSocket handshake answered in HTTP,
    replacing any header of the same name the app set (one policy, one place)."""

    def __init__(self, app: Any, relaxed_paths: Iterable[str] = ()) -> None:
        self.app = app
        self.relaxed_paths = frozenset(relaxed_paths)
        self.headers = header_list(CSP)
        self.docs_headers = header_list(DOCS_CSP)
        self.names = frozenset(name for name, _ in self.headers)

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        extra = self.docs_headers if scope.get("path") in self.relaxed_paths else self.headers
        names = self.names

        async def send_with_headers(message: Any) -> None:
            if message["type"] in ("http.response.start", "websocket.http.response.start"):
                kept = [(k, v) for k, v in message.get("headers", ()) if k.lower() not in names]
                message = {**message, "headers": kept + extra}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class SecureHeadersApp(FastAPI):
    """A FastAPI app whose every response carries the security headers: the middleware wraps the whole
    stack, outside Starlette's own error middleware (so a 500 has them too) and every added middleware
    (so the 429s and 413s of ``LimitsMiddleware`` have them)."""

    def build_middleware_stack(self) -> Any:
        docs = (self.docs_url, self.redoc_url, self.swagger_ui_oauth2_redirect_url if self.docs_url else None)
        return SecurityHeadersMiddleware(super().build_middleware_stack(), [p for p in docs if p])
