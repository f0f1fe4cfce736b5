"""Server settings: where the database lives and the limits that protect the server.

>>> s = Settings(db_url="sqlite:///games.db")
>>> s.sqlalchemy_url()
'sqlite:///games.db'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import platformdirs

from meeple.server.levels import LevelPolicy


def default_db_url() -> str:
    """The embedded SQLite file in the user's data directory (created on first run)."""
    folder = Path(platformdirs.user_data_dir("meeple", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'meeple.db'}"


def normalize_db_url(url: str) -> str:
    """``postgresql://`` and ``postgres://`` use the psycopg 3 driver; SQLite URLs pass through."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://"):]
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    if not (url.startswith("sqlite:") or url.startswith("postgresql+psycopg:")):
        raise ValueError(f"unsupported database URL {url!r}: use sqlite:///path or postgresql://user@host/db")
    return url


REDIS_SCHEMES = ("redis://", "rediss://", "unix://")

DURABILITY = ("process", "power")
"""What an acknowledged move survives (docs/server.md, Durability):

* ``process`` (the default): the meeple server process being killed (``kill -9``) or crashing. SQLite
  commits with ``synchronous=NORMAL`` (WAL mode); PostgreSQL connections run with
  ``synchronous_commit = off`` (the commit is in PostgreSQL's memory, visible to every connection,
  and flushed to disk by its WAL writer within a fraction of a second).
* ``power``: also an operating-system crash or a power cut. SQLite ``synchronous=FULL``, PostgreSQL
  ``synchronous_commit = on``: every commit waits for its fsync."""


ABANDON_MIN = 60.0
"""The shortest ``abandon_after`` (seconds): a game is not closed under someone reloading a page."""
ABANDON_MAX = 30 * 86400.0
"""The longest ``abandon_after`` (30 days): every open or started game is closed in the end."""


@dataclass
class Settings:
    """Everything ``create_app`` needs; the defaults suit one person's laptop and the tests."""

    db_url: str | None = None
    max_body_bytes: int = 64 * 1024          # HTTP request bodies
    max_ws_message_bytes: int = 16 * 1024     # one WebSocket message from a client
    http_rate: float = 100.0                  # HTTP requests per second per client address
    http_burst: float = 400.0
    ws_rate: float = 40.0                     # messages per second per WebSocket connection
    ws_burst: float = 80.0
    ws_hello_timeout: float = 10.0            # seconds to send the first ("hello") message
    bot_delay: float = 0.0                    # seconds a bot waits before moving (0 = at once)
    bot_threads: int = 2                      # bots think in threads of this process…
    bot_processes: int = 0                    # …or, if > 0, in this many worker processes (no GIL contention)
    timeout_check_every: float = 1.0          # seconds between turn-timeout sweeps
    deadline_check_every: float = 10.0        # seconds between sweeps for turn-based games' passed deadlines
    deadline_batch: int = 200                 # timeouts played at most per sweep (the rest at the next)
    evict_after: float = 1800.0               # seconds before an idle game (nobody watching) leaves memory
    evict_finished_after: float = 30.0        # the same for a finished game (its replay reloads from the log)
    listen: bool = True                       # hear about other processes' writes (LISTEN, or SUBSCRIBE on Redis)
    redis_url: str | None = None              # redis://host:6379/0: changes between processes over Redis pub/sub
    max_lobby: int = 100
    durability: str = "process"               # what an acknowledged move survives: "process" or "power"
    # --- bots, game creation, undo: what one client may cost the server (docs/server.md, Security)
    bot_max_seconds: float = 10.0             # the longest any bot thinks for one move (and the top of ismcts:seconds=)
    bot_max_iterations: int = 20_000          # the top of ismcts:iterations= in a request
    bot_move_deadline: float = 30.0           # wall seconds after which a search plays its best move so far
    agents: dict[str, str] = field(default_factory=dict)  # operator's plug-in levels: name -> package.module:Class
    create_rate: float = 0.2                  # games one client address may create per second…
    create_burst: float = 20.0                # …after a first burst of this many
    max_live_games: int = 5000                # games in memory at most: past it (idle ones evicted first) 503
    memory_games: int = 1000                  # past this many games in memory, idle ones leave, oldest first
    memory_limit_mb: float | None = None      # also when the process's resident memory passes this
    pressure_idle: float = 5.0                # seconds a game must lie untouched before pressure evicts it
    undo_rate: float = 0.5                    # undos per second one seat may ask for…
    undo_burst: float = 5.0                   # …after a first burst of this many
    hint_rate: float = 0.2                    # hints per second one seat may ask for (each is a search)…
    hint_burst: float = 5.0                   # …after a first burst of this many
    review_iterations: int | None = None      # search iterations per position of a game's review (None: the game's, agents.review)
    review_rate: float = 1 / 60               # reviews one client address may have computed per second…
    review_burst: float = 3.0                 # …after a first burst of this many (cached reviews are free)
    # --- the coach's pool: where hints and reviews search (docs/server.md, Security: the coach's pool)
    coach_workers: int = 1                    # hint and review searches running at once…
    coach_processes: bool = True              # …in worker processes (False: threads of this process, sharing its GIL)
    coach_queue: int = 8                      # searches waiting for a worker at most; past it 429
    coach_per_address: int = 2                # searches running or waiting per client address; past it 429
    coach_rate: float = 1.0                   # searches one client address may start per second…
    coach_burst: float = 10.0                 # …after a first burst of this many
    # --- closing games nobody comes back to (docs/server.md, Closing games)
    abandon_after: float = 1800.0             # seconds without a person connected or asking before a game ends as abandoned
    abandon_check_every: float = 60.0         # seconds between sweeps for such games (also how often presence is stored)
    abandon_batch: int = 500                  # games closed at most per sweep (the rest at the next)
    # --- limits on requests (docs/server.md, Security: Limits on requests)
    ws_connect_rate: float = 5.0              # new WebSocket connections per second per client address…
    ws_connect_burst: float = 20.0            # …after a first burst of this many; more are refused (HTTP 429)
    # --- accounts (docs/server.md, Accounts)
    session_lifetime: float = 30 * 86400.0    # seconds a sign-in lasts (the cookie and the stored session)
    secure_cookies: bool | None = None        # the cookies' Secure flag; None: when the request came over https
    # Sign-in throttling (docs/server.md, Accounts: Limits). Nothing here ever refuses the right password
    # from an address that has not failed for that name: names are public, so a limit on a name alone
    # would let anyone lock its owner out.
    login_address_rate: float = 0.2           # sign-in and sign-up attempts (right or wrong) per second from one address…
    login_address_burst: float = 30.0         # …after a first burst of this many; beyond, that address gets 429
    login_failure_rate: float = 1 / 60        # failed password checks per second for one name from one address…
    login_failure_burst: float = 10.0         # …after a first burst of this many; beyond, 429 for that name from that address
    login_name_failure_rate: float = 1 / 60   # failed password checks per second for one name from all addresses…
    login_name_failure_burst: float = 20.0    # …after a first burst of this many; beyond, each attempt for it is slowed
    login_slowdown: float = 1.0               # seconds such an attempt waits before it is answered (on the event loop)
    # --- e-mail notices (docs/server.md, E-mail notices): none without an SMTP server
    smtp_url: str | None = None               # smtp://user:pass@host:587, smtps://…:465 (None: no e-mail at all)
    mail_from: str | None = None              # the From address (None: meeple@<the SMTP host>)
    public_url: str | None = None             # the server's address as mail links give it (None: http://127.0.0.1:8000/)
    email_batch: float = 3600.0               # seconds: at most one notice per game and account in this long
    email_verify_lifetime: float = 86400.0    # seconds a verification link stays valid
    email_verify_window: float = 86400.0      # the window of the two bounds below (seconds)
    email_verify_per_address: int = 1         # verification mails to one address (all accounts together) per window
    email_verify_per_account: int = 3         # verification mails one account may cause per window

    def check(self) -> None:
        """Raise ValueError, saying why, for settings that cannot work together."""
        url = self.sqlalchemy_url()
        if self.durability not in DURABILITY:
            raise ValueError(f"unsupported durability {self.durability!r}: use 'process' (an acknowledged move "
                             "survives the server process being killed) or 'power' (it also survives an OS "
                             "crash or a power cut; every commit waits for the disk)")
        if not (self.http_rate > 0 and self.http_burst >= 1):
            raise ValueError(f"the HTTP rate limit must be above 0 requests per second with a burst of at least 1 "
                             f"(got rate {self.http_rate}, burst {self.http_burst})")
        if not (self.ws_connect_rate > 0 and self.ws_connect_burst >= 1):
            raise ValueError(f"the WebSocket connection rate must be above 0 per second with a burst of at least 1 "
                             f"(got rate {self.ws_connect_rate}, burst {self.ws_connect_burst})")
        if not (self.bot_max_seconds > 0 and self.bot_move_deadline >= self.bot_max_seconds
                and self.bot_max_iterations >= 1):
            raise ValueError("bot limits: --bot-max-seconds must be above 0, the move deadline at least that, "
                             "and the iteration bound at least 1")
        if not (self.create_rate > 0 and self.create_burst >= 1 and self.undo_rate > 0 and self.undo_burst >= 1
                and self.hint_rate > 0 and self.hint_burst >= 1 and self.review_rate > 0 and self.review_burst >= 1):
            raise ValueError("the game-creation, undo, hint and review rates must be above 0 with bursts of at least 1")
        if not (self.login_address_rate > 0 and self.login_address_burst >= 1 and self.login_failure_rate > 0
                and self.login_failure_burst >= 1 and self.login_name_failure_rate > 0
                and self.login_name_failure_burst >= 1 and 0 <= self.login_slowdown <= 30):
            raise ValueError("the sign-in limits must be above 0 per second with bursts of at least 1, and the "
                             "slowdown 0..30 seconds")
        if not (1 <= self.coach_workers <= 64 and self.coach_queue >= 0 and self.coach_per_address >= 1
                and self.coach_rate > 0 and self.coach_burst >= 1):
            raise ValueError(f"the coach's pool needs 1..64 workers (got {self.coach_workers}), a queue of 0 or more "
                             f"(got {self.coach_queue}), at least 1 search per address (got {self.coach_per_address}) "
                             f"and a rate above 0 with a burst of at least 1 (got {self.coach_rate}, {self.coach_burst})")
        if not (ABANDON_MIN <= self.abandon_after <= ABANDON_MAX and 1 <= self.abandon_check_every <= 600
                and self.abandon_batch >= 1):
            raise ValueError(f"--abandon-after must be {ABANDON_MIN:g}..{ABANDON_MAX:g} seconds (got "
                             f"{self.abandon_after:g}), its sweep every 1..600 seconds, at least one game a sweep")
        if not (self.deadline_check_every > 0 and self.deadline_batch >= 1):
            raise ValueError("the sweep for turn-based deadlines must run more often than never, a timeout at least")
        self._check_email()
        if not (1 <= self.memory_games <= self.max_live_games):
            raise ValueError(f"memory_games ({self.memory_games}) must be 1..max_live_games ({self.max_live_games})")
        if self.redis_url is not None:
            if not self.redis_url.startswith(REDIS_SCHEMES):
                raise ValueError(f"unsupported Redis URL {self.redis_url!r}: use redis://host:6379/0 "
                                 "(or rediss:// for TLS, unix:///path/redis.sock)")
            if not url.startswith("postgresql"):
                raise ValueError("Redis shares changes between server processes on one PostgreSQL database "
                                 "(--db postgresql://…); a SQLite database is for one process")

    def _check_email(self) -> None:
        from meeple.server.email_addresses import check_address
        from meeple.server.errors import ServerError
        from meeple.server.mailer import SmtpConfig

        if self.smtp_url is not None:
            SmtpConfig.parse(self.smtp_url)  # ValueError saying why (without the password)
        if self.mail_from is not None:
            try:
                check_address(self.mail_from)
            except ServerError:
                raise ValueError(f"--mail-from must be a plain e-mail address (name@example.org), not "
                                 f"{self.mail_from[:80]!r}") from None
        if self.public_url is not None and not re.fullmatch(r"https?://[^\s/?#]+(/[^\s?#]*)?", self.public_url):
            raise ValueError(f"--public-url must be the server's http:// or https:// address, not {self.public_url[:80]!r}")
        if not (60 <= self.email_batch <= 7 * 86400 and 60 <= self.email_verify_lifetime <= 30 * 86400
                and 60 <= self.email_verify_window and self.email_verify_per_address >= 1
                and self.email_verify_per_account >= 1):
            raise ValueError("e-mail settings: the batching period must be 60 s..7 days, a verification link "
                             "valid 60 s..30 days, and each verification bound at least 1 per window")

    def level_policy(self) -> LevelPolicy:
        """The bot levels a request may ask for (``meeple.server.levels``)."""
        return LevelPolicy(max_seconds=self.bot_max_seconds, max_iterations=self.bot_max_iterations,
                           plugins=dict(self.agents))

    def sqlalchemy_url(self) -> str:
        return normalize_db_url(self.db_url or default_db_url())

    @property
    def is_postgres(self) -> bool:
        return self.sqlalchemy_url().startswith("postgresql")
