"""``meeple serve``: run the game server (the lead wires ``serve_command`` into the ``meeple`` app).

    meeple serve                                  # SQLite in the user's data directory
    meeple serve --port 9000 --db postgresql://localhost/meeple
    meeple serve --db postgresql://localhost/meeple --redis redis://127.0.0.1:6379/0
    meeple serve --durability power               # acknowledged moves also survive a power cut
    meeple serve --smtp smtps://meeple:secret@mail.example.org --public-url https://play.example.org/
"""

from __future__ import annotations

import logging
import sys
from typing import Annotated, Any, Optional

import typer

from meeple.core import i18n

# ---------------------------------------------------------------------------- the options
HostOption = Annotated[str, typer.Option(
    "--host", help="Address to listen on (0.0.0.0 for every interface).")]
PortOption = Annotated[int, typer.Option(
    "--port", help="TCP port.")]
DbOption = Annotated[Optional[str], typer.Option(
    "--db", metavar="URL",
    help="Database URL: sqlite:///path/file.db or postgresql://user@host/dbname "
         "(default: a SQLite file in your user data directory).")]
RedisOption = Annotated[Optional[str], typer.Option(
    "--redis", metavar="URL",
    help="Redis URL (redis://127.0.0.1:6379/0): several servers on one PostgreSQL database tell each "
         "other about their moves over Redis pub/sub instead of PostgreSQL LISTEN/NOTIFY.")]
BotDelayOption = Annotated[float, typer.Option(
    "--bot-delay", help="Seconds a bot waits before moving, so people can follow.")]
BotProcessesOption = Annotated[int, typer.Option(
    "--bot-processes", help="Let bots think in this many worker processes (0: threads of the server process).")]
DurabilityOption = Annotated[str, typer.Option(
    "--durability", metavar="process|power", envvar="MEEPLE_DURABILITY",
    help="What an acknowledged move survives. 'process': the server process being killed (SQLite "
         "synchronous=NORMAL, PostgreSQL synchronous_commit=off). 'power': also an OS crash or a power cut "
         "(SQLite synchronous=FULL, PostgreSQL synchronous_commit=on; every commit waits for the disk).")]
HttpRateOption = Annotated[float, typer.Option(
    "--http-rate", min=1.0, envvar="MEEPLE_HTTP_RATE",
    help="HTTP requests per second allowed to one client address (bursts of four seconds' worth); more get "
         "429. Behind a reverse proxy on this machine the address is the client's (X-Forwarded-For from "
         "127.0.0.1 is trusted; uvicorn's FORWARDED_ALLOW_IPS names other proxies).")]
WsConnectRateOption = Annotated[float, typer.Option(
    "--ws-connect-rate", min=0.1, envvar="MEEPLE_WS_CONNECT_RATE",
    help="New WebSocket connections per second allowed to one client address (bursts of four seconds' "
         "worth); more are refused with HTTP 429. A load test from one address needs a higher rate.")]
AgentOption = Annotated[list[str], typer.Option(
    "--agent", metavar="NAME=package.module:Class",
    help="Offer your own agent class as the bot level NAME (repeat for more). Only the operator can add "
         "code: a request names a level, never a module.")]
BotMaxSecondsOption = Annotated[float, typer.Option(
    "--bot-max-seconds", min=0.1, envvar="MEEPLE_BOT_MAX_SECONDS",
    help="The longest any bot thinks for one move; also the top of ismcts:seconds= in a request.")]
MaxGamesOption = Annotated[int, typer.Option(
    "--max-games", min=1, envvar="MEEPLE_MAX_GAMES",
    help="Games held in memory at most; idle games leave memory first, then new games get 503.")]
MemoryLimitOption = Annotated[Optional[float], typer.Option(
    "--memory-limit", metavar="MB", envvar="MEEPLE_MEMORY_LIMIT",
    help="Resident memory (MiB) past which idle games leave memory, the longest untouched first.")]
CreateRateOption = Annotated[float, typer.Option(
    "--create-rate", min=0.001, envvar="MEEPLE_CREATE_RATE",
    help="New games per second one client address may create, after a first burst of 20.")]
AbandonAfterOption = Annotated[float, typer.Option(
    "--abandon-after", min=60.0, max=30 * 86400.0, envvar="MEEPLE_ABANDON_AFTER",
    help="Seconds without any person connected to a game or asking for it after which an open or "
         "started game ends as abandoned (its replay stays readable).")]
SecureCookiesOption = Annotated[Optional[bool], typer.Option(
    "--secure-cookies/--no-secure-cookies", envvar="MEEPLE_SECURE_COOKIES",
    help="Mark the sign-in cookies Secure (sent over https only); default: when the request came over "
         "https. Turn it on behind a TLS proxy that talks plain http to meeple.")]
