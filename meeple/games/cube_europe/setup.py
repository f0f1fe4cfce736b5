"""Setting up (seed "设置", and the multiplayer card's "设置"): the boards, the start card, the market, the first cubes.

    选择版图并创建牌库：随机选取一张卡作为版图……将其余的八张卡洗牌后，以市场面朝上的方式放置成一叠牌。
    创建市场：从市场牌库顶部抽取一张卡，并将其面朝上放置在牌库的正右边。……
    分发方块：将一个黄色方块……放置在版图上的三个黄色空间之一。……拿取黑色方块并将其放置在你版图的工人轨道“1”的位置
    （多人：将此卡随机给予一名玩家。该玩家开始时有1名工人，其左边的玩家开始时有2名工人……）

A random card is each player's board, the others (8 solo, 13 multiplayer) form the market deck; one card
goes to the discard pile and the deck's top lies face up; each player puts a yellow cube on a yellow hex.
Its actions (``ACTIONS``: the boards, the start card and the market's cards, by chance, and the starting
cube) are each performed, described and refused here.
"""

from __future__ import annotations

from typing import ClassVar

from meeple.core import Action
from meeple.core.action_table import ActionSpec
from meeple.core.i18n import Message, msg
from meeple.games.cube_europe.content import ALL_CARDS, BASE_CARDS, CARDS, COLOURS, CUBES_PER_COLOUR, MARKET_CARDS
from meeple.games.cube_europe.fields import CubeEuropeFields


class SetupRules(CubeEuropeFields):
    """The fields' first values, the boards, the start card, the market's cards, the starting cubes."""

    ACTIONS: ClassVar[dict[str, ActionSpec]] = {
        # chance: each seat's board, the start card's holder, the market's cards
        "board": ActionSpec(perform="_act_board", describe="_describe_board", refuse="_refuse_chance_only"),
        "first": ActionSpec(perform="_act_first", describe="_describe_first", refuse="_refuse_chance_only"),
        "card": ActionSpec(perform="_act_card", describe="_describe_card", refuse="_refuse_chance_only"),
        # each seat's yellow cube on a yellow hex
        "start": ActionSpec(perform="_act_start", describe="_describe_start", refuse="_refuse_start"),
    }

    def setup(self) -> None:
        n = self.players
        self.classic_solo = n == 1 and self.game.options.get("solo_deck", "classic") == "classic"
        self.unseen_cards = list(BASE_CARDS if self.classic_solo else ALL_CARDS)
        self.phase = "deal"
        self.round = 1
        self.start_card_seat = 0
        self.seats_done = 0
        self.phase_after_draws = "start"
        self.market_draws_due = []
        self.board_cards = []
        self.deck_size = len(BASE_CARDS) - 1 if self.classic_solo else MARKET_CARDS
        self.deck_top = None
        self.discard_pile = []
        self.tucked_cards = [[] for _ in range(n)]
        self.active_effects = [[] for _ in range(n)]  # the tucked cards' effect ids
        self.deck_exhaustions = 0
        self.filled_hexes = [[] for _ in range(n)]
        self.inventory = [[] for _ in range(n)]
        self.supply = [{c: CUBES_PER_COLOUR for c in COLOURS} for _ in range(n)]
        # Solo: the black cube starts on "1". Multiplayer: 1, 2, 3, 4 workers from the start card leftwards.
        self.workers = [1] * n
        self.dice = [[] for _ in range(n)]
        self.dice_on_squares = [0] * 6
        self.yellow_tucks_due = [0] * n
        self.steady_hand_used = False
        self.mirror_used = False
        self.follow_ups = []
        self.run_flow()

    def _act_board(self, action: Action, _chance: int) -> None:
        """Setup: a random card becomes a player's board (「随机选取一张卡作为版图」)."""
        card = action.args[0]
        self.unseen_cards.remove(card)
        player = len(self.board_cards)
        self.board_cards.append(card)
        self.say("cube-europe.board", None, seat=player, card=card)
        if len(self.board_cards) == self.players:
            if self.players == 1:
                self.phase = "draw"
                self.market_draws_due = ["discard", "top"]
            else:
                self.phase = "first"

    def _describe_board(self, action: Action, _player: int | None) -> Message:
        return Message("cube-europe.d.board", {"card": action.args[0], "seat": len(self.board_cards)})

    def _act_first(self, action: Action, _chance: int) -> None:
        """Multiplayer: the start card goes to a seat, which starts with 1 worker, the next to its left 2,
        then 3, 4 (「该玩家开始时有1名工人，其左边的玩家开始时有2名工人」)."""
        self.start_card_seat = action.args[0]
        self.workers = [1 + (p - self.start_card_seat) % self.players for p in range(self.players)]
        self.say("cube-europe.start_card", None, seat=self.start_card_seat,
                 workers=[msg("cube-europe.seat_workers", seat=p, count=self.workers[p]) for p in range(self.players)])
        self.phase = "draw"
        self.market_draws_due = ["discard", "top"]

    def _describe_first(self, action: Action, _player: int | None) -> Message:
        return Message("cube-europe.d.first", {"seat": action.args[0], "number": action.args[0]})

    def _act_card(self, action: Action, _chance: int) -> None:
        """A card comes off the face-down deck: onto the discard pile or as the deck's new face-up top."""
        card = action.args[0]
        self.unseen_cards.remove(card)
        where = self.market_draws_due.pop(0)
        if where == "discard":
            self.discard_pile.append(card)
            self.deck_size -= 1
            self.say("cube-europe.to_discard", None, card=card)
        else:
            self.deck_top = card
            self.say_again("cube-europe.new_top", card, card=card)
        if not self.market_draws_due:
            if self.deck_size == 0:  # nothing left to reveal (only possible after a reshuffle)
                self._game_over("cube-europe.over.exhausted")
                return
            self.phase = self.phase_after_draws
            self.seats_done = 0

    def _describe_card(self, action: Action, _player: int | None) -> Message:
        card = action.args[0]
        effect = CARDS[card].effect
        where = self.market_draws_due[0] if self.market_draws_due else "top"
        if where == "discard":
            return Message("cube-europe.d.card_discard", {"card": card, "effect": effect})
        return Message("cube-europe.d.card_top", {"card": card, "effect": effect})

    def _act_start(self, action: Action, player: int) -> None:
        """Setup: a yellow cube on one of the three yellow hexes; its effect is not activated."""
        hex_label = action.args[0]
        self.filled_hexes[player].append(hex_label)
        self.supply[player]["yellow"] -= 1
        self.say("cube-europe.starts", None, seat=player, hex=hex_label)
        self.seats_done += 1
        if self.seats_done == self.players:
            self.seats_done = 0
            self.phase = "roll"

    def _describe_start(self, action: Action, player: int) -> Message:
        hex_label = action.args[0]
        return Message("cube-europe.d.start", {"hex": hex_label, "number": self.board(player).hexes[hex_label][1]})

    def _refuse_start(self, action: Action, player: int) -> Message | None:
        """The starting cube goes on one of the board's yellow hexes, once."""
        if not self._deciding(player):
            return None
        if self.phase == "start":
            hexes = list(self.board(player).start_hexes)
            if action.args and action.args[0] not in hexes:
                return Message("cube-europe.error.not_start_hex", {"hex": str(action.args[0]), "hexes": hexes})
            return None
        reason = self._refuse_out_of_order(player)
        return reason if reason is not None else Message("cube-europe.error.start_done", {})
