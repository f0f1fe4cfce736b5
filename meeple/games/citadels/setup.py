"""Set-up (seed "游戏准备"): the deck, each seat's gold and cards, the characters in play.

    在游戏开始时，拿走10 张扩展角色卡（数字下有星号）。把剩下的角色卡和地区卡分别洗混，分成两堆。
    每位玩家会获发4 张地区卡，2 枚金币。随机选择一个玩家做起始玩家，他可以获得皇冠卡。

Each player is dealt 4 district cards and 2 gold and a random player takes the crown. The characters
are the base eight unless a rank option picks an extra one (seed "新增角色卡"), without the Assassin at
3 players (seed "3 名玩家"); the size of a complete city follows the player count and the short game
(seed "缩短游戏时间"). The crown's first holder is dealt by chance (the action ``crown``, in ``ACTIONS``).
"""

from __future__ import annotations

from typing import Any, ClassVar

from meeple.core import CHANCE, Action
from meeple.core.action_table import ActionSpec
from meeple.core.i18n import msg
from meeple.games.citadels.actions import NOT_IN_GAME, PHASE_SETUP
from meeple.games.citadels.content import (
    CHARACTER_INDEX, COMPLETE_CITY, COMPLETE_CITY_SHORT, COMPLETE_CITY_SMALL, FULL_DECK, N_CHARACTERS,
    RANK_CHOICES, START_CARDS, START_GOLD,
)
from meeple.games.citadels.fields import CitadelsFields


class SetupRules(CitadelsFields):
    """Set-up: the state of a new game."""

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        "crown": ActionSpec(perform="_act_crown", describe="_describe_crown", refuse=None),  # chance
    }

    def setup(self) -> None:
        """A new game: nothing dealt yet; the first chance events deal the hands, then the crown."""
        n = self.game.players
        opts = self.game.options
        self.phase = PHASE_SETUP
        self.mover = CHANCE
        self.chance_kind = "draw"  # the hands are drawn first (``draw_queue``), then the crown's holder
        self.crown_seat = -1
        self.round = 0
        if opts.get("short_game"):
            self.complete_city_size = COMPLETE_CITY_SHORT
        elif n == 2:
            self.complete_city_size = int(opts.get("two_player_city", COMPLETE_CITY_SMALL))
        elif n == 3 and opts.get("three_player", "seed") == "seed":
            self.complete_city_size = COMPLETE_CITY_SMALL
        else:
            self.complete_city_size = COMPLETE_CITY
        self.first_complete_seat = -1
        self.gold = [START_GOLD] * n
        self.hands = [[] for _ in range(n)]
        self.cities = [[] for _ in range(n)]
        self.beautified = [[] for _ in range(n)]
        self.haunted_city_round = [-1] * n
        self.deck_unseen = list(FULL_DECK)
        self.deck_bottom = []
        self.deck_bottom_seen_by = []
        self.known_hand_cards = [[[] for _ in range(n)] for _ in range(n)]
        self.draw_queue = [{"seat": p, "into_hand": True} for p in range(n) for _ in range(START_CARDS)]
        self.say("citadels.setup_deal", gold=START_GOLD, n=START_CARDS)
        characters = []
        for rank in range(1, 10):
            slug = opts.get(f"rank{rank}", RANK_CHOICES[rank][0])
            if slug == "none":
                continue
            if slug == "assassin" and n == 3 and opts.get("three_player", "seed") == "seed":
                continue  # seed "3 名玩家": "从游戏当中移走杀手这张角色卡" (the Assassin, by name)
            characters.append(CHARACTER_INDEX[slug])
        self.characters = characters
        self.character_holder = [NOT_IN_GAME] * N_CHARACTERS
        self.character_deal = []
        self.draft_offers_seen = [[] for _ in range(n)]
        self.character_pool = []
        self.draft_offer = []
        self.draft_order = []
        self.draft_index = 0
        self.seven_player_pick = []
        self.face_down_to_deal = 0
        self.face_up_to_deal = 0
        self.call_index = 0
        self.revealed_characters = []
        self.absent_characters = []
        self.killed_character = -1
        self.robbed_character = -1
        self.bewitched_character = -1
        self.current_character = -1
        self.current_seat = -1
        self.witch_step = 0
        self.took_gold_or_cards = False
        self.builds_left = 0
        self.income_taken = True
        self.ability_used = False
        self.laboratory_used = False
        self.smithy_used = False
        self.district_destroyed = False
        self.spent_on_builds = 0
        self.built_this_turn = 0
        self.drawn_to_choose = []
        self.cards_to_keep = 0
        self.magician_discards = []
        self.graveyard_offer = []
        self.ability_step = {}
        self.tribute_seat = -1
        self.tax_owed = []
        self.beautified_this_turn = 0
        self.protected_seat = -1
        self.robber_seat = -1
        self.run_flow()

    def _act_crown(self, action: Action, player: int) -> None:
        """The chance outcome of seed "随机选择一个玩家做起始玩家，他可以获得皇冠卡": ``crown <seat>``."""
        p = action.args[0]
        self.crown_seat = p
        self.say("citadels.crown_dealt", seat=p)

    def _describe_crown(self, action: Action, p: int | None) -> dict[str, Any]:
        return msg("citadels.do.crown", seat=action.args[0])
