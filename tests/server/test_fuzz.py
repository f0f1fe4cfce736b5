"""Bad input, generated, in every game: random JSON and near-legal actions sent as moves over HTTP and
over the WebSocket always get a 4xx (or a WebSocket close with a reason), never a 5xx, and change
nothing unless they were a legal move."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

import meeple

from .helpers import auth, client, humans, view

GAMES = [(info.id, max(2, info.min_players)) for info in meeple.games().values()]


def fuzzed_by_default(kept: str) -> list:
    """Every game, ``kept`` (one with hidden hands and many kinds of move) by default, the others with the daily
    tests (``-m daily``)."""
    return [game if game[0] == kept else pytest.param(*game, marks=pytest.mark.daily) for game in GAMES]

FIELDS = ("seq", "action", "text", "ref", "type", "name", "args", "token")
scalars = st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=8), inner,
                                                                  max_size=4),
    max_leaves=12,
)
# bodies shaped like a move, with or without the other fields a move may carry
move_bodies = (st.fixed_dictionaries({"seq": st.integers(-2, 3) | json_values, "action": json_values},
                                     optional={"ref": json_values})
               | st.fixed_dictionaries({"seq": st.integers(-2, 3) | json_values, "text": st.text(max_size=30) | json_values})
               | json_values)


# How to change a legal action into a near one, drawn apart from the game (which moves on between
# examples): (which legal action, how, which argument, the new value or name).
mutations = st.tuples(st.integers(0, 999), st.sampled_from(("arg", "arg", "cut", "add", "name", "same")),
                      st.integers(0, 9), st.integers(-3, 60) | json_values, st.text(max_size=8))


def near_legal(legal: list[dict[str, Any]], mutation: tuple[int, str, int, Any, str]) -> dict[str, Any]:
    """An action close to one of ``legal``: one argument changed, arguments cut or added, another name,
    or (now and then) the legal action itself, which moves the game on to other positions."""
    pick, how, index, value, name = mutation
    action = dict(legal[pick % len(legal)]["action"]) if legal else {"name": "pass", "args": []}
    args = list(action.get("args", []))
    if how == "arg" and args:
        args[index % len(args)] = value
    elif how == "cut" and args:
        args = args[:-1]
    elif how == "add":
        args.append(value)
    elif how == "name":
        action["name"] = name
    action["args"] = args
    return action


FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _mover_first(c: Any, gid: str, tokens: list[str]) -> tuple[str, str]:
    """(the token of a seat to move, the token of a seat not to move, or of another seat)."""
    turns = [view(c, gid, t)["your_turn"] for t in tokens]
    mover = turns.index(True) if True in turns else 0
    other = turns.index(False) if False in turns else (mover + 1) % len(tokens)
    return tokens[mover], tokens[other]


def _events(c: Any, gid: str, token: str) -> tuple[int, Any]:
    v = view(c, gid, token)
    return v["seq"], v["observation"]


@pytest.mark.parametrize("game, players", fuzzed_by_default("citadels"))
def test_random_move_bodies_over_http_get_a_4xx_and_change_nothing(sqlite_url: str, game: str, players: int) -> None:
    with client(sqlite_url, http_rate=100_000, http_burst=100_000) as c:
        gid, tokens = humans(c, game, players)

        @FUZZ
        @given(mutation=mutations | st.none(), garbage=move_bodies,
               who=st.sampled_from(("mover", "mover", "mover", "other", "nobody", "garbage")))
        def check(mutation: Any, garbage: Any, who: str) -> None:
            mover, other = _mover_first(c, gid, tokens)
            headers = {"mover": auth(mover), "other": auth(other), "nobody": {}, "garbage": auth("not-a-token")}[who]
            before = _events(c, gid, tokens[0])
            legal = view(c, gid, mover)["legal"]
            body = {"seq": before[0], "action": near_legal(legal, mutation)} if mutation else garbage
            r = c.post(f"/api/games/{gid}/actions", headers=headers, json=body)
            assert r.status_code < 500, r.text
            if r.status_code == 200:  # a legal move after all: the game moved by one
                assert _events(c, gid, tokens[0])[0] == before[0] + 1
            else:
                assert 400 <= r.status_code < 500 and isinstance(r.json().get("detail"), (str, list)), r.text
                assert _events(c, gid, tokens[0]) == before

        check()


@pytest.mark.parametrize("game, players", fuzzed_by_default("gods-playground"))
def test_random_websocket_messages_get_an_error_or_a_close_with_a_reason(sqlite_url: str, game: str,
                                                                         players: int) -> None:
    with client(sqlite_url, http_rate=100_000, http_burst=100_000, ws_connect_rate=100_000,
                ws_connect_burst=100_000) as c:
        gid, tokens = humans(c, game, players)

        @FUZZ
        @given(mutation=mutations | st.none(),
               garbage=move_bodies.map(lambda body: {"type": "move", **body} if isinstance(body, dict) else body)
               | json_values | st.text(max_size=40))
        @example(mutation=None, garbage={"type": []})  # found by this test: the server failed on it
        def check(mutation: Any, garbage: Any) -> None:
            mover, _ = _mover_first(c, gid, tokens)
            before = _events(c, gid, tokens[0])
            legal = view(c, gid, mover)["legal"]
            message = {"type": "move", "seq": before[0], "action": near_legal(legal, mutation)} if mutation else garbage
            with c.websocket_connect(f"/api/games/{gid}/ws") as ws:
                ws.send_json({"type": "hello", "token": mover})
                while ws.receive_json()["type"] != "view":
                    pass
                if isinstance(message, str):
                    ws.send_text(message)
                else:
                    ws.send_json(message)
                ws.send_json({"type": "ping"})
                answers = []
                try:
                    while True:
                        answer = ws.receive_json()
                        if answer["type"] == "pong":
                            break
                        answers.append(answer)
                except WebSocketDisconnect as closed:  # closed with a code and a reason
                    assert closed.code in (1003, 1008, 1009) and closed.reason, closed
                moved = any(a["type"] == "ack" for a in answers)
                for a in answers:
                    if a["type"] == "error":
                        assert 400 <= a["status"] < 500 and a["detail"], a
            after = _events(c, gid, tokens[0])
            assert after[0] == before[0] + (1 if moved else 0)
            if not moved:
                assert after == before

        check()


def test_random_hello_messages_get_a_view_or_a_close_with_a_reason(sqlite_url: str) -> None:
    with client(sqlite_url, http_rate=100_000, http_burst=100_000, ws_connect_rate=100_000,
                ws_connect_burst=100_000) as c:
        gid, tokens = humans(c)
        hello_fields = {"type": st.just("hello") | json_values, "token": st.sampled_from(tokens) | json_values,
                        "seq": st.integers(-2, 5) | json_values, "log_from": st.integers(-2, 50) | json_values,
                        "updates": json_values, "observation": json_values}

        @FUZZ
        @given(hello=st.fixed_dictionaries({}, optional=hello_fields) | json_values | st.text(max_size=40))
        def check(hello: Any) -> None:
            with c.websocket_connect(f"/api/games/{gid}/ws") as ws:
                if isinstance(hello, str):
                    ws.send_text(hello)
                else:
                    ws.send_json(hello)
                try:
                    first = ws.receive_json()
                except WebSocketDisconnect as closed:
                    assert closed.code == 1008 and closed.reason, closed
                    return
                assert first["type"] == "view" and first["seq"] == view(c, gid, tokens[0])["seq"], first

        check()
