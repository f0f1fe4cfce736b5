"""Watchers: what each viewer of a game may see, computed once per change of the game, and pushed to
every WebSocket watcher after each change (``changed``). A change also lets the game's bots move.

>>> watchers.changed(g)                      # after any change of g: views rebuilt lazily, watchers woken
>>> watchers.view(g, seat, 0, "en")          # a seat's whole view as a new dict
"""

from __future__ import annotations

import time
from typing import Any

from meeple.core.i18n import DEFAULT_LANGUAGE
from meeple.server.live_game import LiveGame, may_enter_chance
from meeple.server.push import Ack, Facts, Subscriber
from meeple.server.services.bots import Bots
from meeple.server.services.runtime import Runtime
from meeple.server.undo import undo_refusal
from meeple.server.views import public_facts, view_fields
from meeple.server.wire import dumps_bytes, loads


def undo_possible(g: LiveGame, seat: int | None) -> bool:
    """Whether ``seat`` may undo now (shown in its view as ``can_undo``)."""
    return undo_refusal(g, seat) is None


class Watchers:
    def __init__(self, runtime: Runtime, bots: Bots) -> None:
        self.runtime, self.bots = runtime, bots

    def changed(self, g: LiveGame) -> None:
        """``g`` changed (a move, an undo, a seat, a reload): its views are computed afresh when next
        asked, its watchers are woken, who waits since when is updated, and its bots may move."""
        g.touched = time.monotonic()
        g.version += 1
        g.cache.clear()
        now = time.monotonic()
        movers = set(g.state.to_move())
        for seat in list(g.waiting_since):
            if seat not in movers:
                del g.waiting_since[seat]
        for seat in movers:
            g.waiting_since.setdefault(seat, now)
        for sub in g.subscribers:
            sub.mark()
        self.bots.schedule(g)

    def facts(self, g: LiveGame, viewer: int | None, lang: str = DEFAULT_LANGUAGE) -> Facts:
        """What ``viewer`` may know now, in ``lang``: computed once per change of the game (caller holds
        ``g.lock`` or runs without awaiting since the last change)."""
        key = (viewer, lang)
        hit = g.cache.get(key)
        if hit is None:
            shared = g.cache.get(("shared", lang))
            if shared is None:  # the same for every viewer reading this language
                shared = g.cache[("shared", lang)] = (g.seat_meta(lang), g.status, public_facts(g.state))
            meta, status, public = shared
            fields = view_fields(g.state, viewer, seq=g.seq, status=status, seats=meta,
                                 can_undo=undo_possible(g, viewer), public=public, lang=lang,
                                 enters_chance=may_enter_chance(g, viewer), rated=bool(g.row.get("rated")),
                                 move_seconds=g.row.get("move_seconds"))
            hit = g.cache[key] = Facts(g.state, viewer, g.id, fields, g.log_for(viewer, lang), g.events_for(viewer))
        return hit

    def view(self, g: LiveGame, viewer: int | None, log_from: int = 0, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        """``viewer``'s whole view in ``lang`` as a new dict (nothing in it is shared with the state)."""
        facts = self.facts(g, viewer, lang)
        lines = facts.lines
        start = log_from if 0 <= log_from <= len(lines) else 0
        view: dict[str, Any] = loads(facts.head() + "}")
        view["log_start"] = start
        view["log"] = lines[start:]
        view["events"] = loads(dumps_bytes(facts.events[start:]))
        return view

    def message_for(self, g: LiveGame, sub: Subscriber) -> str | None:
        """The next message for a WebSocket watcher: a whole view or an update (None: nothing new)."""
        return sub.message(self.facts(g, sub.seat, sub.lang), g.epoch)

    def ack_for(self, g: LiveGame, sub: Subscriber, ack: Ack) -> str:
        """The acknowledgment's text: with the watcher's update in it when that update is due and is
        for the acknowledged sequence number (see ``Subscriber.ack_with_update``), else alone."""
        if sub.updates and sub.dirty and g.seq == ack.seq:
            text = sub.ack_with_update(ack, self.facts(g, sub.seat, sub.lang), g.epoch)
            if text is not None:
                return text
        return ack.text()

    def subscribe(self, g: LiveGame, sub: Subscriber, resume_seq: int | None) -> None:
        """A watcher connects (``resume_seq``: the sequence number it saw last, if it reconnects)."""
        if resume_seq is None or resume_seq < g.last_undo_seq or resume_seq > g.seq:
            sub.log_sent = 0
        sub.epoch = g.epoch
        g.subscribers.add(sub)
        g.seen = self.runtime.clock()
        if sub.seat is not None:
            g.connected[sub.seat] = g.connected.get(sub.seat, 0) + 1
            g.seats_changed()
            if g.connected[sub.seat] == 1:
                self.changed(g)
        sub.mark()

    def unsubscribe(self, g: LiveGame, sub: Subscriber) -> None:
        """A watcher went away."""
        g.subscribers.discard(sub)
        g.seen = self.runtime.clock()  # the idle time counts from the last connection's end
        if sub.seat is not None:
            g.connected[sub.seat] = max(0, g.connected.get(sub.seat, 0) - 1)
            g.seats_changed()
            if g.connected[sub.seat] == 0:
                self.changed(g)
