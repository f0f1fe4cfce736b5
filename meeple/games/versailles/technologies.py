"""炼金术师公会 / 科技: learning technologies, their bonus, and the reactions that interrupt other turns.

Seed (炼金术师公会): 「玩家支付对应的工人和资源来前进他的科技。」(资源收集升级) 「1级：每当玩家获得木头，多获得一个木头
/ 2级：……大理石 / 3级：每当玩家获得金块，多获得一个大金块」(资源地点升级 / 特殊地点升级) 「该科技让玩家在其他玩家收集资源的
时候也能收集资源……玩家至少要有一个工人在相关的地点才能使用这个科技」「如果多名玩家都有该科技，当前玩家左边的玩家开始一个个执行。」

``tech t`` advances track t (gains, sites, guilds) one level. A sites or guilds level lets its owner
activate that location right after another player did, with their own workers there (``offer``).
``tech`` is performed, described and refused here (``ACTIONS``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.core import Action
from meeple.core.action_table import ActionSpec
from meeple.core.flow import clockwise
from meeple.core.i18n import Message, msg
from meeple.games.versailles.actions import A_TECH
from meeple.games.versailles.board import (
    GAINS_TRACK, REACTION_NEEDS, TECH_EFFECTS, TECH_LEVEL_COST, TECH_LEVEL_WORKERS,
)
from meeple.games.versailles.content import ALCHEMISTS_GUILD, BIG_CUBE, GOLD, MARBLE, TECH_TRACKS, WOOD
from meeple.games.versailles.describe import cost_phrase, lenient_refusal, price_phrase, workers_phrase
from meeple.games.versailles.fields import VersaillesFields

OTHER_SEATS_FROM_THE_LEFT = {n: [clockwise(seat, n)[1:] for seat in range(n)] for n in range(1, 6)}
"""[players][active seat] → the other seats in turn order, from the active player's left."""


class TechnologyRules(VersaillesFields):
    """The Alchemists' Guild and what technologies do (a mixin of ``VersaillesState``)."""

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        "tech": ActionSpec(perform="_act_tech", describe="_describe_tech", refuse="_refuse_tech"),
    }

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

    def _act_tech(self, action: Action, p: int) -> None:
        """``tech t``: track t one level on, for that level's workers and resources."""
        track = TECH_TRACKS.index(action.args[0])
        level = self.technology_levels[p][track]
        self.unspent_workers -= TECH_LEVEL_WORKERS[track][level]
        self._pay(p, TECH_LEVEL_COST[track][level])
        self.technology_levels[p][track] = level + 1
        self.say("versailles.advances", seat=p, track=TECH_TRACKS[track], level=level + 1)
        self._finish_if_nothing_affordable(p)

    def _describe_tech(self, action: Action, p: int) -> dict[str, Any]:
        track = TECH_TRACKS.index(action.args[0])
        level = self.technology_levels[p][track] if p >= 0 else 0
        if level >= 3:
            return msg("versailles.d.tech_max", track=action.args[0])
        return msg("versailles.d.tech", track=action.args[0], level=level + 1,
                   price=price_phrase(TECH_LEVEL_COST[track][level], TECH_LEVEL_WORKERS[track][level]),
                   effect=TECH_EFFECTS[track][level])

    @lenient_refusal
    def _refuse_tech(self, action: Action, p: int) -> Message | None:
        """Not at the Alchemists' Guild, the track at its top, or the level's price not met."""
        outside = self._refuse_outside_activation(action, p)
        if outside is not None:
            return outside
        if self.current_location != ALCHEMISTS_GUILD:
            return Message("versailles.why.tech_where", {"location": self.current_location})
        track = TECH_TRACKS.index(action.args[0])
        level = self.technology_levels[p][track]
        if level >= 3:
            return Message("versailles.why.tech_max", {"track": action.args[0]})
        return Message("versailles.why.tech_cost", {"level": level + 1, "track": action.args[0],
                                                    "workers": workers_phrase(TECH_LEVEL_WORKERS[track][level]),
                                                    "cost": cost_phrase(TECH_LEVEL_COST[track][level])})

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
        for other in OTHER_SEATS_FROM_THE_LEFT[self.game.players][self.turn_seat]:
            if self.technology_levels[other][track] >= level and self.workers_at[other][location] > 0:
                queue.append(other)
        return queue
