"""激活地点 / 地点收益: activating a location with all one's workers there, and the resource sites.

Seed (激活地点): 「玩家在完成移动后，可以选择是否要激活地点上的行动。当玩家激活一个地点的行动的时候，每一个工人只能用一次。」
(地点收益) 「玩家在激活的地点的工人越多收益越大，其他玩家的工人不算。」
(大理石矿 / 伐木场 / 金矿) 「1/2/3个工人玩家获得1/2/3个大理石。」

A resource site pays at once. At the other locations the activation's workers (``unspent_workers``)
pay for sub-actions one at a time until the player says ``done`` or can afford nothing more. The
decision after a move (``activate`` or ``pass``, also when a technology offers a reaction) and ``done``
are performed, described and refused here (``ACTIONS``); each sub-action in its location's module.
"""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.core import Action, LogEntry
from meeple.core.action_table import ActionSpec
from meeple.core.i18n import Message, msg
from meeple.games.versailles.actions import A_DONE
from meeple.games.versailles.board import DECORATION_WORKERS, YIELD_AT_LOCATION
from meeple.games.versailles.content import (
    ALCHEMISTS_GUILD, ARCHITECTS_GUILD, CONSTRUCTION_SITE, DOUBLE_MOVES_PER_PLAYER, KINGS_FAVOR, KINGS_FAVOR_FLIPS,
    RECRUIT_BOTH_WORKERS, RECRUIT_CHEAP_WORKERS, RECRUIT_EXPENSIVE_WORKERS, REMOVE_ONE_WORKERS,
    REMOVE_THREE_WORKERS, SLOT_WORKERS, WORKSHOP,
)
from meeple.games.versailles.describe import either_phrase, workers_phrase
from meeple.games.versailles.fields import VersaillesFields

_new_log_entry = tuple.__new__
"""Builds a LogEntry from (message id, arguments, visible_to) without NamedTuple's slower __new__ (the
two events of nearly every turn, as in movement.py)."""


