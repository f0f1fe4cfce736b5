"""Citadels (富饶之城) as code: a round is a character draft, then the characters are called by rank.

    玩家们是城市的首脑人物，各自为名利而去开发城市。市内各个地区由地区卡表示，当有玩家放置他城市中的
    第8 个地区时，这轮结束后游戏便会结束。

The players build cities of districts; when one places the 8th district of its city, the game ends
with the round. ``CitadelsState`` joins the rules, one mixin per section of the rulebook, over the
fields they share (``fields.py``):

========================  ===============================================================
``setup.py``              游戏准备: the deck, the gold, the hands, the characters in play
``draft.py``              选择角色 (and 附加规则 for 2, 3 and 7 players): the character draft
``flow.py``               玩家回合, 回合完结: the steps of play (meeple.core.flow), the calls by rank
``turn.py``               行动, 建设: gold or cards, building, the income, the end of a turn
``characters.py``         角色介绍, 弑君: the eight characters' powers
``extra_characters.py``   新增角色卡: the ten extra characters
``districts.py``          地区卡, 特别地区: the deck, the Laboratory, the Smithy, the Graveyard
``scoring.py``            胜利条件: the score, the winners, the end
``hidden.py``             what each seat may know: observations, determinize, chance outcomes
``describe.py``           the words several descriptions share
``actions.py``            the codes and action objects they share
``fields.py``             游戏配件: the state's fields, declared once
========================  ===============================================================

Each action is declared once, in the ``ACTIONS`` table of its section's class: its name beside the
methods that perform, describe and refuse it (``meeple.core.action_table``); the state joins the
tables, and ``ACTION_NAMES`` and the handler map are derived from them (``CitadelsState.ACTION_TABLE``).

>>> s = meeple.load("citadels", players=4).new_game(seed=1)
>>> s.apply(s.legal_actions()[0])
"""

from __future__ import annotations

from typing import ClassVar

from meeple.core import InvariantError
from meeple.core.action_table import ActionTableState
from meeple.games.citadels.characters import CharacterRules
from meeple.games.citadels.actions import PHASE_CALL, PHASE_DRAFT, PHASE_TURN, WIZARD_KEEP
from meeple.games.citadels.content import DISTRICT_COPIES, DISTRICT_SLUG, N_DISTRICT_KINDS
from meeple.games.citadels.describe import DescribeActions
from meeple.games.citadels.districts import DistrictRules
from meeple.games.citadels.draft import DraftRules
from meeple.games.citadels.extra_characters import ExtraCharacterRules
from meeple.games.citadels.fields import CitadelsFields
from meeple.games.citadels.flow import FlowRules
from meeple.games.citadels.hidden import HiddenInformation
from meeple.games.citadels.scoring import ScoringRules
from meeple.games.citadels.setup import SetupRules
from meeple.games.citadels.turn import TurnRules


class CitadelsState(FlowRules, SetupRules, DraftRules, TurnRules, CharacterRules, ExtraCharacterRules,
                    DistrictRules, ScoringRules, HiddenInformation, DescribeActions,
                    ActionTableState, CitadelsFields):
    """One game of Citadels; see the module docstring and docs/rules/citadels.md.

    The sections' ``ACTIONS`` are joined in ``ACTION_TABLE``, which gives ``ACTION_NAMES``, the handler
    map, ``describe_message`` and ``why_illegal`` (``ActionTableState``: after the sections, which may
    refine its hooks, and before ``State``)."""

    __slots__ = CitadelsFields.FIELDS  # the fields in slots: the rules read them faster (meeple.core.state)

    MAX_ACTIONS: ClassVar[int] = 200_000
    LEGAL_LISTS_INDEXED = True  # the legal lists come from the action tables (actions.py)

    def check_invariants(self) -> None:
        """Every district card is in exactly one place, gold is never negative, the round's characters are
        all dealt or in the pool, and what a seat "knows" of a hand is in that hand."""
        n = self.game.players
        count = [0] * N_DISTRICT_KINDS
        for d in self.deck_unseen:
            count[d] += 1
        for d in self.deck_bottom:
            count[d] += 1
        for q in range(n):
            for d in self.hands[q]:
                count[d] += 1
            for d in self.cities[q]:
                count[d] += 1
        for d in self.drawn_to_choose:
            count[d] += 1
        for d in self.magician_discards:
            count[d] += 1
        if self.graveyard_offer:
            count[self.graveyard_offer[0]] += 1
        if self.ability_step and self.ability_step["stage"] == WIZARD_KEEP:
            count[self.ability_step["district"]] += 1
        if count != list(DISTRICT_COPIES):
            raise InvariantError(f"district cards not conserved: {count} != {list(DISTRICT_COPIES)}")
        if len(self.deck_bottom) != len(self.deck_bottom_seen_by):
            raise InvariantError("deck bottom and its knowledge masks differ in length")
        if any(g < 0 for g in self.gold):
            raise InvariantError(f"negative gold: {self.gold}")
        if self.deck_unseen != sorted(self.deck_unseen):
            raise InvariantError("the unseen deck is not sorted")
        round_characters = sorted([c for _, c in self.character_deal] + list(self.character_pool))
        if self.phase in (PHASE_DRAFT, PHASE_CALL, PHASE_TURN) and round_characters != sorted(self.characters):
            raise InvariantError(f"characters not conserved: {round_characters} vs {sorted(self.characters)}")
        for q in range(n):
            for r in range(n):
                hand = list(self.hands[q])
                for d in self.known_hand_cards[r][q]:
                    if d not in hand:
                        raise InvariantError(f"seat {r} 'knows' a {DISTRICT_SLUG[d]} that is not in seat {q}'s hand")
                    hand.remove(d)

