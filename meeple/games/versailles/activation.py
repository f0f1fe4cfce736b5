"""激活地点 / 地点收益: activating a location with all one's workers there, and the resource sites.

Seed (激活地点): 「玩家在完成移动后，可以选择是否要激活地点上的行动。当玩家激活一个地点的行动的时候，每一个工人只能用一次。」
(地点收益) 「玩家在激活的地点的工人越多收益越大，其他玩家的工人不算。」
(大理石矿 / 伐木场 / 金矿) 「1/2/3个工人玩家获得1/2/3个大理石。」

A resource site pays at once. At the other locations the activation's workers (``unspent_workers``)
pay for sub-actions one at a time until the player says ``done`` or can afford nothing more.
"""

from __future__ import annotations

from typing import Any

from meeple.core import Action, LogEntry
from meeple.games.versailles.actions import A_DONE
from meeple.games.versailles.board import DECORATION_BY_BUY_CODE, TECH_TRACKS, YIELD_AT_LOCATION
from meeple.games.versailles.content import (
    ALCHEMISTS_GUILD, ARCHITECTS_GUILD, CONSTRUCTION_SITE, KINGS_FAVOR, WORKSHOP,
)

_new_log_entry = tuple.__new__
"""Builds a LogEntry from (message id, arguments, visible_to) without NamedTuple's slower __new__ (the
two events of nearly every turn, as in movement.py)."""


class ActivationRules:
    """Activating a location (a mixin of ``VersaillesState``)."""

    def _activate_location(self, p: int) -> None:
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

    def _answer_after_move(self, action: Action, p: int) -> None:
        """``activate`` or ``pass`` after a move (``decide``)."""
        if action.name == "activate":
            self._activate_location(p)
            return
        # stopping at King's Favor without activating it does not move the King: he moves
        # when it is activated or jumped over (seed: 被激活或者跳过时; 跳过一个地点)
        self.log.append(_new_log_entry(LogEntry, (
            "versailles.no_activation", {"seat": p, "location": self.current_location}, None)))
        self._end_activation(p, activated=False)

    def _answer_offer(self, action: Action, p: int) -> None:
        """``activate`` or ``pass`` when a reaction is offered (``offer``)."""
        if action.name == "activate":
            self._activate_location(p)
            return
        self.say("versailles.declines", seat=p)
        self._continue_turn()

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

    def _do_sub_action(self, action: Action, p: int) -> None:
        """One sub-action of the activation, paid with its workers, or ``done``."""
        name, args = action.name, action.args
        if name == "done":
            self._finish_activation(p)
            return
        if name == "take":
            if self._take_tile(args[0] - 1, p):
                return  # a fifth tile in hand: discard one first
        elif name == "remove":
            self._remove_tile(args[0] - 1, p)
        elif name == "clear":
            self._remove_three_tiles(args, p)
        elif name == "flip":
            self._flip_tokens(p)
        elif name == "buy":
            self._buy_decoration(DECORATION_BY_BUY_CODE[args[0]], p)
        elif name == "tech":
            self._advance_technology(TECH_TRACKS.index(args[0]), p)
        elif name == "build":
            self._build_tile(args[0], args[1], p)
            if self.game_over:
                return
        elif name == "recruit2":
            self._recruit_both(p)
        elif name == "recruit":
            self._recruit_one(p)
        self._finish_if_nothing_affordable(p)

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
