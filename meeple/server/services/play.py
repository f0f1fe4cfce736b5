"""Play: a seat's move or undo, under the game's lock. A move is checked against the hot state, applied,
written (group commit, ``writer``) and only then acknowledged and pushed to every watcher; a rated
game's last move also rates it, in the same transaction.

>>> seq = await play.move(gid, seat, expected_seq, {"name": "take", "args": [4, 2]})
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from sqlalchemy.exc import IntegrityError

from meeple.core import CHANCE, Action, ActionParseError, IllegalAction, MoveReport, State
from meeple.core.i18n import Message
from meeple.server import db, ratings, turn_clock
from meeple.server.bus import Move
from meeple.server.errors import (
    BadRequest, Conflict, Forbidden, Internal, ServerError, TooMany, Unavailable, Unprocessable,
)
from meeple.server.live_game import LiveGame, MoveRecord, chance_entry, check_playing, fresh_state, may_enter_chance
from meeple.server.quota import Quota
from meeple.server.services.game_log import log_game
from meeple.server.services.live_cache import LiveCache
from meeple.server.services.notices import newly_due
from meeple.server.services.replay import decisions_per_seat
from meeple.server.services.runtime import Runtime
from meeple.server.services.sync import Sync
from meeple.server.services.watchers import Watchers
from meeple.server.store import Store
from meeple.server.undo import undo_refusal
from meeple.server.wire import dumps
from meeple.server.writer import EventRow

log = logging.getLogger("meeple.server")


def check_seq(g: LiveGame, expected: Any, stale: str) -> None:
    """BadRequest unless ``expected`` is a sequence number; Conflict (message ``stale``) unless it is the
    game's now."""
    if isinstance(expected, bool) or not isinstance(expected, int):
        raise BadRequest("server.bad_seq")
    if expected != g.seq:
        raise Conflict(stale, args={"given": repr(expected)[:20], "now": g.seq}, seq=g.seq)


def rate_finished(conn: Any, g: LiveGame, state: State, last_player: int, at: float) -> None:
    """Rate a game that just ended by ``last_player``'s move (in that move's transaction, the seat rows
    read in it: another process may have counted its bots' moves; ``ratings.apply_game`` says which
    games are rated). A failure here is logged and rolled back alone: it never costs the move."""
    if not g.row.get("rated"):
        return
    try:
        with conn.begin_nested():
            decisions = decisions_per_seat(g.moves, state.players)
            if 0 <= last_player < state.players:
                decisions[last_player] += 1  # the finishing move, not yet in ``g.moves``
            ratings.apply_game(conn, {**g.row, "status": "finished", "finished_at": at}, db.seat_rows(conn, g.id),
                               list(state.scores()), list(state.winners()), decisions, at)
    except Exception:  # noqa: BLE001
        log.exception("game %s: its ratings could not be updated", g.id)


