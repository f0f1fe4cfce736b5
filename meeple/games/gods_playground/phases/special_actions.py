"""Phase 8: the special actions, two picks each from the king.

"阶段8：特殊行动(Special actions) 从国王玩家开始，每人轮流从8个特殊行动中挑选1个执行，进行2轮。8个特殊行动中除了
有执行次数限制(外交、建造新城市)的之外，都可以任意选择，可以重复选择。"
Two rounds of one pick each from the king among the eight special actions: land manager, Danzig,
diplomacy, move cubes, liberum veto, confederation, Jesuit schools, new city (diplomacy and the
city once a round).
"""

from __future__ import annotations

from meeple.core import CHANCE, Action

from ..actions import (
    CITY_ACTIONS, CONFEDERATION_ACTIONS, DANZIG, DIPLOMACY_ACTIONS, DONE, JESUIT_ACTIONS, LAND_MANAGER_ACTIONS,
    MOVES_FROM, PASS, SEAT_ACTIONS, VETO_ACTIONS,
)
from ..content import (
    CITY_FROM_ROUND, CONFEDERATION_ROUNDS, DIPLOMACY_EXTRA, ENEMY_COUNT, HABSBURGS, JESUIT_ALL_BONUS, JESUIT_COST,
    JESUIT_FROM_ROUND, OTTOMANS, PLAYERS, PROVINCE_COUNT, PRUSSIA, ROYAL_SIDE, SPECIAL_PICK_ROUNDS,
)
from ..events import MOVES_CUBE, ROYAL_SEAT


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


class SpecialActions:
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

    # ------------------------------------------------------------------ a pick
    def _on_special(self, action: Action, p: int) -> None:
        self.special_action(p, action.name, action.args)

    def special_action(self, p: int, name: str, args: tuple) -> None:
        if name == "pass":
            self.say("gods-playground.log.no_special", None, seat=p)
        elif name == "done":
            pass
        elif name == "land":
            self.place_land_manager(p, args[0], args[1])
        elif name == "danzig":
            self.danzig(p)
        elif name == "diplomacy":
            self.diplomacy(p, args[0])
            return
        elif name == "move":
            self.move_cube(p, args[0], args[1])
            if self.mode == "special":
                self.step = {"moved": 1}
                self.mode = "move"
                if self._held(p):   # a second cube to move
                    return
        elif name == "veto":
            self.liberum_veto(p, args[0])
        elif name == "confederation":
            self.confederation(p, args[0], args[1])
        elif name == "jesuit":
            self.jesuit_school(p, args[0])
            if len(self.step["jes"]) < PROVINCE_COUNT and self.money[p] >= JESUIT_COST and any(
                    self.noble_cubes[i][p] > 0 for i in range(PROVINCE_COUNT) if i not in self.step["jes"]):
                return
        elif name == "city":
            self.build_city(p, args[0], args[1])
        self._next_pick()

    def place_land_manager(self, p: int, i: int, slot: int) -> None:
        self.noble_cubes[i][p] -= 1
        self.cubes_in_hand[p] += 1
        self.estates[i][slot - 1][1] = 1
        self.land_managers_left -= 1
        self.say("gods-playground.log.land_manager", None, seat=p, slot=slot, province=i)

    def danzig(self, p: int) -> None:
        """Danzig: a noble cube back from Prussia, and twice Prussia's income in money."""
        self.noble_cubes[PRUSSIA][p] -= 1
        self.cubes_in_hand[p] += 1
        gain = 2 * self.income_levels[PRUSSIA]
        self.money[p] += gain
        self.say("gods-playground.log.danzig", None, seat=p, gain=gain)

    def diplomacy(self, p: int, e: int) -> None:
        """Diplomacy with the enemy of province e: a cube back from e, then a senate disc of the
        player's choice ("任意1个自己的家族标记"; asked only when there are two or more), then the price."""
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

    def move_cube(self, p: int, a: int, b: int) -> None:
        self.noble_cubes[a][p] -= 1
        self.noble_cubes[b][p] += 1
        self.log.append(MOVES_CUBE[p][a][b])

    def liberum_veto(self, p: int, i: int) -> None:
        self.noble_cubes[i][p] -= 1
        self.cubes_in_hand[p] += 1
        for seat in range(PROVINCE_COUNT):
            q = self.senate[seat]
            if q >= 0:
                self.discs_in_hand[q] += 1
                self.senate[seat] = -1
        self.say("gods-playground.log.veto", None, seat=p)

    def confederation(self, p: int, i: int, v: int) -> None:
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

    def jesuit_school(self, p: int, i: int) -> None:
        if self.mode == "special":
            self.step = {"jes": []}
            self.mode = "jesuit"
        self.step["jes"].append(i)
        self.noble_cubes[i][p] -= 1
        self.cubes_in_hand[p] += 1
        self.money[p] -= JESUIT_COST
        self.vp[p] += 1
        if len(self.step["jes"]) == PROVINCE_COUNT:
            self.vp[p] += JESUIT_ALL_BONUS
            self.say("gods-playground.log.jesuit_all", None, seat=p, province=i, bonus=JESUIT_ALL_BONUS)
        else:
            self.say("gods-playground.log.jesuit", None, seat=p, province=i)

    def build_city(self, p: int, i: int, slot: int) -> None:
        self.noble_cubes[i][p] -= 2
        self.cubes_in_hand[p] += 2
        self.estates[i][slot - 1][2] = 1
        self.cities_left -= 1
        self.city_used = True
        self.say("gods-playground.log.city", None, seat=p, slot=slot, province=i)

    # ------------------------------------------------------------------ a senate seat given up
    def _ask_seat(self, p: int, purpose: str, i: int) -> None:
        """The player gives up one of their senate seats for ``purpose`` (diplomacy, or the royal army in
        phase 10 or 12); a single seat goes at once."""
        seats = [k for k in range(PROVINCE_COUNT) if self.senate[k] == p]
        if len(seats) == 1:
            self.seat_chosen(p, seats[0], purpose, i)
            return
        self.step = {"for": purpose, "prov": i}
        self._set_turn("seat", p)

    def _seat_actions(self, p: int) -> list[Action]:
        senate = self.senate
        return [SEAT_ACTIONS[i] for i in range(PROVINCE_COUNT) if senate[i] == p]

    def _on_seat(self, action: Action, p: int) -> None:
        self.seat_chosen(p, action.args[0])

    def seat_chosen(self, p: int, seat: int, purpose: str = "", i: int = -1) -> None:
        if not purpose:
            purpose, i = self.step["for"], self.step["prov"]
        self.senate[seat] = -1
        self.discs_in_hand[p] += 1
        self.step = {}
        if purpose == "diplomacy":
            self.treaty = i
            self.step = {"dice": "diplomacy", "who": p}
            self.dice = []
            self.mode = "dice"
            self.movers = [CHANCE]
            self.say("gods-playground.log.treaty_signed", None, seat=p, enemy=i, province=i, province2=seat)
        elif purpose == "royal":
            self.log.append(ROYAL_SEAT[p][seat][i])
            self._start_battle(ROYAL_SIDE, i, "campaign", i, owner=p)
        else:
            self.log.append(ROYAL_SEAT[p][seat][i])
            self._start_battle(ROYAL_SIDE, i, "fight", i, owner=p)
