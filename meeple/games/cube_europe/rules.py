"""Cube Europe (方块欧洲) as code: solo (seed main rules) and 2–4 players (seed's multiplayer card).

    作为一名拥有少量土地的欧洲贵族，你梦想着成为拥有更大面积土地的欧洲贵族。巧妙地使用骰子来获取和放置
    彩色方块，利用它们的特殊效果操纵游戏状态，并在游戏结束时尽可能多地得分。

Each round every player rolls two dice and uses each to get a cube, place a cube on their board or get a
worker; placed cubes have colour effects, and filled territories score at the end. ``CubeEuropeState``
joins the rules, one mixin per section of the rulebook, over the fields they share (``fields.py``):

=====================  ===================================================================
``setup.py``           设置: the boards, the start card, the market's cards, the starting cubes
``flow.py``            游戏流程, 轮次/回合: the phases, who moves, follow-ups, the end of a turn
``dice_actions.py``    游戏流程: rolling, getting a cube, placing a cube, getting a worker
``using_workers.py``   使用工人: paying for a die change with workers, Steady Hand and Mirror
``cube_effects.py``    方块效果: red, white, blue, green and yellow cubes, the active effects
``round_end.py``       回合结束: the yellow tucks, the market's advance, the reshuffle
``scoring.py``         游戏结束, 得分: the end, the score, the winners, the solo rank
``hidden.py``          chance outcomes and observations (nothing is secret)
``describe.py``        the words several sections share (a cube's effect, payments, the order of play)
``actions.py``         the action objects, made once
``fields.py``          需要的组件: the state's fields, declared once
=====================  ===================================================================

Each action is declared once, in the ``ACTIONS`` table of its section's class: its name beside the
methods that perform, describe and refuse it (``meeple.core.action_table``); the state joins the
tables, and ``ACTION_NAMES`` and the handler map are derived from them (``CubeEuropeState.ACTION_TABLE``).

>>> state = meeple.load("cube-europe", players=1).new_game(seed=3)
>>> state.parse_action("start A1")  # doctest: +SKIP
"""

from __future__ import annotations

from meeple.core import InvariantError
from meeple.core.action_table import ActionTableState
from meeple.games.cube_europe.content import ALL_CARDS, BASE_CARDS, CARDS, COLOURS, CUBES_PER_COLOUR, WORKER_MAX
from meeple.games.cube_europe.cube_effects import CubeEffectRules
from meeple.games.cube_europe.describe import DefaultRefusal, DescribeActions
from meeple.games.cube_europe.dice_actions import DiceActionRules
from meeple.games.cube_europe.fields import CubeEuropeFields
from meeple.games.cube_europe.flow import FlowRules
from meeple.games.cube_europe.hidden import HiddenInformation
from meeple.games.cube_europe.round_end import RoundEndRules
from meeple.games.cube_europe.scoring import ScoringRules
from meeple.games.cube_europe.setup import SetupRules
from meeple.games.cube_europe.using_workers import WorkerRules


class CubeEuropeState(FlowRules, SetupRules, DiceActionRules, WorkerRules, CubeEffectRules, RoundEndRules,
                      ScoringRules, HiddenInformation, DescribeActions, ActionTableState, DefaultRefusal):
    """One game of Cube Europe; see the module docstring and docs/rules/cube-europe.md.

    The sections' ``ACTIONS`` are joined in ``ACTION_TABLE``, which gives ``ACTION_NAMES``, the handler
    map, ``describe_message`` and ``why_illegal`` (``ActionTableState``: after the sections and before
    ``State``; a reason no section names is ``DefaultRefusal``'s)."""

    __slots__ = CubeEuropeFields.FIELDS  # the fields in slots: the rules read them faster (meeple.core.state)

    LEGAL_LISTS_INDEXED = True  # the legal lists come from the action tables (actions.py)

    def check_invariants(self) -> None:
        for p in range(self.players):
            for colour in COLOURS:
                on_board = sum(1 for h in self.filled_hexes[p] if self.board(p).hexes[h][0] == colour) if p < len(self.board_cards) else 0
                held = self.inventory[p].count(colour)
                if on_board + held + self.supply[p][colour] != CUBES_PER_COLOUR:
                    raise InvariantError(f"{self.player_name(p)} has {on_board}+{held}+{self.supply[p][colour]} {colour} cubes")
            if not 0 <= self.workers[p] <= WORKER_MAX:
                raise InvariantError(f"worker track out of range: {self.workers[p]}")
            if self.active_effects[p] != [CARDS[c].effect for c in self.tucked_cards[p]]:
                raise InvariantError("active yellow effects differ from the tucked cards")
            if len(set(self.filled_hexes[p])) != len(self.filled_hexes[p]):
                raise InvariantError("a hex holds two cubes")
        cards = list(self.board_cards) + list(self.unseen_cards) + list(self.discard_pile) + [c for t in self.tucked_cards for c in t]
        if self.deck_top is not None:
            cards.append(self.deck_top)
        expected = sorted(BASE_CARDS if self.classic_solo else ALL_CARDS)
        if sorted(cards) != expected:
            raise InvariantError(f"cards lost or duplicated: {sorted(cards)}")
        below = self.deck_size - (1 if self.deck_top is not None else 0)
        if below > len(self.unseen_cards) or self.deck_size < 0:
            raise InvariantError("the deck holds more cards than are unseen")
