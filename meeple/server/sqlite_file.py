"""The SQLite file: its path in a URL, the check at start that refuses an empty or damaged file
(``check_database``: a missing one is fine, SQLite creates it), and the checkpoints that copy the
write-ahead log into the file in a thread of their own (``Checkpointer``). ``meeple.server.db`` names
them all too.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import threading
import urllib.parse
from typing import Any

from sqlalchemy.engine import make_url

log = logging.getLogger("meeple.server")


def sqlite_path(url: str) -> str | None:
    """The file of a SQLite URL; None for an in-memory database or a URI with query options."""
    parsed = make_url(url)
    path = parsed.database
    if not path or path == ":memory:" or parsed.query:
        return None
    return path


# ---------------------------------------------------------------------------- the SQLite file at start
SQLITE_HEADER = b"SQLite format 3\x00"
_SQLITE_CORRUPT, _SQLITE_NOTADB = 11, 26
_CHECKED: dict[str, Any] = {}  # path -> what the file (and its WAL) looked like when it last passed


class DatabaseFileError(Exception):
    """The SQLite file at the configured path must not be used as it is; the message says what is
    wrong and what to do about it."""


def check_database(url: str) -> None:
    """``check_sqlite_file`` for a SQLite URL (nothing to check for PostgreSQL or in memory)."""
    if url.startswith("sqlite"):
        path = sqlite_path(url)
        if path:
            check_sqlite_file(path)


def _looks(path: str) -> Any:
    """Size, modification time and inode of the file and of its WAL: a file that looks the same as when
    it passed need not be checked again (``meeple serve`` checks before the app starts, the app at start)."""
    out = []
    for name in (path, path + "-wal"):
        try:
            st = os.stat(name)
        except OSError:
            out.append(None)
        else:
            out.append((st.st_size, st.st_mtime_ns, st.st_ino))
    return tuple(out)


def check_sqlite_file(path: str) -> None:
    """Refuse to start on a SQLite file that is not a sound database, with ``DatabaseFileError``.

    A missing file is fine (SQLite creates a new database). An existing file must be non-empty (an
    empty file would silently be taken for a new database: every game gone), begin with SQLite's
    header, and pass ``PRAGMA quick_check`` (a damaged file would start, then fail on every game that
    touches a damaged page while new games are written into it). The check opens the file read-only
    and writes nothing; it reads the whole file once (about a second per GB on an SSD)."""
    path = os.path.abspath(path)
    if not os.path.lexists(path):
        return
    if os.path.isdir(path):
        raise DatabaseFileError(f"{path} is a directory, not a database file: point --db at a file in it "
                                f"(sqlite:///{os.path.join(path, 'meeple.db')})")
    seen = _looks(path)
    if _CHECKED.get(path) == seen:
        return
    try:
        with open(path, "rb") as f:
            head = f.read(len(SQLITE_HEADER))
    except OSError as exc:
        raise DatabaseFileError(f"cannot read the database file {path}: {exc.strerror or exc}. Check that it "
                                "exists and that this user may read and write it (and its folder).") from None
    if not head:
        wal = path + "-wal"
        keep = (f" Its write-ahead log {wal} is still there and may hold recent changes: keep a copy of it."
                if os.path.exists(wal) and os.path.getsize(wal) else "")
        raise DatabaseFileError(
            f"the database file {path} is empty (0 bytes): it holds no games. meeple does not take an empty file "
            "for a new database, since a crash, a full disk or a failed copy can leave a database empty and "
            f"starting on it would lose every game without a word. If it held games, restore it from a backup.{keep} "
            f"To start a fresh database, delete the file (rm '{path}') and start again: meeple creates a new one.")
    if head != SQLITE_HEADER:
        raise DatabaseFileError(
            f"the file {path} is not a SQLite database (it does not begin with 'SQLite format 3'). Is --db the "
            "right path? If this was meeple's database it is damaged: restore it from a backup. To start with an "
            f"empty database instead, move the file away (mv '{path}' '{path}.bad') and start again.")
    problems: list[str] = []
    try:
        uri = "file:" + urllib.parse.quote(path) + "?mode=ro"
        with contextlib.closing(sqlite3.connect(uri, uri=True, timeout=30)) as conn:
            for (line,) in conn.execute("PRAGMA quick_check(5)"):
                if line != "ok":
                    problems.append(" ".join(str(line).split()))
    except sqlite3.DatabaseError as exc:
        code = getattr(exc, "sqlite_errorcode", None)
        if code not in (_SQLITE_CORRUPT, _SQLITE_NOTADB) and "malformed" not in str(exc) \
                and "not a database" not in str(exc):
            raise DatabaseFileError(f"cannot check the database file {path}: SQLite says {exc}. Check that this "
                                    "user may read and write it and its folder, and that no other program "
                                    "holds it locked.") from None
        problems.append(str(exc))
    if problems:
        raise DatabaseFileError(
            f"the database file {path} is damaged (SQLite: {'; '.join(problems)[:300]}). meeple will not start "
            "on it: games would fail to load and new ones would be written into the damaged file. Restore it from "
            f"a backup; or save what can still be read with: sqlite3 '{path}' .recover | sqlite3 '{path}.recovered' "
            f"and start on that (--db sqlite:///{path}.recovered); or move the damaged file away "
            f"(mv '{path}' '{path}.damaged') to start afresh with an empty database.")
    _CHECKED[path] = _looks(path)


class Checkpointer:
    """SQLite checkpoints in a thread of their own: every ``every`` seconds the WAL is copied into the
    database file with ``PRAGMA wal_checkpoint(PASSIVE)``, which never blocks a reader or a writer.
    The commits themselves then never wait for the checkpoint's fsyncs. What a commit guarantees is
    unchanged (WAL mode, ``synchronous`` as the durability setting says)."""

    def __init__(self, path: str, every: float = 1.0) -> None:
        self.path, self.every = path, every
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="meeple-sqlite-checkpoint", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        conn = None
        while not self._stop.wait(self.every):
            try:
                if conn is None:
                    conn = sqlite3.connect(self.path, timeout=30, check_same_thread=False)
                conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
            except sqlite3.Error:
                log.warning("SQLite checkpoint failed; trying again", exc_info=True)
                if conn is not None:
                    conn.close()
                conn = None
        if conn is not None:
            conn.close()

    def close(self) -> None:
        """Stop, after one last checkpoint (the WAL is then small for whoever opens the file next)."""
        self._stop.set()
        self._thread.join(timeout=30)
        try:
            with contextlib.closing(sqlite3.connect(self.path, timeout=30)) as conn:
                conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
        except sqlite3.Error:
            log.warning("last SQLite checkpoint failed", exc_info=True)
