"""Building (end of each production season) and what the buildings do (各式建築).

「所有玩家拿取資源後，即可支付資源建設自己的領地。……玩家在每個生產季節中只可興建一幢建築。不同類別的建築必須由低級建起……
遊戲中共有20種建築。各個建築皆有其功能……」
After the rewards each player may build one building a season, a row from level I up, paying its
cost. The buildings' effects live where they act: the rerolls in ``production.py``, the Market in
``placement.py``, defence and the Stone Wall in ``winter_battle.py``; the Crane's discount, the Inn,
the Embassy and the Town Hall are here.
"""

from __future__ import annotations

from functools import cache
from typing import ClassVar

from meeple.core import Action
from meeple.core.action_table import ActionSpec
from meeple.core.flow import interrupt
from meeple.core.i18n import Message, msg
from meeple.core.log import QUIET_RECORD
from meeple.games.kingsburg.actions import BUILD_ACTIONS, PASS_ACTION, SKIP_ACTION, TOWN_HALL_ACTIONS
from meeple.games.kingsburg.content import (
    BUILDING_COST, BUILDING_INDEX, BUILDING_KEYS, BUILDING_TOKENS, BUILDING_VP, CRANE, DEFENCE, EMBASSY, INN,
    RESOURCE_INDEX, TOWNHALL, TYPE_DEFENCE,
)
from meeple.games.kingsburg.describe import goods_words
from meeple.games.kingsburg.flow import BUILD_TASKS, TOWN_HALL_TASKS, UNRESOLVED


@cache
def _next_in_rows(owned: int) -> tuple[tuple[int, int, int, int], ...]:
    """The next building of each row for the owner of ``owned``, with what it costs them (the Crane's
    discount applied): (building, gold, wood, stone), row order; () once every building token is used.
    Built once per set of buildings."""
    found = []
    if owned.bit_count() < BUILDING_TOKENS:
        crane = owned >> CRANE & 1
        for first in range(0, 20, 4):
            for b in range(first, first + 4):
                if not owned >> b & 1:  # the row's next building
                    cost_gold, cost_wood, cost_stone = BUILDING_COST[b]
                    if crane and b - first >= 2 and cost_gold > 0:
                        cost_gold -= 1
                    found.append((b, cost_gold, cost_wood, cost_stone))
                    break
    return tuple(found)


_BUILD_CHOICES: dict[tuple[int, int, int, int], list[Action]] = {}
"""``Buildings._legal_build`` by (buildings owned, gold, wood, stone): one shared list per case met (a legal
list is never changed), since a search asks again and again in the same few cases."""
_KEPT_CHOICES = 50_000  # the most cases kept: a bound on the memory

_DEFENCE_OF: dict[tuple[int, str | None], int] = {}
"""``Buildings.defence`` by (buildings owned, enemy kind), worked out once per pair met."""


