"""What the server remembers to compute views faster gives exactly what it would compute afresh:
remembered action forms, the shared per-version facts, and log lines extended in place."""

from __future__ import annotations

import random
import time

import meeple
from meeple.core import Action
from meeple.server.hub import LiveGame
from meeple.server.push import Facts
from meeple.server.views import action_forms, legal_list, public_facts, view_fields
from meeple.server.wire import dumps, loads


def test_action_forms_are_the_actions_own_and_a_subclass_is_not_remembered() -> None:
    a = Action("take", (4, 2))
    assert action_forms(a) == (a.to_json(), str(a))
    assert action_forms(Action("take", (4, 2)))[0] is action_forms(a)[0]  # remembered per equal action

    class Loud(Action):
        def __str__(self) -> str:
            return "TAKE!"

    assert action_forms(Loud("take", (4, 2))) == ({"name": "take", "args": [4, 2]}, "TAKE!")
    assert action_forms(Action("take", (True, 2))) == ({"name": "take", "args": [True, 2]}, "take True 2")


def test_legal_lists_and_fields_match_the_plain_computation() -> None:
    state = meeple.load("cube-europe", players=2).new_game(seed=7)
    rng = random.Random(3)
    for _ in range(40):
        if state.is_over():
            break
        seat = state.to_move()[0]
        expected = [{"action": a.to_json(), "text": str(a), "label": state.describe(a, seat)}
                    for a in state.legal_actions(seat)]
        assert legal_list(state, seat) == expected
        for viewer in (0, 1, None):
            shared = view_fields(state, viewer, seq=1, status="active", seats=[], public=public_facts(state))
            assert shared == view_fields(state, viewer, seq=1, status="active", seats=[])
        state.apply(rng.choice(state.legal_actions(seat)), seat)


def test_facts_keep_their_log_lines_while_the_game_goes_on() -> None:
    state = meeple.load("cube-europe", players=2).new_game(seed=1)
    g = LiveGame(id="g", row={}, seats=[], state=state, seq=0, moves=[])
    rng = random.Random(1)
    lines, events = g.log_for(0), g.events_for(0)
    facts = Facts(state, 0, "g", {}, lines, events)
    before, before_events = list(facts.lines), list(facts.events)
    for _ in range(5):
        seat = state.to_move()[0]
        state.apply(rng.choice(state.legal_actions(seat)), seat)
    later, later_events = g.log_for(0), g.events_for(0)
    assert later is lines and len(later) > len(before)   # extended in place…
    assert later_events is events and len(later_events) == len(later)
    assert facts.lines == before                          # …but an older Facts still has its own lines
    assert facts.events == before_events and len(facts.events) == len(before)
    assert later == [e.text for e in state.log if e.visible(0)] == state.log_for(0)
    assert loads(dumps(later_events)) == loads(dumps([[e.id, e.args] for e in state.log if e.visible(0)]))
    g.epoch += 1                                          # an undo or a reload: a new list
    again, again_events = g.log_for(0), g.events_for(0)
    assert again is not lines and again == later
    assert again_events is not events and loads(dumps(again_events)) == loads(dumps(later_events))


def test_seat_facts_are_rebuilt_exactly_when_the_seats_change() -> None:
    from meeple.server.views import seat_meta

    state = meeple.load("cube-europe", players=2).new_game(seed=1)
    rows = [{"seat": i, "kind": "human", "level": "heuristic", "name": None, "claimed": True, "away": False}
            for i in range(2)]
    g = LiveGame(id="g", row={}, seats=rows, state=state, seq=0, moves=[])
    first = g.seat_meta()
    assert g.seat_meta() is first and first == seat_meta(state, rows, {})  # the same list while nothing changed
    g.connected[1] = 1
    g.seats_changed()
    assert g.seat_meta()[1]["connected"] and not first[1]["connected"]
    rows[0]["away"] = True
    g.seats_changed()
    assert g.seat_meta() == seat_meta(state, rows, {1: 1}) and g.seat_meta()[0]["bot_playing"]


def test_views_follow_the_seats_over_http_and_websocket(tmp_path) -> None:
    """Leaving, reclaiming, connecting and disconnecting all show in the seats of the next view."""
    from .helpers import auth, client, humans, view

    with client(f"sqlite:///{tmp_path / 'g.db'}") as c:
        gid, (t0, t1) = humans(c)
        assert not view(c, gid, t1)["seats"][0]["connected"]
        with c.websocket_connect(f"/api/games/{gid}/ws") as ws:
            ws.send_json({"type": "hello", "token": t0})
            assert ws.receive_json()["seats"][0]["connected"]
            assert view(c, gid, t1)["seats"][0]["connected"]
        deadline = time.monotonic() + 10
        while view(c, gid, t1)["seats"][0]["connected"]:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        assert c.post(f"/api/games/{gid}/leave", headers=auth(t0)).status_code == 200
        assert view(c, gid, t1)["seats"][0]["away"]
        assert c.post(f"/api/games/{gid}/reclaim", headers=auth(t0)).status_code == 200
        assert not view(c, gid, t1)["seats"][0]["away"]
