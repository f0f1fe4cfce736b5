"""The server's domain errors: what went wrong, as a message id with its arguments, rendered in the
language of the request (``?lang=`` or ``Accept-Language``; see ``meeple.core.i18n``).

The services raise them and know nothing of HTTP. How each kind is answered is decided here, in one
table (``HTTP_STATUS``): the routes' error handler (``meeple.server.routes.answers``) and the WebSocket's
error messages (``meeple.server.routes.socket``) read it through ``http_status``.

>>> NotFound("server.no_game", args={"game": "abc"}).render("zh")
'没有对局 abc'
>>> http_status(NotFound("server.no_game", args={"game": "abc"}))
404
"""

from __future__ import annotations

from typing import Any

from meeple.core.i18n import DEFAULT_LANGUAGE, Message, is_message_id


class ServerError(Exception):
    """A refusal or failure the asker is told about: ``message`` (an i18n ``Message``) says what was
    wrong; ``extra`` holds facts sent beside it (``seq``: the game's sequence number now,
    ``retry_after``: seconds to wait, ``levels``…)."""

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

    @property
    def status(self) -> int:
        """The HTTP status this kind of error is answered with (``HTTP_STATUS``)."""
        return http_status(self)

    def render(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return self.message.render(lang)


class BadRequest(ServerError):
    """The request itself is malformed: no such seat number, a sequence number that is no number, text
    that is no action."""


class Unauthorized(ServerError):
    """Who asks is unknown: no seat token or session, or one this game does not know."""


class Forbidden(ServerError):
    """Who asks is known and may not do this (not the creator, a private game, a bot's seat)."""


class NotFound(ServerError):
    """No such game, player, step."""


class Conflict(ServerError):
    """The game's state does not allow it now: it moved on, is over or closed, the seat is taken."""


class Unprocessable(ServerError):
    """Well-formed and refused by the rules or the settings: an illegal action, an unknown bot level."""


class TooMany(ServerError):
    """Past a rate limit or a quota; ``retry_after`` (seconds) says when to try again."""


class Unavailable(ServerError):
    """The server cannot take it now (full, a write failed, the coach stopped); ``retry_after`` may say when."""


class Internal(ServerError):
    """A fault of the server or of a game's rules (the game was rebuilt from its log)."""


HTTP_STATUS: dict[type[ServerError], int] = {
    BadRequest: 400, Unauthorized: 401, Forbidden: 403, NotFound: 404, Conflict: 409, Unprocessable: 422,
    TooMany: 429, Internal: 500, Unavailable: 503,
}
"""The one place a domain error's HTTP answer is decided (a subclass answers as its nearest listed base)."""


def http_status(error: ServerError) -> int:
    """The HTTP status ``error`` is answered with: its kind's, or its nearest listed base's (500 if none)."""
    for kind in type(error).__mro__:
        status = HTTP_STATUS.get(kind)
        if status is not None:
            return status
    return 500
