"""游戏流程: the turn structure of Versailles, declared with the shared ``meeple.core.flow``.

Seed (游戏流程): 「一局凡尔赛由连续的回合构成，从起始玩家开始，顺时针继续，直到游戏结束。」
「如果多名玩家都有该科技，当前玩家左边的玩家开始一个个执行。」

The open step is the ``phase`` field itself (``open_step``), and ``STEPS`` says what each one is:
chance picks the start player (``start``) and refills the display one tile at a time (``draw``); the
active player moves (``move``), then decides to activate the location or not (``decide``), then spends
the activation's workers (``act``), discarding a fifth tile in hand when one is taken (``discard``);
after the activation a player whose technology allows it may react (``offer``). ``mover``
is the seat that decides now: the active player, or the reacting player taken from the head of
``reaction_queue``. The phase sequence of a turn::

    move -> decide -> [act <-> discard] -> draw* (a refill) -> offer* (the reactions) -> next turn

The rules modules carry each step out: a step that takes one kind of action (a chance outcome, the
discard) names that action's ``perform`` method as its ``act``, the others send each action to its own
(``_act_by_table``); this module says what comes next (``_continue_turn``).
"""

from __future__ import annotations

from typing import Any

from meeple.core import Action
from meeple.core.flow import GAME_OVER, Chance, Decision, FlowState, interrupt, next_in_turn
from meeple.games.versailles.actions import A_DISCARD, A_DRAW, A_FIRST, DECIDE_ACTIONS
from meeple.games.versailles.fields import VersaillesFields


SEAT_AFTER = {n: [next_in_turn(seat, n) for seat in range(n)] for n in range(1, 6)}
"""[players][seat] → the seat whose turn follows (clockwise)."""


class TurnFlow(FlowState, VersaillesFields):
    """The steps of a turn, turn order and the reaction queue (a mixin of ``VersaillesState``)."""

    STEPS = {
        "start": Chance(outcomes="_start_player_outcomes", act="_act_first", sample="_draw_start_player"),
        "draw": Chance(outcomes="_refill_outcomes", act="_act_draw", sample="_draw_refill_tile"),
        "move": Decision(legal="_move_actions", act="_act_by_table"),
        "decide": Decision(legal="_activate_or_pass", act="_act_by_table"),
        "act": Decision(legal="_activation_actions", act="_act_by_table"),
        "discard": Decision(legal="_discard_actions", act="_act_discard"),
        "offer": Decision(legal="_activate_or_pass", act="_act_by_table"),
        "over": GAME_OVER,
    }

    def open_step(self) -> str:
        return self.phase

    def acting_seats(self) -> list[int]:
        return [self.mover]

    def _act_by_table(self, action: Action, player: int) -> None:
        """An action of a step that takes several kinds, by its table's ``perform`` method (the sections'
        ``ACTIONS``, ``meeple.core.action_table``)."""
        self._performers[action.name](self, action, player)

    # ------------------------------------------------------------------ what may be done or drawn
    def _start_player_outcomes(self) -> list[tuple[Action, float]]:
        return [(A_FIRST[p], 1.0) for p in range(self.players)]

    def _draw_start_player(self, rng: Any) -> Action:
        return A_FIRST[rng.randbelow(self.players)]

    def _refill_outcomes(self) -> list[tuple[Action, float]]:
        return [(A_DRAW[t], 1.0) for t in self.tile_stack]

    def _draw_refill_tile(self, rng: Any) -> Action:
        return A_DRAW[self.tile_stack[rng.randbelow(len(self.tile_stack))]]

    def _activate_or_pass(self, p: int) -> list[Action]:
        return DECIDE_ACTIONS

    def _discard_actions(self, p: int) -> list[Action]:
        return [A_DISCARD[t] for t in self.hands[p]]

    # ------------------------------------------------------------------ what comes next
    def _refill_then(self, then: str) -> None:
        """During setup: refill the display, then the phase ``then`` of the first turn."""
        if self._refill_draw_due():
            self.phase = "draw"
            return
        if self.game_over:
            return
        self.phase = then
        self.turns_started[self.turn_seat] += 1

    def _after_draw(self) -> None:
        """A display tile was drawn: more draws, the first turn, or the turn goes on."""
        if self.phase == "draw":
            if self.start_player >= 0 and self.turns_completed == 0 and self.turns_started[self.turn_seat] == 0:
                self._refill_then("move")
            else:
                self._continue_turn()

    def _end_activation(self, p: int, activated: bool) -> None:
        """An activation is over (or refused): queue the reactions it allows, then go on."""
        self.unspent_workers = 0
        if activated and p == self.turn_seat:
            reacting = self._players_who_may_react()
            if reacting:
                interrupt(self.reaction_queue, reacting)
        self._continue_turn()

    def _continue_turn(self) -> None:
        """After an activation (or a refused one): refill, then reactions, then the next turn."""
        if self.game_over:
            return
        if self.refill_due:
            if self._refill_draw_due():
                self.phase = "draw"
                return
            if self.game_over:
                return
        if self.reaction_queue:
            self.mover = self.reaction_queue.pop(0)
            self.phase = "offer"
            self.say("versailles.may_react", seat=self.mover, location=self.current_location)
            return
        self.turns_completed += 1
        self.turn_seat = SEAT_AFTER[self.game.players][self.turn_seat]
        self.mover = self.turn_seat
        self.turns_started[self.turn_seat] += 1
        self.phase = "move"
