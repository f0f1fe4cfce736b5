"""The components are conserved: nothing is created or lost except as the rules say.

"每个家族分别有4个步兵、3个骑兵、1个火炮、12个贵族数字片、20个贵族方块、16个家族标记。另外灰色的配件代表波兰国王，
分别有4个步兵、4个骑兵、1个火炮、12个国王方块。……每个敌人分别有25、25、25、30、20个方块"
Each family's 20 cubes, 16 discs and 8 units, the 12 royal cubes and royal army, the enemies'
cube supplies, the land managers and the cities are all somewhere on the board or in a supply.
"""

from __future__ import annotations

from meeple.core import InvariantError

from .content import (
    CITY_MARKERS, ENEMIES, ENEMY_COUNT, ENEMY_CUBE_SUPPLY, ESTATE_SLOTS, FAMILY_DISCS, FAMILY_NOBLE_CUBES,
    FAMILY_UNITS, LAND_MANAGERS, PLAYERS, PROVINCE_COUNT, PROVINCES, ROYAL_CUBES, ROYAL_UNITS, SEAT_TERMS,
    UNIT_NAMES,
)

SEAT_NAMES = tuple(t["en"] for t in SEAT_TERMS)   # "White", "Blue", "Red" (the invariant messages are English)


class Components:
    def name(self, p: int) -> str:
        """Seat ``p``'s English name ("White")."""
        return SEAT_NAMES[p]

    def check_invariants(self) -> None:
        for p in range(PLAYERS):
            cubes = (self.cubes_in_hand[p] + sum(self.noble_cubes[i][p] for i in range(PROVINCE_COUNT))
                     + sum(self.track_nobles[e][p] for e in range(ENEMY_COUNT)))
            if cubes != FAMILY_NOBLE_CUBES or self.cubes_in_hand[p] < 0:
                raise InvariantError(f"{SEAT_NAMES[p]} has {cubes} noble cubes, not {FAMILY_NOBLE_CUBES}")
            discs = (self.discs_in_hand[p] + self.senate.count(p)
                     + sum(1 for row in self.estates for slot in row if slot[0] == p))
            if discs != FAMILY_DISCS or self.discs_in_hand[p] < 0:
                raise InvariantError(f"{SEAT_NAMES[p]} has {discs} discs, not {FAMILY_DISCS}")
            for k in range(3):
                n = self.units_in_hand[p][k] + sum(self.units[p][i][k] for i in range(PROVINCE_COUNT))
                if n != FAMILY_UNITS[k] or self.units_in_hand[p][k] < 0:
                    raise InvariantError(f"{SEAT_NAMES[p]} has {n} {UNIT_NAMES[k]}")
            if self.money[p] < 0:
                raise InvariantError(f"{SEAT_NAMES[p]} has negative money")
        for e in range(ENEMY_COUNT):
            n = (self.enemy_supply[e] + self.track_enemy_cubes[e]
                 + sum(self.enemy_cubes[i][e] for i in range(PROVINCE_COUNT)))
            if n != ENEMY_CUBE_SUPPLY[e] or self.enemy_supply[e] < 0:
                raise InvariantError(f"{ENEMIES[e]} have {n} cubes, not {ENEMY_CUBE_SUPPLY[e]}")
        if sum(self.track_royal_cubes) > ROYAL_CUBES:
            raise InvariantError("more royal cubes than exist")
        land_managers = sum(slot[1] for row in self.estates for slot in row)
        if land_managers + self.land_managers_left != LAND_MANAGERS:
            raise InvariantError("land managers not conserved")
        cities = sum(slot[2] for row in self.estates for slot in row)
        if cities + self.cities_left != CITY_MARKERS:
            raise InvariantError("cities not conserved")
        for i in range(PROVINCE_COUNT):
            if len(self.estates[i]) > len(ESTATE_SLOTS[i]):
                raise InvariantError(f"{PROVINCES[i]} estate track overflows")
        if any(n < 0 for n in self.royal_army) or any(self.royal_army[k] > ROYAL_UNITS[k] for k in range(3)):
            raise InvariantError("royal army out of range")
