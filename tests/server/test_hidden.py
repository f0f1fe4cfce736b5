"""Hidden information: nothing sent to a viewer holds anything absent from ``observation(viewer)``.

Two checks, written for any game and run on the games the issue names (Citadels hands, God's
Playground secret tokens and bids, Kingsburg's enemy peek) when they are registered, and always on
Peek, the test double with hidden hands and a secret card:

* the view builder is blind to hidden facts: a viewer's view of the real state equals its view of
  any re-deal of what that viewer cannot know (``state.determinize(viewer, k)``);
* end to end: every message pushed to a seat's WebSocket and every HTTP view equals what a local
  replay of the same moves gives from ``observation(seat)``, ``log_for(seat)`` and that seat's legal
  actions — and nothing else.
"""

from __future__ import annotations

import json
import random

import pytest

import meeple
from meeple.core import CHANCE
from meeple.server.push import apply_update
from meeple.server.views import base_view, legal_list

from .helpers import client, humans, view

HIDDEN_GAMES = {"citadels": 2, "gods-playground": 3, "kingsburg": 2}
REGISTERED = [g for g in HIDDEN_GAMES if g in meeple.games()]
VIEW_KEYS = {"type", "game_id", "game", "seq", "seat", "status", "over", "to_move", "your_turn", "observation",
             "legal", "can_undo", "rated", "seats", "result", "log_start", "log", "events"}


def players_of(game: str) -> int:
    return HIDDEN_GAMES.get(game, 2)


def views_of(state, viewer):
    return base_view(state, viewer, game_id="g", seq=0, status="active", seats=[], can_undo=False)


@pytest.mark.parametrize("game", REGISTERED + ["peek"])
def test_view_builder_is_blind_to_hidden_information(game: str) -> None:
    rng = random.Random(7)
    state = meeple.load(game, players=players_of(game)).new_game(seed=11)
    viewers = [*range(state.players), None]
    step = 0
    while not state.is_over() and step < 400:
        if step % 6 == 0:
            for viewer in viewers:
                real = views_of(state, viewer)
                for k in (1, 2):
                    twin = state.determinize(viewer, 1000 * k + step)
                    assert views_of(twin, viewer) == real, (game, step, viewer)
        movers = [p for p in state.to_move() if p != CHANCE]
        seat = rng.choice(movers)
        state.apply(rng.choice(state.legal_actions(seat)), seat)
        step += 1


def events_for(state, seat: int | None) -> list:
    """What a view's ``events`` must hold: ``[id, args]`` of each log entry the seat may read, as JSON."""
    return json.loads(json.dumps([[e.id, e.args] for e in state.log if e.visible(seat)]))


def check_message(msg: dict, state, seat: int | None) -> None:
    assert set(msg) == VIEW_KEYS, set(msg) ^ VIEW_KEYS
    assert msg["observation"] == state.observation(seat)
    assert msg["log"] == state.log_for(seat)[msg["log_start"]:]
    assert msg["events"] == events_for(state, seat)[msg["log_start"]:]
    if seat is not None and seat in state.to_move():
        assert msg["legal"] == legal_list(state, seat)
    else:
        assert msg["legal"] == []
    if not state.is_over():
        assert msg["result"] is None
    for other in msg["seats"]:
        assert set(other) == {"seat", "color", "name", "kind", "level", "claimed", "away", "bot_playing", "connected",
                              "account"}  # whether an account holds the seat: public, never which one


UPDATE_KEYS = (VIEW_KEYS - {"game_id", "game", "seat"}) | {"observation_removed"}


class Watcher:
    """One WebSocket, and the view its messages add up to (whole views, or updates applied in order)."""

    def __init__(self, ws, updates: bool) -> None:
        self.ws, self.updates = ws, updates
        self.view: dict | None = None
        self.views: list[dict] = []     # the view after each message that brought one
        self.raw: list[dict] = []       # every message as received

    def until(self, seq: int) -> dict:
        while True:
            msg = self.ws.receive_json()
            self.raw.append(msg)
            if msg["type"] == "ack" and "update" in msg:
                assert self.updates and set(msg) == {"type", "seq", "ref", "update"}
                assert msg["update"]["seq"] == msg["seq"]
                msg = msg["update"]
            if msg["type"] == "view":
                self.view = msg
            elif msg["type"] == "update":
                assert self.updates and self.view is not None
                assert set(msg) <= UPDATE_KEYS | {"type"}, set(msg) - UPDATE_KEYS
                self.view = apply_update(self.view, msg)
            else:
                assert msg["type"] in ("ack", "error") and set(msg) <= {"type", "seq", "ref", "status", "detail"}
                continue
            self.views.append(self.view)
            if self.view["seq"] == seq:
                return self.view


