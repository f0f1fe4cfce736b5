"""Battles (phases 10-13): one die per unit, hits on the enemy's cubes in the province, then its track.

"开战时候，分别用1个骰子代表自己军队里面的1个部队，分开投，如果步兵的骰子结果>=5则命中，骑兵则为4，如果该省区有
自己的火炮部队，则所有的骰子结果加1，如果骰子结果是"1"(未加上火炮的+1)，则该部队溃败回到玩家手上。每命中1次，则
从自己手上拿出一个新的贵族方块放在敌人领地上……必须先对省区内存在的敌人进行开战，再对敌人领地开战"
Each unit rolls once (infantry hits on 5+, cavalry and Cossacks on 4+, +1 with artillery; a 1 routs
the unit); a hit removes an enemy cube from the province, or once none is left puts a noble cube
(a royal cube for the king's army) on the enemy's track.
Every die of the game is the action ``roll`` (``ACTIONS``), performed and described here: a battle's
die, else the king's (``enemies``) or a treaty's price (``special_actions``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.core import CHANCE, Action
from meeple.core.action_table import ActionSpec
from meeple.core.i18n import msg
from meeple.games.gods_playground.content import (
    COSSACK, COSSACK_PROVINCE, DIPLOMACY_EXTRA, HIT_ON, IN_COSSACK_AREA, ROYAL_CUBES,
)
from meeple.games.gods_playground.describe import province
from meeple.games.gods_playground.events import (
    BATTLE_OVER, DEFENDS, HITS, MISS, ROUTED, ROYAL_HITS, ROYAL_MISS, ROYAL_ROUTED,
)
from meeple.games.gods_playground.fields import GodsPlaygroundFields

HIT = (HIT_ON["inf"], HIT_ON["cav"], HIT_ON["art"], HIT_ON["cossack"])   # the die that hits, by unit code


class Battles(GodsPlaygroundFields):
    """A battle, die by die, and the defences queued against invaders."""

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        # chance: a die (a battle's, the king's in phases 5 and 11, a treaty's price)
        "roll": ActionSpec(perform="_act_roll", describe="_describe_roll", refuse=None),
    }

    def _act_roll(self, action: Action, chance: int) -> None:
        """A die: a unit's in the battle being fought, else the king's or a treaty's price (``_die_rolled``)."""
        if self.mode == "battle":
            self._battle_roll(action.args[0])
        else:
            self._die_rolled(action.args[0])

    def _describe_roll(self, action: Action, p: int) -> dict[str, Any]:
        die = action.args[0]
        battle = self.battle
        if self.mode == "battle" and battle and battle["q"]:
            unit = battle["q"][0]
            need = HIT[unit] - (1 if battle["art"] else 0)
            result = msg("gods-playground.d.routed") if die == 1 else (
                msg("gods-playground.d.a_hit") if die >= need else msg("gods-playground.d.a_miss"))
            if battle["side"] >= 0:
                return msg("gods-playground.d.battle_die", seat=battle["side"], unit=unit,
                           province=province(battle["prov"]), die=die, result=result, need=need)
            return msg("gods-playground.d.royal_battle_die", unit=unit, province=province(battle["prov"]), die=die,
                       result=result, need=need)
        kind = self.step.get("dice") if isinstance(self.step, dict) else None
        if kind == "diplomacy":
            return msg("gods-playground.d.diplomacy_die", die=die, cost=die + DIPLOMACY_EXTRA)
        if kind in ("events", "attack"):
            what = msg("gods-playground.d.plus_strength", enemy=die - 1) if die <= 5 else (
                msg("gods-playground.d.cossack_defects") if self.round == 2 else msg("gods-playground.d.nothing"))
            if kind == "events":
                return msg("gods-playground.d.event_die", die=die, what=what)
            return msg("gods-playground.d.attack_die", die=die, what=what)
        return msg("gods-playground.d.die", die=die)

    def _start_battle(self, side: int, province: int, kind: str, enemy: int, owner: int = -1) -> None:
        """A battle in ``province`` by ``side`` (a seat, or ``ROYAL_SIDE`` led by ``owner``): ``kind`` is
        ``campaign`` (phase 10), ``defend`` (against ``enemy``'s new cubes, phases 11 and 13) or ``fight``
        (phase 12). Its dice are rolled one per unit, infantry first (the battle's ``q``)."""
        if side >= 0:
            units = self.units[side][province]
            to_roll = [0] * units[0] + [1] * units[1] + [2] * units[2]
            if province == COSSACK_PROVINCE:
                to_roll += [COSSACK] * self.cossacks.count(side)
            artillery = units[2] > 0
        else:
            units = self.royal_army
            to_roll = [0] * units[0] + [1] * units[1] + [2] * units[2]
            artillery = units[2] > 0
        self.battle = {"side": side, "owner": owner if side < 0 else side, "prov": province, "kind": kind,
                       "enemy": enemy, "q": to_roll, "art": artillery, "hits": 0}
        self.mode = "battle"
        self.movers = [CHANCE]

    def _battle_target(self) -> bool:
        """The battle still has something to hit."""
        battle = self.battle
        i = battle["prov"]
        if battle["kind"] == "defend":
            return self.enemy_cubes[i][battle["enemy"]] > 0
        if sum(self.enemy_cubes[i]) > 0:
            return True
        if battle["kind"] == "fight":
            return False
        if self.treaty == i:
            return False
        if battle["side"] >= 0:
            return self.cubes_in_hand[battle["side"]] > 0
        return sum(self.track_royal_cubes) < ROYAL_CUBES

    def _battle_roll(self, die: int) -> None:
        battle = self.battle
        side = battle["side"]
        to_roll = battle["q"]
        unit = to_roll.pop(0)
        if die == 1:
            if side < 0:
                self.royal_army[unit] -= 1
                self.log.append(ROYAL_ROUTED[battle["owner"]][unit])
            else:
                if unit == COSSACK:
                    self.cossacks[self.cossacks.index(side)] = IN_COSSACK_AREA
                else:
                    self.units[side][battle["prov"]][unit] -= 1
                    self.units_in_hand[side][unit] += 1
                self.log.append(ROUTED[side][unit])
        elif die + (1 if battle["art"] else 0) >= HIT[unit]:
            battle["hits"] += 1
            i = battle["prov"]
            e = self._score_hit(battle, i)
            if side >= 0:
                self.log.append(HITS[side][die - 1][unit][i][e + 1])
            else:
                self.log.append(ROYAL_HITS[battle["owner"]][die - 1][unit][i][e + 1])
        elif side >= 0:
            self.log.append(MISS[side][die - 1][unit])
        else:
            self.log.append(ROYAL_MISS[battle["owner"]][die - 1][unit])
        if not to_roll or not self._battle_target():
            self._battle_over()

    def _score_hit(self, battle: dict[str, Any], i: int) -> int:
        """Take the hit in province ``i``: an enemy cube off the province (its own enemy's first, else the
        most numerous), else a cube on the enemy's track; returns the enemy whose cube it took (-1: the
        track's)."""
        row = self.enemy_cubes[i]
        if battle["kind"] == "defend":
            e = battle["enemy"]
        elif sum(row) > 0:
            e = i if row[i] > 0 else row.index(max(row))
        else:
            e = -1
        if e >= 0:
            row[e] -= 1
            self.enemy_supply[e] += 1
        elif battle["side"] >= 0:
            p = battle["side"]
            self.cubes_in_hand[p] -= 1
            self.track_nobles[i][p] += 1
        else:
            self.track_royal_cubes[i] += 1
        return e

    def _battle_over(self) -> None:
        battle = self.battle
        self.log.append(BATTLE_OVER[battle["prov"]][battle["hits"]])
        self.battle = None
        phase = self.phase
        if phase == 10:
            self._next_turn(self._can_campaign_said, "campaign")
        elif phase == 11:
            if not self._next_battle():
                self._end_phase()
        elif phase == 12:
            if self.step.get("free"):
                self._fight_back_rotation()
            else:
                self._next_turn(self._can_fight_back, "fight")
        elif phase == 13:
            self._expand_continue()

    # ------------------------------------------------------------------ defending against invaders
    def _queue_defence(self, province: int, enemy: int) -> None:
        """Every family with an army in ``province`` must fight ``enemy``'s new cubes, in order from the king."""
        for p in self.order_from_king():
            if self._army_in(p, province) > 0:
                self.battle_queue.append([p, province, "defend", enemy])

    def _next_battle(self) -> bool:
        """Start the next queued defence that still has an army and an enemy to fight; False if none."""
        battle_queue = self.battle_queue
        while battle_queue:
            p, province, kind, enemy = battle_queue.pop(0)
            if self._army_in(p, province) > 0 and self.enemy_cubes[province][enemy] > 0:
                self.log.append(DEFENDS[p][province][enemy])
                self._start_battle(p, province, kind, enemy)
                return True
        return False
