"""工坊: buying decorations.

Seed (工坊): 「玩家支付对应的工人和资源购买一个或多个装饰。」(游戏配件) 「一共有6种装饰，它们的数量是有限的。」

``buy k`` pays a decoration's workers and resources; the decoration stays with the player until a
palace tile needs it (or scores 3 VP at the end).
"""

from __future__ import annotations

from meeple.core import Action
from meeple.games.versailles.actions import A_BUY
from meeple.games.versailles.board import DECORATION_COST, DECORATION_KINDS, DECORATION_WORKERS


class WorkshopRules:
    """The Workshop (a mixin of ``VersaillesState``)."""

    def _workshop_options(self, p: int, workers: int) -> list[Action]:
        have = self.resources[p]
        supply = self.decoration_supply
        out = []
        for k in range(DECORATION_KINDS):
            if supply[k] and DECORATION_WORKERS[k] <= workers:
                cost = DECORATION_COST[k]
                if have[0] >= cost[0] and have[1] >= cost[1] and have[2] >= cost[2]:
                    out.append(A_BUY[k])
        return out

    def _buy_decoration(self, kind: int, p: int) -> None:
        self.unspent_workers -= DECORATION_WORKERS[kind]
        self._pay(p, DECORATION_COST[kind])
        self.decoration_supply[kind] -= 1
        self.decorations[p][kind] += 1
        self.say("versailles.buys", seat=p, decoration=kind)
