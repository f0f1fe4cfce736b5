"""WebSockets: live views per seat and per spectator, moves with acks, resume, limits and close reasons."""

from __future__ import annotations

import json

import pytest
from starlette.websockets import WebSocketDisconnect

from meeple.server.push import apply_update

from .helpers import auth, client, humans, view


def next_view(ws, seq: int | None = None) -> dict:
    """The next view message (skipping acks); with ``seq``, the first view at that sequence number."""
    while True:
        msg = ws.receive_json()
        if msg["type"] == "view" and (seq is None or msg["seq"] == seq):
            return msg


def until(ws, kind: str) -> dict:
    while True:
        msg = ws.receive_json()
        if msg["type"] == kind:
            return msg


def test_views_are_pushed_to_seats_and_spectators(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid, (north, east) = humans(c, "peek", 2, fallback_level="random")
        url = f"/api/games/{gid}/ws"
        with c.websocket_connect(url) as wn, c.websocket_connect(url) as we, c.websocket_connect(url) as spec:
            wn.send_json({"type": "hello", "token": north})
            we.send_json({"type": "hello", "token": east})
            spec.send_json({"type": "hello"})
            v = next_view(wn)
            assert v["seat"] == 0 and v["your_turn"] and v["log_start"] == 0
            assert next_view(spec)["seat"] is None
            play = next(x for x in v["legal"] if x["action"]["name"] == "play")
            wn.send_json({"type": "move", "seq": 0, "action": play["action"], "ref": "m1"})
            ack = until(wn, "ack")
            assert ack == {"type": "ack", "seq": 1, "ref": "m1"}
            ve = next_view(we, 1)
            assert ve["your_turn"] and ve["observation"]["played"][0] == [play["action"]["args"][0]]
            vs = next_view(spec, 1)
            assert vs["observation"]["hand"] is None and vs["legal"] == []
            # east answers with the text form; a stale move is refused with 409
            we.send_json({"type": "move", "seq": 1, "text": "peek", "ref": 2})
            assert until(we, "ack")["seq"] == 2
            wn.send_json({"type": "move", "seq": 1, "text": "peek", "ref": 3})
            err = until(wn, "error")
            assert err["status"] == 409 and err["ref"] == 3
            spec.send_json({"type": "move", "seq": 2, "text": "peek"})
            assert until(spec, "error")["status"] == 403
            assert view(c, gid, north)["seq"] == 2


def test_reconnect_resumes_at_the_sequence_number(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid, (north, east) = humans(c, "peek", 2, fallback_level="random")
        url = f"/api/games/{gid}/ws"
        with c.websocket_connect(url) as we:
            we.send_json({"type": "hello", "token": east})
            first = next_view(we)
        seen_log = first["log"]
        v = view(c, gid, north)
        c.post(f"/api/games/{gid}/actions", headers=auth(north), json={"seq": v["seq"], "text": "peek"})
        with c.websocket_connect(url) as we:
            we.send_json({"type": "hello", "token": east, "seq": first["seq"], "log_from": len(seen_log)})
            resumed = next_view(we)
        assert resumed["seq"] == first["seq"] + 1
        assert resumed["log_start"] == len(seen_log)
        assert seen_log + resumed["log"] == view(c, gid, east)["log"]
        assert any("peeks" in line for line in resumed["log"])
        assert not any("centre card is" in line for line in resumed["log"])


def closed(ws) -> WebSocketDisconnect:
    with pytest.raises(WebSocketDisconnect) as info:
        for _ in range(1000):
            ws.receive_json()
    return info.value


@pytest.mark.parametrize(("first", "code", "words"), [
    ({"type": "hello", "token": "forged"}, 1008, "invalid seat token"),
    ({"type": "move", "seq": 0, "text": "peek"}, 1008, "hello"),
    ({"type": "hello", "colour": "red"}, 1008, "unknown field"),
    ("{nope", 1008, "malformed JSON"),
])
def test_bad_hello_closes_with_a_reason(sqlite_url: str, first, code: int, words: str) -> None:
    with client(sqlite_url) as c:
        gid, _ = humans(c, "peek", 2, fallback_level="random")
        with c.websocket_connect(f"/api/games/{gid}/ws") as ws:
            ws.send_text(first if isinstance(first, str) else json.dumps(first))
            exc = closed(ws)
        assert exc.code == code and words in exc.reason


def test_hello_timeout_and_unknown_game(sqlite_url: str) -> None:
    with client(sqlite_url, ws_hello_timeout=0.2) as c:
        gid, _ = humans(c, "peek", 2, fallback_level="random")
        with c.websocket_connect(f"/api/games/{gid}/ws") as ws:
            exc = closed(ws)
        assert exc.code == 1008 and "hello" in exc.reason
        with c.websocket_connect("/api/games/nothing/ws") as ws:
            exc = closed(ws)
        assert exc.code == 1008 and "no game" in exc.reason


def test_bad_messages_get_errors_and_change_nothing(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid, (north, _) = humans(c, "peek", 2, fallback_level="random")
        before = view(c, gid, north)
        with c.websocket_connect(f"/api/games/{gid}/ws") as ws:
            ws.send_json({"type": "hello", "token": north})
            next_view(ws)
            for bad in ("not json", "[1, 2]", '{"type": "dance"}', '{"type": "move", "seq": 0}',
                        '{"type": "move", "seq": 0, "text": "peek", "extra": 1}',
                        '{"type": "move", "seq": 0, "action": {"name": "play", "args": [42]}}',
                        '{"type": "move", "seq": "zero", "text": "peek"}',
                        '{"type": "move", "seq": 0, "text": 5}'):
                ws.send_text(bad)
                err = until(ws, "error")
                assert 400 <= err["status"] < 500 and err["detail"]
            ws.send_json({"type": "ping", "ref": 1})
            assert until(ws, "pong")["seq"] == 0
        assert view(c, gid, north) == before


def test_oversized_binary_and_flood_close_the_socket(sqlite_url: str) -> None:
    with client(sqlite_url, max_ws_message_bytes=1000, ws_rate=1, ws_burst=10) as c:
        gid, (north, _) = humans(c, "peek", 2, fallback_level="random")
        before = view(c, gid, north)
        url = f"/api/games/{gid}/ws"
        with c.websocket_connect(url) as ws:
            ws.send_json({"type": "hello", "token": north})
            ws.send_text(json.dumps({"type": "ping", "ref": "x" * 5000}))
            exc = closed(ws)
        assert exc.code == 1009 and "too large" in exc.reason
        with c.websocket_connect(url) as ws:
            ws.send_json({"type": "hello", "token": north})
            ws.send_bytes(b"\x00\x01")
            exc = closed(ws)
        assert exc.code == 1003
        with c.websocket_connect(url) as ws:
            ws.send_json({"type": "hello", "token": north})
            for _ in range(40):
                ws.send_json({"type": "ping"})
            exc = closed(ws)
        assert exc.code == 1008 and "rate limit" in exc.reason
        assert view(c, gid, north) == before


def follow(ws, seen: dict, kind: str) -> tuple[dict, dict]:
    """Apply updates to ``seen`` until a message of ``kind`` ("ack" or "update") arrives: (view, that message)."""
    while True:
        msg = ws.receive_json()
        if msg["type"] == "update":
            seen = apply_update(seen, msg)
        elif msg["type"] == "ack" and "update" in msg:
            seen = apply_update(seen, msg["update"])
        if msg["type"] == kind:
            return seen, msg


def test_updates_carry_only_what_changed_and_a_view_comes_on_request(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid, (north, east) = humans(c, "peek", 2, fallback_level="random")
        url = f"/api/games/{gid}/ws"
        with c.websocket_connect(url) as wn, c.websocket_connect(url) as we:
            wn.send_json({"type": "hello", "token": north, "updates": True})
            vn = next_view(wn)
            we.send_json({"type": "hello", "token": east, "updates": True, "observation": False})
            ve = next_view(we)
            assert vn["your_turn"] and not ve["your_turn"] and ve["legal"] == []
            vn, up = follow(wn, vn, "update")  # east connected: only the seats changed
            assert set(up) == {"type", "seq", "seats"} and up["seats"][1]["connected"]
            wn.send_json({"type": "move", "seq": 0, "text": "peek", "ref": "a"})
            vn, ack = follow(wn, vn, "ack")
            # the mover's update rides in its ack: the new seq, the turn passing, the new log line and
            # the changed observation keys; nothing unchanged
            assert ack["seq"] == 1 and ack["ref"] == "a" and ack["update"]["seq"] == 1
            up = ack["update"]
            assert up["type"] == "update" and up["your_turn"] is False and up["legal"] == []
            assert up["log"] and "seats" not in up and "status" not in up and "over" not in up
            assert up["observation"] and set(up["observation"]) <= set(vn["observation"])
            assert vn == {**view(c, gid, north), "log_start": 0}
            ve, ue = follow(we, ve, "update")
            assert ue["seq"] == 1 and ue["your_turn"] is True and ue["legal"] == view(c, gid, east)["legal"]
            assert "observation" not in ue and "observation_removed" not in ue
            assert {k: v for k, v in ve.items() if k != "observation"} == \
                {k: v for k, v in view(c, gid, east).items() if k != "observation"} | {"log_start": 0}
            we.send_json({"type": "view", "ref": 7})
            whole = next_view(we)
            assert whole == view(c, gid, east) | {"log_start": len(ve["log"]), "log": [], "events": []}
            we.send_json({"type": "move", "seq": 1, "text": "peek"})
            ve, ack = follow(we, whole, "ack")
            assert ack["update"]["seq"] == 2 and "observation" not in ack["update"]
            vn, un = follow(wn, vn, "update")
            assert un["seq"] == 2 and un["your_turn"] is True
            assert vn == {**view(c, gid, north), "log_start": 0}


@pytest.mark.parametrize("hello", [{"updates": "yes"}, {"observation": 0}, {"updates": None}])
def test_bad_update_options_close_with_a_reason(sqlite_url: str, hello: dict) -> None:
    with client(sqlite_url) as c:
        gid, (north, _) = humans(c, "peek", 2, fallback_level="random")
        with c.websocket_connect(f"/api/games/{gid}/ws") as ws:
            ws.send_json({"type": "hello", "token": north, **hello})
            exc = closed(ws)
        assert exc.code == 1008 and "true or false" in exc.reason
