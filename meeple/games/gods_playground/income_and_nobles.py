"""Phases 1 and 2: income, and the nobles placed with face-down tokens.

"阶段1: 收入(Income) 所有玩家根据自己的家族标记所在省区，统计自己的总收入，获得资金。"
"阶段2：贵族(Nobles) 各玩家从手上选择6个贵族数字片面朝下摆放在5个省区和波兰军营区中，同一个区同一种颜色只能
摆放一个，然后同时翻开，根据己方贵族数字片上的数字拿取相同数量的贵族方块摆放在同一省区中"
Each family earns level × its estates (+2 per land manager) per province; then all place one token
face down per area, and when all are down they are turned up and the cubes go in.
Its action (``ACTIONS``: a token face down) is performed, described and refused here.
"""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.core import Action
from meeple.core.action_table import ActionSpec
from meeple.core.i18n import msg
from meeple.games.gods_playground.actions import TOKEN_ACTIONS, TOKEN_VALUES
from meeple.games.gods_playground.content import (
    AREA_COUNT, CAMP, LAND_MANAGER_INCOME, NOBLE_TOKENS, PLAYERS, PROVINCE_COUNT,
)
from meeple.games.gods_playground.describe import province, refusal
from meeple.games.gods_playground.events import AREA_TOKEN, TOKEN_DOWN, TOKEN_PRIVATE
from meeple.games.gods_playground.fields import GodsPlaygroundFields


TOKEN_CHOICES: list[list[list[Action]]] = [
    [[TOKEN_ACTIONS[area][value] for area in range(AREA_COUNT) if open_areas >> area & 1
      for value in range(TOKEN_VALUES) if values >> value & 1]
     for values in range(1 << TOKEN_VALUES)]
    for open_areas in range(1 << AREA_COUNT)
]
"""``TOKEN_CHOICES[open_areas][values]``: the token actions for a set of open areas and a set of token
values left, each a bit set (area by area, each with its values in order)."""


class IncomeAndNobles(GodsPlaygroundFields):
    """The income, and the noble tokens placed face down and turned up."""

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        # phase 2: a noble token face down in an area
        "token": ActionSpec(perform="_act_token", describe="_describe_token", refuse="_refuse_token"),
    }

    # ------------------------------------------------------------------ phase 1
    def income(self) -> None:
        """Phase 1: level x estates + 2 per land manager, per province."""
        gains = [0] * PLAYERS
        for i in range(PROVINCE_COUNT):
            level = self.income_levels[i]
            for owner, land_manager, _city in self.estates[i]:
                gains[owner] += level + (LAND_MANAGER_INCOME if land_manager else 0)
        for p in range(PLAYERS):
            self.money[p] += gains[p]
        self.say("gods-playground.log.income", None, round=self.round,
                 gains=[msg("gods-playground.log.seat_gain", seat=p, amount=gains[p]) for p in range(PLAYERS)])
        self._end_phase()

    # ------------------------------------------------------------------ phase 2
    def nobles(self) -> None:
        """Phase 2: each family places one token face down in each province and the camp."""
        if self.round in (1, 3):
            self.tokens_in_hand = [sorted(NOBLE_TOKENS) for _ in range(PLAYERS)]
        self.tokens_placed = [[-1] * AREA_COUNT for _ in range(PLAYERS)]
        self.tokens_shown = [[-1] * AREA_COUNT for _ in range(PLAYERS)]
        self.mode = "token"
        self.movers = list(range(PLAYERS))

    def _token_actions(self, p: int) -> list[Action]:
        open_areas = 0
        left = self.tokens_in_hand[p][:]
        for area, value in enumerate(self.tokens_placed[p]):
            if value < 0:
                open_areas |= 1 << area
            else:
                left.remove(value)
        values = 0
        for value in left:
            values |= 1 << value
        return TOKEN_CHOICES[open_areas][values]

    def _tokens_left(self, p: int) -> list[int]:
        """The tokens in ``p``'s hand not yet placed face down this round."""
        left = list(self.tokens_in_hand[p])
        for value in self.tokens_placed[p]:
            if value >= 0:
                left.remove(value)
        return left

    def _act_token(self, action: Action, p: int) -> None:
        """A token face down; when the last is down, all are turned up."""
        area, value = action.args
        self.tokens_placed[p][area] = value
        self.log.append(TOKEN_DOWN[p][area])
        self.log.append(TOKEN_PRIVATE[p][area][value])
        if -1 not in self.tokens_placed[p]:
            self.movers = [q for q in self.movers if q != p]
        if not self.movers:
            self._reveal_nobles()

    def _describe_token(self, action: Action, p: int) -> dict[str, Any]:
        area, value = action.args
        if area == CAMP:
            return msg("gods-playground.d.token_camp", value=value)
        return msg("gods-playground.d.token", value=value, province=province(area))

    @refusal
    def _refuse_token(self, action: Action, p: int) -> dict[str, Any] | None:
        """One token per area, of those left in the hand, in phase 2."""
        args = action.args
        if self.mode != "token":
            return msg("gods-playground.illegal.token_phase")
        if len(args) != 2 or not all(isinstance(arg, int) for arg in args):
            return msg("gods-playground.illegal.token_form")
        area, value = args
        if not 0 <= area < AREA_COUNT:
            return msg("gods-playground.illegal.token_area")
        if self.tokens_placed[p][area] >= 0:
            return msg("gods-playground.illegal.token_twice", area=area)
        if value not in self._tokens_left(p):
            return msg("gods-playground.illegal.token_value", value=value, left=self._tokens_left(p))
        return None

    def _reveal_nobles(self) -> None:
        self.reveal()  # the last token is down: all 18 are turned up
        cubes_in_hand = self.cubes_in_hand
        noble_cubes = self.noble_cubes
        for p in range(PLAYERS):
            placed, hand, shown = self.tokens_placed[p], self.tokens_in_hand[p], self.tokens_shown[p]
            short = []   # tokens that placed fewer cubes than they show: the family's supply ran out
            for area in range(AREA_COUNT):
                value = placed[area]
                hand.remove(value)
                shown[area] = value
                if area < PROVINCE_COUNT:
                    n = min(value, cubes_in_hand[p])
                    cubes_in_hand[p] -= n
                    noble_cubes[area][p] += n
                    if n < value:
                        short.append((area, value, n))
            self.say("gods-playground.log.reveals", None, seat=p,
                     tokens=[AREA_TOKEN[area][shown[area]]
                             for area in range(AREA_COUNT)])
            for area, value, n in short:
                self.say_again("gods-playground.log.supply_short", (p, value, area, n), seat=p, value=value,
                               province=area, n=n)
        self.tokens_placed = [[-1] * AREA_COUNT for _ in range(PLAYERS)]
        self._end_phase()
