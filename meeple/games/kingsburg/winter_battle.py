"""Step 8, the winter battle (冬季戰事).

「翻開魔族大軍卡牌……先擲骰1顆，所得點數即所有玩家從國王處得到的緩軍力量。國王的緩軍力量、加上玩家在兵力表上的兵力、
再加上玩家的防禦建築調整，即為個别玩家的總兵力。……戰勝魔族的玩家中，玩家的總兵力中兵力最強者，可獲1分獎分。
戰敗的玩家若要拆卸建築，即必須拆卸其封地圖板上最高級的建築(最右方)。……所有玩家的兵力變回0後……即可開始另一回合。」
The enemy card is turned up and the King's die rolled once for all; strength = the die + soldiers +
building defence. Above the enemy: its reward (the strongest winners +1 VP); equal: nothing; below:
its penalty, a lost building being the highest (rightmost), the upper row first. Soldiers go back to 0.
"""

from __future__ import annotations

from typing import ClassVar

from meeple.core import CHANCE, Action
from meeple.core.action_table import ActionSpec
from meeple.core.flow import interrupt
from meeple.core.i18n import Message
from meeple.core.log import QUIET_RECORD
from meeple.games.kingsburg.actions import LOSE_ACTIONS
from meeple.games.kingsburg.content import (
    BUILDING_KEYS, BUILDING_VP, ENEMIES, ENEMY_KEYS, FORTRESS, RESOURCE_INDEX, RESOURCES, WALL, YEARS, bundle,
)
from meeple.games.kingsburg.flow import UNRESOLVED, lose_task, take_task


