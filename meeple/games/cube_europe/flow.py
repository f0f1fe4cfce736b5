"""The order of play (seed "游戏流程", and the multiplayer card's "轮次/回合"): who moves, and what comes next.

    每一轮所有玩家先掷2个骰子，然后从持有此卡的玩家开始，按顺时针方向依次行动。
    ……当你的两个骰子都用以执行行动后，回合结束。

Every player rolls, then from the start card's holder clockwise each uses both dice. This module is the
machinery only (who moves, which rule an action goes to, which follow-up decision is asked, when a turn
and a round end); the rules of each step are in the other modules.

The phases, in order:

* ``deal``  (chance)  each player's board card is drawn from the shuffled cards
* ``first`` (chance)  multiplayer: the start card goes to a random player
* ``draw``  (chance)  cards drawn into the market (the discard pile, then the deck's face-up top)
* ``start``           each player puts a yellow cube on one of their three yellow hexes
* ``roll``  (chance)  every player rolls two dice
* ``turn``            in order from the start card, a player uses both dice (take / place / worker),
                      choosing how to pay a die change (``pay``) when there is a choice, and
                      resolving cube effects as follow-up decisions (``follow_ups``)
* end of round        yellow effects tucked, the market advances, the deck may reshuffle or end the game
"""

from __future__ import annotations

from meeple.core import CHANCE, Action
from meeple.games.cube_europe.actions import CHAIN, PASS, PAY, RETURN, START, WHITE
from meeple.games.cube_europe.content import CARDS, COLOURS
from meeple.games.cube_europe.fields import CubeEuropeFields


class FlowRules(CubeEuropeFields):
    """Who moves, which rule an action goes to, the follow-up decisions, the end of a turn."""

    def _to_move(self) -> list[int]:
        phase = self.phase
        if phase == "turn":
            return [(self.start_card_seat + self.seats_done) % self.players]
        if phase in ("deal", "first", "draw", "roll"):
            return [CHANCE]
        if phase == "start":
            return [(self.start_card_seat + self.seats_done) % self.players]
        return []

    def current_player(self) -> int:
        return (self.start_card_seat + self.seats_done) % self.players

    def is_over(self) -> bool:
        return self.phase == "over"

    def _legal_actions(self, player: int) -> list[Action]:
        if self.phase == "start":
            board = CARDS[self.board_cards[player]]
            return [START[h] for h in board.start_hexes]
        if self.follow_ups:
            return self._follow_up_actions(player)
        return self._die_actions(player)

    def _follow_up_actions(self, player: int) -> list[Action]:
        """The choices of the latest follow-up decision: how to pay, which cube to return, where to chain
        (or pass), which colour white gives (or pass)."""
        decision = self.follow_ups[-1]
        if decision[0] == "pay":
            return [PAY[plan] for plan in self._payments_asked(player)]
        if decision[0] == "return":
            return [RETURN[c] for c in COLOURS if c in self.inventory[player]]
        if decision[0] == "chain":
            return [CHAIN[h] for h in self._chain_targets(player, decision[1])] + [PASS]
        return [WHITE[c] for c in self._white_colours(player)] + [PASS]

    def _apply(self, action: Action, player: int) -> None:
        name = action.name
        if player == CHANCE:
            self._apply_chance(action)
        elif name == "start":
            self.place_starting_cube(player, action.args[0])
        elif name == "take":
            self.take_cube(player, action.args[0], action.args[1])
        elif name == "place":
            self.place_cube(player, action.args[0], action.args[1])
        elif name == "worker":
            self.gain_worker(player, action.args[0])
        elif name == "return":
            self.return_cube(player, action.args[0])
        elif name == "chain":
            self.red_chain(player, action.args[0])
        elif name == "white":
            self.white_cube(player, action.args[0])
        elif name == "pay":
            self.pay_adjustment(player, action)
        elif name == "pass":
            self.follow_ups.pop()
            self.say("cube-europe.declines", None, seat=player)
        self._after_action()

    def _apply_chance(self, action: Action) -> None:
        """A chance outcome goes to its rule: a roll, the start card, a board deal, a market draw."""
        if action.name == "roll":
            self.roll_dice(action.args[0], action.args[1])
        elif action.name == "first":
            self.give_start_card(action.args[0])
        elif action.name == "board":
            self.deal_board(action.args[0])
        else:
            self.draw_market_card(action.args[0])

    def _after_action(self) -> None:
        """Once no follow-up is due and both dice are used, the turn ends: the next seat's, or the round's end."""
        if self.phase != "turn" or self.follow_ups:
            return
        player = self.current_player()
        if self.dice[player]:
            return
        self.seats_done += 1
        if self.seats_done < self.players:
            self._start_turn()
        else:
            self.end_of_round()

    def _start_turn(self) -> None:
        """A turn's free die changes (Steady Hand, Mirror: once per turn) are available again."""
        self.steady_hand_used = False
        self.mirror_used = False
