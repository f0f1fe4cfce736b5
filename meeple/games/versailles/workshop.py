"""工坊: buying decorations.

Seed (工坊): 「玩家支付对应的工人和资源购买一个或多个装饰。」(游戏配件) 「一共有6种装饰，它们的数量是有限的。」

``buy k`` pays a decoration's workers and resources; the decoration stays with the player until a
palace tile needs it (or scores 3 VP at the end). It is performed, described and refused here
(``ACTIONS``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.core import Action
from meeple.core.action_table import ActionSpec
from meeple.core.i18n import Message, msg
from meeple.games.versailles.actions import A_BUY
from meeple.games.versailles.board import (
    DECORATION_BY_BUY_CODE, DECORATION_COST, DECORATION_KINDS, DECORATION_WORKERS,
)
from meeple.games.versailles.content import DECORATION_VP, WORKSHOP
from meeple.games.versailles.describe import cost_phrase, lenient_refusal, price_phrase, workers_phrase
from meeple.games.versailles.fields import VersaillesFields


class WorkshopRules(VersaillesFields):
    """The Workshop (a mixin of ``VersaillesState``)."""

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        "buy": ActionSpec(perform="_act_buy", describe="_describe_buy", refuse="_refuse_buy"),
    }

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

    def _act_buy(self, action: Action, p: int) -> None:
        """``buy k``: a decoration for its workers and resources, from the supply."""
        kind = DECORATION_BY_BUY_CODE[action.args[0]]
        self.unspent_workers -= DECORATION_WORKERS[kind]
        self._pay(p, DECORATION_COST[kind])
        self.decoration_supply[kind] -= 1
        self.decorations[p][kind] += 1
        self.say("versailles.buys", seat=p, decoration=kind)
        self._finish_if_nothing_affordable(p)

    def _describe_buy(self, action: Action, p: int) -> dict[str, Any]:
        kind = DECORATION_BY_BUY_CODE[action.args[0]]
        return msg("versailles.d.buy", decoration=kind, price=price_phrase(DECORATION_COST[kind], DECORATION_WORKERS[kind]),
                   vp=DECORATION_VP, left=self.decoration_supply[kind])

    @lenient_refusal
    def _refuse_buy(self, action: Action, p: int) -> Message | None:
        """Not at the Workshop, no such decoration, none left, or its price not met."""
        outside = self._refuse_outside_activation(action, p)
        if outside is not None:
            return outside
        if self.current_location != WORKSHOP:
            return Message("versailles.why.buy_where", {"location": self.current_location})
        kind = DECORATION_BY_BUY_CODE.get(action.args[0])
        if kind is None:
            return Message("versailles.why.deco_codes", {"codes": ", ".join(DECORATION_BY_BUY_CODE)})
        if not self.decoration_supply[kind]:
            return Message("versailles.why.deco_gone", {"decoration": kind})
        return Message("versailles.why.deco_cost", {
            "decoration": kind, "workers": workers_phrase(DECORATION_WORKERS[kind]),
            "cost": cost_phrase(DECORATION_COST[kind]), "have": workers_phrase(self.unspent_workers),
            "have_cost": cost_phrase(self.resources[p])})
