"""The log as structured events: every view and update carries, beside its ``log`` lines, ``events``:
``[entry.id, entry.args]`` of the same entries (one per line, same ``log_start``), and only of the
entries the viewer may read.

* end to end, for random games of the games with private log entries: what each seat's (and the
  spectator's) WebSocket messages add up to is exactly ``[[e.id, e.args] for e in state.log if
  e.visible(seat)]``, aligned with the lines; another seat's private entry never arrives, and no
  event holds an argument its sentence does not show;
* an undo shortens the events as it shortens the lines; a resumed socket gets the events from its
  ``log_from``; HTTP views and replays carry them too;
* the events are snapshots: a game changing an argument value after logging it changes nothing sent.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import meeple
from meeple.core import CHANCE
from meeple.core import i18n
from meeple.server.hub import LiveGame
from meeple.server.push import Facts, Subscriber
from meeple.server.wire import loads

from .helpers import auth, client, humans, view
from .test_hidden import REGISTERED, players_of

PRIVATE_LOG_GAMES = {"citadels", "gods-playground", "peek"}  # their random games log private entries early


def as_json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def expected_events(state, seat: int | None) -> list:
    return as_json([[e.id, e.args] for e in state.log if e.visible(seat)])


def hidden_events(state, seat: int | None) -> list:
    return as_json([[e.id, e.args] for e in state.log if not e.visible(seat)])


def shown_names(message_id: str, lang: str) -> set[str] | None:
    """The placeholders ``message_id``'s sentence fills in ``lang`` (every plural form), None if it has none."""
    entry = i18n.catalogue(lang).messages.get(message_id)
    if entry is None:
        return None
    names: set[str] = set()
    for form in entry if isinstance(entry, tuple) else (entry,):
        names.update(i18n._PLACEHOLDER.findall(form))
    if isinstance(entry, tuple):
        names.add("n")  # the count chooses the plural form
    return names


def unshown_arguments(message_id: str, args: dict) -> list[str]:
    """The arguments of an event (nested messages included) that its sentence does not show in some language."""
    out = []
    for lang in i18n.LANGUAGES:
        names = shown_names(message_id, lang)
        out += [f"{lang}: {message_id}.{name}" for name in args if names is None or name not in names]
    for value in args.values():
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, dict) and "id" in item:
                out += unshown_arguments(item["id"], item.get("args") or {})
    return out


class Reader:
    """One WebSocket, and the whole log a client keeps from its messages (lines and events alike)."""

    def __init__(self, ws, updates: bool) -> None:
        self.ws, self.updates = ws, updates
        self.lines: list[str] = []
        self.events: list = []
        self.seen: set[str] = set()  # every event any message brought, as JSON
        self.seq = -1

    def take(self, msg: dict) -> None:
        assert len(msg["events"]) == len(msg["log"])
        start = msg["log_start"]
        assert 0 <= start <= len(self.lines)
        self.lines = self.lines[:start] + msg["log"]
        self.events = self.events[:start] + msg["events"]
        self.seen.update(json.dumps(e) for e in msg["events"])

    def until(self, seq: int) -> None:
        while self.seq != seq:
            msg = self.ws.receive_json()
            if msg["type"] == "ack" and "update" in msg:
                msg = msg["update"]
            if msg["type"] == "view":
                self.take(msg)
            elif msg["type"] == "update":
                assert self.updates
                if "log_start" in msg:
                    self.take(msg)
                else:
                    assert "log" not in msg and "events" not in msg
            else:
                continue
            self.seq = msg["seq"]


@pytest.mark.parametrize("updates", [False, True], ids=["views", "updates"])
@pytest.mark.parametrize("game", REGISTERED + ["peek"])
def test_each_socket_gets_the_events_of_exactly_the_entries_it_may_read(sqlite_url: str, game: str,
                                                                       updates: bool) -> None:
    n = players_of(game)
    with client(sqlite_url) as c:
        gid, tokens = humans(c, game, n, fallback_level="random")
        local = meeple.load(game, players=n).new_game(seed=c.app.state.hub.live[gid].row["seed"])
        rng = random.Random(8)
        sockets = [c.websocket_connect(f"/api/games/{gid}/ws") for _ in range(n + 1)]
        readers = [Reader(ws, updates) for ws in sockets]
        seats: list[int | None] = [*range(n), None]
        withheld = 0
        try:
            for i, ws in enumerate(sockets):
                ws.__enter__()
                hello = {"type": "hello", "token": tokens[i]} if i < n else {"type": "hello"}
                ws.send_json({**hello, "updates": True} if updates else hello)
            seq = 0
            for r in readers:
                r.until(0)
            for _ in range(50 if game != "peek" else 40):
                if local.is_over():
                    break
                seat = rng.choice([p for p in local.to_move() if p != CHANCE])
                action = rng.choice(local.legal_actions(seat))
                sockets[seat].send_json({"type": "move", "seq": seq, "action": action.to_json()})
                local.apply(action, seat)
                seq += 1
                for r, viewer in zip(readers, seats):
                    r.until(seq)
                    assert r.events == expected_events(local, viewer), (game, seq, viewer)
                    assert r.lines == local.log_for(viewer)
                    readable = {json.dumps(e) for e in r.events}
                    for event in hidden_events(local, viewer):  # another seat's private entry: never sent
                        withheld += 1
                        text = json.dumps(event)
                        assert text not in r.seen or text in readable, (game, seq, viewer, event)
                # the HTTP view and the public one carry the same events, from log_from on
                k = len(local.log_for(seat)) // 2
                http = c.get(f"/api/games/{gid}/view?log_from={k}", headers=auth(tokens[seat])).json()
                assert http["log_start"] == k and http["events"] == expected_events(local, seat)[k:]
                assert len(http["events"]) == len(http["log"])
                public = c.get(f"/api/games/{gid}/spectate").json()
                assert public["events"] == expected_events(local, None)
        finally:
            for ws in sockets:
                ws.__exit__(None, None, None)
        for r, viewer in zip(readers, seats):
            assert all(not unshown_arguments(event_id, args) for event_id, args in r.events), (game, viewer)
        if game in PRIVATE_LOG_GAMES:
            assert withheld, f"{game}: no private log entry was played; the test checked nothing hidden"


