"""The HTTP API: games, seats, views, moves with optimistic concurrency, undo, leave, replay, limits."""

from __future__ import annotations

import hashlib
import time
from pathlib import Path

import pytest
import sqlalchemy as sa

from meeple.server import db
from meeple.server.settings import normalize_db_url

from .helpers import auth, client, create, humans, serve_cli, view


def first_legal(v: dict) -> dict:
    return v["legal"][0]["action"]


def play(c, gid: str, token: str, v: dict | None = None) -> dict:
    v = v or view(c, gid, token)
    r = c.post(f"/api/games/{gid}/actions", headers=auth(token), json={"seq": v["seq"], "action": first_legal(v)})
    assert r.status_code == 200, r.text
    return r.json()["view"]


def events_in_db(url: str, gid: str) -> int:
    engine = sa.create_engine(normalize_db_url(url))
    try:
        with engine.connect() as conn:
            return conn.execute(sa.select(sa.func.count()).select_from(db.events).where(db.events.c.game_id == gid)).scalar()
    finally:
        engine.dispose()


def test_create_join_view_move_on_both_databases(db_url: str) -> None:
    with client(db_url) as c:
        gid, (t0, t1) = humans(c)
        v0, v1 = view(c, gid, t0), view(c, gid, t1)
        assert v0["seat"] == 0 and v1["seat"] == 1 and v0["seq"] == 0 and v0["status"] == "active"
        mover, other = (t0, t1) if v0["your_turn"] else (t1, t0)
        assert view(c, gid, mover)["legal"] and not view(c, gid, other)["legal"]
        label = view(c, gid, mover)["legal"][0]
        assert {"action", "text", "label"} <= set(label) and label["label"]
        after = play(c, gid, mover)
        assert after["seq"] == 1
        assert view(c, gid, other)["seq"] == 1
        assert events_in_db(db_url, gid) == 1
        spect = c.get(f"/api/games/{gid}/spectate").json()
        assert spect["seat"] is None and spect["legal"] == [] and spect["seq"] == 1
        summary = c.get(f"/api/games/{gid}").json()
        assert summary["seq"] == 1 and "seed" not in summary


