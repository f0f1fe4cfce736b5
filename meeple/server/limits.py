"""Limits that keep one client from hurting the others: body size and request rate.

A pure ASGI middleware (cheap on every request): bodies above ``max_body_bytes`` get 413, client
addresses above their token-bucket rate get 429 with ``Retry-After``; WebSocket traffic is limited per
connection in the WebSocket handler instead.
"""

from __future__ import annotations

import json
import time
from typing import Any


class TokenBucket:
    __slots__ = ("rate", "burst", "tokens", "stamp")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.tokens, self.stamp = rate, burst, burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class BodyTooLarge(Exception):
    pass


async def _reply(send: Any, status: int, detail: str, headers: list[tuple[bytes, bytes]] | None = None) -> None:
    body = json.dumps({"detail": detail}).encode()
    await send({
        "type": "http.response.start", "status": status,
        "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())] + (headers or []),
    })
    await send({"type": "http.response.body", "body": body})


class LimitsMiddleware:
    def __init__(self, app: Any, max_body: int, rate: float, burst: float) -> None:
        self.app, self.max_body, self.rate, self.burst = app, max_body, rate, burst
        self.buckets: dict[str, TokenBucket] = {}

    def _key(self, scope: dict[str, Any]) -> str:
        # By address, not by token: made-up tokens must not buy a fresh allowance.
        client = scope.get("client")
        return client[0] if client else "?"

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        key = self._key(scope)
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) > 50_000:
                self.buckets.clear()
            bucket = self.buckets[key] = TokenBucket(self.rate, self.burst)
        if not bucket.take():
            await _reply(send, 429, "too many requests; slow down", [(b"retry-after", b"1")])
            return
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    size = int(value)
                except ValueError:
                    await _reply(send, 400, "bad Content-Length header")
                    return
                if size > self.max_body:
                    await _reply(send, 413, f"request body too large (limit {self.max_body} bytes)")
                    return
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
