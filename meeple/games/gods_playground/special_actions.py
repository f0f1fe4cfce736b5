"""Phase 8: the special actions, two picks each from the king.

"阶段8：特殊行动(Special actions) 从国王玩家开始，每人轮流从8个特殊行动中挑选1个执行，进行2轮。8个特殊行动中除了
有执行次数限制(外交、建造新城市)的之外，都可以任意选择，可以重复选择。"
Two rounds of one pick each from the king among the eight special actions: land manager, Danzig,
diplomacy, move cubes, liberum veto, confederation, Jesuit schools, new city (diplomacy and the
city once a round).
The eight actions (``ACTIONS``) are each performed, described and refused here, side by side.
"""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.core import Action
from meeple.core.action_table import ActionSpec
from meeple.core.i18n import msg
from meeple.games.gods_playground.actions import (
    CITY_ACTIONS, CONFEDERATION_ACTIONS, DANZIG, DIPLOMACY_ACTIONS, DONE, JESUIT_ACTIONS, LAND_MANAGER_ACTIONS,
    MOVES_FROM, PASS, VETO_ACTIONS,
)
from meeple.games.gods_playground.content import (
    CITY_FROM_ROUND, CITY_MULTIPLIER, CONFEDERATION_ROUNDS, DIPLOMACY_EXTRA, ENEMY_COUNT, ESTATE_SLOTS, HABSBURGS,
    JESUIT_ALL_BONUS, JESUIT_COST, JESUIT_FROM_ROUND, LAND_MANAGER_INCOME, OTTOMANS, PLAYERS, PROVINCE_COUNT, PRUSSIA,
    SENATE_VP, SPECIAL_PICK_ROUNDS,
)
from meeple.games.gods_playground.describe import cubes, province, refusal
from meeple.games.gods_playground.events import MOVES_CUBE
from meeple.games.gods_playground.fields import GodsPlaygroundFields


PROVINCE_SETS = [tuple(i for i in range(PROVINCE_COUNT) if mask >> i & 1) for mask in range(1 << PROVINCE_COUNT)]
"""``PROVINCE_SETS[mask]``: the provinces of a bit set, in order."""


def _by_provinces(actions_of: list[list[Action]]) -> list[list[Action]]:
    """For every bit set of provinces, the actions of those provinces one after the other."""
    return [[action for i in provinces for action in actions_of[i]] for provinces in PROVINCE_SETS]


DIPLOMACY_ENEMIES = frozenset(e for e in range(ENEMY_COUNT) if e not in (OTTOMANS, HABSBURGS))
"""The enemies a treaty may be signed with (never the Ottomans; the Habsburgs only as ``_habsburgs_open`` says)."""
DIPLOMACY_ENEMIES_WITH_HABSBURGS = DIPLOMACY_ENEMIES | {HABSBURGS}
MOVES_FROM_PROVINCES = _by_provinces(MOVES_FROM)
VETOS_IN_PROVINCES = _by_provinces([[action] for action in VETO_ACTIONS])
JESUITS_IN_PROVINCES = _by_provinces([[action] for action in JESUIT_ACTIONS])
SECOND_MOVES = [moves + [DONE] for moves in MOVES_FROM_PROVINCES]
"""``SECOND_MOVES[held]``: a second cube moved from any province of the bit set ``held``, or done."""
SPECIAL_MODES = ("special", "move", "jesuit")
"""The steps of phase 8: a pick, a second cube moved, more Jesuit schools."""


