"""Errors the server answers with: each carries its HTTP status and a sentence saying what was wrong."""

from __future__ import annotations

from typing import Any


class ServerError(Exception):
    status = 400

    def __init__(self, detail: str, **extra: Any) -> None:
        super().__init__(detail)
        self.detail = detail
        self.extra = extra


class BadRequest(ServerError):
    status = 400


class Unauthorized(ServerError):
    status = 401


class Forbidden(ServerError):
    status = 403


class NotFound(ServerError):
    status = 404


class Conflict(ServerError):
    status = 409


class Unprocessable(ServerError):
    status = 422


class TooMany(ServerError):
    """429: past a rate limit; ``retry_after`` (seconds) becomes the Retry-After header."""

    status = 429


class Unavailable(ServerError):
    status = 503


class Internal(ServerError):
    status = 500
