"""Screenshots of every board at the start, the middle and the end of a game, at 1280 × 800 and 360 × 800,
in English and Chinese (issue 41): the set a person looks at before calling a board done.

Plays one game per board and language against random bots through the lobby, by the move list (the
boards' own touch tests are in tests/web); at each moment it photographs the page at both sizes.

    python tools/board_screenshots.py                       # all five boards into docs/screenshots/boards
    python tools/board_screenshots.py --game kingsburg --lang zh --out /tmp/shots

Needs Chromium (apt-get install chromium) and Playwright, as the browser tests do.
"""

from __future__ import annotations

import contextlib
import socket
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import typer

CHROMIUM = "/usr/bin/chromium"
SIZES = {"1280": (1280, 800), "360": (360, 800)}
PLAYERS = {"citadels": 2, "cube-europe": 1, "gods-playground": 3, "kingsburg": 2, "versailles": 2}
MIDDLE = {"citadels": 40, "cube-europe": 14, "gods-playground": 60, "kingsburg": 40, "versailles": 50}
"""Moves of yours after which the middle is photographed (about half of a game at that count)."""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def _server() -> Iterator[str]:
    import uvicorn

    from meeple.server import Settings, create_app

    with tempfile.TemporaryDirectory() as folder:
        app = create_app(Settings(db_url=f"sqlite:///{folder}/shots.db", bot_delay=0.0, http_rate=1000,
                                  http_burst=5000, ws_rate=1000, ws_burst=5000, coach_processes=False))
        port = _free_port()
        srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
        thread = threading.Thread(target=srv.run, daemon=True)
        thread.start()
        while not srv.started:
            time.sleep(0.05)
        try:
            yield f"http://127.0.0.1:{port}"
        finally:
            srv.should_exit = True
            thread.join(timeout=10)


def _shoot(page, out: Path, game: str, lang: str, moment: str) -> list[Path]:
    """The page at both sizes (the board relays itself out at each); returns the files written."""
    written = []
    for name, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.reload()  # drawn afresh at this size, as a phone would (some parts size themselves once)
        page.wait_for_selector("[data-board]")
        page.wait_for_timeout(600)
        path = out / f"{game}-{name}-{lang}-{moment}.jpg"
        page.screenshot(path=str(path), type="jpeg", quality=70)
        written.append(path)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.reload()
    page.wait_for_selector("[data-board]")
    return written


def _play(page, moves: int, deadline: float) -> bool:
    """Click the first move of the move list ``moves`` times (or until the game ends); True when it ended."""
    done = 0
    while done < moves and time.time() < deadline:
        if page.query_selector("#game-over"):
            return True
        buttons = page.query_selector_all("#actions:not(.busy) button.action")
        if not buttons:
            page.wait_for_timeout(30)
            continue
        with contextlib.suppress(Exception):  # the view was replaced under the click: look again
            buttons[0].click(timeout=2000)
            done += 1
        page.wait_for_timeout(10)
    return bool(page.query_selector("#game-over"))


def _one_game(browser, base: str, out: Path, game: str, lang: str) -> list[Path]:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, device_scale_factor=1)
    page = context.new_page()
    page.goto(f"{base}/?lang={lang}")
    page.wait_for_selector("#create")
    page.select_option("#game", game)
    page.fill("#players", str(PLAYERS[game]))
    page.dispatch_event("#players", "change")
    for seat in range(1, PLAYERS[game]):
        page.select_option(f"#seat-{seat}", "bot:random")
    page.click("#create")
    page.wait_for_selector("[data-board] [data-action], [data-board] [data-pick]", state="attached")
    written = _shoot(page, out, game, lang, "start")
    deadline = time.time() + 600
    _play(page, MIDDLE[game], deadline)
    written += _shoot(page, out, game, lang, "middle")
    if not _play(page, 100_000, deadline):
        raise RuntimeError(f"{game} ({lang}) did not end within 10 minutes")
    page.wait_for_timeout(500)
    written += _shoot(page, out, game, lang, "end")
    context.close()
    return written


def main(game: list[str] = typer.Option(sorted(PLAYERS), help="boards to photograph"),
         lang: list[str] = typer.Option(["en", "zh"], help="languages"),
         out: Path = typer.Option(Path("docs/screenshots/boards"), help="folder for the JPEG files")) -> None:
    from playwright.sync_api import sync_playwright

    out.mkdir(parents=True, exist_ok=True)
    with _server() as base, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        for game_id in game:
            for language in lang:
                for path in _one_game(browser, base, out, game_id, language):
                    print(path)
        browser.close()


if __name__ == "__main__":
    typer.run(main)