class SpecialActions(GodsPlaygroundFields):
    """The special actions' picks, two each from the king."""

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        # the eight special actions (a pass gives up the pick: ``_pass_special``; done ends a pick's follow-up)
        "land": ActionSpec(perform="_act_land", describe="_describe_land", refuse="_refuse_land"),
        "danzig": ActionSpec(perform="_act_danzig", describe="_describe_danzig", refuse="_refuse_danzig"),
        "diplomacy": ActionSpec(perform="_act_diplomacy", describe="_describe_diplomacy", refuse="_refuse_diplomacy"),
        "move": ActionSpec(perform="_act_move", describe="_describe_move", refuse="_refuse_move"),
        "veto": ActionSpec(perform="_act_veto", describe="_describe_veto", refuse="_refuse_veto"),
        "confederation": ActionSpec(perform="_act_confederation", describe="_describe_confederation",
                                    refuse="_refuse_confederation"),
        "jesuit": ActionSpec(perform="_act_jesuit", describe="_describe_jesuit", refuse="_refuse_jesuit"),
        "city": ActionSpec(perform="_act_city", describe="_describe_city", refuse="_refuse_city"),
    }

    def special_actions(self) -> None:
        """Phase 8: two rounds of picks from the king."""
        self.picks_left = list(self.order_from_king()) * SPECIAL_PICK_ROUNDS
        self.step = {}
        self._set_turn("special", self.picks_left.pop(0))

    def _next_pick(self) -> None:
        self.step = {}
        if self.picks_left:
            self._set_turn("special", self.picks_left.pop(0))
        else:
            self._end_phase()

    # ------------------------------------------------------------------ legal picks
    def _held(self, p: int) -> int:
        """The provinces where ``p`` has noble cubes, as a bit set."""
        held = 0
        for i, row in enumerate(self.noble_cubes):
            if row[p] > 0:
                held |= 1 << i
        return held

    def _special_actions(self, p: int) -> list[Action]:
        noble_cubes = self.noble_cubes
        this_round = self.round
        held = self._held(p)
        provinces = PROVINCE_SETS[held]
        estates = self.estates
        actions: list[Action] = []
        if self.land_managers_left > 0:
            for i in provinces:
                row = LAND_MANAGER_ACTIONS[i]
                for k, (owner, land_manager, _city) in enumerate(estates[i]):
                    if owner == p and not land_manager:
                        actions.append(row[k])
        if noble_cubes[PRUSSIA][p] > 0:
            actions.append(DANZIG)
        if not self.diplomacy_used and p in self.senate:
            allowed = DIPLOMACY_ENEMIES_WITH_HABSBURGS if self._habsburgs_open() else DIPLOMACY_ENEMIES
            for e in provinces:
                if e in allowed:
                    actions.append(DIPLOMACY_ACTIONS[e])
        actions += MOVES_FROM_PROVINCES[held]
        if self.senate.count(-1) < PROVINCE_COUNT:
            actions += VETOS_IN_PROVINCES[held]
        if this_round >= 3:
            if this_round in CONFEDERATION_ROUNDS and self.discs_in_hand[p] > 0 and self._single_last(p):
                for i in provinces:
                    row = noble_cubes[i]
                    if row[p] >= 2:
                        for v in range(PLAYERS):
                            if v != p and row[p] > row[v] and self._confederation_slot(i, v) >= 0:
                                actions.append(CONFEDERATION_ACTIONS[i][v])
            if this_round >= CITY_FROM_ROUND and not self.city_used and self.cities_left > 0:
                for i in provinces:
                    if noble_cubes[i][p] >= 2:
                        row = CITY_ACTIONS[i]
                        for k, (owner, _land_manager, city) in enumerate(estates[i]):
                            if owner == p and not city:
                                actions.append(row[k])
        if this_round >= JESUIT_FROM_ROUND and self.money[p] >= JESUIT_COST:
            actions += JESUITS_IN_PROVINCES[held]
        actions.append(PASS)
        return actions

    def _second_move_actions(self, p: int) -> list[Action]:
        return SECOND_MOVES[self._held(p)]

    def _more_jesuit_actions(self, p: int) -> list[Action]:
        done = self.step["jes"]
        actions = []
        if self.money[p] >= JESUIT_COST:
            actions = [JESUIT_ACTIONS[i] for i in range(PROVINCE_COUNT) if i not in done and self.noble_cubes[i][p] > 0]
        actions.append(DONE)
        return actions

    def _single_last(self, p: int) -> bool:
        """``p`` alone has the fewest VP (the confederation's condition)."""
        vp = self.vp
        return vp[p] == min(vp) and vp.count(vp[p]) == 1

    def _confederation_slot(self, i: int, v: int) -> int:
        """The first estate slot of ``v`` in province ``i`` without a city (-1: none)."""
        for k, slot in enumerate(self.estates[i]):
            if slot[0] == v and not slot[2]:
                return k
        return -1

    def _habsburgs_open(self) -> bool:
        """Diplomacy with the Habsburgs: only in round 4, while they have not annexed the Ottomans' lands."""
        return self.round == 4 and not self.habsburgs_annexed

    # ------------------------------------------------------------------ the picks
    def _pass_special(self, p: int) -> None:
        self.say("gods-playground.log.no_special", None, seat=p)
        self._next_pick()

    @staticmethod
    def _province_of(action: Action) -> int:
        """The province an action names first (-1: none)."""
        args = action.args
        return args[0] if args and isinstance(args[0], int) and 0 <= args[0] < PROVINCE_COUNT else -1

    def _cube_needed(self, action: Action, p: int) -> dict[str, Any] | None:
        """A noble cube of ``p``'s in the action's province, taken back to pay for it."""
        i = self._province_of(action)
        if i >= 0 and self.noble_cubes[i][p] == 0:
            return msg("gods-playground.illegal.no_cube", province=i)
        return None

    # ------------------------------------------------------------------ land manager
    def _act_land(self, action: Action, p: int) -> None:
        i, slot = action.args
        self.noble_cubes[i][p] -= 1
        self.cubes_in_hand[p] += 1
        self.estates[i][slot - 1][1] = 1
        self.land_managers_left -= 1
        self.say("gods-playground.log.land_manager", None, seat=p, slot=slot, province=i)
        self._next_pick()

    def _describe_land(self, action: Action, p: int) -> dict[str, Any]:
        i, slot = action.args[0], action.args[1]
        return msg("gods-playground.d.land", slot=slot, province=province(i), income=LAND_MANAGER_INCOME,
                   cost=cubes(i))

    @refusal
    def _refuse_land(self, action: Action, p: int) -> dict[str, Any] | None:
        """A land manager on an own estate without one, while any is left; a cube back from the province."""
        if self.mode not in SPECIAL_MODES:
            return msg("gods-playground.illegal.special_phase")
        args = action.args
        i = self._province_of(action)
        reason = self._cube_needed(action, p)
        if reason is not None:
            return reason
        if self.land_managers_left == 0:
            return msg("gods-playground.illegal.land_none")
        if i >= 0 and len(args) == 2 and isinstance(args[1], int):
            k = args[1] - 1
            if not 0 <= k < len(self.estates[i]) or self.estates[i][k][0] != p:
                return msg("gods-playground.illegal.land_own")
            if self.estates[i][k][1]:
                return msg("gods-playground.illegal.land_twice")
        return None

    # ------------------------------------------------------------------ Danzig
    def _act_danzig(self, action: Action, p: int) -> None:
        """Danzig: a noble cube back from Prussia, and twice Prussia's income in money."""
        self.noble_cubes[PRUSSIA][p] -= 1
        self.cubes_in_hand[p] += 1
        gain = 2 * self.income_levels[PRUSSIA]
        self.money[p] += gain
        self.say("gods-playground.log.danzig", None, seat=p, gain=gain)
        self._next_pick()

    def _describe_danzig(self, action: Action, p: int) -> dict[str, Any]:
        level = self.income_levels[PRUSSIA]
        return msg("gods-playground.d.danzig", gain=2 * level, level=level, cost=cubes(PRUSSIA))

    @refusal
    def _refuse_danzig(self, action: Action, p: int) -> dict[str, Any] | None:
        if self.mode not in SPECIAL_MODES:
            return msg("gods-playground.illegal.special_phase")
        if self.noble_cubes[PRUSSIA][p] == 0:
            return msg("gods-playground.illegal.danzig_cube")
        return None

    # ------------------------------------------------------------------ diplomacy
    def _act_diplomacy(self, action: Action, p: int) -> None:
        """Diplomacy with the enemy of province e: a cube back from e, then a senate disc of the
        player's choice ("任意1个自己的家族标记"; asked only when there are two or more), then the price."""
        e = action.args[0]
        self.noble_cubes[e][p] -= 1
        self.cubes_in_hand[p] += 1
        self.diplomacy_used = True
        self._ask_seat(p, "diplomacy", e)

    def _diplomacy_paid(self, die: int) -> None:
        p = self.step["who"]
        cost = die + DIPLOMACY_EXTRA
        have = self.money[p]
        if cost <= have:
            self.money[p] -= cost
            self.say("gods-playground.log.treaty_paid", None, die=die, seat=p, cost=cost)
        elif self.game.options.get("diplomacy_shortfall", "pay_all") == "fail":
            e = self.treaty
            self.treaty = -1
            self.say("gods-playground.log.treaty_fails", None, die=die, cost=cost, seat=p, have=have, enemy=e)
        else:
            self.money[p] = 0
            self.say("gods-playground.log.treaty_pays_all", None, die=die, cost=cost, seat=p, have=have)
        self.dice = []
        self._next_pick()

    def _describe_diplomacy(self, action: Action, p: int) -> dict[str, Any]:
        e = action.args[0]
        money = self.money[p]
        low, high = 1 + DIPLOMACY_EXTRA, 6 + DIPLOMACY_EXTRA
        key = "gods-playground.d.diplomacy"
        if money < high:
            key = ("gods-playground.d.diplomacy_fail"
                   if self.game.options.get("diplomacy_shortfall", "pay_all") == "fail"
                   else "gods-playground.d.diplomacy_pay_all")
        return msg(key, enemy=province(e), province=e, cost=cubes(e), low=low, high=high, money=money)

    @refusal
    def _refuse_diplomacy(self, action: Action, p: int) -> dict[str, Any] | None:
        """Once a round; never with the Ottomans, with the Habsburgs only in round 4 before they annex; a
        cube in the enemy's province and a senate disc."""
        if self.mode not in SPECIAL_MODES:
            return msg("gods-playground.illegal.special_phase")
        args = action.args
        if self.diplomacy_used:
            return msg("gods-playground.illegal.diplomacy_used")
        if args and isinstance(args[0], int):
            e = args[0]
            if not 0 <= e < ENEMY_COUNT:
                return msg("gods-playground.illegal.diplomacy_enemy")
            if e == OTTOMANS:
                return msg("gods-playground.illegal.diplomacy_ottomans")
            if e == HABSBURGS and (self.round < 4 or self.habsburgs_annexed):
                return msg("gods-playground.illegal.diplomacy_habsburgs")
            if self.noble_cubes[e][p] == 0:
                return msg("gods-playground.illegal.diplomacy_cube", province=e)
        if not self._has_senate_disc(p):
            return msg("gods-playground.illegal.diplomacy_disc")
        return None

    # ------------------------------------------------------------------ moving cubes
    def _act_move(self, action: Action, p: int) -> None:
        """A cube moved; the first of the pick may be followed by a second."""
        a, b = action.args
        self.noble_cubes[a][p] -= 1
        self.noble_cubes[b][p] += 1
        self.log.append(MOVES_CUBE[p][a][b])
        if self.mode == "special":
            self.step = {"moved": 1}
            self.mode = "move"
            if self._held(p):   # a second cube to move
                return
        self._next_pick()

    def _describe_move(self, action: Action, p: int) -> dict[str, Any]:
        key = "gods-playground.d.move_second" if self.mode == "move" else "gods-playground.d.move"
        return msg(key, province=province(action.args[0]), province2=province(action.args[1]))

    @refusal
    def _refuse_move(self, action: Action, p: int) -> dict[str, Any] | None:
        if self.mode not in SPECIAL_MODES:
            return msg("gods-playground.illegal.special_phase")
        reason = self._cube_needed(action, p)
        if reason is not None:
            return reason
        args = action.args
        if len(args) == 2 and args[0] == args[1]:
            return msg("gods-playground.illegal.move_same")
        return None

    # ------------------------------------------------------------------ liberum veto
    def _act_veto(self, action: Action, p: int) -> None:
        i = action.args[0]
        self.noble_cubes[i][p] -= 1
        self.cubes_in_hand[p] += 1
        for seat in range(PROVINCE_COUNT):
            q = self.senate[seat]
            if q >= 0:
                self.discs_in_hand[q] += 1
                self.senate[seat] = -1
        self.say("gods-playground.log.veto", None, seat=p)
        self._next_pick()

    def _describe_veto(self, action: Action, p: int) -> dict[str, Any]:
        discs = sum(1 for q in self.senate if q >= 0)
        mine = self.senate.count(p)
        if discs == 1:
            whose = msg("gods-playground.d.yours" if mine else "gods-playground.d.not_yours")
            return msg("gods-playground.d.veto_one", whose=whose, vp=SENATE_VP, cost=cubes(action.args[0]))
        return msg("gods-playground.d.veto", discs=discs, mine=mine, vp=SENATE_VP, cost=cubes(action.args[0]))

    @refusal
    def _refuse_veto(self, action: Action, p: int) -> dict[str, Any] | None:
        """A cube back from the province."""
        if self.mode not in SPECIAL_MODES:
            return msg("gods-playground.illegal.special_phase")
        return self._cube_needed(action, p)

    # ------------------------------------------------------------------ confederation
    def _act_confederation(self, action: Action, p: int) -> None:
        i, v = action.args
        self.noble_cubes[i][p] -= 2
        self.cubes_in_hand[p] += 2
        k = self._confederation_slot(i, v)
        slot = self.estates[i][k]
        if slot[1]:
            slot[1] = 0
            self.land_managers_left += 1
        slot[0] = p
        self.discs_in_hand[v] += 1
        self.discs_in_hand[p] -= 1
        self.say("gods-playground.log.confederation", None, seat=p, province=i, seat2=v, slot=k + 1)
        self._next_pick()

    def _describe_confederation(self, action: Action, p: int) -> dict[str, Any] | None:
        i, v = action.args[0], action.args[1]
        k = self._confederation_slot(i, v)
        if not 0 <= v < PLAYERS:
            return None
        return msg("gods-playground.d.confederation", province=province(i), seat=v, slot=k + 1, cost=cubes(i, 2))

    @refusal
    def _refuse_confederation(self, action: Action, p: int) -> dict[str, Any] | None:
        """Rounds 3 and 4, the family alone last in VP with a disc in hand; 2 cubes in the province, more
        than the family whose estate (without a city) it takes."""
        if self.mode not in SPECIAL_MODES:
            return msg("gods-playground.illegal.special_phase")
        args = action.args
        if self.round not in CONFEDERATION_ROUNDS:
            return msg("gods-playground.illegal.confed_round")
        if not self._single_last(p):
            return msg("gods-playground.illegal.confed_last")
        if self.discs_in_hand[p] == 0:
            return msg("gods-playground.illegal.confed_disc")
        if (len(args) == 2 and all(isinstance(arg, int) for arg in args) and 0 <= args[0] < PROVINCE_COUNT
                and 0 <= args[1] < PLAYERS):
            i, v = args
            if self.noble_cubes[i][p] < 2:
                return msg("gods-playground.illegal.confed_cubes")
            if self.noble_cubes[i][p] <= self.noble_cubes[i][v]:
                return msg("gods-playground.illegal.confed_more")
            if self._confederation_slot(i, v) < 0:
                return msg("gods-playground.illegal.confed_slot")
        return None

    # ------------------------------------------------------------------ Jesuit schools
    def _act_jesuit(self, action: Action, p: int) -> None:
        """A school in a province; more may follow in the same pick, each in another province."""
        i = action.args[0]
        if self.mode == "special":
            self.step = {"jes": []}
            self.mode = "jesuit"
        done = self.step["jes"]
        done.append(i)
        self.noble_cubes[i][p] -= 1
        self.cubes_in_hand[p] += 1
        self.money[p] -= JESUIT_COST
        self.vp[p] += 1
        if len(done) == PROVINCE_COUNT:
            self.vp[p] += JESUIT_ALL_BONUS
            self.say("gods-playground.log.jesuit_all", None, seat=p, province=i, bonus=JESUIT_ALL_BONUS)
        else:
            self.say("gods-playground.log.jesuit", None, seat=p, province=i)
        if len(done) < PROVINCE_COUNT and self.money[p] >= JESUIT_COST and any(
                self.noble_cubes[k][p] > 0 for k in range(PROVINCE_COUNT) if k not in done):
            return
        self._next_pick()

    def _describe_jesuit(self, action: Action, p: int) -> dict[str, Any]:
        done = len(self.step.get("jes", [])) if self.mode == "jesuit" else 0
        # the first school of the action says that the same action may go on into the other provinces
        key = ("gods-playground.d.jesuit_fifth" if done == PROVINCE_COUNT - 1
               else "gods-playground.d.jesuit_more" if done else "gods-playground.d.jesuit")
        i = action.args[0]
        return msg(key, province=province(i), bonus=JESUIT_ALL_BONUS, cost=cubes(i), price=JESUIT_COST,
                   total=JESUIT_COST * PROVINCE_COUNT, vp=PROVINCE_COUNT + JESUIT_ALL_BONUS)

    @refusal
    def _refuse_jesuit(self, action: Action, p: int) -> dict[str, Any] | None:
        """From round 2, a cube back and the price per province, each province once a pick."""
        if self.mode not in SPECIAL_MODES:
            return msg("gods-playground.illegal.special_phase")
        if self.round < JESUIT_FROM_ROUND:
            return msg("gods-playground.illegal.jesuit_round")
        reason = self._cube_needed(action, p)
        if reason is not None:
            return reason
        args = action.args
        if self.mode == "jesuit" and args and args[0] in self.step.get("jes", []):
            return msg("gods-playground.illegal.jesuit_twice")
        if self.money[p] < JESUIT_COST:
            return msg("gods-playground.illegal.jesuit_money")
        return None

    # ------------------------------------------------------------------ a new city
    def _act_city(self, action: Action, p: int) -> None:
        i, slot = action.args
        self.noble_cubes[i][p] -= 2
        self.cubes_in_hand[p] += 2
        self.estates[i][slot - 1][2] = 1
        self.cities_left -= 1
        self.city_used = True
        self.say("gods-playground.log.city", None, seat=p, slot=slot, province=i)
        self._next_pick()

    def _describe_city(self, action: Action, p: int) -> dict[str, Any]:
        i, k = action.args[0], action.args[1]
        slot_vp = ESTATE_SLOTS[i][k - 1]
        return msg("gods-playground.d.city", slot=k, province=province(i), slot_vp=slot_vp,
                   times=CITY_MULTIPLIER, total=slot_vp * CITY_MULTIPLIER, cost=cubes(i, 2))

    @refusal
    def _refuse_city(self, action: Action, p: int) -> dict[str, Any] | None:
        """From round 3, once a round, 2 cubes back from the province."""
        if self.mode not in SPECIAL_MODES:
            return msg("gods-playground.illegal.special_phase")
        if self.round < CITY_FROM_ROUND:
            return msg("gods-playground.illegal.city_round")
        if self.city_used:
            return msg("gods-playground.illegal.city_used")
        i = self._province_of(action)
        if i >= 0 and self.noble_cubes[i][p] < 2:
            return msg("gods-playground.illegal.city_cubes")
        return None
