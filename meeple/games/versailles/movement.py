"""移动工人: regular moves, double moves, the activation marker, and turning double-move tokens up.

Seed (移动工人 / 常规移动 / 双倍移动 / 激活标志): 「他必须至少移动一个工人……工人必须按照版图上画的箭头方向移动」
「将两个同一地点的工人按照常规移动的方式移动一次 / 将一个工人按照常规移动的方式跳过一个地点移动一次」
「都不允许移动到已经有自己激活标志的地点。在玩家完成一次移动后，他将激活标志转移到刚刚激活的地点。」

A turn starts with one move: ``move a b`` (one worker along an arrow), ``move2 a b`` (two workers,
a double move) or ``jump a c`` (one worker over a location, a double move; jumping over King's
Favor moves the King). The marker follows the move; then the player decides to activate or not.
``flip`` (at the Architects' Guild or King's Favor) turns tokens face up again. Each action is
performed, described and refused here (``ACTIONS``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.core import Action, LogEntry
from meeple.core.action_table import ActionSpec
from meeple.core.i18n import Message, msg
from meeple.games.versailles.actions import ONE_WORKER_MOVES, REGULAR_MOVES, TWO_WORKER_MOVES
from meeple.games.versailles.board import (
    JUMP_TARGETS, LOCATION_CODES, LOCATION_INDEX, NEXT_LOCATIONS, SKIPPED_BY_JUMP,
)
from meeple.games.versailles.content import (
    ARCHITECTS_GUILD, DOUBLE_MOVES_PER_PLAYER, KINGS_FAVOR, KINGS_FAVOR_FLIPS,
)
from meeple.games.versailles.describe import either_phrase, lenient_refusal, workers_phrase
from meeple.games.versailles.fields import VersaillesFields

_new_log_entry = tuple.__new__
"""Builds a LogEntry from (message id, arguments, visible_to) without NamedTuple's slower __new__."""


