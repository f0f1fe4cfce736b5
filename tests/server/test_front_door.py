"""What the lobby sends and what a newcomer reads: names checked and tidied, bad set-ups refused with
nothing changed, the catalog's seat colours, ``meeple serve``'s first line and its per-game log lines."""

from __future__ import annotations

import logging
import time
from pathlib import Path

import pytest

from .helpers import client, create, serve_cli


def _free_seat_game(c) -> dict:
    return create(c, "citadels", 2, seats=[{"kind": "human"}, {"kind": "human"}], player_name="  Ann   Lee ")


def _seats(c, gid: str) -> list[dict]:
    return c.get(f"/api/games/{gid}").json()["seats"]


def test_names_are_tidied_and_shown_for_both_seats(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        made = _free_seat_game(c)
        invite = made["invites"][0]
        r = c.post(f"/api/games/{made['id']}/join", json={"seat": 1, "invite": invite["code"], "name": "Bao "})
        assert r.status_code == 200, r.text
        assert [s["name"] for s in _seats(c, made["id"])] == ["Ann Lee", "Bao"]
        lobby = c.get("/api/lobby").json()
        listed = next(g for g in lobby["active"] if g["id"] == made["id"])
        assert [s["name"] for s in listed["seats"]] == ["Ann Lee", "Bao"]


@pytest.mark.parametrize("name, why", [
    ("x" * 41, "at most 40"),
    ("Bao\u0007", "control character"),
    (5, "valid string"),
    (["Bao"], "valid string"),
])
def test_a_bad_name_is_refused_and_the_seat_stays_free(sqlite_url: str, name: object, why: str) -> None:
    with client(sqlite_url) as c:
        made = _free_seat_game(c)
        r = c.post(f"/api/games/{made['id']}/join", json={"seat": 1, "invite": made["invites"][0]["code"], "name": name})
        assert r.status_code == 422 and why in r.json()["detail"]
        assert _seats(c, made["id"])[1]["claimed"] is False
        # and the invite still works
        r = c.post(f"/api/games/{made['id']}/join", json={"seat": 1, "invite": made["invites"][0]["code"], "name": "Bao"})
        assert r.status_code == 200


def test_a_blank_name_is_no_name(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        made = create(c, "cube-europe", 1, player_name="   ")
        assert _seats(c, made["id"])[0]["name"] is None


def test_a_creator_name_longer_than_the_limit_creates_nothing(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        before = c.get("/api/lobby").json()
        r = c.post("/api/games", json={"game": "cube-europe", "players": 1, "player_name": "y" * 41})
        assert r.status_code == 422 and "at most 40" in r.json()["detail"]
        assert c.get("/api/lobby").json() == before


@pytest.mark.parametrize("body, status", [
    ({"game": "citadels", "players": 4, "options": {"rank1": "dragon"}}, 400),       # not a choice
    ({"game": "citadels", "players": 4, "options": {"rank10": "queen"}}, 400),       # not an option
    ({"game": "citadels", "players": 4, "options": {"short_game": [True]}}, 422),    # not a scalar
    ({"game": "citadels", "players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "level": "grandmaster"}]}, 422),
    ({"game": "citadels", "players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "level": "hard:seconds=9999"}]}, 422),
    ({"game": "citadels", "players": 9}, 400),                                        # more than the game seats
    ({"game": "citadels", "players": 2, "seats": [{"kind": "alien"}, {"kind": "human"}]}, 422),
])
def test_a_bad_set_up_is_refused_with_a_reason_and_creates_nothing(sqlite_url: str, body: dict, status: int) -> None:
    with client(sqlite_url) as c:
        before = c.get("/api/lobby").json()
        r = c.post("/api/games", json=body)
        assert r.status_code == status, r.text
        assert isinstance(r.json()["detail"], str) and r.json()["detail"]
        assert c.get("/api/lobby").json() == before


def test_the_catalog_gives_each_seat_a_colour_in_every_language(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        for lang in ("en", "zh"):
            games = {g["id"]: g for g in c.get(f"/api/catalog?lang={lang}").json()["games"]}
            assert games["citadels"]["seat_colours"][:3] == ["red", "blue", "green"]
            assert games["gods-playground"]["seat_colours"] == ["white", "blue", "red"]
        assert "normal" in c.get("/api/catalog").json()["bot_levels"]


def test_serve_prints_one_line_for_a_newcomer_and_settings_only_when_verbose(monkeypatch: pytest.MonkeyPatch,
                                                                              tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'm.db'}"
    out, seen = serve_cli(monkeypatch, url, "--port", "8123", env={"MEEPLE_LANG": "en"})
    assert out.exit_code == 0, out.output
    lines = out.output.strip().splitlines()
    assert lines == ["meeple is running: open http://127.0.0.1:8123/ in your browser — Ctrl+C to stop"]
    assert "durability" not in out.output
    out, seen = serve_cli(monkeypatch, url, "--verbose", env={"MEEPLE_LANG": "en"})
    assert out.exit_code == 0 and "durability process" in out.output and "m.db" in out.output
    out, seen = serve_cli(monkeypatch, url, env={"MEEPLE_LANG": "zh"})
    assert "meeple 已启动" in out.output and "Ctrl+C" in out.output


def test_the_server_logs_a_line_per_game_started_and_finished(sqlite_url: str, caplog: pytest.LogCaptureFixture,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEEPLE_LANG", "en")
    caplog.set_level(logging.INFO, logger="meeple.games")
    with client(sqlite_url, bot_delay=0.0) as c:
        made = create(c, "cube-europe", 2, seats=[{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "random"}])
        deadline = time.monotonic() + 60
        while not c.get(f"/api/games/{made['id']}/spectate").json()["over"]:
            assert time.monotonic() < deadline
            time.sleep(0.1)
        deadline = time.monotonic() + 10
        while not any("finished" in r.getMessage() for r in caplog.records) and time.monotonic() < deadline:
            time.sleep(0.05)
    lines = [r.getMessage() for r in caplog.records if r.name == "meeple.games"]
    started = [line for line in lines if line.startswith("game started")]
    finished = [line for line in lines if line.startswith("game finished")]
    assert started == [f"game started: Cube Europe (bot random, bot random) — {made['id']}"]
    assert len(finished) == 1 and "won by" in finished[0] and made["id"] in finished[0]
