"""Kingsburg (帝王堡) as code: five years of eight steps each (seeds/002_b638580df834d43a.txt).

「遊戲將進行5年。」 The rules are one class, ``KingsburgState``, put together from one mixin per
section of the rulebook (each module quotes the passage it implements):

- ``fields.py``: the state's fields, declared once
- ``setup.py``: 遊戲開局, the starting position and the invariants
- ``flow.py``: 遊戲流程, the year as a queue of tasks, declared as the steps of ``meeple.core.flow``; chance
- ``kings_aid.py``: 1. 國王緩助, and taking resources of one's choice
- ``production.py``: 2./4./6. 春季／夏季／秋季生產, the rolls, rerolls and turn order
- ``placement.py``: the advisors' influence, placing dice
- ``advisors.py``: what the eighteen advisors give
- ``buildings.py``: 各式建築, building and the buildings' effects
- ``kings_reward.py``: 3. 國王獎償
- ``kings_envoy.py``: 5. 國王使臣
- ``recruiting.py``: 7. 徵募民兵
- ``winter_battle.py``: 8. 冬季戰事
- ``scoring.py``: 遊戲勝負
- ``hidden.py``: the enemy card (the only hidden information) and the observation
- ``describe.py``: the words several sections share, and the default refusal
- ``actions.py``: every action, built once (each is declared in its section's ``ACTIONS`` table)

>>> state = meeple.load("kingsburg", players=3).new_game(seed=1)
>>> state.apply(state.legal_actions(state.to_move()[0])[0], state.to_move()[0])
"""

from __future__ import annotations

from meeple.core.action_table import ActionTableState
from meeple.games.kingsburg.advisors import Advisors
from meeple.games.kingsburg.buildings import Buildings
from meeple.games.kingsburg.content import SEATS
from meeple.games.kingsburg.describe import DefaultRefusal, DescribeActions
from meeple.games.kingsburg.fields import KingsburgFields
from meeple.games.kingsburg.flow import GAME_OVER_SEAT, YEAR_STEPS, TaskFlow
from meeple.games.kingsburg.hidden import HiddenInformation
from meeple.games.kingsburg.kings_aid import KingsAid
from meeple.games.kingsburg.kings_envoy import KingsEnvoy
from meeple.games.kingsburg.kings_reward import KingsReward
from meeple.games.kingsburg.placement import Placement, placement_ways
from meeple.games.kingsburg.production import Production
from meeple.games.kingsburg.recruiting import Recruiting
from meeple.games.kingsburg.scoring import Scoring
from meeple.games.kingsburg.setup import Setup
from meeple.games.kingsburg.winter_battle import WinterBattle

__all__ = ["GAME_OVER", "KingsburgState", "SEATS", "STEPS", "placement_ways"]

GAME_OVER = GAME_OVER_SEAT  # ``mover`` once the game is over
STEPS = YEAR_STEPS  # the eight steps of a year, by their names in the observation (``step``)


class KingsburgState(Setup, TaskFlow, KingsAid, Production, Placement, Advisors, Buildings, KingsReward,
                     KingsEnvoy, Recruiting, WinterBattle, Scoring, HiddenInformation, DescribeActions,
                     ActionTableState, DefaultRefusal, KingsburgFields):
    """The whole game state: the sections over the fields of ``fields.py`` (all JSON-native; see
    docs/rules/kingsburg.md, "State fields").

    The sections' ``ACTIONS`` are joined in ``ACTION_TABLE``, which gives ``ACTION_NAMES``, the handler
    map, ``describe_message`` and ``why_illegal`` (``ActionTableState``, after the sections; its
    ``why_illegal`` falls back on ``DefaultRefusal``)."""

    __slots__ = KingsburgFields.FIELDS  # the fields in slots: the rules read them faster (meeple.core.state)
    LEGAL_LISTS_INDEXED = True  # the legal lists come from the action tables (actions.py, placement.py)
