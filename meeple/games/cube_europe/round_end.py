"""The end of a round (seed "回合结束"): the yellow tucks, the market advances, the deck may reshuffle.

    当你的两个骰子都用以执行行动后，回合结束。……将市场牌库顶部的卡牌翻到市场弃牌堆上以形成新的市场。
    在移动市场牌库顶部的卡牌后，如果牌库中没有剩余的卡牌，则需要重新洗混所有的市场卡牌……对于版图上的
    每一个空的黄色六边形，需额外放置一张卡牌到市场弃牌堆。（多人：当市场牌库为空时，游戏立即结束。）

Yellow effects resolve in seat order from the round's first player, the deck's top card moves onto the
discard pile, the next is revealed, the start card passes left; an empty deck reshuffles once (classic
solo) or ends the game.
"""

from __future__ import annotations

from meeple.core.i18n import msg
from meeple.games.cube_europe.content import ROUNDS
from meeple.games.cube_europe.fields import CubeEuropeFields


class RoundEndRules(CubeEuropeFields):
    """The round's end: yellow tucks, the market's advance, the reshuffle."""

    def end_of_round(self) -> None:
        """Round end (「回合结束」): yellow effects in seat order from the first player, then the market advances."""
        n = self.players
        for k in range(n):
            p = (self.start_card_seat + k) % n
            for _ in range(self.yellow_tucks_due[p]):
                self.tuck_yellow_effect(p)
            self.yellow_tucks_due[p] = 0
        self.dice_on_squares = [0] * 6
        self.advance_market()
        if self.phase == "over":
            return
        self.round += 1
        self.start_card_seat = (self.start_card_seat + 1) % n  # the start card passes left
        self.seats_done = 0
        self.phase_after_draws = "roll"
        if self.classic_solo and self.round > ROUNDS:
            self._game_over("cube-europe.over.rounds", n=ROUNDS)
        elif not self.market_draws_due:
            self.phase = "roll"

    def advance_market(self) -> None:
        """Move the deck's top card onto the discard pile; an empty deck reshuffles (solo) or ends the game."""
        self.discard_pile.append(self.deck_top)
        self.say_again("cube-europe.moves_to_discard", self.deck_top, card=self.deck_top)
        self.deck_top = None
        self.deck_size -= 1
        if self.deck_size > 0:
            self.phase = "draw"
            self.market_draws_due = ["top"]
            return
        if not self.classic_solo:
            self._game_over("cube-europe.over.empty")
            return
        self.deck_exhaustions += 1
        if self.deck_exhaustions == 2:
            self._game_over("cube-europe.over.second_time")
            return
        self.reshuffle_market()

    def reshuffle_market(self) -> None:
        """Solo, first exhaustion: shuffle all market cards, create the market again, plus one card
        to the discard pile for every empty yellow hex (「对于版图上的每一个空的黄色六边形，需额外放置一张卡牌」)."""
        self.unseen_cards = sorted(self.discard_pile)
        self.deck_size = len(self.discard_pile)
        self.discard_pile = []
        empty_yellow = [h for h in self.board(0).start_hexes if h not in self.filled_hexes[0]]
        extra = max(0, min(len(empty_yellow), self.deck_size - 2))
        self.market_draws_due = ["discard"] * (1 + extra) + ["top"]
        self.phase = "draw"
        self.say("cube-europe.reshuffles", None, cards=msg("cube-europe.cards_reshuffled", n=self.deck_size),
                 hexes=msg("cube-europe.empty_yellow_cost", n=len(empty_yellow),
                           extra=msg("cube-europe.extra_cards", n=extra)))