SessionDaysOption = Annotated[float, typer.Option(
    "--session-days", min=0.01, max=365.0, envvar="MEEPLE_SESSION_DAYS",
    help="Days a sign-in lasts before the player must sign in again.")]
CoachWorkersOption = Annotated[int, typer.Option(
    "--coach-workers", min=1, max=64, envvar="MEEPLE_COACH_WORKERS",
    help="Hint and review searches run at once, on workers of their own (never in front of other requests).")]
CoachProcessesOption = Annotated[bool, typer.Option(
    "--coach-processes/--coach-threads", envvar="MEEPLE_COACH_PROCESSES",
    help="Run hint and review searches in worker processes at a lower priority (the default), or in "
         "threads of the server process, where they share its one interpreter lock with the bots and "
         "every request.")]
CoachQueueOption = Annotated[int, typer.Option(
    "--coach-queue", min=0, envvar="MEEPLE_COACH_QUEUE",
    help="Hint and review searches that may wait for a worker; more get 429 with Retry-After.")]
CoachPerAddressOption = Annotated[int, typer.Option(
    "--coach-per-address", min=1, envvar="MEEPLE_COACH_PER_ADDRESS",
    help="Hint and review searches one client address may have running or waiting; more get 429.")]
CoachRateOption = Annotated[float, typer.Option(
    "--coach-rate", min=0.001, envvar="MEEPLE_COACH_RATE",
    help="Hint and review searches one client address may start per second (bursts of ten seconds' "
         "worth, at least 1); more get 429.")]
SmtpOption = Annotated[Optional[str], typer.Option(
    "--smtp", metavar="URL", envvar="MEEPLE_SMTP",
    help="Send e-mail notices (\"your turn\", invitations, address verification) through this SMTP server: "
         "smtp://user:password@host:587 (STARTTLS when offered), smtp+starttls://… (STARTTLS required) or "
         "smtps://…:465. Without it the server sends no e-mail.")]
MailFromOption = Annotated[Optional[str], typer.Option(
    "--mail-from", metavar="ADDRESS", envvar="MEEPLE_MAIL_FROM",
    help="The From address of the e-mails (default: meeple@<the SMTP host>).")]
PublicUrlOption = Annotated[Optional[str], typer.Option(
    "--public-url", metavar="URL", envvar="MEEPLE_PUBLIC_URL",
    help="The server's address as players reach it (https://play.example.org/), for the links in e-mails "
         "(default: the address it listens on).")]
MailBatchOption = Annotated[float, typer.Option(
    "--mail-batch", min=60.0, max=7 * 86400.0, envvar="MEEPLE_MAIL_BATCH",
    help="Seconds: at most one e-mail notice per game and player in this long.")]
OpenBrowserOption = Annotated[Optional[bool], typer.Option(
    "--open/--no-open",
    help="Open the lobby in your web browser (default: when a graphical desktop is available).")]
VerboseOption = Annotated[bool, typer.Option(
    "--verbose", "-v",
    help="Also print the technical settings at start (database, durability, Redis) and every warning.")]


def serve_command(
    host: HostOption = "127.0.0.1",
    port: PortOption = 8000,
    db: DbOption = None,
    redis: RedisOption = None,
    bot_delay: BotDelayOption = 0.6,
    bot_processes: BotProcessesOption = 0,
    durability: DurabilityOption = "process",
    http_rate: HttpRateOption = 100.0,
    ws_connect_rate: WsConnectRateOption = 5.0,
    agent: AgentOption = [],
    bot_max_seconds: BotMaxSecondsOption = 10.0,
    max_games: MaxGamesOption = 5000,
    memory_limit: MemoryLimitOption = None,
    create_rate: CreateRateOption = 0.2,
    abandon_after: AbandonAfterOption = 1800.0,
    secure_cookies: SecureCookiesOption = None,
    session_days: SessionDaysOption = 30.0,
    coach_workers: CoachWorkersOption = 1,
    coach_processes: CoachProcessesOption = True,
    coach_queue: CoachQueueOption = 8,
    coach_per_address: CoachPerAddressOption = 2,
    coach_rate: CoachRateOption = 1.0,
    smtp: SmtpOption = None,
    mail_from: MailFromOption = None,
    public_url: PublicUrlOption = None,
    mail_batch: MailBatchOption = 3600.0,
    open_browser: OpenBrowserOption = None,
    verbose: VerboseOption = False,
) -> None:
    """Run the online game server: lobby, seats, bots, live play in the browser."""
    from meeple.server import Settings, create_app
    from meeple.server.db import DatabaseFileError, check_database
    from meeple.server.levels import parse_plugins
    from meeple.server.settings import default_db_url

    url = db or default_db_url()
    try:
        plugins = parse_plugins(agent)
    except ValueError as exc:
        typer.echo(f"meeple: {exc}", err=True)
        raise typer.Exit(2) from None
    settings = Settings(db_url=url, bot_delay=bot_delay, bot_processes=bot_processes, redis_url=redis,
                        agents=plugins, bot_max_seconds=bot_max_seconds,
                        bot_move_deadline=max(30.0, 3 * bot_max_seconds), max_live_games=max_games,
                        memory_games=min(1000, max_games), memory_limit_mb=memory_limit, create_rate=create_rate,
                        durability=durability, http_rate=http_rate, http_burst=4 * http_rate,
                        abandon_after=abandon_after, secure_cookies=secure_cookies,
                        session_lifetime=session_days * 86400.0)
    settings.ws_connect_rate, settings.ws_connect_burst = ws_connect_rate, 4 * ws_connect_rate
    settings.coach_workers, settings.coach_processes, settings.coach_queue = coach_workers, coach_processes, coach_queue
    settings.coach_per_address, settings.coach_rate = coach_per_address, coach_rate
    settings.coach_burst = max(1.0, 10 * coach_rate)
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    settings.smtp_url, settings.mail_from, settings.email_batch = smtp, mail_from, mail_batch
    settings.public_url = public_url or f"http://{shown}:{port}/"
    try:
        settings.check()
        check_database(settings.sqlalchemy_url())  # an empty or damaged SQLite file: say so, start nothing
    except (ValueError, DatabaseFileError) as exc:
        typer.echo(f"meeple: {exc}", err=True)
        raise typer.Exit(2) from None
    app = create_app(settings)
    _say_running(f"http://{shown}:{port}/", url, durability, redis, verbose)
    game_log_to_terminal(verbose)
    if open_browser if open_browser is not None else _has_desktop():
        _open_later(f"http://{shown}:{port}/")
    _run(app, host, port, settings.max_ws_message_bytes)


