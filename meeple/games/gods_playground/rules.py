"""God's Playground (Martin Wallace, 2009): the rulebook as code, one module per section of it.

"游戏共4回合，每回合共16个阶段" — three families defend Poland over 4 rounds of 16 phases.
Every die is a chance event; the noble tokens and the sealed bids are simultaneous secret choices.

``GodsPlaygroundState`` joins the rules, one mixin per section of the rulebook (every call stays
``self.method()``), over the fields they share (``fields.py``):

==========================  ===============================================================
``setup.py``                the starting position, the start player, the first estates
``income_and_nobles.py``    phases 1 income, 2 nobles
``elections.py``            phases 3 electing the king, 6 elections (governors); the senate seats
``armies_and_campaigns.py`` phases 4 the Polish army, 9 buy armies, 10 campaigns, 12 Poland fights back
``battles.py``              the battle procedure of phases 10-13; every die
``enemies.py``              phases 5 events, 11 enemies attack, 13 enemies expand
``estates.py``              phases 7 build estates, 14 estates
``special_actions.py``      phase 8 special actions
``scoring.py``              phases 15 victory points, 16 end of round; the final scoring
``flow.py``                 the steps of play (``meeple.core.flow``): the open one, turns, the phases
``hidden.py``               the observation and the re-deal of hidden tokens and bids
``describe.py``             the words the sections share
``fields.py``               the state's fields, declared once
==========================  ===============================================================

Each action is declared once, in the ``ACTIONS`` table of its section's class: its name beside the
methods that perform, describe and refuse it (``meeple.core.action_table``); the state joins the
tables, and ``ACTION_NAMES`` and the handler map are derived from them (``ACTION_TABLE``).

Indexes: ``p``/``q``/``v`` a family's seat (0 White, 1 Blue, 2 Red), ``i`` a province, ``e`` an enemy
(enemy ``e`` borders province ``e`` and is rolled by die ``e`` + 1); ``-1`` means none (no king, no
treaty, an empty senate seat). The fields are listed in docs/rules/gods-playground.md, "State fields".

>>> state = meeple.load("gods-playground", players=3).new_game(seed=1)
>>> state.apply(state.legal_actions(state.to_move()[0])[0], state.to_move()[0])
"""

from __future__ import annotations

from typing import ClassVar

from meeple.core import InvariantError
from meeple.core.action_table import ActionTableState
from meeple.games.gods_playground.armies_and_campaigns import ArmiesAndCampaigns
from meeple.games.gods_playground.battles import Battles
from meeple.games.gods_playground.content import (
    CITY_MARKERS, ENEMIES, ENEMY_COUNT, ENEMY_CUBE_SUPPLY, ESTATE_SLOTS, FAMILY_DISCS, FAMILY_NOBLE_CUBES,
    FAMILY_UNITS, LAND_MANAGERS, PLAYERS, PROVINCE_COUNT, PROVINCES, ROYAL_CUBES, ROYAL_UNITS, UNIT_NAMES,
)
from meeple.games.gods_playground.describe import SEAT_NAMES, DescribeActions, LegalAsTyped
from meeple.games.gods_playground.elections import Elections
from meeple.games.gods_playground.enemies import Enemies
from meeple.games.gods_playground.estates import Estates
from meeple.games.gods_playground.fields import GodsPlaygroundFields
from meeple.games.gods_playground.flow import Flow
from meeple.games.gods_playground.hidden import HiddenInformation
from meeple.games.gods_playground.income_and_nobles import IncomeAndNobles
from meeple.games.gods_playground.scoring import Scoring
from meeple.games.gods_playground.setup import Setup
from meeple.games.gods_playground.special_actions import SpecialActions


class GodsPlaygroundState(Flow, Setup, IncomeAndNobles, Elections, ArmiesAndCampaigns, Battles, Enemies, Estates,
                          SpecialActions, Scoring, HiddenInformation, DescribeActions, ActionTableState,
                          LegalAsTyped, GodsPlaygroundFields):
    """The whole game state; see docs/rules/gods-playground.md for the rules as implemented.

    The sections' ``ACTIONS`` are joined in ``ACTION_TABLE``, which gives ``ACTION_NAMES``, the handler
    map, ``describe_message`` and ``why_illegal`` (``ActionTableState``: after the sections, before the
    refusal that quotes the legal actions, ``LegalAsTyped``, and the fields)."""

    __slots__ = GodsPlaygroundFields.FIELDS  # the fields in slots: the rules read them faster (meeple.core.state)

    LEGAL_LISTS_INDEXED = True  # the legal lists come from the action tables (actions.py)
    MAX_ACTIONS: ClassVar[int] = 20_000

    def check_invariants(self) -> None:
        """The components are conserved: nothing is created or lost except as the rules say. Each family's 20
        cubes, 16 discs and 8 units, the 12 royal cubes and royal army, the enemies' cube supplies, the land
        managers and the cities are all somewhere on the board or in a supply."""
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


__all__ = ["GodsPlaygroundState"]
