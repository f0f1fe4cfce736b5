"""游戏流程 (the machinery): the phases of a turn, who decides now, and the queue of reactions.

Seed (游戏流程): 「一局凡尔赛由连续的回合构成，从起始玩家开始，顺时针继续，直到游戏结束。」
「如果多名玩家都有该科技，当前玩家左边的玩家开始一个个执行。」

The phases: ``start`` (chance picks the start player), ``draw`` (chance refills the display),
``move`` (the active player moves), ``decide`` (activate the location or not), ``act`` (spend the
activation's workers), ``discard`` (a fifth tile in hand), ``offer`` (a player with the technology
may react), ``over``. ``deciding_player`` is the seat that decides now: the active player, or the
reacting player at the head of ``reaction_queue``. This module only routes; the rules modules do.
"""

from __future__ import annotations

from typing import Any

from meeple.core import CHANCE, Action
from meeple.games.versailles.actions import A_DISCARD, A_DRAW, A_FIRST, DECIDE_ACTIONS


class TurnFlow:
    """Phases, turn order and the reaction queue (a mixin of ``VersaillesState``)."""

    # ------------------------------------------------------------------ who acts
    def _to_move(self) -> list[int]:
        phase = self.phase
        if phase == "over":
            return []
        if phase == "start" or phase == "draw":
            return [CHANCE]
        return [self.deciding_player]

    def is_over(self) -> bool:
        return self.game_over

    def _chance_due(self) -> bool:
        phase = self.phase
        return phase == "draw" or phase == "start"

    # ------------------------------------------------------------------ what may be done
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase == "start":
            return [(A_FIRST[p], 1.0) for p in range(self.players)]
        if self.phase == "draw":
            return [(A_DRAW[t], 1.0) for t in self.tile_stack]
        return []

    def sample_chance(self, rng: Any) -> Action:
        if self.phase == "draw":
            return A_DRAW[self.tile_stack[rng.randbelow(len(self.tile_stack))]]
        return A_FIRST[rng.randbelow(self.players)]

    def _legal_actions(self, p: int) -> list[Action]:
        phase = self.phase
        if phase == "move":
            return self._move_actions(p)
        if phase == "act":
            return self._activation_actions(p)
        if phase == "decide" or phase == "offer":
            return DECIDE_ACTIONS
        if phase == "discard":
            return [A_DISCARD[t] for t in self.hands[p]]
        return []

    # ------------------------------------------------------------------ doing it
    def _apply(self, action: Action, p: int) -> None:
        name = action.name
        phase = self.phase
        if phase == "draw":
            self._reveal_tile(action.args[0])
        elif phase == "start":
            self._choose_start_player(action.args[0])
        elif phase == "move":
            self._move_workers(name, action.args, p)
        elif phase == "decide" or phase == "offer":
            if name == "activate":
                self._activate_location(p)
            else:
                self._decline_activation(p)
        elif phase == "act":
            if name == "done":
                self._finish_activation(p)
            else:
                self._do_sub_action(name, action.args, p)
        elif phase == "discard":
            self._discard_from_hand(action.args[0], p)

    # ------------------------------------------------------------------ what comes next
    def _refill_then(self, then: str) -> None:
        """During setup: refill the display, then the phase ``then`` of the first turn."""
        if self._refill_draw_due():
            self.phase = "draw"
            return
        if self.game_over:
            return
        self.phase = then
        self.turns_started[self.active_player] += 1

    def _after_draw(self) -> None:
        """A display tile was drawn: more draws, the first turn, or the turn goes on."""
        if self.phase == "draw":
            if self.start_player >= 0 and self.turns_completed == 0 and self.turns_started[self.active_player] == 0:
                self._refill_then("move")
            else:
                self._continue_turn()

    def _end_activation(self, p: int, activated: bool) -> None:
        """An activation is over (or refused): queue the reactions it allows, then go on."""
        self.unspent_workers = 0
        if activated and p == self.active_player:
            queue = self._players_who_may_react()
            if queue is not None:
                self.reaction_queue = queue
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
            self.deciding_player = self.reaction_queue.pop(0)
            self.phase = "offer"
            self.say("versailles.may_react", seat=self.deciding_player, location=self.current_location)
            return
        self.turns_completed += 1
        self.active_player = (self.active_player + 1) % self.players
        self.deciding_player = self.active_player
        self.turns_started[self.active_player] += 1
        self.phase = "move"