class WinterBattle:
    """The winter's tasks, from the reveal to the year's end (mixed into ``KingsburgState``)."""

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        "reinforce": ActionSpec(perform="_act_reinforce", describe="_describe_reinforce", refuse=None),  # chance
        "lose": ActionSpec(perform="_act_lose", describe="_describe_lose", refuse="_refuse_lose"),
    }

    def _resolve_enemy_reveal(self) -> None:
        self.tasks.pop(0)
        y = self.year - 1
        if len(self.enemy_seen_by[y]) < self.players:
            self.reveal()  # the enemy card is turned up for the seats that have not looked at it
        self.enemy_revealed[y] = True
        _kind, _strength, reward, penalty = ENEMIES[y][self.enemy_card[y]]
        if self.log is not QUIET_RECORD:  # a search's quiet copy says nothing: its words are not even built
            self.say("kingsburg.winter", None, enemy=ENEMY_KEYS[y][self.enemy_card[y]], reward=bundle(reward),
                     penalty=bundle(penalty))

    def _resolve_reinforcement_die(self) -> None:
        self.mover = CHANCE

    def _act_reinforce(self, action: Action, p: int) -> None:
        """The King's die, rolled once for everybody."""
        self.mover = UNRESOLVED  # answered: what is at the front afterwards is resolved again
        self.tasks.pop(0)
        self.king_reinforcement = action.args[0]
        if self.log is not QUIET_RECORD:  # a search's quiet copy says nothing: its words are not even built
            self.say("kingsburg.reinforcement", None, n=self.king_reinforcement)

    def _describe_reinforce(self, action: Action, p: int | None) -> Message:
        return Message("kingsburg.describe.reinforce", {"n": action.args[0]})

    def total_strength(self, p: int, kind: str) -> int:
        """``p``'s strength against an enemy of ``kind``: soldiers, the King's die and building defence."""
        return self.soldiers[p] + self.king_reinforcement + self.defence(p, kind)

    def _lose_vp(self, p: int, k: int) -> None:
        left = self.vp[p] - k
        self.vp[p] = left if left > 0 else 0  # ASSUMPTION: VP never below 0

    def _resolve_battle(self) -> None:
        self.tasks.pop(0)
        y = self.year - 1
        kind, strength, reward, penalty = ENEMIES[y][self.enemy_card[y]]
        totals = [self.total_strength(p, kind) for p in range(self.players)]
        result = []
        for p in range(self.players):
            total = totals[p]
            if total > strength or (total == strength and (self.buildings_owned[p] >> WALL & 1)):
                result.append("won")
            elif total == strength:
                result.append("tie")
            else:
                result.append("lost")
        self.battle_result = result
        winners = [p for p in range(self.players) if result[p] == "won"]
        strongest = max((totals[p] for p in winners), default=None)
        choices = []
        talking = self.log is not QUIET_RECORD  # a search's quiet copy says nothing: its words are not even built
        for p in self.turn_order:
            if result[p] == "won":
                if talking:
                    self.say("kingsburg.defeats", None, seat=p, total=totals[p], foe=kind, strength=strength)
                for r in range(3):
                    if reward.get(RESOURCES[r]):
                        self.resources[p][r] += reward[RESOURCES[r]]
                if reward.get("vp"):
                    self.vp[p] += reward["vp"]
                if reward.get("any"):
                    choices.append(take_task(p, reward["any"], 7))
                if (self.buildings_owned[p] >> FORTRESS & 1):
                    self.vp[p] += 1
                    if talking:
                        self.say("kingsburg.fortress_vp", None, seat=p)
                if totals[p] == strongest:
                    self.vp[p] += 1
                    if talking:
                        self.say("kingsburg.strongest", None, seat=p)
            elif result[p] == "tie":
                if talking:
                    self.say("kingsburg.draw", None, seat=p, total=totals[p], foe=kind, strength=strength)
            else:
                if talking:
                    self.say("kingsburg.loses_battle", None, seat=p, total=totals[p], foe=kind, strength=strength,
                             penalty=bundle(penalty))
                if penalty.get("vp"):
                    self._lose_vp(p, penalty["vp"])
                goods = self.resources[p]
                for r in range(3):
                    k = penalty.get(RESOURCES[r], 0)
                    if k:
                        goods[r] -= min(k, goods[r])
                if penalty.get("any"):
                    k = penalty["any"]
                    if sum(goods) <= k:
                        self.resources[p] = [0, 0, 0]
                    else:
                        choices.append(lose_task(p, k))
                if penalty.get("building"):
                    self._lose_building(p)
        interrupt(self.tasks, choices)

    def _lose_building(self, p: int) -> None:
        """Highest level (rightmost) first; among equals the upper row (seed, 8. 冬季戰事)."""
        owned = self.buildings_owned[p]
        for level in range(3, -1, -1):
            for row in range(5):
                b = row * 4 + level
                if owned >> b & 1:
                    self.buildings_owned[p] = owned & ~(1 << b)
                    self._lose_vp(p, BUILDING_VP[b])
                    self.say("kingsburg.loses_building", None, seat=p, building=BUILDING_KEYS[b], vp=BUILDING_VP[b])
                    return
        self.say("kingsburg.no_building_to_lose", None, seat=p)

    # ------------------------------------------------------------------ "lose": seat, count (goods of choice)
    def _resolve_lose(self) -> bool:
        """The losses' settle: True when there is nothing to choose (nothing left to lose, everything
        lost, or one kind left), False when ``p`` chooses."""
        task = self.tasks[0]
        p, count = task["seat"], task["count"]
        goods = self.resources[p]
        if count <= 0 or sum(goods) == 0:
            self.tasks.pop(0)
            return True
        if sum(goods) <= count:
            self.resources[p] = [0, 0, 0]
            self.tasks.pop(0)
            return True
        if (goods[0] > 0) + (goods[1] > 0) + (goods[2] > 0) == 1:  # one kind left: no choice
            r = 0 if goods[0] else 1 if goods[1] else 2
            goods[r] -= count
            self.tasks.pop(0)
            return True
        self.mover = p
        return False

    def _legal_lose(self, player: int) -> list[Action]:
        goods = self.resources[player]
        return [LOSE_ACTIONS[r] for r in range(3) if goods[r]]

    def _act_lose(self, action: Action, p: int) -> None:
        """One resource of ``p``'s choice lost."""
        self.mover = UNRESOLVED  # answered: what is at the front afterwards is resolved again
        task = self.tasks[0]
        r = RESOURCE_INDEX[action.args[0]]
        self.resources[p][r] -= 1
        self.say("kingsburg.loses", None, seat=p, resource=RESOURCES[r])
        self.tasks[0] = lose_task(task["seat"], task["count"] - 1)

    def _describe_lose(self, action: Action, p: int | None) -> Message | None:
        if p is None:
            return None
        left = self.tasks[0]["count"] if self.tasks and self.tasks[0]["kind"] == "lose" else 1
        have = self.resources[p][RESOURCE_INDEX[action.args[0]]]
        if left > 1:
            return Message("kingsburg.describe.lose_more", {"resource": action.args[0], "have": have, "n": left - 1})
        return Message("kingsburg.describe.lose", {"resource": action.args[0], "have": have})

    def _refuse_lose(self, action: Action, p: int) -> Message | None:
        return self._refuse_out_of_task(action, p, "lose")

    # ------------------------------------------------------------------ "endyear"
    def _resolve_end_of_year(self) -> None:
        self.tasks.pop(0)
        self.soldiers = [0] * self.players
        self.king_reinforcement = 0
        if self.year == YEARS:
            self._final_scoring()
