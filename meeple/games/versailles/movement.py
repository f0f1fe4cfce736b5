"""移动工人: regular moves, double moves, the activation marker, and turning double-move tokens up.

Seed (移动工人 / 常规移动 / 双倍移动 / 激活标志): 「他必须至少移动一个工人……工人必须按照版图上画的箭头方向移动」
「将两个同一地点的工人按照常规移动的方式移动一次 / 将一个工人按照常规移动的方式跳过一个地点移动一次」
「都不允许移动到已经有自己激活标志的地点。在玩家完成一次移动后，他将激活标志转移到刚刚激活的地点。」

A turn starts with one move: ``move a b`` (one worker along an arrow), ``move2 a b`` (two workers,
a double move) or ``jump a c`` (one worker over a location, a double move; jumping over King's
Favor moves the King). The marker follows the move; then the player decides to activate or not.
"""

from __future__ import annotations

from meeple.core import Action, LogEntry
from meeple.games.versailles.actions import ONE_WORKER_MOVES, REGULAR_MOVES, TWO_WORKER_MOVES
from meeple.games.versailles.board import LOCATION_INDEX, SKIPPED_BY_JUMP
from meeple.games.versailles.content import (
    ARCHITECTS_GUILD, DOUBLE_MOVES_PER_PLAYER, KINGS_FAVOR, KINGS_FAVOR_FLIPS,
)

_new_log_entry = tuple.__new__
"""Builds a LogEntry from (message id, arguments, visible_to) without NamedTuple's slower __new__."""


class MovementRules:
    """Moving workers (a mixin of ``VersaillesState``)."""

    def _move_actions(self, p: int) -> list[Action]:
        marker = self.activation_markers[p]
        if self.double_moves_face_up[p] > 0:
            one_worker, two_workers = ONE_WORKER_MOVES[marker], TWO_WORKER_MOVES[marker]
            out = []
            for start, count in enumerate(self.workers_at[p]):
                if count:
                    out += two_workers[start] if count >= 2 else one_worker[start]
            return out
        regular = REGULAR_MOVES[marker]
        out = []
        for start, count in enumerate(self.workers_at[p]):
            if count:
                out += regular[start]
        return out

    def _move_workers(self, action: Action, p: int) -> None:
        name, args = action.name, action.args
        key = (LOCATION_INDEX[args[0]], LOCATION_INDEX[args[1]])
        start, end = key
        workers = self.workers_at[p]
        if name == "move":
            workers[start] -= 1
            workers[end] += 1
            self.log.append(_new_log_entry(LogEntry, (
                "versailles.moves", {"seat": p, "location": start, "location2": end}, None)))
        elif name == "move2":
            workers[start] -= 2
            workers[end] += 2
            self.double_moves_face_up[p] -= 1
            self.log.append(_new_log_entry(LogEntry, (
                "versailles.moves_two", {"seat": p, "location": start, "location2": end}, None)))
        else:
            skipped = SKIPPED_BY_JUMP[key]
            workers[start] -= 1
            workers[end] += 1
            self.double_moves_face_up[p] -= 1
            self.log.append(_new_log_entry(LogEntry, (
                "versailles.jumps", {"seat": p, "location": start, "location2": skipped, "location3": end}, None)))
            if skipped == KINGS_FAVOR:
                self._advance_king(jumped=True)
        self.activation_markers[p] = end
        self.arrivals[end] += 1
        self.current_location = end
        if self.game_over:
            return
        self.phase = "decide"

    def _flip_tokens(self, p: int) -> None:
        """``flip``: one worker turns double-move tokens face up (1 at the Architects' Guild, up to 2 at
        King's Favor), once per activation."""
        self.unspent_workers -= 1
        self.once_only_used = True
        most = 1 if self.current_location == ARCHITECTS_GUILD else KINGS_FAVOR_FLIPS
        flipped = min(most, DOUBLE_MOVES_PER_PLAYER - self.double_moves_face_up[p])
        self.double_moves_face_up[p] += flipped
        self.say("versailles.flips", seat=p, n=flipped)
