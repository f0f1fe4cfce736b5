"""How the routes answer: in the reader's language (``request_language``), and every domain error of
the services as JSON with its HTTP status (``meeple.server.errors.HTTP_STATUS``), its message in that
language and its message id: ``{"detail": ..., "error": "server.…", ...extra}``; an invalid request
body as a 422 listing what was wrong.
"""

from __future__ import annotations

import logging
import math
from typing import Annotated

from fastapi import Depends, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.requests import HTTPConnection

from meeple.core import i18n
from meeple.server import inputs
from meeple.server.errors import ServerError, Unprocessable, http_status

log = logging.getLogger("meeple.server")


def chosen_language(conn: HTTPConnection) -> str:
    """``?lang=`` if it names a language meeple speaks, else the best of ``Accept-Language``, else English
    (quietly: for error pages, where a second error would hide the first)."""
    code = conn.query_params.get("lang")
    if code:
        try:
            return i18n.language(code)
        except i18n.UnknownLanguage:
            pass
    return i18n.from_accept_language(conn.headers.get("accept-language")) or i18n.DEFAULT_LANGUAGE


def checked_language(code: str) -> str:
    """The language ``code`` names, or Unprocessable listing the available ones."""
    try:
        return i18n.language(code)
    except i18n.UnknownLanguage:
        raise Unprocessable("server.unknown_language", args={"value": repr(code)[:24], "languages": i18n.available()},
                            languages=list(i18n.LANGUAGES)) from None


def request_language(conn: HTTPConnection) -> str:
    """The language a request is answered in: ``?lang=`` (an unknown code is a 422 listing the available
    ones), else the best of its ``Accept-Language`` header, else English. Checked for every ``/api`` call."""
    code = conn.query_params.get("lang")
    if code is not None and conn.url.path.startswith("/api"):
        lang = checked_language(code)
    else:
        lang = chosen_language(conn)
    conn.state.lang = lang
    return lang


Lang = Annotated[str, Depends(request_language)]


async def domain_error(request: Request, exc: ServerError) -> JSONResponse:
    """A service's refusal as its HTTP answer (``Retry-After`` when it says when to try again)."""
    retry = exc.extra.get("retry_after")
    headers = {"Retry-After": str(max(1, math.ceil(retry)))} if isinstance(retry, (int, float)) else None
    lang = getattr(request.state, "lang", None) or chosen_language(request)
    return JSONResponse({"detail": exc.render(lang), "error": exc.error_id, **exc.extra},
                        status_code=http_status(exc), headers=headers)


async def invalid_request(request: Request, exc: RequestValidationError) -> JSONResponse:
    """A request whose body or parameters fail validation: 422 with what was wrong. The raw input is
    echoed only where it is short and strict JSON (never NaN, a lone surrogate, a control character):
    a refusal must not turn into a 500 of its own."""
    errors = exc.errors()
    detail, listed = inputs.describe_errors(errors)
    unsafe = any(e.get("type") == "unsafe_input" for e in errors)
    log.log(logging.WARNING if unsafe else logging.INFO, "422 %s %s: %s", request.method,
            inputs.clean(request.url.path, 100), inputs.clean(detail, 300))
    return JSONResponse({"detail": detail, "errors": listed}, status_code=422)


def install(app: FastAPI) -> None:
    """Answer every domain error and every invalid request of ``app`` as above."""
    app.add_exception_handler(ServerError, domain_error)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, invalid_request)  # type: ignore[arg-type]
