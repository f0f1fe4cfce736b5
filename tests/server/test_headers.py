"""Security headers (meeple.server.headers) on every kind of response: API JSON, the page and its
files, errors from the routes, from the limits middleware in front of them and from a crash, refused
WebSocket handshakes; the relaxed policy only on the API documentation pages."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketDenialResponse

from meeple.server import Settings, create_app
from meeple.server.headers import CSP, DOCS_CSP

from .helpers import client, create


def directives(policy: str) -> dict[str, list[str]]:
    """A Content-Security-Policy as {directive: its sources}."""
    out: dict[str, list[str]] = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            out[words[0]] = words[1:]
    return out


def assert_secured(headers: Any, where: str) -> None:
    assert headers.get("x-content-type-options") == "nosniff", where
    assert headers.get("x-frame-options") == "DENY", where
    assert headers.get("referrer-policy") == "same-origin", where
    policy = headers.get("content-security-policy")
    assert policy == CSP, (where, policy)
    assert len(headers.get_list("content-security-policy")) == 1, where


def test_the_policy_allows_no_inline_script_or_style_and_no_framing() -> None:
    got = directives(CSP)
    assert got["script-src"] == ["'self'"] and got["style-src"] == ["'self'"]
    assert got["default-src"] == ["'self'"] and got["connect-src"] == ["'self'"]
    assert got["object-src"] == ["'none'"] and got["frame-ancestors"] == ["'none'"]
    assert got["base-uri"] == ["'self'"] and got["form-action"] == ["'self'"]
    assert got["img-src"] == ["'self'", "data:"]  # the page's favicon is `data:,`
    assert "'unsafe-inline'" not in CSP and "'unsafe-eval'" not in CSP


@pytest.fixture
def c(sqlite_url: str) -> Iterator[TestClient]:
    with client(sqlite_url) as c:
        yield c


def test_api_json_the_page_and_its_files_carry_the_headers(c: TestClient) -> None:
    made = create(c)
    for path in ("/api/health", "/api/catalog", "/api/lobby", f"/api/games/{made['id']}", "/api/i18n/zh",
                 "/", "/static/js/app.js", "/static/css/meeple.css", "/content/cube-europe.json",
                 "/api/rules/kingsburg?lang=zh", "/openapi.json"):
        r = c.get(path)
        assert r.status_code == 200, (path, r.status_code)
        assert_secured(r.headers, path)
    r = c.post("/api/games", json={"game": "cube-europe", "players": 2})
    assert r.status_code == 201
    assert_secured(r.headers, "POST /api/games")


def test_errors_from_the_routes_carry_the_headers(c: TestClient) -> None:
    gid = create(c)["id"]
    for path, status in (("/api/games/nope", 404), ("/no/such/page", 404), ("/static/nope.js", 404),
                         (f"/api/games/{gid}/view", 401), ("/api/catalog?lang=xx", 422),
                         (f"/api/games/{gid}/spectate?log_from=-1", 422)):
        r = c.get(path)
        assert r.status_code == status, (path, r.status_code)
        assert_secured(r.headers, path)
    r = c.post("/api/games", json={"game": "cube-europe", "players": "two"})
    assert r.status_code == 422
    assert_secured(r.headers, "422 body")


def test_answers_of_the_limits_middleware_carry_the_headers(sqlite_url: str) -> None:
    # The limits answer before any route: the headers come from outside them.
    with client(sqlite_url, http_rate=0.001, http_burst=3, max_body_bytes=1000) as c:
        r = c.get("/api/games/a%00b")
        assert r.status_code == 400
        assert_secured(r.headers, "400 control character")
        r = c.post("/api/games", content=b"x" * 5000, headers={"Content-Type": "application/json"})
        assert r.status_code == 413
        assert_secured(r.headers, "413")
        statuses = [c.get("/api/health") for _ in range(3)]
        assert statuses[-1].status_code == 429 and statuses[-1].headers["retry-after"]
        assert_secured(statuses[-1].headers, "429")


def test_a_crash_is_a_500_with_the_headers(sqlite_url: str) -> None:
    app = create_app(Settings(db_url=sqlite_url))

    @app.get("/api/test-crash")
    async def crash() -> None:
        raise RuntimeError("a bug")

    with TestClient(app, raise_server_exceptions=False) as c:
        r = c.get("/api/test-crash")
        assert r.status_code == 500
        assert_secured(r.headers, "500")


def test_a_refused_websocket_handshake_carries_the_headers(sqlite_url: str) -> None:
    with client(sqlite_url, ws_connect_rate=0.01, ws_connect_burst=1) as c:
        with pytest.raises(WebSocketDenialResponse) as refused, c.websocket_connect("/api/games/a%00b/ws"):
            pass
        assert refused.value.status_code == 400
        assert_secured(refused.value.headers, "400 handshake")
        with pytest.raises(WebSocketDenialResponse) as refused, c.websocket_connect("/api/games/nope/ws"):
            pass
        assert refused.value.status_code == 429
        assert_secured(refused.value.headers, "429 handshake")


def test_a_route_cannot_send_a_second_or_weaker_policy(c: TestClient) -> None:
    app = c.app

    @app.get("/api/test-own-headers")  # type: ignore[union-attr]
    async def own() -> Any:
        from fastapi.responses import JSONResponse
        return JSONResponse({}, headers={"Content-Security-Policy": "default-src *", "X-Frame-Options": "ALLOWALL"})

    r = c.get("/api/test-own-headers")
    assert_secured(r.headers, "a route's own headers")


def test_the_api_documentation_pages_get_the_documentation_policy_only(c: TestClient) -> None:
    for path in ("/docs", "/redoc", "/docs/oauth2-redirect"):
        r = c.get(path)
        assert r.status_code == 200, path
        assert r.headers["content-security-policy"] == DOCS_CSP, path
        assert r.headers["x-frame-options"] == "DENY" and r.headers["x-content-type-options"] == "nosniff"
    got = directives(DOCS_CSP)
    assert "https://cdn.jsdelivr.net" in got["script-src"] and "'unsafe-inline'" in got["script-src"]
    assert got["frame-ancestors"] == ["'none'"] and got["object-src"] == ["'none'"]
    # every other path keeps the strict one, however close its name
    for path in ("/docs/", "/docsx", "/api/docs", "/redoc/x"):
        assert c.get(path, follow_redirects=False).headers["content-security-policy"] == CSP, path
