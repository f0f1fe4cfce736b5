"""Versailles: the rulebook as code, one module per section of the rulebook.

A turn (seed: 游戏流程): move workers along the arrows (a regular move, or a double move that flips a
token), never onto your own activation marker; the marker follows; then optionally activate the
location with every worker of yours there, each used once. Reactions granted by technologies are
decisions of the other players, asked in seat order from the active player's left.

The state is one class assembled from a mixin per section over the fields they share (``fields.py``;
``self.method()`` calls cross between them freely):

==================== ==========================================================
setup.py             游戏设置: the opening position, conservation checks
flow.py              游戏流程: the turn's steps (meeple.core.flow), who decides, the reaction queue
movement.py          移动工人: regular and double moves, the activation marker
activation.py        激活地点 / 地点收益: activating, the resource sites, paying
architects_guild.py  建筑师公会: the display, taking and removing tiles, refills
workshop.py          工坊: decorations
technologies.py      炼金术师公会 / 科技: levels, the gains bonus, reactions
construction.py      建筑工地: building palace tiles
king.py              国王恩赐: the King's track, recruiting
game_end.py          游戏结束 / 游戏计分: the three ends, final scores
hidden.py            隐藏信息: the observation (nothing is secret)
describe.py          the words several sections' descriptions and refusals share
fields.py            游戏配件: the state's fields, declared once
==================== ==========================================================

The tables they read are in ``board.py`` (computed from ``content.py``) and ``actions.py``. Each action
is declared once, in the ``ACTIONS`` table of its section's class: its name beside the methods that
perform, describe and refuse it (``meeple.core.action_table``); the state joins the tables, and
``ACTION_NAMES``, the handler map, ``describe_message`` and ``why_illegal`` are derived from them
(``VersaillesState.ACTION_TABLE``).

>>> state = meeple.load("versailles", players=3).new_game(seed=1)
>>> state.apply(state.legal_actions()[0])
"""

from __future__ import annotations

from meeple.core.action_table import ActionTableState
from meeple.games.versailles.activation import ActivationRules
from meeple.games.versailles.architects_guild import ArchitectsGuildRules
from meeple.games.versailles.construction import ConstructionRules
from meeple.games.versailles.describe import DescribeActions
from meeple.games.versailles.fields import VersaillesFields
from meeple.games.versailles.flow import TurnFlow
from meeple.games.versailles.game_end import GameEndRules
from meeple.games.versailles.hidden import HiddenInformation
from meeple.games.versailles.king import KingRules
from meeple.games.versailles.movement import MovementRules
from meeple.games.versailles.setup import SetupRules
from meeple.games.versailles.technologies import TechnologyRules
from meeple.games.versailles.workshop import WorkshopRules


class VersaillesState(
    SetupRules, TurnFlow, MovementRules, ActivationRules, ArchitectsGuildRules, WorkshopRules, TechnologyRules,
    ConstructionRules, KingRules, GameEndRules, HiddenInformation, DescribeActions, ActionTableState,
    VersaillesFields,
):
    """The whole game position; every field is JSON-native (see ``fields.py`` and docs/rules/versailles.md,
    "State fields").

    The sections' ``ACTIONS`` are joined in ``ACTION_TABLE``, which gives ``ACTION_NAMES``, the handler
    map, ``describe_message`` and ``why_illegal`` (``ActionTableState``: after the sections, before the
    fields and ``State``)."""

    __slots__ = VersaillesFields.FIELDS  # the fields in slots: the rules read them faster (meeple.core.state)
    LEGAL_LISTS_INDEXED = True  # the legal lists come from the action tables (actions.py)
