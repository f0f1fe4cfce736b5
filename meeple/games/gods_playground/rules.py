"""God's Playground (Martin Wallace, 2009): the rulebook as code, one module per section of it.

"游戏共4回合，每回合共16个阶段" — three families defend Poland over 4 rounds of 16 phases.
Every die is a chance event; the noble tokens and the sealed bids are simultaneous secret choices.

The State below is made of one mixin per part of the rulebook (every call stays ``self.method()``):

* ``setup``                     the starting position, the start player, the first estates
* ``phases.income_and_nobles``  phases 1-2          ``phases.elections``  phases 3 and 6
* ``phases.armies_and_campaigns`` phases 4, 9, 10, 12  ``phases.battles``  the battle procedure
* ``phases.enemies``            phases 5, 11, 13    ``phases.estates``    phases 7 and 14
* ``phases.special_actions``    phase 8             ``phases.scoring``    phases 15-16 and the end
* ``flow``                      the steps of play (``meeple.core.flow``): the open one, turns, the phases
* ``hidden``                    the observation and the re-deal of hidden tokens and bids
* ``components``                conservation of the pieces; ``describe`` the words the sections share

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

from meeple.core import State
from meeple.core.action_table import ActionTableState

from .components import Components
from .describe import DescribeActions, LegalAsTyped
from .flow import Flow
from .hidden import HiddenInformation
from .phases.armies_and_campaigns import ArmiesAndCampaigns
from .phases.battles import Battles
from .phases.elections import Elections
from .phases.enemies import Enemies
from .phases.estates import Estates
from .phases.income_and_nobles import IncomeAndNobles
from .phases.scoring import Scoring
from .phases.special_actions import SpecialActions
from .setup import Setup


class GodsPlayground(Flow, Setup, IncomeAndNobles, Elections, ArmiesAndCampaigns, Battles, Enemies, Estates,
                     SpecialActions, Scoring, HiddenInformation, Components, DescribeActions, ActionTableState,
                     LegalAsTyped, State):
    """The whole game state; see docs/rules/gods-playground.md for the rules as implemented.

    The sections' ``ACTIONS`` are joined in ``ACTION_TABLE``, which gives ``ACTION_NAMES``, the handler
    map, ``describe_message`` and ``why_illegal`` (``ActionTableState``: after the sections, before the
    refusal that quotes the legal actions, ``LegalAsTyped``, and ``State``)."""

    FIELDS = (
        "round", "phase", "mode", "movers", "turn", "passed", "king", "start_player", "setup_estates_placed",
        "income_levels", "estates", "noble_cubes", "enemy_cubes", "cubes_in_hand", "discs_in_hand", "senate",
        "money", "vp", "tokens_in_hand", "tokens_placed", "tokens_shown", "units", "units_in_hand",
        "cossacks", "royal_army", "track_nobles", "track_royal_cubes", "track_enemy_cubes", "enemy_supply",
        "treaty", "diplomacy_used", "city_used", "habsburgs_annexed", "ottomans_invaded",
        "land_managers_left", "cities_left", "invaded", "estates_built", "picks_left", "step", "bids",
        "bidders", "dice", "battle", "battle_queue", "expansion", "over", "camp_total", "final_estate_vp",
    )
    __slots__ = FIELDS  # the fields in slots: the rules read them faster (meeple.core.state)
    FIELD_RENAMES = {
        "rnd": "round", "first": "start_player", "setup_n": "setup_estates_placed", "level": "income_levels",
        "pc": "noble_cubes", "pe": "enemy_cubes", "hand": "cubes_in_hand", "discs": "discs_in_hand",
        "tok": "tokens_in_hand", "placed": "tokens_placed", "shown": "tokens_shown", "uhand": "units_in_hand",
        "coss": "cossacks", "royal": "royal_army", "tn": "track_nobles", "tr": "track_royal_cubes",
        "te": "track_enemy_cubes", "esup": "enemy_supply", "diplo_used": "diplomacy_used",
        "annexed": "habsburgs_annexed", "ott_invaded": "ottomans_invaded", "lm_pool": "land_managers_left",
        "cities": "cities_left", "hit": "invaded", "builds": "estates_built", "picks": "picks_left",
        "sub": "step", "bqueue": "battle_queue", "exp": "expansion", "final": "final_estate_vp",
    }
    LEGAL_LISTS_INDEXED = True  # the legal lists come from the action tables (actions.py)
    MAX_ACTIONS = 20_000


__all__ = ["GodsPlayground"]