class Buildings:
    """Costs, defence, the building round and the effects after a season (mixed into ``KingsburgState``)."""

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        "build": ActionSpec(perform="_act_build", describe="_describe_build", refuse="_refuse_build"),
        "townhall": ActionSpec(perform="_act_townhall", describe="_describe_townhall", refuse=None),
    }

    def cost(self, p: int, b: int) -> tuple[int, int, int]:
        """What building ``b`` costs ``p`` (gold, wood, stone)."""
        gold, wood, stone = BUILDING_COST[b]
        if (self.buildings_owned[p] >> CRANE & 1) and b % 4 >= 2 and gold > 0:
            gold -= 1  # Crane: levels III and IV cost 1 gold less
        return gold, wood, stone

    def buildable(self, p: int) -> list[int]:
        """The next building of each row that ``p`` can afford now (row order: lower levels first)."""
        gold, wood, stone = self.resources[p]
        return [b for b, cost_gold, cost_wood, cost_stone in _next_in_rows(self.buildings_owned[p])
                if cost_gold <= gold and cost_wood <= wood and cost_stone <= stone]

    def defence(self, p: int, kind: str | None) -> int:
        """Building defence in the winter battle, including bonuses against one enemy type."""
        owned = self.buildings_owned[p]
        total = _DEFENCE_OF.get((owned, kind))
        if total is None:
            total = 0
            for b, value in DEFENCE.items():
                if owned >> b & 1:
                    total += value
            for b, (against, value) in TYPE_DEFENCE.items():
                if owned >> b & 1 and against == kind:
                    total += value
            _DEFENCE_OF[(owned, kind)] = total
        return total

    # ------------------------------------------------------------------ "builds", then "build": seat
    def _resolve_building_round(self) -> None:
        self.tasks.pop(0)
        interrupt(self.tasks, [BUILD_TASKS[p] for p in self.turn_order])

    def _resolve_build(self) -> bool:
        """The building round's settle: the seats at the front who cannot build (again) now are passed
        over; the first who can decides (False; its choices are kept as its legal list), or none can (True)."""
        tasks = self.tasks
        while tasks and tasks[0]["kind"] == "build":
            p = tasks[0]["seat"]
            built = self.built_this_season[p]
            if built == 0 or (built == 1 and self.envoy_holder == p):  # once a season, twice with the envoy
                choices = self._legal_build(p)
                if len(choices) > 1:  # a building to pay for, not only the pass
                    self._legal_cache[p] = choices
                    self.mover = p
                    return False
            tasks.pop(0)
        return True

    def _legal_build(self, player: int) -> list[Action]:
        gold, wood, stone = self.resources[player]
        key = (self.buildings_owned[player], gold, wood, stone)
        choices = _BUILD_CHOICES.get(key)
        if choices is None:
            if len(_BUILD_CHOICES) >= _KEPT_CHOICES:
                _BUILD_CHOICES.clear()
            choices = _BUILD_CHOICES[key] = [BUILD_ACTIONS[b] for b in self.buildable(player)]
            choices.append(PASS_ACTION)
        return choices

    def _act_build(self, action: Action, p: int) -> None:
        """``p`` builds the building ``action`` names: pays for it and scores its VP."""
        self.mover = UNRESOLVED  # answered: what is at the front afterwards is resolved again
        b = BUILDING_INDEX[action.args[0]]
        gold, wood, stone = self.cost(p, b)
        goods = self.resources[p]
        goods[0] -= gold
        goods[1] -= wood
        goods[2] -= stone
        self.buildings_owned[p] |= 1 << b
        self.vp[p] += BUILDING_VP[b]
        second = self.built_this_season[p] >= 1
        if second:
            self.envoy_holder = -1  # the envoy's second building
        self.built_this_season[p] += 1
        if self.log is QUIET_RECORD:  # a search's quiet copy says nothing: its words are not even built
            return
        if second:
            self.say("kingsburg.builds_second", None, seat=p, building=BUILDING_KEYS[b], gold=gold, wood=wood,
                     stone=stone, vp=BUILDING_VP[b])
        else:
            self.say_again("kingsburg.builds", (p, b, gold, wood, stone), seat=p, building=BUILDING_KEYS[b],
                           gold=gold, wood=wood, stone=stone, vp=BUILDING_VP[b])

    def _describe_build(self, action: Action, p: int | None) -> Message | None:
        if p is None:
            return None
        b = BUILDING_INDEX[action.args[0]]
        gold, wood, stone = self.cost(p, b)
        crane = gold < BUILDING_COST[b][0]
        second = self.built_this_season[p] >= 1
        words = {"building": action.args[0], "cost": goods_words(gold, wood, stone), "vp": BUILDING_VP[b],
                 "effect": action.args[0]}
        if crane and second:
            return Message("kingsburg.describe.build_crane_second", words)
        if second:
            return Message("kingsburg.describe.build_second", words)
        if crane:
            return Message("kingsburg.describe.build_crane", words)
        return Message("kingsburg.describe.build", words)

    def _refuse_build(self, action: Action, p: int) -> Message | None:
        """A building of the game, not owned, the one before it in its row owned, affordable, with a
        building token left."""
        if action.args and self._deciding_task(p) == "build":
            key = action.args[0]
            if key not in BUILDING_INDEX:
                return Message("kingsburg.illegal.no_such_building", {
                    "key": repr(key), "keys": [msg("kingsburg.action", action=b) for b in BUILDING_KEYS]})
            b = BUILDING_INDEX[key]
            owned = self.buildings_owned[p]
            if (owned >> b & 1):
                return Message("kingsburg.illegal.own", {"building": key})
            if b % 4 and not owned >> (b - 1) & 1:
                return Message("kingsburg.illegal.lower_first", {"building": BUILDING_KEYS[b - 1]})
            gold, wood, stone = self.cost(p, b)
            have = self.resources[p]
            if have[0] < gold or have[1] < wood or have[2] < stone:
                return Message("kingsburg.illegal.costs", {
                    "building": key, "gold": gold, "wood": wood, "stone": stone,
                    "have_gold": have[0], "have_wood": have[1], "have_stone": have[2]})
            if owned.bit_count() >= BUILDING_TOKENS:
                return Message("kingsburg.illegal.no_tokens", {})
        return self._refuse_out_of_task(action, p, "build")

    def _pass_building(self, p: int) -> None:
        """``pass`` (flow.py) in the building round: no (further) building this season."""
        self.tasks.pop(0)

    def _describe_pass_building(self, p: int) -> Message:
        if self.envoy_holder == p:
            return Message("kingsburg.describe.pass_build_envoy", {"goods": goods_words(*self.resources[p])})
        return Message("kingsburg.describe.pass_build", {"goods": goods_words(*self.resources[p])})

    # ------------------------------------------------------------------ "endseason"
    def _resolve_end_of_season(self) -> None:
        """After each season: Inn (after summer), Embassy, Town Hall."""
        self.tasks.pop(0)
        town_halls = []
        for p in self.turn_order:
            owned = self.buildings_owned[p]
            if self.season_index == 1 and (owned >> INN & 1):
                self._give_plus2_token(p)
                self.say_again("kingsburg.inn_token", p, seat=p)
            if (owned >> EMBASSY & 1):
                self.vp[p] += 1
                if self.log is not QUIET_RECORD:  # a search's quiet copy says nothing: its words are not even built
                    self.say("kingsburg.embassy_vp", None, seat=p)
            if (owned >> TOWNHALL & 1):
                town_halls.append(TOWN_HALL_TASKS[p])
        if town_halls:
            interrupt(self.tasks, town_halls)

    # ------------------------------------------------------------------ "townhall": seat
    def _resolve_town_hall(self) -> bool:
        """The Town Hall's settle: ``p`` chooses what to pay (False), or has nothing to pay (True)."""
        p = self.tasks[0]["seat"]
        if sum(self.resources[p]) or self.plus2_tokens[p]:
            self.mover = p
            return False
        self.tasks.pop(0)
        return True

    def _legal_town_hall(self, player: int) -> list[Action]:
        goods = self.resources[player]
        choices = [TOWN_HALL_ACTIONS[r] for r in range(3) if goods[r]]
        if self.plus2_tokens[player]:
            choices.append(TOWN_HALL_ACTIONS[3])
        choices.append(SKIP_ACTION)
        return choices

    def _act_townhall(self, action: Action, p: int) -> None:
        """1 VP for a resource or a "+2" token."""
        self.mover = UNRESOLVED  # answered: what is at the front afterwards is resolved again
        self.tasks.pop(0)
        paid = action.args[0]
        if paid == "token":
            self.plus2_tokens[p] -= 1
            self.plus2_supply += 1
        else:
            self.resources[p][RESOURCE_INDEX[paid]] -= 1
        self.vp[p] += 1
        if self.log is QUIET_RECORD:  # a search's quiet copy says nothing: its words are not even built
            return
        if paid == "token":
            self.say("kingsburg.townhall_token", None, seat=p)
        else:
            self.say("kingsburg.townhall_pays", None, seat=p, resource=paid)

    def _describe_townhall(self, action: Action, p: int | None) -> Message | None:
        if p is None:
            return None
        if action.args[0] == "token":
            return Message("kingsburg.describe.townhall_token", {"have": self.plus2_tokens[p]})
        return Message("kingsburg.describe.townhall", {"resource": action.args[0],
                                                       "have": self.resources[p][RESOURCE_INDEX[action.args[0]]]})

    def _describe_skip_town_hall(self, p: int) -> Message:
        """``skip`` (flow.py) at the Town Hall: no VP this season."""
        return Message("kingsburg.describe.skip_townhall", {"goods": goods_words(*self.resources[p]),
                                                            "n": self.plus2_tokens[p]})