class ActivationRules(VersaillesFields):
    """Activating a location (a mixin of ``VersaillesState``)."""

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        "activate": ActionSpec(perform="_act_activate", describe="_describe_activate", refuse="_refuse_undecided"),
        "pass": ActionSpec(perform="_act_pass", describe="_describe_pass", refuse="_refuse_undecided"),
        "done": ActionSpec(perform="_act_done", describe="_describe_done", refuse="_refuse_outside_activation"),
    }

    def _act_activate(self, action: Action, p: int) -> None:
        """``activate``, after a move or when a reaction is offered: every worker of ``p`` there, once each."""
        location = self.current_location
        self.activations[location] += 1
        count = self.workers_at[p][location]
        self.log.append(_new_log_entry(LogEntry, (
            "versailles.activates", {"seat": p, "location": location, "n": count}, None)))
        if YIELD_AT_LOCATION[location] is not None:
            self._collect_resources(p, location, count)
            self._end_activation(p, activated=True)
            return
        if location == KINGS_FAVOR:
            self._advance_king(jumped=False)
            if self.game_over:
                return
        self.phase = "act"
        self.unspent_workers = count
        self.once_only_used = False
        self._finish_if_nothing_affordable(p)

    def _act_pass(self, action: Action, p: int) -> None:
        """``pass``: no activation after the move (``decide``), or a reaction declined (``offer``)."""
        if self.phase == "offer":
            self.say("versailles.declines", seat=p)
            self._continue_turn()
            return
        # stopping at King's Favor without activating it does not move the King: he moves
        # when it is activated or jumped over (seed: 被激活或者跳过时; 跳过一个地点)
        self.log.append(_new_log_entry(LogEntry, (
            "versailles.no_activation", {"seat": p, "location": self.current_location}, None)))
        self._end_activation(p, activated=False)

    def _describe_pass(self, action: Action, p: int) -> dict[str, Any]:
        where: Any = self.current_location if self.current_location >= 0 else msg("versailles.the_location")
        if self.phase == "offer":
            return msg("versailles.d.pass_offer", location=where)
        if self.current_location == KINGS_FAVOR:
            return msg("versailles.d.pass_kf")
        return msg("versailles.d.pass", location=where)

    def _refuse_undecided(self, action: Action, p: int) -> Message | None:
        """``activate`` or ``pass`` when nobody is deciding whether to activate."""
        if self.phase not in ("decide", "offer"):
            return Message("versailles.why.decide_phase", {"name": action.name, "phase": self.phase})
        return None

    def _collect_resources(self, p: int, location: int, count: int) -> None:
        """A resource site: 1/2/3 workers (or more) collect 1/2/3, plus the gains technology's bonus."""
        kind, amounts = YIELD_AT_LOCATION[location]
        if count <= 0:
            return
        amount = amounts[min(count, len(amounts)) - 1]
        bonus = self._gains_bonus(p, kind)
        self.resources[p][kind] += amount + bonus
        if bonus:
            self.say("versailles.gains_bonus", seat=p, amount=amount, resource=kind, bonus=bonus)
        else:
            self.say("versailles.gains", seat=p, amount=amount, resource=kind)

    def _describe_activate(self, action: Action, p: int) -> dict[str, Any]:
        location = self.current_location
        count = self.workers_at[p][location]
        if self.phase == "offer":
            head = msg("versailles.d.react_head", location=location, workers=workers_phrase(count))
        else:
            head = msg("versailles.d.head", location=location, workers=workers_phrase(count))
        resource_yield = YIELD_AT_LOCATION[location]
        if resource_yield is not None:
            kind, amounts = resource_yield
            amount = amounts[min(count, len(amounts)) - 1] if count else 0
            bonus = self._gains_bonus(p, kind)
            if bonus:
                return msg("versailles.d.yield_bonus", head=head, amount=amount, resource=kind, bonus=bonus)
            return msg("versailles.d.yield", head=head, amount=amount, resource=kind)
        if location == ARCHITECTS_GUILD:
            return msg("versailles.d.ag", head=head, slots="/".join(map(str, SLOT_WORKERS)),
                       one=workers_phrase(REMOVE_ONE_WORKERS), three=REMOVE_THREE_WORKERS)
        if location == WORKSHOP:
            return msg("versailles.d.ws", head=head, workers=workers_phrase(DECORATION_WORKERS[0]))
        if location == ALCHEMISTS_GUILD:
            return msg("versailles.d.al", head=head)
        if location == CONSTRUCTION_SITE:
            return msg("versailles.d.cs", head=head)
        if location == KINGS_FAVOR:
            return self._kings_favor_message(p, count, head)
        return head

    def _kings_favor_message(self, p: int, count: int, head: dict[str, Any]) -> dict[str, Any]:
        """Activating King's Favor with ``count`` workers: where the King goes, then what ``p`` may do."""
        waiting = self.workers_off_board[p]
        options = []
        if waiting[1] and waiting[0] and count >= RECRUIT_BOTH_WORKERS:
            options.append(msg("versailles.d.opt_recruit_both", workers=RECRUIT_BOTH_WORKERS))
        if waiting[1] and count >= RECRUIT_EXPENSIVE_WORKERS:
            options.append(msg("versailles.d.opt_recruit_expensive", workers=RECRUIT_EXPENSIVE_WORKERS))
        elif not waiting[1] and waiting[0] and count >= RECRUIT_CHEAP_WORKERS:
            options.append(msg("versailles.d.opt_recruit_cheap", workers=RECRUIT_CHEAP_WORKERS))
        if self.double_moves_face_up[p] < DOUBLE_MOVES_PER_PLAYER:
            options.append(msg("versailles.d.opt_flip", most=KINGS_FAVOR_FLIPS))
        if options:
            return msg("versailles.d.kf_then", head=head, king=self._king_message(), options=either_phrase(options))
        return msg("versailles.d.kf_nothing", head=head, king=self._king_message())

    # ------------------------------------------------------------------ the sub-actions
    def _activation_actions(self, p: int) -> list[Action]:
        out = self._affordable_sub_actions(p)
        out.append(A_DONE)
        return out

    def _affordable_sub_actions(self, p: int) -> list[Action]:
        """The sub-actions of the current activation that ``p`` can afford now (without 'done')."""
        workers = self.unspent_workers
        if workers <= 0:
            return []
        location = self.current_location
        if location == ARCHITECTS_GUILD:
            return self._guild_options(p, workers)
        if location == WORKSHOP:
            return self._workshop_options(p, workers)
        if location == ALCHEMISTS_GUILD:
            return self._alchemists_options(p, workers)
        if location == CONSTRUCTION_SITE:
            return self._construction_options(p, workers)
        if location == KINGS_FAVOR:
            return self._kings_favor_options(p, workers)
        return []

    def _act_done(self, action: Action, p: int) -> None:
        """``done``: the activation's remaining workers are not used."""
        self._finish_activation(p)

    def _describe_done(self, action: Action, p: int) -> dict[str, Any]:
        return msg("versailles.d.done", location=self.current_location, n=self.unspent_workers)

    def _refuse_outside_activation(self, action: Action, p: int) -> Message | None:
        """A sub-action (or ``done``) when no activation is being spent; every sub-action's refusal starts here."""
        if self.phase != "act":
            return Message("versailles.why.not_now", {"name": action.name, "phase": self.phase})
        return None

    def _finish_if_nothing_affordable(self, p: int) -> None:
        """Where a move in the ``act`` step ends: the activation ends by itself when its workers can pay
        for nothing more; else the choices just listed are kept as the legal list of this position."""
        if self.phase != "act":
            return
        affordable = self._affordable_sub_actions(p)
        if not affordable:
            self._finish_activation(p)
            return
        affordable.append(A_DONE)
        self._legal_cache[p] = affordable

    def _finish_activation(self, p: int) -> None:
        if self.current_location == ARCHITECTS_GUILD:
            self._slide_display()
            self.refill_due = True
        self._end_activation(p, activated=True)

    # ------------------------------------------------------------------ paying
    def _can_pay(self, p: int, cost: Any) -> bool:
        have = self.resources[p]
        return have[0] >= cost[0] and have[1] >= cost[1] and have[2] >= cost[2]

    def _pay(self, p: int, cost: Any) -> None:
        have = self.resources[p]
        have[0] -= cost[0]
        have[1] -= cost[1]
        have[2] -= cost[2]
