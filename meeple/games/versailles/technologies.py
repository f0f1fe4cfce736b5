"""炼金术师公会 / 科技: learning technologies, their bonus, and the reactions that interrupt other turns.

Seed (炼金术师公会): 「玩家支付对应的工人和资源来前进他的科技。」(资源收集升级) 「1级：每当玩家获得木头，多获得一个木头
/ 2级：……大理石 / 3级：每当玩家获得金块，多获得一个大金块」(资源地点升级 / 特殊地点升级) 「该科技让玩家在其他玩家收集资源的
时候也能收集资源……玩家至少要有一个工人在相关的地点才能使用这个科技」「如果多名玩家都有该科技，当前玩家左边的玩家开始一个个执行。」

``tech t`` advances track t (gains, sites, guilds) one level. A sites or guilds level lets its owner
activate that location right after another player did, with their own workers there (``offer``).
"""

from __future__ import annotations

from meeple.core import Action
from meeple.core.flow import clockwise
from meeple.games.versailles.actions import A_TECH
from meeple.games.versailles.board import GAINS_TRACK, REACTION_NEEDS, TECH_LEVEL_COST, TECH_LEVEL_WORKERS
from meeple.games.versailles.content import BIG_CUBE, GOLD, MARBLE, TECH_TRACKS, WOOD

OTHER_SEATS_FROM_THE_LEFT = {n: [clockwise(seat, n)[1:] for seat in range(n)] for n in range(1, 6)}
"""[players][active seat] → the other seats in turn order, from the active player's left."""


class TechnologyRules:
    """The Alchemists' Guild and what technologies do (a mixin of ``VersaillesState``)."""

    def _alchemists_options(self, p: int, workers: int) -> list[Action]:
        have = self.resources[p]
        levels = self.technology_levels[p]
        out = []
        for track in range(3):
            level = levels[track]
            if level < 3 and TECH_LEVEL_WORKERS[track][level] <= workers:
                cost = TECH_LEVEL_COST[track][level]
                if have[0] >= cost[0] and have[1] >= cost[1] and have[2] >= cost[2]:
                    out.append(A_TECH[track])
        return out

    def _advance_technology(self, track: int, p: int) -> None:
        level = self.technology_levels[p][track]
        self.unspent_workers -= TECH_LEVEL_WORKERS[track][level]
        self._pay(p, TECH_LEVEL_COST[track][level])
        self.technology_levels[p][track] = level + 1
        self.say("versailles.advances", seat=p, track=TECH_TRACKS[track], level=level + 1)

    def _gains_bonus(self, p: int, kind: int) -> int:
        """The gains track's extra when ``p`` gains resource ``kind``: +1 wood, +1 marble, +1 big gold."""
        level = self.technology_levels[p][GAINS_TRACK]
        if kind == WOOD and level >= 1:
            return 1
        if kind == MARBLE and level >= 2:
            return 1
        if kind == GOLD and level >= 3:
            return BIG_CUBE
        return 0

    def _players_who_may_react(self) -> list[int] | None:
        """After the active player's activation: who may activate it too, from their left in seat
        order (None if the location allows no reaction at all)."""
        need = REACTION_NEEDS.get(self.current_location)
        if need is None:
            return None
        track, level = need
        location = self.current_location
        queue = []
        for other in OTHER_SEATS_FROM_THE_LEFT[self.game.players][self.active_player]:
            if self.technology_levels[other][track] >= level and self.workers_at[other][location] > 0:
                queue.append(other)
        return queue
