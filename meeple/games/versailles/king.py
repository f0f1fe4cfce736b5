"""国王恩赐 / 国王: the King's track and King's Favor — recruiting new workers, turning tokens up.

Seed (国王恩赐): 「当国王恩赐地点被激活或者跳过时，国王前进一格，当国王前进到最后一格时游戏立即结束。」
「1. 招募新工人行动要2-3个工人来激活，新招募的工人出现在国王恩赐地点（不能立即用来执行行动），玩家可以一次招募2个新工人
或者先招募贵的新工人。2. 玩家可以花费一个工人将最多2个双倍移动token翻面。」

One of the two per activation: ``recruit`` (the expensive new worker first, then the cheap one),
``recruit2`` (both at once) or ``flip`` (up to 2 tokens; see movement.py). The two recruitments are
performed, described and refused here (``ACTIONS``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.core import Action
from meeple.core.action_table import ActionSpec
from meeple.core.i18n import Message, msg
from meeple.games.versailles.actions import A_FLIP, A_RECRUIT, A_RECRUIT2
from meeple.games.versailles.content import (
    DOUBLE_MOVES_PER_PLAYER, KINGS_FAVOR, RECRUIT_BOTH_WORKERS, RECRUIT_CHEAP_WORKERS,
    RECRUIT_EXPENSIVE_WORKERS,
)
from meeple.games.versailles.describe import lenient_refusal, workers_phrase
from meeple.games.versailles.fields import VersaillesFields


class KingRules(VersaillesFields):
    """The King and King's Favor (a mixin of ``VersaillesState``)."""

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        "recruit2": ActionSpec(perform="_act_recruit2", describe="_describe_recruit2", refuse="_refuse_recruit"),
        "recruit": ActionSpec(perform="_act_recruit", describe="_describe_recruit", refuse="_refuse_recruit"),
    }

    def _advance_king(self, jumped: bool) -> None:
        """The King one space on: King's Favor was jumped over, or activated."""
        self.king_space += 1
        last = self.king_track_length()
        if jumped:
            self.say("versailles.king_jumped", space=self.king_space + 1, last=last)
        else:
            self.say("versailles.king_activated", space=self.king_space + 1, last=last)
        if self.king_space >= last - 1:
            self._end_game("king")

    def _kings_favor_options(self, p: int, workers: int) -> list[Action]:
        # recruit or flip, one of the two per activation (seed: 招募新工人或者翻面); ``once_only_used``
        # marks that the activation's one option is used
        out: list[Action] = []
        if self.once_only_used:
            return out
        waiting = self.workers_off_board[p]
        if waiting[1]:
            if waiting[0] and workers >= RECRUIT_BOTH_WORKERS:
                out.append(A_RECRUIT2)
            if workers >= RECRUIT_EXPENSIVE_WORKERS:
                out.append(A_RECRUIT)
        elif waiting[0] and workers >= RECRUIT_CHEAP_WORKERS:
            out.append(A_RECRUIT)
        if self.double_moves_face_up[p] < DOUBLE_MOVES_PER_PLAYER:
            out.append(A_FLIP)
        return out

    def _act_recruit2(self, action: Action, p: int) -> None:
        """``recruit2``: both new workers at once, onto King's Favor."""
        self.unspent_workers -= RECRUIT_BOTH_WORKERS
        self.once_only_used = True
        self.workers_off_board[p][0] = 0
        self.workers_off_board[p][1] = 0
        self.workers_at[p][KINGS_FAVOR] += 2
        self.say("versailles.recruits_both", seat=p, workers=RECRUIT_BOTH_WORKERS)
        self._finish_if_nothing_affordable(p)

    def _describe_recruit2(self, action: Action, p: int) -> dict[str, Any]:
        return msg("versailles.d.recruit_both", workers=workers_phrase(RECRUIT_BOTH_WORKERS))

    def _act_recruit(self, action: Action, p: int) -> None:
        """``recruit``: the expensive new worker while it waits, else the cheap one, onto King's Favor."""
        waiting = self.workers_off_board[p]
        self.once_only_used = True
        if waiting[1]:
            waiting[1] = 0
            self.unspent_workers -= RECRUIT_EXPENSIVE_WORKERS
            self.say("versailles.recruits_expensive", seat=p, workers=RECRUIT_EXPENSIVE_WORKERS)
        else:
            waiting[0] = 0
            self.unspent_workers -= RECRUIT_CHEAP_WORKERS
            self.say("versailles.recruits_cheap", seat=p, workers=RECRUIT_CHEAP_WORKERS)
        self.workers_at[p][KINGS_FAVOR] += 1
        self._finish_if_nothing_affordable(p)

    def _describe_recruit(self, action: Action, p: int) -> dict[str, Any]:
        expensive_waits = self.workers_off_board[p][1] if p >= 0 else 1
        if expensive_waits:
            return msg("versailles.d.recruit_expensive", workers=workers_phrase(RECRUIT_EXPENSIVE_WORKERS))
        return msg("versailles.d.recruit_cheap", workers=workers_phrase(RECRUIT_CHEAP_WORKERS))

    @lenient_refusal
    def _refuse_recruit(self, action: Action, p: int) -> Message | None:
        """``recruit`` or ``recruit2``: not at King's Favor, its one option used, nobody waiting, too few
        workers."""
        outside = self._refuse_outside_activation(action, p)
        if outside is not None:
            return outside
        workers = self.unspent_workers
        location = self.current_location
        if location == KINGS_FAVOR and self.once_only_used:
            return Message("versailles.why.kf_once", {})
        if location != KINGS_FAVOR:
            return Message("versailles.why.recruit_where", {"location": location})
        waiting = self.workers_off_board[p]
        if not (waiting[0] or waiting[1]):
            return Message("versailles.why.all_recruited", {})
        if action.name == "recruit2":
            if not (waiting[0] and waiting[1]):
                return Message("versailles.why.one_left", {})
            return Message("versailles.why.recruit_both", {"workers": RECRUIT_BOTH_WORKERS, "have": workers})
        if waiting[1]:
            return Message("versailles.why.recruit_expensive", {"workers": RECRUIT_EXPENSIVE_WORKERS, "have": workers})
        return Message("versailles.why.recruit_cheap", {"workers": RECRUIT_CHEAP_WORKERS, "have": workers})
