"""Table chat (issue 40): the lines a game's seats say, stored with the game, pushed to everyone
watching it, read back by anyone who may see the game, and shown in its replay.

A line is never a move: posting one reads ``g.seq`` (to place the line in the replay) and changes
nothing of the game: no event, no sequence number, no undo position, no clock, no view.
The limits (``meeple.server.chat``) are counted in the database in the line's own write, so they hold
across server processes; an in-memory window in front refuses a flood before it reaches the writer.

>>> line = await chat.post(g, seat, text="hi", phrase=None)       # stored, pushed, announced
>>> await chat.history(g, after=0, limit=50, lang="zh")            # what a reader sees
"""

from __future__ import annotations

import bisect
import logging
import math
from collections import deque
from typing import Any

from sqlalchemy.engine import Connection

from meeple.core.i18n import DEFAULT_LANGUAGE, render
from meeple.server import chat as rules
from meeple.server.chat_store import lines_from, lines_of, store_line
from meeple.server.errors import Conflict, TooMany
from meeple.server.live_game import LiveGame, check_playing
from meeple.server.services.live_cache import LiveCache
from meeple.server.services.runtime import Runtime
from meeple.server.services.sync import Sync
from meeple.server.store import Store
from meeple.server.views import shown_name
from meeple.server.wire import dumps

log = logging.getLogger("meeple.server")
Row = dict[str, Any]
REMEMBERED = 64  # ids of lines pushed per game, remembered so a line heard twice is pushed once


def note_for(game_id: str, line_id: int) -> str:
    """The bus note announcing line ``line_id`` of ``game_id``."""
    return f"#{game_id}#{line_id}"


def parse_note(note: str) -> tuple[str, int] | None:
    """``(game id, line id)`` of a chat note, or None when it is not one."""
    _, sep, rest = note.partition("#")
    gid, sep2, number = rest.rpartition("#")
    if not sep or not sep2 or not gid or not number.isdigit():
        return None
    return gid, int(number)


def line_json(row: Row, seats: list[Row], state: Any, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
    """A stored line as a reader in ``lang`` gets it: public facts only (the seat, its colour and its
    player's public name; never a token or an account's id). A quick phrase carries its id and its
    sentence in ``lang``; free text is as typed."""
    seat = int(row["seat"])
    phrase = row["body"] if row["kind"] == rules.PHRASE else None
    seat_row = seats[seat] if 0 <= seat < len(seats) else {}
    return {
        "id": int(row["id"]), "seat": seat, "color": state.player_name(seat, lang),
        "name": shown_name(seat_row, lang) if seat_row else None, "account": seat_row.get("user_id") is not None,
        "seq": int(row["seq"]), "at": float(row["created_at"]), "phrase": phrase,
        "text": render(rules.phrase_id(phrase), None, lang) if phrase is not None else row["body"],
    }


class Chat:
    def __init__(self, runtime: Runtime, store: Store, cache: LiveCache, sync: Sync) -> None:
        self.runtime, self.store, self.cache, self.sync = runtime, store, cache, sync
        self.window = rules.SlidingWindow()
        self.pushed: dict[str, deque[int]] = {}  # game id → ids of the lines pushed here lately
        sync.on_chat = self.heard

    # ------------------------------------------------------------------ saying
    async def post(self, g: LiveGame, seat: int, text: Any = None, phrase: Any = None) -> Row:
        """``seat`` says a line at ``g``'s table: checked (Unprocessable), within the limits (TooMany,
        Conflict), stored, announced to the other processes and pushed to every watcher here. The
        stored row. The game itself does not change."""
        check_playing(g)  # abandoned or cancelled: the table is gone (a finished game's is not)
        kind, body = rules.checked_line(text, phrase)
        now = self.runtime.clock()
        key = (g.id, seat)
        wait = self.window.wait(key, now)
        if wait > 0:
            raise self._too_fast(wait)
        gid, seq = g.id, g.seq

        def job(conn: Connection) -> Row | tuple[str, float]:
            stored = store_line(conn, gid, seat, seq, kind, body, now)
            if isinstance(stored, dict):
                self.sync.note_in(conn, note_for(gid, stored["id"]))
            return stored

        stored = await self.store.write(job)
        if isinstance(stored, tuple):
            refusal, wait = stored
            if refusal == "fast":
                raise self._too_fast(wait)
            if refusal == "game_full":
                raise Conflict("server.chat_full", args={"limit": rules.GAME_CAP})
            raise Conflict("server.chat_seat_full", args={"limit": rules.SEAT_CAP})
        self.window.record(key, now)
        self.sync.announce_note(note_for(gid, stored["id"]))
        self.push(g, stored)
        return stored

    @staticmethod
    def _too_fast(wait: float) -> TooMany:
        seconds = max(1, math.ceil(wait))
        return TooMany("server.chat_too_fast", args={"limit": rules.PER_WINDOW, "seconds": f"{rules.WINDOW_SECONDS:g}",
                                                     "wait": str(seconds)}, retry_after=seconds)

    # ------------------------------------------------------------------ reading
    async def history(self, g: LiveGame, after: int = 0, limit: int = rules.HISTORY_LIMIT,
                      lang: str = DEFAULT_LANGUAGE) -> list[dict[str, Any]]:
        """The newest ``limit`` lines after id ``after``, oldest first, as a reader in ``lang`` gets them."""
        rows = await self.store.read(lines_of, g.id, after, limit)
        return [line_json(r, g.seats, g.state, lang) for r in rows]

    async def for_replay(self, g: LiveGame, lang: str = DEFAULT_LANGUAGE) -> list[dict[str, Any]]:
        """Every line of the game (at most ``GAME_CAP``), each with ``step``: the number of the replay's
        moves made when it was said (the moves in effect whose sequence number is at most the line's)."""
        rows = await self.store.read(lines_of, g.id, 0, None)
        seqs = [m.seq for m in g.moves]
        return [{**line_json(r, g.seats, g.state, lang), "step": bisect.bisect_right(seqs, int(r["seq"]))}
                for r in rows]

    # ------------------------------------------------------------------ pushing
    def push(self, g: LiveGame, row: Row) -> None:
        """Send ``row`` to every WebSocket watcher of ``g`` in this process, each in its language (once)."""
        seen = self.pushed.get(g.id)
        if seen is None:
            if len(self.pushed) >= len(self.cache.live) + 100:  # forget the games no longer held here
                self.pushed = {gid: ids for gid, ids in self.pushed.items() if gid in self.cache.live}
            seen = self.pushed[g.id] = deque(maxlen=REMEMBERED)
        if row["id"] in seen:
            return
        seen.append(row["id"])
        texts: dict[str, str] = {}
        for sub in list(g.subscribers):
            text = texts.get(sub.lang)
            if text is None:
                text = texts[sub.lang] = dumps({"type": "chat", "line": line_json(row, g.seats, g.state, sub.lang)})
            sub.send(text)

    def heard(self, note: str) -> None:
        """Another process stored a chat line (its bus note): pushed here if this process has watchers
        of that game (the line is read from the database)."""
        parsed = parse_note(note)
        if parsed is None:
            return
        gid, first = parsed
        g = self.cache.live.get(gid)
        if g is None or not g.subscribers:
            return
        self.runtime.spawn(self._push_from(g, first))

    async def _push_from(self, g: LiveGame, first: int) -> None:
        try:
            rows = await self.store.read(lines_from, g.id, first)
        except Exception:  # noqa: BLE001 - a reload shows the line anyway (it is stored)
            log.warning("could not read the chat of game %s", g.id, exc_info=True)
            return
        for row in rows:
            self.push(g, row)