class MovementRules(VersaillesFields):
    """Moving workers (a mixin of ``VersaillesState``)."""

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        "move": ActionSpec(perform="_act_move", describe="_describe_move", refuse="_refuse_move"),
        "move2": ActionSpec(perform="_act_move2", describe="_describe_move2", refuse="_refuse_move"),
        "jump": ActionSpec(perform="_act_jump", describe="_describe_jump", refuse="_refuse_move"),
        "flip": ActionSpec(perform="_act_flip", describe="_describe_flip", refuse="_refuse_flip"),
    }

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

    # ------------------------------------------------------------------ the three moves
    def _act_move(self, action: Action, p: int) -> None:
        """``move a b``: one worker along an arrow."""
        args = action.args
        start, end = LOCATION_INDEX[args[0]], LOCATION_INDEX[args[1]]
        workers = self.workers_at[p]
        workers[start] -= 1
        workers[end] += 1
        self.log.append(_new_log_entry(LogEntry, (
            "versailles.moves", {"seat": p, "location": start, "location2": end}, None)))
        # the marker follows the move; then the player decides whether to activate (only a jump over
        # King's Favor can end the game on the way)
        self.activation_markers[p] = end
        self.arrivals[end] += 1
        self.current_location = end
        self.phase = "decide"

    def _act_move2(self, action: Action, p: int) -> None:
        """``move2 a b``: two workers of one location along an arrow, a double move."""
        args = action.args
        start, end = LOCATION_INDEX[args[0]], LOCATION_INDEX[args[1]]
        workers = self.workers_at[p]
        workers[start] -= 2
        workers[end] += 2
        self.double_moves_face_up[p] -= 1
        self.log.append(_new_log_entry(LogEntry, (
            "versailles.moves_two", {"seat": p, "location": start, "location2": end}, None)))
        self.activation_markers[p] = end
        self.arrivals[end] += 1
        self.current_location = end
        self.phase = "decide"

    def _act_jump(self, action: Action, p: int) -> None:
        """``jump a c``: one worker over a location, a double move; jumping King's Favor moves the King."""
        args = action.args
        start, end = LOCATION_INDEX[args[0]], LOCATION_INDEX[args[1]]
        skipped = SKIPPED_BY_JUMP[(start, end)]
        workers = self.workers_at[p]
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

    def _describe_move(self, action: Action, p: int) -> dict[str, Any]:
        return msg("versailles.d.move", location=LOCATION_INDEX[action.args[0]], location2=LOCATION_INDEX[action.args[1]])

    def _token_message(self, p: int) -> dict[str, Any]:
        """The double-move tokens ``p`` has face up (all of them for no seat)."""
        up = self.double_moves_face_up[p] if p >= 0 else DOUBLE_MOVES_PER_PLAYER
        return msg("versailles.d.token", up=up, total=DOUBLE_MOVES_PER_PLAYER)

    def _describe_move2(self, action: Action, p: int) -> dict[str, Any]:
        return msg("versailles.d.move_two", location=LOCATION_INDEX[action.args[0]],
                   location2=LOCATION_INDEX[action.args[1]], token=self._token_message(p))

    def _describe_jump(self, action: Action, p: int) -> dict[str, Any]:
        start, end = LOCATION_INDEX[action.args[0]], LOCATION_INDEX[action.args[1]]
        skipped = SKIPPED_BY_JUMP[(start, end)]
        token = self._token_message(p)
        if skipped == KINGS_FAVOR:
            return msg("versailles.d.jump_king", location=start, location2=skipped, location3=end, token=token,
                       king=self._king_message())
        return msg("versailles.d.jump", location=start, location2=skipped, location3=end, token=token)

    @lenient_refusal
    def _refuse_move(self, action: Action, p: int) -> Message | None:
        """Out of the move step, off the arrows, too few workers, no token face up, onto one's own marker."""
        name, args = action.name, action.args
        if self.phase != "move":
            return Message("versailles.why.move_phase", {})
        if len(args) != 2 or args[0] not in LOCATION_INDEX or args[1] not in LOCATION_INDEX:
            return Message("versailles.why.two_locations", {"name": name, "codes": ", ".join(LOCATION_CODES)})
        start, end = LOCATION_INDEX[args[0]], LOCATION_INDEX[args[1]]
        if name == "jump":
            if (start, end) not in SKIPPED_BY_JUMP:
                targets = either_phrase([LOCATION_CODES[c] for c in JUMP_TARGETS[start]])
                return Message("versailles.why.jump_path", {
                    "code": LOCATION_CODES[start], "targets": targets, "code2": LOCATION_CODES[end]})
        elif end not in NEXT_LOCATIONS[start]:
            targets = either_phrase([msg("versailles.name.location", location=c) for c in NEXT_LOCATIONS[start]])
            return Message("versailles.why.arrows", {"location": start, "targets": targets, "location2": end})
        need = 2 if name == "move2" else 1
        if self.workers_at[p][start] < need:
            return Message("versailles.why.few_workers", {"n": self.workers_at[p][start], "location": start, "need": need})
        if name != "move" and self.double_moves_face_up[p] <= 0:
            return Message("versailles.why.no_token", {})
        if end == self.activation_markers[p]:
            return Message("versailles.why.marker", {"location": end})
        return None

    # ------------------------------------------------------------------ turning tokens face up
    def _act_flip(self, action: Action, p: int) -> None:
        """``flip``: one worker turns double-move tokens face up (1 at the Architects' Guild, up to 2 at
        King's Favor), once per activation."""
        self.unspent_workers -= 1
        self.once_only_used = True
        most = 1 if self.current_location == ARCHITECTS_GUILD else KINGS_FAVOR_FLIPS
        flipped = min(most, DOUBLE_MOVES_PER_PLAYER - self.double_moves_face_up[p])
        self.double_moves_face_up[p] += flipped
        self.say("versailles.flips", seat=p, n=flipped)
        self._finish_if_nothing_affordable(p)

    def _describe_flip(self, action: Action, p: int) -> dict[str, Any]:
        most = 1 if self.current_location == ARCHITECTS_GUILD else KINGS_FAVOR_FLIPS
        down = DOUBLE_MOVES_PER_PLAYER - self.double_moves_face_up[p] if p >= 0 else most
        flips = max(0, min(most, down))
        if self.current_location == ARCHITECTS_GUILD:
            return msg("versailles.d.flip_ag", n=flips, workers=workers_phrase(1))
        return msg("versailles.d.flip_kf", n=flips, workers=workers_phrase(1))

    @lenient_refusal
    def _refuse_flip(self, action: Action, p: int) -> Message | None:
        """Out of an activation, elsewhere than the Guild or King's Favor, a second time, every token up."""
        outside = self._refuse_outside_activation(action, p)
        if outside is not None:
            return outside
        location = self.current_location
        if location == KINGS_FAVOR and self.once_only_used:
            return Message("versailles.why.kf_once", {})
        if location not in (ARCHITECTS_GUILD, KINGS_FAVOR):
            return Message("versailles.why.flip_where", {"location": location})
        if self.once_only_used:
            return Message("versailles.why.flip_once", {})
        if self.double_moves_face_up[p] >= DOUBLE_MOVES_PER_PLAYER:
            return Message("versailles.why.all_up", {})
        return None
