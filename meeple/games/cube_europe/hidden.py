"""Chance and what each seat sees (seed "设置": 将其余的八张卡洗牌; "游戏流程": 掷出两个子).

    随机选取一张卡作为版图……将其余的八张卡洗牌后，以市场面朝上的方式放置成一叠牌。
    每一轮所有玩家先掷2个骰子

The shuffled cards and the dice are chance events: their outcomes, whose they are, and a quick sampler.
Nothing is secret (the unseen cards are public, as a set), so every seat's observation is the whole
position.
"""

from __future__ import annotations

from typing import Any

from meeple.core import Action, Rng
from meeple.games.cube_europe.actions import BOARD, CARD, ROLL_OF_DICE, ROLL_WEIGHTS, START_CARD
from meeple.games.cube_europe.content import CARDS, EFFECTS, ROUNDS, WORKER_MAX
from meeple.games.cube_europe.fields import CubeEuropeFields



class HiddenInformation(CubeEuropeFields):
    """Chance outcomes and observations."""

    # The chance steps of flow.STEPS: their outcomes, whose they are, a quick sampler for the dice.
    def _board_outcomes(self) -> list[tuple[Action, float]]:
        return [(BOARD[c], 1.0) for c in self.unseen_cards]

    def _start_card_outcomes(self) -> list[tuple[Action, float]]:
        return [(START_CARD[p], 1.0) for p in range(self.players)]

    def _market_card_outcomes(self) -> list[tuple[Action, float]]:
        return [(CARD[c], 1.0) for c in self.unseen_cards]

    def _sample_board(self, rng: Rng) -> Action:
        """Same as drawing from ``_board_outcomes`` with ``Rng.weighted_index``, without building the list."""
        unseen = self.unseen_cards
        return BOARD[unseen[rng.uniform_index(len(unseen))]]

    def _sample_market_card(self, rng: Rng) -> Action:
        """Same as drawing from ``_market_card_outcomes`` with ``Rng.weighted_index``, without building the list."""
        unseen = self.unseen_cards
        return CARD[unseen[rng.uniform_index(len(unseen))]]

    def _roll_outcomes(self) -> list[tuple[Action, float]]:
        return list(ROLL_WEIGHTS)

    def _sample_roll(self, rng: Rng) -> Action:
        """Same distribution as ``_roll_outcomes``, without building the list."""
        first = rng.randbelow(6) + 1
        return ROLL_OF_DICE[first][rng.randbelow(6) + 1]

    def _next_board_seat(self) -> int:
        """A set-up board deal is the card that becomes the next seat's board. A round's roll is one seat's
        own two dice (「每一轮所有玩家先掷2个骰子」, in seat order from the start card: ``current_player``);
        the start card and the market draws are anyone's. Nothing drawn is secret (``unseen_cards`` is
        public), so the offered outcomes stay the default (the legal ones)."""
        return len(self.board_cards)

    def _observation(self, player: int | None) -> dict[str, Any]:
        squares = self.market_squares()
        return {
            "phase": self.phase,
            "round": self.round,
            "rounds": ROUNDS,
            "start_card_seat": self.start_card_seat,
            "current": self.current_player() if self.phase in ("turn", "start") else None,
            "market": {
                "deck_top": self.deck_top,
                "deck_size": self.deck_size,
                "discard": list(self.discard_pile),
                "unseen": list(self.unseen_cards),
                "squares": [
                    None if sq is None else {"square": i + 1, "face": sq[0], "colour": sq[1], "dice": self.dice_on_squares[i]}
                    for i, sq in enumerate(squares)
                ],
                "stack_limit": self._dice_per_square() if self.players > 1 else None,
                # The yellow effect printed on each visible market card (a yellow cube tucks the
                # rightmost one, the discard pile's top: 「拿取最右侧的市场卡牌」).
                "effects": {"deck_top": _effect_view(self.deck_top),
                            "discard_top": _effect_view(self.discard_pile[-1] if self.discard_pile else None)},
            },
            "follow_ups": [list(p) for p in self.follow_ups],
            # This turn's once-per-turn free die changes already spent.
            "used_free": {"steady": self.steady_hand_used, "mirror": self.mirror_used},
            "seats": [self._seat_view(p) for p in range(self.players)],
        }

    def _seat_view(self, p: int) -> dict[str, Any]:
        board = self.board(p) if p < len(self.board_cards) else None
        return {
            "name": self.player_name(p),
            "board_card": board.id if board else None,
            "hexes": {h: {"colour": c, "number": n, "filled": h in self.filled_hexes[p]} for h, (c, n) in board.hexes.items()}
            if board else {},
            "start_hexes": list(board.start_hexes) if board else [],
            "inventory": list(self.inventory[p]),
            "inventory_size": self.inventory_size(p),
            "supply": dict(self.supply[p]),
            "workers": self.workers[p],
            "worker_max": WORKER_MAX,
            "dice": list(self.dice[p]),
            "effects": [_effect_view(c) for c in self.tucked_cards[p]],
            "score": self.score_breakdown(p) if board else {},
            "total": self.score(p) if board else 0,
        }


def _effect_view(card: int | None) -> dict[str, Any] | None:
    """A card's yellow effect for observations: card id, effect id, and its English name and text
    (screens name it in their language by the id: ``TERMS["effect"]``, ``TERMS["effect_text"]``)."""
    if card is None:
        return None
    effect = CARDS[card].effect
    name, text = EFFECTS[effect]
    return {"card": card, "id": effect, "name": name, "text": text}
