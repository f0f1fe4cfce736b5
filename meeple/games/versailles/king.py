"""国王恩赐 / 国王: the King's track and King's Favor — recruiting new workers, turning tokens up.

Seed (国王恩赐): 「当国王恩赐地点被激活或者跳过时，国王前进一格，当国王前进到最后一格时游戏立即结束。」
「1. 招募新工人行动要2-3个工人来激活，新招募的工人出现在国王恩赐地点（不能立即用来执行行动），玩家可以一次招募2个新工人
或者先招募贵的新工人。2. 玩家可以花费一个工人将最多2个双倍移动token翻面。」

One of the two per activation: ``recruit`` (the expensive new worker first, then the cheap one),
``recruit2`` (both at once) or ``flip`` (up to 2 tokens; see movement.py).
"""

from __future__ import annotations

from meeple.core import Action
from meeple.games.versailles.actions import A_FLIP, A_RECRUIT, A_RECRUIT2
from meeple.games.versailles.content import (
    DOUBLE_MOVES_PER_PLAYER, KINGS_FAVOR, RECRUIT_BOTH_WORKERS, RECRUIT_CHEAP_WORKERS,
    RECRUIT_EXPENSIVE_WORKERS,
)


class KingRules:
    """The King and King's Favor (a mixin of ``VersaillesState``)."""

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

    def _recruit_both(self, p: int) -> None:
        self.unspent_workers -= RECRUIT_BOTH_WORKERS
        self.once_only_used = True
        self.workers_off_board[p][0] = 0
        self.workers_off_board[p][1] = 0
        self.workers_at[p][KINGS_FAVOR] += 2
        self.say("versailles.recruits_both", seat=p, workers=RECRUIT_BOTH_WORKERS)

    def _recruit_one(self, p: int) -> None:
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
