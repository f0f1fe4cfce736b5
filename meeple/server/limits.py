"""Limits that keep one client from hurting the others: body size, request rate, WebSocket handshakes.

A pure ASGI middleware (cheap on every request), keyed by the client's address (never its port: every
new connection has a fresh port; an IPv6 address by its /64 network, which one subscriber holds whole):

* HTTP requests above the address's token-bucket rate get 429 with ``Retry-After``;
* bodies above ``max_body`` get 413, whether they announce their size (``Content-Length``) or not (a
  chunked body is read up to the limit before the app sees it, then handed to the app whole);
* new WebSocket connections above the address's handshake rate are refused with HTTP 429 (the ASGI
  ``websocket.http.response`` extension) or, on servers without it, accepted and closed at once with
  code 1008 "too many connections"; messages on an open connection are limited by the WebSocket handler;
* a URL path with a control character (``%00``…) gets 400 before it reaches a route (PostgreSQL cannot
  even compare a game id holding NUL).
"""

from __future__ import annotations

import ipaddress
import json
import math
import time
from collections.abc import Callable
from typing import Any

from meeple.server.inputs import BAD_CHAR

MAX_BUCKETS = 50_000
"""Addresses remembered at most; past it the idle ones (whose buckets are full again) are forgotten."""


class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` saved up (it starts full); each request spends one.
    ``clock`` gives the time in seconds (``time.monotonic``; a test passes a clock it moves by hand)."""

    __slots__ = ("rate", "burst", "tokens", "stamp", "clock")

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.tokens, self.clock = rate, burst, burst, clock
        self.stamp = clock()

    def take(self) -> bool:
        """Spend one token if there is one (True), else spend nothing (False)."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False

    def retry_after(self) -> int:
        """Whole seconds until the next token (at least 1): the ``Retry-After`` of a refusal."""
        return max(1, math.ceil((1.0 - self.tokens) / self.rate))

    def idle(self, now: float) -> bool:
        """Full again by ``now``: forgetting it changes nothing."""
        return self.tokens + (now - self.stamp) * self.rate >= self.burst


class BodyTooLarge(Exception):
    pass


def _json(detail: str) -> bytes:
    return json.dumps({"detail": detail}).encode()


async def _reply(send: Any, status: int, detail: str, headers: list[tuple[bytes, bytes]] | None = None) -> None:
    body = _json(detail)
    await send({
        "type": "http.response.start", "status": status,
        "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())] + (headers or []),
    })
    await send({"type": "http.response.body", "body": body})


def client_key(scope: dict[str, Any]) -> str:
    """The rate-limit key of a connection: its client address without the port; an IPv6 address by
    its /64 network (an IPv4 address mapped into IPv6 as the IPv4 address)."""
    client = scope.get("client")
    if not client:
        return "?"
    host = client[0]
    if ":" in host:
        try:
            addr = ipaddress.IPv6Address(host.split("%", 1)[0])
        except ValueError:
            return host
        if addr.ipv4_mapped is not None:
            return str(addr.ipv4_mapped)
        return str(ipaddress.IPv6Network((addr, 64), strict=False))
    return host


class LimitsMiddleware:
    def __init__(self, app: Any, max_body: int, rate: float, burst: float,
                 ws_rate: float = 5.0, ws_burst: float = 20.0) -> None:
        self.app, self.max_body, self.rate, self.burst = app, max_body, rate, burst
        self.ws_rate, self.ws_burst = ws_rate, ws_burst
        self.buckets: dict[str, TokenBucket] = {}
        self.ws_buckets: dict[str, TokenBucket] = {}

    def _key(self, scope: dict[str, Any]) -> str:
        # By address, not by token: made-up tokens must not buy a fresh allowance; not by port either.
        return client_key(scope)

    @staticmethod
    def _bucket(buckets: dict[str, TokenBucket], key: str, rate: float, burst: float) -> TokenBucket:
        bucket = buckets.get(key)
        if bucket is None:
            if len(buckets) >= MAX_BUCKETS:
                now = time.monotonic()
                for old in [k for k, b in buckets.items() if b.idle(now)]:
                    del buckets[old]
                if len(buckets) >= MAX_BUCKETS:  # that many busy addresses at once: start afresh
                    buckets.clear()
            bucket = buckets[key] = TokenBucket(rate, burst)
        return bucket

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        kind = scope["type"]
        if kind == "websocket":
            await self._websocket(scope, receive, send)
            return
        if kind != "http":
            await self.app(scope, receive, send)
            return
        bucket = self._bucket(self.buckets, self._key(scope), self.rate, self.burst)
        if not bucket.take():
            await _reply(send, 429, "too many requests; slow down",
                         [(b"retry-after", str(bucket.retry_after()).encode())])
            return
        if BAD_CHAR.search(scope.get("path", "")):
            await _reply(send, 400, "the URL path contains a control character")
            return
        announced = False
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                announced = True
                try:
                    size = int(value)
                except ValueError:
                    await _reply(send, 400, "bad Content-Length header")
                    return
                if size > self.max_body:
                    await _reply(send, 413, f"request body too large (limit {self.max_body} bytes)")
                    return
        if not announced:
            # No Content-Length (a chunked body, or none): read it here, up to the limit, so that a body
            # over it is a 413 like an announced one, not an error inside the app's body parsing.
            body = await self._read_body(receive)
            if body is None:
                await _reply(send, 413, f"request body too large (limit {self.max_body} bytes)")
                return
            if body is False:
                return  # the client went away
            receive = _replay(body, receive)
        received = 0
        started = False

        async def limited_receive() -> Any:
            nonlocal received
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_body:
                    raise BodyTooLarge
            return message

        async def tracking_send(message: Any) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, limited_receive, tracking_send)
        except BodyTooLarge:
            if not started:
                await _reply(send, 413, f"request body too large (limit {self.max_body} bytes)")

    async def _read_body(self, receive: Any) -> bytes | None | bool:
        """The whole body; None once it passes ``max_body``; False if the client disconnected."""
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return False
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)

    async def _websocket(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        bucket = self._bucket(self.ws_buckets, self._key(scope), self.ws_rate, self.ws_burst)
        if not bucket.take():
            await _refuse_handshake(scope, receive, send, 429, "too many connections",
                                    [(b"retry-after", str(bucket.retry_after()).encode())])
            return
        if BAD_CHAR.search(scope.get("path", "")):
            await _refuse_handshake(scope, receive, send, 400, "the URL path contains a control character")
            return
        await self.app(scope, receive, send)


def _replay(body: bytes, receive: Any) -> Any:
    """A ``receive`` that hands over ``body`` (already read) as one message, then the real one's messages."""
    pending = True

    async def replay() -> Any:
        nonlocal pending
        if pending:
            pending = False
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


async def _refuse_handshake(scope: dict[str, Any], receive: Any, send: Any, status: int, detail: str,
                            headers: list[tuple[bytes, bytes]] | None = None) -> None:
    """Refuse a WebSocket handshake: an HTTP answer where the server can send one, else a close 1008."""
    message = await receive()
    if message["type"] != "websocket.connect":
        return
    if "websocket.http.response" in (scope.get("extensions") or {}):
        body = _json(detail)
        await send({"type": "websocket.http.response.start", "status": status,
                    "headers": [(b"content-type", b"application/json"),
                                (b"content-length", str(len(body)).encode())] + (headers or [])})
        await send({"type": "websocket.http.response.body", "body": body})
    else:
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.close", "code": 1008, "reason": detail})