def test_an_undo_shortens_the_events_with_the_lines_and_a_resume_sends_them_from_log_from(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid, (north, east) = humans(c, "peek", 2, fallback_level="random")
        url = f"/api/games/{gid}/ws"
        with c.websocket_connect(url) as wn:
            wn.send_json({"type": "hello", "token": north, "updates": True})
            reader = Reader(wn, True)
            reader.until(0)
            before = list(reader.events)
            play = next(x for x in view(c, gid, north)["legal"] if x["action"]["name"] == "play")
            wn.send_json({"type": "move", "seq": 0, "action": play["action"]})
            reader.until(1)
            assert len(reader.events) == len(before) + 1 and reader.events[:-1] == before
            wn.send_json({"type": "undo", "seq": 1})
            reader.until(2)
            assert reader.events == before and len(reader.lines) == len(before)
            assert view(c, gid, north)["events"] == before
        with c.websocket_connect(url) as we:
            we.send_json({"type": "hello", "token": east})
            first = we.receive_json()
        assert first["log_start"] == 0 and len(first["events"]) == len(first["log"])
        c.post(f"/api/games/{gid}/actions", headers=auth(north), json={"seq": 2, "text": "peek"})
        with c.websocket_connect(url) as we:
            we.send_json({"type": "hello", "token": east, "seq": first["seq"], "log_from": len(first["log"])})
            resumed = we.receive_json()
        assert resumed["log_start"] == len(first["log"])
        assert first["events"] + resumed["events"] == view(c, gid, east)["events"]
        assert [e[0] for e in resumed["events"]] == ["North peeks at the centre card."]  # not what it saw


def test_a_replay_gives_each_entry_its_event(sqlite_url: str) -> None:
    with client(sqlite_url) as c:
        gid, tokens = humans(c, "peek", 2, fallback_level="random")
        local = meeple.load("peek", players=2).new_game(seed=c.app.state.hub.live[gid].row["seed"])
        seq = 0
        while not local.is_over():
            seat = local.to_move()[0]
            action = local.legal_actions(seat)[0]
            r = c.post(f"/api/games/{gid}/actions", headers=auth(tokens[seat]), json={"seq": seq, "action": action.to_json()})
            assert r.status_code == 200, r.text
            local.apply(action, seat)
            seq = r.json()["seq"]
        replay = c.get(f"/api/games/{gid}/replay").json()
        assert [[e["id"], e["args"]] for e in replay["log"]] == as_json([[e.id, e.args] for e in local.log])
        assert [e["visible_to"] for e in replay["log"]] == [None if e.visible_to is None else list(e.visible_to)
                                                           for e in local.log]
        step = c.get(f"/api/games/{gid}/replay/3").json()
        assert all(set(e) == {"text", "visible_to", "id", "args"} for e in step["log"])


def test_the_events_sent_are_snapshots_that_later_changes_to_the_state_do_not_reach() -> None:
    """A game may share an argument value between its log and its state (or between events): what was
    sent, and what a ``Facts`` of an earlier version holds, stays as it was when it was logged."""
    state = meeple.load("cube-europe", players=2).new_game(seed=3)
    shared = {"cards": [1, 2]}
    state.say("core.player_n", number=shared)  # an argument value the state keeps changing
    g = LiveGame(id="g", row={}, seats=[], state=state, seq=0, moves=[])
    facts = Facts(state, 0, "g", {"seq": 0}, g.log_for(0), g.events_for(0))
    sub = Subscriber(0, updates=False, observation=False)
    first = loads(sub.message(facts, g.epoch))
    assert first["events"][-1] == ["core.player_n", {"number": {"cards": [1, 2]}}]
    shared["cards"].append(3)
    state.log[-1].args["extra"] = "later"
    assert loads(sub.message(facts, g.epoch))["events"] == []  # nothing new for this socket
    again = Subscriber(0, updates=False, observation=False)
    assert loads(again.message(facts, g.epoch))["events"] == first["events"]
    assert g.events_for(0) is facts.events  # the cached list itself, unchanged
    assert loads(json.dumps(first["events"])) == loads(Subscriber(0).message(
        Facts(state, 0, "g", {"seq": 0}, g.log_for(0), g.events_for(0)), g.epoch))["events"]