def test_state_survives_a_restart_and_bots_resume(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid, (t0, t1) = humans(c)
        v = view(c, gid, t0)
        mover = t0 if v["your_turn"] else t1
        play(c, gid, mover)
        before = view(c, gid, t0)
    with client(sqlite_url) as c:
        again = view(c, gid, t0)
        assert again == before
    with client(sqlite_url) as c:  # an all-bot game finishes even across restarts
        made = create(c, seats=[{"kind": "bot", "level": "random"}] * 2)
    with client(sqlite_url) as c:
        deadline = time.monotonic() + 30
        while not c.get(f"/api/games/{made['id']}/spectate").json()["over"]:
            assert time.monotonic() < deadline
            time.sleep(0.02)


def test_stale_sequence_number_is_409_and_changes_nothing(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid, (t0, t1) = humans(c)
        v = view(c, gid, t0)
        mover = t0 if v["your_turn"] else t1
        v = view(c, gid, mover)
        play(c, gid, mover, v)
        now = view(c, gid, t0)
        # the same view again (seq 0): someone else already moved on it
        mover = t0 if now["your_turn"] else t1
        r = c.post(f"/api/games/{gid}/actions", headers=auth(mover), json={"seq": 0, "action": first_legal(view(c, gid, mover))})
        assert r.status_code == 409 and "stale" in r.json()["detail"] and r.json()["seq"] == 1
        assert view(c, gid, t0) == now
        assert events_in_db(sqlite_url, gid) == 1


BAD_BODIES = [
    ({"seq": 0}, 400),                                             # neither action nor text
    ({"seq": 0, "action": {"name": "fly"}}, 422),                  # not an action of this position
    ({"seq": 0, "action": {"name": "start", "args": [1.5]}}, 400),  # malformed args
    ({"seq": 0, "action": {"name": "x", "colour": 1}}, 400),       # unknown field inside the action
    ({"seq": 0, "action": {"name": "x"}, "text": "x"}, 400),       # both forms
    ({"seq": 0, "text": "fly away"}, 400),                         # text that is no action
    ({"seq": "0", "text": "x"}, 422),                              # wrong type
    ({"seq": 0, "text": "x", "extra": 1}, 422),                    # unknown field
    ({"seq": 0, "text": ""}, 422),
]


@pytest.mark.parametrize(("body", "status"), BAD_BODIES)
def test_malformed_moves_get_a_clear_4xx_and_change_nothing(sqlite_url: str, body: dict, status: int) -> None:
    with client(sqlite_url) as c:
        gid, (t0, t1) = humans(c)
        mover = t0 if view(c, gid, t0)["your_turn"] else t1
        before = view(c, gid, mover)
        r = c.post(f"/api/games/{gid}/actions", headers=auth(mover), json=body)
        assert r.status_code == status, r.text
        assert isinstance(r.json()["detail"], str) and r.json()["detail"]
        assert view(c, gid, mover) == before


def test_wrong_player_tokens_and_garbage(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid, (t0, t1) = humans(c)
        other_gid, (u0, _) = humans(c)
        waiting = t1 if view(c, gid, t0)["your_turn"] else t0
        before = c.get(f"/api/games/{gid}/spectate").json()
        mover_view = view(c, gid, t0 if waiting == t1 else t1)
        r = c.post(f"/api/games/{gid}/actions", headers=auth(waiting), json={"seq": 0, "action": first_legal(mover_view)})
        assert r.status_code == 422 and "turn" in r.json()["detail"]
        assert c.get(f"/api/games/{gid}/view").status_code == 401
        assert c.get(f"/api/games/{gid}/view", headers=auth("nonsense")).status_code == 401
        assert c.get(f"/api/games/{gid}/view", headers=auth(u0)).status_code == 401  # a seat of another game
        r = c.post(f"/api/games/{gid}/actions", headers={**auth(waiting), "content-type": "application/json"},
                   content=b"{not json")
        assert r.status_code == 422
        assert c.get("/api/games/nope/view", headers=auth(t0)).status_code == 404
        r = c.post("/api/games", json={"game": "no-such-game"})
        assert r.status_code == 400 and "cube-europe" in r.json()["detail"]
        r = c.post("/api/games", json={"game": "cube-europe", "players": 9})
        assert r.status_code == 400
        r = c.post("/api/games", json={"game": "cube-europe", "players": 2, "seats": [{"kind": "bot", "level": "genius"}] * 2})
        assert r.status_code == 422 and "genius" in r.json()["detail"] and "heuristic" in r.json()["detail"]
        r = c.post("/api/games", json={"game": "cube-europe", "options": {"solo_deck": "huge"}})
        assert r.status_code == 400
        assert c.get(f"/api/games/{gid}/spectate").json() == before


def test_invites_are_one_time_and_tokens_are_stored_hashed(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        made = create(c, players=3, seats=[{"kind": "human"}] * 3, private=True)
        gid = made["id"]
        inv = {i["seat"]: i["code"] for i in made["invites"]}
        assert set(inv) == {1, 2}
        r = c.post(f"/api/games/{gid}/join", json={"seat": 1, "invite": inv[1]})
        assert r.status_code == 200
        token1 = r.json()["token"]
        again = c.post(f"/api/games/{gid}/join", json={"seat": 1, "invite": inv[1]})
        assert again.status_code == 409
        assert c.post(f"/api/games/{gid}/join", json={"seat": 2, "invite": inv[1]}).status_code == 403
        assert c.post(f"/api/games/{gid}/join", json={"seat": 2}).status_code == 403  # private
        assert c.get("/api/lobby").json() == {"open": [], "active": [], "finished": []}
        public = create(c, players=2, seats=[{"kind": "human"}] * 2)
        assert [g["id"] for g in c.get("/api/lobby").json()["open"]] == [public["id"]]
        assert c.post(f"/api/games/{public['id']}/join", json={}).json()["seat"] == 1
    engine = sa.create_engine(normalize_db_url(sqlite_url))
    with engine.connect() as conn:
        dump = "\n".join(str(tuple(r)) for r in conn.execute(sa.select(db.seats)))
    engine.dispose()
    for secret in (made["token"], token1, inv[2]):
        assert secret not in dump
    assert hashlib.sha256(token1.encode()).hexdigest() in dump


def test_body_size_and_rate_limits(sqlite_url: str) -> None:
    with client(sqlite_url, max_body_bytes=2000, http_rate=1, http_burst=5) as c:
        r = c.post("/api/games", json={"game": "cube-europe", "name": "x" * 5000})
        assert r.status_code == 413 and "too large" in r.json()["detail"]
        codes = [c.get("/api/health").status_code for _ in range(30)]
        assert 429 in codes and codes[0] == 200


def test_an_all_bot_game_finishes_and_replays(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        made = create(c, seats=[{"kind": "bot", "level": "heuristic"}, {"kind": "bot", "level": "random"}])
        gid = made["id"]
        assert made["token"] is None
        deadline = time.monotonic() + 60
        while not (s := c.get(f"/api/games/{gid}/spectate").json())["over"]:
            assert time.monotonic() < deadline
            r = c.get(f"/api/games/{gid}/replay")
            assert r.status_code in (403, 200)
            time.sleep(0.05)
        assert s["result"]["winners"]
        rep = c.get(f"/api/games/{gid}/replay").json()
        assert len(rep["moves"]) == s["seq"] and rep["moves"][0]["label"] and rep["seed"] >= 0
        step = c.get(f"/api/games/{gid}/replay/3").json()
        assert step["step"] == 3 and len(step["observations"]) == 2
        assert c.get(f"/api/games/{gid}/replay/99999").status_code == 404
        assert gid in [g["id"] for g in c.get("/api/lobby").json()["finished"]]


def test_replay_is_closed_while_the_game_runs(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid, _ = humans(c)
        assert c.get(f"/api/games/{gid}/replay").status_code == 403
        assert c.get(f"/api/games/{gid}/replay/0").status_code == 403


def peek_game(c) -> tuple[str, list[str]]:
    return humans(c, "peek", 2, fallback_level="random")


def test_undo_follows_the_bga_policy(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid, (north, east) = peek_game(c)
        v = view(c, gid, north)
        assert v["your_turn"] and not v["can_undo"]
        plays = [x for x in v["legal"] if x["action"]["name"] == "play"]
        r = c.post(f"/api/games/{gid}/actions", headers=auth(north), json={"seq": 0, "action": plays[0]["action"]})
        after = r.json()["view"]
        assert after["can_undo"] and not view(c, gid, east)["can_undo"]
        assert c.post(f"/api/games/{gid}/undo", headers=auth(east), json={"seq": 1}).status_code == 403
        assert c.post(f"/api/games/{gid}/undo", headers=auth(north), json={"seq": 0}).status_code == 409
        r = c.post(f"/api/games/{gid}/undo", headers=auth(north), json={"seq": 1})
        assert r.status_code == 200, r.text
        back = r.json()["view"]
        assert back["seq"] == 2 and back["observation"] == v["observation"] and back["legal"] == v["legal"]
        assert view(c, gid, north)["log"] == v["log"]
        # a peek reveals the centre card: no undo
        r = c.post(f"/api/games/{gid}/actions", headers=auth(north), json={"seq": 2, "text": "peek"})
        assert r.status_code == 200
        r = c.post(f"/api/games/{gid}/undo", headers=auth(north), json={"seq": 3})
        assert r.status_code == 409 and "revealed" in r.json()["detail"]
        # a draw is a random event: no undo
        r = c.post(f"/api/games/{gid}/actions", headers=auth(east), json={"seq": 3, "text": "draw"})
        assert r.status_code == 200
        r = c.post(f"/api/games/{gid}/undo", headers=auth(east), json={"seq": 4})
        assert r.status_code == 409 and "random" in r.json()["detail"]
        # someone else acted since: no undo of an older move
        r = c.post(f"/api/games/{gid}/actions", headers=auth(north), json={"seq": 4, "action": view(c, gid, north)["legal"][0]["action"]})
        assert c.post(f"/api/games/{gid}/undo", headers=auth(east), json={"seq": 5}).status_code == 403
    with client(sqlite_url) as c:  # the undo is part of the stored log: the replay agrees after a restart
        assert view(c, gid, north)["seq"] == 5


def test_leave_lets_a_bot_play_and_reclaim_takes_the_seat_back(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid, (north, east) = peek_game(c)
        assert view(c, gid, north)["your_turn"]
        assert c.post(f"/api/games/{gid}/leave", headers=auth(north)).status_code == 200
        deadline = time.monotonic() + 30
        while view(c, gid, east)["seq"] == 0:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        v = view(c, gid, north)
        assert v["seats"][0]["away"] and v["seats"][0]["bot_playing"]
        r = c.post(f"/api/games/{gid}/actions", headers=auth(north), json={"seq": v["seq"], "text": "peek"})
        assert r.status_code in (403, 409, 422)
        assert c.post(f"/api/games/{gid}/reclaim", headers=auth(north)).status_code == 200
        assert not view(c, gid, north)["seats"][0]["away"]


def test_turn_timeout_hands_the_seat_to_a_bot(sqlite_url: str) -> None:
    with client(sqlite_url, timeout_check_every=0.05) as c:
        gid, (north, east) = humans(c, "peek", 2, fallback_level="random", turn_timeout=0.5)
        deadline = time.monotonic() + 30
        while not view(c, gid, north)["seats"][0]["away"]:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        while view(c, gid, east)["seq"] == 0:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        assert c.post(f"/api/games/{gid}/reclaim", headers=auth(north)).status_code == 200


def test_openapi_documents_the_api(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        paths = c.get("/openapi.json").json()["paths"]
        for p in ("/api/games", "/api/lobby", "/api/games/{gid}/view", "/api/games/{gid}/actions",
                  "/api/games/{gid}/undo", "/api/games/{gid}/replay", "/api/games/{gid}/join"):
            assert p in paths
        cat = c.get("/api/catalog").json()
        assert "cube-europe" in [g["id"] for g in cat["games"]] and "random" in cat["bot_levels"]
        assert c.get("/").status_code == 200


def test_serve_command_is_a_typer_command() -> None:
    import typer
    from typer.testing import CliRunner

    from meeple.server.cli import serve_command

    app = typer.Typer()
    app.command("serve")(serve_command)
    app.command("other")(lambda: None)
    out = CliRunner().invoke(app, ["serve", "--help"])
    assert out.exit_code == 0
    for opt in ("--host", "--port", "--db"):
        assert opt in out.output
    bad = CliRunner().invoke(app, ["serve", "--db", "mysql://x"])
    assert bad.exit_code == 2


def test_serve_http_rate_reaches_the_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'm.db'}"
    out, seen = serve_cli(monkeypatch, url)
    assert out.exit_code == 0 and (seen[-1].http_rate, seen[-1].http_burst) == (100.0, 400.0)
    out, seen = serve_cli(monkeypatch, url, "--http-rate", "2500")
    assert out.exit_code == 0 and (seen[-1].http_rate, seen[-1].http_burst) == (2500.0, 10000.0)
    out, seen = serve_cli(monkeypatch, url, env={"MEEPLE_HTTP_RATE": "7"})
    assert out.exit_code == 0 and seen[-1].http_rate == 7.0
    refused, seen = serve_cli(monkeypatch, url, "--http-rate", "0")
    assert refused.exit_code == 2 and seen == []


def test_serve_bot_game_and_memory_limits_reach_the_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'm.db'}"
    out, seen = serve_cli(monkeypatch, url)
    s = seen[-1]
    assert out.exit_code == 0 and (s.agents, s.bot_max_seconds, s.max_live_games, s.memory_limit_mb,
                                   s.create_rate) == ({}, 10.0, 5000, None, 0.2)
    out, seen = serve_cli(monkeypatch, url, "--agent", "mine=meeple.agents:RandomAgent", "--bot-max-seconds", "20",
                          "--max-games", "300", "--memory-limit", "512", "--create-rate", "1")
    s = seen[-1]
    assert out.exit_code == 0, out.output
    assert s.agents == {"mine": "meeple.agents:RandomAgent"} and s.bot_max_seconds == 20.0
    assert s.bot_move_deadline == 60.0 and s.max_live_games == 300 and s.memory_games == 300
    assert s.memory_limit_mb == 512.0 and s.create_rate == 1.0
    for bad in (["--agent", "mine=no_such_module_x:Agent"], ["--agent", "hard=meeple.agents:RandomAgent"]):
        out, seen = serve_cli(monkeypatch, url, *bad)
        assert out.exit_code == 2 and seen == [] and "--agent" in out.output and "Traceback" not in out.output


def test_bots_can_think_in_worker_processes(sqlite_url: str) -> None:
    with client(sqlite_url, bot_processes=1) as c:
        made = create(c, seats=[{"kind": "bot", "level": "heuristic"}, {"kind": "bot", "level": "random"}])
        deadline = time.monotonic() + 90
        while not c.get(f"/api/games/{made['id']}/spectate").json()["over"]:
            assert time.monotonic() < deadline
            time.sleep(0.05)


def test_idle_games_leave_memory_and_come_back(sqlite_url: str) -> None:
    with client(sqlite_url, evict_after=0.2, timeout_check_every=0.05) as c:
        gid, (t0, t1) = humans(c)
        before = view(c, gid, t0)
        hub = c.app.state.hub
        deadline = time.monotonic() + 30
        while gid in hub.live:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert view(c, gid, t0) == before


def test_a_crash_in_the_rules_changes_nothing_and_the_server_keeps_running(sqlite_url: str, monkeypatch) -> None:
    with client(sqlite_url) as c:
        gid, (north, east) = peek_game(c)
        before = view(c, gid, north)
        rules = type(c.app.state.hub.live[gid].state)
        original = rules._apply

        def broken(self, action, player):
            if action.name == "peek":
                self.turns += 100  # half-done change, then a crash
                raise RuntimeError("bug")
            return original(self, action, player)

        monkeypatch.setattr(rules, "_apply", broken)
        r = c.post(f"/api/games/{gid}/actions", headers=auth(north), json={"seq": 0, "text": "peek"})
        assert r.status_code == 500 and "nothing changed" in r.json()["detail"]
        monkeypatch.setattr(rules, "_apply", original)
        assert view(c, gid, north) == before
        assert c.post(f"/api/games/{gid}/actions", headers=auth(north), json={"seq": 0, "text": "peek"}).status_code == 200


def test_a_game_that_no_longer_replays_gets_a_clear_error(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid, (north, _) = peek_game(c)
        assert c.post(f"/api/games/{gid}/actions", headers=auth(north), json={"seq": 0, "text": "peek"}).status_code == 200
    engine = sa.create_engine(normalize_db_url(sqlite_url))
    with engine.begin() as conn:  # as if the rules had changed: the stored move is illegal now
        conn.execute(db.events.update().values(action='{"name": "fly", "args": []}'))
    engine.dispose()
    with client(sqlite_url) as c:
        r = c.get(f"/api/games/{gid}/view", headers=auth(north))
        assert r.status_code == 409 and "cannot be replayed" in r.json()["detail"]
        assert c.get("/api/health").status_code == 200


def test_the_catalog_gives_each_game_its_own_ladder(sqlite_url: str) -> None:
    """The lobby offers per game only the rungs measured to differ there (meeple.agents.ladder): Cube
    Europe leaves out ``hard``, which played no better than ``normal``; the others offer all four."""
    with client(sqlite_url) as c:
        games = {g["id"]: g for g in c.get("/api/catalog").json()["games"]}
    assert games["cube-europe"]["ladder"] == ["random", "easy", "normal"]
    assert games["kingsburg"]["ladder"] == ["random", "easy", "normal", "hard"]
