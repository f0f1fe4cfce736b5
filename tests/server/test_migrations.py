"""The Alembic migrations build exactly the schema the server's tables describe, on both databases."""

from __future__ import annotations

import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext

from meeple.server import db
from meeple.server.settings import normalize_db_url


def upgrade_to(conn: sa.Connection, revision: str) -> None:
    """Run the Alembic migrations on ``conn`` up to ``revision`` ("head": all of them)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(db.MIGRATIONS))
    cfg.attributes["connection"] = conn
    command.upgrade(cfg, revision)


def test_migrations_match_the_tables_and_run_twice(db_url: str) -> None:
    engine = db.make_engine(normalize_db_url(db_url))
    try:
        db.migrate(engine)
        db.migrate(engine)  # a second start finds the schema current
        with engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), db.metadata)
            version = conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar()
        assert diff == [], diff
        assert version == "0013"  # the merger: the newest revision (0013_invites, re-pointed after 0011 and 0012)
    finally:
        engine.dispose()


def test_games_stored_before_rated_existed_keep_what_the_old_rule_said(db_url: str) -> None:
    """Migration 0007: a finished game is rated when it has rating changes; a game in play when every
    person's seat is an account's and it had no hint, no undo and no referee; every other game not."""
    engine = db.make_engine(normalize_db_url(db_url))
    try:
        with engine.begin() as conn:
            upgrade_to(conn, "0006")
            conn.execute(sa.text("INSERT INTO users (id, name, name_key, created_at) VALUES (1, 'Ann', 'ann', 0), "
                                 "(2, 'Bob', 'bob', 0)"))
            games = {  # id: (status, chance, hints, seats' user ids (None: a guest), an undo event, rating changes)
                "rated-done": ("finished", None, None, [1, 2], False, True),
                "unrated-done": ("finished", None, None, [1, None], False, False),
                "clean-play": ("active", None, None, [1, 2], False, False),
                "guest-play": ("active", None, None, [1, None], False, False),
                "hinted-play": ("active", None, 1, [1, 2], False, False),
                "undone-play": ("active", None, None, [1, 2], True, False),
                "table-play": ("active", "manual", None, [1, 2], False, False),
            }
            for gid, (status, chance, hints, users, undo, changes) in games.items():
                conn.execute(sa.text(
                    "INSERT INTO games (id, game, players, options, seed, status, private, created_at, updated_at, "
                    "chance, hints) VALUES (:id, 'cube-europe', 2, '{}', 1, :status, false, 0, 0, :chance, :hints)"),
                    {"id": gid, "status": status, "chance": chance, "hints": hints})
                for seat, user in enumerate(users):
                    conn.execute(sa.text("INSERT INTO seats (game_id, seat, kind, level, claimed, away, user_id) "
                                         "VALUES (:g, :s, 'human', 'heuristic', true, false, :u)"),
                                 {"g": gid, "s": seat, "u": user})
                if undo:
                    conn.execute(sa.text("INSERT INTO events (game_id, seq, seat, kind, created_at) "
                                         "VALUES (:g, 1, 0, 'undo', 0)"), {"g": gid})
                if changes:
                    conn.execute(sa.text(
                        "INSERT INTO rating_changes (game_id, participant, game, band, seat, rank, mu_before, "
                        "sigma_before, mu_after, sigma_after, at) VALUES (:g, 'user:1', 'cube-europe', '2p', 0, 1, "
                        "25, 8, 27, 7, 0)"), {"g": gid})
            upgrade_to(conn, "head")
            rated = dict(conn.execute(sa.text("SELECT id, rated FROM games")).all())
        assert {gid for gid, flag in rated.items() if flag} == {"rated-done", "clean-play"}
    finally:
        engine.dispose()


def test_existing_accounts_get_their_name_skeletons(db_url: str) -> None:
    from meeple.server.accounts import account_like

    engine = db.make_engine(normalize_db_url(db_url))
    try:
        with engine.begin() as conn:
            upgrade_to(conn, "0007")  # accounts as they were stored before revision 0008
            for uid, name, key, deleted in [(1, "alice", "alice", None), (2, "аlice", "аlice", None),
                                            (3, "Bob", "bob", None), (4, "Carl", "#deleted-4", 5.0)]:
                conn.execute(sa.text("INSERT INTO users (id, name, name_key, password_hash, created_at, deleted_at) "
                                     "VALUES (:id, :name, :key, 'x', 0, :deleted)"),
                             {"id": uid, "name": name, "key": key, "deleted": deleted})
        db.migrate(engine)
        with engine.connect() as conn:
            rows = conn.execute(sa.text("SELECT id, name_skeleton, caps_skeleton FROM users ORDER BY id")).all()
            assert [tuple(r) for r in rows] == [(1, "alice", "allce"), (2, "alice#2", "allce#2"), (3, "bob", "bob"),
                                                (4, "#deleted-4", "#deleted-4")]
            # the two look-alikes that were there stay; a third is refused, Carl's name is free
            assert account_like(conn, "AIice") == "alice" and account_like(conn, "B0B") == "Bob"
            assert account_like(conn, "Carl") is None
    finally:
        engine.dispose()