class Play:
    def __init__(self, runtime: Runtime, store: Store, cache: LiveCache, sync: Sync, watchers: Watchers) -> None:
        self.runtime, self.store, self.cache, self.sync, self.watchers = runtime, store, cache, sync, watchers
        settings = runtime.settings
        self.undos = Quota(settings.undo_rate, settings.undo_burst)  # per (game, seat)
        self.moves_applied = 0
        self.on_turn: Callable[[LiveGame, list[int]], None] | None = None
        """Told the seats a turn-based game's decision has just passed to (``Notices.turns_passed``)."""

    # ------------------------------------------------------------------ moves
    async def move(self, gid: str, seat: int, expected: int, data: Any = None, text: str | None = None,
                   by_bot: bool = False, timed_out: bool = False) -> int:
        """``seat`` plays ``data`` (an action as JSON) or ``text`` at sequence number ``expected``; the new
        sequence number once written. ``by_bot``: the seat's bot plays it (a bot's seat, or a person away);
        ``timed_out``: the fallback bot of a person whose time ran out in a turn-based game (``turns``)."""
        g = self.cache.live.get(gid)
        if g is None:
            g = await self.cache.get(gid)
        else:
            g.touched = time.monotonic()
        async with g.lock:
            check_seq(g, expected, "server.stale_seq_reload")
            player = self._player(g, seat, by_bot, timed_out)
            action = self._action(g, seat, player, data, text)
            try:
                report = self._apply(g, action, player)
            except ServerError:
                raise
            except Exception:  # a bug in the game's rules: rebuild the position from the log
                log.exception("game %s: the rules failed on a move; reloading", g.id)
                await self.cache.reload(g)
                raise Internal("server.rules_failed") from None
            seq = await self._store_move(g, seat, player, action, report, by_bot, timed_out)
            self.moves_applied += 1
        self.watchers.changed(g)
        return seq

    @staticmethod
    def _player(g: LiveGame, seat: int, by_bot: bool, timed_out: bool = False) -> int:
        """Who ``seat`` moves as: itself, or CHANCE when it enters a referee game's random outcome;
        refused when it is not its turn or not its to play (a bot plays it, or a person again; a
        timeout's bot plays only for a person whose clock runs)."""
        check_playing(g)
        state = g.state
        if state.is_over():
            raise Conflict("server.game_over", seq=g.seq)
        if timed_out and (g.bot_plays(seat) or not turn_clock.is_turn_based(g.row)):
            raise Conflict("server.person_again")
        if by_bot and not timed_out and not g.bot_plays(seat):
            raise Conflict("server.person_again")
        if not by_bot and g.bot_plays(seat):
            raise Forbidden("server.bot_playing", seq=g.seq)
        if seat not in state.to_move() and not by_bot and may_enter_chance(g, seat):
            return CHANCE  # a referee game: this seat enters what the table rolled or drew
        if seat not in state.to_move():
            raise Unprocessable(Message("core.not_your_turn", {"game": state.game.id, "seat": seat,
                                                               "seats": list(state.to_move())}), seq=g.seq)
        return seat

    @staticmethod
    def _action(g: LiveGame, seat: int, player: int, data: Any, text: str | None) -> Action:
        """The action asked for, parsed; a random outcome entered only from those ``seat`` is offered."""
        state = g.state
        try:
            if player == CHANCE:
                entered = chance_entry(state, seat, text, data)
                if entered is None:  # refused from the offered list alone: it tells nothing hidden
                    raise Unprocessable("server.chance_not_offered", seq=g.seq)
                return entered
            return state.parse_action(text, player) if text is not None else state.action_from_json(data)
        except ActionParseError as exc:
            raise BadRequest.of(exc, seq=g.seq) from None
        except IllegalAction as exc:
            raise Unprocessable.of(exc, seq=g.seq) from None

    @staticmethod
    def _apply(g: LiveGame, action: Action, player: int) -> MoveReport:
        """``action`` applied to the hot state; a refusal leaves the state unchanged (any other
        exception is a failure of the game's rules: the caller rebuilds the game from the log)."""
        try:
            return g.state.apply_reporting(action, player)
        except ActionParseError as exc:
            raise BadRequest.of(exc, seq=g.seq) from None
        except IllegalAction as exc:
            if player == CHANCE:
                # an offered outcome the rules could not reconcile (never, for a game that keeps the
                # contract): said without the legal outcomes, which would tell where the cards are
                raise Unprocessable("server.chance_not_possible", seq=g.seq) from None
            raise Unprocessable.of(exc, seq=g.seq) from None

    async def _store_move(self, g: LiveGame, seat: int, player: int, action: Action, report: MoveReport,
                          by_bot: bool, timed_out: bool = False) -> int:
        """Write the applied move (and, if it ended a rated game, the ratings); then it counts here too.
        A failed write rebuilds the game from the log and says why."""
        gid, state = g.id, g.state
        seq = g.seq + 1
        finished = state.is_over()
        row = EventRow(gid, seq, player, "move", dumps(action.to_json()), self.sync.notify_origin)
        # the fallback bot of a person away, in a rated game (where it ranks the person last if it
        # plays most of their decisions): counted in the move's own transaction
        for_person = by_bot and bool(g.row.get("rated")) and g.seats[seat]["kind"] == "human"
        finish_time = time.time()
        turns = turn_clock.is_turn_based(g.row)
        now = self.runtime.clock() if turns else 0.0
        before = {int(r["seat"]): r.get("deadline") for r in g.seats} if turns else {}

        def job(conn: Any) -> list[dict[str, Any]] | None:
            row(conn)
            if for_person:
                db.count_bot_move(conn, gid, seat)
            seat_rows = None
            if turns:  # the clock: misses in a row, then each person's deadline in the new position
                if player == seat and g.seats[seat]["kind"] == "human" and (timed_out or not by_bot):
                    turn_clock.record_turn(conn, gid, seat, timed_out)
                seat_rows = turn_clock.write_deadlines(conn, gid, state, int(g.row["move_seconds"]), now, fresh=seat)
                self.sync.notify_in(conn, gid)
            if finished:
                db.update_game(conn, gid, status="finished", finished_at=finish_time)
                rate_finished(conn, g, state, player, finish_time)
            return seat_rows

        try:
            seat_rows = await self.store.write(job if finished or for_person or turns else row)
        except IntegrityError:
            await self.cache.reload(g)
            self.watchers.changed(g)
            raise Conflict("server.saved_first", seq=g.seq) from None
        except Exception:
            log.exception("could not save a move of game %s", gid)
            await self.cache.reload(g)
            self.watchers.changed(g)
            raise Unavailable("server.not_saved") from None
        self.sync.announce(gid, rows=finished or turns, move=Move(gid, seq, player, row.action))
        g.seq = seq
        g.moves.append(MoveRecord(seq, player, action, report, row.action))
        g.waiting_since[player] = time.monotonic()
        if for_person:
            g.seats[seat]["bot_moves"] = int(g.seats[seat].get("bot_moves") or 0) + 1
        if seat_rows is not None:  # as stored: deadlines, misses, and a seat set away after its misses
            g.seats = seat_rows
            g.seats_changed()
            if self.on_turn is not None:
                self.on_turn(g, newly_due(before, seat_rows, seat, timed_out))
        if finished:
            g.row["status"] = "finished"
            g.row["finished_at"] = finish_time  # the summary's game length
            log_game("finished", g)
        return seq

    # ------------------------------------------------------------------ undo
    async def undo(self, gid: str, seat: int, expected: int) -> int:
        """``seat`` takes back its last move (``undo.undo_refusal`` says when it may); the new sequence
        number once written."""
        g = await self.cache.get(gid)
        async with g.lock:
            check_seq(g, expected, "server.stale_seq")
            check_playing(g)
            refusal = undo_refusal(g, seat)
            if refusal is not None:
                raise refusal.kind(refusal.reason, seq=g.seq)
            wait = self.undos.take((gid, seat))
            if wait:
                raise TooMany("server.too_many_undos", args={"wait": f"{wait:.0f}"}, retry_after=wait, seq=g.seq)
            last = g.moves[-1]
            before = fresh_state(g.row)
            for m in g.moves[:-1]:
                before.apply(m.action, m.seat)
            seq = g.seq + 1
            turns = turn_clock.is_turn_based(g.row)
            now = self.runtime.clock()

            def job(conn: Any) -> list[dict[str, Any]] | None:
                db.insert_event(conn, gid, seq, seat, "undo", None)
                self.sync.notify_in(conn, gid)
                if turns:  # the position before: the undoing seat is due again, with a new time
                    return turn_clock.write_deadlines(conn, gid, before, int(g.row["move_seconds"]), now, fresh=seat)
                return None

            try:
                seat_rows = await self.store.write(job)
            except IntegrityError:
                await self.cache.reload(g)
                self.watchers.changed(g)
                raise Conflict("server.saved_first", seq=g.seq) from None
            self.sync.announce(gid, rows=True)
            g.state = before
            g.moves.pop()
            g.undone.add((len(g.moves), last.text))
            g.seq = seq
            g.last_undo_seq = seq
            g.epoch += 1
            g.cache.clear()
            if seat_rows is not None:
                g.seats = seat_rows
                g.seats_changed()
        self.watchers.changed(g)
        return seq
