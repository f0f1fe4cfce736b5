"""Server test fixtures: a real SQLite file per test, a real PostgreSQL database per session, clients.

PostgreSQL: uses the server on 127.0.0.1:5432 if it answers, else tries to start the local cluster;
the PostgreSQL tests are skipped only when that fails and the CI variable is unset.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from . import peek

PG_HOST = os.environ.get("MEEPLE_TEST_PGHOST", "127.0.0.1")
PG_PORT = os.environ.get("MEEPLE_TEST_PGPORT", "5432")
PG_USER = os.environ.get("MEEPLE_TEST_PGUSER", "postgres")
REDIS_URL = os.environ.get("MEEPLE_TEST_REDIS", "redis://127.0.0.1:6379/0")


@pytest.fixture(autouse=True)
def _peek_registered() -> Iterator[None]:
    with peek.registered():
        yield


@pytest.fixture(autouse=True)
def _no_shipped_bot_ratings(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's tests rate bots as newcomers unless a test stores anchors or ships a file of its own
    (``meeple/server/bot_ratings.json`` changes whenever the tournaments are run again)."""
    from meeple.server import bot_tournament

    monkeypatch.setattr(bot_tournament, "SHIPPED_PATH", tmp_path_factory.mktemp("shipped") / "bot_ratings.json")


def _pg_ready() -> bool:
    if shutil.which("pg_isready") is None:
        return _pg_connect_ok()
    return subprocess.run(["pg_isready", "-q", "-h", PG_HOST, "-p", PG_PORT], check=False).returncode == 0


def _pg_connect_ok() -> bool:
    try:
        import psycopg

        with psycopg.connect(host=PG_HOST, port=PG_PORT, user=PG_USER, dbname="postgres", connect_timeout=3):
            return True
    except Exception:  # noqa: BLE001
        return False


def _start_pg() -> None:
    versions = sorted(os.listdir("/etc/postgresql")) if os.path.isdir("/etc/postgresql") else []
    for version in versions:
        subprocess.run(["pg_ctlcluster", "--skip-systemctl-redirect", version, "main", "start"],
                       check=False, capture_output=True, timeout=60)
    for _ in range(40):
        if _pg_ready():
            return
        time.sleep(0.25)


@pytest.fixture(scope="session")
def pg_server() -> str:
    """A libpq URL of the PostgreSQL server (its 'postgres' database)."""
    if not _pg_ready():
        _start_pg()
    if not _pg_ready() or not _pg_connect_ok():
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL is not running and could not be started (CI is set, so this is a failure)")
        pytest.skip("PostgreSQL is not running and could not be started")
    return f"postgresql://{PG_USER}@{PG_HOST}:{PG_PORT}/postgres"


@pytest.fixture
def pg_url(pg_server: str) -> Iterator[str]:
    """A fresh, empty PostgreSQL database for one test; dropped afterwards."""
    import psycopg

    name = f"meeple_test_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(pg_server, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield pg_server.rsplit("/", 1)[0] + "/" + name
    finally:
        with psycopg.connect(pg_server, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'meeple.db'}"


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'meeple.db'}"
    return request.getfixturevalue("pg_url")


@pytest.fixture(scope="session")
def redis_url() -> str:
    """The Redis server on 127.0.0.1:6379; the Redis tests are skipped only when it does not answer
    and the CI variable is unset."""
    try:
        import redis

        with redis.Redis.from_url(REDIS_URL, socket_connect_timeout=3) as r:
            r.ping()
    except Exception as exc:  # noqa: BLE001
        if os.environ.get("CI"):
            pytest.fail(f"Redis does not answer at {REDIS_URL} (CI is set, so this is a failure): {exc}")
        pytest.skip(f"Redis does not answer at {REDIS_URL}")
    return REDIS_URL
