"""Errors the server answers with: each carries its HTTP status and a message saying what was wrong,
rendered in the language of the request (``?lang=`` or ``Accept-Language``; see ``meeple.core.i18n``).

>>> NotFound("server.no_game", args={"game": "abc"}).render("zh")
'没有对局 abc'
"""

from __future__ import annotations

from typing import Any

from meeple.core.i18n import DEFAULT_LANGUAGE, Message, is_message_id


class ServerError(Exception):
    status = 400

    def __init__(self, detail: str | Message, /, *, args: dict[str, Any] | None = None, **extra: Any) -> None:
        if isinstance(detail, Message):
            self.message = detail
        elif is_message_id(detail):
            self.message = Message(detail, args or {})
        else:
            self.message = Message("core.text", {"text": detail})
        super().__init__(str(self.message))
        self.extra = extra

    @classmethod
    def of(cls, error: BaseException, **extra: Any) -> ServerError:
        """This kind of server error saying what a meeple error (IllegalAction, UnknownGame…) says."""
        message = getattr(error, "message", None)
        return cls(message if isinstance(message, Message) else str(error), **extra)

    @property
    def detail(self) -> str:
        """The English sentence."""
        return str(self.message)

    @property
    def error_id(self) -> str:
        return self.message.id

    def render(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return self.message.render(lang)


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
