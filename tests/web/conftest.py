"""Browser tests: a real ``meeple serve`` app on a free local port, driven by Playwright in Chromium.

Chromium comes from Debian (`apt-get install chromium`, done by .ci/run); Playwright cannot download
browsers here, so it is pointed at /usr/bin/chromium. Without Chromium the tests skip, except in CI.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def serve(app) -> Iterator[str]:  # type: ignore[no-untyped-def]
    """Run ``app`` with uvicorn on a free local port in a thread; yields its base address."""
    import uvicorn

    port = _free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", ws_per_message_deflate=False)
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.time() + 60
    while not srv.started:
        if time.time() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        thread.join(timeout=10)


def web_app(db_path: Path):  # type: ignore[no-untyped-def]
    """A ``meeple serve`` app on SQLite at ``db_path`` with no bot delay and generous request limits; the
    coach searches in a thread (the pages are under test here, not the pool: tests/server/test_coach_pool.py
    covers the worker process, whose start would cost each browser test of the coach a second or two)."""
    from meeple.server import Settings, create_app

    return create_app(Settings(db_url=f"sqlite:///{db_path}", bot_delay=0.0, http_rate=1000, http_burst=5000,
                               ws_rate=1000, ws_burst=5000, coach_processes=False))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serve(web_app(tmp_path_factory.mktemp("web") / "meeple.db")) as base:
        yield base


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail("Chromium is missing: .ci/run installs it with apt-get install chromium")
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def _page_context(browser) -> Iterator[object]:  # type: ignore[no-untyped-def]
    """One browser context for the ``page`` of every test of a module: a fresh context costs Chromium about
    a second of CPU, and its empty cache makes the first page load cost as much again."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    yield context
    context.close()


@pytest.fixture
def page(_page_context):  # type: ignore[no-untyped-def]
    """A new tab at 1280 × 900 collecting console errors; at its end the cookies and the stored data of
    every site it visited are cleared, so the next test's tab starts as a new visitor's would."""
    pg = _page_context.new_page()
    pg.console_errors = []
    pg.on("console", lambda m: pg.console_errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: pg.console_errors.append(str(e)))
    origins: set[str] = set()
    pg.on("framenavigated", lambda frame: origins.add(_origin(frame.url)))
    yield pg
    if not pg.is_closed():
        session = _page_context.new_cdp_session(pg)
        for origin in origins - {""}:
            session.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
        session.detach()
        pg.close()
    _page_context.clear_cookies()


def _origin(url: str) -> str:
    """``scheme://host:port`` of an http(s) address; "" for any other (about:blank, data:)."""
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme in ("http", "https") else ""


class _SecretsDealing:
    """``secrets`` as the server's games service sees it, except that ``randbits`` (the new game's seed) is
    ``seed``: every other secret (game ids, seat tokens) stays random."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def randbits(self, bits: int) -> int:
        return self.seed % (1 << bits)

    def __getattr__(self, name: str) -> object:
        return getattr(secrets, name)


@pytest.fixture
def deal_seed(monkeypatch: pytest.MonkeyPatch) -> Callable[[int], None]:
    """``deal_seed(n)``: the games the test servers create from now on (in this test) are dealt from seed
    ``n``, so a test knows the dice and cards of the position it needs. The bots' seeds follow from the
    game's seed (meeple/server/services/bots.py), so a game whose seats move one at a time plays the same
    way each time for the same clicks."""
    from meeple.server.services import games

    def deal(seed: int) -> None:
        monkeypatch.setattr(games, "secrets", _SecretsDealing(seed))

    return deal