def _say_running(address: str, url: str, durability: str, redis: str | None, verbose: bool) -> None:
    """Where the server listens, in the terminal's language; with ``verbose`` its technical settings."""
    try:
        lang = i18n.terminal_language()
    except i18n.UnknownLanguage:
        lang = i18n.DEFAULT_LANGUAGE
    typer.echo(i18n.render("server.cli.running", {"url": address}, lang))
    if verbose:
        typer.echo(i18n.render("server.cli.settings", {
            "database": _safe(url), "durability": durability, "docs": f"{address}docs",
            "redis": _safe(redis) if redis else "-"}, lang))


def _run(app: Any, host: str, port: int, max_ws_message_bytes: int) -> None:
    """Serve ``app`` until interrupted."""
    import uvicorn

    from meeple.server.heap import YoungPasses

    # The database writer and bot threads hand results back to the event loop; a shorter GIL switch
    # interval (default 5 ms) keeps those hand-overs from adding milliseconds to every move.
    sys.setswitchinterval(0.0005)
    # Games in memory are many small objects that live long, and every move adds more: the collector
    # runs short young passes only and freezes their survivors (meeple.server.heap explains why).
    YoungPasses().install()
    uvicorn.run(app, host=host, port=port, ws_max_size=max_ws_message_bytes * 4,
                ws_per_message_deflate=False, log_level="warning", access_log=False)


class _Terminal(logging.StreamHandler):  # type: ignore[type-arg]
    """A handler writing to whatever ``sys.stdout`` is when a line is logged."""

    @property  # type: ignore[override]
    def stream(self) -> Any:
        return sys.stdout

    @stream.setter
    def stream(self, value: Any) -> None:
        pass


def game_log_to_terminal(verbose: bool = False) -> None:
    """Print the server's one line per game started or finished (logger ``meeple.games``) on the
    terminal; with ``verbose`` also the server's own notices (logger ``meeple.server``)."""
    loggers = [logging.getLogger("meeple.games")] + ([logging.getLogger("meeple.server")] if verbose else [])
    for logger in loggers:
        logger.setLevel(logging.INFO)
        if not any(isinstance(h, _Terminal) for h in logger.handlers):
            handler = _Terminal()
            handler.setFormatter(logging.Formatter("%(asctime)s  %(message)s", "%H:%M:%S"))
            logger.addHandler(handler)


def _has_desktop() -> bool:
    """A graphical session where a browser can open (not a bare terminal, where Python's
    webbrowser module would start a text browser in the foreground)."""
    import os

    return sys.platform in ("darwin", "win32") or bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _open_later(url: str) -> None:
    """Open ``url`` in the browser once the server has had a moment to start listening."""
    import threading
    import webbrowser

    timer = threading.Timer(1.5, lambda: webbrowser.open(url, new=2))
    timer.daemon = True
    timer.start()


def _safe(url: str) -> str:
    """The URL without its password."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        creds, hostpart = rest.rsplit("@", 1)
        user = creds.split(":", 1)[0]
        return f"{scheme}://{user}@{hostpart}"
    return url


def main() -> None:
    typer.run(serve_command)
