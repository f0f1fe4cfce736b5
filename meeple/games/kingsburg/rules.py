"""Kingsburg (帝王堡) as code: five years of eight steps each (seeds/002_b638580df834d43a.txt).

「遊戲將進行5年。」 The rules are one class, ``KingsburgState``, put together from one mixin per
section of the rulebook (each module quotes the passage it implements):

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

from meeple.core import State
from meeple.core.action_table import ActionTableState
from meeple.core.state import LIST, ROWS, VALUE
from meeple.games.kingsburg.advisors import Advisors
from meeple.games.kingsburg.buildings import Buildings
from meeple.games.kingsburg.content import SEATS
from meeple.games.kingsburg.describe import DefaultRefusal, DescribeActions
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

GAME_OVER = GAME_OVER_SEAT  # ``seat_to_move`` once the game is over
STEPS = YEAR_STEPS  # the eight steps of a year, by their names in the observation (``step``)


class KingsburgState(Setup, TaskFlow, KingsAid, Production, Placement, Advisors, Buildings, KingsReward,
                     KingsEnvoy, Recruiting, WinterBattle, Scoring, HiddenInformation, DescribeActions,
                     ActionTableState, DefaultRefusal, State):
    """The whole game state; every field is JSON-native (see ``FIELDS`` and docs/rules/kingsburg.md,
    "State fields").

    The sections' ``ACTIONS`` are joined in ``ACTION_TABLE``, which gives ``ACTION_NAMES``, the handler
    map, ``describe_message`` and ``why_illegal`` (``ActionTableState``, after the sections; its
    ``why_illegal`` falls back on ``DefaultRefusal``)."""

    FIELDS = (
        "year", "step_index", "season_index", "seat_to_move", "tasks", "vp", "resources", "plus2_tokens",
        "plus2_supply", "soldiers", "buildings_owned", "turn_order", "envoy_holder", "aid_die_holder",
        "unplaced_dice", "dice_rolled", "handfuls_on_advisor", "market_used", "statue_used", "chapel_used",
        "done_placing", "built_this_season", "placing_index", "selected_advisor", "enemy_card", "enemy_seen_by",
        "enemy_revealed", "king_reinforcement", "battle_result",
    )
    __slots__ = FIELDS  # the fields in slots: the rules read them faster (meeple.core.state)
    FIELD_SHAPES = {
        **dict.fromkeys(("year", "step_index", "season_index", "seat_to_move", "plus2_supply", "envoy_holder",
                         "aid_die_holder", "placing_index", "selected_advisor", "king_reinforcement"), VALUE),
        **dict.fromkeys(("vp", "plus2_tokens", "soldiers", "buildings_owned", "turn_order", "market_used",
                         "statue_used", "chapel_used", "done_placing", "built_this_season", "enemy_card",
                         "enemy_revealed", "battle_result"), LIST),
        **dict.fromkeys(("tasks", "resources", "unplaced_dice", "dice_rolled", "enemy_seen_by"), ROWS),
    }  # how a copy copies each field (meeple.core.state); handfuls_on_advisor (rows of handfuls) is copied deep
    LEGAL_LISTS_INDEXED = True  # the legal lists come from the action tables (actions.py, placement.py)
    FIELD_RENAMES = {
        "stepi": "step_index", "season": "season_index", "mover": "seat_to_move", "queue": "tasks",
        "res": "resources", "tokens": "plus2_tokens", "token_supply": "plus2_supply", "built": "buildings_owned",
        "order": "turn_order", "envoy": "envoy_holder", "aid_die": "aid_die_holder", "dice": "unplaced_dice",
        "rolled": "dice_rolled", "adv": "handfuls_on_advisor", "stuck": "done_placing",
        "built_now": "built_this_season", "cur": "placing_index", "sel": "selected_advisor", "enemy": "enemy_card",
        "peeked": "enemy_seen_by", "revealed": "enemy_revealed", "reinforcement": "king_reinforcement",
        "result": "battle_result",
    }