@pytest.mark.parametrize("updates", [False, True], ids=["views", "updates"])
@pytest.mark.parametrize("game", REGISTERED + ["peek"])
def test_every_push_and_response_holds_only_what_the_seat_may_know(sqlite_url: str, game: str, updates: bool) -> None:
    """Whole views, and updates (with their observation keys, also inside acks): what each seat's
    messages add up to after every move is exactly its view of a local replay."""
    n = players_of(game)
    with client(sqlite_url) as c:
        gid, tokens = humans(c, game, n, fallback_level="random")
        hub = c.app.state.hub
        seed = hub.live[gid].row["seed"]
        local = meeple.load(game, players=n).new_game(seed=seed)
        states = {0: local.clone()}
        rng = random.Random(3)
        url = f"/api/games/{gid}/ws"
        sockets = [c.websocket_connect(url) for _ in range(n + 1)]
        watchers = [Watcher(ws, updates) for ws in sockets]
        try:
            for i, ws in enumerate(sockets):
                ws.__enter__()
                hello = {"type": "hello", "token": tokens[i]} if i < n else {"type": "hello"}
                ws.send_json({**hello, "updates": True} if updates else hello)
            seq = 0
            latest = [w.until(0) for w in watchers]
            for _ in range(60 if game != "peek" else 40):
                if local.is_over():
                    break
                movers = [p for p in local.to_move() if p != CHANCE]
                seat = rng.choice(movers)
                choice = rng.choice(latest[seat]["legal"])
                sockets[seat].send_json({"type": "move", "seq": seq, "action": choice["action"]})
                local.apply(local.action_from_json(choice["action"]), seat)
                seq += 1
                states[seq] = local.clone()
                latest = [w.until(seq) for w in watchers]
                # HTTP views agree with the pushes
                http = view(c, gid, tokens[seat])
                skip = {"seats", "log", "events", "log_start"}
                assert {k: v for k, v in http.items() if k not in skip} == \
                    {k: v for k, v in latest[seat].items() if k not in skip}
                check_message(http, local, seat)
        finally:
            for ws in sockets:
                ws.__exit__(None, None, None)
        if updates:  # the updates were used: most messages were not whole views
            assert sum(m["type"] == "view" for m in watchers[0].raw) == 1
            assert any(m["type"] == "ack" and "update" in m for w in watchers for m in w.raw)
        for i, w in enumerate(watchers):
            seat = i if i < n else None
            for msg in w.views:
                state = states[msg["seq"]]
                check_message(msg, state, seat)
                twin = state.determinize(seat, 99)
                assert msg["observation"] == twin.observation(seat)
        spect = c.get(f"/api/games/{gid}/spectate").json()
        check_message(spect, local, None)


@pytest.mark.parametrize("game", REGISTERED + ["peek"])
def test_error_messages_are_blind_to_hidden_information(game: str) -> None:
    """A refused action's message (sent back as the 4xx detail) is the same in every re-deal of the hidden facts."""
    rng = random.Random(5)
    state = meeple.load(game, players=players_of(game)).new_game(seed=4)
    pool: set = set()
    step = 0
    while not state.is_over() and step < 200:
        seat = rng.choice([p for p in state.to_move() if p != CHANCE])
        legal = state.legal_actions(seat)
        pool.update(legal)
        if step % 6 == 0:
            refused = sorted((a for a in pool if a not in set(legal)), key=str)
            rng.shuffle(refused)
            twins = [state.determinize(seat, k) for k in (1, 2)]
            for action in refused[:12]:
                message = state.why_illegal(action, seat)
                assert all(t.why_illegal(action, seat) == message for t in twins), (game, step, str(action))
        state.apply(rng.choice(legal), seat)
        step += 1
