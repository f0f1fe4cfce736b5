"""The order of play (seed "游戏流程", and the multiplayer card's "轮次/回合"): who moves, and what comes next.

    每一轮所有玩家先掷2个骰子，然后从持有此卡的玩家开始，按顺时针方向依次行动。
    ……当你的两个骰子都用以执行行动后，回合结束。

Every player rolls, then from the start card's holder clockwise each uses both dice. The turn structure
is declared with the shared mechanism ``meeple.core.flow``: ``STEPS`` names every step, whose it is and
the methods that list and perform its choices; ``open_step`` reads the open one from the fields (the
``phase``, and within a turn the top of the ``follow_ups`` stack). The rules of each step are in the
other modules: each action is performed by the method the game's table of actions names for it (each
rulebook section's ``ACTIONS``, ``meeple.core.action_table``). A step that takes one kind of action (a
chance outcome, the starting cube, a payment, a cube returned) names that method as its ``act``; the
steps that take several (a die of the turn, a red chain or a white cube's colour, or ``pass``) send the
action through the table's handler map (``_act_in_turn``).

Follow-ups interrupt the turn's player within their own turn. They are a stack, the latest due first
(``follow_ups`` keeps that saved and observed order), so a rule pushes one with ``append`` rather than
``meeple.core.flow.interrupt``, which puts steps at the front of a queue. The end of a turn is checked
after each decision of the turn (``_end_turn_when_done``) rather than declared as an automatic step:
reading it from the dice on every look at the open step cost about 1.3 % of random play.

The phases, in order:

* ``deal``  (chance)  each player's board card is drawn from the shuffled cards
* ``first`` (chance)  multiplayer: the start card goes to a random player
* ``draw``  (chance)  cards drawn into the market (the discard pile, then the deck's face-up top)
* ``start``           each player puts a yellow cube on one of their three yellow hexes
* ``roll``  (chance)  every player rolls two dice
* ``turn``            in order from the start card, a player uses both dice (take / place / worker)
* follow-ups          interrupts within a turn, last pushed first (``follow_ups``): how to pay a die
                      change (``pay``) when there is a choice, a cube to return from a full inventory
                      (``return``), the red cube's chain (``chain``) and the white cube's colour (``white``)
* end of turn         both dice used and nothing due: the next seat's turn, or the round's end
* end of round        yellow effects tucked, the market advances, the deck may reshuffle or end the game

Turn order is the start card's holder, then clockwise: the seat in turn is
``(start_card_seat + seats_done) % players`` in ``start``, ``roll`` and ``turn`` alike.
"""

from __future__ import annotations

from typing import ClassVar

from meeple.core import Action
from meeple.core.flow import GAME_OVER, Chance, Decision, FlowState, Step
from meeple.games.cube_europe.actions import CHAIN, PASS, PAY, RETURN, START, WHITE
from meeple.games.cube_europe.content import CARDS, COLOURS
from meeple.games.cube_europe.fields import CubeEuropeFields


class FlowRules(FlowState, CubeEuropeFields):
    """The steps of play, the seat in turn, and the end of a turn."""

    # The turn flow, declared once (meeple.core.flow): every decision is the seat in turn's (acting_seats).
    STEPS: ClassVar[dict[str, Step]] = {
        "deal": Chance(outcomes="_board_outcomes", act="_act_board", sample="_sample_board", owner="_next_board_seat"),
        "first": Chance(outcomes="_start_card_outcomes", act="_act_first"),
        "draw": Chance(outcomes="_market_card_outcomes", act="_act_card", sample="_sample_market_card"),
        "start": Decision(legal="_starting_hexes", act="_act_start"),
        "roll": Chance(outcomes="_roll_outcomes", act="_act_roll", sample="_sample_roll", owner="current_player"),
        "turn": Decision(legal="_die_actions", act="_act_in_turn"),  # take, place or worker
        "pay": Decision(legal="_payment_choices", act="_act_pay"),
        "return": Decision(legal="_cubes_to_return", act="_act_return"),
        "chain": Decision(legal="_chain_choices", act="_act_in_turn"),  # chain or pass
        "white": Decision(legal="_white_choices", act="_act_in_turn"),  # white or pass
        "over": GAME_OVER,
    }

    def open_step(self) -> str:
        """The phase; within a turn, the latest follow-up first."""
        phase = self.phase
        if phase != "turn":
            return phase
        follow_ups = self.follow_ups
        return follow_ups[-1][0] if follow_ups else phase

    # The seat in turn: the start card's holder, then clockwise (``dice`` has one entry per seat: its
    # length is the player count without a call, on the hot path).
    def acting_seats(self) -> list[int]:
        return [(self.start_card_seat + self.seats_done) % len(self.dice)]

    def current_player(self) -> int:
        return (self.start_card_seat + self.seats_done) % len(self.dice)

    # ------------------------------------------------------------------ each step's choices
    def _act_in_turn(self, action: Action, player: int) -> None:
        """A decision of the turn, by its table's ``perform`` method (each ends the turn when it is done)."""
        self._performers[action.name](self, action, player)

    def _starting_hexes(self, player: int) -> list[Action]:
        return [START[h] for h in CARDS[self.board_cards[player]].start_hexes]

    def _payment_choices(self, player: int) -> list[Action]:
        return [PAY[plan] for plan in self._payments_asked(player)]

    def _cubes_to_return(self, player: int) -> list[Action]:
        inventory = self.inventory[player]
        return [RETURN[c] for c in COLOURS if c in inventory]

    def _chain_choices(self, player: int) -> list[Action]:
        return [CHAIN[h] for h in self._chain_targets(player, self.follow_ups[-1][1])] + [PASS]

    def _white_choices(self, player: int) -> list[Action]:
        return [WHITE[c] for c in self._white_colours(player)] + [PASS]

    # ------------------------------------------------------------------ the end of a turn
    def _end_turn_when_done(self, player: int) -> None:
        """After each decision of a turn: once no follow-up is due and both dice are used, the turn ends
        (「当你的两个骰子都用以执行行动后，回合结束」): the next seat's turn, or the round's end."""
        if self.follow_ups or self.dice[player]:
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
