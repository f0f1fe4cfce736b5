"""Table chat (issue 40): bounds, rate limits, plain text, quick phrases in each reader's language,
spectators read-only, never a move, stored with the game and shown in its replay, across processes."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
import sqlalchemy as sa

from meeple.core import i18n
from meeple.server import chat as rules
from meeple.server import chat_store, db
from meeple.server.accounts import CSRF_HEADER
from meeple.server.settings import Settings, normalize_db_url

from .helpers import ServerProcess, auth, client, humans, view, ws_url
from .test_migrations import upgrade_to

A = Settings().abandon_after + 2 * Settings().abandon_check_every


def say(c: Any, gid: str, token: str | None, lang: str = "en", **body: Any) -> Any:
    return c.post(f"/api/games/{gid}/chat?lang={lang}", json=body, headers=auth(token) if token else {})


def lines(c: Any, gid: str, lang: str = "en", **params: Any) -> list[dict[str, Any]]:
    r = c.get(f"/api/games/{gid}/chat", params={"lang": lang, **params})
    assert r.status_code == 200, r.text
    return r.json()["lines"]


def until(ws: Any, kind: str) -> dict[str, Any]:
    while True:
        msg = ws.receive_json()
        if msg["type"] == kind:
            return msg


def both(ws: Any, *kinds: str) -> dict[str, dict[str, Any]]:
    """The next message of each of ``kinds``, whatever their order (others skipped)."""
    got: dict[str, dict[str, Any]] = {}
    while len(got) < len(kinds):
        msg = ws.receive_json()
        if msg["type"] in kinds and msg["type"] not in got:
            got[msg["type"]] = msg
    return got


def peek_game(c: Any) -> tuple[str, list[str]]:
    return humans(c, "peek", 2, fallback_level="random")


def test_text_is_stored_as_typed_and_pushed_to_seats_and_spectators(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid, (north, east) = peek_game(c)
        url = f"/api/games/{gid}/ws"
        with c.websocket_connect(url) as we, c.websocket_connect(url) as spec:
            we.send_json({"type": "hello", "token": east, "lang": "zh"})
            spec.send_json({"type": "hello"})
            until(we, "view"), until(spec, "view")
            typed = "<script>alert('x')</script> & <b>bold</b> Zoë 你好"
            r = say(c, gid, north, text=f"  {typed} ")
            assert r.status_code == 201, r.text
            line = r.json()["line"]
            assert line["text"] == typed and line["phrase"] is None and line["seat"] == 0 and line["seq"] == 0
            assert set(line) == {"id", "seat", "color", "name", "account", "seq", "at", "phrase", "text"}
            for ws in (we, spec):
                pushed = until(ws, "chat")["line"]
                assert pushed["id"] == line["id"] and pushed["text"] == typed
        assert [x["text"] for x in lines(c, gid)] == [typed]
        # nothing private: no token, no hash, no account id anywhere in what readers get
        blob = json.dumps(lines(c, gid)) + json.dumps(line)
        assert north not in blob and east not in blob and "token" not in blob and "user_id" not in blob


def test_bounds_are_checked_and_a_refusal_stores_nothing(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid, (north, _) = peek_game(c)
        refused = {
            "server.chat_too_long": [{"text": "x" * (rules.MAX_CHARS + 1)}, {"text": "y" * 5000}],
            "server.chat_blank": [{"text": ""}, {"text": "   "}, {"text": "\u3000"}],
            "server.chat_control": [{"text": "a\nb"}, {"text": "a\x00"}, {"text": "tab\there"},
                                    {"text": "abc\u202edcba"}, {"text": "\x1b[31mred"}, {"text": "a\u2028b"}],
            "server.chat_not_text": [{"text": 5}, {"text": ["a"]}, {"text": {"id": "x"}}],
            "server.chat_text_or_phrase": [{}, {"text": "hi", "phrase": "hello"}],
            "server.chat_unknown_phrase": [{"phrase": "insult"}, {"phrase": 3}, {"phrase": "web.chat.phrase.hello"}],
        }
        for error_id, bodies in refused.items():
            for body in bodies:
                r = say(c, gid, north, **body)
                assert r.status_code == 422 and r.json()["error"] == error_id, (body, r.text)
        zh = say(c, gid, north, lang="zh", text="x" * 301).json()["detail"]
        assert "300" in zh and "字符" in zh
        assert say(c, gid, north, text="hi", extra=1).status_code == 422  # unknown field
        assert lines(c, gid) == []
        # exactly the bound, counted after NFC: 300 "é" typed as e + combining accent (600 code points)
        decomposed = "e\u0301" * rules.MAX_CHARS
        r = say(c, gid, north, text=decomposed)
        assert r.status_code == 201, r.text
        assert r.json()["line"]["text"] == "\u00e9" * rules.MAX_CHARS
        assert say(c, gid, north, text="ok 👍🏽 family 👨‍👩‍👧").status_code == 201  # emoji with joiners are text


def test_each_seat_is_rate_limited_and_the_game_and_seat_are_capped(sqlite_url: str, monkeypatch) -> None:
    with client(sqlite_url) as c:
        hub = c.app.state.hub
        now = [1_000_000.0]
        hub.clock = lambda: now[0]
        gid, (north, east) = peek_game(c)
        for i in range(rules.PER_WINDOW):
            assert say(c, gid, north, text=f"line {i}").status_code == 201
        r = say(c, gid, north, text="one too many")
        assert r.status_code == 429 and r.json()["error"] == "server.chat_too_fast"
        assert int(r.headers["Retry-After"]) >= 1
        assert say(c, gid, east, phrase="hello").status_code == 201  # the other seat's own allowance
        now[0] += rules.WINDOW_SECONDS - 1
        assert say(c, gid, north, text="still too soon").status_code == 429
        now[0] += 1.5
        assert say(c, gid, north, text="again").status_code == 201
        # the database counts too (another process's lines): a fresh window in memory does not help
        hub.chat.window = rules.SlidingWindow()
        for _ in range(rules.PER_WINDOW - 1):
            now[0] += 0.1
            assert say(c, gid, north, text="more").status_code == 201
        hub.chat.window = rules.SlidingWindow()
        assert say(c, gid, north, text="refused by the stored count").status_code == 429
        stored = len(lines(c, gid))
        assert stored == 2 * rules.PER_WINDOW + 1
        monkeypatch.setattr(rules, "SEAT_CAP", stored - 1)
        now[0] += 100
        r = say(c, gid, north, text="past my cap")
        assert r.status_code == 409 and r.json()["error"] == "server.chat_seat_full"
        assert say(c, gid, east, text="east may").status_code == 201
        monkeypatch.setattr(rules, "GAME_CAP", stored + 1)
        r = say(c, gid, east, text="the chat is full")
        assert r.status_code == 409 and r.json()["error"] == "server.chat_full"
        assert len(lines(c, gid)) == stored + 1


def test_quick_phrases_are_shown_in_each_readers_language(sqlite_url: str) -> None:
    for phrase in rules.QUICK_PHRASES:  # both catalogues complete, and really translated
        en, zh = (i18n.render(rules.phrase_id(phrase), None, lang) for lang in ("en", "zh"))
        assert i18n.has(rules.phrase_id(phrase), "en") and i18n.has(rules.phrase_id(phrase), "zh")
        assert en != zh and not any("\u4e00" <= ch <= "\u9fff" for ch in en) and any("\u4e00" <= ch <= "\u9fff" for ch in zh)
    with client(sqlite_url) as c:
        gid, (north, east) = peek_game(c)
        url = f"/api/games/{gid}/ws"
        with c.websocket_connect(url) as wn, c.websocket_connect(url) as we:
            wn.send_json({"type": "hello", "token": north, "lang": "en"})
            we.send_json({"type": "hello", "token": east, "lang": "zh"})
            until(wn, "view"), until(we, "view")
            we.send_json({"type": "chat", "phrase": "good_game", "ref": "c1"})  # said in Chinese…
            got = both(we, "chat_ack", "chat")
            ack = got["chat_ack"]
            assert ack["ref"] == "c1"
            to_north, to_east = until(wn, "chat")["line"], got["chat"]["line"]
            assert to_north["phrase"] == to_east["phrase"] == "good_game" and to_north["id"] == ack["id"]
            assert (to_north["text"], to_east["text"]) == ("Good game!", "精彩的一局！")  # …read in each one's own
            wn.send_json({"type": "chat", "phrase": "hello"})
            assert until(we, "chat")["line"]["text"] == "你好！"
            # free text is shown as typed, in every language
            wn.send_json({"type": "chat", "text": "gg, thanks"})
            assert until(we, "chat")["line"]["text"] == "gg, thanks"
            wn.send_json({"type": "chat", "text": "", "ref": 9})
            err = until(wn, "error")
            assert (err["status"], err["error"], err["ref"]) == (422, "server.chat_blank", 9)
        assert [x["text"] for x in lines(c, gid, "zh")] == ["精彩的一局！", "你好！", "gg, thanks"]
        assert [x["text"] for x in lines(c, gid, "en")] == ["Good game!", "Hello!", "gg, thanks"]


def test_spectators_read_but_cannot_write(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid, (north, _) = peek_game(c)
        assert say(c, gid, north, text="hello table").status_code == 201
        assert [x["text"] for x in lines(c, gid)] == ["hello table"]  # anyone may read
        r = say(c, gid, None, text="a spectator")
        assert r.status_code == 401 and r.json()["error"] == "server.needs_token"
        r = say(c, gid, "not-a-token", text="a stranger")
        assert r.status_code == 401 and r.json()["error"] == "server.bad_token"
        with c.websocket_connect(f"/api/games/{gid}/ws") as spec:
            spec.send_json({"type": "hello"})
            until(spec, "view")
            spec.send_json({"type": "chat", "text": "let me in", "ref": 1})
            err = until(spec, "error")
            assert (err["status"], err["error"]) == (403, "server.chat_spectator")
        # a signed-in account that holds no seat here
        made = c.post("/api/accounts", json={"name": "Watcher", "password": "correct horse battery 42"})
        assert made.status_code == 201, made.text
        r = c.post(f"/api/games/{gid}/chat", json={"text": "me too"},
                   headers={CSRF_HEADER: c.cookies.get("meeple_csrf")})
        assert r.status_code == 403 and r.json()["error"] == "server.account_not_seated"
        assert [x["text"] for x in lines(c, gid)] == ["hello table"]
        assert lines(c, gid, limit=1, after=0)[0]["text"] == "hello table"
        assert c.get(f"/api/games/{gid}/chat", params={"limit": rules.HISTORY_LIMIT + 1}).status_code == 422


def test_a_line_is_never_a_move(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid, (north, east) = peek_game(c)
        v = view(c, gid, north)
        plays = [x for x in v["legal"] if x["action"]["name"] == "play"]
        r = c.post(f"/api/games/{gid}/actions", headers=auth(north), json={"seq": 0, "action": plays[0]["action"]})
        assert r.status_code == 200 and r.json()["view"]["can_undo"]
        before = {seat: view(c, gid, tok) for seat, tok in ((0, north), (1, east))}
        summary = c.get(f"/api/games/{gid}").json()
        for token in (north, east, north):
            assert say(c, gid, token, text="thinking…").status_code == 201
        assert say(c, gid, east, phrase="your_turn").status_code == 201
        after = {seat: view(c, gid, tok) for seat, tok in ((0, north), (1, east))}
        assert after == before  # seq, observation, legal actions, log, can_undo: all as they were
        assert c.get(f"/api/games/{gid}").json() == summary
        with db.make_engine(normalize_db_url(sqlite_url)).connect() as conn:
            assert conn.execute(sa.text("SELECT count(*) FROM events WHERE game_id = :g"), {"g": gid}).scalar() == 1
        # the move said before the lines can still be taken back, and the lines stay
        r = c.post(f"/api/games/{gid}/undo", headers=auth(north), json={"seq": 1})
        assert r.status_code == 200, r.text
        assert len(lines(c, gid)) == 4


def test_a_turn_based_clock_does_not_see_the_chat(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        hub = c.app.state.hub
        now = [2_000_000.0]
        hub.clock = lambda: now[0]
        gid, (red, blue) = humans(c, "kingsburg", 2, pace="turns", move_seconds=3600)
        seats = c.get(f"/api/games/{gid}").json()["seats"]
        assert any(s["deadline"] for s in seats)
        now[0] += 600
        for token in (red, blue):
            assert say(c, gid, token, phrase="one_moment").status_code == 201
        assert c.get(f"/api/games/{gid}").json()["seats"] == seats  # no deadline renewed, no miss counted


def test_lines_are_in_the_replay_at_their_place_in_time(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid, (north, east) = peek_game(c)
        assert say(c, gid, north, phrase="hello").status_code == 201             # before any move: step 0
        v = view(c, gid, north)
        play = next(x for x in v["legal"] if x["action"]["name"] == "play")
        assert c.post(f"/api/games/{gid}/actions", headers=auth(north), json={"seq": 0, "action": play["action"]}).status_code == 200
        assert say(c, gid, east, text="nice card").status_code == 201            # after a move later undone: step 0
        assert c.post(f"/api/games/{gid}/undo", headers=auth(north), json={"seq": 1}).status_code == 200
        assert say(c, gid, north, text="oops, taken back").status_code == 201     # seq 2, no move in effect: step 0
        assert c.post(f"/api/games/{gid}/actions", headers=auth(north), json={"seq": 2, "text": "peek"}).status_code == 200
        assert c.post(f"/api/games/{gid}/actions", headers=auth(east), json={"seq": 3, "text": "draw"}).status_code == 200
        assert say(c, gid, east, phrase="good_game").status_code == 201           # seq 4, two moves: step 2
        assert c.get(f"/api/games/{gid}/replay").status_code == 403               # not while in play
        assert c.portal.call(c.app.state.hub.close_abandoned, time.time() + A + 60) == [gid]
        r = say(c, gid, north, text="too late")
        assert r.status_code == 409 and r.json()["error"] == "server.game_abandoned"
        replay = c.get(f"/api/games/{gid}/replay?lang=zh").json()
        said = [(x["step"], x["seq"], x["phrase"], x["text"]) for x in replay["chat"]]
        assert said == [(0, 0, "hello", "你好！"), (0, 1, None, "nice card"), (0, 2, None, "oops, taken back"),
                        (2, 4, "good_game", "精彩的一局！")]
        assert [m["seq"] for m in replay["moves"]] == [3, 4]


def test_the_lines_survive_a_restart(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid, (north, _) = peek_game(c)
        assert say(c, gid, north, text="see you tomorrow").status_code == 201
    with client(sqlite_url) as c:
        assert [x["text"] for x in lines(c, gid)] == ["see you tomorrow"]
        assert say(c, gid, north, phrase="hello").status_code == 201


def test_migration_0011_adds_and_removes_the_chat_table(db_url: str) -> None:
    from alembic import command
    from alembic.config import Config

    engine = db.make_engine(normalize_db_url(db_url))
    try:
        with engine.begin() as conn:
            upgrade_to(conn, "0010")
            assert "chat" not in sa.inspect(conn).get_table_names()
            conn.execute(sa.text("INSERT INTO games (id, game, players, options, seed, status, private, created_at, "
                                 "updated_at) VALUES ('old', 'cube-europe', 2, '{}', 1, 'active', false, 0, 0)"))
            upgrade_to(conn, "0011")
            conn.execute(chat_store.chat.insert().values(game_id="old", seat=0, seq=0, kind="text", body="hi", created_at=1.0))
            assert conn.execute(sa.text("SELECT body FROM chat")).scalar() == "hi"
            cfg = Config()
            cfg.set_main_option("script_location", str(db.MIGRATIONS))
            cfg.attributes["connection"] = conn
            command.downgrade(cfg, "0010")
            assert "chat" not in sa.inspect(conn).get_table_names()
            assert conn.execute(sa.text("SELECT id FROM games")).scalar() == "old"
    finally:
        engine.dispose()


def test_chat_notes_travel_on_the_bus_and_are_never_taken_for_moves() -> None:
    from meeple.server.bus import Move, parse, payloads
    from meeple.server.services.chat import note_for, parse_note

    note = note_for("3WmiZYZcrEAW", 1234567)
    heard = parse(payloads("p1", [note, Move("g1", 4, 0, '{"name":"pass"}')])[0], "p2")
    assert heard == [note, Move("g1", 4, 0, {"name": "pass"})]
    assert parse_note(note) == ("3WmiZYZcrEAW", 1234567)
    assert parse_note("+g1") is None and parse_note("#g1#x") is None and parse_note("#g1") is None


@pytest.mark.parametrize("bus", ["notify", pytest.param("redis", marks=pytest.mark.daily)])  # test_multiprocess: Redis
def test_a_line_said_through_one_process_reaches_the_others_watchers(pg_url: str, bus: str, request) -> None:
    from websockets.sync.client import connect

    args = ("--redis", request.getfixturevalue("redis_url")) if bus == "redis" else ()
    a, b = ServerProcess(pg_url, wait=False, args=args), ServerProcess(pg_url, wait=False, args=args)
    try:
        a.wait()
        b.wait()
        import httpx

        made = httpx.post(a.url + "/api/games", json={"game": "cube-europe", "players": 2}, timeout=30).json()
        gid = made["id"]
        with connect(ws_url(b, gid)) as ws_b:
            ws_b.send(json.dumps({"type": "hello", "lang": "zh"}))
            assert json.loads(ws_b.recv(timeout=30))["type"] == "view"
            r = httpx.post(a.url + f"/api/games/{gid}/chat", json={"phrase": "good_luck"},
                           headers=auth(made["token"]), timeout=30)
            assert r.status_code == 201, r.text
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                msg = json.loads(ws_b.recv(timeout=30))
                if msg["type"] == "chat":
                    assert msg["line"]["text"] == "祝你好运！" and msg["line"]["id"] == r.json()["line"]["id"]
                    break
            else:
                pytest.fail("the line said on process A never reached process B's WebSocket")
        got = httpx.get(b.url + f"/api/games/{gid}/chat", timeout=30).json()["lines"]
        assert [x["phrase"] for x in got] == ["good_luck"]
    finally:
        a.stop()
        b.stop()
